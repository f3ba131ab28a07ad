"""RFC 3339 dates and times: the one parser for every place that reads one.

``date-time`` is ``full-date "T" full-time`` with seconds and an explicit offset (``Z`` or
``+hh:mm``); ``T`` may be lower case or, unless ``strict``, a space (RFC 3339 section 5.6 lets
applications choose one; a value that becomes one argv word of a program must not hold it).
``full-time`` is ``partial-time`` (``hh:mm:ss[.fff]``) with an offset. Fractions of any length
are read to the microsecond. A request's ``referenceTime``, a field whose Schema says
``"format": "date-time"`` and a Tool node's argument are judged by the same rules.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time

from intent.compiled_regex import compiled

_PARTIAL_TIME = r"(?P<time>\d{2}:\d{2}:\d{2})(?:\.(?P<fraction>\d+))?"
_OFFSET = r"(?P<offset>[Zz]|[+-]\d{2}:\d{2})"
_DATE_TIME = compiled(r"(?P<date>\d{4}-\d{2}-\d{2})(?P<separator>[Tt ])" + _PARTIAL_TIME + _OFFSET)
_TIME = compiled(_PARTIAL_TIME + f"(?:{_OFFSET})?")
_FULL_DATE = compiled(r"\d{4}-\d{2}-\d{2}")


def _iso_time(match: re.Match[str]) -> str:
    """The matched time of day as ``fromisoformat`` reads it: six fraction digits, ``Z`` as ``+00:00``.

    Python 3.11 reads any fraction and ``Z`` itself; 3.10 reads neither.
    """
    fraction = (match["fraction"] or "")[:6].ljust(6, "0")
    offset = match["offset"] or ""
    return f"{match['time']}.{fraction}{'+00:00' if offset in ('Z', 'z') else offset}"


def parse_date_time(text: object, *, strict: bool = False) -> datetime:
    """The aware ``datetime`` ``text`` names; raise ValueError for anything but an RFC 3339 date-time.

    ``strict`` refuses the space between date and time that RFC 3339's note allows.
    """
    match = _DATE_TIME.fullmatch(text) if isinstance(text, str) else None
    if match is None or (strict and match["separator"] == " "):
        raise ValueError("not an RFC 3339 date-time (YYYY-MM-DDThh:mm:ss[.fff] with Z or +hh:mm)")
    # fromisoformat checks the calendar (month lengths, leap years) and the offset's range.
    return datetime.fromisoformat(f"{match['date']}T{_iso_time(match)}")


def parse_time(text: object, *, offset_required: bool = True) -> time:
    """The ``time`` a ``full-time`` names (a ``partial-time`` too when not ``offset_required``); else ValueError."""
    match = _TIME.fullmatch(text) if isinstance(text, str) else None
    if match is None or (offset_required and match["offset"] is None):
        raise ValueError("not an RFC 3339 time (hh:mm:ss[.fff] with Z or +hh:mm)")
    return time.fromisoformat(_iso_time(match))


def is_date_time(text: object, *, strict: bool = False) -> bool:
    """Whether ``text`` is an RFC 3339 date-time (a JSON Schema ``date-time`` format check)."""
    try:
        parse_date_time(text, strict=strict)
    except ValueError:
        return False
    return True


def is_time(text: object, *, offset_required: bool = True) -> bool:
    """Whether ``text`` is an RFC 3339 ``full-time`` (a JSON Schema ``time``), or without the offset when allowed."""
    try:
        parse_time(text, offset_required=offset_required)
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


__all__ = ["is_date_time", "is_full_date", "is_time", "parse_date_time", "parse_time"]
