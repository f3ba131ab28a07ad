"""Numbers written as digits ("1,250", "19.5", "$75.50") or words ("six", "twenty-five", "a dozen")."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from intent.compiled_regex import compiled
from intent.normalize.currencies import currency_after, currency_before, glued_currency
from intent.normalize.memo import remembered_per_text
from intent.normalize.mentions import Mention
from intent.normalize.spans import SpanSet

__all__ = ["enclosing_number", "find_numbers", "ordinal_value", "parse_number_words", "runs_into_ordinal"]

_SMALL = {
    "zero": 0, "nought": 0, "naught": 0, "nil": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
# Scales past a hundred, the Indian ones too ("5 lakh", "four crore"); each also in the plural
# after a count ("three billions", "2 dozens"), never alone ("thousands of people" is no number).
_BIG_SCALES = {
    "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000, "trillion": 1_000_000_000_000,
    "quadrillion": 10**15, "quintillion": 10**18,
    "lakh": 100_000, "lac": 100_000, "crore": 10_000_000, "krore": 10_000_000, "koti": 10_000_000,
}  # fmt: skip
_SCALES = {"dozen": 12, "hundred": 100, **_BIG_SCALES}
_SCALE_FORMS = [*_SCALES, *(f"{word}s" for word in _SCALES)]
_WORDS = "|".join(sorted([*_SMALL, *_TENS, *_SCALE_FORMS], key=len, reverse=True))
_SCALE_WORDS = "|".join(sorted(_SCALE_FORMS, key=len, reverse=True))

_MAX_DIGITS = 15
# The unit kept for the built-in recognizer's money fields: the symbol's currency or the word written.
_CURRENCY_SYMBOLS = {"$": "usd", "€": "eur", "£": "gbp"}
_CURRENCY_WORDS = compiled(r"\s*(dollars?|bucks|usd|euros?|eur|pounds?|gbp)\b", re.IGNORECASE)

# Digits not glued to letters or identifiers: "8pm", "INV-1042", "10th", "12:30" and "x^2" are not plain numbers.
_DIGITS = compiled(r"(?<![\w.,/:@#^-])([-−]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w@^]|[.,:/-]\d)")
_WORD_RUN = compiled(
    rf"\b(?:an?\s+(?=hundred|thousand|million|billion|trillion|quadrillion|quintillion|lakh|lac|crore|dozen))?"
    rf"(?:{_WORDS})"
    rf"(?:(?:\s+and\s+|[\s-]+)(?:{_WORDS}))*\b",
    re.IGNORECASE,
)
# "one" is a pronoun after these ("that one", "the second one") and before "of"/"another".
_PRONOUN_ONE_BEFORE = compiled(
    r"\b(?:that|this|the|which|each|any|every|no|another|other|same|last|first|second|third|next|only|new|"
    r"old|right|wrong|big|small|little|other|one|a)\s+$",
    re.IGNORECASE,
)
_PRONOUN_ONE_AFTER = compiled(r"^\s+(?:of|another|by|more|day)\b", re.IGNORECASE)


def _scale(word: str) -> tuple[int, bool] | None:
    """The value of a scale word and whether it is written in the plural."""
    if word in _SCALES:
        return _SCALES[word], False
    if word.endswith("s") and word[:-1] in _SCALES:
        return _SCALES[word[:-1]], True
    return None


def parse_number_words(words: list[str]) -> int | None:
    """The value of a run of number words, or None when the run is not one well-formed number.

    Scales multiply what comes before them: "three thousand million" is 3,000,000,000 (a larger
    scale takes all that was said before it), "two million three hundred thousand" 2,300,000 (a
    smaller one only the count right before it)."""
    total = 0
    current = 0
    last = ""  # kind of the previous word: article, small, tens, scale
    big = 0  # the last scale past a hundred
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
        scale = _scale(word)
        if word in _SMALL or word in _TENS:
            if last == "article":
                return None  # "a three": an article counts only a scale ("a hundred", "a dozen")
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
        elif scale is None:
            return None
        else:
            value, plural = scale
            if plural and not (current or total):
                return None  # "dozens", "thousands": many, not a number
            if value == 12:
                current = (current or 1) * 12
            elif value == 100:
                if current >= 100:
                    return None
                current = (current or 1) * 100
            elif big and value == big:
                return None  # "two thousand three thousand"
            elif big and value > big:
                total = (total + current) * value  # "three thousand million"
                current, big = 0, value
            else:
                if big and not current:
                    return None  # "a million thousand"
                total += (current or 1) * value
                current, big = 0, value
            last = "scale"
        seen = True
    if not seen:
        return None
    return total + current


# The rest of an ordinal after number words: "twenty-first", "twenty first", "one hundred and first"
# are positions, and their first words no count.
_UNIT_ORDINALS = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
_ORDINAL_REST = compiled(
    rf"(?:[-\u2010-\u2015]\s*(?:{_UNIT_ORDINALS})\b|\s+(?:and\s+)?(?:{_UNIT_ORDINALS})\b)", re.IGNORECASE
)
_ENDS_IN_TENS = compiled(rf"(?:{'|'.join(_TENS)}|hundred|thousand)$", re.IGNORECASE)


def _word_mentions(text: str) -> list[Mention]:
    found: list[Mention] = []
    for match in _WORD_RUN.finditer(text):
        words = re.split(r"[\s-]+", match.group(0))
        value = parse_number_words(words)
        if value is None:
            continue
        rest = _ORDINAL_REST.match(text, match.end())
        if rest and (not rest.group(0)[0].isspace() or _ENDS_IN_TENS.search(match.group(0))):
            continue
        if match.group(0).lower() == "one" and (
            _PRONOUN_ONE_BEFORE.search(text[: match.start()]) or _PRONOUN_ONE_AFTER.match(text[match.end() :])
        ):
            continue
        found.append(Mention(match.start(), match.end(), value))
    return found


# "1.5k", "$2.5m", "€3bn", "1.2M": thousands always, millions in a capital glued to the digits ("1.2M
# users"); a small "m" and "b" only as money ("5m" is also 5 minutes or metres, "2B" a flat).
# "mil", "mln", "mn", "bil", "bln": millions and billions written short, read as money ("$5 mil").
_SUFFIXED = compiled(r"(?<![\w.,])([-−]?)(\d{1,6}(?:\.\d{1,3})?)(\s?(?:k|m|mm|mil|mln|mn|bn|b|bil|bln))\b",
                     re.IGNORECASE)
_SCALE_SUFFIX = {"k": 1_000, "m": 1_000_000, "mm": 1_000_000, "mil": 1_000_000, "mln": 1_000_000, "mn": 1_000_000,
                 "bn": 1_000_000_000, "b": 1_000_000_000, "bil": 1_000_000_000, "bln": 1_000_000_000}
_ALWAYS_READ = frozenset({"k", "K", "M", "MM"})
# "3 million", "1.2 million", "2 dozens", "5 lakh", "3 thousand million": digits, then scale words.
_DIGITS_SCALED = compiled(
    rf"(?<![\w.,/:@#-])([-−]?)(\d{{1,3}}(?:,\d{{3}})+|\d{{1,6}})(\.\d{{1,6}})?\s+((?:{_SCALE_WORDS})"
    rf"(?:\s+(?:{_SCALE_WORDS}))?)\b",
    re.IGNORECASE,
)
# "5 grand", "twenty grand": thousands (of money) after a count; "grand" alone is an adjective.
_GRAND = compiled(rf"(?<![\w.,])(?:(\d{{1,3}}(?:\.\d{{1,3}})?)|((?:{_WORDS})(?:[\s-]+(?:{_WORDS}))*))\s+grand\b",
                  re.IGNORECASE)
# A power written with a caret: "10^6", "2 ^ 10", "1.1^-3" (an exponent of at most two digits).
_POWER = compiled(r"(?<![\w.,/^])(\d{1,6}(?:\.\d{1,6})?)\s?\^\s?([-−+]?\d{1,2})(?![\w.^]|,\d)")
# "3 1/2", "1/2", "3/4", "1/5", "7/10", "20/100": a fraction below one whose denominator is a
# fraction's (2 to 10, 100); "12/24", "9/11" and "3/16" are dates, not fractions.
_FRACTION = compiled(r"(?<![\w/.,])(?:(\d{1,6})\s+)?(\d{1,2})/(\d{1,3})(?![\w/]|\.\d)")
_DENOMINATORS = frozenset({2, 3, 4, 5, 6, 7, 8, 9, 10, 100})
# A fraction written as one character, alone or after a whole number: "½", "1½", "2 ¾ cups".
_VULGAR_VALUES = {char: Fraction(written) for char, written in (
    ("½", "1/2"), ("⅓", "1/3"), ("⅔", "2/3"), ("¼", "1/4"), ("¾", "3/4"), ("⅕", "1/5"), ("⅖", "2/5"), ("⅗", "3/5"),
    ("⅘", "4/5"), ("⅙", "1/6"), ("⅚", "5/6"), ("⅛", "1/8"), ("⅜", "3/8"), ("⅝", "5/8"), ("⅞", "7/8"))}
_VULGAR = compiled(rf"(?<![\w.,/])(?:(\d{{1,6}})\s?)?([{''.join(_VULGAR_VALUES)}])(?![\d/])")
_AND_A_HALF = compiled(r"\s+and\s+a\s+half\b", re.IGNORECASE)
# Fractions in words after a count or "a": "a quarter", "three quarters", "two-thirds", "one fifth",
# "2 and three quarters"; "the third" and "second" are no fraction, and "half" alone no amount.
_PARTS = {"half": 2, "halves": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
          "eighth": 8, "ninth": 9, "tenth": 10, "hundredth": 100}
_PARTS.update({f"{part}s": value for part, value in list(_PARTS.items()) if part not in ("half", "halves")})
_WORD_FRACTION = compiled(
    rf"\b(?:(\d{{1,6}}|(?:{_WORDS})(?:[\s-]+(?:{_WORDS}))*)\s+and\s+)?"
    rf"(an?|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]+"
    rf"(halves|half|thirds?|quarters?|fourths?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?|hundredths?)\b",
    re.IGNORECASE,
)
_HALF_A = compiled(r"\b(?:a\s+)?half\s+(?:a\s+)?(dozen|hundred|thousand|million)\b", re.IGNORECASE)
_HALF_SCALES = {"dozen": 6, "hundred": 50, "thousand": 500, "million": 500_000}
# "a couple", "a pair (of)": two. "a few" and "several" are no number.
_TWO = compiled(r"\ba\s+(?:couple|pair)(?:\s+of\b)?", re.IGNORECASE)
# "a dollar", "a euro": one of it ("a pound" is as often a weight, and then no amount).
_ONE_OF = compiled(r"\ban?\s+(?=(?:dollar|buck|euro|cent|penny|rupee|franc|peso|yen|yuan|shekel|dinar|riyal)\b)",
                   re.IGNORECASE)
# Said as it is read out: "1 point 1", "point 77", "two point two million" (the whole part in digits
# or words, or none at the start; each digit after "point" a digit or its word).
_DIGIT_WORDS = {"zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9}
_DIGIT_WORD = "|".join(_DIGIT_WORDS)
_POINT = compiled(
    rf"(?:(?<![\w.,])(\d{{1,6}})|\b((?:{_WORDS})(?:[\s-]+(?:{_WORDS}))*)|^|(?<=^\s))\s*\bpoint\s+"
    rf"(\d{{1,6}}\b|(?:{_DIGIT_WORD})\b(?:\s+(?:{_DIGIT_WORD})\b)*)(?:\s+((?:{_SCALE_WORDS})\b))?",
    re.IGNORECASE,
)
# "minus 5", "negative five hundred": the sign said in a word.
_SIGN_WORD = compiled(r"\b(?:minus|negative)\s+$", re.IGNORECASE)
# The sign said after the number: "2 below zero", "5 degrees below zero", "10°F below zero".
_BELOW_ZERO = compiled(
    r"(?:\s*°\s*[CF]?|\s+degrees?(?:\s+(?:celsius|fahrenheit|centigrade|[CF]))?)?\s+below\s+zero\b", re.IGNORECASE
)
# A minus before a currency symbol or code ("-$50", "-EUR 20"); not a range's dash ("$10-$20").
_MINUS_BEFORE_MONEY = compiled(r"(?<![\w$€£¥₹.,])[-−]$")
# The cents of an amount after its currency: "$20 and 43c", "20 dollars 43 cents", "3 GBP 1 pence".
_MINOR = compiled(
    rf"\s+(?:and\s+)?(\d{{1,2}}|(?:{_WORDS})(?:[\s-]+(?:{_WORDS}))?)\s?(?:cents?|¢|c|pence|p|sen|sens)\b",
    re.IGNORECASE,
)
_NO_MINOR_UNIT = frozenset({"cent", "pence"})


def _exact(value: Fraction | Decimal | int | float) -> int | float:
    """The value worked out exactly, as an int when whole, else the float nearest it: "2.2 million"
    is 2200000 (not 2200000.0000000005), "two thirds" 0.6666666666666666 (as JSON writes 2/3)."""
    exact = Fraction(value)
    return int(exact) if exact.denominator == 1 else float(exact)


def _money(text: str, start: int, end: int, *, digits: bool) -> tuple[str | None, int, int]:
    """The currency written right before or after ``text[start:end]``, and where the amount's words start
    and end with it."""
    before = currency_before(text, start)
    if before is not None:
        return before[0], before[1], end
    after = currency_after(text, end, digits=digits)
    if after is not None:
        return after[0], start, after[1]
    return None, start, end


def _whole_part(written: str | None) -> int | None:
    """The whole number before a fraction or a decimal point, in digits or words (none written: 0)."""
    if not written:
        return 0
    return int(written) if written.isdigit() else parse_number_words(re.split(r"[\s-]+", written))


def _compound_mentions(text: str, scanned: str) -> list[Mention]:
    """Numbers written with a scale word or letter, a fraction, "point", "and a half", "half a dozen",
    "a couple"; ``scanned`` is ``text`` with the currencies glued to digits blanked out."""
    found: list[Mention] = []
    for match in _DIGITS_SCALED.finditer(scanned):
        scale = parse_number_words(["one", *match.group(4).split()])
        if scale is None:
            continue
        number = Decimal(match.group(2).replace(",", "") + (match.group(3) or "")) * scale
        found.append(Mention(match.start(), match.end(), _exact(-number if match.group(1) else number)))
    for match in _POINT.finditer(scanned) if "point" in scanned.lower() else ():
        whole_digits, whole_words, fraction, scale_word = match.groups()
        whole = _whole_part(whole_digits or whole_words)
        scale = parse_number_words(["one", scale_word]) if scale_word else 1
        if whole is None or scale is None:
            continue
        decimals = fraction
        if not fraction[0].isdigit():
            decimals = "".join(str(_DIGIT_WORDS[word.lower()]) for word in fraction.split())
        found.append(Mention(match.start() + len(match.group(0)) - len(match.group(0).lstrip()), match.end(),
                             _exact(Decimal(f"{whole}.{decimals}") * scale)))
    for match in _SUFFIXED.finditer(scanned):
        suffix = match.group(3).strip()
        glued = suffix == match.group(3) or suffix.lower() == "k"
        if not (suffix in _ALWAYS_READ and glued) and _money(text, match.start(), match.end(), digits=True)[0] is None:
            continue
        number = Decimal(match.group(2)) * _SCALE_SUFFIX[suffix.lower()]
        found.append(Mention(match.start(), match.end(), _exact(-number if match.group(1) else number)))
    for match in _FRACTION.finditer(scanned):
        numerator, denominator = int(match.group(2)), int(match.group(3))
        if not 0 < numerator < denominator or denominator not in _DENOMINATORS:
            continue
        whole = int(match.group(1) or 0)
        found.append(Mention(match.start(), match.end(), _exact(whole + Fraction(numerator, denominator))))
    for match in _GRAND.finditer(scanned) if "grand" in scanned.lower() else ():
        written = match.group(1)
        thousands = Decimal(written) if written else parse_number_words(re.split(r"[\s-]+", match.group(2)))
        if thousands is not None:
            found.append(Mention(match.start(), match.end(), _exact(thousands * 1000)))
    for match in _POWER.finditer(scanned) if "^" in scanned else ():
        exponent = int(match.group(2).replace("−", "-"))
        base = Fraction(Decimal(match.group(1)))
        if base or exponent >= 0:
            found.append(Mention(match.start(), match.end(), _exact(base**exponent)))
    for match in _VULGAR.finditer(scanned):
        found.append(Mention(match.start(), match.end(),
                             _exact(int(match.group(1) or 0) + _VULGAR_VALUES[match.group(2)])))
    for match in _WORD_FRACTION.finditer(scanned):
        whole_written, count, part = match.group(1), match.group(2).lower(), match.group(3).lower()
        numerator = 1 if count in ("a", "an") else _SMALL[count]
        denominator = _PARTS[part]
        fraction_whole = _whole_part(whole_written)
        if numerator >= denominator or (count == "a" and part.endswith("s")) or fraction_whole is None:
            continue
        found.append(Mention(match.start(), match.end(),
                             _exact(fraction_whole + Fraction(numerator, denominator))))
    for match in _HALF_A.finditer(scanned):
        found.append(Mention(match.start(), match.end(), _HALF_SCALES[match.group(1).lower()]))
    for match in _TWO.finditer(scanned):
        found.append(Mention(match.start(), match.end(), 2))
    for match in _ONE_OF.finditer(scanned):
        found.append(Mention(match.start(), match.end() - 1, 1))
    return found


def _with_sign_and_currency(text: str, mention: Mention) -> Mention:
    """``mention`` with the sign word before it, and the currency around it (and its cents after it)."""
    start, value = mention.start, mention.value
    digits = text[mention.start : mention.end][-1:].isdigit()
    currency, money_start, money_end = _money(text, mention.start, mention.end, digits=digits)
    sign = _SIGN_WORD.search(text, max(0, money_start - 12), money_start)
    if sign is None and money_start < mention.start:
        sign = _MINUS_BEFORE_MONEY.search(text, max(0, money_start - 2), money_start)  # "-$50"
    if sign is not None and value >= 0:
        start, value = sign.start(), -value
    unit = mention.unit
    end = mention.end
    below = _BELOW_ZERO.match(text, end) if currency is None and sign is None else None
    if below is not None and value > 0:
        value, end = -value, below.end()
    if currency is not None:
        if unit is None:
            unit = _legacy_unit(text, mention.start, mention.end)
        minor = _MINOR.match(text, money_end) if currency not in _NO_MINOR_UNIT else None
        cents = _minor_value(minor.group(1)) if minor is not None else None
        if minor is not None and cents is not None and float(value).is_integer():
            value = _exact(Fraction(value) + Fraction(cents if value >= 0 else -cents, 100))
            end = minor.end()
        if start > 0 and text[start - 1] in _CURRENCY_SYMBOLS and start == mention.start:
            start -= 1  # "$75.50" is the amount with its symbol
    return Mention(start, end, value, unit=unit, currency=currency)


def _minor_value(written: str) -> int | None:
    if written.isdigit():
        return int(written)
    value = parse_number_words(re.split(r"[\s-]+", written))
    return value if value is not None and value < 100 else None


def _legacy_unit(text: str, start: int, end: int) -> str | None:
    if start > 0 and text[start - 1] in _CURRENCY_SYMBOLS:
        return _CURRENCY_SYMBOLS[text[start - 1]]
    after = _CURRENCY_WORDS.match(text, end)
    return after.group(1).lower() if after else None


@remembered_per_text
def find_numbers(text: str) -> list[Mention]:
    """Every plain number in ``text``, in order; money keeps its currency in ``currency`` (an ISO code
    or a family, ``intent.normalize.currencies``) and the symbol's or word's name in ``unit``.

    "1.5k", "3 1/2", "two and a half", "3 million", "2 point 5", "half a dozen" and "$20 and 43c" are
    one number each; a number whose written form is only partly read is left out rather than read
    as its first part.
    """
    scanned = glued_currency(text)
    found = _compound_mentions(text, scanned)
    taken = SpanSet()
    kept: list[Mention] = []
    for compound in sorted(found, key=lambda m: (m.start, -m.end)):
        if taken.free(compound.start, compound.end):
            kept.append(compound)
            taken.add(compound.start, compound.end)
    for mention in _plain_numbers(scanned) + _word_mentions(scanned):
        if not taken.free(mention.start, mention.end):
            continue
        half = _AND_A_HALF.match(text, mention.end)
        if half:
            mention = Mention(mention.start, half.end(), _exact(float(mention.value) + 0.5))
        kept.append(mention)
        taken.add(mention.start, mention.end)
    kept.sort(key=lambda m: m.start)
    out: list[Mention] = []
    for mention in kept:
        read = _with_sign_and_currency(text, mention)
        if out and read.start < out[-1].end:
            continue  # the cents of the amount before ("$20 and 43c")
        out.append(read)
    return out


# Digits glued to a unit of measure: "5kg", "200lbs", "75ml", "16GB", "10km/h" are the number of that unit.
# Not "m" (metres, minutes, millions), "g", "l", "t" or "s" alone: letters that stand for too much.
_GLUED_UNIT = compiled(
    r"(?<![\w.,/:@#-])([-−]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
    r"(?=(?:km|cm|mm|kg|mg|lbs?|oz|ml|mph|kph|kmph|ft|kb|mb|gb|tb|ghz|mhz|hz|kw|kwh|mins?|hrs?|secs?)"
    r"(?:\b|/|[²³]))",
    re.IGNORECASE,
)


def enclosing_number(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the longer number of ``text`` that the quote ``text[start:end]`` is cut out of stands
    ("1.5" of "1.5k", "twenty" of "twenty-five", "$20" of "$20 and 43c", "3" of "3 1/2"), from the
    first to the last character of the numbers it cuts into and of the quote; None when it cuts none."""
    cut = [m for m in find_numbers(text) if m.start < end and start < m.end and (m.start < start or m.end > end)]
    if not cut:
        return None
    return min(start, *(m.start for m in cut)), max(end, *(m.end for m in cut))


def runs_into_ordinal(text: str, end: int) -> bool:
    """Whether the number words ending at ``end`` run into an ordinal: "twenty" of "twenty-first" or
    "forty second", "one hundred" of "one hundred and first"."""
    rest = _ORDINAL_REST.match(text, end)
    return rest is not None and bool(_ENDS_IN_TENS.search(text[max(0, end - 10) : end]))


def _plain_numbers(text: str) -> list[Mention]:
    found: list[Mention] = []
    for match in (*_DIGITS.finditer(text), *_GLUED_UNIT.finditer(text)):
        sign, whole, fraction = match.group(1), match.group(2).replace(",", ""), match.group(3) or ""
        if len(whole) + len(fraction) > _MAX_DIGITS:
            continue  # longer digit runs are identifiers, and a float would not hold them exactly
        number = float(whole + fraction)
        if sign:
            number = -number
        value: int | float = int(number) if number.is_integer() and not fraction.strip(".0") else number
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        found.append(Mention(match.start(), match.end(), value))
    return found


# Ordinals, read by a field that wants an integer position ("the 3rd", "twenty-first"): never by a
# number field, where "a third" is a fraction.
_ORDINAL_WORDS = {
    "first": "one", "second": "two", "third": "three", "fourth": "four", "fifth": "five", "sixth": "six",
    "seventh": "seven", "eighth": "eight", "ninth": "nine", "tenth": "ten", "eleventh": "eleven",
    "twelfth": "twelve", "thirteenth": "thirteen", "fourteenth": "fourteen", "fifteenth": "fifteen",
    "sixteenth": "sixteen", "seventeenth": "seventeen", "eighteenth": "eighteen", "nineteenth": "nineteen",
    "twentieth": "twenty", "thirtieth": "thirty", "fortieth": "forty", "fiftieth": "fifty", "sixtieth": "sixty",
    "seventieth": "seventy", "eightieth": "eighty", "ninetieth": "ninety", "hundredth": "hundred",
    "thousandth": "thousand", "millionth": "million", "billionth": "billion", "trillionth": "trillion",
    "nineth": "nine",  # as often written as "ninth"
}  # fmt: skip
_DIGIT_ORDINAL = compiled(r"^(?:the\s+)?(\d{1,6})(st|nd|rd|th)$", re.IGNORECASE)
# "twentyfifth": a tens word glued to the ordinal of a unit, as speech-to-text and hurried typing write it
_GLUED_ORDINAL = compiled(rf"^({'|'.join(_TENS)})({'|'.join(list(_ORDINAL_WORDS)[:9])})$", re.IGNORECASE)


_SECONDS = compiled(r"\ssecond$", re.IGNORECASE)


def _suffix(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


def ordinal_value(text: str) -> int | None:
    """The position a whole quote states as an ordinal ("3rd", "the third", "twenty-first"), or None.

    The suffix must be the number's own ("3rd", not "3th"); a cardinal before the last word is read
    as part of the number ("one hundred and first")."""
    quote = text.strip()
    digits = _DIGIT_ORDINAL.match(quote)
    if digits:
        number = int(digits.group(1))
        return number if digits.group(2).lower() == _suffix(number) else None
    words = [w for w in re.split(r"[\s\-\u2010-\u2015]+", quote.lower()) if w]
    if words[:1] == ["the"]:
        words = words[1:]
    if not words or words[0] in ("a", "an"):
        return None  # "a third" is a fraction
    glued = _GLUED_ORDINAL.match(words[-1])
    if glued:
        words[-1:] = [glued.group(1).lower(), glued.group(2).lower()]
    if words[-1] not in _ORDINAL_WORDS:
        return None
    if len(words) > 1 and _SECONDS.search(quote):
        return None  # "forty second": the 42nd, or forty seconds
    return parse_number_words([*words[:-1], _ORDINAL_WORDS[words[-1]]])
