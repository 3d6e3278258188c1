#!/usr/bin/env node
// webide_check.js: load binlogs through the specs compiled to JavaScript the way the Kaitai Web IDE does.
//
//   node tools/webide_check.js ksy/binlog_file.ksy FILE...
//
// Like the IDE's recompile(): compile the spec (and its imports) to JavaScript in debug mode, evaluate
// every generated file as browser globals (the UMD "global" branch) in a vm sandbox, construct the
// top-level type on the file's bytes, call _read(), then walk every field and every lazy instance
// getter, which is where JS-only failures (bit fields over 32 bits, `<< 32`, ...) show up.
// Prints one JSON line per file: {"file", "ok", "objects", "fields", "events", "error"}; exits 1 if any
// file failed.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const yaml = require('js-yaml');
const compiler = require('kaitai-struct-compiler');
const KaitaiStream = require('kaitai-struct/KaitaiStream');

const [ksyFile, ...inputs] = process.argv.slice(2);
if (!ksyFile || inputs.length === 0) {
  console.error('usage: node tools/webide_check.js TOP.ksy FILE...');
  process.exit(2);
}

function readKsy(f) { return yaml.load(fs.readFileSync(f, 'utf8')); }
const importer = {
  importYaml(name, mode) {
    const f = path.join(path.dirname(ksyFile), name + '.ksy');
    if (mode !== 'rel' || !fs.existsSync(f)) return Promise.reject(new Error(`import ${name} (${mode}) not found`));
    return Promise.resolve(readKsy(f));
  },
};

function toCamel(id) {
  return id.split('_').map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join('');
}

function walk(obj, stats, depth, seen) {
  if (obj === null || typeof obj !== 'object' || depth > 64) return;
  if (obj instanceof Uint8Array || ArrayBuffer.isView(obj)) return;
  if (seen.has(obj)) return;
  seen.add(obj);
  if (Array.isArray(obj)) {
    for (const item of obj) walk(item, stats, depth + 1, seen);
    return;
  }
  if (!('_io' in obj)) return;
  stats.objects += 1;
  for (const key of Object.keys(obj)) {
    if (key.startsWith('_')) continue;
    stats.fields += 1;
    walk(obj[key], stats, depth + 1, seen);
  }
  // Lazy instances are getters on the prototype.
  let proto = Object.getPrototypeOf(obj);
  const names = new Set();
  while (proto && proto !== Object.prototype) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (d && typeof d.get === 'function' && !key.startsWith('_')) names.add(key);
    }
    proto = Object.getPrototypeOf(proto);
  }
  for (const key of names) {
    stats.fields += 1;
    const value = obj[key]; // throws if the instance cannot be computed
    walk(value, stats, depth + 1, seen);
  }
}

async function main() {
  const top = readKsy(ksyFile);
  const files = await compiler.compile('javascript', top, importer, true);
  const sandbox = { KaitaiStream, console, Uint8Array, ArrayBuffer, DataView, TextDecoder };
  sandbox.self = sandbox;
  vm.createContext(sandbox);
  for (const [name, src] of Object.entries(files)) {
    vm.runInContext(src, sandbox, { filename: name });
  }
  const topName = toCamel(top.meta.id);
  const TopClass = sandbox[topName][topName];
  let failed = false;
  for (const input of inputs) {
    const stats = { file: input, ok: false, objects: 0, fields: 0, events: 0 };
    try {
      const buf = fs.readFileSync(input);
      const stream = new KaitaiStream(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
      const root = new TopClass(stream);
      root._read();
      walk(root, stats, 0, new Set());
      stats.events = Array.isArray(root.events) ? root.events.length : 0;
      stats.ok = true;
    } catch (e) {
      stats.error = `${e && e.name}: ${e && e.message}`;
      failed = true;
    }
    console.log(JSON.stringify(stats));
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.error(`webide_check.js: ${e && (e.message || e)}`); process.exit(1); });
