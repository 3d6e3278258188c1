"""MySQL binary JSON (the JSON column's storage format) to Python values.

Layout: sql-common/json_binary.h (format grammar) and json_binary.cc
(``parse_value``, ``read_offset_or_size``, ``inlined_type``): ::

    doc     ::= type value
    object  ::= count size key-entry* value-entry* key* value*
    array   ::= count size value-entry* value*
    count, size, key-offset, value-offset ::= uint16 (small) | uint32 (large)
    key-entry   ::= key-offset uint16-key-length
    value-entry ::= type offset-or-inlined-value
    string  ::= varlen-length utf8mb4-bytes
    opaque  ::= field-type(uint8) varlen-length bytes

Offsets count from the first byte after the container's type byte. Keys and
values are read *by offset*, never sequentially, so documents with gaps left
by partial updates (``JSON_SET``/``JSON_REPLACE`` in place) decode.
Literals, int16 and uint16 (and int32/uint32 in large containers) are inlined
in the value entry. ``varlen`` is 7 bits per byte, low bits first, at most 5
bytes.

Python values: object -> ``dict`` (MySQL's key order), array -> ``list``,
literals -> ``None``/``True``/``False``, numbers -> ``int``/``float``, string
-> ``str``. Opaque values (sql-common/json_dom.cc ``Json_wrapper::type``,
``Json_decimal::convert_from_binary``, ``Json_datetime::from_packed``):
NEWDECIMAL -> :class:`decimal.Decimal` (2 bytes precision/scale then the
binary decimal); DATE, DATETIME, TIMESTAMP, TIME -> the temporal value of the
8-byte little-endian packed number (TIMESTAMP as a naive datetime, as stored);
VAR_STRING -> ``str`` (MySQL prints it as a string); anything else ->
:class:`JsonOpaque` ``(field_type, data)``. An empty value is JSON null.
"""

from __future__ import annotations

import struct
from typing import Any, NamedTuple

from .decimal import decode_decimal
from .temporal import date_from_packed, datetime_from_packed, time_from_packed

__all__ = ["JsonOpaque", "decode_json_binary", "decode_opaque", "JSONB_TYPES"]

# json_binary.h type bytes
JSONB_SMALL_OBJECT = 0x00
JSONB_LARGE_OBJECT = 0x01
JSONB_SMALL_ARRAY = 0x02
JSONB_LARGE_ARRAY = 0x03
JSONB_LITERAL = 0x04
JSONB_INT16 = 0x05
JSONB_UINT16 = 0x06
JSONB_INT32 = 0x07
JSONB_UINT32 = 0x08
JSONB_INT64 = 0x09
JSONB_UINT64 = 0x0A
JSONB_DOUBLE = 0x0B
JSONB_STRING = 0x0C
JSONB_OPAQUE = 0x0F

#: Names of the type bytes (for error messages).
JSONB_TYPES = {
    0x00: "small object",
    0x01: "large object",
    0x02: "small array",
    0x03: "large array",
    0x04: "literal",
    0x05: "int16",
    0x06: "uint16",
    0x07: "int32",
    0x08: "uint32",
    0x09: "int64",
    0x0A: "uint64",
    0x0B: "double",
    0x0C: "string",
    0x0F: "opaque",
}

_LITERALS = {0x00: None, 0x01: True, 0x02: False}
_SCALAR_STRUCTS = {
    JSONB_INT16: struct.Struct("<h"),
    JSONB_UINT16: struct.Struct("<H"),
    JSONB_INT32: struct.Struct("<i"),
    JSONB_UINT32: struct.Struct("<I"),
    JSONB_INT64: struct.Struct("<q"),
    JSONB_UINT64: struct.Struct("<Q"),
    JSONB_DOUBLE: struct.Struct("<d"),
}
_U16 = struct.Struct("<H")
_U32 = struct.Struct("<I")
_I16 = struct.Struct("<h")
_I32 = struct.Struct("<i")

# enum_field_types codes used by opaque values
_FT_TIMESTAMP = 7
_FT_DATE = 10
_FT_TIME = 11
_FT_DATETIME = 12
_FT_NEWDECIMAL = 246
_FT_VAR_STRING = 253


class JsonOpaque(NamedTuple):
    """An opaque JSON value MySQL keeps as raw bytes of a column type.

    ``field_type`` is the ``enum_field_types`` code (15 for VARCHAR/BIT
    values cast to JSON, 252 BLOB, 255 GEOMETRY, ...). MySQL prints it as
    ``"base64:type<field_type>:<base64 of data>"``.
    """

    field_type: int
    data: bytes


class _Corrupt(ValueError):
    pass


def _varlen(data: bytes, pos: int, end: int) -> tuple[int, int]:
    """Read json_binary.cc ``read_variable_length``: 7 bits per byte, max 5 bytes."""
    length = 0
    for i in range(5):
        if pos >= end:
            raise _Corrupt("variable length runs past the end")
        byte = data[pos]
        pos += 1
        length |= (byte & 0x7F) << (7 * i)
        if not byte & 0x80:
            if length > 0xFFFFFFFF:
                raise _Corrupt("variable length too large")
            return length, pos
    raise _Corrupt("variable length longer than 5 bytes")


def decode_opaque(field_type: int, payload: bytes) -> Any:
    """Python value of an opaque JSON value (see the module docstring)."""
    if field_type == _FT_NEWDECIMAL:
        if len(payload) < 2:
            raise _Corrupt("opaque DECIMAL shorter than 2 bytes")
        return decode_decimal(payload[2:], payload[0], payload[1])
    if field_type in (_FT_DATE, _FT_DATETIME, _FT_TIMESTAMP, _FT_TIME):
        if len(payload) < 8:
            raise _Corrupt(f"opaque temporal value of {len(payload)} bytes, expected 8")
        packed = int.from_bytes(payload[:8], "little", signed=True)
        if field_type == _FT_TIME:
            return time_from_packed(packed)
        if field_type == _FT_DATE:
            return date_from_packed(packed)
        return datetime_from_packed(packed)
    if field_type == _FT_VAR_STRING:
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            pass
    return JsonOpaque(field_type, bytes(payload))


def _scalar(jtype: int, data: bytes, pos: int, end: int) -> Any:
    """A non-container value whose bytes start at ``pos`` (bounded by ``end``)."""
    st = _SCALAR_STRUCTS.get(jtype)
    if st is not None:
        if pos + st.size > end:
            raise _Corrupt(f"{JSONB_TYPES[jtype]} runs past the end")
        return st.unpack_from(data, pos)[0]
    if jtype == JSONB_STRING:
        n, pos = _varlen(data, pos, end)
        if pos + n > end:
            raise _Corrupt("string runs past the end")
        return data[pos : pos + n].decode("utf-8")
    if jtype == JSONB_LITERAL:
        if pos >= end:
            raise _Corrupt("literal runs past the end")
        return _literal(data[pos])
    if jtype == JSONB_OPAQUE:
        if pos >= end:
            raise _Corrupt("opaque value runs past the end")
        field_type = data[pos]
        n, pos = _varlen(data, pos + 1, end)
        if pos + n > end:
            raise _Corrupt("opaque value runs past the end")
        return decode_opaque(field_type, data[pos : pos + n])
    raise _Corrupt(f"unknown JSON value type 0x{jtype:02x}")


def _literal(byte: int) -> Any:
    try:
        return _LITERALS[byte]
    except KeyError:
        raise _Corrupt(f"unknown JSON literal 0x{byte:02x}") from None


def _value(jtype: int, data: bytes, pos: int, end: int) -> Any:
    if jtype <= JSONB_LARGE_ARRAY:
        return _container(data, pos, end, jtype & 1, jtype < JSONB_SMALL_ARRAY)
    return _scalar(jtype, data, pos, end)


#: The layout of a small and a large container: (header struct, offset struct, header size, key entry size,
#: value entry size).
_LAYOUTS = (
    (struct.Struct("<HH"), _U16, 4, 4, 3),
    (struct.Struct("<II"), _U32, 8, 6, 5),
)


def _container(data: bytes, start: int, end: int, large: int, is_object: bool) -> Any:
    """An object or array whose header (count, size) starts at ``start``."""
    header, off, entry_header, key_entry, value_entry = _LAYOUTS[large]
    if start + entry_header > end:
        raise _Corrupt("container header runs past the end")
    count, size = header.unpack_from(data, start)
    limit = start + size
    if limit > end:
        raise _Corrupt(f"container of {size} bytes runs past the end")
    pos = start + entry_header
    values_at = pos + (key_entry * count if is_object else 0)
    if values_at + value_entry * count > limit:
        raise _Corrupt(f"{count} entries do not fit in a container of {size} bytes")

    items = []
    for i in range(count):
        vpos = values_at + i * value_entry
        vtype = data[vpos]
        if vtype == JSONB_LITERAL:
            item = _literal(data[vpos + 1])
        elif vtype == JSONB_INT16:
            item = _I16.unpack_from(data, vpos + 1)[0]
        elif vtype == JSONB_UINT16:
            item = _U16.unpack_from(data, vpos + 1)[0]
        elif large and vtype == JSONB_INT32:
            item = _I32.unpack_from(data, vpos + 1)[0]
        elif large and vtype == JSONB_UINT32:
            item = _U32.unpack_from(data, vpos + 1)[0]
        else:
            offset = off.unpack_from(data, vpos + 1)[0]
            if offset < entry_header or start + offset >= limit:
                raise _Corrupt(f"value offset {offset} outside the container")
            item = _value(vtype, data, start + offset, limit)
        items.append(item)
    if not is_object:
        return items
    return _object(data, start, limit, count, large, items)


def _object(data: bytes, start: int, limit: int, count: int, large: int, items: list[Any]) -> dict[str, Any]:
    """The object of a container at ``start`` whose values are ``items``: its keys read from the key entries."""
    _, off, entry_header, key_entry, _ = _LAYOUTS[large]
    pos = start + entry_header
    result = {}
    for i in range(count):
        kpos = pos + i * key_entry
        koffset = off.unpack_from(data, kpos)[0]
        klen = _U16.unpack_from(data, kpos + key_entry - 2)[0]
        kstart = start + koffset
        if koffset < entry_header or kstart + klen > limit:
            raise _Corrupt(f"key offset {koffset} outside the container")
        result[data[kstart : kstart + klen].decode("utf-8")] = items[i]
    return result


def decode_json_binary(data: bytes) -> Any:
    """Decode one MySQL binary JSON document to Python values.

    Parameters
    ----------
    data
        The JSON column value without its length prefix.

    Raises
    ------
    ValueError
        If the bytes are not a valid document (offsets outside the value,
        unknown type bytes, bad UTF-8).
    """
    if not data:
        return None  # an empty JSON value is the JSON null (json_binary.cc)
    data = bytes(data)
    try:
        return _value(data[0], data, 1, len(data))
    except (struct.error, IndexError) as exc:
        raise ValueError(f"corrupt binary JSON: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise ValueError(f"corrupt binary JSON: string is not UTF-8 ({exc})") from exc
