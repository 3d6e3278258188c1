# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import packed_int
from . import event_mariadb
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventRows(ReadWriteKaitaiStruct):
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
    def __init__(self, _io=None, _parent=None, _root=None):
        super(EventRows, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(EventRows, self)._write__seq(io)


    def _check(self):
        self._dirty = False

    class ExtraRowInfo(ReadWriteKaitaiStruct):
        """The chunks of the variable-length header of a v2 rows event. An
        unknown chunk type ends the list: its bytes and all that follow are
        kept in `data` of that chunk.
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.h Extra_row_info, enum_extra_row_info_typecode
        
        
        .. seealso::
           MariaDB sql/log_event.cc Rows_log_event ctor (RW_V_EXTRAINFO_TAG)
        """
        def __init__(self, is_update, _io=None, _parent=None, _root=None):
            super(EventRows.ExtraRowInfo, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_update = is_update

        def _read(self):
            self.entries = []
            i = 0
            while not self._io.is_eof():
                _t_entries = EventRows.ExtraRowInfoEntry(self.is_update, self._io, self, self._root)
                try:
                    _t_entries._read()
                finally:
                    self.entries.append(_t_entries)
                i += 1

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.entries)):
                pass
                self.entries[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventRows.ExtraRowInfo, self)._write__seq(io)
            for i in range(len(self.entries)):
                pass
                if self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"entries", 0, self._io.size() - self._io.pos())
                self.entries[i]._write__seq(self._io)

            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"entries", 0, self._io.size() - self._io.pos())


        def _check(self):
            for i in range(len(self.entries)):
                pass
                if self.entries[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"entries", self._root, self.entries[i]._root)
                if self.entries[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"entries", self, self.entries[i]._parent)
                if self.entries[i].is_update != self.is_update:
                    raise kaitaistruct.ConsistencyError(u"entries", self.is_update, self.entries[i].is_update)

            self._dirty = False


    class ExtraRowInfoEntry(ReadWriteKaitaiStruct):
        """One chunk of the extra row info: a type code, then NDB info or the
        partition id(s); any other type code makes the rest of the header opaque.
        """
        def __init__(self, is_update, _io=None, _parent=None, _root=None):
            super(EventRows.ExtraRowInfoEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_update = is_update

        def _read(self):
            self.type = KaitaiStream.resolve_enum(EventRows.ExtraRowInfoType, self._io.read_u1())
            if self.type == EventRows.ExtraRowInfoType.ndb:
                pass
                self.ndb_info = EventRows.NdbInfo(self._io, self, self._root)
                self.ndb_info._read()

            if self.type == EventRows.ExtraRowInfoType.part:
                pass
                self.partition_id = self._io.read_u2le()

            if  ((self.type == EventRows.ExtraRowInfoType.part) and (self.is_update)) :
                pass
                self.source_partition_id = self._io.read_u2le()

            if  ((self.type != EventRows.ExtraRowInfoType.ndb) and (self.type != EventRows.ExtraRowInfoType.part)) :
                pass
                self.data = self._io.read_bytes_full()

            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventRows.ExtraRowInfoEntry, self)._write__seq(io)
            self._io.write_u1(int(self.type))
            if self.type == EventRows.ExtraRowInfoType.ndb:
                pass
                self.ndb_info._write__seq(self._io)

            if self.type == EventRows.ExtraRowInfoType.part:
                pass
                self._io.write_u2le(self.partition_id)

            if  ((self.type == EventRows.ExtraRowInfoType.part) and (self.is_update)) :
                pass
                self._io.write_u2le(self.source_partition_id)

            if  ((self.type != EventRows.ExtraRowInfoType.ndb) and (self.type != EventRows.ExtraRowInfoType.part)) :
                pass
                self._io.write_bytes(self.data)
                if not self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"data", 0, self._io.size() - self._io.pos())



        def _check(self):
            if self.type == EventRows.ExtraRowInfoType.ndb:
                pass
                if self.ndb_info._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"ndb_info", self._root, self.ndb_info._root)
                if self.ndb_info._parent != self:
                    raise kaitaistruct.ConsistencyError(u"ndb_info", self, self.ndb_info._parent)

            if self.type == EventRows.ExtraRowInfoType.part:
                pass

            if  ((self.type == EventRows.ExtraRowInfoType.part) and (self.is_update)) :
                pass

            if  ((self.type != EventRows.ExtraRowInfoType.ndb) and (self.type != EventRows.ExtraRowInfoType.part)) :
                pass

            self._dirty = False


    class NdbInfo(ReadWriteKaitaiStruct):
        """NDB cluster's extra row info (also MariaDB's RW_V_EXTRAINFO_TAG chunk)."""
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventRows.NdbInfo, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_info = self._io.read_u1()
            self.format = self._io.read_u1()
            self.data = self._io.read_bytes(self.len_info - 2)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventRows.NdbInfo, self)._write__seq(io)
            self._io.write_u1(self.len_info)
            self._io.write_u1(self.format)
            self._io.write_bytes(self.data)


        def _check(self):
            if len(self.data) != self.len_info - 2:
                raise kaitaistruct.ConsistencyError(u"data", self.len_info - 2, len(self.data))
            self._dirty = False


    class RowsEvent(ReadWriteKaitaiStruct):
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
        def __init__(self, type_code, post_header_len, _io=None, _parent=None, _root=None):
            super(EventRows.RowsEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.type_code = type_code
            self.post_header_len = post_header_len

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
                self.extra_row_info._read()

            self.num_columns = packed_int.PackedInt(self._io)
            self.num_columns._read()
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
                self.compressed_rows._read()

            self._dirty = False


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



        def _write__seq(self, io=None):
            super(EventRows.RowsEvent, self)._write__seq(io)
            self._io.write_u4le(self.table_id_low)
            if self.post_header_len != 6:
                pass
                self._io.write_u2le(self.table_id_high)

            self._io.write_u2le(self.flags)
            if self.has_var_header:
                pass
                self._io.write_u2le(self.len_var_header)

            if self.has_var_header:
                pass
                _io__raw_extra_row_info = KaitaiStream(BytesIO(bytearray(self.len_var_header - 2)))
                self._io.add_child_stream(_io__raw_extra_row_info)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.len_var_header - 2))
                def handler(parent, _io__raw_extra_row_info=_io__raw_extra_row_info):
                    self._raw_extra_row_info = _io__raw_extra_row_info.to_byte_array()
                    if len(self._raw_extra_row_info) != self.len_var_header - 2:
                        raise kaitaistruct.ConsistencyError(u"raw(extra_row_info)", self.len_var_header - 2, len(self._raw_extra_row_info))
                    parent.write_bytes(self._raw_extra_row_info)
                _io__raw_extra_row_info.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.extra_row_info._write__seq(_io__raw_extra_row_info)

            self.num_columns._write__seq(self._io)
            self._io.write_bytes(self.columns_before_image)
            if self.has_after_image_bitmap:
                pass
                self._io.write_bytes(self.columns_after_image)

            if (not (self.is_compressed)):
                pass
                self._io.write_bytes(self.rows)
                if not self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"rows", 0, self._io.size() - self._io.pos())

            if self.is_compressed:
                pass
                _io__raw_compressed_rows = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_compressed_rows)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_compressed_rows=_io__raw_compressed_rows):
                    self._raw_compressed_rows = _io__raw_compressed_rows.to_byte_array()
                    parent.write_bytes(self._raw_compressed_rows)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(compressed_rows)", 0, parent.size() - parent.pos())
                _io__raw_compressed_rows.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.compressed_rows._write__seq(_io__raw_compressed_rows)



        def _check(self):
            if self.post_header_len != 6:
                pass

            if self.has_var_header:
                pass

            if self.has_var_header:
                pass
                if self.extra_row_info._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"extra_row_info", self._root, self.extra_row_info._root)
                if self.extra_row_info._parent != self:
                    raise kaitaistruct.ConsistencyError(u"extra_row_info", self, self.extra_row_info._parent)
                if self.extra_row_info.is_update != self.is_update:
                    raise kaitaistruct.ConsistencyError(u"extra_row_info", self.is_update, self.extra_row_info.is_update)

            if len(self.columns_before_image) != self.len_columns_bitmap:
                raise kaitaistruct.ConsistencyError(u"columns_before_image", self.len_columns_bitmap, len(self.columns_before_image))
            if self.has_after_image_bitmap:
                pass
                if len(self.columns_after_image) != self.len_columns_bitmap:
                    raise kaitaistruct.ConsistencyError(u"columns_after_image", self.len_columns_bitmap, len(self.columns_after_image))

            if (not (self.is_compressed)):
                pass

            if self.is_compressed:
                pass

            self._dirty = False

        @property
        def event_type(self):
            """The event type as an enum (same numbers as `binlog_event::event_type`)."""
            if hasattr(self, '_m_event_type'):
                return self._m_event_type

            self._m_event_type = KaitaiStream.resolve_enum(EventRows.RowsEventType, self.type_code)
            return getattr(self, '_m_event_type', None)

        def _invalidate_event_type(self):
            del self._m_event_type
        @property
        def has_after_image_bitmap(self):
            """True when the event carries `columns_after_image`."""
            if hasattr(self, '_m_has_after_image_bitmap'):
                return self._m_has_after_image_bitmap

            self._m_has_after_image_bitmap =  ((self.is_update) and (self.version != 0)) 
            return getattr(self, '_m_has_after_image_bitmap', None)

        def _invalidate_has_after_image_bitmap(self):
            del self._m_has_after_image_bitmap
        @property
        def has_var_header(self):
            """True for v2 events (MySQL 30-32 and 39, MariaDB 169-171)."""
            if hasattr(self, '_m_has_var_header'):
                return self._m_has_var_header

            self._m_has_var_header = self.post_header_len == 10
            return getattr(self, '_m_has_var_header', None)

        def _invalidate_has_var_header(self):
            del self._m_has_var_header
        @property
        def is_complete_rows(self):
            """COMPLETE_ROWS_F, the images hold every column of the table."""
            if hasattr(self, '_m_is_complete_rows'):
                return self._m_is_complete_rows

            self._m_is_complete_rows = self.flags & 8 != 0
            return getattr(self, '_m_is_complete_rows', None)

        def _invalidate_is_complete_rows(self):
            del self._m_is_complete_rows
        @property
        def is_compressed(self):
            """One of MariaDB's compressed rows events (log_bin_compress=ON)."""
            if hasattr(self, '_m_is_compressed'):
                return self._m_is_compressed

            self._m_is_compressed =  ((self.event_type == EventRows.RowsEventType.write_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.write_rows_compressed_event) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event)) 
            return getattr(self, '_m_is_compressed', None)

        def _invalidate_is_compressed(self):
            del self._m_is_compressed
        @property
        def is_delete(self):
            """DELETE_ROWS; the rows are before images."""
            if hasattr(self, '_m_is_delete'):
                return self._m_is_delete

            self._m_is_delete =  ((self.event_type == EventRows.RowsEventType.pre_ga_delete_rows_event) or (self.event_type == EventRows.RowsEventType.delete_rows_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_event) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event)) 
            return getattr(self, '_m_is_delete', None)

        def _invalidate_is_delete(self):
            del self._m_is_delete
        @property
        def is_no_check_constraint_checks(self):
            """MariaDB's NO_CHECK_CONSTRAINT_CHECKS_F."""
            if hasattr(self, '_m_is_no_check_constraint_checks'):
                return self._m_is_no_check_constraint_checks

            self._m_is_no_check_constraint_checks = self.flags & 128 != 0
            return getattr(self, '_m_is_no_check_constraint_checks', None)

        def _invalidate_is_no_check_constraint_checks(self):
            del self._m_is_no_check_constraint_checks
        @property
        def is_no_foreign_key_checks(self):
            """NO_FOREIGN_KEY_CHECKS_F."""
            if hasattr(self, '_m_is_no_foreign_key_checks'):
                return self._m_is_no_foreign_key_checks

            self._m_is_no_foreign_key_checks = self.flags & 2 != 0
            return getattr(self, '_m_is_no_foreign_key_checks', None)

        def _invalidate_is_no_foreign_key_checks(self):
            del self._m_is_no_foreign_key_checks
        @property
        def is_partial(self):
            """PARTIAL_UPDATE_ROWS (MySQL 8.0.3+, binlog_row_value_options=PARTIAL_JSON)."""
            if hasattr(self, '_m_is_partial'):
                return self._m_is_partial

            self._m_is_partial = self.event_type == EventRows.RowsEventType.partial_update_rows_event
            return getattr(self, '_m_is_partial', None)

        def _invalidate_is_partial(self):
            del self._m_is_partial
        @property
        def is_relaxed_unique_checks(self):
            """RELAXED_UNIQUE_CHECKS_F."""
            if hasattr(self, '_m_is_relaxed_unique_checks'):
                return self._m_is_relaxed_unique_checks

            self._m_is_relaxed_unique_checks = self.flags & 4 != 0
            return getattr(self, '_m_is_relaxed_unique_checks', None)

        def _invalidate_is_relaxed_unique_checks(self):
            del self._m_is_relaxed_unique_checks
        @property
        def is_stmt_end(self):
            """STMT_END_F, the last rows event of the statement (its table maps can be dropped)."""
            if hasattr(self, '_m_is_stmt_end'):
                return self._m_is_stmt_end

            self._m_is_stmt_end = self.flags & 1 != 0
            return getattr(self, '_m_is_stmt_end', None)

        def _invalidate_is_stmt_end(self):
            del self._m_is_stmt_end
        @property
        def is_update(self):
            """UPDATE_ROWS or PARTIAL_UPDATE_ROWS; the rows are (before, after) pairs."""
            if hasattr(self, '_m_is_update'):
                return self._m_is_update

            self._m_is_update =  ((self.event_type == EventRows.RowsEventType.pre_ga_update_rows_event) or (self.event_type == EventRows.RowsEventType.update_rows_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_event) or (self.event_type == EventRows.RowsEventType.partial_update_rows_event) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event)) 
            return getattr(self, '_m_is_update', None)

        def _invalidate_is_update(self):
            del self._m_is_update
        @property
        def is_use_sql_foreign_key(self):
            """USE_SQL_FOREIGN_KEY_F (recent MySQL 9.x)."""
            if hasattr(self, '_m_is_use_sql_foreign_key'):
                return self._m_is_use_sql_foreign_key

            self._m_is_use_sql_foreign_key = self.flags & 16 != 0
            return getattr(self, '_m_is_use_sql_foreign_key', None)

        def _invalidate_is_use_sql_foreign_key(self):
            del self._m_is_use_sql_foreign_key
        @property
        def is_write(self):
            """WRITE_ROWS (INSERT); the rows are after images."""
            if hasattr(self, '_m_is_write'):
                return self._m_is_write

            self._m_is_write =  ((self.event_type == EventRows.RowsEventType.pre_ga_write_rows_event) or (self.event_type == EventRows.RowsEventType.write_rows_event_v1) or (self.event_type == EventRows.RowsEventType.write_rows_event) or (self.event_type == EventRows.RowsEventType.write_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.write_rows_compressed_event)) 
            return getattr(self, '_m_is_write', None)

        def _invalidate_is_write(self):
            del self._m_is_write
        @property
        def len_columns_bitmap(self):
            """Size in bytes of each columns bitmap."""
            if hasattr(self, '_m_len_columns_bitmap'):
                return self._m_len_columns_bitmap

            self._m_len_columns_bitmap = (self.num_columns.value + 7) // 8
            return getattr(self, '_m_len_columns_bitmap', None)

        def _invalidate_len_columns_bitmap(self):
            del self._m_len_columns_bitmap
        @property
        def table_id(self):
            """Id of the table, as announced by the preceding TABLE_MAP event."""
            if hasattr(self, '_m_table_id'):
                return self._m_table_id

            self._m_table_id = self.table_id_low + (0 if self.post_header_len == 6 else self.table_id_high * 4294967296)
            return getattr(self, '_m_table_id', None)

        def _invalidate_table_id(self):
            del self._m_table_id
        @property
        def version(self):
            """0 for the pre-GA events (5.1.0-5.1.17), 1 for v1, 2 for v2."""
            if hasattr(self, '_m_version'):
                return self._m_version

            self._m_version = (0 if  ((self.event_type == EventRows.RowsEventType.pre_ga_write_rows_event) or (self.event_type == EventRows.RowsEventType.pre_ga_update_rows_event) or (self.event_type == EventRows.RowsEventType.pre_ga_delete_rows_event))  else (1 if  ((self.event_type == EventRows.RowsEventType.write_rows_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_event_v1) or (self.event_type == EventRows.RowsEventType.write_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.update_rows_compressed_event_v1) or (self.event_type == EventRows.RowsEventType.delete_rows_compressed_event_v1))  else 2))
            return getattr(self, '_m_version', None)

        def _invalidate_version(self):
            del self._m_version


