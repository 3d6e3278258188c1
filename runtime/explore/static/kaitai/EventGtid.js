// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './PackedInt'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./PackedInt'));
  } else {
    factory(root.EventGtid || (root.EventGtid = {}), root.KaitaiStream, root.PackedInt || (root.PackedInt = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (EventGtid_, KaitaiStream, PackedInt_) {
/**
 * Body types of MySQL's transaction-level events: GTID_LOG_EVENT and
 * ANONYMOUS_GTID_LOG_EVENT (5.6+), GTID_TAGGED_LOG_EVENT (8.3+),
 * PREVIOUS_GTIDS_LOG_EVENT, TRANSACTION_CONTEXT and VIEW_CHANGE (group
 * replication), XA_PREPARE_LOG_EVENT and TRANSACTION_PAYLOAD_EVENT
 * (8.0.20+ binlog transaction compression). Each type parses the event
 * body only (common header and CRC32 removed).
 * 
 * No bit field wider than 32 bits and no shift beyond 31 bits is used, so
 * the spec also runs in the JavaScript target / Web IDE (where integers
 * above 2^53 lose precision).
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Gtid__event.html|Source}
 * @see libs/mysql/binlog/event/control_events.h
 * @see libs/mysql/binlog/event/control_events.cpp
 */

var EventGtid = (function() {
  EventGtid.CompressionType = Object.freeze({
    ZSTD: 0,
    NONE: 255,

    0: "ZSTD",
    255: "NONE",
  });

  EventGtid.GtidFlag = Object.freeze({
    MAY_HAVE_SBR: 1,

    1: "MAY_HAVE_SBR",
  });

  EventGtid.GtidFormat = Object.freeze({
    UNTAGGED: 0,
    TAGGED: 1,

    0: "UNTAGGED",
    1: "TAGGED",
  });

  EventGtid.LogicalTimestampTypecode = Object.freeze({
    G_COMMIT_TS: 1,
    LOGICAL_TIMESTAMPS: 2,

    1: "G_COMMIT_TS",
    2: "LOGICAL_TIMESTAMPS",
  });

  EventGtid.PayloadFieldType = Object.freeze({
    END_MARK: 0,
    PAYLOAD_SIZE: 1,
    COMPRESSION_TYPE: 2,
    UNCOMPRESSED_SIZE: 3,

    0: "END_MARK",
    1: "PAYLOAD_SIZE",
    2: "COMPRESSION_TYPE",
    3: "UNCOMPRESSED_SIZE",
  });

  function EventGtid(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this._debug = {};

  }
  EventGtid.prototype._read = function() {
  }

  /**
   * One key/value pair of the certification information map.
   * @see libs/mysql/binlog/event/event_reader.cpp Event_reader::read_data_map
   */

  var CertInfoEntry = EventGtid.CertInfoEntry = (function() {
    function CertInfoEntry(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    CertInfoEntry.prototype._read = function() {
      this._debug.lenKey = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenKey = this._io.readU2le();
      this._debug.lenKey.end = this._io.pos;
      this._debug.key = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.key = this._io.readBytes(this.lenKey);
      this._debug.key.end = this._io.pos;
      this._debug.lenValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenValue = this._io.readU4le();
      this._debug.lenValue.end = this._io.pos;
      this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.value = this._io.readBytes(this.lenValue);
      this._debug.value.end = this._io.pos;
    }

    return CertInfoEntry;
  })();

  /**
   * GTID_LOG_EVENT (33) and ANONYMOUS_GTID_LOG_EVENT (34): the first
   * event of a transaction, with its GTID (anonymous: gno 0 and a zero
   * sid) and the logical clock used by the parallel applier.
   * 
   * The body grew over versions; every part after `gno` is read only if
   * bytes remain, as MySQL does:
   * 
   * * 5.6: flags, sid, gno (25 bytes);
   * * 5.7: + lt_type (2), last_committed, sequence_number (42 bytes);
   * * 8.0.1+: + commit timestamps, transaction length and server
   *   versions (54 bytes on the originating server, 56+ on replicas);
   * * 8.0.x group replication: + commit_group_ticket.
   * 
   * 5.7.0-5.7.4 wrote a different logical-timestamp type code; its data
   * is then kept raw in `old_logical_timestamps`.
   * @see libs/mysql/binlog/event/control_events.h Gtid_event
   * @see libs/mysql/binlog/event/control_events.cpp Gtid_event::Gtid_event
   */

  var GtidEvent = EventGtid.GtidEvent = (function() {
    function GtidEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    GtidEvent.prototype._read = function() {
      this._debug.gtidFlags = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.gtidFlags = this._io.readU1();
      this._debug.gtidFlags.end = this._io.pos;
      this._debug.sid = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.sid = this._io.readBytes(16);
      this._debug.sid.end = this._io.pos;
      this._debug.gno = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.gno = this._io.readS8le();
      this._debug.gno.end = this._io.pos;
      if (this.hasLtType) {
        this._debug.ltType = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventGtid.LogicalTimestampTypecode" };
        this.ltType = this._io.readU1();
        this._debug.ltType.end = this._io.pos;
      }
      if (this.hasLogicalTimestamps) {
        this._debug.lastCommitted = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lastCommitted = this._io.readS8le();
        this._debug.lastCommitted.end = this._io.pos;
      }
      if (this.hasLogicalTimestamps) {
        this._debug.sequenceNumber = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.sequenceNumber = this._io.readS8le();
        this._debug.sequenceNumber.end = this._io.pos;
      }
      if ( ((this.hasLtType) && (!(this.hasLogicalTimestamps))) ) {
        this._debug.oldLogicalTimestamps = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.oldLogicalTimestamps = this._io.readBytesFull();
        this._debug.oldLogicalTimestamps.end = this._io.pos;
      }
      if (this.hasCommitTimestamps) {
        this._debug.encodedImmediateCommitTimestamp = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.encodedImmediateCommitTimestamp = new U56Le(this._io, this, this._root);
        this.encodedImmediateCommitTimestamp._read();
        this._debug.encodedImmediateCommitTimestamp.end = this._io.pos;
      }
      if (this.hasOriginalCommitTimestamp) {
        this._debug.encodedOriginalCommitTimestamp = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.encodedOriginalCommitTimestamp = new U56Le(this._io, this, this._root);
        this.encodedOriginalCommitTimestamp._read();
        this._debug.encodedOriginalCommitTimestamp.end = this._io.pos;
      }
      if (this.hasTransactionLength) {
        this._debug.transactionLength = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.transactionLength = new PackedInt_.PackedInt(this._io, null, null);
        this.transactionLength._read();
        this._debug.transactionLength.end = this._io.pos;
      }
      if (this.hasServerVersions) {
        this._debug.encodedImmediateServerVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.encodedImmediateServerVersion = this._io.readU4le();
        this._debug.encodedImmediateServerVersion.end = this._io.pos;
      }
      if (this.hasOriginalServerVersion) {
        this._debug.encodedOriginalServerVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.encodedOriginalServerVersion = this._io.readU4le();
        this._debug.encodedOriginalServerVersion.end = this._io.pos;
      }
      if (this.hasCommitGroupTicket) {
        this._debug.commitGroupTicket = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.commitGroupTicket = this._io.readU8le();
        this._debug.commitGroupTicket.end = this._io.pos;
      }
    }
    Object.defineProperty(GtidEvent.prototype, 'hasCommitGroupTicket', {
      get: function() {
        if (this._m_hasCommitGroupTicket !== undefined)
          return this._m_hasCommitGroupTicket;
        this._debug._m_hasCommitGroupTicket = {  };
        this._m_hasCommitGroupTicket =  ((this.hasServerVersions) && (this._io.size - this.ofsCommitGroupTicket >= 8)) ;
        return this._m_hasCommitGroupTicket;
      }
    });

    /**
     * True when the commit timestamps are present (8.0.1+).
     */
    Object.defineProperty(GtidEvent.prototype, 'hasCommitTimestamps', {
      get: function() {
        if (this._m_hasCommitTimestamps !== undefined)
          return this._m_hasCommitTimestamps;
        this._debug._m_hasCommitTimestamps = {  };
        this._m_hasCommitTimestamps =  ((this.hasLogicalTimestamps) && (this._io.size >= 49)) ;
        return this._m_hasCommitTimestamps;
      }
    });

    /**
     * True when last_committed and sequence_number are present (5.7.5+).
     */
    Object.defineProperty(GtidEvent.prototype, 'hasLogicalTimestamps', {
      get: function() {
        if (this._m_hasLogicalTimestamps !== undefined)
          return this._m_hasLogicalTimestamps;
        this._debug._m_hasLogicalTimestamps = {  };
        this._m_hasLogicalTimestamps =  ((this.hasLtType) && (this.ltType == EventGtid.LogicalTimestampTypecode.LOGICAL_TIMESTAMPS) && (this._io.size >= 42)) ;
        return this._m_hasLogicalTimestamps;
      }
    });

    /**
     * False for MySQL 5.6 bodies (flags, sid and gno only).
     */
    Object.defineProperty(GtidEvent.prototype, 'hasLtType', {
      get: function() {
        if (this._m_hasLtType !== undefined)
          return this._m_hasLtType;
        this._debug._m_hasLtType = {  };
        this._m_hasLtType = this._io.size > 25;
        return this._m_hasLtType;
      }
    });
    Object.defineProperty(GtidEvent.prototype, 'hasOriginalCommitTimestamp', {
      get: function() {
        if (this._m_hasOriginalCommitTimestamp !== undefined)
          return this._m_hasOriginalCommitTimestamp;
        this._debug._m_hasOriginalCommitTimestamp = {  };
        this._m_hasOriginalCommitTimestamp =  ((this.hasCommitTimestamps) && (this.encodedImmediateCommitTimestamp.isFlagSet)) ;
        return this._m_hasOriginalCommitTimestamp;
      }
    });
    Object.defineProperty(GtidEvent.prototype, 'hasOriginalServerVersion', {
      get: function() {
        if (this._m_hasOriginalServerVersion !== undefined)
          return this._m_hasOriginalServerVersion;
        this._debug._m_hasOriginalServerVersion = {  };
        this._m_hasOriginalServerVersion =  ((this.hasServerVersions) && (this.encodedImmediateServerVersion >= 2147483648)) ;
        return this._m_hasOriginalServerVersion;
      }
    });
    Object.defineProperty(GtidEvent.prototype, 'hasServerVersions', {
      get: function() {
        if (this._m_hasServerVersions !== undefined)
          return this._m_hasServerVersions;
        this._debug._m_hasServerVersions = {  };
        this._m_hasServerVersions =  ((this.hasTransactionLength) && (this._io.size - this.ofsServerVersion >= 4)) ;
        return this._m_hasServerVersions;
      }
    });
    Object.defineProperty(GtidEvent.prototype, 'hasTransactionLength', {
      get: function() {
        if (this._m_hasTransactionLength !== undefined)
          return this._m_hasTransactionLength;
        this._debug._m_hasTransactionLength = {  };
        this._m_hasTransactionLength =  ((this.hasCommitTimestamps) && (this._io.size > this.ofsTransactionLength)) ;
        return this._m_hasTransactionLength;
      }
    });

    /**
     * Commit time on the immediate source, microseconds since the epoch.
     */
    Object.defineProperty(GtidEvent.prototype, 'immediateCommitTimestamp', {
      get: function() {
        if (this._m_immediateCommitTimestamp !== undefined)
          return this._m_immediateCommitTimestamp;
        if (this.hasCommitTimestamps) {
          this._debug._m_immediateCommitTimestamp = {  };
          this._m_immediateCommitTimestamp = this.encodedImmediateCommitTimestamp.value;
        }
        return this._m_immediateCommitTimestamp;
      }
    });

    /**
     * Version of the immediate source as major*10000 + minor*100 + patch.
     */
    Object.defineProperty(GtidEvent.prototype, 'immediateServerVersion', {
      get: function() {
        if (this._m_immediateServerVersion !== undefined)
          return this._m_immediateServerVersion;
        if (this.hasServerVersions) {
          this._debug._m_immediateServerVersion = {  };
          this._m_immediateServerVersion = (this.encodedImmediateServerVersion >= 2147483648 ? this.encodedImmediateServerVersion - 2147483648 : this.encodedImmediateServerVersion);
        }
        return this._m_immediateServerVersion;
      }
    });

    /**
     * True for ANONYMOUS_GTID_LOG_EVENT bodies (gno is 0 only there).
     */
    Object.defineProperty(GtidEvent.prototype, 'isAnonymous', {
      get: function() {
        if (this._m_isAnonymous !== undefined)
          return this._m_isAnonymous;
        this._debug._m_isAnonymous = {  };
        this._m_isAnonymous = this.gno == 0;
        return this._m_isAnonymous;
      }
    });

    /**
     * Bytes taken by the packed `transaction_length`.
     */
    Object.defineProperty(GtidEvent.prototype, 'lenTransactionLength', {
      get: function() {
        if (this._m_lenTransactionLength !== undefined)
          return this._m_lenTransactionLength;
        this._debug._m_lenTransactionLength = {  };
        this._m_lenTransactionLength = (!(this.hasTransactionLength) ? 0 : (this.transactionLength.first < 251 ? 1 : (this.transactionLength.first == 252 ? 3 : (this.transactionLength.first == 253 ? 4 : 9))));
        return this._m_lenTransactionLength;
      }
    });

    /**
     * FLAG_MAY_HAVE_SBR, the transaction may contain statement-based events.
     */
    Object.defineProperty(GtidEvent.prototype, 'mayHaveSbr', {
      get: function() {
        if (this._m_mayHaveSbr !== undefined)
          return this._m_mayHaveSbr;
        this._debug._m_mayHaveSbr = {  };
        this._m_mayHaveSbr = (this.gtidFlags & EventGtid.GtidFlag.MAY_HAVE_SBR) != 0;
        return this._m_mayHaveSbr;
      }
    });
    Object.defineProperty(GtidEvent.prototype, 'ofsCommitGroupTicket', {
      get: function() {
        if (this._m_ofsCommitGroupTicket !== undefined)
          return this._m_ofsCommitGroupTicket;
        this._debug._m_ofsCommitGroupTicket = {  };
        this._m_ofsCommitGroupTicket = this.ofsServerVersion + (this.hasOriginalServerVersion ? 8 : 4);
        return this._m_ofsCommitGroupTicket;
      }
    });
    Object.defineProperty(GtidEvent.prototype, 'ofsServerVersion', {
      get: function() {
        if (this._m_ofsServerVersion !== undefined)
          return this._m_ofsServerVersion;
        this._debug._m_ofsServerVersion = {  };
        this._m_ofsServerVersion = this.ofsTransactionLength + this.lenTransactionLength;
        return this._m_ofsServerVersion;
      }
    });
    Object.defineProperty(GtidEvent.prototype, 'ofsTransactionLength', {
      get: function() {
        if (this._m_ofsTransactionLength !== undefined)
          return this._m_ofsTransactionLength;
        this._debug._m_ofsTransactionLength = {  };
        this._m_ofsTransactionLength = 49 + (this.hasOriginalCommitTimestamp ? 7 : 0);
        return this._m_ofsTransactionLength;
      }
    });

    /**
     * Commit time on the originating source (= immediate when not written).
     */
    Object.defineProperty(GtidEvent.prototype, 'originalCommitTimestamp', {
      get: function() {
        if (this._m_originalCommitTimestamp !== undefined)
          return this._m_originalCommitTimestamp;
        if (this.hasCommitTimestamps) {
          this._debug._m_originalCommitTimestamp = {  };
          this._m_originalCommitTimestamp = (this.hasOriginalCommitTimestamp ? this.encodedOriginalCommitTimestamp.value : this.encodedImmediateCommitTimestamp.value);
        }
        return this._m_originalCommitTimestamp;
      }
    });

    /**
     * Version of the originating server (= immediate when not written).
     */
    Object.defineProperty(GtidEvent.prototype, 'originalServerVersion', {
      get: function() {
        if (this._m_originalServerVersion !== undefined)
          return this._m_originalServerVersion;
        if (this.hasServerVersions) {
          this._debug._m_originalServerVersion = {  };
          this._m_originalServerVersion = (this.hasOriginalServerVersion ? this.encodedOriginalServerVersion : this.immediateServerVersion);
        }
        return this._m_originalServerVersion;
      }
    });

    /**
     * Bits of `gtid_flag`.
     */

    /**
     * Source UUID of the GTID, 16 bytes in the UUID's text order (all zero when anonymous).
     */

    /**
     * Transaction number of the GTID (0 when anonymous).
     */

    /**
     * Type of the logical timestamps; 2 since MySQL 5.7.5.
     */

    /**
     * sequence_number of the transaction this one must wait for (commit parent).
     */

    /**
     * Logical timestamp of this transaction in its binary log.
     */

    /**
     * Logical timestamps of MySQL 5.7.0-5.7.4 (another type code and size), kept raw.
     */

    /**
     * Commit time on the immediate source in microseconds since the
     * epoch; bit 55 set means an original commit timestamp follows.
     * Use the `immediate_commit_timestamp` instance.
     */

    /**
     * Commit time on the originating source (only when it differs); see `original_commit_timestamp`.
     */

    /**
     * Size in bytes of the whole transaction, this event included (`.value`).
     */

    /**
     * Version of the immediate source (e.g. 80045 for 8.0.45); bit 31
     * set means the original server version follows. Use the
     * `immediate_server_version` instance.
     */

    /**
     * Version of the originating server (only when it differs).
     */

    /**
     * Binlog group commit ticket (group replication, 8.0.27+).
     */

    return GtidEvent;
  })();

  /**
   * GTID numbers `start` to `end - 1` (the end is exclusive).
   * @see sql/rpl_gtid_set.cc Gtid_set::encode (interval start, end)
   */

  var GtidInterval = EventGtid.GtidInterval = (function() {
    function GtidInterval(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    GtidInterval.prototype._read = function() {
      this._debug.start = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.start = this._io.readS8le();
      this._debug.start.end = this._io.pos;
      this._debug.end = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.end = this._io.readS8le();
      this._debug.end.end = this._io.pos;
    }

    /**
     * One past the last GTID number of the interval.
     */

    return GtidInterval;
  })();

  /**
   * An encoded GTID set. The first 8 bytes hold the number of sids and
   * the format: untagged (byte 7 = 0): the count is the low 56 bits;
   * tagged (MySQL 8.3+, byte 7 = 1): byte 0 is also 1 and the count is
   * in bytes 1-6. Then per sid: UUID, tag (tagged format only: varlen
   * length and characters, length 0 = no tag), interval count and the
   * intervals [start, end).
   * @see sql/rpl_gtid_set.cc encode_nsids_format, decode_nsids_format, Gtid_set::encode
   * @see libs/mysql/gtid/tag.cpp Tag::encode_tag
   */

  var GtidSet = EventGtid.GtidSet = (function() {
    function GtidSet(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    GtidSet.prototype._read = function() {
      this._debug.numSidsLo = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numSidsLo = this._io.readU1();
      this._debug.numSidsLo.end = this._io.pos;
      this._debug.numSidsMid = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numSidsMid = this._io.readU4le();
      this._debug.numSidsMid.end = this._io.pos;
      this._debug.numSidsHi = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numSidsHi = this._io.readU2le();
      this._debug.numSidsHi.end = this._io.pos;
      this._debug.gtidFormat = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "EventGtid.GtidFormat" };
      this.gtidFormat = this._io.readU1();
      this._debug.gtidFormat.end = this._io.pos;
      this._debug.sids = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.sids.arr = [];
      this.sids = [];
      for (var i = 0; i < this.numSids; i++) {
        this._debug.sids.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_sids = new GtidSetSid(this._io, this, this._root, this.isTagged);
        try {
          _t_sids._read();
        } finally {
          this.sids.push(_t_sids);
        }
        this._debug.sids.arr[i].end = this._io.pos;
      }
      this._debug.sids.end = this._io.pos;
    }
    Object.defineProperty(GtidSet.prototype, 'isTagged', {
      get: function() {
        if (this._m_isTagged !== undefined)
          return this._m_isTagged;
        this._debug._m_isTagged = {  };
        this._m_isTagged = this.gtidFormat == EventGtid.GtidFormat.TAGGED;
        return this._m_isTagged;
      }
    });

    /**
     * Number of (uuid, tag) entries.
     */
    Object.defineProperty(GtidSet.prototype, 'numSids', {
      get: function() {
        if (this._m_numSids !== undefined)
          return this._m_numSids;
        this._debug._m_numSids = {  };
        this._m_numSids = (this.isTagged ? this.numSidsMid + this.numSidsHi * 4294967296 : (this.numSidsLo + this.numSidsMid * 256) + this.numSidsHi * 1099511627776);
        return this._m_numSids;
      }
    });

    /**
     * Byte 0 of the header (count byte 0 untagged; the format 1 tagged).
     */

    /**
     * Bytes 1-4 of the header.
     */

    /**
     * Bytes 5-6 of the header.
     */

    /**
     * Byte 7, the encoding format.
     */

    return GtidSet;
  })();

  /**
   * The GTIDs of one source (UUID and, in the tagged format, tag) in a GTID set.
   * @see sql/rpl_gtid_set.cc Gtid_set::add_gtid_encoding
   */

  var GtidSetSid = EventGtid.GtidSetSid = (function() {
    function GtidSetSid(_io, _parent, _root, isTagged) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.isTagged = isTagged;
      this._debug = {};

    }
    GtidSetSid.prototype._read = function() {
      this._debug.uuid = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.uuid = this._io.readBytes(16);
      this._debug.uuid.end = this._io.pos;
      if (this.isTagged) {
        this._debug.tag = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.tag = new SerializationString(this._io, this, this._root);
        this.tag._read();
        this._debug.tag.end = this._io.pos;
      }
      this._debug.numIntervals = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numIntervals = this._io.readU8le();
      this._debug.numIntervals.end = this._io.pos;
      this._debug.intervals = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.intervals.arr = [];
      this.intervals = [];
      for (var i = 0; i < this.numIntervals; i++) {
        this._debug.intervals.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_intervals = new GtidInterval(this._io, this, this._root);
        try {
          _t_intervals._read();
        } finally {
          this.intervals.push(_t_intervals);
        }
        this._debug.intervals.arr[i].end = this._io.pos;
      }
      this._debug.intervals.end = this._io.pos;
    }

    /**
     * Source UUID, 16 bytes.
     */

    /**
     * The tag (`.value`, empty for untagged GTIDs of this UUID).
     */

    return GtidSetSid;
  })();

  /**
   * GTID_TAGGED_LOG_EVENT (MySQL 8.3+): the GTID event of a transaction
   * with a tagged GTID (`uuid:tag:gno`). Its body is a message of the
   * mysql::serialization library:
   * 
   * * `format_version` (the top-level field id, the serialization format
   *   version 1), `len_message` (size of the whole message, these
   *   header fields included) and `last_non_ignorable_field_id`, all
   *   variable-length integers;
   * * then the fields in increasing id order, each as its id (varlen)
   *   and its value. A field can be absent (the encoder skips
   *   original_commit_timestamp, original_server_version and
   *   commit_group_ticket when they carry no information).
   * 
   * Integers are variable-length (`serialization_varlen_uint`, signed
   * ones zigzag-encoded in `serialization_varlen_int`); the 16 bytes of
   * the UUID are a fixed-size array whose elements are each such an
   * integer (1 or 2 bytes each); the tag is a string (varlen length and
   * bytes).
   * 
   * The fields are read as MySQL's decoder does: each field id is peeked
   * and the field read only if the id is the expected one.
   * @see libs/mysql/binlog/event/control_events.h Gtid_event::define_fields
   * @see libs/mysql/binlog/event/control_events.cpp Gtid_event::read_gtid_tagged_log_event
   * @see libs/mysql/serialization/readme.md (Message format specification)
   * @see libs/mysql/serialization/serializer_impl.hpp, serializer_default_impl.hpp (decode_serializable)
   * @see libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_unsigned
   */

  var GtidTaggedEvent = EventGtid.GtidTaggedEvent = (function() {
    function GtidTaggedEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    GtidTaggedEvent.prototype._read = function() {
      this._debug.formatVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.formatVersion = new SerializationVarlenUint(this._io, this, this._root);
      this.formatVersion._read();
      this._debug.formatVersion.end = this._io.pos;
      this._debug.lenMessage = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenMessage = new SerializationVarlenUint(this._io, this, this._root);
      this.lenMessage._read();
      this._debug.lenMessage.end = this._io.pos;
      this._debug.lastNonIgnorableFieldId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lastNonIgnorableFieldId = new SerializationVarlenUint(this._io, this, this._root);
      this.lastNonIgnorableFieldId._read();
      this._debug.lastNonIgnorableFieldId.end = this._io.pos;
      this._debug.fields = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._raw_fields = this._io.readBytes(( ((this.lenMessage.value > this._io.pos) && (this.lenMessage.value <= this._io.size))  ? this.lenMessage.value - this._io.pos : this._io.size - this._io.pos));
      var _io__raw_fields = new KaitaiStream(this._raw_fields);
      this.fields = new GtidTaggedFields(_io__raw_fields, this, this._root);
      this.fields._read();
      this._debug.fields.end = this._io.pos;
    }

    /**
     * 0 (kGroupTicketUnset) when absent.
     */
    Object.defineProperty(GtidTaggedEvent.prototype, 'commitGroupTicket', {
      get: function() {
        if (this._m_commitGroupTicket !== undefined)
          return this._m_commitGroupTicket;
        this._debug._m_commitGroupTicket = {  };
        this._m_commitGroupTicket = (this.fields.hasCommitGroupTicket ? this.fields.commitGroupTicket.value : 0);
        return this._m_commitGroupTicket;
      }
    });

    /**
     * Transaction number of the GTID.
     */
    Object.defineProperty(GtidTaggedEvent.prototype, 'gno', {
      get: function() {
        if (this._m_gno !== undefined)
          return this._m_gno;
        this._debug._m_gno = {  };
        this._m_gno = (this.fields.hasGno ? this.fields.gno.value : 0);
        return this._m_gno;
      }
    });
    Object.defineProperty(GtidTaggedEvent.prototype, 'gtidFlags', {
      get: function() {
        if (this._m_gtidFlags !== undefined)
          return this._m_gtidFlags;
        this._debug._m_gtidFlags = {  };
        this._m_gtidFlags = (this.fields.hasGtidFlags ? this.fields.gtidFlags.value : 0);
        return this._m_gtidFlags;
      }
    });

    /**
     * Commit time on the immediate source, microseconds since the epoch.
     */
    Object.defineProperty(GtidTaggedEvent.prototype, 'immediateCommitTimestamp', {
      get: function() {
        if (this._m_immediateCommitTimestamp !== undefined)
          return this._m_immediateCommitTimestamp;
        this._debug._m_immediateCommitTimestamp = {  };
        this._m_immediateCommitTimestamp = (this.fields.hasImmediateCommitTimestamp ? this.fields.immediateCommitTimestamp.value : 0);
        return this._m_immediateCommitTimestamp;
      }
    });
    Object.defineProperty(GtidTaggedEvent.prototype, 'immediateServerVersion', {
      get: function() {
        if (this._m_immediateServerVersion !== undefined)
          return this._m_immediateServerVersion;
        this._debug._m_immediateServerVersion = {  };
        this._m_immediateServerVersion = (this.fields.hasImmediateServerVersion ? this.fields.immediateServerVersion.value : 0);
        return this._m_immediateServerVersion;
      }
    });
    Object.defineProperty(GtidTaggedEvent.prototype, 'lastCommitted', {
      get: function() {
        if (this._m_lastCommitted !== undefined)
          return this._m_lastCommitted;
        this._debug._m_lastCommitted = {  };
        this._m_lastCommitted = (this.fields.hasLastCommitted ? this.fields.lastCommitted.value : 0);
        return this._m_lastCommitted;
      }
    });

    /**
     * FLAG_MAY_HAVE_SBR.
     */
    Object.defineProperty(GtidTaggedEvent.prototype, 'mayHaveSbr', {
      get: function() {
        if (this._m_mayHaveSbr !== undefined)
          return this._m_mayHaveSbr;
        this._debug._m_mayHaveSbr = {  };
        this._m_mayHaveSbr = (this.gtidFlags & EventGtid.GtidFlag.MAY_HAVE_SBR) != 0;
        return this._m_mayHaveSbr;
      }
    });

    /**
     * Commit time on the originating source (= immediate when absent).
     */
    Object.defineProperty(GtidTaggedEvent.prototype, 'originalCommitTimestamp', {
      get: function() {
        if (this._m_originalCommitTimestamp !== undefined)
          return this._m_originalCommitTimestamp;
        this._debug._m_originalCommitTimestamp = {  };
        this._m_originalCommitTimestamp = (this.fields.hasOriginalCommitTimestamp ? this.fields.originalCommitTimestamp.value : this.immediateCommitTimestamp);
        return this._m_originalCommitTimestamp;
      }
    });

    /**
     * Version of the originating server (= immediate when absent).
     */
    Object.defineProperty(GtidTaggedEvent.prototype, 'originalServerVersion', {
      get: function() {
        if (this._m_originalServerVersion !== undefined)
          return this._m_originalServerVersion;
        this._debug._m_originalServerVersion = {  };
        this._m_originalServerVersion = (this.fields.hasOriginalServerVersion ? this.fields.originalServerVersion.value : this.immediateServerVersion);
        return this._m_originalServerVersion;
      }
    });
    Object.defineProperty(GtidTaggedEvent.prototype, 'sequenceNumber', {
      get: function() {
        if (this._m_sequenceNumber !== undefined)
          return this._m_sequenceNumber;
        this._debug._m_sequenceNumber = {  };
        this._m_sequenceNumber = (this.fields.hasSequenceNumber ? this.fields.sequenceNumber.value : 0);
        return this._m_sequenceNumber;
      }
    });

    /**
     * The 16 UUID bytes, each a `serialization_varlen_uint` whose
     * `.value` is the byte (Kaitai cannot build a byte array from them:
     * `bytes(b.value for b in sid)` in Python).
     */
    Object.defineProperty(GtidTaggedEvent.prototype, 'sid', {
      get: function() {
        if (this._m_sid !== undefined)
          return this._m_sid;
        this._debug._m_sid = {  };
        this._m_sid = this.fields.sid;
        return this._m_sid;
      }
    });

    /**
     * The GTID tag (lower case, 1-32 characters).
     */
    Object.defineProperty(GtidTaggedEvent.prototype, 'tag', {
      get: function() {
        if (this._m_tag !== undefined)
          return this._m_tag;
        this._debug._m_tag = {  };
        this._m_tag = (this.fields.hasTag ? this.fields.tag.value : "");
        return this._m_tag;
      }
    });
    Object.defineProperty(GtidTaggedEvent.prototype, 'transactionLength', {
      get: function() {
        if (this._m_transactionLength !== undefined)
          return this._m_transactionLength;
        this._debug._m_transactionLength = {  };
        this._m_transactionLength = (this.fields.hasTransactionLength ? this.fields.transactionLength.value : 0);
        return this._m_transactionLength;
      }
    });

    /**
     * Id of the top-level message (the serialization format version, 1).
     */

    /**
     * Size of the message from its first byte, in bytes.
     */

    /**
     * A reader that does not know a field up to this id must fail.
     */

    return GtidTaggedEvent;
  })();

  /**
   * The fields of a GTID_TAGGED_LOG_EVENT message, in id order, read the
   * way MySQL's decoder reads them: before each expected field the next
   * field id is peeked (`peek_N`, one byte: ids below 64 are encoded as
   * id * 2) and the field is read only when it is the expected one
   * (`has_N`). The peeks are evaluated during the parse, in seq order;
   * each `has_*` caches its answer.
   * @see libs/mysql/serialization/serializer_default_impl.hpp decode_field_id, decode
   * @see libs/mysql/binlog/event/control_events.h Gtid_event::define_fields
   */

  var GtidTaggedFields = EventGtid.GtidTaggedFields = (function() {
    function GtidTaggedFields(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    GtidTaggedFields.prototype._read = function() {
      if (this.hasGtidFlags) {
        this._debug.idGtidFlags = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idGtidFlags = new SerializationVarlenUint(this._io, this, this._root);
        this.idGtidFlags._read();
        this._debug.idGtidFlags.end = this._io.pos;
      }
      if (this.hasGtidFlags) {
        this._debug.gtidFlags = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.gtidFlags = new SerializationVarlenUint(this._io, this, this._root);
        this.gtidFlags._read();
        this._debug.gtidFlags.end = this._io.pos;
      }
      if (this.hasSid) {
        this._debug.idSid = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idSid = new SerializationVarlenUint(this._io, this, this._root);
        this.idSid._read();
        this._debug.idSid.end = this._io.pos;
      }
      if (this.hasSid) {
        this._debug.sid = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._debug.sid.arr = [];
        this.sid = [];
        for (var i = 0; i < 16; i++) {
          this._debug.sid.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
          var _t_sid = new SerializationVarlenUint(this._io, this, this._root);
          try {
            _t_sid._read();
          } finally {
            this.sid.push(_t_sid);
          }
          this._debug.sid.arr[i].end = this._io.pos;
        }
        this._debug.sid.end = this._io.pos;
      }
      if (this.hasGno) {
        this._debug.idGno = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idGno = new SerializationVarlenUint(this._io, this, this._root);
        this.idGno._read();
        this._debug.idGno.end = this._io.pos;
      }
      if (this.hasGno) {
        this._debug.gno = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.gno = new SerializationVarlenInt(this._io, this, this._root);
        this.gno._read();
        this._debug.gno.end = this._io.pos;
      }
      if (this.hasTag) {
        this._debug.idTag = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idTag = new SerializationVarlenUint(this._io, this, this._root);
        this.idTag._read();
        this._debug.idTag.end = this._io.pos;
      }
      if (this.hasTag) {
        this._debug.tag = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.tag = new SerializationString(this._io, this, this._root);
        this.tag._read();
        this._debug.tag.end = this._io.pos;
      }
      if (this.hasLastCommitted) {
        this._debug.idLastCommitted = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idLastCommitted = new SerializationVarlenUint(this._io, this, this._root);
        this.idLastCommitted._read();
        this._debug.idLastCommitted.end = this._io.pos;
      }
      if (this.hasLastCommitted) {
        this._debug.lastCommitted = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.lastCommitted = new SerializationVarlenInt(this._io, this, this._root);
        this.lastCommitted._read();
        this._debug.lastCommitted.end = this._io.pos;
      }
      if (this.hasSequenceNumber) {
        this._debug.idSequenceNumber = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idSequenceNumber = new SerializationVarlenUint(this._io, this, this._root);
        this.idSequenceNumber._read();
        this._debug.idSequenceNumber.end = this._io.pos;
      }
      if (this.hasSequenceNumber) {
        this._debug.sequenceNumber = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.sequenceNumber = new SerializationVarlenInt(this._io, this, this._root);
        this.sequenceNumber._read();
        this._debug.sequenceNumber.end = this._io.pos;
      }
      if (this.hasImmediateCommitTimestamp) {
        this._debug.idImmediateCommitTimestamp = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idImmediateCommitTimestamp = new SerializationVarlenUint(this._io, this, this._root);
        this.idImmediateCommitTimestamp._read();
        this._debug.idImmediateCommitTimestamp.end = this._io.pos;
      }
      if (this.hasImmediateCommitTimestamp) {
        this._debug.immediateCommitTimestamp = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.immediateCommitTimestamp = new SerializationVarlenUint(this._io, this, this._root);
        this.immediateCommitTimestamp._read();
        this._debug.immediateCommitTimestamp.end = this._io.pos;
      }
      if (this.hasOriginalCommitTimestamp) {
        this._debug.idOriginalCommitTimestamp = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idOriginalCommitTimestamp = new SerializationVarlenUint(this._io, this, this._root);
        this.idOriginalCommitTimestamp._read();
        this._debug.idOriginalCommitTimestamp.end = this._io.pos;
      }
      if (this.hasOriginalCommitTimestamp) {
        this._debug.originalCommitTimestamp = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.originalCommitTimestamp = new SerializationVarlenUint(this._io, this, this._root);
        this.originalCommitTimestamp._read();
        this._debug.originalCommitTimestamp.end = this._io.pos;
      }
      if (this.hasTransactionLength) {
        this._debug.idTransactionLength = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idTransactionLength = new SerializationVarlenUint(this._io, this, this._root);
        this.idTransactionLength._read();
        this._debug.idTransactionLength.end = this._io.pos;
      }
      if (this.hasTransactionLength) {
        this._debug.transactionLength = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.transactionLength = new SerializationVarlenUint(this._io, this, this._root);
        this.transactionLength._read();
        this._debug.transactionLength.end = this._io.pos;
      }
      if (this.hasImmediateServerVersion) {
        this._debug.idImmediateServerVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idImmediateServerVersion = new SerializationVarlenUint(this._io, this, this._root);
        this.idImmediateServerVersion._read();
        this._debug.idImmediateServerVersion.end = this._io.pos;
      }
      if (this.hasImmediateServerVersion) {
        this._debug.immediateServerVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.immediateServerVersion = new SerializationVarlenUint(this._io, this, this._root);
        this.immediateServerVersion._read();
        this._debug.immediateServerVersion.end = this._io.pos;
      }
      if (this.hasOriginalServerVersion) {
        this._debug.idOriginalServerVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idOriginalServerVersion = new SerializationVarlenUint(this._io, this, this._root);
        this.idOriginalServerVersion._read();
        this._debug.idOriginalServerVersion.end = this._io.pos;
      }
      if (this.hasOriginalServerVersion) {
        this._debug.originalServerVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.originalServerVersion = new SerializationVarlenUint(this._io, this, this._root);
        this.originalServerVersion._read();
        this._debug.originalServerVersion.end = this._io.pos;
      }
      if (this.hasCommitGroupTicket) {
        this._debug.idCommitGroupTicket = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.idCommitGroupTicket = new SerializationVarlenUint(this._io, this, this._root);
        this.idCommitGroupTicket._read();
        this._debug.idCommitGroupTicket.end = this._io.pos;
      }
      if (this.hasCommitGroupTicket) {
        this._debug.commitGroupTicket = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.commitGroupTicket = new SerializationVarlenUint(this._io, this, this._root);
        this.commitGroupTicket._read();
        this._debug.commitGroupTicket.end = this._io.pos;
      }
      if (!(this._io.isEof())) {
        this._debug.unknownFields = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.unknownFields = this._io.readBytesFull();
        this._debug.unknownFields.end = this._io.pos;
      }
    }

    /**
     * True when field 11 (commit_group_ticket) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasCommitGroupTicket', {
      get: function() {
        if (this._m_hasCommitGroupTicket !== undefined)
          return this._m_hasCommitGroupTicket;
        this._debug._m_hasCommitGroupTicket = {  };
        this._m_hasCommitGroupTicket =  ((this._io.pos < this._io.size) && (this.peek11 == 22)) ;
        return this._m_hasCommitGroupTicket;
      }
    });

    /**
     * True when field 2 (gno) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasGno', {
      get: function() {
        if (this._m_hasGno !== undefined)
          return this._m_hasGno;
        this._debug._m_hasGno = {  };
        this._m_hasGno =  ((this._io.pos < this._io.size) && (this.peek2 == 4)) ;
        return this._m_hasGno;
      }
    });

    /**
     * True when field 0 (gtid_flags) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasGtidFlags', {
      get: function() {
        if (this._m_hasGtidFlags !== undefined)
          return this._m_hasGtidFlags;
        this._debug._m_hasGtidFlags = {  };
        this._m_hasGtidFlags =  ((this._io.pos < this._io.size) && (this.peek0 == 0)) ;
        return this._m_hasGtidFlags;
      }
    });

    /**
     * True when field 6 (immediate_commit_timestamp) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasImmediateCommitTimestamp', {
      get: function() {
        if (this._m_hasImmediateCommitTimestamp !== undefined)
          return this._m_hasImmediateCommitTimestamp;
        this._debug._m_hasImmediateCommitTimestamp = {  };
        this._m_hasImmediateCommitTimestamp =  ((this._io.pos < this._io.size) && (this.peek6 == 12)) ;
        return this._m_hasImmediateCommitTimestamp;
      }
    });

    /**
     * True when field 9 (immediate_server_version) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasImmediateServerVersion', {
      get: function() {
        if (this._m_hasImmediateServerVersion !== undefined)
          return this._m_hasImmediateServerVersion;
        this._debug._m_hasImmediateServerVersion = {  };
        this._m_hasImmediateServerVersion =  ((this._io.pos < this._io.size) && (this.peek9 == 18)) ;
        return this._m_hasImmediateServerVersion;
      }
    });

    /**
     * True when field 4 (last_committed) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasLastCommitted', {
      get: function() {
        if (this._m_hasLastCommitted !== undefined)
          return this._m_hasLastCommitted;
        this._debug._m_hasLastCommitted = {  };
        this._m_hasLastCommitted =  ((this._io.pos < this._io.size) && (this.peek4 == 8)) ;
        return this._m_hasLastCommitted;
      }
    });

    /**
     * True when field 7 (original_commit_timestamp) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasOriginalCommitTimestamp', {
      get: function() {
        if (this._m_hasOriginalCommitTimestamp !== undefined)
          return this._m_hasOriginalCommitTimestamp;
        this._debug._m_hasOriginalCommitTimestamp = {  };
        this._m_hasOriginalCommitTimestamp =  ((this._io.pos < this._io.size) && (this.peek7 == 14)) ;
        return this._m_hasOriginalCommitTimestamp;
      }
    });

    /**
     * True when field 10 (original_server_version) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasOriginalServerVersion', {
      get: function() {
        if (this._m_hasOriginalServerVersion !== undefined)
          return this._m_hasOriginalServerVersion;
        this._debug._m_hasOriginalServerVersion = {  };
        this._m_hasOriginalServerVersion =  ((this._io.pos < this._io.size) && (this.peek10 == 20)) ;
        return this._m_hasOriginalServerVersion;
      }
    });

    /**
     * True when field 5 (sequence_number) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasSequenceNumber', {
      get: function() {
        if (this._m_hasSequenceNumber !== undefined)
          return this._m_hasSequenceNumber;
        this._debug._m_hasSequenceNumber = {  };
        this._m_hasSequenceNumber =  ((this._io.pos < this._io.size) && (this.peek5 == 10)) ;
        return this._m_hasSequenceNumber;
      }
    });

    /**
     * True when field 1 (sid) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasSid', {
      get: function() {
        if (this._m_hasSid !== undefined)
          return this._m_hasSid;
        this._debug._m_hasSid = {  };
        this._m_hasSid =  ((this._io.pos < this._io.size) && (this.peek1 == 2)) ;
        return this._m_hasSid;
      }
    });

    /**
     * True when field 3 (tag) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasTag', {
      get: function() {
        if (this._m_hasTag !== undefined)
          return this._m_hasTag;
        this._debug._m_hasTag = {  };
        this._m_hasTag =  ((this._io.pos < this._io.size) && (this.peek3 == 6)) ;
        return this._m_hasTag;
      }
    });

    /**
     * True when field 8 (transaction_length) is present.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'hasTransactionLength', {
      get: function() {
        if (this._m_hasTransactionLength !== undefined)
          return this._m_hasTransactionLength;
        this._debug._m_hasTransactionLength = {  };
        this._m_hasTransactionLength =  ((this._io.pos < this._io.size) && (this.peek8 == 16)) ;
        return this._m_hasTransactionLength;
      }
    });

    /**
     * The byte at the current position when field 0 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek0', {
      get: function() {
        if (this._m_peek0 !== undefined)
          return this._m_peek0;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek0 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek0 = this._io.readU1();
          this._debug._m_peek0.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek0;
      }
    });

    /**
     * The byte at the current position when field 1 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek1', {
      get: function() {
        if (this._m_peek1 !== undefined)
          return this._m_peek1;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek1 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek1 = this._io.readU1();
          this._debug._m_peek1.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek1;
      }
    });

    /**
     * The byte at the current position when field 10 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek10', {
      get: function() {
        if (this._m_peek10 !== undefined)
          return this._m_peek10;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek10 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek10 = this._io.readU1();
          this._debug._m_peek10.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek10;
      }
    });

    /**
     * The byte at the current position when field 11 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek11', {
      get: function() {
        if (this._m_peek11 !== undefined)
          return this._m_peek11;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek11 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek11 = this._io.readU1();
          this._debug._m_peek11.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek11;
      }
    });

    /**
     * The byte at the current position when field 2 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek2', {
      get: function() {
        if (this._m_peek2 !== undefined)
          return this._m_peek2;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek2 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek2 = this._io.readU1();
          this._debug._m_peek2.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek2;
      }
    });

    /**
     * The byte at the current position when field 3 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek3', {
      get: function() {
        if (this._m_peek3 !== undefined)
          return this._m_peek3;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek3 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek3 = this._io.readU1();
          this._debug._m_peek3.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek3;
      }
    });

    /**
     * The byte at the current position when field 4 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek4', {
      get: function() {
        if (this._m_peek4 !== undefined)
          return this._m_peek4;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek4 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek4 = this._io.readU1();
          this._debug._m_peek4.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek4;
      }
    });

    /**
     * The byte at the current position when field 5 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek5', {
      get: function() {
        if (this._m_peek5 !== undefined)
          return this._m_peek5;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek5 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek5 = this._io.readU1();
          this._debug._m_peek5.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek5;
      }
    });

    /**
     * The byte at the current position when field 6 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek6', {
      get: function() {
        if (this._m_peek6 !== undefined)
          return this._m_peek6;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek6 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek6 = this._io.readU1();
          this._debug._m_peek6.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek6;
      }
    });

    /**
     * The byte at the current position when field 7 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek7', {
      get: function() {
        if (this._m_peek7 !== undefined)
          return this._m_peek7;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek7 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek7 = this._io.readU1();
          this._debug._m_peek7.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek7;
      }
    });

    /**
     * The byte at the current position when field 8 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek8', {
      get: function() {
        if (this._m_peek8 !== undefined)
          return this._m_peek8;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek8 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek8 = this._io.readU1();
          this._debug._m_peek8.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek8;
      }
    });

    /**
     * The byte at the current position when field 9 is due.
     */
    Object.defineProperty(GtidTaggedFields.prototype, 'peek9', {
      get: function() {
        if (this._m_peek9 !== undefined)
          return this._m_peek9;
        if (this._io.pos < this._io.size) {
          var _pos = this._io.pos;
          this._io.seek(this._io.pos);
          this._debug._m_peek9 = { start: this._io.pos, ioOffset: this._io.byteOffset };
          this._m_peek9 = this._io.readU1();
          this._debug._m_peek9.end = this._io.pos;
          this._io.seek(_pos);
        }
        return this._m_peek9;
      }
    });

    /**
     * Field id 0.
     */

    /**
     * Field 0, gtid_flags (bit 0 = may have SBR).
     */

    /**
     * Field id 1.
     */

    /**
     * Field 1, the source UUID as 16 varlen integers, one per byte (`.value`).
     */

    /**
     * Field id 2.
     */

    /**
     * Field 2, the transaction number (signed).
     */

    /**
     * Field id 3.
     */

    /**
     * Field 3, the tag (`.value`).
     */

    /**
     * Field id 4.
     */

    /**
     * Field 4 (signed).
     */

    /**
     * Field id 5.
     */

    /**
     * Field 5 (signed).
     */

    /**
     * Field id 6.
     */

    /**
     * Field 6, microseconds since the epoch.
     */

    /**
     * Field id 7.
     */

    /**
     * Field 7, only when it differs from the immediate one.
     */

    /**
     * Field id 8.
     */

    /**
     * Field 8, size of the transaction in bytes, this event included.
     */

    /**
     * Field id 9.
     */

    /**
     * Field 9.
     */

    /**
     * Field id 10.
     */

    /**
     * Field 10, only when it differs from the immediate one.
     */

    /**
     * Field id 11.
     */

    /**
     * Field 11, only when set.
     */

    /**
     * Fields of a newer server (ids above 11), kept raw.
     */

    return GtidTaggedFields;
  })();

  /**
   * One TLV field of a TRANSACTION_PAYLOAD_EVENT header.
   * @see libs/mysql/binlog/event/codecs/binary.cpp Transaction_payload::decode
   */

  var PayloadField = EventGtid.PayloadField = (function() {
    function PayloadField(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    PayloadField.prototype._read = function() {
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
        case 1:
          this._raw_value = this._io.readBytes(this.lenValue.value);
          var _io__raw_value = new KaitaiStream(this._raw_value);
          this.value = new PackedInt_.PackedInt(_io__raw_value, null, null);
          this.value._read();
          break;
        case 2:
          this._raw_value = this._io.readBytes(this.lenValue.value);
          var _io__raw_value = new KaitaiStream(this._raw_value);
          this.value = new PackedInt_.PackedInt(_io__raw_value, null, null);
          this.value._read();
          break;
        case 3:
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
    Object.defineProperty(PayloadField.prototype, 'fieldTypeEnum', {
      get: function() {
        if (this._m_fieldTypeEnum !== undefined)
          return this._m_fieldTypeEnum;
        this._debug._m_fieldTypeEnum = { enumName: "EventGtid.PayloadFieldType" };
        this._m_fieldTypeEnum = this.fieldType.value;
        return this._m_fieldTypeEnum;
      }
    });
    Object.defineProperty(PayloadField.prototype, 'intValue', {
      get: function() {
        if (this._m_intValue !== undefined)
          return this._m_intValue;
        if (this.isKnown) {
          this._debug._m_intValue = {  };
          this._m_intValue = this.value.value;
        }
        return this._m_intValue;
      }
    });
    Object.defineProperty(PayloadField.prototype, 'isEnd', {
      get: function() {
        if (this._m_isEnd !== undefined)
          return this._m_isEnd;
        this._debug._m_isEnd = {  };
        this._m_isEnd = this.fieldType.value == 0;
        return this._m_isEnd;
      }
    });
    Object.defineProperty(PayloadField.prototype, 'isKnown', {
      get: function() {
        if (this._m_isKnown !== undefined)
          return this._m_isKnown;
        this._debug._m_isKnown = {  };
        this._m_isKnown =  ((this.fieldType.value >= 1) && (this.fieldType.value <= 3)) ;
        return this._m_isKnown;
      }
    });

    /**
     * Field type (see `payload_field_type`); 0 ends the header.
     */

    /**
     * A packed integer for the known types; skipped by length otherwise.
     */

    return PayloadField;
  })();

  /**
   * PREVIOUS_GTIDS_LOG_EVENT (MySQL 5.6+): the set of GTIDs written to
   * all earlier binary logs (gtid_executed at the file's start), the
   * second event of every file. The body is an encoded GTID set.
   * @see libs/mysql/binlog/event/control_events.h Previous_gtids_event
   * @see sql/rpl_gtid_set.cc Gtid_set::encode, Gtid_set::add_gtid_encoding
   */

  var PreviousGtidsEvent = EventGtid.PreviousGtidsEvent = (function() {
    function PreviousGtidsEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    PreviousGtidsEvent.prototype._read = function() {
      this._debug.gtidSet = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.gtidSet = new GtidSet(this._io, this, this._root);
      this.gtidSet._read();
      this._debug.gtidSet.end = this._io.pos;
    }

    /**
     * Number of (uuid, tag) entries of the set.
     */
    Object.defineProperty(PreviousGtidsEvent.prototype, 'numSids', {
      get: function() {
        if (this._m_numSids !== undefined)
          return this._m_numSids;
        this._debug._m_numSids = {  };
        this._m_numSids = this.gtidSet.numSids;
        return this._m_numSids;
      }
    });

    /**
     * The entries of the set (`uuid`, `tag`, `intervals`).
     */
    Object.defineProperty(PreviousGtidsEvent.prototype, 'sids', {
      get: function() {
        if (this._m_sids !== undefined)
          return this._m_sids;
        this._debug._m_sids = {  };
        this._m_sids = this.gtidSet.sids;
        return this._m_sids;
      }
    });

    return PreviousGtidsEvent;
  })();

  /**
   * A string of mysql::serialization (varlen length, then the bytes).
   * @see libs/mysql/serialization/primitive_type_codec.h Primitive_type_codec<std::string>::read_bytes
   */

  var SerializationString = EventGtid.SerializationString = (function() {
    function SerializationString(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SerializationString.prototype._read = function() {
      this._debug.lenValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenValue = new SerializationVarlenUint(this._io, this, this._root);
      this.lenValue._read();
      this._debug.lenValue.end = this._io.pos;
      this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.value = KaitaiStream.bytesToStr(this._io.readBytes(this.lenValue.value), "ASCII");
      this._debug.value.end = this._io.pos;
    }

    /**
     * GTID tags are ASCII letters, digits and '_' (validated by the server).
     */

    return SerializationString;
  })();

  /**
   * Signed variable-length integer of mysql::serialization: an unsigned
   * one holding the zigzag encoding (bit 0 = sign, x >= 0 as x << 1,
   * x < 0 as ((-(x + 1)) << 1) | 1).
   * @see libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_signed
   */

  var SerializationVarlenInt = EventGtid.SerializationVarlenInt = (function() {
    function SerializationVarlenInt(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SerializationVarlenInt.prototype._read = function() {
      this._debug.raw = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.raw = new SerializationVarlenUint(this._io, this, this._root);
      this.raw._read();
      this._debug.raw.end = this._io.pos;
    }

    /**
     * The decoded signed integer.
     */
    Object.defineProperty(SerializationVarlenInt.prototype, 'value', {
      get: function() {
        if (this._m_value !== undefined)
          return this._m_value;
        this._debug._m_value = {  };
        this._m_value = (KaitaiStream.mod(this.raw.value, 2) == 0 ? Math.floor(this.raw.value / 2) : -(Math.floor(this.raw.value / 2)) - 1);
        return this._m_value;
      }
    });

    return SerializationVarlenInt;
  })();

  /**
   * Unsigned variable-length integer of mysql::serialization: 1 to 9
   * bytes, little-endian. The number of trailing one bits of the first
   * byte, plus one, is the number of bytes. For 1-8 bytes the value is
   * the first byte shifted right by that number, plus the following
   * bytes shifted left by (8 - number of bytes); with 9 bytes (first
   * byte 0xff) the 8 following bytes are the value.
   * @see libs/mysql/serialization/variable_length_integers.h read_varlen_bytes_unsigned
   */

  var SerializationVarlenUint = EventGtid.SerializationVarlenUint = (function() {
    function SerializationVarlenUint(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SerializationVarlenUint.prototype._read = function() {
      this._debug.first = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.first = this._io.readU1();
      this._debug.first.end = this._io.pos;
      this._debug.rest = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.rest = this._io.readBytes(this.numBytes - 1);
      this._debug.rest.end = this._io.pos;
    }

    /**
     * Length of the encoding (countr_one(first) + 1).
     */
    Object.defineProperty(SerializationVarlenUint.prototype, 'numBytes', {
      get: function() {
        if (this._m_numBytes !== undefined)
          return this._m_numBytes;
        this._debug._m_numBytes = {  };
        this._m_numBytes = ((this.first & 1) == 0 ? 1 : ((this.first & 3) == 1 ? 2 : ((this.first & 7) == 3 ? 3 : ((this.first & 15) == 7 ? 4 : ((this.first & 31) == 15 ? 5 : ((this.first & 63) == 31 ? 6 : ((this.first & 127) == 63 ? 7 : (this.first == 127 ? 8 : 9))))))));
        return this._m_numBytes;
      }
    });
    Object.defineProperty(SerializationVarlenUint.prototype, 'restValue', {
      get: function() {
        if (this._m_restValue !== undefined)
          return this._m_restValue;
        this._debug._m_restValue = {  };
        this._m_restValue = (((((((this.numBytes > 1 ? this.rest[0] : 0) + (this.numBytes > 2 ? this.rest[1] * 256 : 0)) + (this.numBytes > 3 ? this.rest[2] * 65536 : 0)) + (this.numBytes > 4 ? this.rest[3] * 16777216 : 0)) + (this.numBytes > 5 ? this.rest[4] * 4294967296 : 0)) + (this.numBytes > 6 ? this.rest[5] * 1099511627776 : 0)) + (this.numBytes > 7 ? this.rest[6] * 281474976710656 : 0)) + (this.numBytes > 8 ? this.rest[7] * 72057594037927936 : 0);
        return this._m_restValue;
      }
    });

    /**
     * The decoded integer.
     */
    Object.defineProperty(SerializationVarlenUint.prototype, 'value', {
      get: function() {
        if (this._m_value !== undefined)
          return this._m_value;
        this._debug._m_value = {  };
        this._m_value = (this.numBytes == 1 ? Math.floor(this.first / 2) : (this.numBytes == 9 ? this.restValue : Math.floor(this.first / (this.numBytes == 2 ? 4 : (this.numBytes == 3 ? 8 : (this.numBytes == 4 ? 16 : (this.numBytes == 5 ? 32 : (this.numBytes == 6 ? 64 : (this.numBytes == 7 ? 128 : 256))))))) + this.restValue * (this.numBytes == 2 ? 64 : (this.numBytes == 3 ? 32 : (this.numBytes == 4 ? 16 : (this.numBytes == 5 ? 8 : (this.numBytes == 6 ? 4 : (this.numBytes == 7 ? 2 : 1))))))));
        return this._m_value;
      }
    });

    /**
     * The following bytes, little-endian.
     */

    return SerializationVarlenUint;
  })();

  /**
   * One item of a transaction context's write or read set (u2 length + bytes).
   * @see libs/mysql/binlog/event/event_reader.cpp Event_reader::read_data_set
   */

  var SetItem = EventGtid.SetItem = (function() {
    function SetItem(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    SetItem.prototype._read = function() {
      this._debug.lenValue = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenValue = this._io.readU2le();
      this._debug.lenValue.end = this._io.pos;
      this._debug.value = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.value = this._io.readBytes(this.lenValue);
      this._debug.value.end = this._io.pos;
    }

    return SetItem;
  })();

  /**
   * TRANSACTION_CONTEXT_EVENT (group replication, 5.7.6+): the write set
   * of a transaction, used for certification; written to relay logs.
   * @see libs/mysql/binlog/event/control_events.h Transaction_context_event
   * @see libs/mysql/binlog/event/control_events.cpp Transaction_context_event::Transaction_context_event
   */

  var TransactionContextEvent = EventGtid.TransactionContextEvent = (function() {
    function TransactionContextEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    TransactionContextEvent.prototype._read = function() {
      this._debug.lenServerUuid = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenServerUuid = this._io.readU1();
      this._debug.lenServerUuid.end = this._io.pos;
      this._debug.threadId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.threadId = this._io.readU4le();
      this._debug.threadId.end = this._io.pos;
      this._debug.gtidSpecified = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.gtidSpecified = this._io.readU1();
      this._debug.gtidSpecified.end = this._io.pos;
      this._debug.lenSnapshotVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenSnapshotVersion = this._io.readU4le();
      this._debug.lenSnapshotVersion.end = this._io.pos;
      this._debug.numWriteSetItems = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numWriteSetItems = this._io.readU4le();
      this._debug.numWriteSetItems.end = this._io.pos;
      this._debug.numReadSetItems = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numReadSetItems = this._io.readU4le();
      this._debug.numReadSetItems.end = this._io.pos;
      this._debug.serverUuid = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.serverUuid = KaitaiStream.bytesToStr(this._io.readBytes(this.lenServerUuid), "ASCII");
      this._debug.serverUuid.end = this._io.pos;
      if (this.lenSnapshotVersion >= 8) {
        this._debug.snapshotVersion = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._raw_snapshotVersion = this._io.readBytes(this.lenSnapshotVersion);
        var _io__raw_snapshotVersion = new KaitaiStream(this._raw_snapshotVersion);
        this.snapshotVersion = new GtidSet(_io__raw_snapshotVersion, this, this._root);
        this.snapshotVersion._read();
        this._debug.snapshotVersion.end = this._io.pos;
      }
      if (this.lenSnapshotVersion < 8) {
        this._debug.snapshotVersionRaw = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this.snapshotVersionRaw = this._io.readBytes(this.lenSnapshotVersion);
        this._debug.snapshotVersionRaw.end = this._io.pos;
      }
      this._debug.writeSet = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.writeSet.arr = [];
      this.writeSet = [];
      for (var i = 0; i < this.numWriteSetItems; i++) {
        this._debug.writeSet.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_writeSet = new SetItem(this._io, this, this._root);
        try {
          _t_writeSet._read();
        } finally {
          this.writeSet.push(_t_writeSet);
        }
        this._debug.writeSet.arr[i].end = this._io.pos;
      }
      this._debug.writeSet.end = this._io.pos;
      this._debug.readSet = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.readSet.arr = [];
      this.readSet = [];
      for (var i = 0; i < this.numReadSetItems; i++) {
        this._debug.readSet.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_readSet = new SetItem(this._io, this, this._root);
        try {
          _t_readSet._read();
        } finally {
          this.readSet.push(_t_readSet);
        }
        this._debug.readSet.arr[i].end = this._io.pos;
      }
      this._debug.readSet.end = this._io.pos;
    }

    /**
     * Non-zero when the transaction's GTID was set by gtid_next.
     */

    /**
     * UUID of the server that ran the transaction, as text.
     */

    /**
     * gtid_executed when the transaction ran (an encoded GTID set).
     */

    /**
     * A snapshot version too short to be a GTID set (kept raw).
     */

    /**
     * Hashes of the rows the transaction wrote.
     */

    return TransactionContextEvent;
  })();

  /**
   * TRANSACTION_PAYLOAD_EVENT (MySQL 8.0.20+, binlog_transaction_compression):
   * the events of a whole transaction, compressed. The body starts with
   * a header of type-length-value fields (each part a packed integer)
   * ended by the type END_MARK (0), then the payload: for ZSTD a zstd
   * frame of the concatenated inner events (full 19-byte headers, no
   * CRC32), for NONE the events themselves.
   * 
   * The format description lists 40 as this type's post-header length,
   * but the TLV header starts right at the body start: MySQL decodes it
   * from there and so does this spec. Decompression is left to the
   * runtime (no `process:`, which the Web IDE cannot run).
   * @see libs/mysql/binlog/event/control_events.h Transaction_payload_event
   * @see libs/mysql/binlog/event/codecs/binary.cpp Transaction_payload::decode
   * @see libs/mysql/binlog/event/codecs/binary.h Transaction_payload::fields
   */

  var TransactionPayloadEvent = EventGtid.TransactionPayloadEvent = (function() {
    function TransactionPayloadEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    TransactionPayloadEvent.prototype._read = function() {
      this._debug.fields = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.fields.arr = [];
      this.fields = [];
      var i = 0;
      do {
        this._debug.fields.arr[this.fields.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_fields = new PayloadField(this._io, this, this._root);
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
      this._debug.payload = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.payload = this._io.readBytesFull();
      this._debug.payload.end = this._io.pos;
    }

    /**
     * COMPRESSION_TYPE of the payload.
     */
    Object.defineProperty(TransactionPayloadEvent.prototype, 'compressionType', {
      get: function() {
        if (this._m_compressionType !== undefined)
          return this._m_compressionType;
        this._debug._m_compressionType = { enumName: "EventGtid.CompressionType" };
        this._m_compressionType = this.compressionTypeValue;
        return this._m_compressionType;
      }
    });

    /**
     * COMPRESSION_TYPE as a number (255 = NONE when the field is missing).
     */
    Object.defineProperty(TransactionPayloadEvent.prototype, 'compressionTypeValue', {
      get: function() {
        if (this._m_compressionTypeValue !== undefined)
          return this._m_compressionTypeValue;
        this._debug._m_compressionTypeValue = {  };
        this._m_compressionTypeValue = ( ((this.fields.length > 0) && (this.fields[0].fieldType.value == 2))  ? this.fields[0].intValue : ( ((this.fields.length > 1) && (this.fields[1].fieldType.value == 2))  ? this.fields[1].intValue : ( ((this.fields.length > 2) && (this.fields[2].fieldType.value == 2))  ? this.fields[2].intValue : ( ((this.fields.length > 3) && (this.fields[3].fieldType.value == 2))  ? this.fields[3].intValue : ( ((this.fields.length > 4) && (this.fields[4].fieldType.value == 2))  ? this.fields[4].intValue : 255)))));
        return this._m_compressionTypeValue;
      }
    });

    /**
     * PAYLOAD_SIZE, the size of `payload` (the actual size when the field is missing).
     */
    Object.defineProperty(TransactionPayloadEvent.prototype, 'payloadSize', {
      get: function() {
        if (this._m_payloadSize !== undefined)
          return this._m_payloadSize;
        this._debug._m_payloadSize = {  };
        this._m_payloadSize = ( ((this.fields.length > 0) && (this.fields[0].fieldType.value == 1))  ? this.fields[0].intValue : ( ((this.fields.length > 1) && (this.fields[1].fieldType.value == 1))  ? this.fields[1].intValue : ( ((this.fields.length > 2) && (this.fields[2].fieldType.value == 1))  ? this.fields[2].intValue : ( ((this.fields.length > 3) && (this.fields[3].fieldType.value == 1))  ? this.fields[3].intValue : ( ((this.fields.length > 4) && (this.fields[4].fieldType.value == 1))  ? this.fields[4].intValue : this.payload.length)))));
        return this._m_payloadSize;
      }
    });

    /**
     * UNCOMPRESSED_SIZE (informational; = payload_size when missing, as for NONE).
     */
    Object.defineProperty(TransactionPayloadEvent.prototype, 'uncompressedSize', {
      get: function() {
        if (this._m_uncompressedSize !== undefined)
          return this._m_uncompressedSize;
        this._debug._m_uncompressedSize = {  };
        this._m_uncompressedSize = ( ((this.fields.length > 0) && (this.fields[0].fieldType.value == 3))  ? this.fields[0].intValue : ( ((this.fields.length > 1) && (this.fields[1].fieldType.value == 3))  ? this.fields[1].intValue : ( ((this.fields.length > 2) && (this.fields[2].fieldType.value == 3))  ? this.fields[2].intValue : ( ((this.fields.length > 3) && (this.fields[3].fieldType.value == 3))  ? this.fields[3].intValue : ( ((this.fields.length > 4) && (this.fields[4].fieldType.value == 3))  ? this.fields[4].intValue : this.payloadSize)))));
        return this._m_uncompressedSize;
      }
    });

    /**
     * The (compressed) inner events.
     */

    return TransactionPayloadEvent;
  })();

  /**
   * A 7-byte little-endian integer read as u4 + u2 + u1 (no 56-bit bit
   * field: those break the JavaScript target). In an immediate commit
   * timestamp bit 55 is a flag, see `is_flag_set`.
   * @see libs/mysql/binlog/event/control_events.cpp Gtid_event::Gtid_event (ENCODED_COMMIT_TIMESTAMP_LENGTH)
   */

  var U56Le = EventGtid.U56Le = (function() {
    function U56Le(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    U56Le.prototype._read = function() {
      this._debug.lo = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lo = this._io.readU4le();
      this._debug.lo.end = this._io.pos;
      this._debug.mid = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.mid = this._io.readU2le();
      this._debug.mid.end = this._io.pos;
      this._debug.hi = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.hi = this._io.readU1();
      this._debug.hi.end = this._io.pos;
    }

    /**
     * Bit 55.
     */
    Object.defineProperty(U56Le.prototype, 'isFlagSet', {
      get: function() {
        if (this._m_isFlagSet !== undefined)
          return this._m_isFlagSet;
        this._debug._m_isFlagSet = {  };
        this._m_isFlagSet = this.hi >= 128;
        return this._m_isFlagSet;
      }
    });

    /**
     * The low 55 bits.
     */
    Object.defineProperty(U56Le.prototype, 'value', {
      get: function() {
        if (this._m_value !== undefined)
          return this._m_value;
        this._debug._m_value = {  };
        this._m_value = (this.lo + this.mid * 4294967296) + (this.hi >= 128 ? this.hi - 128 : this.hi) * 281474976710656;
        return this._m_value;
      }
    });

    return U56Le;
  })();

  /**
   * VIEW_CHANGE_EVENT (group replication, 5.7.6+): a member joined or
   * left the group; carries the certification information.
   * @see libs/mysql/binlog/event/control_events.h View_change_event
   * @see libs/mysql/binlog/event/control_events.cpp View_change_event::View_change_event
   */

  var ViewChangeEvent = EventGtid.ViewChangeEvent = (function() {
    function ViewChangeEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    ViewChangeEvent.prototype._read = function() {
      this._debug.viewId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.viewId = KaitaiStream.bytesToStr(KaitaiStream.bytesTerminate(this._io.readBytes(40), 0, false), "ASCII");
      this._debug.viewId.end = this._io.pos;
      this._debug.seqNumber = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.seqNumber = this._io.readS8le();
      this._debug.seqNumber.end = this._io.pos;
      this._debug.numCertInfo = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.numCertInfo = this._io.readU4le();
      this._debug.numCertInfo.end = this._io.pos;
      this._debug.certInfo = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._debug.certInfo.arr = [];
      this.certInfo = [];
      for (var i = 0; i < this.numCertInfo; i++) {
        this._debug.certInfo.arr[i] = { start: this._io.pos, ioOffset: this._io.byteOffset };
        var _t_certInfo = new CertInfoEntry(this._io, this, this._root);
        try {
          _t_certInfo._read();
        } finally {
          this.certInfo.push(_t_certInfo);
        }
        this._debug.certInfo.arr[i].end = this._io.pos;
      }
      this._debug.certInfo.end = this._io.pos;
    }

    /**
     * Id of the new view (NUL-padded to 40 bytes).
     */

    /**
     * Next sequence number to give to a certified transaction.
     */

    return ViewChangeEvent;
  })();

  /**
   * XA_PREPARE_LOG_EVENT (5.7.7+): ends the event group of an XA PREPARE
   * (or XA COMMIT ... ONE PHASE) with the XID of the XA transaction.
   * @see libs/mysql/binlog/event/control_events.h XA_prepare_event
   * @see libs/mysql/binlog/event/control_events.cpp XA_prepare_event::XA_prepare_event
   */

  var XaPrepareEvent = EventGtid.XaPrepareEvent = (function() {
    function XaPrepareEvent(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    XaPrepareEvent.prototype._read = function() {
      this._debug.onePhase = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.onePhase = this._io.readU1();
      this._debug.onePhase.end = this._io.pos;
      this._debug.formatId = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.formatId = this._io.readU4le();
      this._debug.formatId.end = this._io.pos;
      this._debug.lenGtrid = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenGtrid = this._io.readU4le();
      this._debug.lenGtrid.end = this._io.pos;
      this._debug.lenBqual = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lenBqual = this._io.readU4le();
      this._debug.lenBqual.end = this._io.pos;
      this._debug.gtrid = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.gtrid = this._io.readBytes(this.lenGtrid);
      this._debug.gtrid.end = this._io.pos;
      this._debug.bqual = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.bqual = this._io.readBytes(this.lenBqual);
      this._debug.bqual.end = this._io.pos;
    }

    /**
     * Non-zero for XA COMMIT ... ONE PHASE.
     */

    /**
     * Global transaction id part of the XID (bytes).
     */

    /**
     * Branch qualifier part of the XID (bytes).
     */

    return XaPrepareEvent;
  })();

  return EventGtid;
})();
EventGtid_.EventGtid = EventGtid;
});
