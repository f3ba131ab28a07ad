"""A phrase's readings written the way a field asks: a ``date`` (YYYY-MM-DD), a ``date-time``
(RFC 3339 with the offset of the zone the text names, else of the reference time), or a ``time``
(RFC 3339 full-time, ``HH:MM:SS`` with that offset; ``HH:MM`` for fields whose pattern wants it).

Grain is kept: a day fills a date field and never a date-time one (a date-time needs a time of
day, so "tomorrow" leaves it open); a time of day said without a day is its next occurrence
after the reference time; a date-time gives its time of day to a time field.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from intent.normalize.temporal.grammar import next_occurrence
from intent.normalize.temporal.pieces import Clock, Reading, TemporalMention
from intent.normalize.temporal.zones import offset_minutes, zone_info

__all__ = ["date_time_text", "dates_of", "moments_of", "offset_text", "times_of"]


def offset_text(minutes: int | None) -> str:
    """``Z`` for UTC (or no known offset), else ``+HH:MM`` / ``-HH:MM``."""
    if not minutes:
        return "Z"
    sign = "+" if minutes > 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _reference_offset(reference: datetime | None) -> int | None:
    if reference is None:
        return None
    offset = reference.utcoffset()
    return None if offset is None else int(offset.total_seconds() // 60)


def date_time_text(day: date, clock: Clock, offset: int | None, second: int = 0) -> str:
    return f"{day.isoformat()}T{clock[0]:02d}:{clock[1]:02d}:{second:02d}{offset_text(offset)}"


def dates_of(mention: TemporalMention) -> list[date]:
    """The days a phrase can mean (none for a bare time of day)."""
    if mention.named_days is not None:
        return list(mention.named_days)
    return list(dict.fromkeys(r.day for r in mention.readings if r.day is not None))


def _zoned(reading: Reading, reference: datetime | None,
           direction: str | None = None) -> list[tuple[date, Clock, int | None]]:
    clock = reading.clock
    if clock is None:
        return []
    if reading.day is not None:
        day = reading.day
        offset = offset_minutes(reading.zone, day, clock) if reading.zone else _reference_offset(reference)
        return [(day, clock, offset)]
    if reference is None:
        return []
    now = reference
    if reading.zone:
        zone = zone_info(reading.zone)
        if zone is not None:
            now = reference.astimezone(zone)
        else:
            fixed = offset_minutes(reading.zone, reference.date()) or 0
            now = reference.astimezone(timezone(timedelta(minutes=fixed)))
    out: list[tuple[date, Clock, int | None]] = []
    for day in next_occurrence(clock, reference, now, direction):
        offset = offset_minutes(reading.zone, day, clock) if reading.zone else _reference_offset(reference)
        out.append((day, clock, offset))
    return out


def moments_of(mention: TemporalMention, reference: datetime | None) -> list[str]:
    """RFC 3339 date-times of a phrase that names a time of day (with or without a day)."""
    out: list[str] = []
    for reading in mention.readings:
        for zoned in _zoned(reading, reference, mention.direction):
            out.append(date_time_text(*zoned, reading.second))
    return list(dict.fromkeys(out))


def times_of(mention: TemporalMention, reference: datetime | None) -> list[tuple[Clock, int | None, int, bool]]:
    """Times of day with their offset (None when neither the text nor the reference gives one), their
    seconds, and whether those seconds are the reference's own, carried by a count ("in 2 hours")."""
    out: list[tuple[Clock, int | None, int, bool]] = []
    for reading in mention.readings:
        if reading.clock is None:
            continue
        if reading.zone:
            day = reading.day or (reference.date() if reference is not None else date(2000, 1, 1))
            offset = offset_minutes(reading.zone, day, reading.clock)
        else:
            offset = _reference_offset(reference)
        out.append((reading.clock, offset, reading.second, reading.second_carried))
    return list(dict.fromkeys(out))
