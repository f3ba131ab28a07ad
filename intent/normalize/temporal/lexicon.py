"""Words of the time grammar: months, weekdays, ordinals, hour words, and the regex pieces built
from them. Compiled once at import; every family reads its words from here."""

from __future__ import annotations

import re
from collections.abc import Iterator

from intent.compiled_regex import compiled

MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
    "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
    "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    "febuary": 2, "feburary": 2,  # misspelt as often as not in typed requests
}  # fmt: skip
WEEKDAYS = {
    "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2, "weds": 2,
    "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5,
    "sunday": 6, "sun": 6,
    "wensday": 2, "wednsday": 2, "wendesday": 2, "thrusday": 3, "tuseday": 1, "saterday": 5,  # misspelt
}  # fmt: skip
# Short names that are ordinary words too: read only next to a day cue or a date.
COMMON_WORD_DAYS = frozenset({"sat", "sun", "wed", "mar", "may"})

ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
    "thirtieth": 30,
    "nineth": 9, "twelveth": 12,  # misspelt as often as not in typed requests
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
# Cardinal numbers 1-99 as words ("seven", "seventy-two"): spelled years and days of month.
CARDINAL_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
for _tens, _base in (("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60), ("seventy", 70),
                     ("eighty", 80), ("ninety", 90)):
    CARDINAL_WORDS[_tens] = _base
    for _index, _unit_word in enumerate(_UNITS, start=1):
        CARDINAL_WORDS[f"{_tens}-{_unit_word}"] = CARDINAL_WORDS[f"{_tens} {_unit_word}"] = _base + _index
COUNT_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
    "a couple of": 2, "a couple": 2, "couple of": 2, "couple": 2, "a few": None,
}  # fmt: skip


def _word_pattern(word: str) -> str:
    """One word as a regex: a space stands for any run of blanks, a hyphen for a hyphen or one blank."""
    return word.replace(" ", r"\s+").replace("-", r"[-\s]")


# What the separators a pair of words is listed with accept, so "twenty-three" and "twenty three"
# listed together compile to one ``twenty(?:-|\s+)three`` instead of two branches.
_SEPARATOR_PATTERNS = {frozenset("-"): r"[-\s]", frozenset(" "): r"\s+", frozenset("- "): r"(?:-|\s+)"}
_PAIR = compiled(r"([^\s-]+)([\s-])([^\s-]+)")


def alternation(words: object) -> str:
    r"""A regex alternation of ``words``, longest first so "sept" wins over "sep".

    Two-word entries sharing a first word ("twenty-one" ... "twenty nine") are factored into one
    branch, ``twenty(?:-|\s+)(?:nine|...|one)``: the same language as listing every combination,
    at a fraction of the compile time. A first word is factored only when every entry starting
    with it is such a pair written with the same separators, and the factored branches come
    first, so which words win at a position is the same as with the longest-first listing.
    """
    # Ties in alphabetical order: the same text in every process, whatever order a set gives the words.
    items = sorted(dict.fromkeys(str(w) for w in words), key=lambda w: (-len(w), w))  # type: ignore[attr-defined]
    pairs: dict[str, dict[str, set[str]]] = {}
    for word in items:
        if (pair := _PAIR.fullmatch(word)) is not None:
            pairs.setdefault(pair[1], {}).setdefault(pair[3], set()).add(pair[2])
    # first words with the same second words and separators share one branch: (?:twenty|thirty)...
    heads_of: dict[tuple[tuple[str, ...], frozenset[str]], list[str]] = {}
    grouped: set[str] = set()
    for head, tails in pairs.items():
        separators = {frozenset(seps) for seps in tails.values()}
        others = [w for w in items if w.startswith((head + " ", head + "-")) and not _PAIR.fullmatch(w)]
        if len(tails) < 2 or len(separators) != 1 or others:
            continue
        heads_of.setdefault((tuple(sorted(tails, key=lambda w: (-len(w), w))), separators.pop()), []).append(head)
        grouped.update(f"{head}{sep}{tail}" for tail, seps in tails.items() for sep in seps)
    factored = []
    for (second_words, seps), heads in heads_of.items():
        first = heads[0] if len(heads) == 1 else f"(?:{'|'.join(sorted(heads, key=lambda w: (-len(w), w)))})"
        factored.append(f"{first}{_SEPARATOR_PATTERNS[seps]}(?:{'|'.join(second_words)})")
    return "|".join([*factored, *(_word_pattern(w) for w in items if w not in grouped)])


MONTH = alternation(MONTHS)
_WORDS = compiled(r"[^\W\d_]+")


def words_of(text: str) -> frozenset[str]:
    """The lower-case words of ``text``: what decides which patterns are worth running on it."""
    return frozenset(w.lower() for w in _WORDS.findall(text))


class LazyPattern:
    """A regex compiled on its first use: a form seldom met ("fifteen fifteen", "11ish") adds nothing
    to the import of the grammar."""

    __slots__ = ("_compiled", "_flags", "_text")

    def __init__(self, text: str, flags: int = 0) -> None:
        self._text, self._flags = text, flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = compiled(self._text, self._flags)
        return self._compiled

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text)

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.match(text, pos)

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled.search(text)


def scan(pattern: re.Pattern[str] | LazyPattern, text: str, worth: object) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` when ``worth`` is true: a pattern whose words are absent is not run."""
    return pattern.finditer(text) if worth else iter(())
WEEKDAY = alternation(WEEKDAYS)
ORDINAL_WORD = alternation(ORDINAL_WORDS)
HOUR_WORD = alternation(HOUR_WORDS)
MINUTE_WORD = alternation(MINUTE_WORDS)
COUNT = alternation([w for w, v in COUNT_WORDS.items() if v is not None]) + r"|\d{1,3}"
# Any count to ninety-nine in words ("in forty-five minutes", "sixteen days ago"): only where a
# unit follows (the counted-from-now phrases), so the longer alternation is compiled into few patterns.
COUNT_ANY = alternation([*(w for w, v in COUNT_WORDS.items() if v is not None), *CARDINAL_WORDS]) + r"|\d{1,3}"
CARDINAL = alternation(CARDINAL_WORDS)
_CENTURY_WORDS = {"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20}
# A year said in words: "nineteen seventy-two", "nineteen oh five", "seventeen hundred thirty three",
# "two thousand", "two thousand and eight", "twenty twenty-six". "twenty five" is a number, not 2005.
# "... hundred" and "two thousand" share their optional tail, so the 1-99 alternation is written once
# (the two heads never start at the same place, and a shorter blank run before "hundred" or a
# tail matches nothing, so the matches are those of a century branch listing all three forms).
_CENTURY = "|".join(_CENTURY_WORDS)
SPELLED_YEAR = (
    rf"(?:(?:(?:{_CENTURY})\s+hundred|two\s+thousand)(?:\s+(?:and\s+)?(?:{CARDINAL}))?|"
    rf"(?:{_CENTURY})\s+(?:(?:oh|o|zero)[\s-]+(?:{'|'.join(_UNITS)})|"
    rf"(?:{alternation(w for w, v in CARDINAL_WORDS.items() if v >= 10)})))(?![\w-])"
)


def spelled_year(text: str) -> int | None:
    """The year of a ``SPELLED_YEAR`` match ("nineteen seventy-two" is 1972)."""
    words = " ".join(text.lower().replace("-", " ").split()).split()
    if words[:2] == ["two", "thousand"]:
        rest = [w for w in words[2:] if w != "and"]
        tail = CARDINAL_WORDS.get(" ".join(rest)) if rest else 0
        return None if tail is None else 2000 + tail
    century = _CENTURY_WORDS.get(words[0])
    rest = [w for w in words[1:] if w not in ("and", "hundred")]
    if century is None:
        return None
    if rest[:1] and rest[0] in ("oh", "o", "zero"):
        rest = rest[1:]
    tail = CARDINAL_WORDS.get(" ".join(rest), None) if rest else 0
    return None if tail is None else century * 100 + tail


DAY_NUMBER = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
YEAR = r"(?:19|20)\d{2}"


def before(text: str, end: int, width: int = 48) -> str:
    """The words just before ``end``: look-behind checks read this window, not the whole text."""
    return text[max(0, end - width) : end]


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
    return COUNT_WORDS.get(word) or CARDINAL_WORDS.get(word) or CARDINAL_WORDS.get(word.replace(" ", "-"))


# Words without which a family has nothing to read: a window of text runs only the families whose
# words (or any digit) it holds, so text without dates or times costs a token scan, not the grammar.
_UNIT_WORDS = frozenset(
    "day days week weeks fortnight fortnights month months year years hour hours hr hrs h minute minutes min "
    "mins second seconds sec secs wk wks yr yrs decade decades mos".split()
)
MONTH_WORDS = frozenset(MONTHS)
ORDINAL_TOKENS = frozenset(w.replace("-", " ").split()[-1] for w in ORDINAL_WORDS)
CALENDAR_WORDS = frozenset({*MONTHS, *(w.split()[-1] for w in ORDINAL_WORDS), "twenty", "thirty"})
WEEKDAY_WORDS = frozenset({*WEEKDAYS, *(w + "s" for w in WEEKDAYS)})
RELATIVE_WORDS = frozenset(
    "today todays tonight tonite nite tomorrow tomorow tommorow tomorrows tmrw tmr tmw tmrow mrw mrow moro morrow "
    "yesterday yesterdays "
    "overmorrow now rightnow atm instant eod cob eob eop play time morn aft "
    "moment present night morning afternoon evening noon midday ago hence later business working eom eoy".split()
) | _UNIT_WORDS
HOLIDAY_WORDS = frozenset(
    "christmas xmas boxing new year years valentine valentines patrick patricks paddy paddys april fools fool earth "
    "may juneteenth independence fourth july halloween hallowe all veterans veteran remembrance armistice "
    "groundhog vegan martin mlk presidents president washington mother mothers father fathers memorial labor "
    "labour columbus indigenous thanksgiving black cyber boss bosses easter good holy maundy palm ash shrove mardi "
    "pancake covenant ides ascension feast pentecost whit whitsunday trinity corpus orthodox koningsdag king "
    "kings nye nyd hallows cinco canada bastille australia saint george georges andrew andrews david davids stephen "
    "stephens burns fawkes bonfire hogmanay anzac waitangi candlemas souls assumption victoria civil mothering".split()
)
CLOCK_WORDS = frozenset(
    {*HOUR_WORDS, *(w.split()[0] for w in MINUTE_WORDS), "noon", "midday", "midnight", "mid", "noontime", "noonish",
     "quarter", "half", "oclock", "clock", *(w + "ish" for w in HOUR_WORDS)}
)
PART_WORDS = frozenset("morning afternoon evening night am pm lunchtime lunch arvo eve morn aft".split())
TWO_LETTER_DAY_WORDS = frozenset({"tu", "th"})  # "on Th", "Tu 3pm" (see the weekdays family)
TRIGGER_WORDS = (CALENDAR_WORDS | WEEKDAY_WORDS | RELATIVE_WORDS | HOLIDAY_WORDS | CLOCK_WORDS | PART_WORDS
                 | TWO_LETTER_DAY_WORDS | {"weekday"})  # "next weekday": the next working day
