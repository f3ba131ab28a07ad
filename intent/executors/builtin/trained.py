"""Proposals of a model trained from annotated examples: the request's domain and its field spans.

They go through the same checks as any candidate: spans are quoted from the text, values typed
against the Schema by the core. A field the labeller was trained on is filled from its spans
only (the rules' guess for it is dropped); other fields keep what the rules found.
"""

from __future__ import annotations

from intent.executors.builtin.fields import FieldSpec, Owner
from intent.executors.builtin.state import Recognition
from intent.normalize import FieldKind, field_kind, find_numbers

__all__ = ["trained_domain", "trained_fields"]

_MIN_PROBABILITY = 0.3  # below, the classifier is unsure and the hints decide
_SURE = 0.6  # a clause of a longer text is classified alone from here on


def _domain(state: Recognition, text: str) -> tuple[str | None, float]:
    """The classifier's answer for ``text``, computed once per request and text."""
    found: tuple[str | None, float] | None = state.trained_cache.get(text)
    if found is None:
        found = state.trained_cache[text] = state.model.domain(text)
    return found


def trained_domain(state: Recognition, clause_text: str) -> str | None:
    """The classifier's domain for the request (the whole text when it holds one request)."""
    if state.model is None:
        return None
    requests = sum(1 for unit in state.units if unit.role == "intent")
    if requests > 1:
        # Several requests: each clause by itself when the classifier is sure of it; otherwise the
        # clause is likely a piece of one request ("Any song from 1975 will do.") and the whole text decides.
        name, probability = _domain(state, clause_text)
        if isinstance(name, str) and probability >= _SURE:
            return name
    name, probability = _domain(state, state.text)
    return name if isinstance(name, str) and probability >= _MIN_PROBABILITY else None


def _value(spec: FieldSpec, text: str) -> object | None:
    kind = field_kind(spec.schema)
    if kind is FieldKind.TEXT:
        return text
    if kind in (FieldKind.INTEGER, FieldKind.NUMBER):
        numbers = find_numbers(text)
        if len(numbers) == 1:
            value = numbers[0].value
            return int(value) if kind is FieldKind.INTEGER and float(value).is_integer() else value
    return None


def trained_fields(state: Recognition, owners: list[Owner]) -> None:
    """Replace the rules' values of trained fields with the labeller's spans."""
    model = state.model
    if model is None or not owners:
        return
    trained = set(model.fields)
    specs = {spec.name: spec for spec in state.specs if spec.name in trained}
    if not specs:
        return
    for owner in owners:
        owner.fields[:] = [f for f in owner.fields if f["field"] not in specs or f["source"] != "input"]
    domain = trained_domain(state, state.text) or _domain(state, state.text)[0]
    filled: set[str] = set()
    for start, end, name in model.slots(state.text, domain):
        spec = specs.get(name)
        if spec is None or name in filled:
            continue
        evidence = state.text[start:end]
        value = _value(spec, evidence)
        if value is None:
            continue
        owner = next((o for o in owners if o.holds(start, end)), owners[0])
        owner.fields.append({"field": name, "value": value, "evidence": evidence, "source": "input",
                             "pointer": None, "candidates": None})  # fmt: skip
        filled.add(name)
