"""The one error hierarchy of binlog-ksy.

Every problem with the input is a :class:`BinlogError` that carries the file,
the byte offset where it was found, the event type when known, and a one-line
message a DBA understands. Every problem with what the user asked for (flags,
a schema file, a job file, a missing optional dependency) is a
:class:`UsageError`; a store that cannot be reached, a :class:`StorageError`.
All of them derive from :class:`BinlogKsyError`, so that ``except
BinlogKsyError`` catches every error of binlog-ksy and nothing else.

Every exception class of the package is defined here, but for three of the
Spark jobs, defined where they are raised and derived from these:
``UnreachableInputError`` (a :class:`StorageError`, in
``spark_jobs/datasource.py``), ``SharedOutputError`` (a :class:`ConfigError`,
in ``spark_jobs/job/cluster_checks.py``) and ``PackError`` (in
``spark_jobs/job/pack_env.py``). Private helper exceptions (a leading ``_``)
never leave the module that raises them. tests/test_errors_hierarchy.py keeps
it so.
"""

from __future__ import annotations

from typing import Any


class BinlogKsyError(Exception):
    """The base of every error binlog-ksy raises: a damaged binlog (:class:`BinlogError`), a request that
    cannot be done (:class:`UsageError`), an unreachable store (:class:`StorageError`) and the Spark jobs' own.

    It adds nothing to the classes below it, which are also the built-in exceptions callers catch for them
    (``ValueError`` for a :class:`UsageError`, ``OSError`` for a :class:`StorageError`).
    """


class BinlogError(BinlogKsyError):
    """A problem with a binlog file, located by file and byte offset.

    Parameters
    ----------
    message
        One line saying what is wrong, without the location.
    file
        The file name or URI as the caller gave it.
    offset
        Byte offset in the file where the problem starts (for events inside a
        TRANSACTION_PAYLOAD: the offset of the payload event).
    event_type
        MySQL's name of the event type (``QUERY_EVENT``), when known.
    length
        How many bytes from ``offset`` the problem covers, when known (a
        skipped event, a truncated tail), so readers can account for every
        byte of a file.
    """

    kind = "error"

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        offset: int | None = None,
        event_type: str | None = None,
        length: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.offset = offset
        self.event_type = event_type
        self.length = length

    def __str__(self) -> str:
        where = []
        if self.file is not None:
            where.append(str(self.file))
        if self.offset is not None:
            where.append(f"at byte {self.offset}")
        text = self.message
        if self.event_type:
            text = f"{self.event_type}: {text}"
        return f"{', '.join(where)}: {text}" if where else text

    def to_dict(self) -> dict[str, Any]:
        """The error as a plain dict (for JSON lines and the Spark ``errors`` table)."""
        return {
            "file": self.file,
            "offset": self.offset,
            "length": self.length,
            "event_type": self.event_type,
            "error": self.kind,
            "message": self.message,
        }


class NotABinlogError(BinlogError):
    """The file does not start with the binlog magic ``FE 'bin'`` (or is empty)."""

    kind = "not_a_binlog"


class EncryptedBinlogError(BinlogError):
    """The file is encrypted (MySQL ``FD 'bin'`` or MariaDB START_ENCRYPTION)."""

    kind = "encrypted"


class UnreadableFileError(BinlogError):
    """The operating system failed a read of the file (an I/O error after it was opened)."""

    kind = "io_error"


class TruncatedEventError(BinlogError):
    """The file ends inside an event (a file still being written, or cut)."""

    kind = "truncated"


class ChecksumMismatchError(BinlogError):
    """An event's CRC32 does not match its bytes."""

    kind = "checksum_mismatch"


class MalformedEventError(BinlogError):
    """An event's header or body cannot be what its type says."""

    kind = "malformed_event"


class UnknownTableIdError(BinlogError):
    """A rows event refers to a table id with no TABLE_MAP before it."""

    kind = "unknown_table_id"


class UndecodableValueError(BinlogError):
    """A column value in a row image cannot be decoded."""

    kind = "undecodable_value"


class UnsupportedEventError(BinlogError):
    """An event this version cannot decode (e.g. pre-GA 5.1 rows events); reading goes on."""

    kind = "unsupported"


class SchemaHistoryWarning(BinlogError):
    """A DDL statement the schema history could not follow; its table's column names are unknown until it is
    created again. A warning: reading goes on and the exit status does not change."""

    kind = "schema_history"


class RowDecodeError(UndecodableValueError):
    """A row image that cannot be decoded, located inside the rows data.

    Raised by the row decoders, which see only the row images of one event:
    ``data_offset`` is the byte offset inside those images (``offset``, the
    file offset, is set when the caller knows the event).

    Attributes
    ----------
    column
        Name of the column whose value failed (``None`` for the row framing).
    column_index
        0-based index of that column in the table.
    data_offset
        Byte offset inside the rows data where the failing value starts.
    """

    def __init__(
        self,
        message: str,
        *,
        column: str | None = None,
        column_index: int | None = None,
        offset: int | None = None,
    ) -> None:
        where = []
        if column is not None:
            where.append(f"column {column}" + (f" (#{column_index + 1})" if column_index is not None else ""))
        if offset is not None:
            where.append(f"at byte {offset} of the rows data")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.reason = message
        self.column = column
        self.column_index = column_index
        self.data_offset = offset


class TextDecodeError(UndecodableValueError, ValueError):
    """Bytes of a text column that its character set cannot decode.

    Attributes
    ----------
    column
        Name of the column.
    charset
        The MySQL character set name.
    position
        Offset of the first bad byte inside the value.
    """

    def __init__(self, column: str, charset: str, raw: bytes, cause: UnicodeDecodeError) -> None:
        self.column = column
        self.charset = charset
        self.position = cause.start
        bad = raw[cause.start : cause.start + 8].hex()
        super().__init__(
            f"column {column}: value is not valid {charset} "
            f"(byte {cause.start} of {len(raw)}: 0x{bad})"
        )


class JsonDiffError(UndecodableValueError, ValueError):
    """A diff vector that cannot be decoded, or a diff that cannot be applied."""


class CompressionError(MalformedEventError):
    """Compressed data (MariaDB compressed events and columns) does not inflate to what its header says."""


class UsageError(BinlogKsyError, ValueError):
    """What the user asked for cannot be done (bad flags or settings): exit status 2, nothing read."""


class SchemaFileError(UsageError):
    """The schema file is not in the documented shape."""


class ConfigError(UsageError):
    """The job settings are not usable (a usage error: exit status 2)."""


class MissingExtraError(UsageError):
    """An optional dependency (an extra such as ``binlog-ksy[spark]``) is not installed."""


class SqlRefusal(UsageError):
    """A change that cannot be written as SQL exactly (the message names the table and why)."""


class FlashbackRefusal(UsageError):
    """A change that cannot be undone exactly from the binlog (the message names the table and why)."""


class StorageError(BinlogKsyError, OSError):
    """A store that cannot be reached as asked: unknown scheme, a filesystem pyarrow lacks, bad settings."""
