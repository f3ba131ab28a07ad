"""``bench.time_eval`` reads Chronic-style parsing tests: phrase, reference, expected value and grain."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

from bench.chronic_corpus import CHRONIC_REFERENCE, read_chronic
from bench.time_eval import chronic_phrases, score

UTC = timezone.utc

# Written for these tests in the syntax of Chronic's test file (not taken from it).
CHRONIC_SAMPLE = """require 'helper'

class TestSample < TestCase
  TIME_2006_08_16_14_00_00 = Time.local(2006, 8, 16, 14, 0, 0, 0)

  def test_days_and_moments
    time = parse_now("thursday")  # a day: Chronic's noon
    assert_equal Time.local(2006, 8, 17, 12), time

    time = parse_now("aug 19 at 7:15pm", :context => :future)
    assert_equal Time.local(2006, 8, 19, 19, 15), time

    time = Chronic.parse("day after tomorrow", :now => Time.local(2006, 12, 31, 9))
    assert_equal Time.local(2007, 01, 02, 12), time

    noon_friday = Time.local(2006, 8, 18, 12)
    assert_equal noon_friday, parse_now("fri")
    assert_equal noon_friday, parse_now("this friday # not a comment")

    time = parse_now("in 2 hours")
    assert_equal Time.local(2006, 8, 16, 16), time
  end

  def test_left_out
    time = parse_now("aug 3", :context => :past)
    assert_equal Time.local(2006, 8, 3, 12), time

    time = parse_now("today")  # the middle of what is left of the day
    assert_equal Time.local(2006, 8, 16, 19), time

    time = parse_now("this evening")
    assert_equal Time.local(2006, 8, 16, 19, 30), time

    time = parse_now("september")
    assert_equal Time.local(2006, 9, 16, 12), time

    span = parse_now("sunday", :guess => false)
    assert_equal Time.local(2006, 8, 20), span.begin

    assert_nil parse_now("not a date at all")

    time = Chronic.parse("tomorrow")
    assert_equal Time.local(2006, 8, 17, 12), time
  end
end
"""


def test_chronic_cases_are_read_with_their_grain(tmp_path: Path) -> None:
    path = tmp_path / "test_parsing.rb"
    path.write_text(CHRONIC_SAMPLE, encoding="utf-8")
    corpus = read_chronic([path])
    rows = [(c.text, c.reference, c.expected, c.day_grain) for c in corpus.cases]
    assert rows == [
        ("thursday", CHRONIC_REFERENCE, datetime(2006, 8, 17, tzinfo=UTC), True),
        ("aug 19 at 7:15pm", CHRONIC_REFERENCE, datetime(2006, 8, 19, 19, 15, tzinfo=UTC), False),
        ("day after tomorrow", datetime(2006, 12, 31, 9, tzinfo=UTC), datetime(2007, 1, 2, tzinfo=UTC), True),
        ("fri", CHRONIC_REFERENCE, datetime(2006, 8, 18, tzinfo=UTC), True),
        ("this friday # not a comment", CHRONIC_REFERENCE, datetime(2006, 8, 18, tzinfo=UTC), True),
        ("in 2 hours", CHRONIC_REFERENCE, datetime(2006, 8, 16, 16, tzinfo=UTC), False),
    ]
    assert corpus.dropped == Counter({
        "option (context)": 1, "grain not certain (the middle of a longer span)": 1,
        "grain not certain (the middle of a part of day)": 1, "not one day (a month, year or week)": 1,
        "option (guess)": 1, "checked otherwise (assert_nil)": 1, "no fixed reference": 1,
    })


def test_chronic_phrases_are_scored(tmp_path: Path) -> None:
    path = tmp_path / "test_parsing.rb"
    path.write_text(CHRONIC_SAMPLE, encoding="utf-8")
    phrases, dropped = chronic_phrases([path])
    assert len(phrases) == 6 and dropped["more than six words"] == 0
    counts, _ = score([p for p in phrases if p.text in ("aug 19 at 7:15pm", "day after tomorrow", "in 2 hours")])
    assert counts == {"right": 3}
