"""``bench.time_eval`` reads ctparse-style annotated time records: text, reference, expected value, grain."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bench.time_eval import HELD_OUT_CORPORA, TIME_ONLY_DAY, main, timeparse_phrases
from bench.timeparse_time_corpus import read_timeparse

UTC = timezone.utc
REF = "2017-11-06T10:57:20"  # a Monday
REFERENCE = datetime(2017, 11, 6, 10, 57, 20, tzinfo=UTC)


def _record(text: str, gold: str, language: str = "en", ref: str = REF) -> dict[str, str]:
    return {"text": text, "ref_time": ref, "gold_parse": gold, "language": language}


# Written for these tests in the layout of the data set's records (not taken from it).
RECORDS = [
    _record("Friday 10 November", "Time[]{2017-11-10 X:X (X/X)}"),
    _record("tomorrow at 9.30", "Time[]{2017-11-07 09:30 (X/X)}"),
    _record("on  14/11/2017 6:00PM", "Time[]{2017-11-14 18:00 (X/X)}"),
    _record("around 3pmWednesday", "Time[]{2017-11-08 15:00 (X/X)}"),  # "3pm" is no day number
    _record("the 20th at 17.30h", "Time[]{2017-11-20 17:30 (X/X)}"),
    _record("may we go on the 9th", "Time[]{2017-11-09 X:X (X/X)}"),  # "may" is no month here
    _record("6pm", "Time[]{X-X-X 18:00 (X/X)}"),
    _record("we would like to travel on 9 November", "Time[]{2017-11-09 X:X (X/X)}"),
    _record("Freitag 10.11.", "Time[]{2017-11-10 X:X (X/X)}", language="de"),
    _record("10 NOV, 12:00", "Time[]{2017-11-10 12:00 (X/X)}", language="other"),
    _record("10 - 12 November", "Interval[]{2017-11-10 X:X (X/X) - 2017-11-12 X:X (X/X)}"),
    _record("after 6pm", "Interval[]{2017-11-06 18:00 (X/X) - None}"),
    _record("2 nights", "Duration[]{2 nights}"),
    _record("Tuesday evening", "Time[]{2017-11-07 X:X (X/evening)}"),
    _record("last flight on the 9th", "Time[]{2017-11-09 X:X (X/last)}"),
    _record("in November", "Time[]{2017-11-X X:X (X/X)}"),
    _record("the 9th at 6", "Time[]{2017-11-09 18:X (X/X)}"),
    _record("Friday 9 November", "Time[]{2017-11-09 X:X (X/X)}"),  # the 9th is a Thursday
    _record("9 December", "Time[]{2017-11-09 X:X (X/X)}"),
    _record("8 Nov 1015", "Time[]{2017-11-09 10:15 (X/X)}"),
    _record("Friday 10 November", "Time[]{2017-11-10 X:X (X/X)}"),
    _record("12.11.", "Time[]{2017-11-12 X:X (X/X)}"),
    _record("12.11.", "Time[]{2017-12-11 X:X (X/X)}"),
    _record("12.11.", "Time[]{2017-11-12 X:X (X/X)}", ref="2017-11-07T08:00:00"),
    _record("soon", "Something[]{}"),
]


def _write(tmp_path: Path, records: list[dict[str, str]] = RECORDS) -> Path:
    path = tmp_path / "timeparse_corpus.json"
    path.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    return path


def test_records_are_read_with_their_reference_and_grain(tmp_path: Path) -> None:
    corpus = read_timeparse([_write(tmp_path)])
    rows = {(c.text, c.reference): (c.expected, c.grain) for c in corpus.cases}
    assert rows[("Friday 10 November", REFERENCE)] == (datetime(2017, 11, 10, tzinfo=UTC), "day")
    assert rows[("tomorrow at 9.30", REFERENCE)] == (datetime(2017, 11, 7, 9, 30, tzinfo=UTC), "moment")
    assert rows[("on 14/11/2017 6:00PM", REFERENCE)] == (datetime(2017, 11, 14, 18, tzinfo=UTC), "moment")
    assert rows[("around 3pmWednesday", REFERENCE)] == (datetime(2017, 11, 8, 15, tzinfo=UTC), "moment")
    assert rows[("the 20th at 17.30h", REFERENCE)] == (datetime(2017, 11, 20, 17, 30, tzinfo=UTC), "moment")
    assert rows[("may we go on the 9th", REFERENCE)] == (datetime(2017, 11, 9, tzinfo=UTC), "day")
    assert rows[("6pm", REFERENCE)] == (datetime(2017, 11, 6, 18, tzinfo=UTC), "time")  # on the reference's day
    assert rows[("12.11.", datetime(2017, 11, 7, 8, tzinfo=UTC))] == (datetime(2017, 11, 12, tzinfo=UTC), "day")
    assert len(rows) == 9 and len(corpus.cases) == 9
    assert corpus.dropped == Counter({
        "a record in another language (de)": 1,
        "a record in another language (other)": 1,
        "an interval (two ends, or one open)": 2,
        "a duration": 1,
        "a part of day with no clock time (its hour is a convention)": 1,
        "the first or last of a day (a flight) with no clock time": 1,
        "a day not fully given (a year, a month or a day missing)": 1,
        "a clock hour with no minute": 1,
        "a weekday written that is not the annotated day's (the words or the annotation disagree)": 1,
        "a month named that is not the annotated one": 1,
        "day numbers written, none of them the annotated day of the month": 1,
        "a repeat of a text with the same reference": 2,
        "repeats of a text with the same reference, annotated differently": 1,
        "an annotation the reader does not follow": 1,
    })
    assert sum(corpus.dropped.values()) + len(corpus.cases) == len(RECORDS)  # each record once
    assert ("timeparse_corpus.json:19", "9 December", "a month named that is not the annotated one") \
        in corpus.dropped_at


def test_phrases_keep_times_of_day_only_with_times_and_count_long_ones(tmp_path: Path) -> None:
    path = _write(tmp_path)
    phrases, dropped = timeparse_phrases([path])
    assert "6pm" not in [p.text for p in phrases] and dropped["a time of day (kept with --times)"] == 1
    assert dropped["more than six words"] == 1 and len(phrases) == 7
    with_times, _ = timeparse_phrases([path], times=True)
    assert [(p.text, p.expected) for p in with_times if p.time_only] == [
        ("6pm", datetime(*TIME_ONLY_DAY, 18, tzinfo=UTC))]
    assert {p.text: p.day_grain for p in with_times}["Friday 10 November"] is True


def test_timeparse_is_held_out_and_shows_only_aggregates(tmp_path: Path, capsys: Any) -> None:
    path = str(_write(tmp_path))
    assert "timeparse" in HELD_OUT_CORPORA
    for refused in ("--failures", "--compare", "--conventions", "--ambiguity"):
        assert main(["timeparse", path, *([refused, "5"] if refused == "--failures" else [refused])]) == 2
        assert "held-out" in capsys.readouterr().err
    assert main(["timeparse", path, "--times"]) == 0
    out = capsys.readouterr().out
    assert "8 phrases read, 17 cases left out" in out
    assert "read as: 3 days, 4 moments, 1 times of day" in out and "time grammar: 8 phrases" in out
