"""Words and punctuation with their character offsets, so every quote is cut from the input itself."""

from __future__ import annotations

from typing import NamedTuple

from intent.compiled_regex import compiled

__all__ = ["Token", "sentences", "tokenize"]

_TOKEN = compiled(r"[A-Za-z0-9$€£#@](?:[\w$€£#@'’.:/+&-]|,(?=\d{3}\b))*[\w$€£%]|[A-Za-z0-9$€£#@%]|[^\s\w]")
# A period after these does not end a sentence.
_ABBREVIATIONS = frozenset(
    "p.m a.m pm am mr mrs ms dr st vs etc e.g i.e no jan feb mar apr jun jul aug sep sept oct nov dec approx".split()
)
_MONTH_ABBREVIATIONS = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())
_ENDERS = frozenset(".!?…:")  # "Quick question: where is ..." reads as two sentences


class Token(NamedTuple):
    """One token: its text as written, a lower-case form with straight apostrophes, and its offsets.

    A named tuple: immutable like a frozen dataclass, and several times cheaper to make, which
    counts since every request is cut into them.
    """

    text: str
    low: str
    start: int
    end: int

    @property
    def is_word(self) -> bool:
        return self.low[:1].isalnum() or self.low[:1] in "$€£#"


def tokenize(text: str) -> list[Token]:
    out: list[Token] = []
    for match in _TOKEN.finditer(text):
        raw = match.group(0)
        out.append(Token(raw, raw.lower().replace("’", "'"), match.start(), match.end()))
    return out


def sentences(text: str, tokens: list[Token]) -> list[tuple[list[Token], str]]:
    """Tokens grouped into sentences with the punctuation that ended each ("" when none)."""
    groups: list[tuple[list[Token], str]] = []
    current: list[Token] = []
    lines = "\n" in text
    for index, token in enumerate(tokens):
        if lines and current and "\n" in text[current[-1].end : token.start]:
            groups.append((current, ""))
            current = []
        if token.low in _ENDERS:
            previous = current[-1].low if current else ""
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            lower_next = following is not None and following.low[:1].islower()
            # "Mar. 1st", "Oct. 21": a month's short name before a day number ends no sentence
            dated = following is not None and following.low[:1].isdigit() and previous in _MONTH_ABBREVIATIONS
            if token.low == "." and previous in _ABBREVIATIONS and (lower_next or dated):
                continue
            if current:
                groups.append((current, token.low))
            current = []
            continue
        current.append(token)
    if current:
        groups.append((current, ""))
    return groups
