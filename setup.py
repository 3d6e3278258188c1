"""The compiled modules of binlog-ksy (everything else is in pyproject.toml).

All are compiled by Cython when the package is installed (``./setup.sh`` or
``pip install .``):

- ``runtime/rows/_scan.pyx``: the loop that finds every value of a run of row
  images (see ``runtime/rows/scan.py``);
- ``runtime/_framing.pyx``: the loop that frames the plain events of a block of
  a binlog (see ``BinlogReader._frame_block`` in ``runtime/reader.py``);
- ``runtime/_checksums_ahead.pyx``: the CRC32 of a file's events checked ahead
  of that framing, by a thread that holds no GIL (see
  ``BinlogReader._verified_end``);
- ``runtime/writer/_seal.pyx``: the loop that writes the next positions and
  CRC32 of events written back to back (see ``BinlogWriter.write_joined`` in
  ``runtime/writer/binlog.py``);
- ``runtime/writer/_undo.pyx``: the loop that lays out the undo of a binlog's
  transactions (see ``_UndoWriter.write`` in ``runtime/writer/flashback.py``);
- ``runtime/types/_column_loops.pyx``: the decoders of DATE, DATETIME2,
  TIMESTAMP2 and DECIMAL columns (see ``runtime/types/column_loops.py``);
- ``runtime/_plain_rows.pyx``: the walk that takes the rows events of plain
  transactions whole (see ``ChangeReader.rows_events`` in ``runtime/changes.py``);
- ``runtime/present/_text_join.pyx``: the copy loop that puts pieces of text end
  to end, row by row (see ``join`` in ``runtime/present/arrow_text.py``).

``runtime/rows/image_scan.pxd`` holds the scan of row images both
``_scan.pyx`` and ``_undo.pyx`` use; ``runtime/event_frame.pxd`` the framing of
one event both ``_framing.pyx`` and ``_plain_rows.pyx`` use. ``runtime/event.py`` is compiled as it
is, its ``Event`` an extension type (``runtime/event.pxd``) whose fields the
framing loop sets and the plain-transaction walk reads directly; without the
compiled modules it is plain Python.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

#: zlib, for the CRC32 of the framing, checking and sealing loops (runtime/zlib_crc32.pxd): the shared library itself,
#: which every system with Python's zlib module has, so that no development package is needed.
ZLIB = ["-l:libz.so.1"]

setup(
    ext_modules=cythonize(
        [Extension("binlog_ksy.runtime.rows._scan", ["runtime/rows/_scan.pyx"]),
         Extension("binlog_ksy.runtime._framing", ["runtime/_framing.pyx"], extra_link_args=ZLIB),
         Extension("binlog_ksy.runtime._checksums_ahead", ["runtime/_checksums_ahead.pyx"], extra_link_args=ZLIB),
         Extension("binlog_ksy.runtime.writer._seal", ["runtime/writer/_seal.pyx"], extra_link_args=ZLIB),
         Extension("binlog_ksy.runtime.writer._undo", ["runtime/writer/_undo.pyx"]),
         Extension("binlog_ksy.runtime.event", ["runtime/event.py"]),
         Extension("binlog_ksy.runtime.types._column_loops", ["runtime/types/_column_loops.pyx"]),
         Extension("binlog_ksy.runtime._plain_rows", ["runtime/_plain_rows.pyx"], extra_link_args=ZLIB),
         Extension("binlog_ksy.runtime.present._text_join", ["runtime/present/_text_join.pyx"])],
        compiler_directives={"language_level": "3"},
        # zlib_crc32.pxd, event_frame.pxd, rows/image_scan.pxd: declarations and inline functions only, no module
        # of their own;
        # .typecheck/binlog_ksy/ links to the package's folders, so that binlog_ksy.runtime.event's event.pxd is
        # found by that name (by event.py, which it makes an extension type, and by _framing.pyx, which cimports it)
        include_path=[".typecheck", "runtime", "runtime/rows"],
    )
)
