#!/usr/bin/env python3
"""Write small, realistic MariaDB 10.11 sample binlogs into ``samples/``.

Starts throw-away servers with the test harness (``tests/mariadb/server.py``:
this is a dev tool, so it imports the harness from the source tree; the
installed package never imports ``tests``), runs a seeded "shop" workload
(customers, products, orders, order items, stock moves; transactions with
INSERT/UPDATE/DELETE), and copies the binlogs out. One directory per server
configuration::

    samples/mariadb-10.11/<set>/binlog.00000N            the binary logs
    samples/mariadb-10.11/<set>/binlog.00000N.txt        mariadb-binlog -vv output
                                                         (only with --text)
    samples/mariadb-10.11/shop.sql                       the SQL that made them (same
                                                         for every set)
    samples/mariadb-10.11/manifest.json                  options, sizes, sha256,
                                                         event/row counts

Usage::

    .venv/bin/python tools/make_sample.py            # regenerate samples/
    .venv/bin/python tools/make_sample.py --out /tmp/s --orders 50

Needs ``mariadbd``, ``mariadb-install-db``, ``mariadb`` and ``mariadb-binlog``.
Event timestamps and data are deterministic (``SET timestamp`` per
transaction, seeded RNG); server-generated bits (FDE/Rotate/Stop times,
binlog checkpoint names, CRCs over them) differ between runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.mariadb import oracle  # noqa: E402
from tests.mariadb.server import MariaDBServer  # noqa: E402
from tests.mariadb.workload import sql_hex, sql_str  # noqa: E402

#: Sample sets: directory name -> (server options, description).
SETS: dict[str, tuple[dict[str, object], str]] = {
    "shop-full": (
        {"binlog_row_metadata": "FULL", "binlog_row_image": "FULL"},
        "binlog_row_metadata=FULL, binlog_row_image=FULL, CRC32 checksums, "
        "Annotate_rows on (the 10.11 defaults apart from FULL metadata)"),
    "shop-compressed": (
        {"binlog_row_metadata": "FULL", "log_bin_compress": True,
         "log_bin_compress_min_len": 10},
        "as shop-full plus log_bin_compress=ON, log_bin_compress_min_len=10: "
        "Query_compressed and *_rows_compressed_v1 events (165-168)"),
    "shop-minimal-nocrc": (
        {"binlog_row_metadata": "MINIMAL", "binlog_row_image": "MINIMAL",
         "binlog_checksum": "NONE", "binlog_annotate_row_events": False},
        "binlog_row_metadata=MINIMAL, binlog_row_image=MINIMAL, "
        "binlog_checksum=NONE, no Annotate_rows"),
}

SCHEMA = """\
CREATE DATABASE shop CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci;
CREATE TABLE shop.customers (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(255) NOT NULL,
  name VARCHAR(100) NOT NULL,
  country CHAR(2) CHARACTER SET ascii NOT NULL,
  city VARCHAR(60) CHARACTER SET latin1 NULL,
  birthday DATE NULL,
  loyalty_points INT UNSIGNED NOT NULL DEFAULT 0,
  is_active BOOLEAN NOT NULL DEFAULT TRUE,
  created_at DATETIME(6) NOT NULL,
  UNIQUE KEY (email)
);
CREATE TABLE shop.products (
  id INT NOT NULL PRIMARY KEY,
  sku CHAR(12) CHARACTER SET ascii NOT NULL,
  title VARCHAR(200) NOT NULL,
  description TEXT NULL,
  price DECIMAL(10,2) NOT NULL,
  weight_kg FLOAT NULL,
  attributes JSON NULL,
  tags SET('new','sale','eco','gift','bulky','fragile','digital','limited','import') NOT NULL DEFAULT '',
  status ENUM('draft','active','retired') NOT NULL DEFAULT 'draft',
  stock MEDIUMINT NOT NULL DEFAULT 0,
  thumbnail BLOB NULL,
  updated_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
);
CREATE TABLE shop.orders (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  uuid UUID NOT NULL,
  customer_id BIGINT UNSIGNED NOT NULL,
  status ENUM('new','paid','shipped','delivered','cancelled') NOT NULL,
  total DECIMAL(12,2) NOT NULL DEFAULT 0,
  currency CHAR(3) CHARACTER SET ascii NOT NULL DEFAULT 'EUR',
  placed_at DATETIME NOT NULL,
  shipped_at DATETIME(3) NULL,
  delivery_window TIME NULL,
  note VARCHAR(500) NULL,
  ship_to POINT NULL,
  client_ip INET6 NULL,
  flags BIT(8) NOT NULL DEFAULT b'0'
);
CREATE TABLE shop.order_items (
  order_id BIGINT NOT NULL,
  line_no TINYINT UNSIGNED NOT NULL,
  product_id INT NOT NULL,
  qty SMALLINT UNSIGNED NOT NULL,
  unit_price DECIMAL(10,2) NOT NULL,
  discount DECIMAL(5,4) NOT NULL DEFAULT 0,
  PRIMARY KEY (order_id, line_no)
);
CREATE TABLE shop.stock_moves (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  product_id INT NOT NULL,
  delta INT NOT NULL,
  reason VARCHAR(40) NOT NULL,
  at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)
) ENGINE=MyISAM;
"""

_FIRST = ["Anna", "Björn", "Chloé", "Dmitri", "Eun-ji", "Fatima", "Giulia", "Hiro", "Ingrid",
          "José", "Kwame", "Léa", "Mateo", "Nadia", "O'Connor", "Priya", "Quentin", "Rūta",
          "Søren", "Tomás", "Ümit", "Vera", "Wei", "Ximena", "Yusuf", "Zoë"]
_LAST = ["Müller", "Smith", "García", "Nguyen", "Kowalski", "Rossi", "Ivanova", "Dubois",
         "Tanaka", "O'Brien", "Jensen", "Silva", "Khan", "Novák"]
_CITIES = [("DE", "München"), ("FR", "Besançon"), ("ES", "A Coruña"), ("SE", "Malmö"),
           ("NL", "Den Haag"), ("IT", "Forlì"), ("PL", None), ("PT", "Évora"), ("DK", "Århus")]
_NOUNS = ["Mug", "Lamp", "Backpack", "Notebook", "Kettle", "Headphones", "Chair", "Scarf",
          "Teapot", "Bike light", "Yoga mat", "Plant pot", "Desk", "Umbrella"]
_ADJ = ["Classic", "Eco", "Nordic", "Compact", "Deluxe", "Vintage", "Smart", "Tiny", "Große"]
_NOTES = [None, None, None, "Leave at the door", "Gift wrap please 🎁", "Call before delivery",
          "Bitte beim Nachbarn abgeben", "Fragile – handle with care", "It's a surprise!",
          "Line 1\nLine 2"]


def _money(r: random.Random, lo: float, hi: float) -> str:
    return f"{r.uniform(lo, hi):.2f}"


class _ShopScript:
    """The shop workload's transactions, section by section (the random draws in the order they always had)."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.t = 1735689600                          # 2025-01-01 00:00:00 UTC
        self.txs: list[list[str]] = []
        self.customers: list[int] = []
        self.products: dict[int, float] = {}
        self.open_orders: list[int] = []

    def tx(self, *stmts: str, dt: int = 60) -> None:
        self.t += self.r.randint(1, dt)
        self.txs.append([f"SET timestamp={self.t}", "BEGIN", *stmts, "COMMIT"])

    def add_customers(self) -> None:
        """One multi-row insert and a few single ones."""
        r = self.r
        rows = []
        for i in range(1, 31):
            fn, ln = r.choice(_FIRST), r.choice(_LAST)
            cc, city = r.choice(_CITIES)
            email = f"{fn.lower()}.{ln.lower()}{i}@example.com".replace("'", "")
            bday = "NULL"
            if r.random() >= 0.3:
                bday = f"'{r.randint(1950, 2005)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}'"
            rows.append(f"({sql_str(email)}, {sql_str(fn + ' ' + ln)}, '{cc}', "
                        f"{'NULL' if city is None else sql_str(city)}, {bday}, NOW(6))")
            self.customers.append(i)
        self.tx("INSERT INTO shop.customers (email, name, country, city, birthday, created_at) VALUES\n  "
                + ",\n  ".join(rows[:20]))
        for row in rows[20:]:
            self.tx("INSERT INTO shop.customers (email, name, country, city, birthday, created_at) VALUES "
                    + row)

    def add_products(self) -> None:
        r = self.r
        for pid in range(1, 41):
            title = f"{r.choice(_ADJ)} {r.choice(_NOUNS)}"
            price = _money(r, 2, 400)
            self.products[pid] = float(price)
            attrs = json.dumps({"color": r.choice(["red", "black", "natural", "grün"]),
                                "dims_cm": [r.randint(5, 90) for _ in range(3)],
                                "warranty_years": r.choice([0, 1, 2, 5]),
                                "recyclable": r.random() < 0.5}, ensure_ascii=False)
            tags = ",".join(x for x in ["new", "sale", "eco", "gift", "bulky", "fragile", "digital",
                                        "limited", "import"] if r.random() < 0.2)
            desc = "NULL" if r.random() < 0.2 else sql_str(
                (f"The {title.lower()} you always wanted. " * r.randint(1, 3)).strip())
            thumb = "NULL" if r.random() < 0.5 else sql_hex(b"\x89PNG\r\n\x1a\n" + r.randbytes(r.randint(16, 96)))
            weight = "NULL" if r.random() < 0.1 else f"{r.uniform(0.05, 25):.3f}"
            txs_stmt = (f"INSERT INTO shop.products (id, sku, title, description, price, weight_kg, "
                        f"attributes, tags, status, stock, thumbnail) VALUES ({pid}, "
                        f"'SKU-{pid:08d}', {sql_str(title)}, {desc}, {price}, {weight}, "
                        f"{sql_str(attrs)}, '{tags}', '{r.choice(['draft', 'active', 'active'])}', "
                        f"{r.randint(0, 500)}, {thumb})")
            if pid % 10 == 1:
                self.tx(txs_stmt)
            else:
                self.txs[-1].insert(-1, txs_stmt)

    def add_order(self, k: int, n_orders: int) -> None:
        """One order (insert, items, stock, loyalty), then maybe progress, cancel or a price change."""
        r, tx, txs, customers, products, open_orders = (self.r, self.tx, self.txs, self.customers, self.products,
                                                        self.open_orders)
        order_id = k + 1
        cust = r.choice(customers)
        lines = r.randint(1, 5)
        items, total = [], 0.0
        for line_no in range(1, lines + 1):
            pid = r.choice(list(products))
            qty = r.randint(1, 4)
            disc = r.choice(["0", "0", "0.1000", "0.0500", "0.3333"])
            total += qty * products[pid] * (1 - float(disc))
            items.append(f"({order_id}, {line_no}, {pid}, {qty}, {products[pid]:.2f}, {disc})")
        ip = r.choice(["NULL", "'::1'", f"'2001:db8::{r.randint(1, 65535):x}'",
                       f"'::ffff:10.0.{r.randint(0, 255)}.{r.randint(1, 254)}'"])
        h = f"{r.getrandbits(128):032x}"
        uid = f"'{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}'"
        ship_to = "NULL" if r.random() < 0.3 else (
            f"ST_GeomFromText('POINT({r.uniform(-10, 30):.5f} {r.uniform(35, 65):.5f})', 4326)")
        note = r.choice(_NOTES)
        window = r.choice(["NULL", "'09:00:00'", "'-01:30:00'"])
        stmts = [
            f"INSERT INTO shop.orders (id, uuid, customer_id, status, total, placed_at, "
            f"delivery_window, note, ship_to, client_ip) VALUES ({order_id}, {uid}, {cust}, 'new', "
            f"{total:.2f}, NOW(), {window}, "
            f"{'NULL' if note is None else sql_str(note)}, {ship_to}, {ip})",
            "INSERT INTO shop.order_items (order_id, line_no, product_id, qty, unit_price, discount)"
            " VALUES " + ", ".join(items),
            f"UPDATE shop.products SET stock = stock - 1 WHERE id IN "
            f"({', '.join(str(int(x.split(', ')[2])) for x in items)})",
            f"UPDATE shop.customers SET loyalty_points = loyalty_points + {int(total) // 10} "
            f"WHERE id = {cust}",
        ]
        tx(*stmts, dt=900)
        open_orders.append(order_id)
        # progress some orders
        if open_orders and r.random() < 0.5:
            o = r.choice(open_orders)
            tx(f"UPDATE shop.orders SET status = 'paid', flags = flags | b'00000001' WHERE id = {o}")
        if open_orders and r.random() < 0.3:
            o = r.choice(open_orders)
            tx(f"UPDATE shop.orders SET status = 'shipped', shipped_at = NOW(3) WHERE id = {o}",
               f"INSERT INTO shop.stock_moves (product_id, delta, reason) "
               f"SELECT product_id, -qty, 'ship order {o}' FROM shop.order_items WHERE order_id = {o}")
        if open_orders and r.random() < 0.08:
            o = open_orders.pop(r.randrange(len(open_orders)))
            tx(f"DELETE FROM shop.order_items WHERE order_id = {o}",
               f"UPDATE shop.orders SET status = 'cancelled', total = 0, note = "
               f"CONCAT(IFNULL(note, ''), ' [cancelled]') WHERE id = {o}")
        if r.random() < 0.05:                        # price change, many rows at once
            pct = r.choice(["0.90", "1.05", "1.10"])
            tx(f"UPDATE shop.products SET price = ROUND(price * {pct}, 2), tags = CONCAT_WS(',', "
               f"NULLIF(tags, ''), 'sale') WHERE id % {r.randint(3, 7)} = 0")
        if k == n_orders // 2:
            txs.append([])                           # FLUSH BINARY LOGS

    def housekeeping(self) -> None:
        """Remove cancelled orders and an inactive customer."""
        tx, customers = self.tx, self.customers
        tx("DELETE FROM shop.orders WHERE status = 'cancelled'")
        tx(f"UPDATE shop.customers SET is_active = FALSE, email = CONCAT('deleted-', id, '@invalid') "
           f"WHERE id = {customers[-1]}")
        tx("DELETE FROM shop.stock_moves WHERE delta > -2")


def shop_script(seed: int, n_orders: int) -> list[list[str]]:
    """The workload as a list of transactions (each a list of statements).

    An empty list marks a ``FLUSH BINARY LOGS`` point.
    """
    shop = _ShopScript(seed)
    shop.add_customers()
    shop.add_products()
    shop.txs.append([])                              # FLUSH BINARY LOGS
    for k in range(n_orders):
        shop.add_order(k, n_orders)
    shop.housekeeping()
    return shop.txs


def make_set(name: str, options: dict[str, object], out: Path, seed: int, n_orders: int,
             text: bool = False) -> dict[str, Any]:
    """Run the shop workload on a fresh server; write one sample set."""
    target = out / name
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    txs = shop_script(seed, n_orders)
    sql_lines = ["-- Generated by tools/make_sample.py; run as root on a fresh server.",
                 f"-- Server options: {json.dumps(options)}",
                 "SET NAMES utf8mb4;", "SET time_zone = '+00:00';", SCHEMA]
    with MariaDBServer(options) as srv:
        version = srv.scalar("SELECT VERSION()")
        srv.sql(SCHEMA)
        for stmts in txs:
            if not stmts:
                srv.flush_logs()
                sql_lines.append("FLUSH BINARY LOGS;")
                continue
            script = ["SET NAMES utf8mb4", "SET time_zone = '+00:00'", *stmts]
            srv.sql(script)
            sql_lines.append(";\n".join(stmts) + ";")
        gtid_pos = srv.gtid_binlog_pos()
        srv.stop()                                   # STOP_EVENT, in-use flag cleared
        files = srv.copy_binlogs(target)
    # Same seed -> same SQL for every set: one copy, next to the sets.
    (out / "shop.sql").write_text("\n".join(sql_lines[:1] + sql_lines[2:]) + "\n",
                                  encoding="utf-8")
    file_infos: list[dict[str, object]] = []
    info = {"options": options, "server_version": version, "gtid_binlog_pos": gtid_pos,
            "sql": "shop.sql", "files": file_infos}
    for f in files:
        if text:
            (target / (f.name + ".txt")).write_bytes(
                oracle.run_mariadb_binlog(f, "-vv", "--base64-output=decode-rows"))
        events = oracle.list_events(f)
        rows = oracle.decode_rows(f)
        file_infos.append({
            "name": f.name,
            "size": f.stat().st_size,
            "sha256": hashlib.sha256(f.read_bytes()).hexdigest(),
            "events": len(events),
            "event_types": dict(sorted(Counter(e.type for e in events).items())),
            "row_changes": dict(sorted(Counter(c.kind for c in rows).items())),
        })
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "samples" / "mariadb-10.11")
    ap.add_argument("--seed", type=int, default=2025)
    ap.add_argument("--orders", type=int, default=30)
    ap.add_argument("--only", choices=sorted(SETS), action="append")
    ap.add_argument("--text", action="store_true",
                    help="also write binlog.NNNNNN.txt (mariadb-binlog -vv output)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    manifest_path = args.out / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    manifest.setdefault("generator", "tools/make_sample.py")
    manifest["seed"], manifest["orders"] = args.seed, args.orders
    manifest.setdefault("sets", {})
    for name in args.only or SETS:
        options, desc = SETS[name]
        info = make_set(name, options, args.out, args.seed, args.orders, args.text)
        info["description"] = desc
        manifest["sets"][name] = info
        total = sum(f["size"] for f in info["files"])
        print(f"{name}: {len(info['files'])} files, {total} bytes, "
              f"{sum(sum(f['row_changes'].values()) for f in info['files'])} row changes")
    manifest_path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
