"""Dates and times inside a request are as right as the phrase alone: the verifier refuses a count
lifted out of "<a day it cannot date> in two years", and the time bench compares a phrase as a
field's quote with the same phrase inside a request, under any request wrapper."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from bench.time_eval import Phrase, _pipeline_readings, compare, main
from intent import IntentConfig
from intent.normalize.temporal import counted_from_unknown_day, read_temporal
from intent.request import parse_request
from intent.resolve import CheckedValue, check_field_value

DATE = {"type": "string", "format": "date"}
SCHEMA = {"type": "object", "properties": {"when": DATE}}
REFERENCE = "2026-11-30T10:00:00Z"


def _checked(text: str, evidence: str, value: str) -> str:
    request = parse_request({"input": text, "referenceTime": REFERENCE}, IntentConfig(schema=SCHEMA))
    item = {"field": "when", "value": value, "evidence": evidence, "source": "input", "pointer": None,
            "candidates": None}
    return check_field_value(item, DATE, request, "/intents/0/fields/0").status


def test_the_verifier_refuses_a_count_lifted_from_after_a_day_it_cannot_date() -> None:
    assert _checked("Schedule the dinner for Diwali in two years", "in two years", "2028-11-30") == "ungrounded"
    assert _checked("Plan something for my birthday in 2 years", "in 2 years", "2028-11-30") == "ungrounded"
    # a count after a capitalised name the grammar does not know, where a day is named ("for ..."):
    # which occurrence is the question; the object of a verb is a count from today
    assert _checked("Book a dinner for Oktoberfest in 2 years", "in 2 years", "2028-11-30") == "ungrounded"
    assert _checked("Plan Oktoberfest in 2 years", "in 2 years", "2028-11-30") == "inferred"
    assert _checked("Call Bob in two years", "in two years", "2028-11-30") == "inferred"
    # in days, or after a word that is no name, still a day counted from now
    assert _checked("Call Bob in 2 days", "in 2 days", "2026-12-02") == "inferred"
    assert _checked("Renew the passport in two years", "in two years", "2028-11-30") == "inferred"
    assert _checked("Book a table for my birthday in 3 days", "in 3 days", "2026-12-03") == "inferred"


@pytest.mark.parametrize(("text", "counted"), [
    ("Diwali in two years", True),
    ("Lakshmi Puja six years hence", True),
    ("Eid is in 2 months", True),
    ("our anniversary a year from now", True),
    ("Diwali in two weeks", False),  # when Diwali is: read
    ("dinner for Oktoberfest in 2 years", True),  # a name where a day is named: which one is asked
    ("the stand for Tech Expo in 6 months", True),  # the whole name stands after "for"
    ("Call Bob in 2 years", False),  # a verb's object: counted from today
    ("Plan Oktoberfest in 2 years", False),
    ("Remind me to call Mom in 3 months", False),
    ("Oktoberfest in 2 years", False),  # the sentence's first word: its capital says nothing
    ("Can I come in 2 years", False),
    ("Call Bob in 2 days", False),
    ("the dinner in 2 years", False),
])
def test_which_counts_are_counted_from_a_day_not_dated(text: str, counted: bool) -> None:
    match = next(i for i, word in enumerate(text.split()) if word in ("in", "six", "a"))
    start = len(" ".join(text.split()[:match])) + 1
    assert counted_from_unknown_day(text, start, len(text)) is counted


def _monday_said_on_tuesday() -> Phrase:
    reference = datetime(2013, 2, 12, 4, 30, tzinfo=timezone.utc)  # a Tuesday
    return Phrase("monday", reference, datetime(2013, 2, 18, tzinfo=timezone.utc), True, "sample")


def test_compare_lists_a_phrase_whose_outcome_changes_inside_a_request() -> None:
    tomorrow = Phrase("tomorrow", datetime(2013, 2, 12, 4, 30, tzinfo=timezone.utc),
                      datetime(2013, 2, 13, tzinfo=timezone.utc), True, "sample")
    differences = compare([_monday_said_on_tuesday(), tomorrow])
    # "Monday" alone said on a Tuesday: the one just gone or the coming one; after "Schedule the
    # meeting" (an instruction: what is to come) the coming one. "tomorrow" is the same either way.
    assert [(p.text, field.kind, request.kind) for p, field, request in differences] == [
        ("monday", "ambiguous", "right")]


def test_a_neutral_wrapper_gives_the_sentence_no_direction() -> None:
    phrase = _monday_said_on_tuesday()
    assert len(_pipeline_readings(phrase)) == 1
    assert len(_pipeline_readings(phrase, wrapper="Note: {phrase}")) == 2
    assert compare([phrase], lambda p: _pipeline_readings(p, wrapper="Note: {phrase}")) == []


def test_compare_and_a_wrapper_without_its_place_are_refused(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "test_date_parser.py"
    corpus.write_text("", encoding="utf-8")
    assert main(["dateparser", str(corpus), "--compare"]) == 2
    assert "held-out" in capsys.readouterr().err
    assert main(["chronic", str(corpus), "--pipeline", "--wrapper", "Note:"]) == 2
    assert "{phrase}" in capsys.readouterr().err


def test_the_verifier_refuses_a_day_quoted_from_a_title_and_takes_the_requests_own() -> None:
    assert _checked('Rename the event to "Friday drinks"', "Friday", "2026-12-04") == "ungrounded"
    assert _checked("Rename the event to ‘Friday drinks’", "Friday", "2026-12-04") == "ungrounded"
    # the same word said again outside the title is the request's own
    assert _checked('Move "Friday drinks" to Friday', "Friday", "2026-12-04") == "inferred"
    # a quote holding only the day is the value, quoted
    assert _checked('Set it for "Friday"', "Friday", "2026-12-04") == "inferred"
    # an apostrophe is no quote
    assert _checked("Let's meet at John's on Friday", "Friday", "2026-12-04") == "inferred"


def test_the_verifier_refuses_a_house_number_as_a_time() -> None:
    request = parse_request({"input": "Pick me up at 12 Oak Avenue", "referenceTime": REFERENCE},
                            IntentConfig(schema={"type": "object", "properties": {"when": {"type": "string",
                                                                                          "format": "time"}}}))
    item = {"field": "when", "value": "12:00:00Z", "evidence": "at 12", "source": "input", "pointer": None,
            "candidates": None}
    time_schema = {"type": "string", "format": "time"}
    assert check_field_value(item, time_schema, request, "/intents/0/fields/0").status == "ungrounded"
    request = parse_request({"input": "Pick me up at 12 today", "referenceTime": REFERENCE},
                            IntentConfig(schema={"type": "object", "properties": {"when": time_schema}}))
    assert check_field_value(item, time_schema, request, "/intents/0/fields/0").status == "inferred"


@pytest.mark.parametrize(("text", "phrase", "foreign"), [
    ('Rename it "Friday drinks" please', "Friday", True),
    ("Rename it “Friday drinks” please", "Friday", True),
    ("Rename it 'Friday drinks' please", "Friday", True),
    ("Rename it ‘Friday drinks’ please", "Friday", True),
    ('Set it for "7am"', "7am", False),  # the value itself, quoted
    ('"Book a table for tomorrow"', "tomorrow", False),  # the whole request quoted
    ("Let's meet at John's on Friday", "Friday", False),  # apostrophes, no quote
    ("Meet at 5 o'clock on Friday, the boys' night", "Friday", False),
    ("Pick me up at 12 Oak Avenue", "12", True),
    ("Deliver to 221B Baker Street at 5pm", "5pm", False),
    ("Pick me up at 12 on Oak Avenue", "12", False),  # "on": no house number
])
def test_which_words_are_not_the_requests_own(text: str, phrase: str, foreign: bool) -> None:
    from intent.normalize import address_numbers, foreign_to_request, quoted_spans

    start = text.index(phrase)
    assert foreign_to_request(text, start, start + len(phrase), quoted_spans(text), address_numbers(text)) is foreign


@pytest.mark.parametrize(("text", "read"), [
    # after "from", a clock counted from an hour is one time, not the start of a range
    ("Show my messages from a quarter to noon", [("a quarter to noon", (11, 45))]),
    ("Show my messages from twenty after 3pm", [("twenty after 3pm", (15, 20))]),
    ("Show my messages from 20 minutes to 2pm", [("20 minutes to 2pm", (13, 40))]),
    ("Book the room between twenty to 3 and 4pm", [("twenty to 3", (14, 40)), ("4pm", (16, 0))]),
    ("Book the room from ten to five", []),  # a range without am/pm: not read as 4:50
    ("Book the room 9:30 till 10pm", [("9:30", (21, 30)), ("10pm", (22, 0))]),  # not "30 minutes till 10pm"
    ("Leave at 10 to 8pm", [("10 to 8pm", (19, 50))]),
])
def test_a_clock_counted_from_an_hour_is_read_whole_after_from(text: str, read: list[tuple[str, tuple[int, int]]]
                                                              ) -> None:
    reference = datetime(2026, 11, 30, 10, tzinfo=timezone.utc)
    mentions = read_temporal(text, reference)
    assert [(text[m.start:m.end], m.readings[0].clock) for m in mentions] == read


def test_wrappers_score_each_request_and_tell_the_sentence_direction_from_the_words() -> None:
    from bench.time_eval import wrapper_report, wrapper_scores

    monday = _monday_said_on_tuesday()  # read alone: the one just gone or the coming one
    tomorrow = Phrase("day after tomorrow 5pm", datetime(2013, 2, 12, 4, 30, tzinfo=timezone.utc),
                      datetime(2013, 2, 14, 17, tzinfo=timezone.utc), False, "sample")
    scores = wrapper_scores([monday, tomorrow], ["Remind me {phrase}", "What did I spend {phrase}?"])
    ahead, back = scores
    assert ahead.counts == {"right": 2}
    # looking back, "monday" is the Monday just gone (the sentence's direction, not the words around
    # it); "day after tomorrow 5pm" names its own day whichever way the sentence looks
    assert back.counts == {"wrong": 1, "right": 1}
    assert [(p.text, request.values) for p, _, request in back.directed] == [("monday", ["2013-02-11T00:00:00+00:00"])]
    assert back.broken == []
    lines = wrapper_report(scores)
    assert len(lines) == 4 and lines[2].startswith("worst: 'What did I spend {phrase}?'")


def test_wrappers_are_aggregate_only_for_a_held_out_corpus(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "test_date_parser.py"
    corpus.write_text("", encoding="utf-8")
    assert main(["dateparser", str(corpus), "--wrappers", "--compare"]) == 2
    assert "held-out" in capsys.readouterr().err
    assert main(["dateparser", str(corpus), "--wrappers"]) == 0
    out = capsys.readouterr().out
    assert "'Remind me {phrase}': no phrases" in out and "worst:" in out


def _checked_as(schema: dict[str, str], text: str, evidence: str, value: str,
                reference: str = "2026-11-30T10:00:42Z") -> tuple[str, object]:
    request = parse_request({"input": text, "referenceTime": reference},
                            IntentConfig(schema={"type": "object", "properties": {"when": schema}}))
    item = {"field": "when", "value": value, "evidence": evidence, "source": "input", "pointer": None,
            "candidates": None}
    checked = check_field_value(item, schema, request, "/intents/0/fields/0")
    return checked.status, checked.value


DATE_TIME = {"type": "string", "format": "date-time"}
TIME = {"type": "string", "format": "time"}


@pytest.mark.parametrize(("schema", "text", "value", "accepted"), [
    # the right moment in another RFC 3339 spelling: "+00:00" for "Z", a zero fraction, another offset
    (DATE_TIME, "Remind me tomorrow at 3pm", "2026-12-01T15:00:00+00:00", True),
    (DATE_TIME, "Remind me tomorrow at 3pm", "2026-12-01T16:00:00.000+01:00", True),
    (DATE_TIME, "Remind me tomorrow at 3pm", "2026-12-01 15:00:00Z", True),
    (TIME, "Remind me at 3pm", "15:00:00+00:00", True),
    (TIME, "Remind me at 3pm", "16:00:00+01:00", True),
    # a count carries the reference's seconds; to the minute is the same reading, a minute off is not
    (DATE_TIME, "Remind me in 2 hours", "2026-11-30T12:00:00Z", True),
    (DATE_TIME, "Remind me in 2 hours", "2026-11-30T12:01:00Z", False),
    (TIME, "Remind me in 2 hours", "12:00:00Z", True),
    # seconds the words say are never dropped, and another instant is refused
    (DATE_TIME, "Remind me tomorrow at 15:23:24", "2026-12-01T15:23:00Z", False),
    (DATE_TIME, "Remind me tomorrow at 3pm", "2026-12-01T16:00:00+00:00", False),
    (TIME, "Remind me at 3pm", "15:00:00+01:00", False),
    (TIME, "Remind me at 3pm", "3pm", False),
])
def test_the_verifier_judges_a_moment_by_its_instant_not_its_spelling(
        schema: dict[str, str], text: str, value: str, accepted: bool) -> None:
    evidence = text.removeprefix("Remind me ")
    status, verified = _checked_as(schema, text, evidence, value)
    assert (status != "ungrounded") is accepted
    if accepted:  # the result carries the core's own spelling of the reading, in the reference's offset
        assert isinstance(verified, str) and verified.endswith("Z") and "." not in verified and " " not in verified


def test_offered_candidates_are_kept_by_their_moment_and_carried_in_the_core_spelling() -> None:
    schema = DATE_TIME
    request = parse_request({"input": "Call me at 5 tomorrow", "referenceTime": "2026-11-30T10:00:00Z"},
                            IntentConfig(schema={"type": "object", "properties": {"when": schema}}))
    item = {"field": "when", "value": None, "evidence": "at 5 tomorrow", "source": "input", "pointer": None,
            "candidates": ["2026-12-01T05:00:00+00:00", "2026-12-01T17:00:00Z", "2026-12-01T18:00:00Z"]}
    checked = check_field_value(item, schema, request, "/intents/0/fields/0")
    assert checked.status == "ambiguous"
    assert checked.candidates == ["2026-12-01T05:00:00Z", "2026-12-01T17:00:00Z"]


def test_only_a_value_inferred_from_the_reference_time_records_an_inference() -> None:
    schema = {"type": "object", "properties": {"when": DATE}}
    request = parse_request({"input": "Book it tomorrow, or on 2026-12-05", "referenceTime": REFERENCE},
                            IntentConfig(schema=schema))
    item = {"field": "when", "value": "2026-12-01", "evidence": "tomorrow", "source": "input", "pointer": None,
            "candidates": None}
    inferred = check_field_value(item, DATE, request, "/intents/0/fields/0")
    inference = inferred.inference("i1", request)
    assert inference is not None
    assert (inference.value, inference.evidence, inference.target.field, inference.target.intentId) == (
        "2026-12-01", "tomorrow", "when", "i1")
    assert (inference.basis.root, inference.basis.value) == ("referenceTime", REFERENCE)
    stated = check_field_value({**item, "value": "2026-12-05", "evidence": "2026-12-05"}, DATE, request,
                               "/intents/0/fields/0")
    assert stated.status == "found" and stated.basis is None
    assert stated.inference("i1", request) is None


def test_an_inferred_value_its_schema_refuses_records_no_inference() -> None:
    only_saturday = {**DATE, "pattern": "-05$"}
    request = parse_request({"input": "Book it tomorrow", "referenceTime": REFERENCE},
                            IntentConfig(schema={"type": "object", "properties": {"when": only_saturday}}))
    item = {"field": "when", "value": "2026-12-01", "evidence": "tomorrow", "source": "input", "pointer": None,
            "candidates": None}
    refused = check_field_value(item, only_saturday, request, "/intents/0/fields/0")
    assert (refused.status, refused.basis) == ("invalid", "referenceTime")
    assert refused.inference("i1", request) is None


def test_the_requests_own_words_are_found_before_after_and_between_quoted_ones() -> None:
    def own(text: str, schema: dict[str, str], evidence: str, value: str) -> tuple[str, list[tuple[Any, Any]]]:
        request = parse_request({"input": text, "referenceTime": REFERENCE, "output": {"spans": True}},
                                IntentConfig(schema={"type": "object", "properties": {"when": schema}}))
        item = {"field": "when", "value": value, "evidence": evidence, "source": "input", "pointer": None,
                "candidates": None}
        checked = check_field_value(item, schema, request, "/intents/0/fields/0")
        return checked.status, [(ref.start, ref.end) for ref in checked.source_refs]

    # the first "Friday" is a title's, the second the request's own, the third another title's
    assert own('Rename "Friday drinks" to Friday, not "Friday lunch"', DATE, "Friday", "2026-12-04") == (
        "inferred", [(26, 32)])
    # the house number opens the input: the request's own "at 12" comes later
    assert own("at 12 Oak Avenue, pick me up at 12", TIME, "at 12", "12:00:00Z") == ("inferred", [(29, 34)])


def _verdict(item: dict[str, object], schema: Mapping[str, object], text: str = "Remind me on Monday",
             context: dict[str, object] | None = None, spans: bool = False) -> CheckedValue:
    request: dict[str, object] = {"input": text, "referenceTime": "2026-12-02T10:00:00Z", "output": {"spans": spans}}
    if context is not None:
        request["context"] = context
    normalized = parse_request(request, IntentConfig(schema={"type": "object", "properties": {"when": schema}}))
    base = {"field": "when", "source": "input", "pointer": None, "candidates": None, "value": None}
    return check_field_value({**base, **item}, schema, normalized, "/intents/0/fields/0")


def test_a_verdict_carries_its_field_evidence_and_the_input_reference() -> None:
    found = _verdict({"value": "Monday", "evidence": "Monday"}, {"type": "string"})
    assert (found.field, found.status, found.evidence) == ("when", "found", "Monday")
    ref = found.source_refs[0]
    assert (ref.root, ref.pointer, ref.start, ref.end) == ("input", "", None, None)
    spanned = _verdict({"value": "Monday", "evidence": "Monday"}, {"type": "string"}, spans=True)
    ref = spanned.source_refs[0]
    assert (ref.start, ref.end) == (13, 19)
    offered = _verdict({"evidence": "Monday", "candidates": ["2026-12-07", "2026-11-30"]}, DATE)
    assert (offered.field, offered.status, offered.evidence) == ("when", "ambiguous", "Monday")


def test_a_context_value_is_found_by_its_citation_as_it_is_written() -> None:
    flag = _verdict({"value": True, "evidence": "vip", "source": "context", "pointer": "/vip"}, {"type": "boolean"},
                    context={"vip": True, "city": "Paris"})
    assert (flag.field, flag.status, flag.evidence) == ("when", "found", "true")
    city = _verdict({"value": "Paris", "evidence": "city", "source": "context", "pointer": "/city"},
                    {"type": "string"}, context={"vip": True, "city": "Paris"})
    assert (city.status, city.evidence) == ("found", "Paris")
    # candidates cited from the context are offered as they are (no reading of the words applies)
    both = _verdict({"evidence": "city", "source": "context", "pointer": "/city", "candidates": ["Paris", "Lyon"]},
                    {"type": "string"}, context={"city": "Paris or Lyon"})
    assert (both.status, both.candidates) == ("ambiguous", ["Paris", "Lyon"])
    # a list cited whole is found by its citation (no spelling of it stands in the evidence)
    tags = _verdict({"value": ["a", "b"], "evidence": "tags", "source": "context", "pointer": "/tags"},
                    {"type": "array"}, context={"tags": ["a", "b"]})
    assert tags.status == "found"
    # days cited from the context are the context's: its words are not read as the input's are
    days = _verdict({"evidence": "dates", "source": "context", "pointer": "/dates",
                     "candidates": ["2026-12-07", "2026-12-08"]}, DATE, context={"dates": "either of the two"})
    assert (days.status, days.candidates) == ("ambiguous", ["2026-12-07", "2026-12-08"])


def test_offered_days_follow_the_sentence_cue_around_the_quote() -> None:
    # "I met her on Monday" looks back: only the Monday just gone is a reading of it
    past = _verdict({"evidence": "Monday", "candidates": ["2026-11-30", "2026-12-07"]}, DATE,
                    text="I met her on Monday")
    assert (past.status, past.candidates) == ("ambiguous", ["2026-11-30"])


def test_a_moment_proposed_as_a_number_is_refused_and_an_invalid_value_says_why() -> None:
    number = _verdict({"value": 1764669600, "evidence": "Monday at 3pm"}, DATE_TIME, text="Remind me on Monday at 3pm")
    assert number.status == "ungrounded"
    assert _verdict({"value": "2026-12-07T15:00:00Z", "evidence": "Monday at 3pm"}, DATE_TIME,
                    text="Remind me on Monday at 3pm").status == "inferred"
    bounded = {"type": "string", "format": "date", "maxLength": 5}
    invalid = _verdict({"value": "2026-12-07", "evidence": "on Monday"}, bounded, text="Remind me on Monday")
    assert invalid.status == "invalid" and "long" in invalid.reason
    huge = {"type": "string", "enum": ["x" * 300]}
    refused = _verdict({"value": "Monday", "evidence": "Monday"}, huge)
    assert refused.status == "invalid" and len(refused.reason) == 200
