// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './PackedInt', './EventMariadb'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./PackedInt'), require('./EventMariadb'));
  } else {
    factory(root.EventRows || (root.EventRows = {}), root.KaitaiStream, root.PackedInt || (root.PackedInt = {}), root.EventMariadb || (root.EventMariadb = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (EventRows_, KaitaiStream, PackedInt_, EventMariadb_) {
/**
 * The rows events of row-based replication: the pre-GA events of MySQL
 * 5.1.0-5.1.17 (types 20-22), the v1 events of 5.1.18+ (23-25), the v2
 * events of 5.6+ (30-32), MySQL's PARTIAL_UPDATE_ROWS (39) and MariaDB's
 * zlib-compressed rows events (166-171).
 * 
 * This spec reads everything up to the row images: table id, flags, the
 * v2 extra row info, the column count and the column bitmaps. The row
 * images themselves (`rows`) depend on the TABLE_MAP of `table_id` and are
 * decoded by the runtime.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Rows__event.html|Source}
 * @see libs/mysql/binlog/event/rows_event.h (Rows_event, enum_flag, Extra_row_info)
 * @see libs/mysql/binlog/event/rows_event.cpp (Rows_event ctor)
 * @see MariaDB sql/log_event.cc (Rows_log_event ctor, row_log_event_uncompress)
 */

var EventRows = (function() {
  EventRows.ExtraRowInfoType = Object.freeze({
    NDB: 0,
    PART: 1,

    0: "NDB",
    1: "PART",
  });

  EventRows.RowsEventType = Object.freeze({
    PRE_GA_WRITE_ROWS_EVENT: 20,
    PRE_GA_UPDATE_ROWS_EVENT: 21,
    PRE_GA_DELETE_ROWS_EVENT: 22,
    WRITE_ROWS_EVENT_V1: 23,
    UPDATE_ROWS_EVENT_V1: 24,
    DELETE_ROWS_EVENT_V1: 25,
    WRITE_ROWS_EVENT: 30,
    UPDATE_ROWS_EVENT: 31,
    DELETE_ROWS_EVENT: 32,
    PARTIAL_UPDATE_ROWS_EVENT: 39,
    WRITE_ROWS_COMPRESSED_EVENT_V1: 166,
    UPDATE_ROWS_COMPRESSED_EVENT_V1: 167,
    DELETE_ROWS_COMPRESSED_EVENT_V1: 168,
    WRITE_ROWS_COMPRESSED_EVENT: 169,
    UPDATE_ROWS_COMPRESSED_EVENT: 170,
    DELETE_ROWS_COMPRESSED_EVENT: 171,

    20: "PRE_GA_WRITE_ROWS_EVENT",
    21: "PRE_GA_UPDATE_ROWS_EVENT",
    22: "PRE_GA_DELETE_ROWS_EVENT",
    23: "WRITE_ROWS_EVENT_V1",
    24: "UPDATE_ROWS_EVENT_V1",
    25: "DELETE_ROWS_EVENT_V1",
    30: "WRITE_ROWS_EVENT",
    31: "UPDATE_ROWS_EVENT",
    32: "DELETE_ROWS_EVENT",
    39: "PARTIAL_UPDATE_ROWS_EVENT",
    166: "WRITE_ROWS_COMPRESSED_EVENT_V1",
    167: "UPDATE_ROWS_COMPRESSED_EVENT_V1",
    168: "DELETE_ROWS_COMPRESSED_EVENT_V1",
    169: "WRITE_ROWS_COMPRESSED_EVENT",
    170: "UPDATE_ROWS_COMPRESSED_EVENT",
    171: "DELETE_ROWS_COMPRESSED_EVENT",
  });

  function EventRows(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this._debug = {};

  }
  EventRows.prototype._read = function() {
  }

  /**
   * The chunks of the variable-length header of a v2 rows event. An
   * unknown chunk type ends the list: its bytes and all that follow are
   * kept in `data` of that chunk.
   * @see libs/mysql/binlog/event/rows_event.h Extra_row_info, enum_extra_row_info_typecode
   * @see MariaDB sql/log_event.cc Rows_log_event ctor (RW_V_EXTRAINFO_TAG)
   */

  var ExtraRowInfo = EventRows.ExtraRowInfo = (function() {
    function ExtraRowInfo(_io, _parent, _root, isUpdate) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.isUpdate = isUpdate;
      this._debug = {};

    }
    ExtraRowInfo.prototype._read = function() {
      this._debug.entries = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.entries.arr = [];
      this.entries = [];
      var i = 0;
      while (!this._io.isEof()) {
        this._debug.entries.arr[this.entries.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_entries = new ExtraRowInfoEntry(this._io, this, this._root, this.isUpdate);
        try {
          _t_entries._read();
        } finally {
          this.entries.push(_t_entries);
        }
        this._debug.entries.arr[this.entries.length - 1].end = this._io.pos;
        i++;
      }
      this._debug.entries.end = this._io.pos;
    }

    return ExtraRowInfo;
  })();

  /**
   * One chunk of the extra row info: a type code, then NDB info or the
   * partition id(s); any other type code makes the rest of the header opaque.
   */

  var ExtraRowInfoEntry = EventRows.ExtraRowInfoEntry = (function() {
    function ExtraRowInfoEntry(_io, _parent, _root, isUpdate) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.isUpdate = isUpdate;
      this._debug = {};

    }
    ExtraRowInfoEntry.prototype._read = function() {
      this._debug.type = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventRows.ExtraRowInfoType" };
      this.type = this._io.readU1();
      this._debug.type.end = this._io.pos;
      if (this.type == EventRows.ExtraRowInfoType.NDB) {
        this._debug.ndbInfo = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.ndbInfo = new NdbInfo(this._io, this, this._root);
        this.ndbInfo._read();
        this._debug.ndbInfo.end = this._io.pos;
      }
      if (this.type == EventRows.ExtraRowInfoType.PART) {
        this._debug.partitionId = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.partitionId = this._io.readU2le();
        this._debug.partitionId.end = this._io.pos;
      }
      if ( ((this.type == EventRows.ExtraRowInfoType.PART) && (this.isUpdate)) ) {
        this._debug.sourcePartitionId = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.sourcePartitionId = this._io.readU2le();
        this._debug.sourcePartitionId.end = this._io.pos;
      }
      if ( ((this.type != EventRows.ExtraRowInfoType.NDB) && (this.type != EventRows.ExtraRowInfoType.PART)) ) {
        this._debug.data = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.data = this._io.readBytesFull();
        this._debug.data.end = this._io.pos;
      }
    }

    /**
     * Partition of the rows (WRITE/DELETE), or of the after image (UPDATE).
     */

    /**
     * Partition of the before image of an UPDATE.
     */

    /**
     * Unknown chunk type; the reader skips the rest of the header.
     */

    return ExtraRowInfoEntry;
  })();

  /**
   * NDB cluster's extra row info (also MariaDB's RW_V_EXTRAINFO_TAG chunk).
   */

  var NdbInfo = EventRows.NdbInfo = (function() {
    function NdbInfo(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    NdbInfo.prototype._read = function() {
      this._debug.lenInfo = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenInfo = this._io.readU1();
      this._debug.lenInfo.end = this._io.pos;
      this._debug.format = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.format = this._io.readU1();
      this._debug.format.end = this._io.pos;
      this._debug.data = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.data = this._io.readBytes(this.lenInfo - 2);
      this._debug.data.end = this._io.pos;
    }

    /**
     * Length of the info, this byte and `format` included.
     */

    return NdbInfo;
  })();

  /**
   * Body of a rows event. Layout:
   * 
   * * post header: table id (6 bytes, 4 when `post_header_len` is 6),
   *   flags, and for v2 events (`post_header_len` 10) a variable-length
   *   header with the extra row info;
   * * `num_columns`, the columns-present bitmap of the before image (of
   *   the only image for WRITE and DELETE) and, for v1/v2 UPDATE and
   *   PARTIAL_UPDATE, the one of the after image;
   * * the row images up to the end of the event: `rows`, or for MariaDB's
   *   compressed types `compressed_rows`, a zlib stream that inflates to
   *   what `rows` would be.
   * 
   * Each row image is a NULL bitmap with one bit per column present in the
   * image's bitmap, then the values of the present, non-NULL columns.
   * UPDATE events hold pairs of images (before, after); in
   * PARTIAL_UPDATE_ROWS each after image starts with a packed
   * `value_options` (bit 0: partial JSON) and, when set, a bitmap of the
   * table's JSON columns.
   * @see libs/mysql/binlog/event/rows_event.cpp Rows_event::Rows_event
   */

  var RowsEvent = EventRows.RowsEvent = (function() {
    function RowsEvent(_io, _parent, _root, typeCode, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.typeCode = typeCode;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    RowsEvent.prototype._read = function() {
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
      if (this.hasVarHeader) {
        this._debug.lenVarHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lenVarHeader = this._io.readU2le();
        this._debug.lenVarHeader.end = this._io.pos;
      }
      if (this.hasVarHeader) {
        this._debug.extraRowInfo = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._raw_extraRowInfo = this._io.readBytes(this.lenVarHeader - 2);
        var _io__raw_extraRowInfo = new KaitaiStream(this._raw_extraRowInfo);
        this.extraRowInfo = new ExtraRowInfo(_io__raw_extraRowInfo, this, this._root, this.isUpdate);
        this.extraRowInfo._read();
        this._debug.extraRowInfo.end = this._io.pos;
      }
      this._debug.numColumns = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numColumns = new PackedInt_.PackedInt(this._io, null, null);
      this.numColumns._read();
      this._debug.numColumns.end = this._io.pos;
      this._debug.columnsBeforeImage = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.columnsBeforeImage = this._io.readBytes(this.lenColumnsBitmap);
      this._debug.columnsBeforeImage.end = this._io.pos;
      if (this.hasAfterImageBitmap) {
        this._debug.columnsAfterImage = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.columnsAfterImage = this._io.readBytes(this.lenColumnsBitmap);
        this._debug.columnsAfterImage.end = this._io.pos;
      }
      if (!(this.isCompressed)) {
        this._debug.rows = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.rows = this._io.readBytesFull();
        this._debug.rows.end = this._io.pos;
      }
      if (this.isCompressed) {
        this._debug.compressedRows = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._raw_compressedRows = this._io.readBytesFull();
        var _io__raw_compressedRows = new KaitaiStream(this._raw_compressedRows);
        this.compressedRows = new EventMariadb_.EventMariadb.CompressedData(_io__raw_compressedRows, null, null);
        this.compressedRows._read();
        this._debug.compressedRows.end = this._io.pos;
      }
    }

    /**
     * The event type as an enum (same numbers as `binlog_event::event_type`).
     */
    Object.defineProperty(RowsEvent.prototype, 'eventType', {
      get: function() {
        if (this._m_eventType !== undefined)
          return this._m_eventType;
        this._debug._m_eventType = { enumName: "EventRows.RowsEventType" };
        this._m_eventType = this.typeCode;
        return this._m_eventType;
      }
    });

    /**
     * True when the event carries `columns_after_image`.
     */
    Object.defineProperty(RowsEvent.prototype, 'hasAfterImageBitmap', {
      get: function() {
        if (this._m_hasAfterImageBitmap !== undefined)
          return this._m_hasAfterImageBitmap;
        this._debug._m_hasAfterImageBitmap = {  };
        this._m_hasAfterImageBitmap =  ((this.isUpdate) && (this.version != 0)) ;
        return this._m_hasAfterImageBitmap;
      }
    });

    /**
     * True for v2 events (MySQL 30-32 and 39, MariaDB 169-171).
     */
    Object.defineProperty(RowsEvent.prototype, 'hasVarHeader', {
      get: function() {
        if (this._m_hasVarHeader !== undefined)
          return this._m_hasVarHeader;
        this._debug._m_hasVarHeader = {  };
        this._m_hasVarHeader = this.postHeaderLen == 10;
        return this._m_hasVarHeader;
      }
    });

    /**
     * COMPLETE_ROWS_F, the images hold every column of the table.
     */
    Object.defineProperty(RowsEvent.prototype, 'isCompleteRows', {
      get: function() {
        if (this._m_isCompleteRows !== undefined)
          return this._m_isCompleteRows;
        this._debug._m_isCompleteRows = {  };
        this._m_isCompleteRows = (this.flags & 8) != 0;
        return this._m_isCompleteRows;
      }
    });

    /**
     * One of MariaDB's compressed rows events (log_bin_compress=ON).
     */
    Object.defineProperty(RowsEvent.prototype, 'isCompressed', {
      get: function() {
        if (this._m_isCompressed !== undefined)
          return this._m_isCompressed;
        this._debug._m_isCompressed = {  };
        this._m_isCompressed =  ((this.eventType == EventRows.RowsEventType.WRITE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == EventRows.RowsEventType.UPDATE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == EventRows.RowsEventType.DELETE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == EventRows.RowsEventType.WRITE_ROWS_COMPRESSED_EVENT) || (this.eventType == EventRows.RowsEventType.UPDATE_ROWS_COMPRESSED_EVENT) || (this.eventType == EventRows.RowsEventType.DELETE_ROWS_COMPRESSED_EVENT)) ;
        return this._m_isCompressed;
      }
    });

    /**
     * DELETE_ROWS; the rows are before images.
     */
    Object.defineProperty(RowsEvent.prototype, 'isDelete', {
      get: function() {
        if (this._m_isDelete !== undefined)
          return this._m_isDelete;
        this._debug._m_isDelete = {  };
        this._m_isDelete =  ((this.eventType == EventRows.RowsEventType.PRE_GA_DELETE_ROWS_EVENT) || (this.eventType == EventRows.RowsEventType.DELETE_ROWS_EVENT_V1) || (this.eventType == EventRows.RowsEventType.DELETE_ROWS_EVENT) || (this.eventType == EventRows.RowsEventType.DELETE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == EventRows.RowsEventType.DELETE_ROWS_COMPRESSED_EVENT)) ;
        return this._m_isDelete;
      }
    });

    /**
     * MariaDB's NO_CHECK_CONSTRAINT_CHECKS_F.
     */
    Object.defineProperty(RowsEvent.prototype, 'isNoCheckConstraintChecks', {
      get: function() {
        if (this._m_isNoCheckConstraintChecks !== undefined)
          return this._m_isNoCheckConstraintChecks;
        this._debug._m_isNoCheckConstraintChecks = {  };
        this._m_isNoCheckConstraintChecks = (this.flags & 128) != 0;
        return this._m_isNoCheckConstraintChecks;
      }
    });

    /**
     * NO_FOREIGN_KEY_CHECKS_F.
     */
    Object.defineProperty(RowsEvent.prototype, 'isNoForeignKeyChecks', {
      get: function() {
        if (this._m_isNoForeignKeyChecks !== undefined)
          return this._m_isNoForeignKeyChecks;
        this._debug._m_isNoForeignKeyChecks = {  };
        this._m_isNoForeignKeyChecks = (this.flags & 2) != 0;
        return this._m_isNoForeignKeyChecks;
      }
    });

    /**
     * PARTIAL_UPDATE_ROWS (MySQL 8.0.3+, binlog_row_value_options=PARTIAL_JSON).
     */
    Object.defineProperty(RowsEvent.prototype, 'isPartial', {
      get: function() {
        if (this._m_isPartial !== undefined)
          return this._m_isPartial;
        this._debug._m_isPartial = {  };
        this._m_isPartial = this.eventType == EventRows.RowsEventType.PARTIAL_UPDATE_ROWS_EVENT;
        return this._m_isPartial;
      }
    });

    /**
     * RELAXED_UNIQUE_CHECKS_F.
     */
    Object.defineProperty(RowsEvent.prototype, 'isRelaxedUniqueChecks', {
      get: function() {
        if (this._m_isRelaxedUniqueChecks !== undefined)
          return this._m_isRelaxedUniqueChecks;
        this._debug._m_isRelaxedUniqueChecks = {  };
        this._m_isRelaxedUniqueChecks = (this.flags & 4) != 0;
        return this._m_isRelaxedUniqueChecks;
      }
    });

    /**
     * STMT_END_F, the last rows event of the statement (its table maps can be dropped).
     */
    Object.defineProperty(RowsEvent.prototype, 'isStmtEnd', {
      get: function() {
        if (this._m_isStmtEnd !== undefined)
          return this._m_isStmtEnd;
        this._debug._m_isStmtEnd = {  };
        this._m_isStmtEnd = (this.flags & 1) != 0;
        return this._m_isStmtEnd;
      }
    });

    /**
     * UPDATE_ROWS or PARTIAL_UPDATE_ROWS; the rows are (before, after) pairs.
     */
    Object.defineProperty(RowsEvent.prototype, 'isUpdate', {
      get: function() {
        if (this._m_isUpdate !== undefined)
          return this._m_isUpdate;
        this._debug._m_isUpdate = {  };
        this._m_isUpdate =  ((this.eventType == EventRows.RowsEventType.PRE_GA_UPDATE_ROWS_EVENT) || (this.eventType == EventRows.RowsEventType.UPDATE_ROWS_EVENT_V1) || (this.eventType == EventRows.RowsEventType.UPDATE_ROWS_EVENT) || (this.eventType == EventRows.RowsEventType.PARTIAL_UPDATE_ROWS_EVENT) || (this.eventType == EventRows.RowsEventType.UPDATE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == EventRows.RowsEventType.UPDATE_ROWS_COMPRESSED_EVENT)) ;
        return this._m_isUpdate;
      }
    });

    /**
     * USE_SQL_FOREIGN_KEY_F (recent MySQL 9.x).
     */
    Object.defineProperty(RowsEvent.prototype, 'isUseSqlForeignKey', {
      get: function() {
        if (this._m_isUseSqlForeignKey !== undefined)
          return this._m_isUseSqlForeignKey;
        this._debug._m_isUseSqlForeignKey = {  };
        this._m_isUseSqlForeignKey = (this.flags & 16) != 0;
        return this._m_isUseSqlForeignKey;
      }
    });

    /**
     * WRITE_ROWS (INSERT); the rows are after images.
     */
    Object.defineProperty(RowsEvent.prototype, 'isWrite', {
      get: function() {
        if (this._m_isWrite !== undefined)
          return this._m_isWrite;
        this._debug._m_isWrite = {  };
        this._m_isWrite =  ((this.eventType == EventRows.RowsEventType.PRE_GA_WRITE_ROWS_EVENT) || (this.eventType == EventRows.RowsEventType.WRITE_ROWS_EVENT_V1) || (this.eventType == EventRows.RowsEventType.WRITE_ROWS_EVENT) || (this.eventType == EventRows.RowsEventType.WRITE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == EventRows.RowsEventType.WRITE_ROWS_COMPRESSED_EVENT)) ;
        return this._m_isWrite;
      }
    });

    /**
     * Size in bytes of each columns bitmap.
     */
    Object.defineProperty(RowsEvent.prototype, 'lenColumnsBitmap', {
      get: function() {
        if (this._m_lenColumnsBitmap !== undefined)
          return this._m_lenColumnsBitmap;
        this._debug._m_lenColumnsBitmap = {  };
        this._m_lenColumnsBitmap = Math.floor((this.numColumns.value + 7) / 8);
        return this._m_lenColumnsBitmap;
      }
    });

    /**
     * Id of the table, as announced by the preceding TABLE_MAP event.
     */
    Object.defineProperty(RowsEvent.prototype, 'tableId', {
      get: function() {
        if (this._m_tableId !== undefined)
          return this._m_tableId;
        this._debug._m_tableId = {  };
        this._m_tableId = this.tableIdLow + (this.postHeaderLen == 6 ? 0 : this.tableIdHigh * 4294967296);
        return this._m_tableId;
      }
    });

    /**
     * 0 for the pre-GA events (5.1.0-5.1.17), 1 for v1, 2 for v2.
     */
    Object.defineProperty(RowsEvent.prototype, 'version', {
      get: function() {
        if (this._m_version !== undefined)
          return this._m_version;
        this._debug._m_version = {  };
        this._m_version = ( ((this.eventType == EventRows.RowsEventType.PRE_GA_WRITE_ROWS_EVENT) || (this.eventType == EventRows.RowsEventType.PRE_GA_UPDATE_ROWS_EVENT) || (this.eventType == EventRows.RowsEventType.PRE_GA_DELETE_ROWS_EVENT))  ? 0 : ( ((this.eventType == EventRows.RowsEventType.WRITE_ROWS_EVENT_V1) || (this.eventType == EventRows.RowsEventType.UPDATE_ROWS_EVENT_V1) || (this.eventType == EventRows.RowsEventType.DELETE_ROWS_EVENT_V1) || (this.eventType == EventRows.RowsEventType.WRITE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == EventRows.RowsEventType.UPDATE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == EventRows.RowsEventType.DELETE_ROWS_COMPRESSED_EVENT_V1))  ? 1 : 2));
        return this._m_version;
      }
    });

    /**
     * Low 32 bits of the table id (the whole id when `post_header_len` is 6).
     */

    /**
     * High 16 bits of the 6-byte table id.
     */

    /**
     * Rows event flags (`enum_flag`), see the `is_*` instances.
     */

    /**
     * Length of the variable-length header, these 2 bytes included.
     */

    /**
     * Extra row info chunks of a v2 event (usually none).
     */

    /**
     * Number of columns of the table (width of the bitmaps).
     */

    /**
     * Columns present in the before image (DELETE, UPDATE) or in the only
     * image (WRITE): column i is bit (i & 7) of byte (i >> 3).
     */

    /**
     * Columns present in the after image of UPDATE / PARTIAL_UPDATE
     * events (v1, v2 and MariaDB's compressed ones). Pre-GA UPDATE events
     * have a single bitmap for both images.
     */

    /**
     * The row images, decoded by the runtime with the table's TABLE_MAP.
     */

    /**
     * MariaDB compressed rows events: the row images as a zlib stream
     * (`compressed_rows.data` inflates to `len_uncompressed` bytes).
     */

    /**
     * Event type in today's numbering (20-25, 30-32, 39, 166-171).
     */

    /**
     * Post-header length from the format description: 10 for v2 events
     * (with the variable-length header), 8 for v1 events and for the
     * pre-GA events of 5.1.15-5.1.17, 6 for the intermediate trees that
     * wrote a 4-byte table id (5.1 before 5.1.4; seen in a 5.2.2
     * development tree).
     */

    return RowsEvent;
  })();

  return EventRows;
})();
EventRows_.EventRows = EventRows;
});
