#!/usr/bin/env bash
# Run the whole test suite. Installs what the tests need when it is missing:
# the .venv (setup.sh), the pinned Kaitai compiler (tools/, for the spec tests) and,
# as root, the MariaDB server the oracle tests start and the headless Chromium (with its driver) the
# explore and report tests drive (Debian packages).
set -euo pipefail
cd "$(dirname "$0")"
[ -x .venv/bin/python ] || ./setup.sh
if [ ! -f tools/node_modules/kaitai-struct-compiler/package.json ]; then
  npm ci --prefix tools --no-audit --no-fund --loglevel=error
fi
if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mariadb-server mariadb-client >/dev/null
  else
    echo "test.sh: MariaDB server missing: sudo apt-get install mariadb-server mariadb-client" >&2
    exit 1
  fi
fi
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  else
    echo "test.sh: Chromium missing: sudo apt-get install chromium chromium-driver" >&2
    exit 1
  fi
fi
# The linters first, configured in pyproject.toml; set -e stops the run when one fails.
.venv/bin/ruff check .
.venv/bin/mypy
export PYSPARK_PYTHON="$PWD/.venv/bin/python"
# In parallel (pytest-xdist): a module's tests share a worker (and what they start); tests/conftest.py says which
# long tests stand alone and starts the heaviest first.
# BINLOG_KSY_TEST_WORKERS=0 runs everything in this one process.
WORKERS=${BINLOG_KSY_TEST_WORKERS:-3}
if [ "$WORKERS" = 0 ]; then
  exec .venv/bin/python -m pytest -q "$@"
fi
exec .venv/bin/python -m pytest -q -n "$WORKERS" --dist loadfile "$@"
