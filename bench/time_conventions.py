"""Which way a corpus reads the forms whose day is a matter of convention.

"Monday" said on a Thursday is three days ago to one parser's authors and in four days to another's;
"next Friday" said on a Thursday is tomorrow or a week later. ``convention_class`` puts a phrase in its
form class (the form, and where the day it names falls against the reference: earlier this week, that
day, later), and ``relation`` says where the corpus's expected value lies from the reference ("+6d",
"-1d", "+1d 03:00"). ``python -m bench.time_eval CORPUS PATHS --conventions`` prints, per class, what
the corpus expects and how the grammar's reading came out: the table behind "Conventions" in
docs/dates-and-numbers.md. Like ``--failures`` it names phrases' outcomes, so it is refused for the
held-out corpora.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date, datetime
from typing import Protocol, TypeVar

__all__ = ["GradedPhrase", "convention_class", "convention_table", "relation"]

_WEEKDAYS = {name: index for index, names in enumerate((
    ("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed", "weds"), ("thursday", "thu", "thur", "thurs"),
    ("friday", "fri"), ("saturday", "sat"), ("sunday", "sun"),
)) for name in names}
_MONTHS = {name: index + 1 for index, names in enumerate((
    ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
    ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
    ("december", "dec"),
)) for name in names}
_QUALIFIED = re.compile(
    r"(?:on )?(?:(this|next|last|past|previous|coming|this coming|this past|the following) )?([a-z]+)\.?")
_IN_WEEK = re.compile(r"(?:on )?([a-z]+)\.? (next|this|last) week|(next|this|last) week (?:on )?([a-z]+)\.?")
_MONTH_DAY = re.compile(r"(?:on )?(?:the )?([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?|"
                        r"(?:on )?(?:the )?(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)\.?")
_DAY_OF_MONTH = re.compile(r"(?:on )?the (\d{1,2})(?:st|nd|rd|th)")
_CLOCK = re.compile(r"(?:at )?\d{1,2}(?::\d\d)? ?(?:[ap]\.?m\.?)?")


class GradedPhrase(Protocol):
    """What the tables need of a corpus phrase: each reader's own phrase type has these."""

    @property
    def text(self) -> str: ...
    @property
    def reference(self) -> datetime: ...
    @property
    def expected(self) -> datetime: ...
    @property
    def day_grain(self) -> bool: ...
    @property
    def time_only(self) -> bool: ...


_P = TypeVar("_P", bound=GradedPhrase)


def _position(day: int, today: int) -> str:
    return "earlier this week" if day < today else "that weekday" if day == today else "later this week"


def convention_class(text: str, reference: datetime, day_grain: bool = True, time_only: bool = False) -> str | None:
    """The form class of ``text`` said at ``reference`` (None: not a form whose day is a convention)."""
    if time_only:
        return None  # a time of day alone names no day
    words = " ".join(text.lower().replace(",", " ").split())
    today = reference.date()
    match = _QUALIFIED.fullmatch(words)
    if match and match.group(2) in _WEEKDAYS:
        return f"{match.group(1) or 'bare'} <weekday>, {_position(_WEEKDAYS[match.group(2)], today.weekday())}"
    match = _IN_WEEK.fullmatch(words)
    if match and (match.group(1) or match.group(4)) in _WEEKDAYS:
        return f"<weekday> {match.group(2) or match.group(3)} week"
    match = _MONTH_DAY.fullmatch(words)
    month = _MONTHS.get(match.group(1) or match.group(4) or "") if match else None
    if match and month:
        try:
            this_year = date(today.year, month, int(match.group(2) or match.group(3)))
        except ValueError:
            return None
        gone = (today - this_year).days
        where = ("today" if gone == 0 else "gone within a month" if gone < 31
                 else "gone within 6 months" if gone < 183 else "gone over 6 months ago")
        if gone < 0:  # ahead this year; last year's may be as near ("Sept 1" said on Jan 6)
            try:
                last_year = date(today.year - 1, this_year.month, this_year.day)
            except ValueError:  # Feb 29
                last_year = None
            nearer = last_year is not None and (today - last_year).days <= -gone
            where = "ahead, last year's as near or nearer" if nearer else "ahead"
        return f"<month> <day> without a year, {where}"
    match = _DAY_OF_MONTH.fullmatch(words)
    if match:
        day = int(match.group(1))
        return f"the <Nth>, {'gone' if day < today.day else 'today' if day == today.day else 'ahead'}"
    if not day_grain and _CLOCK.fullmatch(words):
        return "a clock time without a day"
    return None


def _clock_class(kind: str, expected: datetime, reference: datetime) -> str:
    """A clock time's class says whether the time of day the corpus expects is already past at the reference."""
    if kind != "a clock time without a day":
        return kind
    gone = expected.time().replace(tzinfo=None) < reference.time().replace(tzinfo=None)
    return f"{kind}, {'already past' if gone else 'still to come'} that day"


def relation(expected: datetime, reference: datetime, day_grain: bool = True) -> str:
    """Where ``expected`` lies from ``reference``: days apart, and the time of day for a moment."""
    days = (expected.date() - reference.date()).days
    return f"{days:+d}d" if day_grain else f"{days:+d}d {expected:%H:%M}"


def convention_table(phrases: Iterable[_P], outcome_of: Callable[[_P], str]
                     ) -> dict[str, tuple[Counter[str], Counter[str]]]:
    """Per form class: how many of the corpus's phrases expect each relation, and the grammar's
    outcomes (right, wrong, ambiguous, unresolved) on them."""
    table: dict[str, tuple[Counter[str], Counter[str]]] = {}
    for phrase in phrases:
        kind = convention_class(phrase.text, phrase.reference, phrase.day_grain, phrase.time_only)
        if kind is None:
            continue
        kind = _clock_class(kind, phrase.expected, phrase.reference)
        expected, outcomes = table.setdefault(kind, (Counter(), Counter()))
        expected[relation(phrase.expected, phrase.reference, phrase.day_grain)] += 1
        outcomes[outcome_of(phrase)] += 1
    return dict(sorted(table.items()))
