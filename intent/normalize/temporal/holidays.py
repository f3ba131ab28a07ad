"""Named days with a fixed or computable date: Christmas, New Year's Eve, Valentine's Day,
Halloween, Thanksgiving (US), Black Friday, Memorial Day, Labor Day, Easter and the days counted
from it. "Christmas" is the next one on or after the reference day; "last Christmas" the one
before it ("previous Easter" too, and "following Easter" the next one); "Christmas 2027" and
"Christmas of next year" and "next year's Christmas" name the year; "thanksgiving in a year" and
"christmas 2 years ago" the one near the day the count lands on. Days of one date or rule in the
United Kingdom, Ireland, Canada, Australia and New Zealand are known too (St George's Day, Bonfire
Night, Hogmanay, Victoria Day, Remembrance Sunday, Mothering Sunday, Anzac Day, Waitangi Day).

Days set by lunar or other calendars (Eid, Diwali, Passover, Chinese New Year) are not computed
here: their names are left unread rather than dated wrongly.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from functools import cache

from dateutil.easter import EASTER_ORTHODOX, easter
from dateutil.relativedelta import relativedelta

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import COUNT, SPELLED_YEAR, YEAR, LazyPattern, count_of, spelled_year
from intent.normalize.temporal.lexicon import before as _before
from intent.normalize.temporal.pieces import Piece

__all__ = ["holiday_pieces"]


def _nth_weekday(month: int, weekday: int, nth: int) -> Callable[[int], date]:
    def on(year: int) -> date:
        if nth > 0:
            first = date(year, month, 1)
            return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))
        last = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)

    return on


def _fixed(month: int, day: int) -> Callable[[int], date]:
    return lambda year: date(year, month, day)


def _easter(offset: int, method: int = 3) -> Callable[[int], date]:
    return lambda year: easter(year, method) + timedelta(days=offset)


_THANKSGIVING = _nth_weekday(11, 3, 4)
_APOS = r"['’]?s?"
_HOLIDAYS: dict[str, Callable[[int], date]] = {
    r"christmas\s+eve|xmas\s+eve": _fixed(12, 24),
    r"(?:the\s+)?ides\s+of\s+march": _fixed(3, 15),
    r"christmas(?:\s+day)?|xmas(?:\s+day)?": _fixed(12, 25),
    r"boxing\s+day": _fixed(12, 26),
    rf"new\s+year{_APOS}\s+eve": _fixed(12, 31),
    rf"new\s+year{_APOS}(?:\s+day)?": _fixed(1, 1),
    # chat's "NYE" and "NYD", in capitals only ("Bill Nye" is a name)
    r"(?-i:NYE)": _fixed(12, 31),
    r"(?-i:NYD)": _fixed(1, 1),
    rf"valentine{_APOS}(?:\s+day)?|(?:st\.?|saint)\s+valentine{_APOS}\s+day": _fixed(2, 14),
    rf"(?:st\.?|saint)\s+patrick{_APOS}(?:\s+day)?|(?:st\.?|saint)\s+paddy{_APOS}(?:\s+day)?": _fixed(3, 17),
    r"april\s+fools?['’]?(?:\s+day)?": _fixed(4, 1),
    r"earth\s+day": _fixed(4, 22),
    r"may\s+day": _fixed(5, 1),
    r"juneteenth": _fixed(6, 19),
    r"independence\s+day|fourth\s+of\s+july|4th\s+of\s+july|july\s+4th": _fixed(7, 4),
    r"hallowe'?en|all\s+hallows['’]?\s+eve": _fixed(10, 31),
    # national days of one fixed date
    r"cinco\s+de\s+mayo": _fixed(5, 5),
    r"canada\s+day": _fixed(7, 1),
    r"bastille\s+day": _fixed(7, 14),
    r"australia\s+day": _fixed(1, 26),
    r"all\s+saints['’]?\s+day": _fixed(11, 1),
    rf"veterans?{_APOS}\s+day|remembrance\s+day|armistice\s+day": _fixed(11, 11),
    r"groundhog\s+day": _fixed(2, 2),
    # the United Kingdom's and Ireland's days of one fixed date ("St George's" alone is a church, a
    # hospital: "day" is needed after a saint's name)
    rf"(?:st\.?|saint)\s+george{_APOS}\s+day": _fixed(4, 23),
    rf"(?:st\.?|saint)\s+andrew{_APOS}\s+day": _fixed(11, 30),
    rf"(?:st\.?|saint)\s+david{_APOS}\s+day": _fixed(3, 1),
    rf"(?:st\.?|saint)\s+stephen{_APOS}\s+day": _fixed(12, 26),
    r"burns\s+night": _fixed(1, 25),
    r"guy\s+fawkes['’]?\s+(?:night|day)|bonfire\s+night": _fixed(11, 5),
    r"hogmanay": _fixed(12, 31),
    r"anzac\s+day": _fixed(4, 25),
    r"waitangi\s+day": _fixed(2, 6),
    # feasts of the Western church on one fixed date ("Epiphany" alone is as often a sudden insight)
    r"candlemas": _fixed(2, 2),
    r"all\s+souls['’]?\s+day": _fixed(11, 2),
    r"assumption\s+day|feast\s+of\s+the\s+assumption": _fixed(8, 15),
    # Canada's Victoria Day: the Monday before May 25
    r"victoria\s+day": lambda year: date(year, 5, 24) - timedelta(days=date(year, 5, 24).weekday()),
    # the United Kingdom's Remembrance Sunday: the second Sunday of November (the one nearest the 11th)
    r"remembrance\s+sunday": _nth_weekday(11, 6, 2),
    r"world\s+vegan\s+day": _fixed(11, 1),
    r"civil\s+rights\s+day": _nth_weekday(1, 0, 3),  # Martin Luther King Day's name in some states
    rf"(?:martin\s+luther\s+king(?:,?\s+jr\.?)?|mlk)(?:{_APOS})?(?:\s+jr\.?)?(?:{_APOS})?\s+day": _nth_weekday(1, 0, 3),
    rf"presidents?{_APOS}\s+day|washington{_APOS}\s+birthday": _nth_weekday(2, 0, 3),
    rf"mother{_APOS}\s+day": _nth_weekday(5, 6, 2),
    rf"father{_APOS}\s+day": _nth_weekday(6, 6, 3),
    r"memorial\s+day": _nth_weekday(5, 0, -1),
    r"labou?r\s+day": _nth_weekday(9, 0, 1),
    r"columbus\s+day|indigenous\s+peoples['’]?\s+day": _nth_weekday(10, 0, 2),
    # Canada's: the second Monday of October (before the name it ends with)
    r"canadian\s+thanksgiving(?:\s+day)?": _nth_weekday(10, 0, 2),
    r"thanksgiving\s+eve": lambda year: _THANKSGIVING(year) - timedelta(days=1),
    r"thanksgiving(?:\s+day)?": _THANKSGIVING,
    r"black\s+friday": lambda year: _THANKSGIVING(year) + timedelta(days=1),
    r"cyber\s+monday": lambda year: _THANKSGIVING(year) + timedelta(days=4),
    rf"boss{_APOS}\s+day|bosses['’]?\s+day": lambda year: _nearest_weekday(date(year, 10, 16)),
    r"easter\s+mon(?:day)?": _easter(1),
    r"good\s+friday": _easter(-2),
    r"holy\s+saturday|easter\s+saturday": _easter(-1),
    r"maundy\s+thursday|holy\s+thursday|covenant\s+thu(?:rsday|rs|r)?": _easter(-3),
    r"palm\s+sunday": _easter(-7),
    # the United Kingdom's and Ireland's Mother's Day: the fourth Sunday of Lent
    r"mothering\s+sunday": _easter(-21),
    r"ash\s+wednesday": _easter(-46),
    r"shrove\s+tuesday|mardi\s+gras|pancake\s+day": _easter(-47),
    r"ascension\s+day|ascension\s+thursday|feast\s+of\s+the\s+ascension": _easter(39),
    r"pentecost|whit\s+sunday|whitsunday": _easter(49),
    r"whit\s+monday|pentecost\s+monday": _easter(50),
    r"trinity\s+sunday": _easter(56),
    r"corpus\s+christi": _easter(60),
    r"orthodox\s+easter(?:\s+sunday)?": _easter(0, EASTER_ORTHODOX),
    r"orthodox\s+good\s+friday": _easter(-2, EASTER_ORTHODOX),
    r"easter(?:\s+sunday)?": _easter(0),
    # the Netherlands' King's Day: April 27, or the 26th when the 27th is a Sunday
    rf"koningsdag|king{_APOS}\s+day": lambda year: date(year, 4, 26 if date(year, 4, 27).weekday() == 6 else 27),
}


def _nearest_weekday(value: date) -> date:
    """The day itself, or the nearest working day when it falls on a weekend (Boss's Day)."""
    if value.weekday() == 5:
        return value - timedelta(days=1)
    if value.weekday() == 6:
        return value + timedelta(days=1)
    return value


# In order: a more specific name comes before the name it starts with ("Christmas Eve", "Easter Monday").
_NAMES = list(_HOLIDAYS)
# Calendars other than the Gregorian one: their new year, ascension, etc. are other days entirely.
_OTHER_CALENDAR = compiled(
    r"\b(?:chinese|lunar|islamic|hijri|muslim|parsi|persian|iranian|jewish|hebrew|hindu|orthodox|thai|tamil|"
    r"sikh|vietnamese|korean|tibetan|ethiopian|buddhist|prophet['’]?s|coptic|julian|nepali|bengali)\s+$",
    re.IGNORECASE,
)
# One numbered group per name (group 3 + its index; named groups cost compile time for nothing).
_FIRST_NAME_GROUP = 3
_HOLIDAY_RE = compiled(
    r"\b(?:(this|next|last|the\s+next|the\s+last|coming|this\s+coming|this\s+upcoming|this\s+past|past|upcoming|previous|"
    r"the\s+previous|following|the\s+following|(?:this|next|last)\s+year['’]?s)\s+)?"
    r"(" + "|".join(f"({name})" for name in _NAMES) + r")\b"
    rf"(?:(?:\s*,\s*|\s+(?:of\s+|in\s+)?)({YEAR}\b(?![:.]\d)|{SPELLED_YEAR})|\s+(?:of\s+)?(this|next|last)\s+year\b)?",
    re.IGNORECASE,
)


# "thanksgiving in 9 months", "christmas 2 years ago", "easter in a year": the holiday near the day
# the count lands on (see ``_moved_by_count``).
@cache
def _count_after() -> re.Pattern[str]:
    """Compiled on first use (a holiday followed by a count is rare): import time stays flat."""
    return compiled(
        rf"\s+(?:in\s+({COUNT})\s+(months?|years?)|({COUNT})\s+(months?|years?)\s+(ago|from\s+now|from\s+today|hence|"
        r"later|back))\b",
        re.IGNORECASE,
    )


def _moved_by_count(rule: Callable[[int], date], count: int, unit: str, today: date) -> date:
    """The holiday a count from today lands near. Counted in years, the one of the year it lands in
    ("thanksgiving in a year" said in February: next year's, not this November's); counted in months,
    the one nearest the day it lands on ("thanksgiving 3 months ago" said in February: last November's)."""
    landing = today + relativedelta(**{f"{unit}s": count})
    if unit == "year":
        return rule(landing.year)
    return min((rule(year) for year in (landing.year - 1, landing.year, landing.year + 1)),
               key=lambda day: abs((day - landing).days))


# A word before "following"/"previous" that makes it a preposition ("the day following Christmas").
_COUNTED_FROM = compiled(r"\b(?:day|days|weeks?|months?|years?|fortnights?|monday|tuesday|wednesday|thursday|friday|"
                         r"saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\s+$", re.IGNORECASE)
_EVE_AFTER = LazyPattern(r"\s+eve\b", re.IGNORECASE)
_JUST_GONE_DAYS = 31  # a holiday is talked of as the one just gone for about a month after it


def holiday_pieces(text: str, today: date | None) -> list[Piece]:
    """Every named holiday in ``text`` (a year-less one only when ``today`` is known)."""
    out: list[Piece] = []
    for match in _HOLIDAY_RE.finditer(text):
        index = next(i for i in range(len(_NAMES)) if match.group(_FIRST_NAME_GROUP + i) is not None)
        if _OTHER_CALENDAR.search(_before(text, match.start())) and not _NAMES[index].startswith("orthodox"):
            out.append(Piece(match.start(), match.end(), "date", bad=True))
            continue
        eve_after = _EVE_AFTER.match(text, match.end())
        if eve_after:  # "Christmas Eve eve" is the 23rd to some, a joke to others: not read
            out.append(Piece(match.start(), eve_after.end(), "date", bad=True))
            continue
        rule = _HOLIDAYS[_NAMES[index]]
        qualifier = " ".join((match.group(1) or "").lower().split()).removeprefix("the ")
        start = match.start()
        if qualifier in ("following", "previous") and _COUNTED_FROM.search(_before(text, start)):
            # "the day following Christmas", "the Tuesday following Labor Day": a preposition, the
            # count is read from the holiday itself
            qualifier, start = "", match.start(_FIRST_NAME_GROUP - 1)
        written_year = match.group(_FIRST_NAME_GROUP + len(_NAMES))
        if written_year:
            year = int(written_year) if written_year.isdigit() else spelled_year(written_year)
            if year is not None:
                out.append(Piece(start, match.end(), "date", days=(rule(year),)))
            continue
        if today is None:
            out.append(Piece(start, match.end(), "date"))
            continue
        counted = _count_after().match(text, match.end())
        count = count_of(counted.group(1) or counted.group(3)) if counted and not qualifier else None
        if counted and count is not None and not match.group(_FIRST_NAME_GROUP + len(_NAMES) + 1):
            unit = (counted.group(2) or counted.group(4)).lower().rstrip("s")
            back = (counted.group(5) or "").lower() in ("ago", "back")
            day = _moved_by_count(rule, -count if back else count, unit, today)
            out.append(Piece(start, counted.end(), "date", days=(day,), inferred=True))
            continue
        which_year = match.group(_FIRST_NAME_GROUP + len(_NAMES) + 1)
        if qualifier.endswith(("year's", "year’s", "years")):  # "next year's Christmas", "last year's Easter"
            which_year, qualifier = qualifier.split()[0], ""
        if which_year:
            year = today.year + {"this": 0, "next": 1, "last": -1}[which_year.lower()]
            day = rule(year)
        elif qualifier in ("last", "past", "this past", "previous"):
            day = rule(today.year) if rule(today.year) < today else rule(today.year - 1)
        else:
            day = rule(today.year) if rule(today.year) >= today else rule(today.year + 1)
            if not qualifier and day != today:
                # "Halloween" said a week after it: the one just gone in a sentence about the past,
                # both within a month after it when the sentence says nothing ("how was Thanksgiving")
                past = rule(today.year) if rule(today.year) < today else rule(today.year - 1)
                out.append(Piece(start, match.end(), "date", days=(day,), inferred=True, past_days=(past,),
                                 disputed=(today - past).days <= _JUST_GONE_DAYS))
                continue
        out.append(Piece(start, match.end(), "date", days=(day,), inferred=True))
    return out
