"""The human-readable rendering of an IntentResult for ``intent-mcp parse --format text``.

It shows what a person checks first: the status, each intent with its constraints, each field
with its value and where the value came from, the questions still to ask, and any issues. The
JSON output stays the contract; this text is for reading and may change between releases.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["render_error_text", "render_text"]


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _intent_lines(intent: Mapping[str, Any], depth: int) -> list[str]:
    pad = "  " * depth
    head = f"{pad}- {intent['id']}: {intent['goal']}"
    notes = []
    if intent.get("domain"):
        notes.append(f"domain {intent['domain']}")
    if intent.get("understanding") == "ambiguous":
        notes.append("ambiguous")
    if notes:
        head += f"  ({', '.join(notes)})"
    lines = [head]
    for name, value in (intent.get("inputs") or {}).items():
        lines.append(f"{pad}    {name} = {_value(value)}")
    for constraint in intent.get("constraints") or ():
        lines.append(f"{pad}    {constraint['kind']}: {constraint['text']}")
    for reference in intent.get("references") or ():
        lines.append(f"{pad}    reference {reference['text']!r} -> {reference.get('refersTo') or 'unknown'}")
    for child in intent.get("children") or ():
        lines.extend(_intent_lines(child, depth + 2))
    return lines


def _evidence(field: str, status: str, inferences: Sequence[Mapping[str, Any]]) -> str:
    """Where a field's value came from, as a short phrase led by its status."""
    for inference in inferences:
        if inference["target"].get("field") == field:
            basis = inference["basis"]
            return f"inferred from {_value(inference['evidence'])} and {basis['root']} {_value(basis['value'])}"
    return {"found": "found in the input", "invalid": "invalid for the field's schema"}.get(status, status)


def render_text(result: Mapping[str, Any]) -> str:
    """The result as a few labelled sections of plain text (no trailing newline)."""
    effective = result["effective"]
    lines = [f"status: {result['status']}  (turn: {result['turn']['kind']})"]
    intents = effective.get("intents") or []
    lines.append("intents:" if intents else "intents: none")
    for intent in intents:
        lines.extend(_intent_lines(intent, 1))
    for constraint in effective.get("constraints") or ():
        lines.append(f"  whole request, {constraint['kind']}: {constraint['text']}")
    for relation in effective.get("relations") or ():
        lines.append(f"  {relation['kind']}: {relation['from']} -> {relation['to']}")
    fields = result.get("fieldResults") or []
    if fields:
        lines.append("fields:")
        inferences = result.get("inferences") or []
        for field in fields:
            name, status = field["field"], field["status"]
            if "value" in field:
                shown = _value(field["value"])
            elif field.get("candidates"):
                shown = "one of " + ", ".join(_value(candidate) for candidate in field["candidates"])
            else:
                shown = "-"
            lines.append(f"  {name} = {shown}  [{_evidence(name, status, inferences)}]")
    unresolved = effective.get("unresolved") or []
    if unresolved:
        lines.append("ask:")
        lines.extend(f"  - {item['question']}" for item in unresolved)
    issues = result.get("issues") or []
    if issues:
        lines.append("issues:")
        lines.extend(f"  - {issue['code']} ({issue['severity']}) at {issue['path'] or '/'}: {issue['message']}"
                     for issue in issues)
    return "\n".join(lines)


def render_error_text(error: Mapping[str, Any]) -> str:
    """One line naming the code, where it happened and what went wrong."""
    where = f" at {error['path']}" if error.get("path") else ""
    retry = " (retryable)" if error.get("retryable") else ""
    return f"error {error['code']}{where}: {error['message']}{retry}"
