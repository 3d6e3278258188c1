// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './PackedInt'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./PackedInt'));
  } else {
    factory(root.EventQuery || (root.EventQuery = {}), root.KaitaiStream, root.PackedInt || (root.PackedInt = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (EventQuery_, KaitaiStream, PackedInt_) {
/**
 * Body types of the statement events: QUERY_EVENT with its status
 * variables, and the events that carry LOAD DATA INFILE: LOAD and
 * NEW_LOAD (MySQL 3.23-4.x), CREATE_FILE, APPEND_BLOCK, EXEC_LOAD and
 * DELETE_FILE (4.x), BEGIN_LOAD_QUERY and EXECUTE_LOAD_QUERY (5.0+).
 * Each type parses the event body only (common header and CRC32 removed).
 * 
 * Statement text, database names and file names are kept as bytes: they
 * are in the character set of the client connection (see the
 * Q_CHARSET_CODE status variable), which may be latin1, gbk, ... and is
 * not validated by the server. The binlog-ksy runtime decodes them.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Query__event.html|Source}
 * @see libs/mysql/binlog/event/statement_events.h Query_event
 * @see libs/mysql/binlog/event/load_data_events.h
 * @see libbinlogevents/src/load_data_events.cpp (5.7: Load_event, Create_file_event)
 * @see MariaDB sql/log_event.h, sql/log_event.cc Query_log_event
 */

var EventQuery = (function() {
  EventQuery.GtidFlagsExtra = Object.freeze({
    FL_EXTRA_MULTI_ENGINE_E1: 1,
    FL_START_ALTER_E1: 2,
    FL_COMMIT_ALTER_E1: 4,
    FL_ROLLBACK_ALTER_E1: 8,

    1: "FL_EXTRA_MULTI_ENGINE_E1",
    2: "FL_START_ALTER_E1",
    4: "FL_COMMIT_ALTER_E1",
    8: "FL_ROLLBACK_ALTER_E1",
  });

  EventQuery.LoadDupHandling = Object.freeze({
    LOAD_DUP_ERROR: 0,
    LOAD_DUP_IGNORE: 1,
    LOAD_DUP_REPLACE: 2,

    0: "LOAD_DUP_ERROR",
    1: "LOAD_DUP_IGNORE",
    2: "LOAD_DUP_REPLACE",
  });

  EventQuery.LoadEmptyFlag = Object.freeze({
    FIELD_TERM_EMPTY: 1,
    ENCLOSED_EMPTY: 2,
    LINE_TERM_EMPTY: 4,
    LINE_START_EMPTY: 8,
    ESCAPED_EMPTY: 16,

    1: "FIELD_TERM_EMPTY",
    2: "ENCLOSED_EMPTY",
    4: "LINE_TERM_EMPTY",
    8: "LINE_START_EMPTY",
    16: "ESCAPED_EMPTY",
  });

  EventQuery.LoadOptFlag = Object.freeze({
    DUMPFILE_FLAG: 1,
    OPT_ENCLOSED_FLAG: 2,
    REPLACE_FLAG: 4,
    IGNORE_FLAG: 8,

    1: "DUMPFILE_FLAG",
    2: "OPT_ENCLOSED_FLAG",
    4: "REPLACE_FLAG",
    8: "IGNORE_FLAG",
  });

  EventQuery.QueryFlags2 = Object.freeze({
    OPTION_AUTO_IS_NULL: 16384,
    OPTION_NOT_AUTOCOMMIT: 524288,
    OPTION_NO_FOREIGN_KEY_CHECKS: 67108864,
    OPTION_RELAXED_UNIQUE_CHECKS: 134217728,

    16384: "OPTION_AUTO_IS_NULL",
    524288: "OPTION_NOT_AUTOCOMMIT",
    67108864: "OPTION_NO_FOREIGN_KEY_CHECKS",
    134217728: "OPTION_RELAXED_UNIQUE_CHECKS",
  });

  EventQuery.StatusVarCode = Object.freeze({
    Q_FLAGS2_CODE: 0,
    Q_SQL_MODE_CODE: 1,
    Q_CATALOG_CODE: 2,
    Q_AUTO_INCREMENT: 3,
    Q_CHARSET_CODE: 4,
    Q_TIME_ZONE_CODE: 5,
    Q_CATALOG_NZ_CODE: 6,
    Q_LC_TIME_NAMES_CODE: 7,
    Q_CHARSET_DATABASE_CODE: 8,
    Q_TABLE_MAP_FOR_UPDATE_CODE: 9,
    Q_MASTER_DATA_WRITTEN_CODE: 10,
    Q_INVOKER: 11,
    Q_UPDATED_DB_NAMES: 12,
    Q_MICROSECONDS: 13,
    Q_COMMIT_TS: 14,
    Q_COMMIT_TS2: 15,
    Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP: 16,
    Q_DDL_LOGGED_WITH_XID: 17,
    Q_DEFAULT_COLLATION_FOR_UTF8MB4: 18,
    Q_SQL_REQUIRE_PRIMARY_KEY: 19,
    Q_DEFAULT_TABLE_ENCRYPTION: 20,
    Q_ENABLE_CASCADE_TRIGGERS: 21,
    Q_HRNOW: 128,
    Q_XID: 129,
    Q_GTID_FLAGS3: 130,
    Q_CHARACTER_SET_COLLATIONS: 131,

    0: "Q_FLAGS2_CODE",
    1: "Q_SQL_MODE_CODE",
    2: "Q_CATALOG_CODE",
    3: "Q_AUTO_INCREMENT",
    4: "Q_CHARSET_CODE",
    5: "Q_TIME_ZONE_CODE",
    6: "Q_CATALOG_NZ_CODE",
    7: "Q_LC_TIME_NAMES_CODE",
    8: "Q_CHARSET_DATABASE_CODE",
    9: "Q_TABLE_MAP_FOR_UPDATE_CODE",
    10: "Q_MASTER_DATA_WRITTEN_CODE",
    11: "Q_INVOKER",
    12: "Q_UPDATED_DB_NAMES",
    13: "Q_MICROSECONDS",
    14: "Q_COMMIT_TS",
    15: "Q_COMMIT_TS2",
    16: "Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP",
    17: "Q_DDL_LOGGED_WITH_XID",
    18: "Q_DEFAULT_COLLATION_FOR_UTF8MB4",
    19: "Q_SQL_REQUIRE_PRIMARY_KEY",
    20: "Q_DEFAULT_TABLE_ENCRYPTION",
    21: "Q_ENABLE_CASCADE_TRIGGERS",
    128: "Q_HRNOW",
    129: "Q_XID",
    130: "Q_GTID_FLAGS3",
    131: "Q_CHARACTER_SET_COLLATIONS",
  });

  function EventQuery(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this._debug = {};

  }
  EventQuery.prototype._read = function() {
  }

  /**
   * APPEND_BLOCK_EVENT: the next block of a file being loaded by LOAD
   * DATA INFILE (after CREATE_FILE or BEGIN_LOAD_QUERY).
   * @see libs/mysql/binlog/event/load_data_events.h Append_block_event
   * @see libs/mysql/binlog/event/load_data_events.cpp Append_block_event::Append_block_event
   */

  var AppendBlockEvent = EventQuery.AppendBlockEvent = (function() {
    function AppendBlockEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    AppendBlockEvent.prototype._read = function() {
      this._debug.fileId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.fileId = this._io.readU4le();
      this._debug.fileId.end = this._io.pos;
      if (this.postHeaderLen > 4) {
        this._debug.extraPostHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.extraPostHeader = this._io.readBytes(this.postHeaderLen - 4);
        this._debug.extraPostHeader.end = this._io.pos;
      }
      this._debug.block = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.block = this._io.readBytesFull();
      this._debug.block.end = this._io.pos;
    }

    /**
     * APPEND_BLOCK post-header length (4).
     */

    return AppendBlockEvent;
  })();

  /**
   * BEGIN_LOAD_QUERY_EVENT (MySQL 5.0.3+): the first block of the file
   * of a LOAD DATA INFILE; same layout as APPEND_BLOCK.
   * @see libs/mysql/binlog/event/load_data_events.h Begin_load_query_event
   * @see libs/mysql/binlog/event/load_data_events.cpp Begin_load_query_event::Begin_load_query_event
   */

  var BeginLoadQueryEvent = EventQuery.BeginLoadQueryEvent = (function() {
    function BeginLoadQueryEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    BeginLoadQueryEvent.prototype._read = function() {
      this._debug.fileId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.fileId = this._io.readU4le();
      this._debug.fileId.end = this._io.pos;
      if (this.postHeaderLen > 4) {
        this._debug.extraPostHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.extraPostHeader = this._io.readBytes(this.postHeaderLen - 4);
        this._debug.extraPostHeader.end = this._io.pos;
      }
      this._debug.block = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.block = this._io.readBytesFull();
      this._debug.block.end = this._io.pos;
    }

    /**
     * BEGIN_LOAD_QUERY post-header length (4).
     */

    return BeginLoadQueryEvent;
  })();

  /**
   * CREATE_FILE_EVENT (MySQL 4.x): starts a LOAD DATA INFILE. It has the
   * LOAD post-header (18 bytes), its own post-header (the file id),
   * the LOAD variable part with the new `sql_ex`, and then the first
   * block of the file's data.
   * @see libbinlogevents/include/load_data_events.h Create_file_event (5.7)
   * @see libbinlogevents/src/load_data_events.cpp Create_file_event::Create_file_event
   */

  var CreateFileEvent = EventQuery.CreateFileEvent = (function() {
    function CreateFileEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    CreateFileEvent.prototype._read = function() {
      this._debug.loadPostHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.loadPostHeader = new LoadPostHeader(this._io, this, this._root);
      this.loadPostHeader._read();
      this._debug.loadPostHeader.end = this._io.pos;
      if (this.postHeaderLen >= 4) {
        this._debug.fileId = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.fileId = this._io.readU4le();
        this._debug.fileId.end = this._io.pos;
      }
      if (this.postHeaderLen > 4) {
        this._debug.extraPostHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.extraPostHeader = this._io.readBytes(this.postHeaderLen - 4);
        this._debug.extraPostHeader.end = this._io.pos;
      }
      this._debug.data = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.data = new LoadData(this._io, this, this._root, true, this.loadPostHeader.numFields, this.loadPostHeader.lenTableName, this.loadPostHeader.lenSchema);
      this.data._read();
      this._debug.data.end = this._io.pos;
      this._debug.block = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.block = this._io.readBytesFull();
      this._debug.block.end = this._io.pos;
    }

    /**
     * Id of the temporary file on the replica (absent in binlog v1).
     */

    /**
     * The first block of the loaded file's data.
     */

    /**
     * CREATE_FILE post-header length (4).
     */

    return CreateFileEvent;
  })();

  /**
   * DELETE_FILE_EVENT: drop the temporary file of a failed LOAD DATA INFILE.
   * @see libs/mysql/binlog/event/load_data_events.h Delete_file_event
   * @see libs/mysql/binlog/event/load_data_events.cpp Delete_file_event::Delete_file_event
   */

  var DeleteFileEvent = EventQuery.DeleteFileEvent = (function() {
    function DeleteFileEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    DeleteFileEvent.prototype._read = function() {
      this._debug.fileId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.fileId = this._io.readU4le();
      this._debug.fileId.end = this._io.pos;
    }

    return DeleteFileEvent;
  })();

  /**
   * EXEC_LOAD_EVENT (MySQL 4.x): load the file built by CREATE_FILE and APPEND_BLOCK.
   * @see libbinlogevents/include/load_data_events.h Execute_load_event (5.7)
   * @see libbinlogevents/src/load_data_events.cpp Execute_load_event::Execute_load_event
   */

  var ExecLoadEvent = EventQuery.ExecLoadEvent = (function() {
    function ExecLoadEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    ExecLoadEvent.prototype._read = function() {
      this._debug.fileId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.fileId = this._io.readU4le();
      this._debug.fileId.end = this._io.pos;
    }

    return ExecLoadEvent;
  })();

  /**
   * EXECUTE_LOAD_QUERY_EVENT (MySQL 5.0.3+): the LOAD DATA statement
   * that loads the file built by BEGIN_LOAD_QUERY and APPEND_BLOCK
   * events. A QUERY_EVENT whose post-header (26 bytes) also has the
   * file id, the position of the file name inside the statement and
   * the duplicate handling.
   * @see libs/mysql/binlog/event/load_data_events.h Execute_load_query_event
   * @see libs/mysql/binlog/event/load_data_events.cpp Execute_load_query_event::Execute_load_query_event
   */

  var ExecuteLoadQueryEvent = EventQuery.ExecuteLoadQueryEvent = (function() {
    function ExecuteLoadQueryEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    ExecuteLoadQueryEvent.prototype._read = function() {
      this._debug.threadId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.threadId = this._io.readU4le();
      this._debug.threadId.end = this._io.pos;
      this._debug.execTime = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.execTime = this._io.readU4le();
      this._debug.execTime.end = this._io.pos;
      this._debug.lenSchema = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenSchema = this._io.readU1();
      this._debug.lenSchema.end = this._io.pos;
      this._debug.errorCode = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.errorCode = this._io.readU2le();
      this._debug.errorCode.end = this._io.pos;
      this._debug.lenStatusVars = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenStatusVars = this._io.readU2le();
      this._debug.lenStatusVars.end = this._io.pos;
      this._debug.fileId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.fileId = this._io.readU4le();
      this._debug.fileId.end = this._io.pos;
      this._debug.ofsFileNameStart = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.ofsFileNameStart = this._io.readU4le();
      this._debug.ofsFileNameStart.end = this._io.pos;
      this._debug.ofsFileNameEnd = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.ofsFileNameEnd = this._io.readU4le();
      this._debug.ofsFileNameEnd.end = this._io.pos;
      this._debug.dupHandling = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventQuery.LoadDupHandling" };
      this.dupHandling = this._io.readU1();
      this._debug.dupHandling.end = this._io.pos;
      if (this.postHeaderLen > 26) {
        this._debug.extraPostHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.extraPostHeader = this._io.readBytes(this.postHeaderLen - 26);
        this._debug.extraPostHeader.end = this._io.pos;
      }
      if (!(this.isMalformed)) {
        this._debug.statusVars = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._raw_statusVars = this._io.readBytes(this.lenStatusVars);
        var _io__raw_statusVars = new KaitaiStream(this._raw_statusVars);
        this.statusVars = new StatusVars(_io__raw_statusVars, this, this._root);
        this.statusVars._read();
        this._debug.statusVars.end = this._io.pos;
      }
      if (this.isMalformed) {
        this._debug.statusVarsRaw = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.statusVarsRaw = this._io.readBytes(this._io.size - this._io.pos);
        this._debug.statusVarsRaw.end = this._io.pos;
      }
      this._debug.schema = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.schema = this._io.readBytes((this.lenSchema <= this._io.size - this._io.pos ? this.lenSchema : this._io.size - this._io.pos));
      this._debug.schema.end = this._io.pos;
      if (!(this._io.isEof())) {
        this._debug.schemaTerminator = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.schemaTerminator = this._io.readU1();
        this._debug.schemaTerminator.end = this._io.pos;
      }
      this._debug.query = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.query = this._io.readBytesFull();
      this._debug.query.end = this._io.pos;
    }

    /**
     * True when the lengths point past the end of the event (corrupt event).
     */
    Object.defineProperty(ExecuteLoadQueryEvent.prototype, 'isMalformed', {
      get: function() {
        if (this._m_isMalformed !== undefined)
          return this._m_isMalformed;
        this._debug._m_isMalformed = {  };
        this._m_isMalformed = ((this.ofsStatusVars + this.lenStatusVars) + this.lenSchema) + 1 > this._io.size;
        return this._m_isMalformed;
      }
    });
    Object.defineProperty(ExecuteLoadQueryEvent.prototype, 'ofsStatusVars', {
      get: function() {
        if (this._m_ofsStatusVars !== undefined)
          return this._m_ofsStatusVars;
        this._debug._m_ofsStatusVars = {  };
        this._m_ofsStatusVars = (this.postHeaderLen > 26 ? this.postHeaderLen : 26);
        return this._m_ofsStatusVars;
      }
    });

    /**
     * Id of the file created by BEGIN_LOAD_QUERY.
     */

    /**
     * Offset in `query` of the part a replica replaces with its own
     * temporary file (`[LOCAL] INFILE 'name' ... INTO`, space included).
     */

    /**
     * Offset in `query` of the byte after that part.
     */

    /**
     * Post-header bytes this spec does not know.
     */

    /**
     * The rest of a malformed event, kept raw.
     */

    /**
     * The LOAD DATA statement, as bytes in the connection charset.
     */

    /**
     * EXECUTE_LOAD_QUERY post-header length from the format description (26).
     */

    return ExecuteLoadQueryEvent;
  })();

  /**
   * The variable part of LOAD, NEW_LOAD and CREATE_FILE events.
   * @see libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event
   */

  var LoadData = EventQuery.LoadData = (function() {
    function LoadData(_io, _parent, _root, isNewFormat, numFields, lenTableName, lenSchema) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.isNewFormat = isNewFormat;
      this.numFields = numFields;
      this.lenTableName = lenTableName;
      this.lenSchema = lenSchema;
      this._debug = {};

    }
    LoadData.prototype._read = function() {
      if (!(this.isNewFormat)) {
        this._debug.sqlExOld = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.sqlExOld = new SqlExOld(this._io, this, this._root);
        this.sqlExOld._read();
        this._debug.sqlExOld.end = this._io.pos;
      }
      if (this.isNewFormat) {
        this._debug.sqlExNew = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.sqlExNew = new SqlExNew(this._io, this, this._root);
        this.sqlExNew._read();
        this._debug.sqlExNew.end = this._io.pos;
      }
      this._debug.lenFields = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.lenFields.arr = [];
      this.lenFields = [];
      for (var i = 0; i < this.numFields; i++) {
        this._debug.lenFields.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lenFields.push(this._io.readU1());
        this._debug.lenFields.arr[i].end = this._io.pos;
      }
      this._debug.lenFields.end = this._io.pos;
      this._debug.fields = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.fields.arr = [];
      this.fields = [];
      for (var i = 0; i < this.numFields; i++) {
        this._debug.fields.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.fields.push(KaitaiStream.bytesTerminate(this._io.readBytes(this.lenFields[i] + 1), 0, false));
        this._debug.fields.arr[i].end = this._io.pos;
      }
      this._debug.fields.end = this._io.pos;
      this._debug.tableName = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.tableName = KaitaiStream.bytesTerminate(this._io.readBytes(this.lenTableName + 1), 0, false);
      this._debug.tableName.end = this._io.pos;
      this._debug.schema = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.schema = KaitaiStream.bytesTerminate(this._io.readBytes(this.lenSchema + 1), 0, false);
      this._debug.schema.end = this._io.pos;
      this._debug.fileName = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.fileName = this._io.readBytesTerm(0, false, true, false);
      this._debug.fileName.end = this._io.pos;
    }

    /**
     * Length of each column name.
     */

    /**
     * The column names (bytes, each stored with a trailing NUL).
     */

    /**
     * Table name (bytes, stored with a trailing NUL).
     */

    /**
     * Database name (bytes, stored with a trailing NUL).
     */

    /**
     * Name of the loaded file on the source (bytes, NUL-terminated or up to the end).
     */

    /**
     * True for the new `sql_ex` (NEW_LOAD, CREATE_FILE), false for LOAD.
     */

    return LoadData;
  })();

  /**
   * LOAD_EVENT (6): LOAD DATA INFILE as written by MySQL 3.23 and 4.x,
   * with the old 7-byte `sql_ex` (single-character terminators). The
   * data itself follows in the file named by `file_name` (3.23) or in
   * CREATE_FILE/APPEND_BLOCK events (4.x).
   * 
   * The post-header is always 18 bytes (LOAD_HEADER_LEN); the
   * post_header_len param is accepted for the router's uniform call.
   * @see libbinlogevents/include/load_data_events.h Load_event (5.7)
   * @see libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event
   */

  var LoadEvent = EventQuery.LoadEvent = (function() {
    function LoadEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    LoadEvent.prototype._read = function() {
      this._debug.postHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.postHeader = new LoadPostHeader(this._io, this, this._root);
      this.postHeader._read();
      this._debug.postHeader.end = this._io.pos;
      this._debug.data = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.data = new LoadData(this._io, this, this._root, false, this.postHeader.numFields, this.postHeader.lenTableName, this.postHeader.lenSchema);
      this.data._read();
      this._debug.data.end = this._io.pos;
    }

    return LoadEvent;
  })();

  /**
   * The 18-byte post-header of LOAD, NEW_LOAD and CREATE_FILE events (LOAD_HEADER_LEN).
   * @see libbinlogevents/src/load_data_events.cpp Load_event::copy_load_event (L_*_OFFSET)
   */

  var LoadPostHeader = EventQuery.LoadPostHeader = (function() {
    function LoadPostHeader(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    LoadPostHeader.prototype._read = function() {
      this._debug.threadId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.threadId = this._io.readU4le();
      this._debug.threadId.end = this._io.pos;
      this._debug.execTime = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.execTime = this._io.readU4le();
      this._debug.execTime.end = this._io.pos;
      this._debug.skipLines = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.skipLines = this._io.readU4le();
      this._debug.skipLines.end = this._io.pos;
      this._debug.lenTableName = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenTableName = this._io.readU1();
      this._debug.lenTableName.end = this._io.pos;
      this._debug.lenSchema = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenSchema = this._io.readU1();
      this._debug.lenSchema.end = this._io.pos;
      this._debug.numFields = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numFields = this._io.readU4le();
      this._debug.numFields.end = this._io.pos;
    }

    /**
     * IGNORE n LINES.
     */

    /**
     * Number of columns listed in the statement.
     */

    return LoadPostHeader;
  })();

  /**
   * NEW_LOAD_EVENT (12): as LOAD_EVENT, with the new `sql_ex` whose
   * terminators are length-prefixed strings (MySQL 4.0+).
   * @see libbinlogevents/include/load_data_events.h Load_event (5.7)
   * @see libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
   */

  var NewLoadEvent = EventQuery.NewLoadEvent = (function() {
    function NewLoadEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    NewLoadEvent.prototype._read = function() {
      this._debug.postHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.postHeader = new LoadPostHeader(this._io, this, this._root);
      this.postHeader._read();
      this._debug.postHeader.end = this._io.pos;
      this._debug.data = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.data = new LoadData(this._io, this, this._root, true, this.postHeader.numFields, this.postHeader.lenTableName, this.postHeader.lenSchema);
      this.data._read();
      this._debug.data.end = this._io.pos;
    }

    return NewLoadEvent;
  })();

  /**
   * QUERY_EVENT: a statement (DDL, statement-based DML, BEGIN, COMMIT of
   * non-transactional engines, ...).
   * 
   * The post-header is 13 bytes in binlog v4 (MySQL 5.0+, MariaDB) and
   * 11 bytes in v1/v3 (MySQL 3.23-4.x), which have no status variables.
   * A post-header longer than known is skipped, as MySQL does.
   * 
   * `schema` and `query` are raw bytes in the connection character set
   * (`character_set_client` of the Q_CHARSET_CODE status variable, or
   * the server default for old events); decode them in the runtime.
   * @see libs/mysql/binlog/event/statement_events.h Query_event
   * @see libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event
   * @see MariaDB sql/log_event.cc Query_log_event::Query_log_event
   */

  var QueryEvent = EventQuery.QueryEvent = (function() {
    function QueryEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    QueryEvent.prototype._read = function() {
      this._debug.threadId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.threadId = this._io.readU4le();
      this._debug.threadId.end = this._io.pos;
      this._debug.execTime = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.execTime = this._io.readU4le();
      this._debug.execTime.end = this._io.pos;
      this._debug.lenSchema = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenSchema = this._io.readU1();
      this._debug.lenSchema.end = this._io.pos;
      this._debug.errorCode = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.errorCode = this._io.readU2le();
      this._debug.errorCode.end = this._io.pos;
      if (this.postHeaderLen >= 13) {
        this._debug.lenStatusVars = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lenStatusVars = this._io.readU2le();
        this._debug.lenStatusVars.end = this._io.pos;
      }
      if ( ((this.postHeaderLen > 13) || ( ((this.postHeaderLen > 11) && (this.postHeaderLen < 13)) )) ) {
        this._debug.extraPostHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.extraPostHeader = this._io.readBytes(this.postHeaderLen - (this.postHeaderLen >= 13 ? 13 : 11));
        this._debug.extraPostHeader.end = this._io.pos;
      }
      if ( ((this.postHeaderLen >= 13) && (!(this.isMalformed))) ) {
        this._debug.statusVars = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._raw_statusVars = this._io.readBytes(this.lenStatusVars);
        var _io__raw_statusVars = new KaitaiStream(this._raw_statusVars);
        this.statusVars = new StatusVars(_io__raw_statusVars, this, this._root);
        this.statusVars._read();
        this._debug.statusVars.end = this._io.pos;
      }
      if ( ((this.postHeaderLen >= 13) && (this.isMalformed)) ) {
        this._debug.statusVarsRaw = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.statusVarsRaw = this._io.readBytes(this._io.size - this._io.pos);
        this._debug.statusVarsRaw.end = this._io.pos;
      }
      this._debug.schema = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.schema = this._io.readBytes((this.lenSchema <= this._io.size - this._io.pos ? this.lenSchema : this._io.size - this._io.pos));
      this._debug.schema.end = this._io.pos;
      if (!(this._io.isEof())) {
        this._debug.schemaTerminator = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.schemaTerminator = this._io.readU1();
        this._debug.schemaTerminator.end = this._io.pos;
      }
      this._debug.query = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.query = this._io.readBytesFull();
      this._debug.query.end = this._io.pos;
    }

    /**
     * True when the lengths point past the end of the event (a corrupt
     * event, which MySQL rejects). The status variables are then kept
     * raw in `status_vars_raw` and `schema`/`query` get what is left.
     */
    Object.defineProperty(QueryEvent.prototype, 'isMalformed', {
      get: function() {
        if (this._m_isMalformed !== undefined)
          return this._m_isMalformed;
        this._debug._m_isMalformed = {  };
        this._m_isMalformed = ((this.ofsStatusVars + (this.postHeaderLen >= 13 ? this.lenStatusVars : 0)) + this.lenSchema) + 1 > this._io.size;
        return this._m_isMalformed;
      }
    });

    /**
     * Offset of the status variables (the end of the post-header).
     */
    Object.defineProperty(QueryEvent.prototype, 'ofsStatusVars', {
      get: function() {
        if (this._m_ofsStatusVars !== undefined)
          return this._m_ofsStatusVars;
        this._debug._m_ofsStatusVars = {  };
        this._m_ofsStatusVars = (this.postHeaderLen > 11 ? this.postHeaderLen : 11);
        return this._m_ofsStatusVars;
      }
    });

    /**
     * Id of the connection that ran the statement (for temporary tables).
     */

    /**
     * Seconds from the start of the statement to its logging.
     */

    /**
     * Error the statement ended with on the source (0 = none).
     */

    /**
     * Size of `status_vars`; absent in v1/v3 (post-header of 11).
     */

    /**
     * Post-header bytes this spec does not know (skipped, as MySQL does).
     */

    /**
     * Session state of the statement (sql_mode, charsets, time zone, ...).
     */

    /**
     * The rest of a malformed event (lengths beyond its end), kept raw.
     */

    /**
     * Default database of the statement (bytes in the connection charset; may be empty).
     */

    /**
     * The NUL after the database name (redundant, not checked by MySQL).
     */

    /**
     * The statement text up to the end of the event, as bytes in the connection charset.
     */

    /**
     * QUERY post-header length from the format description (13; 11 in v1/v3).
     */

    return QueryEvent;
  })();

  /**
   * The new `sql_ex` (NEW_LOAD, CREATE_FILE): the FIELDS/LINES options of
   * LOAD DATA as length-prefixed strings.
   * @see libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
   */

  var SqlExNew = EventQuery.SqlExNew = (function() {
    function SqlExNew(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SqlExNew.prototype._read = function() {
      this._debug.fieldTerm = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.fieldTerm = new SvString(this._io, this, this._root);
      this.fieldTerm._read();
      this._debug.fieldTerm.end = this._io.pos;
      this._debug.enclosed = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.enclosed = new SvString(this._io, this, this._root);
      this.enclosed._read();
      this._debug.enclosed.end = this._io.pos;
      this._debug.lineTerm = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lineTerm = new SvString(this._io, this, this._root);
      this.lineTerm._read();
      this._debug.lineTerm.end = this._io.pos;
      this._debug.lineStart = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lineStart = new SvString(this._io, this, this._root);
      this.lineStart._read();
      this._debug.lineStart.end = this._io.pos;
      this._debug.escaped = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.escaped = new SvString(this._io, this, this._root);
      this.escaped._read();
      this._debug.escaped.end = this._io.pos;
      this._debug.optFlags = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.optFlags = this._io.readU1();
      this._debug.optFlags.end = this._io.pos;
    }

    /**
     * Bits of `load_opt_flag`.
     */

    return SqlExNew;
  })();

  /**
   * The old `sql_ex` (LOAD_EVENT): the FIELDS/LINES options of LOAD DATA
   * as single characters, with `empty_flags` marking the absent ones.
   * @see libbinlogevents/src/load_data_events.cpp sql_ex_data_info::init
   */

  var SqlExOld = EventQuery.SqlExOld = (function() {
    function SqlExOld(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SqlExOld.prototype._read = function() {
      this._debug.fieldTerm = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.fieldTerm = this._io.readBytes(1);
      this._debug.fieldTerm.end = this._io.pos;
      this._debug.enclosed = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.enclosed = this._io.readBytes(1);
      this._debug.enclosed.end = this._io.pos;
      this._debug.lineTerm = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lineTerm = this._io.readBytes(1);
      this._debug.lineTerm.end = this._io.pos;
      this._debug.lineStart = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lineStart = this._io.readBytes(1);
      this._debug.lineStart.end = this._io.pos;
      this._debug.escaped = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.escaped = this._io.readBytes(1);
      this._debug.escaped.end = this._io.pos;
      this._debug.optFlags = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.optFlags = this._io.readU1();
      this._debug.optFlags.end = this._io.pos;
      this._debug.emptyFlags = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.emptyFlags = this._io.readU1();
      this._debug.emptyFlags.end = this._io.pos;
    }

    /**
     * Bits of `load_opt_flag`.
     */

    /**
     * Bits of `load_empty_flag` (set = option empty).
     */

    return SqlExOld;
  })();

  /**
   * One status variable of a QUERY_EVENT.
   * @see libs/mysql/binlog/event/statement_events.h Query_event::Query_event_status_vars
   * @see MariaDB sql/log_event.h (Q_HRNOW, Q_XID, Q_GTID_FLAGS3, Q_CHARACTER_SET_COLLATIONS)
   */

  var StatusVar = EventQuery.StatusVar = (function() {
    function StatusVar(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    StatusVar.prototype._read = function() {
      this._debug.code = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventQuery.StatusVarCode" };
      this.code = this._io.readU1();
      this._debug.code.end = this._io.pos;
      if (this.isKnown) {
        this._debug.body = { start: this._io.pos, ioOffset: this._io.byteOffset };
        switch (this.code) {
        case EventQuery.StatusVarCode.Q_AUTO_INCREMENT:
          this.body = new SvAutoIncrement(this._io, this, this._root);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_CATALOG_CODE:
          this.body = new SvCatalogOld(this._io, this, this._root);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_CATALOG_NZ_CODE:
          this.body = new SvString(this._io, this, this._root);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_CHARACTER_SET_COLLATIONS:
          this.body = new SvCharacterSetCollations(this._io, this, this._root);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_CHARSET_CODE:
          this.body = new SvCharset(this._io, this, this._root);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_CHARSET_DATABASE_CODE:
          this.body = this._io.readU2le();
          break;
        case EventQuery.StatusVarCode.Q_DDL_LOGGED_WITH_XID:
          this.body = this._io.readU8le();
          break;
        case EventQuery.StatusVarCode.Q_DEFAULT_COLLATION_FOR_UTF8MB4:
          this.body = this._io.readU2le();
          break;
        case EventQuery.StatusVarCode.Q_DEFAULT_TABLE_ENCRYPTION:
          this.body = this._io.readU1();
          break;
        case EventQuery.StatusVarCode.Q_ENABLE_CASCADE_TRIGGERS:
          this.body = this._io.readU1();
          break;
        case EventQuery.StatusVarCode.Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP:
          this.body = this._io.readU1();
          break;
        case EventQuery.StatusVarCode.Q_FLAGS2_CODE:
          this.body = this._io.readU4le();
          break;
        case EventQuery.StatusVarCode.Q_GTID_FLAGS3:
          this.body = new SvGtidFlags3(this._io, this, this._root);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_HRNOW:
          this.body = new PackedInt_.PackedInt.U3Le(this._io, null, null);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_INVOKER:
          this.body = new SvInvoker(this._io, this, this._root);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_LC_TIME_NAMES_CODE:
          this.body = this._io.readU2le();
          break;
        case EventQuery.StatusVarCode.Q_MASTER_DATA_WRITTEN_CODE:
          this.body = this._io.readU4le();
          break;
        case EventQuery.StatusVarCode.Q_MICROSECONDS:
          this.body = new PackedInt_.PackedInt.U3Le(this._io, null, null);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_SQL_MODE_CODE:
          this.body = this._io.readU8le();
          break;
        case EventQuery.StatusVarCode.Q_SQL_REQUIRE_PRIMARY_KEY:
          this.body = this._io.readU1();
          break;
        case EventQuery.StatusVarCode.Q_TABLE_MAP_FOR_UPDATE_CODE:
          this.body = this._io.readU8le();
          break;
        case EventQuery.StatusVarCode.Q_TIME_ZONE_CODE:
          this.body = new SvString(this._io, this, this._root);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_UPDATED_DB_NAMES:
          this.body = new SvUpdatedDbNames(this._io, this, this._root);
          this.body._read();
          break;
        case EventQuery.StatusVarCode.Q_XID:
          this.body = this._io.readU8le();
          break;
        }
        this._debug.body.end = this._io.pos;
      }
      if (!(this.isKnown)) {
        this._debug.unparsed = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.unparsed = this._io.readBytesFull();
        this._debug.unparsed.end = this._io.pos;
      }
    }

    /**
     * True when the code is known and its value fits in the block
     * (evaluated right after `code` is read). Parsing stops at the
     * first entry for which it is false, as MySQL and MariaDB do.
     */
    Object.defineProperty(StatusVar.prototype, 'isKnown', {
      get: function() {
        if (this._m_isKnown !== undefined)
          return this._m_isKnown;
        this._debug._m_isKnown = {  };
        this._m_isKnown =  ((this.lenMin >= 0) && (this._io.size - this._io.pos >= this.lenMin)) ;
        return this._m_isKnown;
      }
    });

    /**
     * Smallest size of the value for this code, -1 for the codes whose
     * size is unknown: Q_COMMIT_TS (14) and Q_COMMIT_TS2 (15) were never
     * released and have no reader, and any newer code.
     */
    Object.defineProperty(StatusVar.prototype, 'lenMin', {
      get: function() {
        if (this._m_lenMin !== undefined)
          return this._m_lenMin;
        this._debug._m_lenMin = {  };
        this._m_lenMin = (this.code == EventQuery.StatusVarCode.Q_FLAGS2_CODE ? 4 : (this.code == EventQuery.StatusVarCode.Q_SQL_MODE_CODE ? 8 : (this.code == EventQuery.StatusVarCode.Q_CATALOG_CODE ? 2 : (this.code == EventQuery.StatusVarCode.Q_AUTO_INCREMENT ? 4 : (this.code == EventQuery.StatusVarCode.Q_CHARSET_CODE ? 6 : (this.code == EventQuery.StatusVarCode.Q_TIME_ZONE_CODE ? 1 : (this.code == EventQuery.StatusVarCode.Q_CATALOG_NZ_CODE ? 1 : (this.code == EventQuery.StatusVarCode.Q_LC_TIME_NAMES_CODE ? 2 : (this.code == EventQuery.StatusVarCode.Q_CHARSET_DATABASE_CODE ? 2 : (this.code == EventQuery.StatusVarCode.Q_TABLE_MAP_FOR_UPDATE_CODE ? 8 : (this.code == EventQuery.StatusVarCode.Q_MASTER_DATA_WRITTEN_CODE ? 4 : (this.code == EventQuery.StatusVarCode.Q_INVOKER ? 2 : (this.code == EventQuery.StatusVarCode.Q_UPDATED_DB_NAMES ? 1 : (this.code == EventQuery.StatusVarCode.Q_MICROSECONDS ? 3 : (this.code == EventQuery.StatusVarCode.Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP ? 1 : (this.code == EventQuery.StatusVarCode.Q_DDL_LOGGED_WITH_XID ? 8 : (this.code == EventQuery.StatusVarCode.Q_DEFAULT_COLLATION_FOR_UTF8MB4 ? 2 : (this.code == EventQuery.StatusVarCode.Q_SQL_REQUIRE_PRIMARY_KEY ? 1 : (this.code == EventQuery.StatusVarCode.Q_DEFAULT_TABLE_ENCRYPTION ? 1 : (this.code == EventQuery.StatusVarCode.Q_ENABLE_CASCADE_TRIGGERS ? 1 : (this.code == EventQuery.StatusVarCode.Q_HRNOW ? 3 : (this.code == EventQuery.StatusVarCode.Q_XID ? 8 : (this.code == EventQuery.StatusVarCode.Q_GTID_FLAGS3 ? 1 : (this.code == EventQuery.StatusVarCode.Q_CHARACTER_SET_COLLATIONS ? 1 : -1))))))))))))))))))))))));
        return this._m_lenMin;
      }
    });

    /**
     * The value: an integer for the fixed-size codes, a small structure
     * for the others (Q_MICROSECONDS / Q_HRNOW: `.value` microseconds).
     */

    /**
     * The rest of the status variables from an unknown code (or a value that does not fit) on, kept raw.
     */

    return StatusVar;
  })();

  /**
   * The status variables of a QUERY_EVENT: a list of (code, value)
   * entries whose value size depends on the code. Like MySQL and
   * MariaDB, parsing stops at the first code it does not know: that
   * entry keeps the rest of the block as raw bytes. The block is a
   * substream of its own, so it never reaches the database name or the
   * statement.
   * @see libs/mysql/binlog/event/statement_events.h Query_event_status_vars
   * @see libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event
   * @see MariaDB sql/log_event.cc Query_log_event::Query_log_event
   */

  var StatusVars = EventQuery.StatusVars = (function() {
    function StatusVars(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    StatusVars.prototype._read = function() {
      if (!(this._io.isEof())) {
        this._debug.entries = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._debug.entries.arr = [];
        this.entries = [];
        var i = 0;
        do {
          this._debug.entries.arr[this.entries.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
          var _t_entries = new StatusVar(this._io, this, this._root);
          try {
            _t_entries._read();
          } finally {
            var _ = _t_entries;
            this.entries.push(_);
          }
          this._debug.entries.arr[this.entries.length - 1].end = this._io.pos;
          i++;
        } while (!( ((this._io.isEof()) || (!(_.isKnown))) ));
        this._debug.entries.end = this._io.pos;
      }
    }

    return StatusVars;
  })();

  /**
   * Q_AUTO_INCREMENT (written when auto_increment_increment or _offset is not 1).
   * @see libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_AUTO_INCREMENT)
   */

  var SvAutoIncrement = EventQuery.SvAutoIncrement = (function() {
    function SvAutoIncrement(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SvAutoIncrement.prototype._read = function() {
      this._debug.increment = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.increment = this._io.readU2le();
      this._debug.increment.end = this._io.pos;
      this._debug.offset = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.offset = this._io.readU2le();
      this._debug.offset.end = this._io.pos;
    }

    return SvAutoIncrement;
  })();

  /**
   * Q_CATALOG_CODE of MySQL 5.0.0-5.0.3, a catalog name with a trailing NUL.
   * @see libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_CATALOG_CODE)
   */

  var SvCatalogOld = EventQuery.SvCatalogOld = (function() {
    function SvCatalogOld(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SvCatalogOld.prototype._read = function() {
      this._debug.lenValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenValue = this._io.readU1();
      this._debug.lenValue.end = this._io.pos;
      this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.value = this._io.readBytes((this.lenValue <= this._io.size - this._io.pos ? this.lenValue : this._io.size - this._io.pos));
      this._debug.value.end = this._io.pos;
      if (!(this._io.isEof())) {
        this._debug.terminator = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.terminator = this._io.readU1();
        this._debug.terminator.end = this._io.pos;
      }
    }

    return SvCatalogOld;
  })();

  /**
   * MariaDB Q_CHARACTER_SET_COLLATIONS (11.2+): the session's
   * @@character_set_collations map, a count then (charset id, collation
   * id) pairs.
   * @see MariaDB sql/charset_collations.h Charset_collation_map_st::to_binary
   */

  var SvCharacterSetCollations = EventQuery.SvCharacterSetCollations = (function() {
    function SvCharacterSetCollations(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SvCharacterSetCollations.prototype._read = function() {
      this._debug.numPairs = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numPairs = this._io.readU1();
      this._debug.numPairs.end = this._io.pos;
      this._debug.pairs = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.pairs.arr = [];
      this.pairs = [];
      for (var i = 0; i < (this.numPairs * 4 <= this._io.size - this._io.pos ? this.numPairs : Math.floor((this._io.size - this._io.pos) / 4)); i++) {
        this._debug.pairs.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_pairs = new SvCharsetCollation(this._io, this, this._root);
        try {
          _t_pairs._read();
        } finally {
          this.pairs.push(_t_pairs);
        }
        this._debug.pairs.arr[i].end = this._io.pos;
      }
      this._debug.pairs.end = this._io.pos;
    }

    return SvCharacterSetCollations;
  })();

  /**
   * Q_CHARSET_CODE, three collation ids (SELECT id FROM information_schema.COLLATIONS).
   * @see libs/mysql/binlog/event/statement_events.h Query_event (charset)
   */

  var SvCharset = EventQuery.SvCharset = (function() {
    function SvCharset(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SvCharset.prototype._read = function() {
      this._debug.characterSetClient = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.characterSetClient = this._io.readU2le();
      this._debug.characterSetClient.end = this._io.pos;
      this._debug.collationConnection = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.collationConnection = this._io.readU2le();
      this._debug.collationConnection.end = this._io.pos;
      this._debug.collationServer = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.collationServer = this._io.readU2le();
      this._debug.collationServer.end = this._io.pos;
    }

    /**
     * Collation of the client, i.e. of the statement text.
     */

    return SvCharset;
  })();

  /**
   * One @@character_set_collations pair (character set id, collation id).
   * @see MariaDB sql/charset_collations.h Charset_collation_map_st::to_binary
   */

  var SvCharsetCollation = EventQuery.SvCharsetCollation = (function() {
    function SvCharsetCollation(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SvCharsetCollation.prototype._read = function() {
      this._debug.charsetId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.charsetId = this._io.readU2le();
      this._debug.charsetId.end = this._io.pos;
      this._debug.collationId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.collationId = this._io.readU2le();
      this._debug.collationId.end = this._io.pos;
    }

    return SvCharsetCollation;
  })();

  /**
   * MariaDB Q_GTID_FLAGS3 (10.8+, ALTER TABLE replication): the GTID
   * extra flags, plus the sequence number of the START ALTER for a
   * COMMIT/ROLLBACK ALTER.
   * @see MariaDB sql/log_event.cc Query_log_event::Query_log_event (Q_GTID_FLAGS3)
   */

  var SvGtidFlags3 = EventQuery.SvGtidFlags3 = (function() {
    function SvGtidFlags3(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SvGtidFlags3.prototype._read = function() {
      this._debug.flagsExtra = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.flagsExtra = this._io.readU1();
      this._debug.flagsExtra.end = this._io.pos;
      if ( (((this.flagsExtra & 12) != 0) && (this._io.size - this._io.pos >= 8)) ) {
        this._debug.saSeqNo = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.saSeqNo = this._io.readU8le();
        this._debug.saSeqNo.end = this._io.pos;
      }
    }

    /**
     * Gtid_log_event FL_*_E1 bits, see `gtid_flags_extra`.
     */

    /**
     * Present with FL_COMMIT_ALTER_E1 (0x4) or FL_ROLLBACK_ALTER_E1 (0x8).
     */

    return SvGtidFlags3;
  })();

  /**
   * Q_INVOKER, the user and host of CURRENT_USER() for definer clauses.
   * @see libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_INVOKER)
   */

  var SvInvoker = EventQuery.SvInvoker = (function() {
    function SvInvoker(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SvInvoker.prototype._read = function() {
      this._debug.lenUser = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenUser = this._io.readU1();
      this._debug.lenUser.end = this._io.pos;
      this._debug.user = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.user = this._io.readBytes((this.lenUser <= this._io.size - this._io.pos ? this.lenUser : this._io.size - this._io.pos));
      this._debug.user.end = this._io.pos;
      if (!(this._io.isEof())) {
        this._debug.lenHost = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lenHost = this._io.readU1();
        this._debug.lenHost.end = this._io.pos;
      }
      if (!(this._io.isEof())) {
        this._debug.host = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.host = this._io.readBytes((this.lenHost <= this._io.size - this._io.pos ? this.lenHost : this._io.size - this._io.pos));
        this._debug.host.end = this._io.pos;
      }
    }

    return SvInvoker;
  })();

  /**
   * A string of at most 255 bytes with a 1-byte length (time zone,
   * catalog; also the terminators of `sql_ex_new`). A length past the
   * end of the block is cut to what is left (corrupt events only).
   * @see libs/mysql/binlog/event/event_reader.cpp Event_reader::read_str_at_most_255_bytes
   */

  var SvString = EventQuery.SvString = (function() {
    function SvString(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SvString.prototype._read = function() {
      this._debug.lenValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenValue = this._io.readU1();
      this._debug.lenValue.end = this._io.pos;
      this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.value = this._io.readBytes((this.lenValue <= this._io.size - this._io.pos ? this.lenValue : this._io.size - this._io.pos));
      this._debug.value.end = this._io.pos;
    }

    return SvString;
  })();

  /**
   * Q_UPDATED_DB_NAMES (MySQL 5.6+): the databases the statement
   * changes, for the multi-threaded applier. A count above 16
   * (OVER_MAX_DBS_IN_EVENT_MTS = 254) has no names.
   * @see libs/mysql/binlog/event/statement_events.cpp Query_event::Query_event (Q_UPDATED_DB_NAMES)
   */

  var SvUpdatedDbNames = EventQuery.SvUpdatedDbNames = (function() {
    function SvUpdatedDbNames(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SvUpdatedDbNames.prototype._read = function() {
      this._debug.numDbs = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numDbs = this._io.readU1();
      this._debug.numDbs.end = this._io.pos;
      this._debug.dbNames = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.dbNames.arr = [];
      this.dbNames = [];
      for (var i = 0; i < (this.numDbs <= 16 ? this.numDbs : 0); i++) {
        this._debug.dbNames.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.dbNames.push(this._io.readBytesTerm(0, false, true, false));
        this._debug.dbNames.arr[i].end = this._io.pos;
      }
      this._debug.dbNames.end = this._io.pos;
    }

    /**
     * NUL-terminated database names (bytes).
     */

    return SvUpdatedDbNames;
  })();

  return EventQuery;
})();
EventQuery_.EventQuery = EventQuery;
});
