"""Requests without a verb of their own, read by what they are about: "forecast for Guatemala",
"table for 1 please", "Will there be snow in Abington", "I give 1 point to Summer of the Swans".

When configured domains exist and no clause of a first turn reads as a request, the first clause
with content becomes one if the domain scorer clearly places it in a domain; its first word
stands for the action and the rest for the target, as quoted.
"""

from __future__ import annotations

from intent.executors.builtin.domains import choose_domain
from intent.executors.builtin.phrases import Phrase
from intent.executors.builtin.state import Recognition
from intent.executors.builtin.trained import trained_domain
from intent.executors.builtin.units import clause_span

__all__ = ["promote_domain_request"]

_SKIPPED = frozenset({"please", "so", "hey", "hi", "ok", "okay", "well", "and"})


def promote_domain_request(state: Recognition) -> None:
    if state.baseline is not None or not isinstance(state.domains, list) or not state.domains:
        return
    if any(unit.role in ("intent", "update?", "update", "removal") for unit in state.units):
        return
    for unit in state.units:
        readable = unit.role in ("fragment", "other") and unit.clause.kind in ("fragment", "intent")
        # With a trained model, a lone "When can I see Dead Snow" (read as a condition) is a request too.
        questioned = state.model is not None and unit.role == "constraint" and unit.clause.kind == "constraint"
        if not (readable or questioned):
            continue
        tokens = unit.clause.tokens
        words = [t for t in tokens[unit.clause.body :] if t.is_word and t.low not in _SKIPPED]
        if not words:
            continue
        start, end = clause_span(unit.clause)
        first = words[0]
        action = state.text[first.start : first.end]
        clause_text = state.text[start:end]
        chosen = trained_domain(state, clause_text) or choose_domain(
            clause_text, state.domains, action=action, hints=state.domain_hints)
        if chosen is None:
            continue
        rest = [t for t in tokens if t.start >= first.end and t.is_word]
        target = (rest[0].start, rest[-1].end) if rest else None
        unit.phrase = Phrase(evidence=(first.start, end), action=(first.start, first.end), target=target,
                             verb=first.low, references=[])  # fmt: skip
        unit.role = "intent"
        return
