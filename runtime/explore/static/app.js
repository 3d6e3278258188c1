// binlog-ksy explore: the pages of the local app. Routes (the part of the URL after #):
//   #/overview                            the overview (as the report)
//   #/events?file=F&pos=P&inner=I&...     events from byte P, with the shared filters and type patterns
//   #/event?file=F&pos=P[&inner=I]        one event: field tree (Kaitai, in the browser) beside its bytes
//   #/tx?file=F&pos=P                     one transaction: events, changes, redo and undo SQL
(function () {
  "use strict";
  const O = window.BinlogOverview;
  const el = O.el;
  const view = document.getElementById("view");
  const status = document.getElementById("status");
  let files = [];

  async function api(path, params) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(params || {})) if (v !== undefined && v !== null && v !== "") qs.set(k, v);
    const res = await fetch("/api/" + path + (qs.toString() ? "?" + qs : ""));
    const text = await res.text();
    let body = null;
    try { body = JSON.parse(text); } catch (err) { body = null; }
    if (!res.ok || body === null) {
      // the server's own message ({"error": ...}), else the status: never a JSON parse error
      const message = body && typeof body.error === "string" ? body.error :
        "the server answered " + res.status + " " + res.statusText + (res.ok ? " with no JSON" : "");
      const error = new Error(message);
      error.status = res.status;
      throw error;
    }
    return body;
  }

  function link(route, params, text) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") qs.set(k, v);
    return el("a", {href: "#/" + route + (qs.toString() ? "?" + qs : ""), text: text});
  }

  function done(name) {
    document.body.setAttribute("data-view", name);
    document.body.setAttribute("data-ready", String(Date.now()));
  }

  function fail(err) {
    view.append(el("p", {class: "warn", id: "error", text: String(err.message || err)}));
    done("error");
  }

  // -- overview ------------------------------------------------------------------------------
  // the thresholds of big and long transactions, adjustable (the overview is computed again for them)
  function thresholdsForm(values) {
    const form = el("form", {class: "filters", id: "thresholds-form"});
    const fields = [["big-rows", "big: at least rows"], ["big-bytes", "or bytes (K, M, G)"],
                    ["long-seconds", "long: at least seconds"]];
    for (const [key, label] of fields) {
      const value = values[key] === undefined || values[key] === null ? "" : String(values[key]);
      form.append(el("label", {}, [label, el("input", {name: key, id: "t-" + key, value: value, size: "10"})]));
    }
    form.append(el("button", {type: "submit", id: "t-go", text: "Apply"}));
    form.addEventListener("submit", ev => {
      ev.preventDefault();
      const qs = new URLSearchParams();
      for (const [k, v] of new FormData(form).entries()) if (String(v).trim()) qs.set(k, String(v).trim());
      location.hash = "#/overview?" + qs;
    });
    return form;
  }

  async function showOverview(params) {
    view.textContent = "";
    view.append(el("p", {class: "muted", text: "Reading the files (one stats pass; cached for the next open)…"}));
    const query = {};
    for (const k of ["big-rows", "big-bytes", "long-seconds"]) if (params.get(k)) query[k] = params.get(k);
    let data;
    try {
      data = await api("overview", query);
    } catch (err) {
      if (err.status !== 400) throw err;
      // a threshold the server refuses: the form again with what was typed, and the server's message
      view.textContent = "";
      view.append(thresholdsForm({"big-rows": query["big-rows"], "big-bytes": query["big-bytes"],
                                  "long-seconds": query["long-seconds"]}),
                  el("p", {class: "warn", id: "error", text: err.message}));
      done("error");
      return;
    }
    window.OVERVIEW_DATA = data.overview;
    const body = el("div");
    const th = data.overview.thresholds;
    view.textContent = "";
    view.append(thresholdsForm({"big-rows": th.big_rows, "big-bytes": th.big_bytes, "long-seconds": th.long_seconds}),
                body);
    O.render(body, data.overview, {
      fileLink: name => link("events", {file: name}, name),
      txLink: t => link("tx", {file: t.file, pos: t.start_pos}, t.file + ":" + t.start_pos),
    });
    done("overview");
  }

  // -- events --------------------------------------------------------------------------------
  const FILTERS = [["database", "database(s)", "shop,crm"], ["table", "table(s)", "shop.order*"],
                   ["start-datetime", "from time", "2024-05-01 14:00"], ["stop-datetime", "to time", ""],
                   ["include-gtids", "include GTIDs", "0-1-10-20"], ["exclude-gtids", "exclude GTIDs", ""],
                   ["type", "event types", "GTID*,*ROWS*"]];

  async function showEvents(params) {
    const file = params.get("file") || files[0];
    const form = el("form", {class: "filters", id: "events-form"});
    const fileSelect = el("select", {name: "file", id: "f-file"});
    for (const f of files) {
      const opt = el("option", {value: f, text: f});
      if (f === file) opt.selected = true;
      fileSelect.append(opt);
    }
    form.append(el("label", {}, ["file", fileSelect]));
    for (const [key, label, hint] of FILTERS) {
      form.append(el("label", {}, [label, el("input", {name: key, id: "f-" + key, value: params.get(key) || "",
                                                          placeholder: hint, size: "14"})]));
    }
    form.append(el("label", {}, ["jump to byte", el("input", {name: "pos", id: "f-pos", value: params.get("pos") || "",
                                                                size: "10", inputmode: "numeric"})]));
    form.append(el("button", {type: "submit", id: "f-go", text: "Show"}));
    form.addEventListener("submit", ev => {
      ev.preventDefault();
      const qs = new URLSearchParams();
      for (const [k, v] of new FormData(form).entries()) if (String(v).trim()) qs.set(k, String(v).trim());
      location.hash = "#/events?" + qs;
    });
    view.textContent = "";
    view.append(el("h2", {text: "Events"}), form);
    const query = {file: file, pos: params.get("pos"), inner: params.get("inner"), limit: params.get("limit") || 100,
                   exact: params.get("exact")};
    for (const [key] of FILTERS) query[key] = params.get(key);
    const t0 = performance.now();
    const page = await api("events", query);
    const ms = Math.round(performance.now() - t0);
    const pager = el("div", {class: "pager"});
    if (page.start > 4 || page.inner >= 0) pager.append(link("events", Object.assign({}, query, {pos: 4, inner: null, exact: null}), "⏮ start"));
    if (page.next) {
      pager.append(link("events", Object.assign({}, query, {pos: page.next.pos, inner: page.next.inner >= 0 ? page.next.inner : null, exact: 1}), "next page ⏭"));
    }
    pager.append(el("span", {class: "muted", id: "page-info",
      text: page.events.length + " events from byte " + page.start + " (" + ms + " ms)" + (page.next ? "" : "; end of file")}));
    view.append(pager);
    const rows = page.events.map(e => ({attrs: {class: "clickable", "data-pos": e.pos, "data-inner": e.inner === null ? "" : e.inner},
      cells: [link("event", {file: file, pos: e.pos, inner: e.inner}, String(e.pos) + (e.inner !== null ? "/" + e.inner : "")),
              e.type, e.server_id, e.end_pos, e.length, O.fmtTime(e.timestamp), e.error ? "⚠ " + e.error : e.info]}));
    view.append(page.events.length ? O.table("events", ["pos", "type", "server id", "end pos", "length", "time", "info"],
      rows, [true, false, true, true, true, false, false]) : el("p", {class: "empty", id: "events", text: "no events here"}));
    for (const tr of view.querySelectorAll("#events tr.clickable")) {
      tr.addEventListener("click", ev => { if (ev.target.tagName !== "A") tr.querySelector("a").click(); });
    }
    if (page.errors.length) {
      view.append(el("h3", {class: "warn", text: "Damage"}), O.table("page-errors", ["byte offset", "length", "event type", "message"],
        page.errors.map(e => ({cells: [e.offset, e.length, e.event_type, e.message]})), [true, true, false, false]));
    }
    done("events");
  }

  // -- one event: the Kaitai tree and the hex view ---------------------------------------------
  function isStruct(v) {
    return v !== null && typeof v === "object" && v._debug !== undefined && !(v instanceof Uint8Array);
  }

  function plain(v) {
    if (v instanceof Uint8Array) return Array.from(v, b => b.toString(16).padStart(2, "0")).join("");
    if (typeof v === "bigint") return v.toString();
    return v;
  }

  // {name, value, start, end, children}: absolute byte offsets in the event, from Kaitai's _debug records
  function buildTree(obj, name, depth) {
    const node = {name: name, value: null, start: null, end: null, children: []};
    if (depth > 12) return node;
    for (const key of Object.keys(obj._debug)) {
      const dbg = obj._debug[key];
      const instance = key.startsWith("_m_");
      const child = treeOf(obj[key], instance ? key.slice(3) : key, dbg, depth);
      if (instance) child.instance = true;
      node.children.push(child);
    }
    const starts = node.children.filter(c => c.start != null).map(c => c.start);
    const ends = node.children.filter(c => c.end != null).map(c => c.end);
    if (starts.length) { node.start = Math.min(...starts); node.end = Math.max(...ends); }
    // the instances the parse did not need, computed when clicked (as the Kaitai Web IDE does)
    const proto = Object.getPrototypeOf(obj);
    for (const key of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (!d || !d.get || key.startsWith("_") || ("_m_" + key) in obj._debug) continue;
      const lazy = {name: key, value: null, start: null, end: null, children: [], instance: true, lazy: true};
      lazyOwners.set(lazy, obj);
      node.children.push(lazy);
    }
    return node;
  }

  const lazyOwners = new WeakMap();

  function treeOf(value, key, dbg, depth) {
    const start = dbg && dbg.start !== undefined ? (dbg.ioOffset || 0) + dbg.start : null;
    const end = dbg && dbg.end !== undefined ? (dbg.ioOffset || 0) + dbg.end : null;
    let node;
    if (isStruct(value)) {
      node = buildTree(value, key, depth + 1);
    } else if (Array.isArray(value)) {
      node = {name: key, value: null, children: value.map((v, i) => {
        const d = dbg && dbg.arr ? dbg.arr[i] : null;
        return treeOf(v, "[" + i + "]", d, depth + 1);
      })};
    } else {
      node = {name: key, value: plain(value), children: []};
      if (value instanceof Uint8Array) {
        node.bytes = true;
        if (value.length && value.every(b => b >= 32 && b < 127)) node.text = String.fromCharCode(...value.slice(0, 200));
      }
      if (dbg && dbg.enumName) node.enumName = dbg.enumName;
    }
    node.start = start !== null ? start : (node.start != null ? node.start : null);
    node.end = end !== null ? end : (node.end != null ? node.end : null);
    return node;
  }

  function parseEvent(bytes, framing) {
    const stream = new KaitaiStream(bytes.buffer);
    const ev = new BinlogEvent.BinlogEvent(stream, null, null, framing.len_header,
      new Uint8Array(framing.post_header_lengths), framing.has_crc32, framing.uses_pre_ga_numbering);
    ev._read();
    return ev;
  }

  function hexView(bytes) {
    const box = el("div", {class: "hex", id: "hex"});
    const spans = [];
    for (let off = 0; off < bytes.length; off += 16) {
      box.append(el("span", {class: "off", text: off.toString(16).padStart(6, "0") + "  "}));
      for (let i = off; i < Math.min(off + 16, bytes.length); i++) {
        const s = el("span", {class: "b", "data-off": i, text: bytes[i].toString(16).padStart(2, "0")});
        spans.push(s);
        box.append(s, document.createTextNode(i % 16 === 7 ? "  " : " "));
      }
      box.append(document.createTextNode("\n"));
    }
    return {box: box, spans: spans};
  }

  async function showEvent(params) {
    const file = params.get("file") || files[0];
    const pos = params.get("pos");
    const inner = params.get("inner");
    const d = await api("event", {file: file, pos: pos, inner: inner});
    const raw = Uint8Array.from(atob(d.raw), c => c.charCodeAt(0));
    view.textContent = "";
    const e = d.event;
    view.append(el("h2", {id: "event-title", text: e.type + " at " + file + ":" + e.pos + (e.in_payload !== undefined && inner !== null ? "/" + inner : "")}));
    const nav = el("p", {}, [link("events", {file: file, pos: e.pos}, "in the events list")]);
    if (d.transaction !== null) nav.append(" · ", link("tx", {file: file, pos: d.transaction}, "its transaction" + (d.gtid ? " (GTID " + d.gtid + ")" : "")));
    nav.append(" · ", el("span", {class: "muted", text: d.info}));
    view.append(nav);

    let tree = null, parseError = null;
    try {
      tree = buildTree(parseEvent(raw, d.framing), "event", 0);
    } catch (err) {
      parseError = err;
    }
    window.EVENT_DETAIL = d;
    window.EVENT_TREE = tree;
    const split = el("div", {class: "split"});
    const treeBox = el("div", {class: "tree", id: "tree"});
    const hex = hexView(raw);
    split.append(treeBox, hex.box);
    view.append(el("p", {class: "muted", text: "Fields as the Kaitai specs (ksy/, compiled to JavaScript) parse the " +
      raw.length + " bytes; click a field to see its bytes, or a byte to find its field."}), split);
    const nodes = [];
    let selected = null;
    function select(entry, scroll) {
      if (selected) selected.label.classList.remove("selected");
      for (const s of hex.box.querySelectorAll(".hl")) s.classList.remove("hl");
      selected = entry;
      if (!entry) return;
      entry.label.classList.add("selected");
      const n = entry.node;
      if (n.start !== null && n.end !== null) {
        for (let i = n.start; i < n.end && i < hex.spans.length; i++) hex.spans[i].classList.add("hl");
        if (scroll && hex.spans[n.start]) hex.spans[n.start].scrollIntoView({block: "nearest"});
      }
      hex.box.setAttribute("data-selected", entry.path);
      if (scroll) entry.label.scrollIntoView({block: "nearest"});
    }
    function render(node, path, parentUl) {
      const li = el("li");
      const label = el("span", {class: "node", "data-path": path});
      label.append(el("span", {class: "name", text: node.name}));
      if (node.instance) label.append(el("span", {class: "muted", text: " (instance)"}));
      if (node.value !== null && node.value !== undefined) {
        const text = typeof node.value === "string" && node.value.length > 48 ? node.value.slice(0, 48) + "…" : String(node.value);
        label.append(" = ", el("span", {class: "value", text: text}));
        if (node.text !== undefined) {
          label.append(" ", el("span", {class: "muted", text: JSON.stringify(node.text.length > 60 ? node.text.slice(0, 60) + "…" : node.text)}));
        }
      }
      if (node.start !== null && node.end !== null) label.append(" ", el("span", {class: "range", text: "[" + node.start + ", " + node.end + ")"}));
      const entry = {node: node, label: label, path: path};
      nodes.push(entry);
      if (node.lazy) {
        label.append(" ", el("span", {class: "muted", text: "… click to compute"}));
        label.addEventListener("click", () => {
          const owner = lazyOwners.get(node);
          let computed;
          try {
            const value = owner[node.name];
            computed = treeOf(value, node.name, owner._debug["_m_" + node.name], 0);
          } catch (err) {
            computed = {name: node.name, value: "⚠ " + err, start: null, end: null, children: []};
          }
          computed.instance = true;
          const holder = el("ul");
          render(computed, path, holder);
          li.replaceWith(holder.firstChild);
          const fresh = nodes.find(x => x.node === computed);
          if (fresh) select(fresh, false);
        }, {once: true});
        parentUl.append(li);
        li.append(label);
        return;
      }
      label.addEventListener("click", () => select(entry, false));
      li.append(label);
      if (node.children && node.children.length) {
        const ul = el("ul");
        node.children.forEach(c => render(c, path + "/" + c.name, ul));
        li.append(ul);
      }
      parentUl.append(li);
    }
    if (tree) {
      const ul = el("ul");
      render(tree, "event", ul);
      treeBox.append(ul);
    } else {
      treeBox.append(el("p", {class: "warn", text: "the specs do not parse these bytes: " + parseError}));
    }
    hex.box.addEventListener("click", ev => {
      const off = ev.target.getAttribute && ev.target.getAttribute("data-off");
      if (off === null || off === undefined) return;
      const o = Number(off);
      // the deepest field whose range holds the byte
      let best = null;
      for (const entry of nodes) {
        const n = entry.node;
        if (n.start !== null && n.end !== null && n.start <= o && o < n.end &&
            (!best || n.end - n.start <= best.node.end - best.node.start)) best = entry;
      }
      select(best, true);
    });
    window.selectField = path => { const entry = nodes.find(x => x.path === path); select(entry || null, true); return !!entry; };

    if (d.rows !== null) {
      view.append(el("h2", {text: "Rows (decoded with the table map)"}));
      if (d.rows_error) view.append(el("p", {class: "warn", text: d.rows_error}));
      view.append(el("p", {class: "muted", text: "Click a value (or before/after) to see its bytes in the event."}));
      view.append(changesTable(d.rows, "rows", d.value_ranges));
      for (const td of view.querySelectorAll("#rows td.val")) {
        td.addEventListener("click", () => {
          select(null, false);
          const a = Number(td.getAttribute("data-start")), b = Number(td.getAttribute("data-end"));
          for (let i = a; i < b && i < hex.spans.length; i++) hex.spans[i].classList.add("hl");
          const tr = td.parentElement;
          hex.box.setAttribute("data-selected", "rows/" + tr.getAttribute("data-change") + "/" +
            tr.getAttribute("data-image") + "/" + (td.getAttribute("data-column") || "image"));
          if (hex.spans[a]) hex.spans[a].scrollIntoView({block: "nearest"});
        });
      }
    }
    if (d.table_map) {
      const tm = d.table_map;
      view.append(el("h2", {text: "Table map"}), el("p", {}, [link("event", {file: file, pos: tm.pos}, "TABLE_MAP at " + tm.pos),
        " · " + (tm.body.schema || "") + "." + (tm.body.table || "") + " (table id " + tm.body.table_id + ")"]));
      if (d.columns) {
        view.append(O.table("table-columns", ["#", "column", "type", "nullable", "unsigned", "charset", "primary key"],
          d.columns.columns.map(c => ({cells: [c.index, c.name, c.type, c.nullable ? "yes" : "no",
            c.unsigned === null ? "–" : (c.unsigned ? "yes" : "no"), c.charset, c.primary_key ? "yes" : ""]})),
          [true, false, false, false, false, true, false]),
          el("p", {class: "muted", text: "column names from: " + (d.columns.names_from || "–")}));
      }
      view.append(el("h3", {text: "TABLE_MAP fields"}), el("pre", {id: "table-map", text: JSON.stringify(tm.body, null, 2)}));
    }
    view.append(el("h2", {text: "As events --format jsonl"}), el("pre", {id: "event-json", text: JSON.stringify(e, null, 2)}));
    done("event");
  }

  function cellText(v) {
    if (v === null || v === undefined) return "NULL";
    return typeof v === "object" ? JSON.stringify(v) : String(v);
  }

  // the changes, one table per database table (their columns differ); the whole list in data-changes
  function changesTable(changes, id, ranges) {
    if (!changes.length) return el("p", {class: "empty", id: id, text: "no row changes", "data-changes": "[]"});
    const box = el("div", {id: id, class: "changes"});
    box.setAttribute("data-changes", JSON.stringify(changes));
    const groups = new Map();
    changes.forEach((c, i) => {
      const key = c.schema + "." + c.table;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push([i, c]);
    });
    for (const [key, list] of groups) {
      const cols = [];
      for (const [, c] of list) for (const img of [c.before, c.after]) if (img) for (const k of Object.keys(img)) if (!cols.includes(k)) cols.push(k);
      const rows = [];
      for (const [i, c] of list) {
        for (const which of ["before", "after"]) {
          const img = c[which];
          if (!img) continue;
          const row = {attrs: {"data-change": i, "data-image": which}, cells: [c.op, which,
            ...cols.map(k => k in img ? cellText(img[k]) : "")]};
          const where = ranges && ranges[i] && ranges[i][which];
          if (where) {  // the bytes of the image and of each value, for the hex view
            const keys = Object.keys(img);
            row.cellAttrs = [{}, {"data-start": where.image[0], "data-end": where.image[1], class: "val"},
              ...cols.map(k => {
                const r = where.values[keys.indexOf(k)];
                return r ? {"data-start": r[0], "data-end": r[1], "data-column": k, class: "val"} : {};
              })];
          }
          rows.push(row);
        }
      }
      box.append(el("h3", {text: key + " (" + list.length + " change" + (list.length === 1 ? "" : "s") + ")"}),
                 el("div", {class: "scroll-x"}, [O.table("", ["op", "image", ...cols], rows)]));
    }
    return box;
  }

  // -- one transaction -----------------------------------------------------------------------
  function sqlBox(id, title, text) {
    const pre = el("pre", {id: id, text: text || ""});
    const button = el("button", {type: "button", text: "Copy", id: id + "-copy"});
    button.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(pre.textContent); button.textContent = "Copied"; }
      catch (err) {
        const range = document.createRange(); range.selectNodeContents(pre);
        const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
        button.textContent = "Selected: press Ctrl-C";
      }
    });
    return el("section", {}, [el("h3", {}, [title + " ", button]), pre]);
  }

  async function showTransaction(params) {
    const file = params.get("file") || files[0];
    const d = await api("transaction", {file: file, pos: params.get("pos")});
    window.TRANSACTION_DETAIL = d;
    view.textContent = "";
    view.append(el("h2", {id: "tx-title", text: "Transaction at " + file + ":" + d.pos + (d.gtid ? " · GTID " + d.gtid : "")}));
    view.append(O.table("tx-events", ["pos", "type", "length", "time", "info"], d.events.map(e => ({
      cells: [link("event", {file: file, pos: e.pos, inner: e.inner}, String(e.pos) + (e.inner !== null ? "/" + e.inner : "")),
              e.type, e.length, O.fmtTime(e.timestamp), e.info]})), [true, false, true, false, false]));
    for (const p of d.problems) view.append(el("p", {class: "warn", text: p}));
    view.append(el("h2", {text: "Changes"}), changesTable(d.changes, "tx-changes"));
    if (d.redo_sql !== null) {
      view.append(el("h2", {text: "SQL"}), sqlBox("redo-sql", "Redo (binlog-ksy sql)", d.redo_sql),
                  sqlBox("undo-sql", "Undo (binlog-ksy sql --flashback)", d.undo_sql));
    }
    done("tx");
  }

  // -- routing -------------------------------------------------------------------------------
  async function route() {
    const hash = location.hash.replace(/^#\/?/, "");
    const [name, query] = hash.split("?");
    const params = new URLSearchParams(query || "");
    document.body.removeAttribute("data-ready");
    for (const c of O.charts.splice(0)) c.destroy();
    try {
      if (!files.length) files = (await api("files")).files;
      status.textContent = files.length + " file" + (files.length === 1 ? "" : "s");
      if (name === "events") await showEvents(params);
      else if (name === "event") await showEvent(params);
      else if (name === "tx") await showTransaction(params);
      else await showOverview(params);
    } catch (err) {
      fail(err);
    }
    window.scrollTo(0, 0);
  }
  window.addEventListener("hashchange", route);
  route();
})();
