// The overview of binlog files (the report and the explorer's first page), drawn from the JSON of
// binlog_ksy.runtime.explore.overview.build_overview with Chart.js. No network: everything is in `data`.
(function () {
  "use strict";

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v;
      else if (k === "class") node.className = v;
      else node.setAttribute(k, v);
    }
    for (const c of children || []) node.append(c);
    return node;
  }

  function fmtTime(ts) {
    if (ts === null || ts === undefined) return "–";
    return new Date(ts * 1000).toISOString().replace("T", " ").replace(".000Z", " UTC");
  }

  function fmtBytes(n) {
    if (n === null || n === undefined) return "–";
    const units = ["B", "KiB", "MiB", "GiB", "TiB"];
    let i = 0, v = n;
    while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
    return (i === 0 ? String(v) : v.toFixed(1)) + " " + units[i];
  }

  function table(id, headers, rows, numeric) {
    const thead = el("thead", {}, [el("tr", {}, headers.map((h, i) =>
      el("th", {text: h, class: numeric && numeric[i] ? "num" : ""})))]);
    const tbody = el("tbody");
    for (const r of rows) {
      const tr = el("tr", r.attrs || {});
      r.cells.forEach((c, i) => {
        const td = el("td", {class: numeric && numeric[i] ? "num" : ""});
        if (c instanceof Node) td.append(c); else td.textContent = c === null || c === undefined ? "–" : String(c);
        if (r.cellAttrs && r.cellAttrs[i]) for (const [k, v] of Object.entries(r.cellAttrs[i])) td.setAttribute(k, v);
        tr.append(td);
      });
      tbody.append(tr);
    }
    return el("table", {id: id}, [thead, tbody]);
  }

  function cssVar(name) {
    return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  }

  const PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
                   "#9c755f", "#bab0ac", "#2f6fdf", "#8cd17d"];

  function chartDefaults() {
    if (!window.Chart) return;
    Chart.defaults.color = cssVar("--fg") || "#222";
    Chart.defaults.borderColor = cssVar("--line") || "#ddd";
    Chart.defaults.animation = false;
    Chart.defaults.maintainAspectRatio = false;
    Chart.defaults.font.family = "system-ui, sans-serif";
  }

  function axis(title, extra) {
    return Object.assign({title: {display: true, text: title}, grid: {color: cssVar("--line")}}, extra || {});
  }

  function chartBox(id, title, wide) {
    const canvas = el("canvas", {id: id, role: "img", "aria-label": title});
    return el("figure", {class: "chart-figure", style: "margin:0"}, [
      el("h3", {text: title}), el("div", {class: wide ? "chart wide" : "chart"}, [canvas])]);
  }

  const charts = [];

  function draw(id, config) {
    const canvas = document.getElementById(id);
    if (!canvas || !window.Chart) return;
    charts.push(new Chart(canvas, config));
  }

  function renderOverview(root, data, options) {
    options = options || {};
    chartDefaults();
    const stats = data.stats;
    root.textContent = "";

    // -- summary
    const span = data.time_span || {};
    const totalRows = Object.values(stats.tables).reduce((s, ops) => s + ops.insert + ops.update + ops.delete, 0);
    const facts = el("dl", {class: "facts", id: "summary"});
    const addFact = (key, label, value) => {
      facts.append(el("dt", {text: label}), el("dd", {text: value, "data-key": key}));
    };
    addFact("files", "files", String(data.files.length));
    addFact("time_span", "time span", fmtTime(span.first) + " – " + fmtTime(span.last) +
      (span.first !== null && span.last !== null ? "  (" + (span.last - span.first) + " s)" : ""));
    addFact("transactions", "transactions", String(stats.transactions));
    addFact("rows", "row changes", String(totalRows));
    addFact("big", "big transactions", String(stats.big_transactions.length));
    addFact("long", "long transactions", String(stats.long_transactions.length));
    addFact("errors", "errors", String(data.errors.length));
    const th = data.thresholds;
    addFact("thresholds", "thresholds", "big: ≥ " + th.big_rows + " rows or ≥ " + fmtBytes(th.big_bytes) +
      "; long: ≥ " + th.long_seconds + " s");
    root.append(el("h2", {text: "Overview"}), facts);

    // -- files
    root.append(el("h2", {text: "Files"}), table("files",
      ["file", "server version", "flavor", "binlog version", "checksum", "size (bytes)", "events", "first event",
       "last event", "GTIDs before it"],
      data.files.map(f => ({attrs: {"data-file": f.name}, cells: [
        options.fileLink ? options.fileLink(f.name) : f.name, f.server_version || "–", f.flavor,
        f.binlog_version, f.checksum, f.size, f.events, fmtTime(f.first_timestamp), fmtTime(f.last_timestamp),
        f.gtids_before === null || f.gtids_before === undefined ? "–" : (f.gtids_before || "(none)")],
        cellAttrs: [{}, {}, {}, {}, {}, {}, {}, {}, {}, {"data-key": "gtids_before"}]})),
      [false, false, false, true, false, true, true, false, false, false]));

    // -- GTIDs
    root.append(el("h2", {text: "GTID ranges"}));
    if (data.gtid_ranges.length) {
      root.append(table("gtids", ["source", "transactions", "GTID set"],
        data.gtid_ranges.map(g => ({cells: [g.source, g.count, el("code", {text: g.text})]})), [false, true, false]));
    } else {
      root.append(el("p", {class: "empty", text: "no GTIDs (position-based replication)"}));
    }

    // -- charts
    root.append(el("h2", {text: "Charts"}));
    root.append(chartBox("chart-timeline", "Row changes over time by table (stacked; big/long transactions marked)",
                         true));
    const grid = el("div", {class: "grid"}, [
      chartBox("chart-tx-rows", "Transactions by row changes"),
      chartBox("chart-tx-bytes", "Transactions by size"),
      chartBox("chart-tx-seconds", "Transactions by duration"),
      chartBox("chart-table-bytes", "Bytes of rows events by table"),
      chartBox("chart-type-bytes", "Bytes by event type"),
    ]);
    root.append(grid);

    // -- big and long transactions
    const txRows = list => list.map(t => ({attrs: {"data-start": t.start_pos, "data-file": t.file}, cells: [
      t.gtid || "–", options.txLink ? options.txLink(t) : t.file + ":" + t.start_pos, t.end_pos, t.rows, t.bytes,
      t.seconds, fmtTime(t.earliest)]}));
    const txHeaders = ["GTID", "file:start", "end", "rows", "bytes", "seconds", "first event"];
    const txNum = [false, false, true, true, true, true, false];
    root.append(el("h2", {text: "Big transactions"}));
    root.append(data.big_transactions.length ? table("big-transactions", txHeaders, txRows(data.big_transactions), txNum)
      : el("p", {class: "empty", id: "big-transactions", text: "none"}));
    root.append(el("h2", {text: "Long transactions"}));
    root.append(data.long_transactions.length ? table("long-transactions", txHeaders, txRows(data.long_transactions),
      txNum) : el("p", {class: "empty", id: "long-transactions", text: "none"}));

    // -- per table
    const names = Object.keys(stats.tables);
    root.append(el("h2", {text: "Per table"}));
    root.append(names.length ? table("table-stats",
      ["table", "inserts", "updates", "deletes", "insert bytes", "update bytes", "delete bytes"],
      names.map(n => ({attrs: {"data-table": n}, cells: [n, stats.tables[n].insert, stats.tables[n].update,
        stats.tables[n].delete, stats.table_bytes[n].insert, stats.table_bytes[n].update, stats.table_bytes[n].delete],
        cellAttrs: [{}, {"data-op": "insert"}, {"data-op": "update"}, {"data-op": "delete"},
                    {"data-bytes": "insert"}, {"data-bytes": "update"}, {"data-bytes": "delete"}]})),
      [false, true, true, true, true, true, true]) : el("p", {class: "empty", id: "table-stats", text: "no row changes"}));

    // -- errors
    root.append(el("h2", {text: "Errors"}));
    root.append(data.errors.length ? table("errors", ["file", "byte offset", "length", "event type", "kind", "message",
                                                    "after the event of"],
      data.errors.map(e => ({cells: [e.file, e.offset, e.length, e.event_type, e.kind, e.message,
                                      fmtTime(e.timestamp)]})),
      [false, true, true, false, false, false, false]) : el("p", {class: "empty", id: "errors", text: "none: every file was read to its end"}));

    drawCharts(data);
  }

  function drawCharts(data) {
    const stats = data.stats;
    const tl = data.timeline;
    const xs = [];
    for (let i = 0; i < tl.buckets; i++) xs.push(tl.start + i * tl.step);
    const tables = Object.keys(tl.series);
    const datasets = tables.map((t, i) => ({
      type: "line", label: t, data: tl.series[t].map((y, j) => ({x: xs[j], y: y})), fill: true, stack: "rows",
      borderColor: PALETTE[i % PALETTE.length], backgroundColor: PALETTE[i % PALETTE.length] + "99",
      pointRadius: 0, borderWidth: 1, stepped: true, yAxisID: "y"}));
    const marks = data.big_transactions.concat(data.long_transactions).map(t => ({x: t.earliest, y: t.rows}));
    if (marks.length) {
      datasets.push({type: "scatter", label: "big/long transactions (rows, right axis)", data: marks, yAxisID: "y2",
        pointStyle: "triangle", pointRadius: 7, backgroundColor: cssVar("--warn"), borderColor: cssVar("--warn")});
    }
    const damage = data.errors.filter(e => e.timestamp !== null && e.timestamp !== undefined)
      .map(e => ({x: e.timestamp, y: 0}));
    if (damage.length) {
      datasets.push({type: "scatter", label: "damaged byte ranges (after the event of that time)", data: damage,
        yAxisID: "y", stack: "damage", pointStyle: "crossRot", pointRadius: 9, borderWidth: 3,
        borderColor: cssVar("--warn"), backgroundColor: cssVar("--warn")});
    }
    const timeTick = v => new Date(v * 1000).toISOString().slice(tl.step >= 86400 ? 0 : 5, 19).replace("T", " ");
    const scales = {
      x: axis("time (UTC; buckets of " + tl.step + " s)", {type: "linear", ticks: {callback: timeTick, maxRotation: 0,
          autoSkipPadding: 20}}),
      y: axis("row changes per " + tl.step + " s", {stacked: true, beginAtZero: true}),
    };
    if (marks.length) scales.y2 = axis("rows of the transaction", {position: "right", beginAtZero: true,
                                                                   grid: {drawOnChartArea: false}});
    draw("chart-timeline", {type: "line", data: {datasets: datasets}, options: {
      scales: scales, interaction: {mode: "nearest", intersect: false},
      plugins: {tooltip: {callbacks: {title: items => items.length ? timeTick(items[0].parsed.x) + " UTC" : ""}}}}});

    const hist = (id, key, xTitle) => {
      const h = data.histograms[key];
      draw(id, {type: "bar", data: {labels: h.map(b => b.label), datasets: [{label: "transactions",
        data: h.map(b => b.count), backgroundColor: PALETTE[0]}]}, options: {plugins: {legend: {display: false}},
        scales: {x: axis(xTitle), y: axis("transactions", {beginAtZero: true, ticks: {precision: 0}})}}});
    };
    hist("chart-tx-rows", "rows", "row changes per transaction");
    hist("chart-tx-bytes", "bytes", "bytes per transaction (all its events)");
    hist("chart-tx-seconds", "seconds", "seconds from first statement to commit");

    const names = Object.keys(stats.table_bytes);
    const ops = ["insert", "update", "delete"];
    draw("chart-table-bytes", {type: "bar", data: {labels: names, datasets: ops.map((op, i) => ({label: op,
      data: names.map(n => stats.table_bytes[n][op]), backgroundColor: PALETTE[i]}))}, options: {indexAxis: "y",
      scales: {x: axis("bytes of rows events", {stacked: true, beginAtZero: true}), y: axis("table", {stacked: true})}}});

    const types = Object.keys(data.type_bytes);
    draw("chart-type-bytes", {type: "bar", data: {labels: types, datasets: [{label: "bytes",
      data: types.map(t => data.type_bytes[t]), backgroundColor: PALETTE[4]}]}, options: {indexAxis: "y",
      plugins: {legend: {display: false}}, scales: {x: axis("bytes (whole events)", {beginAtZero: true}),
      y: axis("event type")}}});
  }

  window.BinlogOverview = {render: renderOverview, el: el, table: table, fmtTime: fmtTime, fmtBytes: fmtBytes,
                           charts: charts};
})();
