"""Audit records of Tool-node invocations: one JSON line per call, secrets masked."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TextIO

from catalog.tool_nodes.node import ToolNode

REDACTED = "[redacted]"
# Long words are cut so one record stays small whatever the arguments were.
MAX_RECORDED_WORD = 512


def secret_values(node: ToolNode, arguments: Mapping[str, Any] | None) -> set[str]:
    """The argv words of inputs marked secret (``secret: true``, ``writeOnly``, ``format: password``)."""
    if not arguments:
        return set()
    words: set[str] = set()
    for item in node.inputs:
        secret = item.secret or item.schema.get("writeOnly") is True or item.schema.get("format") == "password"
        if not secret or item.name not in arguments:
            continue
        value = arguments[item.name]
        for element in value if isinstance(value, list) else [value]:
            words.add(element if isinstance(element, str) else json.dumps(element))
    return words


def record_invocation(
    sink: TextIO | str | Path,
    node: ToolNode,
    argv: Sequence[str],
    *,
    outcome: str,
    stdin_length: int = 0,
    exit_code: int | None = None,
    arguments: Mapping[str, Any] | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """Write one audit record (node id, argv, stdin length, time, outcome) and return it.

    ``sink`` is an open text stream or a file path appended to. ``arguments``, when given, lets the
    values of secret inputs be masked in the recorded argv.
    """
    hidden = secret_values(node, arguments)
    recorded = [
        REDACTED if word in hidden else (word if len(word) <= MAX_RECORDED_WORD else word[:MAX_RECORDED_WORD] + "…")
        for word in argv
    ]
    moment = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    record: dict[str, Any] = {
        "node": node.id,
        "argv": recorded,
        "stdinLength": stdin_length,
        "time": moment.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "outcome": outcome,
    }
    if exit_code is not None:
        record["exitCode"] = exit_code
    line = json.dumps(record, ensure_ascii=False) + "\n"
    if isinstance(sink, (str, Path)):
        with open(sink, "a", encoding="utf-8") as stream:
            stream.write(line)
    else:
        sink.write(line)
        sink.flush()
    return record
