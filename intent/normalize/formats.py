"""The JSON Schema ``date``, ``date-time`` and ``time`` formats, checked the same way everywhere.

jsonschema checks these formats only with optional packages installed, and falls back to other
rules without them (``time`` then means ``HH:MM:SS`` without an offset). The core checks field
values against RFC 3339 itself (``intent.rfc3339``, the rule a request's ``referenceTime`` is
read by), so a value is valid or not whatever is installed: ``date`` is ``full-date``,
``date-time`` is ``date-time`` and ``time`` is ``full-time``, a time of day with seconds and an
offset (``15:00:00+01:00``, ``15:00:00Z``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from intent import rfc3339

if TYPE_CHECKING:  # jsonschema loads when a checker is first built, not with the recognizer
    from jsonschema import FormatChecker

__all__ = ["format_checker", "is_date", "is_date_time", "is_time"]


def is_date(value: object) -> bool:
    return not isinstance(value, str) or rfc3339.is_full_date(value)


def is_date_time(value: object) -> bool:
    return not isinstance(value, str) or rfc3339.is_date_time(value)


def is_time(value: object) -> bool:
    return not isinstance(value, str) or rfc3339.is_time(value)


def format_checker() -> FormatChecker:
    """jsonschema's checker with these three formats replaced by the RFC 3339 rules above."""
    from jsonschema import FormatChecker

    checker = FormatChecker()
    checker.checks("date")(is_date)
    checker.checks("date-time")(is_date_time)
    checker.checks("time")(is_time)
    return checker
