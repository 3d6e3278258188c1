# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventGtid(KaitaiStruct):
    """Body types of MySQL's transaction-level events: GTID_LOG_EVENT and
    ANONYMOUS_GTID_LOG_EVENT (5.6+), GTID_TAGGED_LOG_EVENT (8.3+),
    PREVIOUS_GTIDS_LOG_EVENT, TRANSACTION_CONTEXT and VIEW_CHANGE (group
    replication), XA_PREPARE_LOG_EVENT and TRANSACTION_PAYLOAD_EVENT
    (8.0.20+ binlog transaction compression). Each type parses the event
    body only (common header and CRC32 removed).
    
    No bit field wider than 32 bits and no shift beyond 31 bits is used, so
    the spec also runs in the JavaScript target / Web IDE (where integers
    above 2^53 lose precision).
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Gtid__event.html
    
    
    .. seealso::
       libs/mysql/binlog/event/control_events.h
    
    
    .. seealso::
       libs/mysql/binlog/event/control_events.cpp
    """

    class CompressionType(IntEnum):
        zstd = 0
        none = 255

    class GtidFlag(IntEnum):
        may_have_sbr = 1

    class GtidFormat(IntEnum):
        untagged = 0
        tagged = 1

    class LogicalTimestampTypecode(IntEnum):
        g_commit_ts = 1
        logical_timestamps = 2

    class PayloadFieldType(IntEnum):
        end_mark = 0
        payload_size = 1
        compression_type = 2
        uncompressed_size = 3
    def __init__(self, _io, _parent=None, _root=None):
        super(EventGtid, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class CertInfoEntry(KaitaiStruct):
        """One key/value pair of the certification information map.
        
        .. seealso::
           libs/mysql/binlog/event/event_reader.cpp Event_reader::read_data_map
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.CertInfoEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_key = self._io.read_u2le()
            self.key = self._io.read_bytes(self.len_key)
            self.len_value = self._io.read_u4le()
            self.value = self._io.read_bytes(self.len_value)


        def _fetch_instances(self):
            pass


    class GtidEvent(KaitaiStruct):
        """GTID_LOG_EVENT (33) and ANONYMOUS_GTID_LOG_EVENT (34): the first
        event of a transaction, with its GTID (anonymous: gno 0 and a zero
        sid) and the logical clock used by the parallel applier.
        
        The body grew over versions; every part after `gno` is read only if
        bytes remain, as MySQL does:
        
        * 5.6: flags, sid, gno (25 bytes);
        * 5.7: + lt_type (2), last_committed, sequence_number (42 bytes);
        * 8.0.1+: + commit timestamps, transaction length and server
          versions (54 bytes on the originating server, 56+ on replicas);
        * 8.0.x group replication: + commit_group_ticket.
        
        5.7.0-5.7.4 wrote a different logical-timestamp type code; its data
        is then kept raw in `old_logical_timestamps`.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Gtid_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Gtid_event::Gtid_event
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.GtidEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.gtid_flags = self._io.read_u1()
            self.sid = self._io.read_bytes(16)
            self.gno = self._io.read_s8le()
            if self.has_lt_type:
                pass
                self.lt_type = KaitaiStream.resolve_enum(EventGtid.LogicalTimestampTypecode, self._io.read_u1())

            if self.has_logical_timestamps:
                pass
                self.last_committed = self._io.read_s8le()

            if self.has_logical_timestamps:
                pass
                self.sequence_number = self._io.read_s8le()

            if  ((self.has_lt_type) and ((not (self.has_logical_timestamps)))) :
                pass
                self.old_logical_timestamps = self._io.read_bytes_full()

            if self.has_commit_timestamps:
                pass
                self.encoded_immediate_commit_timestamp = EventGtid.U56Le(self._io, self, self._root)

            if self.has_original_commit_timestamp:
                pass
                self.encoded_original_commit_timestamp = EventGtid.U56Le(self._io, self, self._root)

            if self.has_transaction_length:
                pass
                self.transaction_length = packed_int.PackedInt(self._io)

            if self.has_server_versions:
                pass
                self.encoded_immediate_server_version = self._io.read_u4le()

            if self.has_original_server_version:
                pass
                self.encoded_original_server_version = self._io.read_u4le()

            if self.has_commit_group_ticket:
                pass
                self.commit_group_ticket = self._io.read_u8le()



        def _fetch_instances(self):
            pass
            if self.has_lt_type:
                pass

            if self.has_logical_timestamps:
                pass

            if self.has_logical_timestamps:
                pass

            if  ((self.has_lt_type) and ((not (self.has_logical_timestamps)))) :
                pass

            if self.has_commit_timestamps:
                pass
                self.encoded_immediate_commit_timestamp._fetch_instances()

            if self.has_original_commit_timestamp:
                pass
                self.encoded_original_commit_timestamp._fetch_instances()

            if self.has_transaction_length:
                pass
                self.transaction_length._fetch_instances()

            if self.has_server_versions:
                pass

            if self.has_original_server_version:
                pass

            if self.has_commit_group_ticket:
                pass


        @property
        def has_commit_group_ticket(self):
            if hasattr(self, '_m_has_commit_group_ticket'):
                return self._m_has_commit_group_ticket

            self._m_has_commit_group_ticket =  ((self.has_server_versions) and (self._io.size() - self.ofs_commit_group_ticket >= 8)) 
            return getattr(self, '_m_has_commit_group_ticket', None)

        @property
        def has_commit_timestamps(self):
            """True when the commit timestamps are present (8.0.1+)."""
            if hasattr(self, '_m_has_commit_timestamps'):
                return self._m_has_commit_timestamps

            self._m_has_commit_timestamps =  ((self.has_logical_timestamps) and (self._io.size() >= 49)) 
            return getattr(self, '_m_has_commit_timestamps', None)

        @property
        def has_logical_timestamps(self):
            """True when last_committed and sequence_number are present (5.7.5+)."""
            if hasattr(self, '_m_has_logical_timestamps'):
                return self._m_has_logical_timestamps

            self._m_has_logical_timestamps =  ((self.has_lt_type) and (self.lt_type == EventGtid.LogicalTimestampTypecode.logical_timestamps) and (self._io.size() >= 42)) 
            return getattr(self, '_m_has_logical_timestamps', None)

        @property
        def has_lt_type(self):
            """False for MySQL 5.6 bodies (flags, sid and gno only)."""
            if hasattr(self, '_m_has_lt_type'):
                return self._m_has_lt_type

            self._m_has_lt_type = self._io.size() > 25
            return getattr(self, '_m_has_lt_type', None)

        @property
        def has_original_commit_timestamp(self):
            if hasattr(self, '_m_has_original_commit_timestamp'):
                return self._m_has_original_commit_timestamp

            self._m_has_original_commit_timestamp =  ((self.has_commit_timestamps) and (self.encoded_immediate_commit_timestamp.is_flag_set)) 
            return getattr(self, '_m_has_original_commit_timestamp', None)

        @property
        def has_original_server_version(self):
            if hasattr(self, '_m_has_original_server_version'):
                return self._m_has_original_server_version

            self._m_has_original_server_version =  ((self.has_server_versions) and (self.encoded_immediate_server_version >= 2147483648)) 
            return getattr(self, '_m_has_original_server_version', None)

        @property
        def has_server_versions(self):
            if hasattr(self, '_m_has_server_versions'):
                return self._m_has_server_versions

            self._m_has_server_versions =  ((self.has_transaction_length) and (self._io.size() - self.ofs_server_version >= 4)) 
            return getattr(self, '_m_has_server_versions', None)

        @property
        def has_transaction_length(self):
            if hasattr(self, '_m_has_transaction_length'):
                return self._m_has_transaction_length

            self._m_has_transaction_length =  ((self.has_commit_timestamps) and (self._io.size() > self.ofs_transaction_length)) 
            return getattr(self, '_m_has_transaction_length', None)

        @property
        def immediate_commit_timestamp(self):
            """Commit time on the immediate source, microseconds since the epoch."""
            if hasattr(self, '_m_immediate_commit_timestamp'):
                return self._m_immediate_commit_timestamp

            if self.has_commit_timestamps:
                pass
                self._m_immediate_commit_timestamp = self.encoded_immediate_commit_timestamp.value

            return getattr(self, '_m_immediate_commit_timestamp', None)

        @property
        def immediate_server_version(self):
            """Version of the immediate source as major*10000 + minor*100 + patch."""
            if hasattr(self, '_m_immediate_server_version'):
                return self._m_immediate_server_version

            if self.has_server_versions:
                pass
                self._m_immediate_server_version = (self.encoded_immediate_server_version - 2147483648 if self.encoded_immediate_server_version >= 2147483648 else self.encoded_immediate_server_version)

            return getattr(self, '_m_immediate_server_version', None)

        @property
        def is_anonymous(self):
            """True for ANONYMOUS_GTID_LOG_EVENT bodies (gno is 0 only there)."""
            if hasattr(self, '_m_is_anonymous'):
                return self._m_is_anonymous

            self._m_is_anonymous = self.gno == 0
            return getattr(self, '_m_is_anonymous', None)

        @property
        def len_transaction_length(self):
            """Bytes taken by the packed `transaction_length`."""
            if hasattr(self, '_m_len_transaction_length'):
                return self._m_len_transaction_length

            self._m_len_transaction_length = (0 if (not (self.has_transaction_length)) else (1 if self.transaction_length.first < 251 else (3 if self.transaction_length.first == 252 else (4 if self.transaction_length.first == 253 else 9))))
            return getattr(self, '_m_len_transaction_length', None)

        @property
        def may_have_sbr(self):
            """FLAG_MAY_HAVE_SBR, the transaction may contain statement-based events."""
            if hasattr(self, '_m_may_have_sbr'):
                return self._m_may_have_sbr

            self._m_may_have_sbr = self.gtid_flags & int(EventGtid.GtidFlag.may_have_sbr) != 0
            return getattr(self, '_m_may_have_sbr', None)

        @property
        def ofs_commit_group_ticket(self):
            if hasattr(self, '_m_ofs_commit_group_ticket'):
                return self._m_ofs_commit_group_ticket

            self._m_ofs_commit_group_ticket = self.ofs_server_version + (8 if self.has_original_server_version else 4)
            return getattr(self, '_m_ofs_commit_group_ticket', None)

        @property
        def ofs_server_version(self):
            if hasattr(self, '_m_ofs_server_version'):
                return self._m_ofs_server_version

            self._m_ofs_server_version = self.ofs_transaction_length + self.len_transaction_length
            return getattr(self, '_m_ofs_server_version', None)

        @property
        def ofs_transaction_length(self):
            if hasattr(self, '_m_ofs_transaction_length'):
                return self._m_ofs_transaction_length

            self._m_ofs_transaction_length = 49 + (7 if self.has_original_commit_timestamp else 0)
            return getattr(self, '_m_ofs_transaction_length', None)

        @property
        def original_commit_timestamp(self):
            """Commit time on the originating source (= immediate when not written)."""
            if hasattr(self, '_m_original_commit_timestamp'):
                return self._m_original_commit_timestamp

            if self.has_commit_timestamps:
                pass
                self._m_original_commit_timestamp = (self.encoded_original_commit_timestamp.value if self.has_original_commit_timestamp else self.encoded_immediate_commit_timestamp.value)

            return getattr(self, '_m_original_commit_timestamp', None)

        @property
        def original_server_version(self):
            """Version of the originating server (= immediate when not written)."""
            if hasattr(self, '_m_original_server_version'):
                return self._m_original_server_version

            if self.has_server_versions:
                pass
                self._m_original_server_version = (self.encoded_original_server_version if self.has_original_server_version else self.immediate_server_version)

            return getattr(self, '_m_original_server_version', None)


    class GtidInterval(KaitaiStruct):
        """GTID numbers `start` to `end - 1` (the end is exclusive).
        
        .. seealso::
           sql/rpl_gtid_set.cc Gtid_set::encode (interval start, end)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.GtidInterval, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.start = self._io.read_s8le()
            self.end = self._io.read_s8le()


        def _fetch_instances(self):
            pass


    class GtidSet(KaitaiStruct):
        """An encoded GTID set. The first 8 bytes hold the number of sids and
        the format: untagged (byte 7 = 0): the count is the low 56 bits;
        tagged (MySQL 8.3+, byte 7 = 1): byte 0 is also 1 and the count is
        in bytes 1-6. Then per sid: UUID, tag (tagged format only: varlen
        length and characters, length 0 = no tag), interval count and the
        intervals [start, end).
        
        .. seealso::
           sql/rpl_gtid_set.cc encode_nsids_format, decode_nsids_format, Gtid_set::encode
        
        
        .. seealso::
           libs/mysql/gtid/tag.cpp Tag::encode_tag
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.GtidSet, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_sids_lo = self._io.read_u1()
            self.num_sids_mid = self._io.read_u4le()
            self.num_sids_hi = self._io.read_u2le()
            self.gtid_format = KaitaiStream.resolve_enum(EventGtid.GtidFormat, self._io.read_u1())
            self.sids = []
            for i in range(self.num_sids):
                self.sids.append(EventGtid.GtidSetSid(self.is_tagged, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            for i in range(len(self.sids)):
                pass
                self.sids[i]._fetch_instances()


        @property
        def is_tagged(self):
            if hasattr(self, '_m_is_tagged'):
                return self._m_is_tagged

            self._m_is_tagged = self.gtid_format == EventGtid.GtidFormat.tagged
            return getattr(self, '_m_is_tagged', None)

        @property
        def num_sids(self):
            """Number of (uuid, tag) entries."""
            if hasattr(self, '_m_num_sids'):
                return self._m_num_sids

            self._m_num_sids = (self.num_sids_mid + self.num_sids_hi * 4294967296 if self.is_tagged else (self.num_sids_lo + self.num_sids_mid * 256) + self.num_sids_hi * 1099511627776)
            return getattr(self, '_m_num_sids', None)


    class GtidSetSid(KaitaiStruct):
        """The GTIDs of one source (UUID and, in the tagged format, tag) in a GTID set.
        
        .. seealso::
           sql/rpl_gtid_set.cc Gtid_set::add_gtid_encoding
        """
        def __init__(self, is_tagged, _io, _parent=None, _root=None):
            super(EventGtid.GtidSetSid, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_tagged = is_tagged
            self._read()

        def _read(self):
            self.uuid = self._io.read_bytes(16)
            if self.is_tagged:
                pass
                self.tag = EventGtid.SerializationString(self._io, self, self._root)

            self.num_intervals = self._io.read_u8le()
            self.intervals = []
            for i in range(self.num_intervals):
                self.intervals.append(EventGtid.GtidInterval(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            if self.is_tagged:
                pass
                self.tag._fetch_instances()

            for i in range(len(self.intervals)):
                pass
                self.intervals[i]._fetch_instances()



    class GtidTaggedEvent(KaitaiStruct):
        """GTID_TAGGED_LOG_EVENT (MySQL 8.3+): the GTID event of a transaction
        with a tagged GTID (`uuid:tag:gno`). Its body is a message of the
        mysql::serialization library:
        
        * `format_version` (the top-level field id, the serialization format
          version 1), `len_message` (size of the whole message, these
          header fields included) and `last_non_ignorable_field_id`, all
          variable-length integers;
        * then the fields in increasing id order, each as its id (varlen)
          and its value. A field can be absent (the encoder skips
          original_commit_timestamp, original_server_version and
          commit_group_ticket when they carry no information).
        
        Integers are variable-length (`serialization_varlen_uint`, signed
        ones zigzag-encoded in `serialization_varlen_int`); the 16 bytes of
        the UUID are a fixed-size array whose elements are each such an
        integer (1 or 2 bytes each); the tag is a string (varlen length and
        bytes).
        
        The fields are read as MySQL's decoder does: each field id is peeked
        and the field read only if the id is the expected one.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Gtid_event::define_fields
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Gtid_event::read_gtid_tagged_log_event
        
        
        .. seealso::
           libs/mysql/serialization/readme.md (Message format specification)
        
        
        .. seealso::
           libs/mysql/serialization/serializer_impl.hpp, serializer_default_impl.hpp (decode_serializable)
        
        
        .. seealso::
           libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_unsigned
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.GtidTaggedEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.format_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)
            self.len_message = EventGtid.SerializationVarlenUint(self._io, self, self._root)
            self.last_non_ignorable_field_id = EventGtid.SerializationVarlenUint(self._io, self, self._root)
            self._raw_fields = self._io.read_bytes((self.len_message.value - self._io.pos() if  ((self.len_message.value > self._io.pos()) and (self.len_message.value <= self._io.size()))  else self._io.size() - self._io.pos()))
            _io__raw_fields = KaitaiStream(BytesIO(self._raw_fields))
            self.fields = EventGtid.GtidTaggedFields(_io__raw_fields, self, self._root)


        def _fetch_instances(self):
            pass
            self.format_version._fetch_instances()
            self.len_message._fetch_instances()
            self.last_non_ignorable_field_id._fetch_instances()
            self.fields._fetch_instances()

        @property
        def commit_group_ticket(self):
            """0 (kGroupTicketUnset) when absent."""
            if hasattr(self, '_m_commit_group_ticket'):
                return self._m_commit_group_ticket

            self._m_commit_group_ticket = (self.fields.commit_group_ticket.value if self.fields.has_commit_group_ticket else 0)
            return getattr(self, '_m_commit_group_ticket', None)

        @property
        def gno(self):
            """Transaction number of the GTID."""
            if hasattr(self, '_m_gno'):
                return self._m_gno

            self._m_gno = (self.fields.gno.value if self.fields.has_gno else 0)
            return getattr(self, '_m_gno', None)

        @property
        def gtid_flags(self):
            if hasattr(self, '_m_gtid_flags'):
                return self._m_gtid_flags

            self._m_gtid_flags = (self.fields.gtid_flags.value if self.fields.has_gtid_flags else 0)
            return getattr(self, '_m_gtid_flags', None)

        @property
        def immediate_commit_timestamp(self):
            """Commit time on the immediate source, microseconds since the epoch."""
            if hasattr(self, '_m_immediate_commit_timestamp'):
                return self._m_immediate_commit_timestamp

            self._m_immediate_commit_timestamp = (self.fields.immediate_commit_timestamp.value if self.fields.has_immediate_commit_timestamp else 0)
            return getattr(self, '_m_immediate_commit_timestamp', None)

        @property
        def immediate_server_version(self):
            if hasattr(self, '_m_immediate_server_version'):
                return self._m_immediate_server_version

            self._m_immediate_server_version = (self.fields.immediate_server_version.value if self.fields.has_immediate_server_version else 0)
            return getattr(self, '_m_immediate_server_version', None)

        @property
        def last_committed(self):
            if hasattr(self, '_m_last_committed'):
                return self._m_last_committed

            self._m_last_committed = (self.fields.last_committed.value if self.fields.has_last_committed else 0)
            return getattr(self, '_m_last_committed', None)

        @property
        def may_have_sbr(self):
            """FLAG_MAY_HAVE_SBR."""
            if hasattr(self, '_m_may_have_sbr'):
                return self._m_may_have_sbr

            self._m_may_have_sbr = self.gtid_flags & int(EventGtid.GtidFlag.may_have_sbr) != 0
            return getattr(self, '_m_may_have_sbr', None)

        @property
        def original_commit_timestamp(self):
            """Commit time on the originating source (= immediate when absent)."""
            if hasattr(self, '_m_original_commit_timestamp'):
                return self._m_original_commit_timestamp

            self._m_original_commit_timestamp = (self.fields.original_commit_timestamp.value if self.fields.has_original_commit_timestamp else self.immediate_commit_timestamp)
            return getattr(self, '_m_original_commit_timestamp', None)

        @property
        def original_server_version(self):
            """Version of the originating server (= immediate when absent)."""
            if hasattr(self, '_m_original_server_version'):
                return self._m_original_server_version

            self._m_original_server_version = (self.fields.original_server_version.value if self.fields.has_original_server_version else self.immediate_server_version)
            return getattr(self, '_m_original_server_version', None)

        @property
        def sequence_number(self):
            if hasattr(self, '_m_sequence_number'):
                return self._m_sequence_number

            self._m_sequence_number = (self.fields.sequence_number.value if self.fields.has_sequence_number else 0)
            return getattr(self, '_m_sequence_number', None)

        @property
        def sid(self):
            """The 16 UUID bytes, each a `serialization_varlen_uint` whose
            `.value` is the byte (Kaitai cannot build a byte array from them:
            `bytes(b.value for b in sid)` in Python).
            """
            if hasattr(self, '_m_sid'):
                return self._m_sid

            self._m_sid = self.fields.sid
            return getattr(self, '_m_sid', None)

        @property
        def tag(self):
            """The GTID tag (lower case, 1-32 characters)."""
            if hasattr(self, '_m_tag'):
                return self._m_tag

            self._m_tag = (self.fields.tag.value if self.fields.has_tag else u"")
            return getattr(self, '_m_tag', None)

        @property
        def transaction_length(self):
            if hasattr(self, '_m_transaction_length'):
                return self._m_transaction_length

            self._m_transaction_length = (self.fields.transaction_length.value if self.fields.has_transaction_length else 0)
            return getattr(self, '_m_transaction_length', None)


    class GtidTaggedFields(KaitaiStruct):
        """The fields of a GTID_TAGGED_LOG_EVENT message, in id order, read the
        way MySQL's decoder reads them: before each expected field the next
        field id is peeked (`peek_N`, one byte: ids below 64 are encoded as
        id * 2) and the field is read only when it is the expected one
        (`has_N`). The peeks are evaluated during the parse, in seq order;
        each `has_*` caches its answer.
        
        .. seealso::
           libs/mysql/serialization/serializer_default_impl.hpp decode_field_id, decode
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Gtid_event::define_fields
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.GtidTaggedFields, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            if self.has_gtid_flags:
                pass
                self.id_gtid_flags = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_gtid_flags:
                pass
                self.gtid_flags = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_sid:
                pass
                self.id_sid = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_sid:
                pass
                self.sid = []
                for i in range(16):
                    self.sid.append(EventGtid.SerializationVarlenUint(self._io, self, self._root))


            if self.has_gno:
                pass
                self.id_gno = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_gno:
                pass
                self.gno = EventGtid.SerializationVarlenInt(self._io, self, self._root)

            if self.has_tag:
                pass
                self.id_tag = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_tag:
                pass
                self.tag = EventGtid.SerializationString(self._io, self, self._root)

            if self.has_last_committed:
                pass
                self.id_last_committed = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_last_committed:
                pass
                self.last_committed = EventGtid.SerializationVarlenInt(self._io, self, self._root)

            if self.has_sequence_number:
                pass
                self.id_sequence_number = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_sequence_number:
                pass
                self.sequence_number = EventGtid.SerializationVarlenInt(self._io, self, self._root)

            if self.has_immediate_commit_timestamp:
                pass
                self.id_immediate_commit_timestamp = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_immediate_commit_timestamp:
                pass
                self.immediate_commit_timestamp = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_original_commit_timestamp:
                pass
                self.id_original_commit_timestamp = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_original_commit_timestamp:
                pass
                self.original_commit_timestamp = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_transaction_length:
                pass
                self.id_transaction_length = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_transaction_length:
                pass
                self.transaction_length = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_immediate_server_version:
                pass
                self.id_immediate_server_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_immediate_server_version:
                pass
                self.immediate_server_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_original_server_version:
                pass
                self.id_original_server_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_original_server_version:
                pass
                self.original_server_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_commit_group_ticket:
                pass
                self.id_commit_group_ticket = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if self.has_commit_group_ticket:
                pass
                self.commit_group_ticket = EventGtid.SerializationVarlenUint(self._io, self, self._root)

            if (not (self._io.is_eof())):
                pass
                self.unknown_fields = self._io.read_bytes_full()



        def _fetch_instances(self):
            pass
            if self.has_gtid_flags:
                pass
                self.id_gtid_flags._fetch_instances()

            if self.has_gtid_flags:
                pass
                self.gtid_flags._fetch_instances()

            if self.has_sid:
                pass
                self.id_sid._fetch_instances()

            if self.has_sid:
                pass
                for i in range(len(self.sid)):
                    pass
                    self.sid[i]._fetch_instances()


            if self.has_gno:
                pass
                self.id_gno._fetch_instances()

            if self.has_gno:
                pass
                self.gno._fetch_instances()

            if self.has_tag:
                pass
                self.id_tag._fetch_instances()

            if self.has_tag:
                pass
                self.tag._fetch_instances()

            if self.has_last_committed:
                pass
                self.id_last_committed._fetch_instances()

            if self.has_last_committed:
                pass
                self.last_committed._fetch_instances()

            if self.has_sequence_number:
                pass
                self.id_sequence_number._fetch_instances()

            if self.has_sequence_number:
                pass
                self.sequence_number._fetch_instances()

            if self.has_immediate_commit_timestamp:
                pass
                self.id_immediate_commit_timestamp._fetch_instances()

            if self.has_immediate_commit_timestamp:
                pass
                self.immediate_commit_timestamp._fetch_instances()

            if self.has_original_commit_timestamp:
                pass
                self.id_original_commit_timestamp._fetch_instances()

            if self.has_original_commit_timestamp:
                pass
                self.original_commit_timestamp._fetch_instances()

            if self.has_transaction_length:
                pass
                self.id_transaction_length._fetch_instances()

            if self.has_transaction_length:
                pass
                self.transaction_length._fetch_instances()

            if self.has_immediate_server_version:
                pass
                self.id_immediate_server_version._fetch_instances()

            if self.has_immediate_server_version:
                pass
                self.immediate_server_version._fetch_instances()

            if self.has_original_server_version:
                pass
                self.id_original_server_version._fetch_instances()

            if self.has_original_server_version:
                pass
                self.original_server_version._fetch_instances()

            if self.has_commit_group_ticket:
                pass
                self.id_commit_group_ticket._fetch_instances()

            if self.has_commit_group_ticket:
                pass
                self.commit_group_ticket._fetch_instances()

            if (not (self._io.is_eof())):
                pass

            _ = self.peek_0
            if hasattr(self, '_m_peek_0'):
                pass

            _ = self.peek_1
            if hasattr(self, '_m_peek_1'):
                pass

            _ = self.peek_10
            if hasattr(self, '_m_peek_10'):
                pass

            _ = self.peek_11
            if hasattr(self, '_m_peek_11'):
                pass

            _ = self.peek_2
            if hasattr(self, '_m_peek_2'):
                pass

            _ = self.peek_3
            if hasattr(self, '_m_peek_3'):
                pass

            _ = self.peek_4
            if hasattr(self, '_m_peek_4'):
                pass

            _ = self.peek_5
            if hasattr(self, '_m_peek_5'):
                pass

            _ = self.peek_6
            if hasattr(self, '_m_peek_6'):
                pass

            _ = self.peek_7
            if hasattr(self, '_m_peek_7'):
                pass

            _ = self.peek_8
            if hasattr(self, '_m_peek_8'):
                pass

            _ = self.peek_9
            if hasattr(self, '_m_peek_9'):
                pass


        @property
        def has_commit_group_ticket(self):
            """True when field 11 (commit_group_ticket) is present."""
            if hasattr(self, '_m_has_commit_group_ticket'):
                return self._m_has_commit_group_ticket

            self._m_has_commit_group_ticket =  ((self._io.pos() < self._io.size()) and (self.peek_11 == 22)) 
            return getattr(self, '_m_has_commit_group_ticket', None)

        @property
        def has_gno(self):
            """True when field 2 (gno) is present."""
            if hasattr(self, '_m_has_gno'):
                return self._m_has_gno

            self._m_has_gno =  ((self._io.pos() < self._io.size()) and (self.peek_2 == 4)) 
            return getattr(self, '_m_has_gno', None)

        @property
        def has_gtid_flags(self):
            """True when field 0 (gtid_flags) is present."""
            if hasattr(self, '_m_has_gtid_flags'):
                return self._m_has_gtid_flags

            self._m_has_gtid_flags =  ((self._io.pos() < self._io.size()) and (self.peek_0 == 0)) 
            return getattr(self, '_m_has_gtid_flags', None)

        @property
        def has_immediate_commit_timestamp(self):
            """True when field 6 (immediate_commit_timestamp) is present."""
            if hasattr(self, '_m_has_immediate_commit_timestamp'):
                return self._m_has_immediate_commit_timestamp

            self._m_has_immediate_commit_timestamp =  ((self._io.pos() < self._io.size()) and (self.peek_6 == 12)) 
            return getattr(self, '_m_has_immediate_commit_timestamp', None)

        @property
        def has_immediate_server_version(self):
            """True when field 9 (immediate_server_version) is present."""
            if hasattr(self, '_m_has_immediate_server_version'):
                return self._m_has_immediate_server_version

            self._m_has_immediate_server_version =  ((self._io.pos() < self._io.size()) and (self.peek_9 == 18)) 
            return getattr(self, '_m_has_immediate_server_version', None)

        @property
        def has_last_committed(self):
            """True when field 4 (last_committed) is present."""
            if hasattr(self, '_m_has_last_committed'):
                return self._m_has_last_committed

            self._m_has_last_committed =  ((self._io.pos() < self._io.size()) and (self.peek_4 == 8)) 
            return getattr(self, '_m_has_last_committed', None)

        @property
        def has_original_commit_timestamp(self):
            """True when field 7 (original_commit_timestamp) is present."""
            if hasattr(self, '_m_has_original_commit_timestamp'):
                return self._m_has_original_commit_timestamp

            self._m_has_original_commit_timestamp =  ((self._io.pos() < self._io.size()) and (self.peek_7 == 14)) 
            return getattr(self, '_m_has_original_commit_timestamp', None)

        @property
        def has_original_server_version(self):
            """True when field 10 (original_server_version) is present."""
            if hasattr(self, '_m_has_original_server_version'):
                return self._m_has_original_server_version

            self._m_has_original_server_version =  ((self._io.pos() < self._io.size()) and (self.peek_10 == 20)) 
            return getattr(self, '_m_has_original_server_version', None)

        @property
        def has_sequence_number(self):
            """True when field 5 (sequence_number) is present."""
            if hasattr(self, '_m_has_sequence_number'):
                return self._m_has_sequence_number

            self._m_has_sequence_number =  ((self._io.pos() < self._io.size()) and (self.peek_5 == 10)) 
            return getattr(self, '_m_has_sequence_number', None)

        @property
        def has_sid(self):
            """True when field 1 (sid) is present."""
            if hasattr(self, '_m_has_sid'):
                return self._m_has_sid

            self._m_has_sid =  ((self._io.pos() < self._io.size()) and (self.peek_1 == 2)) 
            return getattr(self, '_m_has_sid', None)

        @property
        def has_tag(self):
            """True when field 3 (tag) is present."""
            if hasattr(self, '_m_has_tag'):
                return self._m_has_tag

            self._m_has_tag =  ((self._io.pos() < self._io.size()) and (self.peek_3 == 6)) 
            return getattr(self, '_m_has_tag', None)

        @property
        def has_transaction_length(self):
            """True when field 8 (transaction_length) is present."""
            if hasattr(self, '_m_has_transaction_length'):
                return self._m_has_transaction_length

            self._m_has_transaction_length =  ((self._io.pos() < self._io.size()) and (self.peek_8 == 16)) 
            return getattr(self, '_m_has_transaction_length', None)

        @property
        def peek_0(self):
            """The byte at the current position when field 0 is due."""
            if hasattr(self, '_m_peek_0'):
                return self._m_peek_0

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_0 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_0', None)

        @property
        def peek_1(self):
            """The byte at the current position when field 1 is due."""
            if hasattr(self, '_m_peek_1'):
                return self._m_peek_1

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_1 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_1', None)

        @property
        def peek_10(self):
            """The byte at the current position when field 10 is due."""
            if hasattr(self, '_m_peek_10'):
                return self._m_peek_10

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_10 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_10', None)

        @property
        def peek_11(self):
            """The byte at the current position when field 11 is due."""
            if hasattr(self, '_m_peek_11'):
                return self._m_peek_11

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_11 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_11', None)

        @property
        def peek_2(self):
            """The byte at the current position when field 2 is due."""
            if hasattr(self, '_m_peek_2'):
                return self._m_peek_2

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_2 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_2', None)

        @property
        def peek_3(self):
            """The byte at the current position when field 3 is due."""
            if hasattr(self, '_m_peek_3'):
                return self._m_peek_3

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_3 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_3', None)

        @property
        def peek_4(self):
            """The byte at the current position when field 4 is due."""
            if hasattr(self, '_m_peek_4'):
                return self._m_peek_4

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_4 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_4', None)

        @property
        def peek_5(self):
            """The byte at the current position when field 5 is due."""
            if hasattr(self, '_m_peek_5'):
                return self._m_peek_5

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_5 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_5', None)

        @property
        def peek_6(self):
            """The byte at the current position when field 6 is due."""
            if hasattr(self, '_m_peek_6'):
                return self._m_peek_6

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_6 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_6', None)

        @property
        def peek_7(self):
            """The byte at the current position when field 7 is due."""
            if hasattr(self, '_m_peek_7'):
                return self._m_peek_7

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_7 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_7', None)

        @property
        def peek_8(self):
            """The byte at the current position when field 8 is due."""
            if hasattr(self, '_m_peek_8'):
                return self._m_peek_8

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_8 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_8', None)

        @property
        def peek_9(self):
            """The byte at the current position when field 9 is due."""
            if hasattr(self, '_m_peek_9'):
                return self._m_peek_9

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_9 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_9', None)


    class PayloadField(KaitaiStruct):
        """One TLV field of a TRANSACTION_PAYLOAD_EVENT header.
        
        .. seealso::
           libs/mysql/binlog/event/codecs/binary.cpp Transaction_payload::decode
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.PayloadField, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.field_type = packed_int.PackedInt(self._io)
            if (not (self.is_end)):
                pass
                self.len_value = packed_int.PackedInt(self._io)

            if (not (self.is_end)):
                pass
                _on = self.field_type.value
                if _on == 1:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = packed_int.PackedInt(_io__raw_value)
                elif _on == 2:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = packed_int.PackedInt(_io__raw_value)
                elif _on == 3:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = packed_int.PackedInt(_io__raw_value)
                else:
                    pass
                    self.value = self._io.read_bytes(self.len_value.value)



        def _fetch_instances(self):
            pass
            self.field_type._fetch_instances()
            if (not (self.is_end)):
                pass
                self.len_value._fetch_instances()

            if (not (self.is_end)):
                pass
                _on = self.field_type.value
                if _on == 1:
                    pass
                    self.value._fetch_instances()
                elif _on == 2:
                    pass
                    self.value._fetch_instances()
                elif _on == 3:
                    pass
                    self.value._fetch_instances()
                else:
                    pass


        @property
        def field_type_enum(self):
            if hasattr(self, '_m_field_type_enum'):
                return self._m_field_type_enum

            self._m_field_type_enum = KaitaiStream.resolve_enum(EventGtid.PayloadFieldType, self.field_type.value)
            return getattr(self, '_m_field_type_enum', None)

        @property
        def int_value(self):
            if hasattr(self, '_m_int_value'):
                return self._m_int_value

            if self.is_known:
                pass
                self._m_int_value = self.value.value

            return getattr(self, '_m_int_value', None)

        @property
        def is_end(self):
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.field_type.value == 0
            return getattr(self, '_m_is_end', None)

        @property
        def is_known(self):
            if hasattr(self, '_m_is_known'):
                return self._m_is_known

            self._m_is_known =  ((self.field_type.value >= 1) and (self.field_type.value <= 3)) 
            return getattr(self, '_m_is_known', None)


    class PreviousGtidsEvent(KaitaiStruct):
        """PREVIOUS_GTIDS_LOG_EVENT (MySQL 5.6+): the set of GTIDs written to
        all earlier binary logs (gtid_executed at the file's start), the
        second event of every file. The body is an encoded GTID set.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Previous_gtids_event
        
        
        .. seealso::
           sql/rpl_gtid_set.cc Gtid_set::encode, Gtid_set::add_gtid_encoding
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.PreviousGtidsEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.gtid_set = EventGtid.GtidSet(self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.gtid_set._fetch_instances()

        @property
        def num_sids(self):
            """Number of (uuid, tag) entries of the set."""
            if hasattr(self, '_m_num_sids'):
                return self._m_num_sids

            self._m_num_sids = self.gtid_set.num_sids
            return getattr(self, '_m_num_sids', None)

        @property
        def sids(self):
            """The entries of the set (`uuid`, `tag`, `intervals`)."""
            if hasattr(self, '_m_sids'):
                return self._m_sids

            self._m_sids = self.gtid_set.sids
            return getattr(self, '_m_sids', None)


    class SerializationString(KaitaiStruct):
        """A string of mysql::serialization (varlen length, then the bytes).
        
        .. seealso::
           libs/mysql/serialization/primitive_type_codec.h Primitive_type_codec<std::string>::read_bytes
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.SerializationString, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_value = EventGtid.SerializationVarlenUint(self._io, self, self._root)
            self.value = (self._io.read_bytes(self.len_value.value)).decode(u"ASCII")


        def _fetch_instances(self):
            pass
            self.len_value._fetch_instances()


    class SerializationVarlenInt(KaitaiStruct):
        """Signed variable-length integer of mysql::serialization: an unsigned
        one holding the zigzag encoding (bit 0 = sign, x >= 0 as x << 1,
        x < 0 as ((-(x + 1)) << 1) | 1).
        
        .. seealso::
           libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_signed
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.SerializationVarlenInt, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.raw = EventGtid.SerializationVarlenUint(self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.raw._fetch_instances()

        @property
        def value(self):
            """The decoded signed integer."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.raw.value // 2 if self.raw.value % 2 == 0 else -(self.raw.value // 2) - 1)
            return getattr(self, '_m_value', None)


    class SerializationVarlenUint(KaitaiStruct):
        """Unsigned variable-length integer of mysql::serialization: 1 to 9
        bytes, little-endian. The number of trailing one bits of the first
        byte, plus one, is the number of bytes. For 1-8 bytes the value is
        the first byte shifted right by that number, plus the following
        bytes shifted left by (8 - number of bytes); with 9 bytes (first
        byte 0xff) the 8 following bytes are the value.
        
        .. seealso::
           libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_unsigned
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.SerializationVarlenUint, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.first = self._io.read_u1()
            self.rest = self._io.read_bytes(self.num_bytes - 1)


        def _fetch_instances(self):
            pass

        @property
        def num_bytes(self):
            """Length of the encoding (countr_one(first) + 1)."""
            if hasattr(self, '_m_num_bytes'):
                return self._m_num_bytes

            self._m_num_bytes = (1 if self.first & 1 == 0 else (2 if self.first & 3 == 1 else (3 if self.first & 7 == 3 else (4 if self.first & 15 == 7 else (5 if self.first & 31 == 15 else (6 if self.first & 63 == 31 else (7 if self.first & 127 == 63 else (8 if self.first == 127 else 9))))))))
            return getattr(self, '_m_num_bytes', None)

        @property
        def rest_value(self):
            if hasattr(self, '_m_rest_value'):
                return self._m_rest_value

            self._m_rest_value = (((((((KaitaiStream.byte_array_index(self.rest, 0) if self.num_bytes > 1 else 0) + (KaitaiStream.byte_array_index(self.rest, 1) * 256 if self.num_bytes > 2 else 0)) + (KaitaiStream.byte_array_index(self.rest, 2) * 65536 if self.num_bytes > 3 else 0)) + (KaitaiStream.byte_array_index(self.rest, 3) * 16777216 if self.num_bytes > 4 else 0)) + (KaitaiStream.byte_array_index(self.rest, 4) * 4294967296 if self.num_bytes > 5 else 0)) + (KaitaiStream.byte_array_index(self.rest, 5) * 1099511627776 if self.num_bytes > 6 else 0)) + (KaitaiStream.byte_array_index(self.rest, 6) * 281474976710656 if self.num_bytes > 7 else 0)) + (KaitaiStream.byte_array_index(self.rest, 7) * 72057594037927936 if self.num_bytes > 8 else 0)
            return getattr(self, '_m_rest_value', None)

        @property
        def value(self):
            """The decoded integer."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.first // 2 if self.num_bytes == 1 else (self.rest_value if self.num_bytes == 9 else self.first // (4 if self.num_bytes == 2 else (8 if self.num_bytes == 3 else (16 if self.num_bytes == 4 else (32 if self.num_bytes == 5 else (64 if self.num_bytes == 6 else (128 if self.num_bytes == 7 else 256)))))) + self.rest_value * (64 if self.num_bytes == 2 else (32 if self.num_bytes == 3 else (16 if self.num_bytes == 4 else (8 if self.num_bytes == 5 else (4 if self.num_bytes == 6 else (2 if self.num_bytes == 7 else 1))))))))
            return getattr(self, '_m_value', None)


    class SetItem(KaitaiStruct):
        """One item of a transaction context's write or read set (u2 length + bytes).
        
        .. seealso::
           libs/mysql/binlog/event/event_reader.cpp Event_reader::read_data_set
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.SetItem, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_value = self._io.read_u2le()
            self.value = self._io.read_bytes(self.len_value)


        def _fetch_instances(self):
            pass


    class TransactionContextEvent(KaitaiStruct):
        """TRANSACTION_CONTEXT_EVENT (group replication, 5.7.6+): the write set
        of a transaction, used for certification; written to relay logs.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Transaction_context_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Transaction_context_event::Transaction_context_event
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.TransactionContextEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_server_uuid = self._io.read_u1()
            self.thread_id = self._io.read_u4le()
            self.gtid_specified = self._io.read_u1()
            self.len_snapshot_version = self._io.read_u4le()
            self.num_write_set_items = self._io.read_u4le()
            self.num_read_set_items = self._io.read_u4le()
            self.server_uuid = (self._io.read_bytes(self.len_server_uuid)).decode(u"ASCII")
            if self.len_snapshot_version >= 8:
                pass
                self._raw_snapshot_version = self._io.read_bytes(self.len_snapshot_version)
                _io__raw_snapshot_version = KaitaiStream(BytesIO(self._raw_snapshot_version))
                self.snapshot_version = EventGtid.GtidSet(_io__raw_snapshot_version, self, self._root)

            if self.len_snapshot_version < 8:
                pass
                self.snapshot_version_raw = self._io.read_bytes(self.len_snapshot_version)

            self.write_set = []
            for i in range(self.num_write_set_items):
                self.write_set.append(EventGtid.SetItem(self._io, self, self._root))

            self.read_set = []
            for i in range(self.num_read_set_items):
                self.read_set.append(EventGtid.SetItem(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            if self.len_snapshot_version >= 8:
                pass
                self.snapshot_version._fetch_instances()

            if self.len_snapshot_version < 8:
                pass

            for i in range(len(self.write_set)):
                pass
                self.write_set[i]._fetch_instances()

            for i in range(len(self.read_set)):
                pass
                self.read_set[i]._fetch_instances()



    class TransactionPayloadEvent(KaitaiStruct):
        """TRANSACTION_PAYLOAD_EVENT (MySQL 8.0.20+, binlog_transaction_compression):
        the events of a whole transaction, compressed. The body starts with
        a header of type-length-value fields (each part a packed integer)
        ended by the type END_MARK (0), then the payload: for ZSTD a zstd
        frame of the concatenated inner events (full 19-byte headers, no
        CRC32), for NONE the events themselves.
        
        The format description lists 40 as this type's post-header length,
        but the TLV header starts right at the body start: MySQL decodes it
        from there and so does this spec. Decompression is left to the
        runtime (no `process:`, which the Web IDE cannot run).
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Transaction_payload_event
        
        
        .. seealso::
           libs/mysql/binlog/event/codecs/binary.cpp Transaction_payload::decode
        
        
        .. seealso::
           libs/mysql/binlog/event/codecs/binary.h Transaction_payload::fields
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.TransactionPayloadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.fields = []
            i = 0
            while True:
                _ = EventGtid.PayloadField(self._io, self, self._root)
                self.fields.append(_)
                if  ((_.is_end) or (self._io.is_eof())) :
                    break
                i += 1
            self.payload = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()


        @property
        def compression_type(self):
            """COMPRESSION_TYPE of the payload."""
            if hasattr(self, '_m_compression_type'):
                return self._m_compression_type

            self._m_compression_type = KaitaiStream.resolve_enum(EventGtid.CompressionType, self.compression_type_value)
            return getattr(self, '_m_compression_type', None)

        @property
        def compression_type_value(self):
            """COMPRESSION_TYPE as a number (255 = NONE when the field is missing)."""
            if hasattr(self, '_m_compression_type_value'):
                return self._m_compression_type_value

            self._m_compression_type_value = (self.fields[0].int_value if  ((len(self.fields) > 0) and (self.fields[0].field_type.value == 2))  else (self.fields[1].int_value if  ((len(self.fields) > 1) and (self.fields[1].field_type.value == 2))  else (self.fields[2].int_value if  ((len(self.fields) > 2) and (self.fields[2].field_type.value == 2))  else (self.fields[3].int_value if  ((len(self.fields) > 3) and (self.fields[3].field_type.value == 2))  else (self.fields[4].int_value if  ((len(self.fields) > 4) and (self.fields[4].field_type.value == 2))  else 255)))))
            return getattr(self, '_m_compression_type_value', None)

        @property
        def payload_size(self):
            """PAYLOAD_SIZE, the size of `payload` (the actual size when the field is missing)."""
            if hasattr(self, '_m_payload_size'):
                return self._m_payload_size

            self._m_payload_size = (self.fields[0].int_value if  ((len(self.fields) > 0) and (self.fields[0].field_type.value == 1))  else (self.fields[1].int_value if  ((len(self.fields) > 1) and (self.fields[1].field_type.value == 1))  else (self.fields[2].int_value if  ((len(self.fields) > 2) and (self.fields[2].field_type.value == 1))  else (self.fields[3].int_value if  ((len(self.fields) > 3) and (self.fields[3].field_type.value == 1))  else (self.fields[4].int_value if  ((len(self.fields) > 4) and (self.fields[4].field_type.value == 1))  else len(self.payload))))))
            return getattr(self, '_m_payload_size', None)

        @property
        def uncompressed_size(self):
            """UNCOMPRESSED_SIZE (informational; = payload_size when missing, as for NONE)."""
            if hasattr(self, '_m_uncompressed_size'):
                return self._m_uncompressed_size

            self._m_uncompressed_size = (self.fields[0].int_value if  ((len(self.fields) > 0) and (self.fields[0].field_type.value == 3))  else (self.fields[1].int_value if  ((len(self.fields) > 1) and (self.fields[1].field_type.value == 3))  else (self.fields[2].int_value if  ((len(self.fields) > 2) and (self.fields[2].field_type.value == 3))  else (self.fields[3].int_value if  ((len(self.fields) > 3) and (self.fields[3].field_type.value == 3))  else (self.fields[4].int_value if  ((len(self.fields) > 4) and (self.fields[4].field_type.value == 3))  else self.payload_size)))))
            return getattr(self, '_m_uncompressed_size', None)


    class U56Le(KaitaiStruct):
        """A 7-byte little-endian integer read as u4 + u2 + u1 (no 56-bit bit
        field: those break the JavaScript target). In an immediate commit
        timestamp bit 55 is a flag, see `is_flag_set`.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Gtid_event::Gtid_event (ENCODED_COMMIT_TIMESTAMP_LENGTH)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.U56Le, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.lo = self._io.read_u4le()
            self.mid = self._io.read_u2le()
            self.hi = self._io.read_u1()


        def _fetch_instances(self):
            pass

        @property
        def is_flag_set(self):
            """Bit 55."""
            if hasattr(self, '_m_is_flag_set'):
                return self._m_is_flag_set

            self._m_is_flag_set = self.hi >= 128
            return getattr(self, '_m_is_flag_set', None)

        @property
        def value(self):
            """The low 55 bits."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.lo + self.mid * 4294967296) + (self.hi - 128 if self.hi >= 128 else self.hi) * 281474976710656
            return getattr(self, '_m_value', None)


    class ViewChangeEvent(KaitaiStruct):
        """VIEW_CHANGE_EVENT (group replication, 5.7.6+): a member joined or
        left the group; carries the certification information.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h View_change_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp View_change_event::View_change_event
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.ViewChangeEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.view_id = (KaitaiStream.bytes_terminate(self._io.read_bytes(40), 0, False)).decode(u"ASCII")
            self.seq_number = self._io.read_s8le()
            self.num_cert_info = self._io.read_u4le()
            self.cert_info = []
            for i in range(self.num_cert_info):
                self.cert_info.append(EventGtid.CertInfoEntry(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            for i in range(len(self.cert_info)):
                pass
                self.cert_info[i]._fetch_instances()



    class XaPrepareEvent(KaitaiStruct):
        """XA_PREPARE_LOG_EVENT (5.7.7+): ends the event group of an XA PREPARE
        (or XA COMMIT ... ONE PHASE) with the XID of the XA transaction.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h XA_prepare_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp XA_prepare_event::XA_prepare_event
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventGtid.XaPrepareEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.one_phase = self._io.read_u1()
            self.format_id = self._io.read_u4le()
            self.len_gtrid = self._io.read_u4le()
            self.len_bqual = self._io.read_u4le()
            self.gtrid = self._io.read_bytes(self.len_gtrid)
            self.bqual = self._io.read_bytes(self.len_bqual)


        def _fetch_instances(self):
            pass



