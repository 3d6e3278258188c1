// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './PackedInt'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./PackedInt'));
  } else {
    factory(root.EventControl || (root.EventControl = {}), root.KaitaiStream, root.PackedInt || (root.PackedInt = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (EventControl_, KaitaiStream, PackedInt_) {
/**
 * Body types of the events that frame and control a binary log: the
 * start events of v1/v3 files, FORMAT_DESCRIPTION, ROTATE, INTVAR, RAND,
 * USER_VAR, XID, INCIDENT, HEARTBEAT and ROWS_QUERY. Each type parses the
 * event body only: the common header and the CRC32 trailer are outside it
 * (except for the format description, see there).
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html|Source}
 * @see libs/mysql/binlog/event/control_events.h
 */

var EventControl = (function() {
  EventControl.ChecksumAlg = Object.freeze({
    OFF: 0,
    CRC32: 1,
    UNDEF: 255,

    0: "OFF",
    1: "CRC32",
    255: "UNDEF",
  });

  EventControl.HeartbeatFieldType = Object.freeze({
    END_MARK: 0,
    LOG_FILENAME: 1,
    LOG_POSITION: 2,

    0: "END_MARK",
    1: "LOG_FILENAME",
    2: "LOG_POSITION",
  });

  EventControl.IncidentType = Object.freeze({
    INCIDENT_NONE: 0,
    INCIDENT_LOST_EVENTS: 1,

    0: "INCIDENT_NONE",
    1: "INCIDENT_LOST_EVENTS",
  });

  EventControl.IntvarType = Object.freeze({
    INVALID_INT_EVENT: 0,
    LAST_INSERT_ID_EVENT: 1,
    INSERT_ID_EVENT: 2,

    0: "INVALID_INT_EVENT",
    1: "LAST_INSERT_ID_EVENT",
    2: "INSERT_ID_EVENT",
  });

  EventControl.ItemResult = Object.freeze({
    STRING_RESULT: 0,
    REAL_RESULT: 1,
    INT_RESULT: 2,
    ROW_RESULT: 3,
    DECIMAL_RESULT: 4,

    0: "STRING_RESULT",
    1: "REAL_RESULT",
    2: "INT_RESULT",
    3: "ROW_RESULT",
    4: "DECIMAL_RESULT",
  });

  EventControl.UserVarFlag = Object.freeze({
    UNDEF_F: 0,
    UNSIGNED_F: 1,

    0: "UNDEF_F",
    1: "UNSIGNED_F",
  });

  function EventControl(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this._debug = {};

  }
  EventControl.prototype._read = function() {
  }

  /**
   * FORMAT_DESCRIPTION_EVENT, the first event of every v4 binary log
   * (MySQL 5.0+, MariaDB). It gives the common header length, the
   * post-header length of every event type the server knows, and, from
   * MySQL 5.6.1 and MariaDB 5.3 on, the checksum algorithm of the file.
   * 
   * This body type receives the whole event minus the common header: the
   * checksum trailer (`checksum_alg` + a 4-byte CRC) is present whenever
   * the server version has checksums, even when the algorithm is OFF, so
   * it cannot be told from the checksum flag of the file itself.
   * @see libs/mysql/binlog/event/control_events.h Format_description_event
   * @see libs/mysql/binlog/event/binlog_event.h checksum_version_split
   * @see MariaDB sql/log_event.cc Format_description_log_event ctor (checksum_version_split_mariadb)
   */

  var FormatDescriptionEvent = EventControl.FormatDescriptionEvent = (function() {
    function FormatDescriptionEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    FormatDescriptionEvent.prototype._read = function() {
      this._debug.binlogVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.binlogVersion = this._io.readU2le();
      this._debug.binlogVersion.end = this._io.pos;
      if (!(this.binlogVersion == 4)) {
        var _err = new KaitaiStream.ValidationNotEqualError(4, this.binlogVersion, this._io, "/types/format_description_event/seq/0");
        this._debug.binlogVersion.validationError = _err;
        throw _err;
      }
      this._debug.serverVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.serverVersion = KaitaiStream.bytesToStr(KaitaiStream.bytesTerminate(this._io.readBytes(50), 0, false), "ASCII");
      this._debug.serverVersion.end = this._io.pos;
      this._debug.createTimestamp = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.createTimestamp = this._io.readU4le();
      this._debug.createTimestamp.end = this._io.pos;
      this._debug.lenHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenHeader = this._io.readU1();
      this._debug.lenHeader.end = this._io.pos;
      this._debug.postHeaderLengths = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.postHeaderLengths = this._io.readBytes((this._io.size - this._io.pos) - (this.hasChecksumAlg ? 5 : 0));
      this._debug.postHeaderLengths.end = this._io.pos;
      if (this.hasChecksumAlg) {
        this._debug.checksumAlg = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventControl.ChecksumAlg" };
        this.checksumAlg = this._io.readU1();
        this._debug.checksumAlg.end = this._io.pos;
      }
      if (this.hasChecksumAlg) {
        this._debug.checksum = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.checksum = this._io.readU4le();
        this._debug.checksum.end = this._io.pos;
      }
    }

    /**
     * True for servers that write the checksum trailer (MySQL 5.6.1+, MariaDB 5.3+).
     */
    Object.defineProperty(FormatDescriptionEvent.prototype, 'hasChecksumAlg', {
      get: function() {
        if (this._m_hasChecksumAlg !== undefined)
          return this._m_hasChecksumAlg;
        this._debug._m_hasChecksumAlg = {  };
        this._m_hasChecksumAlg =  ((this.version.product >= 50601) || ( ((this.version.isMariadb) && (this.version.product >= 50300)) )) ;
        return this._m_hasChecksumAlg;
      }
    });

    /**
     * True when every other event of the file ends with a CRC32.
     */
    Object.defineProperty(FormatDescriptionEvent.prototype, 'hasCrc32', {
      get: function() {
        if (this._m_hasCrc32 !== undefined)
          return this._m_hasCrc32;
        this._debug._m_hasCrc32 = {  };
        this._m_hasCrc32 =  ((this.hasChecksumAlg) && (this.checksumAlg == EventControl.ChecksumAlg.CRC32)) ;
        return this._m_hasCrc32;
      }
    });

    /**
     * How many event types this server knows (27 on 5.5, 38 on 5.7, 171 on MariaDB).
     */
    Object.defineProperty(FormatDescriptionEvent.prototype, 'numEventTypes', {
      get: function() {
        if (this._m_numEventTypes !== undefined)
          return this._m_numEventTypes;
        this._debug._m_numEventTypes = {  };
        this._m_numEventTypes = this.postHeaderLengths.length;
        return this._m_numEventTypes;
      }
    });

    /**
     * True for the 5.1/5.2 development trees (5.1.1-5.1.5 "a_drop5p",
     * 5.2.0-5.2.2 "a_drop6p") that numbered event types 16-22 differently.
     * @see sql/log_event.cc (5.1) Format_description_log_event ctor, event_type_permutation
     */
    Object.defineProperty(FormatDescriptionEvent.prototype, 'usesPreGaNumbering', {
      get: function() {
        if (this._m_usesPreGaNumbering !== undefined)
          return this._m_usesPreGaNumbering;
        this._debug._m_usesPreGaNumbering = {  };
        this._m_usesPreGaNumbering =  ((this.serverVersion.length >= 13) && (this.serverVersion.substring(5, 12) == "-a_drop") && ( (( ((this.version.major == 5) && (this.version.minor == 1) && (this.version.patch >= 1) && (this.version.patch <= 5) && (this.serverVersion.substring(12, 13) == "5")) ) || ( ((this.version.major == 5) && (this.version.minor == 2) && (this.version.patch <= 2) && (this.serverVersion.substring(12, 13) == "6")) )) )) ;
        return this._m_usesPreGaNumbering;
      }
    });

    /**
     * The server version split into numbers, as do_server_version_split() does.
     */
    Object.defineProperty(FormatDescriptionEvent.prototype, 'version', {
      get: function() {
        if (this._m_version !== undefined)
          return this._m_version;
        var _pos = this._io.pos;
        this._io.seek(2);
        this._debug._m_version = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._raw__m_version = this._io.readBytes(50);
        var _io__raw__m_version = new KaitaiStream(this._raw__m_version);
        this._m_version = new ServerVersionSplit(_io__raw__m_version, this, this._root);
        this._m_version._read();
        this._debug._m_version.end = this._io.pos;
        this._io.seek(_pos);
        return this._m_version;
      }
    });

    /**
     * When the file was created (0 when the server started a new file at a rotation).
     */

    /**
     * Length of the common header of every other event (19).
     */

    /**
     * Post-header length per event type, indexed by type code minus 1.
     */

    /**
     * Checksum algorithm of every event of the file after this one.
     */

    /**
     * CRC32 of this event, computed with the header flag
     * LOG_EVENT_BINLOG_IN_USE_F cleared (garbage when the algorithm is OFF).
     */

    return FormatDescriptionEvent;
  })();

  /**
   * HEARTBEAT_LOG_EVENT: sent by a source to an idle replica, never
   * written to a file. The body is the name of the source's current
   * binary log; the position is the header's `next_position`.
   * @see libs/mysql/binlog/event/control_events.h Heartbeat_event
   * @see libs/mysql/binlog/event/control_events.cpp Heartbeat_event::Heartbeat_event
   */

  var HeartbeatEvent = EventControl.HeartbeatEvent = (function() {
    function HeartbeatEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    HeartbeatEvent.prototype._read = function() {
      this._debug.logFilename = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.logFilename = KaitaiStream.bytesToStr(this._io.readBytesFull(), "UTF-8");
      this._debug.logFilename.end = this._io.pos;
    }

    return HeartbeatEvent;
  })();

  /**
   * HEARTBEAT_LOG_EVENT_V2 (MySQL 8.0.26+): a heartbeat whose body is a
   * list of type-length-value fields (each part a packed integer) ended
   * by the type END_MARK. Stream only, never in a file.
   * @see libs/mysql/binlog/event/control_events.h Heartbeat_event_v2
   * @see libs/mysql/binlog/event/codecs/binary.cpp Heartbeat::decode
   * @see libs/mysql/binlog/event/codecs/binary.h Heartbeat::fields
   */

  var HeartbeatEventV2 = EventControl.HeartbeatEventV2 = (function() {
    function HeartbeatEventV2(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    HeartbeatEventV2.prototype._read = function() {
      this._debug.fields = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.fields.arr = [];
      this.fields = [];
      var i = 0;
      do {
        this._debug.fields.arr[this.fields.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_fields = new HeartbeatField(this._io, this, this._root);
        try {
          _t_fields._read();
        } finally {
          var _ = _t_fields;
          this.fields.push(_);
        }
        this._debug.fields.arr[this.fields.length - 1].end = this._io.pos;
        i++;
      } while (!( ((_.isEnd) || (this._io.isEof())) ));
      this._debug.fields.end = this._io.pos;
    }

    /**
     * The LOG_FILENAME field (empty when absent; looks at the first 4 fields).
     */
    Object.defineProperty(HeartbeatEventV2.prototype, 'logFilename', {
      get: function() {
        if (this._m_logFilename !== undefined)
          return this._m_logFilename;
        this._debug._m_logFilename = {  };
        this._m_logFilename = ( ((this.fields.length > 0) && (this.fields[0].fieldType.value == 1))  ? this.fields[0].logFilename : ( ((this.fields.length > 1) && (this.fields[1].fieldType.value == 1))  ? this.fields[1].logFilename : ( ((this.fields.length > 2) && (this.fields[2].fieldType.value == 1))  ? this.fields[2].logFilename : ( ((this.fields.length > 3) && (this.fields[3].fieldType.value == 1))  ? this.fields[3].logFilename : ""))));
        return this._m_logFilename;
      }
    });

    /**
     * The LOG_POSITION field (0 when absent; looks at the first 4 fields).
     */
    Object.defineProperty(HeartbeatEventV2.prototype, 'logPosition', {
      get: function() {
        if (this._m_logPosition !== undefined)
          return this._m_logPosition;
        this._debug._m_logPosition = {  };
        this._m_logPosition = ( ((this.fields.length > 0) && (this.fields[0].fieldType.value == 2))  ? this.fields[0].intValue : ( ((this.fields.length > 1) && (this.fields[1].fieldType.value == 2))  ? this.fields[1].intValue : ( ((this.fields.length > 2) && (this.fields[2].fieldType.value == 2))  ? this.fields[2].intValue : ( ((this.fields.length > 3) && (this.fields[3].fieldType.value == 2))  ? this.fields[3].intValue : 0))));
        return this._m_logPosition;
      }
    });

    return HeartbeatEventV2;
  })();

  /**
   * One TLV field of a HEARTBEAT_LOG_EVENT_V2.
   * @see libs/mysql/binlog/event/codecs/binary.cpp Heartbeat::decode
   */

  var HeartbeatField = EventControl.HeartbeatField = (function() {
    function HeartbeatField(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    HeartbeatField.prototype._read = function() {
      this._debug.fieldType = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.fieldType = new PackedInt_.PackedInt(this._io, null, null);
      this.fieldType._read();
      this._debug.fieldType.end = this._io.pos;
      if (!(this.isEnd)) {
        this._debug.lenValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lenValue = new PackedInt_.PackedInt(this._io, null, null);
        this.lenValue._read();
        this._debug.lenValue.end = this._io.pos;
      }
      if (!(this.isEnd)) {
        this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
        switch (this.fieldType.value) {
        case 2:
          this._raw_value = this._io.readBytes(this.lenValue.value);
          var _io__raw_value = new KaitaiStream(this._raw_value);
          this.value = new PackedInt_.PackedInt(_io__raw_value, null, null);
          this.value._read();
          break;
        default:
          this.value = this._io.readBytes(this.lenValue.value);
          break;
        }
        this._debug.value.end = this._io.pos;
      }
    }
    Object.defineProperty(HeartbeatField.prototype, 'fieldTypeEnum', {
      get: function() {
        if (this._m_fieldTypeEnum !== undefined)
          return this._m_fieldTypeEnum;
        this._debug._m_fieldTypeEnum = { enumName: "EventControl.HeartbeatFieldType" };
        this._m_fieldTypeEnum = this.fieldType.value;
        return this._m_fieldTypeEnum;
      }
    });
    Object.defineProperty(HeartbeatField.prototype, 'intValue', {
      get: function() {
        if (this._m_intValue !== undefined)
          return this._m_intValue;
        if (this.fieldType.value == 2) {
          this._debug._m_intValue = {  };
          this._m_intValue = this.value.value;
        }
        return this._m_intValue;
      }
    });
    Object.defineProperty(HeartbeatField.prototype, 'isEnd', {
      get: function() {
        if (this._m_isEnd !== undefined)
          return this._m_isEnd;
        this._debug._m_isEnd = {  };
        this._m_isEnd = this.fieldType.value == 0;
        return this._m_isEnd;
      }
    });
    Object.defineProperty(HeartbeatField.prototype, 'logFilename', {
      get: function() {
        if (this._m_logFilename !== undefined)
          return this._m_logFilename;
        if (this.fieldType.value == 1) {
          this._debug._m_logFilename = {  };
          this._m_logFilename = KaitaiStream.bytesToStr(this.value, "UTF-8");
        }
        return this._m_logFilename;
      }
    });

    /**
     * Field type (see `heartbeat_field_type`); 0 ends the list.
     */

    /**
     * LOG_FILENAME is the name's bytes, LOG_POSITION a packed integer; others are skipped.
     */

    return HeartbeatField;
  })();

  /**
   * INCIDENT_EVENT: something out of the ordinary happened on the source
   * (events may be lost); a replica stops on it. The layout is fixed
   * (post-header = the incident number).
   * @see libs/mysql/binlog/event/control_events.h Incident_event
   * @see libs/mysql/binlog/event/control_events.cpp Incident_event::Incident_event
   */

  var IncidentEvent = EventControl.IncidentEvent = (function() {
    function IncidentEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    IncidentEvent.prototype._read = function() {
      this._debug.incident = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventControl.IncidentType" };
      this.incident = this._io.readU2le();
      this._debug.incident.end = this._io.pos;
      this._debug.lenMessage = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenMessage = this._io.readU1();
      this._debug.lenMessage.end = this._io.pos;
      this._debug.message = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.message = this._io.readBytes(this.lenMessage);
      this._debug.message.end = this._io.pos;
    }

    /**
     * The message (not NUL-terminated), kept as bytes; server text, normally ASCII.
     */

    return IncidentEvent;
  })();

  /**
   * INTVAR_EVENT: the value of LAST_INSERT_ID() or of the next
   * AUTO_INCREMENT value for the QUERY that follows (statement-based
   * logging only). No post-header.
   * @see libs/mysql/binlog/event/statement_events.h Intvar_event
   * @see libs/mysql/binlog/event/statement_events.cpp Intvar_event::Intvar_event
   */

  var IntvarEvent = EventControl.IntvarEvent = (function() {
    function IntvarEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    IntvarEvent.prototype._read = function() {
      this._debug.varType = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventControl.IntvarType" };
      this.varType = this._io.readU1();
      this._debug.varType.end = this._io.pos;
      this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.value = this._io.readU8le();
      this._debug.value.end = this._io.pos;
    }

    /**
     * Which variable the value is for.
     */

    /**
     * The variable's value.
     */

    return IntvarEvent;
  })();

  /**
   * RAND_EVENT: the two seeds of the random generator for a RAND() call
   * in the QUERY that follows (statement-based logging only).
   * @see libs/mysql/binlog/event/statement_events.h Rand_event
   * @see libs/mysql/binlog/event/statement_events.cpp Rand_event::Rand_event
   */

  var RandEvent = EventControl.RandEvent = (function() {
    function RandEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    RandEvent.prototype._read = function() {
      this._debug.seed1 = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.seed1 = this._io.readU8le();
      this._debug.seed1.end = this._io.pos;
      this._debug.seed2 = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.seed2 = this._io.readU8le();
      this._debug.seed2.end = this._io.pos;
    }

    return RandEvent;
  })();

  /**
   * ROTATE_EVENT: the last event of a binary log file that names the next
   * one (also written at the start of a relay log, with the
   * LOG_EVENT_ARTIFICIAL_F flag, and sent first by a source to a replica).
   * 
   * The 8-byte position is the post-header: MySQL reads it whenever the
   * post-header length is not 0. Binlog v1 (MySQL 3.23) has no
   * post-header; the position is then implicitly 4.
   * @see libs/mysql/binlog/event/control_events.h Rotate_event
   * @see libs/mysql/binlog/event/control_events.cpp Rotate_event::Rotate_event
   */

  var RotateEvent = EventControl.RotateEvent = (function() {
    function RotateEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    RotateEvent.prototype._read = function() {
      if (this.postHeaderLen >= 8) {
        this._debug.position = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.position = this._io.readU8le();
        this._debug.position.end = this._io.pos;
      }
      if (this.postHeaderLen > 8) {
        this._debug.extraPostHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.extraPostHeader = this._io.readBytes(this.postHeaderLen - 8);
        this._debug.extraPostHeader.end = this._io.pos;
      }
      this._debug.nextFile = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.nextFile = KaitaiStream.bytesToStr(this._io.readBytesFull(), "UTF-8");
      this._debug.nextFile.end = this._io.pos;
    }

    /**
     * The position to continue at (4 when the event has no position field).
     */
    Object.defineProperty(RotateEvent.prototype, 'nextPosition', {
      get: function() {
        if (this._m_nextPosition !== undefined)
          return this._m_nextPosition;
        this._debug._m_nextPosition = {  };
        this._m_nextPosition = (this.postHeaderLen >= 8 ? this.position : 4);
        return this._m_nextPosition;
      }
    });

    /**
     * Position of the first event to read in the next file (4).
     */

    /**
     * Post-header bytes of a newer server that this spec does not know.
     */

    /**
     * Name of the next binary log file, without a trailing NUL.
     */

    /**
     * ROTATE post-header length from the format description (8, 0 in v1).
     */

    return RotateEvent;
  })();

  /**
   * ROWS_QUERY_LOG_EVENT (MySQL 5.6+, binlog_rows_query_log_events=ON):
   * the statement text that produced the rows events that follow. It
   * carries the LOG_EVENT_IGNORABLE_F flag.
   * 
   * The text is kept as bytes in the client's character set (not
   * validated by the server); the runtime decodes it.
   * @see libs/mysql/binlog/event/rows_event.h Rows_query_event
   * @see libs/mysql/binlog/event/rows_event.cpp Rows_query_event::Rows_query_event
   */

  var RowsQueryEvent = EventControl.RowsQueryEvent = (function() {
    function RowsQueryEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    RowsQueryEvent.prototype._read = function() {
      this._debug.lenQueryTruncated = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenQueryTruncated = this._io.readU1();
      this._debug.lenQueryTruncated.end = this._io.pos;
      this._debug.query = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.query = this._io.readBytesFull();
      this._debug.query.end = this._io.pos;
    }

    /**
     * The query length stored in one byte (truncated, so ignored by MySQL).
     */

    /**
     * The statement text, up to the end of the event, as bytes.
     */

    return RowsQueryEvent;
  })();

  /**
   * "major.minor.patch" read from the start of a server version string,
   * plus whether a "-MariaDB" suffix follows the patch number.
   * @see libs/mysql/binlog/event/control_events.cpp do_server_version_split()
   */

  var ServerVersionSplit = EventControl.ServerVersionSplit = (function() {
    function ServerVersionSplit(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    ServerVersionSplit.prototype._read = function() {
      this._debug.majorStr = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.majorStr = KaitaiStream.bytesToStr(this._io.readBytesTerm(46, false, true, false), "ASCII");
      this._debug.majorStr.end = this._io.pos;
      this._debug.minorStr = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.minorStr = KaitaiStream.bytesToStr(this._io.readBytesTerm(46, false, true, false), "ASCII");
      this._debug.minorStr.end = this._io.pos;
      this._debug.patchDigits = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.patchDigits.arr = [];
      this.patchDigits = [];
      var i = 0;
      do {
        this._debug.patchDigits.arr[this.patchDigits.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _ = this._io.readU1();
        this.patchDigits.push(_);
        this._debug.patchDigits.arr[this.patchDigits.length - 1].end = this._io.pos;
        i++;
      } while (!( ((_ < 48) || (_ > 57) || (this._io.isEof())) ));
      this._debug.patchDigits.end = this._io.pos;
      if ( ((this.patchDigits[this.patchDigits.length - 1] == 45) && (this._io.size - this._io.pos >= 7)) ) {
        this._debug.suffix = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.suffix = KaitaiStream.bytesToStr(this._io.readBytes(7), "ASCII");
        this._debug.suffix.end = this._io.pos;
      }
    }
    Object.defineProperty(ServerVersionSplit.prototype, 'isMariadb', {
      get: function() {
        if (this._m_isMariadb !== undefined)
          return this._m_isMariadb;
        this._debug._m_isMariadb = {  };
        this._m_isMariadb =  ((this.patchDigits[this.patchDigits.length - 1] == 45) && (this._io.size - this._io.pos >= 0) && (this.suffix == "MariaDB")) ;
        return this._m_isMariadb;
      }
    });
    Object.defineProperty(ServerVersionSplit.prototype, 'major', {
      get: function() {
        if (this._m_major !== undefined)
          return this._m_major;
        this._debug._m_major = {  };
        this._m_major = ( ((this.majorStr.length > 0) && (this.majorStr.length <= 3))  ? Number.parseInt(this.majorStr, 10) : 0);
        return this._m_major;
      }
    });
    Object.defineProperty(ServerVersionSplit.prototype, 'minor', {
      get: function() {
        if (this._m_minor !== undefined)
          return this._m_minor;
        this._debug._m_minor = {  };
        this._m_minor = ( ((this.minorStr.length > 0) && (this.minorStr.length <= 3))  ? Number.parseInt(this.minorStr, 10) : 0);
        return this._m_minor;
      }
    });
    Object.defineProperty(ServerVersionSplit.prototype, 'numPatchDigits', {
      get: function() {
        if (this._m_numPatchDigits !== undefined)
          return this._m_numPatchDigits;
        this._debug._m_numPatchDigits = {  };
        this._m_numPatchDigits = ( ((this.patchDigits[this.patchDigits.length - 1] >= 48) && (this.patchDigits[this.patchDigits.length - 1] <= 57))  ? this.patchDigits.length : this.patchDigits.length - 1);
        return this._m_numPatchDigits;
      }
    });
    Object.defineProperty(ServerVersionSplit.prototype, 'patch', {
      get: function() {
        if (this._m_patch !== undefined)
          return this._m_patch;
        this._debug._m_patch = {  };
        this._m_patch = (this.numPatchDigits == 0 ? 0 : (this.numPatchDigits == 1 ? this.patchDigits[0] - 48 : (this.patchDigits[0] - 48) * 10 + (this.patchDigits[1] - 48)));
        return this._m_patch;
      }
    });
    Object.defineProperty(ServerVersionSplit.prototype, 'product', {
      get: function() {
        if (this._m_product !== undefined)
          return this._m_product;
        this._debug._m_product = {  };
        this._m_product = (this.major * 10000 + this.minor * 100) + this.patch;
        return this._m_product;
      }
    });

    /**
     * The digits of the patch number and the byte that ends it.
     */

    return ServerVersionSplit;
  })();

  /**
   * START_EVENT_V3, the first event of a v1 (MySQL 3.23) or v3 (MySQL
   * 4.0/4.1) binary log. Its fixed 56-byte body gives the binlog version
   * and server version; the common header length is implied by the
   * version (13 bytes for v1, 19 for v3).
   * @see libs/mysql/binlog/event/control_events.h Start_event_v3
   */

  var StartEventV3 = EventControl.StartEventV3 = (function() {
    function StartEventV3(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    StartEventV3.prototype._read = function() {
      this._debug.binlogVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.binlogVersion = this._io.readU2le();
      this._debug.binlogVersion.end = this._io.pos;
      this._debug.serverVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.serverVersion = KaitaiStream.bytesToStr(KaitaiStream.bytesTerminate(this._io.readBytes(50), 0, false), "ASCII");
      this._debug.serverVersion.end = this._io.pos;
      this._debug.createTimestamp = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.createTimestamp = this._io.readU4le();
      this._debug.createTimestamp.end = this._io.pos;
    }

    /**
     * 1 for MySQL 3.23, 3 for MySQL 4.x (4.0.0 wrote 2).
     */

    /**
     * When the file was created (0 when written at a rotation).
     */

    return StartEventV3;
  })();

  /**
   * USER_VAR_EVENT: the value of a user variable (`@name`) used by the
   * QUERY that follows (statement-based logging only).
   * 
   * `value` is the binary image of the value: for INT_RESULT an 8-byte
   * little-endian integer (unsigned when `is_unsigned`), for REAL_RESULT
   * an 8-byte IEEE double, for DECIMAL_RESULT precision u1, scale u1 and
   * the packed decimal (bin2decimal), for STRING_RESULT the string in
   * the collation `charset`. The `int_value`/`uint_value`/`real_value`
   * instances decode the fixed-size ones.
   * @see libs/mysql/binlog/event/statement_events.h User_var_event
   * @see libs/mysql/binlog/event/statement_events.cpp User_var_event::User_var_event
   */

  var UserVarEvent = EventControl.UserVarEvent = (function() {
    function UserVarEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    UserVarEvent.prototype._read = function() {
      this._debug.lenName = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenName = this._io.readU4le();
      this._debug.lenName.end = this._io.pos;
      this._debug.name = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.name = KaitaiStream.bytesToStr(this._io.readBytes(this.lenName), "UTF-8");
      this._debug.name.end = this._io.pos;
      this._debug.isNull = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.isNull = this._io.readU1();
      this._debug.isNull.end = this._io.pos;
      if (this.isNull == 0) {
        this._debug.valueType = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventControl.ItemResult" };
        this.valueType = this._io.readU1();
        this._debug.valueType.end = this._io.pos;
      }
      if (this.isNull == 0) {
        this._debug.charset = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.charset = this._io.readU4le();
        this._debug.charset.end = this._io.pos;
      }
      if (this.isNull == 0) {
        this._debug.lenValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lenValue = this._io.readU4le();
        this._debug.lenValue.end = this._io.pos;
      }
      if (this.isNull == 0) {
        this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.value = this._io.readBytes(this.lenValue);
        this._debug.value.end = this._io.pos;
      }
      if ( ((this.isNull == 0) && (!(this._io.isEof()))) ) {
        this._debug.flags = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventControl.UserVarFlag" };
        this.flags = this._io.readU1();
        this._debug.flags.end = this._io.pos;
      }
    }

    /**
     * The value of an INT_RESULT variable read as signed.
     */
    Object.defineProperty(UserVarEvent.prototype, 'intValue', {
      get: function() {
        if (this._m_intValue !== undefined)
          return this._m_intValue;
        if ( ((this.isNull == 0) && (this.valueType == EventControl.ItemResult.INT_RESULT) && (this.lenValue >= 8)) ) {
          var _pos = this._io.pos;
          this._io.seek(this.ofsValue);
          this._debug._m_intValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_intValue = this._io.readS8le();
          this._debug._m_intValue.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_intValue;
      }
    });

    /**
     * True when an INT_RESULT value is unsigned (UNSIGNED_F).
     */
    Object.defineProperty(UserVarEvent.prototype, 'isUnsigned', {
      get: function() {
        if (this._m_isUnsigned !== undefined)
          return this._m_isUnsigned;
        this._debug._m_isUnsigned = {  };
        this._m_isUnsigned =  ((this.isNull == 0) && (this._io.size > this.ofsValue + this.lenValue) && (this.flags == EventControl.UserVarFlag.UNSIGNED_F)) ;
        return this._m_isUnsigned;
      }
    });

    /**
     * Offset of `value` in the body.
     */
    Object.defineProperty(UserVarEvent.prototype, 'ofsValue', {
      get: function() {
        if (this._m_ofsValue !== undefined)
          return this._m_ofsValue;
        this._debug._m_ofsValue = {  };
        this._m_ofsValue = 14 + this.lenName;
        return this._m_ofsValue;
      }
    });

    /**
     * The value of a REAL_RESULT variable.
     */
    Object.defineProperty(UserVarEvent.prototype, 'realValue', {
      get: function() {
        if (this._m_realValue !== undefined)
          return this._m_realValue;
        if ( ((this.isNull == 0) && (this.valueType == EventControl.ItemResult.REAL_RESULT) && (this.lenValue >= 8)) ) {
          var _pos = this._io.pos;
          this._io.seek(this.ofsValue);
          this._debug._m_realValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_realValue = this._io.readF8le();
          this._debug._m_realValue.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_realValue;
      }
    });

    /**
     * The value of an INT_RESULT variable read as unsigned (use when `is_unsigned`).
     */
    Object.defineProperty(UserVarEvent.prototype, 'uintValue', {
      get: function() {
        if (this._m_uintValue !== undefined)
          return this._m_uintValue;
        if ( ((this.isNull == 0) && (this.valueType == EventControl.ItemResult.INT_RESULT) && (this.lenValue >= 8)) ) {
          var _pos = this._io.pos;
          this._io.seek(this.ofsValue);
          this._debug._m_uintValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_uintValue = this._io.readU8le();
          this._debug._m_uintValue.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_uintValue;
      }
    });

    /**
     * Variable name without the `@` (system charset, utf8).
     */

    /**
     * Non-zero when the value is SQL NULL; nothing follows then.
     */

    /**
     * Collation id of a string value (63 = binary).
     */

    /**
     * The value's binary image (see the type doc).
     */

    /**
     * Absent in events of old servers (then UNDEF_F).
     */

    return UserVarEvent;
  })();

  /**
   * XID_EVENT: the commit of a transaction on an XA-capable engine
   * (InnoDB); ends the transaction's event group.
   * @see libs/mysql/binlog/event/control_events.h Xid_event
   * @see libs/mysql/binlog/event/control_events.cpp Xid_event::Xid_event
   */

  var XidEvent = EventControl.XidEvent = (function() {
    function XidEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    XidEvent.prototype._read = function() {
      this._debug.xid = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.xid = this._io.readU8le();
      this._debug.xid.end = this._io.pos;
    }

    /**
     * The transaction's XID (server-internal number, host byte order; little-endian in practice).
     */

    return XidEvent;
  })();

  return EventControl;
})();
EventControl_.EventControl = EventControl;
});
