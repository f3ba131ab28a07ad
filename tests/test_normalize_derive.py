"""``derive_values`` and its scanners: each conversion the recognizer makes, and nothing the text does not say."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intent.normalize import (
    Derived,
    FieldKind,
    derive_values,
    field_kind,
    find_dates,
    find_numbers,
    find_times,
    parse_number_words,
)
from intent.normalize.temporal import Tense

MONDAY = datetime(2026, 11, 30, 10, 0, tzinfo=timezone.utc)
DATE = {"type": "string", "format": "date"}
HHMM = {"type": "string", "pattern": r"^\d{2}:\d{2}$"}
INTEGER = {"type": "integer"}
NUMBER = {"type": "number"}


def values(evidence: str, schema: dict[str, Any], reference: datetime | None = MONDAY) -> list[Any]:
    return [d.value for d in derive_values(evidence, schema, reference_time=reference)]


@pytest.mark.parametrize(
    ("evidence", "expected"),
    [("six", [6]), ("twenty-five", [25]), ("a dozen", [12]), ("one hundred and five", [105]), ("1,250", [1250]),
     ("4 people", [4]), ("eight", [8]), ("19.5", []), ("that one", []), ("two five", [])],
)  # fmt: skip
def test_integers(evidence: str, expected: list[int]) -> None:
    assert values(evidence, INTEGER) == expected


@pytest.mark.parametrize(
    ("evidence", "expected"),
    [("$75.50", [75.5]), ("19.5 degrees", [19.5]), ("€250", [250]), ("45 dollars", [45]), ("-5", [-5]),
     ("$1,250.00", [1250]), ("INV-1042", []), ("8pm", []), ("10th", [])],
)  # fmt: skip
def test_numbers(evidence: str, expected: list[float]) -> None:
    assert values(evidence, NUMBER) == expected


@pytest.mark.parametrize(
    ("evidence", "expected"),
    [("8pm", ["20:00"]), ("7:30 pm", ["19:30"]), ("7:30 p.m.", ["19:30"]), ("19:00", ["19:00"]), ("noon", ["12:00"]),
     ("midnight", ["00:00"]), ("tonight at 9", ["21:00"]), ("at 7", ["07:00", "19:00"]), ("12am", ["00:00"]),
     ("9 in the morning", ["09:00"]),
     ("for 9 in the morning", []), ("at 9 in the morning", ["09:00"]), ("25:00", []), ("order 000123", [])],
)  # fmt: skip
def test_times_for_an_hhmm_pattern(evidence: str, expected: list[str]) -> None:
    assert values(evidence, HHMM) == expected


def test_format_time_is_rfc3339_full_time_with_the_offset() -> None:
    time_field = {"type": "string", "format": "time"}
    assert values("8pm", time_field) == ["20:00:00Z"]  # MONDAY is in UTC
    assert values("8pm", time_field, datetime(2026, 11, 30, 9, tzinfo=timezone(timedelta(hours=-5)))) == [
        "20:00:00-05:00"
    ]
    assert values("8pm CET", time_field) == ["20:00:00+01:00"]
    # the offset is part of the value: without a reference time or a named zone there is none
    assert values("8pm", time_field, None) == []


def test_a_count_from_now_keeps_the_reference_seconds_and_a_minute_field_leaves_them_out() -> None:
    said_at = datetime(2019, 11, 25, 13, 7, 18, tzinfo=timezone.utc)
    date_time = {"type": "string", "format": "date-time"}
    assert values("in 2 minutes", date_time, said_at) == ["2019-11-25T13:09:18Z"]
    assert values("1 hour ago", date_time, said_at) == ["2019-11-25T12:07:18Z"]
    assert values("1h30m ago", date_time, said_at) == ["2019-11-25T11:37:18Z"]
    assert values("in half an hour", date_time, said_at) == ["2019-11-25T13:37:18Z"]
    # a field written to the minute takes the minute; seconds the words say are never left out
    assert values("in 2 hours", HHMM, said_at) == ["15:07"]
    assert values("in 2 hours", {"type": "string", "pattern": r"^\d{2}:\d{2}(:\d{2})?$"}, said_at) == [
        "15:07:18", "15:07"]
    assert values("in 30 seconds", HHMM, said_at) == []
    assert values("15:23:24", HHMM, said_at) == []
    # a clock time said is not moved by the reference's seconds
    assert values("at 3pm", date_time, said_at) == ["2019-11-25T15:00:00Z"]


@pytest.mark.parametrize(
    ("evidence", "expected"),
    [("today", "2026-11-30"), ("tonight", "2026-11-30"), ("tomorrow", "2026-12-01"),
     ("the day after tomorrow", "2026-12-02"), ("Friday", "2026-12-04"), ("next Monday", "2026-12-07"),
     ("this Friday", "2026-12-04"), ("on the 5th", "2026-12-05"), ("by the 1st", "2026-12-01"),
     ("December 24", "2026-12-24"), ("24th of December", "2026-12-24"), ("Dec. 3", "2026-12-03"),
     ("January 5", "2027-01-05"), ("February 2", "2027-02-02"), ("in 3 days", "2026-12-03"),
     ("in two weeks", "2026-12-14"), ("on Fri", "2026-12-04"), ("by Sat.", "2026-12-05")],
)  # fmt: skip
def test_relative_dates_are_inferred_from_the_reference_time(evidence: str, expected: str) -> None:
    assert derive_values(evidence, DATE, reference_time=MONDAY) == [Derived(expected, True, "referenceTime")]


@pytest.mark.parametrize(
    ("evidence", "past", "coming"),
    [("on the 15th", "2026-11-15", "2026-12-15"),
     ("November 2", "2026-11-02", "2027-11-02"), ("Thanksgiving", "2026-11-26", "2027-11-25")],
)  # fmt: skip
def test_a_day_just_gone_follows_the_sentence_and_is_ambiguous_without_a_cue(
        evidence: str, past: str, coming: str) -> None:
    def values(tense: Tense | None) -> list[str]:
        return [d.value for d in derive_values(evidence, DATE, reference_time=MONDAY, tense=tense)]

    assert values("past") == [past]
    assert values("future") == [coming]
    assert sorted(values("neutral")) == sorted(values(None)) == [past, coming]


def test_a_weekday_said_on_that_weekday_is_settled_only_by_a_past_cue() -> None:
    # today and a week later are both still to come: a sentence looking ahead keeps both
    def values(tense: Tense | None) -> list[str]:
        return sorted(d.value for d in derive_values("Monday", DATE, reference_time=MONDAY, tense=tense))

    assert values("past") == ["2026-11-30"]
    assert values("future") == values("neutral") == values(None) == ["2026-11-30", "2026-12-07"]


def test_absolute_dates_need_no_reference_time() -> None:
    assert derive_values("2026-12-18", DATE) == [Derived("2026-12-18")]
    assert derive_values("December 24, 2027", DATE) == [Derived("2027-12-24")]
    assert derive_values("Friday", DATE) == []
    assert derive_values("I sat down in the sun", DATE, reference_time=MONDAY) == []
    assert derive_values("February 30", DATE, reference_time=MONDAY) == []


def test_slashed_dates_are_read_when_month_and_day_can_be_told_apart() -> None:
    assert values("12/24", DATE) == ["2026-12-24"]
    assert values("24/12/2027", DATE) == ["2027-12-24"]
    assert values("1/2", DATE) == ["2027-01-02", "2027-02-01"]
    assert values("13/13", DATE) == []


def test_next_weekday_is_ambiguous_early_in_the_week() -> None:
    assert values("next Friday", DATE) == ["2026-12-04", "2026-12-11"]
    assert values("next Monday", DATE) == ["2026-12-07"]


def test_date_time_combines_day_and_clock_in_the_reference_offset() -> None:
    schema = {"type": "string", "format": "date-time"}
    assert values("Friday at 7pm", schema) == ["2026-12-04T19:00:00Z"]
    later = MONDAY.astimezone(timezone(timedelta(hours=2)))
    assert values("tomorrow at 9am", schema, later) == ["2026-12-01T09:00:00+02:00"]
    assert values("Friday", schema) == []


def test_enums_patterns_and_addresses() -> None:
    cabin = {"type": "string", "enum": ["economy", "business", "first_class"]}
    assert values("business class", cabin) == ["business"]
    assert values("first class", cabin) == ["first_class"]
    assert values("BUSINESS", cabin) == ["business"]
    assert values("businessman", cabin) == []
    ref = {"type": "string", "pattern": r"^[A-Z]{3}\d{3}$"}
    assert values("booking qrt884", ref) == ["QRT884"]
    assert values("QRT8845", ref) == []
    assert values("order #556677", {"type": "string", "pattern": r"^\d{6}$"}) == ["556677"]
    assert values("mail john.doe@example.org.", {"type": "string", "format": "email"}) == ["john.doe@example.org"]
    assert values("see https://example.org/a.", {"type": "string", "format": "uri"}) == ["https://example.org/a"]
    assert values("yes", {"type": "boolean"}) == [True]
    assert values("three", {"enum": [1, 2, 3]}) == [3]


def test_field_kinds() -> None:
    assert field_kind(HHMM) is FieldKind.TIME
    assert field_kind({"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}) is FieldKind.DATE
    assert field_kind({"type": ["integer", "null"]}) is FieldKind.INTEGER
    assert field_kind({"type": "string", "pattern": "^INV-"}) is FieldKind.PATTERN
    assert field_kind({"type": "string", "pattern": "(("}) is FieldKind.PATTERN
    assert field_kind({"type": "string"}) is FieldKind.TEXT
    assert field_kind({"type": "object"}) is FieldKind.OTHER
    assert derive_values("abc", {"type": "string", "pattern": "(("}) == []


def test_scanners_report_offsets() -> None:
    text = "Book 2 seats on December 24 at 8pm for six"
    assert [(text[m.start : m.end], m.value) for m in find_numbers(text)] == [("2", 2), ("24", 24), ("six", 6)]
    assert [(text[m.start : m.end], m.value) for m in find_dates(text, date(2026, 11, 30))] == [
        ("December 24", date(2026, 12, 24))
    ]
    assert [(text[m.start : m.end], m.value) for m in find_times(text)] == [("8pm", (20, 0))]
    assert parse_number_words(["ninety", "nine"]) == 99 and parse_number_words(["nine", "ninety"]) is None


def test_long_evidence_is_not_read() -> None:
    assert derive_values("six " + "x" * 400, INTEGER) == []
    assert derive_values("nan", NUMBER) == [] and derive_values("-inf", NUMBER) == []


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80), st.sampled_from([INTEGER, NUMBER, DATE, HHMM, {"type": "string", "format": "date-time"}]))
def test_never_raises_and_values_fit_the_type(text: str, schema: dict[str, Any]) -> None:
    for derived in derive_values(text, schema, reference_time=MONDAY):
        if schema is INTEGER:
            assert isinstance(derived.value, int)
        elif schema is NUMBER:
            assert isinstance(derived.value, (int, float))
        else:
            assert isinstance(derived.value, str)


@pytest.mark.parametrize(
    ("evidence", "expected"),
    [("tomorrow night at eight", ["20:00"]), ("at seven thirty pm", ["19:30"]), ("seven pm", ["19:00"]),
     ("half past seven tonight", ["19:30"]), ("quarter to nine in the evening", ["20:45"]),
     ("at eight", ["08:00", "20:00"]), ("for two people", [])],
)  # fmt: skip
def test_spelled_out_times(evidence: str, expected: list[str]) -> None:
    assert values(evidence, HHMM) == expected


def test_long_digit_runs_are_not_numbers() -> None:
    assert find_numbers("order " + "9" * 40) == []
    assert derive_values("9" * 150, INTEGER) == []
    assert values("123456789012345", INTEGER) == [123456789012345]


def test_a_place_after_a_day_keeps_the_day_but_not_a_time() -> None:
    text = "Book a hotel for Friday in Paris and a call at 3pm in London"
    monday = date(2026, 11, 30)
    assert [(text[m.start : m.end], m.value) for m in find_dates(text, monday)] == [("Friday", date(2026, 12, 4))]
    assert find_times(text, monday) == []  # London's offset is not the reference's
    assert find_dates("the first Monday of October", monday)[0].value == date(2027, 10, 4)


def test_date_words_next_to_a_phrase_keep_it_unread_but_counts_do_not() -> None:
    monday = date(2026, 11, 30)
    assert find_dates("Move it to next year Friday please", monday) == []
    assert [m.value for m in find_dates("Move it to next week Friday please", monday)] == [date(2026, 12, 11)]
    assert find_dates("Sunday 2031 works", monday) == []
    text = "A table for 4 tomorrow at 7pm"
    assert [(text[m.start : m.end], m.value) for m in find_dates(text, monday)] == [("tomorrow", date(2026, 12, 1))]
