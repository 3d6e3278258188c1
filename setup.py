"""The compiled modules of binlog-ksy (everything else is in pyproject.toml).

All are compiled by Cython when the package is installed (``./setup.sh`` or
``pip install .``):

- ``runtime/rows/_scan.pyx``: the loop that finds every value of a run of row
  images (see ``runtime/rows/scan.py``);
- ``runtime/_framing.pyx``: the loop that frames the plain events of a block of
  a binlog (see ``BinlogReader._frame_block`` in ``runtime/reader.py``);
- ``runtime/writer/_seal.pyx``: the loop that writes the next positions and
  CRC32 of events written back to back (see ``BinlogWriter.write_joined`` in
  ``runtime/writer/binlog.py``).
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [Extension("binlog_ksy.runtime.rows._scan", ["runtime/rows/_scan.pyx"]),
         Extension("binlog_ksy.runtime._framing", ["runtime/_framing.pyx"]),
         Extension("binlog_ksy.runtime.writer._seal", ["runtime/writer/_seal.pyx"])],
        compiler_directives={"language_level": "3"},
    )
)
