"""Stretches of a request whose date and time words are not the request's own.

A quoted title or message ('Rename the event to "Friday drinks"', 'Reply "see you at 5"') holds
someone's words: a day or a time inside it names the thing, not when the request is to happen.
A quote that holds nothing but the time phrase ('Set it for "7am"') is the value itself, quoted,
and stays. A house number that starts a street address ("at 12 Oak Avenue", "10 Downing St.") is
not a time of day. The recognizer reads no field value from these stretches; what the words
around them say is read as before, and the verifier refuses a date or time quoted from them.
"""

from __future__ import annotations

from bisect import bisect_right

from intent.compiled_regex import compiled

__all__ = ["address_numbers", "foreign_to_request", "quoted_spans"]

Span = tuple[int, int]

# Double quotes pair anywhere on a line; a single quote opens only where no letter stands before it
# (not "Let's", "o'clock") and closes only where none follows (not "John's"), after a non-space.
_QUOTED = compiled(
    r'"([^"\n]{1,160})"|“([^”\n]{1,160})”|(?<![\w\'’])\'(?=\S)([^\'\n]{1,160}?)(?<=\S)\'(?!\w)'
    r"|(?<![\w'’])‘(?=\S)([^’\n]{1,160}?)(?<=\S)’(?!\w)"
)
_STREET = (r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Way|Boulevard|Blvd|Drive|Dr|Court|Ct|Place|Pl|Square|Sq|"
           r"Terrace|Crescent|Close|Parkway|Pkwy|Highway|Hwy|Row|Gardens|Mews|Walk|Alley|Circle|Plaza)")
# "12 Oak Avenue", "221B Baker Street", "10 Downing St.": a number, one to three capitalised words, a
# street word. The number is what a time reader would take.
_ADDRESS = compiled(rf"(?<![\w:./-])(\d{{1,5}}[A-Za-z]?)[ \t]+(?:[A-Z][a-z'’-]*\.?[ \t]+){{1,3}}{_STREET}\b")


def quoted_spans(text: str) -> list[Span]:
    """The insides of the quotes in ``text``, leading and trailing spaces left out."""
    spans: list[Span] = []
    for match in _QUOTED.finditer(text):
        group = next(i for i in range(1, 5) if match.group(i) is not None)
        start, end = match.span(group)
        inside = text[start:end]
        spans.append((start + len(inside) - len(inside.lstrip()), end - len(inside) + len(inside.rstrip())))
    return spans


def address_numbers(text: str) -> list[Span]:
    """The house numbers that start street addresses in ``text``."""
    return [match.span(1) for match in _ADDRESS.finditer(text)]


def _overlapping(spans: list[Span], start: int, end: int) -> Span | None:
    """The first of ``spans`` (in order, none overlapping another) that overlaps ``[start, end)``."""
    index = bisect_right(spans, (start, start))
    for s, e in spans[max(0, index - 1) : index + 1]:
        if s < end and start < e:
            return s, e
    return None


def foreign_to_request(text: str, start: int, end: int, quotes: list[Span], addresses: list[Span]) -> bool:
    """``text[start:end]`` (a date or time phrase) lies in a quoted title or message, or takes in an
    address's house number: it is not a value of the request's fields."""
    if _overlapping(addresses, start, end) is not None:
        return True
    quote = _overlapping(quotes, start, end)
    if quote is None:
        return False
    s, e = quote
    whole = text[s:e].strip(" .,!?") == text[start:end].strip(" .,!?")
    outside = bool(text[:s].strip(" \"'“”‘’.,!?") or text[e:].strip(" \"'“”‘’.,!?"))
    return not whole and outside
