"""Several requests in one breath: which "and" joins two requests and which joins two nouns.

A verb that is also a noun ("call", "text") starts a new request after "and" when a person
follows it ("Order a pizza and call mom"; ``PERSON_WORDS`` in the lexicon, read by the clause
splitter). ``distribute`` splits one request over two objects that each stand on their own ("Book a flight
  and a hotel for Friday" is two bookings that share Friday), while a pair that names one thing
  ("salt and pepper", "Tom and Jerry", "fish and chips") or a list to one place ("Add milk and
  eggs to the list") stays one request.
"""

from __future__ import annotations

from dataclasses import replace

from intent.executors.builtin.phrases import Phrase
from intent.executors.builtin.units import Unit

__all__ = ["distribute"]

# Verbs whose objects joined by "and" are separate transactions: two bookings, two cancellations.
_DISTRIBUTIVE_VERBS = frozenset(
    "book reserve cancel rent hire schedule renew rebook unsubscribe terminate".split()
)
# Determiners that open each object of a distributed pair ("a flight and a hotel", "my Netflix and my Spotify").
_OPENERS = frozenset("a an my our the another".split())
_PREPOSITIONS = frozenset("for with to at in on from of by".split())


def distribute(units: list[Unit]) -> list[Unit]:
    """``units`` with each request over two stand-alone objects made two requests of the same verb."""
    out: list[Unit] = []
    for unit in units:
        out.extend(_split(unit) or [unit])
    return out


def _split(unit: Unit) -> list[Unit] | None:
    phrase = unit.phrase
    if unit.role != "intent" or phrase is None or phrase.target is None or phrase.verb not in _DISTRIBUTIVE_VERBS:
        return None
    tokens = unit.clause.tokens
    inside = [i for i, t in enumerate(tokens) if phrase.target[0] <= t.start and t.end <= phrase.target[1]]
    if len(inside) < 4:
        return None
    first, last = inside[0], inside[-1]
    joins = [i for i in inside if tokens[i].low == "and"]
    if len(joins) != 1 or tokens[first].low not in _OPENERS:
        return None
    join = joins[0]
    if join + 1 > last or tokens[join + 1].low not in _OPENERS or any(t.low in (",", "or") for t in tokens[first:last]):
        return None
    between = {t.low for t in tokens[first:join]}
    if between & {"with", "of"} or (tokens[join + 1].low in ("my", "our") and between & _PREPOSITIONS):
        return None  # "a room with a view and a balcony", "a table for my mom and my dad": one object
    one: Phrase = replace(phrase, target=(tokens[first].start, tokens[join - 1].end))
    two: Phrase = replace(phrase, target=(tokens[join + 1].start, tokens[last].end), references=[],
                          evidence=(phrase.action[0], tokens[last].end))  # fmt: skip
    second_clause = replace(unit.clause, link="and", flags=unit.clause.flags - {"then", "first"}, marker=None)
    return [replace(unit, phrase=one), Unit(second_clause, "intent", two, extra=dict(unit.extra))]
