"""Reading what a stdin line asks before the SDK does: its id, and whether that id is one JSON-RPC allows.

The SDK reads a request whose ``id`` is not a string or an integer (``1.5``, ``true``, ``{}``,
``null``) as a notification and answers nothing; and a line it cannot parse (JSON nested past its
recursion limit, a lone-surrogate escape) is answered with ``id: null`` even when the id is plain
to see. ``screen_line`` finds the first case before the SDK parses the line; ``top_level_id``
reads the id of a line the SDK refused, by a linear scan that never recurses into values.
"""

from __future__ import annotations

import re
from typing import Any

import orjson

__all__ = ["INVALID_ID", "SCREENED_MARK", "screen_line", "top_level_id"]

# Marks a line answered here: not JSON, so the SDK refuses it and the answer travels with it.
SCREENED_MARK = "\x00answered:"
INVALID_ID = "Invalid Request: the id must be a string or an integer"
_SCALAR = re.compile(r'-?\d+(?![.eE\d])|"(?:[^"\\]|\\.)*"')


def valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def screen_line(line: str) -> str:
    """``line`` itself, or a marked line carrying the answer to a request whose id is invalid."""
    if '"id"' not in line:
        return line
    try:
        message = orjson.loads(line)
    except orjson.JSONDecodeError:
        return line  # the SDK answers it; its id is read from it then
    if isinstance(message, dict) and "method" in message and "id" in message and not valid_id(message["id"]):
        answer = {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": INVALID_ID}}
        return SCREENED_MARK + orjson.dumps(answer).decode() + "\n"
    return line


def top_level_id(line: str) -> str | int | None:
    """The ``id`` member of the object ``line`` holds, if it is a string or an integer; else None.

    Scans once, skipping nested values by counting brackets outside strings, so a line nested a
    million levels deep costs what its length costs.
    """
    depth = 0
    index = 0
    length = len(line)
    expect_key = False
    while index < length:
        char = line[index]
        if char == '"':
            end = _string_end(line, index)
            if end < 0:
                return None
            if depth == 1 and expect_key and line[index:end] == '"id"':
                colon = line.find(":", end)
                if colon < 0:
                    return None
                at = colon + 1
                while at < length and line[at] in " \t\r\n":
                    at += 1
                found = _SCALAR.match(line, at)
                if found is None:
                    return None
                try:
                    value = orjson.loads(found.group(0))
                except orjson.JSONDecodeError:
                    return None
                return value if valid_id(value) else None
            expect_key = False
            index = end
            continue
        if char in "{[":
            depth += 1
            expect_key = depth == 1 and char == "{"
        elif char in "}]":
            depth -= 1
        elif char == "," and depth == 1:
            expect_key = True
        index += 1
    return None


def _string_end(line: str, start: int) -> int:
    """Index just past the string literal that opens at ``start``, or -1 when it never closes."""
    index = start + 1
    while True:
        quote = line.find('"', index)
        if quote < 0:
            return -1
        backslashes = 0
        while line[quote - 1 - backslashes] == "\\":
            backslashes += 1
        if backslashes % 2 == 0:
            return quote + 1
        index = quote + 1
