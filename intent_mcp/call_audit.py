"""Audit lines of verified calls: one JSON object per ``intent_execute`` (run, refused, or waiting to be confirmed).

A line names the recognition (``requestId``), the intent, the tool, the arguments and, per argument,
the evidence spans in the person's words that justified it, and the outcome. Secrets never reach
it: an argument whose schema says it is secret (``writeOnly``, ``format: password``, a Tool node's
``secret: true``) or whose name says so (``password``, ``token``, ``apiKey``, ...) is written as
``[redacted]``, with its quotes; its spans (offsets, not text) stay. Credentials the runtime adds
to the outgoing request are never arguments, so they never appear; the tool's result is not
written (an API may echo what it received).

Lines go to an ``AuditLog`` file (one ``write`` each, owner-only, never torn) when one is given,
else to the ``intent_mcp.audit`` logger at INFO.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from datetime import datetime, timezone
from typing import Any, Literal, Protocol

from catalog.tool_nodes.audit import REDACTED, record_line
from intent.pointer import escape_token

logger = logging.getLogger("intent_mcp.audit")

CallOutcome = Literal["ok", "error", "refused", "confirmation_required", "rejected"]
# Long words are cut so one line stays small whatever the arguments were.
MAX_RECORDED_TEXT = 512
MAX_RECORDED_MESSAGE = 300
_SECRET_NAME = re.compile(r"pass(word|wd|phrase)?$|secret|token|api[-_]?key|credential|^pin$|private[-_]?key",
                          re.IGNORECASE)


class AuditSink(Protocol):
    """Where audit lines go: ``catalog.tool_nodes.AuditLog`` or anything with ``write(record)``."""

    def write(self, record: Mapping[str, Any]) -> None: ...


class LoggedAudit:
    """Audit lines on the ``intent_mcp.audit`` logger (stderr at ``--log-level info``)."""

    def write(self, record: Mapping[str, Any]) -> None:
        logger.info("%s", record_line(record).rstrip("\n"))


def is_secret_schema(name: str, schema: Any) -> bool:
    """Whether a property holds a secret: by its schema (``writeOnly``, ``format: password``) or its name."""
    if isinstance(schema, Mapping) and (schema.get("writeOnly") is True or schema.get("format") == "password"):
        return True
    return bool(_SECRET_NAME.search(name))


def secret_pointers(input_schema: Mapping[str, Any], extra: Iterable[str] = ()) -> set[str]:
    """JSON Pointers (into the arguments) of every secret property, nested objects included.

    ``extra`` names top-level arguments known to be secret by other means (a Tool node's ``secret``).
    """
    found = {"/" + escape_token(name) for name in extra}

    def walk(schema: Any, prefix: str, depth: int) -> None:
        if not isinstance(schema, Mapping) or depth > 16:
            return
        properties = schema.get("properties")
        if not isinstance(properties, Mapping):
            return
        for name, child in properties.items():
            pointer = f"{prefix}/{escape_token(str(name))}"
            if is_secret_schema(str(name), child):
                found.add(pointer)
            else:
                walk(child, pointer, depth + 1)

    walk(input_schema, "", 0)
    return found


def masked(value: Any, secrets: set[str], pointer: str = "") -> Any:
    """``value`` with every secret pointer's value replaced by ``[redacted]`` and long texts cut."""
    if pointer in secrets:
        return REDACTED
    if isinstance(value, Mapping):
        return {str(key): masked(item, secrets, f"{pointer}/{escape_token(str(key))}") for key, item in value.items()}
    if isinstance(value, list):
        return [masked(item, secrets, f"{pointer}/{index}") for index, item in enumerate(value)]
    if isinstance(value, str) and len(value) > MAX_RECORDED_TEXT:
        return value[:MAX_RECORDED_TEXT] + "…"
    return value


def call_record(
    *,
    request_id: str,
    intent_id: str,
    outcome: CallOutcome,
    tool: str | None = None,
    arguments: Mapping[str, Any] | None = None,
    evidence: Iterable[Mapping[str, Any]] = (),
    secrets: set[str] | None = None,
    confirmed: bool = False,
    refusal: Mapping[str, Any] | None = None,
    error: str | None = None,
    duration_ms: float | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """One audit line as a dict; ``evidence`` items are ``ArgumentEvidence.to_dict()`` forms."""
    hidden = secrets or set()
    moment = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    record: dict[str, Any] = {
        "time": moment.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "event": "intent_execute",
        "requestId": _cut(request_id, 128),
        "intentId": _cut(intent_id, 128),
        "tool": tool,
        "outcome": outcome,
        "confirmed": confirmed,
    }
    if arguments is not None:
        record["arguments"] = masked(arguments, hidden)
    if tool is not None:
        record["evidence"] = [_evidence_line(item, hidden) for item in evidence]
    if refusal is not None:
        record["refusal"] = {key: _cut(str(refusal[key]), MAX_RECORDED_MESSAGE)
                             for key in ("code", "message", "argument", "question") if refusal.get(key) is not None}
    if error is not None:
        record["error"] = _cut(error, MAX_RECORDED_MESSAGE)
    if duration_ms is not None:
        record["durationMs"] = round(duration_ms, 1)
    return record


def _evidence_line(item: Mapping[str, Any], secrets: set[str]) -> dict[str, Any]:
    argument = str(item.get("argument", ""))
    pointer = "/" + escape_token(argument) + str(item.get("path") or "")
    secret = any(pointer == hidden or pointer.startswith(hidden + "/") for hidden in secrets)
    line: dict[str, Any] = {"argument": argument}
    if item.get("path"):
        line["path"] = item["path"]
    line["field"] = item.get("field")
    line["spans"] = [list(span) for span in item.get("spans") or ()]
    line["quotes"] = [REDACTED] * len(item.get("quotes") or ()) if secret else [
        _cut(str(quote), MAX_RECORDED_TEXT) for quote in item.get("quotes") or ()]
    if item.get("inferred"):
        line["inferred"] = True
        line["basis"] = None if secret else item.get("basis")
    return line


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


__all__ = [
    "REDACTED",
    "AuditSink",
    "CallOutcome",
    "LoggedAudit",
    "call_record",
    "is_secret_schema",
    "masked",
    "secret_pointers",
]
