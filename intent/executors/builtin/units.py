"""A clause and what it became (a request, an update, a removal, a constraint), with its quotes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from intent.executors.builtin.clauses import Clause
from intent.executors.builtin.fields import Owner
from intent.executors.builtin.phrases import Phrase, Span

__all__ = ["Unit", "clause_span", "constraint_text"]


@dataclass(eq=False)  # units are compared by identity
class Unit:
    """One clause of the input and its role in the candidate.

    ``role`` is intent | update | removal | constraint | fragment | other, or "update?" while a
    follow-up clause waits for its field values to show whether it changes the baseline.
    """

    clause: Clause
    role: str
    phrase: Phrase | None = None
    owner: Owner | None = None
    key: str | None = None  # candidate key (i1) or baseline id for updates
    removal: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def clause_span(clause: Clause) -> Span:
    """Where the clause stands in the input, without its trailing punctuation."""
    tokens = clause.tokens
    last = len(tokens)
    while last > 1 and not tokens[last - 1].is_word:
        last -= 1
    return tokens[0].start, tokens[last - 1].end


def constraint_text(text: str, clause: Clause) -> str:
    """The constraint as written, from its opening word ("Do not cancel the order")."""
    tokens = clause.tokens
    start = clause.body
    if tokens[start].low in ("please", "kindly") and start + 1 < len(tokens):
        start += 1
    end = len(tokens)
    while end > start + 1 and (not tokens[end - 1].is_word or tokens[end - 1].low in ("please", "thanks")):
        end -= 1  # "No peanuts, please": the politeness is not part of the rule
    return text[tokens[start].start : tokens[end - 1].end]
