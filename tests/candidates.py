"""Builders for candidate JSON in tests: every key the output schema requires, with overrides."""

from __future__ import annotations

from typing import Any

import orjson


def field(name: str, value: Any, evidence: str, *, source: str = "input", pointer: str | None = None,
          candidates: list[Any] | None = None) -> dict[str, Any]:
    return {"field": name, "value": value, "evidence": evidence, "source": source, "pointer": pointer,
            "candidates": candidates}


def intent(key: str, evidence: str, action: str, target: str | None = None, **extra: Any) -> dict[str, Any]:
    item: dict[str, Any] = {"key": key, "evidence": evidence, "action": action, "target": target, "domain": None,
                            "understanding": "clear", "readings": [], "references": [], "fields": []}
    item.update(extra)
    return item


def constraint(kind: str, text: str, applies_to: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "text": text, "appliesTo": applies_to}


def update(ident: str, evidence: str, *, fields: list[dict[str, Any]] | None = None, action: str | None = None,
           target: str | None = None) -> dict[str, Any]:
    return {"id": ident, "evidence": evidence, "action": action, "target": target, "fields": fields or []}


def candidate(*, turn: str = "request", intents: list[dict[str, Any]] | None = None,
              constraints: list[dict[str, Any]] | None = None, relations: list[dict[str, Any]] | None = None,
              updates: list[dict[str, Any]] | None = None, removals: list[dict[str, Any]] | None = None) -> str:
    return orjson.dumps({"turnKind": turn, "intents": intents or [], "constraints": constraints or [],
                         "relations": relations or [], "updates": updates or [], "removals": removals or []}).decode()


SEED_CANDIDATE = candidate(
    intents=[intent("i1", "Look up order 000123", "Look up", "order 000123")],
    constraints=[constraint("prohibition", "Do not cancel the order", "i1")],
)
