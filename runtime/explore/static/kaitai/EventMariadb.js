// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './EventQuery'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./EventQuery'));
  } else {
    factory(root.EventMariadb || (root.EventMariadb = {}), root.KaitaiStream, root.EventQuery || (root.EventQuery = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (EventMariadb_, KaitaiStream, EventQuery_) {
/**
 * Body types of the events only MariaDB writes (types 160-165):
 * ANNOTATE_ROWS, BINLOG_CHECKPOINT, MariaDB's GTID and GTID_LIST,
 * START_ENCRYPTION and QUERY_COMPRESSED, plus `compressed_data`, the zlib
 * container of QUERY_COMPRESSED and of the compressed rows events
 * (166-171, parsed by `event_rows::rows_event`).
 * @see {@link https://mariadb.com/kb/en/replication-protocol/|Source}
 * @see MariaDB sql/log_event.h (Log_event_type, Gtid_log_event, Gtid_list_log_event, Start_encryption_log_event)
 * @see MariaDB sql/log_event.cc (the events' ctors, binlog_get_uncompress_len, binlog_buf_uncompress)
 */

var EventMariadb = (function() {
  EventMariadb.CompressionAlgorithm = Object.freeze({
    ZLIB: 0,

    0: "ZLIB",
  });

  EventMariadb.GtidFlags2 = Object.freeze({
    STANDALONE: 1,
    GROUP_COMMIT_ID: 2,
    TRANSACTIONAL: 4,
    ALLOW_PARALLEL: 8,
    WAITED: 16,
    DDL: 32,
    PREPARED_XA: 64,
    COMPLETED_XA: 128,

    1: "STANDALONE",
    2: "GROUP_COMMIT_ID",
    4: "TRANSACTIONAL",
    8: "ALLOW_PARALLEL",
    16: "WAITED",
    32: "DDL",
    64: "PREPARED_XA",
    128: "COMPLETED_XA",
  });

  EventMariadb.GtidFlagsExtra = Object.freeze({
    MULTI_ENGINE: 1,
    START_ALTER: 2,
    COMMIT_ALTER: 4,
    ROLLBACK_ALTER: 8,
    THREAD_ID: 16,

    1: "MULTI_ENGINE",
    2: "START_ALTER",
    4: "COMMIT_ALTER",
    8: "ROLLBACK_ALTER",
    16: "THREAD_ID",
  });

  function EventMariadb(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this._debug = {};

  }
  EventMariadb.prototype._read = function() {
  }

  /**
   * ANNOTATE_ROWS_EVENT (160), written before the TABLE_MAP events of a
   * row-based statement when binlog_annotate_row_events is ON: the text
   * of the statement that produced the rows. It is in the client's
   * character set (the same bytes a QUERY event would carry), so it is
   * kept as bytes.
   * @see MariaDB sql/log_event.cc Annotate_rows_log_event ctor
   */

  var AnnotateRowsEvent = EventMariadb.AnnotateRowsEvent = (function() {
    function AnnotateRowsEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    AnnotateRowsEvent.prototype._read = function() {
      this._debug.query = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.query = this._io.readBytesFull();
      this._debug.query.end = this._io.pos;
    }

    /**
     * The SQL statement, without terminator.
     */

    return AnnotateRowsEvent;
  })();

  /**
   * BINLOG_CHECKPOINT_EVENT (161): names the oldest binlog file that
   * crash recovery may still need (every XA transaction of earlier files
   * is durably committed in the engines).
   * @see MariaDB sql/log_event.cc Binlog_checkpoint_log_event ctor
   */

  var BinlogCheckpointEvent = EventMariadb.BinlogCheckpointEvent = (function() {
    function BinlogCheckpointEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    BinlogCheckpointEvent.prototype._read = function() {
      this._debug.lenBinlogFile = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenBinlogFile = this._io.readU4le();
      this._debug.lenBinlogFile.end = this._io.pos;
      this._debug.binlogFile = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.binlogFile = KaitaiStream.bytesToStr(this._io.readBytes(this.lenBinlogFile), "UTF-8");
      this._debug.binlogFile.end = this._io.pos;
    }

    /**
     * Base name of the binlog file (no directory).
     */

    return BinlogCheckpointEvent;
  })();

  /**
   * MariaDB's compressed binlog record: a header byte (bit 7 always set,
   * bits 4-6 the algorithm, 0 = zlib; bits 0-2 the number of length
   * bytes, 1-4), the uncompressed length big-endian, then the compressed
   * stream (for zlib: zlib header, deflate data, adler32).
   * @see MariaDB sql/log_event.cc binlog_buf_compress, binlog_get_uncompress_len, binlog_buf_uncompress
   */

  var CompressedData = EventMariadb.CompressedData = (function() {
    function CompressedData(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    CompressedData.prototype._read = function() {
      this._debug.header = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.header = this._io.readU1();
      this._debug.header.end = this._io.pos;
      this._debug.lenUncompressedBe = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenUncompressedBe = this._io.readBytes(this.lenLen);
      this._debug.lenUncompressedBe.end = this._io.pos;
      this._debug.data = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.data = this._io.readBytesFull();
      this._debug.data.end = this._io.pos;
    }
    Object.defineProperty(CompressedData.prototype, 'algorithm', {
      get: function() {
        if (this._m_algorithm !== undefined)
          return this._m_algorithm;
        this._debug._m_algorithm = { enumName: "EventMariadb.CompressionAlgorithm" };
        this._m_algorithm = this.header >>> 4 & 7;
        return this._m_algorithm;
      }
    });

    /**
     * MariaDB rejects a header without bit 7 or with bits 5-6 set.
     */
    Object.defineProperty(CompressedData.prototype, 'isValidHeader', {
      get: function() {
        if (this._m_isValidHeader !== undefined)
          return this._m_isValidHeader;
        this._debug._m_isValidHeader = {  };
        this._m_isValidHeader = (this.header & 224) == 128;
        return this._m_isValidHeader;
      }
    });

    /**
     * Number of length bytes, 1-4.
     */
    Object.defineProperty(CompressedData.prototype, 'lenLen', {
      get: function() {
        if (this._m_lenLen !== undefined)
          return this._m_lenLen;
        this._debug._m_lenLen = {  };
        this._m_lenLen = this.header & 7;
        return this._m_lenLen;
      }
    });

    /**
     * Size of the inflated data (0 for an invalid length width).
     */
    Object.defineProperty(CompressedData.prototype, 'lenUncompressed', {
      get: function() {
        if (this._m_lenUncompressed !== undefined)
          return this._m_lenUncompressed;
        this._debug._m_lenUncompressed = {  };
        this._m_lenUncompressed = (this.lenLen == 1 ? this.lenUncompressedBe[0] : (this.lenLen == 2 ? this.lenUncompressedBe[0] * 256 + this.lenUncompressedBe[1] : (this.lenLen == 3 ? (this.lenUncompressedBe[0] * 256 + this.lenUncompressedBe[1]) * 256 + this.lenUncompressedBe[2] : (this.lenLen == 4 ? ((this.lenUncompressedBe[0] * 256 + this.lenUncompressedBe[1]) * 256 + this.lenUncompressedBe[2]) * 256 + this.lenUncompressedBe[3] : 0))));
        return this._m_lenUncompressed;
      }
    });

    /**
     * The uncompressed length, big-endian (see `len_uncompressed`).
     */

    /**
     * The compressed stream (zlib when `algorithm` is 0).
     */

    return CompressedData;
  })();

  /**
   * GTID_LIST_EVENT (163), written after the format description of every
   * binlog file: the last GTID of every (domain, server) pair written
   * to the binlogs so far. An empty list is padded with 2 zero bytes (an
   * old-replica compatibility minimum), which are left unread.
   * @see MariaDB sql/log_event.cc Gtid_list_log_event ctor
   */

  var GtidListEvent = EventMariadb.GtidListEvent = (function() {
    function GtidListEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    GtidListEvent.prototype._read = function() {
      this._debug.countAndFlags = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.countAndFlags = this._io.readU4le();
      this._debug.countAndFlags.end = this._io.pos;
      this._debug.gtids = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.gtids.arr = [];
      this.gtids = [];
      for (var i = 0; i < this.numGtids; i++) {
        this._debug.gtids.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_gtids = new Gtid(this._io, this, this._root);
        try {
          _t_gtids._read();
        } finally {
          this.gtids.push(_t_gtids);
        }
        this._debug.gtids.arr[i].end = this._io.pos;
      }
      this._debug.gtids.end = this._io.pos;
    }

    /**
     * The last GTID binlogged for one (domain_id, server_id) pair.
     */

    var Gtid = GtidListEvent.Gtid = (function() {
      function Gtid(_io, _parent, _root) {
        this._io = _io;
        this._parent = _parent;
        this._root = _root;
        this._debug = {};

      }
      Gtid.prototype._read = function() {
        this._debug.domainId = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.domainId = this._io.readU4le();
        this._debug.domainId.end = this._io.pos;
        this._debug.serverId = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.serverId = this._io.readU4le();
        this._debug.serverId.end = this._io.pos;
        this._debug.seqNo = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.seqNo = this._io.readU8le();
        this._debug.seqNo.end = this._io.pos;
      }

      return Gtid;
    })();

    /**
     * List flags shifted down (bit 0 FLAG_UNTIL_REPORTED, bit 1 FLAG_IGN_GTIDS).
     */
    Object.defineProperty(GtidListEvent.prototype, 'flags', {
      get: function() {
        if (this._m_flags !== undefined)
          return this._m_flags;
        this._debug._m_flags = {  };
        this._m_flags = this.countAndFlags >>> 28 & 15;
        return this._m_flags;
      }
    });
    Object.defineProperty(GtidListEvent.prototype, 'isIgnGtids', {
      get: function() {
        if (this._m_isIgnGtids !== undefined)
          return this._m_isIgnGtids;
        this._debug._m_isIgnGtids = {  };
        this._m_isIgnGtids = (this.flags & 2) != 0;
        return this._m_isIgnGtids;
      }
    });
    Object.defineProperty(GtidListEvent.prototype, 'isUntilReported', {
      get: function() {
        if (this._m_isUntilReported !== undefined)
          return this._m_isUntilReported;
        this._debug._m_isUntilReported = {  };
        this._m_isUntilReported = (this.flags & 1) != 0;
        return this._m_isUntilReported;
      }
    });
    Object.defineProperty(GtidListEvent.prototype, 'numGtids', {
      get: function() {
        if (this._m_numGtids !== undefined)
          return this._m_numGtids;
        this._debug._m_numGtids = {  };
        this._m_numGtids = this.countAndFlags & 268435455;
        return this._m_numGtids;
      }
    });

    /**
     * Number of GTIDs (low 28 bits) and list flags (high 4 bits).
     */

    return GtidListEvent;
  })();

  /**
   * MariaDB's GTID_EVENT (162): starts an event group (transaction or
   * standalone DDL) and gives its global transaction id
   * domain_id-server_id-seq_no, where server_id is the common header's.
   * Fields after `flags2` depend on the flags; the body is zero-padded to
   * at least 19 bytes (GTID_HEADER_LEN), and a zero padding byte read as
   * `flags_extra` adds nothing.
   * @see MariaDB sql/log_event.cc Gtid_log_event ctor
   * @see MariaDB sql/log_event_server.cc Gtid_log_event::write
   * @see {@link https://mariadb.com/kb/en/gtid_event/|Source}
   */

  var MariadbGtidEvent = EventMariadb.MariadbGtidEvent = (function() {
    function MariadbGtidEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    MariadbGtidEvent.prototype._read = function() {
      this._debug.seqNo = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.seqNo = this._io.readU8le();
      this._debug.seqNo.end = this._io.pos;
      this._debug.domainId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.domainId = this._io.readU4le();
      this._debug.domainId.end = this._io.pos;
      this._debug.flags2 = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.flags2 = this._io.readU1();
      this._debug.flags2.end = this._io.pos;
      if (this.hasCommitId) {
        this._debug.commitId = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.commitId = this._io.readU8le();
        this._debug.commitId.end = this._io.pos;
      }
      if (this.isXa) {
        this._debug.xidFormatId = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.xidFormatId = this._io.readU4le();
        this._debug.xidFormatId.end = this._io.pos;
      }
      if (this.isXa) {
        this._debug.xidGtridLen = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.xidGtridLen = this._io.readU1();
        this._debug.xidGtridLen.end = this._io.pos;
      }
      if (this.isXa) {
        this._debug.xidBqualLen = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.xidBqualLen = this._io.readU1();
        this._debug.xidBqualLen.end = this._io.pos;
      }
      if (this.isXa) {
        this._debug.xidData = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.xidData = this._io.readBytes(this.xidGtridLen + this.xidBqualLen);
        this._debug.xidData.end = this._io.pos;
      }
      if (this.hasFlagsExtra) {
        this._debug.flagsExtra = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.flagsExtra = this._io.readU1();
        this._debug.flagsExtra.end = this._io.pos;
      }
      if ( ((this.hasFlagsExtra) && ((this.flagsExtra & 1) != 0)) ) {
        this._debug.extraEngines = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.extraEngines = this._io.readU1();
        this._debug.extraEngines.end = this._io.pos;
      }
      if ( ((this.hasFlagsExtra) && ((this.flagsExtra & 12) != 0)) ) {
        this._debug.saSeqNo = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.saSeqNo = this._io.readU8le();
        this._debug.saSeqNo.end = this._io.pos;
      }
      if ( ((this.hasFlagsExtra) && ((this.flagsExtra & 16) != 0)) ) {
        this._debug.threadId = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.threadId = this._io.readU4le();
        this._debug.threadId.end = this._io.pos;
      }
    }

    /**
     * FL_GROUP_COMMIT_ID.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'hasCommitId', {
      get: function() {
        if (this._m_hasCommitId !== undefined)
          return this._m_hasCommitId;
        this._debug._m_hasCommitId = {  };
        this._m_hasCommitId = (this.flags2 & 2) != 0;
        return this._m_hasCommitId;
      }
    });
    Object.defineProperty(MariadbGtidEvent.prototype, 'hasFlagsExtra', {
      get: function() {
        if (this._m_hasFlagsExtra !== undefined)
          return this._m_hasFlagsExtra;
        this._debug._m_hasFlagsExtra = {  };
        this._m_hasFlagsExtra = this._io.size > this.ofsFlagsExtra;
        return this._m_hasFlagsExtra;
      }
    });

    /**
     * FL_EXTRA_THREAD_ID.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'hasThreadId', {
      get: function() {
        if (this._m_hasThreadId !== undefined)
          return this._m_hasThreadId;
        this._debug._m_hasThreadId = {  };
        this._m_hasThreadId =  ((this.hasFlagsExtra) && ((this.flagsExtra & 16) != 0)) ;
        return this._m_hasThreadId;
      }
    });

    /**
     * FL_ALLOW_PARALLEL.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isAllowParallel', {
      get: function() {
        if (this._m_isAllowParallel !== undefined)
          return this._m_isAllowParallel;
        this._debug._m_isAllowParallel = {  };
        this._m_isAllowParallel = (this.flags2 & 8) != 0;
        return this._m_isAllowParallel;
      }
    });

    /**
     * FL_COMMIT_ALTER.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isCommitAlter', {
      get: function() {
        if (this._m_isCommitAlter !== undefined)
          return this._m_isCommitAlter;
        this._debug._m_isCommitAlter = {  };
        this._m_isCommitAlter =  ((this.hasFlagsExtra) && ((this.flagsExtra & 4) != 0)) ;
        return this._m_isCommitAlter;
      }
    });

    /**
     * FL_COMPLETED_XA, XA COMMIT / XA ROLLBACK.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isCompletedXa', {
      get: function() {
        if (this._m_isCompletedXa !== undefined)
          return this._m_isCompletedXa;
        this._debug._m_isCompletedXa = {  };
        this._m_isCompletedXa = (this.flags2 & 128) != 0;
        return this._m_isCompletedXa;
      }
    });

    /**
     * FL_DDL.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isDdl', {
      get: function() {
        if (this._m_isDdl !== undefined)
          return this._m_isDdl;
        this._debug._m_isDdl = {  };
        this._m_isDdl = (this.flags2 & 32) != 0;
        return this._m_isDdl;
      }
    });

    /**
     * FL_EXTRA_MULTI_ENGINE.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isMultiEngine', {
      get: function() {
        if (this._m_isMultiEngine !== undefined)
          return this._m_isMultiEngine;
        this._debug._m_isMultiEngine = {  };
        this._m_isMultiEngine =  ((this.hasFlagsExtra) && ((this.flagsExtra & 1) != 0)) ;
        return this._m_isMultiEngine;
      }
    });

    /**
     * FL_PREPARED_XA, XA PREPARE of an XA transaction.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isPreparedXa', {
      get: function() {
        if (this._m_isPreparedXa !== undefined)
          return this._m_isPreparedXa;
        this._debug._m_isPreparedXa = {  };
        this._m_isPreparedXa = (this.flags2 & 64) != 0;
        return this._m_isPreparedXa;
      }
    });

    /**
     * FL_ROLLBACK_ALTER.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isRollbackAlter', {
      get: function() {
        if (this._m_isRollbackAlter !== undefined)
          return this._m_isRollbackAlter;
        this._debug._m_isRollbackAlter = {  };
        this._m_isRollbackAlter =  ((this.hasFlagsExtra) && ((this.flagsExtra & 8) != 0)) ;
        return this._m_isRollbackAlter;
      }
    });

    /**
     * FL_STANDALONE, no terminating COMMIT/XID event (DDL, or non-transactional).
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isStandalone', {
      get: function() {
        if (this._m_isStandalone !== undefined)
          return this._m_isStandalone;
        this._debug._m_isStandalone = {  };
        this._m_isStandalone = (this.flags2 & 1) != 0;
        return this._m_isStandalone;
      }
    });

    /**
     * FL_START_ALTER.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isStartAlter', {
      get: function() {
        if (this._m_isStartAlter !== undefined)
          return this._m_isStartAlter;
        this._debug._m_isStartAlter = {  };
        this._m_isStartAlter =  ((this.hasFlagsExtra) && ((this.flagsExtra & 2) != 0)) ;
        return this._m_isStartAlter;
      }
    });

    /**
     * FL_TRANSACTIONAL, the group can be rolled back.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isTransactional', {
      get: function() {
        if (this._m_isTransactional !== undefined)
          return this._m_isTransactional;
        this._debug._m_isTransactional = {  };
        this._m_isTransactional = (this.flags2 & 4) != 0;
        return this._m_isTransactional;
      }
    });

    /**
     * FL_WAITED, the transaction waited for a row lock on the primary.
     */
    Object.defineProperty(MariadbGtidEvent.prototype, 'isWaited', {
      get: function() {
        if (this._m_isWaited !== undefined)
          return this._m_isWaited;
        this._debug._m_isWaited = {  };
        this._m_isWaited = (this.flags2 & 16) != 0;
        return this._m_isWaited;
      }
    });
    Object.defineProperty(MariadbGtidEvent.prototype, 'isXa', {
      get: function() {
        if (this._m_isXa !== undefined)
          return this._m_isXa;
        this._debug._m_isXa = {  };
        this._m_isXa =  ((this.isPreparedXa) || (this.isCompletedXa)) ;
        return this._m_isXa;
      }
    });
    Object.defineProperty(MariadbGtidEvent.prototype, 'ofsFlagsExtra', {
      get: function() {
        if (this._m_ofsFlagsExtra !== undefined)
          return this._m_ofsFlagsExtra;
        this._debug._m_ofsFlagsExtra = {  };
        this._m_ofsFlagsExtra = (13 + (this.hasCommitId ? 8 : 0)) + (this.isXa ? (6 + this.xidGtridLen) + this.xidBqualLen : 0);
        return this._m_ofsFlagsExtra;
      }
    });

    /**
     * Sequence number within the replication domain.
     */

    /**
     * Replication domain id.
     */

    /**
     * FL_* flags (`gtid_flags2`), see the `is_*` instances.
     */

    /**
     * Group commit id (FL_GROUP_COMMIT_ID): event groups with the same
     * id were committed together and may be applied in parallel.
     */

    /**
     * XA transaction id, formatID part (FL_PREPARED_XA / FL_COMPLETED_XA).
     */

    /**
     * gtrid followed by bqual.
     */

    /**
     * FL_EXTRA_* flags (`gtid_flags_extra`, MariaDB 10.5+), present when
     * bytes remain (may be a zero padding byte).
     */

    /**
     * FL_EXTRA_MULTI_ENGINE, the number of engines beyond the first in the transaction.
     */

    /**
     * FL_COMMIT_ALTER / FL_ROLLBACK_ALTER (10.8+, binlog_alter_two_phase):
     * seq_no of the START ALTER event group this one completes.
     */

    /**
     * FL_EXTRA_THREAD_ID (11.5+): id of the connection that ran the
     * transaction.
     */

    return MariadbGtidEvent;
  })();

  /**
   * QUERY_COMPRESSED_EVENT (165, log_bin_compress=ON): a QUERY event whose
   * statement text is zlib-compressed. Post header, status variables and
   * default schema are those of QUERY_EVENT (same field names as
   * `event_query::query_event`); only `query` is a `compressed_data`
   * whose inflated bytes are the statement in the connection charset.
   * @see MariaDB sql/log_event.cc query_event_uncompress, Query_compressed_log_event ctor
   * @see libs/mysql/binlog/event/statement_events.h (Query_event layout)
   */

  var QueryCompressedEvent = EventMariadb.QueryCompressedEvent = (function() {
    function QueryCompressedEvent(_io, _parent, _root, postHeaderLen) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.postHeaderLen = postHeaderLen;
      this._debug = {};

    }
    QueryCompressedEvent.prototype._read = function() {
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
      if (this.postHeaderLen > 13) {
        this._debug.extraPostHeader = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.extraPostHeader = this._io.readBytes(this.postHeaderLen - 13);
        this._debug.extraPostHeader.end = this._io.pos;
      }
      this._debug.statusVars = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._raw_statusVars = this._io.readBytes(this.lenStatusVars);
      var _io__raw_statusVars = new KaitaiStream(this._raw_statusVars);
      this.statusVars = new EventQuery_.EventQuery.StatusVars(_io__raw_statusVars, null, null);
      this.statusVars._read();
      this._debug.statusVars.end = this._io.pos;
      this._debug.schema = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.schema = this._io.readBytes(this.lenSchema);
      this._debug.schema.end = this._io.pos;
      this._debug.schemaTerminator = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.schemaTerminator = this._io.readU1();
      this._debug.schemaTerminator.end = this._io.pos;
      this._debug.query = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._raw_query = this._io.readBytesFull();
      var _io__raw_query = new KaitaiStream(this._raw_query);
      this.query = new CompressedData(_io__raw_query, this, this._root);
      this.query._read();
      this._debug.query.end = this._io.pos;
    }

    /**
     * Id of the connection that ran the statement.
     */

    /**
     * Seconds from the start of the statement to its logging.
     */

    /**
     * Error the statement ended with on the source (0 = none).
     */

    /**
     * Post-header bytes of a newer format, skipped.
     */

    /**
     * Session state of the statement, as in QUERY_EVENT.
     */

    /**
     * Default database of the statement (bytes; may be empty).
     */

    /**
     * The NUL after the database name.
     */

    /**
     * The compressed statement text.
     */

    /**
     * QUERY_COMPRESSED post-header length from the format description (13).
     */

    return QueryCompressedEvent;
  })();

  /**
   * START_ENCRYPTION_EVENT (164), written after the format description when
   * encrypt_binlog is ON: every event after it is encrypted (AES with a
   * per-event IV built from `nonce` and the event position), so it cannot
   * be parsed without the key of `key_version`.
   * @see MariaDB sql/log_event.cc Start_encryption_log_event ctor
   */

  var StartEncryptionEvent = EventMariadb.StartEncryptionEvent = (function() {
    function StartEncryptionEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    StartEncryptionEvent.prototype._read = function() {
      this._debug.cryptoScheme = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.cryptoScheme = this._io.readU1();
      this._debug.cryptoScheme.end = this._io.pos;
      this._debug.keyVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.keyVersion = this._io.readU4le();
      this._debug.keyVersion.end = this._io.pos;
      this._debug.nonce = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.nonce = this._io.readBytes(12);
      this._debug.nonce.end = this._io.pos;
    }

    /**
     * Always 1.
     */

    return StartEncryptionEvent;
  })();

  return EventMariadb;
})();
EventMariadb_.EventMariadb = EventMariadb;
});
