"""The holiday pattern and the spelled-year pattern, written shorter, match exactly what their longer forms did.

Both are compiled when the grammar is imported, on every server start. Their shorter forms (numbered
instead of named groups, ``['’]?`` for ``(?:'|’)?``, the 1-99 tail of "... hundred" and "two
thousand" written once) must find the same spans with the same groups in every text.
"""

from __future__ import annotations

import itertools
import re

import pytest

from intent.normalize.temporal import holidays, lexicon
from intent.normalize.temporal.lexicon import CARDINAL, CARDINAL_WORDS, SPELLED_YEAR, YEAR, alternation

# The spelled year as it was written before: the 1-99 alternation once per head.
_LONG_SPELLED_YEAR = (
    rf"(?:(?:{'|'.join(lexicon._CENTURY_WORDS)})\s+(?:hundred(?:\s+(?:and\s+)?(?:{CARDINAL}))?|(?:oh|o|zero)[\s-]+"
    rf"(?:{'|'.join(lexicon._UNITS)})|(?:{alternation(w for w, v in CARDINAL_WORDS.items() if v >= 10)}))|"
    rf"two\s+thousand(?:\s+(?:and\s+)?(?:{CARDINAL}))?)(?![\w-])"
)
# The holiday pattern as it was written before: a named group per holiday, apostrophes as a group.
_LONG_NAMES = [name.replace("['’]?", "(?:'|’)?") for name in holidays._NAMES]
_LONG_HOLIDAY = re.compile(
    r"\b(?:(this|next|last|the\s+next|the\s+last|coming|this\s+coming|this\s+past|past|upcoming)\s+)?"
    r"(" + "|".join(f"(?P<h{i}>{name})" for i, name in enumerate(_LONG_NAMES)) + r")\b"
    rf"(?:(?:\s*,\s*|\s+(?:of\s+|in\s+)?)({YEAR}\b(?![:.]\d)|{_LONG_SPELLED_YEAR})|\s+(?:of\s+)?(this|next|last)\s+year\b)?",
    re.IGNORECASE,
)

_SPELLED_YEARS = [
    "nineteen seventy-two", "nineteen seventy two", "nineteen  oh five", "nineteen o-five", "nineteen zero nine",
    "seventeen hundred thirty three", "seventeen hundred and eight", "sixteen hundred", "two thousand",
    "two thousand and eight", "two thousand twenty-six", "twenty twenty-six", "twenty twenty", "twenty ten",
    "twenty five", "twenty hundred", "nineteen hundred and", "two thousand and", "eighteen nineteen",
    "nineteen oh", "twenty twelve", "twenty thirteen", "nineteen ninety-nine", "nineteen ninety",
]  # fmt: skip
_SUFFIXES = ("", " ", "-", "th", "x", " of", ".", ",", " one", "-one", "ish", "\n")


def _spelled_texts() -> list[str]:
    texts = set()
    for year, suffix in itertools.product(_SPELLED_YEARS, _SUFFIXES):
        for form in (year, year.upper(), year.replace(" ", "\t"), year.replace("-", " "), year.replace(" ", "")):
            texts.add(form + suffix)
    return sorted(texts)


@pytest.mark.parametrize("frame", ["(?:{})", r"\b(?:{})\b", r",?\s+({})", r"(?:{})$"])
def test_the_spelled_year_matches_what_its_longer_form_matched(frame: str) -> None:
    short = re.compile(frame.format(SPELLED_YEAR), re.IGNORECASE)
    long = re.compile(frame.format(_LONG_SPELLED_YEAR), re.IGNORECASE)
    assert len(SPELLED_YEAR) < len(_LONG_SPELLED_YEAR) * 0.8
    for text in _spelled_texts():
        for candidate in (text, " " + text):
            want, got = long.match(candidate), short.match(candidate)
            assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups())), candidate


# At least one spelling of every holiday, in the forms the names allow (apostrophes, "day", "st.").
_HOLIDAY_PHRASES = [
    "Christmas Eve", "xmas eve", "the Ides of March", "ides of march", "Christmas", "Christmas Day", "Xmas day",
    "Boxing Day", "New Year's Eve", "new years eve", "New Year’s Day", "New Year", "new year's", "Valentine's Day",
    "valentines", "St. Valentine's Day", "st valentine’s day", "St. Patrick's Day", "saint paddy's", "St Paddys Day",
    "April Fools' Day", "april fool", "Earth Day", "May Day", "Juneteenth", "Independence Day", "fourth of july",
    "4th of July", "July 4th", "Halloween", "hallowe'en", "All Saints' Day", "all saints day", "Veterans Day",
    "veteran's day", "Remembrance Day", "Armistice Day", "Groundhog Day", "World Vegan Day",
    "Martin Luther King Day", "Martin Luther King, Jr. Day", "MLK Day", "mlk's day", "mlk jr day", "Presidents' Day",
    "president's day", "Washington's Birthday", "Mother's Day", "mothers day", "Father’s Day", "Memorial Day",
    "Labor Day", "labour day", "Columbus Day", "Indigenous Peoples' Day", "Thanksgiving", "thanksgiving day",
    "Black Friday", "Cyber Monday", "Boss's Day", "bosses' day", "Easter Monday", "easter mon", "Good Friday",
    "Holy Saturday", "Easter Saturday", "Maundy Thursday", "Holy Thursday", "covenant thurs", "covenant thu",
    "Palm Sunday", "Ash Wednesday", "Shrove Tuesday", "Mardi Gras", "Pancake Day", "Ascension Day",
    "Ascension Thursday", "Feast of the Ascension", "Pentecost", "Whit Sunday", "Whitsunday", "Whit Monday",
    "Pentecost Monday", "Trinity Sunday", "Corpus Christi", "Orthodox Easter", "orthodox easter sunday",
    "Orthodox Good Friday", "Easter", "Easter Sunday", "Koningsdag", "King's Day", "kings day", "NYE", "NYD",
    "Canadian Thanksgiving", "canadian thanksgiving day", "All Hallows Eve", "all hallows' eve", "Cinco de Mayo",
    "Canada Day", "Bastille Day", "Australia Day", "Saint Valentine's Day", "St George's Day", "saint andrews day",
    "St. David’s Day", "St Stephen's Day", "Burns Night", "Guy Fawkes Night", "guy fawkes' day", "Bonfire Night",
    "Hogmanay", "Anzac Day", "Waitangi Day", "Candlemas", "All Souls' Day", "Assumption Day",
    "Feast of the Assumption", "Victoria Day", "Remembrance Sunday", "Civil Rights Day", "Thanksgiving Eve",
    "Mothering Sunday",
]  # fmt: skip
_BEFORE = ("", "next ", "last ", "the last ", "this coming ", "this past ", "upcoming ", "Chinese ", "on ")
_AFTER = ("", " 2027", ", 2027", " of 2027", " in 1999", " 2027:30", " nineteen seventy-two",
          ", two thousand and eight", " of next year", " this year", " last year", " day", "s", "'s", " eve",
          " twenty twenty-six.", " monday")  # fmt: skip


def test_the_holiday_pattern_finds_what_its_longer_form_found() -> None:
    assert len(holidays._HOLIDAY_RE.pattern) < len(_LONG_HOLIDAY.pattern) * 0.85
    assert holidays._HOLIDAY_RE.groups == _LONG_HOLIDAY.groups
    seen: set[int] = set()
    # every qualifier and every tail with each phrase, and each qualifier with one tail in turn
    frames = {*((b, "") for b in _BEFORE), *(("", a) for a in _AFTER), *zip(_BEFORE, itertools.cycle(_AFTER[1:]))}
    for phrase, (before, after) in itertools.product(_HOLIDAY_PHRASES, sorted(frames)):
        for text in (f"{before}{phrase}{after}", f"It is {before}{phrase.upper()}{after}, and Easter."):
            long = [(m.span(), m.groups()) for m in _LONG_HOLIDAY.finditer(text)]
            short = [(m.span(), m.groups()) for m in holidays._HOLIDAY_RE.finditer(text)]
            assert short == long, text
            seen.update(int(name[1:]) for m in _LONG_HOLIDAY.finditer(text)
                        for name, hit in m.groupdict().items() if hit is not None)  # fmt: skip
    assert seen == set(range(len(holidays._NAMES)))  # every holiday was exercised


def test_each_holiday_is_read_as_the_same_day() -> None:
    from datetime import date

    today = date(2026, 12, 1)
    expected = {
        "Christmas Eve 2027": date(2027, 12, 24), "next Easter": date(2027, 3, 28),
        "Thanksgiving of next year": date(2027, 11, 25), "St. Patrick's Day, nineteen ninety-nine": date(1999, 3, 17),
        "King’s Day 2026": date(2026, 4, 27), "last Boss's Day": date(2026, 10, 16),
        "Orthodox Good Friday 2027": date(2027, 4, 30), "Victoria Day 2027": date(2027, 5, 24),
        "victoria day 2021": date(2021, 5, 24), "Remembrance Sunday 2026": date(2026, 11, 8),
        "Mothering Sunday 2027": date(2027, 3, 7), "Thanksgiving Eve 2026": date(2026, 11, 25),
    }  # fmt: skip
    for text, day in expected.items():
        (piece,) = holidays.holiday_pieces(text, today)
        assert piece.days == (day,), text
