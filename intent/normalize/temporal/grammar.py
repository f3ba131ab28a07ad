"""The time grammar: the families' pieces joined into phrases.

1. Each family reads its own forms (``calendar``, ``weekdays``, ``relative``, ``holidays``,
   ``clock``, parts of day and zones here). Overlapping pieces keep the longest.
2. Neighbouring pieces joined only by words like "at", "on", "," or "the" (or a bracket, or a
   dash from a day to a time) form one phrase: "tomorrow at 3pm", "3pm on Friday", "at 7:30 PM on
   Fri, Sep 20", "tomorrow morning at 8", "Friday (Dec 4)", "6 jan 2027 - 6:37am".
   A part of day settles an hour written without am/pm; a weekday next to a date must agree
   with it (or picks the year / month of a date written without one; "Thursday the 21st" said
   days after such a Thursday, the next one months away, keeps both), or picks its day in the
   week a count lands in ("monday two weeks from now"); the small hours after "tonight" fall on
   the next date.
3. Two phrases joined by "to", "-", "until", "through" (or "between A and B") are the two ends of
   a range: each end lends the other its day and its am/pm ("from 3 to 5pm tomorrow").

A phrase that cannot be read whole (an unknown zone, a weekday that contradicts its date) yields
nothing, so no part of it is read in its place; nor is a phrase read next to the unread rest of a
date ("21. Okt 19:00", "the 15 at 8pm"), next to words that move it ("next May 5th", "since
Monday") or next to an alternative ("7 or 8pm"). Words that blur a day without moving it ("early
tomorrow", "the end of Friday") are taken in, without a time of day.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta
from functools import lru_cache
from itertools import product

from dateutil.relativedelta import relativedelta

from intent.compiled_regex import compiled
from intent.normalize.temporal.bracketed_day import with_bracketed_day
from intent.normalize.temporal.calendar import calendar_pieces, safe_date
from intent.normalize.temporal.clock import clock_pieces
from intent.normalize.temporal.events import counted_from_unknown_day
from intent.normalize.temporal.holidays import holiday_pieces
from intent.normalize.temporal.lexicon import (
    CALENDAR_WORDS,
    CARDINAL,
    CLOCK_WORDS,
    COMMON_WORD_DAYS,
    COUNT,
    HOLIDAY_WORDS,
    HOUR_WORD,
    MONTH,
    MONTH_WORDS,
    ORDINAL_WORD,
    PART_WORDS,
    RELATIVE_WORDS,
    TRIGGER_WORDS,
    WEEKDAY,
    WEEKDAY_WORDS,
    WEEKDAYS,
    alternation,
    count_of,
)
from intent.normalize.temporal.lexicon import before as _before
from intent.normalize.temporal.named_week import in_named_week
from intent.normalize.temporal.pieces import Clock, Piece, Reading, TemporalMention
from intent.normalize.temporal.relative import BOUND_BEFORE, relative_pieces
from intent.normalize.temporal.rests import next_to_unread_rest
from intent.normalize.temporal.stamps import morning_of_written_stamp
from intent.normalize.temporal.tense import NEUTRAL, PAST, Tense, tense_at
from intent.normalize.temporal.weekdays import weekday_in_week_of, weekday_pieces
from intent.normalize.temporal.year_or_clock import with_year_or_clock
from intent.normalize.temporal.zones import ZONE, ZONE_CHOICES, zone_key

__all__ = ["enclosing_phrase", "read_temporal", "unread_in_context"]

# "tomorrow a.m.": a dotted am/pm ends a sentence for the splitter, so one with a time after it
# ("Friday a.m. at 9") is not taken as a part of day: the time would be read apart from its day
_PART = compiled(
    r"\b(?:in\s+the\s+|this\s+|at\s+|early\s+|late\s+)?(?:(morning|afternoon|evening|night|lunch\s?time|(?<=at\s)lunch|"
    # "tmrw morn", "this aft" (chat; "aft" only after a day word: "fore and aft" is no afternoon)
    r"arvo|morn|(?:(?<=this\s)|(?<=today\s)|(?<=tomorrow\s)|(?<=tmrw\s))aft|eve(?!\s+of\b))|"
    r"(am|pm|a\.m|p\.m)\b(?!\s*[:\d]))(?:(?<![ap]\.m)\b|(?<=[ap]\.m)\.?(?![.,]*\s*(?:at\b|@|around\b|about\b|\d)))",
    re.IGNORECASE,
)
# "tomorrow sometime at 2", "Friday first thing at 9", "Friday after lunch at 2": words that blur a
# day join it to the time said after them (read apart, the time alone would be its next occurrence)
# "8:23 AM · Jul 9": the middle dot of a post's date line joins its time and day.
_JOIN = compiled(r"^(?:[\s,()·∙•]|\b(?:at|@|on|by|around|about|the|of|for|from|between|in|sharp|on\s+the\s+dot|"
                   r"sometime|some\s+time|first\s+thing|(?:after|before)\s+lunch)\b|@)*$", re.IGNORECASE)
# "6 jan 2017 - 6:37am": a dash between a day and a time of day joins them (a range needs two of a kind).
_DATE_DASH_TIME = compiled(r"^\s+[-–—]\s+$")
# A weekday or month written short ("next wed. at 5pm", "Sat. 10am", "Tues., Dec. 8"): its stop ends no
# sentence when a word in lower case, a digit or a comma follows.
_ABBREVIATION_END = compiled(
    r"\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)$",
    re.IGNORECASE)
_RANGE_JOIN = compiled(r"^\s*(?:-|–|—|to|till|til|until|through|thru|and|through\s+to)\s*$", re.IGNORECASE)
_BETWEEN = compiled(r"\bbetween\s+$", re.IGNORECASE)
_BETWEEN_INSIDE = compiled(r"\bbetween\b", re.IGNORECASE)  # "tomorrow between 2 and 4pm"
# "-3y", "+2w": a signed count with a short unit glued to it has no word the relative family is run for
_SIGNED_SHORT_COUNT = compiled(r"(?<![\w+-])[+-]\d{1,4}(?:d|w|mos?|y)\b", re.IGNORECASE)
_KIND_ORDER = {"moment": 0, "date": 1, "time": 2, "part": 3}


def _part_fits(part: str, clock: Clock) -> bool:
    hour = clock[0]
    if part in ("morning", "am"):
        return hour < 12
    if part == "pm":  # "at 10 in the pm", "tomorrow pm at 9": the day's second half
        return hour >= 12
    if part == "afternoon":
        return 12 <= hour <= 19
    if part == "evening":
        return 16 <= hour <= 23
    if part == "night":  # "tonight at 5" is 17:00 (the small hours: see ``_Group.mention``)
        return hour >= 17
    if part == "lunch":  # "1 o'clock lunchtime", "at lunch 12"
        return 11 <= hour <= 14
    return True


_IN_THE_EVENING = compiled(r"\s*in\s+the\s+evening\b", re.IGNORECASE)
_DAY_BEFORE_MERIDIEM = compiled(rf"\b(?:{WEEKDAY}|tomorrow|tmrw|today|yesterday)\.?[ \t]+$", re.IGNORECASE)


def _part_pieces(text: str) -> list[Piece]:
    out = []
    for match in _PART.finditer(text):
        part = (match.group(1) or match.group(2)).lower()
        part = "lunch" if part.startswith("lunch") else {"arvo": "afternoon", "aft": "afternoon", "morn": "morning",
                                                         "eve": "evening", "a.m": "am",
                                                         "p.m": "pm"}.get(part, part)
        if (part in ("am", "pm") and not match.group(0).lower().startswith(("in", "this", "at"))
                and not _DAY_BEFORE_MERIDIEM.search(_before(text, match.start(), 16))):
            continue  # a lone "am" is the verb; "Monday AM", "tomorrow pm" are parts of a day
        out.append(Piece(match.start(), match.end(), "part", part=part))
    return out


def _choose(pieces: list[Piece]) -> list[Piece]:
    """Non-overlapping pieces, longest first; at equal length a moment, then a date, then a time."""
    chosen: list[Piece] = []
    for piece in sorted(pieces, key=lambda p: (-(p.end - p.start), _KIND_ORDER.get(p.kind, 9), not p.settled, p.start)):
        if all(piece.end <= c.start or piece.start >= c.end for c in chosen):
            chosen.append(piece)
    chosen.sort(key=lambda p: p.start)
    return chosen


_ZONE_NAME_AFTER_OFFSET = compiled(r"\s*\([A-Za-z][A-Za-z ]{1,40}\)")
_NUMERIC_OFFSET = compiled(r"\s*\(?\s*[+-]\d")
_DASHED_CLOCK = compiled(r"\s*-\s*(\d{1,2}):?(\d{2})\s*\)?$")


def _with_zone(text: str, piece: Piece) -> Piece:
    match = ZONE.match(text, piece.end)
    if match is None:
        return piece
    dashed = _DASHED_CLOCK.match(match.group(0))
    if dashed and any((int(dashed.group(1)), int(dashed.group(2))) > c for c in piece.clocks):
        return piece  # "9:30-10:30": the end of a range, not an offset of -10:30
    key = zone_key(match.group(1))
    if key is None:
        return piece
    if key == "?":
        return piece.moved(end=match.end(), bad=True)
    end = match.end()
    if re.search(r"\d\s*$", match.group(0)):
        named = _ZONE_NAME_AFTER_OFFSET.match(text, end)  # "GMT+0900 (JST)": the offset's name
        end = named.end() if named else end
    if _NUMERIC_OFFSET.match(match.group(0)) and len(piece.clocks) > 1:
        # "10:00:00 +0000": a numeric offset is written by clocks that count 24 hours
        return piece.moved(end=end, zone=key, clocks=piece.clocks[:1], settled=True)
    return piece.moved(end=end, zone=key)


_NEAR_DAYS = 45  # a weekday with a day of month: how far off a matching day is "near"
_FAR_MONTHS = 12  # ... and how many months ahead (or back) one is looked for at all
_HOUR_LIKE = 23  # "Friday 20" may be Friday at 20:00; "Friday 27" cannot


def _numbered_weekdays(weekday: int, day: int, today: date, months: int, back: bool) -> date | None:
    """The first day numbered ``day`` that falls on ``weekday``, from ``today`` on (or before it)."""
    for step in range(months + 1):
        first = today.replace(day=1) + relativedelta(months=-step if back else step)
        value = safe_date(first.year, first.month, day)
        if value is not None and value.weekday() == weekday and (value < today if back else value >= today):
            return value
    return None


def _one_day_off(weekday: int, day: int, today: date, back: bool) -> bool:
    """The next (or last) day numbered ``day`` falls a day before or after ``weekday``: "Thu 16th" said
    on Wednesday the 16th, "Thu 1st" when the 1st is a Friday. One of the two words is likelier a slip
    than the matching day months away."""
    for step in range(2):
        first = today.replace(day=1) + relativedelta(months=-step if back else step)
        value = safe_date(first.year, first.month, day)
        if value is not None and (value < today if back else value >= today):
            return (value.weekday() - weekday) % 7 in (1, 6)
    return False


def _weekday_date(weekday_piece: Piece, other: Piece, today: date | None) -> tuple[tuple[date, ...], bool]:
    """The days of a date written with its weekday ("Fri, Sep 20", "Tuesday the 19th")."""
    weekday = weekday_piece.weekday
    if other.month_day is not None and today is not None:
        month, day = other.month_day
        for year in (today.year, today.year + 1):
            value = safe_date(year, month, day)
            if value is not None and value.weekday() == weekday:
                # "Tuesday, 10 January" said in August when this year's 10 January was the Tuesday:
                # that day gone is meant only where the date alone may be the one gone (a past cue,
                # or one just gone, which the weekday then confirms whatever the tense: "Thu Aug 10"
                # said on Wednesday the 16th); else the weekday contradicts the coming 10 January
                gone_ok = value in other.days or (other.disputed and value in (other.past_days or ()))
                return ((value,) if value >= today or gone_ok else ()), True
        return (), True
    if other.day_only is not None and today is not None and weekday is not None:
        day = other.day_only
        # "Friday 17" when no Friday is the 17th soon is more likely Friday at 17:00: not read far off
        hour_like = other.near_only and day <= _HOUR_LIKE
        if other.days and max(other.days) < today:
            # the sentence looks back ("we met on Tuesday the 8th"): the last such day
            past = _numbered_weekdays(weekday, day, today, 1 if hour_like else _FAR_MONTHS, back=True)
            if past is None or (_one_day_off(weekday, day, today, back=True) and (today - past).days > _NEAR_DAYS):
                return (), True
            return (past,), True
        value = _numbered_weekdays(weekday, day, today, 1 if hour_like else _FAR_MONTHS, back=False)
        if value is not None and (value - today).days <= _NEAR_DAYS:
            return (value,), True
        # "Thursday the 21st" said a week after a Thursday the 21st, the next one months away: that
        # recent one is as likely meant, so both are offered
        past = None if hour_like else _numbered_weekdays(weekday, day, today, 1, back=True)
        if past is not None and (today - past).days <= _NEAR_DAYS:
            return ((past, value) if value is not None else (past,)), True
        if value is None or _one_day_off(weekday, day, today, back=False):
            # no such day within a year, or the number's next day is a day off the weekday ("Thu 16th"
            # said on Wednesday the 16th): a slip in the weekday or the number, not read
            return (), True
        # "Tuesday the 8th" when the next Tuesday the 8th is months away ("on Friday 23rd" for a
        # booking): both words agree on that day only
        return (value,), True
    if other.counted is not None and weekday is not None and len(other.days) == 1:
        if other.counted.endswith(" ago") and other.end <= weekday_piece.start and today is not None:
            # "3 years ago this friday" is an anniversary (that Friday's date, 3 years before, as "a year
            # ago today"), not a Friday of the week 3 years back
            if weekday_piece.past_days is not None:
                return (), True  # "3 years ago on Friday": the Friday just gone or the coming one
            count = relativedelta(today, other.days[0])
            return tuple(d - count for d in weekday_piece.days), True
        return weekday_in_week_of(other.days[0], weekday, loose=other.counted.startswith(("month", "year"))), True
    return tuple(d for d in other.days if d.weekday() == weekday), other.inferred


class _Group:
    def __init__(self, first: Piece) -> None:
        self.pieces = [first]

    def dated_only(self) -> bool:
        return all(p.kind == "date" for p in self.pieces)

    def accepts(self, piece: Piece) -> bool:
        dates = [p for p in self.pieces if p.kind in ("date", "moment")]
        times = [p for p in self.pieces if p.kind in ("time", "moment")]
        if piece.kind == "part":
            return not any(p.kind == "part" for p in self.pieces)
        if piece.kind == "time":
            return not times
        if piece.kind == "moment":
            return not dates and not times
        if not dates:
            return True
        if len(dates) == 1 and dates[0].kind == "date":
            # a weekday and a date may stand together, nothing else doubles up
            return (dates[0].weekday is None) != (piece.weekday is None) and not (
                dates[0].weekday is not None and dates[0].month_day is None and dates[0].day_only is None
                and piece.weekday is not None
            )
        return False

    def mention(self, today: date | None, small_hours: bool = False, text: str = "") -> TemporalMention | None:
        """The phrase the pieces make in ``text``; ``small_hours``: the reference time is before 6am."""
        if any(p.bad for p in self.pieces):
            return None
        dates = [p for p in self.pieces if p.kind in ("date", "moment")]
        times = [p for p in self.pieces if p.kind in ("time", "moment")]
        parts = [p.part for p in self.pieces if p.part and p.kind in ("part", "date")]
        if not dates and not times:
            return None
        days: tuple[date, ...] = ()
        inferred = False
        if len(dates) == 2:
            weekday_piece = dates[0] if dates[0].weekday is not None else dates[1]
            other = dates[1] if weekday_piece is dates[0] else dates[0]
            days, inferred = _weekday_date(weekday_piece, other, today)
        elif dates:
            days, inferred = dates[0].days, dates[0].inferred
        if dates and not days and (today is not None or not times):
            return None  # a day that cannot be placed; without a reference its time of day still reads
        named_days: tuple[date, ...] | None = None
        needs_day = times[0].needs_day if times else None
        if needs_day and not (dates and (needs_day == "any" or dates[0].end <= times[0].start)):
            return None  # "19.30" alone, or before a day ("room 1015 tomorrow"), is a number
        if times and times[0].midnight and days:
            # "midnight tonight" ends today; "Friday at midnight" may be Friday's start or its end
            named_days = days
            night = any(p.part == "night" for p in dates)
            days = tuple(d + timedelta(days=1) for d in days) if night else tuple(
                dict.fromkeys((*days, *(d + timedelta(days=1) for d in days))))
        clocks: tuple[Clock, ...] = ()
        zone = None
        settled_by_part = False
        if times:
            clock_piece = times[0]
            clocks, zone = clock_piece.clocks, clock_piece.zone
            if parts and parts[0] == "night" and clocks == ((12, 0),) and clock_piece.kind == "time":
                # "tonight at 12" is the midnight that ends the night's day; "12 at night" alone is midnight
                if days:
                    named_days, days = days, tuple(d + timedelta(days=1) for d in days)
                clocks = ((0, 0),)
            elif (parts and parts[0] == "night" and len(clocks) > 1 and days
                  and any(p.kind == "date" and p.part == "night" for p in dates)
                  and any(0 < c[0] < 4 for c in clocks) and not any(_part_fits("night", c) for c in clocks)):
                # "tonight at 2", "tonight around 3": an hour without am/pm that only the small hours
                # fit (1 to 3: "tonight at 4" may be a slip for 4pm) is read as "tonight at 2am" (the
                # night's end, tomorrow's date)
                named_days = days
                clocks = tuple(c for c in clocks if 0 < c[0] < 4)
                later = tuple(d + timedelta(days=1) for d in days)
                days = (*days, *later) if small_hours else later
                settled_by_part = True
            elif parts and len(clocks) > 1:
                fitting = tuple(c for c in clocks if _part_fits(parts[0], c))
                if not fitting and parts[0] == "evening" and text and _IN_THE_EVENING.match(text, clock_piece.end):
                    # "3:30 in the evening": said after the clock, "in the evening" gives its half of
                    # the day, the only reading the words leave ("this evening at 2" may be the small hours)
                    fitting = tuple(c for c in clocks if c[0] >= 12)
                if not fitting:
                    return None  # "this evening at 2": neither reading is in the evening
                clocks, settled_by_part = fitting, len(fitting) < len(clock_piece.clocks)
            elif (parts and parts[0] == "night" and clock_piece.kind == "time" and clock_piece.settled and days
                  and all(0 < c[0] < 6 for c in clocks) and any(p.kind == "date" and p.part == "night" for p in dates)):
                # "tonight at 1am": the small hours that end tonight, tomorrow's date; said in the
                # small hours themselves, this very night may be meant as well
                named_days = days
                later = tuple(d + timedelta(days=1) for d in days)
                days = (*days, *later) if small_hours else later
            elif parts and not all(_part_fits(parts[0], c) for c in clocks) and clock_piece.kind == "time":
                if not (parts[0] == "night" and clocks == ((0, 0),)):
                    return None  # "9am tonight": the words disagree
            elif not parts and text and (morning := morning_of_written_stamp(text, clock_piece, dates)):
                clocks = morning  # "10 OCT, 10:30": a written date and a clock 7 to 11 with minutes (stamps.py)
        zones = ZONE_CHOICES.get(zone, (zone,)) if zone else (zone,)  # "9:30pm IST": each IST is a reading
        readings = tuple(
            Reading(day, clock, one_zone, times[0].second if times and clock is not None else 0,
                    bool(times) and clock is not None and times[0].second_carried)
            for day, clock, one_zone in product(days or (None,), clocks or (None,), zones)
        )
        start, end = self.pieces[0].start, self.pieces[-1].end
        date_pieces = [p for p in self.pieces if p.kind in ("date", "moment")]
        time_pieces = [p for p in self.pieces if p.kind in ("time", "moment")]
        date_span = (min(p.start for p in date_pieces), max(p.end for p in date_pieces)) if date_pieces else None
        time_span = (time_pieces[0].start, time_pieces[0].end) if time_pieces else None
        if settled_by_part:
            time_span = (start, end)
        return TemporalMention(start, end, readings, inferred, date_span=date_span, time_span=time_span,
                               named_days=named_days)


def _settle_pair(first: tuple[Clock, ...], second: tuple[Clock, ...]) -> tuple[tuple[Clock, ...], tuple[Clock, ...]]:
    """Ends of a time range lend each other am/pm: the start comes before the end, nearest first."""
    if len(first) > 1 and len(second) == 1:
        before = [c for c in first if c < second[0]]
        if before:
            return (max(before),), second
    if len(second) > 1 and len(first) == 1:
        after = [c for c in second if c > first[0]]
        if after:
            return first, (min(after),)
    return first, second


def _ranges(text: str, mentions: list[TemporalMention]) -> list[TemporalMention]:
    out = list(mentions)
    for index in range(len(out) - 1):
        first, second = out[index], out[index + 1]
        gap = text[first.end : second.start] if second.start - first.end <= 24 else "x"
        if not _RANGE_JOIN.match(gap) or first.role or second.role:
            continue
        if any(r.second for r in (*first.readings, *second.readings)):
            continue  # ends written to the second are not put together
        if len({r.zone for r in (*first.readings, *second.readings)} - {None}) > 1:
            # "3-5pm IST": a zone of several meanings on a range is not lent to the other end; the
            # range is left unread rather than one end placed in the reference's zone
            out[index] = replace(first, readings=())
            out[index + 1] = replace(second, readings=())
            continue
        if gap.strip().lower() == "and" and not (
                _BETWEEN.search(_before(text, first.start)) or _BETWEEN_INSIDE.search(text, first.start, first.end)):
            continue
        first_days = tuple(dict.fromkeys(r.day for r in first.readings))
        second_days = tuple(dict.fromkeys(r.day for r in second.readings))
        first_clocks = tuple(dict.fromkeys(r.clock for r in first.readings))
        second_clocks = tuple(dict.fromkeys(r.clock for r in second.readings))
        if (None in first_clocks) != (None in second_clocks):
            continue  # a day and a time are not the two ends of one range
        if None not in first_clocks:
            first_clocks, second_clocks = _settle_pair(first_clocks, second_clocks)  # type: ignore[arg-type]
        starts = [d for d in first_days if d is not None]
        ends = [d for d in second_days if d is not None]
        if second.inferred and len(starts) == len(first_days) and len(ends) == len(second_days):
            # "Friday to Monday": the Monday after; "Monday through Friday" said on a Monday, this
            # Monday or the next: each start keeps the end that follows it within the week
            pairs = [(start, end + timedelta(days=7) if 0 < (start - end).days < 7 else end)
                     for start in starts for end in ends]
            pairs = [(start, end) for start, end in pairs if end >= start] or pairs
            first_days = tuple(dict.fromkeys(start for start, _ in pairs))
            second_days = tuple(dict.fromkeys(end for _, end in pairs))
        if first_days == (None,) and second_days != (None,):
            first_days = second_days
        elif second_days == (None,) and first_days != (None,):
            second_days = first_days
        zone = first.readings[0].zone or second.readings[0].zone
        out[index] = _rebuilt(first, first_days, first_clocks, zone, "start", first.inferred or second.inferred)
        out[index + 1] = _rebuilt(second, second_days, second_clocks, zone, "end", first.inferred or second.inferred)
    return out


def _rebuilt(mention: TemporalMention, days: tuple[date | None, ...], clocks: tuple[Clock | None, ...],
             zone: str | None, role: str, inferred: bool) -> TemporalMention:
    readings = tuple(Reading(day, clock, zone) for day, clock in product(days, clocks))
    return TemporalMention(mention.start, mention.end, readings, inferred, role=role,
                           date_span=mention.date_span, time_span=mention.time_span)


_TOKEN = compiled(r"[^\W\d_]+|\d")
_MARGIN = 96  # characters of context kept around a trigger word: a phrase and the words that qualify it
_SPACE = compiled(r"\s")


def _windows(text: str) -> list[tuple[int, int, frozenset[str], bool]]:
    """Stretches of ``text`` around words a family reads, each with its words and whether it has digits.

    The grammar's regular expressions cost time per character; most of a long request is not
    about dates, so only these stretches are read. A stretch ends at whitespace, never inside a word.
    """
    spans: list[list[int]] = []
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        if not (token.isdigit() or token.lower() in TRIGGER_WORDS):
            continue
        start, end = max(0, match.start() - _MARGIN), min(len(text), match.end() + _MARGIN)
        if spans and start <= spans[-1][1]:
            spans[-1][1] = end
        else:
            spans.append([start, end])
    out = []
    for start, end in spans:
        while start > 0 and not _SPACE.match(text, start - 1):
            start -= 1
        while end < len(text) and not _SPACE.match(text, end):
            end += 1
        window = text[start:end]
        words = frozenset(w.lower() for w in _TOKEN.findall(window) if not w.isdigit())
        out.append((start, end, words, any(ch.isdigit() for ch in window)))
    return out


def _after_day_only(text: str, pieces: list[Piece]) -> list[Piece]:
    """Without a day right before it, a time that needs one ("1015", "19.30") is dropped alone, so
    the day after it still reads ("order 1015 tomorrow")."""
    kept: list[Piece] = []
    for piece in pieces:
        if piece.needs_day == "after":
            previous = kept[-1] if kept else None
            joined = previous is not None and _JOIN.match(text[previous.end : piece.start]) is not None
            if previous is None or previous.kind not in ("date", "moment") or not joined:
                continue
        kept.append(piece)
    return kept


def _directed(text: str, piece: Piece, tense: Tense | None) -> Piece:
    """A day whose direction the sentence decides, decided: the one just gone after a past cue,
    the coming one after a cue of what is to come or when readers agree, else both."""
    if piece.past_days is None:
        return piece
    cue = tense or tense_at(text, piece.start, piece.end)
    if cue == PAST:
        return piece.moved(days=piece.past_days)
    if cue == NEUTRAL and piece.disputed:
        return piece.moved(days=tuple(sorted({*piece.past_days, *piece.days})))
    return piece


def _timed(text: str, mention: TemporalMention, tense: Tense | None) -> TemporalMention:
    """A time said without a day takes the direction of its sentence (see ``next_occurrence``)."""
    if not any(r.day is None and r.clock is not None for r in mention.readings):
        return mention
    cue = tense or tense_at(text, mention.start, mention.end)
    return mention if cue == NEUTRAL else replace(mention, direction=cue)


def _read(text: str, reference: datetime | None, tense: Tense | None = None) -> tuple[TemporalMention, ...]:
    """``text`` read against ``reference``, from the cache when this text was read against it lately."""
    return _cached_read(text, reference, _zone_key(reference), tense)


def _zone_key(reference: datetime | None) -> object:
    if reference is None or reference.tzinfo is None:
        return None
    zone = reference.tzinfo
    try:
        hash(zone)
    except TypeError:  # a zone that does not hash (dateutil's): its offset and name at the reference
        return reference.utcoffset(), reference.tzname()
    return zone


# A request's text is read by the recognizer and again by the verifier: keep a few recent readings.
# The reference's zone is part of the key: two datetimes of one instant in different zones are
# equal (and hash alike), but "tomorrow" said at 23:30 UTC and at 01:30 +02:00 are different days.
@lru_cache(maxsize=128)
def _cached_read(text: str, reference: datetime | None, zone: object,
                 tense: Tense | None) -> tuple[TemporalMention, ...]:
    return _reading(text, reference, tense)


def _reading(text: str, reference: datetime | None, tense: Tense | None = None) -> tuple[TemporalMention, ...]:
    today = reference.date() if reference is not None else None
    pieces: list[Piece] = []
    for start, end, words, digits in _windows(text):
        window = text[start:end]
        found: list[Piece] = []
        months = words & MONTH_WORDS  # "the end of March": read with the counted days
        if digits or words & CALENDAR_WORDS or (words & WEEKDAY_WORDS and "the" in words):  # "Friday the fifteen"
            found += calendar_pieces(window, today, words)
        if words & WEEKDAY_WORDS or "day" in words or "weekday" in words or words & {"tu", "th"}:
            found += weekday_pieces(window, today)
        if (words & RELATIVE_WORDS or ("time" in words and words & WEEKDAY_WORDS) or ("end" in words and months)
                or (digits and _SIGNED_SHORT_COUNT.search(window))):
            found += relative_pieces(window, reference, words)
        if words & HOLIDAY_WORDS:
            found += holiday_pieces(window, today)
        if digits or words & CLOCK_WORDS:
            found += [p.moved(part=None) for p in clock_pieces(window, words)]
        if words & PART_WORDS or "m" in words:  # "m": "tomorrow a.m."
            found += _part_pieces(window)
        pieces += [p.moved(start=p.start + start, end=p.end + start) if start else p for p in found]
    zoned: list[Piece] = []
    for piece in _choose(pieces):
        if zoned and piece.start < zoned[-1].end:
            continue  # inside the zone the piece before took ("14:00-05:00")
        # a time, or a written date and time ("2026-12-03 14:00 UTC"): a zone name after it is its zone
        written_moment = piece.kind == "moment" and not piece.inferred and piece.zone is None and piece.clocks
        zoned.append(_with_zone(text, piece) if piece.kind == "time" or written_moment else piece)
    chosen = [_directed(text, p, tense) for p in _after_day_only(text, zoned)]
    groups: list[_Group] = []
    for piece in chosen:
        if groups:
            last = groups[-1]
            gap = text[last.pieces[-1].end : piece.start] if piece.start - last.pieces[-1].end <= 24 else "x"
            previous = last.pieces[-1]
            after_stop = (gap[1:] + text[piece.start : piece.start + 1]).strip()[:1]
            if (gap.startswith(".") and (after_stop.islower() or after_stop.isdigit() or after_stop == ",")
                    and _ABBREVIATION_END.search(text, previous.start, previous.end)):
                gap = gap[1:]  # "Fri. at 3pm", "Tues., Dec. 8": the stop of a short name, no sentence's end
            dashed = _DATE_DASH_TIME.match(gap) is not None and last.dated_only() and piece.kind == "time"
            if (_JOIN.match(gap) or dashed) and last.accepts(piece) and "\n" not in gap:
                last.pieces.append(piece)
                continue
        groups.append(_Group(piece))
    small_hours = reference is not None and reference.hour < 6
    mentions = [_shifted(text, m, today) for g in groups if (m := g.mention(today, small_hours, text)) is not None]
    # a phrase a shifted one took in ("Friday" of "the Friday before Dec 25") is not read again
    mentions = [m for m in mentions
                if not any(o is not m and o.start <= m.start and m.end <= o.end for o in mentions)]
    read = [_roughly(text, _blurred(text, m)) for m in _unqualified(text, mentions)]
    spans = [(m.start, m.end) for m in read]
    read = [w for m in read if (w := in_named_week(text, m, spans, today)) is not None]
    read = [b for m in read if (b := with_bracketed_day(text, m)) is not None]
    read = [with_year_or_clock(text, m) for m in read]
    return tuple(_timed(text, m, tense) for m in _ranges(text, _lent_times(text, read)))


_OR_JOIN = compiled(r"\s*,?\s*(?:or|or\s+maybe|or\s+else|or\s+perhaps|and|&)\s+(?:on\s+)?(?:the\s+)?$", re.IGNORECASE)


def _lent_times(text: str, mentions: list[TemporalMention]) -> list[TemporalMention]:
    """"Monday or Tuesday at 10am", "Dec 12th and 13th at 7pm": the time of day said once is lent to
    the day before "or" / "and"."""
    out = list(mentions)
    for index in range(len(out) - 2, -1, -1):
        first, second = out[index], out[index + 1]
        if any(r.day is None or r.clock is not None for r in first.readings) or not first.readings:
            continue
        if any(r.day is None or r.clock is None for r in second.readings):
            continue
        if not _OR_JOIN.match(text[first.end : second.start]):
            continue
        clocks = list(dict.fromkeys((r.clock, r.zone, r.second) for r in second.readings))
        readings = tuple(Reading(r.day, clock, zone, second_)
                         for r in first.readings for clock, zone, second_ in clocks)
        # the time words stand in the other phrase: this one keeps no time span of its own
        out[index] = TemporalMention(first.start, first.end, readings, first.inferred, date_span=first.date_span)
    return _lent_days(text, out)


def _lent_days(text: str, mentions: list[TemporalMention]) -> list[TemporalMention]:
    """"tomorrow at 2pm, or 3pm", "Friday at 10am or 11": the day said once is the day of the time
    after "or" / "and" too (read alone, that time would be its next occurrence from now)."""
    out = list(mentions)
    for index in range(1, len(out)):
        first, second = out[index - 1], out[index]
        if not first.readings or any(r.day is None or r.clock is None for r in first.readings):
            continue
        if not second.readings or any(r.day is not None or r.clock is None for r in second.readings):
            continue
        if second.role or first.role or not _OR_JOIN.match(text[first.end : second.start]):
            continue
        days = list(dict.fromkeys(r.day for r in first.readings))
        readings = tuple(Reading(day, r.clock, r.zone or first.readings[0].zone, r.second)
                         for day in days for r in second.readings)
        # the day words stand in the other phrase: this one keeps its time span only
        out[index] = TemporalMention(second.start, second.end, readings, True, time_span=second.time_span)
    return out


# Date words that, standing right next to a phrase without being part of it, mean the phrase was
# not read whole ("next week Friday", "Friday week", "Sunday 2013"). Words that are also ordinary
# words ("may", "march", "second", "sat") are left out.
_UNREAD_NEIGHBOURS = frozenset(
    "january february april june july august september october november december jan feb apr jun jul aug sep "
    "sept oct nov dec monday tuesday wednesday thursday friday saturday sunday mon tue tues thu thur thurs fri "
    "day days week weeks weekend fortnight month months year years hour hours minute minutes am pm holiday holidays "
    "break vacation season period".split()
) | (MONTH_WORDS - {"may", "mar", "march"})
# ("Tuesday the week after": the day the week is counted from is not said)
_NEXT_WORD = compiled(r"[ \t]+(?:(?:at|on|@|of|in)[ \t]+)?(?:the[ \t]+)?([^\W_]+)", re.IGNORECASE)
# "Monday, jan twenty two": a month name after a comma that the phrase did not take.
_NEXT_MONTH_AFTER_COMMA = compiled(
    rf"[ \t]*,[ \t]*(?:{alternation(MONTH_WORDS - {'may', 'mar', 'march'})})\b", re.IGNORECASE)
# "Friday the fifteen", "Monday the 3": a day number after "the" that the phrase did not take.
_NEXT_THE_NUMBER = compiled(rf"[ \t]*,?[ \t]+the[ \t]+(?:\d|(?:{CARDINAL})\b)", re.IGNORECASE)
_PREVIOUS_WORD = compiled(r"([^\W_]+)(?:['’]s)?\.?,?[ \t]+(?:(?:at|on|by|around|@)[ \t]+)?$", re.IGNORECASE)
# "27.05. 14:00", "5/27-ish 2pm", "21. Oct. 19:00": digits joined by date separators, not read, right
# before a phrase (or before the month word right before it).
_PREVIOUS_NUMERIC_DATE = compiled(
    r"(?:\d{1,4}[./-]\d{0,4}[./-]?\d{0,4}\.?,?|(?<![\w.])\d{1,2}\.[ \t]+[^\W\d_]+\.?)[ \t]+$"
)
# "Tuesday, 8.5.", "Friday 12/3", "Monday 24th": a numeric date or an ordinal right after a phrase.
_NEXT_NUMERIC_DATE = compiled(r"[ \t]*,?[ \t]*(?:\d{1,4}(?:[./-]\d{0,4})+|\d{1,2}(?:st|nd|rd|th)\b)", re.IGNORECASE)
# "24th 12:50", "2018 14:30", "2 jul 22": a number before a phrase that starts with a time or a month.
_PREVIOUS_NUMBER = compiled(
    r"(?:\b(the|on|day|by|until|till|from)[ \t]+)?(?<![\w.,:/-])(\d{1,4})(st|nd|rd|th)?\.?[ \t]+((?:at|@|on)[ \t]+)?$",
    re.IGNORECASE,
)
_PREVIOUS_LISTED_DAY = compiled(
    rf"(?<![\w.,:/$-])(?:\d{{1,2}}(?:st|nd|rd|th)?|{ORDINAL_WORD})[ \t]*(?:,[ \t]*(?:and|or)?|and|or|&)[ \t]*$",
    re.IGNORECASE,
)
_STARTS_WITH_DAY = compiled(rf"(?:the[ \t]+)?(?:\d|(?:{ORDINAL_WORD})\b)", re.IGNORECASE)
# "11/12,2016", "06/06, 2015": a year after a comma that the phrase did not take.
_NEXT_YEAR_AFTER_COMMA = compiled(r"[ \t]*,(?:\d{2}|[ \t]*\d{4})\b(?![:.]\d)")
# "3pm Singapore time", "10:30am montreal time", "1pm ACDT": a place or a zone the grammar does not
# know after a time; read without it, the time would be placed in the reference's zone.
# Words that name no place: "six am here what time is it", "nine pm to brasil time" (the zone to
# convert to, not the time's own) leave the time in the reference's zone as written.
_NOT_ZONE_WORDS = r"(?:to|into|in|here|there|what|which|the|a|an|this|that|is|it|and|or|from|for|at|my|your)"
_NEXT_ZONE_WORDS = compiled(
    rf"[ \t]+(?!{_NOT_ZONE_WORDS}[ \t])(?:[^\W\d_]+[ \t]+){{1,2}}time(?:[ \t]+zone)?\b|"
    r"[ \t]+(?:[a-z]{2,3}[ds]t|[A-Z]{2,3}[DS]T)\b"
)
# "15:30.30", "2012:05:25 22:06:50": digits glued to a phrase's own digits by a separator, or a
# colon-joined number right before it: the phrase is a part of a longer stamp it did not read.
_GLUED_DIGITS_AFTER = compiled(r"[.:]\d")
_COLON_NUMBER_BEFORE = compiled(r"\d:\d{2}[ \t]+$")
# "Clean Monday", "Giving Tuesday": a day named by a weekday and a word before it.
_WEEKDAY_NAMED_BY = frozenset("clean giving super blue cyber black good holy maundy covenant ash shrove easter whit "
                              "fat great spy palm red green bowl mothering remembrance".split())
_STARTS_WITH_WEEKDAY = compiled(rf"(?:{WEEKDAY})\b", re.IGNORECASE)
_STARTS_WITH_NUMBER_OR_MONTH = compiled(rf"(?:\d|(?:{MONTH})\b)", re.IGNORECASE)
# Month names that are ordinary words too count as a neighbour only after a number ("13 mar 09:20").
_COMMON_MONTHS = frozenset({"may", "mar", "march"})


# "Sunday, March, 6th 2016", "Friday, May 3": a month name that is a word too, after a comma and
# before a day number, that the phrase did not take.
_NEXT_COMMON_MONTH_AFTER_COMMA = compiled(r"[ \t]*,[ \t]*(?:may|mar|march)\b\.?,?[ \t]*\d", re.IGNORECASE)
# "sept. '02", "Easter '89": a year written with an apostrophe that the phrase did not take.
_NEXT_APOSTROPHE_YEAR = compiled(r"\.?,?[ \t]*['’]\d{2}\b")
# "next tuesday +10 days", "2023-12-29 -10days", "now + 40minutes": a signed count after the phrase
# moves it; read without it, the phrase would be the day it is counted from.
_NEXT_SIGNED_COUNT = compiled(
    r"[ \t]*[+-][ \t]*\d+[ \t]*(?:days?|d|weeks?|wks?|w|months?|mos?|years?|yrs?|y|hours?|hrs?|h|"
    r"minutes?|mins?|m|seconds?|secs?|s)\b", re.IGNORECASE)
# "on Tuesday, next week": the week of the weekday, after a comma, that the phrase did not take.
_NEXT_WEEK_AFTER_COMMA = compiled(
    r"[ \t]*,[ \t]*(?:next|last|this|the[ \t]+following|following|previous|the[ \t]+previous)[ \t]+"
    r"(?:week|weekend|month|year)\b", re.IGNORECASE)

# What may follow a phrase unread, each checked when the phrase has a day (False) or a time (True).
_NEXT_UNREAD: tuple[tuple[re.Pattern[str], bool], ...] = (
    (_NEXT_MONTH_AFTER_COMMA, False), (_NEXT_THE_NUMBER, False), (_NEXT_YEAR_AFTER_COMMA, False),
    (_NEXT_ZONE_WORDS, True), (_NEXT_NUMERIC_DATE, False), (_NEXT_COMMON_MONTH_AFTER_COMMA, False),
    (_NEXT_APOSTROPHE_YEAR, False), (_NEXT_SIGNED_COUNT, False), (_NEXT_SIGNED_COUNT, True),
    (_NEXT_WEEK_AFTER_COMMA, False),
)
# "Aug 9, 96": a two-digit year after a comma and a space, ending the sentence or the clause, after
# a phrase that ends with its day number ("Dec 5, 10 people" is a count).
_NEXT_SHORT_YEAR = compiled(r"[ \t]*,[ \t]+\d{2}(?=[ \t]*(?:$|[.,;:!?)]))")
_ENDS_WITH_DAY_NUMBER = compiled(r"\d(?:st|nd|rd|th)?$", re.IGNORECASE)
# "2 day before yesterday", "3 days after tomorrow": a count before a phrase that opens with the
# unit it counts ("a table for 4 day after tomorrow": after "for" a number is a count, as elsewhere).
_COUNT_BEFORE_UNIT = compiled(r"(?<![\w.,:/$-])(?<!for )\d{1,3}[ \t]+$")
_STARTS_WITH_UNIT = compiled(r"(?:days?|weeks?|months?|years?)\b", re.IGNORECASE)
# "in 1 mon": a count after "in" whose unit the phrase took for a day name.
_IN_COUNT_BEFORE = compiled(rf"\bin[ \t]+(?:\d{{1,3}}|{COUNT})[ \t]+$", re.IGNORECASE)
# "05/31/2024-14:15": the rest of a date glued by a dash to the time read.
_GLUED_DATE_DASH_BEFORE = compiled(r"\d[./-]\d{1,4}-$")
# "the year after next @ midnight": a time of a day counted in words the phrase did not take.
_COUNTED_DAY_BEFORE = compiled(
    r"\b(?:day|week|month|year)s?[ \t]+(?:after[ \t]+next|before[ \t]+last)[ \t]*(?:,|at|@|on|by)?[ \t]*$",
    re.IGNORECASE)


def _unread_neighbour(text: str, mention: TemporalMention, spans: list[tuple[int, int]]) -> bool:
    def unread(position: int) -> bool:
        return not any(s <= position < e for s, e in spans)

    after = _NEXT_WORD.match(text, mention.end)
    if after and unread(after.start(1)):
        word = after.group(1)
        if word.lower() in _UNREAD_NEIGHBOURS or (word.isdigit() and mention.date_span is not None):
            return True
        if word.lower() in COMMON_WORD_DAYS:
            return True  # "10am sun": a short day name left unread next to the phrase
    for pattern, of_time in _NEXT_UNREAD:
        found = pattern.match(text, mention.end)
        if found and (mention.time_span if of_time else mention.date_span) is not None and unread(found.end() - 1):
            return True
    if text[mention.end - 1 : mention.end].isdigit() and _GLUED_DIGITS_AFTER.match(text, mention.end) \
            and unread(mention.end + 1):
        return True
    short_year = _NEXT_SHORT_YEAR.match(text, mention.end)
    if (short_year and mention.date_span is not None and unread(short_year.end() - 1)
            and _ENDS_WITH_DAY_NUMBER.search(text, mention.start, mention.end)):
        return True
    window = _before(text, mention.start, 24)
    if _STARTS_WITH_UNIT.match(text, mention.start) and (count := _COUNT_BEFORE_UNIT.search(window)) \
            and unread(mention.start - len(count.group(0))):
        return True
    in_count = _IN_COUNT_BEFORE.search(window)
    if in_count and unread(mention.start - 2) and not text[mention.start : mention.start + 1].isdigit():
        return True
    dashed_date = _GLUED_DATE_DASH_BEFORE.search(window)
    if dashed_date and unread(mention.start - 2):
        return True
    counted = _COUNTED_DAY_BEFORE.search(_before(text, mention.start, 40))
    if counted and unread(mention.start - len(counted.group(0))):
        return True
    colon_number = _COLON_NUMBER_BEFORE.search(window)
    if colon_number and unread(mention.start - len(colon_number.group(0))):
        return True
    numeric = _PREVIOUS_NUMERIC_DATE.search(window)
    if numeric and (unread(mention.start - len(numeric.group(0)))
                    or unread(mention.start - len(numeric.group(0)) + len(numeric.group(0).rstrip()) - 1)):
        return True  # (its last part unread: "about 4. Okt 22:35" read "about 4" as a time, not "Okt")
    listed = _PREVIOUS_LISTED_DAY.search(window)
    if listed and unread(mention.start - len(listed.group(0))) and _STARTS_WITH_DAY.match(text, mention.start):
        return True  # "18 and 19 June", "the 3rd or 4th of December": a list whose first days were not taken
    number = _PREVIOUS_NUMBER.search(window)
    if number and unread(mention.start - len(number.group(0))):
        # a count before a day is a count ("for 4 tomorrow", "for 4 at 7pm"), but an ordinal, a
        # number after "the" or "on", or a number or year right before "14:30" or "jul 22" is the
        # unread part of a date ("the 15 at 8pm", "2018 14:30")
        glued = number.group(4) is None and _STARTS_WITH_NUMBER_OR_MONTH.match(text, mention.start)
        if number.group(3) or number.group(1) or glued:
            return True
    between = _BETWEEN_HOUR_BEFORE.search(window)
    if between and unread(mention.start - len(window) + between.start(1)):
        return True  # "between two four pm": a range missing its "and"; its end alone is no time
    range_start = _RANGE_START_BEFORE.search(window)
    if range_start and unread(mention.start - len(range_start.group(0))) and mention.readings \
            and all(r.clock for r in mention.readings):
        return True  # "from 11 to noon": the end of a range whose start was not read is no time alone
    counted_clock = _COUNT_BEFORE_CLOCK.search(window)
    if counted_clock and unread(mention.start - len(counted_clock.group(0))) and mention.readings \
            and all(r.clock for r in mention.readings):
        return True  # "an hour or two before 5pm": the time counted from, not the time meant
    counted_now = _COUNT_BEFORE_NOW.search(window)
    if counted_now and unread(mention.start - len(counted_now.group(0))) \
            and text[mention.start : mention.end].lower().startswith("now"):
        return True  # "a day and a half from now", "a while from now": "now" alone would be the very moment
    hour_mark = _HOUR_MARK_BEFORE.search(window)
    if hour_mark and unread(mention.start - len(hour_mark.group(0))) \
            and text[mention.start : mention.start + 1].isdigit():
        return True  # "10 H 10 pm": an hour written with "H" before the part read
    this = _THIS_BEFORE.search(window)
    if this and unread(mention.start - len(this.group(0))) and mention.readings \
            and all(r.day is None and r.clock for r in mention.readings) and not _CUE_START.match(text, mention.start):
        return True  # "this noon", "this 7pm": "this" names the day, which the time alone does not
    before = _PREVIOUS_WORD.search(window)
    if before:
        start = mention.start - len(before.group(0))
        word = before.group(1).lower()
        if word in _WEEKDAY_NAMED_BY and _STARTS_WITH_WEEKDAY.match(text, mention.start):
            named = True
        elif word in COMMON_WORD_DAYS and word not in _COMMON_MONTHS:
            named = True  # "sun at 10am", "sat 5th dec": a short day name the grammar did not take
        elif word in _COMMON_MONTHS:
            named = bool(re.search(r"\d[.,]?[ \t]+$", _before(text, start, 8)))
        else:
            named = word in _UNREAD_NEIGHBOURS and not (
                (word == "day" and _WORKDAY_END_BEFORE.search(_before(text, mention.start, 40)))  # "end of day Friday"
                or (word in _OWN_NOUNS and _OWN_NOUN_BEFORE.search(text, max(0, start - 12), start)))
        # only date words count here (a count before a day is a count: see above)
        if named and unread(start):
            return True
    return False


# "this noon" (the time alone would move with the sentence's tense); not "do this at 3pm"
_RANGE_START_BEFORE = compiled(
    rf"(?<![\w.:/-])(?:\d{{1,2}}(?:[:.]\d{{2}})?|(?:{HOUR_WORD})\b)[ \t]*(?:-|–|—|to|till|until)[ \t]*$", re.IGNORECASE)
_BETWEEN_HOUR_BEFORE = compiled(
    rf"\bbetween[ \t]+(\d{{1,2}}(?:[:.]\d{{2}})?(?:[ \t]*[ap]\.?m\.?)?|(?:{HOUR_WORD})\b)[ \t]*,?[ \t]*$",
    re.IGNORECASE)
_COUNT_BEFORE_CLOCK = compiled(
    r"\b(?:seconds?|secs?|minutes?|mins?|min|hours?|hrs?|one|two|three|four|five|six|few|several|or[ \t]+so|\d+"
    r"|\d+(?:\.\d+)?(?:hrs?|h|mins?|m|secs?|s))[ \t]+"  # "2hrs after 5pm": a count glued to its unit
    r"(?:before|after|past|prior[ \t]+to)[ \t]+$", re.IGNORECASE)
_COUNT_BEFORE_NOW = compiled(
    r"\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?|decades?|half|while|"
    r"time|ages|sleeps?|moments?|bit|\d+[a-z]*)[ \t]+(?:from|after)[ \t]+$", re.IGNORECASE)
_HOUR_MARK_BEFORE = compiled(r"(?<![\w.:])\d{1,2}[ \t]*[hH][ \t]+$")
_THIS_BEFORE = compiled(r"\bthis[ \t]+$", re.IGNORECASE)
_CUE_START = compiled(r"(?:at|@|around|about|by|on|until|till|from)\b|@", re.IGNORECASE)
_SIDE_BY_SIDE = compiled(r"[ \t]*")


def _same_kind(first: TemporalMention, second: TemporalMention) -> bool:
    """Both name a time of day, or both only a day: neither completes the other."""
    return {r.clock is not None for r in first.readings} == {r.clock is not None for r in second.readings}


# A phrase that starts with a count of a unit ("a year ago", "3 days from now", "half a year ago"; not "5pm")
_STARTS_WITH_COUNT = compiled(
    rf"(?:\d+(?:\.\d+)?|half|{COUNT})\s*(?:and\s+a\s+half\s+)?(?:an?\s+)?(?:decades?|years?|yrs?|months?|mos|weeks?|"
    r"wks?|fortnights?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?)\b", re.IGNORECASE)


def _bounded_count(text: str, mention: TemporalMention) -> bool:
    """"over a year ago", "less than a week from now": a count after a bound names no day."""
    return (_STARTS_WITH_COUNT.match(text, mention.start) is not None
            and BOUND_BEFORE.search(_before(text, mention.start, 24)) is not None)


def _unqualified(text: str, mentions: list[TemporalMention]) -> list[TemporalMention]:
    """The mentions no neighbouring words qualify; a neighbour of a dropped one goes with it
    ("thanksgiving in 9 months", "the closest Monday to Oct 5th" are one phrase, not two)."""
    spans = [(m.start, m.end) for m in mentions]
    dropped = [_qualified_further(text, m, mentions[i + 1] if i + 1 < len(mentions) else None,
                                  mentions[i - 1] if i else None)
               or _bounded_count(text, m)
               or _unread_neighbour(text, m, spans) or counted_from_unknown_day(text, m.start, m.end)
               or next_to_unread_rest(text, m.start, m.end, spans)
               for i, m in enumerate(mentions)]
    for index in range(len(mentions) - 1):
        first, second = mentions[index], mentions[index + 1]
        if _SIDE_BY_SIDE.fullmatch(text, first.end, second.start) and _same_kind(first, second):
            # "1 o'clock midnight", "10 H 10 pm": two times (or two days) the grammar could not join
            # are one phrase it does not know, not two readings to choose from
            dropped[index] = dropped[index + 1] = True
    for index in [i for i, drop in enumerate(dropped) if drop]:
        for other in (index - 1, index + 1):
            if 0 <= other < len(mentions):
                first, second = sorted((mentions[index], mentions[other]), key=lambda m: m.start)
                if second.start - first.end <= 16:
                    dropped[other] = True
    for index in range(len(mentions) - 1):
        # "Nov 14/15 at 10am-12pm": a range goes with its other end, however far the drop came from
        if (dropped[index] or dropped[index + 1]) and _RANGE_DASH.fullmatch(text, mentions[index].end,
                                                                            mentions[index + 1].start):
            dropped[index] = dropped[index + 1] = True
    return [m for m, drop in zip(mentions, dropped, strict=True) if not drop]


_RANGE_DASH = compiled(r"[ \t]*(?:-|–|—|to|till|until)[ \t]*", re.IGNORECASE)


# "three days after Easter", "a week before Christmas", "the day after Thanksgiving" ("day after
# Christmas", "the" left out as in "day after tomorrow"), "2 weeks from March 3".
# "the morning after Thanksgiving", "the night before Christmas": the day after (before) it, a part of it
_SHIFT = compiled(
    rf"\b(?:(?:the\s+)?(day|morning|afternoon|evening|night)|({COUNT})\s+(days?|weeks?|fortnights?|months?|years?))\s+"
    r"(after|before|from|following|"
    r"prior\s+to)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


# "the Friday before Dec 25", "the Monday after the 5th": the nearest such weekday on that side of a day;
# "third tuesday after christmas 2014": the third one on that side.
_WORKING_DAY = r"weekday|business\s+day|working\s+day|work\s+day"  # Monday to Friday (holidays not known)
# "next" as "first": "the next business day after Christmas", "next Monday after the 5th"
_NTH_WORDS = {"first": 1, "1st": 1, "next": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
              "fifth": 5, "5th": 5}
# "3 mondays after May 25", "two fridays before Christmas": counted the same way.
_WEEKDAY_SHIFT = compiled(
    rf"\b(?:the\s+({alternation(_NTH_WORDS)})\s+|the\s+|({alternation(_NTH_WORDS)}|[2-9]|two|three|four|five)\s+)"
    rf"({WEEKDAY}|{_WORKING_DAY})s?\s+"
    r"(before|after|following|prior\s+to)\s+(?:the\s+)?$",
    re.IGNORECASE)
_WEEKDAY_AFTER_ANCHOR = compiled(rf"\b(?:{WEEKDAY})\b", re.IGNORECASE)
# "sunday 3 weeks after january 15th": a weekday in the week the count lands in.
_WEEKDAY_BEFORE_COUNT = compiled(rf"\b({WEEKDAY})\b\.?,?\s+$", re.IGNORECASE)


def _weekday_shifted(text: str, mention: TemporalMention) -> TemporalMention | None:
    match = _WEEKDAY_SHIFT.search(text, max(0, mention.start - 48), mention.start)
    if match is None:
        return None
    word = (match.group(1) or match.group(2) or "first").lower()
    nth = _NTH_WORDS.get(word) or count_of(word) or 1
    after = match.group(4).lower() in ("after", "following")
    if match.group(3).lower() not in WEEKDAYS:
        # "the first business day after Christmas", "the 2nd working day before the 15th": Monday to Friday
        step = timedelta(days=1 if after else -1)
        working: list[Reading] = []
        for d in (r.day for r in mention.readings if r.day is not None):
            left, day, through_holiday = nth, d, False
            while left:
                day += step
                left -= day.weekday() < 5
                # counted through New Year's Day or Christmas (holidays nearly everywhere): not read
                through_holiday |= day.weekday() < 5 and (day.month, day.day) in ((1, 1), (12, 25))
            if not through_holiday:
                working.append(Reading(day, None, None))
        return TemporalMention(match.start(), mention.end, tuple(working), True,
                               date_span=(match.start(), mention.end))
    weekday = WEEKDAYS[match.group(3).lower()]
    weeks = nth - 1
    readings = tuple(Reading(d + timedelta(days=(weekday - d.weekday() - 1) % 7 + 1 + 7 * weeks), None, None) if after
                     else Reading(d - timedelta(days=(d.weekday() - weekday - 1) % 7 + 1 + 7 * weeks), None, None)
                     for d in (r.day for r in mention.readings) if d is not None)
    return TemporalMention(match.start(), mention.end, readings, True, date_span=(match.start(), mention.end))


def _other_anchor(text: str, mention: TemporalMention, today: date | None) -> tuple[date, ...]:
    """A holiday said alone ("Christmas") counted from: the one on the other side of today than the
    one read ("a year from Christmas" said in February may count from the Christmas just gone)."""
    if today is None:
        return ()
    pieces = [p for p in holiday_pieces(text[mention.start : mention.end], today)
              if p.start == 0 and p.end == mention.end - mention.start and p.past_days is not None]
    if len(pieces) != 1:
        return ()
    read = {r.day for r in mention.readings}
    return tuple(d for d in (*pieces[0].days, *pieces[0].past_days) if d not in read)  # type: ignore[misc]


def _shifted(text: str, mention: TemporalMention, today: date | None = None) -> TemporalMention:
    """A day counted from another day the text names: a new phrase starting at the count, or at
    the weekday counted from it."""
    days = tuple(r.day for r in mention.readings)
    if any(d is None for d in days) or any(r.clock for r in mention.readings):
        return mention
    by_weekday = _weekday_shifted(text, mention)
    if by_weekday is not None:
        return by_weekday
    match = _SHIFT.search(text, max(0, mention.start - 40), mention.start)
    if match is None:
        return mention
    count = 1 if match.group(1) else count_of(match.group(2))
    if count is None:
        return mention
    if _WEEKDAY_AFTER_ANCHOR.search(text, mention.start + 1, mention.end):
        # "3 weeks after Christmas on Friday": the Friday of the week the count lands in, or the
        # Christmas that is a Friday counted on; the words do not say which, not read
        return replace(mention, start=match.start(), readings=())
    unit = "day" if match.group(1) else match.group(3).lower().rstrip("s")
    sign = -1 if match.group(4).lower().startswith(("before", "prior")) else 1
    step = {"day": relativedelta(days=count), "week": relativedelta(weeks=count),
            "fortnight": relativedelta(weeks=2 * count), "month": relativedelta(months=count),
            "year": relativedelta(years=count)}[unit]
    landed = [d + sign * step for d in days if d is not None]
    if unit in ("month", "year") and mention.inferred and today is not None:
        # "a year from Christmas": counted in months or years, the holiday on the other side of today
        # may be the one counted from; offered when its count lands on the same side as the other's
        for anchor in _other_anchor(text, mention, today):
            moved = anchor + sign * step
            if all((moved >= today) == (d >= today) for d in landed):
                landed.append(moved)
    start = match.start()
    # "sunday 3 weeks after january 15th" (not "Friday night before Christmas": no count)
    weekday = _WEEKDAY_BEFORE_COUNT.search(text, max(0, start - 16), start) if match.group(2) else None
    if weekday is not None:
        named = WEEKDAYS[weekday.group(1).lower()]
        landed = [d for day in landed for d in weekday_in_week_of(day, named, loose=unit in ("month", "year"))]
        start = weekday.start()
    readings = tuple(Reading(d, None, None) for d in sorted(dict.fromkeys(landed)))
    return TemporalMention(start, mention.end, readings, mention.inferred, date_span=(start, mention.end))


# Words around a phrase that change which day it is, in forms the grammar does not read:
# "the first Monday of October", "three days after Easter", "every Friday", "Friday in March".
_BEFORE_GUARD = compiled(
    r"\b(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|every|each|closest|nearest|other|alternate|"
    # "a month and a half from now", "a while from now": a count the grammar did not read ("now" is not read alone)
    r"(?:seconds?|secs?|days?|weeks?|weekends?|months?|years?|hours?|minutes?|mins?|fortnights?|decades?|half|"
    r"while|morning|afternoon|evening|night)\s+(?:after|before|from|prior\s+to)|"
    rf"(?:{WEEKDAY})s?\s+(?:after|before|from|prior\s+to)|past|minutes?|mins?|seconds?|after|before|"
    # "the week of the 14th", "the eve of Christmas": another stretch of time; "7 or 8pm": alternatives
    rf"(?:the\s+)?(?:week|weekend|eve|fortnight|month|day|{WEEKDAY})\s+of(?:\s+the)?|(?:second|third|2nd|3rd)\s+to|"
    # "next May 5th", "the previous Christmas", "since Monday": a qualifier the phrase did not take
    rf"next|nxt|lst|previous|following|coming|since|(?:\d{{1,2}}|{HOUR_WORD})(?:[:.]\d\d)?(?:\s*[ap]\.?m\.?)?\s+or)"
    r"\s+$",
    re.IGNORECASE,
)
# A number right after a phrase that did not take it ("Sunday 2013", "14th April 15", "Easter two
# thousand ten") changes which day is meant.
_AFTER_NUMBER = compiled(
    rf"\s+(?:\d{{1,4}}\b(?![:.]\d|\s*(?:[ap]\.?m\b|o'?clock|h\b))|(?:{HOUR_WORD}|twenty|thirty|thousand)\s+"
    r"(?:thousand|hundred|\w+teen|ten|twenty)\b)",
    re.IGNORECASE,
)
_AFTER_GUARD = compiled(
    rf"\s+(?:(?:of|in)\s+(?:the\s+|this\s+|next\s+|last\s+|that\s+)?(?:month|year|week|{MONTH}\b|\d)|"
    r"(?:ago|hence|later|earlier|(?:before|after)(?!\s+lunch\b)|prior|since|plus|minus)\b|"  # "Friday plus 2 days"
    r"but\s+one\b|"  # "last Monday but one": the one before it
    # "March 3rd next year", "3pm next week": the phrase is moved by words it did not take
    r"(?:next|last|this|the\s+following|the\s+previous|previous)\s+(?:year|month|week|weekend)\b|"
    # "Send the report Tuesday last please": "Tuesday last" before more words, the qualifier not taken
    r"(?:last|next|gone|coming)\b(?!\s+(?:to|of|in|time|thing|one|few|couple|step|steps|up|back|over|minute|moment|second)\b)|"
    # "tomorrow or the day after", "at 7 or 8": alternatives the phrase does not hold
    rf"or\s+(?:(?:maybe|perhaps|possibly|else)\s+)?(?:the\s+)?(?:day|morning|afternoon|evening|night|so|later|earlier|\d|(?:{HOUR_WORD})\b))",
    re.IGNORECASE,
)
# Words that blur a day without moving it: "early tomorrow", "the end of Friday", "tomorrow sometime".
# The phrase takes them in (its day is still the day written; they give it no time of day).
# "EOD Friday", "Friday COB", "close of business tomorrow": the end of a working day, which day it is.
_WORKDAY_END = (r"(?:eod|cob|eob|eop|close\s+of\s+(?:business|play)|"
                r"end\s+of\s+(?:the\s+)?(?:business\s+|working\s+)?day|end\s+of\s+(?:play|business))")
_BLUR_BEFORE = compiled(
    r"(?:\b(?:the\s+)?(?:end|beginning|start|middle)\s+of\s+(?:the\s+day\s+)?|\b(?:early|late|sometime)\s+|"
    r"\bfirst\s+thing\s+(?:on\s+|in\s+the\s+)?|"
    r"\b(?:after|before)\s+lunch\s+(?:on\s+)?|"
    rf"\b{_WORKDAY_END},?\s+(?:on\s+)?|"
    r"\bmid[-\s]?)$",
    re.IGNORECASE,
)
# "what day today", "clear my day on the 29th", "what day the 31st is on": "day", "week", "month" or "year" after a
# possessive or "what"/"which" is a noun of its own that the phrase describes, not a date word left
# unread ("a week today" and "next week Friday" are counted from the phrase: not these words).
_OWN_NOUNS = frozenset({"day", "week", "month", "year"})
_OWN_NOUN_BEFORE = compiled(r"\b(?:my|your|our|his|her|their|what|which)[ \t]+$", re.IGNORECASE)
_WORKDAY_END_BEFORE = compiled(rf"\b{_WORKDAY_END},?\s+(?:on\s+)?$", re.IGNORECASE)
# "Monday first thing", "tomorrow first thing in the morning", "Friday after lunch": the day, with no time of day
_BLUR_AFTER = compiled(rf"\s+(?:sometime|some\s+time|at\s+some\s+point)\b|,?\s+(?:at\s+|by\s+)?{_WORKDAY_END}\b|"
                       r",?\s+first\s+thing(?:\s+in\s+the\s+morning)?\b|,?\s+(?:after|before)\s+lunch\b",
                       re.IGNORECASE)


def _blurred(text: str, mention: TemporalMention) -> TemporalMention:
    if mention.date_span is None or any(r.clock for r in mention.readings):
        return mention
    before = _BLUR_BEFORE.search(_before(text, mention.start, 40))
    after = _BLUR_AFTER.match(text, mention.end)
    if before is None and after is None:
        return mention
    start = mention.start - len(before.group(0)) if before else mention.start
    end = after.end() if after else mention.end
    return TemporalMention(start, end, mention.readings, mention.inferred, date_span=(start, end))
# "Thu of Mysteries" names another day; "3pm in London" a zone not read. "Friday in Paris" is still Friday.
_AFTER_NAME = compiled(r"\s+(of|in)\s+(?:the\s+)?[A-Z]")


# "3pm or so", "at 11 or thereabouts": a time said roughly is still that time (the quote keeps the
# words; the result has no place to mark a value approximate). A day said so ("Friday or so") is not read.
_ROUGHLY_AFTER = compiled(r"\s+or\s+(?:so|thereabouts)\b", re.IGNORECASE)


def _roughly(text: str, mention: TemporalMention) -> TemporalMention:
    after = _ROUGHLY_AFTER.match(text, mention.end)
    if after is None or not all(r.clock for r in mention.readings):
        return mention
    return replace(mention, end=after.end())


def _qualified_further(text: str, mention: TemporalMention, following: TemporalMention | None = None,
                       previous: TemporalMention | None = None) -> bool:
    guard = _AFTER_GUARD.match(text, mention.end)
    timed = bool(mention.readings) and all(r.clock for r in mention.readings)
    if guard and timed and _ROUGHLY_AFTER.match(text, mention.end):
        guard = None  # "3pm or so" (see ``_roughly``)
    if guard and not (following is not None and mention.end <= following.start < guard.end()
                      and not any(r.clock for r in (*mention.readings, *following.readings))):
        return True  # ("the 3rd or 4th of December": the alternative is a day read too, both are offered)
    if _AFTER_NUMBER.match(text, mention.end) and mention.date_span is not None:
        return True
    name = _AFTER_NAME.match(text, mention.end)
    if name and (name.group(1) == "of" or any(r.clock for r in mention.readings)):
        return True
    before = _BEFORE_GUARD.search(text, max(0, mention.start - 30), mention.start)
    if before is None:
        return False
    if (previous is not None and previous.start <= before.start() < previous.end
            and re.search(r"\bor\s*$", before.group(0), re.IGNORECASE)
            and not any(r.clock for r in (*mention.readings, *previous.readings))):
        return False  # "Dec 3 or 4": the day before "or" is read too, both are offered
    word = before.group(0).split()[0].lower()
    # "before Friday" / "after 5pm" name a bound, whose day or time is still the one written
    return word not in ("after", "before")


def read_temporal(text: str, reference: datetime | None = None,
                  tense: Tense | None = None) -> tuple[TemporalMention, ...]:
    """Every date, time and date-time phrase in ``text``, in order, read against ``reference``.

    Without a reference time only phrases that state their own date (with a year) or a time of
    day are read. ``tense`` ("past" or "future", see ``tense``) is the cue of the sentence a quote
    was taken from; without it each phrase takes the cue of its clause in ``text``. Results are
    cached per (text, reference, tense): the recognizer and the verifier read the same words.
    """
    return _read(text, reference, tense)



def _in_unreadable_date(text: str, start: int, end: int, reference: datetime | None) -> bool:
    """Whether the quote is part of a written date the calendar family finds unreadable whole (a
    range with an impossible or backward end), which is longer than the quote."""
    left, right = max(0, start - _MARGIN), min(len(text), end + _MARGIN)
    today = reference.date() if reference is not None else None
    return any(p.bad and p.start + left < end and start < p.end + left
               and (p.start + left < start or p.end + left > end)
               for p in calendar_pieces(text[left:right], today))


def unread_in_context(text: str, start: int, end: int, reference: datetime | None = None) -> bool:
    """The quote ``text[start:end]`` reads as a phrase alone, but reading all of ``text`` the grammar
    finds no phrase there: the words next to it (the rest of its date, a count, a sign, a qualifier:
    "Sunday" of "Sunday, March, 6th 2016", "next tuesday" of "next tuesday +10 days") make it part of
    a phrase that is not read. The verifier does not accept a value for such a quote."""
    # (the same cache key as the recognizer's read of the request: ``read_temporal(text, reference)``)
    if any(m.start < end and start < m.end for m in _read(text, reference, None)):
        return False
    if _in_unreadable_date(text, start, end, reference):
        return True  # "February 20" of "February 20 - 29, 2022", "Dec 5" of "Dec 5-3"
    # the quote read alone, then judged where it stands: its first and last phrase meet the words
    # around it (a quote the grammar reads only whole, "wed" or "may two", is not judged by its place)
    quote = text[start:end]
    mentions = [replace(m, start=m.start + start, end=m.end + start) for m in _read(quote, reference, None)]
    if not mentions:
        return False
    kept = _unqualified(text, mentions)
    return any(all(k is not m for k in kept) for m in (mentions[0], mentions[-1]))


_WORDED = compiled(r"[^\W_]")


def enclosing_phrase(text: str, start: int, end: int, reference: datetime | None = None) -> TemporalMention | None:
    """The longest phrase the grammar reads in all of ``text`` that the quote ``text[start:end]`` is
    cut out of: one it overlaps that has more words outside it ("Aug 9" of "Aug 9, 96", "3" of
    "3pm", "5pm" of "5pm tomorrow"); None when the quote is a whole phrase or holds its phrases whole.

    Each end of a range or item of a list is a phrase of its own ("Monday" of "from Monday to
    Wednesday"): a quote of one end is whole, and the end's readings are the range's.
    """
    cut = [m for m in _read(text, reference, None)
           if m.start < end and start < m.end
           and (_WORDED.search(text, m.start, max(m.start, start)) or _WORDED.search(text, min(end, m.end), m.end))]
    return max(cut, key=lambda m: m.end - m.start, default=None)


def next_occurrence(clock: Clock, reference: datetime, zone_now: datetime | None = None,
                    direction: str | None = None) -> tuple[date, ...]:
    """The day a time of day said without a day falls on: today if still ahead, else tomorrow.

    A time that passed within the last hour may still mean today ("the 4pm call" at 4:10), so
    then both days are readings (even in a sentence looking ahead: "move the 4pm call"). In a
    sentence about the past it is the last occurrence: today if passed, else yesterday.
    """
    now = zone_now or reference
    minutes_past = (now.hour * 60 + now.minute) - (clock[0] * 60 + clock[1])
    if direction == PAST:
        return (now.date(),) if minutes_past >= 0 else (now.date() - timedelta(days=1),)
    if minutes_past < 0:
        return (now.date(),)
    if minutes_past <= 60:
        return (now.date(), now.date() + timedelta(days=1))
    return (now.date() + timedelta(days=1),)
