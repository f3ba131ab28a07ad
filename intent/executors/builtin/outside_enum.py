"""A value the words state for a field that its enum does not allow: "status adopted" when the tool
takes available | pending | sold.

Such a value must not vanish: a request read without it would run without the filter the person
asked for. The recognizer reports it as stated, so the verifier judges it invalid against the
tool's schema and the result asks which allowed value was meant. Only a word right after the
field's own name counts ("status adopted", "status: adopted", "status is adopted", "a status of
'adopted'"): a word elsewhere in the sentence is no statement about the field.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from intent.compiled_regex import compiled
from intent.normalize import Mention

__all__ = ["negated_enum_value", "stated_outside_enum"]

_NAME_PARTS = compiled(r"(?<=[a-z0-9])(?=[A-Z])|[_\-\s.]+")
# Words that follow a field's name without being its value ("status of the pet", "status and name").
_NOT_A_VALUE = frozenset(
    "a an the of to in for or and on at by with from as is are be was were should must can will this that these "
    "those which what when where how it its their my your his her our me us them please then also but not no "
    "nor any all every each some other only either neither field filter value values set update change check "
    "today tomorrow tonight yesterday now later".split()
)

_NEGATION_BEFORE = compiled(
    r"\b(?:not|no|except|excluding|without|but\s+not|instead\s+of|other\s+than|rather\s+than)\s+$", re.IGNORECASE
)


@lru_cache(maxsize=256)
def _cue(name: str) -> re.Pattern[str] | None:
    parts = [part for part in _NAME_PARTS.split(name) if part]
    if not parts or not parts[-1].isalpha():
        return None
    # The name's last word ("status" of "status", "type" of "petType"), then an optional link word.
    return re.compile(
        rf"\b{re.escape(parts[-1])}(?:e?s)?\b\s*(?:[:=]\s*)?"
        r"(?:(?:is|was|of|equals?|equal\s+to|set\s+to|should\s+be|must\s+be|being)\s+)?"
        r"[\"'“‘]?([A-Za-z][A-Za-z0-9_-]*)",
        re.IGNORECASE,
    )


def stated_outside_enum(text: str, name: str, enum: Sequence[Any], found: Sequence[Mention]) -> list[Mention]:
    """Words stated right after field ``name``'s own name that are none of its ``enum`` values.

    ``found`` are the enum values the text mentions: a word that starts one of them is no
    other value ("status on hold" for the value "on hold"). Only an enum of strings is read.
    """
    if not enum or not all(isinstance(option, str) for option in enum):
        return []
    cue = _cue(name)
    if cue is None:
        return []
    allowed = {option.casefold() for option in enum}
    starts = {mention.start for mention in found}
    stated: list[Mention] = []
    for match in cue.finditer(text):
        word = match.group(1)
        if word.casefold() in allowed or word.lower() in _NOT_A_VALUE or match.start(1) in starts:
            continue
        stated.append(Mention(match.start(1), match.end(1), word))
    return stated


def negated_enum_value(text: str, mention: Mention) -> Mention | None:
    """``mention`` of an enum value with the negation before it ("other than sold"), or None."""
    found = _NEGATION_BEFORE.search(text, max(0, mention.start - 24), mention.start)
    if found is None:
        return None
    return Mention(found.start(), mention.end, text[found.start() : mention.end])
