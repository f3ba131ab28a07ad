"""The English records of ctparse's human-annotated time parse dataset: the text, its reference, the expected
day, moment or time of day.

ctparse (comtravo/ctparse, MIT licence, Python) ships, beside the corpora of its own tests
(``ctparse/time/corpus.py`` and ``auto_corpus.py``, a tuning corpus here), a data set of about 2000
time expressions in English and German, written by people and annotated by hand:
``datasets/timeparse_corpus.json``, described in ``datasets/README.rst``, read here at commit 6e78175.
Get it with ``git show 6e78175:datasets/timeparse_corpus.json`` from the public repository; nothing
of it is part of this one. The file is read as data (JSON): a list of records, each with ``text``,
``ref_time`` (ISO 8601 with no offset), ``language`` (``en``, ``de`` or ``other``) and ``gold_parse``:

- ``Time[]{YYYY-MM-DD HH:MM (dow/tod)}``, each part a number or ``X`` when missing; ``tod`` a part of
  day (``morning``, ``evening``, ``earlymorning``, ``noon``, ...) or ``first``/``last`` (the first or
  last flight of a day);
- ``Interval[]{START - END}``, each end such a time or ``None`` (open);
- ``Duration[]{N UNIT}``.

The reference is naive and is given offset 0 here, reference and expected value alike.

Grain, from the annotation: a ``Time`` with year, month and day and no clock time is a *day*; with
year, month and day and hour and minute, a *moment*; with hour and minute and no day at all, a *time
of day* (``grain == "time"``, kept with ``--times``; its expected value on the reference's day).

Left out and counted by reason: records in another language (the record's own label; a record
labelled English is kept as labelled), intervals, durations; a part of day (or the first or last of
a day) with no clock time (its hour is a convention, not the words'); a day not fully given (a year,
a month or a day missing) or a clock hour with no minute; and the annotations the words contradict
(by the words alone, never by a parser's reading): a weekday written that is not the annotated
day's (the words disagree with themselves or with the annotation), a month named that is not the
annotated one, a text writing day numbers none of which is the annotated day of the month; repeats
of a text with the same reference (both left out if their annotations differ). Phrases of more than
six words are counted apart by ``bench.time_eval``, as for every corpus.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

__all__ = ["TimeparseCase", "TimeparseCorpus", "read_timeparse"]


@dataclass(frozen=True, slots=True)
class TimeparseCase:
    text: str
    reference: datetime
    expected: datetime  # for a day, midnight of the day; for a time of day, on the reference's day
    grain: str  # "day", "moment" or "time"
    source: str  # file name and record number (from 1)


@dataclass(slots=True)
class TimeparseCorpus:
    cases: list[TimeparseCase] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    dropped_at: list[tuple[str, str, str]] = field(default_factory=list)  # (file:record, text, reason)


class _Drop(Exception):
    """A record that is not one simple day, moment or time of day; its message is the reason counted."""


_LANGUAGE = "a record in another language ({})"
_INTERVAL = "an interval (two ends, or one open)"
_DURATION = "a duration"
_PART_OF_DAY = "a part of day with no clock time (its hour is a convention)"
_FIRST_LAST = "the first or last of a day (a flight) with no clock time"
_PARTIAL_DAY = "a day not fully given (a year, a month or a day missing)"
_NOTHING = "no day and no clock time"
_HOUR_ONLY = "a clock hour with no minute"
_UNREAD = "an annotation the reader does not follow"
_WEEKDAY_DISAGREES = "a weekday written that is not the annotated day's (the words or the annotation disagree)"
_MONTH_DISAGREES = "a month named that is not the annotated one"
_DAY_DISAGREES = "day numbers written, none of them the annotated day of the month"
_REPEAT = "a repeat of a text with the same reference"
_CONFLICT = "repeats of a text with the same reference, annotated differently"

_TIME = re.compile(r"^Time\[\]\{(\d{4}|X)-(\d{1,2}|X)-(\d{1,2}|X) (\d{1,2}|X):(\d{2}|X) \((\w+)/(\w+)\)\}$")

# --- what the words say, to check the annotation against ----------------------------------------

_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY = re.compile(r"(?<![a-z])(mon|monday|tue|tues|tuesday|wed|wednesday|thu|thur|thurs|thursday|fri|friday|"
                      r"sat|saturday|sun|sunday)(?![a-z])", re.IGNORECASE)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = re.compile(r"(?<![a-z])(jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|"
                    r"sept|september|oct|october|nov|november|dec|december)(?![a-z])", re.IGNORECASE)
# "may" is a month only beside a day number ("May 22nd", "22 may"): else it may be the verb.
_MAY_AS_MONTH = re.compile(r"(?<![a-z])may\s*\d|\d(?:st|nd|rd|th)?\.?\s*(?:of\s+)?may(?![a-z])", re.IGNORECASE)
# Clock times and numbers of three or more digits, taken out before day numbers are looked for
# ("17:30", "9.00 a.m.", "16.29h", "15h05", "6pm", "2pmTuesday", "1015", "2017").
_NOT_A_DAY = re.compile(
    r"\d{1,2}:\d\d|\d{1,2}[.h]\d\d\s*(?:h(?![a-z])|[ap]\.?\s?m)|\d{1,2}\.00(?!\d)|\d{1,2}h\d\d|"
    r"\d{1,2}\s*[ap]\.?\s?m|\d{3,}", re.IGNORECASE)
_MONTH_WORD = _MONTH.pattern.replace("(jan|", "(?:jan|", 1)
# Where a text writes a day of the month: an ordinal ("18th"), a number beside a month name ("8 Nov",
# "Nov 8", "1.Jun", "12th of October"), a numeric date ("24.8.", "19/09", "12-11-2017"; with dots only
# day first, the second number a month: "9.30" is a clock time).
_DAY_NUMBERS = re.compile(
    r"(?<!\d)(\d{1,2})(?:st|nd|rd|th)(?![a-z])"
    r"|(?<![\d.])(\d{1,2})\.?\s*(?:of\s+)?" + _MONTH_WORD
    + r"|" + _MONTH_WORD + r"\.?\s*(\d{1,2})(?!\d)"
    r"|(?<![\d.])(\d{1,2})\.(\d{1,2})(?![\d])(?:\.(?!\d)|\.\d{2,4}(?!\d)|(?!\.))"
    r"|(?<![\d/-])(\d{1,2})[/-](\d{1,2})(?![\d])", re.IGNORECASE)


def _weekday_disagrees(text: str, day: datetime) -> bool:
    written = {_WEEKDAYS.index(m.group(1).lower()[:3]) for m in _WEEKDAY.finditer(text)}
    return bool(written) and day.weekday() not in written


def _month_disagrees(text: str, day: datetime) -> bool:
    named = {_MONTHS.index(m.group(1).lower()[:3]) + 1 for m in _MONTH.finditer(text)
             if m.group(1).lower() != "may" or _MAY_AS_MONTH.search(text)}
    return bool(named) and day.month not in named


def _day_disagrees(text: str, day: datetime) -> bool:
    numbers: set[int] = set()
    for match in _DAY_NUMBERS.finditer(_NOT_A_DAY.sub(" ", text)):
        found = [int(g) for g in match.groups() if g is not None and g.isdigit()]
        if match.group(5) is not None and int(match.group(5)) > 12:
            continue  # with dots, day first: a second number above 12 is no month ("9.30")
        numbers.update(found)
    numbers &= set(range(1, 32))
    return bool(numbers) and day.day not in numbers


# --- the annotation -----------------------------------------------------------------------------

def _case(text: str, reference: datetime, gold: str) -> tuple[datetime, str]:
    """(expected value, grain) of one English record, or a drop with its reason."""
    if gold.startswith("Interval[]"):
        raise _Drop(_INTERVAL)
    if gold.startswith("Duration[]"):
        raise _Drop(_DURATION)
    match = _TIME.match(gold.strip())
    if match is None:
        raise _Drop(_UNREAD)
    year, month, day, hour, minute, _, part = match.groups()
    has_day = "X" not in (year, month, day)
    has_clock = hour != "X" and minute != "X"
    if not has_clock and part != "X":
        raise _Drop(_FIRST_LAST if part in ("first", "last") else _PART_OF_DAY)
    if hour != "X" and minute == "X":
        raise _Drop(_HOUR_ONLY)
    if not has_day and (year, month, day) != ("X", "X", "X"):
        raise _Drop(_PARTIAL_DAY)
    try:
        if not has_day:
            if not has_clock:
                raise _Drop(_NOTHING)
            return reference.replace(hour=int(hour), minute=int(minute), second=0, microsecond=0), "time"
        expected = datetime(int(year), int(month), int(day), tzinfo=timezone.utc)
        if has_clock:
            expected = expected.replace(hour=int(hour), minute=int(minute))
    except ValueError as exc:
        raise _Drop(_UNREAD) from exc
    if _weekday_disagrees(text, expected):
        raise _Drop(_WEEKDAY_DISAGREES)
    if _month_disagrees(text, expected):
        raise _Drop(_MONTH_DISAGREES)
    if _day_disagrees(text, expected):
        raise _Drop(_DAY_DISAGREES)
    return expected, "moment" if has_clock else "day"


def _records(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a JSON list of records")
    return [r for r in data if isinstance(r, dict)]


def read_timeparse(paths: Sequence[Path]) -> TimeparseCorpus:
    """Every record of the given files, read as a case or counted as left out with its reason."""
    corpus = TimeparseCorpus()

    def drop(where: str, text: str, reason: str) -> None:
        corpus.dropped[reason] += 1
        corpus.dropped_at.append((where, text, reason))

    seen: dict[tuple[str, datetime], tuple[datetime, str]] = {}
    conflicts: set[tuple[str, datetime]] = set()
    for path in paths:
        for number, record in enumerate(_records(path), start=1):
            where = f"{path.name}:{number}"
            text = " ".join(str(record.get("text") or "").split())
            language = str(record.get("language") or "?")
            try:
                if language != "en":
                    raise _Drop(_LANGUAGE.format(language))
                try:
                    reference = datetime.fromisoformat(str(record.get("ref_time"))).replace(tzinfo=timezone.utc)
                except ValueError as exc:
                    raise _Drop(_UNREAD) from exc
                expected, grain = _case(text, reference, str(record.get("gold_parse") or ""))
            except _Drop as reason:
                drop(where, text, str(reason))
                continue
            key = (text.lower(), reference)
            if key in seen:
                if seen[key] != (expected, grain):
                    conflicts.add(key)
                drop(where, text, _REPEAT)
                continue
            seen[key] = (expected, grain)
            corpus.cases.append(TimeparseCase(text, reference, expected, grain, where))
    for case in [c for c in corpus.cases if (c.text.lower(), c.reference) in conflicts]:
        corpus.cases.remove(case)
        drop(case.source, case.text, _CONFLICT)
    return corpus
