"""The verifier judges a date or time quote inside its request: a quote the grammar reads alone but
not where it stands (the rest of its date, a count, a sign, a range's start next to it) grounds no
value, and the whole phrase, where the grammar reads it, grounds its value."""

from __future__ import annotations

import pytest

from intent import Intent, IntentConfig
from intent.request import parse_request
from intent.resolve.fields import check_field_value

SCHEMAS = {
    "date": {"type": "string", "format": "date"},
    "datetime": {"type": "string", "format": "date-time"},
    "time": {"type": "string", "format": "time"},
}

# (reference, input, field kind, quote, value the quote alone gives)
PARTS = [
    ("2012-08-10T00:00:00Z", "Remind me Sunday, March, 6th 2016", "date", "Sunday", "2012-08-12"),
    ("2023-12-29T08:30:00Z", "Send the report next tuesday +10 days please", "date", "next tuesday", "2024-01-02"),
    ("2023-12-29T08:30:00Z", "Send the report now + 40minutes please", "datetime", "now", "2023-12-29T08:30:00Z"),
    ("2016-10-01T08:00:00Z", "Remind me 05/31/2024-14:15", "datetime", "14:15", "2016-10-01T14:15:00Z"),
    ("2011-02-24T00:00:00-05:00", "Log that I was there the year after next @ midnight", "datetime", "midnight",
     "2011-02-24T00:00:00-05:00"),
    ("2026-12-02T10:00:00Z", "block my calendar between two four pm", "time", "four pm", "16:00:00Z"),
]

# (reference, input, field kind, quote, its value)
WHOLE = [
    ("2011-02-24T00:00:00-05:00", "Remind me next wed. at 5pm", "datetime", "next wed. at 5pm",
     "2011-03-02T17:00:00-05:00"),
    ("2016-10-01T08:00:00Z", "Remind me 8:23 AM · Jul 9, 2016", "datetime", "8:23 AM · Jul 9, 2016",
     "2016-07-09T08:23:00Z"),
    ("2012-08-10T00:00:00Z", "Remind me Sunday please, March is busy", "date", "Sunday", "2012-08-12"),
    ("2023-12-29T08:30:00Z", "Send the report next tuesday, +10 points if on time", "date", "next tuesday",
     "2024-01-02"),
]


def _status(reference: str, text: str, kind: str, quote: str, value: str) -> str:
    intent = Intent(IntentConfig(schema={"type": "object", "properties": {"when": SCHEMAS[kind]}}))
    request = parse_request({"input": text, "referenceTime": reference}, intent.config)
    item = {"field": "when", "value": value, "evidence": quote, "source": "input", "pointer": None}
    return check_field_value(item, SCHEMAS[kind], request, "/intents/0/fields/0").status


@pytest.mark.parametrize(("reference", "text", "kind", "quote", "value"), PARTS,
                         ids=[f"part-{i}" for i in range(len(PARTS))])
def test_a_part_of_an_unread_phrase_grounds_no_value(reference: str, text: str, kind: str, quote: str,
                                                     value: str) -> None:
    assert _status(reference, quote, kind, quote, value) == "inferred"  # the quote alone reads so
    assert _status(reference, text, kind, quote, value) == "ungrounded"


@pytest.mark.parametrize(("reference", "text", "kind", "quote", "value"), WHOLE,
                         ids=[f"whole-{i}" for i in range(len(WHOLE))])
def test_the_whole_phrase_grounds_its_value(reference: str, text: str, kind: str, quote: str, value: str) -> None:
    assert _status(reference, text, kind, quote, value) in ("found", "inferred")
