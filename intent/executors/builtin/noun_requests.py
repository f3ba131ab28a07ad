"""Requests without a verb: a noun phrase naming something an assistant handles ("new reminder at
three pm", "alarm for six am", "train tickets to london friday", "weather tomorrow?", "any new
emails after five pm").

Where the line is: the clause states nothing (no subject, no verb of its own: "today was a hard
day", "I saw a fox today" stay no request), its noun phrase is headed by a thing an assistant
keeps, books, sends or looks up (``ASSISTANT_NOUNS``: an alarm, a meeting, a ticket, the
weather, an email...), and something in it says what is wanted: a time, a place or another
complement ("for ten am", "to london", "with john"), "please", a closing "?", "any" in front, or
words before the thing that make it one ("train ticket", "my alarms", "latest events"). A bare noun
("alarms", "veganism") may be an answer or a topic and stays a fragment, and a remark
("nice weather today", "great song for the commute") says how things are, not what to do.

The noun phrase is cut where the imperative form's target is cut ("set a new reminder at three pm"
has the target "a new reminder"), so the time, the place and the fields are read the same way.
Having no verb, the request's action is that noun phrase, and it has no separate target.

Run when no clause of a first turn reads as a request (and no configured domain claimed one).
"""

from __future__ import annotations

from intent.compiled_regex import compiled
from intent.executors.builtin.clauses import Clause
from intent.executors.builtin.lexicon import ASSISTANT_NOUNS, PERSON_WORDS, SUBJECT_PRONOUNS, WH_WORDS
from intent.executors.builtin.phrases import Phrase, Span, object_end
from intent.executors.builtin.state import Recognition
from intent.executors.builtin.time_spans import covered, overlaps
from intent.executors.builtin.tokens import Token

__all__ = ["noun_request", "promote_noun_requests"]

# Words that make a clause a statement or a question of its own: a verb form that needs a subject.
_FINITE = frozenset(
    """is are was were am be been being has have had do does did will would can could should shall may
    might must isn't aren't wasn't weren't hasn't haven't hadn't don't dont doesn't didn't won't
    wouldn't can't cant couldn't shouldn't not 's 're 've 'll 'd it's that's there's here's he's she's
    let's went came ran began rang woke fell broke got happened said told""".split()
)  # and past forms that are never a noun's modifier ("the alarm went off at six", "my meeting got cancelled")
_OPENERS = frozenset({"please", "kindly", "pls", "plz", "just", "hey", "so", "ok", "okay"})
# Words that open a remark about something rather than a request for it.
_REMARKS = frozenset(
    """nice great lovely beautiful terrible awful bad good amazing wonderful horrible fun boring busy
    hard long crazy perfect weird strange cool best worst favorite favourite such so very really what
    another""".split()
)
_OBJECT_OPENINGS = frozenset("the a an my your his her our their this that".split())
_COMPLEMENTS = frozenset("for to from in near at on with about around by of".split())
_POLITE = frozenset({"please", "pls", "plz"})
_OWNED_TIME = compiled(r"^(?:today|tomorrow|tonight|yesterday|week|weekend|month)'s$")  # "today's schedule"


def _head(word: str) -> bool:
    if word in ASSISTANT_NOUNS:
        return True
    for suffix in ("es", "s"):
        if word.endswith(suffix) and word[: -len(suffix)] in ASSISTANT_NOUNS:
            return True
    return word in ("to-do", "todo")


# "an alarm at six am would be great", "it would be nice to have a table at eight": the thing wished for.
_WISHED = frozenset("great nice lovely good helpful perfect awesome appreciated ideal wonderful brilliant".split())


def _wish_at_end(tokens: list[Token]) -> int:
    """Where a closing "(that) would be great" starts, or the length of ``tokens``."""
    lows = [t.low for t in tokens]
    while lows and not tokens[len(lows) - 1].is_word:
        lows.pop()
    first = next((w for w in lows if w not in _OPENERS), "")
    if len(lows) >= 3 and lows[-1] in _WISHED and lows[-2] == "be" and lows[-3] == "would" \
            and first in ("a", "an", "some", "another"):  # "the weather would be good" is a remark
        cut = len(lows) - 3
        return cut - 1 if cut > 0 and lows[cut - 1] in ("that", "it", "this") else cut
    return len(tokens)


def _after_wish(tokens: list[Token], start: int) -> int:
    """Where the thing starts after an opening "(it) would be nice to have", or ``start``."""
    index = start + (start < len(tokens) and tokens[start].low == "it")
    lows = [t.low for t in tokens[index : index + 5]]
    if len(lows) == 5 and lows[:2] == ["would", "be"] and lows[2] in _WISHED and lows[3:] in (["to", "have"],
                                                                                              ["to", "get"]):
        return index + 5
    return start


def noun_request(clause: Clause, temporal: list[Span]) -> Phrase | None:
    """The verbless request ``clause`` makes, or None when it states something or asks for nothing.

    ``temporal``: where the text's times stand, sorted and disjoint (``time_spans``).
    """
    tokens = clause.tokens[: _wish_at_end(clause.tokens)]
    start = clause.body
    while start < len(tokens) and (tokens[start].low in _OPENERS or not tokens[start].is_word):
        start += 1
    start = _after_wish(tokens, start)
    words = [t for t in tokens[start:] if t.is_word]
    if not words or words[0].low in WH_WORDS or words[0].low in _REMARKS:
        return None
    timed = start  # "tomorrow weather", "friday's agenda": a time before the noun phrase is its complement
    while start < len(tokens) and covered(temporal, tokens[start].start):
        start += 1
    if start > 0 and tokens[start - 1].low in _REMARKS:
        return None  # "great song for the commute": "great" is no assent here
    for index, token in enumerate(words):
        if covered(temporal, token.start):
            continue  # "ten am", "may 5th": words of a time
        to_do = token.low == "do" and index > 0 and words[index - 1].low == "to"  # "to do list"
        if (token.low in _FINITE and not to_do) or token.low in SUBJECT_PRONOUNS or token.low.endswith("n't"):
            return None
        following = words[index + 1].low if index + 1 < len(words) else ""
        third_person = 0 < index and token.low.endswith("s") and not token.low.endswith("ss") and not _head(token.low)
        if third_person and (following in _OBJECT_OPENINGS or words[index - 1].low in PERSON_WORDS):
            # "john likes the music on friday", "my husband cooks dinner at seven": a verb of the third person
            return None
    end = len(tokens)
    while end > start and (not tokens[end - 1].is_word or tokens[end - 1].low in _POLITE):
        end -= 1
    if end <= start:
        return None
    phrase_end = object_end(tokens, start, end, temporal)
    if phrase_end <= start:
        return None
    named = [t for t in tokens[start:phrase_end] if t.is_word]
    polite = any(t.low in _POLITE for t in tokens)
    # "anything happening next friday", "any good bike shops in oxford": is there any; "any one" answers
    asking = tokens[start].low in ("any", "anything") and not (
        start + 1 < len(tokens) and tokens[start + 1].low in ("one", "more", "of", "other", "way"))
    if not (polite or asking) and not any(_head(t.low) for t in named):
        return None  # with "please" any noun phrase is asked for ("a table for two, please"); else a thing handled
    rest = tokens[phrase_end:end]
    wanted = (
        polite
        or clause.question
        or (asking and len(named) > 1)
        or (len(named) > 1 and phrase_end == end)  # "train ticket", "my alarms": the words are the noun phrase
        or any(_OWNED_TIME.match(t.low) for t in named)
        or overlaps(temporal, tokens[timed].start, tokens[end - 1].end)
        or any(t.low in _COMPLEMENTS for t in rest[:-1])
        or any(t.low in _COMPLEMENTS for t in named[1:-1])  # "train tickets to london"
    )
    if not wanted:
        return None
    action = (tokens[start].start, tokens[phrase_end - 1].end)
    evidence = (tokens[timed].start, tokens[end - 1].end)
    return Phrase(evidence=evidence, action=action, target=None, verb="", references=[])


def promote_noun_requests(state: Recognition) -> None:
    """Each clause of a first turn that is a verbless request becomes one, when nothing else asked."""
    if state.baseline is not None:
        return
    if any(unit.role in ("intent", "update?", "update", "removal") for unit in state.units):
        return
    for unit in state.units:
        if unit.role != "fragment" or unit.clause.kind != "fragment":
            continue
        phrase = noun_request(unit.clause, state.time_spans)
        if phrase is not None:
            unit.phrase, unit.role = phrase, "intent"
            unit.clause.flags.add("verbless")
