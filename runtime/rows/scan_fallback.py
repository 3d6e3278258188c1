"""The loops of ``_scan.pyx`` in plain Python, for where the compiled module cannot load.

:mod:`.scan` uses these when ``_scan`` does not import (the package
shipped as a zip with Spark's ``--py-files``, a build without a compiler) or
when ``BINLOG_KSY_PURE_PYTHON_SCAN`` is set, after one warning. Same
arguments, same results, much slower: ``scan`` walks the bytes in the
interpreter; ``gather`` is one numpy fancy-index copy.
"""

from __future__ import annotations

import numpy as np

__all__ = ["gather", "scan"]


def scan(data: np.ndarray, end: int, widths: np.ndarray, ncols: np.ndarray, nalt: int, pos: int, img: int,
         starts: np.ndarray, offsets: np.ndarray, lengths: np.ndarray) -> tuple[int, int, int]:
    """``_scan.scan``: returns ``(img, pos, status)``; status 0 done, 1 truncated, 2 arrays full."""
    buf = bytes(data[:end])
    cap = len(starts)
    width_rows = [[int(w) for w in row] for row in widths]
    counts = [int(n) for n in ncols]
    status = 0
    while pos < end:
        if img >= cap:
            status = 2
            break
        a = img % nalt
        nc = counts[a]
        row_widths = width_rows[a]
        start = pos
        if pos + ((nc + 7) >> 3) > end:
            status = 1
            break
        pos += (nc + 7) >> 3
        img_offsets = [0] * nc
        img_lengths = [0] * nc
        for k in range(nc):
            if (buf[start + (k >> 3)] >> (k & 7)) & 1:
                img_offsets[k] = -1
                continue
            w = row_widths[k]
            if w >= 0:
                img_offsets[k] = pos
                img_lengths[k] = w
                pos += w
            else:
                if pos - w > end:
                    status = 1
                    break
                n = int.from_bytes(buf[pos:pos - w], "little")
                pos -= w
                img_offsets[k] = pos
                img_lengths[k] = n
                pos += n
            if pos > end:
                status = 1
                break
        if status:
            pos = start
            break
        starts[img] = start
        offsets[img, :nc] = img_offsets
        lengths[img, :nc] = img_lengths
        img += 1
    return img, pos, status


def gather(data: np.ndarray, offsets: np.ndarray, lengths: np.ndarray, out_offsets: np.ndarray,
           out: np.ndarray) -> None:
    """``_scan.gather``: copy value ``i`` (``lengths[i]`` bytes at ``offsets[i]``) to ``out_offsets[i]``."""
    keep = (offsets >= 0) & (lengths > 0)
    sizes = lengths[keep]
    total = int(sizes.sum())
    if total == 0:
        return
    first = out_offsets[: len(offsets)][keep]
    within = np.arange(total, dtype=np.int64) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    source = np.repeat(offsets[keep], sizes) + within
    target = np.repeat(first, sizes) + within
    out[target] = data[source]


def gather_sized(data: np.ndarray, offsets: np.ndarray, size: int, out: np.ndarray) -> None:
    """``_scan.gather_sized``: copy the ``size`` bytes at ``offsets[i]`` to ``out[i * size]`` (none when < 0)."""
    n = len(offsets)
    gather(data, offsets, np.full(n, size, dtype=np.int64), np.arange(0, n * size, size, dtype=np.int64), out)
