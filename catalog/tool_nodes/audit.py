"""Audit records of Tool-node invocations: one JSON line per call, secrets masked, never lost.

A record is written with a single ``write`` to a file opened for appending, before the call's
result is returned: once a caller holds the result, the record is in the file, whatever happens to
the process next. Secret values (``secret: true``, ``writeOnly``, ``format: password``) are masked
by their position in argv, so a secret is hidden in whatever form it was rendered (``1e3`` sent for
a secret integer is the argv word ``1000``, and that word is what is masked).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal, TextIO

from catalog.tool_nodes.node import ToolNode

Outcome = Literal["ok", "error", "timeout", "refused"]
OUTCOMES: tuple[str, ...] = ("ok", "error", "timeout", "refused")
REDACTED = "[redacted]"
# Long words are cut so one record stays small whatever the arguments were.
MAX_RECORDED_WORD = 512
MAX_RECORDED_MESSAGE = 300


class AuditLog:
    """An append-only JSON Lines file: one ``write`` per record, so records never interleave or tear."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        # Owner-only: arguments are masked, but which programs ran with what is still nobody else's business.
        self._fd: int | None = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self._lock = threading.Lock()

    def write(self, record: Mapping[str, Any]) -> None:
        data = record_line(record).encode("utf-8")
        with self._lock:
            if self._fd is None:
                raise ValueError("the audit log is closed")
            view = memoryview(data)
            while view:
                written = os.write(self._fd, view)
                view = view[written:]

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None

    def __enter__(self) -> AuditLog:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def record_line(record: Mapping[str, Any]) -> str:
    """One record as one line of compact JSON, non-ASCII text kept as written."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def secret_positions(node: ToolNode, arguments: Mapping[str, Any] | None, argv: Sequence[str]) -> set[int]:
    """Positions in ``argv`` holding words of secret inputs, found by building argv from ``arguments``.

    When ``argv`` was not built from these arguments, every word equal to a rendering of a secret
    value (as sent, as argv renders it, as JSON) is masked instead.
    """
    if not arguments or not any(item.is_secret for item in node.inputs):
        return set()
    from catalog.tool_nodes.argv import build_invocation

    try:
        invocation = build_invocation(node, arguments)
    except Exception:
        invocation = None
    if invocation is not None and list(invocation.argv) == list(argv):
        return set(invocation.secret_positions)
    forms: set[str] = set()
    for item in node.inputs:
        if item.is_secret and item.name in arguments:
            value = arguments[item.name]
            for element in value if isinstance(value, list) else [value]:
                forms.update(_renderings(element))
    return {position for position, word in enumerate(argv) if word in forms}


def _renderings(value: Any) -> set[str]:
    """The words a secret value may have become: the text itself; else its JSON (an integer, ``true``,
    a finite float as argv writes it too), Python's spelling of a float (``inf``), an integral float as
    the integer argv writes (``1e3`` is ``1000``)."""
    if isinstance(value, str):
        return {value}
    forms = {json.dumps(value)}
    if isinstance(value, float):
        forms.add(repr(value))
        if value.is_integer():
            forms.add(str(int(value)))
    return forms


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def record_invocation(
    sink: TextIO | str | Path | AuditLog,
    node: ToolNode,
    argv: Sequence[str],
    *,
    outcome: Outcome | str,
    stdin_length: int = 0,
    exit_code: int | None = None,
    arguments: Mapping[str, Any] | None = None,
    secret: frozenset[int] | set[int] | None = None,
    duration_ms: float | None = None,
    recognition_id: str | None = None,
    error: str | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """Write one audit record and return it.

    ``sink`` is an ``AuditLog``, a file path appended to, or an open text stream (flushed). The
    positions of secret words come from ``secret`` (``Invocation.secret_positions``) or, failing
    that, from ``arguments``. ``error`` is a short description of a failure (never a value).
    """
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}")
    hidden = set(secret) if secret is not None else secret_positions(node, arguments, argv)
    recorded = [REDACTED if position in hidden else _cut(word, MAX_RECORDED_WORD) for position, word in enumerate(argv)]
    moment = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    record: dict[str, Any] = {
        "time": moment.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "node": node.id,
        "tool": node.tool_name,
        "arm": node.arm,
        "outcome": outcome,
        "argv": recorded,
        "stdinLength": stdin_length,
    }
    if exit_code is not None:
        record["exitCode"] = exit_code
    if duration_ms is not None:
        record["durationMs"] = round(duration_ms, 1)
    if error is not None:
        record["error"] = _cut(error, MAX_RECORDED_MESSAGE)
    if recognition_id is not None:
        record["recognitionId"] = _cut(recognition_id, 128)
    if isinstance(sink, AuditLog):
        sink.write(record)
    elif isinstance(sink, (str, Path)):
        with AuditLog(sink) as log:
            log.write(record)
    else:
        sink.write(record_line(record))
        sink.flush()
    return record


__all__ = ["OUTCOMES", "REDACTED", "AuditLog", "Outcome", "record_invocation", "record_line", "secret_positions"]
