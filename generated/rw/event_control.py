# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventControl(ReadWriteKaitaiStruct):
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

    class HeartbeatFieldType(IntEnum):
        end_mark = 0
        log_filename = 1
        log_position = 2

    class IncidentType(IntEnum):
        incident_none = 0
        incident_lost_events = 1

    class IntvarType(IntEnum):
        invalid_int_event = 0
        last_insert_id_event = 1
        insert_id_event = 2

    class ItemResult(IntEnum):
        string_result = 0
        real_result = 1
        int_result = 2
        row_result = 3
        decimal_result = 4

    class UserVarFlag(IntEnum):
        undef_f = 0
        unsigned_f = 1
    def __init__(self, _io=None, _parent=None, _root=None):
        super(EventControl, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(EventControl, self)._write__seq(io)


    def _check(self):
        self._dirty = False

    class FormatDescriptionEvent(ReadWriteKaitaiStruct):
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
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.FormatDescriptionEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._should_write_version = False
            self.version__enabled = True

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

            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventControl.FormatDescriptionEvent, self)._write__seq(io)
            self._should_write_version = self.version__enabled
            self._io.write_u2le(self.binlog_version)
            self._io.write_bytes_limit((self.server_version).encode(u"ASCII"), 50, 0, 0)
            self._io.write_u4le(self.create_timestamp)
            self._io.write_u1(self.len_header)
            if len(self.post_header_lengths) != (self._io.size() - self._io.pos()) - (5 if self.has_checksum_alg else 0):
                raise kaitaistruct.ConsistencyError(u"post_header_lengths", (self._io.size() - self._io.pos()) - (5 if self.has_checksum_alg else 0), len(self.post_header_lengths))
            self._io.write_bytes(self.post_header_lengths)
            if self.has_checksum_alg:
                pass
                self._io.write_u1(int(self.checksum_alg))

            if self.has_checksum_alg:
                pass
                self._io.write_u4le(self.checksum)



        def _check(self):
            if not self.binlog_version == 4:
                raise kaitaistruct.ValidationNotEqualError(4, self.binlog_version, None, u"/types/format_description_event/seq/0")
            if len((self.server_version).encode(u"ASCII")) > 50:
                raise kaitaistruct.ConsistencyError(u"server_version", 50, len((self.server_version).encode(u"ASCII")))
            if KaitaiStream.byte_array_index_of((self.server_version).encode(u"ASCII"), 0) != -1:
                raise kaitaistruct.ConsistencyError(u"server_version", -1, KaitaiStream.byte_array_index_of((self.server_version).encode(u"ASCII"), 0))
            if self.version__enabled:
                pass
                if self._m_version._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"version", self._root, self._m_version._root)
                if self._m_version._parent != self:
                    raise kaitaistruct.ConsistencyError(u"version", self, self._m_version._parent)

            self._dirty = False

        @property
        def has_checksum_alg(self):
            """True for servers that write the checksum trailer (MySQL 5.6.1+, MariaDB 5.3+)."""
            if hasattr(self, '_m_has_checksum_alg'):
                return self._m_has_checksum_alg

            self._m_has_checksum_alg =  ((self.version.product >= 50601) or ( ((self.version.is_mariadb) and (self.version.product >= 50300)) )) 
            return getattr(self, '_m_has_checksum_alg', None)

        def _invalidate_has_checksum_alg(self):
            del self._m_has_checksum_alg
        @property
        def has_crc32(self):
            """True when every other event of the file ends with a CRC32."""
            if hasattr(self, '_m_has_crc32'):
                return self._m_has_crc32

            self._m_has_crc32 =  ((self.has_checksum_alg) and (self.checksum_alg == EventControl.ChecksumAlg.crc32)) 
            return getattr(self, '_m_has_crc32', None)

        def _invalidate_has_crc32(self):
            del self._m_has_crc32
        @property
        def num_event_types(self):
            """How many event types this server knows (27 on 5.5, 38 on 5.7, 171 on MariaDB)."""
            if hasattr(self, '_m_num_event_types'):
                return self._m_num_event_types

            self._m_num_event_types = len(self.post_header_lengths)
            return getattr(self, '_m_num_event_types', None)

        def _invalidate_num_event_types(self):
            del self._m_num_event_types
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

        def _invalidate_uses_pre_ga_numbering(self):
            del self._m_uses_pre_ga_numbering
        @property
        def version(self):
            """The server version split into numbers, as do_server_version_split() does."""
            if self._should_write_version:
                self._write_version()
            if hasattr(self, '_m_version'):
                return self._m_version

            if not self.version__enabled:
                return None

            _pos = self._io.pos()
            self._io.seek(2)
            self._raw__m_version = self._io.read_bytes(50)
            _io__raw__m_version = KaitaiStream(BytesIO(self._raw__m_version))
            self._m_version = EventControl.ServerVersionSplit(_io__raw__m_version, self, self._root)
            self._m_version._read()
            self._io.seek(_pos)
            return getattr(self, '_m_version', None)

        @version.setter
        def version(self, v):
            self._dirty = True
            self._m_version = v

        def _write_version(self):
            self._should_write_version = False
            _pos = self._io.pos()
            self._io.seek(2)
            _io__raw__m_version = KaitaiStream(BytesIO(bytearray(50)))
            self._io.add_child_stream(_io__raw__m_version)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (50))
            def handler(parent, _io__raw__m_version=_io__raw__m_version):
                self._raw__m_version = _io__raw__m_version.to_byte_array()
                if len(self._raw__m_version) != 50:
                    raise kaitaistruct.ConsistencyError(u"raw(version)", 50, len(self._raw__m_version))
                parent.write_bytes(self._raw__m_version)
            _io__raw__m_version.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self._m_version._write__seq(_io__raw__m_version)
            self._io.seek(_pos)


    class HeartbeatEvent(ReadWriteKaitaiStruct):
        """HEARTBEAT_LOG_EVENT: sent by a source to an idle replica, never
        written to a file. The body is the name of the source's current
        binary log; the position is the header's `next_position`.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Heartbeat_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Heartbeat_event::Heartbeat_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.HeartbeatEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.log_filename = (self._io.read_bytes_full()).decode(u"UTF-8")
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventControl.HeartbeatEvent, self)._write__seq(io)
            self._io.write_bytes((self.log_filename).encode(u"UTF-8"))
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"log_filename", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class HeartbeatEventV2(ReadWriteKaitaiStruct):
        """HEARTBEAT_LOG_EVENT_V2 (MySQL 8.0.26+): a heartbeat whose body is a
        list of type-length-value fields (each part a packed integer) ended
        by the type END_MARK. Stream only, never in a file.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Heartbeat_event_v2
        
        
        .. seealso::
           libs/mysql/binlog/event/codecs/binary.cpp Heartbeat::decode
        
        
        .. seealso::
           libs/mysql/binlog/event/codecs/binary.h Heartbeat::fields
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.HeartbeatEventV2, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.fields = []
            i = 0
            while True:
                _t_fields = EventControl.HeartbeatField(self._io, self, self._root)
                try:
                    _t_fields._read()
                finally:
                    _ = _t_fields
                    self.fields.append(_)
                if  ((_.is_end) or (self._io.is_eof())) :
                    break
                i += 1
            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventControl.HeartbeatEventV2, self)._write__seq(io)
            for i in range(len(self.fields)):
                pass
                self.fields[i]._write__seq(self._io)
                _ = self.fields[i]
                if  ((_.is_end) or (self._io.is_eof()))  != (i == len(self.fields) - 1):
                    raise kaitaistruct.ConsistencyError(u"fields", i == len(self.fields) - 1,  ((_.is_end) or (self._io.is_eof())) )



        def _check(self):
            if len(self.fields) == 0:
                raise kaitaistruct.ConsistencyError(u"fields", 0, len(self.fields))
            for i in range(len(self.fields)):
                pass
                if self.fields[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"fields", self._root, self.fields[i]._root)
                if self.fields[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"fields", self, self.fields[i]._parent)

            self._dirty = False

        @property
        def log_filename(self):
            """The LOG_FILENAME field (empty when absent; looks at the first 4 fields)."""
            if hasattr(self, '_m_log_filename'):
                return self._m_log_filename

            self._m_log_filename = (self.fields[0].log_filename if  ((len(self.fields) > 0) and (self.fields[0].field_type.value == 1))  else (self.fields[1].log_filename if  ((len(self.fields) > 1) and (self.fields[1].field_type.value == 1))  else (self.fields[2].log_filename if  ((len(self.fields) > 2) and (self.fields[2].field_type.value == 1))  else (self.fields[3].log_filename if  ((len(self.fields) > 3) and (self.fields[3].field_type.value == 1))  else u""))))
            return getattr(self, '_m_log_filename', None)

        def _invalidate_log_filename(self):
            del self._m_log_filename
        @property
        def log_position(self):
            """The LOG_POSITION field (0 when absent; looks at the first 4 fields)."""
            if hasattr(self, '_m_log_position'):
                return self._m_log_position

            self._m_log_position = (self.fields[0].int_value if  ((len(self.fields) > 0) and (self.fields[0].field_type.value == 2))  else (self.fields[1].int_value if  ((len(self.fields) > 1) and (self.fields[1].field_type.value == 2))  else (self.fields[2].int_value if  ((len(self.fields) > 2) and (self.fields[2].field_type.value == 2))  else (self.fields[3].int_value if  ((len(self.fields) > 3) and (self.fields[3].field_type.value == 2))  else 0))))
            return getattr(self, '_m_log_position', None)

        def _invalidate_log_position(self):
            del self._m_log_position

    class HeartbeatField(ReadWriteKaitaiStruct):
        """One TLV field of a HEARTBEAT_LOG_EVENT_V2.
        
        .. seealso::
           libs/mysql/binlog/event/codecs/binary.cpp Heartbeat::decode
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.HeartbeatField, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.field_type = packed_int.PackedInt(self._io)
            self.field_type._read()
            if (not (self.is_end)):
                pass
                self.len_value = packed_int.PackedInt(self._io)
                self.len_value._read()

            if (not (self.is_end)):
                pass
                _on = self.field_type.value
                if _on == 2:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = packed_int.PackedInt(_io__raw_value)
                    self.value._read()
                else:
                    pass
                    self.value = self._io.read_bytes(self.len_value.value)

            self._dirty = False


        def _fetch_instances(self):
            pass
            self.field_type._fetch_instances()
            if (not (self.is_end)):
                pass
                self.len_value._fetch_instances()

            if (not (self.is_end)):
                pass
                _on = self.field_type.value
                if _on == 2:
                    pass
                    self.value._fetch_instances()
                else:
                    pass



        def _write__seq(self, io=None):
            super(EventControl.HeartbeatField, self)._write__seq(io)
            self.field_type._write__seq(self._io)
            if (not (self.is_end)):
                pass
                self.len_value._write__seq(self._io)

            if (not (self.is_end)):
                pass
                _on = self.field_type.value
                if _on == 2:
                    pass
                    _io__raw_value = KaitaiStream(BytesIO(bytearray(self.len_value.value)))
                    self._io.add_child_stream(_io__raw_value)
                    _pos2 = self._io.pos()
                    self._io.seek(self._io.pos() + (self.len_value.value))
                    def handler(parent, _io__raw_value=_io__raw_value):
                        self._raw_value = _io__raw_value.to_byte_array()
                        if len(self._raw_value) != self.len_value.value:
                            raise kaitaistruct.ConsistencyError(u"raw(value)", self.len_value.value, len(self._raw_value))
                        parent.write_bytes(self._raw_value)
                    _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                    self.value._write__seq(_io__raw_value)
                else:
                    pass
                    self._io.write_bytes(self.value)



        def _check(self):
            if (not (self.is_end)):
                pass

            if (not (self.is_end)):
                pass
                _on = self.field_type.value
                if _on == 2:
                    pass
                else:
                    pass
                    if len(self.value) != self.len_value.value:
                        raise kaitaistruct.ConsistencyError(u"value", self.len_value.value, len(self.value))

            self._dirty = False

        @property
        def field_type_enum(self):
            if hasattr(self, '_m_field_type_enum'):
                return self._m_field_type_enum

            self._m_field_type_enum = KaitaiStream.resolve_enum(EventControl.HeartbeatFieldType, self.field_type.value)
            return getattr(self, '_m_field_type_enum', None)

        def _invalidate_field_type_enum(self):
            del self._m_field_type_enum
        @property
        def int_value(self):
            if hasattr(self, '_m_int_value'):
                return self._m_int_value

            if self.field_type.value == 2:
                pass
                self._m_int_value = self.value.value

            return getattr(self, '_m_int_value', None)

        def _invalidate_int_value(self):
            del self._m_int_value
        @property
        def is_end(self):
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.field_type.value == 0
            return getattr(self, '_m_is_end', None)

        def _invalidate_is_end(self):
            del self._m_is_end
        @property
        def log_filename(self):
            if hasattr(self, '_m_log_filename'):
                return self._m_log_filename

            if self.field_type.value == 1:
                pass
                self._m_log_filename = (self.value).decode(u"UTF-8")

            return getattr(self, '_m_log_filename', None)

        def _invalidate_log_filename(self):
            del self._m_log_filename

    class IncidentEvent(ReadWriteKaitaiStruct):
        """INCIDENT_EVENT: something out of the ordinary happened on the source
        (events may be lost); a replica stops on it. The layout is fixed
        (post-header = the incident number).
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Incident_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Incident_event::Incident_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.IncidentEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.incident = KaitaiStream.resolve_enum(EventControl.IncidentType, self._io.read_u2le())
            self.len_message = self._io.read_u1()
            self.message = self._io.read_bytes(self.len_message)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventControl.IncidentEvent, self)._write__seq(io)
            self._io.write_u2le(int(self.incident))
            self._io.write_u1(self.len_message)
            self._io.write_bytes(self.message)


        def _check(self):
            if len(self.message) != self.len_message:
                raise kaitaistruct.ConsistencyError(u"message", self.len_message, len(self.message))
            self._dirty = False


    class IntvarEvent(ReadWriteKaitaiStruct):
        """INTVAR_EVENT: the value of LAST_INSERT_ID() or of the next
        AUTO_INCREMENT value for the QUERY that follows (statement-based
        logging only). No post-header.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h Intvar_event
        
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Intvar_event::Intvar_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.IntvarEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.var_type = KaitaiStream.resolve_enum(EventControl.IntvarType, self._io.read_u1())
            self.value = self._io.read_u8le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventControl.IntvarEvent, self)._write__seq(io)
            self._io.write_u1(int(self.var_type))
            self._io.write_u8le(self.value)


        def _check(self):
            self._dirty = False


    class RandEvent(ReadWriteKaitaiStruct):
        """RAND_EVENT: the two seeds of the random generator for a RAND() call
        in the QUERY that follows (statement-based logging only).
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h Rand_event
        
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Rand_event::Rand_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.RandEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.seed1 = self._io.read_u8le()
            self.seed2 = self._io.read_u8le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventControl.RandEvent, self)._write__seq(io)
            self._io.write_u8le(self.seed1)
            self._io.write_u8le(self.seed2)


        def _check(self):
            self._dirty = False


    class RotateEvent(ReadWriteKaitaiStruct):
        """ROTATE_EVENT: the last event of a binary log file that names the next
        one (also written at the start of a relay log, with the
        LOG_EVENT_ARTIFICIAL_F flag, and sent first by a source to a replica).
        
        The 8-byte position is the post-header: MySQL reads it whenever the
        post-header length is not 0. Binlog v1 (MySQL 3.23) has no
        post-header; the position is then implicitly 4.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Rotate_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Rotate_event::Rotate_event
        """
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventControl.RotateEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            if self.post_header_len >= 8:
                pass
                self.position = self._io.read_u8le()

            if self.post_header_len > 8:
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - 8)

            self.next_file = (self._io.read_bytes_full()).decode(u"UTF-8")
            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.post_header_len >= 8:
                pass

            if self.post_header_len > 8:
                pass



        def _write__seq(self, io=None):
            super(EventControl.RotateEvent, self)._write__seq(io)
            if self.post_header_len >= 8:
                pass
                self._io.write_u8le(self.position)

            if self.post_header_len > 8:
                pass
                self._io.write_bytes(self.extra_post_header)

            self._io.write_bytes((self.next_file).encode(u"UTF-8"))
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"next_file", 0, self._io.size() - self._io.pos())


        def _check(self):
            if self.post_header_len >= 8:
                pass

            if self.post_header_len > 8:
                pass
                if len(self.extra_post_header) != self.post_header_len - 8:
                    raise kaitaistruct.ConsistencyError(u"extra_post_header", self.post_header_len - 8, len(self.extra_post_header))

            self._dirty = False

        @property
        def next_position(self):
            """The position to continue at (4 when the event has no position field)."""
            if hasattr(self, '_m_next_position'):
                return self._m_next_position

            self._m_next_position = (self.position if self.post_header_len >= 8 else 4)
            return getattr(self, '_m_next_position', None)

        def _invalidate_next_position(self):
            del self._m_next_position

    class RowsQueryEvent(ReadWriteKaitaiStruct):
        """ROWS_QUERY_LOG_EVENT (MySQL 5.6+, binlog_rows_query_log_events=ON):
        the statement text that produced the rows events that follow. It
        carries the LOG_EVENT_IGNORABLE_F flag.
        
        The text is kept as bytes in the client's character set (not
        validated by the server); the runtime decodes it.
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.h Rows_query_event
        
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.cpp Rows_query_event::Rows_query_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.RowsQueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_query_truncated = self._io.read_u1()
            self.query = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventControl.RowsQueryEvent, self)._write__seq(io)
            self._io.write_u1(self.len_query_truncated)
            self._io.write_bytes(self.query)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"query", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class ServerVersionSplit(ReadWriteKaitaiStruct):
        """"major.minor.patch" read from the start of a server version string,
        plus whether a "-MariaDB" suffix follows the patch number.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp do_server_version_split()
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.ServerVersionSplit, self).__init__(_io)
            self._parent = _parent
            self._root = _root

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

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.patch_digits)):
                pass

            if  ((self.patch_digits[-1] == 45) and (self._io.size() - self._io.pos() >= 7)) :
                pass



        def _write__seq(self, io=None):
            super(EventControl.ServerVersionSplit, self)._write__seq(io)
            self._io.write_bytes((self.major_str).encode(u"ASCII"))
            if not self._io.is_eof():
                self._io.write_u1(46)

            self._io.write_bytes((self.minor_str).encode(u"ASCII"))
            if not self._io.is_eof():
                self._io.write_u1(46)

            for i in range(len(self.patch_digits)):
                pass
                self._io.write_u1(self.patch_digits[i])
                _ = self.patch_digits[i]
                if  ((_ < 48) or (_ > 57) or (self._io.is_eof()))  != (i == len(self.patch_digits) - 1):
                    raise kaitaistruct.ConsistencyError(u"patch_digits", i == len(self.patch_digits) - 1,  ((_ < 48) or (_ > 57) or (self._io.is_eof())) )

            if  ((self.patch_digits[-1] == 45) and (self._io.size() - self._io.pos() >= 7)) :
                pass
                if len((self.suffix).encode(u"ASCII")) != 7:
                    raise kaitaistruct.ConsistencyError(u"suffix", 7, len((self.suffix).encode(u"ASCII")))
                self._io.write_bytes((self.suffix).encode(u"ASCII"))



        def _check(self):
            if KaitaiStream.byte_array_index_of((self.major_str).encode(u"ASCII"), 46) != -1:
                raise kaitaistruct.ConsistencyError(u"major_str", -1, KaitaiStream.byte_array_index_of((self.major_str).encode(u"ASCII"), 46))
            if KaitaiStream.byte_array_index_of((self.minor_str).encode(u"ASCII"), 46) != -1:
                raise kaitaistruct.ConsistencyError(u"minor_str", -1, KaitaiStream.byte_array_index_of((self.minor_str).encode(u"ASCII"), 46))
            if len(self.patch_digits) == 0:
                raise kaitaistruct.ConsistencyError(u"patch_digits", 0, len(self.patch_digits))
            for i in range(len(self.patch_digits)):
                pass

            self._dirty = False

        @property
        def is_mariadb(self):
            if hasattr(self, '_m_is_mariadb'):
                return self._m_is_mariadb

            self._m_is_mariadb =  ((self.patch_digits[-1] == 45) and (self._io.size() - self._io.pos() >= 0) and (self.suffix == u"MariaDB")) 
            return getattr(self, '_m_is_mariadb', None)

        def _invalidate_is_mariadb(self):
            del self._m_is_mariadb
        @property
        def major(self):
            if hasattr(self, '_m_major'):
                return self._m_major

            self._m_major = (int(self.major_str) if  ((len(self.major_str) > 0) and (len(self.major_str) <= 3))  else 0)
            return getattr(self, '_m_major', None)

        def _invalidate_major(self):
            del self._m_major
        @property
        def minor(self):
            if hasattr(self, '_m_minor'):
                return self._m_minor

            self._m_minor = (int(self.minor_str) if  ((len(self.minor_str) > 0) and (len(self.minor_str) <= 3))  else 0)
            return getattr(self, '_m_minor', None)

        def _invalidate_minor(self):
            del self._m_minor
        @property
        def num_patch_digits(self):
            if hasattr(self, '_m_num_patch_digits'):
                return self._m_num_patch_digits

            self._m_num_patch_digits = (len(self.patch_digits) if  ((self.patch_digits[-1] >= 48) and (self.patch_digits[-1] <= 57))  else len(self.patch_digits) - 1)
            return getattr(self, '_m_num_patch_digits', None)

        def _invalidate_num_patch_digits(self):
            del self._m_num_patch_digits
        @property
        def patch(self):
            if hasattr(self, '_m_patch'):
                return self._m_patch

            self._m_patch = (0 if self.num_patch_digits == 0 else (self.patch_digits[0] - 48 if self.num_patch_digits == 1 else (self.patch_digits[0] - 48) * 10 + (self.patch_digits[1] - 48)))
            return getattr(self, '_m_patch', None)

        def _invalidate_patch(self):
            del self._m_patch
        @property
        def product(self):
            if hasattr(self, '_m_product'):
                return self._m_product

            self._m_product = (self.major * 10000 + self.minor * 100) + self.patch
            return getattr(self, '_m_product', None)

        def _invalidate_product(self):
            del self._m_product

    class StartEventV3(ReadWriteKaitaiStruct):
        """START_EVENT_V3, the first event of a v1 (MySQL 3.23) or v3 (MySQL
        4.0/4.1) binary log. Its fixed 56-byte body gives the binlog version
        and server version; the common header length is implied by the
        version (13 bytes for v1, 19 for v3).
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Start_event_v3
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.StartEventV3, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.binlog_version = self._io.read_u2le()
            self.server_version = (KaitaiStream.bytes_terminate(self._io.read_bytes(50), 0, False)).decode(u"ASCII")
            self.create_timestamp = self._io.read_u4le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventControl.StartEventV3, self)._write__seq(io)
            self._io.write_u2le(self.binlog_version)
            self._io.write_bytes_limit((self.server_version).encode(u"ASCII"), 50, 0, 0)
            self._io.write_u4le(self.create_timestamp)


        def _check(self):
            if len((self.server_version).encode(u"ASCII")) > 50:
                raise kaitaistruct.ConsistencyError(u"server_version", 50, len((self.server_version).encode(u"ASCII")))
            if KaitaiStream.byte_array_index_of((self.server_version).encode(u"ASCII"), 0) != -1:
                raise kaitaistruct.ConsistencyError(u"server_version", -1, KaitaiStream.byte_array_index_of((self.server_version).encode(u"ASCII"), 0))
            self._dirty = False


    class UserVarEvent(ReadWriteKaitaiStruct):
        """USER_VAR_EVENT: the value of a user variable (`@name`) used by the
        QUERY that follows (statement-based logging only).
        
        `value` is the binary image of the value: for INT_RESULT an 8-byte
        little-endian integer (unsigned when `is_unsigned`), for REAL_RESULT
        an 8-byte IEEE double, for DECIMAL_RESULT precision u1, scale u1 and
        the packed decimal (bin2decimal), for STRING_RESULT the string in
        the collation `charset`. The `int_value`/`uint_value`/`real_value`
        instances decode the fixed-size ones.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h User_var_event
        
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp User_var_event::User_var_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.UserVarEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._should_write_int_value = False
            self.int_value__enabled = True
            self._should_write_real_value = False
            self.real_value__enabled = True
            self._should_write_uint_value = False
            self.uint_value__enabled = True

        def _read(self):
            self.len_name = self._io.read_u4le()
            self.name = (self._io.read_bytes(self.len_name)).decode(u"UTF-8")
            self.is_null = self._io.read_u1()
            if self.is_null == 0:
                pass
                self.value_type = KaitaiStream.resolve_enum(EventControl.ItemResult, self._io.read_u1())

            if self.is_null == 0:
                pass
                self.charset = self._io.read_u4le()

            if self.is_null == 0:
                pass
                self.len_value = self._io.read_u4le()

            if self.is_null == 0:
                pass
                self.value = self._io.read_bytes(self.len_value)

            if  ((self.is_null == 0) and ((not (self._io.is_eof())))) :
                pass
                self.flags = KaitaiStream.resolve_enum(EventControl.UserVarFlag, self._io.read_u1())

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.is_null == 0:
                pass

            if self.is_null == 0:
                pass

            if self.is_null == 0:
                pass

            if self.is_null == 0:
                pass

            if  ((self.is_null == 0) and ((not (self._io.is_eof())))) :
                pass

            _ = self.int_value
            if hasattr(self, '_m_int_value'):
                pass

            _ = self.real_value
            if hasattr(self, '_m_real_value'):
                pass

            _ = self.uint_value
            if hasattr(self, '_m_uint_value'):
                pass



        def _write__seq(self, io=None):
            super(EventControl.UserVarEvent, self)._write__seq(io)
            self._should_write_int_value = self.int_value__enabled
            self._should_write_real_value = self.real_value__enabled
            self._should_write_uint_value = self.uint_value__enabled
            self._io.write_u4le(self.len_name)
            self._io.write_bytes((self.name).encode(u"UTF-8"))
            self._io.write_u1(self.is_null)
            if self.is_null == 0:
                pass
                self._io.write_u1(int(self.value_type))

            if self.is_null == 0:
                pass
                self._io.write_u4le(self.charset)

            if self.is_null == 0:
                pass
                self._io.write_u4le(self.len_value)

            if self.is_null == 0:
                pass
                self._io.write_bytes(self.value)

            if  ((self.is_null == 0) and ((not (self._io.is_eof())))) :
                pass
                self._io.write_u1(int(self.flags))



        def _check(self):
            if len((self.name).encode(u"UTF-8")) != self.len_name:
                raise kaitaistruct.ConsistencyError(u"name", self.len_name, len((self.name).encode(u"UTF-8")))
            if self.is_null == 0:
                pass

            if self.is_null == 0:
                pass

            if self.is_null == 0:
                pass

            if self.is_null == 0:
                pass
                if len(self.value) != self.len_value:
                    raise kaitaistruct.ConsistencyError(u"value", self.len_value, len(self.value))

            if self.int_value__enabled:
                pass
                if  ((self.is_null == 0) and (self.value_type == EventControl.ItemResult.int_result) and (self.len_value >= 8)) :
                    pass


            if self.real_value__enabled:
                pass
                if  ((self.is_null == 0) and (self.value_type == EventControl.ItemResult.real_result) and (self.len_value >= 8)) :
                    pass


            if self.uint_value__enabled:
                pass
                if  ((self.is_null == 0) and (self.value_type == EventControl.ItemResult.int_result) and (self.len_value >= 8)) :
                    pass


            self._dirty = False

        @property
        def int_value(self):
            """The value of an INT_RESULT variable read as signed."""
            if self._should_write_int_value:
                self._write_int_value()
            if hasattr(self, '_m_int_value'):
                return self._m_int_value

            if not self.int_value__enabled:
                return None

            if  ((self.is_null == 0) and (self.value_type == EventControl.ItemResult.int_result) and (self.len_value >= 8)) :
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_value)
                self._m_int_value = self._io.read_s8le()
                self._io.seek(_pos)

            return getattr(self, '_m_int_value', None)

        @int_value.setter
        def int_value(self, v):
            self._dirty = True
            self._m_int_value = v

        def _write_int_value(self):
            self._should_write_int_value = False
            if  ((self.is_null == 0) and (self.value_type == EventControl.ItemResult.int_result) and (self.len_value >= 8)) :
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_value)
                self._io.write_s8le(self._m_int_value)
                self._io.seek(_pos)


        @property
        def is_unsigned(self):
            """True when an INT_RESULT value is unsigned (UNSIGNED_F)."""
            if hasattr(self, '_m_is_unsigned'):
                return self._m_is_unsigned

            self._m_is_unsigned =  ((self.is_null == 0) and (self._io.size() > self.ofs_value + self.len_value) and (self.flags == EventControl.UserVarFlag.unsigned_f)) 
            return getattr(self, '_m_is_unsigned', None)

        def _invalidate_is_unsigned(self):
            del self._m_is_unsigned
        @property
        def ofs_value(self):
            """Offset of `value` in the body."""
            if hasattr(self, '_m_ofs_value'):
                return self._m_ofs_value

            self._m_ofs_value = 14 + self.len_name
            return getattr(self, '_m_ofs_value', None)

        def _invalidate_ofs_value(self):
            del self._m_ofs_value
        @property
        def real_value(self):
            """The value of a REAL_RESULT variable."""
            if self._should_write_real_value:
                self._write_real_value()
            if hasattr(self, '_m_real_value'):
                return self._m_real_value

            if not self.real_value__enabled:
                return None

            if  ((self.is_null == 0) and (self.value_type == EventControl.ItemResult.real_result) and (self.len_value >= 8)) :
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_value)
                self._m_real_value = self._io.read_f8le()
                self._io.seek(_pos)

            return getattr(self, '_m_real_value', None)

        @real_value.setter
        def real_value(self, v):
            self._dirty = True
            self._m_real_value = v

        def _write_real_value(self):
            self._should_write_real_value = False
            if  ((self.is_null == 0) and (self.value_type == EventControl.ItemResult.real_result) and (self.len_value >= 8)) :
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_value)
                self._io.write_f8le(self._m_real_value)
                self._io.seek(_pos)


        @property
        def uint_value(self):
            """The value of an INT_RESULT variable read as unsigned (use when `is_unsigned`)."""
            if self._should_write_uint_value:
                self._write_uint_value()
            if hasattr(self, '_m_uint_value'):
                return self._m_uint_value

            if not self.uint_value__enabled:
                return None

            if  ((self.is_null == 0) and (self.value_type == EventControl.ItemResult.int_result) and (self.len_value >= 8)) :
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_value)
                self._m_uint_value = self._io.read_u8le()
                self._io.seek(_pos)

            return getattr(self, '_m_uint_value', None)

        @uint_value.setter
        def uint_value(self, v):
            self._dirty = True
            self._m_uint_value = v

        def _write_uint_value(self):
            self._should_write_uint_value = False
            if  ((self.is_null == 0) and (self.value_type == EventControl.ItemResult.int_result) and (self.len_value >= 8)) :
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_value)
                self._io.write_u8le(self._m_uint_value)
                self._io.seek(_pos)



    class XidEvent(ReadWriteKaitaiStruct):
        """XID_EVENT: the commit of a transaction on an XA-capable engine
        (InnoDB); ends the transaction's event group.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Xid_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Xid_event::Xid_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventControl.XidEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.xid = self._io.read_u8le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventControl.XidEvent, self)._write__seq(io)
            self._io.write_u8le(self.xid)


        def _check(self):
            self._dirty = False



