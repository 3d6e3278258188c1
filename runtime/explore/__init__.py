"""See binlogs: the overview figures (:mod:`.overview`), the self-contained HTML report (:mod:`.page`)
and the local web app of ``binlog-ksy explore`` (:mod:`.server`); browser assets live in ``static/``."""
