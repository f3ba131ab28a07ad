"""One scorer for choosing a domain (or a catalog tool) for a request; it abstains rather than guesses.

It reads the whole clause, not only its verb: the action's verb against each domain's verbs (with
morphology and synonyms), every other word against the domain's entity words, the words its
topics bring ("rain" for weather), its name and its description. A question or a wish ("Is it
going to rain", "I'd like a table") has no operation verb and is read by its other words alone.

The choice is the domain with the most evidence; a tie, or evidence too weak to trust, is no
answer. Among domains that the verb matches, ties are settled as a catalog would: the domain whose
own operation word the person used, then the one leaving fewer of its entity words unmatched,
then the more specific operation (fewer synonyms).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

import orjson

from intent.nlu.profiles import DomainProfile, profile_from_hint
from intent.nlu.words import STOPWORDS, stem, words

__all__ = ["DomainScorer", "Scored", "scorer_for"]

_VERB = 2.0  # the action names the domain's operation
_VERB_ELSEWHERE = 1.0  # an operation verb stands in the clause, not as its action ("I want to book")
_ENTITY = 1.5  # each entity word of the domain in the clause
_NAMED = 1.0  # each other word of the domain's name
_RELATED = 0.9  # each word the domain's topics bring, at most _RELATED_MAX of them
_RELATED_MAX = 2
_DESCRIBED = 0.3  # each word of the description, at most _DESCRIBED_MAX of them
_DESCRIBED_MAX = 3
_BY_ID = 0.5  # "pet 5": a number after an entity word asks for the one thing with that id
_MIN_SCORE = 0.75  # less is too weak to trust
_VERB_ONLY = 0.8  # the operation and a thing named by its own name, nothing of what the domain acts on


@dataclass(frozen=True)
class Scored:
    """One domain's evidence; ``rank`` orders domains, ties in it are not settled."""

    domain: str
    score: float
    verb: bool
    rank: tuple[float, int, int, int]


@dataclass(frozen=True)
class _Clause:
    action: frozenset[str]
    rest: frozenset[str]  # every other stem, bigrams joined ("look up" -> "lookup")
    numbered: frozenset[str]  # stems directly followed by a number ("pet 5")
    names_something: bool  # a capitalized name past the first word ("play Imogen Heap")
    action_things: frozenset[str]  # action words that are no operation ("cancel order": "order")


_VERB_LEADS = frozenset({"to", "please", "you", "i", "we", "me", "us", "and", "can", "could", "lets", "let's",
                         "just", "now", "then", "also", "wanna", "gonna", "ll", "d"})


def _read(text: str, action: str, verbs: frozenset[str]) -> _Clause:
    """The clause's stems; a known verb that opens the clause or follows "to" is part of its action."""
    action_words = [w for w in words(action) if w not in STOPWORDS or w in ("look", "put", "get", "go", "give")]
    action_stems = {stem(w) for w in action_words}
    for first, second in pairwise(words(action)):
        if stem(first + second) in verbs:  # "put on" is one verb, not "put"
            action_stems = (action_stems - {stem(first)}) | {stem(first + second)}
    tokens = words(text)
    action_set = set(words(action))
    rest: set[str] = set()
    numbered: set[str] = set()
    previous = ""
    for index, word in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if following[:1].isdigit():
            numbered.add(stem(word))
        root = stem(word)
        if root in verbs and (not previous or previous in _VERB_LEADS):
            action_stems.add(root)  # "I want to book ...", "Book spot for 3": the operation, not a thing
        elif not (word in STOPWORDS or word in action_set or word[:1].isdigit()):
            rest.add(root)
        previous = word
    for first, second in pairwise(tokens):
        rest.add(stem(first + second))
        rest.add(f"{stem(first)} {stem(second)}")
        if stem(first + second) in action_stems:  # "put on" is one verb, not "put"
            action_stems.discard(stem(first))
    names_something = any(w[:1].isupper() and w not in ("I", "I'd", "I'm", "I'll") for w in text.split()[1:])
    return _Clause(frozenset(action_stems - (rest - action_stems)), frozenset(rest - (action_stems & verbs)),
                   frozenset(numbered), names_something, frozenset(action_stems - verbs))


def _score(profile: DomainProfile, clause: _Clause) -> Scored:
    if not profile.hinted:
        matched = len(profile.named & (clause.action | clause.rest))
        return Scored(profile.name, float(matched), False, (float(matched), 0, 0, 0))
    things = clause.action_things | clause.rest
    verb = bool(profile.verbs & clause.action)
    score = _VERB if verb else (_VERB_ELSEWHERE if profile.verbs & clause.rest else 0.0)
    entities = profile.entities & things
    score += _ENTITY * len(entities)
    score += _NAMED * len(profile.named & things)
    score += _RELATED * min(_RELATED_MAX, len(profile.related & things))
    score += _DESCRIBED * min(_DESCRIBED_MAX, len(profile.described & things))
    if profile.by_id and entities & clause.numbered:
        score += _BY_ID
    about = profile.related | profile.named | profile.described
    if profile.entities and not (entities or about & things):
        # An operation alone does not pick a domain that acts on something ("cancel it", "look up the
        # weather" among order tools), unless the clause names a thing by its own name ("play Imogen Heap").
        score = min(score, _VERB_ONLY if clause.names_something else _MIN_SCORE / 2)
        return Scored(profile.name, score, False, (round(score, 3), 0, 0, 0))
    if not verb:
        return Scored(profile.name, score, False, (round(score, 3), 0, 0, 0))
    exact = int(bool(profile.own_verbs & clause.action))
    unmatched = len(profile.entities - things)
    return Scored(profile.name, score, True, (round(score, 3), exact, -unmatched, -len(profile.verbs)))


class DomainScorer:
    """Profiles of the configured domains, and the one domain a clause belongs to (or None)."""

    def __init__(self, domains: Sequence[str], hints: Mapping[str, Any] | None = None) -> None:
        hints = hints or {}
        self.profiles = [profile_from_hint(name, hints.get(name)) for name in domains]
        self.verbs = frozenset().union(*(p.verbs for p in self.profiles))

    def scores(self, text: str, *, action: str = "") -> list[Scored]:
        """Every domain's evidence for ``text`` (the whole clause) whose verb phrase is ``action``."""
        clause = _read(text, action, self.verbs)
        return sorted((_score(p, clause) for p in self.profiles), key=lambda s: s.rank, reverse=True)

    def choose(self, text: str, *, action: str = "") -> str | None:
        """The domain of ``text``, or None on a tie or weak evidence."""
        ranked = self.scores(text, action=action)
        if not ranked:
            return None
        best = ranked[0]
        if best.score < _MIN_SCORE:
            return None
        if len(ranked) > 1 and ranked[1].rank == best.rank:
            return None
        return best.domain


@lru_cache(maxsize=64)
def _cached(domains: tuple[str, ...], hints_json: bytes) -> DomainScorer:
    return DomainScorer(domains, orjson.loads(hints_json) if hints_json else None)


def scorer_for(domains: Sequence[str], hints: Mapping[str, Any] | None) -> DomainScorer:
    """The scorer of one configuration, built once: a model task carries the same hints every time."""
    try:
        hints_json = orjson.dumps(hints, option=orjson.OPT_SORT_KEYS) if hints else b""
    except TypeError:
        return DomainScorer(domains, hints)
    return _cached(tuple(domains), hints_json)
