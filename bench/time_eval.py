"""Score the time grammar on another parser's public test corpus of time expressions.

    python -m bench.time_eval duckling PATH/Duckling/Time/EN/Corpus.hs [--failures N] [--dateparser]
    python -m bench.time_eval ctparse PATH/ctparse/time/corpus.py [PATH/ctparse/time/auto_corpus.py ...]
    python -m bench.time_eval recognizers PATH/Specs/DateTime/English/DateTimeModel.json [more spec files ...]
    python -m bench.time_eval recognizers TUNING_SPECS ... --exclude-from HELD_OUT_SPECS ...
    python -m bench.time_eval recognizers PATH/Specs/DateTime/English/*Parser.json --directions [--pipeline]
    python -m bench.time_eval chrono PATH/chrono/test/en/*.test.ts [--times] [--pipeline] [--negatives]
    python -m bench.time_eval chronic PATH/chronic/test/test_parsing.rb [--pipeline]
    python -m bench.time_eval natty PATH/{Date,DateTime,Time,TimeZone}Test.java [--times] [--pipeline]
    python -m bench.time_eval go WHEN/rules/{en,common}/*_test.go NATURALDATE/naturaldate_test.go [--times] [--pipeline]
    python -m bench.time_eval dateparser DATEPARSER/tests/test_{freshness_date_parser,date_parser,search}.py [--times]
    python -m bench.time_eval compromise COMPROMISE/plugins/dates/tests/*.test.js [--times] [--pipeline]
    python -m bench.time_eval parsedatetime PARSEDATETIME/tests/Test*.py [--times] [--pipeline]
    python -m bench.time_eval sugar SUGAR/test/tests/date.js [--times] [--pipeline] [--negatives]
    python -m bench.time_eval dtfn DATETIME-FORMAT-NATURAL/t/*.t [--times] [--pipeline]
    python -m bench.time_eval timeparse CTPARSE/datasets/timeparse_corpus.json [--times] [--pipeline]
    python -m bench.time_eval chronic PATH/chronic/test/test_parsing.rb --compare [--wrapper 'Note: {phrase}']
    python -m bench.time_eval natty PATH/...Test.java --pipeline --wrapper 'Note: {phrase}'
    python -m bench.time_eval duckling PATH/Duckling/Time/EN/Corpus.hs --wrappers [--compare]

The data is not part of this repository; get it from the projects' public repositories:
Duckling's English time corpus (``Duckling/Time/EN/Corpus.hs`` in facebook/duckling, BSD
licence; reference time 2013-02-12T04:30:00-02:00) and ctparse's corpora
(``ctparse/time/corpus.py`` and ``auto_corpus.py`` in comtravo/ctparse, MIT licence; each entry
carries its own reference time, and the corpora mix English and German), and Microsoft
Recognizers-Text's English DateTime specs (``Specs/DateTime/English/`` in
microsoft/Recognizers-Text, MIT licence: ``DateTimeModel.json`` and ``MergedParser.json`` give each
found phrase its resolved values, ``DateParser.json``, ``DateTimeParser.json`` and
``HolidayParser.json`` a future and a past resolution; each entry carries its reference time),
chrono's English tests (``test/en/*.test.ts`` in wanasit/chrono, MIT licence, less
``en_performance.test.ts`` and ``negative_cases.test.ts``: each ``testSingleCase`` gives a sentence,
its reference and checks of the phrase found and its start; read by ``chrono_phrases``, see
``bench.chrono_corpus`` for the grain rule and what is left out) and Chronic's parsing tests
(``test/test_parsing.rb`` in mojombo/chronic, MIT licence; fixed reference 2006-08-16T14:00; read by
``chronic_phrases``, see ``bench.chronic_corpus``) and natty's JUnit tests (``DateTest.java``,
``DateTimeTest.java``, ``TimeTest.java`` and ``TimeZoneTest.java``, PATH above:
``src/test/java/com/joestelmach/natty/`` in joestelmach/natty, MIT licence, read at commit 74389feb;
each ``validateDate``/``validateDateTime``/``validateTime`` with its reference, US/Eastern; read by
``natty_phrases``, see ``bench.natty_corpus`` for the grain rule and what is left out) and two Go
parsers' tests, together the corpus ``go``: olebedev/when's English and common rules
(``rules/en/*_test.go`` and ``rules/common/*_test.go``, Apache-2.0 licence, read at commit 987a8eed;
fixtures of the phrase found and its offset from a fixed reference) and tj/go-naturaldate's
``naturaldate_test.go`` (MIT licence, read at commit 32a1a6c1; inputs and printed values against a
fixed base, in a past and a future direction list); read by ``go_phrases``, see
``bench.go_time_corpus`` for the grain rule and what is left out); dateparser's English tests
(``tests/test_freshness_date_parser.py``, ``tests/test_date_parser.py`` and ``tests/test_search.py`` in
scrapinghub/dateparser, BSD-3-Clause licence, read at commit 315e396b; parametrised cases of a text, its
settings and its expected value, read with ``ast``; read by ``dateparser_phrases``, see
``bench.dateparser_time_corpus`` for the grain rule and what is left out); and compromise's date plugin
tests (``plugins/dates/tests/*.test.js`` in spencermountain/compromise, MIT licence, read at commit
4a329e6a; lists of phrases and expected starts against a fixed ``today`` and zone; read by
``compromise_phrases``, see ``bench.compromise_time_corpus`` for the grain rule and what is left out);
and parsedatetime's English tests (``tests/Test*.py`` in bear/parsedatetime, Apache-2.0 licence, read at
commit 2a4b1690; ``Calendar.parse`` checks of a text against a start and an expected value and flag,
read with ``ast``, "now" fixed; the other locales' files are counted and left out; read by
``parsedatetime_phrases``, see ``bench.parsedatetime_time_corpus`` for the grain rule and what is left
out); and Sugar's English date tests (``test/tests/date.js`` in andrewplummer/Sugar, MIT licence, read
at commit 3ca57818; ``assertDateParsed`` calls of a text and an expected value built by the tests'
helpers, evaluated with "now" fixed at Monday 2020-04-20 10:30 +09:00; read by ``sugar_phrases``, see
``bench.sugar_time_corpus`` for the grain rule and what is left out; its ``assertDateNotParsed`` texts
are the negatives of ``--negatives``); and DateTime::Format::Natural's parse tests (``t/*.t`` in
stsc/DateTime-Format-Natural, licensed under the same terms as Perl itself, read at commit c9408c5e;
lists of a text and its expected value against a fixed "now", Friday 2006-11-24 01:13:08, each text
tried in the variants the tests expand it into; read as data by ``dtfn_phrases``, see
``bench.dtfn_time_corpus`` for the grain rule and what is left out); and ctparse's human-annotated time
parse dataset (``datasets/timeparse_corpus.json`` in comtravo/ctparse, MIT licence, read at commit
6e78175; not its test corpora above: time expressions people wrote, each record with its own reference
time and a hand-written annotation; English records only; read as data by ``timeparse_phrases``, see
``bench.timeparse_time_corpus`` for the grain rule and what is left out). chrono, Chronic, natty, go,
dateparser, compromise, parsedatetime, sugar, dtfn and timeparse print how many cases were left out, by
reason. dateparser, parsedatetime (since b5ea558), sugar (since f110b33), dtfn (since 0826057) and
timeparse (since b8023cc) are held-out corpora (``HELD_OUT_CORPORA``): ``--failures`` is refused for
them. go was held out too
until its per-phrase outcomes were first read (from d7aa9f0 to 2c20df2), chrono and natty until
c2237b2, and compromise until f110b33; they are tuning corpora since.

A *simple phrase* is one whose expected value is a single calendar day or a single moment
(Duckling grains day, hour, minute, second; ctparse ``Time`` entries with a full date and no part
of day), written in English, at most six words; intervals, weeks, months, quarters, years,
latent and negative examples are left out. For Recognizers-Text, a found phrase (its ``Text``)
of type date or datetime with exactly one resolved value (for the parser specs: the future and
past resolutions agree), no modifier, and a real date (their ``0001-01-01`` marks "no date"), whose
value does not hang on words of its input outside it (a phrase naming a day in an entry of several
results whose input names a week or a month once for all, "next week on Tuesday or Thursday"; a
phrase with a zone named right after it, "at 7 PM CET", whose spec value leaves the zone out);
with ``--times``, also one of type time that resolves to one time of day (an alternative of
``datetimealt`` counts as the type its value names; for chrono, a case that checks only the time of
day).
Each phrase is read the way a field would read it: a day-grain phrase as the evidence of a
``format: date`` field, any finer one as the evidence of a ``format: date-time`` field, a time of
day as the evidence of a ``format: time`` field, all through ``derive_values`` with the corpus's
reference time.

``--exclude-from FILES`` (Recognizers-Text spec files) drops every phrase whose normalized text
(lower case, runs of spaces and punctuation made one space) is the input or a found phrase of an
entry of those files, and, for Recognizers-Text, every phrase whose entry's input is one of them:
a tuning split made of some spec files shares no phrase with a held-out split made of others.

Outcomes: *right* (one reading, the expected one), *wrong* (one reading, another value),
*ambiguous* (several readings offered as candidates), *unresolved* (no reading). Reported:
right / all, precision = right / (right + wrong), and the ambiguous and unresolved shares.
``--pipeline`` reads each phrase inside a request through ``Intent.parse`` with the built-in
recognizer, as a caller would: the whole sentence the corpus found it in, after a request clause
("Schedule the meeting: <sentence>"), when the sentence holds no other time expression (chrono's
``testSingleCase`` checks there is one; a Recognizers-Text entry with one result); else "Schedule the
meeting <phrase>". The outcome is judged on the one field ``when`` (its format as above): its value,
or its candidates when it is ambiguous, against the expected value, exactly as a quote's readings.
``--wrapper TEMPLATE`` replaces both request clauses ("Schedule the meeting {phrase}" and, for a
whole sentence, "Schedule the meeting: {phrase}") by one template, ``{phrase}`` standing for the
phrase or its sentence: "Note: {phrase}" gives the sentence no direction of its own ("Schedule" is
an instruction, which reads a day just gone as the next one). ``--compare`` lists, phrase by
phrase, the outcome as a field's quote against the outcome inside a request (with ``--wrapper``,
that request), for the phrases where they differ, and counts the changes; like ``--failures`` it
is refused for the held-out corpora. ``--wrappers`` reads each phrase alone inside each request of
``bench.request_wrappers`` (mail, chat and assistant requests that look ahead, say nothing of
direction, or look back) and prints one aggregate line per request and the worst; of the wrong
values it counts those the quote read with the sentence's direction gives too (a phrase with no
direction of its own, "Monday", in a sentence that looks back) apart from those the words around
the phrase changed. With ``--compare`` (refused for the held-out corpora) it lists both kinds,
phrase by phrase.
``--conventions`` (refused for them too) puts each phrase whose
day is a matter of convention in its form class (``bench.time_conventions``: "Monday" said later in
the week, "next Friday", a month and day just gone, ...) and prints, per class, where the corpus's
expected values lie from the reference and how the grammar's readings came out.
``--ambiguity`` (refused for the held-out corpora too) takes the phrases offered ambiguous and prints,
per dimension their candidates differ along and form class (``bench.ambiguity_classes``: "order:
numeric date with dots", "half-day: H:MM with a date, hour 7-11", "year: a month-day without a year"),
which candidate the corpus expects; and, for every phrase with a numeric date whatever its outcome,
which order (day-first, month-first, year-first) its expected value implies.
``--directions`` (Recognizers-Text) takes instead the parser specs' phrases whose future and past
resolutions differ ("Monday", "Nov 20" said after it): those whose value depends on which way the
sentence looks; it counts how many come out with both readings offered, with the future one or the
past one alone, otherwise or unresolved (with ``--pipeline``, inside the whole input sentence, whose
tense may settle it).
``--dateparser`` scores the ``dateparser`` package on the same phrases (if it is installed; a
phrase it returns is right when its date, or its date and time, match).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta, timezone
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from bench.ambiguity_classes import ambiguity_table
from bench.chronic_corpus import read_chronic
from bench.chrono_corpus import read_chrono
from bench.compromise_time_corpus import read_compromise
from bench.dateparser_time_corpus import read_dateparser
from bench.dtfn_time_corpus import read_dtfn
from bench.go_time_corpus import read_go
from bench.natty_corpus import read_natty
from bench.outcome_report import report
from bench.parsedatetime_time_corpus import read_parsedatetime
from bench.request_wrappers import REQUEST_WRAPPERS, WRAPPER_DIRECTIONS
from bench.sugar_time_corpus import read_sugar
from bench.time_conventions import convention_table
from bench.timeparse_time_corpus import read_timeparse

__all__ = [
    "GREGORIAN_HOLIDAYS", "HELD_OUT_CORPORA", "PHRASE_WRAPPER", "SENTENCE_WRAPPER", "Outcome", "Phrase",
    "WrapperScore", "chronic_phrases", "chrono_negatives", "chrono_phrases", "compare", "compromise_phrases",
    "ctparse_phrases", "dateparser_phrases", "direction_outcome", "dtfn_phrases", "duckling_phrases", "exclude_phrases",
    "false_readings", "go_negatives", "go_phrases", "natty_phrases", "normalized",
    "parsedatetime_phrases", "recognizers_direction_phrases",
    "recognizers_phrases", "recognizers_texts", "score", "sugar_negatives", "sugar_phrases", "timeparse_phrases",
    "wrapper_report", "wrapper_scores",
]

_MAX_WORDS = 6
# The corpora no rule is written from: their misses are never listed, so no one tunes on them.
HELD_OUT_CORPORA = frozenset({"dateparser", "parsedatetime", "sugar", "dtfn", "timeparse"})
TIME_ONLY_DAY = (1900, 1, 1)  # the date a time-of-day phrase's expected value is put on
# Recognizers-Text's time parser spec gives no reference time (a time of day needs none); the
# reference time of most of its other specs stands in.
RECOGNIZERS_DEFAULT_REFERENCE = "2016-11-07T00:00:00"
# Words of an input that give the phrases found in it a week or a month they do not say themselves
# ("next week on Tuesday or Thursday": "thursday" resolved as next week's; "the 22nd, 23rd or 30th
# of March": "the 22nd" as March's). A phrase read alone cannot know them, so an entry with several
# results and such words outside a phrase leaves that phrase out.
_SHARED_PERIOD = re.compile(
    r"\b(?:next|this|last|following|previous)\s+week\b|\bweek\s+\d+\b|\bof\s+(?:january|february|march|april|"
    r"may|june|july|august|september|october|november|december)\b", re.IGNORECASE)
# A zone named right after the phrase ("at 7 PM CET"): the spec's value leaves the zone out, so the
# phrase's expected moment is not the one its input names.
_ZONE_AFTER = re.compile(r"\s+(?:[A-Z]{1,4}[SD]?T|UTC|GMT|CET|CEST|PT|ET|CT|MT)\b")
DUCKLING_REFERENCE = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))


@dataclass(frozen=True, slots=True)
class Phrase:
    text: str
    reference: datetime
    expected: datetime  # for a day-grain phrase, midnight of the day
    day_grain: bool
    source: str
    context: str = ""  # the whole input the phrase was found in, where the corpus gives one
    time_only: bool = False  # a time of day (``expected`` on TIME_ONLY_DAY), read by a ``format: time`` field
    alone_in_context: bool = False  # the context holds no other time expression: ``--pipeline`` reads it whole
    past: datetime | None = None  # ``--directions``: the reading toward the past (``expected`` toward the future)


_DUCKLING_EXAMPLE = re.compile(
    r"examples\s+\((datetime|datetimeHoliday)\s+\((\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+)\)\s+"
    r"(Second|Minute|Hour|Day)\b([^\[]*)\[(.*?)\]",
    re.DOTALL,
)
_HASKELL_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _simple(text: str) -> bool:
    return 0 < len(text.split()) <= _MAX_WORDS


# Duckling's holidays whose date the Gregorian calendar gives (fixed, nth weekday, or counted from
# Easter). Holidays of lunar and other calendars need tables of observed dates, not a rule: a
# simple phrase names none of them (``--all`` keeps them).
GREGORIAN_HOLIDAYS = frozenset({
    "Thanksgiving Day", "Christmas", "Christmas Eve", "Martin Luther King's Day", "Easter Sunday", "Boss's Day",
    "Black Friday", "Valentine's Day", "St Patrick's Day", "New Year's Eve", "New Year's Day", "Halloween",
    "Whit Monday", "Trinity Sunday", "Shrove Tuesday", "Pentecost", "Palm Sunday", "Orthodox Good Friday",
    "Orthodox Easter Sunday", "Maundy Thursday", "Lazarus Saturday", "Easter Monday", "World Vegan Day",
    "King's Day", "Mother's Day", "Father's Day", "Memorial Day", "Labor Day", "Independence Day", "Earth Day",
    "Good Friday", "Ash Wednesday", "Boxing Day", "Columbus Day", "Presidents' Day", "Veterans Day",
    "Orthodox Shrove Monday", "Ascension Day", "Corpus Christi",
})


def duckling_phrases(path: Path, include_all: bool = False) -> list[Phrase]:
    """Point examples of Duckling's English corpus (its ``latentCorpus``, ``negativeCorpus`` and
    ``diffCorpus``, which use other options or another reference time, are left out)."""
    source = path.read_text(encoding="utf-8")
    cut = [c for c in (source.find(m) for m in ("negativeCorpus ::", "latentCorpus ::", "diffCorpus ::")) if c >= 0]
    examples_at = source.find("allExamples ::")
    if examples_at < 0:
        sections = [source[: min(cut)] if cut else source]
    else:
        head_end = min([c for c in cut if c < examples_at] + [examples_at])
        sections = [source[:head_end], source[examples_at:]]
    phrases: list[Phrase] = []
    for section in sections:
        for match in _DUCKLING_EXAMPLE.finditer(section):
            y, mo, d, h, mi, s = (int(match.group(i)) for i in range(2, 8))
            grain = match.group(8)
            expected = datetime(y, mo, d, h, mi, s, tzinfo=DUCKLING_REFERENCE.tzinfo)
            holiday = _HASKELL_STRING.findall(match.group(9))
            if holiday and holiday[0] not in GREGORIAN_HOLIDAYS and not include_all:
                continue
            for raw in _HASKELL_STRING.findall(match.group(10)):
                text = raw.encode().decode("unicode_escape") if "\\" in raw else raw
                if _simple(text):
                    phrases.append(Phrase(text, DUCKLING_REFERENCE, expected, grain == "Day", "duckling"))
    return phrases


_CTPARSE_TIME = re.compile(r"^Time\[\]\{(\d{4})-(\d{2})-(\d{2}) (X:X|\d{2}:\d{2}) \(X/X\)\}$")
# Words that mark a phrase of ctparse's corpora as German; numeric-only phrases are kept.
_GERMAN = frozenset(
    "am um uhr den der die das dem des nächste nächsten nächster naechste morgen heute gestern übermorgen ab bis "
    "ca vom zum im ende januar februar märz maerz mai juni juli oktober dezember montag dienstag mittwoch "
    "donnerstag freitag samstag sonntag abends nachmittag nachmittags morgens vormittag vormittags früh mittags "
    "nachts woche diesen dieser nach vor gegen und oder bzw spätestens frühestens mo di mi do fr sa so kw "
    "ankunft abfahrt zurück hin rück zwischen jeweils ab. mittag abend nacht uhrzeit".split()
)


def _english(text: str) -> bool:
    if any(ord(ch) > 127 for ch in text):
        return False
    words = re.findall(r"[a-zA-Z]+\.?", text.lower())
    return not any(w in _GERMAN or w.rstrip(".") in _GERMAN for w in words)


def ctparse_phrases(paths: Sequence[Path]) -> list[Phrase]:
    """English ``Time`` entries with a full date (and a time of day or none) from ctparse's corpora."""
    phrases: list[Phrase] = []
    seen: set[tuple[str, str]] = set()
    for path in paths:
        text = path.read_text(encoding="utf-8")
        start = text.find("[", text.find("corpus = "))
        entries: list[Any] = ast.literal_eval(text[start:])
        for target, reference_text, examples in entries:
            match = _CTPARSE_TIME.match(target)
            if match is None:
                continue
            reference = datetime.fromisoformat(reference_text).replace(tzinfo=timezone.utc)
            day_grain = match.group(4) == "X:X"
            hour, minute = (0, 0) if day_grain else (int(match.group(4)[:2]), int(match.group(4)[3:]))
            expected = datetime(int(match.group(1)), int(match.group(2)), int(match.group(3)), hour, minute,
                                tzinfo=timezone.utc)
            for example in examples:
                key = (example, reference_text)
                if key in seen or not _simple(example) or not _english(example):
                    continue
                seen.add(key)
                phrases.append(Phrase(example, reference, expected, day_grain, "ctparse"))
    return phrases


def _recognizers_directions(result: dict[str, Any]) -> tuple[str, str, str] | None:
    """(future value, past value, kind) of a parser spec's phrase whose two resolutions differ, each
    one day or moment: the phrases whose value depends on which way the sentence looks."""
    kind = str(result.get("TypeName") or result.get("Type") or "").removeprefix("datetimeV2.")
    value = result.get("Value")
    if kind not in ("date", "datetime") or not isinstance(value, dict) or value.get("Mod"):
        return None
    future, past = value.get("FutureResolution"), value.get("PastResolution")
    if not isinstance(future, dict) or not isinstance(past, dict) or len(future) != 1 or len(past) != 1:
        return None
    ahead, behind = str(next(iter(future.values()))), str(next(iter(past.values())))
    return (ahead, behind, kind) if ahead != behind else None


def recognizers_direction_phrases(paths: Sequence[Path]) -> list[Phrase]:
    """Recognizers-Text parser-spec phrases with a future and a different past resolution
    (``expected`` the future one, ``past`` the past one)."""
    import json

    phrases: list[Phrase] = []
    for path in paths:
        for entry in json.loads(path.read_text(encoding="utf-8-sig")):
            given = (entry.get("Context") or {}).get("ReferenceDateTime")
            if entry.get("NotSupportedByDesign") or not given:
                continue
            reference = datetime.fromisoformat(given).replace(tzinfo=timezone.utc)
            for result in entry.get("Results") or []:
                found = _recognizers_directions(result)
                text = str(result.get("Text") or "")
                if found is None or not _simple(text):
                    continue
                try:
                    ahead, behind = (datetime.fromisoformat(v).replace(tzinfo=timezone.utc) for v in found[:2])
                except ValueError:
                    continue
                if min(ahead.year, behind.year) < 1000:
                    continue
                phrases.append(Phrase(text, reference, ahead, found[2] == "date", "recognizers",
                                      str(entry.get("Input") or ""), False, len(entry.get("Results") or []) == 1,
                                      past=behind))
    return phrases


def direction_outcome(readings: list[datetime], phrase: Phrase) -> str:
    """How a direction-dependent phrase came out: both readings offered, one of them alone, or not."""
    distinct = set(readings)
    if not distinct:
        return "unresolved"
    if distinct == {phrase.expected, phrase.past}:
        return "both offered"
    if distinct == {phrase.expected}:
        return "the future one"
    if distinct == {phrase.past}:
        return "the past one"
    return "other"


def _recognizers_point(result: dict[str, Any], times: bool = False) -> tuple[str, str] | None:
    """(value, kind) of one found phrase when it resolves to exactly one day or moment (or, with
    ``times``, one time of day), else None."""
    kinds = ("date", "datetime", "time") if times else ("date", "datetime")
    kind = str(result.get("TypeName") or result.get("Type") or "").removeprefix("datetimeV2.")
    if isinstance(result.get("Resolution"), dict):  # model specs: a list of resolved values
        values = result["Resolution"].get("values") or []
        if len(values) != 1 or set(values[0]) - {"timex", "type", "value"} or "value" not in values[0]:
            return None
        if kind == "datetimealt":  # one of several alternatives named together: its value says its type
            kind = str(values[0].get("type") or "")
        if kind not in kinds:
            return None
        return str(values[0]["value"]), kind
    if kind not in kinds:
        return None
    value = result.get("Value")  # parser specs: a future and a past resolution
    if not isinstance(value, dict) or value.get("Mod"):
        return None
    future, past = value.get("FutureResolution"), value.get("PastResolution")
    if not isinstance(future, dict) or future != past or len(future) != 1:
        return None
    return str(next(iter(future.values()))), kind


def recognizers_phrases(paths: Sequence[Path], times: bool = False) -> list[Phrase]:
    """Found phrases of Recognizers-Text's English DateTime specs that resolve to one day or moment
    (with ``times``, also those that resolve to one time of day)."""
    import json

    phrases: list[Phrase] = []
    seen: set[tuple[str, str]] = set()
    for path in paths:
        entries: list[Any] = json.loads(path.read_text(encoding="utf-8-sig"))
        for entry in entries:
            given = (entry.get("Context") or {}).get("ReferenceDateTime")
            if entry.get("NotSupportedByDesign"):
                continue
            reference_text = given or RECOGNIZERS_DEFAULT_REFERENCE
            reference = datetime.fromisoformat(reference_text).replace(tzinfo=timezone.utc)
            for result in entry.get("Results") or []:
                point = _recognizers_point(result, times)
                text = str(result.get("Text") or "")
                if point is None or not _simple(text):
                    continue
                time_only = point[1] == "time" and len(point[0]) <= 8  # "now" is a time with a date
                if not given and not time_only:  # a time of day does not depend on the day it is said
                    continue
                try:  # "not resolved" and 0001-01-01 are the specs' way of saying "no value"
                    if time_only:
                        expected = datetime.combine(date(*TIME_ONLY_DAY), time.fromisoformat(point[0]),
                                                    tzinfo=timezone.utc)
                    else:
                        expected = datetime.fromisoformat(point[0]).replace(tzinfo=timezone.utc)
                except ValueError:
                    continue
                if expected.year < 1000:
                    continue
                key = (text.lower(), reference_text)
                if key in seen or _context_dependent(text, str(entry.get("Input") or ""),
                                                     len(entry.get("Results") or []), time_only):
                    continue
                seen.add(key)
                phrases.append(Phrase(text, reference, expected, point[1] == "date", "recognizers",
                                      str(entry.get("Input") or ""), time_only, len(entry.get("Results") or []) == 1))
    return phrases


def _context_dependent(text: str, given: str, results: int, time_only: bool) -> bool:
    """Whether a found phrase's resolved value hangs on words of its input outside it: a week or a
    month said once for a list of results (for a phrase naming a day, and no week or month of its
    own), or a zone named right after it."""
    at = given.lower().find(text.lower())
    if at >= 0 and _ZONE_AFTER.match(given, at + len(text)):
        return True
    if results < 2 or time_only or _SHARED_PERIOD.search(text) or re.search(r"\bweek\b", text, re.IGNORECASE):
        return False
    return _SHARED_PERIOD.search(given) is not None


def _kept(text: str, time_only: bool, times: bool, dropped: Counter[str]) -> bool:
    """Whether a case of a test-file corpus is a phrase this reading keeps; counts why when it is not."""
    if not _simple(text):
        dropped["more than six words"] += 1
        return False
    if time_only and not times:
        dropped["a time of day (kept with --times)"] += 1
        return False
    return True


def _on_time_only_day(expected: datetime) -> datetime:
    return datetime.combine(date(*TIME_ONLY_DAY), expected.timetz())


def chrono_phrases(paths: Sequence[Path], times: bool = False) -> tuple[list[Phrase], Counter[str]]:
    """The simple phrases of chrono's English test files, and how many cases were left out, by reason
    (see ``bench.chrono_corpus``)."""
    corpus = read_chrono(paths)
    dropped = Counter(corpus.dropped)
    phrases = [
        Phrase(case.text, case.reference, _on_time_only_day(case.expected) if case.time_only else case.expected,
               case.day_grain, case.source, case.context, case.time_only, alone_in_context=True)
        for case in corpus.cases
        if _kept(case.text, case.time_only, times, dropped)
    ]
    return phrases, dropped


def chrono_negatives(paths: Sequence[Path]) -> list[Phrase]:
    """The texts chrono's casual English parser finds no date or time in (its negative cases), each
    once per reference, as phrases whose expected value is their reference (never compared)."""
    seen: set[tuple[str, datetime]] = set()
    negatives: list[Phrase] = []
    for case in read_chrono(paths).negatives:
        key = (case.text.strip(), case.reference)
        if key in seen:
            continue
        seen.add(key)
        negatives.append(Phrase(case.text.strip(), case.reference, case.reference, True, case.source, case.text,
                                alone_in_context=True))
    return negatives


def false_readings(negatives: Sequence[Phrase], reader: Any = None) -> Counter[str]:
    """How many texts with no date or time in them are read as one anyway (``read``), as the quote
    (or, with ``reader=_pipeline_readings``, inside a request) of a ``date`` or of a ``date-time``
    field, and how many are declined (``declined``: no value, no candidate, in both formats)."""
    read_one = reader or _readings
    counts: Counter[str] = Counter()
    for negative in negatives:
        readings: list[datetime] = []
        for day_grain in (True, False):
            try:
                readings += read_one(replace(negative, day_grain=day_grain))
            except Exception:  # a value the bench cannot parse is still a value read
                readings.append(negative.reference)
        counts["read" if readings else "declined"] += 1
    return counts


def chronic_phrases(paths: Sequence[Path]) -> tuple[list[Phrase], Counter[str]]:
    """The simple phrases of Chronic's parsing tests, and how many cases were left out, by reason
    (see ``bench.chronic_corpus``)."""
    corpus = read_chronic(paths)
    dropped = Counter(corpus.dropped)
    phrases = [Phrase(case.text, case.reference, case.expected, case.day_grain, case.source)
               for case in corpus.cases if _kept(case.text, False, False, dropped)]
    return phrases, dropped


def _graded_phrases(cases: Iterable[Any], dropped_before: Mapping[str, int],
                    times: bool) -> tuple[list[Phrase], Counter[str]]:
    """Phrases of a reader's cases graded ``day``, ``moment`` or ``time`` (natty, Go, dateparser,
    compromise), through the shared ``_kept`` filter; a case's ``context`` and ``alone_in_context``
    are kept where its reader gives them."""
    dropped = Counter(dropped_before)
    phrases = [
        Phrase(case.text, case.reference,
               _on_time_only_day(case.expected) if case.grain == "time" else case.expected,
               case.grain == "day", case.source, getattr(case, "context", ""), case.grain == "time",
               getattr(case, "alone_in_context", False))
        for case in cases
        if _kept(case.text, case.grain == "time", times, dropped)
    ]
    return phrases, dropped


def natty_phrases(paths: Sequence[Path], times: bool = False) -> tuple[list[Phrase], Counter[str]]:
    """The simple phrases of natty's test files, and how many cases were left out, by reason (see
    ``bench.natty_corpus``): days, moments and, with ``times``, times of day."""
    corpus = read_natty(paths)
    return _graded_phrases(corpus.cases, corpus.dropped, times)


class _GradedCorpus(Protocol):
    """What the graded readers (Go, dateparser, compromise, parsedatetime, Sugar, dtfn, timeparse) give: graded cases,
    drops by reason."""

    @property
    def cases(self) -> Sequence[Any]: ...

    @property
    def dropped(self) -> Mapping[str, int]: ...


class PhraseReader(Protocol):
    def __call__(self, paths: Sequence[Path], times: bool = False) -> tuple[list[Phrase], Counter[str]]: ...


def _graded_reader(read: Callable[[Sequence[Path]], _GradedCorpus]) -> PhraseReader:
    """The simple phrases of a graded corpus's files, and how many cases were left out, by reason (see
    the reader's module): days, moments and, with ``times``, times of day."""

    def phrases(paths: Sequence[Path], times: bool = False) -> tuple[list[Phrase], Counter[str]]:
        corpus = read(paths)
        return _graded_phrases(corpus.cases, corpus.dropped, times)

    return phrases


go_phrases = _graded_reader(read_go)  # olebedev/when, tj/go-naturaldate
dateparser_phrases = _graded_reader(read_dateparser)  # English cases only
compromise_phrases = _graded_reader(read_compromise)  # the date plugin's tests
parsedatetime_phrases = _graded_reader(read_parsedatetime)  # English cases only
sugar_phrases = _graded_reader(read_sugar)  # English Sugar.Date.create cases
dtfn_phrases = _graded_reader(read_dtfn)  # DateTime::Format::Natural's parse_datetime cases
timeparse_phrases = _graded_reader(read_timeparse)  # ctparse's human-annotated dataset, English records


# The corpora read as phrases with drops by reason, by subcommand (Chronic's reader takes no ``times``).
_PHRASE_READERS: dict[str, PhraseReader] = {
    "chrono": chrono_phrases, "natty": natty_phrases, "go": go_phrases, "dateparser": dateparser_phrases,
    "compromise": compromise_phrases, "parsedatetime": parsedatetime_phrases, "sugar": sugar_phrases,
    "dtfn": dtfn_phrases, "timeparse": timeparse_phrases,
}


def sugar_negatives(paths: Sequence[Path]) -> list[Phrase]:
    """The texts Sugar's tests say must not parse (``assertDateNotParsed``), each once, as phrases whose
    expected value is their reference (never compared; see ``false_readings``)."""
    seen: set[str] = set()
    negatives: list[Phrase] = []
    for negative in read_sugar(paths).negatives:
        if negative.text not in seen:
            seen.add(negative.text)
            negatives.append(Phrase(negative.text, negative.reference, negative.reference, True, negative.source,
                                    negative.text, alone_in_context=True))
    return negatives


def go_negatives(paths: Sequence[Path]) -> list[Phrase]:
    """The inputs the Go parsers' tests find no date in, as phrases whose expected value is their
    reference (never compared; see ``false_readings``)."""
    return [Phrase(n.text, n.reference, n.reference, True, n.source, n.text, alone_in_context=True)
            for n in read_go(paths).negatives]


_NOT_WORD = re.compile(r"[\W_]+")


def normalized(text: str) -> str:
    """The form two phrases are compared in: lower case, punctuation and spaces made one space."""
    return _NOT_WORD.sub(" ", text.lower()).strip()


def recognizers_texts(paths: Sequence[Path]) -> set[str]:
    """Every input and every found phrase (of any type) of Recognizers-Text spec files, normalized."""
    import json

    texts: set[str] = set()
    for path in paths:
        entries: list[Any] = json.loads(path.read_text(encoding="utf-8-sig"))
        for entry in entries:
            texts.add(normalized(str(entry.get("Input") or "")))
            texts.update(normalized(str(r.get("Text") or "")) for r in entry.get("Results") or [])
    texts.discard("")
    return texts


def exclude_phrases(phrases: Sequence[Phrase], texts: set[str]) -> list[Phrase]:
    """The phrases whose text, and whose input, is none of ``texts`` (see ``recognizers_texts``)."""
    return [p for p in phrases if normalized(p.text) not in texts and normalized(p.context) not in texts]


_DATE = {"type": "string", "format": "date"}
_DATE_TIME = {"type": "string", "format": "date-time"}
_TIME = {"type": "string", "format": "time"}


def _schema(phrase: Phrase) -> dict[str, str]:
    return _TIME if phrase.time_only else _DATE if phrase.day_grain else _DATE_TIME


def _reading(phrase: Phrase, value: object) -> datetime:
    text = str(value).replace("Z", "+00:00")
    if phrase.time_only:  # the time of day as it is written, its offset compared too
        return datetime.combine(date(*TIME_ONLY_DAY), time.fromisoformat(text)).replace(
            tzinfo=time.fromisoformat(text).tzinfo or phrase.expected.tzinfo)
    if phrase.day_grain:
        return datetime.fromisoformat(text).replace(tzinfo=phrase.expected.tzinfo)
    return datetime.fromisoformat(text)


def _readings(phrase: Phrase, tense: Any = None) -> list[datetime]:
    from intent.normalize import derive_values

    derived = derive_values(phrase.text, _schema(phrase), reference_time=phrase.reference, tense=tense)
    return [_reading(phrase, d.value) for d in derived]


_PIPELINE: dict[str, Any] = {}


# The request a phrase is read inside: after a request clause, the sentence it was found in (when the
# corpus gives one holding no other time expression), else the phrase itself.
SENTENCE_WRAPPER = "Schedule the meeting: {phrase}"
PHRASE_WRAPPER = "Schedule the meeting {phrase}"


def _pipeline_readings(phrase: Phrase, wrapper: str | None = None, whole_sentence: bool = True) -> list[datetime]:
    """The phrase inside a request, through the built-in recognizer and the verifier (``Intent.parse``).

    ``wrapper`` (with ``{phrase}`` in it) replaces both default request clauses: the phrase, or its
    sentence, is put where ``{phrase}`` stands; with ``whole_sentence=False`` always the phrase itself."""
    import anyio

    from intent import Intent, IntentConfig

    schema = _schema(phrase)
    if schema["format"] not in _PIPELINE:
        _PIPELINE[schema["format"]] = Intent(IntentConfig(schema={"type": "object", "properties": {"when": schema}}))
    intent = _PIPELINE[schema["format"]]
    if whole_sentence and phrase.context.strip() and phrase.alone_in_context:  # a statement: after a request clause
        sentence = (wrapper or SENTENCE_WRAPPER).replace("{phrase}", phrase.context.strip())
    else:
        sentence = (wrapper or PHRASE_WRAPPER).replace("{phrase}", phrase.text)
    request = {"input": sentence, "referenceTime": phrase.reference.isoformat()}
    result = anyio.run(intent.parse, request).to_dict()
    values: list[Any] = []
    for field in result.get("fieldResults", []):
        if field.get("field") == "when":
            values = [field["value"]] if field.get("value") is not None else list(field.get("candidates") or [])
    return [_reading(phrase, value) for value in values]


def _dateparser_readings(phrase: Phrase) -> list[datetime]:
    import dateparser

    settings = {"RELATIVE_BASE": phrase.reference.replace(tzinfo=None), "PREFER_DATES_FROM": "future"}
    found = dateparser.parse(phrase.text, languages=["en"], settings=settings)  # type: ignore[arg-type,unused-ignore]  # dateparser is optional (not installed: Any)
    if found is None:
        return []
    if phrase.time_only:
        return [datetime.combine(date(*TIME_ONLY_DAY), found.time().replace(microsecond=0), tzinfo=timezone.utc)]
    if phrase.day_grain:
        return [datetime(found.year, found.month, found.day, tzinfo=phrase.expected.tzinfo)]
    return [found.replace(second=0, microsecond=0, tzinfo=phrase.reference.tzinfo)]


def outcome(readings: list[datetime], expected: datetime) -> str:
    if not readings:
        return "unresolved"
    distinct = set(readings)
    if len(distinct) > 1:
        return "ambiguous"
    return "right" if readings[0] == expected else "wrong"


@dataclass(frozen=True, slots=True)
class Outcome:
    kind: str  # right, wrong, ambiguous, unresolved (or error: the reader raised)
    values: list[str]


def _outcome_of(phrase: Phrase, reader: Any) -> Outcome:
    try:
        readings = reader(phrase)
    except Exception as exc:  # reported as it is, not counted as a reading
        return Outcome("error", [repr(exc)[:80]])
    return Outcome(outcome(readings, phrase.expected), [r.isoformat() for r in sorted(set(readings))])


def compare(phrases: Sequence[Phrase], in_request: Any = _pipeline_readings
            ) -> list[tuple[Phrase, Outcome, Outcome]]:
    """Each phrase whose outcome as a field's quote differs from its outcome inside a request: the
    kind of outcome, or the values read."""
    differences: list[tuple[Phrase, Outcome, Outcome]] = []
    for phrase in phrases:
        field, request = _outcome_of(phrase, _readings), _outcome_of(phrase, in_request)
        if field != request:
            differences.append((phrase, field, request))
    return differences


@dataclass(frozen=True, slots=True)
class WrapperScore:
    """A corpus read inside one request wrapper: the outcomes, and the wrong values split by where
    they come from. ``directed``: the phrase read as a quote with the direction the sentence gives
    it (``tense_at``: "Log that I was there Thursday" looks back) gives that value too, and the
    quote alone gave another: the sentence chose the way the phrase looks, the tense rules are
    what to check. ``broken``: the request gave a value its quote, read with the sentence's
    direction, does not, while the quote alone was not wrong: the words around the phrase changed
    what was read (span choice, a word of the wrapper taken for part of the time)."""

    wrapper: str
    counts: Counter[str]
    directed: list[tuple[Phrase, Outcome, Outcome]]
    broken: list[tuple[Phrase, Outcome, Outcome]]


def _safe_readings(phrase: Phrase, reader: Any) -> list[datetime]:
    try:
        return list(reader(phrase))
    except Exception:  # scored as unresolved, like ``score`` does
        return []


def _sentence_tense(wrapper: str, phrase: Phrase) -> str:
    from intent.normalize.temporal import tense_at

    start = wrapper.index("{phrase}")
    return tense_at(wrapper.replace("{phrase}", phrase.text), start, start + len(phrase.text))


def wrapper_scores(phrases: Sequence[Phrase], wrappers: Sequence[str] = REQUEST_WRAPPERS) -> list[WrapperScore]:
    """Each phrase alone inside each wrapper (``{phrase}`` its place), through ``Intent.parse``."""
    fields = [_safe_readings(p, _readings) for p in phrases]
    scores: list[WrapperScore] = []
    for wrapper in wrappers:
        counts: Counter[str] = Counter()
        directed: list[tuple[Phrase, Outcome, Outcome]] = []
        broken: list[tuple[Phrase, Outcome, Outcome]] = []
        for phrase, field in zip(phrases, fields, strict=True):
            request = _safe_readings(phrase, partial(_pipeline_readings, wrapper=wrapper, whole_sentence=False))
            kind = outcome(request, phrase.expected)
            counts[kind] += 1
            if kind != "wrong":
                continue
            tense = _sentence_tense(wrapper, phrase)
            quote = _safe_readings(phrase, partial(_readings, tense=tense))
            pair = (Outcome(outcome(field, phrase.expected), _iso(field)), Outcome(kind, _iso(request)))
            if set(quote) == set(request) and set(field) != set(quote):
                directed.append((phrase, *pair))
            elif set(quote) != set(request) and pair[0].kind != "wrong":
                broken.append((phrase, *pair))
        scores.append(WrapperScore(wrapper, counts, directed, broken))
    return scores


def _iso(readings: list[datetime]) -> list[str]:
    return [r.isoformat() for r in sorted(set(readings))]


def wrapper_report(scores: Sequence[WrapperScore]) -> list[str]:
    """One aggregate line per wrapper, then the worst (lowest precision) and the phrases wrong in any."""
    lines: list[str] = []
    for item in scores:
        lines.append(f"{report(repr(item.wrapper), item.counts)}  "
                     f"[{WRAPPER_DIRECTIONS.get(item.wrapper, '?')}; of the wrong: {len(item.directed)} "
                     f"the quote read with the sentence's direction, {len(item.broken)} the words around it]")

    def precision(item: WrapperScore) -> float:
        answered = item.counts["right"] + item.counts["wrong"]
        return item.counts["right"] / answered if answered else 1.0

    if scores:
        worst = min(scores, key=precision)
        lines.append(f"worst: {report(repr(worst.wrapper), worst.counts)}")
        broken = {id(p) for item in scores for p, _, _ in item.broken}
        lines.append(f"phrases not wrong as a quote and wrong in some wrapper by the words around them: {len(broken)}")
    return lines


def score(phrases: Sequence[Phrase], reader: Any = _readings) -> tuple[Counter[str], list[tuple[Phrase, str, Any]]]:
    counts: Counter[str] = Counter()
    misses: list[tuple[Phrase, str, Any]] = []
    for phrase in phrases:
        try:
            readings = reader(phrase)
        except Exception as exc:  # a comparison parser may fail on odd input; that is "unresolved"
            readings = []
            misses.append((phrase, "error", repr(exc)[:80]))
        kind = outcome(readings, phrase.expected)
        counts[kind] += 1
        if kind != "right":
            misses.append((phrase, kind, [r.isoformat() for r in sorted(set(readings))]))
    return counts, misses


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.time_eval", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus",
                        choices=("duckling", "ctparse", "recognizers", "chrono", "chronic", "natty", "go",
                                 "dateparser", "compromise", "parsedatetime", "sugar", "dtfn", "timeparse"))
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--failures", type=int, default=0, metavar="N", help="list N phrases not read right")
    parser.add_argument("--kind", choices=("wrong", "ambiguous", "unresolved"), help="list only this outcome")
    parser.add_argument("--dateparser", action="store_true", help="score the dateparser package too")
    parser.add_argument("--all", action="store_true", help="Duckling: keep holidays of non-Gregorian calendars")
    parser.add_argument("--times", action="store_true",
                        help="Recognizers-Text, chrono, natty, go, dateparser, compromise, parsedatetime, sugar, "
                             "dtfn, timeparse: keep phrases resolving to a "
                             "time of day "
                             "(read by a format: time field)")
    parser.add_argument("--exclude-from", nargs="+", type=Path, default=[], metavar="FILE",
                        help="drop phrases whose text or input occurs in these Recognizers-Text spec files")
    parser.add_argument("--negatives", action="store_true",
                        help="chrono, go, sugar: also count the negative cases (no date in them) read as a date or "
                             "time")
    parser.add_argument("--directions", action="store_true",
                        help="Recognizers-Text parser specs: the phrases whose past and future resolutions differ, "
                             "and whether both are offered or one (and which)")
    parser.add_argument("--pipeline", action="store_true",
                        help="read each phrase inside a request through Intent.parse (built-in recognizer + verifier)")
    parser.add_argument("--wrapper", metavar="TEMPLATE",
                        help="with --pipeline or --compare: the request, '{phrase}' standing for the phrase or its "
                             "sentence (default: 'Schedule the meeting {phrase}', for a sentence "
                             "'Schedule the meeting: {phrase}')")
    parser.add_argument("--wrappers", action="store_true",
                        help="read each phrase alone inside each of a fixed set of request wrappers "
                             "(bench.request_wrappers): one aggregate line per wrapper and the worst; with "
                             "--compare (tuning corpora only), the phrases not wrong as a quote and wrong in a wrapper")
    parser.add_argument("--conventions", action="store_true",
                        help="per form class whose day is a convention ('Monday' said on a Thursday, 'next "
                             "Friday', 'Nov 20' just gone): what the corpus expects and how the grammar reads it")
    parser.add_argument("--ambiguity", action="store_true",
                        help="per form class of the phrases offered ambiguous ('8.5.2018', 'at 5', 'aug 3' said "
                             "after it): which candidate the corpus expects; and per numeric date form, the order "
                             "every phrase's expected value implies")
    parser.add_argument("--compare", action="store_true",
                        help="list each phrase whose outcome as a field's quote differs from its outcome inside a "
                             "request, with both")
    args = parser.parse_args(argv)
    if (args.failures or args.compare or args.conventions or args.ambiguity) and args.corpus in HELD_OUT_CORPORA:
        print(f"{args.corpus} is a held-out corpus: only its aggregate figures are shown (no --failures, "
              "no --compare, no --conventions, no --ambiguity)", file=sys.stderr)
        return 2
    if args.wrapper is not None and "{phrase}" not in args.wrapper:
        print("--wrapper needs '{phrase}' where the phrase goes, e.g. --wrapper 'Note: {phrase}'", file=sys.stderr)
        return 2
    in_request = partial(_pipeline_readings, wrapper=args.wrapper)
    missing = [p for p in [*args.paths, *args.exclude_from] if not p.is_file()]
    if missing:
        print(f"no such file: {missing[0]} (see the module docstring for where to get the data)", file=sys.stderr)
        return 2
    if args.corpus == "duckling":
        phrases = duckling_phrases(args.paths[0], include_all=args.all)
    elif args.corpus == "ctparse":
        phrases = ctparse_phrases(args.paths)
    elif args.corpus == "chronic" or args.corpus in _PHRASE_READERS:
        phrases, dropped = (chronic_phrases(args.paths) if args.corpus == "chronic"  # no times of day in it
                            else _PHRASE_READERS[args.corpus](args.paths, times=args.times))
        print(f"{len(phrases)} phrases read, {sum(dropped.values())} cases left out: "
              + ", ".join(f"{reason} {n}" for reason, n in dropped.most_common()))
        grains = Counter("times of day" if p.time_only else "days" if p.day_grain else "moments" for p in phrases)
        print("read as: " + ", ".join(f"{n} {grain}" for grain, n in sorted(grains.items())))
    elif args.directions:
        reader = in_request if args.pipeline else _readings
        directed = recognizers_direction_phrases(args.paths)
        outcomes = Counter(direction_outcome(reader(p), p) for p in directed)
        print(f"{len(directed)} phrases whose past and future resolutions differ ("
              + ("inside a request" if args.pipeline else "as field evidence") + "): "
              + ", ".join(f"{kind} {n}" for kind, n in outcomes.most_common()))
        for phrase in directed[: args.failures]:
            print(f"  {direction_outcome(reader(phrase), phrase):15} {phrase.text!r:30} future "
                  f"{phrase.expected.isoformat()} past {phrase.past.isoformat() if phrase.past else '-'}  "
                  f"(reference {phrase.reference.isoformat()}; {phrase.context[:60]!r})")
        return 0
    else:
        phrases = recognizers_phrases(args.paths, times=args.times)
    if args.exclude_from:
        kept = exclude_phrases(phrases, recognizers_texts(args.exclude_from))
        print(f"{len(phrases) - len(kept)} of {len(phrases)} phrases dropped: they occur in {len(args.exclude_from)} "
              "excluded file(s)")
        phrases = kept
    if args.negatives and args.corpus in ("chrono", "go", "sugar"):
        negatives = {"chrono": chrono_negatives, "go": go_negatives, "sugar": sugar_negatives}[args.corpus](args.paths)
        read = false_readings(negatives, in_request if args.pipeline else _readings)
        print(f"negative cases: {read['read']} of {len(negatives)} texts with no date in them read as one")
    if args.wrappers:
        scores = wrapper_scores(phrases)
        if args.compare:
            listed = [(cause, item.wrapper, *row) for item in scores
                      for cause, rows in (("words", item.broken), ("direction", item.directed)) for row in rows]
            for cause, wrapper, phrase, field, request in listed:
                print(f"  {cause:9} {wrapper!r:40} {field.kind:10} -> wrong {phrase.text!r:34} expected "
                      f"{phrase.expected.isoformat()}  field {field.values}  request {request.values}  "
                      f"(reference {phrase.reference.isoformat()}, {phrase.source})")
        for line in wrapper_report(scores):
            print(line)
        return 0
    if args.conventions:
        reader = in_request if args.pipeline else _readings
        for kind, (expected, outcomes) in convention_table(phrases, lambda p: _outcome_of(p, reader).kind).items():
            print(f"{kind}: expected {dict(expected.most_common())}  read {dict(outcomes.most_common())}")
        return 0
    if args.ambiguity:
        ambiguous, orders = ambiguity_table(phrases, partial(_safe_readings, reader=in_request if args.pipeline
                                                             else _readings))
        for kind, choices in ambiguous.items():
            print(f"ambiguous, {kind}: expected {dict(choices.most_common())}")
        for form, found in orders.items():
            print(f"written, {form}: {dict(found.most_common())}")
        return 0
    if args.compare:
        differences = compare(phrases, in_request)
        for phrase, field, request in differences:
            print(f"  {field.kind:10} -> {request.kind:10} {phrase.text!r:40} expected {phrase.expected.isoformat()}  "
                  f"field {field.values}  request {request.values}  (reference {phrase.reference.isoformat()}, "
                  f"{phrase.source}{'; ' + repr(phrase.context[:80]) if phrase.context else ''})")
        changes = Counter(f"{field.kind} -> {request.kind}" for _, field, request in differences)
        print(f"{len(differences)} of {len(phrases)} phrases differ between field and request: "
              + ", ".join(f"{change} {n}" for change, n in changes.most_common()))
        return 0
    counts, misses = score(phrases, in_request if args.pipeline else _readings)
    print(report("Intent.parse" if args.pipeline else "time grammar", counts))
    shown = [m for m in misses if args.kind is None or m[1] == args.kind][: args.failures]
    for phrase, kind, detail in shown:
        print(f"  {kind:10} {phrase.text!r:40} expected {phrase.expected.isoformat()}  got {detail}  "
              f"(reference {phrase.reference.isoformat()}, {phrase.source})")
    if args.dateparser:
        try:
            import dateparser  # noqa: F401
        except ImportError:
            print("dateparser is not installed: pip install dateparser", file=sys.stderr)
            return 1
        counts, _ = score(phrases, _dateparser_readings)
        print(report("dateparser  ", counts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
