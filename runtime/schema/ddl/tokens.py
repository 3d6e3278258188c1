"""MySQL statements as tokens, and a script split into statements (``DELIMITER`` as the client reads it)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from itertools import islice

Token = tuple[str, str, str]

_TOKEN_RE = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<vopen>/\*M?!\d*)
  | (?P<comment>/\*.*?(?:\*/|\Z)|--(?=\s|\Z)[^\n]*|\#[^\n]*)
  | (?P<vclose>\*/)
  | (?P<q>`(?:[^`]|``)*(?:`|\Z))
  | (?P<s>'(?:[^'\\]|\\.|'')*(?:'|\Z))
  | (?P<d>"(?:[^"\\]|\\.|"")*(?:"|\Z))
  | (?P<n>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?![\w$]))
  | (?P<w>[\w$]+)
  | (?P<o><=>|>=|<=|<>|!=|:=|\|\||&&|<<|>>|->>|->|.)
    """,
    re.X | re.S,
)
_ESCAPES = {"0": "\0", "b": "\b", "n": "\n", "r": "\r", "t": "\t", "Z": "\x1a", "%": "\\%", "_": "\\_"}
_ESCAPE_RE = re.compile(r"\\(.)", re.S)


def _unescape(body: str, quote: str) -> str:
    if "\\" in body:
        body = _ESCAPE_RE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)
    return body.replace(quote + quote, quote)


def tokenize(sql: str) -> list[Token]:
    """MySQL tokens of ``sql``: comments dropped, executable comments read as code, trailing ``;`` dropped.

    A statement is read by several followers in turn (the schema history, the column defaults, the state's
    DDL effects): the last statements' tokens are kept, and each caller gets a list of its own."""
    return list(_tokenized(sql))


@lru_cache(maxsize=32)
def _tokenized(sql: str) -> tuple[Token, ...]:
    out = list(_tokens(sql))
    while out and out[-1] == ("o", ";", ";"):
        out.pop()
    return tuple(out)


def head_tokens(sql: str, count: int) -> list[Token]:
    """The first ``count`` tokens of ``sql`` (all of them when fewer), read no further: a prefix of
    :func:`tokenize`'s list but for the trailing ``;`` it drops."""
    return list(islice(_tokens(sql), count))


def _tokens(sql: str) -> Iterator[Token]:
    depth = 0
    for m in _TOKEN_RE.finditer(sql):
        kind = m.lastgroup
        text = m.group()
        if kind == "ws" or kind == "comment":
            continue
        if kind == "vopen":
            depth += 1
            continue
        if kind == "vclose":
            if depth:
                depth -= 1
                continue
            yield ("o", "*", "*")
            yield ("o", "/", "/")
            continue
        if kind == "w":
            yield ("w", text, text.upper())
        elif kind == "q":
            body = text[1:-1] if text.endswith("`") and len(text) > 1 else text[1:]
            yield ("q", body.replace("``", "`"), "")
        elif kind == "s" or kind == "d":
            q = text[0]
            body = text[1:-1] if len(text) > 1 and text.endswith(q) else text[1:]
            yield (kind, _unescape(body, q), "")
        else:
            assert kind is not None
            yield (kind, text, text)


_DELIMITER_RE = re.compile(r"delimiter[ \t]+(\S+)[^\n]*(?:\n|\Z)", re.I)


_STRING_BODY = {
    "'": re.compile(r"(?:[^'\\]|\\.|'')*(?:'|\Z)", re.S),
    '"': re.compile(r'(?:[^"\\]|\\.|"")*(?:"|\Z)', re.S),
    "`": re.compile(r"(?:[^`]|``)*(?:`|\Z)"),
}


def _plain_run(delim: str) -> re.Pattern[str]:
    return re.compile("[^'\"`/#\\-\\s" + re.escape(delim[0]) + "]+")


def split_statements(text: str) -> list[str]:
    """The statements of a SQL script, split at ``;`` (or the current DELIMITER) outside quotes and comments."""
    out: list[str] = []
    delim = ";"
    n = len(text)
    i = start = 0
    at_start = True
    plain = _plain_run(delim)
    while i < n:
        c = text[i]
        if c in "'\"`":
            m = _STRING_BODY[c].match(text, i + 1)
            i = m.end() if m is not None else n
            at_start = False
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if text.startswith(("/*!", "/*M!"), i):
                at_start = False
            i = n if j < 0 else j + 2
        elif c == "#" or (c == "-" and text.startswith("--", i) and (i + 2 >= n or text[i + 2].isspace())):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif text.startswith(delim, i):
            if text[start:i].strip():
                out.append(text[start:i])
            i += len(delim)
            start = i
            at_start = True
        elif c.isspace():
            i += 1
        elif at_start and c in "dD" and (m := _DELIMITER_RE.match(text, i)) is not None:
            if text[start:i].strip():
                out.append(text[start:i])
            delim = m.group(1)
            plain = _plain_run(delim)
            i = start = m.end()
        else:
            at_start = False
            run = plain.match(text, i)
            i = run.end() if run is not None else i + 1
    if text[start:].strip():
        out.append(text[start:])
    return out
