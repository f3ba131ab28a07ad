"""The clause and the word tests that clause splitting and clause kinds share."""

from __future__ import annotations

from dataclasses import dataclass, field

from intent.executors.builtin.lexicon import (
    AMBIGUOUS_VERBS,
    CONSTRAINT_STARTERS,
    DETERMINERS,
    FRAMES,
    PARTICLES,
    PERSON_WORDS,
    PHRASAL,
    SUBJECT_PRONOUNS,
    VERBS,
    WH_WORDS,
)
from intent.executors.builtin.tokens import Token

__all__ = ["OBJECT_STARTS", "Clause", "constraint_at", "frame_at", "is_verb_start", "match_at"]

OBJECT_STARTS = DETERMINERS | {"me", "us", "it", "them", "him", "her", "up", "down", "on", "off", "out"}
# Words that head a phrase but never a request ("For 3 people", "December 15", "About 20").
_NOT_VERBS = frozenset(
    """for to at on in by with from of about around after before under over between into per via until
    january february march april may june july august september october november december jan feb mar apr
    jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday today tomorrow
    tonight only just exactly approximately roughly maybe perhaps number no yes step part item point""".split()
)
_NOT_A_RULE_AFTER_NO = frozenset("problem thanks worries need thank wait sorry actually i i'm it's that".split())


@dataclass
class Clause:
    """A run of tokens that says one thing; ``body`` indexes the first token after openings."""

    tokens: list[Token]
    sentence: int
    link: str | None = None  # "then" when a sequence word joined it to what came before, "but", "and"
    question: bool = False
    kind: str = "fragment"  # intent | constraint | fragment | social | reason
    constraint_kind: str | None = None
    body: int = 0
    marker: str | None = None  # "after" / "before" / "once" for a subordinate request
    noun_frame: tuple[int, int] | None = None  # token range of "I'd like" when it carries the action
    extra_body: int | None = None  # where a preference opening stands when the clause is also a request
    flags: set[str] = field(default_factory=set)


def match_at(tokens: list[Token], index: int, words: tuple[str, ...]) -> bool:
    end = index + len(words)
    if end > len(tokens) or tokens[index].low != words[0]:
        return False
    return all(tokens[index + offset].low == words[offset] for offset in range(1, len(words)))


def _by_first_word(entries: list[tuple[tuple[str, ...], str]]) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for words, kind in entries:  # entries are longest first, and stay so per first word
        index.setdefault(words[0], []).append((words, kind))
    return index


_STARTERS_BY_WORD = _by_first_word(list(CONSTRAINT_STARTERS))
_FRAMES_BY_WORD = _by_first_word([(frame, "") for frame in FRAMES])


def constraint_at(tokens: list[Token], index: int) -> tuple[int, str] | None:
    """The constraint opening at ``index``: (number of tokens, kind), or None."""
    if index >= len(tokens):
        return None
    for words, kind in _STARTERS_BY_WORD.get(tokens[index].low, ()):
        if match_at(tokens, index, words):
            after = tokens[index + len(words)] if index + len(words) < len(tokens) else None
            first = words[0]
            if first in ("no", "not") and len(words) == 1:
                if after is None or not after.is_word or after.low in _NOT_A_RULE_AFTER_NO:
                    continue
            if first == "never" and after is not None and after.low == "mind":
                continue
            if first == "keep" and after is not None and after.low in ("going", "trying", "looking"):
                continue
            return len(words), kind
    return None


def frame_at(tokens: list[Token], index: int) -> int:
    if index >= len(tokens):
        return 0
    for frame, _ in _FRAMES_BY_WORD.get(tokens[index].low, ()):
        if match_at(tokens, index, frame):
            return len(frame)
    return 0


def is_verb_start(tokens: list[Token], index: int, *, strict: bool) -> bool:
    """Does a verb phrase start at ``index``? ``strict`` after "and"/commas, where nouns abound."""
    word = tokens[index].low
    following = tokens[index + 1].low if index + 1 < len(tokens) else None
    if word in VERBS:
        if following is None:
            return not strict or word not in AMBIGUOUS_VERBS
        if following in (",", "and", "or", "&", "-"):
            return False
        if strict and word in AMBIGUOUS_VERBS:
            return (
                following in OBJECT_STARTS
                or following in PHRASAL.get(word, ())
                or following[:1].isdigit()
                or tokens[index + 1].text[:1].isupper()  # "and call Ben"
                or following in PERSON_WORDS  # "and call mom"
            )
        return True
    if not tokens[index].is_word or word in DETERMINERS or word in SUBJECT_PRONOUNS or word in WH_WORDS:
        return False
    if strict and tokens[index].text[:1].isupper():
        return False  # a name inside a sentence, not a verb
    if strict:  # an unknown word inside a list ("honey on the list") is a noun unless an object follows
        return following is not None and (following in DETERMINERS or following in PHRASAL.get(word, ()))
    if following is None or word in _NOT_VERBS:
        return False
    return following in DETERMINERS or following in PARTICLES or following[:1].isdigit() or following[:1] in "$€£#"
