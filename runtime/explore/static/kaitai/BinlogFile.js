// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './BinlogEvent'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./BinlogEvent'));
  } else {
    factory(root.BinlogFile || (root.BinlogFile = {}), root.KaitaiStream, root.BinlogEvent || (root.BinlogEvent = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (BinlogFile_, KaitaiStream, BinlogEvent_) {
/**
 * A binary log (or relay log) file of MySQL 3.23 to 9.x or MariaDB: the
 * magic `FE 'bin'` and then events up to the end of the file.
 * 
 * The first event decides how the rest is read (binlog version):
 * 
 * * v4 (MySQL 5.0+, MariaDB): a FORMAT_DESCRIPTION_EVENT gives the header
 *   length, the post-header length of every event type and whether each
 *   event ends with a CRC32;
 * * v3 (MySQL 4.x): a 75-byte START_EVENT_V3, or no start event at all in
 *   a file begun by a rotation; 19-byte headers;
 * * v1 (MySQL 3.23): a 69-byte START_EVENT_V3 and 13-byte headers.
 * 
 * v1 and v3 files get the post-header lengths that MySQL itself assumes
 * for them. A file still being written may end inside an event: this
 * spec then fails on the last event (use the binlog-ksy runtime to read
 * such files event by event).
 * 
 * Encrypted MySQL binlogs start with `FD 'bin'` instead and cannot be
 * read without the server's keyring.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html|Source}
 * @see libs/mysql/binlog/event/binlog_event.h (BIN_LOG_HEADER_SIZE, binary log versions)
 * @see sql/log_event.cc (5.7) Format_description_log_event ctor for binlog versions 1 and 3
 */

var BinlogFile = (function() {
  function BinlogFile(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this._debug = {};

  }
  BinlogFile.prototype._read = function() {
    this._debug.magic = { start: this._io.pos, ioOffset: this._io.byteOffset };
    this.magic = this._io.readBytes(4);
    this._debug.magic.end = this._io.pos;
    if (!((KaitaiStream.byteArrayCompare(this.magic, new Uint8Array([254, 98, 105, 110])) == 0))) {
      var _err = new KaitaiStream.ValidationNotEqualError(new Uint8Array([254, 98, 105, 110]), this.magic, this._io, "/seq/0");
      this._debug.magic.validationError = _err;
      throw _err;
    }
    this._debug.events = { start: this._io.pos, ioOffset: this._io.byteOffset };
    this._debug.events.arr = [];
    this.events = [];
    var i = 0;
    while (!this._io.isEof()) {
      this._debug.events.arr[this.events.length] = { start: this._io.pos, ioOffset: this._io.byteOffset };
      var _t_events = new BinlogEvent_.BinlogEvent(this._io, null, null, this.lenHeader, this.postHeaderLengths, this.hasCrc32, this.usesPreGaNumbering);
      try {
        _t_events._read();
      } finally {
        this.events.push(_t_events);
      }
      this._debug.events.arr[this.events.length - 1].end = this._io.pos;
      i++;
    }
    this._debug.events.end = this._io.pos;
  }

  /**
   * 4, 3 or 1, from the first event as MySQL's own readers tell it.
   */
  Object.defineProperty(BinlogFile.prototype, 'binlogVersion', {
    get: function() {
      if (this._m_binlogVersion !== undefined)
        return this._m_binlogVersion;
      this._debug._m_binlogVersion = {  };
      this._m_binlogVersion = (this.firstTypeCode == BinlogEvent_.BinlogEvent.EventType.FORMAT_DESCRIPTION_EVENT ? 4 : ( ((this.firstTypeCode == BinlogEvent_.BinlogEvent.EventType.START_EVENT_V3) && (this.firstEventLength < 75))  ? 1 : 3));
      return this._m_binlogVersion;
    }
  });

  /**
   * The format description event, read first to learn how to read the others.
   */
  Object.defineProperty(BinlogFile.prototype, 'fde', {
    get: function() {
      if (this._m_fde !== undefined)
        return this._m_fde;
      if (this.binlogVersion == 4) {
        var _pos = this._io.pos;
        this._io.seek(4);
        this._debug._m_fde = { start: this._io.pos, ioOffset: this._io.byteOffset };
        this._m_fde = new BinlogEvent_.BinlogEvent(this._io, null, null, 19, new Uint8Array([0]), false, false);
        this._m_fde._read();
        this._debug._m_fde.end = this._io.pos;
        this._io.seek(_pos);
      }
      return this._m_fde;
    }
  });
  Object.defineProperty(BinlogFile.prototype, 'fdeBody', {
    get: function() {
      if (this._m_fdeBody !== undefined)
        return this._m_fdeBody;
      if (this.binlogVersion == 4) {
        this._debug._m_fdeBody = {  };
        this._m_fdeBody = this.fde.body.data;
      }
      return this._m_fdeBody;
    }
  });
  Object.defineProperty(BinlogFile.prototype, 'firstEventLength', {
    get: function() {
      if (this._m_firstEventLength !== undefined)
        return this._m_firstEventLength;
      var _pos = this._io.pos;
      this._io.seek(13);
      this._debug._m_firstEventLength = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this._m_firstEventLength = this._io.readU4le();
      this._debug._m_firstEventLength.end = this._io.pos;
      this._io.seek(_pos);
      return this._m_firstEventLength;
    }
  });

  /**
   * Type code of the first event (in the same place in every header version).
   */
  Object.defineProperty(BinlogFile.prototype, 'firstTypeCode', {
    get: function() {
      if (this._m_firstTypeCode !== undefined)
        return this._m_firstTypeCode;
      var _pos = this._io.pos;
      this._io.seek(8);
      this._debug._m_firstTypeCode = { start: this._io.pos, ioOffset: this._io.byteOffset, enumName: "BinlogEvent.EventType" };
      this._m_firstTypeCode = this._io.readU1();
      this._debug._m_firstTypeCode.end = this._io.pos;
      this._io.seek(_pos);
      return this._m_firstTypeCode;
    }
  });
  Object.defineProperty(BinlogFile.prototype, 'hasCrc32', {
    get: function() {
      if (this._m_hasCrc32 !== undefined)
        return this._m_hasCrc32;
      this._debug._m_hasCrc32 = {  };
      this._m_hasCrc32 = (this.binlogVersion == 4 ? this.fdeBody.hasCrc32 : false);
      return this._m_hasCrc32;
    }
  });
  Object.defineProperty(BinlogFile.prototype, 'lenHeader', {
    get: function() {
      if (this._m_lenHeader !== undefined)
        return this._m_lenHeader;
      this._debug._m_lenHeader = {  };
      this._m_lenHeader = (this.binlogVersion == 1 ? 13 : (this.binlogVersion == 3 ? 19 : this.fdeBody.lenHeader));
      return this._m_lenHeader;
    }
  });
  Object.defineProperty(BinlogFile.prototype, 'postHeaderLengths', {
    get: function() {
      if (this._m_postHeaderLengths !== undefined)
        return this._m_postHeaderLengths;
      this._debug._m_postHeaderLengths = {  };
      this._m_postHeaderLengths = (this.binlogVersion == 1 ? this.v1PostHeaderLengths : (this.binlogVersion == 3 ? this.v3PostHeaderLengths : this.fdeBody.postHeaderLengths));
      return this._m_postHeaderLengths;
    }
  });
  Object.defineProperty(BinlogFile.prototype, 'usesPreGaNumbering', {
    get: function() {
      if (this._m_usesPreGaNumbering !== undefined)
        return this._m_usesPreGaNumbering;
      this._debug._m_usesPreGaNumbering = {  };
      this._m_usesPreGaNumbering = (this.binlogVersion == 4 ? this.fdeBody.usesPreGaNumbering : false);
      return this._m_usesPreGaNumbering;
    }
  });

  /**
   * START_V3 56, QUERY 11, ROTATE 0 (no position), LOAD/NEW_LOAD 18, the
   * file events 4 (log_event.cc, binlog_ver 1).
   */
  Object.defineProperty(BinlogFile.prototype, 'v1PostHeaderLengths', {
    get: function() {
      if (this._m_v1PostHeaderLengths !== undefined)
        return this._m_v1PostHeaderLengths;
      this._debug._m_v1PostHeaderLengths = {  };
      this._m_v1PostHeaderLengths = new Uint8Array([56, 11, 0, 0, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0]);
      return this._m_v1PostHeaderLengths;
    }
  });

  /**
   * As v1, but ROTATE has its 8-byte position (log_event.cc, binlog_ver 3).
   */
  Object.defineProperty(BinlogFile.prototype, 'v3PostHeaderLengths', {
    get: function() {
      if (this._m_v3PostHeaderLengths !== undefined)
        return this._m_v3PostHeaderLengths;
      this._debug._m_v3PostHeaderLengths = {  };
      this._m_v3PostHeaderLengths = new Uint8Array([56, 11, 0, 8, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0]);
      return this._m_v3PostHeaderLengths;
    }
  });

  return BinlogFile;
})();
BinlogFile_.BinlogFile = BinlogFile;
});
