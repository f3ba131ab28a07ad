"""Pure value normalizers shared by the core's verifier and the built-in recognizer.

``derive_values(evidence, schema, reference_time=...)`` lists the values a quoted piece of text
can mean for a field with that JSON Schema ("six" -> 6, "8pm" -> "20:00", "Friday" -> a date).
The core accepts a candidate's field value only when it is the evidence itself or one of these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

__all__ = ["Derived", "derive_values"]


@dataclass(frozen=True, slots=True)
class Derived:
    """One reading of the evidence: the value, and whether it needed an outside basis."""

    value: Any
    inferred: bool = False
    basis: str | None = None  # "referenceTime" when the reading depends on it


def derive_values(
    evidence: str, schema: Mapping[str, Any], *, reference_time: datetime | None = None
) -> list[Derived]:
    """Every value ``evidence`` can stand for under ``schema`` (empty when none)."""
    text = evidence.strip()
    out: list[Derived] = []
    kind = schema.get("type")
    if kind in ("integer", "number"):
        try:
            number = float(text.replace(",", ""))
        except ValueError:
            return out
        out.append(Derived(int(number) if number.is_integer() else number))
    elif "enum" in schema:
        for option in schema["enum"]:
            if isinstance(option, str) and option.casefold() == text.casefold():
                out.append(Derived(option))
    return out
