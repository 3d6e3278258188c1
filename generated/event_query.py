# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventQuery(KaitaiStruct):
    """Body types of the statement events: QUERY_EVENT with its status
    variables, and the events that carry LOAD DATA INFILE: LOAD and
    NEW_LOAD (MySQL 3.23-4.x), CREATE_FILE, APPEND_BLOCK, EXEC_LOAD and
    DELETE_FILE (4.x), BEGIN_LOAD_QUERY and EXECUTE_LOAD_QUERY (5.0+).
    Each type parses the event body only (common header and CRC32 removed).
    
    Statement text, database names and file names are kept as bytes: they
    are in the character set of the client connection (see the
    Q_CHARSET_CODE status variable), which may be latin1, gbk, ... and is
    not validated by the server. The binlog-ksy runtime decodes them.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Query__event.html
    
    
    .. seealso::
       libs/mysql/binlog/event/statement_events.h Query_event
    
    
    .. seealso::
       libs/mysql/binlog/event/load_data_events.h
    
    
    .. seealso::
       libbinlogevents/src/load_data_events.cpp (5.7: Load_event, Create_file_event)
    
    
    .. seealso::
       MariaDB sql/log_event.h, sql/log_event.cc Query_log_event
    """

    class GtidFlagsExtra(IntEnum):
        fl_extra_multi_engine_e1 = 1
        fl_start_alter_e1 = 2
        fl_commit_alter_e1 = 4
        fl_rollback_alter_e1 = 8

    class LoadDupHandling(IntEnum):
        load_dup_error = 0
        load_dup_ignore = 1
        load_dup_replace = 2

    class LoadEmptyFlag(IntEnum):
        field_term_empty = 1
        enclosed_empty = 2
        line_term_empty = 4
        line_start_empty = 8
        escaped_empty = 16

    class LoadOptFlag(IntEnum):
        dumpfile_flag = 1
        opt_enclosed_flag = 2
        replace_flag = 4
        ignore_flag = 8

    class QueryFlags2(IntEnum):
        option_auto_is_null = 16384
        option_not_autocommit = 524288
        option_no_foreign_key_checks = 67108864
        option_relaxed_unique_checks = 134217728

    class StatusVarCode(IntEnum):
        q_flags2_code = 0
        q_sql_mode_code = 1
        q_catalog_code = 2
        q_auto_increment = 3
        q_charset_code = 4
        q_time_zone_code = 5
        q_catalog_nz_code = 6
        q_lc_time_names_code = 7
        q_charset_database_code = 8
        q_table_map_for_update_code = 9
        q_master_data_written_code = 10
        q_invoker = 11
        q_updated_db_names = 12
        q_microseconds = 13
        q_commit_ts = 14
        q_commit_ts2 = 15
        q_explicit_defaults_for_timestamp = 16
        q_ddl_logged_with_xid = 17
        q_default_collation_for_utf8mb4 = 18
        q_sql_require_primary_key = 19
        q_default_table_encryption = 20
        q_enable_cascade_triggers = 21
        q_hrnow = 128
        q_xid = 129
        q_gtid_flags3 = 130
        q_character_set_collations = 131
    def __init__(self, _io, _parent=None, _root=None):
        super(EventQuery, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class AppendBlockEvent(KaitaiStruct):
        """APPEND_BLOCK_EVENT: the next block of a file being loaded by LOAD
        DATA INFILE (after CREATE_FILE or BEGIN_LOAD_QUERY).
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.h Append_block_event
        
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.cpp Append_block_event::Append_block_event
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.AppendBlockEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.file_id = self._io.read_u4le()
            if self.post_header_len > 4:
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - 4)

            self.block = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self.post_header_len > 4:
                pass



    class BeginLoadQueryEvent(KaitaiStruct):
        """BEGIN_LOAD_QUERY_EVENT (MySQL 5.0.3+): the first block of the file
        of a LOAD DATA INFILE; same layout as APPEND_BLOCK.
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.h Begin_load_query_event
        
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.cpp Begin_load_query_event::Begin_load_query_event
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.BeginLoadQueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.file_id = self._io.read_u4le()
            if self.post_header_len > 4:
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - 4)

            self.block = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self.post_header_len > 4:
                pass



    class CreateFileEvent(KaitaiStruct):
        """CREATE_FILE_EVENT (MySQL 4.x): starts a LOAD DATA INFILE. It has the
        LOAD post-header (18 bytes), its own post-header (the file id),
        the LOAD variable part with the new `sql_ex`, and then the first
        block of the file's data.
        
        .. seealso::
           libbinlogevents/include/load_data_events.h Create_file_event (5.7)
        
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp Create_file_event::Create_file_event
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.CreateFileEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.load_post_header = EventQuery.LoadPostHeader(self._io, self, self._root)
            if self.post_header_len >= 4:
                pass
                self.file_id = self._io.read_u4le()

            if self.post_header_len > 4:
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - 4)

            self.data = EventQuery.LoadData(True, self.load_post_header.num_fields, self.load_post_header.len_table_name, self.load_post_header.len_schema, self._io, self, self._root)
            self.block = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            self.load_post_header._fetch_instances()
            if self.post_header_len >= 4:
                pass

            if self.post_header_len > 4:
                pass

            self.data._fetch_instances()


    class DeleteFileEvent(KaitaiStruct):
        """DELETE_FILE_EVENT: drop the temporary file of a failed LOAD DATA INFILE.
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.h Delete_file_event
        
        
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.cpp Delete_file_event::Delete_file_event
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.DeleteFileEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.file_id = self._io.read_u4le()


        def _fetch_instances(self):
            pass


    class ExecLoadEvent(KaitaiStruct):
        """EXEC_LOAD_EVENT (MySQL 4.x): load the file built by CREATE_FILE and APPEND_BLOCK.
        
        .. seealso::
           libbinlogevents/include/load_data_events.h Execute_load_event (5.7)
        
        
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp Execute_load_event::Execute_load_event
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.ExecLoadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.file_id = self._io.read_u4le()


        def _fetch_instances(self):
            pass


    class ExecuteLoadQueryEvent(KaitaiStruct):
        """EXECUTE_LOAD_QUERY_EVENT (MySQL 5.0.3+): the LOAD DATA statement
        that loads the file built by BEGIN_LOAD_QUERY and APPEND_BLOCK
        events. A QUERY_EVENT whose post-header (26 bytes) also has the
        file id, the position of the file name inside the statement and
        the duplicate handling.
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.h Execute_load_query_event
        
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.cpp Execute_load_query_event::Execute_load_query_event
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.ExecuteLoadQueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.thread_id = self._io.read_u4le()
            self.exec_time = self._io.read_u4le()
            self.len_schema = self._io.read_u1()
            self.error_code = self._io.read_u2le()
            self.len_status_vars = self._io.read_u2le()
            self.file_id = self._io.read_u4le()
            self.ofs_file_name_start = self._io.read_u4le()
            self.ofs_file_name_end = self._io.read_u4le()
            self.dup_handling = KaitaiStream.resolve_enum(EventQuery.LoadDupHandling, self._io.read_u1())
            if self.post_header_len > 26:
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - 26)

            if (not (self.is_malformed)):
                pass
                self._raw_status_vars = self._io.read_bytes(self.len_status_vars)
                _io__raw_status_vars = KaitaiStream(BytesIO(self._raw_status_vars))
                self.status_vars = EventQuery.StatusVars(_io__raw_status_vars, self, self._root)

            if self.is_malformed:
                pass
                self.status_vars_raw = self._io.read_bytes(self._io.size() - self._io.pos())

            self.schema = self._io.read_bytes((self.len_schema if self.len_schema <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))
            if (not (self._io.is_eof())):
                pass
                self.schema_terminator = self._io.read_u1()

            self.query = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self.post_header_len > 26:
                pass

            if (not (self.is_malformed)):
                pass
                self.status_vars._fetch_instances()

            if self.is_malformed:
                pass

            if (not (self._io.is_eof())):
                pass


        @property
        def is_malformed(self):
            """True when the lengths point past the end of the event (corrupt event)."""
            if hasattr(self, '_m_is_malformed'):
                return self._m_is_malformed

            self._m_is_malformed = ((self.ofs_status_vars + self.len_status_vars) + self.len_schema) + 1 > self._io.size()
            return getattr(self, '_m_is_malformed', None)

        @property
        def ofs_status_vars(self):
            if hasattr(self, '_m_ofs_status_vars'):
                return self._m_ofs_status_vars

            self._m_ofs_status_vars = (self.post_header_len if self.post_header_len > 26 else 26)
            return getattr(self, '_m_ofs_status_vars', None)


    class LoadData(KaitaiStruct):
        """The variable part of LOAD, NEW_LOAD and CREATE_FILE events.
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event
        """
        def __init__(self, is_new_format, num_fields, len_table_name, len_schema, _io, _parent=None, _root=None):
            super(EventQuery.LoadData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_new_format = is_new_format
            self.num_fields = num_fields
            self.len_table_name = len_table_name
            self.len_schema = len_schema
            self._read()

        def _read(self):
            if (not (self.is_new_format)):
                pass
                self.sql_ex_old = EventQuery.SqlExOld(self._io, self, self._root)

            if self.is_new_format:
                pass
                self.sql_ex_new = EventQuery.SqlExNew(self._io, self, self._root)

            self.len_fields = []
            for i in range(self.num_fields):
                self.len_fields.append(self._io.read_u1())

            self.fields = []
            for i in range(self.num_fields):
                self.fields.append(KaitaiStream.bytes_terminate(self._io.read_bytes(self.len_fields[i] + 1), 0, False))

            self.table_name = KaitaiStream.bytes_terminate(self._io.read_bytes(self.len_table_name + 1), 0, False)
            self.schema = KaitaiStream.bytes_terminate(self._io.read_bytes(self.len_schema + 1), 0, False)
            self.file_name = self._io.read_bytes_term(0, False, True, False)


        def _fetch_instances(self):
            pass
            if (not (self.is_new_format)):
                pass
                self.sql_ex_old._fetch_instances()

            if self.is_new_format:
                pass
                self.sql_ex_new._fetch_instances()

            for i in range(len(self.len_fields)):
                pass

            for i in range(len(self.fields)):
                pass



    class LoadEvent(KaitaiStruct):
        """LOAD_EVENT (6): LOAD DATA INFILE as written by MySQL 3.23 and 4.x,
        with the old 7-byte `sql_ex` (single-character terminators). The
        data itself follows in the file named by `file_name` (3.23) or in
        CREATE_FILE/APPEND_BLOCK events (4.x).
        
        The post-header is always 18 bytes (LOAD_HEADER_LEN); the
        post_header_len param is accepted for the router's uniform call.
        
        .. seealso::
           libbinlogevents/include/load_data_events.h Load_event (5.7)
        
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.LoadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.post_header = EventQuery.LoadPostHeader(self._io, self, self._root)
            self.data = EventQuery.LoadData(False, self.post_header.num_fields, self.post_header.len_table_name, self.post_header.len_schema, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.post_header._fetch_instances()
            self.data._fetch_instances()


    class LoadPostHeader(KaitaiStruct):
        """The 18-byte post-header of LOAD, NEW_LOAD and CREATE_FILE events (LOAD_HEADER_LEN).
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event (L_*_OFFSET)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.LoadPostHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.thread_id = self._io.read_u4le()
            self.exec_time = self._io.read_u4le()
            self.skip_lines = self._io.read_u4le()
            self.len_table_name = self._io.read_u1()
            self.len_schema = self._io.read_u1()
            self.num_fields = self._io.read_u4le()


        def _fetch_instances(self):
            pass


    class NewLoadEvent(KaitaiStruct):
        """NEW_LOAD_EVENT (12): as LOAD_EVENT, with the new `sql_ex` whose
        terminators are length-prefixed strings (MySQL 4.0+).
        
        .. seealso::
           libbinlogevents/include/load_data_events.h Load_event (5.7)
        
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.NewLoadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.post_header = EventQuery.LoadPostHeader(self._io, self, self._root)
            self.data = EventQuery.LoadData(True, self.post_header.num_fields, self.post_header.len_table_name, self.post_header.len_schema, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.post_header._fetch_instances()
            self.data._fetch_instances()


    class QueryEvent(KaitaiStruct):
        """QUERY_EVENT: a statement (DDL, statement-based DML, BEGIN, COMMIT of
        non-transactional engines, ...).
        
        The post-header is 13 bytes in binlog v4 (MySQL 5.0+, MariaDB) and
        11 bytes in v1/v3 (MySQL 3.23-4.x), which have no status variables.
        A post-header longer than known is skipped, as MySQL does.
        
        `schema` and `query` are raw bytes in the connection character set
        (`character_set_client` of the Q_CHARSET_CODE status variable, or
        the server default for old events); decode them in the runtime.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h Query_event
        
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event
        
        
        .. seealso::
           MariaDB sql/log_event.cc Query_log_event::Query_log_event
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.QueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.thread_id = self._io.read_u4le()
            self.exec_time = self._io.read_u4le()
            self.len_schema = self._io.read_u1()
            self.error_code = self._io.read_u2le()
            if self.post_header_len >= 13:
                pass
                self.len_status_vars = self._io.read_u2le()

            if  ((self.post_header_len > 13) or ( ((self.post_header_len > 11) and (self.post_header_len < 13)) )) :
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - (13 if self.post_header_len >= 13 else 11))

            if  ((self.post_header_len >= 13) and ((not (self.is_malformed)))) :
                pass
                self._raw_status_vars = self._io.read_bytes(self.len_status_vars)
                _io__raw_status_vars = KaitaiStream(BytesIO(self._raw_status_vars))
                self.status_vars = EventQuery.StatusVars(_io__raw_status_vars, self, self._root)

            if  ((self.post_header_len >= 13) and (self.is_malformed)) :
                pass
                self.status_vars_raw = self._io.read_bytes(self._io.size() - self._io.pos())

            self.schema = self._io.read_bytes((self.len_schema if self.len_schema <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))
            if (not (self._io.is_eof())):
                pass
                self.schema_terminator = self._io.read_u1()

            self.query = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self.post_header_len >= 13:
                pass

            if  ((self.post_header_len > 13) or ( ((self.post_header_len > 11) and (self.post_header_len < 13)) )) :
                pass

            if  ((self.post_header_len >= 13) and ((not (self.is_malformed)))) :
                pass
                self.status_vars._fetch_instances()

            if  ((self.post_header_len >= 13) and (self.is_malformed)) :
                pass

            if (not (self._io.is_eof())):
                pass


        @property
        def is_malformed(self):
            """True when the lengths point past the end of the event (a corrupt
            event, which MySQL rejects). The status variables are then kept
            raw in `status_vars_raw` and `schema`/`query` get what is left.
            """
            if hasattr(self, '_m_is_malformed'):
                return self._m_is_malformed

            self._m_is_malformed = ((self.ofs_status_vars + (self.len_status_vars if self.post_header_len >= 13 else 0)) + self.len_schema) + 1 > self._io.size()
            return getattr(self, '_m_is_malformed', None)

        @property
        def ofs_status_vars(self):
            """Offset of the status variables (the end of the post-header)."""
            if hasattr(self, '_m_ofs_status_vars'):
                return self._m_ofs_status_vars

            self._m_ofs_status_vars = (self.post_header_len if self.post_header_len > 11 else 11)
            return getattr(self, '_m_ofs_status_vars', None)


    class SqlExNew(KaitaiStruct):
        """The new `sql_ex` (NEW_LOAD, CREATE_FILE): the FIELDS/LINES options of
        LOAD DATA as length-prefixed strings.
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SqlExNew, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.field_term = EventQuery.SvString(self._io, self, self._root)
            self.enclosed = EventQuery.SvString(self._io, self, self._root)
            self.line_term = EventQuery.SvString(self._io, self, self._root)
            self.line_start = EventQuery.SvString(self._io, self, self._root)
            self.escaped = EventQuery.SvString(self._io, self, self._root)
            self.opt_flags = self._io.read_u1()


        def _fetch_instances(self):
            pass
            self.field_term._fetch_instances()
            self.enclosed._fetch_instances()
            self.line_term._fetch_instances()
            self.line_start._fetch_instances()
            self.escaped._fetch_instances()


    class SqlExOld(KaitaiStruct):
        """The old `sql_ex` (LOAD_EVENT): the FIELDS/LINES options of LOAD DATA
        as single characters, with `empty_flags` marking the absent ones.
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SqlExOld, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.field_term = self._io.read_bytes(1)
            self.enclosed = self._io.read_bytes(1)
            self.line_term = self._io.read_bytes(1)
            self.line_start = self._io.read_bytes(1)
            self.escaped = self._io.read_bytes(1)
            self.opt_flags = self._io.read_u1()
            self.empty_flags = self._io.read_u1()


        def _fetch_instances(self):
            pass


    class StatusVar(KaitaiStruct):
        """One status variable of a QUERY_EVENT.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h Query_event::Query_event_status_vars
        
        
        
        .. seealso::
           MariaDB sql/log_event.h (Q_HRNOW, Q_XID, Q_GTID_FLAGS3, Q_CHARACTER_SET_COLLATIONS)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.StatusVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.code = KaitaiStream.resolve_enum(EventQuery.StatusVarCode, self._io.read_u1())
            if self.is_known:
                pass
                _on = self.code
                if _on == EventQuery.StatusVarCode.q_auto_increment:
                    pass
                    self.body = EventQuery.SvAutoIncrement(self._io, self, self._root)
                elif _on == EventQuery.StatusVarCode.q_catalog_code:
                    pass
                    self.body = EventQuery.SvCatalogOld(self._io, self, self._root)
                elif _on == EventQuery.StatusVarCode.q_catalog_nz_code:
                    pass
                    self.body = EventQuery.SvString(self._io, self, self._root)
                elif _on == EventQuery.StatusVarCode.q_character_set_collations:
                    pass
                    self.body = EventQuery.SvCharacterSetCollations(self._io, self, self._root)
                elif _on == EventQuery.StatusVarCode.q_charset_code:
                    pass
                    self.body = EventQuery.SvCharset(self._io, self, self._root)
                elif _on == EventQuery.StatusVarCode.q_charset_database_code:
                    pass
                    self.body = self._io.read_u2le()
                elif _on == EventQuery.StatusVarCode.q_ddl_logged_with_xid:
                    pass
                    self.body = self._io.read_u8le()
                elif _on == EventQuery.StatusVarCode.q_default_collation_for_utf8mb4:
                    pass
                    self.body = self._io.read_u2le()
                elif _on == EventQuery.StatusVarCode.q_default_table_encryption:
                    pass
                    self.body = self._io.read_u1()
                elif _on == EventQuery.StatusVarCode.q_enable_cascade_triggers:
                    pass
                    self.body = self._io.read_u1()
                elif _on == EventQuery.StatusVarCode.q_explicit_defaults_for_timestamp:
                    pass
                    self.body = self._io.read_u1()
                elif _on == EventQuery.StatusVarCode.q_flags2_code:
                    pass
                    self.body = self._io.read_u4le()
                elif _on == EventQuery.StatusVarCode.q_gtid_flags3:
                    pass
                    self.body = EventQuery.SvGtidFlags3(self._io, self, self._root)
                elif _on == EventQuery.StatusVarCode.q_hrnow:
                    pass
                    self.body = packed_int.PackedInt.U3Le(self._io)
                elif _on == EventQuery.StatusVarCode.q_invoker:
                    pass
                    self.body = EventQuery.SvInvoker(self._io, self, self._root)
                elif _on == EventQuery.StatusVarCode.q_lc_time_names_code:
                    pass
                    self.body = self._io.read_u2le()
                elif _on == EventQuery.StatusVarCode.q_master_data_written_code:
                    pass
                    self.body = self._io.read_u4le()
                elif _on == EventQuery.StatusVarCode.q_microseconds:
                    pass
                    self.body = packed_int.PackedInt.U3Le(self._io)
                elif _on == EventQuery.StatusVarCode.q_sql_mode_code:
                    pass
                    self.body = self._io.read_u8le()
                elif _on == EventQuery.StatusVarCode.q_sql_require_primary_key:
                    pass
                    self.body = self._io.read_u1()
                elif _on == EventQuery.StatusVarCode.q_table_map_for_update_code:
                    pass
                    self.body = self._io.read_u8le()
                elif _on == EventQuery.StatusVarCode.q_time_zone_code:
                    pass
                    self.body = EventQuery.SvString(self._io, self, self._root)
                elif _on == EventQuery.StatusVarCode.q_updated_db_names:
                    pass
                    self.body = EventQuery.SvUpdatedDbNames(self._io, self, self._root)
                elif _on == EventQuery.StatusVarCode.q_xid:
                    pass
                    self.body = self._io.read_u8le()

            if (not (self.is_known)):
                pass
                self.unparsed = self._io.read_bytes_full()



        def _fetch_instances(self):
            pass
            if self.is_known:
                pass
                _on = self.code
                if _on == EventQuery.StatusVarCode.q_auto_increment:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_catalog_code:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_catalog_nz_code:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_character_set_collations:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_charset_code:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_charset_database_code:
                    pass
                elif _on == EventQuery.StatusVarCode.q_ddl_logged_with_xid:
                    pass
                elif _on == EventQuery.StatusVarCode.q_default_collation_for_utf8mb4:
                    pass
                elif _on == EventQuery.StatusVarCode.q_default_table_encryption:
                    pass
                elif _on == EventQuery.StatusVarCode.q_enable_cascade_triggers:
                    pass
                elif _on == EventQuery.StatusVarCode.q_explicit_defaults_for_timestamp:
                    pass
                elif _on == EventQuery.StatusVarCode.q_flags2_code:
                    pass
                elif _on == EventQuery.StatusVarCode.q_gtid_flags3:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_hrnow:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_invoker:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_lc_time_names_code:
                    pass
                elif _on == EventQuery.StatusVarCode.q_master_data_written_code:
                    pass
                elif _on == EventQuery.StatusVarCode.q_microseconds:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_sql_mode_code:
                    pass
                elif _on == EventQuery.StatusVarCode.q_sql_require_primary_key:
                    pass
                elif _on == EventQuery.StatusVarCode.q_table_map_for_update_code:
                    pass
                elif _on == EventQuery.StatusVarCode.q_time_zone_code:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_updated_db_names:
                    pass
                    self.body._fetch_instances()
                elif _on == EventQuery.StatusVarCode.q_xid:
                    pass

            if (not (self.is_known)):
                pass


        @property
        def is_known(self):
            """True when the code is known and its value fits in the block
            (evaluated right after `code` is read). Parsing stops at the
            first entry for which it is false, as MySQL and MariaDB do.
            """
            if hasattr(self, '_m_is_known'):
                return self._m_is_known

            self._m_is_known =  ((self.len_min >= 0) and (self._io.size() - self._io.pos() >= self.len_min)) 
            return getattr(self, '_m_is_known', None)

        @property
        def len_min(self):
            """Smallest size of the value for this code, -1 for the codes whose
            size is unknown: Q_COMMIT_TS (14) and Q_COMMIT_TS2 (15) were never
            released and have no reader, and any newer code.
            """
            if hasattr(self, '_m_len_min'):
                return self._m_len_min

            self._m_len_min = (4 if self.code == EventQuery.StatusVarCode.q_flags2_code else (8 if self.code == EventQuery.StatusVarCode.q_sql_mode_code else (2 if self.code == EventQuery.StatusVarCode.q_catalog_code else (4 if self.code == EventQuery.StatusVarCode.q_auto_increment else (6 if self.code == EventQuery.StatusVarCode.q_charset_code else (1 if self.code == EventQuery.StatusVarCode.q_time_zone_code else (1 if self.code == EventQuery.StatusVarCode.q_catalog_nz_code else (2 if self.code == EventQuery.StatusVarCode.q_lc_time_names_code else (2 if self.code == EventQuery.StatusVarCode.q_charset_database_code else (8 if self.code == EventQuery.StatusVarCode.q_table_map_for_update_code else (4 if self.code == EventQuery.StatusVarCode.q_master_data_written_code else (2 if self.code == EventQuery.StatusVarCode.q_invoker else (1 if self.code == EventQuery.StatusVarCode.q_updated_db_names else (3 if self.code == EventQuery.StatusVarCode.q_microseconds else (1 if self.code == EventQuery.StatusVarCode.q_explicit_defaults_for_timestamp else (8 if self.code == EventQuery.StatusVarCode.q_ddl_logged_with_xid else (2 if self.code == EventQuery.StatusVarCode.q_default_collation_for_utf8mb4 else (1 if self.code == EventQuery.StatusVarCode.q_sql_require_primary_key else (1 if self.code == EventQuery.StatusVarCode.q_default_table_encryption else (1 if self.code == EventQuery.StatusVarCode.q_enable_cascade_triggers else (3 if self.code == EventQuery.StatusVarCode.q_hrnow else (8 if self.code == EventQuery.StatusVarCode.q_xid else (1 if self.code == EventQuery.StatusVarCode.q_gtid_flags3 else (1 if self.code == EventQuery.StatusVarCode.q_character_set_collations else -1))))))))))))))))))))))))
            return getattr(self, '_m_len_min', None)


    class StatusVars(KaitaiStruct):
        """The status variables of a QUERY_EVENT: a list of (code, value)
        entries whose value size depends on the code. Like MySQL and
        MariaDB, parsing stops at the first code it does not know: that
        entry keeps the rest of the block as raw bytes. The block is a
        substream of its own, so it never reaches the database name or the
        statement.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h Query_event_status_vars
        
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event
        
        
        .. seealso::
           MariaDB sql/log_event.cc Query_log_event::Query_log_event
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.StatusVars, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            if (not (self._io.is_eof())):
                pass
                self.entries = []
                i = 0
                while True:
                    _ = EventQuery.StatusVar(self._io, self, self._root)
                    self.entries.append(_)
                    if  ((self._io.is_eof()) or ((not (_.is_known)))) :
                        break
                    i += 1



        def _fetch_instances(self):
            pass
            if (not (self._io.is_eof())):
                pass
                for i in range(len(self.entries)):
                    pass
                    self.entries[i]._fetch_instances()




    class SvAutoIncrement(KaitaiStruct):
        """Q_AUTO_INCREMENT (written when auto_increment_increment or _offset is not 1).
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_AUTO_INCREMENT)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SvAutoIncrement, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.increment = self._io.read_u2le()
            self.offset = self._io.read_u2le()


        def _fetch_instances(self):
            pass


    class SvCatalogOld(KaitaiStruct):
        """Q_CATALOG_CODE of MySQL 5.0.0-5.0.3, a catalog name with a trailing NUL.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_CATALOG_CODE)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SvCatalogOld, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_value = self._io.read_u1()
            self.value = self._io.read_bytes((self.len_value if self.len_value <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))
            if (not (self._io.is_eof())):
                pass
                self.terminator = self._io.read_u1()



        def _fetch_instances(self):
            pass
            if (not (self._io.is_eof())):
                pass



    class SvCharacterSetCollations(KaitaiStruct):
        """MariaDB Q_CHARACTER_SET_COLLATIONS (11.2+): the session's
        @@character_set_collations map, a count then (charset id, collation
        id) pairs.
        
        .. seealso::
           MariaDB sql/charset_collations.h Charset_collation_map_st::to_binary
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SvCharacterSetCollations, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_pairs = self._io.read_u1()
            self.pairs = []
            for i in range((self.num_pairs if self.num_pairs * 4 <= self._io.size() - self._io.pos() else (self._io.size() - self._io.pos()) // 4)):
                self.pairs.append(EventQuery.SvCharsetCollation(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            for i in range(len(self.pairs)):
                pass
                self.pairs[i]._fetch_instances()



    class SvCharset(KaitaiStruct):
        """Q_CHARSET_CODE, three collation ids (SELECT id FROM information_schema.COLLATIONS).
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h Query_event (charset)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SvCharset, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.character_set_client = self._io.read_u2le()
            self.collation_connection = self._io.read_u2le()
            self.collation_server = self._io.read_u2le()


        def _fetch_instances(self):
            pass


    class SvCharsetCollation(KaitaiStruct):
        """One @@character_set_collations pair (character set id, collation id).
        
        .. seealso::
           MariaDB sql/charset_collations.h Charset_collation_map_st::to_binary
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SvCharsetCollation, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.charset_id = self._io.read_u2le()
            self.collation_id = self._io.read_u2le()


        def _fetch_instances(self):
            pass


    class SvGtidFlags3(KaitaiStruct):
        """MariaDB Q_GTID_FLAGS3 (10.8+, ALTER TABLE replication): the GTID
        extra flags, plus the sequence number of the START ALTER for a
        COMMIT/ROLLBACK ALTER.
        
        .. seealso::
           MariaDB sql/log_event.cc Query_log_event::Query_log_event (Q_GTID_FLAGS3)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SvGtidFlags3, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.flags_extra = self._io.read_u1()
            if  ((self.flags_extra & 12 != 0) and (self._io.size() - self._io.pos() >= 8)) :
                pass
                self.sa_seq_no = self._io.read_u8le()



        def _fetch_instances(self):
            pass
            if  ((self.flags_extra & 12 != 0) and (self._io.size() - self._io.pos() >= 8)) :
                pass



    class SvInvoker(KaitaiStruct):
        """Q_INVOKER, the user and host of CURRENT_USER() for definer clauses.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_INVOKER)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SvInvoker, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_user = self._io.read_u1()
            self.user = self._io.read_bytes((self.len_user if self.len_user <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))
            if (not (self._io.is_eof())):
                pass
                self.len_host = self._io.read_u1()

            if (not (self._io.is_eof())):
                pass
                self.host = self._io.read_bytes((self.len_host if self.len_host <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))



        def _fetch_instances(self):
            pass
            if (not (self._io.is_eof())):
                pass

            if (not (self._io.is_eof())):
                pass



    class SvString(KaitaiStruct):
        """A string of at most 255 bytes with a 1-byte length (time zone,
        catalog; also the terminators of `sql_ex_new`). A length past the
        end of the block is cut to what is left (corrupt events only).
        
        .. seealso::
           libs/mysql/binlog/event/event_reader.cpp Event_reader::read_str_at_most_255_bytes
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SvString, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_value = self._io.read_u1()
            self.value = self._io.read_bytes((self.len_value if self.len_value <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))


        def _fetch_instances(self):
            pass


    class SvUpdatedDbNames(KaitaiStruct):
        """Q_UPDATED_DB_NAMES (MySQL 5.6+): the databases the statement
        changes, for the multi-threaded applier. A count above 16
        (OVER_MAX_DBS_IN_EVENT_MTS = 254) has no names.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_UPDATED_DB_NAMES)
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(EventQuery.SvUpdatedDbNames, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_dbs = self._io.read_u1()
            self.db_names = []
            for i in range((self.num_dbs if self.num_dbs <= 16 else 0)):
                self.db_names.append(self._io.read_bytes_term(0, False, True, False))



        def _fetch_instances(self):
            pass
            for i in range(len(self.db_names)):
                pass




