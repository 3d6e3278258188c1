"""Real-server test harness for binlog-ksy (MariaDB 10.11).

Modules
-------
server
    ``MariaDBServer``: a throw-away ``mariadbd`` in a temp dir (stdlib only, so
    ``tools/make_sample.py`` can import it too).
oracle
    ``list_events`` / ``decode_rows``: ``mariadb-binlog`` output parsed into data.
workload
    ``make_schema`` / ``make_statements``: a seeded random workload over every
    MariaDB 10.11 column type.
fixtures
    pytest fixtures (``mariadb_server``, ``mariadb_server_factory``) and
    ``start_server``.
"""
