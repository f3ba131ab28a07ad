"""Field values from the text, placed by what each field's JSON Schema says and by its words."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from intent.compiled_regex import compiled
from intent.executors.builtin.outside_enum import negated_enum_value, stated_outside_enum
from intent.executors.builtin.text_kinds import find_of_kind, text_kind
from intent.normalize import (
    FieldKind,
    Mention,
    address_numbers,
    derive_values,
    field_kind,
    find_dates,
    find_emails,
    find_enum_values,
    find_numbers,
    find_pattern_tokens,
    find_times,
    find_uris,
    foreign_to_request,
    quoted_spans,
)
from intent.normalize.temporal import TemporalMention, moments_of, read_temporal, tense_at

__all__ = ["FieldSpec", "Owner", "extract_fields", "field_words"]

Span = tuple[int, int]

_STOP = frozenset(
    "a an the of to in for or and on at by with from as is be number numbers show shown target value "
    "should this that which what when where how many much your my their its".split()
)
# Words that name the same counted thing; a number placed by them goes to a field using any of them.
_SYNONYMS: tuple[frozenset[str], ...] = tuple(
    frozenset(group.split())
    for group in (
        "people person persons guest diner adult party pax head attendee seat",
        "passenger seat ticket traveler traveller person people adult pax",
        "item unit piece pack box bottle can bag quantity qty pair copy carton packet",
        "dollar usd buck amount price cost payment sum total money fee eur euro pound gbp cash",
        "degree ° temperature temp",
        "night",
        "day",
        "transaction payment purchase",
        "room bedroom",
        "minute min",
        "hour hr",
        "week",
        "month",
        "year age",
        "mile km kilometer kilometre",
        "percent % percentage",
        "gb gigabyte storage",
    )
)
_MONEY = frozenset("dollar usd buck eur euro pound gbp".split())
_MEASURE_UNITS = frozenset(
    "minute min hour hr day week month year km mile kg lb pound kilo gram percent % degree gb mb tb time am pm "
    "dollar usd buck euro eur gbp night".split()
)
_ID_NOUNS = frozenset(
    "order invoice booking ticket account reference ref confirmation case id flight room # no".split()
)
# Only one word stands before the number in its sentence: that word is the request's verb.
_SENTENCE_VERB = compiled(r"(?:^|[.!?;]\s*)\s*(?:please\s+)?[A-Za-z]+\s+$", re.IGNORECASE)
_NOT_COUNTED = frozenset(
    "on at in for to and by from tonight today tomorrow this next please pm am".split()
)
_ENUM_GUARDED = frozenset(
    "first second third last next new old other any all none same top free open closed normal regular standard "
    "default high low medium small large short long fast slow best up down on off yes no true false now later "
    "today tomorrow daily weekly monthly one two single double".split()
)
# Nouns that make a guarded word a choice ("the first option", "high priority level").
_CHOICE_NOUNS = frozenset("tier level option package version plan class mode setting size priority grade".split())
_ENUM_GUARD_PREVIOUS = frozenset("in to into fly flying choose pick select use prefer want as".split())
_NEGATORS = frozenset("not no from without instead except".split())
_WORD = compiled(r"[A-Za-z$%°]+|\d+")
# A free-text field named as an identifier ("order_id", "booking reference") takes a token with a digit
# that follows one of its words: "order 000123", "order number A-7731", "booking #QX12".
_IDENTIFIER_WORDS = frozenset({"id", "number", "no", "code", "reference", "ref"})
_IDENTIFIER_TOKEN = compiled(r"(?<![\w#-])#?([A-Za-z0-9][A-Za-z0-9-]*\d[A-Za-z0-9-]*)(?![\w-])")
_CAPITALIZED_RUN = compiled(r"[A-Z][\w'.-]*(?:\s+(?:(?:de|da|del|of|upon|la|le)\s+)?[A-Z][\w'.-]*)*")
_CALENDAR_WORDS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
    "august september october november december today tomorrow tonight".split()
)
_JOINING = frozenset({"or", "nor", "and"})
# Words that may stand between alternatives beside the field's own: "pet 12 or maybe the pet 13".
_ALTERNATIVE_FILLERS = frozenset("the maybe perhaps possibly number no # id".split())
_CAMEL = compiled(r"(?<=[a-z0-9])(?=[A-Z])|[_\-\s]+")


@dataclass(frozen=True, slots=True)
class FieldSpec:
    name: str
    schema: Mapping[str, Any]
    required: bool
    # A catalog tool's own field (its domain hint lists it): a value the words state for it is
    # reported even when the schema does not allow it, for the verifier to judge and ask about.
    tool_field: bool = False


@dataclass
class Owner:
    """An intent (or a baseline update) and the stretches of text that speak for it."""

    key: str
    spans: list[Span]
    fields: list[dict[str, Any]]
    # Statements said before the request ("i have a meeting at three pm | set an alarm for two pm"):
    # their days and times reach the request's fields only when its own words name none.
    background: list[Span] = field(default_factory=list)

    def holds(self, start: int, end: int) -> bool:
        return any(s <= start and end <= e for s, e in self.spans)

    def behind(self, start: int, end: int) -> bool:
        return any(s <= start and end <= e for s, e in self.background)


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def field_words(spec: FieldSpec) -> frozenset[str]:
    """The content words of a field's name and description, singular and lower-case."""
    description = spec.schema.get("description")
    title = spec.schema.get("title")
    return _field_words(
        spec.name, description if isinstance(description, str) else "", title if isinstance(title, str) else ""
    )


@lru_cache(maxsize=1024)
def _field_words(name: str, description: str, title: str) -> frozenset[str]:
    parts = [p.lower() for p in _CAMEL.split(name) if p]
    parts.extend(w.lower() for w in _WORD.findall(description))
    parts.extend(w.lower() for w in _WORD.findall(title))
    return frozenset(_singular(p) for p in parts if p not in _STOP and not p.isdigit())


@lru_cache(maxsize=1024)
def _expanded(words: frozenset[str]) -> frozenset[str]:
    out = set(words)
    for group in _SYNONYMS:
        if words & group:
            out |= group
    return frozenset(out)


def _words_near(text: str, start: int, end: int, before: int, after: int) -> tuple[list[str], list[str]]:
    prev = [_singular(w.lower()) for w in _WORD.findall(text[max(0, start - 40) : start])][-before:] if before else []
    nxt = [_singular(w.lower()) for w in _WORD.findall(text[end : end + 40])][:after]
    return prev, nxt


class _Ledger:
    """Which characters a field value already uses: one stretch of text feeds one field.

    Dates and times may share words ("tonight at 9" gives a date and a time), so each use is
    tagged with its reader and those two readers do not block each other.
    """

    _SHARED = frozenset(
        {("date", "time"), ("time", "date"), ("datetime", "date"), ("date", "datetime"), ("datetime", "time"),
         ("time", "datetime")}
    )

    def __init__(self) -> None:
        self.used: list[tuple[int, int, str]] = []
        self.kind = ""

    def free(self, mention: Mention) -> bool:
        return all(
            mention.end <= s or mention.start >= e or (self.kind, k) in self._SHARED for s, e, k in self.used
        )

    def take(self, mention: Mention) -> None:
        self.used.append((mention.start, mention.end, self.kind))


def _field_value(name: str, value: Any, evidence: str, candidates: list[Any] | None = None) -> dict[str, Any]:
    return {
        "field": name,
        "value": value,
        "evidence": evidence,
        "source": "input",
        "pointer": None,
        "candidates": candidates,
    }


def _as_integer(mention: Mention) -> Mention:
    """A whole number's mention with an ``int`` value (a count or an id, never 12.0)."""
    value = mention.value
    return replace(mention, value=int(value)) if isinstance(value, float) and value.is_integer() else mention


def _negated(text: str, mention: Mention) -> bool:
    prev, _ = _words_near(text, mention.start, mention.end, 3, 0)
    if prev[-1:] == ["no"] and text[: mention.start].rstrip().endswith(","):
        return False  # "no, 3 seats": the "no" takes back what came before
    return bool(prev) and (prev[-1] in _NEGATORS or (len(prev) > 1 and prev[-2] in ("instead", "not")))


def _day_set_aside(text: str, mention: Mention) -> bool:
    """``_negated`` for a day: after "from" it is left behind only as a range's start ("from Monday
    to Friday") or after a verb of change ("move it from Monday"); else "from" names the day of a
    thing ("remove the event from monday", "the sender from today's inbox")."""
    prev, _ = _words_near(text, mention.start, mention.end, 1, 0)
    if prev == ["from"] and not _RANGE_END_AFTER.match(text, mention.end) \
            and not _CHANGE_VERB.search(text, max(0, mention.start - 60), mention.start):
        return False
    return _negated(text, mention)


_DAY_NEARBY = 40  # characters between a bare time and a day that may be its day
_OR_BETWEEN = compiled(r"\s*,?\s*(?:or|or\s+maybe|or\s+else|or\s+perhaps)\s+(?:on\s+|at\s+)?$", re.IGNORECASE)
_CHANGE_VERB = compiled(
    r"\b(?:chang|mov|reschedul|push|shift|switch|postpon|bring|brought|updat|swap|amend|modif)\w*\b", re.IGNORECASE
)
_RANGE_END_AFTER = compiled(r"(?:'s)?\s*(?:-|–|—|(?:to|until|till|through|thru|and|or)\b)", re.IGNORECASE)
_RANGE_TO = compiled(r"\s*(?:-|–|—|to|until|till|through|thru)\s*$", re.IGNORECASE)
_POSSESSIVES = frozenset("my our your his her their".split())
_TEMPORAL_READERS = frozenset({"datetime", "date", "time"})
_DAY_LEAD = compiled(r"\b(?:on|the|on\s+the)\s+$", re.IGNORECASE)


_NOW_WORDS = frozenset({"now", "right now", "currently", "at the moment", "at present"})
_CHANGED_THINGS = frozenset(
    "alarm meeting call appointment reminder event class lesson session flight train bus booking reservation "
    "interview lunch dinner breakfast party".split()
)


def _names_the_changed(text: str, mention: Mention) -> bool:
    """ "send the notes of yesterday's meeting tomorrow", "change my six am alarm to seven am": where the
    request names another time, a time that owns its thing ("yesterday's meeting") or is owned ("my six
    am alarm"), or, after a verb of change, one that names the thing being changed ("the six am alarm")."""
    if "'s" in text[max(0, mention.end - 2) : mention.end + 2].replace("\u2019", "'"):
        return True  # "yesterday's meeting", the "'s" inside the phrase or after it
    prev, following = _words_near(text, mention.start, mention.end, 1, 1)
    if prev[:1] and prev[0] in _POSSESSIVES:
        return True  # "move my 3pm to 4pm", "remind me of my twelve o'clock meeting at eleven thirty"
    if not _CHANGE_VERB.search(text, max(0, mention.start - 60), mention.start):
        return False
    return bool(prev and following) and prev[0] in ("the", "this", "that") and following[0] in _CHANGED_THINGS


def _an_event_of(text: str, mention: Mention) -> bool:
    """"my 3pm", "our 10:30": a time naming an event someone has, not a time being asked for."""
    prev, _ = _words_near(text, mention.start, mention.end, 1, 0)
    return bool(prev) and prev[0] in _POSSESSIVES


def _day_nearby(mentions: tuple[TemporalMention, ...], index: int) -> bool:
    mention = mentions[index]
    for other in mentions:
        if other is mention or other.role or not any(r.day is not None for r in other.readings):
            continue
        gap = other.start - mention.end if other.start >= mention.end else mention.start - other.end
        if gap <= _DAY_NEARBY:
            return True
    return False


class _Spanned(Protocol):
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


_Located = TypeVar("_Located", bound=_Spanned)


class _Extractor:
    def __init__(
        self,
        text: str,
        specs: Sequence[FieldSpec],
        owners: Sequence[Owner],
        excluded: Sequence[Span],
        reference_time: datetime | None,
        temporal: tuple[list[Mention], list[Mention]] | None = None,
        timing: Sequence[Span] = (),
    ) -> None:
        self.text = text
        self.specs = specs
        self.owners = owners
        self.excluded = excluded
        self.timing = timing
        self.reference_time = reference_time
        self.dates, self.times = temporal if temporal is not None else (
            find_dates(text, reference_time), find_times(text, reference_time)
        )
        # a date or time in a quoted title or an address is no field's value (it still keeps its
        # digits from being read as counts: ``_inside_temporal`` looks at every phrase)
        self.quotes, self.addresses = quoted_spans(text), address_numbers(text)
        self.field_dates = [m for m in self.dates if not self._foreign(m.start, m.end)]
        self.field_times = [m for m in self.times if not self._foreign(m.start, m.end)]
        self.ledger = _Ledger()
        self.filled: set[str] = set()
        self.words = {spec.name: field_words(spec) for spec in specs}

    def _foreign(self, start: int, end: int) -> bool:
        return foreign_to_request(self.text, start, end, self.quotes, self.addresses)

    def _owner(self, mention: Mention) -> Owner | None:
        if any(s <= mention.start < e for s, e in self.excluded) and not (
                self.ledger.kind in _TEMPORAL_READERS and any(s <= mention.start < e for s, e in self.timing)):
            return None
        for owner in self.owners:
            if owner.holds(mention.start, mention.end):
                return owner
        return None

    def _emit(self, spec: FieldSpec, owner: Owner, mention: Mention, value: Any) -> None:
        owner.fields.append(_field_value(spec.name, value, self.text[mention.start : mention.end]))
        self.ledger.take(mention)
        self.filled.add(spec.name)

    def _emit_choice(self, spec: FieldSpec, mentions: list[Mention], values: list[Any]) -> None:
        """One value, or several readings as candidates when the text gives more than one."""
        owner = self._owner(mentions[0])
        if owner is None:
            return
        if self.ledger.kind in _TEMPORAL_READERS:
            mentions = [self._quotable(spec, m) for m in mentions]
        distinct: list[Any] = []
        for value in values:
            if value not in distinct:
                distinct.append(value)
        if len(distinct) == 1:
            self._emit(spec, owner, mentions[0], distinct[0])
            for extra in mentions[1:]:
                self.ledger.take(extra)
            return
        start, end = min(m.start for m in mentions), max(m.end for m in mentions)
        evidence = self.text[start:end] if end - start <= 80 else self.text[mentions[0].start : mentions[0].end]
        owner.fields.append(_field_value(spec.name, None, evidence, distinct))
        for mention in mentions:
            self.ledger.take(mention)
        self.filled.add(spec.name)

    def _foreground(self, mentions: Sequence[_Located]) -> list[_Located]:
        """``mentions`` without those of a statement said before their request, when that request's
        own words name one too."""
        behind = {id(m) for m in mentions if (o := self._owner(Mention(m.start, m.end, None))) is not None
                  and o.behind(m.start, m.end)}
        # "now" names no time of the request's own ("it is five am in liverpool what time is it now in new york")
        owners_ahead = {id(self._owner(Mention(m.start, m.end, None))) for m in mentions
                        if id(m) not in behind and self.text[m.start : m.end].lower() not in _NOW_WORDS}
        return [m for m in mentions if id(m) not in behind
                or id(self._owner(Mention(m.start, m.end, None))) not in owners_ahead]

    def _usable(self, mentions: list[Mention]) -> list[Mention]:
        return [m for m in mentions if self.ledger.free(m) and self._owner(m) is not None]

    def _prefer_cued(self, spec: FieldSpec, mentions: list[Mention]) -> list[Mention]:
        """Among several mentions, those whose preceding words name the field, if any do."""
        words = self.words[spec.name]
        cued = [m for m in mentions if set(_words_near(self.text, m.start, m.end, 3, 0)[0]) & words]
        return cued or mentions

    # --- one reader per kind -------------------------------------------------------------
    def pattern(self, spec: FieldSpec) -> None:
        mentions = self._usable(find_pattern_tokens(self.text, spec.schema["pattern"]))
        mentions = [m for m in mentions if not self._inside_temporal(m)]
        if mentions:
            chosen = self._prefer_cued(spec, mentions)[0]
            owner = self._owner(chosen)
            if owner is not None:
                self._emit_one_or_choice(spec, owner, chosen, mentions)

    def _emit_one_or_choice(self, spec: FieldSpec, owner: Owner, chosen: Mention, mentions: list[Mention]) -> None:
        """``chosen`` for ``spec``; with the other values joined to it, a choice to ask about."""
        others = self._alternatives(spec, chosen, mentions) if spec.tool_field else []
        if others:  # "order 000123 or 000124": not the first of them
            self._emit_choice(spec, [chosen, *others], [chosen.value, *(m.value for m in others)])
        else:
            self._emit(spec, owner, chosen, chosen.value)

    def _inside_temporal(self, mention: Mention) -> bool:
        return any(t.start <= mention.start and mention.end <= t.end for t in (*self.dates, *self.times))

    def simple(self, spec: FieldSpec, mentions: list[Mention]) -> None:
        usable = self._usable(mentions)
        if usable:
            chosen = self._prefer_cued(spec, usable)[0]
            owner = self._owner(chosen)
            if owner is not None:
                self._emit(spec, owner, chosen, chosen.value)

    def _grouped(self, spec: FieldSpec, mentions: list[Mention], specs_of_kind: list[FieldSpec]) -> list[Mention]:
        set_aside = _day_set_aside if self.ledger.kind == "date" else _negated
        usable = self._foreground([m for m in self._usable(mentions) if not set_aside(self.text, m)])
        if len(usable) > 1:  # the time of the thing being changed gives way to its new time
            usable = [m for m in usable if not _names_the_changed(self.text, m)] or usable
        if len(specs_of_kind) > 1:
            cued = [m for m in usable if set(_words_near(self.text, m.start, m.end, 4, 0)[0]) & self.words[spec.name]]
            if cued:
                return cued
            if len(usable) == len(specs_of_kind):
                return [usable[specs_of_kind.index(spec)]]
            return []
        return usable

    def dates_for(self, spec: FieldSpec, siblings: list[FieldSpec]) -> None:
        for mentions in self._by_owner(self._grouped(spec, self.field_dates, siblings)):
            if len(siblings) == 1:
                mentions = self._with_range_starts(mentions)
            values = [v.isoformat() for m in mentions for v in ((m.value,) if m.value is not None else m.candidates)]
            self._emit_choice(spec, mentions, values)

    def _quotable(self, spec: FieldSpec, mention: Mention) -> Mention:
        """The mention with the "on" or "the" before it when its words alone read as nothing: "twenty
        ninth" of "find a cab on twenty ninth" and "four april at five pm" are a day after "on" only,
        and the verifier reads the quote alone."""
        lead = _DAY_LEAD.search(self.text, max(0, mention.start - 8), mention.start)
        if lead is None or derive_values(self.text[mention.start : mention.end], spec.schema,
                                         reference_time=self.reference_time):
            return mention
        return replace(mention, start=lead.start())

    def _by_owner(self, mentions: list[Mention]) -> list[list[Mention]]:
        """The mentions of each request, in order: each request states its own day or time ("Call Bob
        on Monday. Then email Sue on Tuesday."), so a field the requests share is not given the
        first one's alone (two values for one field are a question, asked when the fields are judged)."""
        groups: dict[int, list[Mention]] = {}
        for mention in mentions:
            groups.setdefault(id(self._owner(mention)), []).append(mention)
        return list(groups.values())

    def _with_range_starts(self, mentions: list[Mention]) -> list[Mention]:
        """"from Dec 24 to Jan 2": the start, left out as a "from" value, comes back beside its end,
        so a field for one day is asked which. After a verb of change ("move it from Monday to
        Tuesday") the end is the new value, and stays alone."""
        out: list[Mention] = []
        for mention in mentions:
            for start in self.field_dates:
                if (start.end <= mention.start and _RANGE_TO.match(self.text, start.end, mention.start)
                        and start not in mentions and self.ledger.free(start)
                        and self._owner(start) is self._owner(mention)
                        and not _CHANGE_VERB.search(self.text, max(0, start.start - 60), start.start)):
                    out.append(start)
            out.append(mention)
        return out

    def times_for(self, spec: FieldSpec, siblings: list[FieldSpec]) -> None:
        for mentions in self._by_owner(self._grouped(spec, self.field_times, siblings)):
            self._times_of_owner(spec, mentions)

    def _times_of_owner(self, spec: FieldSpec, mentions: list[Mention]) -> None:
        values: list[Any] = []
        for mention in mentions:
            # written exactly as the verifier reads the quote (offsets and patterns included)
            evidence = self.text[mention.start : mention.end]
            readings = derive_values(evidence, spec.schema, reference_time=self.reference_time,
                                     tense=tense_at(self.text, mention.start, mention.end))
            # one clock may carry several offsets ("9:30pm IST": India's, Ireland's, Israel's)
            per_clock: dict[tuple[int, int], dict[str, str]] = {}
            for reading in readings:
                offset = reading.value[8:]  # "+05:30" of "21:30:00+05:30"; "" for "21:30" and "21:30:00"
                written = per_clock.setdefault((int(reading.value[:2]), int(reading.value[3:5])), {})
                written.setdefault(offset, reading.value)
            for clock in (mention.value,) if mention.value is not None else mention.candidates:
                values.extend(per_clock.get(tuple(clock), {}).values())
        if values:
            self._emit_choice(spec, mentions, values)

    def date_time(self, spec: FieldSpec) -> None:
        """Each request's phrase with a time of day (a bare time is its next occurrence); a day alone is not one.

        A bare time with a day named close by ("2pm, or 3pm tomorrow") is not its next occurrence:
        which day it is on is the question, so it stays open.
        """
        mentions = tuple(self._foreground(
            [m for m in read_temporal(self.text, self.reference_time) if not self._foreign(m.start, m.end)]))
        settled: set[int] = set()  # the requests whose moment is read, or left open as a question
        for index, mention in enumerate(mentions):
            owner = self._owner(Mention(mention.start, mention.end, None))
            if owner is None or id(owner) in settled:
                continue
            read = self._moment_of_owner(spec, mentions, index)
            if read is None:
                return  # left open: the request's moment is a question, and so is the field's
            if read:
                settled.add(id(owner))

    def _moment_of_owner(self, spec: FieldSpec, mentions: tuple[TemporalMention, ...], index: int) -> bool | None:
        """Whether ``mentions[index]`` settles its request's moment: read (alone, or with its
        alternatives), or left open (``None``) because another moment of that request rivals it."""
        mention = mentions[index]
        values = moments_of(mention, self.reference_time)
        span = Mention(mention.start, mention.end, None)
        if not mention.role and (_negated(self.text, span) or _an_event_of(self.text, span)):
            return False  # "from Monday", "move my 3pm to 4pm": the moment being moved, not the new one
        if mention.role == "start" and _CHANGE_VERB.search(self.text, max(0, span.start - 60), span.start):
            return False  # "change it from 7pm to 8pm": the end is the new moment
        if values and self.ledger.free(span) and self._owner(span) is not None:
            if all(r.day is None for r in mention.readings) and _day_nearby(mentions, index):
                return None
            spans, values = [span], list(values)
            for other in mentions[index + 1 :]:
                # "Thursday at 2pm, or Friday at 3": a choice to ask about; the two ends of a range
                # ("from 3 to 4pm") are both offered to a field for one moment
                other_span = Mention(other.start, other.end, None)
                other_values = moments_of(other, self.reference_time)
                ends = mention.role == "start" and other.role == "end" and len(spans) == 1
                if ends or _OR_BETWEEN.match(self.text, spans[-1].end, other.start):
                    spans.append(other_span)
                    values += [v for v in other_values if v not in values]
                elif self._rival(other_span, span, other_values):
                    # another moment of the same request ("at 8pm, doors open at 7pm"): which one
                    # the field wants is the question, not something to pick by order
                    return None
            self._emit_choice(spec, spans, values)
            return True
        return False

    def _rival(self, other_span: Mention, span: Mention, other_values: list[str]) -> bool:
        """Another moment the same request names for itself: not a negated one ("not at 7pm"), not
        the time of someone's event ("my 3pm"). A bare time counts too: "tomorrow at 7pm and a taxi at
        6:30pm" names two moments of the same day."""
        if not other_values or not self.ledger.free(other_span) or self._owner(other_span) is not self._owner(span):
            return False
        return not (_negated(self.text, other_span) or _an_event_of(self.text, other_span))

    def _same_owner(self, mentions: list[Mention]) -> list[Mention]:
        owner = self._owner(mentions[0])
        return [m for m in mentions if self._owner(m) is owner]

    def enum(self, spec: FieldSpec) -> None:
        words = self.words[spec.name]
        found = find_enum_values(self.text, spec.schema["enum"])
        outside = self._outside_enum(spec, found) if spec.tool_field else set()
        mentions: list[Mention] = []
        for mention in self._usable(found):
            if id(self._owner(mention)) in outside:
                continue  # that request's stated value is not an allowed one: it is asked about
            if _negated(self.text, mention):
                continue
            if str(mention.value).lower() in _ENUM_GUARDED and not self._stands_alone(mention):
                prev, nxt = _words_near(self.text, mention.start, mention.end, 1, 1)
                named = nxt and (nxt[0] in words or nxt[0] in _CHOICE_NOUNS)
                if not (named or (prev and (prev[0] in words or prev[0] in _ENUM_GUARD_PREVIOUS))):
                    continue
            mentions.append(mention)
        if mentions:
            mentions = self._same_owner(mentions)
            self._emit_choice(spec, mentions, [m.value for m in mentions])

    def _outside_enum(self, spec: FieldSpec, found: list[Mention]) -> set[int]:
        """Report each request's value stated for ``spec`` outside its enum; the ids of those owners.

        A negated value ("other than sold") counts as one where its request states no allowed value.
        """
        owners: set[int] = set()
        stated = stated_outside_enum(self.text, spec.name, spec.schema["enum"], found)
        usable = self._usable(found)
        negated = [(m, negation) for m in usable if (negation := negated_enum_value(self.text, m)) is not None]
        positive = {id(self._owner(m)) for m in usable if all(m is not n for n, _ in negated)}
        stated += [negation for m, negation in negated if id(self._owner(m)) not in positive]
        for mention in self._usable(stated):
            owner = self._owner(mention)
            if owner is None or id(owner) in owners or self._inside_temporal(mention):
                continue
            owners.add(id(owner))
            self._emit(spec, owner, mention, mention.value)
        return owners

    def _stands_alone(self, mention: Mention) -> bool:
        """The value is the whole sentence ("Basic.", "The enterprise one."): an answer, not an adjective."""
        before = self.text[: mention.start].rstrip()
        after = self.text[mention.end :].strip(" ,")
        if after.lower().startswith("please"):
            after = after[len("please") :].strip(" ,")
        before_ok = not before or before[-1] in ".!?:" or before.lower().endswith(("it's", "it is", "the"))
        return before_ok and (not after or after[0] in ".!?" or after.lower().startswith("one"))

    def numbers(self, numeric: list[FieldSpec]) -> None:
        mentions = [
            m
            for m in self._usable(find_numbers(self.text))
            if not self._inside_temporal(m) and not _negated(self.text, m)  # "6 instead of 4"
        ]
        expanded = {spec.name: _expanded(self.words[spec.name]) for spec in numeric}
        scored: list[tuple[int, int, FieldSpec, Mention]] = []
        for mention in mentions:
            prev, nxt = _words_near(self.text, mention.start, mention.end, 3, 3)
            following = [w for w in nxt[:3] if w not in ("more", "extra", "additional", "large", "small", "big", "new")]
            unit = mention.unit
            head = following[0] if following else ""
            for spec in numeric:
                kind = field_kind(spec.schema)
                if kind is FieldKind.INTEGER and not float(mention.value).is_integer():
                    continue
                names = expanded[spec.name]
                others: set[str] = set()
                for other in numeric:
                    if other is not spec:
                        others |= expanded[other.name]
                money = bool(names & _MONEY) or "amount" in names or "price" in names
                if unit is not None:
                    if unit in ("usd", "eur", "gbp") or _singular(unit) in _MONEY:
                        if money:
                            scored.append((3, -mention.start, spec, mention))
                        continue
                second = following[1] if len(following) > 1 else ""
                if head and (head in names or (second in names and head not in others)):
                    scored.append((3, -mention.start, spec, mention))
                    continue
                if prev and (prev[-1] in names or (len(prev) > 1 and prev[-2] in names and prev[-1] in ("of", "for"))):
                    if not (prev[-1] in _ID_NOUNS and prev[-1] not in names):
                        scored.append((3, -mention.start, spec, mention))
                        continue
                if prev and prev[-1] in _ID_NOUNS and not _SENTENCE_VERB.search(self.text[: mention.start]):
                    continue  # "order 3" names an order; "Order 3 boxes" orders three
                if head in others or head in _MEASURE_UNITS or len(numeric) > 1:
                    continue
                if head and head[:1].isalpha() and head not in _NOT_COUNTED:
                    scored.append((1, -mention.start, spec, mention))  # a counted thing of its own
                else:
                    scored.append((2, -mention.start, spec, mention))  # a bare number: "a table for six"
        scored.sort(key=lambda item: (-item[0], -item[1]))
        for _score, _position, spec, mention in scored:
            if spec.name in self.filled or not self.ledger.free(mention):
                continue
            owner = self._owner(mention)
            if owner is None:
                continue
            if field_kind(spec.schema) is FieldKind.INTEGER:
                self._emit_one_or_choice(spec, owner, _as_integer(mention), [_as_integer(m) for m in mentions])
            else:
                self._emit_one_or_choice(spec, owner, mention, mentions)  # "pet 12 or pet 13": a choice

    def _alternatives(self, spec: FieldSpec, chosen: Mention, mentions: list[Mention]) -> list[Mention]:
        """The values joined to ``chosen`` in its request, each named by the field's words or not at all.

        "pet 12 or pet 13", "order 000123, 000124 or 000125": a choice. "pet 12 and pet 13" names two
        values for an argument that takes one: one call cannot do what the words ask, so it is a
        choice too, never the first value alone. A comma alone joins values only in a list that
        ends the sentence ("pet 12, 13."), not before more words ("pet 7, 2 of them").
        """
        cue = _expanded(self.words[spec.name]) | _ALTERNATIVE_FILLERS
        owner = self._owner(chosen)
        following = sorted((m for m in mentions if m.start >= chosen.end), key=lambda m: m.start)
        chain: list[Mention] = []
        joined = 0  # how much of the chain a conjunction closes
        last = chosen
        for mention in following:
            between = self.text[last.end : mention.start]
            words = [_singular(word.lower()) for word in _WORD.findall(between)]
            listed = not words and between.strip() == ","
            if not listed and (not words or words[0] not in _JOINING or not set(words[1:]) <= cue):
                break
            if not self.ledger.free(mention) or self._owner(mention) is not owner or self._inside_temporal(mention):
                break
            if field_kind(spec.schema) is FieldKind.INTEGER and not float(mention.value).is_integer():
                break
            chain.append(mention)
            joined = joined if listed else len(chain)
            last = mention
        if chain and not _WORD.search(re.split(r"[.!?;\n]", self.text[chain[-1].end :], maxsplit=1)[0]):
            joined = len(chain)  # "Delete pet 12, 13.": the list ends the sentence
        return chain[:joined]

    def _of_kind(self, spec: FieldSpec, mentions: list[Mention]) -> None:
        for mention in mentions:
            if self._inside_temporal(mention) or not self.ledger.free(mention):
                continue
            owner = self._owner(mention)
            if owner is not None:
                self._emit(spec, owner, mention, mention.value)
                return

    def text_field(self, spec: FieldSpec) -> None:
        words = self.words[spec.name]
        description = str(spec.schema.get("description") or "").lower().strip(" .")
        cues: tuple[str, ...] = ()
        phrase_ends = description if not any(mark in description for mark in ":,;") else ""  # not a list of examples
        if "destination" in words or phrase_ends.endswith(" to") or "arrival" in words:
            cues = ("to",)
        elif "origin" in words or phrase_ends.endswith(" from"):
            cues = ("from",)
        elif "name" in words or "title" in words:
            cues = ("called", "named", "titled")
        elif "recipient" in words:
            cues = ("to",)
        elif words & {"location", "venue", "place", "address"} and not words & {"type", "kind"}:
            cues = ("in", "at")
        kind = text_kind(words, spec.name)
        if kind is not None and cues not in (("to",), ("from",)):
            self._of_kind(spec, find_of_kind(kind, self.text))
            return
        if not cues:
            if words & _IDENTIFIER_WORDS:
                self.identifier(spec, words)
            return  # a free-text field is filled only when its words show where it stands or what it holds
        for cue in cues:
            for match in re.finditer(rf"\b{cue}\s+", self.text, re.IGNORECASE):
                run = _CAPITALIZED_RUN.match(self.text, match.end())
                if run is None:
                    continue
                parts = run.group(0).rstrip(".").split()
                while parts and parts[-1].lower() in _CALENDAR_WORDS:
                    parts.pop()  # "to Madrid Friday": the day is not part of the place
                if not parts:
                    continue
                value = " ".join(parts)
                if self.text[run.start() : run.start() + len(value)] != value:
                    continue  # a line break or double space inside the name: not quoted as one run
                mention = Mention(run.start(), run.start() + len(value), value)
                if self._inside_temporal(mention) or not self.ledger.free(mention) or self._owner(mention) is None:
                    continue
                if any(m.start <= mention.start < m.end for m in (*self.dates, *self.times)):
                    continue
                owner = self._owner(mention)
                assert owner is not None
                self._emit(spec, owner, mention, mention.value)
                return

    def identifier(self, spec: FieldSpec, words: frozenset[str]) -> None:
        """An identifier token right after the field's words: "order 000123" for ``order_id``."""
        tokens = [Mention(match.start(1), match.end(1), match.group(1))
                  for match in _IDENTIFIER_TOKEN.finditer(self.text)]
        for mention in tokens:
            before, _ = _words_near(self.text, mention.start, mention.end, 2, 0)
            if not before or before[-1] not in words:
                continue
            if self._inside_temporal(mention) or not self.ledger.free(mention):
                continue
            owner = self._owner(mention)
            if owner is not None:
                self._emit_one_or_choice(spec, owner, mention, tokens)
                return


def extract_fields(
    text: str,
    specs: Sequence[FieldSpec],
    owners: Sequence[Owner],
    excluded: Sequence[Span],
    reference_time: datetime | None,
    temporal: tuple[list[Mention], list[Mention]] | None = None,
    timing: Sequence[Span] = (),
) -> None:
    """Fill ``owner.fields`` with every field value the text states, at most once per field.

    ``excluded``: stretches whose words are no request's values (a prohibition, a condition);
    ``timing``: those of them whose day or time still says when the request applies ("will I need a
    raincoat when I go to Glasgow on Sunday"): only dates and times are read there.

    The most specific readers run first (patterns, emails, dates, times, enums), so a digit that
    belongs to an order number or a date is never also read as a count.
    """
    if not specs or not owners:
        return
    extractor = _Extractor(text, specs, owners, excluded, reference_time, temporal, timing)
    kinds = {spec.name: field_kind(spec.schema) for spec in specs}

    def of_kind(kind: FieldKind) -> list[FieldSpec]:
        return [s for s in specs if kinds[s.name] is kind]

    for spec in of_kind(FieldKind.PATTERN):
        extractor.pattern(spec)
    for spec in of_kind(FieldKind.EMAIL):
        extractor.simple(spec, find_emails(text))
    for spec in of_kind(FieldKind.URI):
        extractor.simple(spec, find_uris(text))
    extractor.ledger.kind = "datetime"
    for spec in of_kind(FieldKind.DATE_TIME):
        extractor.date_time(spec)
    date_specs = of_kind(FieldKind.DATE)
    extractor.ledger.kind = "date"
    for spec in date_specs:
        extractor.dates_for(spec, date_specs)
    time_specs = of_kind(FieldKind.TIME)
    extractor.ledger.kind = "time"
    for spec in time_specs:
        extractor.times_for(spec, time_specs)
    extractor.ledger.kind = ""
    for spec in of_kind(FieldKind.ENUM):
        extractor.enum(spec)
    numeric = [s for s in specs if kinds[s.name] in (FieldKind.INTEGER, FieldKind.NUMBER)]
    if numeric:
        extractor.numbers(numeric)
    for spec in of_kind(FieldKind.TEXT):
        extractor.text_field(spec)
