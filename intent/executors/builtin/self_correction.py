"""Corrections inside one turn: "Set the budget to $250, no wait, make it $300".

People fix what they are saying while they say it. A correction marker ("no wait", "I mean",
"sorry,", "actually", "scratch that", "oops") after a request of the same turn starts words that
replace part of that request, a new request that replaces it, or nothing at all (the request is
taken back: "Cancel my 3pm, actually never mind").

``cut_corrections`` finds the markers in a sentence's tokens; the reader tags the first unit read
after each marker. ``fold_corrections`` then turns each tagged unit into a ``correction`` of the
request it follows (new words for its target, a new action, new field values) or a ``retraction``
of it; the candidate carries them as an update or a removal that names the request by its key,
so the result records the correction with the replaced and the replacing words as evidence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.executors.builtin.tokens import Token
from intent.executors.builtin.units import Unit, clause_span

__all__ = ["MARKER", "correction_update", "cut_corrections", "fold_corrections", "retraction_removal"]

MARKER = "correction marker"  # Unit.extra key: (start, end) of the marker before the unit's words

_PAUSES = frozenset({",", "-", "—", "–", "…", "...", ";"})
# Markers that correct whatever follows them; checked longest first.
_MARKERS: tuple[tuple[str, ...], ...] = tuple(
    sorted(
        (
            tuple(m.split())
            for m in (
                "no wait|wait no|no no|no sorry|sorry no|i mean|i meant|or rather|rather|scratch that|strike that|"
                "correction|oops|whoops|sorry|actually no|actually|no make that|make that|wait|no|err|erm|uh|um"
            ).split("|")
        ),
        key=len,
        reverse=True,
    )
)
_FIRST_WORDS = frozenset(words[0] for words in _MARKERS)
# Single-word markers that only correct when a pause or the correction follows them, not "sorry for ...".
_NEEDS_PAUSE = frozenset({"wait", "no", "sorry", "oops", "whoops", "rather", "correction", "err", "erm", "uh", "um"})
_RETRACTIONS = frozenset(
    {
        "", "never mind", "nevermind", "don't bother", "dont bother", "do not bother", "forget it", "forget that",
        "keep it", "leave it", "no keep it", "cancel that", "scratch that", "skip it", "skip that", "ignore that",
        "don't", "do not", "not that", "forget about it", "never mind that", "no need",
    }
)  # fmt: skip
_DROP_WORDS = frozenset({"forget", "drop", "skip", "remove", "not", "without", "minus", "ignore"})
_ONLY_WORDS = frozenset({"only", "just"})
_RESTATE = (("make", "it"), ("make", "that"), ("change", "it", "to"), ("change", "that", "to"), ("let's", "say"),
            ("let's", "do"), ("make", "it", "for"), ("i", "mean"), ("i", "meant"))  # fmt: skip
_POINTING = frozenset({"it", "that", "this", "them", "one"})
_SPEAKERS = frozenset("i i'm i'd i'll i've we we're we'd we'll you you're it's that's there's".split())


def _marker_at(tokens: list[Token], index: int) -> int:
    """Number of tokens of a correction marker (with the pauses in it) starting at ``index``, or 0."""
    if tokens[index].low not in _FIRST_WORDS:
        return 0
    end = index
    while end < len(tokens):
        found = 0
        for words in _MARKERS:
            if all(end + k < len(tokens) and tokens[end + k].low == w for k, w in enumerate(words)):
                found = len(words)
                break
        if not found:
            break
        after = tokens[end + found] if end + found < len(tokens) else None
        if found == 1 and tokens[end].low in _NEEDS_PAUSE and after is not None and after.low not in _PAUSES:
            if not (tokens[end].low in ("no", "wait", "sorry") and after.low in ("make", "i")):
                break
        end += found
        while end < len(tokens) and tokens[end].low in _PAUSES:
            end += 1
    return end - index


def cut_corrections(tokens: list[Token], *, earlier: bool) -> list[tuple[list[Token], list[Token]]]:
    """The sentence cut at its correction markers: (words, the marker before them or []).

    A marker counts after a pause, once some words came before it in the sentence, or at the
    sentence's start when ``earlier`` says the turn already holds a request.
    """
    out: list[tuple[list[Token], list[Token]]] = []
    start = 0
    marker: list[Token] = []
    index = 0
    while index < len(tokens):
        if tokens[index].low not in _FIRST_WORDS:  # most words start no marker
            index += 1
            continue
        at_start = index == 0 and earlier
        after_pause = index > 0 and tokens[index - 1].low in _PAUSES and index - 1 > start
        length = _marker_at(tokens, index) if at_start or after_pause else 0
        if length:
            words = tokens[start : index - 1] if after_pause else []
            if words or marker:
                out.append((words, marker))
            marker = tokens[index : index + length]
            index += length
            start = index
            continue
        index += 1
    if start < len(tokens) or marker:
        out.append((tokens[start:], marker))
    return out


def fold_corrections(units: list[Unit], text: str) -> None:
    """Make each unit tagged with a marker a correction or retraction of the request before it."""
    for position, unit in enumerate(units):
        span = unit.extra.get(MARKER)
        if span is None:
            continue
        corrected = next((u for u in reversed(units[:position]) if u.role in ("intent", "update?")), None)
        if corrected is None:
            continue
        if corrected.role == "update?":  # "Make it 5 people, no wait, 6": the later words update the baseline
            if " ".join(t.low for t in _words(unit)) in _RETRACTIONS:  # "..., actually never mind"
                corrected.role = unit.role = "other"
            elif unit.role in ("fragment", "intent", "update?", "other") and _words(unit):
                corrected.role, unit.role = "other", "update?"
                unit.extra["points back"] = True
                unit.clause.flags.add("correction")
            continue
        _fold(unit, corrected, units[:position], text, span)


def _words(unit: Unit) -> list[Token]:
    tokens = unit.clause.tokens[unit.clause.body :] if unit.clause.kind != "social" else []
    while tokens and not tokens[-1].is_word:
        tokens = tokens[:-1]
    while tokens and not tokens[0].is_word:
        tokens = tokens[1:]
    return tokens


def _fold(unit: Unit, corrected: Unit, before: list[Unit], text: str, marker: tuple[int, int]) -> None:
    lows = [t.low for t in unit.clause.tokens]
    if "also" in unit.clause.flags or "also" in lows or "too" in lows or "as well" in " ".join(lows):
        return  # "Actually, also book a hotel", "Oh wait, send the receipt too" add a request
    words = _words(unit)
    if words and words[0].low in _SPEAKERS:
        return  # "Sorry, I'm starving", "Actually, I need a new ID card": the speaker goes on
    said = " ".join(t.low for t in words)
    unit.extra["of"] = corrected
    unit.extra["evidence"] = (marker[0], words[-1].end if words else marker[1])
    if said in _RETRACTIONS or (said.startswith(("never mind", "don't ", "do not ")) and unit.role != "intent"):
        unit.role = "retraction"
        return
    if words and words[0].low in _DROP_WORDS and len(words) > 1:
        dropped = _drop(words[1:], corrected, before, text)
        if dropped is not None:
            unit.role, unit.extra["of"], unit.extra["target"] = dropped
            return
    if words and words[0].low in _ONLY_WORDS and len(words) > 1:
        unit.role, unit.extra["target"] = "correction", (words[1].start, words[-1].end)
        return
    for opening in _RESTATE:
        if len(words) > len(opening) and all(words[k].low == w for k, w in enumerate(opening)):
            rest = words[len(opening) :]
            unit.role, unit.extra["target"] = "correction", (rest[0].start, rest[-1].end)
            return
    phrase = unit.phrase
    if unit.role == "intent" and phrase is not None and (phrase.target is not None or len(words) > 1):
        unit.role = "correction"
        if phrase.verb != (corrected.phrase.verb if corrected.phrase else None):
            unit.extra["action"] = phrase.action
        target = phrase.target
        if target is not None:
            inside = [t for t in words if target[0] <= t.start and t.end <= target[1]]
            if inside and inside[0].low in _POINTING:
                inside = inside[1:]  # "send it to Beth": "it" is the request's own object
            unit.extra["target"] = (inside[0].start, inside[-1].end) if inside else None
        return
    if words:
        unit.role, unit.extra["target"] = "correction", (words[0].start, words[-1].end)


def _drop(
    words: list[Token], corrected: Unit, before: list[Unit], text: str
) -> tuple[str, Unit, tuple[int, int] | None] | None:
    """ "forget the pizza": the request whose object it is goes; a part of a joined object leaves the rest."""
    named = text[words[0].start : words[-1].end].lower()
    bare = named.split(" ", 1)[1] if named.split(" ", 1)[0] in ("the", "a", "an", "my") and " " in named else named
    for unit in reversed(before):
        target = unit.phrase.target if unit.role == "intent" and unit.phrase is not None else None
        if target is None:
            continue
        said = text[target[0] : target[1]].lower()
        if said in (named, bare) or (said.endswith(" " + bare) and " and " not in said):
            return "retraction", unit, None
        for joined in (f" and {named}", f" and {bare}"):
            at = said.find(joined)
            if at > 0:
                return "correction", unit, (target[0], target[0] + at)
    return None


def _evidence(unit: Unit, text: str) -> str:
    """The correction as written, from its marker to its last word."""
    start, end = unit.extra.get("evidence") or clause_span(unit.clause)
    return text[start:end]


def correction_update(unit: Unit, text: str) -> dict[str, Any]:
    """The candidate update a correction makes of the request it corrects (named by its key)."""
    corrected: Unit = unit.extra["of"]
    assert corrected.key is not None
    fields = unit.owner.fields if unit.owner is not None else []
    target: tuple[int, int] | None = unit.extra.get("target")
    if target is not None and any(_overlaps(text[target[0] : target[1]], item) for item in fields):
        target = None  # a field value: the result rewrites the parts that quoted the old one
    action: tuple[int, int] | None = unit.extra.get("action")
    return {
        "id": corrected.key,
        "evidence": _evidence(unit, text),
        "action": text[action[0] : action[1]] if action else None,
        "target": text[target[0] : target[1]] if target else None,
        "fields": fields,
    }


def retraction_removal(unit: Unit, text: str) -> dict[str, Any]:
    """The candidate removal of a request taken back in the turn that made it."""
    corrected: Unit = unit.extra["of"]
    assert corrected.key is not None
    return {"kind": "intent", "id": corrected.key, "evidence": _evidence(unit, text)}


def _overlaps(words: str, item: Mapping[str, Any]) -> bool:
    quote = item.get("evidence")
    if item.get("source") != "input" or not isinstance(quote, str) or not quote:
        return False
    return quote.lower() in words.lower() or words.lower() in quote.lower()
