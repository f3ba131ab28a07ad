"""Which way a sentence looks: whether the clause around a phrase speaks of the past or of what
is to come, for the phrases whose day depends on it.

"Monday" said on a Thursday is the Monday just gone to some readers and the coming one to others;
"I met her on Monday" settles it (past), "book a table for Monday" too (to come). Only clear
words count, and only inside the phrase's clause (a sentence, or the part of it after a colon or
a semicolon): the past forms of "be", "do" and "have", "ago", and past forms of verbs of things
that happen ("met", "went", "spent"); for what is to come, "will", "going to", "let's", requests
("can you", "please", "I need", "I'd like") and an instruction that opens the clause ("book",
"schedule", "remind me"). Verbs of arranging in the past ("booked", "scheduled", "moved") name
something still to come, so they are no cue. When both kinds are there, or neither, there is no
cue and the phrase keeps every reading.
"""

from __future__ import annotations

import re

__all__ = ["FUTURE", "NEUTRAL", "PAST", "tense_at"]

PAST = "past"
FUTURE = "future"
NEUTRAL = "neutral"  # no cue, or cues of both kinds

_CLAUSE_END = re.compile(r"[.!?;:\n]\s|[;\n]|\bbut\b", re.IGNORECASE)
_PAST_WORDS = re.compile(
    r"\b(?:(?:was|were|wasn'?t|weren'?t)(?!\s+(?:(?:just|then|later)\s+)?(?:moved|rescheduled|postponed|pushed|"
    r"changed|set|scheduled|booked|planned|arranged|delayed|bumped|brought|put|going|supposed|meant|due)\b)|"
    r"did|didn'?t|had|hadn'?t|ago|yesterday|"
    r"met|went|saw|came|spent|happened|occurred|arrived|visited|missed|received|ate|slept|woke|started|began|"
    r"finished|ended|watched|played|worked|attended|returned|landed|departed|spoke|talked|celebrated|"
    r"last\s+(?:time|night))\b",
    re.IGNORECASE,
)
_FUTURE_WORDS = re.compile(
    r"\b(?:will|won'?t|shall|gonna|going\s+to|let'?s|please|can\s+(?:you|we|i)|could\s+(?:you|we|i)|"
    r"would\s+(?:you|like)|(?:i|we)\s+(?:need|want|would\s+like|'d\s+like|plan|hope|intend|expect)|"
    r"(?:i|we)'(?:ll|d\s+like)|upcoming|due|remind\s+me)\b|'ll\b",
    re.IGNORECASE,
)
# An instruction at the start of a clause: "Book a table for Monday", "Schedule it Friday".
_INSTRUCTION = re.compile(
    r"^\W*(?:please\s+)?(?:book|schedule|reschedule|remind|set|add|create|move|plan|reserve|arrange|put|do|"
    r"change|switch|update|push|postpone|"
    r"send|meet|order|cancel|make|organi[sz]e|invite|notify|ping|text|email|call|ring|pay|renew|deliver|ship|"
    r"find|get|show|list|check|start|open|block|hold|save|submit)\b",
    re.IGNORECASE,
)


def _clause(text: str, start: int, end: int) -> tuple[str, str]:
    """The words of the phrase's clause before it and after it."""
    head = 0
    for match in _CLAUSE_END.finditer(text, max(0, start - 200), start):
        head = match.end()
    tail_match = _CLAUSE_END.search(text, end, min(len(text), end + 200))
    tail = tail_match.start() if tail_match else min(len(text), end + 200)
    return text[head:start], text[end:tail]


def tense_at(text: str, start: int, end: int) -> str:
    """``PAST``, ``FUTURE`` or ``NEUTRAL`` (no cue, or both kinds) for the phrase ``text[start:end]``."""
    before, after = _clause(text, start, end)
    clause = f"{before}{text[start:end]}{after}"  # a quote may hold the cue itself ("met her on Monday")
    past = _PAST_WORDS.search(clause) is not None
    future = _FUTURE_WORDS.search(clause) is not None or _INSTRUCTION.match(clause) is not None
    if past == future:
        return NEUTRAL
    return PAST if past else FUTURE
