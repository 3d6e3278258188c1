// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './PackedInt'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./PackedInt'));
  } else {
    factory(root.EventTableMap || (root.EventTableMap = {}), root.KaitaiStream, root.PackedInt || (root.PackedInt = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (EventTableMap_, KaitaiStream, PackedInt_) {
/**
 * TABLE_MAP_EVENT (type 19): written before the rows events of a
 * statement, it maps a table id to a schema and table name and describes
 * every column: its type, its type metadata (precision, length, pack
 * length, fractional seconds ...), whether it may be NULL and, since MySQL
 * 8.0.1 / MariaDB 10.5 (`binlog_row_metadata` = MINIMAL or FULL), optional
 * metadata such as signedness, character sets, column names, ENUM/SET
 * labels and the primary key.
 * 
 * The row images of the rows events that follow are decoded with this
 * description; the rows events only carry the table id.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html|Source}
 * @see libs/mysql/binlog/event/rows_event.h (Table_map_event, Optional_metadata_field_type)
 * @see libs/mysql/binlog/event/rows_event.cpp (Table_map_event ctor, Optional_metadata_fields ctor)
 * @see sql/rpl_utility.cc (table_def ctor, read_field_metadata)
 * @see MariaDB sql/log_event.cc (Table_map_log_event ctor)
 */

var EventTableMap = (function() {
  EventTableMap.ColumnType = Object.freeze({
    DECIMAL: 0,
    TINY: 1,
    SHORT: 2,
    LONG: 3,
    FLOAT: 4,
    DOUBLE: 5,
    NULL: 6,
    TIMESTAMP: 7,
    LONGLONG: 8,
    INT24: 9,
    DATE: 10,
    TIME: 11,
    DATETIME: 12,
    YEAR: 13,
    NEWDATE: 14,
    VARCHAR: 15,
    BIT: 16,
    TIMESTAMP2: 17,
    DATETIME2: 18,
    TIME2: 19,
    TYPED_ARRAY: 20,
    BLOB_COMPRESSED: 140,
    VARCHAR_COMPRESSED: 141,
    VECTOR: 242,
    INVALID: 243,
    BOOL: 244,
    JSON: 245,
    NEWDECIMAL: 246,
    ENUM: 247,
    SET: 248,
    TINY_BLOB: 249,
    MEDIUM_BLOB: 250,
    LONG_BLOB: 251,
    BLOB: 252,
    VAR_STRING: 253,
    STRING: 254,
    GEOMETRY: 255,

    0: "DECIMAL",
    1: "TINY",
    2: "SHORT",
    3: "LONG",
    4: "FLOAT",
    5: "DOUBLE",
    6: "NULL",
    7: "TIMESTAMP",
    8: "LONGLONG",
    9: "INT24",
    10: "DATE",
    11: "TIME",
    12: "DATETIME",
    13: "YEAR",
    14: "NEWDATE",
    15: "VARCHAR",
    16: "BIT",
    17: "TIMESTAMP2",
    18: "DATETIME2",
    19: "TIME2",
    20: "TYPED_ARRAY",
    140: "BLOB_COMPRESSED",
    141: "VARCHAR_COMPRESSED",
    242: "VECTOR",
    243: "INVALID",
    244: "BOOL",
    245: "JSON",
    246: "NEWDECIMAL",
    247: "ENUM",
    248: "SET",
    249: "TINY_BLOB",
    250: "MEDIUM_BLOB",
    251: "LONG_BLOB",
    252: "BLOB",
    253: "VAR_STRING",
    254: "STRING",
    255: "GEOMETRY",
  });

  EventTableMap.OptionalMetadataType = Object.freeze({
    SIGNEDNESS: 1,
    DEFAULT_CHARSET: 2,
    COLUMN_CHARSET: 3,
    COLUMN_NAME: 4,
    SET_STR_VALUE: 5,
    ENUM_STR_VALUE: 6,
    GEOMETRY_TYPE: 7,
    SIMPLE_PRIMARY_KEY: 8,
    PRIMARY_KEY_WITH_PREFIX: 9,
    ENUM_AND_SET_DEFAULT_CHARSET: 10,
    ENUM_AND_SET_COLUMN_CHARSET: 11,
    COLUMN_VISIBILITY: 12,
    VECTOR_DIMENSIONALITY: 13,

    1: "SIGNEDNESS",
    2: "DEFAULT_CHARSET",
    3: "COLUMN_CHARSET",
    4: "COLUMN_NAME",
    5: "SET_STR_VALUE",
    6: "ENUM_STR_VALUE",
    7: "GEOMETRY_TYPE",
    8: "SIMPLE_PRIMARY_KEY",
    9: "PRIMARY_KEY_WITH_PREFIX",
    10: "ENUM_AND_SET_DEFAULT_CHARSET",
    11: "ENUM_AND_SET_COLUMN_CHARSET",
    12: "COLUMN_VISIBILITY",
    13: "VECTOR_DIMENSIONALITY",
  });

  function EventTableMap(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this._debug = {};

  }
  EventTableMap.prototype._read = function() {
  }

  /**
   * One exception of a `default_charset` field.
   */

  var ColumnCollation = EventTableMap.ColumnCollation = (function() {
    function ColumnCollation(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    ColumnCollation.prototype._read = function() {
      this._debug.columnIndex = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.columnIndex = new PackedInt_.PackedInt(this._io, null, null);
      this.columnIndex._read();
      this._debug.columnIndex.end = this._io.pos;
      this._debug.collation = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.collation = new PackedInt_.PackedInt(this._io, null, null);
      this.collation._read();
      this._debug.collation.end = this._io.pos;
    }

    /**
     * Index among the counted (character resp. ENUM/SET) columns.
     */

    /**
     * Collation id of that column.
     */

    return ColumnCollation;
  })();

  /**
   * The type metadata of one column. Which fields are present depends on
   * `column_type`; `value` rebuilds the 16-bit integer that MySQL keeps in
   * `table_def::m_field_metadata` (and go-mysql in `ColumnMeta`), for row
   * decoders written against that form.
   * @see sql/rpl_utility.cc table_def::table_def, read_field_metadata
   * @see libs/mysql/binlog/event/rows_event.h (Table_map_event column type table)
   * @see go-mysql replication/row_event.go decodeMeta
   */

  var ColumnMeta = EventTableMap.ColumnMeta = (function() {
    function ColumnMeta(_io, _parent, _root, columnType) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.columnType = columnType;
      this._debug = {};

    }
    ColumnMeta.prototype._read = function() {
      if (this.hasPackLength) {
        this._debug.packLength = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.packLength = this._io.readU1();
        this._debug.packLength.end = this._io.pos;
      }
      if (this.hasLenLength) {
        this._debug.lenLength = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lenLength = this._io.readU1();
        this._debug.lenLength.end = this._io.pos;
      }
      if (this.hasFsp) {
        this._debug.fsp = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.fsp = this._io.readU1();
        this._debug.fsp.end = this._io.pos;
      }
      if (this.hasMaxLength) {
        this._debug.maxLength = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.maxLength = this._io.readU2le();
        this._debug.maxLength.end = this._io.pos;
      }
      if (this.isNewdecimal) {
        this._debug.precision = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.precision = this._io.readU1();
        this._debug.precision.end = this._io.pos;
      }
      if (this.isNewdecimal) {
        this._debug.scale = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.scale = this._io.readU1();
        this._debug.scale.end = this._io.pos;
      }
      if (this.isBit) {
        this._debug.bits = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.bits = this._io.readU1();
        this._debug.bits.end = this._io.pos;
      }
      if (this.isBit) {
        this._debug.bytes = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.bytes = this._io.readU1();
        this._debug.bytes.end = this._io.pos;
      }
      if (this.isString) {
        this._debug.typeByte = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.typeByte = this._io.readU1();
        this._debug.typeByte.end = this._io.pos;
      }
      if (this.isString) {
        this._debug.lengthByte = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lengthByte = this._io.readU1();
        this._debug.lengthByte.end = this._io.pos;
      }
      if (this.isTypedArray) {
        this._debug.typedArray = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.typedArray = new TypedArrayMeta(this._io, this, this._root);
        this.typedArray._read();
        this._debug.typedArray.end = this._io.pos;
      }
    }

    /**
     * TIMESTAMP2, DATETIME2, TIME2 (1 byte, `fsp`).
     */
    Object.defineProperty(ColumnMeta.prototype, 'hasFsp', {
      get: function() {
        if (this._m_hasFsp !== undefined)
          return this._m_hasFsp;
        this._debug._m_hasFsp = {  };
        this._m_hasFsp =  ((this.columnType == EventTableMap.ColumnType.TIMESTAMP2) || (this.columnType == EventTableMap.ColumnType.DATETIME2) || (this.columnType == EventTableMap.ColumnType.TIME2)) ;
        return this._m_hasFsp;
      }
    });

    /**
     * BLOB/TEXT, GEOMETRY, JSON, VECTOR, MariaDB BLOB COMPRESSED (1 byte, `len_length`).
     */
    Object.defineProperty(ColumnMeta.prototype, 'hasLenLength', {
      get: function() {
        if (this._m_hasLenLength !== undefined)
          return this._m_hasLenLength;
        this._debug._m_hasLenLength = {  };
        this._m_hasLenLength =  ((this.columnType == EventTableMap.ColumnType.BLOB) || (this.columnType == EventTableMap.ColumnType.TINY_BLOB) || (this.columnType == EventTableMap.ColumnType.MEDIUM_BLOB) || (this.columnType == EventTableMap.ColumnType.LONG_BLOB) || (this.columnType == EventTableMap.ColumnType.GEOMETRY) || (this.columnType == EventTableMap.ColumnType.JSON) || (this.columnType == EventTableMap.ColumnType.VECTOR) || (this.columnType == EventTableMap.ColumnType.BLOB_COMPRESSED)) ;
        return this._m_hasLenLength;
      }
    });

    /**
     * VARCHAR and MariaDB VARCHAR COMPRESSED (2 bytes, `max_length`).
     */
    Object.defineProperty(ColumnMeta.prototype, 'hasMaxLength', {
      get: function() {
        if (this._m_hasMaxLength !== undefined)
          return this._m_hasMaxLength;
        this._debug._m_hasMaxLength = {  };
        this._m_hasMaxLength =  ((this.columnType == EventTableMap.ColumnType.VARCHAR) || (this.columnType == EventTableMap.ColumnType.VARCHAR_COMPRESSED)) ;
        return this._m_hasMaxLength;
      }
    });

    /**
     * FLOAT, DOUBLE (1 byte, `pack_length`).
     */
    Object.defineProperty(ColumnMeta.prototype, 'hasPackLength', {
      get: function() {
        if (this._m_hasPackLength !== undefined)
          return this._m_hasPackLength;
        this._debug._m_hasPackLength = {  };
        this._m_hasPackLength =  ((this.columnType == EventTableMap.ColumnType.FLOAT) || (this.columnType == EventTableMap.ColumnType.DOUBLE)) ;
        return this._m_hasPackLength;
      }
    });

    /**
     * BIT (2 bytes, `bits`, `bytes`).
     */
    Object.defineProperty(ColumnMeta.prototype, 'isBit', {
      get: function() {
        if (this._m_isBit !== undefined)
          return this._m_isBit;
        this._debug._m_isBit = {  };
        this._m_isBit = this.columnType == EventTableMap.ColumnType.BIT;
        return this._m_isBit;
      }
    });

    /**
     * NEWDECIMAL (2 bytes, `precision`, `scale`).
     */
    Object.defineProperty(ColumnMeta.prototype, 'isNewdecimal', {
      get: function() {
        if (this._m_isNewdecimal !== undefined)
          return this._m_isNewdecimal;
        this._debug._m_isNewdecimal = {  };
        this._m_isNewdecimal = this.columnType == EventTableMap.ColumnType.NEWDECIMAL;
        return this._m_isNewdecimal;
      }
    });

    /**
     * True when `type_byte` carries the high bits of a CHAR length (> 255 bytes).
     */
    Object.defineProperty(ColumnMeta.prototype, 'isPackedStringLength', {
      get: function() {
        if (this._m_isPackedStringLength !== undefined)
          return this._m_isPackedStringLength;
        this._debug._m_isPackedStringLength = {  };
        this._m_isPackedStringLength =  ((this.isString) && ((this.typeByte & 48) != 48)) ;
        return this._m_isPackedStringLength;
      }
    });

    /**
     * STRING columns (CHAR/BINARY, ENUM and SET, see `real_type`), and
     * VAR_STRING, the type a pre-5.0 VARCHAR table reports: its field is
     * a Field_string, whose metadata (type byte, length byte) is written
     * the same way (MySQL's table_def reads no metadata for it, go-mysql
     * reads 2 bytes as a little-endian length; the writer decides).
     * @see sql/field.cc Field_string::do_save_field_metadata, Field_string::type
     */
    Object.defineProperty(ColumnMeta.prototype, 'isString', {
      get: function() {
        if (this._m_isString !== undefined)
          return this._m_isString;
        this._debug._m_isString = {  };
        this._m_isString =  ((this.columnType == EventTableMap.ColumnType.STRING) || (this.columnType == EventTableMap.ColumnType.ENUM) || (this.columnType == EventTableMap.ColumnType.SET) || (this.columnType == EventTableMap.ColumnType.VAR_STRING)) ;
        return this._m_isString;
      }
    });

    /**
     * TYPED_ARRAY (1-4 bytes, `typed_array`).
     */
    Object.defineProperty(ColumnMeta.prototype, 'isTypedArray', {
      get: function() {
        if (this._m_isTypedArray !== undefined)
          return this._m_isTypedArray;
        this._debug._m_isTypedArray = {  };
        this._m_isTypedArray = this.columnType == EventTableMap.ColumnType.TYPED_ARRAY;
        return this._m_isTypedArray;
      }
    });

    /**
     * Number of metadata bytes this column used.
     */
    Object.defineProperty(ColumnMeta.prototype, 'lenMeta', {
      get: function() {
        if (this._m_lenMeta !== undefined)
          return this._m_lenMeta;
        this._debug._m_lenMeta = {  };
        this._m_lenMeta = ( ((this.hasPackLength) || (this.hasLenLength) || (this.hasFsp))  ? 1 : ( ((this.hasMaxLength) || (this.isNewdecimal) || (this.isBit) || (this.isString))  ? 2 : (this.isTypedArray ? this.typedArray.lenMeta : 0)));
        return this._m_lenMeta;
      }
    });

    /**
     * For CHAR/BINARY (`real_type` = string): the maximum length in
     * bytes; the value's length prefix is 1 byte when this is below 256,
     * 2 bytes otherwise. For ENUM/SET: the size of the stored value
     * (see `pack_length_enum_set`).
     */
    Object.defineProperty(ColumnMeta.prototype, 'maxStringLength', {
      get: function() {
        if (this._m_maxStringLength !== undefined)
          return this._m_maxStringLength;
        this._debug._m_maxStringLength = {  };
        this._m_maxStringLength = (!(this.isString) ? 0 : (this.isPackedStringLength ? this.lengthByte | (this.typeByte & 48 ^ 48) * 16 : this.lengthByte));
        return this._m_maxStringLength;
      }
    });

    /**
     * For ENUM (1 or 2) and SET (1-8): the size in bytes of the
     * little-endian index / bitmap in a row image.
     */
    Object.defineProperty(ColumnMeta.prototype, 'packLengthEnumSet', {
      get: function() {
        if (this._m_packLengthEnumSet !== undefined)
          return this._m_packLengthEnumSet;
        this._debug._m_packLengthEnumSet = {  };
        this._m_packLengthEnumSet = (this.isString ? this.lengthByte : 0);
        return this._m_packLengthEnumSet;
      }
    });

    /**
     * For STRING columns the type that was declared: `string` (CHAR,
     * BINARY), `enum` or `set`. For every other column the column type
     * itself (for typed arrays see `typed_array.element_type`).
     * @see sql/log_event.cc log_event_print_value (MYSQL_TYPE_STRING case)
     */
    Object.defineProperty(ColumnMeta.prototype, 'realType', {
      get: function() {
        if (this._m_realType !== undefined)
          return this._m_realType;
        this._debug._m_realType = { enumName: "EventTableMap.ColumnType" };
        this._m_realType = (!(this.isString) ? this.columnType : (this.isPackedStringLength ? this.typeByte | 48 : this.typeByte));
        return this._m_realType;
      }
    });

    /**
     * The metadata as the integer of `table_def::m_field_metadata`
     * (STRING/ENUM/SET and NEWDECIMAL: first byte high; BIT and VARCHAR:
     * little-endian; typed arrays: the element's metadata).
     */
    Object.defineProperty(ColumnMeta.prototype, 'value', {
      get: function() {
        if (this._m_value !== undefined)
          return this._m_value;
        this._debug._m_value = {  };
        this._m_value = (this.hasPackLength ? this.packLength : (this.hasLenLength ? this.lenLength : (this.hasFsp ? this.fsp : (this.hasMaxLength ? this.maxLength : (this.isNewdecimal ? this.precision * 256 + this.scale : (this.isBit ? this.bits + this.bytes * 256 : (this.isString ? this.typeByte * 256 + this.lengthByte : (this.isTypedArray ? this.typedArray.elementValue : 0))))))));
        return this._m_value;
      }
    });

    /**
     * sizeof(float) = 4 or sizeof(double) = 8 on the source server.
     */

    /**
     * Size in bytes (1-4) of the little-endian length that precedes each
     * value in a row image (TINYBLOB/TINYTEXT 1, BLOB/TEXT 2,
     * MEDIUM* 3, LONG* 4; JSON, GEOMETRY and VECTOR 4).
     */

    /**
     * Fractional seconds precision, 0-6.
     */

    /**
     * Maximum length in bytes; the value's length prefix in a row image
     * is 1 byte when this is below 256, 2 bytes otherwise.
     */

    /**
     * DECIMAL precision (total digits).
     */

    /**
     * DECIMAL scale (digits after the point).
     */

    /**
     * Length of the BIT column in bits, modulo 8.
     */

    /**
     * Whole bytes of the BIT column; a value takes `bytes` + (`bits` > 0 ? 1 : 0) bytes.
     */

    /**
     * First metadata byte of a CHAR/ENUM/SET (or VAR_STRING) column: the
     * real type, with bits 4-5 holding bits 8-9 of the length (inverted)
     * for CHAR columns longer than 255 bytes (see `real_type`).
     */

    /**
     * Low 8 bits of the length (see `max_string_length`, `pack_length_enum_set`).
     */

    /**
     * Element type and metadata of a TYPED_ARRAY column.
     */

    return ColumnMeta;
  })();

  /**
   * The metadata block: the metadata of each column in turn, each 0, 1,
   * 2 or (typed arrays) up to 4 bytes long depending on the column type.
   * @see sql/rpl_utility.cc table_def::table_def, read_field_metadata
   */

  var ColumnMetadataBlock = EventTableMap.ColumnMetadataBlock = (function() {
    function ColumnMetadataBlock(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    ColumnMetadataBlock.prototype._read = function() {
      this._debug.columns = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.columns.arr = [];
      this.columns = [];
      for (var i = 0; i < this._parent.numColumns.value; i++) {
        this._debug.columns.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_columns = new ColumnMeta(this._io, this, this._root, this._parent.columnTypes[i]);
        try {
          _t_columns._read();
        } finally {
          this.columns.push(_t_columns);
        }
        this._debug.columns.arr[i].end = this._io.pos;
      }
      this._debug.columns.end = this._io.pos;
    }

    /**
     * Metadata of column i, in the order of `table_map_event.column_types`.
     */

    return ColumnMetadataBlock;
  })();

  /**
   * One column name (packed length, then the bytes; the doc says 1 byte, the code packs it).
   */

  var ColumnName = EventTableMap.ColumnName = (function() {
    function ColumnName(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    ColumnName.prototype._read = function() {
      this._debug.lenName = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenName = new PackedInt_.PackedInt(this._io, null, null);
      this.lenName._read();
      this._debug.lenName.end = this._io.pos;
      this._debug.name = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.name = KaitaiStream.bytesToStr(this._io.readBytes(this.lenName.value), "UTF-8");
      this._debug.name.end = this._io.pos;
    }

    /**
     * Column name (utf8, no terminator).
     */

    return ColumnName;
  })();

  /**
   * COLUMN_NAME (binlog_row_metadata = FULL): the name of every column.
   * @see libs/mysql/binlog/event/rows_event.cpp parse_column_name
   */

  var ColumnNames = EventTableMap.ColumnNames = (function() {
    function ColumnNames(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    ColumnNames.prototype._read = function() {
      this._debug.names = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.names.arr = [];
      this.names = [];
      var i = 0;
      while (!this._io.isEof()) {
        this._debug.names.arr[this.names.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_names = new ColumnName(this._io, this, this._root);
        try {
          _t_names._read();
        } finally {
          this.names.push(_t_names);
        }
        this._debug.names.arr[this.names.length - 1].end = this._io.pos;
        i++;
      }
      this._debug.names.end = this._io.pos;
    }

    return ColumnNames;
  })();

  /**
   * DEFAULT_CHARSET / ENUM_AND_SET_DEFAULT_CHARSET: the most used
   * collation, then the exceptions as (column index, collation) pairs.
   * The index counts character columns only (resp. ENUM/SET columns).
   * @see libs/mysql/binlog/event/rows_event.cpp parse_default_charset
   */

  var DefaultCharset = EventTableMap.DefaultCharset = (function() {
    function DefaultCharset(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    DefaultCharset.prototype._read = function() {
      this._debug.defaultCollation = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.defaultCollation = new PackedInt_.PackedInt(this._io, null, null);
      this.defaultCollation._read();
      this._debug.defaultCollation.end = this._io.pos;
      this._debug.exceptions = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.exceptions.arr = [];
      this.exceptions = [];
      var i = 0;
      while (!this._io.isEof()) {
        this._debug.exceptions.arr[this.exceptions.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_exceptions = new ColumnCollation(this._io, this, this._root);
        try {
          _t_exceptions._read();
        } finally {
          this.exceptions.push(_t_exceptions);
        }
        this._debug.exceptions.arr[this.exceptions.length - 1].end = this._io.pos;
        i++;
      }
      this._debug.exceptions.end = this._io.pos;
    }

    /**
     * Collation id of every counted column not listed in `exceptions`.
     */

    return DefaultCharset;
  })();

  /**
   * One optional metadata field (type, length, value). Unknown types keep
   * their value as raw bytes.
   * @see libs/mysql/binlog/event/rows_event.h Table_map_event::Optional_metadata_field_type
   * @see libs/mysql/binlog/event/rows_event.cpp Optional_metadata_fields ctor, parse_*()
   */

  var OptionalMetadataField = EventTableMap.OptionalMetadataField = (function() {
    function OptionalMetadataField(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    OptionalMetadataField.prototype._read = function() {
      this._debug.type = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventTableMap.OptionalMetadataType" };
      this.type = this._io.readU1();
      this._debug.type.end = this._io.pos;
      this._debug.length = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.length = new PackedInt_.PackedInt(this._io, null, null);
      this.length._read();
      this._debug.length.end = this._io.pos;
      this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
      switch (this.type) {
      case EventTableMap.OptionalMetadataType.COLUMN_CHARSET:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.COLUMN_NAME:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new ColumnNames(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.DEFAULT_CHARSET:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new DefaultCharset(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.ENUM_AND_SET_COLUMN_CHARSET:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.ENUM_AND_SET_DEFAULT_CHARSET:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new DefaultCharset(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.ENUM_STR_VALUE:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new StrValueLists(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.GEOMETRY_TYPE:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.PRIMARY_KEY_WITH_PREFIX:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PrimaryKeyWithPrefix(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.SET_STR_VALUE:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new StrValueLists(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.SIMPLE_PRIMARY_KEY:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        this.value._read();
        break;
      case EventTableMap.OptionalMetadataType.VECTOR_DIMENSIONALITY:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        this.value._read();
        break;
      default:
        this.value = this._io.readBytes(this.length.value);
        break;
      }
      this._debug.value.end = this._io.pos;
    }

    /**
     * By `type`:
     * 
     * * signedness, column_visibility: raw bitmap bytes, most significant
     *   bit first (bit 7 of byte 0 is the first column counted): one bit
     *   per numeric column (1 = UNSIGNED) resp. per column (1 = visible);
     * * default_charset, enum_and_set_default_charset: `default_charset`;
     * * column_charset, enum_and_set_column_charset: `packed_int_list` of
     *   collation ids, one per character resp. ENUM/SET column;
     * * column_name: `column_names`;
     * * set_str_value, enum_str_value: `str_value_lists`;
     * * geometry_type: `packed_int_list`, one geometry type per GEOMETRY column;
     * * simple_primary_key: `packed_int_list` of column indexes;
     * * primary_key_with_prefix: `primary_key_with_prefix`;
     * * vector_dimensionality: `packed_int_list`, dimensions per VECTOR column;
     * * anything else: raw bytes.
     */

    return OptionalMetadataField;
  })();

  /**
   * Packed integers up to the end of the field.
   */

  var PackedIntList = EventTableMap.PackedIntList = (function() {
    function PackedIntList(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    PackedIntList.prototype._read = function() {
      this._debug.items = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.items.arr = [];
      this.items = [];
      var i = 0;
      while (!this._io.isEof()) {
        this._debug.items.arr[this.items.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_items = new PackedInt_.PackedInt(this._io, null, null);
        try {
          _t_items._read();
        } finally {
          this.items.push(_t_items);
        }
        this._debug.items.arr[this.items.length - 1].end = this._io.pos;
        i++;
      }
      this._debug.items.end = this._io.pos;
    }

    return PackedIntList;
  })();

  /**
   * One column of a PRIMARY_KEY_WITH_PREFIX field.
   */

  var PrimaryKeyPart = EventTableMap.PrimaryKeyPart = (function() {
    function PrimaryKeyPart(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    PrimaryKeyPart.prototype._read = function() {
      this._debug.columnIndex = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.columnIndex = new PackedInt_.PackedInt(this._io, null, null);
      this.columnIndex._read();
      this._debug.columnIndex.end = this._io.pos;
      this._debug.prefixLength = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.prefixLength = new PackedInt_.PackedInt(this._io, null, null);
      this.prefixLength._read();
      this._debug.prefixLength.end = this._io.pos;
    }

    /**
     * Prefix length in characters; 0 means the whole column.
     */

    return PrimaryKeyPart;
  })();

  /**
   * PRIMARY_KEY_WITH_PREFIX: the primary key columns with their prefix lengths.
   * @see libs/mysql/binlog/event/rows_event.cpp parse_pk_with_prefix
   */

  var PrimaryKeyWithPrefix = EventTableMap.PrimaryKeyWithPrefix = (function() {
    function PrimaryKeyWithPrefix(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    PrimaryKeyWithPrefix.prototype._read = function() {
      this._debug.parts = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.parts.arr = [];
      this.parts = [];
      var i = 0;
      while (!this._io.isEof()) {
        this._debug.parts.arr[this.parts.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_parts = new PrimaryKeyPart(this._io, this, this._root);
        try {
          _t_parts._read();
        } finally {
          this.parts.push(_t_parts);
        }
        this._debug.parts.arr[this.parts.length - 1].end = this._io.pos;
        i++;
      }
      this._debug.parts.end = this._io.pos;
    }

    return PrimaryKeyWithPrefix;
  })();

  /**
   * One ENUM or SET label (packed length, then the bytes).
   */

  var StrValue = EventTableMap.StrValue = (function() {
    function StrValue(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    StrValue.prototype._read = function() {
      this._debug.lenValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenValue = new PackedInt_.PackedInt(this._io, null, null);
      this.lenValue._read();
      this._debug.lenValue.end = this._io.pos;
      this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.value = this._io.readBytes(this.lenValue.value);
      this._debug.value.end = this._io.pos;
    }

    /**
     * The label, in the column's character set (see
     * ENUM_AND_SET_DEFAULT_CHARSET / ENUM_AND_SET_COLUMN_CHARSET), so kept
     * as bytes.
     */

    return StrValue;
  })();

  /**
   * The labels of one ENUM or SET column.
   */

  var StrValueList = EventTableMap.StrValueList = (function() {
    function StrValueList(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    StrValueList.prototype._read = function() {
      this._debug.numValues = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numValues = new PackedInt_.PackedInt(this._io, null, null);
      this.numValues._read();
      this._debug.numValues.end = this._io.pos;
      this._debug.values = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.values.arr = [];
      this.values = [];
      for (var i = 0; i < this.numValues.value; i++) {
        this._debug.values.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_values = new StrValue(this._io, this, this._root);
        try {
          _t_values._read();
        } finally {
          this.values.push(_t_values);
        }
        this._debug.values.arr[i].end = this._io.pos;
      }
      this._debug.values.end = this._io.pos;
    }

    /**
     * Labels in definition order (ENUM index 1 is `values[0]`, SET bit 0 is `values[0]`).
     */

    return StrValueList;
  })();

  /**
   * SET_STR_VALUE / ENUM_STR_VALUE (binlog_row_metadata = FULL): the
   * labels of each SET (resp. ENUM) column, in column order.
   * @see libs/mysql/binlog/event/rows_event.cpp parse_set_str_value
   */

  var StrValueLists = EventTableMap.StrValueLists = (function() {
    function StrValueLists(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    StrValueLists.prototype._read = function() {
      this._debug.columns = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.columns.arr = [];
      this.columns = [];
      var i = 0;
      while (!this._io.isEof()) {
        this._debug.columns.arr[this.columns.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_columns = new StrValueList(this._io, this, this._root);
        try {
          _t_columns._read();
        } finally {
          this.columns.push(_t_columns);
        }
        this._debug.columns.arr[this.columns.length - 1].end = this._io.pos;
        i++;
      }
      this._debug.columns.end = this._io.pos;
    }

    return StrValueLists;
  })();

  /**
   * Body of a TABLE_MAP_EVENT. Servers before the column metadata was
   * added in 5.1 (seen on 5.1.15, 5.1.17 and a 5.2.2 development tree;
   * 5.1.23 has it) end the event after `column_types`: no column
   * metadata and no NULL bitmap, so `len_metadata`, `column_metadata`
   * and `null_bits` are absent (`has_column_metadata` is false), as in
   * MySQL's reader, which checks whether bytes remain.
   * @see libs/mysql/binlog/event/rows_event.cpp Table_map_event::Table_map_event
   */

  var TableMapEvent = EventTableMap.TableMapEvent = (function() {
    function TableMapEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    TableMapEvent.prototype._read = function() {
      this._debug.tableIdLow = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.tableIdLow = this._io.readU4le();
      this._debug.tableIdLow.end = this._io.pos;
      if (this.postHeaderLen != 6) {
        this._debug.tableIdHigh = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.tableIdHigh = this._io.readU2le();
        this._debug.tableIdHigh.end = this._io.pos;
      }
      this._debug.flags = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.flags = this._io.readU2le();
      this._debug.flags.end = this._io.pos;
      this._debug.lenSchema = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenSchema = this._io.readU1();
      this._debug.lenSchema.end = this._io.pos;
      this._debug.schema = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.schema = KaitaiStream.bytesToStr(KaitaiStream.bytesTerminate(this._io.readBytes(this.lenSchema + 1), 0, false), "UTF-8");
      this._debug.schema.end = this._io.pos;
      this._debug.lenTable = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenTable = this._io.readU1();
      this._debug.lenTable.end = this._io.pos;
      this._debug.table = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.table = KaitaiStream.bytesToStr(KaitaiStream.bytesTerminate(this._io.readBytes(this.lenTable + 1), 0, false), "UTF-8");
      this._debug.table.end = this._io.pos;
      this._debug.numColumns = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numColumns = new PackedInt_.PackedInt(this._io, null, null);
      this.numColumns._read();
      this._debug.numColumns.end = this._io.pos;
      this._debug.columnTypes = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventTableMap.ColumnType" };
      this._debug.columnTypes.arr = [];
      this.columnTypes = [];
      for (var i = 0; i < this.numColumns.value; i++) {
        this._debug.columnTypes.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventTableMap.ColumnType" };
        this.columnTypes.push(this._io.readU1());
        this._debug.columnTypes.arr[i].end = this._io.pos;
      }
      this._debug.columnTypes.end = this._io.pos;
      if (this.hasColumnMetadata) {
        this._debug.lenMetadata = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lenMetadata = new PackedInt_.PackedInt(this._io, null, null);
        this.lenMetadata._read();
        this._debug.lenMetadata.end = this._io.pos;
      }
      if (this.hasColumnMetadata) {
        this._debug.columnMetadata = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._raw_columnMetadata = this._io.readBytes(this.lenMetadata.value);
        var _io__raw_columnMetadata = new KaitaiStream(this._raw_columnMetadata);
        this.columnMetadata = new ColumnMetadataBlock(_io__raw_columnMetadata, this, this._root);
        this.columnMetadata._read();
        this._debug.columnMetadata.end = this._io.pos;
      }
      if (this.hasColumnMetadata) {
        this._debug.nullBits = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.nullBits = this._io.readBytes(Math.floor((this.numColumns.value + 7) / 8));
        this._debug.nullBits.end = this._io.pos;
      }
      this._debug.optionalMetadata = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.optionalMetadata.arr = [];
      this.optionalMetadata = [];
      var i = 0;
      while (!this._io.isEof()) {
        this._debug.optionalMetadata.arr[this.optionalMetadata.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_optionalMetadata = new OptionalMetadataField(this._io, this, this._root);
        try {
          _t_optionalMetadata._read();
        } finally {
          this.optionalMetadata.push(_t_optionalMetadata);
        }
        this._debug.optionalMetadata.arr[this.optionalMetadata.length - 1].end = this._io.pos;
        i++;
      }
      this._debug.optionalMetadata.end = this._io.pos;
    }

    /**
     * False for the early 5.1 events that end after `column_types`
     * (then `len_metadata`, `column_metadata` and `null_bits` are absent).
     */
    Object.defineProperty(TableMapEvent.prototype, 'hasColumnMetadata', {
      get: function() {
        if (this._m_hasColumnMetadata !== undefined)
          return this._m_hasColumnMetadata;
        this._debug._m_hasColumnMetadata = {  };
        this._m_hasColumnMetadata = this._io.size > this.ofsLenMetadata;
        return this._m_hasColumnMetadata;
      }
    });

    /**
     * TM_GENERATED_INVISIBLE_PK_F (MySQL 8.0.30+ generated a hidden primary key).
     */
    Object.defineProperty(TableMapEvent.prototype, 'hasGeneratedInvisiblePk', {
      get: function() {
        if (this._m_hasGeneratedInvisiblePk !== undefined)
          return this._m_hasGeneratedInvisiblePk;
        this._debug._m_hasGeneratedInvisiblePk = {  };
        this._m_hasGeneratedInvisiblePk = (this.flags & 4) != 0;
        return this._m_hasGeneratedInvisiblePk;
      }
    });

    /**
     * TM_BIT_LEN_EXACT_F.
     */
    Object.defineProperty(TableMapEvent.prototype, 'isBitLenExact', {
      get: function() {
        if (this._m_isBitLenExact !== undefined)
          return this._m_isBitLenExact;
        this._debug._m_isBitLenExact = {  };
        this._m_isBitLenExact = (this.flags & 1) != 0;
        return this._m_isBitLenExact;
      }
    });

    /**
     * TM_REFERRED_FK_DB_F.
     */
    Object.defineProperty(TableMapEvent.prototype, 'isReferredFkDb', {
      get: function() {
        if (this._m_isReferredFkDb !== undefined)
          return this._m_isReferredFkDb;
        this._debug._m_isReferredFkDb = {  };
        this._m_isReferredFkDb = (this.flags & 2) != 0;
        return this._m_isReferredFkDb;
      }
    });

    /**
     * Offset of `len_metadata` in the body.
     */
    Object.defineProperty(TableMapEvent.prototype, 'ofsLenMetadata', {
      get: function() {
        if (this._m_ofsLenMetadata !== undefined)
          return this._m_ofsLenMetadata;
        this._debug._m_ofsLenMetadata = {  };
        this._m_ofsLenMetadata = (((((((((this.postHeaderLen == 6 ? 4 : 6) + 2) + 1) + this.lenSchema) + 1) + 1) + this.lenTable) + 1) + (this.numColumns.first < 252 ? 1 : (this.numColumns.first == 252 ? 3 : (this.numColumns.first == 253 ? 4 : 9)))) + this.numColumns.value;
        return this._m_ofsLenMetadata;
      }
    });

    /**
     * The table id that the following rows events refer to.
     */
    Object.defineProperty(TableMapEvent.prototype, 'tableId', {
      get: function() {
        if (this._m_tableId !== undefined)
          return this._m_tableId;
        this._debug._m_tableId = {  };
        this._m_tableId = this.tableIdLow + (this.postHeaderLen == 6 ? 0 : this.tableIdHigh * 4294967296);
        return this._m_tableId;
      }
    });

    /**
     * Low 32 bits of the table id (the whole id when `post_header_len` is 6).
     */

    /**
     * High 16 bits of the 6-byte table id.
     */

    /**
     * TM_*_F flags, see the `is_*` instances.
     */

    /**
     * Length of the schema name. MySQL 8 reads it as a packed integer;
     * names are at most 192 bytes (NAME_LEN), so the one byte is the same.
     */

    /**
     * Schema (database) name, stored in utf8 (utf8mb3) and followed by a NUL.
     */

    /**
     * Length of the table name (see `len_schema`).
     */

    /**
     * Table name, stored in utf8 (utf8mb3) and followed by a NUL.
     */

    /**
     * Number of columns of the table.
     */

    /**
     * Binlog type of each column, left to right (`Field::binlog_type()`;
     * CHAR/ENUM/SET are all `string`, see `column_meta.real_type`).
     */

    /**
     * Size of `column_metadata` in bytes.
     */

    /**
     * The per-column type metadata.
     */

    /**
     * One bit per column, set when the column may be NULL: column i is
     * bit (i & 7) of byte (i >> 3) (least significant bit first).
     */

    /**
     * Optional metadata fields (MySQL 8.0.1+, MariaDB 10.5+), in no
     * defined order; none when `binlog_row_metadata` is NO_LOG.
     */

    /**
     * TABLE_MAP post-header length from the format description: 8, or 6
     * for the intermediate 5.1 trees (before 5.1.4; also a 5.2.2
     * development tree) that wrote a 4-byte table id.
     */

    return TableMapEvent;
  })();

  /**
   * Metadata of a TYPED_ARRAY column (multi-valued index support): the
   * element type, then 0-3 bytes of the element type's own metadata,
   * laid out as for a plain column of that type except that a VARCHAR
   * element has a 3-byte maximum length.
   * @see sql/rpl_utility.cc read_field_metadata (MYSQL_TYPE_TYPED_ARRAY)
   */

  var TypedArrayMeta = EventTableMap.TypedArrayMeta = (function() {
    function TypedArrayMeta(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    TypedArrayMeta.prototype._read = function() {
      this._debug.elementType = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventTableMap.ColumnType" };
      this.elementType = this._io.readU1();
      this._debug.elementType.end = this._io.pos;
      this._debug.elementMeta = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.elementMeta = this._io.readBytes(this.lenElementMeta);
      this._debug.elementMeta.end = this._io.pos;
    }

    /**
     * The element's metadata as an integer (see `column_meta.value`; VARCHAR is 3-byte little-endian).
     */
    Object.defineProperty(TypedArrayMeta.prototype, 'elementValue', {
      get: function() {
        if (this._m_elementValue !== undefined)
          return this._m_elementValue;
        this._debug._m_elementValue = {  };
        this._m_elementValue = (this.lenElementMeta == 3 ? (this.elementMeta[0] + this.elementMeta[1] * 256) + this.elementMeta[2] * 65536 : (this.elementType == EventTableMap.ColumnType.BIT ? this.elementMeta[0] + this.elementMeta[1] * 256 : (this.lenElementMeta == 2 ? this.elementMeta[0] * 256 + this.elementMeta[1] : (this.lenElementMeta == 1 ? this.elementMeta[0] : 0))));
        return this._m_elementValue;
      }
    });
    Object.defineProperty(TypedArrayMeta.prototype, 'lenElementMeta', {
      get: function() {
        if (this._m_lenElementMeta !== undefined)
          return this._m_lenElementMeta;
        this._debug._m_lenElementMeta = {  };
        this._m_lenElementMeta = (this.elementType == EventTableMap.ColumnType.VARCHAR ? 3 : ( ((this.elementType == EventTableMap.ColumnType.NEWDECIMAL) || (this.elementType == EventTableMap.ColumnType.BIT) || (this.elementType == EventTableMap.ColumnType.STRING) || (this.elementType == EventTableMap.ColumnType.ENUM) || (this.elementType == EventTableMap.ColumnType.SET))  ? 2 : ( ((this.elementType == EventTableMap.ColumnType.FLOAT) || (this.elementType == EventTableMap.ColumnType.DOUBLE) || (this.elementType == EventTableMap.ColumnType.BLOB) || (this.elementType == EventTableMap.ColumnType.TINY_BLOB) || (this.elementType == EventTableMap.ColumnType.MEDIUM_BLOB) || (this.elementType == EventTableMap.ColumnType.LONG_BLOB) || (this.elementType == EventTableMap.ColumnType.GEOMETRY) || (this.elementType == EventTableMap.ColumnType.JSON) || (this.elementType == EventTableMap.ColumnType.TIMESTAMP2) || (this.elementType == EventTableMap.ColumnType.DATETIME2) || (this.elementType == EventTableMap.ColumnType.TIME2))  ? 1 : 0)));
        return this._m_lenElementMeta;
      }
    });
    Object.defineProperty(TypedArrayMeta.prototype, 'lenMeta', {
      get: function() {
        if (this._m_lenMeta !== undefined)
          return this._m_lenMeta;
        this._debug._m_lenMeta = {  };
        this._m_lenMeta = 1 + this.lenElementMeta;
        return this._m_lenMeta;
      }
    });

    /**
     * The element's metadata bytes (see `element_value`).
     */

    return TypedArrayMeta;
  })();

  return EventTableMap;
})();
EventTableMap_.EventTableMap = EventTableMap;
});
