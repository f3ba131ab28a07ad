"""Reading a request into units: each clause becomes a request, a constraint, a removal or a fragment."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from intent.compiled_regex import compiled
from intent.executors.builtin.answers import answers_open_question
from intent.executors.builtin.clauses import Clause, classify, split_sentence
from intent.executors.builtin.fields import field_words
from intent.executors.builtin.followup import content_words, resolve_reference
from intent.executors.builtin.lexicon import CORRECTION_VERBS, REMOVAL_VERBS, SUBJECT_PRONOUNS
from intent.executors.builtin.phrases import Phrase, Span, parse_intent
from intent.executors.builtin.restating import not_this_but_that
from intent.executors.builtin.run_ons import MAX_TRIES, request_starts
from intent.executors.builtin.self_correction import MARKER, cut_corrections
from intent.executors.builtin.state import Recognition
from intent.executors.builtin.time_spans import merge_spans
from intent.executors.builtin.tokens import Token, sentences, tokenize
from intent.executors.builtin.units import Unit, clause_span
from intent.normalize import find_dates, find_times

__all__ = ["read", "split_run_ons"]

# Spans of time that end an object phrase like a date does ("next week", "in 10 minutes", "later").
_PERIOD = compiled(
    r"\b(?:(?:next|this|coming|last|the\s+following)\s+(?:week|month|year|weekend|morning|afternoon|evening)"
    r"|in\s+(?:a|an|\d+|a\s+few|\w+)\s+(?:minutes?|hours?|days?|weeks?|months?)"
    r"|later\s+today|later|soon|tonight|right\s+now|asap)\b",
    re.IGNORECASE,
)
_META_OBJECT = compiled(
    r"^(?:me\s+)?(?:a\s+favou?r|(?:a\s+)?(?:couple|few|two|three|four|several|some|\d+)\s+(?:of\s+)?things?)$",
    re.IGNORECASE,
)
_STATING = frozenset("is are was were".split())  # "my flight is at six am | wake me at four": a statement
_ALL_OF_IT = frozenset({"all of it", "all of that", "all of this", "the whole thing"})
_WORD_REMOVALS = frozenset({"forget", "scratch", "drop", "skip", "ignore", "disregard", "never"})


def read(state: Recognition) -> None:
    text = state.reading
    state.temporal = (find_dates(text, state.reference_time), find_times(text, state.reference_time))
    temporal = [(m.start, m.end) for m in (*state.temporal[0], *state.temporal[1])]
    temporal += [(m.start(), m.end()) for m in _PERIOD.finditer(text)]
    # "last month's transactions": a time word that owns a noun is part of the object
    # (the time grammar may read the "'s" with the time word)
    temporal = [(s, e) for s, e in temporal if "'s" not in (text[e : e + 2], text[e - 2 : e].replace("’", "'"))
                and text[e : e + 2] != "’s"]
    state.time_spans = merge_spans(temporal)
    earlier, seen = False, 0  # whether a request came before; units already looked at
    for number, (tokens, ender) in enumerate(sentences(text, tokenize(text))):
        earlier = earlier or any(u.role == "intent" for u in state.units[seen:])
        seen = len(state.units)
        for words, marker in cut_corrections(tokens, earlier=earlier):
            first = len(state.units)
            _read_words(state, words, number, ender, temporal)
            if marker:  # "..., no wait, make it $300": the words after a correction marker
                if len(state.units) == first:
                    state.units.append(Unit(Clause(marker, number, kind="social"), "other"))
                state.units[first].extra[MARKER] = (marker[0].start, marker[-1].end)


def split_run_ons(state: Recognition) -> None:
    """When no clause of a first turn reads as a request, one may start inside a clause (``run_ons``).

    Run after the configured domains had their say on the clauses as written (``domain_led``).
    """
    if state.baseline is None and not any(unit.role in ("intent", "update?", "removal") for unit in state.units):
        state.units = [part for unit in state.units for part in _run_on(state, unit)]


def _run_on(state: Recognition, unit: Unit) -> list[Unit]:
    """A clause that reads as no request, cut where one starts inside it ("olly | turn it up")."""
    clause = unit.clause
    if unit.role not in ("fragment", "other", "constraint"):
        return [unit]
    tokens = clause.tokens
    for tries, start in enumerate(request_starts(clause, state.time_spans)):
        if tries >= MAX_TRIES:
            break
        tail = classify(Clause(tokens[start:], clause.sentence, None, question=clause.question))
        found = _unit(state, tail, state.time_spans) if tail.kind == "intent" else None
        if found is not None and found.role == "intent":
            head = Clause(tokens[:start], clause.sentence, clause.link, question=clause.question, body=clause.body)
            # "if it rains tomorrow | cancel my run": still the rule; "if it's seven pm here | what time is it
            # in lisbon" says what is asked about
            if clause.constraint_kind == "condition" and "question" not in tail.flags:
                head.kind, head.constraint_kind = "constraint", "condition"
                return [Unit(head, "constraint"), found]
            # a statement before the request ("i have a meeting at three pm | set an alarm for two pm")
            # says when only if the request does not
            stated = any(t.low in SUBJECT_PRONOUNS or t.low in _STATING or t.low.endswith(("'m", "'re"))
                         for t in head.tokens)
            return [Unit(head, "fragment", extra={"statement": True} if stated else {}), found]
    return [unit]


def _read_words(state: Recognition, tokens: list[Token], number: int, ender: str, temporal: list[Span]) -> None:
    if not tokens:
        return
    for clause_tokens, link in split_sentence(tokens):
        if clause_tokens[0].start in state.numbered_items:
            link = "then"  # the items of a numbered list come in their order
        clause = classify(Clause(clause_tokens, number, link, question=ender == "?"))
        state.units.append(_unit(state, clause, temporal))
        if clause.extra_body is not None and state.units[-1].role == "intent":
            rule = Clause(clause_tokens, number, link, kind="constraint", constraint_kind="preference",
                          body=clause.extra_body)  # fmt: skip
            state.units.append(Unit(rule, "constraint"))


def _unit(state: Recognition, clause: Clause, temporal: list[Span]) -> Unit:
    if (
        clause.kind == "constraint"
        and state.baseline is not None
        and "correction" in clause.flags
        and clause.constraint_kind == "requirement"
    ):
        # "Actually, the amount should be $95": a new value for the baseline, unless none is found
        return Unit(clause, "update?", extra={"points back": True, "constraint": True})
    if clause.kind == "constraint":
        if state.baseline is not None and clause.constraint_kind == "prohibition":
            removal = _ordinal_removal(state, clause)
            if removal is not None:
                return Unit(clause, "removal", removal=removal)
            swapped = not_this_but_that(clause.tokens[clause.body :], state.base_intents)
            if swapped is not None:
                return Unit(clause, "update?", extra={"points back": True, "restates": swapped})
        return Unit(clause, "constraint")
    if clause.kind != "intent":
        return Unit(clause, "fragment" if clause.kind == "fragment" else "other")
    if "never mind" in clause.flags:
        phrase = None
    else:
        phrase = parse_intent(clause, temporal)
        if phrase is None:
            return Unit(clause, "fragment")
    if phrase is not None and phrase.verb == "do" and phrase.target is not None:
        if _META_OBJECT.match(state.text[phrase.target[0] : phrase.target[1]]):
            return Unit(clause, "other")  # "Can you do two things:" announces requests, it is none
    if state.baseline is not None:
        return _follow_up_unit(state, clause, phrase)
    if phrase is None:
        return Unit(clause, "other")
    return Unit(clause, "intent", phrase)


def _follow_up_unit(state: Recognition, clause: Clause, phrase: Phrase | None) -> Unit:
    """A request clause of a follow-up turn: a removal, a possible update, or a new request."""
    verb = phrase.verb if phrase else "never"
    phrasal = phrase is not None and " " in state.text[phrase.action[0] : phrase.action[1]]
    if (verb in REMOVAL_VERBS and not phrasal) or verb == "never":  # "drop off" removes nothing
        removal = _removal_unit(state, clause, phrase, verb)
        if removal is not None:
            return removal
        if phrase is None:
            return Unit(clause, "other")
    assert phrase is not None
    if "also" not in clause.flags and ("correction" in clause.flags or verb in CORRECTION_VERBS):
        unit = Unit(clause, "update?", phrase)
        unit.extra["points back"] = "correction" in clause.flags or _points_back(state, phrase)
        return unit
    if "also" not in clause.flags and answers_open_question(state, clause):
        return Unit(clause, "update?", phrase, extra={"points back": True, "answers": True})  # "pet 12"
    return Unit(clause, "intent", phrase)


def _removal_unit(state: Recognition, clause: Clause, phrase: Phrase | None, verb: str) -> Unit | None:
    """ "Forget the second one", "Never mind the hotel", "Cancel everything"."""
    if phrase and phrase.target:
        words = state.text[phrase.target[0] : phrase.target[1]]
    else:  # "Never mind the second one": what follows "never mind"
        rest = [t for t in clause.tokens[clause.body + 2 :] if t.is_word] if "never mind" in clause.flags else []
        words = state.text[rest[0].start : rest[-1].end] if rest else "it"
    start, end = clause_span(clause)
    evidence = state.text[start:end]
    if words.lower().split()[-1:] in (["everything"], ["all"]) or words.lower() in _ALL_OF_IT:
        removals = [{"kind": "intent", "id": str(i["id"]), "evidence": evidence} for i in state.base_intents]
        if removals:
            return Unit(clause, "removal", phrase, removal=removals[0], extra={"more": removals[1:]})
    found = resolve_reference(words, state.base_intents, state.base_constraints, by_words=verb in _WORD_REMOVALS)
    if found is None:
        found = _named_by_its_action(words, state.base_intents)
    if found is None:
        return None
    return Unit(clause, "removal", phrase, removal={"kind": found[0], "id": found[1], "evidence": evidence})


def _named_by_its_action(words: str, intents: list[Mapping[str, Any]]) -> tuple[str, str] | None:
    """ "Cancel the call" after "... and call the client": a request named by its own verb."""
    named = content_words(words)
    found = [i for i in intents if named and named <= content_words(str(i.get("action") or ""))]
    return ("intent", str(found[-1]["id"])) if len(found) == 1 else None


def _ordinal_removal(state: Recognition, clause: Clause) -> dict[str, Any] | None:
    """ "Don't do the second one": a prohibition that names a baseline intent by its place."""
    words = {t.low for t in clause.tokens}
    if not words & {"first", "second", "third", "last", "other", "latter", "former"} or "one" not in words:
        return None
    start, end = clause_span(clause)
    found = resolve_reference(state.text[start:end], state.base_intents, [], by_words=False)
    if found is None:
        return None
    return {"kind": found[0], "id": found[1], "evidence": state.text[start:end]}


def _points_back(state: Recognition, phrase: Phrase) -> bool:
    """Does "change X to Y" name something already there: a pronoun, a field, a baseline target?"""
    if phrase.target is None:
        return False
    head = state.text[phrase.target[0] : phrase.target[1]].lower()
    head = head.split(" to ")[0].split(" instead")[0]
    words = content_words(head)
    first = head.split()[0] if head.split() else ""
    if first in ("it", "that", "this", "them", "those", "these"):
        return True
    known: set[str] = set()
    for spec in state.specs:
        known |= field_words(spec)
    for intent in state.base_intents:
        known |= content_words(str(intent.get("target") or ""))
    return bool(words & known)
