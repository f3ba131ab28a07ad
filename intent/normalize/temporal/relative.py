"""Days and moments counted from the reference time: "today", "tonight", "tomorrow", "tmrw",
"yesterday", "the day after tomorrow", "the day before yesterday", "in 3 days", "3 days ago",
"a week hence", "two weeks from now", "in a fortnight", "a month from today", "2 days from
tomorrow", "in 2 hours", "half an hour from now", "45 minutes ago", "in two days' time", "a week
today", "tomorrow week", "a year ago today", "3 years ago tomorrow", counts of several units
("1 month and 21 days ago"), counts written short ("3w later", "in 1d 2hr 5min", "-2hr5min", "+2 months,
5 days", "now + 40 minutes"; "m" alone is no unit), said roughly ("in around 5 hours"),
working days ("in 4 business days": Saturday and Sunday skipped, public holidays not known), and
the reference clock on another day ("same time tomorrow", "same time next week", "Friday at this
time").

Counts of days, weeks, months and years give a day; counts of hours and minutes give a moment
(day and time of day). Calendar arithmetic is ``dateutil.relativedelta`` ("in a month" from
January 31 is the last day of February).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from dateutil.relativedelta import relativedelta

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import (
    COUNT,
    COUNT_ANY,
    MONTH,
    MONTHS,
    WEEKDAY,
    YEAR,
    LazyPattern,
    count_of,
    scan,
    words_of,
)
from intent.normalize.temporal.lexicon import before as _before
from intent.normalize.temporal.pieces import Piece

__all__ = ["BOUND_BEFORE", "relative_pieces"]

# A number after these counts people or things, not days ("a table for four day after tomorrow").
_COUNTS_SOMETHING_ELSE = compiled(r"\b(?:for|of|with)[ \t]+$", re.IGNORECASE)

_DAY_WORDS = compiled(
    r"\b(?:(?:later|earlier)\s+(?=today|tonight|this\s))?(?:(the\s+)?day\s+after\s+(?:tomorrow|tmrw|tmr|next(?!\s+(?:week|month|year)\b))|(the\s+)?day\s+before\s+yesterday|overmorrow|"
    r"(?:to|2)mor+ow'?s?|tmrw|tmr|tmw|tmrow|2mrw|2mrow|2moro|yesterdays?|todays?|2day|tonight|tonite|2nite|"
    r"this\s+(?:morning|afternoon|evening|night|morn|aft)|this\s+day(?!\s+(?:of|and|or|in|last|next|week|month|year)\b)|"
    r"this(?=\s+(?:noon|midday)\b))\b",  # "this noon": today's, even in a sentence about the past
    re.IGNORECASE,
)
# "last night", "last evening", "the night before last" (two nights ago)
_LAST_NIGHT = compiled(r"\b(?:last\s+(night|evening)|the\s+(night)\s+before\s+last)\b", re.IGNORECASE)
_NOW = compiled(r"\b(?:right\s*now|just\s+now|now|at\s+the\s+(?:moment|minute)|at\s+present|"
                r"at\s+the\s+present\s+(?:time|moment)|(?:at\s+)?this\s+(?:very\s+)?(?:moment|instant)|"
                r"(?:right\s+)?this\s+(?:very\s+)?(?:second|minute)(?=\s*(?:$|[.,;:!?)]|\s+(?:please|now)\b))|"
                r"as\s+of\s+(?:right\s+)?now)"
                r"\b(?!\s+(?:on|that|and|then)\b)", re.IGNORECASE)
# "atm" (at the moment), in chat; not the cash machine ("the nearest ATM", "an ATM card").
_ATM = compiled(r"(?<![\w.-])atm\b(?![\w-]|\s+(?:card|cards|machine|machines|fee|fees|withdrawal|network|pin|"
                r"location|locations|near|nearby|in|at|on)\b)", re.IGNORECASE)
_ATM_NOUN_BEFORE = compiled(r"\b(?:a|an|the|any|nearest|closest|nearby|this|that|my|your|our|their|bank|to|from|"
                            r"at|by|near|of|no|use|find|an?y)\s+$", re.IGNORECASE)
# "next second", "last second", "next sec": a second on or back (not "at the last second", an idiom).
_NEXT_SECOND = compiled(r"(?<!\bthe\s)\b(next|last)\s+(?:second|secs?)\b(?!\s+(?:one|time|half|place|option|"
                        r"try|attempt|round|day|week|month|year|quarter)\b)", re.IGNORECASE)
# "at this time" alone is now ("we cannot help at this time"); next to a day it is that day's
# reference clock (``_SAME_TIME``)
_DAY_NEXT = LazyPattern(rf",?\s+(?:on\s+)?(?:tomorrow|tmrw|today|yesterday|next|last|this|{WEEKDAY}|{MONTH}|\d)",
                       re.IGNORECASE)
_DAY_BEFORE = LazyPattern(rf"\b(?:tomorrow|tmrw|today|yesterday|{WEEKDAY}|{MONTH}|\d\w*)\.?,?\s+$", re.IGNORECASE)
# What may follow "at this time" read as now: the end of a clause ("at this time slot" is a slot)
_CLAUSE_END = compiled(r"\s*(?:$|[.,;:!?)\]]|\s(?:please|and|or|but|so|then|we|i|you|they|he|she|it)\b)",
                       re.IGNORECASE)
# The end or start of the working day, alone: today's date ("by EOD", "end of day", "COB"). A
# date-time field is not given a moment: readers differ (23:59:59 as the day's end, or the close
# of business, which varies), so it stays open. "at the end of the day" is also an idiom: not read.
_DAY_END = compiled(
    r"\b(?:(by|until|till|before|at|for)\s+)?(?:the\s+)?(eod|cob|eob|eop|close\s+of\s+(?:business|play)|"
    r"end\s+of\s+(?:the\s+)?(?:business\s+|working\s+)?day|end\s+of\s+(?:play|business)|(?:start|beginning)\s+of\s+(?:the\s+)?(?:business\s+|working\s+)?day)"
    # at the end of a clause: "the EOD report" names a report, not a day
    r"(?=\s*(?:$|[.,;:!?)\]]|\s(?:please|pls|thanks|and|or|if|so|then|latest|at\s+the\s+latest)\b))",
    re.IGNORECASE,
)
# Short units glued to their digits ("3d", "2w", "3mo", "5y", as feeds and chat stamp an age: "3w
# later", "3y ago") are units only there; "m" alone is not one (minutes, months, metres, millions).
_SHORT_UNIT = r"(?<=\d)(?:d|w|mos?|y)"
# "decades" (ten years) and "mos" (months, written short) after a count: "2 decades ago", "in 3 mos"
_UNIT = (r"(decades?|days?|weeks?|wks?|fortnights?|months?|mos|years?|yrs?|hours?|hrs?|h|minutes?|mins?|seconds?|secs?|"
         + _SHORT_UNIT + ")")
# A count above 999 in digits ("1200 days ago", "1500 minutes from now"): never of hours, since
# "after 1700 hours" is a clock time.
_AMOUNT = (rf"((?:{COUNT})\s+and\s+a\s+half|\d{{4}}(?=\s*(?:days?|weeks?|months?|years?|minutes?|mins?)\b)|"
           rf"{COUNT_ANY}|half\s+an?|an?\s+half|\d+\.5|[13]/4|1/2|"
           r"three[\s-]quarters\s+of\s+an?|a\s+quarter\s+of\s+an?|\d+\s+more|a\s+pair\s+of)")
# "1 month and 21 days", "2 hours, 30 minutes", "1d 2hr 5min", "2hr5min": counts of larger units
# before the last one (digits may carry their unit glued on, and the next count right after it).
_LEADING_UNIT = r"(?:decades?|days?|weeks?|wks?|fortnights?|months?|mos|years?|yrs?|hours?|hrs?|minutes?|mins?)"
_LEADING = (rf"((?:(?:(?:{COUNT})\s+{_LEADING_UNIT}|\d{{1,3}}(?:{_LEADING_UNIT}|d|w|mos?|y|h)),?\s+(?:and\s+)?|"
            rf"\d{{1,3}}(?:{_LEADING_UNIT}|d|w|mos?|y|h)(?=\d))+)?")
# The leading counts right before a counted phrase ("1 month and" before "21 days ago"): looked for
# behind a match only, so the scan does not try them at every word.
_LEADING_BEFORE = compiled(r"(?<![\w.])" + _LEADING[:-1] + r"$", re.IGNORECASE)
_LEADING_PART = compiled(rf"({COUNT})\s*{_UNIT}", re.IGNORECASE)
# "in about 5 hours", "in around 5 hours", "in ~5 hours": said roughly, the count's value (as "around 11")
_IN = compiled(rf"\b(?:in|after)\s+(?:another\s+|(?:about|around|roughly|approximately|approx\.?)"
               rf"\s+(?:~\s*)?|~\s*|exactly\s+)?{_LEADING}"
               rf"{_AMOUNT}\s*{_UNIT}"
               r"(?:\s+and\s+a\s+half)?(?:(?:['’]s?)?\s+time\b)?"
               # "remind me in one day advance": a day before the event, not a day from now
               r"(?!\s+(?:ago|before|earlier|from|later|after|advance|in\s+advance|beforehand|prior)\b)\b",
               re.IGNORECASE)
_AFTER_COUNT = compiled(
    rf"\b{_AMOUNT}(?:\s+|(?<=\d)){_UNIT}(?:\s+and\s+a\s+half)?\s+(ago\s+(?:today|tomorrow|yesterday)|ago|back|earlier|"
    r"before\s+now|hence|from\s+now|"
    r"from\s+today|from\s+tomorrow|from\s+yesterday|after\s+tomorrow|before\s+tomorrow|before\s+yesterday|later|"
    r"from\s+(?:right\s+now|this\s+(?:very\s+)?(?:moment|second|minute|instant))|"
    r"after\s+today|before\s+today)\b",
    re.IGNORECASE,
)
# "same time tomorrow", "Friday, this time": the reference time's clock on another day.
# "The same time" after a day ("Friday at the same time") more often means the time of something
# else, so only "this time" stands after the day.
_SAME_TIME = compiled(
    rf"\b(?:(?:at\s+)?(?:this|the\s+same|same)\s+time(?=,?\s+(?:on\s+)?(?:tomorrow|tmrw|today|yesterday|{WEEKDAY})\b)|"
    r"(?:at\s+)?this\s+time\b(?!\s+(?:of|in|next|last|this|around|round)\b))",
    re.IGNORECASE,
)
# "same time next week", "this time next month": the reference moment a week (month, year) on or back.
_SAME_TIME_NEXT = compiled(
    r"\b(?:at\s+)?(?:this|the\s+same|same)\s+time\s+(next|last)\s+(week|month|year)\b", re.IGNORECASE
)
# "a week today", "a fortnight tomorrow", "tomorrow week": a week (or two) on from today or tomorrow.
# "3 weeks today" is that too, or today itself ("it's been 3 weeks today"): the sentence decides; so
# are "a month today" and "a year tomorrow" (British: a year on; an anniversary: the day itself).
_WEEK_ON = compiled(
    r"\b(?:(a|one|two|three|four|five|six|seven|eight|nine|ten|[1-9]|10)\s+(weeks?|fortnights?|months?|years?)\s+"
    r"(today|tomorrow)|(today|tomorrow)\s+(week|fortnight))\b", re.IGNORECASE
)
# "same day next week", "this day next year", "the same day last month": today a week (month, year) on or
# back, a day ("same time next week" is the moment); not read when that month has no such day.
_SAME_DAY_NEXT = compiled(
    r"\b(?:this|the\s+same|same)\s+day\s+(next|last)\s+(week|month|year)\b", re.IGNORECASE
)
# "in 4 business days", "3 working days from now", "2 business days ago": weekdays counted, Saturday
# and Sunday skipped (public holidays are not known here, so a count that crosses one may be off by it).
_BUSINESS_DAYS = compiled(
    rf"\b(?:(in|after)\s+({COUNT})\s+(?:business|working|work)\s+days?(?:['’]?\s+time)?|"
    rf"({COUNT})\s+(?:business|working|work)\s+days?\s+(from\s+now|from\s+today|later|hence|ago|back|earlier))\b",
    re.IGNORECASE,
)
# "in 1h30m", "1h 30m ago": hours and minutes written short.
_HOURS_MINUTES = compiled(
    r"(?:\b(in|after)\s+|(?<![\w.:+]))(\d{1,2})\s?h(?:rs?)?\s?([0-5]?\d)\s?m(?:ins?)?\b"
    r"(?(1)(?!\s+(?:ago|before|earlier|from|later|after)\b)|\s+(ago|from\s+now|later|earlier|hence))",
    re.IGNORECASE,
)
# "over a year ago", "nearly a week ago", "less than 3 days from now", "at least a month ago": a bound on
# how long, not a day ("about a year ago" is said roughly, and read as its value); the grammar judges a
# quote ("a year ago") by the same words before it
BOUND_BEFORE = compiled(r"\b(?:over|nearly|almost|more\s+than|less\s+than|fewer\s+than|under|at\s+least|"
                         r"at\s+most|upwards\s+of|up\s+to|not\s+quite|barely|within)\s+$", re.IGNORECASE)
_DURATION_CUE = compiled(r"\b(?:in|after|for|within)\s+$", re.IGNORECASE)
# "+15 minutes", "+2h", "+1 day", "+2 months, 5 days", "-2hr5min", "now + 40 minutes": a count
# written with a sign, from now ("-" glued to its digits: "- 3 days" opens a list item).
# Followed by other words it is more often an offer ("+2 days shipping", "+1 year warranty").
_PLUS = compiled(rf"(?:(?<![\w+-])(?:now\s*)?(\+)\s?|(?<![\w+-])(?:now\s*(-)\s?|(-)(?=\d))){_LEADING}"
                 rf"(\d{{1,4}})\s*{_UNIT}\b(?=\s*$|\s*[,.;:!?)]|\s+(?:at|@)\b)",
                 re.IGNORECASE)
# "the end of the month", "end of next year", "by end of March", "EOM": the last day of a month or
# a year (a day, never a moment: "end of day" is a time no one states the same way).
_END_OF = compiled(
    rf"\b(?:(?:the\s+)?end\s+of\s+(?:(?:the\s+)?(?:(this|current|next|following|coming|last|previous|past)\s+)?"
    rf"(month|year)|({MONTH})(?:\s+({YEAR}))?)|(eom|eoy))\b(?![\w-]|\s+(?:of|after|before|to)\b|\s+\d)",
    re.IGNORECASE,
)
# "in half an hour", "a half hour ago", "in a quarter-hour" (American "a half hour")
_HALF_HOUR = compiled(r"\b(?:in\s+)?(half\s+an\s+hour|an\s+hour\s+and\s+a\s+half|a\s+quarter\s+of\s+an\s+hour|"
                      r"a\s+half[\s-]hour|a\s+quarter[\s-]hour)"
                      r"(\s+from\s+now|\s+ago)?\b", re.IGNORECASE)


_DAY_TOKENS = frozenset(
    "after before overmorrow tomorrow tomorrows tomorow tommorow tmrw tmr moro yesterday yesterdays today todays "
    "tonight tonite "
    "nite this morrow tmw tmrow mrw mrow day".split()
)
_NOW_TOKENS = frozenset({"now", "moment", "present", "minute", "second", "instant", "rightnow"})
_DAY_END_TOKENS = frozenset({"eod", "cob", "eob", "eop", "day", "business", "play"})
_UNIT_TOKENS = frozenset(
    "day days week weeks fortnight fortnights month months year years hour hours hr hrs h minute minutes min "
    "mins second seconds sec secs wk wks yr yrs decade decades mos".split()
)


def _amount(text: str) -> float | None:
    word = " ".join(text.lower().replace("-", " ").split())
    fractions = {"1/2": 0.5, "1/4": 0.25, "3/4": 0.75, "three quarters of an": 0.75, "three quarters of a": 0.75,
                 "a quarter of an": 0.25, "a quarter of a": 0.25, "a pair of": 2.0}
    if word in fractions:
        return fractions[word]
    if word.endswith(" more") and word.split()[0].isdigit():
        return float(word.split()[0])
    if word.startswith("half"):
        return 0.5
    if word in ("an half", "a half"):
        return None
    if word == "one and a half":
        return 1.5
    if word.endswith("and a half"):
        head = count_of(word.removesuffix("and a half").strip())
        return head + 0.5 if head is not None else None
    if word.endswith(".5") and word[:-2].isdigit():
        return int(word[:-2]) + 0.5
    value = count_of(word)
    return float(value) if value is not None else None


def _leading(text: str | None, reference: datetime, sign: int) -> datetime | None:
    """``reference`` moved by the leading counts of a compound amount ("1 month and" of "1 month and
    21 days ago"); None when there are none. Larger units go first, as the words put them."""
    if not text:
        return None
    moved = reference
    for match in _LEADING_PART.finditer(text):
        count = count_of(match.group(1))
        unit = match.group(2).lower().rstrip("s")
        unit = _SHORT_UNITS.get(unit, unit)
        if count is None:
            return None
        step = {"day": relativedelta(days=count), "week": relativedelta(weeks=count),
                "month": relativedelta(months=count), "year": relativedelta(years=count),
                "decade": relativedelta(years=10 * count), "fortnight": relativedelta(weeks=2 * count),
                "hour": relativedelta(hours=count), "hr": relativedelta(hours=count),
                "minute": relativedelta(minutes=count), "min": relativedelta(minutes=count)}.get(unit)
        if step is None:
            return None
        moved = moved + sign * step
    return moved


_GLUED_SHORT_UNIT = compiled(r"\d(?:d|w|mos?|y)\b", re.IGNORECASE)
_SHORT_UNITS = {"wk": "week", "yr": "year", "d": "day", "w": "week", "mo": "month", "y": "year", "h": "hour"}


# kind, day, clock, second, and whether that second is the reference's own, carried by a count of
# minutes or hours ("in 2 hours" said at 10:00:42 is 12:00:42), not one the words count
Shifted = tuple[str, date, tuple[int, int], int, bool]


def _shift(reference: datetime, amount: float, unit: str, sign: int, leading: str | None = None,
           leading_count: bool = False, exact: bool = False) -> Shifted | None:
    try:
        return _shift_within(reference, amount, unit, sign, leading, leading_count, exact)
    except (OverflowError, ValueError):
        return None  # "9999 years ago": before the calendar's first year


def _shift_within(reference: datetime, amount: float, unit: str, sign: int, leading: str | None,
                  leading_count: bool, exact: bool) -> Shifted | None:
    unit = unit.lower().rstrip("s")
    unit = _SHORT_UNITS.get(unit, unit)  # "in 2 wks", "3 yrs ago", "3w later"
    if leading:
        base = _leading(leading, reference, sign)
        if base is None:
            return None
        shifted = _shift(base, amount, unit, sign, leading_count=True)
        if shifted is None:
            return None
        fine = re.search(r"(?<![a-z])(?:hours?|hrs?|h|minutes?|mins?)\b", leading, re.IGNORECASE)
        if fine and shifted[0] == "date":
            return None  # "2 hours and 3 days": a moment counted in days has no time of day to give
        return shifted
    if unit in ("second", "sec"):  # "in 30 seconds", "10 seconds ago": to the second
        if not float(amount).is_integer() or (amount == 1 and not (leading_count or exact)):
            return None  # "in a sec", "just a second": soon; "in one second", "1 sec ago" are exact
        moment = reference + timedelta(seconds=sign * int(amount))
        return "moment", moment.date(), (moment.hour, moment.minute), moment.second, False
    if unit in ("hour", "hr", "h", "minute", "min"):
        minutes = amount * (60 if unit in ("hour", "hr", "h") else 1)
        if not float(minutes).is_integer():
            return None
        # counted from the reference moment, its seconds kept: "in 2 minutes" said at 13:07:18 is 13:09:18
        moment = reference + timedelta(minutes=sign * int(minutes))
        return "moment", moment.date(), (moment.hour, moment.minute), moment.second, True
    if unit == "decade":
        amount, unit = amount * 10, "year"
    if unit == "year" and float(amount * 12).is_integer():
        # "half a year ago", "in a year and a half": a whole number of months
        amount, unit = amount * 12, "month"
    if not float(amount).is_integer():
        return None  # "in 2.5 days" names no single day
    count = int(amount) * sign
    today = reference.date()
    if unit == "day":
        return "date", today + timedelta(days=count), (0, 0), 0, False
    if unit in ("week", "fortnight"):
        return "date", today + timedelta(days=count * (14 if unit == "fortnight" else 7)), (0, 0), 0, False
    if unit == "month":
        return "date", today + relativedelta(months=count), (0, 0), 0, False
    if unit == "year":
        return "date", today + relativedelta(years=count), (0, 0), 0, False
    return None


def _piece(start: int, end: int, shifted: Shifted | None, counted: str | None = None) -> Piece | None:
    """Counted hours and minutes name a moment; counted days name a day, and no time of day.
    ``counted``: the unit words of the count ("days", "yrs ago"), kept on a day for a weekday said with it."""
    if shifted is None:
        return None
    kind, day, clock, second, carried = shifted
    if kind == "moment":
        return Piece(start, end, "moment", days=(day,), clocks=(clock,), inferred=True, second=second,
                     second_carried=carried)
    return Piece(start, end, "date", days=(day,), inferred=True, counted=_counted_unit(counted))


_COUNTED_UNITS = {"d": "day", "w": "week", "f": "week", "m": "month", "y": "year"}


def _counted_unit(words: str | None) -> str | None:
    """"days" -> "day", "fortnights" -> "week", "yrs ago" -> "year ago": the grain a count lands in."""
    if not words:
        return None
    unit = _COUNTED_UNITS.get(words.strip().lower()[:1])
    if unit is None:
        return None
    return f"{unit} ago" if words.lower().endswith(" ago") else unit


_EXACT_FROM = ("from right now", "from this")  # counted from the moment itself
_EXACT_ONE = frozenset({"one", "1"})  # "one second from now" is a second; "a second" is a while
_END_TOKENS = frozenset({"end", "eom", "eoy"})


def _end_of(match: re.Match[str], today: date) -> date | None:
    """The last day of the month or year an ``_END_OF`` match names; the next end of a month named
    without a year (this year's until it has passed)."""
    which, unit, month_word, year, short = match.groups()
    if month_word:
        month = MONTHS[month_word.lower()]
        years = [int(year)] if year else [today.year, today.year + 1]
        ends: list[date] = [date(y, month, 1) + relativedelta(months=1, days=-1) for y in years]
        return next((end for end in ends if year or end >= today), None)
    step = {"this": 0, "current": 0, "next": 1, "following": 1, "coming": 1, "last": -1, "previous": -1,
            "past": -1}[(which or "this").lower()]
    if (unit or "").lower() == "year" or (short or "").lower() == "eoy":
        return date(today.year + step, 12, 31)
    first: date = today.replace(day=1) + relativedelta(months=step)
    last: date = first + relativedelta(months=1, days=-1)
    return last


def _part_word(word: str) -> str | None:
    word = " ".join(word.lower().split())
    if word in ("tonight", "tonite", "2nite"):
        return "night"
    if not word.startswith("this ") or word == "this day":
        return None
    return {"morn": "morning", "aft": "afternoon"}.get(word.split()[1], word.split()[1])


def relative_pieces(text: str, reference: datetime | None, words: frozenset[str] | None = None) -> list[Piece]:
    """Every phrase counted from the reference time; none without one."""
    words = words_of(text) if words is None else words
    units = words & _UNIT_TOKENS
    if not units and _GLUED_SHORT_UNIT.search(text):
        units = frozenset({"d"})  # "3w later", "5d ago": the unit is no word of its own
    if reference is None:
        # no day to give, but "tonight" and "this evening" still tell am from pm
        return [Piece(m.start(), m.end(), "date", part=_part_word(m.group(0))) for m in _DAY_WORDS.finditer(text)]
    today = reference.date()
    out: list[Piece] = []
    for match in scan(_DAY_WORDS, text, words & _DAY_TOKENS):
        # "later today", "earlier this morning": the same day
        word = " ".join(match.group(0).lower().split()).removeprefix("later ").removeprefix("earlier ")
        part = None
        if word.endswith(("after tomorrow", "after tmrw", "after tmr", "after next")) or word == "overmorrow":
            offset = 2
        elif word.endswith("before yesterday"):
            offset = -2
        elif word.startswith(("tom", "tmr", "tmw", "2mor", "2mr")):
            offset = 1
        elif word.startswith("yesterday"):
            offset = -1
        else:
            offset = 0
            part = _part_word(word)
        out.append(Piece(match.start(), match.end(), "date", days=(today + timedelta(days=offset),),
                         inferred=True, part=part))
    for match in scan(_NOW, text, words & _NOW_TOKENS):
        out.append(Piece(match.start(), match.end(), "moment", days=(today,),
                         clocks=((reference.hour, reference.minute),), inferred=True, second=reference.second))
    for match in scan(_ATM, text, "atm" in words):
        if _ATM_NOUN_BEFORE.search(_before(text, match.start(), 16)):
            continue
        out.append(Piece(match.start(), match.end(), "moment", days=(today,),
                         clocks=((reference.hour, reference.minute),), inferred=True, second=reference.second))
    for match in scan(_NEXT_SECOND, text, words & {"second", "sec", "secs"}):
        moment = reference + timedelta(seconds=1 if match.group(1).lower() == "next" else -1)
        out.append(Piece(match.start(), match.end(), "moment", days=(moment.date(),),
                         clocks=((moment.hour, moment.minute),), inferred=True, second=moment.second))
    for match in scan(_DAY_END, text, words & _DAY_END_TOKENS):
        word = match.group(2).lower()
        if word in ("cob", "eob", "eop") and not (match.group(2).isupper() or match.group(1)):
            continue  # "corn on the cob"
        if (match.group(1) or "").lower() == "at" and "end" in word:
            continue  # "at the end of the day, it's your call"
        if _DAY_NEXT.match(text, match.end()) or _DAY_BEFORE.search(_before(text, match.start(), 24)):
            continue  # "EOD Friday", "tomorrow COB": the day named (see the grammar's blurred days)
        out.append(Piece(match.start(), match.end(), "date", days=(today,), inferred=True))
    for match in scan(_LAST_NIGHT, text, words & {"night", "evening"}):
        back = 2 if match.group(2) else 1
        out.append(Piece(match.start(), match.end(), "date", days=(today - timedelta(days=back),), inferred=True,
                         part=(match.group(1) or "night").lower()))
    for match in scan(_IN, text, units):
        amount = _amount(match.group(2))
        if amount is None:
            continue
        if match.group(0).lower().rstrip().endswith("and a half"):
            amount += 0.5
        exact = match.group(2).lower() in _EXACT_ONE
        shifted = _shift(reference, amount, match.group(3), 1, match.group(1), exact=exact)
        piece = _piece(match.start(), match.end(), shifted, None if match.group(1) else match.group(3))
        if piece:
            out.append(piece)
    for match in scan(_AFTER_COUNT, text, units):
        amount = _amount(match.group(1))
        if amount is None:
            continue
        if BOUND_BEFORE.search(_before(text, match.start(), 24)):
            continue  # "over a year ago", "less than a week from now": a bound, no day
        if (amount != 1 and match.group(2).lower() == "day" and match.group(3).lower().startswith("after")
                and _COUNTS_SOMETHING_ELSE.search(text, max(0, match.start() - 12), match.start())):
            # "a table for four day after tomorrow": "day after tomorrow" is a phrase of its own and the
            # number, after "for", counts the guests; "2 day after tomorrow" alone is a sloppy count of days
            continue
        phrase = " ".join(match.group(0).lower().split())
        if " and a half " in phrase and "and a half" not in match.group(1).lower():  # "2 hours and a half ago"
            amount += 0.5
        relation = " ".join(match.group(3).lower().split())
        sign = -1 if relation.startswith("ago") or relation in ("back", "earlier", "before now", "before tomorrow",
                                  "before today") else 1
        base = reference
        if relation.endswith("tomorrow"):
            base = reference + timedelta(days=1)
        elif relation.endswith("yesterday"):
            base = reference - timedelta(days=1)
            if relation == "before yesterday":
                sign = -1
        leading = _LEADING_BEFORE.search(text, max(0, match.start() - 80), match.start())
        shifted = _shift(base, amount, match.group(2), sign, leading.group(1) if leading else None,
                         exact=match.group(1).lower() in _EXACT_ONE)
        if shifted is not None and shifted[0] == "moment" and base is not reference:
            continue  # "2 hours from tomorrow" names no clear moment
        if shifted is not None and shifted[0] == "date" and relation.startswith(_EXACT_FROM) and not leading:
            # "2 days from this second", "a day from right now": counted from the very moment, a moment
            steps = {"day": relativedelta(days=1), "week": relativedelta(weeks=1), "fortnight": relativedelta(weeks=2),
                     "month": relativedelta(months=1), "year": relativedelta(years=1)}
            step = steps.get({"wk": "week", "yr": "year"}.get(match.group(2).lower().rstrip("s"),
                                                               match.group(2).lower().rstrip("s")))
            if step is not None and float(amount).is_integer():
                moment = reference + int(amount) * step
                out.append(Piece(match.start(), match.end(), "moment", days=(moment.date(),),
                                 clocks=((moment.hour, moment.minute),), inferred=True, second=moment.second))
                continue
        counted = None if leading or base is not reference or relation.startswith("ago ") else (
            f"{match.group(2)} ago" if sign < 0 else match.group(2))
        piece = _piece(leading.start() if leading else match.start(), match.end(), shifted, counted)
        if piece:
            out.append(piece)
    for match in scan(_SAME_TIME_NEXT, text, "time" in words):
        sign = 1 if match.group(1).lower() == "next" else -1
        unit = match.group(2).lower()
        moment = reference + sign * {"week": relativedelta(weeks=1), "month": relativedelta(months=1),
                                     "year": relativedelta(years=1)}[unit]
        out.append(Piece(match.start(), match.end(), "moment", days=(moment.date(),),
                         clocks=((moment.hour, moment.minute),), inferred=True))
    for match in scan(_SAME_TIME, text, "time" in words):
        if (match.group(0).lower().startswith("at this") and _CLAUSE_END.match(text, match.end())
                and not _DAY_NEXT.match(text, match.end())
                and not _DAY_BEFORE.search(_before(text, match.start(), 24))):
            out.append(Piece(match.start(), match.end(), "moment", days=(today,),
                             clocks=((reference.hour, reference.minute),), inferred=True, second=reference.second))
            continue
        out.append(Piece(match.start(), match.end(), "time", clocks=((reference.hour, reference.minute),),
                         needs_day="any"))
    for match in scan(_SAME_DAY_NEXT, text, "day" in words):
        unit = match.group(2).lower()
        step = {"week": relativedelta(weeks=1), "month": relativedelta(months=1), "year": relativedelta(years=1)}[unit]
        moved = today + step if match.group(1).lower() == "next" else today - step
        if unit == "week" or moved.day == today.day:  # "same day next month" said on January 31st: no such day
            out.append(Piece(match.start(), match.end(), "date", days=(moved,), inferred=True))
    for match in scan(_WEEK_ON, text, words & {"week", "weeks", "fortnight", "fortnights", "month", "months", "year",
                                                "years"}):
        count = count_of(match.group(1) or "a") or 1
        unit = (match.group(2) or match.group(5)).lower()
        start_day = today + timedelta(days=1 if (match.group(3) or match.group(4)).lower() == "tomorrow" else 0)
        if unit.startswith(("month", "year")):
            months = count * (12 if unit.startswith("year") else 1)
            ahead = start_day + relativedelta(months=months)
            if ahead.day == start_day.day:  # "a month today" said on January 31st: no such day, not read
                out.append(Piece(match.start(), match.end(), "date", days=(ahead,), inferred=True,
                                 past_days=(start_day,), disputed=True))
            continue
        weeks = 2 * count if unit.startswith("fortnight") else count
        ahead = start_day + timedelta(weeks=weeks)
        if weeks > 2:  # "it has been 3 weeks today": the day itself, looking back
            out.append(Piece(match.start(), match.end(), "date", days=(ahead,), inferred=True, past_days=(start_day,),
                             disputed=True))
            continue
        out.append(Piece(match.start(), match.end(), "date", days=(ahead,), inferred=True))
    for match in scan(_BUSINESS_DAYS, text, words & {"business", "working", "work"}):
        working_days = count_of(match.group(2) or match.group(3))
        if working_days is None or working_days > 260:
            continue
        sign = -1 if (match.group(4) or "").lower() in ("ago", "back", "earlier") else 1
        day = today
        for _ in range(working_days):
            day += timedelta(days=sign)
            while day.weekday() >= 5:
                day += timedelta(days=sign)
        out.append(Piece(match.start(), match.end(), "date", days=(day,), inferred=True))
    for match in scan(_HOURS_MINUTES, text, units):
        if not match.group(1) and _DURATION_CUE.search(text, max(0, match.start() - 8), match.start()):
            continue  # "in 1h30m ago": neither
        sign = -1 if (match.group(4) or "").lower() in ("ago", "earlier") else 1
        moment = reference + sign * timedelta(hours=int(match.group(2)), minutes=int(match.group(3)))
        out.append(Piece(match.start(), match.end(), "moment", days=(moment.date(),),
                         clocks=((moment.hour, moment.minute),), inferred=True, second=moment.second,
                         second_carried=True))
    for match in scan(_PLUS, text, units and ("+" in text or "-" in text)):
        sign = 1 if match.group(1) else -1
        piece = _piece(match.start(), match.end(),
                       _shift(reference, float(match.group(5)), match.group(6), sign, match.group(4)))
        if piece:
            out.append(piece)
    for match in scan(_END_OF, text, words & _END_TOKENS):
        last_day = _end_of(match, today)
        if last_day is not None:
            out.append(Piece(match.start(), match.end(), "date", days=(last_day,), inferred=True))
    for match in scan(_HALF_HOUR, text, "hour" in words):
        phrase = " ".join(match.group(1).lower().split())
        minutes = 90 if "and a half" in phrase else 30 if "half" in phrase else 15
        tail = (match.group(2) or "").strip().lower()
        if not tail and not match.group(0).lower().startswith("in"):
            continue
        sign = -1 if tail == "ago" else 1
        moment = reference + timedelta(minutes=sign * minutes)
        out.append(Piece(match.start(), match.end(), "moment", days=(moment.date(),),
                         clocks=((moment.hour, moment.minute),), inferred=True, second=moment.second,
                         second_carried=True))
    return out
