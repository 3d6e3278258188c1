# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventTableMap(ReadWriteKaitaiStruct):
    """TABLE_MAP_EVENT (type 19): written before the rows events of a
    statement, it maps a table id to a schema and table name and describes
    every column: its type, its type metadata (precision, length, pack
    length, fractional seconds ...), whether it may be NULL and, since MySQL
    8.0.1 / MariaDB 10.5 (`binlog_row_metadata` = MINIMAL or FULL), optional
    metadata such as signedness, character sets, column names, ENUM/SET
    labels and the primary key.
    
    The row images of the rows events that follow are decoded with this
    description; the rows events only carry the table id.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html
    
    
    .. seealso::
       libs/mysql/binlog/event/rows_event.h (Table_map_event, Optional_metadata_field_type)
    
    
    .. seealso::
       libs/mysql/binlog/event/rows_event.cpp (Table_map_event ctor, Optional_metadata_fields ctor)
    
    
    .. seealso::
       sql/rpl_utility.cc (table_def ctor, read_field_metadata)
    
    
    .. seealso::
       MariaDB sql/log_event.cc (Table_map_log_event ctor)
    """

    class ColumnType(IntEnum):
        decimal = 0
        tiny = 1
        short = 2
        long = 3
        float = 4
        double = 5
        null = 6
        timestamp = 7
        longlong = 8
        int24 = 9
        date = 10
        time = 11
        datetime = 12
        year = 13
        newdate = 14
        varchar = 15
        bit = 16
        timestamp2 = 17
        datetime2 = 18
        time2 = 19
        typed_array = 20
        blob_compressed = 140
        varchar_compressed = 141
        vector = 242
        invalid = 243
        bool = 244
        json = 245
        newdecimal = 246
        enum = 247
        set = 248
        tiny_blob = 249
        medium_blob = 250
        long_blob = 251
        blob = 252
        var_string = 253
        string = 254
        geometry = 255

    class OptionalMetadataType(IntEnum):
        signedness = 1
        default_charset = 2
        column_charset = 3
        column_name = 4
        set_str_value = 5
        enum_str_value = 6
        geometry_type = 7
        simple_primary_key = 8
        primary_key_with_prefix = 9
        enum_and_set_default_charset = 10
        enum_and_set_column_charset = 11
        column_visibility = 12
        vector_dimensionality = 13
    def __init__(self, _io=None, _parent=None, _root=None):
        super(EventTableMap, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self

    def _read(self):
        pass
        self._dirty = False


    def _fetch_instances(self):
        pass


    def _write__seq(self, io=None):
        super(EventTableMap, self)._write__seq(io)


    def _check(self):
        self._dirty = False

    class ColumnCollation(ReadWriteKaitaiStruct):
        """One exception of a `default_charset` field."""
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.ColumnCollation, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.column_index = packed_int.PackedInt(self._io)
            self.column_index._read()
            self.collation = packed_int.PackedInt(self._io)
            self.collation._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.column_index._fetch_instances()
            self.collation._fetch_instances()


        def _write__seq(self, io=None):
            super(EventTableMap.ColumnCollation, self)._write__seq(io)
            self.column_index._write__seq(self._io)
            self.collation._write__seq(self._io)


        def _check(self):
            self._dirty = False


    class ColumnMeta(ReadWriteKaitaiStruct):
        """The type metadata of one column. Which fields are present depends on
        `column_type`; `value` rebuilds the 16-bit integer that MySQL keeps in
        `table_def::m_field_metadata` (and go-mysql in `ColumnMeta`), for row
        decoders written against that form.
        
        .. seealso::
           sql/rpl_utility.cc table_def::table_def, read_field_metadata
        
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.h (Table_map_event column type table)
        
        
        .. seealso::
           go-mysql replication/row_event.go decodeMeta
        """
        def __init__(self, column_type, _io=None, _parent=None, _root=None):
            super(EventTableMap.ColumnMeta, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.column_type = column_type

        def _read(self):
            if self.has_pack_length:
                pass
                self.pack_length = self._io.read_u1()

            if self.has_len_length:
                pass
                self.len_length = self._io.read_u1()

            if self.has_fsp:
                pass
                self.fsp = self._io.read_u1()

            if self.has_max_length:
                pass
                self.max_length = self._io.read_u2le()

            if self.is_newdecimal:
                pass
                self.precision = self._io.read_u1()

            if self.is_newdecimal:
                pass
                self.scale = self._io.read_u1()

            if self.is_bit:
                pass
                self.bits = self._io.read_u1()

            if self.is_bit:
                pass
                self.bytes = self._io.read_u1()

            if self.is_string:
                pass
                self.type_byte = self._io.read_u1()

            if self.is_string:
                pass
                self.length_byte = self._io.read_u1()

            if self.is_typed_array:
                pass
                self.typed_array = EventTableMap.TypedArrayMeta(self._io, self, self._root)
                self.typed_array._read()

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.has_pack_length:
                pass

            if self.has_len_length:
                pass

            if self.has_fsp:
                pass

            if self.has_max_length:
                pass

            if self.is_newdecimal:
                pass

            if self.is_newdecimal:
                pass

            if self.is_bit:
                pass

            if self.is_bit:
                pass

            if self.is_string:
                pass

            if self.is_string:
                pass

            if self.is_typed_array:
                pass
                self.typed_array._fetch_instances()



        def _write__seq(self, io=None):
            super(EventTableMap.ColumnMeta, self)._write__seq(io)
            if self.has_pack_length:
                pass
                self._io.write_u1(self.pack_length)

            if self.has_len_length:
                pass
                self._io.write_u1(self.len_length)

            if self.has_fsp:
                pass
                self._io.write_u1(self.fsp)

            if self.has_max_length:
                pass
                self._io.write_u2le(self.max_length)

            if self.is_newdecimal:
                pass
                self._io.write_u1(self.precision)

            if self.is_newdecimal:
                pass
                self._io.write_u1(self.scale)

            if self.is_bit:
                pass
                self._io.write_u1(self.bits)

            if self.is_bit:
                pass
                self._io.write_u1(self.bytes)

            if self.is_string:
                pass
                self._io.write_u1(self.type_byte)

            if self.is_string:
                pass
                self._io.write_u1(self.length_byte)

            if self.is_typed_array:
                pass
                self.typed_array._write__seq(self._io)



        def _check(self):
            if self.has_pack_length:
                pass

            if self.has_len_length:
                pass

            if self.has_fsp:
                pass

            if self.has_max_length:
                pass

            if self.is_newdecimal:
                pass

            if self.is_newdecimal:
                pass

            if self.is_bit:
                pass

            if self.is_bit:
                pass

            if self.is_string:
                pass

            if self.is_string:
                pass

            if self.is_typed_array:
                pass
                if self.typed_array._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"typed_array", self._root, self.typed_array._root)
                if self.typed_array._parent != self:
                    raise kaitaistruct.ConsistencyError(u"typed_array", self, self.typed_array._parent)

            self._dirty = False

        @property
        def has_fsp(self):
            """TIMESTAMP2, DATETIME2, TIME2 (1 byte, `fsp`)."""
            if hasattr(self, '_m_has_fsp'):
                return self._m_has_fsp

            self._m_has_fsp =  ((self.column_type == EventTableMap.ColumnType.timestamp2) or (self.column_type == EventTableMap.ColumnType.datetime2) or (self.column_type == EventTableMap.ColumnType.time2)) 
            return getattr(self, '_m_has_fsp', None)

        def _invalidate_has_fsp(self):
            del self._m_has_fsp
        @property
        def has_len_length(self):
            """BLOB/TEXT, GEOMETRY, JSON, VECTOR, MariaDB BLOB COMPRESSED (1 byte, `len_length`)."""
            if hasattr(self, '_m_has_len_length'):
                return self._m_has_len_length

            self._m_has_len_length =  ((self.column_type == EventTableMap.ColumnType.blob) or (self.column_type == EventTableMap.ColumnType.tiny_blob) or (self.column_type == EventTableMap.ColumnType.medium_blob) or (self.column_type == EventTableMap.ColumnType.long_blob) or (self.column_type == EventTableMap.ColumnType.geometry) or (self.column_type == EventTableMap.ColumnType.json) or (self.column_type == EventTableMap.ColumnType.vector) or (self.column_type == EventTableMap.ColumnType.blob_compressed)) 
            return getattr(self, '_m_has_len_length', None)

        def _invalidate_has_len_length(self):
            del self._m_has_len_length
        @property
        def has_max_length(self):
            """VARCHAR and MariaDB VARCHAR COMPRESSED (2 bytes, `max_length`)."""
            if hasattr(self, '_m_has_max_length'):
                return self._m_has_max_length

            self._m_has_max_length =  ((self.column_type == EventTableMap.ColumnType.varchar) or (self.column_type == EventTableMap.ColumnType.varchar_compressed)) 
            return getattr(self, '_m_has_max_length', None)

        def _invalidate_has_max_length(self):
            del self._m_has_max_length
        @property
        def has_pack_length(self):
            """FLOAT, DOUBLE (1 byte, `pack_length`)."""
            if hasattr(self, '_m_has_pack_length'):
                return self._m_has_pack_length

            self._m_has_pack_length =  ((self.column_type == EventTableMap.ColumnType.float) or (self.column_type == EventTableMap.ColumnType.double)) 
            return getattr(self, '_m_has_pack_length', None)

        def _invalidate_has_pack_length(self):
            del self._m_has_pack_length
        @property
        def is_bit(self):
            """BIT (2 bytes, `bits`, `bytes`)."""
            if hasattr(self, '_m_is_bit'):
                return self._m_is_bit

            self._m_is_bit = self.column_type == EventTableMap.ColumnType.bit
            return getattr(self, '_m_is_bit', None)

        def _invalidate_is_bit(self):
            del self._m_is_bit
        @property
        def is_newdecimal(self):
            """NEWDECIMAL (2 bytes, `precision`, `scale`)."""
            if hasattr(self, '_m_is_newdecimal'):
                return self._m_is_newdecimal

            self._m_is_newdecimal = self.column_type == EventTableMap.ColumnType.newdecimal
            return getattr(self, '_m_is_newdecimal', None)

        def _invalidate_is_newdecimal(self):
            del self._m_is_newdecimal
        @property
        def is_packed_string_length(self):
            """True when `type_byte` carries the high bits of a CHAR length (> 255 bytes)."""
            if hasattr(self, '_m_is_packed_string_length'):
                return self._m_is_packed_string_length

            self._m_is_packed_string_length =  ((self.is_string) and (self.type_byte & 48 != 48)) 
            return getattr(self, '_m_is_packed_string_length', None)

        def _invalidate_is_packed_string_length(self):
            del self._m_is_packed_string_length
        @property
        def is_string(self):
            """STRING columns (CHAR/BINARY, ENUM and SET, see `real_type`), and
            VAR_STRING, the type a pre-5.0 VARCHAR table reports: its field is
            a Field_string, whose metadata (type byte, length byte) is written
            the same way (MySQL's table_def reads no metadata for it, go-mysql
            reads 2 bytes as a little-endian length; the writer decides).
            
            .. seealso::
               sql/field.cc Field_string::do_save_field_metadata, Field_string::type
            """
            if hasattr(self, '_m_is_string'):
                return self._m_is_string

            self._m_is_string =  ((self.column_type == EventTableMap.ColumnType.string) or (self.column_type == EventTableMap.ColumnType.enum) or (self.column_type == EventTableMap.ColumnType.set) or (self.column_type == EventTableMap.ColumnType.var_string)) 
            return getattr(self, '_m_is_string', None)

        def _invalidate_is_string(self):
            del self._m_is_string
        @property
        def is_typed_array(self):
            """TYPED_ARRAY (1-4 bytes, `typed_array`)."""
            if hasattr(self, '_m_is_typed_array'):
                return self._m_is_typed_array

            self._m_is_typed_array = self.column_type == EventTableMap.ColumnType.typed_array
            return getattr(self, '_m_is_typed_array', None)

        def _invalidate_is_typed_array(self):
            del self._m_is_typed_array
        @property
        def len_meta(self):
            """Number of metadata bytes this column used."""
            if hasattr(self, '_m_len_meta'):
                return self._m_len_meta

            self._m_len_meta = (1 if  ((self.has_pack_length) or (self.has_len_length) or (self.has_fsp))  else (2 if  ((self.has_max_length) or (self.is_newdecimal) or (self.is_bit) or (self.is_string))  else (self.typed_array.len_meta if self.is_typed_array else 0)))
            return getattr(self, '_m_len_meta', None)

        def _invalidate_len_meta(self):
            del self._m_len_meta
        @property
        def max_string_length(self):
            """For CHAR/BINARY (`real_type` = string): the maximum length in
            bytes; the value's length prefix is 1 byte when this is below 256,
            2 bytes otherwise. For ENUM/SET: the size of the stored value
            (see `pack_length_enum_set`).
            """
            if hasattr(self, '_m_max_string_length'):
                return self._m_max_string_length

            self._m_max_string_length = (0 if (not (self.is_string)) else (self.length_byte | (self.type_byte & 48 ^ 48) * 16 if self.is_packed_string_length else self.length_byte))
            return getattr(self, '_m_max_string_length', None)

        def _invalidate_max_string_length(self):
            del self._m_max_string_length
        @property
        def pack_length_enum_set(self):
            """For ENUM (1 or 2) and SET (1-8): the size in bytes of the
            little-endian index / bitmap in a row image.
            """
            if hasattr(self, '_m_pack_length_enum_set'):
                return self._m_pack_length_enum_set

            self._m_pack_length_enum_set = (self.length_byte if self.is_string else 0)
            return getattr(self, '_m_pack_length_enum_set', None)

        def _invalidate_pack_length_enum_set(self):
            del self._m_pack_length_enum_set
        @property
        def real_type(self):
            """For STRING columns the type that was declared: `string` (CHAR,
            BINARY), `enum` or `set`. For every other column the column type
            itself (for typed arrays see `typed_array.element_type`).
            
            .. seealso::
               sql/log_event.cc log_event_print_value (MYSQL_TYPE_STRING case)
            """
            if hasattr(self, '_m_real_type'):
                return self._m_real_type

            self._m_real_type = KaitaiStream.resolve_enum(EventTableMap.ColumnType, (int(self.column_type) if (not (self.is_string)) else (self.type_byte | 48 if self.is_packed_string_length else self.type_byte)))
            return getattr(self, '_m_real_type', None)

        def _invalidate_real_type(self):
            del self._m_real_type
        @property
        def value(self):
            """The metadata as the integer of `table_def::m_field_metadata`
            (STRING/ENUM/SET and NEWDECIMAL: first byte high; BIT and VARCHAR:
            little-endian; typed arrays: the element's metadata).
            """
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.pack_length if self.has_pack_length else (self.len_length if self.has_len_length else (self.fsp if self.has_fsp else (self.max_length if self.has_max_length else (self.precision * 256 + self.scale if self.is_newdecimal else (self.bits + self.bytes * 256 if self.is_bit else (self.type_byte * 256 + self.length_byte if self.is_string else (self.typed_array.element_value if self.is_typed_array else 0))))))))
            return getattr(self, '_m_value', None)

        def _invalidate_value(self):
            del self._m_value

    class ColumnMetadataBlock(ReadWriteKaitaiStruct):
        """The metadata block: the metadata of each column in turn, each 0, 1,
        2 or (typed arrays) up to 4 bytes long depending on the column type.
        
        .. seealso::
           sql/rpl_utility.cc table_def::table_def, read_field_metadata
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.ColumnMetadataBlock, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.columns = []
            for i in range(self._parent.num_columns.value):
                _t_columns = EventTableMap.ColumnMeta(self._parent.column_types[i], self._io, self, self._root)
                try:
                    _t_columns._read()
                finally:
                    self.columns.append(_t_columns)

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.columns)):
                pass
                self.columns[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventTableMap.ColumnMetadataBlock, self)._write__seq(io)
            for i in range(len(self.columns)):
                pass
                self.columns[i]._write__seq(self._io)



        def _check(self):
            if len(self.columns) != self._parent.num_columns.value:
                raise kaitaistruct.ConsistencyError(u"columns", self._parent.num_columns.value, len(self.columns))
            for i in range(len(self.columns)):
                pass
                if self.columns[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"columns", self._root, self.columns[i]._root)
                if self.columns[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"columns", self, self.columns[i]._parent)
                if self.columns[i].column_type != self._parent.column_types[i]:
                    raise kaitaistruct.ConsistencyError(u"columns", self._parent.column_types[i], self.columns[i].column_type)

            self._dirty = False


    class ColumnName(ReadWriteKaitaiStruct):
        """One column name (packed length, then the bytes; the doc says 1 byte, the code packs it)."""
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.ColumnName, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_name = packed_int.PackedInt(self._io)
            self.len_name._read()
            self.name = (self._io.read_bytes(self.len_name.value)).decode(u"UTF-8")
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.len_name._fetch_instances()


        def _write__seq(self, io=None):
            super(EventTableMap.ColumnName, self)._write__seq(io)
            self.len_name._write__seq(self._io)
            self._io.write_bytes((self.name).encode(u"UTF-8"))


        def _check(self):
            if len((self.name).encode(u"UTF-8")) != self.len_name.value:
                raise kaitaistruct.ConsistencyError(u"name", self.len_name.value, len((self.name).encode(u"UTF-8")))
            self._dirty = False


    class ColumnNames(ReadWriteKaitaiStruct):
        """COLUMN_NAME (binlog_row_metadata = FULL): the name of every column.
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.cpp parse_column_name
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.ColumnNames, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.names = []
            i = 0
            while not self._io.is_eof():
                _t_names = EventTableMap.ColumnName(self._io, self, self._root)
                try:
                    _t_names._read()
                finally:
                    self.names.append(_t_names)
                i += 1

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.names)):
                pass
                self.names[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventTableMap.ColumnNames, self)._write__seq(io)
            for i in range(len(self.names)):
                pass
                if self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"names", 0, self._io.size() - self._io.pos())
                self.names[i]._write__seq(self._io)

            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"names", 0, self._io.size() - self._io.pos())


        def _check(self):
            for i in range(len(self.names)):
                pass
                if self.names[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"names", self._root, self.names[i]._root)
                if self.names[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"names", self, self.names[i]._parent)

            self._dirty = False


    class DefaultCharset(ReadWriteKaitaiStruct):
        """DEFAULT_CHARSET / ENUM_AND_SET_DEFAULT_CHARSET: the most used
        collation, then the exceptions as (column index, collation) pairs.
        The index counts character columns only (resp. ENUM/SET columns).
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.cpp parse_default_charset
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.DefaultCharset, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.default_collation = packed_int.PackedInt(self._io)
            self.default_collation._read()
            self.exceptions = []
            i = 0
            while not self._io.is_eof():
                _t_exceptions = EventTableMap.ColumnCollation(self._io, self, self._root)
                try:
                    _t_exceptions._read()
                finally:
                    self.exceptions.append(_t_exceptions)
                i += 1

            self._dirty = False


        def _fetch_instances(self):
            pass
            self.default_collation._fetch_instances()
            for i in range(len(self.exceptions)):
                pass
                self.exceptions[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventTableMap.DefaultCharset, self)._write__seq(io)
            self.default_collation._write__seq(self._io)
            for i in range(len(self.exceptions)):
                pass
                if self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"exceptions", 0, self._io.size() - self._io.pos())
                self.exceptions[i]._write__seq(self._io)

            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"exceptions", 0, self._io.size() - self._io.pos())


        def _check(self):
            for i in range(len(self.exceptions)):
                pass
                if self.exceptions[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"exceptions", self._root, self.exceptions[i]._root)
                if self.exceptions[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"exceptions", self, self.exceptions[i]._parent)

            self._dirty = False


    class OptionalMetadataField(ReadWriteKaitaiStruct):
        """One optional metadata field (type, length, value). Unknown types keep
        their value as raw bytes.
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.h Table_map_event::Optional_metadata_field_type
        
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.cpp Optional_metadata_fields ctor, parse_*()
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.OptionalMetadataField, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.type = KaitaiStream.resolve_enum(EventTableMap.OptionalMetadataType, self._io.read_u1())
            self.length = packed_int.PackedInt(self._io)
            self.length._read()
            _on = self.type
            if _on == EventTableMap.OptionalMetadataType.column_charset:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.PackedIntList(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.column_name:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.ColumnNames(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.default_charset:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.DefaultCharset(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.enum_and_set_column_charset:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.PackedIntList(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.enum_and_set_default_charset:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.DefaultCharset(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.enum_str_value:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.StrValueLists(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.geometry_type:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.PackedIntList(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.primary_key_with_prefix:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.PrimaryKeyWithPrefix(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.set_str_value:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.StrValueLists(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.simple_primary_key:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.PackedIntList(_io__raw_value, self, self._root)
                self.value._read()
            elif _on == EventTableMap.OptionalMetadataType.vector_dimensionality:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = EventTableMap.PackedIntList(_io__raw_value, self, self._root)
                self.value._read()
            else:
                pass
                self.value = self._io.read_bytes(self.length.value)
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.length._fetch_instances()
            _on = self.type
            if _on == EventTableMap.OptionalMetadataType.column_charset:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.column_name:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.default_charset:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.enum_and_set_column_charset:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.enum_and_set_default_charset:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.enum_str_value:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.geometry_type:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.primary_key_with_prefix:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.set_str_value:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.simple_primary_key:
                pass
                self.value._fetch_instances()
            elif _on == EventTableMap.OptionalMetadataType.vector_dimensionality:
                pass
                self.value._fetch_instances()
            else:
                pass


        def _write__seq(self, io=None):
            super(EventTableMap.OptionalMetadataField, self)._write__seq(io)
            self._io.write_u1(int(self.type))
            self.length._write__seq(self._io)
            _on = self.type
            if _on == EventTableMap.OptionalMetadataType.column_charset:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.column_name:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.default_charset:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.enum_and_set_column_charset:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.enum_and_set_default_charset:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.enum_str_value:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.geometry_type:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.primary_key_with_prefix:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.set_str_value:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.simple_primary_key:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            elif _on == EventTableMap.OptionalMetadataType.vector_dimensionality:
                pass
                _io__raw_value = KaitaiStream(BytesIO(bytearray(self.length.value)))
                self._io.add_child_stream(_io__raw_value)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.length.value))
                def handler(parent, _io__raw_value=_io__raw_value):
                    self._raw_value = _io__raw_value.to_byte_array()
                    if len(self._raw_value) != self.length.value:
                        raise kaitaistruct.ConsistencyError(u"raw(value)", self.length.value, len(self._raw_value))
                    parent.write_bytes(self._raw_value)
                _io__raw_value.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.value._write__seq(_io__raw_value)
            else:
                pass
                self._io.write_bytes(self.value)


        def _check(self):
            _on = self.type
            if _on == EventTableMap.OptionalMetadataType.column_charset:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.column_name:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.default_charset:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.enum_and_set_column_charset:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.enum_and_set_default_charset:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.enum_str_value:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.geometry_type:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.primary_key_with_prefix:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.set_str_value:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.simple_primary_key:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            elif _on == EventTableMap.OptionalMetadataType.vector_dimensionality:
                pass
                if self.value._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"value", self._root, self.value._root)
                if self.value._parent != self:
                    raise kaitaistruct.ConsistencyError(u"value", self, self.value._parent)
            else:
                pass
                if len(self.value) != self.length.value:
                    raise kaitaistruct.ConsistencyError(u"value", self.length.value, len(self.value))
            self._dirty = False


    class PackedIntList(ReadWriteKaitaiStruct):
        """Packed integers up to the end of the field."""
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.PackedIntList, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.items = []
            i = 0
            while not self._io.is_eof():
                _t_items = packed_int.PackedInt(self._io)
                try:
                    _t_items._read()
                finally:
                    self.items.append(_t_items)
                i += 1

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.items)):
                pass
                self.items[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventTableMap.PackedIntList, self)._write__seq(io)
            for i in range(len(self.items)):
                pass
                if self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"items", 0, self._io.size() - self._io.pos())
                self.items[i]._write__seq(self._io)

            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"items", 0, self._io.size() - self._io.pos())


        def _check(self):
            for i in range(len(self.items)):
                pass

            self._dirty = False


    class PrimaryKeyPart(ReadWriteKaitaiStruct):
        """One column of a PRIMARY_KEY_WITH_PREFIX field."""
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.PrimaryKeyPart, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.column_index = packed_int.PackedInt(self._io)
            self.column_index._read()
            self.prefix_length = packed_int.PackedInt(self._io)
            self.prefix_length._read()
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.column_index._fetch_instances()
            self.prefix_length._fetch_instances()


        def _write__seq(self, io=None):
            super(EventTableMap.PrimaryKeyPart, self)._write__seq(io)
            self.column_index._write__seq(self._io)
            self.prefix_length._write__seq(self._io)


        def _check(self):
            self._dirty = False


    class PrimaryKeyWithPrefix(ReadWriteKaitaiStruct):
        """PRIMARY_KEY_WITH_PREFIX: the primary key columns with their prefix lengths.
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.cpp parse_pk_with_prefix
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.PrimaryKeyWithPrefix, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.parts = []
            i = 0
            while not self._io.is_eof():
                _t_parts = EventTableMap.PrimaryKeyPart(self._io, self, self._root)
                try:
                    _t_parts._read()
                finally:
                    self.parts.append(_t_parts)
                i += 1

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.parts)):
                pass
                self.parts[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventTableMap.PrimaryKeyWithPrefix, self)._write__seq(io)
            for i in range(len(self.parts)):
                pass
                if self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"parts", 0, self._io.size() - self._io.pos())
                self.parts[i]._write__seq(self._io)

            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"parts", 0, self._io.size() - self._io.pos())


        def _check(self):
            for i in range(len(self.parts)):
                pass
                if self.parts[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"parts", self._root, self.parts[i]._root)
                if self.parts[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"parts", self, self.parts[i]._parent)

            self._dirty = False


    class StrValue(ReadWriteKaitaiStruct):
        """One ENUM or SET label (packed length, then the bytes)."""
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.StrValue, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.len_value = packed_int.PackedInt(self._io)
            self.len_value._read()
            self.value = self._io.read_bytes(self.len_value.value)
            self._dirty = False


        def _fetch_instances(self):
            pass
            self.len_value._fetch_instances()


        def _write__seq(self, io=None):
            super(EventTableMap.StrValue, self)._write__seq(io)
            self.len_value._write__seq(self._io)
            self._io.write_bytes(self.value)


        def _check(self):
            if len(self.value) != self.len_value.value:
                raise kaitaistruct.ConsistencyError(u"value", self.len_value.value, len(self.value))
            self._dirty = False


    class StrValueList(ReadWriteKaitaiStruct):
        """The labels of one ENUM or SET column."""
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.StrValueList, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.num_values = packed_int.PackedInt(self._io)
            self.num_values._read()
            self.values = []
            for i in range(self.num_values.value):
                _t_values = EventTableMap.StrValue(self._io, self, self._root)
                try:
                    _t_values._read()
                finally:
                    self.values.append(_t_values)

            self._dirty = False


        def _fetch_instances(self):
            pass
            self.num_values._fetch_instances()
            for i in range(len(self.values)):
                pass
                self.values[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventTableMap.StrValueList, self)._write__seq(io)
            self.num_values._write__seq(self._io)
            for i in range(len(self.values)):
                pass
                self.values[i]._write__seq(self._io)



        def _check(self):
            if len(self.values) != self.num_values.value:
                raise kaitaistruct.ConsistencyError(u"values", self.num_values.value, len(self.values))
            for i in range(len(self.values)):
                pass
                if self.values[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"values", self._root, self.values[i]._root)
                if self.values[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"values", self, self.values[i]._parent)

            self._dirty = False


    class StrValueLists(ReadWriteKaitaiStruct):
        """SET_STR_VALUE / ENUM_STR_VALUE (binlog_row_metadata = FULL): the
        labels of each SET (resp. ENUM) column, in column order.
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.cpp parse_set_str_value
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.StrValueLists, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.columns = []
            i = 0
            while not self._io.is_eof():
                _t_columns = EventTableMap.StrValueList(self._io, self, self._root)
                try:
                    _t_columns._read()
                finally:
                    self.columns.append(_t_columns)
                i += 1

            self._dirty = False


        def _fetch_instances(self):
            pass
            for i in range(len(self.columns)):
                pass
                self.columns[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventTableMap.StrValueLists, self)._write__seq(io)
            for i in range(len(self.columns)):
                pass
                if self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"columns", 0, self._io.size() - self._io.pos())
                self.columns[i]._write__seq(self._io)

            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"columns", 0, self._io.size() - self._io.pos())


        def _check(self):
            for i in range(len(self.columns)):
                pass
                if self.columns[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"columns", self._root, self.columns[i]._root)
                if self.columns[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"columns", self, self.columns[i]._parent)

            self._dirty = False


    class TableMapEvent(ReadWriteKaitaiStruct):
        """Body of a TABLE_MAP_EVENT. Servers before the column metadata was
        added in 5.1 (seen on 5.1.15, 5.1.17 and a 5.2.2 development tree;
        5.1.23 has it) end the event after `column_types`: no column
        metadata and no NULL bitmap, so `len_metadata`, `column_metadata`
        and `null_bits` are absent (`has_column_metadata` is false), as in
        MySQL's reader, which checks whether bytes remain.
        
        .. seealso::
           libs/mysql/binlog/event/rows_event.cpp Table_map_event::Table_map_event
        """
        def __init__(self, post_header_len, _io=None, _parent=None, _root=None):
            super(EventTableMap.TableMapEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len

        def _read(self):
            self.table_id_low = self._io.read_u4le()
            if self.post_header_len != 6:
                pass
                self.table_id_high = self._io.read_u2le()

            self.flags = self._io.read_u2le()
            self.len_schema = self._io.read_u1()
            self.schema = (KaitaiStream.bytes_terminate(self._io.read_bytes(self.len_schema + 1), 0, False)).decode(u"UTF-8")
            self.len_table = self._io.read_u1()
            self.table = (KaitaiStream.bytes_terminate(self._io.read_bytes(self.len_table + 1), 0, False)).decode(u"UTF-8")
            self.num_columns = packed_int.PackedInt(self._io)
            self.num_columns._read()
            self.column_types = []
            for i in range(self.num_columns.value):
                self.column_types.append(KaitaiStream.resolve_enum(EventTableMap.ColumnType, self._io.read_u1()))

            if self.has_column_metadata:
                pass
                self.len_metadata = packed_int.PackedInt(self._io)
                self.len_metadata._read()

            if self.has_column_metadata:
                pass
                self._raw_column_metadata = self._io.read_bytes(self.len_metadata.value)
                _io__raw_column_metadata = KaitaiStream(BytesIO(self._raw_column_metadata))
                self.column_metadata = EventTableMap.ColumnMetadataBlock(_io__raw_column_metadata, self, self._root)
                self.column_metadata._read()

            if self.has_column_metadata:
                pass
                self.null_bits = self._io.read_bytes((self.num_columns.value + 7) // 8)

            self.optional_metadata = []
            i = 0
            while not self._io.is_eof():
                _t_optional_metadata = EventTableMap.OptionalMetadataField(self._io, self, self._root)
                try:
                    _t_optional_metadata._read()
                finally:
                    self.optional_metadata.append(_t_optional_metadata)
                i += 1

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.post_header_len != 6:
                pass

            self.num_columns._fetch_instances()
            for i in range(len(self.column_types)):
                pass

            if self.has_column_metadata:
                pass
                self.len_metadata._fetch_instances()

            if self.has_column_metadata:
                pass
                self.column_metadata._fetch_instances()

            if self.has_column_metadata:
                pass

            for i in range(len(self.optional_metadata)):
                pass
                self.optional_metadata[i]._fetch_instances()



        def _write__seq(self, io=None):
            super(EventTableMap.TableMapEvent, self)._write__seq(io)
            self._io.write_u4le(self.table_id_low)
            if self.post_header_len != 6:
                pass
                self._io.write_u2le(self.table_id_high)

            self._io.write_u2le(self.flags)
            self._io.write_u1(self.len_schema)
            self._io.write_bytes_limit((self.schema).encode(u"UTF-8"), self.len_schema + 1, 0, 0)
            self._io.write_u1(self.len_table)
            self._io.write_bytes_limit((self.table).encode(u"UTF-8"), self.len_table + 1, 0, 0)
            self.num_columns._write__seq(self._io)
            for i in range(len(self.column_types)):
                pass
                self._io.write_u1(int(self.column_types[i]))

            if self.has_column_metadata:
                pass
                self.len_metadata._write__seq(self._io)

            if self.has_column_metadata:
                pass
                if self.column_metadata._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"column_metadata", self._root, self.column_metadata._root)
                if self.column_metadata._parent != self:
                    raise kaitaistruct.ConsistencyError(u"column_metadata", self, self.column_metadata._parent)
                _io__raw_column_metadata = KaitaiStream(BytesIO(bytearray(self.len_metadata.value)))
                self._io.add_child_stream(_io__raw_column_metadata)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self.len_metadata.value))
                def handler(parent, _io__raw_column_metadata=_io__raw_column_metadata):
                    self._raw_column_metadata = _io__raw_column_metadata.to_byte_array()
                    if len(self._raw_column_metadata) != self.len_metadata.value:
                        raise kaitaistruct.ConsistencyError(u"raw(column_metadata)", self.len_metadata.value, len(self._raw_column_metadata))
                    parent.write_bytes(self._raw_column_metadata)
                _io__raw_column_metadata.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.column_metadata._write__seq(_io__raw_column_metadata)

            if self.has_column_metadata:
                pass
                if len(self.null_bits) != (self.num_columns.value + 7) // 8:
                    raise kaitaistruct.ConsistencyError(u"null_bits", (self.num_columns.value + 7) // 8, len(self.null_bits))
                self._io.write_bytes(self.null_bits)

            for i in range(len(self.optional_metadata)):
                pass
                if self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"optional_metadata", 0, self._io.size() - self._io.pos())
                self.optional_metadata[i]._write__seq(self._io)

            if not self._io.is_eof():
                raise kaitaistruct.ConsistencyError(u"optional_metadata", 0, self._io.size() - self._io.pos())


        def _check(self):
            if self.post_header_len != 6:
                pass

            if len((self.schema).encode(u"UTF-8")) > self.len_schema + 1:
                raise kaitaistruct.ConsistencyError(u"schema", self.len_schema + 1, len((self.schema).encode(u"UTF-8")))
            if KaitaiStream.byte_array_index_of((self.schema).encode(u"UTF-8"), 0) != -1:
                raise kaitaistruct.ConsistencyError(u"schema", -1, KaitaiStream.byte_array_index_of((self.schema).encode(u"UTF-8"), 0))
            if len((self.table).encode(u"UTF-8")) > self.len_table + 1:
                raise kaitaistruct.ConsistencyError(u"table", self.len_table + 1, len((self.table).encode(u"UTF-8")))
            if KaitaiStream.byte_array_index_of((self.table).encode(u"UTF-8"), 0) != -1:
                raise kaitaistruct.ConsistencyError(u"table", -1, KaitaiStream.byte_array_index_of((self.table).encode(u"UTF-8"), 0))
            if len(self.column_types) != self.num_columns.value:
                raise kaitaistruct.ConsistencyError(u"column_types", self.num_columns.value, len(self.column_types))
            for i in range(len(self.column_types)):
                pass

            for i in range(len(self.optional_metadata)):
                pass
                if self.optional_metadata[i]._root != self._root:
                    raise kaitaistruct.ConsistencyError(u"optional_metadata", self._root, self.optional_metadata[i]._root)
                if self.optional_metadata[i]._parent != self:
                    raise kaitaistruct.ConsistencyError(u"optional_metadata", self, self.optional_metadata[i]._parent)

            self._dirty = False

        @property
        def has_column_metadata(self):
            """False for the early 5.1 events that end after `column_types`
            (then `len_metadata`, `column_metadata` and `null_bits` are absent).
            """
            if hasattr(self, '_m_has_column_metadata'):
                return self._m_has_column_metadata

            self._m_has_column_metadata = self._io.size() > self.ofs_len_metadata
            return getattr(self, '_m_has_column_metadata', None)

        def _invalidate_has_column_metadata(self):
            del self._m_has_column_metadata
        @property
        def has_generated_invisible_pk(self):
            """TM_GENERATED_INVISIBLE_PK_F (MySQL 8.0.30+ generated a hidden primary key)."""
            if hasattr(self, '_m_has_generated_invisible_pk'):
                return self._m_has_generated_invisible_pk

            self._m_has_generated_invisible_pk = self.flags & 4 != 0
            return getattr(self, '_m_has_generated_invisible_pk', None)

        def _invalidate_has_generated_invisible_pk(self):
            del self._m_has_generated_invisible_pk
        @property
        def is_bit_len_exact(self):
            """TM_BIT_LEN_EXACT_F."""
            if hasattr(self, '_m_is_bit_len_exact'):
                return self._m_is_bit_len_exact

            self._m_is_bit_len_exact = self.flags & 1 != 0
            return getattr(self, '_m_is_bit_len_exact', None)

        def _invalidate_is_bit_len_exact(self):
            del self._m_is_bit_len_exact
        @property
        def is_referred_fk_db(self):
            """TM_REFERRED_FK_DB_F."""
            if hasattr(self, '_m_is_referred_fk_db'):
                return self._m_is_referred_fk_db

            self._m_is_referred_fk_db = self.flags & 2 != 0
            return getattr(self, '_m_is_referred_fk_db', None)

        def _invalidate_is_referred_fk_db(self):
            del self._m_is_referred_fk_db
        @property
        def ofs_len_metadata(self):
            """Offset of `len_metadata` in the body."""
            if hasattr(self, '_m_ofs_len_metadata'):
                return self._m_ofs_len_metadata

            self._m_ofs_len_metadata = (((((((((4 if self.post_header_len == 6 else 6) + 2) + 1) + self.len_schema) + 1) + 1) + self.len_table) + 1) + (1 if self.num_columns.first < 252 else (3 if self.num_columns.first == 252 else (4 if self.num_columns.first == 253 else 9)))) + self.num_columns.value
            return getattr(self, '_m_ofs_len_metadata', None)

        def _invalidate_ofs_len_metadata(self):
            del self._m_ofs_len_metadata
        @property
        def table_id(self):
            """The table id that the following rows events refer to."""
            if hasattr(self, '_m_table_id'):
                return self._m_table_id

            self._m_table_id = self.table_id_low + (0 if self.post_header_len == 6 else self.table_id_high * 4294967296)
            return getattr(self, '_m_table_id', None)

        def _invalidate_table_id(self):
            del self._m_table_id

    class TypedArrayMeta(ReadWriteKaitaiStruct):
        """Metadata of a TYPED_ARRAY column (multi-valued index support): the
        element type, then 0-3 bytes of the element type's own metadata,
        laid out as for a plain column of that type except that a VARCHAR
        element has a 3-byte maximum length.
        
        .. seealso::
           sql/rpl_utility.cc read_field_metadata (MYSQL_TYPE_TYPED_ARRAY)
        """
        def __init__(self, _io=None, _parent=None, _root=None):
            super(EventTableMap.TypedArrayMeta, self).__init__(_io)
            self._parent = _parent
            self._root = _root

        def _read(self):
            self.element_type = KaitaiStream.resolve_enum(EventTableMap.ColumnType, self._io.read_u1())
            self.element_meta = self._io.read_bytes(self.len_element_meta)
            self._dirty = False


        def _fetch_instances(self):
            pass


        def _write__seq(self, io=None):
            super(EventTableMap.TypedArrayMeta, self)._write__seq(io)
            self._io.write_u1(int(self.element_type))
            self._io.write_bytes(self.element_meta)


        def _check(self):
            if len(self.element_meta) != self.len_element_meta:
                raise kaitaistruct.ConsistencyError(u"element_meta", self.len_element_meta, len(self.element_meta))
            self._dirty = False

        @property
        def element_value(self):
            """The element's metadata as an integer (see `column_meta.value`; VARCHAR is 3-byte little-endian)."""
            if hasattr(self, '_m_element_value'):
                return self._m_element_value

            self._m_element_value = ((KaitaiStream.byte_array_index(self.element_meta, 0) + KaitaiStream.byte_array_index(self.element_meta, 1) * 256) + KaitaiStream.byte_array_index(self.element_meta, 2) * 65536 if self.len_element_meta == 3 else (KaitaiStream.byte_array_index(self.element_meta, 0) + KaitaiStream.byte_array_index(self.element_meta, 1) * 256 if self.element_type == EventTableMap.ColumnType.bit else (KaitaiStream.byte_array_index(self.element_meta, 0) * 256 + KaitaiStream.byte_array_index(self.element_meta, 1) if self.len_element_meta == 2 else (KaitaiStream.byte_array_index(self.element_meta, 0) if self.len_element_meta == 1 else 0))))
            return getattr(self, '_m_element_value', None)

        def _invalidate_element_value(self):
            del self._m_element_value
        @property
        def len_element_meta(self):
            if hasattr(self, '_m_len_element_meta'):
                return self._m_len_element_meta

            self._m_len_element_meta = (3 if self.element_type == EventTableMap.ColumnType.varchar else (2 if  ((self.element_type == EventTableMap.ColumnType.newdecimal) or (self.element_type == EventTableMap.ColumnType.bit) or (self.element_type == EventTableMap.ColumnType.string) or (self.element_type == EventTableMap.ColumnType.enum) or (self.element_type == EventTableMap.ColumnType.set))  else (1 if  ((self.element_type == EventTableMap.ColumnType.float) or (self.element_type == EventTableMap.ColumnType.double) or (self.element_type == EventTableMap.ColumnType.blob) or (self.element_type == EventTableMap.ColumnType.tiny_blob) or (self.element_type == EventTableMap.ColumnType.medium_blob) or (self.element_type == EventTableMap.ColumnType.long_blob) or (self.element_type == EventTableMap.ColumnType.geometry) or (self.element_type == EventTableMap.ColumnType.json) or (self.element_type == EventTableMap.ColumnType.timestamp2) or (self.element_type == EventTableMap.ColumnType.datetime2) or (self.element_type == EventTableMap.ColumnType.time2))  else 0)))
            return getattr(self, '_m_len_element_meta', None)

        def _invalidate_len_element_meta(self):
            del self._m_len_element_meta
        @property
        def len_meta(self):
            if hasattr(self, '_m_len_meta'):
                return self._m_len_meta

            self._m_len_meta = 1 + self.len_element_meta
            return getattr(self, '_m_len_meta', None)

        def _invalidate_len_meta(self):
            del self._m_len_meta


