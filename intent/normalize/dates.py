"""Calendar dates, absolute ("2026-12-24", "December 24, 2026") or relative to a reference day
("today", "tomorrow", "Friday", "on the 15th", "December 24", "in 3 days")."""

from __future__ import annotations

import re
from datetime import date, timedelta

from intent.normalize.mentions import Mention
from intent.normalize.numbers import parse_number_words

__all__ = ["find_dates"]

_MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
    "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
    "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}  # fmt: skip
_WEEKDAYS = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
}  # fmt: skip
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAY = "|".join(_WEEKDAYS)
_ORD = r"(?:st|nd|rd|th)?"

_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_MONTH_DAY = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}}){_ORD}\b(?:,?\s+(\d{{4}})\b)?", re.IGNORECASE)
_DAY_MONTH = re.compile(
    rf"\b(?:the\s+)?(\d{{1,2}}){_ORD}\s+(?:of\s+)?({_MONTH})\b\.?(?:,?\s+(\d{{4}})\b)?", re.IGNORECASE
)
_DAY_ONLY = re.compile(
    r"(?:\b(?:on|by|for|until|before|after|to|from|till|it|is|it's|make)\s+|^\s*)the\s+(\d{1,2})(st|nd|rd|th)\b",
    re.IGNORECASE,
)
_RELATIVE = re.compile(
    r"\b(the\s+day\s+after\s+tomorrow|day\s+after\s+tomorrow|tomorrow|today|tonight|yesterday|"
    r"this\s+(?:morning|afternoon|evening))\b",
    re.IGNORECASE,
)
_WEEKDAY_RE = re.compile(rf"\b(?:(this\s+coming|this|next|coming)\s+)?({_WEEKDAY})s?\b", re.IGNORECASE)
_SHORT_DAYS = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6}
# Short day names are common words too ("sat", "sun"): read them only after a day cue ("on Fri").
_SHORT_DAY_RE = re.compile(
    r"\b(?:on|by|until|till|for|before|after|(this|next|coming))\s+(mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b\.?",
    re.IGNORECASE,
)
_SLASHED = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])")
_IN_DAYS = re.compile(
    r"\bin\s+(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(days?|weeks?)\b", re.IGNORECASE
)


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _next_month_day(reference: date, month: int, day: int) -> date | None:
    """The first ``month``/``day`` on or after ``reference``."""
    this_year = _safe_date(reference.year, month, day)
    if this_year is not None and this_year >= reference:
        return this_year
    return _safe_date(reference.year + 1, month, day)


def _slashed(match: re.Match[str], reference: date | None) -> Mention | None:
    """ "12/24", "24/12/2026": month and day are told apart when one is above 12, else both readings."""
    first, second, year_text = int(match.group(1)), int(match.group(2)), match.group(3)
    if second > 12:
        orders = [(first, second)]
    elif first > 12:
        orders = [(second, first)]
    else:
        orders = [(first, second), (second, first)]
    year = (2000 + int(year_text) if len(year_text) == 2 else int(year_text)) if year_text else None
    values: list[date] = []
    for month, day in orders:
        if year is not None:
            value = _safe_date(year, month, day)
        elif reference is not None:
            value = _next_month_day(reference, month, day)
        else:
            value = None
        if value is not None and value not in values:
            values.append(value)
    if not values:
        return None
    inferred = year is None
    if len(values) == 1:
        return Mention(match.start(), match.end(), values[0], inferred=inferred)
    return Mention(match.start(), match.end(), None, inferred=inferred, candidates=tuple(values))


def find_dates(text: str, reference: date | None) -> list[Mention]:
    """Every date in ``text``; relative ones only when ``reference`` is known (then ``inferred``)."""
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []

    def add(mention: Mention) -> None:
        if all(mention.end <= s or mention.start >= e for s, e in taken):
            found.append(mention)
            taken.append((mention.start, mention.end))

    for match in _ISO.finditer(text):
        value = _safe_date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
        if value:
            add(Mention(match.start(), match.end(), value))
    for pattern, month_group, day_group in ((_MONTH_DAY, 1, 2), (_DAY_MONTH, 2, 1)):
        for match in pattern.finditer(text):
            month = _MONTHS[match.group(month_group).lower()]
            day = int(match.group(day_group))
            if match.group(3):
                value = _safe_date(int(match.group(3)), month, day)
                if value:
                    add(Mention(match.start(), match.end(), value))
            elif reference is not None:
                value = _next_month_day(reference, month, day)
                if value:
                    add(Mention(match.start(), match.end(), value, inferred=True))
    for match in _SLASHED.finditer(text):
        mention = _slashed(match, reference)
        if mention is not None:
            add(mention)
    if reference is None:
        found.sort(key=lambda m: m.start)
        return found
    for match in _DAY_ONLY.finditer(text):
        day = int(match.group(1))
        value = _safe_date(reference.year, reference.month, day)
        if value is None or value < reference:
            year, month = (reference.year + 1, 1) if reference.month == 12 else (reference.year, reference.month + 1)
            value = _safe_date(year, month, day)
        if value:
            add(Mention(match.start(), match.end(), value, inferred=True))
    for match in _RELATIVE.finditer(text):
        word = " ".join(match.group(1).lower().split())
        offset = 2 if word.endswith("after tomorrow") else 1 if word == "tomorrow" else -1 if word == "yesterday" else 0
        add(Mention(match.start(), match.end(), reference + timedelta(days=offset), inferred=True))
    day_matches = [(m, _WEEKDAYS[m.group(2).lower()]) for m in _WEEKDAY_RE.finditer(text)]
    day_matches += [(m, _SHORT_DAYS[m.group(2).lower()]) for m in _SHORT_DAY_RE.finditer(text)]
    for match, weekday in day_matches:
        qualifier = " ".join((match.group(1) or "").lower().split())
        ahead = (weekday - reference.weekday()) % 7
        if qualifier == "this":
            add(Mention(match.start(), match.end(), reference + timedelta(days=ahead), inferred=True))
        elif qualifier == "next" and ahead:
            # "next Friday" said early in the week means this coming Friday to some, a week later to others.
            options = (reference + timedelta(days=ahead), reference + timedelta(days=ahead + 7))
            add(Mention(match.start(), match.end(), None, inferred=True, candidates=options))
        else:
            add(Mention(match.start(), match.end(), reference + timedelta(days=ahead or 7), inferred=True))
    for match in _IN_DAYS.finditer(text):
        raw = match.group(1).lower()
        count = int(raw) if raw.isdigit() else 1 if raw in ("a", "an") else parse_number_words([raw])
        if count is None:
            continue
        days = count * (7 if match.group(2).lower().startswith("week") else 1)
        add(Mention(match.start(), match.end(), reference + timedelta(days=days), inferred=True))
    found.sort(key=lambda m: m.start)
    return found
