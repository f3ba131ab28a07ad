"""An intent clause -> its action (verb phrase) and target (object phrase), quoted from the input."""

from __future__ import annotations

from dataclasses import dataclass, field

from intent.executors.builtin.clauses import Clause
from intent.executors.builtin.lexicon import CUT_WORDS, PHRASAL, VERBS, WH_WORDS
from intent.executors.builtin.tokens import Token

__all__ = ["Phrase", "Span", "object_end", "parse_intent"]

Span = tuple[int, int]  # character offsets into the input

_AUX = frozenset("is are was were will would can could do does did should has have am shall may might".split())
_LEADING_PREPOSITIONS = frozenset("to into onto of from for about with on at in".split())
_TIME_PREPOSITIONS = frozenset("on for at by from until till before after around this next to".split())
_REFERENCE_WORDS = {"it", "them"}
_PRONOUN_FOLLOWERS = frozenset(
    {"", ",", ".", "to", "for", "with", "from", "in", "on", "at", "and", "by", "instead", "too"}
)
_AFTER_PARTICLE = frozenset(
    "for to with at in by from before after when if and then please now tonight today tomorrow , . ! ?".split()
)
_POSSESSIVES = frozenset("my our your the his her their this that".split())
_OBJECT_PRONOUNS = frozenset({"me", "us", "it", "them", "him", "her", "this", "that"})


@dataclass
class Phrase:
    """Where the request's parts stand in the input."""

    evidence: Span
    action: Span
    target: Span | None
    verb: str  # lower-case head verb, for lookups
    references: list[Span]
    alternatives: list[str] = field(default_factory=list)  # readings when the verb is "A or B"


def _particles(verb: str) -> frozenset[str]:
    """The particles ``verb`` takes, looking through -ing and -ed forms ("turning off", "backed up")."""
    found = PHRASAL.get(verb)
    if found is not None:
        return found
    for suffix in ("ing", "ed"):
        if verb.endswith(suffix) and len(verb) > len(suffix) + 2:
            stem = verb[: -len(suffix)]
            for guess in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem):
                if guess in PHRASAL:
                    return PHRASAL[guess]
    return frozenset()


def _strip_end(tokens: list[Token], start: int, end: int) -> int:
    """Drop trailing punctuation and fillers ("for me", "right now", "too") from ``tokens[start:end]``."""
    while end > start:
        low = tokens[end - 1].low
        if not tokens[end - 1].is_word:
            end -= 1
        elif low in ("now", "too", "again", "instead", "asap") and end - 1 > start:
            end -= 1
        elif low == "me" and end - 2 > start and tokens[end - 2].low == "for":
            end -= 2
        elif low == "away" and end - 2 > start and tokens[end - 2].low == "right":
            end -= 2
        elif low == "well" and end - 2 > start and tokens[end - 2].low == "as":
            end -= 2
        else:
            break
    return end


def _cut(tokens: list[Token], start: int, end: int, temporal: list[Span]) -> int:
    """Where the object phrase ends: before time words, politeness, or a comma outside a list."""
    words_after = [t.low for t in tokens[start:end]]
    owned = -1  # the end of a time owned by a possessive ("my ten thirty appointment"): part of the object
    for index in range(start, end):
        token = tokens[index]
        low = token.low
        if token.start < owned:
            continue
        if low in CUT_WORDS or (low == "as" and index + 2 < end and tokens[index + 1].low == "soon"):
            return index
        if low == "right" and index + 1 < end and tokens[index + 1].low in ("now", "away"):
            return index
        if low == "," and not any(w in ("and", "or") for w in words_after[index - start :]):
            return index
        inside_noun_phrase = (
            index > start
            and tokens[index - 1].low in _POSSESSIVES
            # "cancel my 3pm", "move my 11am to ...": a time owned by someone names a meeting
            and (index + 1 >= end or tokens[index + 1].is_word or tokens[index - 1].low not in ("the", "this", "that"))
        )
        if inside_noun_phrase:
            owned = next((e for s, e in temporal if s <= token.start < e), -1)
        elif any(s <= token.start < e for s, e in temporal):
            if index > start and tokens[index - 1].low in _TIME_PREPOSITIONS and index - 1 >= start:
                back = index - 1
                if back > start and tokens[back - 1].low in ("from",):
                    back -= 1
                return back
            return index
    return end


def object_end(tokens: list[Token], start: int, end: int, temporal: list[Span]) -> int:
    """Where the object phrase starting at ``start`` ends: before time words, politeness, fillers."""
    object_end = _strip_end(tokens, start, _cut(tokens, start, end, temporal))
    while object_end > start and tokens[object_end - 1].low in ("and", "or", "with", "to", "for", "the", "a"):
        object_end -= 1
    return object_end


def _references(tokens: list[Token], start: int, end: int) -> list[Span]:
    out: list[Span] = []
    index = start
    while index < end:
        low = tokens[index].low
        following = tokens[index + 1].low if index + 1 < end else ""
        if low in ("that", "this", "the") and following in ("one", "ones", "same"):
            out.append((tokens[index].start, tokens[index + 1].end))
            index += 2
            continue
        demonstrative = low in ("that", "this", "those", "these") and following in _PRONOUN_FOLLOWERS
        # "book him", "wish her happy birthday": "her" right after the verb is a person, not "her car"
        person = low == "him" or (low == "her" and (index == start or following in _PRONOUN_FOLLOWERS))
        if low in _REFERENCE_WORDS or demonstrative or person:
            out.append((tokens[index].start, tokens[index].end))
        index += 1
    return out


def parse_intent(clause: Clause, temporal: list[Span]) -> Phrase | None:
    """Read the action and target of an intent clause; None when no verb phrase is there."""
    tokens = clause.tokens
    end = _strip_end(tokens, clause.body, len(tokens))
    if clause.body >= end:
        return None
    evidence = (tokens[clause.body].start, tokens[end - 1].end)
    if clause.noun_frame is not None:
        first, last = clause.noun_frame
        action_end = last
        verb = tokens[last - 1].low
    elif "question" in clause.flags:
        first = clause.body
        action_end = first + 1
        if tokens[first].low in WH_WORDS and not tokens[first].low.endswith("'s"):
            # "What is", "When will", "How much is": the question words up to the first auxiliary
            probe = first + 1
            while probe < min(end, first + 4) and tokens[probe].low not in _AUX:
                probe += 1
            if probe < end and tokens[probe].low in _AUX:
                action_end = probe + 1
        elif (
            tokens[first].low in _AUX
            and first + 2 < end
            and tokens[first + 1].low in ("you", "i", "we", "they")
            and tokens[first + 2].is_word
        ):
            action_end = first + 3  # "Do you have", "Did they ship"
        elif (
            tokens[first].low in ("did", "does", "has")
            and first + 2 < end
            and tokens[first + 1].is_word
            and tokens[first + 1].low not in _POSSESSIVES
            and (tokens[first].low != "has" or tokens[first + 2].low.endswith("ed"))
            and tokens[first + 2].is_word
            and tokens[first + 2].text[:1].islower()  # "Does Joe's Pizza take": a name of two words
        ):
            action_end = first + 3  # "Did mike send", "Has derek logged": a named subject as "you" above
        elif tokens[first].low in _AUX and first + 2 < end and tokens[first + 1].low == "there":
            action_end = first + 2  # "Is there", "Are there": what follows is what is asked about
        verb = tokens[first].low
    else:
        first = clause.body
        verb = tokens[first].low
        action_end = first + 1
        particles = _particles(verb)
        if verb == "let" and action_end + 1 < end and tokens[action_end].low in ("me", "us"):
            action_end += 2  # "let me know": the pronoun and the verb it governs are the action
        elif action_end < end and tokens[action_end].low in particles:
            action_end += 1
        elif (
            action_end + 1 < end
            and tokens[action_end].low in _OBJECT_PRONOUNS
            and tokens[action_end + 1].low in particles
            and (action_end + 2 >= end or tokens[action_end + 2].low in _AFTER_PARTICLE)
        ):
            # "Sign me up for", "send it back to": the pronoun sits inside the verb phrase; in
            # "Put me on the plan" the particle is a preposition with its own object.
            action_end += 2
    alternative: Token | None = None
    if (
        clause.noun_frame is None
        and "question" not in clause.flags
        and action_end + 1 < end
        and tokens[action_end].low == "or"
        and tokens[action_end + 1].low in VERBS
    ):
        alternative = tokens[action_end + 1]  # "Refund or replace": two readings of one request
        action_end += 2
    action = (tokens[first].start, tokens[action_end - 1].end)
    target_start = action_end
    def followed_by_word(index: int) -> bool:
        return index + 1 < end and tokens[index + 1].is_word

    if target_start < end and tokens[target_start].low in ("me", "us", "myself") and followed_by_word(target_start):
        target_start += 1
    while target_start < end and tokens[target_start].low in _LEADING_PREPOSITIONS and followed_by_word(target_start):
        if tokens[target_start].low in ("on", "in", "at") and "question" not in clause.flags:
            break
        target_start += 1
    target_end = object_end(tokens, target_start, end, temporal)
    target = (tokens[target_start].start, tokens[target_end - 1].end) if target_end > target_start else None
    refs = _references(tokens, first + 1, end)  # "Turn it off": the pronoun may sit inside the action
    readings: list[str] = []
    if alternative is not None:
        tail = f" {_quote(tokens, target_start, target_end)}" if target_end > target_start else ""
        readings = [f"{tokens[first].text}{tail}", f"{alternative.text}{tail}"]
    return Phrase(evidence, action, target, verb, refs, readings)


def _quote(tokens: list[Token], start: int, end: int) -> str:
    """The words of ``tokens[start:end]`` joined by single spaces (a reading, not a quote)."""
    return " ".join(t.text for t in tokens[start:end]).replace(" ,", ",")
