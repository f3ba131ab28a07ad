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
from itertools import pairwise
from typing import Final, Literal

from intent.compiled_regex import compiled

__all__ = ["FUTURE", "NEUTRAL", "PAST", "Tense", "tense_at"]

Tense = Literal["past", "future", "neutral"]
PAST: Final = "past"
FUTURE: Final = "future"
NEUTRAL: Final = "neutral"  # no cue, or cues of both kinds

_CLAUSE_END = compiled(r"[.!?;:\n]\s|[;\n]|\bbut\b", re.IGNORECASE)
_REACH = 160  # characters read on each side of the phrase: a clause, not a page
_WORD = compiled(r"[a-z]+(?:'[a-z]+)?")
# Word sets, not one large pattern: a long input holds many phrases, each with its own clause.
_PAST = frozenset(
    "did didn't had hadn't ago yesterday met went saw came spent happened occurred arrived visited missed "
    "received ate slept woke started began finished ended watched played worked attended returned landed "
    "departed spoke talked celebrated".split()
)
_BE_PAST = frozenset("was were wasn't weren't".split())
# "was moved to Monday", "were booked for Friday": arranged in the past, still to come
_ARRANGED = frozenset(
    "moved rescheduled postponed pushed changed set scheduled booked planned arranged delayed bumped brought put "
    "going supposed meant due".split()
)
_FUTURE = frozenset("will won't shall gonna let's lets please upcoming due".split())
_FUTURE_PAIRS = frozenset({
    ("going", "to"), ("can", "you"), ("can", "we"), ("can", "i"), ("could", "you"), ("could", "we"),
    ("could", "i"), ("would", "you"), ("would", "like"), ("remind", "me"), ("i'd", "like"), ("we'd", "like"),
    *((who, verb) for who in ("i", "we") for verb in ("need", "want", "plan", "hope", "intend", "expect")),
})
# An instruction opening the clause: "Book a table for Monday", "Schedule it Friday".
_INSTRUCTIONS = frozenset(
    "book schedule reschedule remind set add create move plan reserve arrange put do change switch update push "
    "postpone send meet order cancel make organise organize invite notify ping text email call ring pay renew "
    "deliver ship find get show list check start open block hold save submit".split()
)


def _clause(text: str, start: int, end: int) -> str:
    """The phrase's clause: from the last clause end before it to the next one after it."""
    head = max(0, start - _REACH)
    for match in _CLAUSE_END.finditer(text, head, start):
        head = match.end()
    tail_match = _CLAUSE_END.search(text, end, min(len(text), end + _REACH))
    tail = tail_match.start() if tail_match else min(len(text), end + _REACH)
    return text[head:tail]


def _looks_back(words: list[str]) -> bool:
    for index, word in enumerate(words):
        if word in _PAST and (index == 0 or words[index - 1] != "be"):  # "must be finished by friday": to come
            return True
        following = words[index + 1 : index + 3]
        if word in _BE_PAST:
            if following[:1] in (["just"], ["then"], ["later"]):
                following = following[1:]
            if not (following and following[0] in _ARRANGED) and following[:1] != ["wondering"]:
                return True  # "i was wondering what time the bank opens on saturday" asks politely
        if word == "last" and following[:1] in (["time"], ["night"]):
            return True
    return False


def _looks_ahead(words: list[str]) -> bool:
    if words[:1] == ["please"]:
        return True
    if words and words[0] in _INSTRUCTIONS:
        return True
    if any(w in _FUTURE or w.endswith("'ll") for w in words):
        return True
    return any(pair in _FUTURE_PAIRS for pair in pairwise(words))


def tense_at(text: str, start: int, end: int) -> Tense:
    """``PAST``, ``FUTURE`` or ``NEUTRAL`` (no cue, or both kinds) for the phrase ``text[start:end]``.

    The phrase's own words count too: a quote may hold the cue itself ("met her on Monday").
    """
    words = _WORD.findall(_clause(text, start, end).lower().replace("\u2019", "'"))
    past, future = _looks_back(words), _looks_ahead(words)
    if past == future:
        return NEUTRAL
    return PAST if past else FUTURE
