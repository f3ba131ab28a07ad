"""Helpers for tests of which inputs the built-in recognizer takes as requests: one `when` field read
through `Intent.parse`, and the (action, target) pairs the recognizer gives."""

from __future__ import annotations

from typing import Any

from intent import Intent, IntentConfig
from intent.executors.builtin import recognize

REFERENCE = "2026-12-02T10:00:00Z"  # a Wednesday

__all__ = ["REFERENCE", "action_and_target", "parse_when", "when"]


async def parse_when(text: str, field_format: str) -> dict[str, Any]:
    """The result of ``text`` for an Intent whose only field is ``when`` of ``field_format``."""
    schema = {"type": "object", "properties": {"when": {"type": "string", "format": field_format}}}
    async with Intent(IntentConfig(schema=schema)) as intent:
        return (await intent.parse({"input": text, "referenceTime": REFERENCE})).to_dict()


def when(result: dict[str, Any]) -> object:
    return next(f.get("value") for f in result["fieldResults"] if f["field"] == "when")


def action_and_target(text: str) -> list[tuple[str, str | None]]:
    """Each intent's (action, target) as the recognizer reads ``text``."""
    task: dict[str, Any] = {"text": text, "referenceTime": REFERENCE, "context": {}, "baseline": None, "fields": {},
            "domains": None}  # fmt: skip
    return [(i["action"], i["target"]) for i in recognize(task)["intents"]]
