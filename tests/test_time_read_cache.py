"""One reading of a request's input per request: the verifier's checks find the recognizer's in the cache."""

from __future__ import annotations

import asyncio
from datetime import date, datetime, timedelta, timezone, tzinfo
from typing import Any

import pytest
from dateutil import tz

from intent import Intent, IntentConfig
from intent.normalize.temporal import grammar, read_temporal
from intent.resolve import fields

SCHEMA = {
    "type": "object",
    "properties": {
        "when": {"type": "string", "format": "date-time"},
        "day": {"type": "string", "format": "date"},
        "people": {"type": "integer"},
    },
}
INPUT = "Book a table for 4 the day after tomorrow at 7:30pm, and remind me on Friday at 9am CET."


def test_the_input_is_read_once_per_request(monkeypatch: pytest.MonkeyPatch) -> None:
    read, cache = grammar._read, grammar._cached_read
    reads: list[tuple[str, bool]] = []  # (text, read afresh)

    def spy(text: str, reference: datetime | None, tense: Any = None) -> Any:
        misses = cache.cache_info().misses
        found = read(text, reference, tense)
        reads.append((text, cache.cache_info().misses > misses))
        return found

    checks: list[tuple[int, int]] = []
    check_context = vars(fields)["unread_in_context"]

    def counted(text: str, start: int, end: int, reference: datetime | None = None) -> bool:
        checks.append((start, end))
        return bool(check_context(text, start, end, reference))

    monkeypatch.setattr(grammar, "_read", spy)
    monkeypatch.setattr(fields, "unread_in_context", counted)
    cache.cache_clear()
    result = asyncio.run(Intent(IntentConfig(schema=SCHEMA)).parse(
        {"input": INPUT, "referenceTime": "2026-11-30T10:00:00Z"}))
    assert result.status != "no_intent"
    whole = [fresh for text, fresh in reads if text == INPUT]
    assert checks, "the verifier checked no time quote in its context"
    assert len(whole) > len(checks)  # the recognizer's read, then each check's
    assert whole.count(True) == 1, "the input was read again instead of found in the cache"


@pytest.mark.parametrize("zone", [timezone(timedelta(hours=2)), tz.tzoffset("EET", 7200)])
def test_one_instant_in_another_zone_is_read_in_that_zone(zone: tzinfo) -> None:
    """Equal datetimes of one instant share no reading: 23:30 UTC is already tomorrow at +02:00."""
    utc = datetime(2026, 11, 30, 23, 30, tzinfo=timezone.utc)
    there = utc.astimezone(zone)
    assert utc == there
    text = "remind me tomorrow at 9"
    grammar._cached_read.cache_clear()
    days = [{r.day for m in read_temporal(text, reference) for r in m.readings} for reference in (utc, there)]
    assert days == [{date(2026, 12, 1)}, {date(2026, 12, 2)}]
