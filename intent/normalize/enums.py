"""Enum values as people write them: "business" for "business", "first class" for "first_class"."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from intent.normalize.mentions import Mention

__all__ = ["find_enum_values", "surface_forms"]


def surface_forms(value: str) -> list[str]:
    """Lower-case ways ``value`` is written in running text, most specific first."""
    base = value.strip()
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", base).replace("_", " ").replace("-", " ")
    forms = {base.lower(), " ".join(spaced.lower().split())}
    for form in list(forms):
        if form and form[-1].isalpha() and not form.endswith("s"):
            forms.add(form + "s")
    return sorted((f for f in forms if f), key=len, reverse=True)


@lru_cache(maxsize=256)
def _enum_regex(options: tuple[str, ...]) -> re.Pattern[str] | None:
    alternatives: list[str] = []
    for index, option in enumerate(options):
        forms = "|".join(r"\s+".join(re.escape(part) for part in form.split()) for form in surface_forms(option))
        if forms:
            alternatives.append(f"(?P<v{index}>{forms})")
    if not alternatives:
        return None
    # A hyphen may join the value to a noun ("first-class"), not to another word part ("non-stop").
    return re.compile(r"(?<![\w-])(?:" + "|".join(alternatives) + r")(?!\w|-\w+-)", re.IGNORECASE)


def find_enum_values(text: str, options: Sequence[Any]) -> list[Mention]:
    """Mentions of the string values of ``options`` in ``text`` (word-bounded, case-insensitive)."""
    strings = tuple(o for o in options if isinstance(o, str))
    regex = _enum_regex(strings)
    if regex is None:
        return []
    found: list[Mention] = []
    for match in regex.finditer(text):
        index = int(next(name for name, hit in match.groupdict().items() if hit is not None)[1:])
        found.append(Mention(match.start(), match.end(), strings[index]))
    return found
