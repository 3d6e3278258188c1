#!/usr/bin/env node
// ksc.js: command-line driver for the npm build of kaitai-struct-compiler (pinned in package.json).
//
// The npm package is a library only (no CLI).  This script mirrors the JVM `ksc` options we need:
//
//   node tools/ksc.js -t python|javascript -d OUTDIR [-I DIR]... [--debug] [--python-package PKG]
//                     [--read-write] FILE.ksy...
//
// The JS API hard-codes its RuntimeConfig (pythonPackage = "", readWrite = false), so with
// --python-package or --read-write the compiler source is loaded with exactly one call site
// rewritten; the rewrite asserts that the call site is found once, so a compiler upgrade that
// changes it fails loudly instead of silently. --read-write (Python only in 0.11) implies no
// auto-read, as the JVM compiler does: call _read() yourself.
'use strict';
const fs = require('fs');
const path = require('path');
const Module = require('module');
const yaml = require('js-yaml');

function usage(msg) {
  if (msg) console.error(`ksc.js: ${msg}`);
  console.error('usage: node tools/ksc.js -t TARGET -d OUTDIR [-I DIR]... [--debug] [--python-package PKG] ' +
                '[--read-write] FILE.ksy...');
  process.exit(2);
}

const opts = { target: null, outDir: null, importPaths: [], debug: false, pythonPackage: null, readWrite: false,
               files: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '-t' || a === '--target') opts.target = argv[++i];
  else if (a === '-d' || a === '--outdir') opts.outDir = argv[++i];
  else if (a === '-I' || a === '--import-path') opts.importPaths.push(argv[++i]);
  else if (a === '--debug') opts.debug = true;
  else if (a === '--python-package') opts.pythonPackage = argv[++i];
  else if (a === '--read-write') opts.readWrite = true;
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else opts.files.push(a);
}
if (!opts.target || !opts.outDir || opts.files.length === 0) usage();

function loadCompiler() {
  const file = require.resolve('kaitai-struct-compiler');
  if (opts.pythonPackage === null && !opts.readWrite) return require(file);
  let src = fs.readFileSync(file, 'utf8');
  // The one RuntimeConfig built from the `debug` argument of compile(): MainJs.compile.
  const site = /(new \$c_Lio_kaitai_struct_RuntimeConfig\(\(!debug\), debug,[^;]*?"Kaitai", "", )""(, "kaitai_struct_nim_runtime", ""\))/g;
  const count = (src.match(site) || []).length;
  if (count !== 1) {
    console.error(`ksc.js: cannot apply the --python-package patch: call site found ${count} times (compiler changed?)`);
    process.exit(1);
  }
  src = src.replace(site, (_, head, tail) => {
    if (opts.readWrite) {  // RuntimeConfig(autoRead, readStoresPos, opaqueTypes, zeroCopySubstream, readWrite, ...)
      const flags = '(!debug), debug, false, true, false,';
      if (!head.includes(flags)) {
        console.error('ksc.js: cannot apply the --read-write patch: RuntimeConfig flags changed (compiler changed?)');
        process.exit(1);
      }
      head = head.replace(flags, 'false, debug, false, true, true,');
    }
    return head + JSON.stringify(opts.pythonPackage ?? '') + tail;
  });
  const m = new Module(file, module);
  m.filename = file;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  m._compile(src, file);
  return m.exports;
}

function readKsy(f) {
  return yaml.load(fs.readFileSync(f, 'utf8'));
}

function makeImporter(mainDir) {
  return {
    importYaml(name, mode) {
      const bases = mode === 'rel' ? [mainDir] : opts.importPaths;
      for (const b of bases) {
        const f = path.join(b, name + '.ksy');
        if (fs.existsSync(f)) return Promise.resolve(readKsy(f));
      }
      return Promise.reject(new Error(`import '${name}' (${mode}) not found in ${bases.join(', ')}`));
    },
  };
}

async function main() {
  const compiler = loadCompiler();
  fs.mkdirSync(opts.outDir, { recursive: true });
  let failed = false;
  for (const file of opts.files) {
    try {
      const out = await compiler.compile(opts.target, readKsy(file), makeImporter(path.dirname(file)), opts.debug);
      for (const [name, content] of Object.entries(out)) {
        fs.writeFileSync(path.join(opts.outDir, name), content);
      }
    } catch (e) {
      console.error(`${file}: ERROR: ${(e && (e.message || (e.s$1 || e).toString())) || e}`);
      failed = true;
    }
  }
  process.exit(failed ? 1 : 0);
}

main();
