"""Words of the time grammar: months, weekdays, ordinals, hour words, and the regex pieces built
from them. Compiled once at import; every family reads its words from here."""

from __future__ import annotations

MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
    "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
    "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}  # fmt: skip
WEEKDAYS = {
    "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2, "weds": 2,
    "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5,
    "sunday": 6, "sun": 6,
}  # fmt: skip
# Short names that are ordinary words too: read only next to a day cue or a date.
COMMON_WORD_DAYS = frozenset({"sat", "sun", "wed", "mar", "may"})

ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
    "thirtieth": 30,
}  # fmt: skip
for _unit, _value in list(ORDINAL_WORDS.items()):
    if _value < 10:
        ORDINAL_WORDS[f"twenty-{_unit}"] = 20 + _value
        ORDINAL_WORDS[f"twenty {_unit}"] = 20 + _value
ORDINAL_WORDS["thirty-first"] = ORDINAL_WORDS["thirty first"] = 31

HOUR_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
MINUTE_WORDS = {
    "five": 5, "ten": 10, "fifteen": 15, "twenty": 20, "twenty-five": 25, "twenty five": 25, "thirty": 30,
    "forty": 40, "forty-five": 45, "forty five": 45, "fifty": 50, "fifty-five": 55, "fifty five": 55,
}  # fmt: skip
_UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
for _tens, _base in (("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50)):
    for _index, _unit_word in enumerate(_UNITS, start=1):
        MINUTE_WORDS[f"{_tens}-{_unit_word}"] = MINUTE_WORDS[f"{_tens} {_unit_word}"] = _base + _index
for _index, _unit_word in enumerate(_UNITS, start=1):
    MINUTE_WORDS[f"oh {_unit_word}"] = MINUTE_WORDS[f"o {_unit_word}"] = _index
for _word, _value in (("eleven", 11), ("twelve", 12), ("thirteen", 13), ("fourteen", 14), ("sixteen", 16),
                      ("seventeen", 17), ("eighteen", 18), ("nineteen", 19)):
    MINUTE_WORDS[_word] = _value
COUNT_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
    "a couple of": 2, "a couple": 2, "couple of": 2, "a few": None,
}  # fmt: skip


def alternation(words: object) -> str:
    """A regex alternation of ``words``, longest first so "sept" wins over "sep"."""
    items = sorted((str(w) for w in words), key=len, reverse=True)  # type: ignore[attr-defined]
    return "|".join(w.replace(" ", r"\s+").replace("-", r"[-\s]") for w in items)


MONTH = alternation(MONTHS)
WEEKDAY = alternation(WEEKDAYS)
ORDINAL_WORD = alternation(ORDINAL_WORDS)
HOUR_WORD = alternation(HOUR_WORDS)
MINUTE_WORD = alternation(MINUTE_WORDS)
COUNT = alternation([w for w, v in COUNT_WORDS.items() if v is not None]) + r"|\d{1,3}"
DAY_NUMBER = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
YEAR = r"(?:19|20)\d{2}"


def day_of(text: str) -> int | None:
    """The day of month written as digits ("15", "15th") or an ordinal word ("fifteenth")."""
    word = " ".join(text.lower().replace("-", " ").split())
    if word[:1].isdigit():
        digits = word.rstrip("stndrh")
        return int(digits) if digits.isdigit() else None
    return ORDINAL_WORDS.get(word) or ORDINAL_WORDS.get(word.replace(" ", "-"))


def count_of(text: str) -> int | None:
    """A small count written as digits or words ("3", "three", "a", "a couple of")."""
    word = " ".join(text.lower().split())
    if word.isdigit():
        return int(word)
    return COUNT_WORDS.get(word)
