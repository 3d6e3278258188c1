"""The one compiled module of binlog-ksy (everything else is in pyproject.toml).

``runtime/rows/_scan.pyx``: the loop that finds every value of a run of row
images (see ``runtime/rows/scan.py``), compiled by Cython when the package is
installed (``./setup.sh`` or ``pip install .``).
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [Extension("binlog_ksy.runtime.rows._scan", ["runtime/rows/_scan.pyx"])],
        compiler_directives={"language_level": "3"},
    )
)
