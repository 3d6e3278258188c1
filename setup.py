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

The C files are made when the modules are built (a wheel, an editable install,
``setup.py build_ext --inplace``), not for an sdist, which carries the Cython
sources instead (MANIFEST.in): a wheel is always compiled from them.
"""

import os

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: zlib, for the CRC32 of the framing, checking and sealing loops (runtime/zlib_crc32.pxd): the shared library itself,
#: which every system with Python's zlib module has, so that no development package is needed.
ZLIB = ["-l:libz.so.1"]


def package_include() -> str:
    """A folder in which ``binlog_ksy/runtime`` is the folder runtime/, so that Cython finds event.pxd by the name
    of its module, ``binlog_ksy.runtime.event``.

    In a checkout, .typecheck/ (its links, made for mypy); an sdist has no links, so there one is made under
    build/, beside the other output of the build.
    """
    if os.path.isdir(os.path.join(".typecheck", "binlog_ksy", "runtime")):
        return ".typecheck"
    folder = os.path.join("build", "cython-include")
    link = os.path.join(folder, "binlog_ksy", "runtime")
    if not os.path.islink(link):
        os.makedirs(os.path.dirname(link), exist_ok=True)
        os.symlink(os.path.join("..", "..", "..", "runtime"), link)
    return folder


class CythonBuildExt(build_ext):
    """``build_ext`` that first has Cython turn the .pyx (and event.py) into C, next to them."""

    def run(self) -> None:
        from Cython.Build import cythonize

        made = cythonize(
            self.extensions,
            compiler_directives={"language_level": "3"},
            # zlib_crc32.pxd, event_frame.pxd, rows/image_scan.pxd: declarations and inline functions only, no
            # module of their own;
            # package_include() holds binlog_ksy/runtime/, so that binlog_ksy.runtime.event's event.pxd is found
            # by that name (by event.py, which it makes an extension type, and by _framing.pyx, which cimports it)
            include_path=[package_include(), "runtime", "runtime/rows"],
        )
        c_sources = {ext.name: ext.sources for ext in made}
        for ext in self.extensions:  # the same objects, which setuptools has set up for the build
            ext.sources = c_sources[ext.name]
        super().run()


setup(
    ext_modules=[
        Extension("binlog_ksy.runtime.rows._scan", ["runtime/rows/_scan.pyx"]),
        Extension("binlog_ksy.runtime._framing", ["runtime/_framing.pyx"], extra_link_args=ZLIB),
        Extension("binlog_ksy.runtime._checksums_ahead", ["runtime/_checksums_ahead.pyx"], extra_link_args=ZLIB),
        Extension("binlog_ksy.runtime.writer._seal", ["runtime/writer/_seal.pyx"], extra_link_args=ZLIB),
        Extension("binlog_ksy.runtime.writer._undo", ["runtime/writer/_undo.pyx"]),
        Extension("binlog_ksy.runtime.event", ["runtime/event.py"]),
        Extension("binlog_ksy.runtime.types._column_loops", ["runtime/types/_column_loops.pyx"]),
        Extension("binlog_ksy.runtime._plain_rows", ["runtime/_plain_rows.pyx"], extra_link_args=ZLIB),
        Extension("binlog_ksy.runtime.present._text_join", ["runtime/present/_text_join.pyx"]),
    ],
    cmdclass={"build_ext": CythonBuildExt},
    # the modules are compiled side by side, one per core
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
