# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class PackedInt(ReadWriteKaitaiStruct):
    """A variable-length unsigned integer as written by `net_store_length()` and
    read by `net_field_length_ll()`: one byte below 251 is the value itself;
    0xfc, 0xfd and 0xfe announce a 2-, 3- and 8-byte little-endian value.
    Used for counts and lengths in TABLE_MAP, ROWS, TRANSACTION_PAYLOAD and
    optional-metadata fields. (0xfb means SQL NULL in the client protocol and
    does not occur in binlog events.)
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_dt_integers.html
    
    
    .. seealso::
       mysys/pack.cc net_field_length_ll()
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(PackedInt, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        self.first = self._io.read_u1()
        _on = self.first
        if _on == 252:
            pass
            self.rest = self._io.read_u2le()
        elif _on == 253:
            pass
            self.rest = PackedInt.U3Le(self._io, self, self._root)
            self.rest._read()
        elif _on == 254:
            pass
            self.rest = self._io.read_u8le()
        self._dirty = False


    def _fetch_instances(self):
        pass
        _on = self.first
        if _on == 252:
            pass
        elif _on == 253:
            pass
            self.rest._fetch_instances()
        elif _on == 254:
            pass


    def _write__seq(self, io=None):
        super(PackedInt, self)._write__seq(io)
        self._io.write_u1(self.first)
        _on = self.first
        if _on == 252:
            pass
            self._io.write_u2le(self.rest)
        elif _on == 253:
            pass
            self.rest._write__seq(self._io)
        elif _on == 254:
            pass
            self._io.write_u8le(self.rest)


    def _check(self):
        _on = self.first
        if _on == 252:
            pass
        elif _on == 253:
            pass
            if self.rest._root != self._root:
                raise kaitaistruct.ConsistencyError(u"rest", self._root, self.rest._root)
            if self.rest._parent != self:
                raise kaitaistruct.ConsistencyError(u"rest", self, self.rest._parent)
        elif _on == 254:
            pass
        self._dirty = False

    class U3Le(ReadWriteKaitaiStruct):
        """3-byte little-endian unsigned integer (uint3korr)."""
        def __init__(self, _io=None, _parent=None, _root=None):
            super(PackedInt.U3Le, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.lo = self._io.read_u2le()
            self.hi = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(PackedInt.U3Le, self)._write__seq(io)
            self._io.write_u2le(self.lo)
            self._io.write_u1(self.hi)


        def _check(self):
            self._dirty = False

        @property
        def value(self):
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = self.lo + self.hi * 65536
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value

    @property
    def value(self):
        """The decoded integer (0 for the NULL marker 0xfb and the invalid 0xff)."""
        if hasattr(self, '_m_value'):
            return self._m_value

        self._m_value = (self.first if self.first < 251 else (self.rest if self.first == 252 else (self.rest.value if self.first == 253 else (self.rest if self.first == 254 else 0))))
        return getattr(self, '_m_value', None)

    def _invalidate_value(self):
        del self._m_value

