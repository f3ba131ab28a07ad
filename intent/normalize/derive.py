"""``derive_values``: every value a quoted piece of text can stand for under a field's schema."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from intent.normalize.dates import find_dates
from intent.normalize.enums import find_enum_values
from intent.normalize.kinds import FieldKind, field_kind
from intent.normalize.mentions import Mention
from intent.normalize.numbers import find_numbers
from intent.normalize.patterns import compile_pattern, find_emails, find_pattern_tokens, find_uris
from intent.normalize.times import find_times, format_time

__all__ = ["Derived", "derive_values", "format_date_time", "time_values"]

# Longer quotes are not read: a value must come from a short, specific phrase.
_MAX_EVIDENCE = 200
_BOOLEAN_WORDS = {"yes": True, "true": True, "no": False, "false": False}


@dataclass(frozen=True, slots=True)
class Derived:
    """One reading of the evidence: the value, and whether it needed an outside basis."""

    value: Any
    inferred: bool = False
    basis: str | None = None  # "referenceTime" when the reading depends on it


def time_values(hour: int, minute: int, schema: Mapping[str, Any]) -> list[str]:
    """The time written the way the field asks: ``HH:MM`` first, ``HH:MM:SS`` when the pattern wants it."""
    options = [format_time(hour, minute), format_time(hour, minute, seconds=True)]
    pattern = schema.get("pattern")
    regex = compile_pattern(pattern) if isinstance(pattern, str) else None
    if regex is None:
        return options
    return [o for o in options if regex.search(o)]


def format_date_time(day: date, hour: int, minute: int, reference_time: datetime | None) -> str:
    """RFC 3339 date-time in the reference time's offset (UTC when it has none)."""
    offset = reference_time.utcoffset() if reference_time is not None else None
    if offset is None or not offset:
        suffix = "Z"
    else:
        minutes = int(offset.total_seconds() // 60)
        sign = "+" if minutes >= 0 else "-"
        suffix = f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    return f"{day.isoformat()}T{hour:02d}:{minute:02d}:00{suffix}"


def _inferred(mention: Mention, value: Any) -> Derived:
    return Derived(value, True, "referenceTime") if mention.inferred else Derived(value)


def _numbers(text: str, integer: bool) -> list[Derived]:
    out: list[Derived] = []
    for mention in find_numbers(text):
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


def _dates(text: str, reference_time: datetime | None) -> list[Derived]:
    reference = reference_time.date() if reference_time is not None else None
    out: list[Derived] = []
    for mention in find_dates(text, reference):
        for value in (mention.value,) if mention.value is not None else mention.candidates:
            out.append(_inferred(mention, value.isoformat()))
    return out


def _times(text: str, schema: Mapping[str, Any]) -> list[Derived]:
    out: list[Derived] = []
    for mention in find_times(text):
        for hour, minute in (mention.value,) if mention.value is not None else mention.candidates:
            out.extend(Derived(v) for v in time_values(hour, minute, schema))
    return out


def _date_times(text: str, reference_time: datetime | None) -> list[Derived]:
    reference = reference_time.date() if reference_time is not None else None
    dates = [m for m in find_dates(text, reference) if m.value is not None]
    times = [m for m in find_times(text) if m.value is not None]
    if len(dates) != 1 or len(times) != 1:
        return []
    hour, minute = times[0].value
    return [_inferred(dates[0], format_date_time(dates[0].value, hour, minute, reference_time))]


def _derive(text: str, schema: Mapping[str, Any], reference_time: datetime | None) -> list[Derived]:
    kind = field_kind(schema)
    if kind is FieldKind.ENUM:
        options = schema["enum"]
        out = [Derived(m.value) for m in find_enum_values(text, options)]
        numeric = [o for o in options if isinstance(o, (int, float)) and not isinstance(o, bool)]
        if numeric:
            out.extend(d for d in _numbers(text, False) if d.value in numeric)
        return out
    if kind in (FieldKind.INTEGER, FieldKind.NUMBER):
        return _numbers(text, kind is FieldKind.INTEGER)
    if kind is FieldKind.BOOLEAN:
        word = text.lower().strip(" .!")
        return [Derived(_BOOLEAN_WORDS[word])] if word in _BOOLEAN_WORDS else []
    if kind is FieldKind.DATE:
        return _dates(text, reference_time)
    if kind is FieldKind.DATE_TIME:
        return _date_times(text, reference_time)
    if kind is FieldKind.TIME:
        return _times(text, schema)
    if kind is FieldKind.EMAIL:
        return [Derived(m.value) for m in find_emails(text)]
    if kind is FieldKind.URI:
        return [Derived(m.value) for m in find_uris(text)]
    if kind is FieldKind.PATTERN:
        return [Derived(m.value) for m in find_pattern_tokens(text, schema["pattern"])]
    return []


def derive_values(
    evidence: str, schema: Mapping[str, Any], *, reference_time: datetime | None = None
) -> list[Derived]:
    """Every value ``evidence`` can stand for under ``schema`` (empty when none), without duplicates.

    Pure and conservative: a reading is offered only when the quoted words state it, or state
    it relative to ``reference_time`` (then ``inferred`` with basis "referenceTime").
    """
    text = evidence.strip()
    if not text or len(text) > _MAX_EVIDENCE:
        return []
    out: list[Derived] = []
    seen: set[tuple[str, str]] = set()
    for item in _derive(text, schema, reference_time):
        key = (type(item.value).__name__, repr(item.value))
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out
