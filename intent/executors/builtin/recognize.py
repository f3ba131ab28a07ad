"""``recognize(task_input) -> candidate``: the built-in recognizer as one pure, deterministic function."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from intent.executors.builtin.clauses import Clause, classify, split_sentence
from intent.executors.builtin.coordination import distribute
from intent.executors.builtin.domains import choose_domain
from intent.executors.builtin.fields import FieldSpec, Owner, extract_fields, field_words
from intent.executors.builtin.followup import (
    baseline_constraints,
    baseline_intents,
    content_words,
    resolve_reference,
)
from intent.executors.builtin.lexicon import AMBIGUOUS_VERBS, CORRECTION_VERBS, REMOVAL_VERBS
from intent.executors.builtin.phrases import Phrase, Span, parse_intent
from intent.executors.builtin.structure import attach_constraints, sequence_relations
from intent.executors.builtin.tokens import sentences, tokenize
from intent.executors.builtin.units import Unit, clause_span
from intent.executors.builtin.wrappers import unwrap
from intent.normalize import Mention, find_dates, find_times

__all__ = ["recognize"]

_MAX_TEXT = 20_000  # longer inputs are read up to here: recognition stays bounded
# Spans of time that end an object phrase like a date does ("next week", "in 10 minutes", "later").
_PERIOD = re.compile(
    r"\b(?:(?:next|this|coming|last|the\s+following)\s+(?:week|month|year|weekend|morning|afternoon|evening)"
    r"|in\s+(?:a|an|\d+|a\s+few|\w+)\s+(?:minutes?|hours?|days?|weeks?|months?)"
    r"|later\s+today|later|soon|tonight|right\s+now|asap)\b",
    re.IGNORECASE,
)
_META_OBJECT = re.compile(
    r"^(?:me\s+)?(?:a\s+favou?r|(?:a\s+)?(?:couple|few|two|three|four|several|some|\d+)\s+(?:of\s+)?things?)$",
    re.IGNORECASE,
)
_ALL_OF_IT = frozenset({"all of it", "all of that", "all of this", "the whole thing"})
_WORD_REMOVALS = frozenset({"forget", "scratch", "drop", "skip", "ignore", "disregard", "never"})


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _parse_reference_time(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None


def _specs(fields: Any) -> list[FieldSpec]:
    if not isinstance(fields, Mapping):
        return []
    out: list[FieldSpec] = []
    for name, spec in fields.items():
        schema = spec.get("schema") if isinstance(spec, Mapping) else None
        out.append(FieldSpec(str(name), schema if isinstance(schema, Mapping) else {}, bool(
            isinstance(spec, Mapping) and spec.get("required"))))
    return out


def _dependencies(intents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """ "Download the report and email it": a request that points back at an earlier one needs its outcome."""
    keys = {intent["key"] for intent in intents}
    out: list[dict[str, Any]] = []
    for intent in intents:
        for reference in intent["references"]:
            earlier = reference["refersTo"]
            relation = {"kind": "dependency", "from": earlier, "to": intent["key"]}
            if earlier in keys and earlier != intent["key"] and relation not in out:
                out.append(relation)
    return out


class _Recognizer:
    def __init__(self, task_input: Mapping[str, Any]) -> None:
        raw = task_input.get("text")
        self.text = raw[:_MAX_TEXT] if isinstance(raw, str) else ""
        # Greetings, emoji, signatures and quoted replies blanked: read this, quote self.text.
        unwrapped = unwrap(self.text)
        self.reading = unwrapped.text
        self.numbered_items = frozenset(unwrapped.numbered_items[1:])
        self.reference_time = _parse_reference_time(task_input.get("referenceTime"))
        baseline = task_input.get("baseline")
        self.baseline: Mapping[str, Any] | None = baseline if isinstance(baseline, Mapping) else None
        self.base_intents = baseline_intents(self.baseline)
        self.base_constraints = baseline_constraints(self.baseline)
        unresolved = self.baseline.get("unresolved") if self.baseline else None
        self.unresolved = [u for u in unresolved if isinstance(u, Mapping)] if isinstance(unresolved, list) else []
        self.specs = _specs(task_input.get("fields"))
        self.domains = task_input.get("domains")
        hints = task_input.get("domainHints")
        self.domain_hints: Mapping[str, Any] | None = hints if isinstance(hints, Mapping) else None
        self.context = task_input.get("context")
        self.units: list[Unit] = []
        self.temporal: tuple[list[Mention], list[Mention]] = ([], [])

    # --- reading -------------------------------------------------------------------------
    def read(self) -> None:
        text = self.reading
        reference = self.reference_time.date() if self.reference_time else None
        self.temporal = (find_dates(text, reference), find_times(text))
        temporal = [(m.start, m.end) for m in (*self.temporal[0], *self.temporal[1])]
        temporal += [(m.start(), m.end()) for m in _PERIOD.finditer(text)]
        # "last month's transactions": a time word that owns a noun is part of the object
        temporal = [(s, e) for s, e in temporal if text[e : e + 2] not in ("'s", "’s")]
        for number, (tokens, ender) in enumerate(sentences(text, tokenize(text))):
            for clause_tokens, link in split_sentence(tokens):
                if clause_tokens[0].start in self.numbered_items:
                    link = "then"  # the items of a numbered list come in their order
                clause = classify(Clause(clause_tokens, number, link, question=ender == "?"))
                self.units.append(self._unit(clause, temporal))
                if clause.extra_body is not None and self.units[-1].role == "intent":
                    rule = Clause(clause_tokens, number, link, kind="constraint", constraint_kind="preference",
                                  body=clause.extra_body)  # fmt: skip
                    self.units.append(Unit(rule, "constraint"))

    def _unit(self, clause: Clause, temporal: list[Span]) -> Unit:
        if (
            clause.kind == "constraint"
            and self.baseline is not None
            and "correction" in clause.flags
            and clause.constraint_kind == "requirement"
        ):
            # "Actually, the amount should be $95": a new value for the baseline, unless none is found
            return Unit(clause, "update?", extra={"points back": True, "constraint": True})
        if clause.kind == "constraint":
            if self.baseline is not None and clause.constraint_kind == "prohibition":
                removal = self._ordinal_removal(clause)
                if removal is not None:
                    return Unit(clause, "removal", removal=removal)
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
            if _META_OBJECT.match(self.text[phrase.target[0] : phrase.target[1]]):
                return Unit(clause, "other")  # "Can you do two things:" announces requests, it is none
        if self.baseline is not None:
            return self._follow_up_unit(clause, phrase)
        if phrase is None:
            return Unit(clause, "other")
        return Unit(clause, "intent", phrase)

    def _follow_up_unit(self, clause: Clause, phrase: Phrase | None) -> Unit:
        """A request clause of a follow-up turn: a removal, a possible update, or a new request."""
        verb = phrase.verb if phrase else "never"
        phrasal = phrase is not None and " " in self.text[phrase.action[0] : phrase.action[1]]
        if (verb in REMOVAL_VERBS and not phrasal) or verb == "never":  # "drop off" removes nothing
            removal = self._removal_unit(clause, phrase, verb)
            if removal is not None:
                return removal
            if phrase is None:
                return Unit(clause, "other")
        assert phrase is not None
        if "also" not in clause.flags and ("correction" in clause.flags or verb in CORRECTION_VERBS):
            unit = Unit(clause, "update?", phrase)
            unit.extra["points back"] = "correction" in clause.flags or self._points_back(phrase)
            return unit
        return Unit(clause, "intent", phrase)

    def _removal_unit(self, clause: Clause, phrase: Phrase | None, verb: str) -> Unit | None:
        """ "Forget the second one", "Never mind the hotel", "Cancel everything"."""
        words = self.text[phrase.target[0] : phrase.target[1]] if phrase and phrase.target else "it"
        start, end = clause_span(clause)
        evidence = self.text[start:end]
        if words.lower().split()[-1:] in (["everything"], ["all"]) or words.lower() in _ALL_OF_IT:
            removals = [{"kind": "intent", "id": str(i["id"]), "evidence": evidence} for i in self.base_intents]
            if removals:
                return Unit(clause, "removal", phrase, removal=removals[0], extra={"more": removals[1:]})
        found = resolve_reference(words, self.base_intents, self.base_constraints, by_words=verb in _WORD_REMOVALS)
        if found is None:
            return None
        return Unit(clause, "removal", phrase, removal={"kind": found[0], "id": found[1], "evidence": evidence})

    def _ordinal_removal(self, clause: Clause) -> dict[str, Any] | None:
        """ "Don't do the second one": a prohibition that names a baseline intent by its place."""
        words = {t.low for t in clause.tokens}
        if not words & {"first", "second", "third", "last", "other", "latter", "former"} or "one" not in words:
            return None
        start, end = clause_span(clause)
        found = resolve_reference(self.text[start:end], self.base_intents, [], by_words=False)
        if found is None:
            return None
        return {"kind": found[0], "id": found[1], "evidence": self.text[start:end]}

    def _points_back(self, phrase: Phrase) -> bool:
        """Does "change X to Y" name something already there: a pronoun, a field, a baseline target?"""
        if phrase.target is None:
            return False
        head = self.text[phrase.target[0] : phrase.target[1]].lower()
        head = head.split(" to ")[0].split(" instead")[0]
        words = content_words(head)
        first = head.split()[0] if head.split() else ""
        if first in ("it", "that", "this", "them", "those", "these"):
            return True
        known: set[str] = set()
        for spec in self.specs:
            known |= field_words(spec)
        for intent in self.base_intents:
            known |= content_words(str(intent.get("target") or ""))
        return bool(words & known)

    # --- fields --------------------------------------------------------------------------
    def place_fields(self) -> None:
        owners: list[Owner] = []
        for index, unit in enumerate(self.units):
            if unit.role in ("intent", "update?"):
                unit.owner = Owner(f"o{index}", [clause_span(unit.clause)], [])
                owners.append(unit.owner)
        for index, unit in enumerate(self.units):
            if unit.role != "fragment":
                continue
            host = self._host(index)
            if host is not None and host.owner is not None:
                host.owner.spans.append(clause_span(unit.clause))
            elif self.baseline is not None:
                unit.role = "update?"
                unit.owner = Owner(f"o{index}", [clause_span(unit.clause)], [])
                owners.append(unit.owner)
        if len(owners) == 1 and self.baseline is None:
            owners[0].spans = [(0, len(self.text))]
        excluded = [
            clause_span(u.clause)
            for u in self.units
            if u.role == "constraint" and u.clause.constraint_kind in ("prohibition", "condition")
        ]
        extract_fields(self.reading, self.specs, owners, excluded, self.reference_time, self.temporal)
        self._context_fields(owners)

    def _context_fields(self, owners: list[Owner]) -> None:
        """Fields the text leaves open but the request's context states under the field's own name."""
        if not isinstance(self.context, Mapping) or not owners:
            return
        filled = {f["field"] for owner in owners for f in owner.fields}
        keys = {_key(k): k for k in self.context if isinstance(k, str)}
        for spec in self.specs:
            original = keys.get(_key(spec.name))
            if spec.name in filled or original is None:
                continue
            value = self.context[original]
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                continue
            pointer = "/" + original.replace("~", "~0").replace("/", "~1")
            owners[0].fields.append({
                "field": spec.name, "value": value, "evidence": str(value), "source": "context",
                "pointer": pointer, "candidates": None,
            })  # fmt: skip

    def _host(self, index: int) -> Unit | None:
        """The request a verbless fragment belongs to: before it in its sentence, else before, else after."""
        sentence = self.units[index].clause.sentence
        hosts = ("intent", "update?")
        before = next((u for u in reversed(self.units[:index]) if u.role in hosts), None)
        if before is not None and before.clause.sentence == sentence:
            return before
        if self.baseline is not None:
            return None
        if before is not None:
            return before
        return next((u for u in self.units[index + 1 :] if u.role in hosts), None)

    # --- follow-up decisions --------------------------------------------------------------
    def _update_target(self, unit: Unit, names: set[str]) -> tuple[str | None, str]:
        """(baseline id, turn kind) for an update that sets ``names``."""
        for item in self.unresolved:
            if item.get("field") in names and isinstance(item.get("intentId"), str):
                kind = "correction" if "correction" in unit.clause.flags else "answer"
                return str(item["intentId"]), kind
        for intent in self.base_intents:
            inputs = intent.get("inputs")
            if isinstance(inputs, Mapping) and names & set(inputs):
                return str(intent["id"]), "correction"
        phrase = unit.phrase
        if phrase is not None and phrase.target is not None:
            words = self.text[phrase.target[0] : phrase.target[1]]
            found = resolve_reference(words, self.base_intents, [], by_words=True)
            if found is not None and found[0] == "intent":
                return found[1], "correction"
        if self.base_intents:
            return str(self.base_intents[-1]["id"]), "correction"
        return None, "correction"

    def _refines_baseline(self, unit: Unit) -> bool:
        """A follow-up clause that only restates a baseline request with new values.

        "Order number 202020." answers an open question with a noun-like verb; "Send it to
        jane@example.net." points back with a pronoun and supplies a field.
        """
        phrase, owner = unit.phrase, unit.owner
        if self.baseline is None or phrase is None or owner is None or not owner.fields or "also" in unit.clause.flags:
            return False
        names = {f["field"] for f in owner.fields}
        open_fields = {u.get("field") for u in self.unresolved}
        if phrase.verb in AMBIGUOUS_VERBS and names & open_fields:
            return True
        target = self.text[phrase.target[0] : phrase.target[1]].lower().split() if phrase.target else []
        return bool(target) and target[0] in ("it", "that", "them", "this")

    def _settle_candidates(self, owner: Owner, target_id: str) -> None:
        """Pick among a corrected value's readings the one of the same kind as the baseline's ("7:30" -> pm)."""
        intent = next((i for i in self.base_intents if i.get("id") == target_id), None)
        inputs = intent.get("inputs") if intent else None
        if not isinstance(inputs, Mapping):
            return
        for item in owner.fields:
            before = inputs.get(item["field"])
            options = item.get("candidates") or []
            if item["value"] is not None or not isinstance(before, str) or len(before) < 5 or before[2] != ":":
                continue
            same_half = [o for o in options if isinstance(o, str) and o[:2].isdigit() and
                         (int(o[:2]) >= 12) == (int(before[:2]) >= 12)]  # fmt: skip
            if len(same_half) == 1:
                item["value"], item["candidates"] = same_half[0], None

    def settle(self) -> None:
        for unit in self.units:
            if unit.role == "intent" and self._refines_baseline(unit):
                unit.role = "update?"
            if unit.role != "update?":
                continue
            assert unit.owner is not None
            names = {f["field"] for f in unit.owner.fields}
            phrase = unit.phrase
            new_target: str | None = None
            if not names and phrase is not None and phrase.target is not None:
                target_text = self.text[phrase.target[0] : phrase.target[1]]
                lows = target_text.lower().split()
                if lows[:1] == ["it"] and len(lows) > 1:
                    # "make it a hotel", "change it to Paris": the rest is the new target
                    rest = target_text[len(target_text.split()[0]) :].strip()
                    rest = rest[3:].strip() if rest.lower().startswith("to ") else rest
                    new_target = rest or None
            known = {str(u.get("field")) for u in self.unresolved}
            for intent in self.base_intents:
                inputs = intent.get("inputs")
                known |= set(inputs) if isinstance(inputs, Mapping) else set()
            changes_baseline = unit.extra.get("points back", True) or bool(names & known)
            if (names or new_target) and changes_baseline:
                target_id, kind = self._update_target(unit, names)
                if target_id is None:
                    unit.role = "other"
                    continue
                unit.role = "update"
                unit.key = target_id
                self._settle_candidates(unit.owner, target_id)
                unit.extra["turn"] = kind
                unit.extra["target"] = new_target
            elif unit.extra.get("constraint"):
                unit.role = "constraint"
            elif phrase is not None:
                unit.role = "intent"
            else:
                unit.role = "other"

    # --- candidate ----------------------------------------------------------------------
    def build(self) -> dict[str, Any]:
        intents: list[dict[str, Any]] = []
        updates: dict[str, dict[str, Any]] = {}
        removals: list[dict[str, Any]] = []
        turn_kinds: list[str] = []
        count = 0
        for unit in self.units:
            if unit.role == "intent":
                count += 1
                unit.key = f"i{count}"
                turn_kinds.append("addition")
            elif unit.role == "update":
                turn_kinds.append(unit.extra["turn"])
            elif unit.role == "removal":
                turn_kinds.append("cancellation")
        last_base = str(self.base_intents[-1]["id"]) if self.base_intents else None
        previous_key: str | None = None
        for position, unit in enumerate(self.units):
            if unit.role == "intent":
                assert unit.phrase is not None and unit.owner is not None and unit.key is not None
                intents.append(self._intent(unit, previous_key or last_base))
                previous_key = unit.key
                if intents[-1]["target"] is None:
                    intents[-1]["target"] = self._shared_object(position)
            elif unit.role == "update":
                assert unit.owner is not None and unit.key is not None
                start, end = clause_span(unit.clause)
                entry = updates.setdefault(
                    unit.key,
                    {"id": unit.key, "evidence": self.text[start:end], "action": None, "target": None, "fields": []},
                )
                entry["fields"].extend(unit.owner.fields)
                if unit.extra.get("target"):
                    entry["target"] = unit.extra["target"]
            elif unit.role == "removal":
                assert unit.removal is not None
                for removal in [unit.removal, *unit.extra.get("more", [])]:
                    if all(r["id"] != removal["id"] for r in removals):
                        removals.append(removal)
        if self.baseline is None:
            turn = "request"
        else:
            turn = turn_kinds[0] if turn_kinds else "addition"
        return {
            "turnKind": turn,
            "intents": intents,
            "constraints": attach_constraints(self.units, self.text),
            "relations": sequence_relations(self.units, last_base) + _dependencies(intents),
            "updates": list(updates.values()),
            "removals": removals,
        }

    def _shared_object(self, position: int) -> str | None:
        """ "Print and sign the form": a bare verb joined by "and" shares the next request's object."""
        unit = self.units[position]
        following = self.units[position + 1] if position + 1 < len(self.units) else None
        phrase = unit.phrase
        if (
            following is None
            or following.role != "intent"
            or following.clause.link != "and"
            or following.clause.sentence != unit.clause.sentence
            or following.phrase is None
            or following.phrase.target is None
            or phrase is None
            or phrase.action[1] != phrase.evidence[1]  # only a verb, nothing after it
            or " " in self.text[phrase.action[0] : phrase.action[1]]  # "Log out" stands alone
        ):
            return None
        start, end = following.phrase.target
        return self.text[start:end]

    def _intent(self, unit: Unit, refers_to: str | None) -> dict[str, Any]:
        phrase = unit.phrase
        assert phrase is not None and unit.owner is not None
        text = self.text
        evidence = text[phrase.evidence[0] : phrase.evidence[1]]
        return {
            "key": unit.key,
            "evidence": evidence,
            "action": text[phrase.action[0] : phrase.action[1]],
            "target": text[phrase.target[0] : phrase.target[1]] if phrase.target else None,
            "domain": choose_domain(
                evidence,
                self.domains if isinstance(self.domains, list) else None,
                action=text[phrase.action[0] : phrase.action[1]],
                target=text[phrase.target[0] : phrase.target[1]] if phrase.target else None,
                hints=self.domain_hints,
            ),
            "understanding": "ambiguous" if phrase.alternatives else "clear",
            "readings": phrase.alternatives,
            "references": [{"text": text[s:e], "refersTo": refers_to} for s, e in phrase.references],
            "fields": unit.owner.fields,
        }


def recognize(task_input: Mapping[str, Any]) -> dict[str, Any]:
    """Read a model task's ``input`` and return the candidate object (see ``build_output_schema``)."""
    recognizer = _Recognizer(task_input)
    recognizer.read()
    recognizer.units = distribute(recognizer.units, recognizer.text)
    recognizer.place_fields()
    recognizer.settle()
    return recognizer.build()
