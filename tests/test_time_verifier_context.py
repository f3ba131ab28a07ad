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
    # a count or a while before "from now" that no rule reads: "now" alone is the very moment
    ("2026-11-30T10:00:00Z", "Remind me a day and a half from now", "datetime", "now", "2026-11-30T10:00:00Z"),
    ("2026-11-30T10:00:00Z", "Ping me a while from now", "datetime", "now", "2026-11-30T10:00:00Z"),
    ("2026-11-30T10:00:00Z", "Check back a week and a half after now", "datetime", "now", "2026-11-30T10:00:00Z"),
    # a range of days whose end is no day of the calendar, or comes before its start
    ("2026-07-20T12:00:00Z", "Schedule the meeting: February 20 - 29, 2022", "date", "February 20", "2027-02-20"),
    ("2026-07-20T12:00:00Z", "Schedule the meeting: Dec 5-3", "date", "Dec 5", "2026-12-05"),
    # a day and month with dots, or a day of the month, next to the time but not read with it
    ("2017-11-06T09:00:00Z", "Book the flight 9.11. at 18:00", "datetime", "18:00", "2017-11-06T18:00:00Z"),
    ("2017-11-06T09:00:00Z", "Reserve a seat at 18:00 on the 9.11.", "datetime", "18:00", "2017-11-06T18:00:00Z"),
    ("2017-11-06T09:00:00Z", "Book the flight 7am 13th", "datetime", "7am", "2017-11-07T07:00:00Z"),
    # the day's rest joined by an estimate, a bound or a travel word; a range of days; a bracketed day
    ("2017-11-06T09:00:00Z", "Book the flight 13.11. ca. 18:00", "datetime", "18:00", "2017-11-06T18:00:00Z"),
    ("2017-11-06T09:00:00Z", "Book the flight 18:00 dep 13-11", "datetime", "18:00", "2017-11-06T18:00:00Z"),
    ("2017-11-06T09:00:00Z", "Schedule the call Mon 13th no later than 7am", "datetime", "7am",
     "2017-11-07T07:00:00Z"),
    ("2017-11-06T09:00:00Z", "Schedule the workshop 13th-14th 19:00", "datetime", "19:00", "2017-11-06T19:00:00Z"),
    ("2017-11-06T09:00:00Z", "Book the room Tues (14th) 10am", "datetime", "10am", "2017-11-06T10:00:00Z"),
    ("2017-11-06T09:00:00Z", "Book the room KW 46 at 7pm", "datetime", "7pm", "2017-11-06T19:00:00Z"),
    ("2017-11-06T09:00:00Z", "Book the flight 23:50 +1", "datetime", "23:50", "2017-11-06T23:50:00Z"),
    ("2017-11-06T09:00:00Z", "Book the room Nov 2017 at 7pm", "datetime", "7pm", "2017-11-06T19:00:00Z"),
    ("2017-11-06T09:00:00Z", "Log the call at 07:05:00-8", "datetime", "07:05:00", "2017-11-07T07:05:00Z"),
    # a weekday moved by "but one", a count that is a bound or names no day, a month and day moved by a count
    ("2026-11-30T10:00:00Z", "Remind me what we did last Monday but one", "date", "last Monday", "2026-11-23"),
    ("2026-11-30T10:00:00Z", "Note that it started over a year ago", "date", "a year ago", "2025-11-30"),
    ("2026-11-30T10:00:00Z", "Call me a month and a half from now", "datetime", "now", "2026-11-30T10:00:00Z"),
    ("2026-11-30T10:00:00Z", "Plan the reunion for November 10th in two years", "date", "November 10th",
     "2027-11-10"),
    ("2026-11-30T10:00:00Z", "Pay it the next business day after Christmas", "date", "day after Christmas",
     "2026-12-26"),
]

# (reference, input, field kind, quote, its value)
WHOLE = [
    # a bare hour an alarm is set for, and one right after a day's part of day
    ("2026-11-30T10:00:00Z", "Set alarm for 7", "time", "7", "19:00:00Z"),
    ("2026-11-30T10:00:00Z", "Set alarm for 7", "datetime", "7", "2026-12-01T07:00:00Z"),
    ("2026-11-30T10:00:00Z", "Book the call for tomorrow morning 9", "datetime", "tomorrow morning 9",
     "2026-12-01T09:00:00Z"),
    ("2011-02-24T00:00:00-05:00", "Remind me next wed. at 5pm", "datetime", "next wed. at 5pm",
     "2011-03-02T17:00:00-05:00"),
    ("2016-10-01T08:00:00Z", "Remind me 8:23 AM · Jul 9, 2016", "datetime", "8:23 AM · Jul 9, 2016",
     "2016-07-09T08:23:00Z"),
    ("2012-08-10T00:00:00Z", "Remind me Sunday please, March is busy", "date", "Sunday", "2012-08-12"),
    ("2023-12-29T08:30:00Z", "Send the report next tuesday, +10 points if on time", "date", "next tuesday",
     "2024-01-02"),
    ("2026-11-30T10:00:00Z", "Plan the reunion for November 10th in two years", "date",
     "November 10th in two years", "2028-11-10"),
    ("2026-11-30T10:00:00Z", "Schedule it on the 100th day of 2027", "date", "the 100th day of 2027", "2027-04-10"),
    ("2026-11-30T10:00:00Z", "Pay it the next business day after Christmas", "date",
     "the next business day after Christmas", "2026-12-28"),
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


# A quote cut out of a longer phrase the grammar reads: judged by that phrase, in every family.
# (reference, input, field kind, quote, value the quote alone gives, value of the whole phrase)
CUT = [
    # calendar: the year after the comma
    ("2024-06-05T10:00:00Z", "Call me Aug 9, 96", "date", "Aug 9", "2024-08-09", "1996-08-09"),
    ("2024-06-05T10:00:00Z", "lunch at noon on Aug 9 96", "datetime", "noon on Aug 9",
     "2024-08-09T12:00:00Z", "1996-08-09T12:00:00Z"),
    # relative days: the count around the day
    ("2024-06-05T10:00:00Z", "Ship it the day after tomorrow", "date", "tomorrow", "2024-06-06", "2024-06-07"),
    ("2024-06-05T10:00:00Z", "Remind me a week from Friday", "date", "Friday", "2024-06-07", "2024-06-14"),
    # weekdays: the qualifier before the day
    ("2024-06-05T10:00:00Z", "Send me the notes of last tuesday", "date", "tuesday", "2024-06-11", "2024-06-04"),
    # holidays: the shift before the holiday
    ("2024-06-05T10:00:00Z", "Book the day after Christmas off", "date", "Christmas", "2024-12-25", "2024-12-26"),
    # clock: the am/pm and the minutes around the hour
    ("2024-06-05T10:00:00Z", "Join the call at 7:30 PM", "time", "7:30", "07:30:00Z", "19:30:00Z"),
    ("2024-06-05T10:00:00Z", "Meet at quarter past 3pm", "time", "3pm", "15:00:00Z", "15:15:00Z"),
    # date and time: the day the time is said with
    ("2024-06-05T08:00:00Z", "Call the bank tomorrow at 3pm", "datetime", "3pm",
     "2024-06-05T15:00:00Z", "2024-06-06T15:00:00Z"),
    # zones: the zone named after the time
    ("2024-06-05T10:00:00Z", "Standup moves to 3pm PT", "time", "3pm", "15:00:00Z", "15:00:00-07:00"),
    # a range's end that holds more words than the quote ("5pm tomorrow")
    ("2024-06-05T08:00:00Z", "Block 3-5pm tomorrow", "datetime", "5pm",
     "2024-06-05T17:00:00Z", "2024-06-06T17:00:00Z"),
]

# A quote of one end of a range or one item of a list: the end is a phrase of its own, read in the range.
# (reference, input, field kind, quote, a value it has there)
ENDS = [
    ("2024-06-05T10:00:00Z", "Block my calendar from Monday to Wednesday", "date", "Monday", "2024-06-10"),
    ("2024-06-05T10:00:00Z", "Block my calendar from Monday to Wednesday", "date", "Wednesday", "2024-06-12"),
    ("2024-06-05T10:00:00Z", "Out between Monday and Wednesday", "date", "Monday", "2024-06-10"),
    ("2024-06-05T10:00:00Z", "Either Monday or Tuesday at 10am works", "date", "Monday", "2024-06-10"),
    ("2024-06-05T10:00:00Z", "Either Monday or Tuesday at 10am works", "date", "Tuesday", "2024-06-11"),
    ("2024-06-05T10:00:00Z", "Friday from 3 to 5pm", "time", "5pm", "17:00:00Z"),
    ("2024-06-05T10:00:00Z", "Friday from 3 to 5pm", "date", "Friday", "2024-06-07"),
    # a quote holding its phrase whole is read where it stands too: the time the list lends it
    ("2024-06-05T10:00:00Z", "Either Monday or Tuesday at 10am works", "datetime", "Monday",
     "2024-06-10T10:00:00Z"),
]


@pytest.mark.parametrize(("reference", "text", "kind", "quote", "alone", "whole"), CUT,
                         ids=[f"cut-{i}" for i in range(len(CUT))])
def test_a_quote_cut_out_of_a_longer_phrase_means_what_the_phrase_means(
        reference: str, text: str, kind: str, quote: str, alone: str, whole: str) -> None:
    assert _status(reference, quote, kind, quote, alone) in ("found", "inferred")  # the quote alone reads so
    assert _status(reference, text, kind, quote, alone) == "ungrounded"
    assert _status(reference, text, kind, quote, whole) in ("found", "inferred")


def test_the_refusal_names_the_phrase_the_quote_is_cut_from() -> None:
    intent = Intent(IntentConfig(schema={"type": "object", "properties": {"when": SCHEMAS["date"]}}))
    request = parse_request({"input": "Call me Aug 9, 96", "referenceTime": "2024-06-05T10:00:00Z"}, intent.config)
    item = {"field": "when", "value": "2024-08-09", "evidence": "Aug 9", "source": "input", "pointer": None}
    checked = check_field_value(item, SCHEMAS["date"], request, "/intents/0/fields/0")
    assert "'Aug 9, 96'" in checked.reason and checked.source_refs == []


@pytest.mark.parametrize(("reference", "text", "kind", "quote", "value"), ENDS,
                         ids=[f"end-{i}" for i in range(len(ENDS))])
def test_a_quote_of_a_range_end_or_list_item_keeps_its_value(reference: str, text: str, kind: str, quote: str,
                                                             value: str) -> None:
    assert _status(reference, text, kind, quote, value) in ("found", "inferred")


def test_a_cut_quote_offers_only_the_phrases_candidates() -> None:
    # "at 7:30" read alone may be morning or evening; cut out of "7:30 PM" only the evening is offered
    intent = Intent(IntentConfig(schema={"type": "object", "properties": {"when": SCHEMAS["time"]}}))
    request = parse_request({"input": "Join the call at 7:30 PM", "referenceTime": "2024-06-05T10:00:00Z"},
                            intent.config)
    item = {"field": "when", "value": None, "candidates": ["07:30:00Z", "19:30:00Z"], "evidence": "7:30",
            "source": "input", "pointer": None}
    checked = check_field_value(item, SCHEMAS["time"], request, "/intents/0/fields/0")
    assert (checked.status, checked.candidates) == ("ambiguous", ["19:30:00Z"])


# A written stamp's hour 7 to 11 is the morning's, unless the request speaks of the evening (stamps.py):
# the verifier reads the quote's phrase where it stands, as the recognizer does.
# (input, quote, evening value, accepted?)
STAMPS = [
    ("Book dinner Dec 5, 8:30", "Dec 5, 8:30", "2026-12-05T20:30:00Z", True),
    ("Book dinner Dec 5, 8:30", "8:30", "2026-12-05T20:30:00Z", True),
    ("Schedule drinks with Sam, Fri Dec 4, 9:30", "Fri Dec 4, 9:30", "2026-12-04T21:30:00Z", True),
    ("Schedule the standup Dec 5, 8:30", "Dec 5, 8:30", "2026-12-05T20:30:00Z", False),
    ("Dinner was great. Schedule the standup Dec 5, 8:30", "Dec 5, 8:30", "2026-12-05T20:30:00Z", False),
]


@pytest.mark.parametrize(("text", "quote", "evening", "accepted"), STAMPS,
                         ids=[f"stamp-{i}" for i in range(len(STAMPS))])
def test_a_written_stamp_in_an_evening_request_may_be_the_evening(text: str, quote: str, evening: str,
                                                                  accepted: bool) -> None:
    morning = evening.replace("T20:", "T08:").replace("T21:", "T09:")
    assert _status("2026-11-30T10:00:00Z", text, "datetime", quote, morning) in ("found", "inferred")
    status = _status("2026-11-30T10:00:00Z", text, "datetime", quote, evening)
    assert status in (("found", "inferred") if accepted else ("ungrounded",))


def test_a_whole_phrase_read_where_it_stands_still_refuses_what_it_cannot_mean() -> None:
    text = "Either Monday or Tuesday at 10am works"
    assert _status("2024-06-05T10:00:00Z", text, "datetime", "Monday", "2024-06-10T11:00:00Z") == "ungrounded"
    assert _status("2024-06-05T10:00:00Z", text, "datetime", "Monday", "2024-06-11T10:00:00Z") == "ungrounded"
    assert _status("2024-06-05T10:00:00Z", "Monday", "datetime", "Monday", "2024-06-10T10:00:00Z") == "ungrounded"
