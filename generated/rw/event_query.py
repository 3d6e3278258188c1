# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventQuery(ReadWriteKaitaiStruct):
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
    def __init__(self, _io=None, _parent=None, _root=None):
        super(EventQuery, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(EventQuery, self)._write__seq(io)


    def _check(self):
        self._dirty = False

    class AppendBlockEvent(ReadWriteKaitaiStruct):
        """APPEND_BLOCK_EVENT: the next block of a file being loaded by LOAD
        DATA INFILE (after CREATE_FILE or BEGIN_LOAD_QUERY).
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.h Append_block_event
        
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.cpp Append_block_event::Append_block_event
        """
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventQuery.AppendBlockEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            self.file_id = self._io.read_u4le()
            if self.post_header_len > 4:
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - 4)

            self.block = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.post_header_len > 4:
                pass



        def _write__seq(self, io=None):
            super(EventQuery.AppendBlockEvent, self)._write__seq(io)
            self._io.write_u4le(self.file_id)
            if self.post_header_len > 4:
                pass
                self._io.write_bytes(self.extra_post_header)

            self._io.write_bytes(self.block)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"block", 0, self._io.size() - self._io.pos())


        def _check(self):
            if self.post_header_len > 4:
                pass
                if len(self.extra_post_header) != self.post_header_len - 4:
                    raise kaitaistruct.ConsistencyError(u"extra_post_header", self.post_header_len - 4, len(self.extra_post_header))

            self._dirty = False


    class BeginLoadQueryEvent(ReadWriteKaitaiStruct):
        """BEGIN_LOAD_QUERY_EVENT (MySQL 5.0.3+): the first block of the file
        of a LOAD DATA INFILE; same layout as APPEND_BLOCK.
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.h Begin_load_query_event
        
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.cpp Begin_load_query_event::Begin_load_query_event
        """
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventQuery.BeginLoadQueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            self.file_id = self._io.read_u4le()
            if self.post_header_len > 4:
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - 4)

            self.block = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.post_header_len > 4:
                pass



        def _write__seq(self, io=None):
            super(EventQuery.BeginLoadQueryEvent, self)._write__seq(io)
            self._io.write_u4le(self.file_id)
            if self.post_header_len > 4:
                pass
                self._io.write_bytes(self.extra_post_header)

            self._io.write_bytes(self.block)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"block", 0, self._io.size() - self._io.pos())


        def _check(self):
            if self.post_header_len > 4:
                pass
                if len(self.extra_post_header) != self.post_header_len - 4:
                    raise kaitaistruct.ConsistencyError(u"extra_post_header", self.post_header_len - 4, len(self.extra_post_header))

            self._dirty = False


    class CreateFileEvent(ReadWriteKaitaiStruct):
        """CREATE_FILE_EVENT (MySQL 4.x): starts a LOAD DATA INFILE. It has the
        LOAD post-header (18 bytes), its own post-header (the file id),
        the LOAD variable part with the new `sql_ex`, and then the first
        block of the file's data.
        
        .. seealso::
           libbinlogevents/include/load_data_events.h Create_file_event (5.7)
        
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp Create_file_event::Create_file_event
        """
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventQuery.CreateFileEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            self.load_post_header = EventQuery.LoadPostHeader(self._io, self, self._root)
            self.load_post_header._read()
            if self.post_header_len >= 4:
                pass
                self.file_id = self._io.read_u4le()

            if self.post_header_len > 4:
                pass
                self.extra_post_header = self._io.read_bytes(self.post_header_len - 4)

            self.data = EventQuery.LoadData(True, self.load_post_header.num_fields, self.load_post_header.len_table_name, self.load_post_header.len_schema, self._io, self, self._root)
            self.data._read()
            self.block = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.load_post_header._fetch_instances()
            if self.post_header_len >= 4:
                pass

            if self.post_header_len > 4:
                pass

            self.data._fetch_instances()


        def _write__seq(self, io=None):
            super(EventQuery.CreateFileEvent, self)._write__seq(io)
            self.load_post_header._write__seq(self._io)
            if self.post_header_len >= 4:
                pass
                self._io.write_u4le(self.file_id)

            if self.post_header_len > 4:
                pass
                self._io.write_bytes(self.extra_post_header)

            self.data._write__seq(self._io)
            self._io.write_bytes(self.block)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"block", 0, self._io.size() - self._io.pos())


        def _check(self):
            if self.load_post_header._root != self._root:
                raise kaitaistruct.ConsistencyError(u"load_post_header", self._root, self.load_post_header._root)
            if self.load_post_header._parent != self:
                raise kaitaistruct.ConsistencyError(u"load_post_header", self, self.load_post_header._parent)
            if self.post_header_len >= 4:
                pass

            if self.post_header_len > 4:
                pass
                if len(self.extra_post_header) != self.post_header_len - 4:
                    raise kaitaistruct.ConsistencyError(u"extra_post_header", self.post_header_len - 4, len(self.extra_post_header))

            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            if self.data.is_new_format != True:
                raise kaitaistruct.ConsistencyError(u"data", True, self.data.is_new_format)
            if self.data.num_fields != self.load_post_header.num_fields:
                raise kaitaistruct.ConsistencyError(u"data", self.load_post_header.num_fields, self.data.num_fields)
            if self.data.len_table_name != self.load_post_header.len_table_name:
                raise kaitaistruct.ConsistencyError(u"data", self.load_post_header.len_table_name, self.data.len_table_name)
            if self.data.len_schema != self.load_post_header.len_schema:
                raise kaitaistruct.ConsistencyError(u"data", self.load_post_header.len_schema, self.data.len_schema)
            self._dirty = False


    class DeleteFileEvent(ReadWriteKaitaiStruct):
        """DELETE_FILE_EVENT: drop the temporary file of a failed LOAD DATA INFILE.
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.h Delete_file_event
        
        
        
        .. seealso::
           libs/mysql/binlog/event/load_data_events.cpp Delete_file_event::Delete_file_event
        """
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventQuery.DeleteFileEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            self.file_id = self._io.read_u4le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventQuery.DeleteFileEvent, self)._write__seq(io)
            self._io.write_u4le(self.file_id)


        def _check(self):
            self._dirty = False


    class ExecLoadEvent(ReadWriteKaitaiStruct):
        """EXEC_LOAD_EVENT (MySQL 4.x): load the file built by CREATE_FILE and APPEND_BLOCK.
        
        .. seealso::
           libbinlogevents/include/load_data_events.h Execute_load_event (5.7)
        
        
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp Execute_load_event::Execute_load_event
        """
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventQuery.ExecLoadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            self.file_id = self._io.read_u4le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventQuery.ExecLoadEvent, self)._write__seq(io)
            self._io.write_u4le(self.file_id)


        def _check(self):
            self._dirty = False


    class ExecuteLoadQueryEvent(ReadWriteKaitaiStruct):
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
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventQuery.ExecuteLoadQueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

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
                self.status_vars._read()

            if self.is_malformed:
                pass
                self.status_vars_raw = self._io.read_bytes(self._io.size() - self._io.pos())

            self.schema = self._io.read_bytes((self.len_schema if self.len_schema <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))
            if (not (self._io.is_eof())):
                pass
                self.schema_terminator = self._io.read_u1()

            self.query = self._io.read_bytes_full()
            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventQuery.ExecuteLoadQueryEvent, self)._write__seq(io)
            self._io.write_u4le(self.thread_id)
            self._io.write_u4le(self.exec_time)
            self._io.write_u1(self.len_schema)
            self._io.write_u2le(self.error_code)
            self._io.write_u2le(self.len_status_vars)
            self._io.write_u4le(self.file_id)
            self._io.write_u4le(self.ofs_file_name_start)
            self._io.write_u4le(self.ofs_file_name_end)
            self._io.write_u1(int(self.dup_handling))
            if self.post_header_len > 26:
                pass
                self._io.write_bytes(self.extra_post_header)

            if (not (self.is_malformed)):
                pass
                if self.status_vars._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"status_vars", self._root, self.status_vars._root)
                if self.status_vars._parent != self:
                    raise kaitaistruct.ConsistencyError(u"status_vars", self, self.status_vars._parent)
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

            if self.is_malformed:
                pass
                if len(self.status_vars_raw) != self._io.size() - self._io.pos():
                    raise kaitaistruct.ConsistencyError(u"status_vars_raw", self._io.size() - self._io.pos(), len(self.status_vars_raw))
                self._io.write_bytes(self.status_vars_raw)

            if len(self.schema) != (self.len_schema if self.len_schema <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()):
                raise kaitaistruct.ConsistencyError(u"schema", (self.len_schema if self.len_schema <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()), len(self.schema))
            self._io.write_bytes(self.schema)
            if (not (self._io.is_eof())):
                pass
                self._io.write_u1(self.schema_terminator)

            self._io.write_bytes(self.query)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"query", 0, self._io.size() - self._io.pos())


        def _check(self):
            if self.post_header_len > 26:
                pass
                if len(self.extra_post_header) != self.post_header_len - 26:
                    raise kaitaistruct.ConsistencyError(u"extra_post_header", self.post_header_len - 26, len(self.extra_post_header))

            self._dirty = False

        @property
        def is_malformed(self):
            """True when the lengths point past the end of the event (corrupt event)."""
            if hasattr(self, '_m_is_malformed'):
                return self._m_is_malformed

            self._m_is_malformed = ((self.ofs_status_vars + self.len_status_vars) + self.len_schema) + 1 > self._io.size()
            return getattr(self, '_m_is_malformed', None)

        def _invalidate_is_malformed(self):
            del self._m_is_malformed
        @property
        def ofs_status_vars(self):
            if hasattr(self, '_m_ofs_status_vars'):
                return self._m_ofs_status_vars

            self._m_ofs_status_vars = (self.post_header_len if self.post_header_len > 26 else 26)
            return getattr(self, '_m_ofs_status_vars', None)

        def _invalidate_ofs_status_vars(self):
            del self._m_ofs_status_vars

    class LoadData(ReadWriteKaitaiStruct):
        """The variable part of LOAD, NEW_LOAD and CREATE_FILE events.
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event
        """
        def __init__(self, is_new_format, num_fields, len_table_name, len_schema, _io=None, _parent=None, _root=None):
            super(EventQuery.LoadData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_new_format = is_new_format
            self.num_fields = num_fields
            self.len_table_name = len_table_name
            self.len_schema = len_schema

        def _read(self):
            if (not (self.is_new_format)):
                pass
                self.sql_ex_old = EventQuery.SqlExOld(self._io, self, self._root)
                self.sql_ex_old._read()

            if self.is_new_format:
                pass
                self.sql_ex_new = EventQuery.SqlExNew(self._io, self, self._root)
                self.sql_ex_new._read()

            self.len_fields = []
            for i in range(self.num_fields):
                self.len_fields.append(self._io.read_u1())

            self.fields = []
            for i in range(self.num_fields):
                self.fields.append(KaitaiStream.bytes_terminate(self._io.read_bytes(self.len_fields[i] + 1), 0, False))

            self.table_name = KaitaiStream.bytes_terminate(self._io.read_bytes(self.len_table_name + 1), 0, False)
            self.schema = KaitaiStream.bytes_terminate(self._io.read_bytes(self.len_schema + 1), 0, False)
            self.file_name = self._io.read_bytes_term(0, False, True, False)
            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventQuery.LoadData, self)._write__seq(io)
            if (not (self.is_new_format)):
                pass
                self.sql_ex_old._write__seq(self._io)

            if self.is_new_format:
                pass
                self.sql_ex_new._write__seq(self._io)

            for i in range(len(self.len_fields)):
                pass
                self._io.write_u1(self.len_fields[i])

            for i in range(len(self.fields)):
                pass
                self._io.write_bytes_limit(self.fields[i], self.len_fields[i] + 1, 0, 0)

            self._io.write_bytes_limit(self.table_name, self.len_table_name + 1, 0, 0)
            self._io.write_bytes_limit(self.schema, self.len_schema + 1, 0, 0)
            self._io.write_bytes(self.file_name)
            if not self._io.is_eof():
                self._io.write_u1(0)



        def _check(self):
            if (not (self.is_new_format)):
                pass
                if self.sql_ex_old._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"sql_ex_old", self._root, self.sql_ex_old._root)
                if self.sql_ex_old._parent != self:
                    raise kaitaistruct.ConsistencyError(u"sql_ex_old", self, self.sql_ex_old._parent)

            if self.is_new_format:
                pass
                if self.sql_ex_new._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"sql_ex_new", self._root, self.sql_ex_new._root)
                if self.sql_ex_new._parent != self:
                    raise kaitaistruct.ConsistencyError(u"sql_ex_new", self, self.sql_ex_new._parent)

            if len(self.len_fields) != self.num_fields:
                raise kaitaistruct.ConsistencyError(u"len_fields", self.num_fields, len(self.len_fields))
            for i in range(len(self.len_fields)):
                pass

            if len(self.fields) != self.num_fields:
                raise kaitaistruct.ConsistencyError(u"fields", self.num_fields, len(self.fields))
            for i in range(len(self.fields)):
                pass
                if len(self.fields[i]) > self.len_fields[i] + 1:
                    raise kaitaistruct.ConsistencyError(u"fields", self.len_fields[i] + 1, len(self.fields[i]))
                if KaitaiStream.byte_array_index_of(self.fields[i], 0) != -1:
                    raise kaitaistruct.ConsistencyError(u"fields", -1, KaitaiStream.byte_array_index_of(self.fields[i], 0))

            if len(self.table_name) > self.len_table_name + 1:
                raise kaitaistruct.ConsistencyError(u"table_name", self.len_table_name + 1, len(self.table_name))
            if KaitaiStream.byte_array_index_of(self.table_name, 0) != -1:
                raise kaitaistruct.ConsistencyError(u"table_name", -1, KaitaiStream.byte_array_index_of(self.table_name, 0))
            if len(self.schema) > self.len_schema + 1:
                raise kaitaistruct.ConsistencyError(u"schema", self.len_schema + 1, len(self.schema))
            if KaitaiStream.byte_array_index_of(self.schema, 0) != -1:
                raise kaitaistruct.ConsistencyError(u"schema", -1, KaitaiStream.byte_array_index_of(self.schema, 0))
            if KaitaiStream.byte_array_index_of(self.file_name, 0) != -1:
                raise kaitaistruct.ConsistencyError(u"file_name", -1, KaitaiStream.byte_array_index_of(self.file_name, 0))
            self._dirty = False


    class LoadEvent(ReadWriteKaitaiStruct):
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
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventQuery.LoadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            self.post_header = EventQuery.LoadPostHeader(self._io, self, self._root)
            self.post_header._read()
            self.data = EventQuery.LoadData(False, self.post_header.num_fields, self.post_header.len_table_name, self.post_header.len_schema, self._io, self, self._root)
            self.data._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.post_header._fetch_instances()
            self.data._fetch_instances()


        def _write__seq(self, io=None):
            super(EventQuery.LoadEvent, self)._write__seq(io)
            self.post_header._write__seq(self._io)
            self.data._write__seq(self._io)


        def _check(self):
            if self.post_header._root != self._root:
                raise kaitaistruct.ConsistencyError(u"post_header", self._root, self.post_header._root)
            if self.post_header._parent != self:
                raise kaitaistruct.ConsistencyError(u"post_header", self, self.post_header._parent)
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            if self.data.is_new_format != False:
                raise kaitaistruct.ConsistencyError(u"data", False, self.data.is_new_format)
            if self.data.num_fields != self.post_header.num_fields:
                raise kaitaistruct.ConsistencyError(u"data", self.post_header.num_fields, self.data.num_fields)
            if self.data.len_table_name != self.post_header.len_table_name:
                raise kaitaistruct.ConsistencyError(u"data", self.post_header.len_table_name, self.data.len_table_name)
            if self.data.len_schema != self.post_header.len_schema:
                raise kaitaistruct.ConsistencyError(u"data", self.post_header.len_schema, self.data.len_schema)
            self._dirty = False


    class LoadPostHeader(ReadWriteKaitaiStruct):
        """The 18-byte post-header of LOAD, NEW_LOAD and CREATE_FILE events (LOAD_HEADER_LEN).
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event (L_*_OFFSET)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.LoadPostHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.thread_id = self._io.read_u4le()
            self.exec_time = self._io.read_u4le()
            self.skip_lines = self._io.read_u4le()
            self.len_table_name = self._io.read_u1()
            self.len_schema = self._io.read_u1()
            self.num_fields = self._io.read_u4le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventQuery.LoadPostHeader, self)._write__seq(io)
            self._io.write_u4le(self.thread_id)
            self._io.write_u4le(self.exec_time)
            self._io.write_u4le(self.skip_lines)
            self._io.write_u1(self.len_table_name)
            self._io.write_u1(self.len_schema)
            self._io.write_u4le(self.num_fields)


        def _check(self):
            self._dirty = False


    class NewLoadEvent(ReadWriteKaitaiStruct):
        """NEW_LOAD_EVENT (12): as LOAD_EVENT, with the new `sql_ex` whose
        terminators are length-prefixed strings (MySQL 4.0+).
        
        .. seealso::
           libbinlogevents/include/load_data_events.h Load_event (5.7)
        
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
        """
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventQuery.NewLoadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            self.post_header = EventQuery.LoadPostHeader(self._io, self, self._root)
            self.post_header._read()
            self.data = EventQuery.LoadData(True, self.post_header.num_fields, self.post_header.len_table_name, self.post_header.len_schema, self._io, self, self._root)
            self.data._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.post_header._fetch_instances()
            self.data._fetch_instances()


        def _write__seq(self, io=None):
            super(EventQuery.NewLoadEvent, self)._write__seq(io)
            self.post_header._write__seq(self._io)
            self.data._write__seq(self._io)


        def _check(self):
            if self.post_header._root != self._root:
                raise kaitaistruct.ConsistencyError(u"post_header", self._root, self.post_header._root)
            if self.post_header._parent != self:
                raise kaitaistruct.ConsistencyError(u"post_header", self, self.post_header._parent)
            if self.data._root != self._root:
                raise kaitaistruct.ConsistencyError(u"data", self._root, self.data._root)
            if self.data._parent != self:
                raise kaitaistruct.ConsistencyError(u"data", self, self.data._parent)
            if self.data.is_new_format != True:
                raise kaitaistruct.ConsistencyError(u"data", True, self.data.is_new_format)
            if self.data.num_fields != self.post_header.num_fields:
                raise kaitaistruct.ConsistencyError(u"data", self.post_header.num_fields, self.data.num_fields)
            if self.data.len_table_name != self.post_header.len_table_name:
                raise kaitaistruct.ConsistencyError(u"data", self.post_header.len_table_name, self.data.len_table_name)
            if self.data.len_schema != self.post_header.len_schema:
                raise kaitaistruct.ConsistencyError(u"data", self.post_header.len_schema, self.data.len_schema)
            self._dirty = False


    class QueryEvent(ReadWriteKaitaiStruct):
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
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventQuery.QueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

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
                self.status_vars._read()

            if  ((self.post_header_len >= 13) and (self.is_malformed)) :
                pass
                self.status_vars_raw = self._io.read_bytes(self._io.size() - self._io.pos())

            self.schema = self._io.read_bytes((self.len_schema if self.len_schema <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))
            if (not (self._io.is_eof())):
                pass
                self.schema_terminator = self._io.read_u1()

            self.query = self._io.read_bytes_full()
            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventQuery.QueryEvent, self)._write__seq(io)
            self._io.write_u4le(self.thread_id)
            self._io.write_u4le(self.exec_time)
            self._io.write_u1(self.len_schema)
            self._io.write_u2le(self.error_code)
            if self.post_header_len >= 13:
                pass
                self._io.write_u2le(self.len_status_vars)

            if  ((self.post_header_len > 13) or ( ((self.post_header_len > 11) and (self.post_header_len < 13)) )) :
                pass
                self._io.write_bytes(self.extra_post_header)

            if  ((self.post_header_len >= 13) and ((not (self.is_malformed)))) :
                pass
                if self.status_vars._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"status_vars", self._root, self.status_vars._root)
                if self.status_vars._parent != self:
                    raise kaitaistruct.ConsistencyError(u"status_vars", self, self.status_vars._parent)
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

            if  ((self.post_header_len >= 13) and (self.is_malformed)) :
                pass
                if len(self.status_vars_raw) != self._io.size() - self._io.pos():
                    raise kaitaistruct.ConsistencyError(u"status_vars_raw", self._io.size() - self._io.pos(), len(self.status_vars_raw))
                self._io.write_bytes(self.status_vars_raw)

            if len(self.schema) != (self.len_schema if self.len_schema <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()):
                raise kaitaistruct.ConsistencyError(u"schema", (self.len_schema if self.len_schema <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()), len(self.schema))
            self._io.write_bytes(self.schema)
            if (not (self._io.is_eof())):
                pass
                self._io.write_u1(self.schema_terminator)

            self._io.write_bytes(self.query)
            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"query", 0, self._io.size() - self._io.pos())


        def _check(self):
            if self.post_header_len >= 13:
                pass

            if  ((self.post_header_len > 13) or ( ((self.post_header_len > 11) and (self.post_header_len < 13)) )) :
                pass
                if len(self.extra_post_header) != self.post_header_len - (13 if self.post_header_len >= 13 else 11):
                    raise kaitaistruct.ConsistencyError(u"extra_post_header", self.post_header_len - (13 if self.post_header_len >= 13 else 11), len(self.extra_post_header))

            self._dirty = False

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

        def _invalidate_is_malformed(self):
            del self._m_is_malformed
        @property
        def ofs_status_vars(self):
            """Offset of the status variables (the end of the post-header)."""
            if hasattr(self, '_m_ofs_status_vars'):
                return self._m_ofs_status_vars

            self._m_ofs_status_vars = (self.post_header_len if self.post_header_len > 11 else 11)
            return getattr(self, '_m_ofs_status_vars', None)

        def _invalidate_ofs_status_vars(self):
            del self._m_ofs_status_vars

    class SqlExNew(ReadWriteKaitaiStruct):
        """The new `sql_ex` (NEW_LOAD, CREATE_FILE): the FIELDS/LINES options of
        LOAD DATA as length-prefixed strings.
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SqlExNew, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.field_term = EventQuery.SvString(self._io, self, self._root)
            self.field_term._read()
            self.enclosed = EventQuery.SvString(self._io, self, self._root)
            self.enclosed._read()
            self.line_term = EventQuery.SvString(self._io, self, self._root)
            self.line_term._read()
            self.line_start = EventQuery.SvString(self._io, self, self._root)
            self.line_start._read()
            self.escaped = EventQuery.SvString(self._io, self, self._root)
            self.escaped._read()
            self.opt_flags = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.field_term._fetch_instances()
            self.enclosed._fetch_instances()
            self.line_term._fetch_instances()
            self.line_start._fetch_instances()
            self.escaped._fetch_instances()


        def _write__seq(self, io=None):
            super(EventQuery.SqlExNew, self)._write__seq(io)
            self.field_term._write__seq(self._io)
            self.enclosed._write__seq(self._io)
            self.line_term._write__seq(self._io)
            self.line_start._write__seq(self._io)
            self.escaped._write__seq(self._io)
            self._io.write_u1(self.opt_flags)


        def _check(self):
            if self.field_term._root != self._root:
                raise kaitaistruct.ConsistencyError(u"field_term", self._root, self.field_term._root)
            if self.field_term._parent != self:
                raise kaitaistruct.ConsistencyError(u"field_term", self, self.field_term._parent)
            if self.enclosed._root != self._root:
                raise kaitaistruct.ConsistencyError(u"enclosed", self._root, self.enclosed._root)
            if self.enclosed._parent != self:
                raise kaitaistruct.ConsistencyError(u"enclosed", self, self.enclosed._parent)
            if self.line_term._root != self._root:
                raise kaitaistruct.ConsistencyError(u"line_term", self._root, self.line_term._root)
            if self.line_term._parent != self:
                raise kaitaistruct.ConsistencyError(u"line_term", self, self.line_term._parent)
            if self.line_start._root != self._root:
                raise kaitaistruct.ConsistencyError(u"line_start", self._root, self.line_start._root)
            if self.line_start._parent != self:
                raise kaitaistruct.ConsistencyError(u"line_start", self, self.line_start._parent)
            if self.escaped._root != self._root:
                raise kaitaistruct.ConsistencyError(u"escaped", self._root, self.escaped._root)
            if self.escaped._parent != self:
                raise kaitaistruct.ConsistencyError(u"escaped", self, self.escaped._parent)
            self._dirty = False


    class SqlExOld(ReadWriteKaitaiStruct):
        """The old `sql_ex` (LOAD_EVENT): the FIELDS/LINES options of LOAD DATA
        as single characters, with `empty_flags` marking the absent ones.
        
        .. seealso::
           libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SqlExOld, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.field_term = self._io.read_bytes(1)
            self.enclosed = self._io.read_bytes(1)
            self.line_term = self._io.read_bytes(1)
            self.line_start = self._io.read_bytes(1)
            self.escaped = self._io.read_bytes(1)
            self.opt_flags = self._io.read_u1()
            self.empty_flags = self._io.read_u1()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventQuery.SqlExOld, self)._write__seq(io)
            self._io.write_bytes(self.field_term)
            self._io.write_bytes(self.enclosed)
            self._io.write_bytes(self.line_term)
            self._io.write_bytes(self.line_start)
            self._io.write_bytes(self.escaped)
            self._io.write_u1(self.opt_flags)
            self._io.write_u1(self.empty_flags)


        def _check(self):
            if len(self.field_term) != 1:
                raise kaitaistruct.ConsistencyError(u"field_term", 1, len(self.field_term))
            if len(self.enclosed) != 1:
                raise kaitaistruct.ConsistencyError(u"enclosed", 1, len(self.enclosed))
            if len(self.line_term) != 1:
                raise kaitaistruct.ConsistencyError(u"line_term", 1, len(self.line_term))
            if len(self.line_start) != 1:
                raise kaitaistruct.ConsistencyError(u"line_start", 1, len(self.line_start))
            if len(self.escaped) != 1:
                raise kaitaistruct.ConsistencyError(u"escaped", 1, len(self.escaped))
            self._dirty = False


    class StatusVar(ReadWriteKaitaiStruct):
        """One status variable of a QUERY_EVENT.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h Query_event::Query_event_status_vars
        
        
        
        .. seealso::
           MariaDB sql/log_event.h (Q_HRNOW, Q_XID, Q_GTID_FLAGS3, Q_CHARACTER_SET_COLLATIONS)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.StatusVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.code = KaitaiStream.resolve_enum(EventQuery.StatusVarCode, self._io.read_u1())
            if self.is_known:
                pass
                _on = self.code
                if _on == EventQuery.StatusVarCode.q_auto_increment:
                    pass
                    self.body = EventQuery.SvAutoIncrement(self._io, self, self._root)
                    self.body._read()
                elif _on == EventQuery.StatusVarCode.q_catalog_code:
                    pass
                    self.body = EventQuery.SvCatalogOld(self._io, self, self._root)
                    self.body._read()
                elif _on == EventQuery.StatusVarCode.q_catalog_nz_code:
                    pass
                    self.body = EventQuery.SvString(self._io, self, self._root)
                    self.body._read()
                elif _on == EventQuery.StatusVarCode.q_character_set_collations:
                    pass
                    self.body = EventQuery.SvCharacterSetCollations(self._io, self, self._root)
                    self.body._read()
                elif _on == EventQuery.StatusVarCode.q_charset_code:
                    pass
                    self.body = EventQuery.SvCharset(self._io, self, self._root)
                    self.body._read()
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
                    self.body._read()
                elif _on == EventQuery.StatusVarCode.q_hrnow:
                    pass
                    self.body = packed_int.PackedInt.U3Le(self._io)
                    self.body._read()
                elif _on == EventQuery.StatusVarCode.q_invoker:
                    pass
                    self.body = EventQuery.SvInvoker(self._io, self, self._root)
                    self.body._read()
                elif _on == EventQuery.StatusVarCode.q_lc_time_names_code:
                    pass
                    self.body = self._io.read_u2le()
                elif _on == EventQuery.StatusVarCode.q_master_data_written_code:
                    pass
                    self.body = self._io.read_u4le()
                elif _on == EventQuery.StatusVarCode.q_microseconds:
                    pass
                    self.body = packed_int.PackedInt.U3Le(self._io)
                    self.body._read()
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
                    self.body._read()
                elif _on == EventQuery.StatusVarCode.q_updated_db_names:
                    pass
                    self.body = EventQuery.SvUpdatedDbNames(self._io, self, self._root)
                    self.body._read()
                elif _on == EventQuery.StatusVarCode.q_xid:
                    pass
                    self.body = self._io.read_u8le()

            if (not (self.is_known)):
                pass
                self.unparsed = self._io.read_bytes_full()

            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventQuery.StatusVar, self)._write__seq(io)
            self._io.write_u1(int(self.code))
            if self.is_known:
                pass
                _on = self.code
                if _on == EventQuery.StatusVarCode.q_auto_increment:
                    pass
                    if self.body._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                    if self.body._parent != self:
                        raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_catalog_code:
                    pass
                    if self.body._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                    if self.body._parent != self:
                        raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_catalog_nz_code:
                    pass
                    if self.body._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                    if self.body._parent != self:
                        raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_character_set_collations:
                    pass
                    if self.body._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                    if self.body._parent != self:
                        raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_charset_code:
                    pass
                    if self.body._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                    if self.body._parent != self:
                        raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_charset_database_code:
                    pass
                    self._io.write_u2le(self.body)
                elif _on == EventQuery.StatusVarCode.q_ddl_logged_with_xid:
                    pass
                    self._io.write_u8le(self.body)
                elif _on == EventQuery.StatusVarCode.q_default_collation_for_utf8mb4:
                    pass
                    self._io.write_u2le(self.body)
                elif _on == EventQuery.StatusVarCode.q_default_table_encryption:
                    pass
                    self._io.write_u1(self.body)
                elif _on == EventQuery.StatusVarCode.q_enable_cascade_triggers:
                    pass
                    self._io.write_u1(self.body)
                elif _on == EventQuery.StatusVarCode.q_explicit_defaults_for_timestamp:
                    pass
                    self._io.write_u1(self.body)
                elif _on == EventQuery.StatusVarCode.q_flags2_code:
                    pass
                    self._io.write_u4le(self.body)
                elif _on == EventQuery.StatusVarCode.q_gtid_flags3:
                    pass
                    if self.body._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                    if self.body._parent != self:
                        raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_hrnow:
                    pass
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_invoker:
                    pass
                    if self.body._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                    if self.body._parent != self:
                        raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_lc_time_names_code:
                    pass
                    self._io.write_u2le(self.body)
                elif _on == EventQuery.StatusVarCode.q_master_data_written_code:
                    pass
                    self._io.write_u4le(self.body)
                elif _on == EventQuery.StatusVarCode.q_microseconds:
                    pass
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_sql_mode_code:
                    pass
                    self._io.write_u8le(self.body)
                elif _on == EventQuery.StatusVarCode.q_sql_require_primary_key:
                    pass
                    self._io.write_u1(self.body)
                elif _on == EventQuery.StatusVarCode.q_table_map_for_update_code:
                    pass
                    self._io.write_u8le(self.body)
                elif _on == EventQuery.StatusVarCode.q_time_zone_code:
                    pass
                    if self.body._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                    if self.body._parent != self:
                        raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_updated_db_names:
                    pass
                    if self.body._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
                    if self.body._parent != self:
                        raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
                    self.body._write__seq(self._io)
                elif _on == EventQuery.StatusVarCode.q_xid:
                    pass
                    self._io.write_u8le(self.body)

            if (not (self.is_known)):
                pass
                self._io.write_bytes(self.unparsed)
                if not self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"unparsed", 0, self._io.size() - self._io.pos())



        def _check(self):
            self._dirty = False

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

        def _invalidate_is_known(self):
            del self._m_is_known
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

        def _invalidate_len_min(self):
            del self._m_len_min

    class StatusVars(ReadWriteKaitaiStruct):
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
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.StatusVars, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            if (not (self._io.is_eof())):
                pass
                self.entries = []
                i = 0
                while True:
                    _t_entries = EventQuery.StatusVar(self._io, self, self._root)
                    try:
                        _t_entries._read()
                    finally:
                        _ = _t_entries
                        self.entries.append(_)
                    if  ((self._io.is_eof()) or ((not (_.is_known)))) :
                        break
                    i += 1

            self._dirty = False


        def _fetch_instances(self):
            pass
            if (not (self._io.is_eof())):
                pass
                for i in range(len(self.entries)):
                    pass
                    self.entries[i]._fetch_instances()




        def _write__seq(self, io=None):
            super(EventQuery.StatusVars, self)._write__seq(io)
            if (not (self._io.is_eof())):
                pass
                if len(self.entries) == 0:
                    raise kaitaistruct.ConsistencyError(u"entries", 0, len(self.entries))
                for i in range(len(self.entries)):
                    pass
                    if self.entries[i]._root != self._root:
                        raise kaitaistruct.ConsistencyError(u"entries", self._root, self.entries[i]._root)
                    if self.entries[i]._parent != self:
                        raise kaitaistruct.ConsistencyError(u"entries", self, self.entries[i]._parent)
                    self.entries[i]._write__seq(self._io)
                    _ = self.entries[i]
                    if  ((self._io.is_eof()) or ((not (_.is_known))))  != (i == len(self.entries) - 1):
                        raise kaitaistruct.ConsistencyError(u"entries", i == len(self.entries) - 1,  ((self._io.is_eof()) or ((not (_.is_known)))) )




        def _check(self):
            self._dirty = False


    class SvAutoIncrement(ReadWriteKaitaiStruct):
        """Q_AUTO_INCREMENT (written when auto_increment_increment or _offset is not 1).
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_AUTO_INCREMENT)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SvAutoIncrement, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.increment = self._io.read_u2le()
            self.offset = self._io.read_u2le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventQuery.SvAutoIncrement, self)._write__seq(io)
            self._io.write_u2le(self.increment)
            self._io.write_u2le(self.offset)


        def _check(self):
            self._dirty = False


    class SvCatalogOld(ReadWriteKaitaiStruct):
        """Q_CATALOG_CODE of MySQL 5.0.0-5.0.3, a catalog name with a trailing NUL.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_CATALOG_CODE)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SvCatalogOld, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_value = self._io.read_u1()
            self.value = self._io.read_bytes((self.len_value if self.len_value <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))
            if (not (self._io.is_eof())):
                pass
                self.terminator = self._io.read_u1()

            self._dirty = False


        def _fetch_instances(self):
            pass
            if (not (self._io.is_eof())):
                pass



        def _write__seq(self, io=None):
            super(EventQuery.SvCatalogOld, self)._write__seq(io)
            self._io.write_u1(self.len_value)
            if len(self.value) != (self.len_value if self.len_value <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()):
                raise kaitaistruct.ConsistencyError(u"value", (self.len_value if self.len_value <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()), len(self.value))
            self._io.write_bytes(self.value)
            if (not (self._io.is_eof())):
                pass
                self._io.write_u1(self.terminator)



        def _check(self):
            self._dirty = False


    class SvCharacterSetCollations(ReadWriteKaitaiStruct):
        """MariaDB Q_CHARACTER_SET_COLLATIONS (11.2+): the session's
        @@character_set_collations map, a count then (charset id, collation
        id) pairs.
        
        .. seealso::
           MariaDB sql/charset_collations.h Charset_collation_map_st::to_binary
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SvCharacterSetCollations, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.num_pairs = self._io.read_u1()
            self.pairs = []
            for i in range((self.num_pairs if self.num_pairs * 4 <= self._io.size() - self._io.pos() else (self._io.size() - self._io.pos()) // 4)):
                _t_pairs = EventQuery.SvCharsetCollation(self._io, self, self._root)
                try:
                    _t_pairs._read()
                finally:
                    self.pairs.append(_t_pairs)

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.pairs)):
                pass
                self.pairs[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventQuery.SvCharacterSetCollations, self)._write__seq(io)
            self._io.write_u1(self.num_pairs)
            if len(self.pairs) != (self.num_pairs if self.num_pairs * 4 <= self._io.size() - self._io.pos() else (self._io.size() - self._io.pos()) // 4):
                raise kaitaistruct.ConsistencyError(u"pairs", (self.num_pairs if self.num_pairs * 4 <= self._io.size() - self._io.pos() else (self._io.size() - self._io.pos()) // 4), len(self.pairs))
            for i in range(len(self.pairs)):
                pass
                self.pairs[i]._write__seq(self._io)



        def _check(self):
            for i in range(len(self.pairs)):
                pass
                if self.pairs[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"pairs", self._root, self.pairs[i]._root)
                if self.pairs[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"pairs", self, self.pairs[i]._parent)

            self._dirty = False


    class SvCharset(ReadWriteKaitaiStruct):
        """Q_CHARSET_CODE, three collation ids (SELECT id FROM information_schema.COLLATIONS).
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.h Query_event (charset)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SvCharset, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.character_set_client = self._io.read_u2le()
            self.collation_connection = self._io.read_u2le()
            self.collation_server = self._io.read_u2le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventQuery.SvCharset, self)._write__seq(io)
            self._io.write_u2le(self.character_set_client)
            self._io.write_u2le(self.collation_connection)
            self._io.write_u2le(self.collation_server)


        def _check(self):
            self._dirty = False


    class SvCharsetCollation(ReadWriteKaitaiStruct):
        """One @@character_set_collations pair (character set id, collation id).
        
        .. seealso::
           MariaDB sql/charset_collations.h Charset_collation_map_st::to_binary
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SvCharsetCollation, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.charset_id = self._io.read_u2le()
            self.collation_id = self._io.read_u2le()
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventQuery.SvCharsetCollation, self)._write__seq(io)
            self._io.write_u2le(self.charset_id)
            self._io.write_u2le(self.collation_id)


        def _check(self):
            self._dirty = False


    class SvGtidFlags3(ReadWriteKaitaiStruct):
        """MariaDB Q_GTID_FLAGS3 (10.8+, ALTER TABLE replication): the GTID
        extra flags, plus the sequence number of the START ALTER for a
        COMMIT/ROLLBACK ALTER.
        
        .. seealso::
           MariaDB sql/log_event.cc Query_log_event::Query_log_event (Q_GTID_FLAGS3)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SvGtidFlags3, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.flags_extra = self._io.read_u1()
            if  ((self.flags_extra & 12 != 0) and (self._io.size() - self._io.pos() >= 8)) :
                pass
                self.sa_seq_no = self._io.read_u8le()

            self._dirty = False


        def _fetch_instances(self):
            pass
            if  ((self.flags_extra & 12 != 0) and (self._io.size() - self._io.pos() >= 8)) :
                pass



        def _write__seq(self, io=None):
            super(EventQuery.SvGtidFlags3, self)._write__seq(io)
            self._io.write_u1(self.flags_extra)
            if  ((self.flags_extra & 12 != 0) and (self._io.size() - self._io.pos() >= 8)) :
                pass
                self._io.write_u8le(self.sa_seq_no)



        def _check(self):
            self._dirty = False


    class SvInvoker(ReadWriteKaitaiStruct):
        """Q_INVOKER, the user and host of CURRENT_USER() for definer clauses.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_INVOKER)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SvInvoker, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_user = self._io.read_u1()
            self.user = self._io.read_bytes((self.len_user if self.len_user <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))
            if (not (self._io.is_eof())):
                pass
                self.len_host = self._io.read_u1()

            if (not (self._io.is_eof())):
                pass
                self.host = self._io.read_bytes((self.len_host if self.len_host <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))

            self._dirty = False


        def _fetch_instances(self):
            pass
            if (not (self._io.is_eof())):
                pass

            if (not (self._io.is_eof())):
                pass



        def _write__seq(self, io=None):
            super(EventQuery.SvInvoker, self)._write__seq(io)
            self._io.write_u1(self.len_user)
            if len(self.user) != (self.len_user if self.len_user <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()):
                raise kaitaistruct.ConsistencyError(u"user", (self.len_user if self.len_user <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()), len(self.user))
            self._io.write_bytes(self.user)
            if (not (self._io.is_eof())):
                pass
                self._io.write_u1(self.len_host)

            if (not (self._io.is_eof())):
                pass
                if len(self.host) != (self.len_host if self.len_host <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()):
                    raise kaitaistruct.ConsistencyError(u"host", (self.len_host if self.len_host <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()), len(self.host))
                self._io.write_bytes(self.host)



        def _check(self):
            self._dirty = False


    class SvString(ReadWriteKaitaiStruct):
        """A string of at most 255 bytes with a 1-byte length (time zone,
        catalog; also the terminators of `sql_ex_new`). A length past the
        end of the block is cut to what is left (corrupt events only).
        
        .. seealso::
           libs/mysql/binlog/event/event_reader.cpp Event_reader::read_str_at_most_255_bytes
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SvString, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_value = self._io.read_u1()
            self.value = self._io.read_bytes((self.len_value if self.len_value <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()))
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventQuery.SvString, self)._write__seq(io)
            self._io.write_u1(self.len_value)
            if len(self.value) != (self.len_value if self.len_value <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()):
                raise kaitaistruct.ConsistencyError(u"value", (self.len_value if self.len_value <= self._io.size() - self._io.pos() else self._io.size() - self._io.pos()), len(self.value))
            self._io.write_bytes(self.value)


        def _check(self):
            self._dirty = False


    class SvUpdatedDbNames(ReadWriteKaitaiStruct):
        """Q_UPDATED_DB_NAMES (MySQL 5.6+): the databases the statement
        changes, for the multi-threaded applier. A count above 16
        (OVER_MAX_DBS_IN_EVENT_MTS = 254) has no names.
        
        .. seealso::
           libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_UPDATED_DB_NAMES)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventQuery.SvUpdatedDbNames, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.num_dbs = self._io.read_u1()
            self.db_names = []
            for i in range((self.num_dbs if self.num_dbs <= 16 else 0)):
                self.db_names.append(self._io.read_bytes_term(0, False, True, False))

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.db_names)):
                pass



        def _write__seq(self, io=None):
            super(EventQuery.SvUpdatedDbNames, self)._write__seq(io)
            self._io.write_u1(self.num_dbs)
            for i in range(len(self.db_names)):
                pass
                self._io.write_bytes(self.db_names[i])
                if not self._io.is_eof():
                    self._io.write_u1(0)




        def _check(self):
            if len(self.db_names) != (self.num_dbs if self.num_dbs <= 16 else 0):
                raise kaitaistruct.ConsistencyError(u"db_names", (self.num_dbs if self.num_dbs <= 16 else 0), len(self.db_names))
            for i in range(len(self.db_names)):
                pass
                if KaitaiStream.byte_array_index_of(self.db_names[i], 0) != -1:
                    raise kaitaistruct.ConsistencyError(u"db_names", -1, KaitaiStream.byte_array_index_of(self.db_names[i], 0))

            self._dirty = False



