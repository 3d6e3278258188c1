# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventGtid(ReadWriteKaitaiStruct):
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
    def __init__(self, _io=None, _parent=None, _root=None):
        super(EventGtid, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(EventGtid, self)._write__seq(io)


    def _check(self):
        self._dirty = False

    class CertInfoEntry(ReadWriteKaitaiStruct):
        """One key/value pair of the certification information map.
        
        .. seealso::
           libs/mysql/binlog/event/event_reader.cpp Event_reader::read_data_map
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.CertInfoEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_key = self._io.read_u2le()
            self.key = self._io.read_bytes(self.len_key)
            self.len_value = self._io.read_u4le()
            self.value = self._io.read_bytes(self.len_value)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventGtid.CertInfoEntry, self)._write__seq(io)
            self._io.write_u2le(self.len_key)
            self._io.write_bytes(self.key)
            self._io.write_u4le(self.len_value)
            self._io.write_bytes(self.value)


        def _check(self):
            if len(self.key) != self.len_key:
                raise kaitaistruct.ConsistencyError(u"key", self.len_key, len(self.key))
            if len(self.value) != self.len_value:
                raise kaitaistruct.ConsistencyError(u"value", self.len_value, len(self.value))
            self._dirty = False


    class GtidEvent(ReadWriteKaitaiStruct):
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
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.GtidEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

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
                self.encoded_immediate_commit_timestamp._read()

            if self.has_original_commit_timestamp:
                pass
                self.encoded_original_commit_timestamp = EventGtid.U56Le(self._io, self, self._root)
                self.encoded_original_commit_timestamp._read()

            if self.has_transaction_length:
                pass
                self.transaction_length = packed_int.PackedInt(self._io)
                self.transaction_length._read()

            if self.has_server_versions:
                pass
                self.encoded_immediate_server_version = self._io.read_u4le()

            if self.has_original_server_version:
                pass
                self.encoded_original_server_version = self._io.read_u4le()

            if self.has_commit_group_ticket:
                pass
                self.commit_group_ticket = self._io.read_u8le()

            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventGtid.GtidEvent, self)._write__seq(io)
            self._io.write_u1(self.gtid_flags)
            self._io.write_bytes(self.sid)
            self._io.write_s8le(self.gno)
            if self.has_lt_type:
                pass
                self._io.write_u1(int(self.lt_type))

            if self.has_logical_timestamps:
                pass
                self._io.write_s8le(self.last_committed)

            if self.has_logical_timestamps:
                pass
                self._io.write_s8le(self.sequence_number)

            if  ((self.has_lt_type) and ((not (self.has_logical_timestamps)))) :
                pass
                self._io.write_bytes(self.old_logical_timestamps)
                if not self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"old_logical_timestamps", 0, self._io.size() - self._io.pos())

            if self.has_commit_timestamps:
                pass
                if self.encoded_immediate_commit_timestamp._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"encoded_immediate_commit_timestamp", self._root, self.encoded_immediate_commit_timestamp._root)
                if self.encoded_immediate_commit_timestamp._parent != self:
                    raise kaitaistruct.ConsistencyError(u"encoded_immediate_commit_timestamp", self, self.encoded_immediate_commit_timestamp._parent)
                self.encoded_immediate_commit_timestamp._write__seq(self._io)

            if self.has_original_commit_timestamp:
                pass
                if self.encoded_original_commit_timestamp._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"encoded_original_commit_timestamp", self._root, self.encoded_original_commit_timestamp._root)
                if self.encoded_original_commit_timestamp._parent != self:
                    raise kaitaistruct.ConsistencyError(u"encoded_original_commit_timestamp", self, self.encoded_original_commit_timestamp._parent)
                self.encoded_original_commit_timestamp._write__seq(self._io)

            if self.has_transaction_length:
                pass
                self.transaction_length._write__seq(self._io)

            if self.has_server_versions:
                pass
                self._io.write_u4le(self.encoded_immediate_server_version)

            if self.has_original_server_version:
                pass
                self._io.write_u4le(self.encoded_original_server_version)

            if self.has_commit_group_ticket:
                pass
                self._io.write_u8le(self.commit_group_ticket)



        def _check(self):
            if len(self.sid) != 16:
                raise kaitaistruct.ConsistencyError(u"sid", 16, len(self.sid))
            self._dirty = False

        @property
        def has_commit_group_ticket(self):
            if hasattr(self, '_m_has_commit_group_ticket'):
                return self._m_has_commit_group_ticket

            self._m_has_commit_group_ticket =  ((self.has_server_versions) and (self._io.size() - self.ofs_commit_group_ticket >= 8)) 
            return getattr(self, '_m_has_commit_group_ticket', None)

        def _invalidate_has_commit_group_ticket(self):
            del self._m_has_commit_group_ticket
        @property
        def has_commit_timestamps(self):
            """True when the commit timestamps are present (8.0.1+)."""
            if hasattr(self, '_m_has_commit_timestamps'):
                return self._m_has_commit_timestamps

            self._m_has_commit_timestamps =  ((self.has_logical_timestamps) and (self._io.size() >= 49)) 
            return getattr(self, '_m_has_commit_timestamps', None)

        def _invalidate_has_commit_timestamps(self):
            del self._m_has_commit_timestamps
        @property
        def has_logical_timestamps(self):
            """True when last_committed and sequence_number are present (5.7.5+)."""
            if hasattr(self, '_m_has_logical_timestamps'):
                return self._m_has_logical_timestamps

            self._m_has_logical_timestamps =  ((self.has_lt_type) and (self.lt_type == EventGtid.LogicalTimestampTypecode.logical_timestamps) and (self._io.size() >= 42)) 
            return getattr(self, '_m_has_logical_timestamps', None)

        def _invalidate_has_logical_timestamps(self):
            del self._m_has_logical_timestamps
        @property
        def has_lt_type(self):
            """False for MySQL 5.6 bodies (flags, sid and gno only)."""
            if hasattr(self, '_m_has_lt_type'):
                return self._m_has_lt_type

            self._m_has_lt_type = self._io.size() > 25
            return getattr(self, '_m_has_lt_type', None)

        def _invalidate_has_lt_type(self):
            del self._m_has_lt_type
        @property
        def has_original_commit_timestamp(self):
            if hasattr(self, '_m_has_original_commit_timestamp'):
                return self._m_has_original_commit_timestamp

            self._m_has_original_commit_timestamp =  ((self.has_commit_timestamps) and (self.encoded_immediate_commit_timestamp.is_flag_set)) 
            return getattr(self, '_m_has_original_commit_timestamp', None)

        def _invalidate_has_original_commit_timestamp(self):
            del self._m_has_original_commit_timestamp
        @property
        def has_original_server_version(self):
            if hasattr(self, '_m_has_original_server_version'):
                return self._m_has_original_server_version

            self._m_has_original_server_version =  ((self.has_server_versions) and (self.encoded_immediate_server_version >= 2147483648)) 
            return getattr(self, '_m_has_original_server_version', None)

        def _invalidate_has_original_server_version(self):
            del self._m_has_original_server_version
        @property
        def has_server_versions(self):
            if hasattr(self, '_m_has_server_versions'):
                return self._m_has_server_versions

            self._m_has_server_versions =  ((self.has_transaction_length) and (self._io.size() - self.ofs_server_version >= 4)) 
            return getattr(self, '_m_has_server_versions', None)

        def _invalidate_has_server_versions(self):
            del self._m_has_server_versions
        @property
        def has_transaction_length(self):
            if hasattr(self, '_m_has_transaction_length'):
                return self._m_has_transaction_length

            self._m_has_transaction_length =  ((self.has_commit_timestamps) and (self._io.size() > self.ofs_transaction_length)) 
            return getattr(self, '_m_has_transaction_length', None)

        def _invalidate_has_transaction_length(self):
            del self._m_has_transaction_length
        @property
        def immediate_commit_timestamp(self):
            """Commit time on the immediate source, microseconds since the epoch."""
            if hasattr(self, '_m_immediate_commit_timestamp'):
                return self._m_immediate_commit_timestamp

            if self.has_commit_timestamps:
                pass
                self._m_immediate_commit_timestamp = self.encoded_immediate_commit_timestamp.value

            return getattr(self, '_m_immediate_commit_timestamp', None)

        def _invalidate_immediate_commit_timestamp(self):
            del self._m_immediate_commit_timestamp
        @property
        def immediate_server_version(self):
            """Version of the immediate source as major*10000 + minor*100 + patch."""
            if hasattr(self, '_m_immediate_server_version'):
                return self._m_immediate_server_version

            if self.has_server_versions:
                pass
                self._m_immediate_server_version = (self.encoded_immediate_server_version - 2147483648 if self.encoded_immediate_server_version >= 2147483648 else self.encoded_immediate_server_version)

            return getattr(self, '_m_immediate_server_version', None)

        def _invalidate_immediate_server_version(self):
            del self._m_immediate_server_version
        @property
        def is_anonymous(self):
            """True for ANONYMOUS_GTID_LOG_EVENT bodies (gno is 0 only there)."""
            if hasattr(self, '_m_is_anonymous'):
                return self._m_is_anonymous

            self._m_is_anonymous = self.gno == 0
            return getattr(self, '_m_is_anonymous', None)

        def _invalidate_is_anonymous(self):
            del self._m_is_anonymous
        @property
        def len_transaction_length(self):
            """Bytes taken by the packed `transaction_length`."""
            if hasattr(self, '_m_len_transaction_length'):
                return self._m_len_transaction_length

            self._m_len_transaction_length = (0 if (not (self.has_transaction_length)) else (1 if self.transaction_length.first < 251 else (3 if self.transaction_length.first == 252 else (4 if self.transaction_length.first == 253 else 9))))
            return getattr(self, '_m_len_transaction_length', None)

        def _invalidate_len_transaction_length(self):
            del self._m_len_transaction_length
        @property
        def may_have_sbr(self):
            """FLAG_MAY_HAVE_SBR, the transaction may contain statement-based events."""
            if hasattr(self, '_m_may_have_sbr'):
                return self._m_may_have_sbr

            self._m_may_have_sbr = self.gtid_flags & int(EventGtid.GtidFlag.may_have_sbr) != 0
            return getattr(self, '_m_may_have_sbr', None)

        def _invalidate_may_have_sbr(self):
            del self._m_may_have_sbr
        @property
        def ofs_commit_group_ticket(self):
            if hasattr(self, '_m_ofs_commit_group_ticket'):
                return self._m_ofs_commit_group_ticket

            self._m_ofs_commit_group_ticket = self.ofs_server_version + (8 if self.has_original_server_version else 4)
            return getattr(self, '_m_ofs_commit_group_ticket', None)

        def _invalidate_ofs_commit_group_ticket(self):
            del self._m_ofs_commit_group_ticket
        @property
        def ofs_server_version(self):
            if hasattr(self, '_m_ofs_server_version'):
                return self._m_ofs_server_version

            self._m_ofs_server_version = self.ofs_transaction_length + self.len_transaction_length
            return getattr(self, '_m_ofs_server_version', None)

        def _invalidate_ofs_server_version(self):
            del self._m_ofs_server_version
        @property
        def ofs_transaction_length(self):
            if hasattr(self, '_m_ofs_transaction_length'):
                return self._m_ofs_transaction_length

            self._m_ofs_transaction_length = 49 + (7 if self.has_original_commit_timestamp else 0)
            return getattr(self, '_m_ofs_transaction_length', None)

        def _invalidate_ofs_transaction_length(self):
            del self._m_ofs_transaction_length
        @property
        def original_commit_timestamp(self):
            """Commit time on the originating source (= immediate when not written)."""
            if hasattr(self, '_m_original_commit_timestamp'):
                return self._m_original_commit_timestamp

            if self.has_commit_timestamps:
                pass
                self._m_original_commit_timestamp = (self.encoded_original_commit_timestamp.value if self.has_original_commit_timestamp else self.encoded_immediate_commit_timestamp.value)

            return getattr(self, '_m_original_commit_timestamp', None)

        def _invalidate_original_commit_timestamp(self):
            del self._m_original_commit_timestamp
        @property
        def original_server_version(self):
            """Version of the originating server (= immediate when not written)."""
            if hasattr(self, '_m_original_server_version'):
                return self._m_original_server_version

            if self.has_server_versions:
                pass
                self._m_original_server_version = (self.encoded_original_server_version if self.has_original_server_version else self.immediate_server_version)

            return getattr(self, '_m_original_server_version', None)

        def _invalidate_original_server_version(self):
            del self._m_original_server_version

    class GtidInterval(ReadWriteKaitaiStruct):
        """GTID numbers `start` to `end - 1` (the end is exclusive).
        
        .. seealso::
           sql/rpl_gtid_set.cc Gtid_set::encode (interval start, end)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.GtidInterval, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.start = self._io.read_s8le()
            self.end = self._io.read_s8le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventGtid.GtidInterval, self)._write__seq(io)
            self._io.write_s8le(self.start)
            self._io.write_s8le(self.end)


        def _check(self):
            self._dirty = False


    class GtidSet(ReadWriteKaitaiStruct):
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
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.GtidSet, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.num_sids_lo = self._io.read_u1()
            self.num_sids_mid = self._io.read_u4le()
            self.num_sids_hi = self._io.read_u2le()
            self.gtid_format = KaitaiStream.resolve_enum(EventGtid.GtidFormat, self._io.read_u1())
            self.sids = []
            for i in range(self.num_sids):
                _t_sids = EventGtid.GtidSetSid(self.is_tagged, self._io, self, self._root)
                try:
                    _t_sids._read()
                finally:
                    self.sids.append(_t_sids)

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.sids)):
                pass
                self.sids[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventGtid.GtidSet, self)._write__seq(io)
            self._io.write_u1(self.num_sids_lo)
            self._io.write_u4le(self.num_sids_mid)
            self._io.write_u2le(self.num_sids_hi)
            self._io.write_u1(int(self.gtid_format))
            for i in range(len(self.sids)):
                pass
                self.sids[i]._write__seq(self._io)



        def _check(self):
            if len(self.sids) != self.num_sids:
                raise kaitaistruct.ConsistencyError(u"sids", self.num_sids, len(self.sids))
            for i in range(len(self.sids)):
                pass
                if self.sids[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"sids", self._root, self.sids[i]._root)
                if self.sids[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"sids", self, self.sids[i]._parent)
                if self.sids[i].is_tagged != self.is_tagged:
                    raise kaitaistruct.ConsistencyError(u"sids", self.is_tagged, self.sids[i].is_tagged)

            self._dirty = False

        @property
        def is_tagged(self):
            if hasattr(self, '_m_is_tagged'):
                return self._m_is_tagged

            self._m_is_tagged = self.gtid_format == EventGtid.GtidFormat.tagged
            return getattr(self, '_m_is_tagged', None)

        def _invalidate_is_tagged(self):
            del self._m_is_tagged
        @property
        def num_sids(self):
            """Number of (uuid, tag) entries."""
            if hasattr(self, '_m_num_sids'):
                return self._m_num_sids

            self._m_num_sids = (self.num_sids_mid + self.num_sids_hi * 4294967296 if self.is_tagged else (self.num_sids_lo + self.num_sids_mid * 256) + self.num_sids_hi * 1099511627776)
            return getattr(self, '_m_num_sids', None)

        def _invalidate_num_sids(self):
            del self._m_num_sids

    class GtidSetSid(ReadWriteKaitaiStruct):
        """The GTIDs of one source (UUID and, in the tagged format, tag) in a GTID set.
        
        .. seealso::
           sql/rpl_gtid_set.cc Gtid_set::add_gtid_encoding
        """
        def __init__(self, is_tagged, _io=None, _parent=None, _root=None):
            super(EventGtid.GtidSetSid, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_tagged = is_tagged

        def _read(self):
            self.uuid = self._io.read_bytes(16)
            if self.is_tagged:
                pass
                self.tag = EventGtid.SerializationString(self._io, self, self._root)
                self.tag._read()

            self.num_intervals = self._io.read_u8le()
            self.intervals = []
            for i in range(self.num_intervals):
                _t_intervals = EventGtid.GtidInterval(self._io, self, self._root)
                try:
                    _t_intervals._read()
                finally:
                    self.intervals.append(_t_intervals)

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.is_tagged:
                pass
                self.tag._fetch_instances()

            for i in range(len(self.intervals)):
                pass
                self.intervals[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventGtid.GtidSetSid, self)._write__seq(io)
            self._io.write_bytes(self.uuid)
            if self.is_tagged:
                pass
                self.tag._write__seq(self._io)

            self._io.write_u8le(self.num_intervals)
            for i in range(len(self.intervals)):
                pass
                self.intervals[i]._write__seq(self._io)



        def _check(self):
            if len(self.uuid) != 16:
                raise kaitaistruct.ConsistencyError(u"uuid", 16, len(self.uuid))
            if self.is_tagged:
                pass
                if self.tag._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"tag", self._root, self.tag._root)
                if self.tag._parent != self:
                    raise kaitaistruct.ConsistencyError(u"tag", self, self.tag._parent)

            if len(self.intervals) != self.num_intervals:
                raise kaitaistruct.ConsistencyError(u"intervals", self.num_intervals, len(self.intervals))
            for i in range(len(self.intervals)):
                pass
                if self.intervals[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"intervals", self._root, self.intervals[i]._root)
                if self.intervals[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"intervals", self, self.intervals[i]._parent)

            self._dirty = False


    class GtidTaggedEvent(ReadWriteKaitaiStruct):
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
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.GtidTaggedEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.format_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)
            self.format_version._read()
            self.len_message = EventGtid.SerializationVarlenUint(self._io, self, self._root)
            self.len_message._read()
            self.last_non_ignorable_field_id = EventGtid.SerializationVarlenUint(self._io, self, self._root)
            self.last_non_ignorable_field_id._read()
            self._raw_fields = self._io.read_bytes((self.len_message.value - self._io.pos() if  ((self.len_message.value > self._io.pos()) and (self.len_message.value <= self._io.size()))  else self._io.size() - self._io.pos()))
            _io__raw_fields = KaitaiStream(BytesIO(self._raw_fields))
            self.fields = EventGtid.GtidTaggedFields(_io__raw_fields, self, self._root)
            self.fields._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.format_version._fetch_instances()
            self.len_message._fetch_instances()
            self.last_non_ignorable_field_id._fetch_instances()
            self.fields._fetch_instances()


        def _write__seq(self, io=None):
            super(EventGtid.GtidTaggedEvent, self)._write__seq(io)
            self.format_version._write__seq(self._io)
            self.len_message._write__seq(self._io)
            self.last_non_ignorable_field_id._write__seq(self._io)
            _io__raw_fields = KaitaiStream(BytesIO(bytearray((self.len_message.value - self._io.pos() if  ((self.len_message.value > self._io.pos()) and (self.len_message.value <= self._io.size()))  else self._io.size() - self._io.pos()))))
            self._io.add_child_stream(_io__raw_fields)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + ((self.len_message.value - self._io.pos() if  ((self.len_message.value > self._io.pos()) and (self.len_message.value <= self._io.size()))  else self._io.size() - self._io.pos())))
            def handler(parent, _io__raw_fields=_io__raw_fields):
                self._raw_fields = _io__raw_fields.to_byte_array()
                if len(self._raw_fields) != (self.len_message.value - self._io.pos() if  ((self.len_message.value > self._io.pos()) and (self.len_message.value <= self._io.size()))  else self._io.size() - self._io.pos()):
                    raise kaitaistruct.ConsistencyError(u"raw(fields)", (self.len_message.value - self._io.pos() if  ((self.len_message.value > self._io.pos()) and (self.len_message.value <= self._io.size()))  else self._io.size() - self._io.pos()), len(self._raw_fields))
                parent.write_bytes(self._raw_fields)
            _io__raw_fields.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.fields._write__seq(_io__raw_fields)


        def _check(self):
            if self.format_version._root != self._root:
                raise kaitaistruct.ConsistencyError(u"format_version", self._root, self.format_version._root)
            if self.format_version._parent != self:
                raise kaitaistruct.ConsistencyError(u"format_version", self, self.format_version._parent)
            if self.len_message._root != self._root:
                raise kaitaistruct.ConsistencyError(u"len_message", self._root, self.len_message._root)
            if self.len_message._parent != self:
                raise kaitaistruct.ConsistencyError(u"len_message", self, self.len_message._parent)
            if self.last_non_ignorable_field_id._root != self._root:
                raise kaitaistruct.ConsistencyError(u"last_non_ignorable_field_id", self._root, self.last_non_ignorable_field_id._root)
            if self.last_non_ignorable_field_id._parent != self:
                raise kaitaistruct.ConsistencyError(u"last_non_ignorable_field_id", self, self.last_non_ignorable_field_id._parent)
            if self.fields._root != self._root:
                raise kaitaistruct.ConsistencyError(u"fields", self._root, self.fields._root)
            if self.fields._parent != self:
                raise kaitaistruct.ConsistencyError(u"fields", self, self.fields._parent)
            self._dirty = False

        @property
        def commit_group_ticket(self):
            """0 (kGroupTicketUnset) when absent."""
            if hasattr(self, '_m_commit_group_ticket'):
                return self._m_commit_group_ticket

            self._m_commit_group_ticket = (self.fields.commit_group_ticket.value if self.fields.has_commit_group_ticket else 0)
            return getattr(self, '_m_commit_group_ticket', None)

        def _invalidate_commit_group_ticket(self):
            del self._m_commit_group_ticket
        @property
        def gno(self):
            """Transaction number of the GTID."""
            if hasattr(self, '_m_gno'):
                return self._m_gno

            self._m_gno = (self.fields.gno.value if self.fields.has_gno else 0)
            return getattr(self, '_m_gno', None)

        def _invalidate_gno(self):
            del self._m_gno
        @property
        def gtid_flags(self):
            if hasattr(self, '_m_gtid_flags'):
                return self._m_gtid_flags

            self._m_gtid_flags = (self.fields.gtid_flags.value if self.fields.has_gtid_flags else 0)
            return getattr(self, '_m_gtid_flags', None)

        def _invalidate_gtid_flags(self):
            del self._m_gtid_flags
        @property
        def immediate_commit_timestamp(self):
            """Commit time on the immediate source, microseconds since the epoch."""
            if hasattr(self, '_m_immediate_commit_timestamp'):
                return self._m_immediate_commit_timestamp

            self._m_immediate_commit_timestamp = (self.fields.immediate_commit_timestamp.value if self.fields.has_immediate_commit_timestamp else 0)
            return getattr(self, '_m_immediate_commit_timestamp', None)

        def _invalidate_immediate_commit_timestamp(self):
            del self._m_immediate_commit_timestamp
        @property
        def immediate_server_version(self):
            if hasattr(self, '_m_immediate_server_version'):
                return self._m_immediate_server_version

            self._m_immediate_server_version = (self.fields.immediate_server_version.value if self.fields.has_immediate_server_version else 0)
            return getattr(self, '_m_immediate_server_version', None)

        def _invalidate_immediate_server_version(self):
            del self._m_immediate_server_version
        @property
        def last_committed(self):
            if hasattr(self, '_m_last_committed'):
                return self._m_last_committed

            self._m_last_committed = (self.fields.last_committed.value if self.fields.has_last_committed else 0)
            return getattr(self, '_m_last_committed', None)

        def _invalidate_last_committed(self):
            del self._m_last_committed
        @property
        def may_have_sbr(self):
            """FLAG_MAY_HAVE_SBR."""
            if hasattr(self, '_m_may_have_sbr'):
                return self._m_may_have_sbr

            self._m_may_have_sbr = self.gtid_flags & int(EventGtid.GtidFlag.may_have_sbr) != 0
            return getattr(self, '_m_may_have_sbr', None)

        def _invalidate_may_have_sbr(self):
            del self._m_may_have_sbr
        @property
        def original_commit_timestamp(self):
            """Commit time on the originating source (= immediate when absent)."""
            if hasattr(self, '_m_original_commit_timestamp'):
                return self._m_original_commit_timestamp

            self._m_original_commit_timestamp = (self.fields.original_commit_timestamp.value if self.fields.has_original_commit_timestamp else self.immediate_commit_timestamp)
            return getattr(self, '_m_original_commit_timestamp', None)

        def _invalidate_original_commit_timestamp(self):
            del self._m_original_commit_timestamp
        @property
        def original_server_version(self):
            """Version of the originating server (= immediate when absent)."""
            if hasattr(self, '_m_original_server_version'):
                return self._m_original_server_version

            self._m_original_server_version = (self.fields.original_server_version.value if self.fields.has_original_server_version else self.immediate_server_version)
            return getattr(self, '_m_original_server_version', None)

        def _invalidate_original_server_version(self):
            del self._m_original_server_version
        @property
        def sequence_number(self):
            if hasattr(self, '_m_sequence_number'):
                return self._m_sequence_number

            self._m_sequence_number = (self.fields.sequence_number.value if self.fields.has_sequence_number else 0)
            return getattr(self, '_m_sequence_number', None)

        def _invalidate_sequence_number(self):
            del self._m_sequence_number
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

        def _invalidate_sid(self):
            del self._m_sid
        @property
        def tag(self):
            """The GTID tag (lower case, 1-32 characters)."""
            if hasattr(self, '_m_tag'):
                return self._m_tag

            self._m_tag = (self.fields.tag.value if self.fields.has_tag else u"")
            return getattr(self, '_m_tag', None)

        def _invalidate_tag(self):
            del self._m_tag
        @property
        def transaction_length(self):
            if hasattr(self, '_m_transaction_length'):
                return self._m_transaction_length

            self._m_transaction_length = (self.fields.transaction_length.value if self.fields.has_transaction_length else 0)
            return getattr(self, '_m_transaction_length', None)

        def _invalidate_transaction_length(self):
            del self._m_transaction_length

    class GtidTaggedFields(ReadWriteKaitaiStruct):
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
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.GtidTaggedFields, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._should_write_peek_0 = False
            self.peek_0__enabled = True
            self._should_write_peek_1 = False
            self.peek_1__enabled = True
            self._should_write_peek_10 = False
            self.peek_10__enabled = True
            self._should_write_peek_11 = False
            self.peek_11__enabled = True
            self._should_write_peek_2 = False
            self.peek_2__enabled = True
            self._should_write_peek_3 = False
            self.peek_3__enabled = True
            self._should_write_peek_4 = False
            self.peek_4__enabled = True
            self._should_write_peek_5 = False
            self.peek_5__enabled = True
            self._should_write_peek_6 = False
            self.peek_6__enabled = True
            self._should_write_peek_7 = False
            self.peek_7__enabled = True
            self._should_write_peek_8 = False
            self.peek_8__enabled = True
            self._should_write_peek_9 = False
            self.peek_9__enabled = True

        def _read(self):
            if self.has_gtid_flags:
                pass
                self.id_gtid_flags = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_gtid_flags._read()

            if self.has_gtid_flags:
                pass
                self.gtid_flags = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.gtid_flags._read()

            if self.has_sid:
                pass
                self.id_sid = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_sid._read()

            if self.has_sid:
                pass
                self.sid = []
                for i in range(16):
                    _t_sid = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                    try:
                        _t_sid._read()
                    finally:
                        self.sid.append(_t_sid)


            if self.has_gno:
                pass
                self.id_gno = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_gno._read()

            if self.has_gno:
                pass
                self.gno = EventGtid.SerializationVarlenInt(self._io, self, self._root)
                self.gno._read()

            if self.has_tag:
                pass
                self.id_tag = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_tag._read()

            if self.has_tag:
                pass
                self.tag = EventGtid.SerializationString(self._io, self, self._root)
                self.tag._read()

            if self.has_last_committed:
                pass
                self.id_last_committed = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_last_committed._read()

            if self.has_last_committed:
                pass
                self.last_committed = EventGtid.SerializationVarlenInt(self._io, self, self._root)
                self.last_committed._read()

            if self.has_sequence_number:
                pass
                self.id_sequence_number = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_sequence_number._read()

            if self.has_sequence_number:
                pass
                self.sequence_number = EventGtid.SerializationVarlenInt(self._io, self, self._root)
                self.sequence_number._read()

            if self.has_immediate_commit_timestamp:
                pass
                self.id_immediate_commit_timestamp = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_immediate_commit_timestamp._read()

            if self.has_immediate_commit_timestamp:
                pass
                self.immediate_commit_timestamp = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.immediate_commit_timestamp._read()

            if self.has_original_commit_timestamp:
                pass
                self.id_original_commit_timestamp = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_original_commit_timestamp._read()

            if self.has_original_commit_timestamp:
                pass
                self.original_commit_timestamp = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.original_commit_timestamp._read()

            if self.has_transaction_length:
                pass
                self.id_transaction_length = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_transaction_length._read()

            if self.has_transaction_length:
                pass
                self.transaction_length = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.transaction_length._read()

            if self.has_immediate_server_version:
                pass
                self.id_immediate_server_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_immediate_server_version._read()

            if self.has_immediate_server_version:
                pass
                self.immediate_server_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.immediate_server_version._read()

            if self.has_original_server_version:
                pass
                self.id_original_server_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_original_server_version._read()

            if self.has_original_server_version:
                pass
                self.original_server_version = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.original_server_version._read()

            if self.has_commit_group_ticket:
                pass
                self.id_commit_group_ticket = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.id_commit_group_ticket._read()

            if self.has_commit_group_ticket:
                pass
                self.commit_group_ticket = EventGtid.SerializationVarlenUint(self._io, self, self._root)
                self.commit_group_ticket._read()

            if (not (self._io.is_eof())):
                pass
                self.unknown_fields = self._io.read_bytes_full()

            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventGtid.GtidTaggedFields, self)._write__seq(io)
            self._should_write_peek_0 = self.peek_0__enabled
            self._should_write_peek_1 = self.peek_1__enabled
            self._should_write_peek_10 = self.peek_10__enabled
            self._should_write_peek_11 = self.peek_11__enabled
            self._should_write_peek_2 = self.peek_2__enabled
            self._should_write_peek_3 = self.peek_3__enabled
            self._should_write_peek_4 = self.peek_4__enabled
            self._should_write_peek_5 = self.peek_5__enabled
            self._should_write_peek_6 = self.peek_6__enabled
            self._should_write_peek_7 = self.peek_7__enabled
            self._should_write_peek_8 = self.peek_8__enabled
            self._should_write_peek_9 = self.peek_9__enabled
            if self.has_gtid_flags:
                pass
                if self.id_gtid_flags._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_gtid_flags", self._root, self.id_gtid_flags._root)
                if self.id_gtid_flags._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_gtid_flags", self, self.id_gtid_flags._parent)
                self.id_gtid_flags._write__seq(self._io)

            if self.has_gtid_flags:
                pass
                if self.gtid_flags._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"gtid_flags", self._root, self.gtid_flags._root)
                if self.gtid_flags._parent != self:
                    raise kaitaistruct.ConsistencyError(u"gtid_flags", self, self.gtid_flags._parent)
                self.gtid_flags._write__seq(self._io)

            if self.has_sid:
                pass
                if self.id_sid._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_sid", self._root, self.id_sid._root)
                if self.id_sid._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_sid", self, self.id_sid._parent)
                self.id_sid._write__seq(self._io)

            if self.has_sid:
                pass
                if len(self.sid) != 16:
                    raise kaitaistruct.ConsistencyError(u"sid", 16, len(self.sid))
                for i in range(len(self.sid)):
                    pass
                    if self.sid[i]._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"sid", self._root, self.sid[i]._root)
                    if self.sid[i]._parent != self:
                        raise kaitaistruct.ConsistencyError(u"sid", self, self.sid[i]._parent)
                    self.sid[i]._write__seq(self._io)


            if self.has_gno:
                pass
                if self.id_gno._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_gno", self._root, self.id_gno._root)
                if self.id_gno._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_gno", self, self.id_gno._parent)
                self.id_gno._write__seq(self._io)

            if self.has_gno:
                pass
                if self.gno._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"gno", self._root, self.gno._root)
                if self.gno._parent != self:
                    raise kaitaistruct.ConsistencyError(u"gno", self, self.gno._parent)
                self.gno._write__seq(self._io)

            if self.has_tag:
                pass
                if self.id_tag._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_tag", self._root, self.id_tag._root)
                if self.id_tag._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_tag", self, self.id_tag._parent)
                self.id_tag._write__seq(self._io)

            if self.has_tag:
                pass
                if self.tag._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"tag", self._root, self.tag._root)
                if self.tag._parent != self:
                    raise kaitaistruct.ConsistencyError(u"tag", self, self.tag._parent)
                self.tag._write__seq(self._io)

            if self.has_last_committed:
                pass
                if self.id_last_committed._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_last_committed", self._root, self.id_last_committed._root)
                if self.id_last_committed._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_last_committed", self, self.id_last_committed._parent)
                self.id_last_committed._write__seq(self._io)

            if self.has_last_committed:
                pass
                if self.last_committed._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"last_committed", self._root, self.last_committed._root)
                if self.last_committed._parent != self:
                    raise kaitaistruct.ConsistencyError(u"last_committed", self, self.last_committed._parent)
                self.last_committed._write__seq(self._io)

            if self.has_sequence_number:
                pass
                if self.id_sequence_number._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_sequence_number", self._root, self.id_sequence_number._root)
                if self.id_sequence_number._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_sequence_number", self, self.id_sequence_number._parent)
                self.id_sequence_number._write__seq(self._io)

            if self.has_sequence_number:
                pass
                if self.sequence_number._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"sequence_number", self._root, self.sequence_number._root)
                if self.sequence_number._parent != self:
                    raise kaitaistruct.ConsistencyError(u"sequence_number", self, self.sequence_number._parent)
                self.sequence_number._write__seq(self._io)

            if self.has_immediate_commit_timestamp:
                pass
                if self.id_immediate_commit_timestamp._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_immediate_commit_timestamp", self._root, self.id_immediate_commit_timestamp._root)
                if self.id_immediate_commit_timestamp._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_immediate_commit_timestamp", self, self.id_immediate_commit_timestamp._parent)
                self.id_immediate_commit_timestamp._write__seq(self._io)

            if self.has_immediate_commit_timestamp:
                pass
                if self.immediate_commit_timestamp._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"immediate_commit_timestamp", self._root, self.immediate_commit_timestamp._root)
                if self.immediate_commit_timestamp._parent != self:
                    raise kaitaistruct.ConsistencyError(u"immediate_commit_timestamp", self, self.immediate_commit_timestamp._parent)
                self.immediate_commit_timestamp._write__seq(self._io)

            if self.has_original_commit_timestamp:
                pass
                if self.id_original_commit_timestamp._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_original_commit_timestamp", self._root, self.id_original_commit_timestamp._root)
                if self.id_original_commit_timestamp._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_original_commit_timestamp", self, self.id_original_commit_timestamp._parent)
                self.id_original_commit_timestamp._write__seq(self._io)

            if self.has_original_commit_timestamp:
                pass
                if self.original_commit_timestamp._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"original_commit_timestamp", self._root, self.original_commit_timestamp._root)
                if self.original_commit_timestamp._parent != self:
                    raise kaitaistruct.ConsistencyError(u"original_commit_timestamp", self, self.original_commit_timestamp._parent)
                self.original_commit_timestamp._write__seq(self._io)

            if self.has_transaction_length:
                pass
                if self.id_transaction_length._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_transaction_length", self._root, self.id_transaction_length._root)
                if self.id_transaction_length._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_transaction_length", self, self.id_transaction_length._parent)
                self.id_transaction_length._write__seq(self._io)

            if self.has_transaction_length:
                pass
                if self.transaction_length._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"transaction_length", self._root, self.transaction_length._root)
                if self.transaction_length._parent != self:
                    raise kaitaistruct.ConsistencyError(u"transaction_length", self, self.transaction_length._parent)
                self.transaction_length._write__seq(self._io)

            if self.has_immediate_server_version:
                pass
                if self.id_immediate_server_version._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_immediate_server_version", self._root, self.id_immediate_server_version._root)
                if self.id_immediate_server_version._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_immediate_server_version", self, self.id_immediate_server_version._parent)
                self.id_immediate_server_version._write__seq(self._io)

            if self.has_immediate_server_version:
                pass
                if self.immediate_server_version._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"immediate_server_version", self._root, self.immediate_server_version._root)
                if self.immediate_server_version._parent != self:
                    raise kaitaistruct.ConsistencyError(u"immediate_server_version", self, self.immediate_server_version._parent)
                self.immediate_server_version._write__seq(self._io)

            if self.has_original_server_version:
                pass
                if self.id_original_server_version._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_original_server_version", self._root, self.id_original_server_version._root)
                if self.id_original_server_version._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_original_server_version", self, self.id_original_server_version._parent)
                self.id_original_server_version._write__seq(self._io)

            if self.has_original_server_version:
                pass
                if self.original_server_version._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"original_server_version", self._root, self.original_server_version._root)
                if self.original_server_version._parent != self:
                    raise kaitaistruct.ConsistencyError(u"original_server_version", self, self.original_server_version._parent)
                self.original_server_version._write__seq(self._io)

            if self.has_commit_group_ticket:
                pass
                if self.id_commit_group_ticket._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"id_commit_group_ticket", self._root, self.id_commit_group_ticket._root)
                if self.id_commit_group_ticket._parent != self:
                    raise kaitaistruct.ConsistencyError(u"id_commit_group_ticket", self, self.id_commit_group_ticket._parent)
                self.id_commit_group_ticket._write__seq(self._io)

            if self.has_commit_group_ticket:
                pass
                if self.commit_group_ticket._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"commit_group_ticket", self._root, self.commit_group_ticket._root)
                if self.commit_group_ticket._parent != self:
                    raise kaitaistruct.ConsistencyError(u"commit_group_ticket", self, self.commit_group_ticket._parent)
                self.commit_group_ticket._write__seq(self._io)

            if (not (self._io.is_eof())):
                pass
                self._io.write_bytes(self.unknown_fields)
                if not self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"unknown_fields", 0, self._io.size() - self._io.pos())



        def _check(self):
            if self.peek_0__enabled:
                pass

            if self.peek_1__enabled:
                pass

            if self.peek_10__enabled:
                pass

            if self.peek_11__enabled:
                pass

            if self.peek_2__enabled:
                pass

            if self.peek_3__enabled:
                pass

            if self.peek_4__enabled:
                pass

            if self.peek_5__enabled:
                pass

            if self.peek_6__enabled:
                pass

            if self.peek_7__enabled:
                pass

            if self.peek_8__enabled:
                pass

            if self.peek_9__enabled:
                pass

            self._dirty = False

        @property
        def has_commit_group_ticket(self):
            """True when field 11 (commit_group_ticket) is present."""
            if hasattr(self, '_m_has_commit_group_ticket'):
                return self._m_has_commit_group_ticket

            self._m_has_commit_group_ticket =  ((self._io.pos() < self._io.size()) and (self.peek_11 == 22)) 
            return getattr(self, '_m_has_commit_group_ticket', None)

        def _invalidate_has_commit_group_ticket(self):
            del self._m_has_commit_group_ticket
        @property
        def has_gno(self):
            """True when field 2 (gno) is present."""
            if hasattr(self, '_m_has_gno'):
                return self._m_has_gno

            self._m_has_gno =  ((self._io.pos() < self._io.size()) and (self.peek_2 == 4)) 
            return getattr(self, '_m_has_gno', None)

        def _invalidate_has_gno(self):
            del self._m_has_gno
        @property
        def has_gtid_flags(self):
            """True when field 0 (gtid_flags) is present."""
            if hasattr(self, '_m_has_gtid_flags'):
                return self._m_has_gtid_flags

            self._m_has_gtid_flags =  ((self._io.pos() < self._io.size()) and (self.peek_0 == 0)) 
            return getattr(self, '_m_has_gtid_flags', None)

        def _invalidate_has_gtid_flags(self):
            del self._m_has_gtid_flags
        @property
        def has_immediate_commit_timestamp(self):
            """True when field 6 (immediate_commit_timestamp) is present."""
            if hasattr(self, '_m_has_immediate_commit_timestamp'):
                return self._m_has_immediate_commit_timestamp

            self._m_has_immediate_commit_timestamp =  ((self._io.pos() < self._io.size()) and (self.peek_6 == 12)) 
            return getattr(self, '_m_has_immediate_commit_timestamp', None)

        def _invalidate_has_immediate_commit_timestamp(self):
            del self._m_has_immediate_commit_timestamp
        @property
        def has_immediate_server_version(self):
            """True when field 9 (immediate_server_version) is present."""
            if hasattr(self, '_m_has_immediate_server_version'):
                return self._m_has_immediate_server_version

            self._m_has_immediate_server_version =  ((self._io.pos() < self._io.size()) and (self.peek_9 == 18)) 
            return getattr(self, '_m_has_immediate_server_version', None)

        def _invalidate_has_immediate_server_version(self):
            del self._m_has_immediate_server_version
        @property
        def has_last_committed(self):
            """True when field 4 (last_committed) is present."""
            if hasattr(self, '_m_has_last_committed'):
                return self._m_has_last_committed

            self._m_has_last_committed =  ((self._io.pos() < self._io.size()) and (self.peek_4 == 8)) 
            return getattr(self, '_m_has_last_committed', None)

        def _invalidate_has_last_committed(self):
            del self._m_has_last_committed
        @property
        def has_original_commit_timestamp(self):
            """True when field 7 (original_commit_timestamp) is present."""
            if hasattr(self, '_m_has_original_commit_timestamp'):
                return self._m_has_original_commit_timestamp

            self._m_has_original_commit_timestamp =  ((self._io.pos() < self._io.size()) and (self.peek_7 == 14)) 
            return getattr(self, '_m_has_original_commit_timestamp', None)

        def _invalidate_has_original_commit_timestamp(self):
            del self._m_has_original_commit_timestamp
        @property
        def has_original_server_version(self):
            """True when field 10 (original_server_version) is present."""
            if hasattr(self, '_m_has_original_server_version'):
                return self._m_has_original_server_version

            self._m_has_original_server_version =  ((self._io.pos() < self._io.size()) and (self.peek_10 == 20)) 
            return getattr(self, '_m_has_original_server_version', None)

        def _invalidate_has_original_server_version(self):
            del self._m_has_original_server_version
        @property
        def has_sequence_number(self):
            """True when field 5 (sequence_number) is present."""
            if hasattr(self, '_m_has_sequence_number'):
                return self._m_has_sequence_number

            self._m_has_sequence_number =  ((self._io.pos() < self._io.size()) and (self.peek_5 == 10)) 
            return getattr(self, '_m_has_sequence_number', None)

        def _invalidate_has_sequence_number(self):
            del self._m_has_sequence_number
        @property
        def has_sid(self):
            """True when field 1 (sid) is present."""
            if hasattr(self, '_m_has_sid'):
                return self._m_has_sid

            self._m_has_sid =  ((self._io.pos() < self._io.size()) and (self.peek_1 == 2)) 
            return getattr(self, '_m_has_sid', None)

        def _invalidate_has_sid(self):
            del self._m_has_sid
        @property
        def has_tag(self):
            """True when field 3 (tag) is present."""
            if hasattr(self, '_m_has_tag'):
                return self._m_has_tag

            self._m_has_tag =  ((self._io.pos() < self._io.size()) and (self.peek_3 == 6)) 
            return getattr(self, '_m_has_tag', None)

        def _invalidate_has_tag(self):
            del self._m_has_tag
        @property
        def has_transaction_length(self):
            """True when field 8 (transaction_length) is present."""
            if hasattr(self, '_m_has_transaction_length'):
                return self._m_has_transaction_length

            self._m_has_transaction_length =  ((self._io.pos() < self._io.size()) and (self.peek_8 == 16)) 
            return getattr(self, '_m_has_transaction_length', None)

        def _invalidate_has_transaction_length(self):
            del self._m_has_transaction_length
        @property
        def peek_0(self):
            """The byte at the current position when field 0 is due."""
            if self._should_write_peek_0:
                self._write_peek_0()
            if hasattr(self, '_m_peek_0'):
                return self._m_peek_0

            if not self.peek_0__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_0 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_0', None)

        @peek_0.setter
        def peek_0(self, v):
            self._dirty = True
            self._m_peek_0 = v

        def _write_peek_0(self):
            self._should_write_peek_0 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_0)
                self._io.seek(_pos)


        @property
        def peek_1(self):
            """The byte at the current position when field 1 is due."""
            if self._should_write_peek_1:
                self._write_peek_1()
            if hasattr(self, '_m_peek_1'):
                return self._m_peek_1

            if not self.peek_1__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_1 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_1', None)

        @peek_1.setter
        def peek_1(self, v):
            self._dirty = True
            self._m_peek_1 = v

        def _write_peek_1(self):
            self._should_write_peek_1 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_1)
                self._io.seek(_pos)


        @property
        def peek_10(self):
            """The byte at the current position when field 10 is due."""
            if self._should_write_peek_10:
                self._write_peek_10()
            if hasattr(self, '_m_peek_10'):
                return self._m_peek_10

            if not self.peek_10__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_10 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_10', None)

        @peek_10.setter
        def peek_10(self, v):
            self._dirty = True
            self._m_peek_10 = v

        def _write_peek_10(self):
            self._should_write_peek_10 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_10)
                self._io.seek(_pos)


        @property
        def peek_11(self):
            """The byte at the current position when field 11 is due."""
            if self._should_write_peek_11:
                self._write_peek_11()
            if hasattr(self, '_m_peek_11'):
                return self._m_peek_11

            if not self.peek_11__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_11 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_11', None)

        @peek_11.setter
        def peek_11(self, v):
            self._dirty = True
            self._m_peek_11 = v

        def _write_peek_11(self):
            self._should_write_peek_11 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_11)
                self._io.seek(_pos)


        @property
        def peek_2(self):
            """The byte at the current position when field 2 is due."""
            if self._should_write_peek_2:
                self._write_peek_2()
            if hasattr(self, '_m_peek_2'):
                return self._m_peek_2

            if not self.peek_2__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_2 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_2', None)

        @peek_2.setter
        def peek_2(self, v):
            self._dirty = True
            self._m_peek_2 = v

        def _write_peek_2(self):
            self._should_write_peek_2 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_2)
                self._io.seek(_pos)


        @property
        def peek_3(self):
            """The byte at the current position when field 3 is due."""
            if self._should_write_peek_3:
                self._write_peek_3()
            if hasattr(self, '_m_peek_3'):
                return self._m_peek_3

            if not self.peek_3__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_3 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_3', None)

        @peek_3.setter
        def peek_3(self, v):
            self._dirty = True
            self._m_peek_3 = v

        def _write_peek_3(self):
            self._should_write_peek_3 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_3)
                self._io.seek(_pos)


        @property
        def peek_4(self):
            """The byte at the current position when field 4 is due."""
            if self._should_write_peek_4:
                self._write_peek_4()
            if hasattr(self, '_m_peek_4'):
                return self._m_peek_4

            if not self.peek_4__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_4 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_4', None)

        @peek_4.setter
        def peek_4(self, v):
            self._dirty = True
            self._m_peek_4 = v

        def _write_peek_4(self):
            self._should_write_peek_4 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_4)
                self._io.seek(_pos)


        @property
        def peek_5(self):
            """The byte at the current position when field 5 is due."""
            if self._should_write_peek_5:
                self._write_peek_5()
            if hasattr(self, '_m_peek_5'):
                return self._m_peek_5

            if not self.peek_5__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_5 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_5', None)

        @peek_5.setter
        def peek_5(self, v):
            self._dirty = True
            self._m_peek_5 = v

        def _write_peek_5(self):
            self._should_write_peek_5 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_5)
                self._io.seek(_pos)


        @property
        def peek_6(self):
            """The byte at the current position when field 6 is due."""
            if self._should_write_peek_6:
                self._write_peek_6()
            if hasattr(self, '_m_peek_6'):
                return self._m_peek_6

            if not self.peek_6__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_6 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_6', None)

        @peek_6.setter
        def peek_6(self, v):
            self._dirty = True
            self._m_peek_6 = v

        def _write_peek_6(self):
            self._should_write_peek_6 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_6)
                self._io.seek(_pos)


        @property
        def peek_7(self):
            """The byte at the current position when field 7 is due."""
            if self._should_write_peek_7:
                self._write_peek_7()
            if hasattr(self, '_m_peek_7'):
                return self._m_peek_7

            if not self.peek_7__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_7 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_7', None)

        @peek_7.setter
        def peek_7(self, v):
            self._dirty = True
            self._m_peek_7 = v

        def _write_peek_7(self):
            self._should_write_peek_7 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_7)
                self._io.seek(_pos)


        @property
        def peek_8(self):
            """The byte at the current position when field 8 is due."""
            if self._should_write_peek_8:
                self._write_peek_8()
            if hasattr(self, '_m_peek_8'):
                return self._m_peek_8

            if not self.peek_8__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_8 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_8', None)

        @peek_8.setter
        def peek_8(self, v):
            self._dirty = True
            self._m_peek_8 = v

        def _write_peek_8(self):
            self._should_write_peek_8 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_8)
                self._io.seek(_pos)


        @property
        def peek_9(self):
            """The byte at the current position when field 9 is due."""
            if self._should_write_peek_9:
                self._write_peek_9()
            if hasattr(self, '_m_peek_9'):
                return self._m_peek_9

            if not self.peek_9__enabled:
                return None

            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_peek_9 = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_peek_9', None)

        @peek_9.setter
        def peek_9(self, v):
            self._dirty = True
            self._m_peek_9 = v

        def _write_peek_9(self):
            self._should_write_peek_9 = False
            if self._io.pos() < self._io.size():
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._io.write_u1(self._m_peek_9)
                self._io.seek(_pos)



    class PayloadField(ReadWriteKaitaiStruct):
        """One TLV field of a TRANSACTION_PAYLOAD_EVENT header.
        
        .. seealso::
           libs/mysql/binlog/event/codecs/binary.cpp Transaction_payload::decode
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.PayloadField, self).__init__(_io)
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
                if _on == 1:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = packed_int.PackedInt(_io__raw_value)
                    self.value._read()
                elif _on == 2:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = packed_int.PackedInt(_io__raw_value)
                    self.value._read()
                elif _on == 3:
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



        def _write__seq(self, io=None):
            super(EventGtid.PayloadField, self)._write__seq(io)
            self.field_type._write__seq(self._io)
            if (not (self.is_end)):
                pass
                self.len_value._write__seq(self._io)

            if (not (self.is_end)):
                pass
                _on = self.field_type.value
                if _on == 1:
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
                elif _on == 2:
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
                elif _on == 3:
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
                if _on == 1:
                    pass
                elif _on == 2:
                    pass
                elif _on == 3:
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

            self._m_field_type_enum = KaitaiStream.resolve_enum(EventGtid.PayloadFieldType, self.field_type.value)
            return getattr(self, '_m_field_type_enum', None)

        def _invalidate_field_type_enum(self):
            del self._m_field_type_enum
        @property
        def int_value(self):
            if hasattr(self, '_m_int_value'):
                return self._m_int_value

            if self.is_known:
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
        def is_known(self):
            if hasattr(self, '_m_is_known'):
                return self._m_is_known

            self._m_is_known =  ((self.field_type.value >= 1) and (self.field_type.value <= 3)) 
            return getattr(self, '_m_is_known', None)

        def _invalidate_is_known(self):
            del self._m_is_known

    class PreviousGtidsEvent(ReadWriteKaitaiStruct):
        """PREVIOUS_GTIDS_LOG_EVENT (MySQL 5.6+): the set of GTIDs written to
        all earlier binary logs (gtid_executed at the file's start), the
        second event of every file. The body is an encoded GTID set.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Previous_gtids_event
        
        
        .. seealso::
           sql/rpl_gtid_set.cc Gtid_set::encode, Gtid_set::add_gtid_encoding
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.PreviousGtidsEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.gtid_set = EventGtid.GtidSet(self._io, self, self._root)
            self.gtid_set._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.gtid_set._fetch_instances()


        def _write__seq(self, io=None):
            super(EventGtid.PreviousGtidsEvent, self)._write__seq(io)
            self.gtid_set._write__seq(self._io)


        def _check(self):
            if self.gtid_set._root != self._root:
                raise kaitaistruct.ConsistencyError(u"gtid_set", self._root, self.gtid_set._root)
            if self.gtid_set._parent != self:
                raise kaitaistruct.ConsistencyError(u"gtid_set", self, self.gtid_set._parent)
            self._dirty = False

        @property
        def num_sids(self):
            """Number of (uuid, tag) entries of the set."""
            if hasattr(self, '_m_num_sids'):
                return self._m_num_sids

            self._m_num_sids = self.gtid_set.num_sids
            return getattr(self, '_m_num_sids', None)

        def _invalidate_num_sids(self):
            del self._m_num_sids
        @property
        def sids(self):
            """The entries of the set (`uuid`, `tag`, `intervals`)."""
            if hasattr(self, '_m_sids'):
                return self._m_sids

            self._m_sids = self.gtid_set.sids
            return getattr(self, '_m_sids', None)

        def _invalidate_sids(self):
            del self._m_sids

    class SerializationString(ReadWriteKaitaiStruct):
        """A string of mysql::serialization (varlen length, then the bytes).
        
        .. seealso::
           libs/mysql/serialization/primitive_type_codec.h Primitive_type_codec<std::string>::read_bytes
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.SerializationString, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_value = EventGtid.SerializationVarlenUint(self._io, self, self._root)
            self.len_value._read()
            self.value = (self._io.read_bytes(self.len_value.value)).decode(u"ASCII")
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.len_value._fetch_instances()


        def _write__seq(self, io=None):
            super(EventGtid.SerializationString, self)._write__seq(io)
            self.len_value._write__seq(self._io)
            self._io.write_bytes((self.value).encode(u"ASCII"))


        def _check(self):
            if self.len_value._root != self._root:
                raise kaitaistruct.ConsistencyError(u"len_value", self._root, self.len_value._root)
            if self.len_value._parent != self:
                raise kaitaistruct.ConsistencyError(u"len_value", self, self.len_value._parent)
            if len((self.value).encode(u"ASCII")) != self.len_value.value:
                raise kaitaistruct.ConsistencyError(u"value", self.len_value.value, len((self.value).encode(u"ASCII")))
            self._dirty = False


    class SerializationVarlenInt(ReadWriteKaitaiStruct):
        """Signed variable-length integer of mysql::serialization: an unsigned
        one holding the zigzag encoding (bit 0 = sign, x >= 0 as x << 1,
        x < 0 as ((-(x + 1)) << 1) | 1).
        
        .. seealso::
           libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_signed
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.SerializationVarlenInt, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.raw = EventGtid.SerializationVarlenUint(self._io, self, self._root)
            self.raw._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.raw._fetch_instances()


        def _write__seq(self, io=None):
            super(EventGtid.SerializationVarlenInt, self)._write__seq(io)
            self.raw._write__seq(self._io)


        def _check(self):
            if self.raw._root != self._root:
                raise kaitaistruct.ConsistencyError(u"raw", self._root, self.raw._root)
            if self.raw._parent != self:
                raise kaitaistruct.ConsistencyError(u"raw", self, self.raw._parent)
            self._dirty = False

        @property
        def value(self):
            """The decoded signed integer."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.raw.value // 2 if self.raw.value % 2 == 0 else -(self.raw.value // 2) - 1)
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value

    class SerializationVarlenUint(ReadWriteKaitaiStruct):
        """Unsigned variable-length integer of mysql::serialization: 1 to 9
        bytes, little-endian. The number of trailing one bits of the first
        byte, plus one, is the number of bytes. For 1-8 bytes the value is
        the first byte shifted right by that number, plus the following
        bytes shifted left by (8 - number of bytes); with 9 bytes (first
        byte 0xff) the 8 following bytes are the value.
        
        .. seealso::
           libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_unsigned
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.SerializationVarlenUint, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.first = self._io.read_u1()
            self.rest = self._io.read_bytes(self.num_bytes - 1)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventGtid.SerializationVarlenUint, self)._write__seq(io)
            self._io.write_u1(self.first)
            self._io.write_bytes(self.rest)


        def _check(self):
            if len(self.rest) != self.num_bytes - 1:
                raise kaitaistruct.ConsistencyError(u"rest", self.num_bytes - 1, len(self.rest))
            self._dirty = False

        @property
        def num_bytes(self):
            """Length of the encoding (countr_one(first) + 1)."""
            if hasattr(self, '_m_num_bytes'):
                return self._m_num_bytes

            self._m_num_bytes = (1 if self.first & 1 == 0 else (2 if self.first & 3 == 1 else (3 if self.first & 7 == 3 else (4 if self.first & 15 == 7 else (5 if self.first & 31 == 15 else (6 if self.first & 63 == 31 else (7 if self.first & 127 == 63 else (8 if self.first == 127 else 9))))))))
            return getattr(self, '_m_num_bytes', None)

        def _invalidate_num_bytes(self):
            del self._m_num_bytes
        @property
        def rest_value(self):
            if hasattr(self, '_m_rest_value'):
                return self._m_rest_value

            self._m_rest_value = (((((((KaitaiStream.byte_array_index(self.rest, 0) if self.num_bytes > 1 else 0) + (KaitaiStream.byte_array_index(self.rest, 1) * 256 if self.num_bytes > 2 else 0)) + (KaitaiStream.byte_array_index(self.rest, 2) * 65536 if self.num_bytes > 3 else 0)) + (KaitaiStream.byte_array_index(self.rest, 3) * 16777216 if self.num_bytes > 4 else 0)) + (KaitaiStream.byte_array_index(self.rest, 4) * 4294967296 if self.num_bytes > 5 else 0)) + (KaitaiStream.byte_array_index(self.rest, 5) * 1099511627776 if self.num_bytes > 6 else 0)) + (KaitaiStream.byte_array_index(self.rest, 6) * 281474976710656 if self.num_bytes > 7 else 0)) + (KaitaiStream.byte_array_index(self.rest, 7) * 72057594037927936 if self.num_bytes > 8 else 0)
            return getattr(self, '_m_rest_value', None)

        def _invalidate_rest_value(self):
            del self._m_rest_value
        @property
        def value(self):
            """The decoded integer."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.first // 2 if self.num_bytes == 1 else (self.rest_value if self.num_bytes == 9 else self.first // (4 if self.num_bytes == 2 else (8 if self.num_bytes == 3 else (16 if self.num_bytes == 4 else (32 if self.num_bytes == 5 else (64 if self.num_bytes == 6 else (128 if self.num_bytes == 7 else 256)))))) + self.rest_value * (64 if self.num_bytes == 2 else (32 if self.num_bytes == 3 else (16 if self.num_bytes == 4 else (8 if self.num_bytes == 5 else (4 if self.num_bytes == 6 else (2 if self.num_bytes == 7 else 1))))))))
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value

    class SetItem(ReadWriteKaitaiStruct):
        """One item of a transaction context's write or read set (u2 length + bytes).
        
        .. seealso::
           libs/mysql/binlog/event/event_reader.cpp Event_reader::read_data_set
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.SetItem, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_value = self._io.read_u2le()
            self.value = self._io.read_bytes(self.len_value)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventGtid.SetItem, self)._write__seq(io)
            self._io.write_u2le(self.len_value)
            self._io.write_bytes(self.value)


        def _check(self):
            if len(self.value) != self.len_value:
                raise kaitaistruct.ConsistencyError(u"value", self.len_value, len(self.value))
            self._dirty = False


    class TransactionContextEvent(ReadWriteKaitaiStruct):
        """TRANSACTION_CONTEXT_EVENT (group replication, 5.7.6+): the write set
        of a transaction, used for certification; written to relay logs.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h Transaction_context_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Transaction_context_event::Transaction_context_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.TransactionContextEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

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
                self.snapshot_version._read()

            if self.len_snapshot_version < 8:
                pass
                self.snapshot_version_raw = self._io.read_bytes(self.len_snapshot_version)

            self.write_set = []
            for i in range(self.num_write_set_items):
                _t_write_set = EventGtid.SetItem(self._io, self, self._root)
                try:
                    _t_write_set._read()
                finally:
                    self.write_set.append(_t_write_set)

            self.read_set = []
            for i in range(self.num_read_set_items):
                _t_read_set = EventGtid.SetItem(self._io, self, self._root)
                try:
                    _t_read_set._read()
                finally:
                    self.read_set.append(_t_read_set)

            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventGtid.TransactionContextEvent, self)._write__seq(io)
            self._io.write_u1(self.len_server_uuid)
            self._io.write_u4le(self.thread_id)
            self._io.write_u1(self.gtid_specified)
            self._io.write_u4le(self.len_snapshot_version)
            self._io.write_u4le(self.num_write_set_items)
            self._io.write_u4le(self.num_read_set_items)
            self._io.write_bytes((self.server_uuid).encode(u"ASCII"))
            if self.len_snapshot_version >= 8:
                pass
                _io__raw_snapshot_version = KaitaiStream(BytesIO(bytearray(self.len_snapshot_version)))
                self._io.add_child_stream(_io__raw_snapshot_version)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.len_snapshot_version))
                def handler(parent, _io__raw_snapshot_version=_io__raw_snapshot_version):
                    self._raw_snapshot_version = _io__raw_snapshot_version.to_byte_array()
                    if len(self._raw_snapshot_version) != self.len_snapshot_version:
                        raise kaitaistruct.ConsistencyError(u"raw(snapshot_version)", self.len_snapshot_version, len(self._raw_snapshot_version))
                    parent.write_bytes(self._raw_snapshot_version)
                _io__raw_snapshot_version.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.snapshot_version._write__seq(_io__raw_snapshot_version)

            if self.len_snapshot_version < 8:
                pass
                self._io.write_bytes(self.snapshot_version_raw)

            for i in range(len(self.write_set)):
                pass
                self.write_set[i]._write__seq(self._io)

            for i in range(len(self.read_set)):
                pass
                self.read_set[i]._write__seq(self._io)



        def _check(self):
            if len((self.server_uuid).encode(u"ASCII")) != self.len_server_uuid:
                raise kaitaistruct.ConsistencyError(u"server_uuid", self.len_server_uuid, len((self.server_uuid).encode(u"ASCII")))
            if self.len_snapshot_version >= 8:
                pass
                if self.snapshot_version._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"snapshot_version", self._root, self.snapshot_version._root)
                if self.snapshot_version._parent != self:
                    raise kaitaistruct.ConsistencyError(u"snapshot_version", self, self.snapshot_version._parent)

            if self.len_snapshot_version < 8:
                pass
                if len(self.snapshot_version_raw) != self.len_snapshot_version:
                    raise kaitaistruct.ConsistencyError(u"snapshot_version_raw", self.len_snapshot_version, len(self.snapshot_version_raw))

            if len(self.write_set) != self.num_write_set_items:
                raise kaitaistruct.ConsistencyError(u"write_set", self.num_write_set_items, len(self.write_set))
            for i in range(len(self.write_set)):
                pass
                if self.write_set[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"write_set", self._root, self.write_set[i]._root)
                if self.write_set[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"write_set", self, self.write_set[i]._parent)

            if len(self.read_set) != self.num_read_set_items:
                raise kaitaistruct.ConsistencyError(u"read_set", self.num_read_set_items, len(self.read_set))
            for i in range(len(self.read_set)):
                pass
                if self.read_set[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"read_set", self._root, self.read_set[i]._root)
                if self.read_set[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"read_set", self, self.read_set[i]._parent)

            self._dirty = False


    class TransactionPayloadEvent(ReadWriteKaitaiStruct):
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
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.TransactionPayloadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.fields = []
            i = 0
            while True:
                _t_fields = EventGtid.PayloadField(self._io, self, self._root)
                try:
                    _t_fields._read()
                finally:
                    _ = _t_fields
                    self.fields.append(_)
                if  ((_.is_end) or (self._io.is_eof())) :
                    break
                i += 1
            self.payload = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventGtid.TransactionPayloadEvent, self)._write__seq(io)
            for i in range(len(self.fields)):
                pass
                self.fields[i]._write__seq(self._io)
                _ = self.fields[i]
                if  ((_.is_end) or (self._io.is_eof()))  != (i == len(self.fields) - 1):
                    raise kaitaistruct.ConsistencyError(u"fields", i == len(self.fields) - 1,  ((_.is_end) or (self._io.is_eof())) )

            self._io.write_bytes(self.payload)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"payload", 0, self._io.size() - self._io.pos())


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
        def compression_type(self):
            """COMPRESSION_TYPE of the payload."""
            if hasattr(self, '_m_compression_type'):
                return self._m_compression_type

            self._m_compression_type = KaitaiStream.resolve_enum(EventGtid.CompressionType, self.compression_type_value)
            return getattr(self, '_m_compression_type', None)

        def _invalidate_compression_type(self):
            del self._m_compression_type
        @property
        def compression_type_value(self):
            """COMPRESSION_TYPE as a number (255 = NONE when the field is missing)."""
            if hasattr(self, '_m_compression_type_value'):
                return self._m_compression_type_value

            self._m_compression_type_value = (self.fields[0].int_value if  ((len(self.fields) > 0) and (self.fields[0].field_type.value == 2))  else (self.fields[1].int_value if  ((len(self.fields) > 1) and (self.fields[1].field_type.value == 2))  else (self.fields[2].int_value if  ((len(self.fields) > 2) and (self.fields[2].field_type.value == 2))  else (self.fields[3].int_value if  ((len(self.fields) > 3) and (self.fields[3].field_type.value == 2))  else (self.fields[4].int_value if  ((len(self.fields) > 4) and (self.fields[4].field_type.value == 2))  else 255)))))
            return getattr(self, '_m_compression_type_value', None)

        def _invalidate_compression_type_value(self):
            del self._m_compression_type_value
        @property
        def payload_size(self):
            """PAYLOAD_SIZE, the size of `payload` (the actual size when the field is missing)."""
            if hasattr(self, '_m_payload_size'):
                return self._m_payload_size

            self._m_payload_size = (self.fields[0].int_value if  ((len(self.fields) > 0) and (self.fields[0].field_type.value == 1))  else (self.fields[1].int_value if  ((len(self.fields) > 1) and (self.fields[1].field_type.value == 1))  else (self.fields[2].int_value if  ((len(self.fields) > 2) and (self.fields[2].field_type.value == 1))  else (self.fields[3].int_value if  ((len(self.fields) > 3) and (self.fields[3].field_type.value == 1))  else (self.fields[4].int_value if  ((len(self.fields) > 4) and (self.fields[4].field_type.value == 1))  else len(self.payload))))))
            return getattr(self, '_m_payload_size', None)

        def _invalidate_payload_size(self):
            del self._m_payload_size
        @property
        def uncompressed_size(self):
            """UNCOMPRESSED_SIZE (informational; = payload_size when missing, as for NONE)."""
            if hasattr(self, '_m_uncompressed_size'):
                return self._m_uncompressed_size

            self._m_uncompressed_size = (self.fields[0].int_value if  ((len(self.fields) > 0) and (self.fields[0].field_type.value == 3))  else (self.fields[1].int_value if  ((len(self.fields) > 1) and (self.fields[1].field_type.value == 3))  else (self.fields[2].int_value if  ((len(self.fields) > 2) and (self.fields[2].field_type.value == 3))  else (self.fields[3].int_value if  ((len(self.fields) > 3) and (self.fields[3].field_type.value == 3))  else (self.fields[4].int_value if  ((len(self.fields) > 4) and (self.fields[4].field_type.value == 3))  else self.payload_size)))))
            return getattr(self, '_m_uncompressed_size', None)

        def _invalidate_uncompressed_size(self):
            del self._m_uncompressed_size

    class U56Le(ReadWriteKaitaiStruct):
        """A 7-byte little-endian integer read as u4 + u2 + u1 (no 56-bit bit
        field: those break the JavaScript target). In an immediate commit
        timestamp bit 55 is a flag, see `is_flag_set`.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp Gtid_event::Gtid_event (ENCODED_COMMIT_TIMESTAMP_LENGTH)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.U56Le, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.lo = self._io.read_u4le()
            self.mid = self._io.read_u2le()
            self.hi = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventGtid.U56Le, self)._write__seq(io)
            self._io.write_u4le(self.lo)
            self._io.write_u2le(self.mid)
            self._io.write_u1(self.hi)


        def _check(self):
            self._dirty = False

        @property
        def is_flag_set(self):
            """Bit 55."""
            if hasattr(self, '_m_is_flag_set'):
                return self._m_is_flag_set

            self._m_is_flag_set = self.hi >= 128
            return getattr(self, '_m_is_flag_set', None)

        def _invalidate_is_flag_set(self):
            del self._m_is_flag_set
        @property
        def value(self):
            """The low 55 bits."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.lo + self.mid * 4294967296) + (self.hi - 128 if self.hi >= 128 else self.hi) * 281474976710656
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value

    class ViewChangeEvent(ReadWriteKaitaiStruct):
        """VIEW_CHANGE_EVENT (group replication, 5.7.6+): a member joined or
        left the group; carries the certification information.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h View_change_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp View_change_event::View_change_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.ViewChangeEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.view_id = (KaitaiStream.bytes_terminate(self._io.read_bytes(40), 0, False)).decode(u"ASCII")
            self.seq_number = self._io.read_s8le()
            self.num_cert_info = self._io.read_u4le()
            self.cert_info = []
            for i in range(self.num_cert_info):
                _t_cert_info = EventGtid.CertInfoEntry(self._io, self, self._root)
                try:
                    _t_cert_info._read()
                finally:
                    self.cert_info.append(_t_cert_info)

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.cert_info)):
                pass
                self.cert_info[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventGtid.ViewChangeEvent, self)._write__seq(io)
            self._io.write_bytes_limit((self.view_id).encode(u"ASCII"), 40, 0, 0)
            self._io.write_s8le(self.seq_number)
            self._io.write_u4le(self.num_cert_info)
            for i in range(len(self.cert_info)):
                pass
                self.cert_info[i]._write__seq(self._io)



        def _check(self):
            if len((self.view_id).encode(u"ASCII")) > 40:
                raise kaitaistruct.ConsistencyError(u"view_id", 40, len((self.view_id).encode(u"ASCII")))
            if KaitaiStream.byte_array_index_of((self.view_id).encode(u"ASCII"), 0) != -1:
                raise kaitaistruct.ConsistencyError(u"view_id", -1, KaitaiStream.byte_array_index_of((self.view_id).encode(u"ASCII"), 0))
            if len(self.cert_info) != self.num_cert_info:
                raise kaitaistruct.ConsistencyError(u"cert_info", self.num_cert_info, len(self.cert_info))
            for i in range(len(self.cert_info)):
                pass
                if self.cert_info[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"cert_info", self._root, self.cert_info[i]._root)
                if self.cert_info[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"cert_info", self, self.cert_info[i]._parent)

            self._dirty = False


    class XaPrepareEvent(ReadWriteKaitaiStruct):
        """XA_PREPARE_LOG_EVENT (5.7.7+): ends the event group of an XA PREPARE
        (or XA COMMIT ... ONE PHASE) with the XID of the XA transaction.
        
        .. seealso::
           libs/mysql/binlog/event/control_events.h XA_prepare_event
        
        
        .. seealso::
           libs/mysql/binlog/event/control_events.cpp XA_prepare_event::XA_prepare_event
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventGtid.XaPrepareEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.one_phase = self._io.read_u1()
            self.format_id = self._io.read_u4le()
            self.len_gtrid = self._io.read_u4le()
            self.len_bqual = self._io.read_u4le()
            self.gtrid = self._io.read_bytes(self.len_gtrid)
            self.bqual = self._io.read_bytes(self.len_bqual)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventGtid.XaPrepareEvent, self)._write__seq(io)
            self._io.write_u1(self.one_phase)
            self._io.write_u4le(self.format_id)
            self._io.write_u4le(self.len_gtrid)
            self._io.write_u4le(self.len_bqual)
            self._io.write_bytes(self.gtrid)
            self._io.write_bytes(self.bqual)


        def _check(self):
            if len(self.gtrid) != self.len_gtrid:
                raise kaitaistruct.ConsistencyError(u"gtrid", self.len_gtrid, len(self.gtrid))
            if len(self.bqual) != self.len_bqual:
                raise kaitaistruct.ConsistencyError(u"bqual", self.len_bqual, len(self.bqual))
            self._dirty = False



