# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import binlog_event


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class BinlogFile(ReadWriteKaitaiStruct):
    """A binary log (or relay log) file of MySQL 3.23 to 9.x or MariaDB: the
    magic `FE 'bin'` and then events up to the end of the file.
    
    The first event decides how the rest is read (binlog version):
    
    * v4 (MySQL 5.0+, MariaDB): a FORMAT_DESCRIPTION_EVENT gives the header
      length, the post-header length of every event type and whether each
      event ends with a CRC32;
    * v3 (MySQL 4.x): a 75-byte START_EVENT_V3, or no start event at all in
      a file begun by a rotation; 19-byte headers;
    * v1 (MySQL 3.23): a 69-byte START_EVENT_V3 and 13-byte headers.
    
    v1 and v3 files get the post-header lengths that MySQL itself assumes
    for them. A file still being written may end inside an event: this
    spec then fails on the last event (use the binlog-ksy runtime to read
    such files event by event).
    
    Encrypted MySQL binlogs start with `FD 'bin'` instead and cannot be
    read without the server's keyring.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html
    
    
    .. seealso::
       libs/mysql/binlog/event/binlog_event.h (BIN_LOG_HEADER_SIZE, binary log versions)
    
    
    .. seealso::
       sql/log_event.cc (5.7) Format_description_log_event ctor for binlog versions 1 and 3
    """
    def __init__(self, _io=None, _parent=None, _root=None):
        super(BinlogFile, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._should_write_fde = False
        self.fde__enabled = True
        self._should_write_first_event_length = False
        self.first_event_length__enabled = True
        self._should_write_first_type_code = False
        self.first_type_code__enabled = True

    def _read(self):
        self.magic = self._io.read_bytes(4)
        if not self.magic == b"\xFE\x62\x69\x6E":
            raise kaitaistruct.ValidationNotEqualError(b"\xFE\x62\x69\x6E", self.magic, self._io, u"/seq/0")
        self.events = []
        i = 0
        while not self._io.is_eof():
            _t_events = binlog_event.BinlogEvent(self.len_header, self.post_header_lengths, self.has_crc32, self.uses_pre_ga_numbering, self._io)
            try:
                _t_events._read()
            finally:
                self.events.append(_t_events)
            i += 1

        self._dirty = False


    def _fetch_instances(self):
        pass
        for i in range(len(self.events)):
            pass
            self.events[i]._fetch_instances()

        _ = self.fde
        if hasattr(self, '_m_fde'):
            pass
            self._m_fde._fetch_instances()

        _ = self.first_event_length
        if hasattr(self, '_m_first_event_length'):
            pass

        _ = self.first_type_code
        if hasattr(self, '_m_first_type_code'):
            pass



    def _write__seq(self, io=None):
        super(BinlogFile, self)._write__seq(io)
        self._should_write_fde = self.fde__enabled
        self._should_write_first_event_length = self.first_event_length__enabled
        self._should_write_first_type_code = self.first_type_code__enabled
        self._io.write_bytes(self.magic)
        for i in range(len(self.events)):
            pass
            if self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"events", 0, self._io.size() - self._io.pos())
            if self.events[i].len_header != self.len_header:
                raise kaitaistruct.ConsistencyError(u"events", self.len_header, self.events[i].len_header)
            if self.events[i].post_header_lengths != self.post_header_lengths:
                raise kaitaistruct.ConsistencyError(u"events", self.post_header_lengths, self.events[i].post_header_lengths)
            if self.events[i].has_crc32 != self.has_crc32:
                raise kaitaistruct.ConsistencyError(u"events", self.has_crc32, self.events[i].has_crc32)
            if self.events[i].uses_pre_ga_numbering != self.uses_pre_ga_numbering:
                raise kaitaistruct.ConsistencyError(u"events", self.uses_pre_ga_numbering, self.events[i].uses_pre_ga_numbering)
            self.events[i]._write__seq(self._io)

        if not self._io.is_eof():
            raise kaitaistruct.ConsistencyError(u"events", 0, self._io.size() - self._io.pos())


    def _check(self):
        if len(self.magic) != 4:
            raise kaitaistruct.ConsistencyError(u"magic", 4, len(self.magic))
        if not self.magic == b"\xFE\x62\x69\x6E":
            raise kaitaistruct.ValidationNotEqualError(b"\xFE\x62\x69\x6E", self.magic, None, u"/seq/0")
        for i in range(len(self.events)):
            pass

        if self.fde__enabled:
            pass

        if self.first_event_length__enabled:
            pass

        if self.first_type_code__enabled:
            pass

        self._dirty = False

    @property
    def binlog_version(self):
        """4, 3 or 1, from the first event as MySQL's own readers tell it."""
        if hasattr(self, '_m_binlog_version'):
            return self._m_binlog_version

        self._m_binlog_version = (4 if self.first_type_code == binlog_event.BinlogEvent.EventType.format_description_event else (1 if  ((self.first_type_code == binlog_event.BinlogEvent.EventType.start_event_v3) and (self.first_event_length < 75))  else 3))
        return getattr(self, '_m_binlog_version', None)

    def _invalidate_binlog_version(self):
        del self._m_binlog_version
    @property
    def fde(self):
        """The format description event, read first to learn how to read the others."""
        if self._should_write_fde:
            self._write_fde()
        if hasattr(self, '_m_fde'):
            return self._m_fde

        if not self.fde__enabled:
            return None

        if self.binlog_version == 4:
            pass
            _pos = self._io.pos()
            self._io.seek(4)
            self._m_fde = binlog_event.BinlogEvent(19, b"\x00", False, False, self._io)
            self._m_fde._read()
            self._io.seek(_pos)

        return getattr(self, '_m_fde', None)

    @fde.setter
    def fde(self, v):
        self._dirty = True
        self._m_fde = v

    def _write_fde(self):
        self._should_write_fde = False
        if self.binlog_version == 4:
            pass
            _pos = self._io.pos()
            self._io.seek(4)
            if self._m_fde.len_header != 19:
                raise kaitaistruct.ConsistencyError(u"fde", 19, self._m_fde.len_header)
            if self._m_fde.post_header_lengths != b"\x00":
                raise kaitaistruct.ConsistencyError(u"fde", b"\x00", self._m_fde.post_header_lengths)
            if self._m_fde.has_crc32 != False:
                raise kaitaistruct.ConsistencyError(u"fde", False, self._m_fde.has_crc32)
            if self._m_fde.uses_pre_ga_numbering != False:
                raise kaitaistruct.ConsistencyError(u"fde", False, self._m_fde.uses_pre_ga_numbering)
            self._m_fde._write__seq(self._io)
            self._io.seek(_pos)


    @property
    def fde_body(self):
        if hasattr(self, '_m_fde_body'):
            return self._m_fde_body

        if self.binlog_version == 4:
            pass
            self._m_fde_body = self.fde.body.data

        return getattr(self, '_m_fde_body', None)

    def _invalidate_fde_body(self):
        del self._m_fde_body
    @property
    def first_event_length(self):
        if self._should_write_first_event_length:
            self._write_first_event_length()
        if hasattr(self, '_m_first_event_length'):
            return self._m_first_event_length

        if not self.first_event_length__enabled:
            return None

        _pos = self._io.pos()
        self._io.seek(13)
        self._m_first_event_length = self._io.read_u4le()
        self._io.seek(_pos)
        return getattr(self, '_m_first_event_length', None)

    @first_event_length.setter
    def first_event_length(self, v):
        self._dirty = True
        self._m_first_event_length = v

    def _write_first_event_length(self):
        self._should_write_first_event_length = False
        _pos = self._io.pos()
        self._io.seek(13)
        self._io.write_u4le(self._m_first_event_length)
        self._io.seek(_pos)

    @property
    def first_type_code(self):
        """Type code of the first event (in the same place in every header version)."""
        if self._should_write_first_type_code:
            self._write_first_type_code()
        if hasattr(self, '_m_first_type_code'):
            return self._m_first_type_code

        if not self.first_type_code__enabled:
            return None

        _pos = self._io.pos()
        self._io.seek(8)
        self._m_first_type_code = KaitaiStream.resolve_enum(binlog_event.BinlogEvent.EventType, self._io.read_u1())
        self._io.seek(_pos)
        return getattr(self, '_m_first_type_code', None)

    @first_type_code.setter
    def first_type_code(self, v):
        self._dirty = True
        self._m_first_type_code = v

    def _write_first_type_code(self):
        self._should_write_first_type_code = False
        _pos = self._io.pos()
        self._io.seek(8)
        self._io.write_u1(int(self._m_first_type_code))
        self._io.seek(_pos)

    @property
    def has_crc32(self):
        if hasattr(self, '_m_has_crc32'):
            return self._m_has_crc32

        self._m_has_crc32 = (self.fde_body.has_crc32 if self.binlog_version == 4 else False)
        return getattr(self, '_m_has_crc32', None)

    def _invalidate_has_crc32(self):
        del self._m_has_crc32
    @property
    def len_header(self):
        if hasattr(self, '_m_len_header'):
            return self._m_len_header

        self._m_len_header = (13 if self.binlog_version == 1 else (19 if self.binlog_version == 3 else self.fde_body.len_header))
        return getattr(self, '_m_len_header', None)

    def _invalidate_len_header(self):
        del self._m_len_header
    @property
    def post_header_lengths(self):
        if hasattr(self, '_m_post_header_lengths'):
            return self._m_post_header_lengths

        self._m_post_header_lengths = (self.v1_post_header_lengths if self.binlog_version == 1 else (self.v3_post_header_lengths if self.binlog_version == 3 else self.fde_body.post_header_lengths))
        return getattr(self, '_m_post_header_lengths', None)

    def _invalidate_post_header_lengths(self):
        del self._m_post_header_lengths
    @property
    def uses_pre_ga_numbering(self):
        if hasattr(self, '_m_uses_pre_ga_numbering'):
            return self._m_uses_pre_ga_numbering

        self._m_uses_pre_ga_numbering = (self.fde_body.uses_pre_ga_numbering if self.binlog_version == 4 else False)
        return getattr(self, '_m_uses_pre_ga_numbering', None)

    def _invalidate_uses_pre_ga_numbering(self):
        del self._m_uses_pre_ga_numbering
    @property
    def v1_post_header_lengths(self):
        """START_V3 56, QUERY 11, ROTATE 0 (no position), LOAD/NEW_LOAD 18, the
        file events 4 (log_event.cc, binlog_ver 1).
        """
        if hasattr(self, '_m_v1_post_header_lengths'):
            return self._m_v1_post_header_lengths

        self._m_v1_post_header_lengths = b"\x38\x0B\x00\x00\x00\x12\x00\x04\x04\x04\x04\x12\x00\x00"
        return getattr(self, '_m_v1_post_header_lengths', None)

    def _invalidate_v1_post_header_lengths(self):
        del self._m_v1_post_header_lengths
    @property
    def v3_post_header_lengths(self):
        """As v1, but ROTATE has its 8-byte position (log_event.cc, binlog_ver 3)."""
        if hasattr(self, '_m_v3_post_header_lengths'):
            return self._m_v3_post_header_lengths

        self._m_v3_post_header_lengths = b"\x38\x0B\x00\x08\x00\x12\x00\x04\x04\x04\x04\x12\x00\x00"
        return getattr(self, '_m_v3_post_header_lengths', None)

    def _invalidate_v3_post_header_lengths(self):
        del self._m_v3_post_header_lengths

