"""``bench.time_eval`` reads both corpus formats and scores right, wrong, ambiguous and unresolved."""

from __future__ import annotations

from pathlib import Path

from bench.time_eval import ctparse_phrases, duckling_phrases, main, score

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


def test_missing_data_is_a_clear_error(tmp_path: Path, capsys: object) -> None:
    assert main(["duckling", str(tmp_path / "absent.hs")]) == 2
