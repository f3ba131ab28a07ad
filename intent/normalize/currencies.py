"""Which currency the symbol, code or word next to an amount names, as far as the words decide it.

A currency is an ISO 4217 code ("USD", "EUR") when the words name one, and a family in lower case
("dollar", "pound") when they name several: "$10" may be US, Canadian or Australian dollars, "ten
pounds" sterling or Egyptian, "Rs 20" Indian or Pakistani rupees. A family is never narrowed to one
of its codes by guessing; a country's name narrows it ("20 Canadian dollars", "C$20": CAD).
"""

from __future__ import annotations

import re

from intent.compiled_regex import compiled

__all__ = [
    "CODES", "FAMILIES", "currency_after", "currency_before", "currency_matches", "currency_of", "glued_currency",
]  # fmt: skip

# The codes each family can stand for; a code stands for itself.
FAMILIES: dict[str, frozenset[str]] = {
    "dollar": frozenset({"USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "JMD", "BSD", "BBD", "FJD", "LRD"}),
    "pound": frozenset({"GBP", "EGP", "LBP", "SYP", "SDG", "GIP", "FKP", "SHP"}),
    "rupee": frozenset({"INR", "PKR", "LKR", "NPR", "MUR", "SCR"}),
    "dinar": frozenset({"KWD", "BHD", "JOD", "IQD", "LYD", "TND", "DZD", "RSD", "MKD"}),
    "riyal": frozenset({"SAR", "QAR", "OMR", "YER"}),
    "rial": frozenset({"IRR", "OMR", "YER"}),
    "franc": frozenset({"CHF", "XOF", "XAF", "XPF"}),
    "peso": frozenset({"MXN", "ARS", "CLP", "COP", "PHP", "UYU", "DOP", "CUP"}),
    "krona": frozenset({"SEK", "ISK"}),
    "krone": frozenset({"NOK", "DKK"}),
    "kr": frozenset({"SEK", "NOK", "DKK", "ISK"}),  # "300 kr": kronor or kroner
    "yen or yuan": frozenset({"JPY", "CNY"}),  # "¥" writes both
    "cent": frozenset(),  # a hundredth of many currencies: the amount is in cents
    "pence": frozenset(),
}

# ISO 4217 codes read when written in capitals next to a number ("EUR 20", "42MYR", "USD3.14"); not
# "PHP", which as often names the language and its version ("PHP8"): the peso is read from "₱".
CODES = frozenset(
    "USD EUR GBP JPY CNY INR CAD AUD NZD CHF HKD SGD SEK NOK DKK ISK PLN CZK HUF RON BGN RUB UAH TRY ZAR BRL MXN "
    "ARS CLP COP PEN KRW THB MYR IDR VND PKR BDT LKR NPR EGP LBP KWD QAR SAR AED BHD OMR JOD ILS MNT TWD NGN "
    "KES MAD TND".split()
)
_CODE_ALTERNATION = "|".join(sorted(CODES))

# Symbols, longest first so "US$" is one symbol and not "$".
_SYMBOLS: dict[str, str] = {
    "US$": "USD", "CA$": "CAD", "C$": "CAD", "A$": "AUD", "AU$": "AUD", "NZ$": "NZD", "HK$": "HKD", "S$": "SGD",
    "R$": "BRL", "E£": "EGP", "$": "dollar", "€": "EUR", "£": "pound", "¥": "yen or yuan", "₹": "INR", "₩": "KRW",
    "₽": "RUB", "₺": "TRY", "₪": "ILS", "₱": "PHP", "₫": "VND", "฿": "THB", "¢": "cent",
}  # fmt: skip
_SYMBOL_ALTERNATION = "|".join(re.escape(s) for s in sorted(_SYMBOLS, key=len, reverse=True))

# Words after a number; a country's adjective before a family's word names one code.
_WORDS: dict[str, str] = {
    "dollar": "dollar", "buck": "dollar", "euro": "EUR", "pound": "pound", "quid": "GBP", "sterling": "GBP",
    "rupee": "rupee", "dinar": "dinar", "riyal": "riyal", "rial": "rial", "franc": "franc", "peso": "peso",
    "yen": "JPY", "yuan": "CNY", "renminbi": "CNY", "ringgit": "MYR", "shekel": "ILS", "tugrik": "MNT",
    "rand": "ZAR", "baht": "THB", "rupiah": "IDR", "dirham": "AED", "zloty": "PLN", "forint": "HUF", "real": "BRL",
    "krona": "krona", "krone": "krone", "cent": "cent", "penny": "cent", "pence": "pence",
}  # fmt: skip
_PLURALS = {"bucks": "buck", "pennies": "penny", "reais": "real", "kronor": "krona", "kroner": "krone",
            "zlotys": "zloty", "zlotych": "zloty"}
_COUNTRY: dict[tuple[str, str], str] = {
    ("us", "dollar"): "USD", ("u.s.", "dollar"): "USD", ("american", "dollar"): "USD", ("canadian", "dollar"): "CAD",
    ("australian", "dollar"): "AUD", ("new zealand", "dollar"): "NZD", ("hong kong", "dollar"): "HKD",
    ("singapore", "dollar"): "SGD", ("british", "pound"): "GBP", ("egyptian", "pound"): "EGP",
    ("lebanese", "pound"): "LBP", ("indian", "rupee"): "INR", ("pakistani", "rupee"): "PKR",
    ("sri lankan", "rupee"): "LKR", ("nepalese", "rupee"): "NPR", ("kuwaiti", "dinar"): "KWD",
    ("bahraini", "dinar"): "BHD", ("jordanian", "dinar"): "JOD", ("saudi", "riyal"): "SAR",
    ("qatari", "riyal"): "QAR", ("omani", "rial"): "OMR", ("iranian", "rial"): "IRR", ("swiss", "franc"): "CHF",
    ("mexican", "peso"): "MXN", ("argentine", "peso"): "ARS", ("chilean", "peso"): "CLP",
    ("colombian", "peso"): "COP", ("philippine", "peso"): "PHP", ("swedish", "krona"): "SEK",
    ("norwegian", "krone"): "NOK", ("danish", "krone"): "DKK", ("japanese", "yen"): "JPY",
    ("chinese", "yuan"): "CNY", ("malaysian", "ringgit"): "MYR", ("malaysia", "ringgit"): "MYR",
    ("israeli", "shekel"): "ILS", ("south african", "rand"): "ZAR", ("brazilian", "real"): "BRL",
}  # fmt: skip
# longest first, then alphabetical: a set's order changes with the hash seed, and every process must
# build the same pattern text (the stored compiled patterns are keyed by it)
_WORD_FORMS = sorted({*_WORDS, *(w + "s" for w in _WORDS), *_PLURALS}, key=lambda w: (-len(w), w))
_COUNTRIES = sorted({c for c, _ in _COUNTRY}, key=lambda c: (-len(c), c))
# "real" and "rand" are words too: only after a country ("Brazilian reais") or a number written in digits.
_PLAIN_WORDS_ONLY_AFTER_COUNTRY = frozenset({"real", "reals", "reais", "rand", "rands"})

# Letters that stand for a currency as a symbol does, in this spelling only ("Rs 20", "RM42", "300 kr").
_LETTERS = {"Rs": "rupee", "RM": "MYR", "kr": "kr"}
_LETTER_ALTERNATION = "Rs|RM|kr"
_AFTER = compiled(
    rf"(?:\s?(?-i:(?P<letters>{_LETTER_ALTERNATION}))\b\.?|\s?(?P<symbol>{_SYMBOL_ALTERNATION})(?![\w$€£¥₹])|\s?(?P<code>{_CODE_ALTERNATION})\b|"
    rf"\s+(?:(?P<country>{'|'.join(re.escape(c) for c in _COUNTRIES)})\s+)?(?P<word>{'|'.join(_WORD_FORMS)})\b)",
    re.IGNORECASE,
)
_STERLING = compiled(r"\s+sterling\b", re.IGNORECASE)
_BEFORE = compiled(rf"(?:(?P<symbol>{_SYMBOL_ALTERNATION})|\b(?P<code>{_CODE_ALTERNATION}|Rs\.?|RM))\s?$")
# A code or symbol glued to digits: hidden from the digit scanners, which take no number glued to letters.
_GLUED = compiled(
    rf"(?:(?<![A-Za-z])(?:{_CODE_ALTERNATION}|Rs\.?|RM)(?=\s?[-−]?\.?\d)|(?<=\d)(?:{_CODE_ALTERNATION}|Rs|RM|"
    rf"{_SYMBOL_ALTERNATION})(?![A-Za-z]))"
)


def currency_of(symbol_or_word: str | None) -> str | None:
    """The currency (ISO code or family) a symbol, code or currency word names, or None."""
    if not symbol_or_word:
        return None
    if symbol_or_word in _SYMBOLS:
        return _SYMBOLS[symbol_or_word]
    if symbol_or_word.upper() in CODES:
        return symbol_or_word.upper()
    word = symbol_or_word.lower()
    word = _PLURALS.get(word, word[:-1] if word.endswith("s") and word[:-1] in _WORDS else word)
    return _WORDS.get(word)


def currency_after(text: str, end: int, *, digits: bool) -> tuple[str, int] | None:
    """The currency written right after a number ending at ``end``, and where its words end.

    A code must be in capitals ("20 EUR"; "20 eur" reads too, as many write it); "real" and "rand"
    only after digits or a country ("20 rand", "Brazilian reais")."""
    match = _AFTER.match(text, end)
    if match is None:
        return None
    if match.group("letters"):
        return _LETTERS[match.group("letters")], match.end()
    if match.group("symbol"):
        return _SYMBOLS[match.group("symbol")], match.end()
    if match.group("code"):
        code = match.group("code")
        if code != code.upper() and code.lower() not in ("usd", "eur", "gbp"):
            return None
        return code.upper(), match.end()
    word = match.group("word").lower()
    country = (match.group("country") or "").lower()
    base = _PLURALS.get(word, word[:-1] if word.endswith("s") and word[:-1] in _WORDS else word)
    if country and (country, base) in _COUNTRY:
        return _COUNTRY[(country, base)], match.end()
    if country:
        return None  # "20 Zambian dollars": a country this table does not know, not any dollar
    if word in _PLAIN_WORDS_ONLY_AFTER_COUNTRY and not digits:
        return None
    currency = currency_of(word)
    if currency == "pound":
        sterling = _STERLING.match(text, match.end())
        if sterling:
            return "GBP", sterling.end()
    return (currency, match.end()) if currency else None


def currency_before(text: str, start: int) -> tuple[str, int] | None:
    """The symbol or code written right before a number starting at ``start``, and where it starts."""
    match = _BEFORE.search(text, max(0, start - 6), start)
    if match is None:
        return None
    if match.group("symbol"):
        return _SYMBOLS[match.group("symbol")], match.start()
    code = match.group("code")
    return _LETTERS.get(code.rstrip("."), code), match.start()


def glued_currency(text: str) -> str:
    """``text`` with codes and symbols glued to digits blanked out ("USD3.14" as "   3.14"), same length."""
    return _GLUED.sub(lambda m: " " * len(m.group(0)), text)


def currency_matches(read: str, expected: str) -> bool:
    """Whether the currency read is the one expected: the same, or a code of the family expected."""
    return read == expected or read in FAMILIES.get(expected, frozenset())
