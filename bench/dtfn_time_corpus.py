"""The cases of DateTime::Format::Natural's parse tests: the text, the reference, the expected value and its grain.

DateTime::Format::Natural (stsc/DateTime-Format-Natural, Perl, licensed under the same terms as Perl
itself) tests its ``parse_datetime`` in ``t/*.t``, read here at commit c9408c5e
(c9408c5e8dc9fe34e356047af5c0ea283c077dde). Get them with ``git show c9408c5e:t/<file>`` (and
``...:lib/DateTime/Format/Natural/Test.pm``, only to read what the helpers mean) from the public
repository; nothing of them is part of this one. The files are read as text, never run: each list
``my @name = ( { 'TEXT' => [ 'dd.mm.yyyy HH:MM:SS', truncated ] }, ... );`` (or ``{ 'TEXT' => 'VALUE' }``,
``{ 'TEXT' => [ 'VALUE', 'FORMAT' ] }``, ``{ 'TEXT' => { result => 'VALUE', tz => 'ZONE', ns => N } }``),
the ``_run_tests(N, [ [ \\@list ], [ \\@list, \\%options ] ], ...)`` call that says which lists run with
options, and the constructor the file's check calls (``DateTime::Format::Natural->new(ARGS)``).

What the tests' helpers do, in our words (``Test.pm``):

- "now" is Friday 2006-11-24 01:13:08 (``%time``), set on the parser with ``_set_datetime``; the
  values are naive (floating) and are given offset 0 here, reference and expected value alike.
- A text is expanded into variants before it is tried: ``{ }`` is written with no space and with one
  ("5pm", "5 pm"); `` {at}`` with nothing and with " at" ("tomorrow 4:00", "tomorrow at 4:00");
  ``{sec}`` with no seconds and with ``:SS`` in text and value alike; ``{min_sec}`` with nothing,
  ``:00`` and ``:00:SS`` (the value's minute and second ``00:00``, ``00:00``, ``00:SS``). The tests
  draw SS at random; here it is the fixed ``SECOND`` (42). Every variant is a case.
- Each text is also tried in lower and in upper case; only the text as written is read here.
- ``truncated``/``unaltered`` say whether the parser cut the units finer than the words gave; they
  are not needed here: the grain comes from the words.

Files read: those whose check calls ``parse_datetime`` on such lists (``01-parse``, ``02-parse_format``,
``03-parse_daytime``, ``05-parse_time_zone``, ``06-*``, ``07-*``, ``08-*``, ``09-parse_iso8601``,
``10-parse_expand`` and their ``_hires`` twins). The others (durations, extraction, success and
failure only, validation) give no single value: their entries are counted, never read.

Grain, from the words (``bench.time_phrase_kinds`` and the cues here), never from an outcome here: a
count of hours, minutes, seconds or milliseconds, or "now", is a *moment*; a clock time with a day
named is a *moment*; a clock time alone ("4pm", "noon", "17:00") is a *time of day* (``grain ==
"time"``, kept with ``--times``: the parser puts it on today whatever the hour, a convention of its
own, so only the time of day is the words'); a phrase naming one day with no clock time is a *day*
(for a count of days, weeks, months or years, "10 days ago", the parser keeps the clock time: its
day is taken). A phrase naming no single day (a month, a year, a week) is left out.

Left out and counted by reason, because the value comes from a setting or a convention of the parser
and not from the words: an option the test sets (``format``, ``prefer_future``, ``demand_future``,
``time_zone``, ``daytime``); a part of day with no clock time ("morning" 08:00, its table); a
period named with last/this/next and no day in it ("last hour", "this week", "6am last week": the
parser's start of it); the beginning or end of a period; a count before or after a day word ("6
hours before tomorrow": counted from the day's start); a day word or weekday followed by a count
ago ("yesterday 7 hours ago", "fri 3 months ago": the parser's composition); midnight on a named
day (the start or the end of it); an n-th weekday or day with no month or year ("2nd monday",
"100th day": the parser's this month's, this year's) and an n-th day of a week (which day starts the
week); a Sunday in a named week; a weekday with no next/last on or before the reference (the
parser's this week's day, even when past: "thursday", "this friday" on a Friday); "next/last
<weekday>" when the parser's next or last week's day is not the nearest such day ("last wednesday"
said on a Friday); a date with no year already past (the parser: this year's); a numeric date with
a two-digit year (its century) or whose month and day are both 12 or less and differ (the order);
digits only ("6"), the basic ISO format ("20111018000000"), an ISO date and time with no day, a
decimal comma, a fraction finer than a microsecond, an offset no zone has; repeats (both left out if
their values disagree).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bench.time_phrase_kinds import DAY_CUE, STATES_TIME

__all__ = ["REFERENCE", "SECOND", "DtfnCase", "DtfnCorpus", "expand", "read_dtfn"]

# ``%time`` of the tests' helper module: Friday 2006-11-24 01:13:08, floating (offset 0 here).
REFERENCE = datetime(2006, 11, 24, 1, 13, 8, tzinfo=timezone.utc)
SECOND = 42  # stands for the tests' random second in ``{sec}`` and ``{min_sec}``


@dataclass(frozen=True, slots=True)
class DtfnCase:
    text: str
    reference: datetime
    expected: datetime  # for a day, midnight of the day; for a time of day, on the reference's day
    grain: str  # "day", "moment" or "time"
    source: str  # file name and line


@dataclass(slots=True)
class DtfnCorpus:
    cases: list[DtfnCase] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    dropped_at: list[tuple[str, str, str]] = field(default_factory=list)  # (file:line, text, reason)


class _Drop(Exception):
    """A case whose value is not the words'; its message is the reason counted."""


# --- the test files as data -------------------------------------------------------------------

_LIST = re.compile(r"^my\s+@(\w+)\s*=\s*\((.*?)^\);", re.MULTILINE | re.DOTALL)
_QUOTED = r"(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\")"
_ENTRY = re.compile(r"^\s*\{\s*" + _QUOTED + r"\s*=>\s*(.*?)\s*\},?\s*(?:#.*)?$")
_PAIR = re.compile(r"^\[\s*'([^']*)'\s*,\s*(truncated|unaltered|undef|'[^']*')\s*\]$")
_SINGLE = re.compile(r"^'([^']*)'$")
_ISO_RESULT = re.compile(r"^\{\s*result\s*=>\s*'([^']*)'\s*,\s*tz\s*=>\s*'([^']*)'\s*(?:,\s*ns\s*=>\s*([\d_]+)\s*)?\}$")
_RUN_TESTS = re.compile(r"_run_tests\s*\(\s*\d+\s*,\s*\[(.*?)\]\s*,\s*\\&", re.DOTALL)
_SET = re.compile(r"\[\s*\\@(\w+)\s*(,\s*\\%\w+\s*)?\]")
_CONSTRUCTOR = re.compile(r"DateTime::Format::Natural->new\b\s*")
_VALUE = re.compile(r"^(\d\d)\.(\d\d)\.(\d{4}) (\d\d):(\d\d):(\d\d)(?:\.(\d{3}))?$")

_OTHER_FILE = "a check of a duration, an extraction, success or failure only, or validation (not one value)"
_OPTION = "an option set by the test ({})"
_REPEAT = "a repeat of a case already read"


def expand(text: str, value: str) -> list[tuple[str, str]]:
    """The variants the tests try for one entry (see the module docstring), each with its value."""
    stages: list[tuple[str, str]] = [(text, value)]
    if "{min_sec}" in text:
        stages = [(text.replace("{min_sec}", t, 1), value.replace("{min_sec}", v, 1))
                  for t, v in (("", "00:00"), (":00", "00:00"), (f":00:{SECOND:02d}", f"00:{SECOND:02d}"))]
    elif "{sec}" in text:
        stages = [(text.replace("{sec}", t, 1), value.replace("{sec}", v, 1))
                  for t, v in (("", "00"), (f":{SECOND:02d}", f"{SECOND:02d}"))]
    if "{ }" in text:
        stages = [(t.replace("{ }", space, 1), v) for t, v in stages for space in ("", " ")]
    if "{at}" in text:
        stages = [(t.replace(" {at}", at, 1), v) for t, v in stages for at in ("", " at")]
    return stages


def _value(text: str, zone: timezone = timezone.utc, ns: int = 0) -> datetime:
    match = _VALUE.match(text)
    if match is None:
        raise _Drop("an expected value the reader does not follow")
    day, month, year, hour, minute, second = (int(g) for g in match.groups()[:6])
    ms = int(match.group(7) or 0)
    if ns % 1000:
        raise _Drop("a fraction of a second finer than a microsecond")
    return datetime(year, month, day, hour, minute, second, ms * 1000 + ns // 1000, tzinfo=zone)


def _zone(name: str) -> timezone | None:
    if name in ("floating", "UTC"):
        return timezone.utc
    match = re.fullmatch(r"([+-])(\d\d)(\d\d)", name)
    if match is None:
        return None
    hours, minutes = int(match.group(2)), int(match.group(3))
    if hours > 23 or minutes > 59:
        return None
    sign = 1 if match.group(1) == "+" else -1
    return timezone(sign * timedelta(hours=hours, minutes=minutes))


def _constructor_arguments(source: str) -> list[str]:
    """The argument text of each ``DateTime::Format::Natural->new(...)`` in the file ('' for none)."""
    found = []
    for match in _CONSTRUCTOR.finditer(source):
        start = match.end()
        if start >= len(source) or source[start] != "(":
            found.append("")
            continue
        depth, end = 0, start
        for end in range(start, len(source)):
            depth += {"(": 1, ")": -1}.get(source[end], 0)
            if depth == 0:
                break
        found.append(" ".join(source[start + 1 : end].split()))
    return found


def _settings(source: str) -> tuple[str | None, bool]:
    """The option the file's parser is built with (None: the defaults), and whether it is given per
    entry (a format column) or per list (a ``daytime`` hash) rather than for all."""
    options = []
    for args in _constructor_arguments(source):
        if args in ("", "datetime => DateTime->new(%time)"):
            continue
        if args == "%args":
            return None, True  # the format column of each entry
        options.append(args)
    if not options:
        return None, False
    if all(re.fullmatch(r"daytime => \$opts \|\| \{\}", o) for o in options):
        return "daytime", True  # only the lists run with an options hash
    names = sorted({name for o in options for name in re.findall(r"\b([a-z_]+)\s*=>", o)}
                   - {"name", "year", "month", "day", "hour", "minute", "second"})
    return ", ".join(names) or "an argument", False


# --- what the words decide --------------------------------------------------------------------

_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY_WORD = r"(?:mon|monday|tue|tues|tuesday|wed|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|" \
                r"sun|sunday)"
_WEEKDAY = re.compile(r"\b(" + _WEEKDAY_WORD + r")\b", re.IGNORECASE)
_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
_MONTH = re.compile(r"\b" + _MONTH_WORD + r"\b", re.IGNORECASE)
_FOUR_DIGIT_YEAR = re.compile(r"(?<![\d.:])\d{4}(?![\d:])")
_DIRECTION = r"(?:last|this|next)"
_UNIT = r"(?:milliseconds?|seconds?|minutes?|hours?|weeks?|months?|quarters?|years?)"
# A period named by last/this/next: a unit (not a day) or a month name.
_PERIOD = re.compile(r"\b" + _DIRECTION + r"\s+(?:" + _UNIT + r"|" + _MONTH_WORD + r")\b", re.IGNORECASE)
_ORDINAL = r"\d+(?:st|nd|rd|th)"
# What names a day beside a period: a weekday, an n-th day or weekday, a day number with a month.
_DAY_BESIDE_PERIOD = re.compile(
    r"\b" + _WEEKDAY_WORD + r"\b|\b" + _ORDINAL + r"\s+(?:day|" + _WEEKDAY_WORD + r")\b|\b\d{1,2}\s+" + _MONTH_WORD
    + r"|\b" + _MONTH_WORD + r"\s+\d{1,2}\b", re.IGNORECASE)
_PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening|night|tonight)\b", re.IGNORECASE)
_HOUR_IN_PART = re.compile(r"\d\s+in\s+the\s+(?:morning|afternoon|evening)\b", re.IGNORECASE)
_EDGE = re.compile(r"\b(?:beginning|end|start)\s+of\b", re.IGNORECASE)
_DAY_WORD = r"(?:yesterday|today|tomorrow)"
_COUNT_BEFORE_DAY = re.compile(r"\b(?:before|after)\s+" + _DAY_WORD + r"\b", re.IGNORECASE)
_DAY_THEN_AGO = re.compile(r"\b(?:" + _DAY_WORD + r"|" + _WEEKDAY_WORD + r")\s+\d+\s+\w+\s+ago\b", re.IGNORECASE)
_MIDNIGHT = re.compile(r"\bmidnight\b", re.IGNORECASE)
_NTH_OF_WEEK = re.compile(r"\b" + _ORDINAL + r"\s+day\s+" + _DIRECTION + r"\s+week\b", re.IGNORECASE)
_NTH_ALONE = re.compile(r"\b(?:" + _ORDINAL + r"|final)\s+(?:day|" + _WEEKDAY_WORD + r")\b(?!\s+(?:in|of|"
                        + _DIRECTION + r")\b)", re.IGNORECASE)
_NAMED_WEEK = re.compile(r"\b" + _DIRECTION + r"\s+week\b", re.IGNORECASE)
_COUNTED_WEEKDAYS = re.compile(r"\b\d+\s+" + _WEEKDAY_WORD + r"s\b", re.IGNORECASE)
_NEXT_LAST_WEEKDAY = re.compile(r"\b(next|last|this)\s+(" + _WEEKDAY_WORD + r")\b(?!\s+(?:in|of)\b)", re.IGNORECASE)
_WEEKDAY_IN_MONTH = re.compile(r"\b" + _WEEKDAY_WORD + r"\s+(?:in|of)\s+" + _MONTH_WORD, re.IGNORECASE)
_RELATIVE_YEAR = re.compile(r"\b" + _DIRECTION + r"\s+(?:year|" + _MONTH_WORD + r")\b|\byears?\s+ago\b|\bfrom now\b",
                            re.IGNORECASE)
_NUMERIC_DATE = re.compile(r"(?<![\d:.])(\d{1,4})([/.-])(\d{1,2})(?:\2(\d{1,4}))?(?![\d:])")
_MERIDIEM = re.compile(r"\s*[ap]\.?m\b", re.IGNORECASE)
_DIGITS_ONLY = re.compile(r"\d+")
_ISO_NO_DAY = re.compile(r"^\d{4}(?:-\d\d)?T", re.IGNORECASE)
_DECIMAL_COMMA = re.compile(r"\d,\d")
_ISO_DAY = re.compile(r"\d{4}-\d\d-\d\d(?:T|\b)", re.IGNORECASE)
_ISO_TIME = re.compile(r"\dT\d\d", re.IGNORECASE)
# A count of clock time from the reference (a moment), or "now" (not "from now").
_COUNTS_CLOCK = re.compile(r"(?<![a-z])(?:milliseconds?|msecs?|seconds?|secs?|minutes?|mins?|hours?|hrs?)(?![a-z])|"
                           r"(?<!from )(?<!before )\bnow\b", re.IGNORECASE)
# A count before or after a clock time ("10 minutes before noon"): a time of day, not counted from now.
_COUNT_FROM_CLOCK = re.compile(r"\b(?:before|after)\s+(?:noon|midnight|\d)", re.IGNORECASE)
_FROM_NOW = re.compile(r"\b(?:before|from)\s+now\b", re.IGNORECASE)
_LAST_DAY = re.compile(r"\blast\s+day\b(?!\s+of\b)", re.IGNORECASE)
_FINE_FRACTION = re.compile(r"[.,]\d{7,}")


def _weekday_number(name: str) -> int:  # Monday 0
    return _WEEKDAYS.index(name.lower()[:3])


def _names_day(text: str) -> bool:
    return bool(DAY_CUE.search(text) or _ISO_DAY.search(text) or _COUNTED_WEEKDAYS.search(text))


def _states_clock(text: str) -> bool:
    return bool(STATES_TIME.search(text) or _ISO_TIME.search(text))


def _edge_form(text: str) -> str | None:
    """Why a form is an edge of writing rather than words (digits only, ISO corners), or None."""
    stripped = text.strip()
    if _DIGITS_ONLY.fullmatch(stripped):
        return "digits only (a clock hour, a number or the basic ISO format)"
    if _ISO_NO_DAY.match(stripped):
        return "an ISO date and time with no day (the day set to the first)"
    if _DECIMAL_COMMA.search(stripped):
        return "a decimal comma"
    if _FINE_FRACTION.search(stripped):
        return "a fraction of a second finer than a microsecond"
    return None


def _numeric_order(text: str) -> str | None:
    for match in _NUMERIC_DATE.finditer(text):
        first, second, third = match.group(1), match.group(3), match.group(4)
        if len(first) == 4:
            continue
        if match.group(2) == "." and (_MONTH.search(text) or _MERIDIEM.match(text, match.end())):
            continue  # a clock time written with dots ("3.00 pm", "Nov 24th 2006 17.00.00")
        if third is not None and len(third) != 4:
            return "a numeric date with a two-digit year (its century is the parser's)"
        if int(first) <= 12 and int(second) <= 12 and int(first) != int(second):
            return "a numeric date whose month and day are both 12 or less (the order is a setting)"
    return None


def _weekday_convention(text: str, expected: datetime) -> str | None:
    """Why a weekday phrase's day is the parser's week convention rather than the words', or None."""
    named = _WEEKDAY.findall(text)
    if not named or _COUNTED_WEEKDAYS.search(text) or _WEEKDAY_IN_MONTH.search(text) \
            or re.search(r"\b" + _ORDINAL + r"\s+" + _WEEKDAY_WORD, text, re.IGNORECASE) \
            or _DAY_THEN_AGO.search(text):
        return None
    weekday = _weekday_number(named[0])
    if _NAMED_WEEK.search(text):
        return "a Sunday in a named week (which day starts the week)" if weekday == 6 else None
    today = REFERENCE.date()
    direction = _NEXT_LAST_WEEKDAY.search(text)
    if direction and direction.group(1).lower() != "this":
        step = 1 if direction.group(1).lower() == "next" else -1
        nearest = today + timedelta(days=step * (((weekday - today.weekday()) * step) % 7 or 7))
        parser = today + timedelta(days=7 * step + weekday - today.weekday())
        if nearest != parser:
            return "next/last <weekday>: the parser's next or last week's day, not the nearest such day"
        return None
    this_week = today + timedelta(days=weekday - today.weekday())  # weeks from Monday, as its values show
    if this_week <= today:
        return "a weekday alone or with 'this', on or before the reference (the parser: this week's, even when past)"
    return None


def _no_year_past(text: str, expected: datetime) -> bool:
    names_date = bool(_MONTH.search(text) or _NUMERIC_DATE.search(text)) and _names_day(text)
    return (names_date and not _FOUR_DIGIT_YEAR.search(text) and not _RELATIVE_YEAR.search(text)
            and expected.date() < REFERENCE.date())


def _convention(text: str, expected: datetime) -> str | None:
    """Why the value of a case is set by a convention of the parser rather than its words, or None."""
    for check in (_edge_form(text), _numeric_order(text)):
        if check:
            return check
    if _PART_OF_DAY.search(text) and not _HOUR_IN_PART.search(text):
        return "a part of day with no clock time (an hour from the parser's table)"
    if _EDGE.search(text):
        return "the beginning or end of a period"
    period = _PERIOD.search(text)
    if period and not _DAY_BESIDE_PERIOD.search(text[: period.start()] + " " + text[period.end():]):
        return "a period named with last/this/next and no day in it (the parser's start of it)"
    if _COUNT_BEFORE_DAY.search(text):
        return "a count before or after a day word (counted from the day's start)"
    if _DAY_THEN_AGO.search(text) and (_WEEKDAY.search(text) or re.search(_DAY_WORD, text, re.IGNORECASE)):
        return "a day word or weekday followed by a count ago (the parser's composition)"
    if _MIDNIGHT.search(text) and (_names_day(text) or _WEEKDAY.search(text)):
        return "midnight on a named day (its start or its end)"
    if _LAST_DAY.search(text):
        return "'last day' alone (the day before, or the final day of a period the words do not name)"
    if _NTH_OF_WEEK.search(text):
        return "an n-th day of a week (which day starts the week)"
    if _NTH_ALONE.search(text):
        return "an n-th weekday or day with no month or year (the parser's this month's, this year's)"
    weekday = _weekday_convention(text, expected)
    if weekday:
        return weekday
    if _no_year_past(text, expected):
        return "a date with no year, already past (the parser: this year's)"
    return None


def _grain(text: str, expected: datetime) -> str:
    """The grain the words give (see the module docstring), or a drop when the value is not one of them."""
    day = _names_day(text)
    if _COUNT_FROM_CLOCK.search(text) and not day:
        return "time"
    if _COUNTS_CLOCK.search(text) or re.search(r"[+-]\s*\d+\s*(?:min|h|s)\b", text):
        return "moment"
    if _states_clock(_FROM_NOW.sub(" ", text)):
        return "moment" if day else "time"
    if not day:
        raise _Drop("not one day or moment (a year, a month or a week)")
    return "day"


# --- the files ---------------------------------------------------------------------------------

@dataclass(slots=True)
class _Reader:
    corpus: DtfnCorpus
    seen: dict[str, tuple[datetime, str]] = field(default_factory=dict)
    conflicts: set[str] = field(default_factory=set)

    def drop(self, where: str, text: str, reason: str) -> None:
        self.corpus.dropped[reason] += 1
        self.corpus.dropped_at.append((where, text, reason))

    def case(self, where: str, text: str, expected: datetime, grain: str) -> None:
        key = " ".join(text.lower().split())
        if key in self.seen:
            if self.seen[key] != (expected, grain):
                self.conflicts.add(key)
            self.drop(where, text, _REPEAT)
            return
        self.seen[key] = (expected, grain)
        self.corpus.cases.append(DtfnCase(text, REFERENCE, expected, grain, where))

    def entry(self, where: str, text: str, value: str, option: str | None) -> None:
        """One list entry: its variants read as cases, or counted as left out."""
        for variant, variant_value in expand(text, value):
            try:
                if option:
                    raise _Drop(_OPTION.format(option))
                expected = _read_value(variant_value)
                reason = _convention(variant, expected)
                if reason:
                    raise _Drop(reason)
                grain = _grain(variant, expected)
                if grain == "day":
                    expected = expected.replace(hour=0, minute=0, second=0, microsecond=0)
                self.case(where, variant.strip(), expected, grain)
            except _Drop as drop:
                self.drop(where, variant, str(drop))


def _read_value(value: str) -> datetime:
    """A value as the entry writes it: 'dd.mm.yyyy HH:MM:SS[.mmm]', or the ISO test's result hash."""
    iso = _ISO_RESULT.match(value)
    if iso is None:
        return _value(value)
    zone = _zone(iso.group(2))
    if zone is None:
        raise _Drop("an offset no zone has")
    return _value(iso.group(1), zone, int((iso.group(3) or "0").replace("_", "")))


def _entry_value(raw: str) -> tuple[str, str | None] | None:
    """(value, the format the entry sets or None) of an entry's right-hand side, or None for a range."""
    pair = _PAIR.match(raw)
    if pair:
        column = pair.group(2)
        return pair.group(1), (column.strip("'") if column.startswith("'") else None)
    single = _SINGLE.match(raw)
    if single:
        return single.group(1), None
    if _ISO_RESULT.match(raw):
        return raw, None
    return None


def _read_file(path: Path, reader: _Reader) -> None:
    source = path.read_text(encoding="utf-8")
    lists = {m.group(1): (m.group(2), source.count("\n", 0, m.start(2))) for m in _LIST.finditer(source)}
    reads_values = "parse_datetime(" in source and not re.search(r"parse_datetime_duration|extract_datetime", source)
    option, per_entry = _settings(source)
    with_options: set[str] = set()
    run = _RUN_TESTS.search(source)
    if run:
        with_options = {m.group(1) for m in _SET.finditer(run.group(1)) if m.group(2)}
    for name, (body, first_line) in lists.items():
        for offset, line in enumerate(body.splitlines()):
            entry = _ENTRY.match(line)
            if entry is None or line.lstrip().startswith("#"):
                continue
            text = entry.group(1) if entry.group(1) is not None else entry.group(2)
            where = f"{path.name}:{first_line + offset + 1}"
            found = _entry_value(entry.group(3).strip())
            if not reads_values or found is None:
                reader.drop(where, text, _OTHER_FILE if not reads_values else "a range of two values")
                continue
            value, entry_format = found
            entry_option = option
            if per_entry and option is None and entry_format is not None:
                entry_option = "format"
            elif per_entry and option is not None:
                entry_option = option if name in with_options else None
            reader.entry(where, text, value, entry_option)


def read_dtfn(paths: Sequence[Path]) -> DtfnCorpus:
    """Every entry of the given test files, read as cases (one per variant the tests try) or counted as
    left out with its reason."""
    corpus = DtfnCorpus()
    reader = _Reader(corpus)
    for path in paths:
        _read_file(path, reader)
    for case in [c for c in corpus.cases if " ".join(c.text.lower().split()) in reader.conflicts]:
        corpus.cases.remove(case)
        reader.drop(case.source, case.text, "the tests disagree")
    return corpus
