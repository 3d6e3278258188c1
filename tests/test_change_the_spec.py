"""docs/change-the-spec.md, replayed from its own text on a copy of the specs.

The guide's ``diff`` blocks are applied to a copy of ksy/ in a temporary folder, ``./build.sh`` builds the copy
there (``BINLOG_KSY_SPECS``, ``BINLOG_KSY_GENERATED``, ``BINLOG_KSY_STATIC``), and each result the guide states is
checked: the files the build changes (its ``git status`` block), the new field and event type read by the
copy's parser, every event written back byte for byte by its read-write classes, the guide's Python block and
``events`` command run as written (output included) with the copy's parsers in place of generated/, and the
copy's JavaScript, loaded as runtime/explore/static/app.html loads it, walked by the explorer's own tree code
from app.js. The real ksy/, generated/ and runtime/explore/static/ are never written.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from kaitaistruct import KaitaiStream

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "change-the-spec.md"
STATIC = ROOT / "runtime" / "explore" / "static"
SAMPLE = ROOT / "samples" / "mariadb-10.11" / "shop-full"
NOTE_CODE = 230
FORMAT_DESCRIPTION, GTID_LIST = 15, 163

#: Runs binlog-ksy (argv: the generated folder, then the command's arguments) or, with ``-c``, the Python read
#: from stdin, with ``binlog_ksy.generated`` imported from the given folder instead of generated/.
WITH_COPY = '''
import importlib.util
import sys

folder = sys.argv[1]
spec = importlib.util.spec_from_file_location("binlog_ksy.generated", folder + "/__init__.py",
                                              submodule_search_locations=[folder])
module = importlib.util.module_from_spec(spec)
sys.modules["binlog_ksy.generated"] = module
spec.loader.exec_module(module)
import binlog_ksy

binlog_ksy.generated = module
if sys.argv[2] == "-c":
    sys.argv = ["-c"]
    exec(compile(sys.stdin.read(), "<guide>", "exec"), {"__name__": "__main__"})
else:
    from binlog_ksy.cli import main

    sys.argv = ["binlog-ksy", *sys.argv[2:]]
    sys.exit(main())
'''

#: The explorer's parse in node (argv: app.html, app.js, a static folder, a JSON input {framing, events: [hex]}):
#: the scripts app.html loads from vendor/ and kaitai/, in its order, and app.js's own tree code (isStruct ...
#: parseEvent), run in one context as the page runs them; prints the field tree of each event as JSON.
EXPLORE_TREE = r'''
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const [html, appJs, staticDir, input] = process.argv.slice(2);
const context = vm.createContext({TextDecoder});  // what a browser page has
context.self = context;
const scripts = /<script src="\/static\/((?:vendor\/KaitaiStream|kaitai\/\w+)\.js)"><\/script>/g;
for (const m of fs.readFileSync(html, 'utf8').matchAll(scripts)) {
  vm.runInContext(fs.readFileSync(path.join(staticDir, m[1]), 'utf8'), context, {filename: m[1]});
}
const app = fs.readFileSync(appJs, 'utf8');
const begin = app.indexOf('  function isStruct(v) {');
const end = app.indexOf('  function hexView(bytes) {');
if (begin < 0 || end < begin) throw new Error('app.js: the tree code (isStruct ... parseEvent) was not found');
vm.runInContext(app.slice(begin, end), context);
context.input = fs.readFileSync(input, 'utf8');
process.stdout.write(vm.runInContext(`(() => {
  const data = JSON.parse(input);
  const trees = data.events.map(hex => {
    const bytes = new Uint8Array(hex.match(/../g).map(h => parseInt(h, 16)));
    return buildTree(parseEvent(bytes, data.framing), "event", 0);
  });
  return JSON.stringify(trees, (k, v) => typeof v === "bigint" ? v.toString() : v);
})()`, context));
'''


def _blocks(lang: str) -> list[str]:
    """The guide's fenced blocks of one language, in order."""
    return re.findall(rf"^```{lang}\n(.*?)^```", GUIDE.read_text(), re.S | re.M)


def apply_diff(block: str, root: Path) -> None:
    """One ``diff`` block of the guide: ``--- path``/``+++ path``, then hunks after ``@@`` lines, whose context
    (`` ``) and removed (``-``) lines must occur once in the file and are replaced by the context and added
    (``+``) lines."""
    lines = block.splitlines()
    assert lines[0].startswith("--- ") and lines[1] == "+++ " + lines[0][4:], lines[:2]
    path = root / lines[0][4:]
    text = path.read_text()
    hunks: list[list[str]] = []
    for line in lines[2:]:
        if line.startswith("@@"):
            hunks.append([])
        else:
            hunks[-1].append(line)
    for hunk in hunks:
        old = "".join(line[1:] + "\n" for line in hunk if not line.startswith("+"))
        new = "".join(line[1:] + "\n" for line in hunk if not line.startswith("-"))
        assert text.count(old) == 1, f"{path.name}: the context of a hunk is not found once:\n{old}"
        text = text.replace(old, new)
    path.write_text(text)


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The copy: ksy/ with the guide's diffs applied, built by ./build.sh into generated/ and static/, and the
    binlog the guide's Python block writes (note.000001), all in one temporary folder."""
    real = {name: _tree(ROOT / name) for name in ("ksy", "generated")} | {"static": _tree(STATIC)}
    work = tmp_path_factory.mktemp("change-the-spec")
    shutil.copytree(ROOT / "ksy", work / "ksy")
    for block in _blocks("diff"):
        apply_diff(block, work)
    assert _blocks("bash")[0].strip() == "./build.sh"
    env = {**os.environ, "BINLOG_KSY_SPECS": str(work / "ksy"), "BINLOG_KSY_GENERATED": str(work / "generated"),
           "BINLOG_KSY_STATIC": str(work / "static")}
    done = subprocess.run([str(ROOT / "build.sh")], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    (work / "with_copy.py").write_text(WITH_COPY)
    venv_bin = work / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    wrapper = venv_bin / "binlog-ksy"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{work / "with_copy.py"}" "{work / "generated"}" "$@"\n')
    wrapper.chmod(0o755)
    (work / "samples").symlink_to(ROOT / "samples")
    [snippet] = _blocks("python")
    done = subprocess.run([sys.executable, str(work / "with_copy.py"), str(work / "generated"), "-c"], input=snippet,
                          cwd=work, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert {name: _tree(ROOT / name) for name in ("ksy", "generated")} | {"static": _tree(STATIC)} == real
    return work


def _package(folder: Path) -> str:
    """The copy's generated/ imported as a package of its own name (its modules import each other relatively)."""
    name = "change_the_spec_" + hashlib.sha256(str(folder).encode()).hexdigest()[:12]
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                      submodule_search_locations=[str(folder)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return name


def _module(package: str, name: str) -> Any:
    return importlib.import_module(f"{package}.{name}")


def test_the_diffs_keep_the_house_style(work: Path) -> None:
    """The edited specs pass the checks tests/test_specs_build.py makes of ksy/."""
    for ksy in sorted((work / "ksy").glob("*.ksy")):
        spec = yaml.safe_load(ksy.read_text())
        assert spec["meta"]["id"] == ksy.stem and spec.get("doc") and spec.get("doc-ref"), ksy.name
        for name, typ in (spec.get("types") or {}).items():
            assert typ.get("doc") and (name != "note_event" or typ.get("doc-ref")), f"{ksy.name}: {name}"
    enum = yaml.safe_load((work / "ksy" / "binlog_event.ksy").read_text())["enums"]["event_type"]
    assert enum[NOTE_CODE]["id"] == "note_event"


def test_build_changes_the_files_the_guide_lists(work: Path) -> None:
    status = next(b for b in _blocks("console") if b.startswith("$ git status --short"))
    listed = {line.split()[1] for line in status.splitlines()[1:]}
    built = {f"generated/{k}": v for k, v in _tree(work / "generated").items()}
    built |= {f"runtime/explore/static/{k}": v for k, v in _tree(work / "static").items()}
    committed = {f"generated/{k}": v for k, v in _tree(ROOT / "generated").items()}
    committed |= {f"runtime/explore/static/{k}": v for k, v in _tree(STATIC).items()
                  if k.startswith(("kaitai/", "vendor/"))}
    assert built.keys() == committed.keys()
    assert {name for name in built if built[name] != committed[name]} == listed
    python = {name: (work / "generated" / name).read_text() for name in ("binlog_event.py", "event_control.py",
                                                                          "rw/event_control.py", "rw/event_mariadb.py")}
    assert f"note_event = {NOTE_CODE}" in python["binlog_event.py"]
    assert "class NoteEvent(KaitaiStruct)" in python["event_control.py"]
    assert "class NoteEvent(ReadWriteKaitaiStruct)" in python["rw/event_control.py"]
    assert "self._io.write_u2le(self.padding)" in python["rw/event_mariadb.py"]
    javascript = {name: (work / "static" / "kaitai" / name).read_text() for name in ("BinlogEvent.js",
                                                                                     "EventControl.js",
                                                                                     "EventMariadb.js")}
    assert f"NOTE_EVENT: {NOTE_CODE}," in javascript["BinlogEvent.js"]
    assert "var NoteEvent = EventControl.NoteEvent" in javascript["EventControl.js"]
    assert "this.padding = this._io.readU2le();" in javascript["EventMariadb.js"]


def test_the_parser_reads_the_field_and_the_event(work: Path) -> None:
    package = _package(work / "generated")
    binlog_file = _module(package, "binlog_file").BinlogFile
    parsed = binlog_file.from_file(str(work / "note.000001"))
    gtid_list, _checkpoint, note = parsed.events[1:]
    assert (gtid_list.body.data.num_gtids, gtid_list.body.data.padding) == (0, 0)
    assert note.header.type_code == NOTE_CODE and type(note.body.data).__name__ == "NoteEvent"
    data = note.body.data
    assert (data.note_id, data.len_author, data.author, data.text) == (7, 3, "ops", "replica rebuilt from this point")
    assert note.header.flags == 0x80 and note.header.is_ignorable
    later = binlog_file.from_file(str(SAMPLE / "binlog.000002")).events[1].body.data
    assert type(later).__name__ == "GtidListEvent" and later.num_gtids > 0 and not hasattr(later, "padding")
    # today's parsers: the same file reads, the new event's body kept as bytes
    from binlog_ksy.generated.binlog_file import BinlogFile

    assert isinstance(BinlogFile.from_file(str(work / "note.000001")).events[3].body.data, bytes)


def test_the_read_write_classes_write_every_event_back(work: Path) -> None:
    package = _package(work / "generated")
    parsed = _module(package, "binlog_file").BinlogFile.from_file(str(work / "note.000001"))
    rw_event = _module(package, "rw.binlog_event").BinlogEvent
    raw = (work / "note.000001").read_bytes()
    pos = 4
    framing = (parsed.len_header, parsed.post_header_lengths, parsed.has_crc32, parsed.uses_pre_ga_numbering)

    def write(obj: Any, size: int) -> bytes:
        obj._check()
        out = KaitaiStream(io.BytesIO(bytearray(size)))
        obj._write(out)
        return bytes(out.to_byte_array())

    for event in parsed.events:
        size = event.header.event_length
        rw = rw_event(*framing, KaitaiStream(io.BytesIO(raw[pos:pos + size])))
        rw._read()
        if event.type_code == FORMAT_DESCRIPTION:  # its version view re-reads server_version: turned off
            rw._fetch_instances()
            rw.body.data.version__enabled = False
            rw.body.data._check()
        assert write(rw, size) == raw[pos:pos + size], (pos, event.type_code)
        if event.type_code == GTID_LIST:  # a changed padding is written where the spec says
            rw.body.data.padding = 0x0102
            rw.body.data._check()
            assert write(rw, size)[19 + 4:19 + 6] == b"\x02\x01"
        pos += size
    assert pos == len(raw)


def test_events_prints_them_as_the_guide_shows(work: Path) -> None:
    [block] = [b for b in _blocks("console") if b.startswith("$ .venv/bin/binlog-ksy events")]
    command, *expected = block.splitlines()
    done = subprocess.run(["bash", "-c", command.removeprefix("$ ")], cwd=work, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == expected
    text = subprocess.run([str(work / ".venv" / "bin" / "binlog-ksy"), "events", "note.000001"], cwd=work,
                          capture_output=True, text=True, timeout=120, check=True).stdout
    assert text.splitlines()[-1] == "note.000001\t325\tNOTE_EVENT\t1\t387\t"  # no Info renderer: empty
    before = subprocess.run([sys.executable, "-m", "binlog_ksy.cli", "events", "--format", "jsonl", "note.000001"],
                            cwd=work, capture_output=True, text=True, timeout=120, check=True).stdout
    last = json.loads(before.splitlines()[-1])
    assert (last["type"], list(last["body"])) == (f"UNKNOWN_EVENT_{NOTE_CODE}", ["raw"])
    assert "padding" not in before


def _explorer_trees(work: Path, static: Path) -> list[dict[str, Any]]:
    """The explorer's field trees of the events after the format description, parsed by ``static``'s JavaScript
    with the framing the explorer's server sends (runtime/explore/data.py)."""
    from binlog_ksy.runtime.reader import BinlogReader

    reader = BinlogReader(str(work / "note.000001"))
    events = list(reader)
    fmt = reader.format
    assert fmt is not None
    framing = {"len_header": fmt.header_len, "post_header_lengths": list(fmt.post_header_lengths),
               "has_crc32": fmt.has_crc32, "uses_pre_ga_numbering": fmt.uses_pre_ga_numbering}
    (work / "explore_in.json").write_text(json.dumps({"framing": framing,
                                                      "events": [bytes(e.raw).hex() for e in events[1:]]}))
    (work / "explore_tree.js").write_text(EXPLORE_TREE)
    done = subprocess.run(["node", str(work / "explore_tree.js"), str(STATIC / "app.html"), str(STATIC / "app.js"),
                           str(static), str(work / "explore_in.json")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    trees: list[dict[str, Any]] = json.loads(done.stdout)
    return trees


def _fields(node: dict[str, Any]) -> dict[str, tuple[Any, int | None, int | None]]:
    """The body's fields in an event's tree: name -> (value, first byte, end) in the event."""
    data = next(c for c in next(c for c in node["children"] if c["name"] == "body")["children"] if c["name"] == "data")
    return {c["name"]: (c["value"], c["start"], c["end"]) for c in data["children"] if not c.get("lazy")}


def test_the_explorer_shows_them(work: Path) -> None:
    gtid_list, _checkpoint, note = _explorer_trees(work, work / "static")
    fields = _fields(note)
    assert fields == {"noteId": (7, 19, 23), "lenAuthor": (3, 23, 24), "author": ("ops", 24, 27),
                      "text": ("replica rebuilt from this point", 27, 58)}
    assert _fields(gtid_list)["padding"] == (0, 23, 25)
    raw = (work / "note.000001").read_bytes()[325:]
    assert raw[24:27] == b"ops"  # the bytes a click on author highlights
    # the committed JavaScript: the new event is bytes, without fields
    _, _, before = _explorer_trees(work, STATIC)
    data = next(c for c in next(c for c in before["children"] if c["name"] == "body")["children"]
                if c["name"] == "data")
    assert data["children"] == [] and data["value"] == raw[19:58].hex()
