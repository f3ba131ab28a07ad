"""A value found in text: where it stands and what it means."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Mention:
    """``text[start:end]`` states ``value``; ``candidates`` lists readings when it is ambiguous.

    ``inferred`` marks a reading that needs the reference time ("tomorrow", "Friday").
    ``unit`` is the currency or unit word/symbol attached to a number, lower-cased; ``currency``
    what it names (``intent.normalize.currencies``).
    """

    start: int
    end: int
    value: Any
    inferred: bool = False
    candidates: tuple[Any, ...] = ()
    unit: str | None = None
    currency: str | None = None  # money: an ISO 4217 code, or a family ("dollar") the words leave open
