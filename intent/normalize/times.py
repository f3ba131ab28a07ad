"""Times of day in running text, for the built-in recognizer: each time phrase the time grammar
reads (``intent.normalize.temporal``) as a ``Mention`` of an ``(hour, minute)`` pair (seconds, when
a time is written to the second, are in the field value its quote derives); an hour
without am/pm ("at 7") carries both readings in ``candidates``. ``unit`` holds the zone the
text names ("3pm CET"), when it names one."""

from __future__ import annotations

from datetime import date, datetime

from intent.normalize.dates import reference_datetime
from intent.normalize.mentions import Mention
from intent.normalize.temporal import read_temporal

__all__ = ["find_times", "format_time"]


def format_time(hour: int, minute: int, *, seconds: bool = False, second: int | None = None) -> str:
    """``HH:MM`` on a 24-hour clock, or ``HH:MM:SS`` with ``seconds`` or a ``second`` given."""
    if second is not None:
        return f"{hour:02d}:{minute:02d}:{second:02d}"
    return f"{hour:02d}:{minute:02d}:00" if seconds else f"{hour:02d}:{minute:02d}"


def find_times(text: str, reference: date | datetime | None = None) -> list[Mention]:
    """Every time of day in ``text``; ambiguous hours carry both readings in ``candidates``."""
    found: list[Mention] = []
    for mention in read_temporal(text, reference_datetime(reference)):
        clocks = list(dict.fromkeys(r.clock for r in mention.readings if r.clock is not None))
        if not clocks or mention.time_span is None:
            continue
        start, end = mention.time_span
        zone = mention.readings[0].zone
        if len(clocks) == 1:
            found.append(Mention(start, end, clocks[0], unit=zone))
        else:
            found.append(Mention(start, end, None, candidates=tuple(clocks), unit=zone))
    return found
