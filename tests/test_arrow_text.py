"""``arrow_text.join`` (its bytes copied by the compiled ``_text_join.copy_pieces``) equals Arrow's
``binary_join_element_wise``, the join it stands for: on drawn pieces of constants and string arrays, with
nulls, empty and multi-byte texts, and slices."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
from hypothesis import given, settings
from hypothesis import strategies as st

from binlog_ksy.runtime.present import arrow_text
from binlog_ksy.runtime.present.arrow_text import join, text_scalar

_TEXTS = st.one_of(st.none(), st.text(st.sampled_from('ab"\\é€😀\n'), max_size=6))


@st.composite
def _pieces(draw: st.DrawFn) -> tuple[int, list[pa.Array | str]]:
    n = draw(st.integers(0, 12))
    pieces: list[pa.Array | str] = []
    for _ in range(draw(st.integers(1, 7))):
        if draw(st.booleans()):
            pieces.append(draw(st.text(st.sampled_from('{}":,é😀 '), max_size=4)))
            continue
        before, after = draw(st.integers(0, 3)), draw(st.integers(0, 3))
        values = draw(st.lists(_TEXTS, min_size=n + before + after, max_size=n + before + after))
        pieces.append(pa.array(values, pa.string()).slice(before, n))
    if all(isinstance(p, str) for p in pieces):
        pieces.append(pa.array([None if i % 3 == 0 else str(i) for i in range(n)], pa.string()))
    return n, pieces


def test_the_compiled_copy_is_in_use() -> None:
    assert arrow_text.copy_pieces is not None


@settings(max_examples=300, deadline=None)
@given(drawn=_pieces())
def test_join_equals_arrows_binary_join_element_wise(drawn: tuple[int, list[pa.Array | str]]) -> None:
    n, pieces = drawn
    want = pc.binary_join_element_wise(*[text_scalar(p) if isinstance(p, str) else p for p in pieces],
                                       text_scalar(""))
    got = join(*pieces)
    got.validate(full=True)
    assert len(got) == n and got.type == pa.string()
    assert got.null_count == want.null_count
    assert got.to_pylist() == want.to_pylist()
    assert bytes(arrow_text.value_bytes(got)) == bytes(arrow_text.value_bytes(want))  # no bytes behind a null
