# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import event_query
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventMariadb(ReadWriteKaitaiStruct):
    """Body types of the events only MariaDB writes (types 160-165):
    ANNOTATE_ROWS, BINLOG_CHECKPOINT, MariaDB's GTID and GTID_LIST,
    START_ENCRYPTION and QUERY_COMPRESSED, plus `compressed_data`, the zlib
    container of QUERY_COMPRESSED and of the compressed rows events
    (166-171, parsed by `event_rows::rows_event`).
    
    .. seealso::
       Source - https://mariadb.com/kb/en/replication-protocol/
    
    
    .. seealso::
       MariaDB sql/log_event.h (Log_event_type, Gtid_log_event, Gtid_list_log_event, Start_encryption_log_event)
    
    
    .. seealso::
       MariaDB sql/log_event.cc (the events' ctors, binlog_get_uncompress_len, binlog_buf_uncompress)
    """

    class CompressionAlgorithm(IntEnum):
        zlib = 0

    class GtidFlags2(IntEnum):
        standalone = 1
        group_commit_id = 2
        transactional = 4
        allow_parallel = 8
        waited = 16
        ddl = 32
        prepared_xa = 64
        completed_xa = 128

    class GtidFlagsExtra(IntEnum):
        multi_engine = 1
        start_alter = 2
        commit_alter = 4
        rollback_alter = 8
        thread_id = 16
    def __init__(self, _io=None, _parent=None, _root=None):
        super(EventMariadb, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(EventMariadb, self)._write__seq(io)


    def _check(self):
        self._dirty = False

    class AnnotateRowsEvent(ReadWriteKaitaiStruct):
        """ANNOTATE_ROWS_EVENT (160), written before the TABLE_MAP events of a
        row-based statement when binlog_annotate_row_events is ON: the text
        of the statement that produced the rows. It is in the client's
        character set (the same bytes a QUERY event would carry), so it is
        kept as bytes.
        
        .. seealso::
           MariaDB sql/log_event.cc Annotate_rows_log_event ctor
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventMariadb.AnnotateRowsEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.query = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventMariadb.AnnotateRowsEvent, self)._write__seq(io)
            self._io.write_bytes(self.query)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"query", 0, self._io.size() - self._io.pos())


        def _check(self):
            self._dirty = False


    class BinlogCheckpointEvent(ReadWriteKaitaiStruct):
        """BINLOG_CHECKPOINT_EVENT (161): names the oldest binlog file that
        crash recovery may still need (every XA transaction of earlier files
        is durably committed in the engines).
        
        .. seealso::
           MariaDB sql/log_event.cc Binlog_checkpoint_log_event ctor
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventMariadb.BinlogCheckpointEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_binlog_file = self._io.read_u4le()
            self.binlog_file = (self._io.read_bytes(self.len_binlog_file)).decode(u"UTF-8")
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventMariadb.BinlogCheckpointEvent, self)._write__seq(io)
            self._io.write_u4le(self.len_binlog_file)
            self._io.write_bytes((self.binlog_file).encode(u"UTF-8"))


        def _check(self):
            if len((self.binlog_file).encode(u"UTF-8")) != self.len_binlog_file:
                raise kaitaistruct.ConsistencyError(u"binlog_file", self.len_binlog_file, len((self.binlog_file).encode(u"UTF-8")))
            self._dirty = False


    class CompressedData(ReadWriteKaitaiStruct):
        """MariaDB's compressed binlog record: a header byte (bit 7 always set,
        bits 4-6 the algorithm, 0 = zlib; bits 0-2 the number of length
        bytes, 1-4), the uncompressed length big-endian, then the compressed
        stream (for zlib: zlib header, deflate data, adler32).
        
        .. seealso::
           MariaDB sql/log_event.cc binlog_buf_compress, binlog_get_uncompress_len, binlog_buf_uncompress
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventMariadb.CompressedData, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.header = self._io.read_u1()
            self.len_uncompressed_be = self._io.read_bytes(self.len_len)
            self.data = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventMariadb.CompressedData, self)._write__seq(io)
            self._io.write_u1(self.header)
            self._io.write_bytes(self.len_uncompressed_be)
            self._io.write_bytes(self.data)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"data", 0, self._io.size() - self._io.pos())


        def _check(self):
            if len(self.len_uncompressed_be) != self.len_len:
                raise kaitaistruct.ConsistencyError(u"len_uncompressed_be", self.len_len, len(self.len_uncompressed_be))
            self._dirty = False

        @property
        def algorithm(self):
            if hasattr(self, '_m_algorithm'):
                return self._m_algorithm

            self._m_algorithm = KaitaiStream.resolve_enum(EventMariadb.CompressionAlgorithm, self.header >> 4 & 7)
            return getattr(self, '_m_algorithm', None)

        def _invalidate_algorithm(self):
            del self._m_algorithm
        @property
        def is_valid_header(self):
            """MariaDB rejects a header without bit 7 or with bits 5-6 set."""
            if hasattr(self, '_m_is_valid_header'):
                return self._m_is_valid_header

            self._m_is_valid_header = self.header & 224 == 128
            return getattr(self, '_m_is_valid_header', None)

        def _invalidate_is_valid_header(self):
            del self._m_is_valid_header
        @property
        def len_len(self):
            """Number of length bytes, 1-4."""
            if hasattr(self, '_m_len_len'):
                return self._m_len_len

            self._m_len_len = self.header & 7
            return getattr(self, '_m_len_len', None)

        def _invalidate_len_len(self):
            del self._m_len_len
        @property
        def len_uncompressed(self):
            """Size of the inflated data (0 for an invalid length width)."""
            if hasattr(self, '_m_len_uncompressed'):
                return self._m_len_uncompressed

            self._m_len_uncompressed = (KaitaiStream.byte_array_index(self.len_uncompressed_be, 0) if self.len_len == 1 else (KaitaiStream.byte_array_index(self.len_uncompressed_be, 0) * 256 + KaitaiStream.byte_array_index(self.len_uncompressed_be, 1) if self.len_len == 2 else ((KaitaiStream.byte_array_index(self.len_uncompressed_be, 0) * 256 + KaitaiStream.byte_array_index(self.len_uncompressed_be, 1)) * 256 + KaitaiStream.byte_array_index(self.len_uncompressed_be, 2) if self.len_len == 3 else (((KaitaiStream.byte_array_index(self.len_uncompressed_be, 0) * 256 + KaitaiStream.byte_array_index(self.len_uncompressed_be, 1)) * 256 + KaitaiStream.byte_array_index(self.len_uncompressed_be, 2)) * 256 + KaitaiStream.byte_array_index(self.len_uncompressed_be, 3) if self.len_len == 4 else 0))))
            return getattr(self, '_m_len_uncompressed', None)

        def _invalidate_len_uncompressed(self):
            del self._m_len_uncompressed

    class GtidListEvent(ReadWriteKaitaiStruct):
        """GTID_LIST_EVENT (163), written after the format description of every
        binlog file: the last GTID of every (domain, server) pair written
        to the binlogs so far. An empty list is padded with 2 zero bytes (an
        old-replica compatibility minimum), which are left unread.
        
        .. seealso::
           MariaDB sql/log_event.cc Gtid_list_log_event ctor
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventMariadb.GtidListEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.count_and_flags = self._io.read_u4le()
            self.gtids = []
            for i in range(self.num_gtids):
                _t_gtids = EventMariadb.GtidListEvent.Gtid(self._io, self, self._root)
                try:
                    _t_gtids._read()
                finally:
                    self.gtids.append(_t_gtids)

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.gtids)):
                pass
                self.gtids[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventMariadb.GtidListEvent, self)._write__seq(io)
            self._io.write_u4le(self.count_and_flags)
            for i in range(len(self.gtids)):
                pass
                self.gtids[i]._write__seq(self._io)



        def _check(self):
            if len(self.gtids) != self.num_gtids:
                raise kaitaistruct.ConsistencyError(u"gtids", self.num_gtids, len(self.gtids))
            for i in range(len(self.gtids)):
                pass
                if self.gtids[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"gtids", self._root, self.gtids[i]._root)
                if self.gtids[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"gtids", self, self.gtids[i]._parent)

            self._dirty = False

        class Gtid(ReadWriteKaitaiStruct):
            """The last GTID binlogged for one (domain_id, server_id) pair."""
            def __init__(self, _io=None, _parent=None, _root=None):
                super(EventMariadb.GtidListEvent.Gtid, self).__init__(_io)
                self._parent = _parent
                self._root = _root

            def _read(self):
                self.domain_id = self._io.read_u4le()
                self.server_id = self._io.read_u4le()
                self.seq_no = self._io.read_u8le()
                self._dirty = False


            def _fetch_instances(self):
                pass


            def _write__seq(self, io=None):
                super(EventMariadb.GtidListEvent.Gtid, self)._write__seq(io)
                self._io.write_u4le(self.domain_id)
                self._io.write_u4le(self.server_id)
                self._io.write_u8le(self.seq_no)


            def _check(self):
                self._dirty = False


        @property
        def flags(self):
            """List flags shifted down (bit 0 FLAG_UNTIL_REPORTED, bit 1 FLAG_IGN_GTIDS)."""
            if hasattr(self, '_m_flags'):
                return self._m_flags

            self._m_flags = self.count_and_flags >> 28 & 15
            return getattr(self, '_m_flags', None)

        def _invalidate_flags(self):
            del self._m_flags
        @property
        def is_ign_gtids(self):
            if hasattr(self, '_m_is_ign_gtids'):
                return self._m_is_ign_gtids

            self._m_is_ign_gtids = self.flags & 2 != 0
            return getattr(self, '_m_is_ign_gtids', None)

        def _invalidate_is_ign_gtids(self):
            del self._m_is_ign_gtids
        @property
        def is_until_reported(self):
            if hasattr(self, '_m_is_until_reported'):
                return self._m_is_until_reported

            self._m_is_until_reported = self.flags & 1 != 0
            return getattr(self, '_m_is_until_reported', None)

        def _invalidate_is_until_reported(self):
            del self._m_is_until_reported
        @property
        def num_gtids(self):
            if hasattr(self, '_m_num_gtids'):
                return self._m_num_gtids

            self._m_num_gtids = self.count_and_flags & 268435455
            return getattr(self, '_m_num_gtids', None)

        def _invalidate_num_gtids(self):
            del self._m_num_gtids

    class MariadbGtidEvent(ReadWriteKaitaiStruct):
        """MariaDB's GTID_EVENT (162): starts an event group (transaction or
        standalone DDL) and gives its global transaction id
        domain_id-server_id-seq_no, where server_id is the common header's.
        Fields after `flags2` depend on the flags; the body is zero-padded to
        at least 19 bytes (GTID_HEADER_LEN), and a zero padding byte read as
        `flags_extra` adds nothing.
        
        .. seealso::
           MariaDB sql/log_event.cc Gtid_log_event ctor
        
        
        .. seealso::
           MariaDB sql/log_event_server.cc Gtid_log_event::write
        
        
        .. seealso::
           Source - https://mariadb.com/kb/en/gtid_event/
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventMariadb.MariadbGtidEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.seq_no = self._io.read_u8le()
            self.domain_id = self._io.read_u4le()
            self.flags2 = self._io.read_u1()
            if self.has_commit_id:
                pass
                self.commit_id = self._io.read_u8le()

            if self.is_xa:
                pass
                self.xid_format_id = self._io.read_u4le()

            if self.is_xa:
                pass
                self.xid_gtrid_len = self._io.read_u1()

            if self.is_xa:
                pass
                self.xid_bqual_len = self._io.read_u1()

            if self.is_xa:
                pass
                self.xid_data = self._io.read_bytes(self.xid_gtrid_len + self.xid_bqual_len)

            if self.has_flags_extra:
                pass
                self.flags_extra = self._io.read_u1()

            if  ((self.has_flags_extra) and (self.flags_extra & 1 != 0)) :
                pass
                self.extra_engines = self._io.read_u1()

            if  ((self.has_flags_extra) and (self.flags_extra & 12 != 0)) :
                pass
                self.sa_seq_no = self._io.read_u8le()

            if  ((self.has_flags_extra) and (self.flags_extra & 16 != 0)) :
                pass
                self.thread_id = self._io.read_u4le()

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.has_commit_id:
                pass

            if self.is_xa:
                pass

            if self.is_xa:
                pass

            if self.is_xa:
                pass

            if self.is_xa:
                pass

            if self.has_flags_extra:
                pass

            if  ((self.has_flags_extra) and (self.flags_extra & 1 != 0)) :
                pass

            if  ((self.has_flags_extra) and (self.flags_extra & 12 != 0)) :
                pass

            if  ((self.has_flags_extra) and (self.flags_extra & 16 != 0)) :
                pass



        def _write__seq(self, io=None):
            super(EventMariadb.MariadbGtidEvent, self)._write__seq(io)
            self._io.write_u8le(self.seq_no)
            self._io.write_u4le(self.domain_id)
            self._io.write_u1(self.flags2)
            if self.has_commit_id:
                pass
                self._io.write_u8le(self.commit_id)

            if self.is_xa:
                pass
                self._io.write_u4le(self.xid_format_id)

            if self.is_xa:
                pass
                self._io.write_u1(self.xid_gtrid_len)

            if self.is_xa:
                pass
                self._io.write_u1(self.xid_bqual_len)

            if self.is_xa:
                pass
                self._io.write_bytes(self.xid_data)

            if self.has_flags_extra:
                pass
                self._io.write_u1(self.flags_extra)

            if  ((self.has_flags_extra) and (self.flags_extra & 1 != 0)) :
                pass
                self._io.write_u1(self.extra_engines)

            if  ((self.has_flags_extra) and (self.flags_extra & 12 != 0)) :
                pass
                self._io.write_u8le(self.sa_seq_no)

            if  ((self.has_flags_extra) and (self.flags_extra & 16 != 0)) :
                pass
                self._io.write_u4le(self.thread_id)



        def _check(self):
            if self.has_commit_id:
                pass

            if self.is_xa:
                pass

            if self.is_xa:
                pass

            if self.is_xa:
                pass

            if self.is_xa:
                pass
                if len(self.xid_data) != self.xid_gtrid_len + self.xid_bqual_len:
                    raise kaitaistruct.ConsistencyError(u"xid_data", self.xid_gtrid_len + self.xid_bqual_len, len(self.xid_data))

            self._dirty = False

        @property
        def has_commit_id(self):
            """FL_GROUP_COMMIT_ID."""
            if hasattr(self, '_m_has_commit_id'):
                return self._m_has_commit_id

            self._m_has_commit_id = self.flags2 & 2 != 0
            return getattr(self, '_m_has_commit_id', None)

        def _invalidate_has_commit_id(self):
            del self._m_has_commit_id
        @property
        def has_flags_extra(self):
            if hasattr(self, '_m_has_flags_extra'):
                return self._m_has_flags_extra

            self._m_has_flags_extra = self._io.size() > self.ofs_flags_extra
            return getattr(self, '_m_has_flags_extra', None)

        def _invalidate_has_flags_extra(self):
            del self._m_has_flags_extra
        @property
        def has_thread_id(self):
            """FL_EXTRA_THREAD_ID."""
            if hasattr(self, '_m_has_thread_id'):
                return self._m_has_thread_id

            self._m_has_thread_id =  ((self.has_flags_extra) and (self.flags_extra & 16 != 0)) 
            return getattr(self, '_m_has_thread_id', None)

        def _invalidate_has_thread_id(self):
            del self._m_has_thread_id
        @property
        def is_allow_parallel(self):
            """FL_ALLOW_PARALLEL."""
            if hasattr(self, '_m_is_allow_parallel'):
                return self._m_is_allow_parallel

            self._m_is_allow_parallel = self.flags2 & 8 != 0
            return getattr(self, '_m_is_allow_parallel', None)

        def _invalidate_is_allow_parallel(self):
            del self._m_is_allow_parallel
        @property
        def is_commit_alter(self):
            """FL_COMMIT_ALTER."""
            if hasattr(self, '_m_is_commit_alter'):
                return self._m_is_commit_alter

            self._m_is_commit_alter =  ((self.has_flags_extra) and (self.flags_extra & 4 != 0)) 
            return getattr(self, '_m_is_commit_alter', None)

        def _invalidate_is_commit_alter(self):
            del self._m_is_commit_alter
        @property
        def is_completed_xa(self):
            """FL_COMPLETED_XA, XA COMMIT / XA ROLLBACK."""
            if hasattr(self, '_m_is_completed_xa'):
                return self._m_is_completed_xa

            self._m_is_completed_xa = self.flags2 & 128 != 0
            return getattr(self, '_m_is_completed_xa', None)

        def _invalidate_is_completed_xa(self):
            del self._m_is_completed_xa
        @property
        def is_ddl(self):
            """FL_DDL."""
            if hasattr(self, '_m_is_ddl'):
                return self._m_is_ddl

            self._m_is_ddl = self.flags2 & 32 != 0
            return getattr(self, '_m_is_ddl', None)

        def _invalidate_is_ddl(self):
            del self._m_is_ddl
        @property
        def is_multi_engine(self):
            """FL_EXTRA_MULTI_ENGINE."""
            if hasattr(self, '_m_is_multi_engine'):
                return self._m_is_multi_engine

            self._m_is_multi_engine =  ((self.has_flags_extra) and (self.flags_extra & 1 != 0)) 
            return getattr(self, '_m_is_multi_engine', None)

        def _invalidate_is_multi_engine(self):
            del self._m_is_multi_engine
        @property
        def is_prepared_xa(self):
            """FL_PREPARED_XA, XA PREPARE of an XA transaction."""
            if hasattr(self, '_m_is_prepared_xa'):
                return self._m_is_prepared_xa

            self._m_is_prepared_xa = self.flags2 & 64 != 0
            return getattr(self, '_m_is_prepared_xa', None)

        def _invalidate_is_prepared_xa(self):
            del self._m_is_prepared_xa
        @property
        def is_rollback_alter(self):
            """FL_ROLLBACK_ALTER."""
            if hasattr(self, '_m_is_rollback_alter'):
                return self._m_is_rollback_alter

            self._m_is_rollback_alter =  ((self.has_flags_extra) and (self.flags_extra & 8 != 0)) 
            return getattr(self, '_m_is_rollback_alter', None)

        def _invalidate_is_rollback_alter(self):
            del self._m_is_rollback_alter
        @property
        def is_standalone(self):
            """FL_STANDALONE, no terminating COMMIT/XID event (DDL, or non-transactional)."""
            if hasattr(self, '_m_is_standalone'):
                return self._m_is_standalone

            self._m_is_standalone = self.flags2 & 1 != 0
            return getattr(self, '_m_is_standalone', None)

        def _invalidate_is_standalone(self):
            del self._m_is_standalone
        @property
        def is_start_alter(self):
            """FL_START_ALTER."""
            if hasattr(self, '_m_is_start_alter'):
                return self._m_is_start_alter

            self._m_is_start_alter =  ((self.has_flags_extra) and (self.flags_extra & 2 != 0)) 
            return getattr(self, '_m_is_start_alter', None)

        def _invalidate_is_start_alter(self):
            del self._m_is_start_alter
        @property
        def is_transactional(self):
            """FL_TRANSACTIONAL, the group can be rolled back."""
            if hasattr(self, '_m_is_transactional'):
                return self._m_is_transactional

            self._m_is_transactional = self.flags2 & 4 != 0
            return getattr(self, '_m_is_transactional', None)

        def _invalidate_is_transactional(self):
            del self._m_is_transactional
        @property
        def is_waited(self):
            """FL_WAITED, the transaction waited for a row lock on the primary."""
            if hasattr(self, '_m_is_waited'):
                return self._m_is_waited

            self._m_is_waited = self.flags2 & 16 != 0
            return getattr(self, '_m_is_waited', None)

        def _invalidate_is_waited(self):
            del self._m_is_waited
        @property
        def is_xa(self):
            if hasattr(self, '_m_is_xa'):
                return self._m_is_xa

            self._m_is_xa =  ((self.is_prepared_xa) or (self.is_completed_xa)) 
            return getattr(self, '_m_is_xa', None)

        def _invalidate_is_xa(self):
            del self._m_is_xa
        @property
        def ofs_flags_extra(self):
            if hasattr(self, '_m_ofs_flags_extra'):
                return self._m_ofs_flags_extra

            self._m_ofs_flags_extra = (13 + (8 if self.has_commit_id else 0)) + ((6 + self.xid_gtrid_len) + self.xid_bqual_len if self.is_xa else 0)
            return getattr(self, '_m_ofs_flags_extra', None)

        def _invalidate_ofs_flags_extra(self):
            del self._m_ofs_flags_extra

    class QueryCompressedEvent(ReadWriteKaitaiStruct):
        """QUERY_COMPRESSED_EVENT (165, log_bin_compress=ON): a QUERY event whose
        statement text is zlib-compressed. Post header, status variables and
        default schema are those of QUERY_EVENT (same field names as
        `event_query::query_event`); only `query` is a `compressed_data`
        whose inflated bytes are the statement in the connection charset.
        
        .. seealso::
           MariaDB sql/log_event.cc query_event_uncompress, Query_compressed_log_event ctor
        
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h (Query_event layout)
        """
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventMariadb.QueryCompressedEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            self.thread_id = self._io.read_u4le()
            self.exec_time = self._io.read_u4le()
            self.len_schema = self._io.read_u1()
            self.error_code = self._io.read_u2le()
            self.len_status_vars = self._io.read_u2le()
            if self.post_header_len > 13:
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - 13)

            self._raw_status_vars = self._io.read_bytes(self.len_status_vars)
            _io__raw_status_vars = KaitaiStream(BytesIO(self._raw_status_vars))
            self.status_vars = event_query.EventQuery.StatusVars(_io__raw_status_vars)
            self.status_vars._read()
            self.schema = self._io.read_bytes(self.len_schema)
            self.schema_terminator = self._io.read_u1()
            self._raw_query = self._io.read_bytes_full()
            _io__raw_query = KaitaiStream(BytesIO(self._raw_query))
            self.query = EventMariadb.CompressedData(_io__raw_query, self, self._root)
            self.query._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.post_header_len > 13:
                pass

            self.status_vars._fetch_instances()
            self.query._fetch_instances()


        def _write__seq(self, io=None):
            super(EventMariadb.QueryCompressedEvent, self)._write__seq(io)
            self._io.write_u4le(self.thread_id)
            self._io.write_u4le(self.exec_time)
            self._io.write_u1(self.len_schema)
            self._io.write_u2le(self.error_code)
            self._io.write_u2le(self.len_status_vars)
            if self.post_header_len > 13:
                pass
                self._io.write_bytes(self.extra_post_header)

            _io__raw_status_vars = KaitaiStream(BytesIO(bytearray(self.len_status_vars)))
            self._io.add_child_stream(_io__raw_status_vars)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self.len_status_vars))
            def handler(parent, _io__raw_status_vars=_io__raw_status_vars):
                self._raw_status_vars = _io__raw_status_vars.to_byte_array()
                if len(self._raw_status_vars) != self.len_status_vars:
                    raise kaitaistruct.ConsistencyError(u"raw(status_vars)", self.len_status_vars, len(self._raw_status_vars))
                parent.write_bytes(self._raw_status_vars)
            _io__raw_status_vars.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.status_vars._write__seq(_io__raw_status_vars)
            self._io.write_bytes(self.schema)
            self._io.write_u1(self.schema_terminator)
            _io__raw_query = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
            self._io.add_child_stream(_io__raw_query)
            _pos2 = self._io.pos()
            self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
            def handler(parent, _io__raw_query=_io__raw_query):
                self._raw_query = _io__raw_query.to_byte_array()
                parent.write_bytes(self._raw_query)
                if not parent.is_eof():
                    raise kaitaistruct.ConsistencyError(u"raw(query)", 0, parent.size() - parent.pos())
            _io__raw_query.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
            self.query._write__seq(_io__raw_query)


        def _check(self):
            if self.post_header_len > 13:
                pass
                if len(self.extra_post_header) != self.post_header_len - 13:
                    raise kaitaistruct.ConsistencyError(u"extra_post_header", self.post_header_len - 13, len(self.extra_post_header))

            if len(self.schema) != self.len_schema:
                raise kaitaistruct.ConsistencyError(u"schema", self.len_schema, len(self.schema))
            if self.query._root != self._root:
                raise kaitaistruct.ConsistencyError(u"query", self._root, self.query._root)
            if self.query._parent != self:
                raise kaitaistruct.ConsistencyError(u"query", self, self.query._parent)
            self._dirty = False


    class StartEncryptionEvent(ReadWriteKaitaiStruct):
        """START_ENCRYPTION_EVENT (164), written after the format description when
        encrypt_binlog is ON: every event after it is encrypted (AES with a
        per-event IV built from `nonce` and the event position), so it cannot
        be parsed without the key of `key_version`.
        
        .. seealso::
           MariaDB sql/log_event.cc Start_encryption_log_event ctor
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventMariadb.StartEncryptionEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.crypto_scheme = self._io.read_u1()
            self.key_version = self._io.read_u4le()
            self.nonce = self._io.read_bytes(12)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventMariadb.StartEncryptionEvent, self)._write__seq(io)
            self._io.write_u1(self.crypto_scheme)
            self._io.write_u4le(self.key_version)
            self._io.write_bytes(self.nonce)


        def _check(self):
            if len(self.nonce) != 12:
                raise kaitaistruct.ConsistencyError(u"nonce", 12, len(self.nonce))
            self._dirty = False



