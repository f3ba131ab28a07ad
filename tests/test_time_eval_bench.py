"""``bench.time_eval`` reads both corpus formats and scores right, wrong, ambiguous and unresolved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.time_eval import (
    _pipeline_readings,
    _readings,
    ctparse_phrases,
    direction_outcome,
    duckling_phrases,
    exclude_phrases,
    main,
    normalized,
    recognizers_direction_phrases,
    recognizers_phrases,
    recognizers_texts,
    score,
)

DUCKLING_SAMPLE = """
corpus :: Corpus
allExamples :: [Example]
allExamples = concat
  [ examples (datetime (2013, 2, 13, 0, 0, 0) Day)
             [ "tomorrow"
             , "the day after today and then some more words"
             ]
  , examples (datetime (2013, 2, 12, 15, 0, 0) Hour)
             [ "at 3pm"
             , "at 3"
             ]
  , examples (datetimeHoliday (2013, 12, 25, 0, 0, 0) Day "Christmas")
             [ "xmas"
             ]
  , examples (datetimeHoliday (2013, 8, 8, 0, 0, 0) Day "Eid al-Fitr")
             [ "eid"
             ]
  , examples (datetime (2013, 2, 1, 0, 0, 0) Month)
             [ "february"
             ]
  ]
"""
CTPARSE_SAMPLE = """corpus = [
    ("Time[]{2018-03-08 X:X (X/X)}", "2018-03-07T12:43", ["tomorrow", "morgen"]),
    ("Time[]{2018-03-07 20:00 (X/X)}", "2018-03-07T12:43", ["8pm"]),
    ("Interval[]{2018-03-07 X:X (X/X) - 2018-03-09 X:X (X/X)}", "2018-03-07T12:43", ["till friday"]),
]
"""


def test_duckling_points_are_read_and_scored(tmp_path: Path) -> None:
    path = tmp_path / "Corpus.hs"
    path.write_text(DUCKLING_SAMPLE)
    phrases = duckling_phrases(path)
    assert [p.text for p in phrases] == ["tomorrow", "at 3pm", "at 3", "xmas"]  # simple, Gregorian, points
    assert len(duckling_phrases(path, include_all=True)) == 5
    counts, misses = score(phrases)
    assert counts == {"right": 3, "ambiguous": 1}
    assert [m[0].text for m in misses] == ["at 3"]


def test_ctparse_english_time_entries(tmp_path: Path) -> None:
    path = tmp_path / "corpus.py"
    path.write_text(CTPARSE_SAMPLE)
    phrases = ctparse_phrases([path])
    assert [(p.text, p.day_grain) for p in phrases] == [("tomorrow", True), ("8pm", False)]
    counts, _ = score(phrases)
    assert counts == {"right": 2}


RECOGNIZERS_MODEL = """[
  {"Input": "see you tomorrow", "Context": {"ReferenceDateTime": "2026-11-30T10:00:00"},
   "Results": [{"Text": "tomorrow", "TypeName": "datetimeV2.date",
                "Resolution": {"values": [{"timex": "2026-12-01", "type": "date", "value": "2026-12-01"}]}}]},
  {"Input": "call friday at 8pm", "Context": {"ReferenceDateTime": "2026-11-30T10:00:00"},
   "Results": [{"Text": "friday at 8pm", "TypeName": "datetimeV2.datetime",
                "Resolution": {"values": [{"timex": "X", "type": "datetime", "value": "2026-11-27 20:00:00"},
                                          {"timex": "X", "type": "datetime", "value": "2026-12-04 20:00:00"}]}}]},
  {"Input": "before monday", "Context": {"ReferenceDateTime": "2026-11-30T10:00:00"},
   "Results": [{"Text": "before monday", "TypeName": "datetimeV2.date",
                "Resolution": {"values": [{"timex": "X", "Mod": "before", "type": "date", "value": "2026-12-07"}]}}]},
  {"Input": "the day after tomorrow at 3pm", "Context": {"ReferenceDateTime": "2026-11-30T10:00:00"},
   "Results": [{"Text": "the day after tomorrow at 3pm", "TypeName": "datetimeV2.datetime",
                "Resolution": {"values": [{"timex": "X", "type": "datetime", "value": "2026-12-02 15:00:00"}]}}]}
]"""
RECOGNIZERS_PARSER = """[
  {"Input": "on the 5th", "Context": {"ReferenceDateTime": "2026-11-30T10:00:00"},
   "Results": [{"Text": "the 5th", "Type": "date", "Value": {"Timex": "XXXX-XX-05",
                "FutureResolution": {"date": "2026-12-05"}, "PastResolution": {"date": "2026-11-05"}}}]},
  {"Input": "on dec 5 2026", "Context": {"ReferenceDateTime": "2026-11-30T10:00:00"},
   "Results": [{"Text": "dec 5 2026", "Type": "date", "Value": {"Timex": "2026-12-05",
                "FutureResolution": {"date": "2026-12-05"}, "PastResolution": {"date": "2026-12-05"}}}]},
  {"Input": "on feb 30", "Context": {"ReferenceDateTime": "2026-11-30T10:00:00"},
   "Results": [{"Text": "feb 30", "Type": "date", "Value": {"Timex": "XXXX-02-30",
                "FutureResolution": {"date": "0001-01-01"}, "PastResolution": {"date": "0001-01-01"}}}]}
]"""


def test_recognizers_specs_keep_single_days_and_moments(tmp_path: Path) -> None:
    model, parser = tmp_path / "DateTimeModel.json", tmp_path / "DateParser.json"
    model.write_text(RECOGNIZERS_MODEL, encoding="utf-8")
    parser.write_text(RECOGNIZERS_PARSER, encoding="utf-8")
    phrases = recognizers_phrases([model, parser])
    # two readings (past and future), a bound ("before") and "no date" (0001-01-01) are left out
    assert [(p.text, p.day_grain) for p in phrases] == [
        ("tomorrow", True), ("the day after tomorrow at 3pm", False), ("dec 5 2026", True)
    ]
    counts, _ = score(phrases)
    assert counts == {"right": 3}


def test_missing_data_is_a_clear_error(tmp_path: Path, capsys: object) -> None:
    assert main(["duckling", str(tmp_path / "absent.hs")]) == 2


RECOGNIZERS_HELD_OUT = """[
  {"Input": "see you Tomorrow!", "Context": {"ReferenceDateTime": "2026-11-30T10:00:00"},
   "Results": [{"Text": "tomorrow", "TypeName": "datetimeV2.date",
                "Resolution": {"values": [{"timex": "2026-12-01", "type": "date", "value": "2026-12-01"}]}}]}
]"""
RECOGNIZERS_TIMES = """[
  {"Input": "wake me at 7pm", "Results": [{"Text": "7pm", "Type": "time", "Value": {"Timex": "T19",
    "FutureResolution": {"time": "19:00:00"}, "PastResolution": {"time": "19:00:00"}}}]},
  {"Input": "at 5:30 then", "Results": [{"Text": "5:30", "Type": "time", "Value": {"Timex": "T05:30",
    "FutureResolution": {"time": "05:30:00"}, "PastResolution": {"time": "05:30:00"}}}]},
  {"Input": "on the 5th", "Results": [{"Text": "the 5th", "Type": "date", "Value": {"Timex": "XXXX-XX-05",
    "FutureResolution": {"date": "2026-12-05"}, "PastResolution": {"date": "2026-12-05"}}}]}
]"""


def test_exclude_from_drops_phrases_whose_text_or_input_is_held_out(tmp_path: Path, capsys: Any) -> None:
    tuning, held = tmp_path / "DateTimeModelOther.json", tmp_path / "DateTimeModel.json"
    tuning.write_text(RECOGNIZERS_MODEL, encoding="utf-8")
    held.write_text(RECOGNIZERS_HELD_OUT, encoding="utf-8")
    phrases = recognizers_phrases([tuning])
    texts = recognizers_texts([held])
    assert {"see you tomorrow", "tomorrow"} <= texts  # case and punctuation do not tell phrases apart
    kept = exclude_phrases(phrases, texts)
    assert [p.text for p in kept] == ["the day after tomorrow at 3pm"]
    # a phrase found in another input is dropped when that input is held out, whatever its own text
    kept = exclude_phrases(phrases, {normalized("The day after tomorrow at 3PM.")})
    assert [p.text for p in kept] == ["tomorrow"]
    assert main(["recognizers", str(tuning), "--exclude-from", str(held)]) == 0
    out = capsys.readouterr().out
    assert "1 of 2 phrases dropped" in out and "1 phrases  right 100.0%" in out


def test_times_of_day_are_read_by_a_time_field(tmp_path: Path) -> None:
    path = tmp_path / "TimeParser.json"
    path.write_text(RECOGNIZERS_TIMES, encoding="utf-8")
    assert recognizers_phrases([path]) == []  # no reference time and no time of day asked for
    phrases = recognizers_phrases([path], times=True)
    assert [(p.text, p.time_only) for p in phrases] == [("7pm", True), ("5:30", True)]
    counts, _ = score(phrases)
    assert counts == {"right": 1, "ambiguous": 1}  # "5:30" may be morning or evening


RECOGNIZERS_DIRECTIONS = """[
  {"Input": "I went back for the 27th", "Context": {"ReferenceDateTime": "2026-12-03T00:00:00"},
   "Results": [{"Text": "the 27th", "Type": "date", "Value": {"Timex": "XXXX-XX-27",
                "FutureResolution": {"date": "2026-12-27"}, "PastResolution": {"date": "2026-11-27"}}}]},
  {"Input": "Book it for monday", "Context": {"ReferenceDateTime": "2026-12-03T00:00:00"},
   "Results": [{"Text": "monday", "Type": "date", "Value": {"Timex": "XXXX-WXX-1",
                "FutureResolution": {"date": "2026-12-07"}, "PastResolution": {"date": "2026-11-30"}}}]},
  {"Input": "on dec 5 2026", "Context": {"ReferenceDateTime": "2026-12-03T00:00:00"},
   "Results": [{"Text": "dec 5 2026", "Type": "date", "Value": {"Timex": "2026-12-05",
                "FutureResolution": {"date": "2026-12-05"}, "PastResolution": {"date": "2026-12-05"}}}]}
]"""


def test_directions_take_the_phrases_whose_past_and_future_differ(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "DateParser.json"
    path.write_text(RECOGNIZERS_DIRECTIONS, encoding="utf-8")
    phrases = recognizers_direction_phrases([path])
    assert [(p.text, p.expected.date().isoformat(), p.past.date().isoformat() if p.past else None)
            for p in phrases] == [("the 27th", "2026-12-27", "2026-11-27"), ("monday", "2026-12-07", "2026-11-30")]
    # alone, with no cue, both readings are offered; in the sentence its tense picks one
    assert [direction_outcome(_readings(p), p) for p in phrases] == ["both offered", "both offered"]
    assert [direction_outcome(_pipeline_readings(p), p) for p in phrases] == ["the past one", "the future one"]
    assert main(["recognizers", str(path), "--directions"]) == 0
    out = capsys.readouterr().out
    assert "2 phrases whose past and future resolutions differ (as field evidence): both offered 2" in out


def test_conventions_puts_each_phrase_in_its_form_class_by_where_its_day_falls() -> None:
    from datetime import datetime, timezone

    from bench.time_conventions import convention_class, convention_table, relation
    from bench.time_eval import Phrase

    thursday = datetime(2026, 12, 3, 10, 0, tzinfo=timezone.utc)
    assert convention_class("Monday", thursday) == "bare <weekday>, earlier this week"
    assert convention_class("on thu", thursday) == "bare <weekday>, that weekday"
    assert convention_class("next Friday", thursday) == "next <weekday>, later this week"
    assert convention_class("friday next week", thursday) == "<weekday> next week"
    assert convention_class("Nov 20", thursday) == "<month> <day> without a year, gone within a month"
    assert convention_class("the 25th", thursday) == "the <Nth>, ahead"
    assert convention_class("past Tuesday", thursday) == "past <weekday>, earlier this week"
    assert convention_class("previous fri", thursday) == "previous <weekday>, later this week"
    # ahead this year, and last year's as near or nearer (said on a Thursday early in January)
    january = datetime(2016, 1, 7, tzinfo=timezone.utc)
    assert convention_class("1 september", january) == (
        "<month> <day> without a year, ahead, last year's as near or nearer")
    assert convention_class("March 3", january) == "<month> <day> without a year, ahead"
    assert convention_class("tomorrow", thursday) is None
    assert relation(datetime(2026, 11, 30, tzinfo=timezone.utc), thursday) == "-3d"
    phrases = [
        Phrase("at 8am", thursday, datetime(2026, 12, 4, 8, 0, tzinfo=timezone.utc), False, "t"),
        Phrase("at 7pm", thursday, datetime(2026, 12, 3, 19, 0, tzinfo=timezone.utc), False, "t"),
        Phrase("Monday", thursday, datetime(2026, 12, 7, tzinfo=timezone.utc), True, "t"),
    ]
    table = convention_table(phrases, lambda p: "right" if p.text == "at 8am" else "wrong")
    assert table["a clock time without a day, already past that day"] == ({"+1d 08:00": 1}, {"right": 1})
    assert table["a clock time without a day, still to come that day"] == ({"+0d 19:00": 1}, {"wrong": 1})
    assert table["bare <weekday>, earlier this week"][0] == {"+4d": 1}


def test_conventions_report_is_refused_for_a_held_out_corpus(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "test_date_parser.py"
    path.write_text("", encoding="utf-8")
    assert main(["dateparser", str(path), "--conventions"]) == 2
    assert "held-out" in capsys.readouterr().err


def test_conventions_report_prints_a_line_per_form_class(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "corpus.hs"
    path.write_text(DUCKLING_SAMPLE, encoding="utf-8")
    assert main(["duckling", str(path), "--conventions"]) == 0
    assert "a clock time without a day, still to come that day: expected {'+0d 15:00'" in capsys.readouterr().out
