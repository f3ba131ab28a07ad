"""RFC 3339 date-times: the one parser for every place that reads one.

``date-time`` is ``full-date "T" full-time`` with seconds and an explicit offset (``Z`` or
``+hh:mm``); ``T`` may be lower case or a space (RFC 3339 section 5.6 allows both). Fractions
of any length are read to the microsecond. A request's ``referenceTime`` and a field whose
Schema says ``"format": "date-time"`` are judged by the same rule.
"""

from __future__ import annotations

import re
from datetime import date, datetime

_DATE_TIME = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})[Tt ](?P<time>\d{2}:\d{2}:\d{2})(?:\.(?P<fraction>\d+))?"
    r"(?P<offset>[Zz]|[+-]\d{2}:\d{2})"
)
_FULL_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_date_time(text: str) -> datetime:
    """The aware ``datetime`` ``text`` names; raise ValueError for anything but an RFC 3339 date-time."""
    match = _DATE_TIME.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError("not an RFC 3339 date-time (YYYY-MM-DDThh:mm:ss[.fff] with Z or +hh:mm)")
    fraction = (match["fraction"] or "")[:6].ljust(6, "0")
    offset = "+00:00" if match["offset"] in "Zz" else match["offset"]
    # fromisoformat checks the calendar (month lengths, leap years) and the offset's range.
    return datetime.fromisoformat(f"{match['date']}T{match['time']}.{fraction}{offset}")


def is_date_time(text: object) -> bool:
    """Whether ``text`` is an RFC 3339 date-time (a JSON Schema ``date-time`` format check)."""
    if not isinstance(text, str):
        return False
    try:
        parse_date_time(text)
    except ValueError:
        return False
    return True


def is_full_date(text: object) -> bool:
    """Whether ``text`` is an RFC 3339 ``full-date`` (``YYYY-MM-DD``, a real calendar day)."""
    if not isinstance(text, str) or _FULL_DATE.fullmatch(text) is None:
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


__all__ = ["is_date_time", "is_full_date", "parse_date_time"]
