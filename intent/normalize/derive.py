"""``derive_values``: every value a quoted piece of text can stand for under a field's schema."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from itertools import pairwise
from typing import Any

from intent.compiled_regex import compiled
from intent.normalize.enums import find_enum_values
from intent.normalize.kinds import FieldKind, field_kind
from intent.normalize.mentions import Mention
from intent.normalize.numbers import find_numbers, ordinal_value, runs_into_ordinal
from intent.normalize.patterns import compile_pattern, find_emails, find_pattern_tokens, find_uris
from intent.normalize.temporal import (
    TemporalMention,
    Tense,
    date_time_text,
    dates_of,
    moments_of,
    offset_text,
    read_temporal,
    times_of,
)
from intent.normalize.times import format_time

__all__ = [
    "Derived", "derive_values", "format_date_time", "number_unread_in_context", "phrase_values", "phrase_within",
    "time_values",
]  # fmt: skip

# Longer quotes are not read: a value must come from a short, specific phrase.
_MAX_EVIDENCE = 200
_BOOLEAN_WORDS = {"yes": True, "true": True, "no": False, "false": False}


@dataclass(frozen=True, slots=True)
class Derived:
    """One reading of the evidence: the value, and whether it needed an outside basis."""

    value: Any
    inferred: bool = False
    basis: str | None = None  # "referenceTime" when the reading depends on it
    # The same reading to the minute, when its seconds are the reference's own ("in 2 hours" said at
    # 10:00:42): a value a model may rightly propose, never offered as a reading of its own.
    to_the_minute: str | None = None


def time_values(hour: int, minute: int, schema: Mapping[str, Any], offset: int | None = None,
                second: int = 0, second_carried: bool = False) -> list[str]:
    """The time written the way the field asks.

    A ``format: time`` field takes RFC 3339 full-time, ``HH:MM:SS`` with the offset (from the zone
    the text names or the reference time); without a known offset it takes nothing, since the
    offset is part of the value. Other time fields take ``HH:MM`` first, ``HH:MM:SS`` when their
    pattern wants it; a time said to the second ("12:34:25") only ``HH:MM:SS``. Seconds the words do
    not say but a count carries from the reference ("in 2 hours" said at 10:00:42) are exact in
    ``HH:MM:SS`` and left out by a field written to the minute (``HH:MM`` after it).
    """
    if schema.get("format") == "time":
        return [] if offset is None else [format_time(hour, minute, second=second) + offset_text(offset)]
    options = [format_time(hour, minute, second=second)]
    if not second:
        options.insert(0, format_time(hour, minute))
    elif second_carried:
        options.append(format_time(hour, minute))
    pattern = schema.get("pattern")
    regex = compile_pattern(pattern) if isinstance(pattern, str) else None
    if regex is None:
        return options
    return [o for o in options if regex.search(o)]


def format_date_time(day: date, hour: int, minute: int, reference_time: datetime | None) -> str:
    """RFC 3339 date-time in the reference time's offset (UTC when it has none)."""
    offset = reference_time.utcoffset() if reference_time is not None else None
    minutes = int(offset.total_seconds() // 60) if offset is not None else None
    return date_time_text(day, (hour, minute), minutes)


# Number material the scanners did not take: "2.5m" (minutes? metres?), "1/3rd", "a few", a scale
# written short ("30 lkh", "300 cr": lakh and crore; "5 mil", "3 bln") or alone ("dozens", "thousands"),
# an ordinal a count runs into ("three trillionth": a position, not 3); "first" and "second" are
# words of their own ("the first 3", "a 5 second delay").
_UNREAD_NUMBER = compiled(
    r"\d|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|\b(?:half|halves|(?:quarter|third|fourth|fifth|sixth|seventh|eighth|ninth|nineth|tenth|"
    r"(?:eleven|twelf|(?:thir|four|fif|six|seven|eigh|nine)teen)th|(?:twen|thir|for|fif|six|seven|eigh|nine)tieth|"
    r"dozen|hundred|thousand|[a-z]*illion|(?:hundred|thousand|[a-z]*illion)th|lakh|lac|"
    r"lkh|crore|krore|koti|cr|mil|mln|mn|bil|bln|bn|couple|pair)s?|few|several|point)\b",
    re.IGNORECASE,
)
# A dash and a space before the number opening a quote: a list's bullet or a range's dash as often as
# a minus ("- 1,200,000").
_DASH_OPENING = compiled(r"^[-−–]\s+(?=[\d.$€£])")


_NEXT_WORD = compiled(r"[\s\-\u2010-\u2015]*([^\W\d_]+)")
# After a count, the words that make it another number: a scale it multiplies ("5 mil", "30 lkh") or an
# ordinal it runs into ("three trillionth"). Not a unit or a part it counts ("2 pairs", "3 quarters",
# "12 point font"): "3" of those is the count said.
_SCALE_OR_POSITION = compiled(
    r"(?:dozen|hundred|thousand|[a-z]*illion|lakh|lac|lkh|crore|krore|koti|cr|mil|mln|mn|bil|bln|bn)s?|"
    r"(?:hundred|thousand|[a-z]*illion)ths?|third|fourth|fifth|sixth|seventh|eighth|ninth|nineth|tenth|"
    r"(?:eleven|twelf|(?:thir|four|fif|six|seven|eigh|nine)teen)th|(?:twen|thir|for|fif|six|seven|eigh|nine)tieth",
    re.IGNORECASE,
)


def number_unread_in_context(text: str, start: int, end: int) -> bool:
    """Whether the quote ``text[start:end]`` runs, in ``text``, into number words the reader leaves
    unread: "5" of "5 mil", "30" of "30 lkh", "twenty" of "twenty fifth" or "forty second". Read
    alone it is a number; where it stands it is part of another one, or of a position."""
    following = _NEXT_WORD.match(text, end)
    if following is None:
        return False
    if _SCALE_OR_POSITION.fullmatch(following.group(1)):
        return True
    return runs_into_ordinal(text, end)


# Units of measure a compound amount is said in ("5 feet 2 inches", "2 hours and 30 minutes"): its one
# value is in a unit the words do not give, so none of its numbers is it.
_MEASURE_UNIT = compiled(
    r"\s*(?:(?P<unit>km|kms|kilomet(?:er|re)s?|m|met(?:er|re)s?|cm|centimet(?:er|re)s?|mm|millimet(?:er|re)s?|mi|"
    r"miles?|yds?|yards?|ft|foot|feet|in|inch(?:es)?|'|\"|''|kg|kgs|kilos?|kilograms?|g|grams?|lbs?|pounds?|oz|"
    r"ounces?|st|stones?|h|hrs?|hours?|mins?|minutes?|s|secs?|seconds?|days?|weeks?|months?|years?)\b|(?P<mark>['\"]))"
    r"\s*,?\s*(?:and\s+)?",
    re.IGNORECASE,
)


def _compound_measure(text: str, mentions: list[Mention]) -> bool:
    """Whether two numbers follow each other in different units of measure ("1 meter and 1 foot")."""
    for first, second in pairwise(mentions):
        between = _MEASURE_UNIT.fullmatch(text, first.end, second.start)
        after = _MEASURE_UNIT.match(text, second.end)
        if between is None or after is None:
            continue
        units = [(m.group("unit") or m.group("mark")).lower().rstrip("s") for m in (between, after)]
        if units[0] != units[1]:
            return True
    return False


def _numbers(text: str, integer: bool) -> list[Derived]:
    out: list[Derived] = []
    if _DASH_OPENING.match(text):
        return out
    mentions = find_numbers(text)
    if _compound_measure(text, mentions):
        return out
    leftover = list(text)
    for mention in mentions:
        leftover[mention.start : mention.end] = " " * (mention.end - mention.start)
    if mentions and _UNREAD_NUMBER.search("".join(leftover)):
        return out  # part of the amount is written in a form not read: no reading beats a wrong one
    for mention in mentions:
        value = mention.value
        if integer and not float(value).is_integer():
            continue
        out.append(Derived(int(value) if integer else value))
    if not out:
        try:  # the plain machine form, e.g. "1e3" or "-0.5"
            number = float(text.replace(",", ""))
        except ValueError:
            return out
        if not math.isfinite(number) or len(text) > 24:
            return out  # "nan" and "inf" are words, not amounts; long digit runs are not exact
        if not integer or number.is_integer():
            out.append(Derived(int(number) if number.is_integer() else number))
    return out


def _integers(text: str) -> list[Derived]:
    """An integer field's readings: its numbers, else the position an ordinal states ("the 3rd")."""
    out = _numbers(text, True)
    if not out:
        position = ordinal_value(text)
        if position is not None:
            out.append(Derived(position))
    return out


# Words a date or time quote may hold besides the phrase itself ("on", "at", "by the", ",").
_CONNECTORS = frozenset(
    "at on the by for of in around about approximately approx roughly from to until till til between and or starting "
    "through thru please due sharp latest earliest exactly promptly ish".split()
)
_WORD = compiled(r"[^\W_]+(?:['’][^\W_]+)?")
# Phrases of several words that, like "sharp", only say a time is exact ("4pm on the dot").
_CONNECTOR_PHRASES = compiled(r"\bon\s+the\s+dot\b", re.IGNORECASE)


def _read_whole(text: str, reference_time: datetime | None, tense: Tense | None) -> tuple[TemporalMention, ...]:
    """The phrases of a quote, or none when words are left that the grammar did not read.

    A quote like "the first Monday of October" contains "Monday"; reading only that word would
    give a confident wrong day, so a quote counts only when every word is part of a phrase or a
    connector.
    """
    mentions = read_temporal(text, reference_time, tense)
    if not mentions:
        return ()
    position = 0
    for mention in (*mentions, None):
        end = len(text) if mention is None else mention.start
        for word in _WORD.findall(_CONNECTOR_PHRASES.sub(" ", text[position:end])):
            if word.lower() not in _CONNECTORS:
                return ()
        if mention is not None:
            position = max(position, mention.end)
    return mentions


def phrase_within(text: str, start: int, end: int, reference_time: datetime | None = None) -> TemporalMention | None:
    """The one phrase the grammar reads in all of ``text`` that the quote ``text[start:end]`` holds
    whole, with nothing else but connectors ("on Dec 5, 8:30" holds "Dec 5, 8:30"); None otherwise.
    Where it stands its readings may be more than the quote's alone: a time lent by a list ("Monday"
    of "Monday or Tuesday at 10am"), an evening the sentence speaks of ("Dinner Dec 5, 8:30")."""
    inside = [m for m in read_temporal(text, reference_time) if m.start < end and start < m.end]
    if len(inside) != 1 or inside[0].start < start or inside[0].end > end:
        return None
    phrase = inside[0]
    rest = f"{text[start : phrase.start]} {text[phrase.end : end]}"
    return phrase if all(w.lower() in _CONNECTORS for w in _WORD.findall(rest)) else None


def _dates(mentions: tuple[TemporalMention, ...]) -> list[Derived]:
    out: list[Derived] = []
    for mention in mentions:
        for day in dates_of(mention):
            value = day.isoformat()
            out.append(Derived(value, True, "referenceTime") if mention.inferred else Derived(value))
    return out


def _times(mentions: tuple[TemporalMention, ...], schema: Mapping[str, Any],
           reference_time: datetime | None) -> list[Derived]:
    out: list[Derived] = []
    zoned_field = schema.get("format") == "time"
    for mention in mentions:
        for (hour, minute), offset, second, carried in times_of(mention, reference_time):
            # the offset came from the reference time unless the text named a zone
            inferred = zoned_field and not any(r.zone for r in mention.readings)
            # a zoned field is written to the second; one a count carried may also be given to the minute
            coarse = (time_values(hour, minute, schema, offset)[0]
                      if zoned_field and carried and second and offset is not None else None)
            for value in time_values(hour, minute, schema, offset, second, carried):
                out.append(Derived(value, inferred, "referenceTime" if inferred else None, coarse))
    return out


def _day_apart_from_time(mentions: tuple[TemporalMention, ...]) -> bool:
    """A day and a time of day the grammar read apart in one quote ("8:23 AM | Jul 9"): the time's
    day is that day, which the time alone (its next occurrence) would not give."""
    kinds = {("day" if all(r.clock is None for r in m.readings) else
              "time" if all(r.day is None for r in m.readings) else "moment")
             for m in mentions if m.readings and not m.role}
    return {"day", "time"} <= kinds


def _date_times(mentions: tuple[TemporalMention, ...], reference_time: datetime | None) -> list[Derived]:
    out: list[Derived] = []
    if _day_apart_from_time(mentions):
        return out
    for mention in mentions:
        explicit = not mention.inferred and all(r.day is not None and r.zone for r in mention.readings)
        carried = any(r.second_carried for r in mention.readings)
        for value in moments_of(mention, reference_time):
            # moments_of writes "YYYY-MM-DDThh:mm:ss<offset>": characters 17-18 are the seconds
            coarse = f"{value[:17]}00{value[19:]}" if carried and value[17:19] != "00" else None
            out.append(Derived(value, not explicit, None if explicit else "referenceTime", coarse))
    return out


def _temporal(mentions: tuple[TemporalMention, ...], kind: FieldKind, schema: Mapping[str, Any],
              reference_time: datetime | None) -> list[Derived]:
    if kind is FieldKind.DATE:
        return _dates(mentions)
    if kind is FieldKind.DATE_TIME:
        return _date_times(mentions, reference_time)
    return _times(mentions, schema, reference_time)


def _derive(
    text: str, schema: Mapping[str, Any], reference_time: datetime | None, tense: Tense | None
) -> list[Derived]:
    kind = field_kind(schema)
    if kind is FieldKind.ENUM:
        options = schema["enum"]
        out = [Derived(m.value) for m in find_enum_values(text, options)]
        numeric = [o for o in options if isinstance(o, (int, float)) and not isinstance(o, bool)]
        if numeric:
            out.extend(d for d in _numbers(text, False) if d.value in numeric)
        return out
    if kind is FieldKind.INTEGER:
        return _integers(text)
    if kind is FieldKind.NUMBER:
        return _numbers(text, False)
    if kind is FieldKind.BOOLEAN:
        word = text.lower().strip(" .!")
        return [Derived(_BOOLEAN_WORDS[word])] if word in _BOOLEAN_WORDS else []
    if kind in (FieldKind.DATE, FieldKind.DATE_TIME, FieldKind.TIME):
        return _temporal(_read_whole(text, reference_time, tense), kind, schema, reference_time)
    if kind is FieldKind.EMAIL:
        return [Derived(m.value) for m in find_emails(text)]
    if kind is FieldKind.URI:
        return [Derived(m.value) for m in find_uris(text)]
    if kind is FieldKind.PATTERN:
        return [Derived(m.value) for m in find_pattern_tokens(text, schema["pattern"])]
    return []


def _unique(items: list[Derived]) -> list[Derived]:
    out: list[Derived] = []
    seen: set[tuple[str, str]] = set()
    for item in items:
        key = (type(item.value).__name__, repr(item.value))
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def phrase_values(mention: TemporalMention, schema: Mapping[str, Any], *,
                  reference_time: datetime | None = None) -> list[Derived]:
    """Every value a phrase the grammar read in a request can stand for under a date, date-time or
    time ``schema`` (empty for any other kind): its readings where it stands, not its words re-read."""
    kind = field_kind(schema)
    if kind not in (FieldKind.DATE, FieldKind.DATE_TIME, FieldKind.TIME):
        return []
    return _unique(_temporal((mention,), kind, schema, reference_time))


def derive_values(
    evidence: str, schema: Mapping[str, Any], *, reference_time: datetime | None = None, tense: Tense | None = None
) -> list[Derived]:
    """Every value ``evidence`` can stand for under ``schema`` (empty when none), without duplicates.

    Pure and conservative: a reading is offered only when the quoted words state it, or state
    it relative to ``reference_time`` (then ``inferred`` with basis "referenceTime"). ``tense``
    is the cue of the sentence the quote was taken from (``tense_at``): "Monday" in "I met her
    on Monday" is the Monday just gone.
    """
    text = evidence.strip()
    if not text or len(text) > _MAX_EVIDENCE:
        return []
    return _unique(_derive(text, schema, reference_time, tense))
