"""Numbers written as digits ("1,250", "19.5", "$75.50") or words ("six", "twenty-five", "a dozen")."""

from __future__ import annotations

import re

from intent.compiled_regex import compiled
from intent.normalize.memo import remembered_per_text
from intent.normalize.mentions import Mention
from intent.normalize.spans import SpanSet

__all__ = ["find_numbers", "parse_number_words"]

_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_WORDS = "|".join(sorted([*_SMALL, *_TENS, *_SCALES, "dozen"], key=len, reverse=True))

_MAX_DIGITS = 15
_CURRENCY_SYMBOLS = {"$": "usd", "€": "eur", "£": "gbp"}
_CURRENCY_WORDS = compiled(r"\s*(dollars?|bucks|usd|euros?|eur|pounds?|gbp)\b", re.IGNORECASE)

# Digits not glued to letters or identifiers: "8pm", "INV-1042", "10th" and "12:30" are not plain numbers.
_DIGITS = compiled(r"(?<![\w.,/:@#-])([-−]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w@]|[.,:/-]\d)")
_WORD_RUN = compiled(
    rf"\b(?:an?\s+(?=hundred|thousand|million|dozen))?(?:{_WORDS})(?:(?:\s+and\s+|[\s-]+)(?:{_WORDS}))*\b",
    re.IGNORECASE,
)
# "one" is a pronoun after these ("that one", "the second one") and before "of"/"another".
_PRONOUN_ONE_BEFORE = compiled(
    r"\b(?:that|this|the|which|each|any|every|no|another|other|same|last|first|second|third|next|only|new|"
    r"old|right|wrong|big|small|little|other|one|a)\s+$",
    re.IGNORECASE,
)
_PRONOUN_ONE_AFTER = compiled(r"^\s+(?:of|another|by|more|day)\b", re.IGNORECASE)


def parse_number_words(words: list[str]) -> int | None:
    """The value of a run of number words, or None when the run is not one well-formed number."""
    total = 0
    current = 0
    last = ""  # kind of the previous word: small, tens, scale
    seen = False
    for raw in words:
        word = raw.lower()
        if word in ("a", "an"):
            if seen:
                return None
            current = 1
            last = "article"
            continue
        if word == "and":
            if last != "scale":
                return None
            continue
        if word in _SMALL:
            if last in ("small",) or (last == "tens" and _SMALL[word] >= 10):
                return None
            current += _SMALL[word]
            last = "small"
        elif word in _TENS:
            if last in ("small", "tens"):
                return None
            current += _TENS[word]
            last = "tens"
        elif word == "dozen":
            current = (current or 1) * 12
            last = "scale"
        elif word == "hundred":
            if current >= 100:
                return None
            current = (current or 1) * 100
            last = "scale"
        elif word in _SCALES:
            total += (current or 1) * _SCALES[word]
            current = 0
            last = "scale"
        else:
            return None
        seen = True
    if not seen:
        return None
    return total + current


def _word_mentions(text: str) -> list[Mention]:
    found: list[Mention] = []
    for match in _WORD_RUN.finditer(text):
        words = re.split(r"[\s-]+", match.group(0))
        value = parse_number_words(words)
        if value is None:
            continue
        if match.group(0).lower() == "one" and (
            _PRONOUN_ONE_BEFORE.search(text[: match.start()]) or _PRONOUN_ONE_AFTER.match(text[match.end() :])
        ):
            continue
        found.append(Mention(match.start(), match.end(), value))
    return found


# "1.5k", "$2.5m", "€3bn": thousands always; millions and billions only as money ("5m" is also 5 minutes).
_SUFFIXED = compiled(r"(?<![\w.,])([$€£]?)(\d{1,6}(?:\.\d{1,3})?)\s?(k|m|mm|bn)\b", re.IGNORECASE)
_SCALE_SUFFIX = {"k": 1_000, "m": 1_000_000, "mm": 1_000_000, "bn": 1_000_000_000}
# "3 1/2", "1/2", "3/4": halves, thirds, quarters and eighths ("12/24" is a date, not a fraction).
_FRACTION = compiled(r"(?<![\w/.,])(?:(\d{1,6})\s+)?([1-7])/([2348])(?![\w/]|\.\d)")
_AND_A_HALF = compiled(r"\s+and\s+a\s+half\b", re.IGNORECASE)
_HALF_A = compiled(r"\b(?:a\s+)?half\s+(?:a\s+)?(dozen|hundred|thousand|million)\b", re.IGNORECASE)
_HALF_SCALES = {"dozen": 6, "hundred": 50, "thousand": 500, "million": 500_000}


def _exact(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 6)


def _compound_mentions(text: str) -> list[Mention]:
    """Numbers written with a scale letter, a fraction, "and a half", or "half a dozen"."""
    found: list[Mention] = []
    for match in _SUFFIXED.finditer(text):
        suffix = match.group(3).lower()
        symbol = match.group(1)
        if suffix != "k" and not symbol:
            continue
        value = _exact(float(match.group(2)) * _SCALE_SUFFIX[suffix])
        found.append(Mention(match.start(), match.end(), value, unit=_CURRENCY_SYMBOLS.get(symbol)))
    for match in _FRACTION.finditer(text):
        numerator, denominator = int(match.group(2)), int(match.group(3))
        if numerator >= denominator:
            continue
        whole = int(match.group(1) or 0)
        found.append(Mention(match.start(), match.end(), _exact(whole + numerator / denominator)))
    for match in _HALF_A.finditer(text):
        found.append(Mention(match.start(), match.end(), _HALF_SCALES[match.group(1).lower()]))
    return found


@remembered_per_text
def find_numbers(text: str) -> list[Mention]:
    """Every plain number in ``text``, in order; money keeps its currency in ``unit``.

    "1.5k", "3 1/2", "two and a half" and "half a dozen" are one number each; a number whose
    written form is only partly read is left out rather than read as its first part.
    """
    found = _compound_mentions(text)
    taken = SpanSet()
    for compound in found:
        taken.add(compound.start, compound.end)
    for mention in _plain_numbers(text) + _word_mentions(text):
        if not taken.free(mention.start, mention.end):
            continue
        half = _AND_A_HALF.match(text, mention.end)
        if half:
            mention = Mention(mention.start, half.end(), _exact(float(mention.value) + 0.5), unit=mention.unit)
        found.append(mention)
        taken.add(mention.start, mention.end)
    found.sort(key=lambda m: m.start)
    return found


def _plain_numbers(text: str) -> list[Mention]:
    found: list[Mention] = []
    for match in _DIGITS.finditer(text):
        sign, whole, fraction = match.group(1), match.group(2).replace(",", ""), match.group(3) or ""
        if len(whole) + len(fraction) > _MAX_DIGITS:
            continue  # longer digit runs are identifiers, and a float would not hold them exactly
        number = float(whole + fraction)
        if sign:
            number = -number
        value: int | float = int(number) if number.is_integer() and not fraction.strip(".0") else number
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        start, end, unit = match.start(), match.end(), None
        if start > 0 and text[start - 1] in _CURRENCY_SYMBOLS:
            start -= 1
            unit = _CURRENCY_SYMBOLS[text[start]]
        else:
            after = _CURRENCY_WORDS.match(text, end)
            if after:
                unit = after.group(1).lower()
        found.append(Mention(start, end, value, unit=unit))
    return found
