// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'));
  } else {
    factory(root.PackedInt || (root.PackedInt = {}), root.KaitaiStream);
  }
})(typeof self !== 'undefined' ? self : this, function (PackedInt_, KaitaiStream) {
/**
 * A variable-length unsigned integer as written by `net_store_length()` and
 * read by `net_field_length_ll()`: one byte below 251 is the value itself;
 * 0xfc, 0xfd and 0xfe announce a 2-, 3- and 8-byte little-endian value.
 * Used for counts and lengths in TABLE_MAP, ROWS, TRANSACTION_PAYLOAD and
 * optional-metadata fields. (0xfb means SQL NULL in the client protocol and
 * does not occur in binlog events.)
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_dt_integers.html|Source}
 * @see mysys/pack.cc net_field_length_ll()
 */

var PackedInt = (function() {
  function PackedInt(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this._debug = {};

  }
  PackedInt.prototype._read = function() {
    this._debug.first = { start: this._io.pos, ioOffset: this._io.byteOffset };
    this.first = this._io.readU1();
    this._debug.first.end = this._io.pos;
    this._debug.rest = { start: this._io.pos, ioOffset: this._io.byteOffset };
    switch (this.first) {
    case 252:
      this.rest = this._io.readU2le();
      break;
    case 253:
      this.rest = new U3Le(this._io, this, this._root);
      this.rest._read();
      break;
    case 254:
      this.rest = this._io.readU8le();
      break;
    }
    this._debug.rest.end = this._io.pos;
  }

  /**
   * 3-byte little-endian unsigned integer (uint3korr).
   */

  var U3Le = PackedInt.U3Le = (function() {
    function U3Le(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this._debug = {};

    }
    U3Le.prototype._read = function() {
      this._debug.lo = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.lo = this._io.readU2le();
      this._debug.lo.end = this._io.pos;
      this._debug.hi = { start: this._io.pos, ioOffset: this._io.byteOffset };
      this.hi = this._io.readU1();
      this._debug.hi.end = this._io.pos;
    }
    Object.defineProperty(U3Le.prototype, 'value', {
      get: function() {
        if (this._m_value !== undefined)
          return this._m_value;
        this._debug._m_value = {  };
        this._m_value = this.lo + this.hi * 65536;
        return this._m_value;
      }
    });

    return U3Le;
  })();

  /**
   * The decoded integer (0 for the NULL marker 0xfb and the invalid 0xff).
   */
  Object.defineProperty(PackedInt.prototype, 'value', {
    get: function() {
      if (this._m_value !== undefined)
        return this._m_value;
      this._debug._m_value = {  };
      this._m_value = (this.first < 251 ? this.first : (this.first == 252 ? this.rest : (this.first == 253 ? this.rest.value : (this.first == 254 ? this.rest : 0))));
      return this._m_value;
    }
  });

  /**
   * The wider value announced by `first`, absent below 251.
   */

  return PackedInt;
})();
PackedInt_.PackedInt = PackedInt;
});
