"""Free-text fields filled by what they hold: a city, a country, an artist, a cuisine, a party size.

The kind is read from the field's name and description words; each kind has its own reader that
finds a span of that kind (a country from the list of countries, an artist after "by", a cuisine
from the cuisine words). A field whose kind is unknown, or whose reader finds nothing, stays empty:
an empty field is better than a wrong span.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from intent.compiled_regex import compiled
from intent.nlu.places import COUNTRIES, US_STATE_CODES, US_STATES
from intent.normalize import Mention
from intent.normalize.memo import remembered_per_text

__all__ = ["find_of_kind", "text_kind"]

_CAPITALIZED = r"[A-Z][\w'.&-]*(?:\s+(?:(?:de|da|del|of|the|and|la|le|von|van|y)\s+)?[A-Z][\w'.&-]*)*"
_CUISINES = frozenset(
    """italian french chinese mexican thai indian japanese korean vietnamese greek spanish turkish lebanese
    moroccan ethiopian american british german brazilian peruvian argentinian caribbean cajun creole
    mediterranean middle-eastern persian pakistani indonesian malaysian filipino russian polish hungarian
    portuguese irish scottish jamaican cuban african asian european seafood vegan vegetarian halal kosher
    sushi barbecue bbq tapas pizza burger steakhouse ramen dim-sum fusion""".split()
)
_PLACE_TYPES = frozenset(
    """restaurant bar pub cafe café bistro diner brasserie tavern taverna trattoria osteria pizzeria steakhouse
    eatery cafeteria bakery canteen coffeehouse teahouse buffet grill joint food-truck""".split()
)
_HERE = compiled(r"\b(?:here|around here|my (?:current )?location|current (?:location|spot|place|"
                 r"position)|where i am)\b", re.IGNORECASE)  # fmt: skip
_PEOPLE = compiled(
    r"\b(?:for|party of|table for|seats? for|group of)\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve)\b|\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
    r"(?:people|persons|guests|diners|adults|of us)\b",
    re.IGNORECASE,
)
# Kind -> the words of a field's name or description that say it holds that kind.
_KIND_WORDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("here", frozenset({"current"})),
    ("country", frozenset({"country", "nation"})),
    ("state", frozenset({"state", "province", "region"})),
    ("city", frozenset({"city", "town"})),
    ("party", frozenset({"people", "guests", "diners", "persons"})),
    ("cuisine", frozenset({"cuisine"})),
    ("place_type", frozenset({"restaurant_type"})),
    ("person", frozenset({"artist", "band", "singer", "musician", "author", "composer", "performer", "writer"})),
    ("playlist", frozenset({"playlist"})),
)


def text_kind(words: frozenset[str], name: str) -> str | None:
    """The kind a free-text field holds, from its (singular, lower-case) name and description words."""
    low = name.lower()
    if "restaurant" in low and "type" in low:
        return "place_type"
    if "owner" in low or ("name" in words and "playlist" not in low):
        return None  # "playlist_owner", "restaurant_name": not the thing the kind reader finds
    for kind, cue in _KIND_WORDS:
        if kind == "here" and not ({"location", "position", "place"} & words):
            continue
        if words & cue:
            return kind
    return None


@remembered_per_text
def _places(text: str, names: frozenset[str], codes: frozenset[str] = frozenset()) -> list[Mention]:
    out: list[Mention] = []
    for match in re.finditer(r"[A-Za-z][A-Za-z'.-]*(?:\s+[A-Za-z][A-Za-z'.-]*){0,3}", text):
        words = match.group(0).split()
        start = match.start()
        index = 0
        while index < len(words):
            for size in range(min(4, len(words) - index), 0, -1):
                phrase = " ".join(words[index : index + size])
                if phrase.lower().strip(".") in names or (size == 1 and phrase.strip(".") in codes):
                    offset = text.index(phrase, start)
                    value = phrase.rstrip(".")
                    out.append(Mention(offset, offset + len(value), value))
                    start = offset + len(phrase)
                    index += size
                    break
            else:
                start = text.index(words[index], start) + len(words[index])
                index += 1
    return out


def _city(text: str) -> list[Mention]:
    known = COUNTRIES | US_STATES
    out = []
    for match in re.finditer(rf"\b(?:in|near|around)\s+({_CAPITALIZED})(?!\s+play\s?list)", text):
        value = match.group(1).rstrip(".")
        if value.lower() in known or value in US_STATE_CODES or not value[:1].isupper():
            continue
        for part in (", ", " "):  # "Paris, France" / "Austin TX": the city is the first part
            head, _, tail = value.partition(part)
            if tail and (tail.lower() in known or tail in US_STATE_CODES):
                value = head
        out.append(Mention(match.start(1), match.start(1) + len(value), value))
    return out


def _words_of(text: str, vocabulary: frozenset[str]) -> list[Mention]:
    return [Mention(m.start(), m.end(), m.group(0)) for m in re.finditer(r"[\w-]+", text)
            if m.group(0).lower() in vocabulary]  # fmt: skip


def _person(text: str) -> list[Mention]:
    return [Mention(m.start(1), m.start(1) + len(m.group(1).rstrip(".")), m.group(1).rstrip("."))
            for m in re.finditer(rf"\b(?:by|from)\s+({_CAPITALIZED})", text)]  # fmt: skip


def _playlist(text: str) -> list[Mention]:
    pattern = r"\b(?:to|onto|into|in|on)\s+(?:my|the)\s+(.+?)\s+play\s?list\b"
    return [Mention(m.start(1), m.end(1), m.group(1)) for m in re.finditer(pattern, text, re.IGNORECASE)]


def _party(text: str) -> list[Mention]:
    out = []
    for match in _PEOPLE.finditer(text):
        group = 1 if match.group(1) else 2
        out.append(Mention(match.start(group), match.end(group), match.group(group)))
    return out


_READERS: dict[str, Callable[[str], list[Mention]]] = {
    "here": lambda text: [Mention(m.start(), m.end(), m.group(0)) for m in _HERE.finditer(text)],
    "country": lambda text: _places(text, COUNTRIES),
    "state": lambda text: _places(text, US_STATES, US_STATE_CODES),
    "city": _city,
    "party": _party,
    "cuisine": lambda text: _words_of(text, _CUISINES),
    "place_type": lambda text: _words_of(text, _PLACE_TYPES),
    "person": _person,
    "playlist": _playlist,
}


def find_of_kind(kind: str, text: str) -> list[Mention]:
    """Spans of ``text`` that hold a value of ``kind``, in order."""
    reader = _READERS.get(kind)
    return reader(text) if reader is not None else []
