# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import packed_int
from . import event_mariadb
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventRows(KaitaiStruct):
    """The rows events of row-based replication: the pre-GA events of MySQL
    5.1.0-5.1.17 (types 20-22), the v1 events of 5.1.18+ (23-25), the v2
    events of 5.6+ (30-32), MySQL's PARTIAL_UPDATE_ROWS (39) and MariaDB's
    zlib-compressed rows events (166-171).
    
    This spec reads everything up to the row images: table id, flags, the
    v2 extra row info, the column count and the column bitmaps. The row
    images themselves (`rows`) depend on the TABLE_MAP of `table_id` and are
    decoded by the runtime.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Rows__event.html
    
    
    .. seealso::
       libs/mysql/binlog/event/rows_event.h (Rows_event, enum_flag, Extra_row_info)
    
    
    .. seealso::
       libs/mysql/binlog/event/rows_event.cpp (Rows_event ctor)
    
    
    .. seealso::
       MariaDB sql/log_event.cc (Rows_log_event ctor, row_log_event_uncompress)
    """

    class ExtraRowInfoType(IntEnum):
        ndb = 0
        part = 1

    class RowsEventType(IntEnum):
        pre_ga_write_rows_event = 20
        pre_ga_update_rows_event = 21
        pre_ga_delete_rows_event = 22
        write_rows_event_v1 = 23
        update_rows_event_v1 = 24
        delete_rows_event_v1 = 25
        write_rows_event = 30
        update_rows_event = 31
        delete_rows_event = 32
        partial_update_rows_event = 39
        write_rows_compressed_event_v1 = 166
        update_rows_compressed_event_v1 = 167
        delete_rows_compressed_event_v1 = 168
        write_rows_compressed_event = 169
        update_rows_compressed_event = 170
        delete_rows_compressed_event = 171
    def __init__(self, _io, _parent=None, _root=None):
        super(EventRows, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class ExtraRowInfo(KaitaiStruct):
        """The chunks of the variable-length header of a v2 rows event. An
        unknown chunk type ends the list: its bytes and all that follow are
        kept in `data` of that chunk.
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.h Extra_row_info, enum_extra_row_info_typecode
        
        
        .. seealso::
           MariaDB sql/log_event.cc Rows_log_event ctor (RW_V_EXTRAINFO_TAG)
        """
        def __init__(self, is_update, _io, _parent=None, _root=None):
            super(EventRows.ExtraRowInfo, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_update = is_update
            self._read()

        def _read(self):
            self.entries = []
            i = 0
            while not self._io.is_eof():
                self.entries.append(EventRows.ExtraRowInfoEntry(self.is_update, self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.entries)):
                pass
                self.entries[i]._fetch_instances()



    class ExtraRowInfoEntry(KaitaiStruct):
        """One chunk of the extra row info: a type code, then NDB info or the
        partition id(s); any other type code makes the rest of the header opaque.
        """
        def __init__(self, is_update, _io, _parent=None, _root=None):
            super(EventRows.ExtraRowInfoEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_update = is_update
            self._read()

        def _read(self):
            self.type = KaitaiStream.resolve_enum(EventRows.ExtraRowInfoType, self._io.read_u1())
            if self.type == EventRows.ExtraRowInfoType.ndb:
                pass
                self.ndb_info = EventRows.NdbInfo(self._io, self, self._root)

            if self.type == EventRows.ExtraRowInfoType.part:
                pass
                self.partition_id = self._io.read_u2le()

            if  ((self.type == EventRows.ExtraRowInfoType.part) and (self.is_update)) :
                pass
                self.source_partition_id = self._io.read_u2le()

            if  ((self.type != EventRows.ExtraRowInfoType.ndb) and (self.type != EventRows.ExtraRowInfoType.part)) :
                pass
                self.data = self._io.read_bytes_full()



        def _fetch_instances(self):
            pass
            if self.type == EventRows.ExtraRowInfoType.ndb:
                pass
                self.ndb_info._fetch_instances()

            if self.type == EventRows.ExtraRowInfoType.part:
                pass

            if  ((self.type == EventRows.ExtraRowInfoType.part) and (self.is_update)) :
                pass

            if  ((self.type != EventRows.ExtraRowInfoType.ndb) and (self.type != EventRows.ExtraRowInfoType.part)) :
                pass



    class NdbInfo(KaitaiStruct):
        """NDB cluster's extra row info (also MariaDB's RW_V_EXTRAINFO_TAG chunk)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(EventRows.NdbInfo, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_info = self._io.read_u1()
            self.format = self._io.read_u1()
            self.data = self._io.read_bytes(self.len_info - 2)


        def _fetch_instances(self):
            pass


    class RowsEvent(KaitaiStruct):
        """Body of a rows event. Layout:
        
        * post header: table id (6 bytes, 4 when `post_header_len` is 6),
          flags, and for v2 events (`post_header_len` 10) a variable-length
          header with the extra row info;
        * `num_columns`, the columns-present bitmap of the before image (of
          the only image for WRITE and DELETE) and, for v1/v2 UPDATE and
          PARTIAL_UPDATE, the one of the after image;
        * the row images up to the end of the event: `rows`, or for MariaDB's
          compressed types `compressed_rows`, a zlib stream that inflates to
          what `rows` would be.
        
        Each row image is a NULL bitmap with one bit per column present in the
        image's bitmap, then the values of the present, non-NULL columns.
        UPDATE events hold pairs of images (before, after); in
        PARTIAL_UPDATE_ROWS each after image starts with a packed
        `value_options` (bit 0: partial JSON) and, when set, a bitmap of the
        table's JSON columns.
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.cpp Rows_event::Rows_event
        """
        def __init__(self, type_code, post_header_len, _io, _parent=None, _root=None):
            super(EventRows.RowsEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.type_code = type_code
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.table_id_low = self._io.read_u4le()
            if self.post_header_len != 6:
                pass
                self.table_id_high = self._io.read_u2le()

            self.flags = self._io.read_u2le()
            if self.has_var_header:
                pass
                self.len_var_header = self._io.read_u2le()

            if self.has_var_header:
                pass
                self._raw_extra_row_info = self._io.read_bytes(self.len_var_header - 2)
                _io__raw_extra_row_info = KaitaiStream(BytesIO(self._raw_extra_row_info))
                self.extra_row_info = EventRows.ExtraRowInfo(self.is_update, _io__raw_extra_row_info, self, self._root)

            self.num_columns = packed_int.PackedInt(self._io)
            self.columns_before_image = self._io.read_bytes(self.len_columns_bitmap)
            if self.has_after_image_bitmap:
                pass
                self.columns_after_image = self._io.read_bytes(self.len_columns_bitmap)

            if (not (self.is_compressed)):
                pass
                self.rows = self._io.read_bytes_full()

            if self.is_compressed:
                pass
                self._raw_compressed_rows = self._io.read_bytes_full()
                _io__raw_compressed_rows = KaitaiStream(BytesIO(self._raw_compressed_rows))
                self.compressed_rows = event_mariadb.EventMariadb.CompressedData(_io__raw_compressed_rows)



        def _fetch_instances(self):
            pass
            if self.post_header_len != 6:
                pass

            if self.has_var_header:
                pass

            if self.has_var_header:
                pass
                self.extra_row_info._fetch_instances()

            self.num_columns._fetch_instances()
            if self.has_after_image_bitmap:
                pass

            if (not (self.is_compressed)):
                pass

            if self.is_compressed:
                pass
                self.compressed_rows._fetch_instances()


        @property
        def event_type(self):
            """The event type as an enum (same numbers as `binlog_event::event_type`)."""
            if hasattr(self, '_m_event_type'):
                return self._m_event_type

            self._m_event_type = KaitaiStream.resolve_enum(EventRows.RowsEventType, self.type_code)
            return getattr(self, '_m_event_type', None)

        @property
        def has_after_image_bitmap(self):
            """True when the event carries `columns_after_image`."""
            if hasattr(self, '_m_has_after_image_bitmap'):
                return self._m_has_after_image_bitmap

            self._m_has_after_image_bitmap =  ((self.is_update) and (self.version != 0)) 
            return getattr(self, '_m_has_after_image_bitmap', None)

        @property
        def has_var_header(self):
            """True for v2 events (MySQL 30-32 and 39, MariaDB 169-171)."""
            if hasattr(self, '_m_has_var_header'):
                return self._m_has_var_header

            self._m_has_var_header = self.post_header_len == 10
            return getattr(self, '_m_has_var_header', None)

        @property
        def is_complete_rows(self):
            """COMPLETE_ROWS_F, the images hold every column of the table."""
            if hasattr(self, '_m_is_complete_rows'):
                return self._m_is_complete_rows

            self._m_is_complete_rows = self.flags & 8 != 0
            return getattr(self, '_m_is_complete_rows', None)

        @property
        def is_compressed(self):
            """One of MariaDB's compressed rows events (log_bin_compress=ON)."""
            if hasattr(self, '_m_is_compressed'):
                return self._m_is_compressed

            self._m_is_compressed =  ((self.event_type == EventRows.RowsEventType.write_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.write_rows_compressed_event) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event)) 
            return getattr(self, '_m_is_compressed', None)

        @property
        def is_delete(self):
            """DELETE_ROWS; the rows are before images."""
            if hasattr(self, '_m_is_delete'):
                return self._m_is_delete

            self._m_is_delete =  ((self.event_type == EventRows.RowsEventType.pre_ga_delete_rows_event) or (self.event_type == EventRows.RowsEventType.delete_rows_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_event) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event)) 
            return getattr(self, '_m_is_delete', None)

        @property
        def is_no_check_constraint_checks(self):
            """MariaDB's NO_CHECK_CONSTRAINT_CHECKS_F."""
            if hasattr(self, '_m_is_no_check_constraint_checks'):
                return self._m_is_no_check_constraint_checks

            self._m_is_no_check_constraint_checks = self.flags & 128 != 0
            return getattr(self, '_m_is_no_check_constraint_checks', None)

        @property
        def is_no_foreign_key_checks(self):
            """NO_FOREIGN_KEY_CHECKS_F."""
            if hasattr(self, '_m_is_no_foreign_key_checks'):
                return self._m_is_no_foreign_key_checks

            self._m_is_no_foreign_key_checks = self.flags & 2 != 0
            return getattr(self, '_m_is_no_foreign_key_checks', None)

        @property
        def is_partial(self):
            """PARTIAL_UPDATE_ROWS (MySQL 8.0.3+, binlog_row_value_options=PARTIAL_JSON)."""
            if hasattr(self, '_m_is_partial'):
                return self._m_is_partial

            self._m_is_partial = self.event_type == EventRows.RowsEventType.partial_update_rows_event
            return getattr(self, '_m_is_partial', None)

        @property
        def is_relaxed_unique_checks(self):
            """RELAXED_UNIQUE_CHECKS_F."""
            if hasattr(self, '_m_is_relaxed_unique_checks'):
                return self._m_is_relaxed_unique_checks

            self._m_is_relaxed_unique_checks = self.flags & 4 != 0
            return getattr(self, '_m_is_relaxed_unique_checks', None)

        @property
        def is_stmt_end(self):
            """STMT_END_F, the last rows event of the statement (its table maps can be dropped)."""
            if hasattr(self, '_m_is_stmt_end'):
                return self._m_is_stmt_end

            self._m_is_stmt_end = self.flags & 1 != 0
            return getattr(self, '_m_is_stmt_end', None)

        @property
        def is_update(self):
            """UPDATE_ROWS or PARTIAL_UPDATE_ROWS; the rows are (before, after) pairs."""
            if hasattr(self, '_m_is_update'):
                return self._m_is_update

            self._m_is_update =  ((self.event_type == EventRows.RowsEventType.pre_ga_update_rows_event) or (self.event_type == EventRows.RowsEventType.update_rows_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_event) or (self.event_type == EventRows.RowsEventType.partial_update_rows_event) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event)) 
            return getattr(self, '_m_is_update', None)

        @property
        def is_use_sql_foreign_key(self):
            """USE_SQL_FOREIGN_KEY_F (recent MySQL 9.x)."""
            if hasattr(self, '_m_is_use_sql_foreign_key'):
                return self._m_is_use_sql_foreign_key

            self._m_is_use_sql_foreign_key = self.flags & 16 != 0
            return getattr(self, '_m_is_use_sql_foreign_key', None)

        @property
        def is_write(self):
            """WRITE_ROWS (INSERT); the rows are after images."""
            if hasattr(self, '_m_is_write'):
                return self._m_is_write

            self._m_is_write =  ((self.event_type == EventRows.RowsEventType.pre_ga_write_rows_event) or (self.event_type == EventRows.RowsEventType.write_rows_event_v1) or (self.event_type == EventRows.RowsEventType.write_rows_event) or (self.event_type == EventRows.RowsEventType.write_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.write_rows_compressed_event)) 
            return getattr(self, '_m_is_write', None)

        @property
        def len_columns_bitmap(self):
            """Size in bytes of each columns bitmap."""
            if hasattr(self, '_m_len_columns_bitmap'):
                return self._m_len_columns_bitmap

            self._m_len_columns_bitmap = (self.num_columns.value + 7) // 8
            return getattr(self, '_m_len_columns_bitmap', None)

        @property
        def table_id(self):
            """Id of the table, as announced by the preceding TABLE_MAP event."""
            if hasattr(self, '_m_table_id'):
                return self._m_table_id

            self._m_table_id = self.table_id_low + (0 if self.post_header_len == 6 else self.table_id_high * 4294967296)
            return getattr(self, '_m_table_id', None)

        @property
        def version(self):
            """0 for the pre-GA events (5.1.0-5.1.17), 1 for v1, 2 for v2."""
            if hasattr(self, '_m_version'):
                return self._m_version

            self._m_version = (0 if  ((self.event_type == EventRows.RowsEventType.pre_ga_write_rows_event) or (self.event_type == EventRows.RowsEventType.pre_ga_update_rows_event) or (self.event_type == EventRows.RowsEventType.pre_ga_delete_rows_event))  else (1 if  ((self.event_type == EventRows.RowsEventType.write_rows_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_event_v1) or (self.event_type == EventRows.RowsEventType.write_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event_v1))  else 2))
            return getattr(self, '_m_version', None)



