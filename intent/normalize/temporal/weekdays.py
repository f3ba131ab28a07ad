"""Weekdays with what people put around them: "Friday", "on fri", "this Friday", "next Friday",
"last Tuesday", "this past Monday", "this coming Sunday", "Friday next week", "Wednesday of this
week", "the Friday after next", "a week from Friday", "3 fridays from now", "next week Wednesday",
"upcoming Thursday", "previous Friday", British "Friday week", "a week on Friday" and "a week Friday", "the last
day of next year", "previous week - Monday", "first Sunday" (of the reference's month), "two
fridays later", "final thursday in april", "on Tuesday, next week", the next and previous working day
("next business day", "next weekday"), the weekday of the week a count lands in (``weekday_in_week_of``),
and days counted inside a year ("the 100th day of 2027", "the first Monday of next year").

Weeks start on Monday. Where usage splits, both readings are kept: "next Wednesday" said on a
Monday is the day after tomorrow to some and a week later to others; "last Monday" said on a
Friday is this week's Monday or the one before; "this Monday" said on a Wednesday is two days ago
or five days ahead, and "this Wednesday" said on a Wednesday today or in a week; "the
following Friday" reads as "next Friday". A bare weekday is the next one after today ("Tuesday" said on a Tuesday is in
a week), the one just gone when the sentence speaks of the past, and both when readers differ and
the sentence says nothing (see ``_bare`` and ``tense``).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import cache
from itertools import pairwise

from dateutil.relativedelta import relativedelta

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import (
    COMMON_WORD_DAYS,
    COUNT,
    MONTH,
    MONTHS,
    ORDINAL_WORD,
    WEEKDAY,
    WEEKDAYS,
    YEAR,
    LazyPattern,
    count_of,
    day_of,
    scan,
)
from intent.normalize.temporal.lexicon import before as _before
from intent.normalize.temporal.pieces import Piece

__all__ = ["weekday_in_week_of", "weekday_pieces"]

# "nxt fri": "next" as chat writes it
_QUALIFIER = (r"this\s+coming|this\s+upcoming|this\s+past|the\s+coming|the\s+past|the\s+following|following|"
              r"the\s+upcoming|upcoming|the\s+previous|previous|this|next|nxt|last|past|coming")
_WEEKDAY_RE = compiled(
    rf"\b(?:({_QUALIFIER})\s+)?({WEEKDAY})\b(\.)?"
    # "on Tuesday, next week": the week after a comma too (read only at the end of the phrase)
    r"(?:(?:\s+|,\s+(?=(?:this|next|last)\s+week\b))(?:(of\s+)?(this|next|last|the\s+next|the\s+following|the\s+previous|previous|the\s+last)\s+week|"
    rf"(after\s+next(?!\s+(?:{WEEKDAY})\b)|week(?!\s*(?:end|ly|day))|fortnight)|(week\s+after\s+next)|"
    r"(from\s+(?:last|past|the\s+past|previous)\s+week)|"
    # "Monday next", "Thursday coming", "Tuesday last", "Friday gone", "Monday just gone": the qualifier after the day
    r"(next|coming|last|gone|just\s+gone)(?=\s*$|\s*[,.;:!?)]|\s+(?:at|@|by|in|from|morning|afternoon|evening|night|and|or)\b|"
    r"\s+\d)))?\b",
    re.IGNORECASE,
)
# "next week Mon, Wed or Fri", "Tuesday or Thursday next week": every weekday of the list is in
# the week named once for all of them.
_WEEK_WORDS = r"(last|next|this|previous|the\s+previous|the\s+following|the\s+next)\s+week"
_LIST_JOIN = r"\s*(?:,\s*(?:or|and)?|or|and|/)\s*(?:on\s+)?"
_WEEK_THEN_LIST = compiled(
    rf"\b{_WEEK_WORDS}(?:'?s)?(?:,|\s*[-–—:])?\s+(?:on\s+)?({WEEKDAY})\b\.?((?:{_LIST_JOIN}(?:{WEEKDAY})\b\.?)+)",
    re.IGNORECASE,
)
_LIST_THEN_WEEK = compiled(
    rf"\b({WEEKDAY})\b\.?((?:{_LIST_JOIN}(?:{WEEKDAY})\b\.?)+)\s+(?:of\s+)?{_WEEK_WORDS}\b",
    re.IGNORECASE,
)
# "next Monday and Tuesday", "this coming Wed or Thu": the days listed after a weekday said with
# "next" that fall later in its week are in that same week.
_NEXT_THEN_LIST = compiled(
    rf"\b(?:next|this\s+coming|the\s+following|following)\s+({WEEKDAY})\b\.?((?:{_LIST_JOIN}(?:{WEEKDAY})\b\.?)+)",
    re.IGNORECASE,
)
_ONE_WEEKDAY = compiled(rf"\b({WEEKDAY})\b\.?", re.IGNORECASE)
# ("the monday after next monday" is a weekday after a day: see the grammar's shifted days)
_THE_AFTER_NEXT = compiled(rf"\bthe\s+({WEEKDAY})\s+after\s+next\b(?!\s+(?:{WEEKDAY})\b)", re.IGNORECASE)
_THE_BEFORE_LAST = compiled(rf"\b(?:the\s+)?({WEEKDAY})\s+before\s+last\b", re.IGNORECASE)
_BUSINESS = 7  # the "weekday" of a working day counted in a month
_WEEKS_FROM = compiled(
    rf"\b({COUNT})\s+(weeks?|days?|fortnights?)\s+(?:(from|after|before|on)\s+)?(?:(this|next|last|coming)\s+)?({WEEKDAY})\b",
    re.IGNORECASE,
)
# British "a week Friday", "a fortnight Tuesday", "two weeks Monday": "on" left out. Read only as a
# phrase of its own: not after "every"/"for"/"in"... ("every two weeks Monday", "for a week Monday to
# Friday") nor before a range or list ("two weeks Monday through Friday"), nor with this/next.
_BARE_WEEKS_BEFORE = LazyPattern(
    r"\b(?:every|each|for|per|in|of|than|over|about|around|within|last|past|next|first)\s+$", re.IGNORECASE
)
_BARE_WEEKS_AFTER = LazyPattern(
    r"\s*(?:-|–|/|&|\+|to\b|through\b|thru\b|till\b|until\b|and\b|or\b|(?:night|morning|evening|afternoon)s?\b|s\b)",
    re.IGNORECASE,
)


def _bare_weeks_read(text: str, match: re.Match[str], unit: str) -> bool:
    return (not unit.startswith("day") and match.group(4) is None
            and not _BARE_WEEKS_BEFORE.search(text[max(0, match.start() - 12):match.start()])
            and not _BARE_WEEKS_AFTER.match(text, match.end()))


_NTH_FROM_NOW = compiled(rf"\b({COUNT})\s+({WEEKDAY})s?\s+(from\s+now|from\s+today|later|hence|ago|back)\b",
                         re.IGNORECASE)
# "the first Monday of October", "last Friday in March 2027", "the 2nd Tuesday of next month",
# "3rd thursday this september",
# "the last day of October", "the last business day of the month": a weekday (or day, or working
# day: Monday to Friday, public holidays not known) counted inside a month.
_BUSINESS_DAY = r"(?:business|working|work)\s+day|weekday"
_NTH_OF_MONTH = compiled(
    rf"\b(?:the\s+)?(first|second|third|fourth|fifth|last|final|1st|2nd|3rd|4th|5th)\s+({WEEKDAY}|{_BUSINESS_DAY}|day)\s+"
    rf"(?:(?:(?:of|in)\s+(?:this\s+)?|this\s+)({MONTH})\.?(?:,?\s+({YEAR}|'\d{{2}}))?|"
    r"(?:(?:of|in)\s+|(?=(?:this|next|last)\s+month))(this|the|next|last|the\s+next|the\s+following|the\s+previous|"
    r"previous|the\s+current|current|the\s+last|the\s+coming|this\s+coming)\s+month)\b",
    re.IGNORECASE,
)
# "the first Monday of 2027", "the last Friday of the year", "the first business day of next year": a
# weekday counted inside a year, from its first day (or back from its last)
_NTH_OF_YEAR = compiled(
    rf"\b(?:the\s+)?(first|second|third|fourth|fifth|last|final|1st|2nd|3rd|4th|5th)\s+({WEEKDAY}|{_BUSINESS_DAY})\s+"
    r"(?:of|in)\s+(?:(this|next|last|the\s+next|the\s+coming|the\s+following|the\s+previous|previous|the)\s+year|"
    rf"({YEAR}))\b",
    re.IGNORECASE,
)
# "first Sunday", "the third Tuesday": a weekday counted in the reference's month, said alone (no
# month after it, nothing but the end, a stop or a time after it; "my first Sunday off" is not a date).
@cache
def _nth_alone_pattern() -> re.Pattern[str]:
    """Compiled on first use (only where an ordinal word stands): import time stays flat."""
    return compiled(
        rf"(?<!\bmy\s)(?<!\bour\s)(?<!\byour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\bits\s)(?<!\ba\s)"
        rf"\b(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\s+({WEEKDAY})\b\.?"
        r"(?=\s*$|\s*[,.;:!?)]|\s+(?:at|@|morning|afternoon|evening|night|and|or|then|please|works?|would|is|if|so|but|"
        r"with|instead|too)\b)",
        re.IGNORECASE,
    )
# "the first day of next year", "the last day of 2027", "the 100th day of 2027", "the 256th day of the
# year": a day numbered inside its year (a numbered day of a month is the calendar family's)
_DAY_OF_YEAR = compiled(
    # "my first day of the year at the gym" is the speaker's own, not the calendar's
    r"(?<!\bmy\s)(?<!\bour\s)(?<!\byour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)"
    rf"\b(?:the\s+)?(last|[1-9]\d{{0,2}}(?:st|nd|rd|th)|{ORDINAL_WORD})\s+day\s+of\s+(?:(this|next|last|the\s+next|"
    rf"the\s+coming|the\s+following|the\s+previous|previous|the)\s+year|({YEAR}))\b",
    re.IGNORECASE,
)
_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
        "last": -1, "final": -1}
# "next week's Monday", "next week Monday", "last week on Friday", "the following week, Tuesday",
# "next week, maybe Wednesday",
# "previous week - Monday".
_LAST_WEEKS = compiled(
    rf"\b(last|next|this|previous|the\s+previous|the\s+following|the\s+next)\s+week(?:'?s)?(?:,|\s*[-–—:])?\s+"
    # "next week, maybe Wednesday", "next week maybe, say on Tuesday": a hedge between ("how about",
    # "preferably" open a clause of their own: a suggestion, a preference)
    r"(?:(?:maybe|perhaps|probably|say|let['’]?s\s+say)\b,?\s+){0,3}"
    rf"(?:on\s+)?(?:the\s+)?({WEEKDAY})\b\.?",
    re.IGNORECASE,
)
# "Tuesday of the week after next", "the week before last on Friday": a weekday two weeks away,
# counted in weeks that start on Monday.
_TWO_WEEKS_OFF = r"the\s+week\s+(after\s+next|before\s+last)"
_DAY_OF_TWO_WEEKS_OFF = compiled(
    rf"\b({WEEKDAY})\b\.?,?\s+(?:(?:of|in)\s+)?{_TWO_WEEKS_OFF}\b|"
    rf"\b{_TWO_WEEKS_OFF}(?:'?s)?(?:,|\s*[-–—:])?\s+(?:on\s+)?(?:the\s+)?({WEEKDAY})\b\.?",
    re.IGNORECASE,
)
_CUE_BEFORE = compiled(r"(?:\b(?:on|by|until|till|til|before|after|from|to|through|thru|this|next|last|past|"
                       r"coming|every|and|or|since|starting)\s+|^\s*|[,(]\s*)$", re.IGNORECASE)
_CUE_AFTER = compiled(r"(?:\.?\s*[,]|\s+\d|\s+(?:at|@|morning|afternoon|evening|night|the\s+\d|next|"
                      r"\d)|\.?\s*$)", re.IGNORECASE)


_PHRASE_END = compiled(r"\s*(?:$|[.;!?)]|,|\s(?:at|@|in\s+the|morning|afternoon|evening|night)\b)", re.IGNORECASE)
# "next business day", "the next working day", "next weekday", "the previous business day": the
# nearest Monday-to-Friday day after (before) today; public holidays are not known, so one that lands
# on or crosses New Year's Day or Christmas is not read. "last business day" and "last working day" are
# not read: the last one of a month, or someone's last day at work, as often as the one before today.
_NEXT_WORKING_DAY = compiled(
    # "my next working day" is the speaker's own (a part-timer's), not the calendar's
    r"(?<!\bmy\s)(?<!\bour\s)(?<!\byour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)"
    r"\b(?:the\s+)?(next|previous|prior)\s+(?:(?:business|working|work)\s+day|weekday)\b"
    r"(?!\s+(?:of|in|after|before)\b)",
    re.IGNORECASE,
)


# "sun at 10am", "sat 5th dec", "Sun Dec 6": a time of day or a date follows.
_TIME_AFTER = compiled(r"\.?,?\s+(?:(?:at|@)\s+)?\d{1,2}(?:(?::\d\d)?\s*[ap]\.?m\b|st\b|nd\b|rd\b|th\b)|"
                       rf"\.?,?\s+(?:{MONTH})\.?\s+\d{{1,2}}\b", re.IGNORECASE)


def _nth_in_month(first: date, weekday: int | None, nth: int) -> date | None:
    """The ``nth`` (``-1``: last) ``weekday`` of the month starting at ``first``; ``None``: a day of month."""
    last: date = first + relativedelta(months=1) - timedelta(days=1)
    if weekday == _BUSINESS:
        working = [d for d in (first + timedelta(days=i) for i in range(last.day)) if d.weekday() < 5]
        value = working[-1] if nth == -1 else working[nth - 1] if nth <= len(working) else None
        if value is not None and any((d.month, d.day) in ((1, 1), (12, 25))
                                     for d in working if (d <= value) == (nth != -1)):
            return None  # New Year's Day or Christmas is on the way: a holiday nearly everywhere, so not read
        return value
    if weekday is None:
        value = last if nth == -1 else first + timedelta(days=nth - 1)
        return value if value.month == first.month else None
    if nth == -1:
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    value = first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))
    return value if value.month == first.month else None


_JUST_GONE_DAYS = 31  # a day counted inside a month is talked of as the one just gone for about a month


def _nth_piece(match: re.Match[str], today: date) -> Piece | None:
    nth = _NTH[match.group(1).lower()]
    name = match.group(2).lower()
    weekday = None if name == "day" else WEEKDAYS.get(name, _BUSINESS)
    this_month = today.replace(day=1)
    if match.group(3):
        month = MONTHS[match.group(3).lower()]
        if match.group(4):
            year = int(match.group(4).lstrip("'"))
            if len(match.group(4)) == 3:  # "'02": as calendar dates read two digits (either century: not read)
                ahead = 2000 + year - today.year
                if 10 < ahead <= 30:
                    return None
                year += 2000 if ahead <= 10 else 1900
            return _dated_piece(match, _nth_in_month(date(year, month, 1), weekday, nth), False)
        coming = past = None
        for year in (today.year - 1, today.year, today.year + 1):
            value = _nth_in_month(date(year, month, 1), weekday, nth)
            if value is not None and value >= today and coming is None:
                coming = value
            elif value is not None and value < today:
                past = value
        if coming is None:
            return None
        if past is None or re.search(r"\bthis\s+" + re.escape(match.group(3)), match.group(0), re.IGNORECASE):
            return _dated_piece(match, coming, True)  # "3rd thursday this september": the one ahead
        # "the first day of February" said on February 2nd: the one just gone is a reading for about a
        # month after it, as a holiday's is (readers split there: compromise the one gone); later the
        # coming one, as Duckling, Chronic and natty read "first tuesday of october" said months after.
        # A past cue takes the one gone either way.
        return Piece(match.start(), match.end(), "date", days=(coming,), inferred=True, past_days=(past,),
                     disputed=(today - past).days <= _JUST_GONE_DAYS)
    which = " ".join(match.group(5).lower().split()).removeprefix("the ").removeprefix("this ")
    ahead = {"": 0, "current": 0, "next": 1, "following": 1, "coming": 1, "last": -1, "previous": -1}.get(which, 0)
    return _dated_piece(match, _nth_in_month(this_month + relativedelta(months=ahead), weekday, nth), True)


_NTH_ALONE_WORDS = compiled(r"\b(?:second|third|fourth|[1-4](?:st|nd|rd|th))\b", re.IGNORECASE)


def _nth_alone(match: re.Match[str], today: date) -> Piece:
    """"the third Tuesday" said alone: the one of the reference's month. Once it has passed, readers
    differ (that month's, as a month-scoped phrase; the coming month's, as the next one), so both are
    offered unless the sentence speaks of the past."""
    nth = _NTH[match.group(1).lower()]
    weekday = WEEKDAYS[match.group(2).lower()]
    this_month = _nth_in_month(today.replace(day=1), weekday, nth)
    if this_month is None:  # not reached for nth <= 4: every month has four of each weekday
        return Piece(match.start(), match.end(), "date", bad=True)
    if this_month >= today:
        return Piece(match.start(), match.end(), "date", days=(this_month,), inferred=True)
    coming = _nth_in_month(today.replace(day=1) + relativedelta(months=1), weekday, nth)
    return Piece(match.start(), match.end(), "date", days=(this_month, coming) if coming else (this_month,),
                 inferred=True, past_days=(this_month,), disputed=True)


def _numbered_day(year: int, nth: int) -> date | None:
    """The ``nth`` day of ``year`` (``-1``: its last), or None when the year has no such day."""
    if nth == -1:
        return date(year, 12, 31)
    value = date(year, 1, 1) + timedelta(days=nth - 1)
    return value if 0 < nth and value.year == year else None


def _nth_of_year(match: re.Match[str], today: date) -> Piece:
    """"the first Monday of 2027", "the last Friday of the year": in January, or back from December's
    end. "the year" is the reference's; once that day has passed, that year's or the next one's."""
    nth = _NTH[match.group(1).lower()]
    name = match.group(2).lower()
    weekday = WEEKDAYS.get(name, _BUSINESS)
    which = " ".join((match.group(3) or "").lower().split())
    ahead = {"this": 0, "next": 1, "the next": 1, "the coming": 1, "the following": 1, "last": -1,
             "previous": -1, "the previous": -1}.get(which, 0)
    year = int(match.group(4)) if match.group(4) else today.year + ahead

    def counted(in_year: int) -> date | None:
        return _nth_in_month(date(in_year, 1 if nth > 0 else 12, 1), weekday, nth)

    value = counted(year)
    if value is None:  # a count of working days through New Year's Day or Christmas: not read
        return Piece(match.start(), match.end(), "date", bad=True)
    if which == "the" and value < today:
        coming = counted(year + 1)
        if coming is not None:
            return Piece(match.start(), match.end(), "date", days=(coming,), inferred=True, past_days=(value,),
                         disputed=True)
    return Piece(match.start(), match.end(), "date", days=(value,), inferred=not match.group(4))


def _day_of_year(match: re.Match[str], today: date) -> Piece:
    """"the 100th day of 2027", "the first day of next year", "the 256th day of the year". "the year" is
    the reference's; once its day has passed, that year's or the next one's (as "the third Tuesday" said
    alone), unless the sentence says which way it looks."""
    word = match.group(1).lower()
    nth = -1 if word == "last" else day_of(word) or 0
    which = " ".join((match.group(2) or "").lower().split())
    the_year = which == "the"
    which = which.removeprefix("the ")
    ahead = {"this": 0, "next": 1, "coming": 1, "following": 1, "last": -1, "previous": -1}.get(which, 0)
    year = int(match.group(3)) if match.group(3) else today.year + ahead
    value = _numbered_day(year, nth)
    if value is None:  # "the 366th day of 2027": no such day, and no other day read in its place
        return Piece(match.start(), match.end(), "date", bad=True)
    if the_year and value < today:
        coming = _numbered_day(year + 1, nth)
        if coming is not None:
            return Piece(match.start(), match.end(), "date", days=(coming,), inferred=True,
                         past_days=(value,), disputed=True)
    return Piece(match.start(), match.end(), "date", days=(value,), inferred=not match.group(3))


def _dated_piece(match: re.Match[str], value: date | None, inferred: bool) -> Piece | None:
    if value is None:
        return Piece(match.start(), match.end(), "date", bad=True)  # "the fifth Monday" of a month with four
    return Piece(match.start(), match.end(), "date", days=(value,), inferred=inferred)


def weekday_in_week_of(landing: date, weekday: int, loose: bool = False) -> tuple[date, ...]:
    """The ``weekday`` of the week a count lands in ("monday two weeks from now", "in 3 days on
    friday", "thursday, two years from now"). Weeks start on Monday here and on Sunday for many
    readers: when the two weeks give different days (a Sunday named or landed on), both are offered.
    A count of months or years lands loosely ("two months from today on tuesday"), so the first such
    weekday on or after the landing day is offered too when it differs."""
    monday_week = landing - timedelta(days=landing.weekday()) + timedelta(days=weekday)
    sunday = landing - timedelta(days=(landing.weekday() + 1) % 7)
    sunday_week = sunday + timedelta(days=(weekday + 1) % 7)
    days = {monday_week, sunday_week}
    if loose:
        days.add(landing + timedelta(days=(weekday - landing.weekday()) % 7))
    return tuple(sorted(days))


def _week_monday(day: date, weeks: int = 0) -> date:
    return day - timedelta(days=day.weekday()) + timedelta(weeks=weeks)


def _qualified(weekday: int, qualifier: str, today: date) -> tuple[date, ...]:
    ahead = (weekday - today.weekday()) % 7
    coming = today + timedelta(days=ahead or 7)
    behind = (today.weekday() - weekday) % 7 or 7
    recent = today - timedelta(days=behind)
    if qualifier == "":
        return (coming,)
    if qualifier in ("coming", "this coming", "the coming", "upcoming", "the upcoming", "this upcoming"):
        # Said earlier in the week than that weekday, readers split as on "next Friday": this week's
        # (Recognizers-Text, and many speakers) or next week's (compromise: "this coming friday" said
        # on a Monday is eleven days on). Both are offered; on or after it in the week, the coming one.
        if weekday > today.weekday():
            return (coming, coming + timedelta(days=7))
        return (coming,)
    if qualifier == "this":
        if weekday == today.weekday():
            return (today, coming)  # said on a Wednesday, "this Wednesday" is today or in a week
        if weekday > today.weekday():
            return (today + timedelta(days=ahead),)
        return (recent, coming)  # said on Wednesday, "this Monday" is behind or ahead
    if qualifier in ("next", "the following", "following"):
        if weekday > today.weekday():
            return (coming, coming + timedelta(days=7))
        return (coming,)  # "next Monday" said on Friday: the coming one, which is in next week too
    if qualifier in ("last", "past", "the past", "previous", "the previous"):
        if weekday < today.weekday():
            return (recent, recent - timedelta(days=7))
        return (recent,)
    if qualifier == "this past":
        return (recent,)
    return ()


def _after_next(weekday: int, today: date) -> tuple[date, ...]:
    """"the Saturday after next": a week after "next Saturday", whichever that is. Said before that
    weekday in the week, readers split as on "next Saturday" (Duckling a week after the coming one,
    natty two weeks after it), so both are offered."""
    return tuple(d + timedelta(days=7) for d in _qualified(weekday, "next", today))


def _bare(start: int, end: int, weekday: int, today: date) -> Piece:
    """A weekday said alone: the coming one, or the one just gone when the sentence speaks of the
    past. Readers differ when the one just gone is this week's (weeks start on Monday) or today
    ("Monday" said on a Thursday: three days ago, or in four days): then, with no cue, both are
    offered. Said on that weekday, only a past cue settles it (today); looking ahead, today and a
    week later are both still to come."""
    ahead = (weekday - today.weekday()) % 7
    behind = (today.weekday() - weekday) % 7
    coming = today + timedelta(days=ahead or 7)
    past = today - timedelta(days=behind)
    # said on that weekday, a sentence looking ahead still leaves both: Recognizers-Text's requests
    # ("schedule me a 1:1 on monday" said on a Monday) read today, Duckling and Chronic a week later
    days = (today, coming) if ahead == 0 else (coming,)
    return Piece(start, end, "date", days=days, inferred=True, weekday=weekday, past_days=(past,),
                 disputed=weekday <= today.weekday())


def _in_week(weekday: int, which: str, today: date) -> date:
    weeks = {"this": 0, "next": 1, "the next": 1, "the following": 1, "last": -1, "previous": -1,
             "the previous": -1, "the last": -1}[which]
    return _week_monday(today, weeks) + timedelta(days=weekday)


def _readable(text: str, match: re.Match[str], name: str, qualifier: str, dot: bool) -> bool:
    """Short names that are words too ("sat", "sun", "wed") need a cue around them."""
    if name.lower() not in COMMON_WORD_DAYS or qualifier:
        return True
    if name[:1].isupper() and (dot or _CUE_AFTER.match(text, match.end(2))):
        return True
    if _TIME_AFTER.match(text, match.end(2)):
        return True  # "sun at 10am", "sat 5pm", "wed 2nd": a time of day or a day of month follows
    return bool(_CUE_BEFORE.search(_before(text, match.start(2))) and (dot or _CUE_AFTER.match(text, match.end(2))))


# "Tu" and "Th" as class and shift schedules write them: two letters are too often something else, so
# only capitalised, after "on" ("on Th") or before a time of day or a numeric date ("Tu 3pm", "Th at
# 10am", "Tu 12/8"); never in a pair of days ("Tu/Th": a recurrence).
_TWO_LETTER_DAY = LazyPattern(
    r"(?<=(?i:\bon) )(Tu|Th|TU|TH)\.?(?![\w/])|"
    r"(?<![\w/])(Tu|Th|TU|TH)\.?(?=,?\s+(?:(?i:at)\s+)?\d{1,2}(?::\d\d)?\s*(?i:[ap]\.?m)\b|,?\s+\d{1,2}/\d{1,2}\b)"
)
_TWO_LETTER_DAYS = {"tu": 1, "th": 3}


def weekday_pieces(text: str, today: date | None) -> list[Piece]:
    """Every weekday phrase in ``text``; its days need ``today`` (without it: none)."""
    out: list[Piece] = []
    for match in scan(_TWO_LETTER_DAY, text, "Tu" in text or "Th" in text or "TU" in text or "TH" in text):
        name = match.group(1) or match.group(2)
        start, end = match.start(), match.end()
        weekday = _TWO_LETTER_DAYS[name.lower()]
        out.append(_bare(start, end, weekday, today) if today else Piece(start, end, "date", weekday=weekday))
    for match in _WEEKDAY_RE.finditer(text):
        qualifier = " ".join((match.group(1) or "").lower().split()).replace("nxt", "next")
        if match.group(9) and not qualifier:
            after = " ".join(match.group(9).lower().split())
            qualifier = "past" if after in ("gone", "just gone") else after
        name = match.group(2)
        weekday = WEEKDAYS[name.lower()]
        if not _readable(text, match, name, qualifier, bool(match.group(3))):
            continue
        if today is None:
            out.append(Piece(match.start(), match.end(), "date", weekday=weekday))
            continue
        which = " ".join((match.group(5) or "").lower().split())
        end = match.end()
        if which and "," in text[match.end(2):match.start(5)] and not _PHRASE_END.match(text, end):
            continue  # "busy Tuesday, next week is free": the week opens a clause of its own
        if which and not qualifier:
            days: tuple[date, ...] = (_in_week(weekday, which, today),)
        elif (match.group(6) or match.group(7)) and not qualifier:
            weeks = 2 if (match.group(6) or "").lower() == "fortnight" else 1  # "Friday fortnight"
            days = (_after_next(weekday, today) if " ".join((match.group(6) or "").lower().split()) == "after next"
                    else (_qualified(weekday, "", today)[0] + timedelta(days=7 * weeks),))
        elif match.group(8) and not qualifier:
            days = (_in_week(weekday, "last", today),)
        else:
            days = _qualified(weekday, qualifier, today)
            if which or match.group(6) or match.group(7) or match.group(8):
                end = match.end(3) if match.group(3) else match.end(2)
            elif not qualifier:
                out.append(_bare(match.start(), end, weekday, today))
                continue
            elif qualifier == "this" and len(days) == 2:
                # "this Monday" said on a Wednesday: behind or ahead, unless the sentence says which
                # (said on a Wednesday, "this Wednesday" is today or in a week, whatever the tense)
                ahead_days = days if weekday == today.weekday() else days[1:]
                out.append(Piece(match.start(), end, "date", days=ahead_days, inferred=True, weekday=weekday,
                                 past_days=days[:1], disputed=True))
                continue
        if days:
            out.append(Piece(match.start(), end, "date", days=days, inferred=True, weekday=weekday))
    if today is None:
        return out
    for match in _NTH_OF_MONTH.finditer(text):
        piece = _nth_piece(match, today)
        if piece is not None:
            out.append(piece)
    for match in _NTH_OF_YEAR.finditer(text):
        out.append(_nth_of_year(match, today))
    ordinal_word = "first" in text.lower() or _NTH_ALONE_WORDS.search(text)
    for match in _nth_alone_pattern().finditer(text) if ordinal_word else ():
        out.append(_nth_alone(match, today))
    for match in _DAY_OF_YEAR.finditer(text):
        out.append(_day_of_year(match, today))
    for match in _THE_BEFORE_LAST.finditer(text):
        weekday = WEEKDAYS[match.group(1).lower()]
        last_one = today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)  # strictly before today
        out.append(Piece(match.start(), match.end(), "date", days=(last_one - timedelta(days=7),), inferred=True,
                         weekday=weekday))
    for match in _THE_AFTER_NEXT.finditer(text):
        weekday = WEEKDAYS[match.group(1).lower()]
        out.append(Piece(match.start(), match.end(), "date", days=_after_next(weekday, today), inferred=True,
                         weekday=weekday))
    low = text.lower()
    # a list names its week and joins its days: without both, not worth a scan
    week_named = "week" in low and ("," in low or "/" in low or " or " in low or " and " in low)
    for pattern in (_WEEK_THEN_LIST, _LIST_THEN_WEEK):
        for match in pattern.finditer(text) if week_named else ():
            which = " ".join(match.group(1 if pattern is _WEEK_THEN_LIST else 3).lower().split())
            listed = []
            for name in _ONE_WEEKDAY.finditer(text, match.start(), match.end()):
                weekday = WEEKDAYS[name.group(1).lower()]
                listed.append(Piece(name.start(), name.end(), "date", days=(_in_week(weekday, which, today),),
                                    inferred=True, weekday=weekday))
            # the week words belong to the weekday next to them
            if pattern is _WEEK_THEN_LIST:
                listed[0] = listed[0].moved(start=match.start())
            else:
                listed[-1] = listed[-1].moved(end=match.end())
            spans = {(p.start, p.end) for p in listed}
            out[:] = [p for p in out if (p.start, p.end) not in spans]
            out.extend(listed)
    qualified_list = ("next" in low or "coming" in low or "following" in low) and (
        "," in low or " or " in low or " and " in low or "/" in low)
    for match in _NEXT_THEN_LIST.finditer(text) if qualified_list else ():
        names = list(_ONE_WEEKDAY.finditer(text, match.start(2), match.end(2)))
        first = WEEKDAYS[match.group(1).lower()]
        heads = [p for p in out if p.start == match.start() and p.weekday == first]
        weekdays = [WEEKDAYS[n.group(1).lower()] for n in names]
        if not heads or any(b <= a for a, b in pairwise([first, *weekdays])):
            continue  # "next Friday or Monday": the Monday may be in either week, left as said
        listed = [Piece(n.start(), n.end(), "date", days=tuple(d + timedelta(days=wd - first) for d in heads[0].days),
                        inferred=True, weekday=wd) for n, wd in zip(names, weekdays, strict=True)]
        spans = {(p.start, p.end) for p in listed}
        out[:] = [p for p in out if (p.start, p.end) not in spans]
        out.extend(listed)
    for match in _DAY_OF_TWO_WEEKS_OFF.finditer(text):
        weekday = WEEKDAYS[(match.group(1) or match.group(4)).lower()]
        weeks = 2 if (match.group(2) or match.group(3)).lower().startswith("after") else -2
        day = _week_monday(today, weeks) + timedelta(days=weekday)
        out.append(Piece(match.start(), match.end(), "date", days=(day,), inferred=True, weekday=weekday))
    for match in _LAST_WEEKS.finditer(text):
        weekday = WEEKDAYS[match.group(2).lower()]
        which = " ".join(match.group(1).lower().split())
        out.append(Piece(match.start(), match.end(), "date", days=(_in_week(weekday, which, today),),
                         inferred=True, weekday=weekday))
    for match in _WEEKS_FROM.finditer(text):
        count = count_of(match.group(1))
        if count is None:
            continue
        weekday = WEEKDAYS[match.group(5).lower()]
        bases = _qualified(weekday, (match.group(4) or "").lower(), today)
        unit = match.group(2).lower()
        if match.group(3) is None and not _bare_weeks_read(text, match, unit):
            continue
        if (match.group(3) or "on").lower() == "on" and unit.startswith("day"):
            continue  # "a week on Friday" is British for a week from Friday; "3 days on Friday" is not a date
        step = timedelta(days=count * (14 if unit.startswith("fortnight") else 7 if unit.startswith("week") else 1))
        sign = -1 if (match.group(3) or "").lower() == "before" else 1
        days = tuple(base + sign * step for base in bases)
        out.append(Piece(match.start(), match.end(), "date", days=days, inferred=True))
    for match in scan(_NEXT_WORKING_DAY, text, "day" in low or "weekday" in low):
        step = timedelta(days=-1 if match.group(1).lower() in ("previous", "prior") else 1)
        day = today + step
        while day.weekday() >= 5:
            day += step
        passed = (today + step * i for i in range(1, abs((day - today).days) + 1))
        if any((d.month, d.day) in ((1, 1), (12, 25)) for d in passed):
            continue
        out.append(Piece(match.start(), match.end(), "date", days=(day,), inferred=True))
    for match in _NTH_FROM_NOW.finditer(text):
        count = count_of(match.group(1))
        if count is None or count < 1:
            continue
        weekday = WEEKDAYS[match.group(2).lower()]
        if match.group(3).lower() in ("ago", "back"):
            behind = (today.weekday() - weekday) % 7 or 7
            day = today - timedelta(days=behind + 7 * (count - 1))
        else:
            ahead = (weekday - today.weekday()) % 7 or 7
            day = today + timedelta(days=ahead + 7 * (count - 1))
        out.append(Piece(match.start(), match.end(), "date", days=(day,), inferred=True))
    return out
