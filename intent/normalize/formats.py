"""The JSON Schema ``date``, ``date-time`` and ``time`` formats, checked the same way everywhere.

jsonschema checks these formats only with optional packages installed, and falls back to other
rules without them (``time`` then means ``HH:MM:SS`` without an offset). The core checks field
values against RFC 3339 itself, so a value is valid or not whatever is installed:
``date`` is ``full-date``, ``date-time`` is ``date-time`` and ``time`` is ``full-time`` (a
time of day with seconds and an offset, e.g. ``15:00:00+01:00`` or ``15:00:00Z``).
"""

from __future__ import annotations

import re
from datetime import date

from jsonschema import FormatChecker

__all__ = ["format_checker", "is_date", "is_date_time", "is_time"]

_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_TIME = re.compile(r"([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(\.\d+)?(?:[Zz]|[+-]([01]\d|2[0-3]):([0-5]\d))")


def is_date(value: object) -> bool:
    if not isinstance(value, str):
        return True
    match = _DATE.fullmatch(value)
    if match is None:
        return False
    try:
        date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        return False
    return True


def is_time(value: object) -> bool:
    return not isinstance(value, str) or _TIME.fullmatch(value) is not None


def is_date_time(value: object) -> bool:
    if not isinstance(value, str):
        return True
    day, separator, clock = value.partition("T") if "T" in value else value.partition("t")
    return bool(separator) and is_date(day) and is_time(clock)


def format_checker() -> FormatChecker:
    """jsonschema's checker with these three formats replaced by the RFC 3339 rules above."""
    checker = FormatChecker()
    checker.checks("date")(is_date)
    checker.checks("date-time")(is_date_time)
    checker.checks("time")(is_time)
    return checker
