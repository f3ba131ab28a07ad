"""What the families find (``Piece``) and what the grammar reports (``TemporalMention``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

Clock = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Piece:
    """One stretch of text read by a family.

    ``kind`` is "date" (``days`` holds the candidate days), "time" (``clocks`` the candidate times
    of day), "moment" (both, read together, e.g. "in 2 hours"), "part" (a part of day: ``part``)
    or "zone" (``zone``). ``weekday`` keeps the weekday a phrase names, so "Fri, Sep 20" can be
    checked; ``month_day`` keeps a month/day written without a year, so a weekday can pick its
    year; ``day_only`` keeps a bare day of month ("the 8th").
    """

    start: int
    end: int
    kind: str
    days: tuple[date, ...] = ()
    clocks: tuple[Clock, ...] = ()
    inferred: bool = False
    part: str | None = None
    zone: str | None = None
    weekday: int | None = None
    month_day: tuple[int, int] | None = None
    day_only: int | None = None
    settled: bool = True  # False: an hour without am/pm, which a part of day may settle
    bad: bool = False  # words that make the whole phrase unreadable (an unknown zone, a wrong weekday)
    # a time read only with a day: "after" one ("12 May 0900", "Friday 19.30") or on "any" side
    # ("same time tomorrow", "tomorrow, same time")
    needs_day: str | None = None
    near_only: bool = False  # a bare day number after a weekday: its day must be this month's or next
    midnight: bool = False  # the word "midnight": with a day it may be that day's start or its end
    second: int = 0  # the seconds of a time written to the second ("7:56:30pm"), the same for every clock
    # the seconds are the reference's own, carried by a count of minutes or hours ("in 2 hours" said at
    # 10:00:42): a field written to the minute may leave them out, where it may not leave out said ones
    second_carried: bool = False
    # A day whose direction the sentence decides ("Monday", "Nov 20", "the 25th" said without a
    # year or month): ``days`` is the coming one, ``past_days`` the one just gone; ``disputed``
    # when readers differ with no cue in the sentence (the one just gone is at least as near).
    past_days: tuple[date, ...] | None = None
    disputed: bool = False
    # A day reached by a count from the reference ("in 3 days", "two months from today", "3 years
    # ago"): the unit counted ("day", "week", "month", "year"), and "ago" after it when counted back.
    # A weekday said with it picks its day in the week the count lands in ("monday two weeks from now").
    counted: str | None = None

    def moved(self, **changes: object) -> Piece:
        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Reading:
    """One meaning of a phrase: a day, a time of day, or both, with a zone the text named."""

    day: date | None
    clock: Clock | None
    zone: str | None = None
    second: int = 0  # seconds past the clock's minute ("12:34:25")
    second_carried: bool = False  # the seconds are the reference's, carried by a count ("in 2 hours")


@dataclass(frozen=True, slots=True)
class TemporalMention:
    """``text[start:end]`` names a date, a time or both; several ``readings`` mean ambiguity.

    ``inferred`` marks a reading that needs the reference time. ``role`` is "start" or "end"
    when the phrase is one side of a range ("from 3 to 5pm"), else None. ``date_span`` and
    ``time_span`` are where the date and the time words stand inside the phrase. ``named_days``
    keeps the day a phrase names when its moment falls on another ("Friday at midnight" names
    Friday, and may mean the midnight that ends it).
    """

    start: int
    end: int
    readings: tuple[Reading, ...]
    inferred: bool
    role: str | None = None
    date_span: tuple[int, int] | None = None
    time_span: tuple[int, int] | None = None
    named_days: tuple[date, ...] | None = None  # the days the words name, when a reading moved off them
    # "past" or "future" when the sentence says which way it looks: in a sentence about the past a
    # time said without a day is its last occurrence (else its next one)
    direction: str | None = None

    @property
    def ambiguous(self) -> bool:
        return len(self.readings) > 1
