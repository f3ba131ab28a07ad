"""Declared ambiguity by form class: the bench's table (``bench.ambiguity_classes``, ``--ambiguity``) and
the one class read one way, a clock written with minutes beside a written date (``temporal/stamps.py``),
judged by the verifier in both directions."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from bench.ambiguity_classes import ambiguity_dimensions, ambiguity_table, written_clock, written_order
from bench.time_eval import Phrase, main
from intent import Intent, IntentConfig
from intent.normalize import derive_values
from intent.request import parse_request
from intent.resolve import check_field_value

UTC = timezone.utc
REFERENCE = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)  # a Monday
DATE_TIME = {"type": "string", "format": "date-time"}


def _at(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def test_dimensions_name_how_the_candidates_differ_and_which_one_the_corpus_expects() -> None:
    dotted = ambiguity_dimensions("8.5.2018", REFERENCE, [_at(2018, 5, 8), _at(2018, 8, 5)], _at(2018, 5, 8))
    assert dotted == [("order: numeric date with dots", "day-first")]
    slashed = ambiguity_dimensions("8/5/2018", REFERENCE, [_at(2018, 5, 8), _at(2018, 8, 5)], _at(2018, 8, 5))
    assert slashed == [("order: numeric date with slashes", "month-first")]
    clock = ambiguity_dimensions("may 27 79 4:30", REFERENCE, [_at(1979, 5, 27, 4, 30), _at(1979, 5, 27, 16, 30)],
                                 _at(1979, 5, 27, 16, 30), day_grain=False)
    assert clock == [("half-day: H:MM with a calendar date, hour 1-6", "the other half of the day")]
    weekday = ambiguity_dimensions("Friday 8:30", REFERENCE, [_at(2026, 12, 4, 8, 30), _at(2026, 12, 4, 20, 30)],
                                   _at(2026, 12, 4, 8, 30), day_grain=False)
    assert weekday == [("half-day: H:MM with a day word, hour 7-11", "as written")]
    year = ambiguity_dimensions("aug 3", REFERENCE, [_at(2026, 8, 3), _at(2027, 8, 3)], _at(2027, 8, 3))
    assert year == [("year: a month-day without a year", "the later")]
    midnight = ambiguity_dimensions("jan 3 2010 midnight", REFERENCE, [_at(2010, 1, 3), _at(2010, 1, 4)],
                                    _at(2010, 1, 4), day_grain=False)
    assert midnight == [("day: midnight with a date", "the end of the day named")]
    # a date order and a half of the day at once: each dimension counted, the expected one on each
    both = ambiguity_dimensions("01-06-2016 10:16", REFERENCE,
                                [_at(2016, 1, 6, 10, 16), _at(2016, 1, 6, 22, 16), _at(2016, 6, 1, 10, 16),
                                 _at(2016, 6, 1, 22, 16)], _at(2016, 6, 1, 10, 16), day_grain=False)
    assert both == [("half-day: H:MM with a calendar date, hour 7-11", "as written"),
                    ("order: numeric date with dashes", "day-first")]
    assert ambiguity_dimensions("8.5.2018", REFERENCE, [_at(2018, 5, 8)], _at(2018, 5, 8)) == []
    missed = ambiguity_dimensions("5/1/13", REFERENCE, [_at(2013, 5, 1), _at(2013, 1, 5)], _at(2013, 4, 30))
    assert missed == [("order: numeric date with slashes, two-digit year", "none of them")]


def test_written_forms_give_the_order_and_half_of_the_day_a_corpus_writes() -> None:
    assert written_order("23.04.2018 11:00", _at(2018, 4, 23, 11)) == (
        "numeric date with dots, one part above 12", "day-first")
    assert written_order("10.31.1974", _at(1974, 10, 31)) == (
        "numeric date with dots, one part above 12", "month-first")
    assert written_order("16-04-19", _at(2016, 4, 19)) == (
        "numeric date with dashes, two-digit year, one part above 12", "year-first")
    assert written_order("3 days", _at(2018, 4, 23)) is None
    assert written_order("from 3-5", _at(2018, 4, 23)) is None  # the numbers are not the expected date's
    assert written_clock("10 OCT, 10:30", _at(2017, 10, 10, 10, 30)) == (
        "H:MM with a calendar date, hour 7-11", "as written")
    assert written_clock("may 27 79 4:30", _at(1979, 5, 27, 16, 30)) == (
        "H:MM with a calendar date, hour 1-6", "the other half of the day")
    assert written_clock("Dec 5 at 4:30pm", _at(2026, 12, 5, 16, 30)) is None  # am/pm said: no question
    assert written_clock("Dec 5 at 14:30", _at(2026, 12, 5, 14, 30)) is None  # a 24-hour hour: no question


def test_table_counts_ambiguous_phrases_by_class_and_every_numeric_date_by_order() -> None:
    phrases = [
        Phrase("8.5.2018", REFERENCE, _at(2018, 5, 8), True, "t"),
        Phrase("9.8.2013", REFERENCE, _at(2013, 8, 9), True, "t"),
        Phrase("23.04.2018", REFERENCE, _at(2018, 4, 23), True, "t"),
    ]
    readings = {"8.5.2018": [_at(2018, 5, 8), _at(2018, 8, 5)], "9.8.2013": [_at(2013, 8, 9), _at(2013, 9, 8)],
                "23.04.2018": [_at(2018, 4, 23)]}
    ambiguous, written = ambiguity_table(phrases, lambda p: readings[p.text])
    assert ambiguous == {"order: numeric date with dots": {"day-first": 2}}
    assert written == {"numeric date with dots, both parts 12 or below": {"day-first": 2},
                       "numeric date with dots, one part above 12": {"day-first": 1}}


DUCKLING = """
corpus :: Corpus
allExamples :: [Example]
allExamples = concat
  [ examples (datetime (2013, 2, 15, 10, 30, 0) Minute)
             [ "Feb 15, 10:30"
             , "Feb 15 4:30"
             ]
  ]
"""


def test_ambiguity_report_prints_the_classes_and_is_refused_for_held_out_corpora(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "corpus.hs"
    path.write_text(DUCKLING, encoding="utf-8")
    assert main(["duckling", str(path), "--ambiguity"]) == 0
    out = capsys.readouterr().out
    # the written date's 10:30 is read one way now; 4:30 stays both (and is not 10:30, so "none of them")
    assert "ambiguous, half-day: H:MM with a calendar date, hour 1-6: expected {'none of them': 1}" in out
    assert "written, H:MM with a calendar date, hour 7-11: {'as written': 1}" in out
    assert "hour 7-11: expected" not in out
    held_out = tmp_path / "test_date_parser.py"
    held_out.write_text("", encoding="utf-8")
    assert main(["dateparser", str(held_out), "--ambiguity"]) == 2
    assert "held-out" in capsys.readouterr().err


# The adopted class: the morning's reading only. Beside it, forms that keep both halves of the day.
@pytest.mark.parametrize(("phrase", "expected"), [
    ("10 Dec, 10:30", ["2026-12-10T10:30:00Z"]),
    ("Jan 4 2027, 9:30", ["2027-01-04T09:30:00Z"]),
    ("14DEC 7:50", ["2026-12-14T07:50:00Z"]),
    ("10:25 Thursday, 17 December 2026", ["2026-12-17T10:25:00Z"]),
    ("Dec 24 at 4:30", ["2026-12-24T04:30:00Z", "2026-12-24T16:30:00Z"]),  # 1 to 6: readers split
    ("Dec 24 at 9", ["2026-12-24T09:00:00Z", "2026-12-24T21:00:00Z"]),  # no minutes: "at 5"
    ("Friday 8:30", ["2026-12-04T08:30:00Z", "2026-12-04T20:30:00Z"]),  # a weekday only
    ("tomorrow 9:30", ["2026-12-01T09:30:00Z", "2026-12-01T21:30:00Z"]),
])
def test_a_clock_with_minutes_beside_a_written_date_is_the_mornings(phrase: str, expected: list[str]) -> None:
    values = [d.value for d in derive_values(phrase, DATE_TIME, reference_time=REFERENCE)]
    assert sorted(values) == expected


def _verdict(phrase: str, value: str) -> str:
    intent = Intent(IntentConfig(schema={"type": "object", "properties": {"when": DATE_TIME}}))
    request = parse_request({"input": f"Book it for {phrase}", "referenceTime": REFERENCE.isoformat()}, intent.config)
    item = {"field": "when", "value": value, "evidence": phrase, "source": "input", "pointer": None}
    return check_field_value(item, DATE_TIME, request, "/intents/0/fields/0").status


def test_the_verifier_accepts_the_morning_of_a_written_stamp_and_refuses_the_evening() -> None:
    assert _verdict("10 Dec, 10:30", "2026-12-10T10:30:00Z") in ("found", "inferred")
    assert _verdict("10 Dec, 10:30", "2026-12-10T22:30:00Z") == "ungrounded"
    assert _verdict("Jan 4 2027, 9:30", "2027-01-04T09:30:00+00:00") in ("found", "inferred")
    assert _verdict("Jan 4 2027, 9:30", "2027-01-04T21:30:00Z") == "ungrounded"
    # where both halves stay, the verifier accepts either
    assert _verdict("Dec 24 at 4:30", "2026-12-24T16:30:00Z") in ("found", "inferred")
    assert _verdict("Dec 24 at 4:30", "2026-12-24T04:30:00Z") in ("found", "inferred")
    assert _verdict("Friday 8:30", "2026-12-04T20:30:00Z") in ("found", "inferred")


def test_a_request_fills_the_morning_of_a_written_stamp() -> None:
    import anyio

    intent = Intent(IntentConfig(schema={"type": "object", "properties": {"when": DATE_TIME}}))
    result = anyio.run(intent.parse, {"input": "Book the flight for 10 Dec, 10:30",
                                      "referenceTime": REFERENCE.isoformat()}).to_dict()
    field = next(f for f in result["fieldResults"] if f["field"] == "when")
    assert field["value"] == "2026-12-10T10:30:00Z" and not field.get("candidates")
