"""Which currency the symbol or word next to an amount names, as far as the words decide it.

A currency is an ISO 4217 code ("USD", "EUR") when the words name one, and a family in lower case
("dollar", "pound") when they name several: "$10" may be US, Canadian or Australian dollars, "ten
pounds" sterling or Egyptian. A family is never narrowed to one of its codes by guessing.
"""

from __future__ import annotations

__all__ = ["FAMILIES", "currency_matches", "currency_of"]

# The codes each family word can stand for (the commonest first); a code names itself.
FAMILIES: dict[str, frozenset[str]] = {
    "dollar": frozenset({"USD", "CAD", "AUD", "NZD", "HKD", "SGD"}),
    "pound": frozenset({"GBP", "EGP", "LBP"}),
}

# The units ``find_numbers`` attaches to money (lower-cased symbol or word) and what they name.
_UNITS: dict[str, str] = {
    "usd": "USD", "eur": "EUR", "gbp": "GBP",
    "dollar": "dollar", "dollars": "dollar", "bucks": "dollar",
    "euro": "EUR", "euros": "EUR",
    "pound": "pound", "pounds": "pound",
}  # fmt: skip


def currency_of(unit: str | None) -> str | None:
    """The currency (ISO code or family) a number's ``unit`` names, or None when it names none."""
    if unit is None:
        return None
    return _UNITS.get(unit.lower())


def currency_matches(read: str, expected: str) -> bool:
    """Whether the currency read is the one expected: the same, or a code of the family expected."""
    return read == expected or read in FAMILIES.get(expected, frozenset())
