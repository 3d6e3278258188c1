# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventControl(KaitaiStruct):
    """Body types of the events that frame and control a binary log: the
    start events of v1/v3 files, FORMAT_DESCRIPTION, ROTATE, INTVAR, RAND,
    USER_VAR, XID, INCIDENT, HEARTBEAT and ROWS_QUERY. Each type parses the
    event body only: the common header and the CRC32 trailer are outside it
    (except for the format description, see there).
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html
    
    
    .. seealso::
       libs/mysql/binlog/event/control_events.h
    """

    class ChecksumAlg(IntEnum):
        off = 0
        crc32 = 1
        undef = 255
    def __init__(self, _io, _parent=None, _root=None):
        super(EventControl, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class FormatDescriptionEvent(KaitaiStruct):
        """FORMAT_DESCRIPTION_EVENT, the first event of every v4 binary log
        (MySQL 5.0+, MariaDB). It gives the common header length, the
        post-header length of every event type the server knows, and, from
        MySQL 5.6.1 and MariaDB 5.3 on, the checksum algorithm of the file.
        
        This body type receives the whole event minus the common header: the
        checksum trailer (`checksum_alg` + a 4-byte CRC) is present whenever
        the server version has checksums, even when the algorithm is OFF, so
        it cannot be told from the checksum flag of the file itself.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Format_description_event
        
        
        .. seealso::
           libs/mysql/binlog/event/binlog_event.h checksum_version_split
        
        
        .. seealso::
           MariaDB sql/log_event.cc Format_description_log_event ctor (checksum_version_split_mariadb)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.FormatDescriptionEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.binlog_version = self._io.read_u2le()
            if not self.binlog_version == 4:
                raise kaitaistruct.ValidationNotEqualError(4, self.binlog_version, self._io, u"/types/format_description_event/seq/0")
            self.server_version = (KaitaiStream.bytes_terminate(self._io.read_bytes(50), 0, False)).decode(u"ASCII")
            self.create_timestamp = self._io.read_u4le()
            self.len_header = self._io.read_u1()
            self.post_header_lengths = self._io.read_bytes((self._io.size() - self._io.pos()) - (5 if self.has_checksum_alg else 0))
            if self.has_checksum_alg:
                pass
                self.checksum_alg = KaitaiStream.resolve_enum(EventControl.ChecksumAlg, self._io.read_u1())

            if self.has_checksum_alg:
                pass
                self.checksum = self._io.read_u4le()



        def _fetch_instances(self):
            pass
            if self.has_checksum_alg:
                pass

            if self.has_checksum_alg:
                pass

            _ = self.version
            if hasattr(self, '_m_version'):
                pass
                self._m_version._fetch_instances()


        @property
        def has_checksum_alg(self):
            """True for servers that write the checksum trailer (MySQL 5.6.1+, MariaDB 5.3+)."""
            if hasattr(self, '_m_has_checksum_alg'):
                return self._m_has_checksum_alg

            self._m_has_checksum_alg =  ((self.version.product >= 50601) or ( ((self.version.is_mariadb) and (self.version.product >= 50300)) )) 
            return getattr(self, '_m_has_checksum_alg', None)

        @property
        def has_crc32(self):
            """True when every other event of the file ends with a CRC32."""
            if hasattr(self, '_m_has_crc32'):
                return self._m_has_crc32

            self._m_has_crc32 =  ((self.has_checksum_alg) and (self.checksum_alg == EventControl.ChecksumAlg.crc32)) 
            return getattr(self, '_m_has_crc32', None)

        @property
        def num_event_types(self):
            """How many event types this server knows (27 on 5.5, 38 on 5.7, 171 on MariaDB)."""
            if hasattr(self, '_m_num_event_types'):
                return self._m_num_event_types

            self._m_num_event_types = len(self.post_header_lengths)
            return getattr(self, '_m_num_event_types', None)

        @property
        def uses_pre_ga_numbering(self):
            """True for the 5.1/5.2 development trees (5.1.1-5.1.5 "a_drop5p",
            5.2.0-5.2.2 "a_drop6p") that numbered event types 16-22 differently.
            
            .. seealso::
               sql/log_event.cc (5.1) Format_description_log_event ctor, event_type_permutation
            """
            if hasattr(self, '_m_uses_pre_ga_numbering'):
                return self._m_uses_pre_ga_numbering

            self._m_uses_pre_ga_numbering =  ((len(self.server_version) >= 13) and (self.server_version[5:12] == u"-a_drop") and ( (( ((self.version.major == 5) and (self.version.minor == 1) and (self.version.patch >= 1) and (self.version.patch <= 5) and (self.server_version[12:13] == u"5")) ) or ( ((self.version.major == 5) and (self.version.minor == 2) and (self.version.patch <= 2) and (self.server_version[12:13] == u"6")) )) )) 
            return getattr(self, '_m_uses_pre_ga_numbering', None)

        @property
        def version(self):
            """The server version split into numbers, as do_server_version_split() does."""
            if hasattr(self, '_m_version'):
                return self._m_version

            _pos = self._io.pos()
            self._io.seek(2)
            self._raw__m_version = self._io.read_bytes(50)
            _io__raw__m_version = KaitaiStream(BytesIO(self._raw__m_version))
            self._m_version = EventControl.ServerVersionSplit(_io__raw__m_version, self, self._root)
            self._io.seek(_pos)
            return getattr(self, '_m_version', None)


    class HeartbeatEvent(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.HeartbeatEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class HeartbeatEventV2(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.HeartbeatEventV2, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class IncidentEvent(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.IncidentEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class IntvarEvent(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.IntvarEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class RandEvent(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.RandEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class RotateEvent(KaitaiStruct):
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventControl.RotateEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            if self.post_header_len >= 8:
                pass
                self.position = self._io.read_u8le()

            self.next_file = (self._io.read_bytes_full()).decode(u"UTF-8")


        def _fetch_instances(self):
            pass
            if self.post_header_len >= 8:
                pass



    class RowsQueryEvent(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.RowsQueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class ServerVersionSplit(KaitaiStruct):
        """"major.minor.patch" read from the start of a server version string,
        plus whether a "-MariaDB" suffix follows the patch number.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp do_server_version_split()
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.ServerVersionSplit, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.major_str = (self._io.read_bytes_term(46, False, True, False)).decode(u"ASCII")
            self.minor_str = (self._io.read_bytes_term(46, False, True, False)).decode(u"ASCII")
            self.patch_digits = []
            i = 0
            while True:
                _ = self._io.read_u1()
                self.patch_digits.append(_)
                if  ((_ < 48) or (_ > 57) or (self._io.is_eof())) :
                    break
                i += 1
            if  ((self.patch_digits[-1] == 45) and (self._io.size() - self._io.pos() >= 7)) :
                pass
                self.suffix = (self._io.read_bytes(7)).decode(u"ASCII")



        def _fetch_instances(self):
            pass
            for i in range(len(self.patch_digits)):
                pass

            if  ((self.patch_digits[-1] == 45) and (self._io.size() - self._io.pos() >= 7)) :
                pass


        @property
        def is_mariadb(self):
            if hasattr(self, '_m_is_mariadb'):
                return self._m_is_mariadb

            self._m_is_mariadb =  ((self.patch_digits[-1] == 45) and (self._io.size() - self._io.pos() >= 0) and (self.suffix == u"MariaDB")) 
            return getattr(self, '_m_is_mariadb', None)

        @property
        def major(self):
            if hasattr(self, '_m_major'):
                return self._m_major

            self._m_major = (int(self.major_str) if  ((len(self.major_str) > 0) and (len(self.major_str) <= 3))  else 0)
            return getattr(self, '_m_major', None)

        @property
        def minor(self):
            if hasattr(self, '_m_minor'):
                return self._m_minor

            self._m_minor = (int(self.minor_str) if  ((len(self.minor_str) > 0) and (len(self.minor_str) <= 3))  else 0)
            return getattr(self, '_m_minor', None)

        @property
        def num_patch_digits(self):
            if hasattr(self, '_m_num_patch_digits'):
                return self._m_num_patch_digits

            self._m_num_patch_digits = (len(self.patch_digits) if  ((self.patch_digits[-1] >= 48) and (self.patch_digits[-1] <= 57))  else len(self.patch_digits) - 1)
            return getattr(self, '_m_num_patch_digits', None)

        @property
        def patch(self):
            if hasattr(self, '_m_patch'):
                return self._m_patch

            self._m_patch = (0 if self.num_patch_digits == 0 else (self.patch_digits[0] - 48 if self.num_patch_digits == 1 else (self.patch_digits[0] - 48) * 10 + (self.patch_digits[1] - 48)))
            return getattr(self, '_m_patch', None)

        @property
        def product(self):
            if hasattr(self, '_m_product'):
                return self._m_product

            self._m_product = (self.major * 10000 + self.minor * 100) + self.patch
            return getattr(self, '_m_product', None)


    class StartEventV3(KaitaiStruct):
        """START_EVENT_V3, the first event of a v1 (MySQL 3.23) or v3 (MySQL
        4.0/4.1) binary log. Its fixed 56-byte body gives the binlog version
        and server version; the common header length is implied by the
        version (13 bytes for v1, 19 for v3).
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Start_event_v3
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.StartEventV3, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.binlog_version = self._io.read_u2le()
            self.server_version = (KaitaiStream.bytes_terminate(self._io.read_bytes(50), 0, False)).decode(u"ASCII")
            self.create_timestamp = self._io.read_u4le()


        def _fetch_instances(self):
            pass


    class UserVarEvent(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.UserVarEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class XidEvent(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(EventControl.XidEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.xid = self._io.read_u8le()


        def _fetch_instances(self):
            pass



