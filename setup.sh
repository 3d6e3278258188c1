#!/usr/bin/env bash
# Set up a development environment in .venv: binlog-ksy (editable) with Spark and test dependencies.
set -euo pipefail
cd "$(dirname "$0")"
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[spark,lake,test]'
echo "setup.sh: ready: $(.venv/bin/binlog-ksy --help | head -n 1)"
