"""What the recognizer knows about one request while it reads it: the text, the turn's baseline, the fields."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from intent.executors.builtin.fields import FieldSpec
from intent.executors.builtin.followup import baseline_constraints, baseline_intents
from intent.executors.builtin.units import Unit
from intent.executors.builtin.wrappers import unwrap
from intent.normalize import Mention
from intent.rfc3339 import parse_date_time

__all__ = ["Recognition"]

_MAX_TEXT = 20_000  # longer inputs are read up to here: recognition stays bounded


def _parse_reference_time(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        return parse_date_time(value)
    except ValueError:
        return None


def _specs(fields: Any) -> list[FieldSpec]:
    if not isinstance(fields, Mapping):
        return []
    out: list[FieldSpec] = []
    for name, spec in fields.items():
        schema = spec.get("schema") if isinstance(spec, Mapping) else None
        out.append(FieldSpec(str(name), schema if isinstance(schema, Mapping) else {}, bool(
            isinstance(spec, Mapping) and spec.get("required"))))
    return out


@dataclass
class Recognition:
    """The model task's input as the recognizer's stages read it, and the units they make of it."""

    text: str
    reference_time: datetime | None
    baseline: Mapping[str, Any] | None
    base_intents: list[Mapping[str, Any]]
    base_constraints: list[Mapping[str, Any]]
    unresolved: list[Mapping[str, Any]]
    specs: list[FieldSpec]
    domains: Any
    domain_hints: Mapping[str, Any] | None
    context: Any
    # The text with greetings, emoji, signatures and quoted replies blanked (same offsets): the
    # stages read this and quote ``text``.
    reading: str = ""
    numbered_items: frozenset[int] = frozenset()  # where items 2, 3, ... of a numbered list start
    units: list[Unit] = field(default_factory=list)
    temporal: tuple[list[Mention], list[Mention]] = ([], [])
    # Where times and periods stand, sorted and disjoint (``reading``, ``time_spans``).
    time_spans: list[tuple[int, int]] = field(default_factory=list)
    model: Any = None  # trained from examples (intent.nlu.training.TrainedModel), or None
    trained_cache: dict[str, Any] = field(default_factory=dict)  # text -> the model's domain answer

    @classmethod
    def from_task_input(cls, task_input: Mapping[str, Any]) -> Recognition:
        raw = task_input.get("text")
        baseline = task_input.get("baseline")
        base = baseline if isinstance(baseline, Mapping) else None
        unresolved = base.get("unresolved") if base else None
        hints = task_input.get("domainHints")
        text = raw[:_MAX_TEXT] if isinstance(raw, str) else ""
        unwrapped = unwrap(text)
        return cls(
            text=text,
            reading=unwrapped.text,
            numbered_items=frozenset(unwrapped.numbered_items[1:]),
            reference_time=_parse_reference_time(task_input.get("referenceTime")),
            baseline=base,
            base_intents=baseline_intents(base),
            base_constraints=baseline_constraints(base),
            unresolved=[u for u in unresolved if isinstance(u, Mapping)] if isinstance(unresolved, list) else [],
            specs=_specs(task_input.get("fields")),
            domains=task_input.get("domains"),
            domain_hints=hints if isinstance(hints, Mapping) else None,
            context=task_input.get("context"),
        )
