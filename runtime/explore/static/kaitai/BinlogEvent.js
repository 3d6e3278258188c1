// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './EventControl', './EventMariadb', './EventGtid', './EventQuery', './EventTableMap', './EventRows'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./EventControl'), require('./EventMariadb'), require('./EventGtid'), require('./EventQuery'), require('./EventTableMap'), require('./EventRows'));
  } else {
    factory(root.BinlogEvent || (root.BinlogEvent = {}), root.KaitaiStream, root.EventControl || (root.EventControl = {}), root.EventMariadb || (root.EventMariadb = {}), root.EventGtid || (root.EventGtid = {}), root.EventQuery || (root.EventQuery = {}), root.EventTableMap || (root.EventTableMap = {}), root.EventRows || (root.EventRows = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (BinlogEvent_, KaitaiStream, EventControl_, EventMariadb_, EventGtid_, EventQuery_, EventTableMap_, EventRows_) {
/**
 * One event of a binary log: the common header, the body and, when the
 * file's FORMAT_DESCRIPTION_EVENT announces CRC32, a 4-byte checksum.
 * 
 * The body is sized from the header (`event_length` minus header and
 * checksum) and parsed by `event_body`, a router that picks the body type
 * from the event type code. Each body type gets the post-header length that
 * the format description event lists for its type, so a layout that grew
 * over server versions (QUERY, TABLE_MAP, ROWS) is read the way the writing
 * server wrote it, and an unknown or newer event type still parses as raw
 * bytes.
 * 
 * The format description event itself never counts its trailing 4 bytes as
 * a checksum here: its body type reads them (they are present even when
 * checksums are off), see `event_control::format_description_event`.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html|Source}
 * @see libs/mysql/binlog/event/binlog_event.h (Log_event_header, Log_event_type)
 * @see MariaDB sql/log_event.h (Log_event_type)
 */

var BinlogEvent = (function() {
  BinlogEvent.EventType = Object.freeze({
    UNKNOWN_EVENT: 0,
    START_EVENT_V3: 1,
    QUERY_EVENT: 2,
    STOP_EVENT: 3,
    ROTATE_EVENT: 4,
    INTVAR_EVENT: 5,
    LOAD_EVENT: 6,
    SLAVE_EVENT: 7,
    CREATE_FILE_EVENT: 8,
    APPEND_BLOCK_EVENT: 9,
    EXEC_LOAD_EVENT: 10,
    DELETE_FILE_EVENT: 11,
    NEW_LOAD_EVENT: 12,
    RAND_EVENT: 13,
    USER_VAR_EVENT: 14,
    FORMAT_DESCRIPTION_EVENT: 15,
    XID_EVENT: 16,
    BEGIN_LOAD_QUERY_EVENT: 17,
    EXECUTE_LOAD_QUERY_EVENT: 18,
    TABLE_MAP_EVENT: 19,
    PRE_GA_WRITE_ROWS_EVENT: 20,
    PRE_GA_UPDATE_ROWS_EVENT: 21,
    PRE_GA_DELETE_ROWS_EVENT: 22,
    WRITE_ROWS_EVENT_V1: 23,
    UPDATE_ROWS_EVENT_V1: 24,
    DELETE_ROWS_EVENT_V1: 25,
    INCIDENT_EVENT: 26,
    HEARTBEAT_LOG_EVENT: 27,
    IGNORABLE_LOG_EVENT: 28,
    ROWS_QUERY_LOG_EVENT: 29,
    WRITE_ROWS_EVENT: 30,
    UPDATE_ROWS_EVENT: 31,
    DELETE_ROWS_EVENT: 32,
    GTID_LOG_EVENT: 33,
    ANONYMOUS_GTID_LOG_EVENT: 34,
    PREVIOUS_GTIDS_LOG_EVENT: 35,
    TRANSACTION_CONTEXT_EVENT: 36,
    VIEW_CHANGE_EVENT: 37,
    XA_PREPARE_LOG_EVENT: 38,
    PARTIAL_UPDATE_ROWS_EVENT: 39,
    TRANSACTION_PAYLOAD_EVENT: 40,
    HEARTBEAT_LOG_EVENT_V2: 41,
    GTID_TAGGED_LOG_EVENT: 42,
    AURORA_PADDING_EVENT: 100,
    ANNOTATE_ROWS_EVENT: 160,
    BINLOG_CHECKPOINT_EVENT: 161,
    GTID_EVENT: 162,
    GTID_LIST_EVENT: 163,
    START_ENCRYPTION_EVENT: 164,
    QUERY_COMPRESSED_EVENT: 165,
    WRITE_ROWS_COMPRESSED_EVENT_V1: 166,
    UPDATE_ROWS_COMPRESSED_EVENT_V1: 167,
    DELETE_ROWS_COMPRESSED_EVENT_V1: 168,
    WRITE_ROWS_COMPRESSED_EVENT: 169,
    UPDATE_ROWS_COMPRESSED_EVENT: 170,
    DELETE_ROWS_COMPRESSED_EVENT: 171,

    0: "UNKNOWN_EVENT",
    1: "START_EVENT_V3",
    2: "QUERY_EVENT",
    3: "STOP_EVENT",
    4: "ROTATE_EVENT",
    5: "INTVAR_EVENT",
    6: "LOAD_EVENT",
    7: "SLAVE_EVENT",
    8: "CREATE_FILE_EVENT",
    9: "APPEND_BLOCK_EVENT",
    10: "EXEC_LOAD_EVENT",
    11: "DELETE_FILE_EVENT",
    12: "NEW_LOAD_EVENT",
    13: "RAND_EVENT",
    14: "USER_VAR_EVENT",
    15: "FORMAT_DESCRIPTION_EVENT",
    16: "XID_EVENT",
    17: "BEGIN_LOAD_QUERY_EVENT",
    18: "EXECUTE_LOAD_QUERY_EVENT",
    19: "TABLE_MAP_EVENT",
    20: "PRE_GA_WRITE_ROWS_EVENT",
    21: "PRE_GA_UPDATE_ROWS_EVENT",
    22: "PRE_GA_DELETE_ROWS_EVENT",
    23: "WRITE_ROWS_EVENT_V1",
    24: "UPDATE_ROWS_EVENT_V1",
    25: "DELETE_ROWS_EVENT_V1",
    26: "INCIDENT_EVENT",
    27: "HEARTBEAT_LOG_EVENT",
    28: "IGNORABLE_LOG_EVENT",
    29: "ROWS_QUERY_LOG_EVENT",
    30: "WRITE_ROWS_EVENT",
    31: "UPDATE_ROWS_EVENT",
    32: "DELETE_ROWS_EVENT",
    33: "GTID_LOG_EVENT",
    34: "ANONYMOUS_GTID_LOG_EVENT",
    35: "PREVIOUS_GTIDS_LOG_EVENT",
    36: "TRANSACTION_CONTEXT_EVENT",
    37: "VIEW_CHANGE_EVENT",
    38: "XA_PREPARE_LOG_EVENT",
    39: "PARTIAL_UPDATE_ROWS_EVENT",
    40: "TRANSACTION_PAYLOAD_EVENT",
    41: "HEARTBEAT_LOG_EVENT_V2",
    42: "GTID_TAGGED_LOG_EVENT",
    100: "AURORA_PADDING_EVENT",
    160: "ANNOTATE_ROWS_EVENT",
    161: "BINLOG_CHECKPOINT_EVENT",
    162: "GTID_EVENT",
    163: "GTID_LIST_EVENT",
    164: "START_ENCRYPTION_EVENT",
    165: "QUERY_COMPRESSED_EVENT",
    166: "WRITE_ROWS_COMPRESSED_EVENT_V1",
    167: "UPDATE_ROWS_COMPRESSED_EVENT_V1",
    168: "DELETE_ROWS_COMPRESSED_EVENT_V1",
    169: "WRITE_ROWS_COMPRESSED_EVENT",
    170: "UPDATE_ROWS_COMPRESSED_EVENT",
    171: "DELETE_ROWS_COMPRESSED_EVENT",
  });

  function BinlogEvent(_io, _parent, _root, lenHeader, postHeaderLengths, hasCrc32, usesPreGaNumbering) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this.lenHeader = lenHeader;
    this.postHeaderLengths = postHeaderLengths;
    this.hasCrc32 = hasCrc32;
    this.usesPreGaNumbering = usesPreGaNumbering;
    this._debug = {};

  }
  BinlogEvent.prototype._read = function() {
    this._debug.header = { start: this._io.pos, ioOffset: this._io.byteOffset };
    this.header = new EventHeader(this._io, this, this._root, this.lenHeader);
    this.header._read();
    this._debug.header.end = this._io.pos;
    this._debug.body = { start: this._io.pos, ioOffset: this._io.byteOffset };
    this._raw_body = this._io.readBytes(this.lenBody);
    var _io__raw_body = new KaitaiStream(this._raw_body);
    this.body = new EventBody(_io__raw_body, this, this._root, this.typeCode, this.postHeaderLen);
    this.body._read();
    this._debug.body.end = this._io.pos;
    if (this.hasChecksum) {
      this._debug.checksum = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.checksum = this._io.readU4le();
      this._debug.checksum.end = this._io.pos;
    }
  }

  /**
   * Routes an event body to its type by event type code. Types without a
   * body type (STOP, IGNORABLE, UNKNOWN, type 100 and any code this spec
   * does not know) are kept as raw bytes.
   * @see libs/mysql/binlog/event/binlog_event.h Log_event_type
   */

  var EventBody = BinlogEvent.EventBody = (function() {
    function EventBody(_io, _parent, _root, typeCode, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.typeCode = typeCode;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    EventBody.prototype._read = function() {
      this._debug.data = { start: this._io.pos, ioOffset: this._io.byteOffset };
      switch (this.typeCode) {
      case BinlogEvent.EventType.ANNOTATE_ROWS_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventMariadb_.EventMariadb.AnnotateRowsEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.ANONYMOUS_GTID_LOG_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventGtid_.EventGtid.GtidEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.APPEND_BLOCK_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventQuery_.EventQuery.AppendBlockEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.BEGIN_LOAD_QUERY_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventQuery_.EventQuery.BeginLoadQueryEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.BINLOG_CHECKPOINT_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventMariadb_.EventMariadb.BinlogCheckpointEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.CREATE_FILE_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventQuery_.EventQuery.CreateFileEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.DELETE_FILE_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventQuery_.EventQuery.DeleteFileEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.DELETE_ROWS_COMPRESSED_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.DELETE_ROWS_COMPRESSED_EVENT_V1:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.DELETE_ROWS_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.DELETE_ROWS_EVENT_V1:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.EXEC_LOAD_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventQuery_.EventQuery.ExecLoadEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.EXECUTE_LOAD_QUERY_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventQuery_.EventQuery.ExecuteLoadQueryEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.FORMAT_DESCRIPTION_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.FormatDescriptionEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.GTID_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventMariadb_.EventMariadb.MariadbGtidEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.GTID_LIST_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventMariadb_.EventMariadb.GtidListEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.GTID_LOG_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventGtid_.EventGtid.GtidEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.GTID_TAGGED_LOG_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventGtid_.EventGtid.GtidTaggedEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.HEARTBEAT_LOG_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.HeartbeatEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.HEARTBEAT_LOG_EVENT_V2:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.HeartbeatEventV2(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.INCIDENT_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.IncidentEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.INTVAR_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.IntvarEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.LOAD_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventQuery_.EventQuery.LoadEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.NEW_LOAD_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventQuery_.EventQuery.NewLoadEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.PARTIAL_UPDATE_ROWS_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.PRE_GA_DELETE_ROWS_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.PRE_GA_UPDATE_ROWS_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.PRE_GA_WRITE_ROWS_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.PREVIOUS_GTIDS_LOG_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventGtid_.EventGtid.PreviousGtidsEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.QUERY_COMPRESSED_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventMariadb_.EventMariadb.QueryCompressedEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.QUERY_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventQuery_.EventQuery.QueryEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.RAND_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.RandEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.ROTATE_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.RotateEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.ROWS_QUERY_LOG_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.RowsQueryEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.START_ENCRYPTION_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventMariadb_.EventMariadb.StartEncryptionEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.START_EVENT_V3:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.StartEventV3(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.TABLE_MAP_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventTableMap_.EventTableMap.TableMapEvent(_io__raw_data, null, null, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.TRANSACTION_CONTEXT_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventGtid_.EventGtid.TransactionContextEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.TRANSACTION_PAYLOAD_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventGtid_.EventGtid.TransactionPayloadEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.UPDATE_ROWS_COMPRESSED_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.UPDATE_ROWS_COMPRESSED_EVENT_V1:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.UPDATE_ROWS_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.UPDATE_ROWS_EVENT_V1:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.USER_VAR_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.UserVarEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.VIEW_CHANGE_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventGtid_.EventGtid.ViewChangeEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.WRITE_ROWS_COMPRESSED_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.WRITE_ROWS_COMPRESSED_EVENT_V1:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.WRITE_ROWS_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.WRITE_ROWS_EVENT_V1:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventRows_.EventRows.RowsEvent(_io__raw_data, null, null, this.typeCode, this.postHeaderLen);
        this.data._read();
        break;
      case BinlogEvent.EventType.XA_PREPARE_LOG_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventGtid_.EventGtid.XaPrepareEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      case BinlogEvent.EventType.XID_EVENT:
        this._raw_data = this._io.readBytesFull();
        var _io__raw_data = new KaitaiStream(this._raw_data);
        this.data = new EventControl_.EventControl.XidEvent(_io__raw_data, null, null);
        this.data._read();
        break;
      default:
        this.data = this._io.readBytesFull();
        break;
      }
      this._debug.data.end = this._io.pos;
    }

    return EventBody;
  })();

  /**
   * The common header in front of every event: 19 bytes since binlog
   * version 3 (MySQL 4.0), 13 bytes in version 1 (MySQL 3.23), which has
   * neither `next_position` nor `flags`. A format description may declare
   * a longer header; the extra bytes are kept as `extra_headers`.
   * @see libs/mysql/binlog/event/binlog_event.h Log_event_header (LOG_EVENT_HEADER_LEN, OLD_HEADER_LEN)
   */

  var EventHeader = BinlogEvent.EventHeader = (function() {
    function EventHeader(_io, _parent, _root, lenHeader) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.lenHeader = lenHeader;
      this._debug = {};

    }
    EventHeader.prototype._read = function() {
      this._debug.timestamp = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.timestamp = this._io.readU4le();
      this._debug.timestamp.end = this._io.pos;
      this._debug.typeCode = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "BinlogEvent.EventType" };
      this.typeCode = this._io.readU1();
      this._debug.typeCode.end = this._io.pos;
      this._debug.serverId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.serverId = this._io.readU4le();
      this._debug.serverId.end = this._io.pos;
      this._debug.eventLength = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.eventLength = this._io.readU4le();
      this._debug.eventLength.end = this._io.pos;
      if (this.lenHeader >= 17) {
        this._debug.nextPosition = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.nextPosition = this._io.readU4le();
        this._debug.nextPosition.end = this._io.pos;
      }
      if (this.lenHeader >= 19) {
        this._debug.flags = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.flags = this._io.readU2le();
        this._debug.flags.end = this._io.pos;
      }
      if (this.lenHeader > 19) {
        this._debug.extraHeaders = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.extraHeaders = this._io.readBytes(this.lenHeader - 19);
        this._debug.extraHeaders.end = this._io.pos;
      }
    }

    /**
     * LOG_EVENT_ARTIFICIAL_F (made up by a replica, e.g. a fake ROTATE).
     */
    Object.defineProperty(EventHeader.prototype, 'isArtificial', {
      get: function() {
        if (this._m_isArtificial !== undefined)
          return this._m_isArtificial;
        this._debug._m_isArtificial = {  };
        this._m_isArtificial =  ((this.lenHeader >= 19) && ((this.flags & 32) != 0)) ;
        return this._m_isArtificial;
      }
    });

    /**
     * LOG_EVENT_BINLOG_IN_USE_F, set in the FDE of a file still open (or of a crashed server).
     */
    Object.defineProperty(EventHeader.prototype, 'isBinlogInUse', {
      get: function() {
        if (this._m_isBinlogInUse !== undefined)
          return this._m_isBinlogInUse;
        this._debug._m_isBinlogInUse = {  };
        this._m_isBinlogInUse =  ((this.lenHeader >= 19) && ((this.flags & 1) != 0)) ;
        return this._m_isBinlogInUse;
      }
    });

    /**
     * LOG_EVENT_IGNORABLE_F (a reader that does not know the type may skip it).
     */
    Object.defineProperty(EventHeader.prototype, 'isIgnorable', {
      get: function() {
        if (this._m_isIgnorable !== undefined)
          return this._m_isIgnorable;
        this._debug._m_isIgnorable = {  };
        this._m_isIgnorable =  ((this.lenHeader >= 19) && ((this.flags & 128) != 0)) ;
        return this._m_isIgnorable;
      }
    });

    /**
     * LOG_EVENT_RELAY_LOG_F (written by the replica's SQL thread).
     */
    Object.defineProperty(EventHeader.prototype, 'isRelayLog', {
      get: function() {
        if (this._m_isRelayLog !== undefined)
          return this._m_isRelayLog;
        this._debug._m_isRelayLog = {  };
        this._m_isRelayLog =  ((this.lenHeader >= 19) && ((this.flags & 64) != 0)) ;
        return this._m_isRelayLog;
      }
    });

    /**
     * LOG_EVENT_SUPPRESS_USE_F (no USE before the query).
     */
    Object.defineProperty(EventHeader.prototype, 'isSuppressUse', {
      get: function() {
        if (this._m_isSuppressUse !== undefined)
          return this._m_isSuppressUse;
        this._debug._m_isSuppressUse = {  };
        this._m_isSuppressUse =  ((this.lenHeader >= 19) && ((this.flags & 8) != 0)) ;
        return this._m_isSuppressUse;
      }
    });

    /**
     * LOG_EVENT_THREAD_SPECIFIC_F (statement used temporary tables).
     */
    Object.defineProperty(EventHeader.prototype, 'isThreadSpecific', {
      get: function() {
        if (this._m_isThreadSpecific !== undefined)
          return this._m_isThreadSpecific;
        this._debug._m_isThreadSpecific = {  };
        this._m_isThreadSpecific =  ((this.lenHeader >= 19) && ((this.flags & 4) != 0)) ;
        return this._m_isThreadSpecific;
      }
    });

    /**
     * Seconds since the Unix epoch when the statement began.
     */

    /**
     * Event type as written (see `binlog_event.type_code` for early 5.1 files).
     */

    /**
     * Id of the server that originally wrote the event.
     */

    /**
     * Size of the whole event, header and checksum included.
     */

    /**
     * Position of the next event in the file of the server that wrote
     * it (0 for events inside a TRANSACTION_PAYLOAD and in some relay logs).
     */

    /**
     * Event flags (LOG_EVENT_*_F), see the `is_*` instances.
     */

    return EventHeader;
  })();
  Object.defineProperty(BinlogEvent.prototype, 'hasChecksum', {
    get: function() {
      if (this._m_hasChecksum !== undefined)
        return this._m_hasChecksum;
      this._debug._m_hasChecksum = {  };
      this._m_hasChecksum =  ((this.hasCrc32) && (this.typeCode != BinlogEvent.EventType.FORMAT_DESCRIPTION_EVENT)) ;
      return this._m_hasChecksum;
    }
  });
  Object.defineProperty(BinlogEvent.prototype, 'lenBody', {
    get: function() {
      if (this._m_lenBody !== undefined)
        return this._m_lenBody;
      this._debug._m_lenBody = {  };
      this._m_lenBody = (this.header.eventLength - this.lenHeader) - (this.hasChecksum ? 4 : 0);
      return this._m_lenBody;
    }
  });

  /**
   * Post-header length of this event's type as listed by the format
   * description (0 for types it does not list).
   */
  Object.defineProperty(BinlogEvent.prototype, 'postHeaderLen', {
    get: function() {
      if (this._m_postHeaderLen !== undefined)
        return this._m_postHeaderLen;
      this._debug._m_postHeaderLen = {  };
      this._m_postHeaderLen = ( ((this.header.typeCode >= 1) && (this.header.typeCode <= this.postHeaderLengths.length))  ? this.postHeaderLengths[this.header.typeCode - 1] : 0);
      return this._m_postHeaderLen;
    }
  });

  /**
   * Today's type code for each type code 0-22 of the early 5.1/5.2 numbering.
   */
  Object.defineProperty(BinlogEvent.prototype, 'preGaTypeCodes', {
    get: function() {
      if (this._m_preGaTypeCodes !== undefined)
        return this._m_preGaTypeCodes;
      this._debug._m_preGaTypeCodes = {  };
      this._m_preGaTypeCodes = new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 21, 22, 16, 17, 18]);
      return this._m_preGaTypeCodes;
    }
  });

  /**
   * The event type in today's numbering. Early 5.1/5.2 trees wrote
   * TABLE_MAP as 16, the pre-GA rows events as 17-19 and XID,
   * BEGIN_LOAD_QUERY and EXECUTE_LOAD_QUERY as 20-22.
   * @see sql/log_event.cc (5.1) Format_description_log_event ctor, event_type_permutation
   */
  Object.defineProperty(BinlogEvent.prototype, 'typeCode', {
    get: function() {
      if (this._m_typeCode !== undefined)
        return this._m_typeCode;
      this._debug._m_typeCode = { enumName: "BinlogEvent.EventType" };
      this._m_typeCode = ( ((this.usesPreGaNumbering) && (this.header.typeCode < 23))  ? this.preGaTypeCodes[this.header.typeCode] : this.header.typeCode);
      return this._m_typeCode;
    }
  });

  /**
   * CRC32 (zlib, IEEE) of every preceding byte of the event, header included.
   */

  /**
   * Common header length, 13 in v1 files (MySQL 3.23), 19 otherwise.
   */

  /**
   * The format description's post-header lengths, indexed by event type
   * code minus 1 (in the file's own numbering).
   */

  /**
   * True when the format description announces CRC32 checksums.
   */

  /**
   * True for files of the early 5.1/5.2 development trees that numbered
   * event types 16-22 differently (see `type_code`).
   */

  return BinlogEvent;
})();
BinlogEvent_.BinlogEvent = BinlogEvent;
});
