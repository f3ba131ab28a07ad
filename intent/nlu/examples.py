"""Annotated examples, the way Rasa and Snips users write them: ``"play [the beatles](artist) on [spotify](service)"``.

``parse_example`` turns one into its plain text and its slot spans; ``examples_hash`` fingerprints
a set of examples so a saved model is reused only for the examples it was trained on.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import orjson

from intent.errors import IntentError

__all__ = ["Example", "examples_hash", "parse_example"]

# [text](field), [text](field:value) or [text]{"entity": "field", ...} (Rasa's long form).
_ANNOTATION = re.compile(r"\[(?P<text>[^\[\]]+)\](?:\((?P<short>[^()]+)\)|(?P<long>\{[^{}]*\}))")
MAX_EXAMPLE_CHARS = 1000


@dataclass(frozen=True)
class Example:
    """One utterance of a domain with its annotated slots as (start, end, field) over ``text``."""

    domain: str
    text: str
    slots: tuple[tuple[int, int, str], ...]


def _field_of(match: re.Match[str], where: str) -> str:
    if match.group("short") is not None:
        return match.group("short").split(":", 1)[0].strip()
    try:
        data = orjson.loads(match.group("long"))
    except orjson.JSONDecodeError:
        raise IntentError("CONFIG_INVALID", f"an annotation's {{...}} part is not JSON: {match.group(0)!r}",
                          path=where) from None
    entity = data.get("entity") if isinstance(data, dict) else None
    if not isinstance(entity, str) or not entity:
        raise IntentError("CONFIG_INVALID", f'an annotation needs {{"entity": "field"}}: {match.group(0)!r}',
                          path=where)
    return entity


def parse_example(domain: str, annotated: str, *, where: str = "") -> Example:
    """``"book [a table](party) for [two](party_size)"`` -> plain text and slot spans over it."""
    if not isinstance(annotated, str) or not annotated.strip() or len(annotated) > MAX_EXAMPLE_CHARS:
        raise IntentError("CONFIG_INVALID", f"an example must be a non-empty string of at most "
                          f"{MAX_EXAMPLE_CHARS} characters", path=where)  # fmt: skip
    text: list[str] = []
    slots: list[tuple[int, int, str]] = []
    position = 0
    length = 0
    for match in _ANNOTATION.finditer(annotated):
        before = annotated[position : match.start()]
        text.append(before)
        length += len(before)
        value = match.group("text")
        field = _field_of(match, where)
        slots.append((length, length + len(value), field))
        text.append(value)
        length += len(value)
        position = match.end()
    text.append(annotated[position:])
    return Example(domain, "".join(text), tuple(slots))


def examples_hash(examples: Mapping[str, Sequence[str]], fields: Sequence[str] = ()) -> str:
    """A fingerprint of the examples (and the fields they fill): equal examples, equal hash."""
    data = orjson.dumps({"examples": {k: list(v) for k, v in examples.items()}, "fields": sorted(fields)},
                        option=orjson.OPT_SORT_KEYS)  # fmt: skip
    return hashlib.sha256(data).hexdigest()
