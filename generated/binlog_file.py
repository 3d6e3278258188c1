# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import binlog_event


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class BinlogFile(KaitaiStruct):
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
    def __init__(self, _io, _parent=None, _root=None):
        super(BinlogFile, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.magic = self._io.read_bytes(4)
        if not self.magic == b"\xFE\x62\x69\x6E":
            raise kaitaistruct.ValidationNotEqualError(b"\xFE\x62\x69\x6E", self.magic, self._io, u"/seq/0")
        self.events = []
        i = 0
        while not self._io.is_eof():
            self.events.append(binlog_event.BinlogEvent(self.len_header, self.post_header_lengths, self.has_crc32, self.uses_pre_ga_numbering, self._io))
            i += 1



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


    @property
    def binlog_version(self):
        """4, 3 or 1, from the first event as MySQL's own readers tell it."""
        if hasattr(self, '_m_binlog_version'):
            return self._m_binlog_version

        self._m_binlog_version = (4 if self.first_type_code == binlog_event.BinlogEvent.EventType.format_description_event else (1 if  ((self.first_type_code == binlog_event.BinlogEvent.EventType.start_event_v3) and (self.first_event_length < 75))  else 3))
        return getattr(self, '_m_binlog_version', None)

    @property
    def fde(self):
        """The format description event, read first to learn how to read the others."""
        if hasattr(self, '_m_fde'):
            return self._m_fde

        if self.binlog_version == 4:
            pass
            _pos = self._io.pos()
            self._io.seek(4)
            self._m_fde = binlog_event.BinlogEvent(19, b"\x00", False, False, self._io)
            self._io.seek(_pos)

        return getattr(self, '_m_fde', None)

    @property
    def fde_body(self):
        if hasattr(self, '_m_fde_body'):
            return self._m_fde_body

        if self.binlog_version == 4:
            pass
            self._m_fde_body = self.fde.body.data

        return getattr(self, '_m_fde_body', None)

    @property
    def first_event_length(self):
        if hasattr(self, '_m_first_event_length'):
            return self._m_first_event_length

        _pos = self._io.pos()
        self._io.seek(13)
        self._m_first_event_length = self._io.read_u4le()
        self._io.seek(_pos)
        return getattr(self, '_m_first_event_length', None)

    @property
    def first_type_code(self):
        """Type code of the first event (in the same place in every header version)."""
        if hasattr(self, '_m_first_type_code'):
            return self._m_first_type_code

        _pos = self._io.pos()
        self._io.seek(8)
        self._m_first_type_code = KaitaiStream.resolve_enum(binlog_event.BinlogEvent.EventType, self._io.read_u1())
        self._io.seek(_pos)
        return getattr(self, '_m_first_type_code', None)

    @property
    def has_crc32(self):
        if hasattr(self, '_m_has_crc32'):
            return self._m_has_crc32

        self._m_has_crc32 = (self.fde_body.has_crc32 if self.binlog_version == 4 else False)
        return getattr(self, '_m_has_crc32', None)

    @property
    def len_header(self):
        if hasattr(self, '_m_len_header'):
            return self._m_len_header

        self._m_len_header = (13 if self.binlog_version == 1 else (19 if self.binlog_version == 3 else self.fde_body.len_header))
        return getattr(self, '_m_len_header', None)

    @property
    def post_header_lengths(self):
        if hasattr(self, '_m_post_header_lengths'):
            return self._m_post_header_lengths

        self._m_post_header_lengths = (self.v1_post_header_lengths if self.binlog_version == 1 else (self.v3_post_header_lengths if self.binlog_version == 3 else self.fde_body.post_header_lengths))
        return getattr(self, '_m_post_header_lengths', None)

    @property
    def uses_pre_ga_numbering(self):
        if hasattr(self, '_m_uses_pre_ga_numbering'):
            return self._m_uses_pre_ga_numbering

        self._m_uses_pre_ga_numbering = (self.fde_body.uses_pre_ga_numbering if self.binlog_version == 4 else False)
        return getattr(self, '_m_uses_pre_ga_numbering', None)

    @property
    def v1_post_header_lengths(self):
        """START_V3 56, QUERY 11, ROTATE 0 (no position), LOAD/NEW_LOAD 18, the
        file events 4 (log_event.cc, binlog_ver 1).
        """
        if hasattr(self, '_m_v1_post_header_lengths'):
            return self._m_v1_post_header_lengths

        self._m_v1_post_header_lengths = b"\x38\x0B\x00\x00\x00\x12\x00\x04\x04\x04\x04\x12\x00\x00"
        return getattr(self, '_m_v1_post_header_lengths', None)

    @property
    def v3_post_header_lengths(self):
        """As v1, but ROTATE has its 8-byte position (log_event.cc, binlog_ver 3)."""
        if hasattr(self, '_m_v3_post_header_lengths'):
            return self._m_v3_post_header_lengths

        self._m_v3_post_header_lengths = b"\x38\x0B\x00\x08\x00\x12\x00\x04\x04\x04\x04\x12\x00\x00"
        return getattr(self, '_m_v3_post_header_lengths', None)


