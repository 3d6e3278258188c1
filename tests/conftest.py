"""Shared test set-up: make tests/ importable for the small helper modules."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

pytest_plugins = ["tests.mariadb.fixtures", "tests.s3_server"]
