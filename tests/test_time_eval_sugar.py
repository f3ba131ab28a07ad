"""``bench.time_eval`` reads Sugar-style JavaScript date tests: text, reference, expected value, grain."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from bench.sugar_time_corpus import REFERENCE, read_sugar
from bench.time_eval import HELD_OUT_CORPORA, TIME_ONLY_DAY, main, sugar_negatives, sugar_phrases

LOCAL = timezone(timedelta(hours=9))  # REFERENCE is Monday 2020-04-20 10:30 at +09:00

# Written for these tests in the syntax of Sugar's date tests (not taken from them).
SAMPLE = '''
namespace('Date', function () {
  'use strict';

  var now = new Date();
  var thisYear = now.getFullYear();

  group('Create | Sample', function() {
    assertDateParsed('March 3rd, 2011', new Date(2011, 2, 3));
    assertDateParsed('3 days from now', getRelativeDate(0, 0, 3));
    assertDateParsed('in 3 hours', getRelativeDate(0, 0, 0, 3));
    assertDateParsed('5:15pm', new Date(now.getFullYear(), now.getMonth(), now.getDate(), 17, 15));
    assertDateParsed('yesterday at 3pm', new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 15));
    assertDateParsed('Friday', testGetWeekday(5));
    assertDateParsed('Sunday', testGetWeekday(0));
    assertDateParsed('next Thursday', testGetWeekday(4, 1));
    assertDateParsed('last Thursday', testGetWeekday(4, -1));

    var d = new Date();
    d.setDate(25);
    d.setHours(9);
    d.setMinutes(0);
    d.setSeconds(0);
    d.setMilliseconds(0);
    assertDateParsed('the 25th at 9am', d);

    assertDateParsed('2015-06-01T08:00:00Z', getUTCDate(2015, 5, 1, 8));
    assertDateParsed('3/4/2012', 'en-GB', new Date(2012, 3, 3));
    assertDateParsed('Tuesday', { future: true }, testGetWeekday(2, 1));

    testSetLocale('en-GB');
    assertDateParsed('4/3/2012', new Date(2012, 2, 4));
    testSetLocale('en');

    assertDateParsed('August 2011', new Date(2011, 7));
    assertDateParsed('2 February', new Date(thisYear, 1, 2));
    assertDateParsed('the first day of next month', getRelativeDateReset(0, 1));
    assertDateParsed('march 3rd, 2011', new Date(2011, 2, 3));
    assertDateParsed({ year: 2011 }, new Date(2011, 0));
    assertDateParsed('9/5/21', new Date(2021, 8, 5));
    assertDateParsed('end of the week', testGetWeekday(6, 0, 23, 59, 59, 999));

    var e = new Date();
    while (e.getDay() !== 3) {
      e.setDate(e.getDate() + 1);
    }
    assertDateParsed('my wednesday', e);

    assertDateNotParsed('32:00');
    assertDateNotParsed('32:00');
    equal(testCreateFutureDate('June').getMonth(), 5, 'future June');
    equal(run(testCreateDate('May 2nd'), 'isValid'), true, 'valid');
  });
});
'''


def _write(tmp_path: Path) -> list[Path]:
    path = tmp_path / "sample_date.js"
    path.write_text(SAMPLE, encoding="utf-8")
    return [path]


def test_sugar_cases_are_read_with_the_helpers_values_at_the_fixed_now(tmp_path: Path) -> None:
    corpus = read_sugar(_write(tmp_path))
    assert REFERENCE == datetime(2020, 4, 20, 10, 30, tzinfo=LOCAL) and REFERENCE.weekday() == 0
    rows = [(c.text, c.expected, c.grain) for c in corpus.cases]
    assert rows == [
        ("March 3rd, 2011", datetime(2011, 3, 3, tzinfo=LOCAL), "day"),
        ("3 days from now", datetime(2020, 4, 23, tzinfo=LOCAL), "day"),  # Sugar's clock time dropped
        ("in 3 hours", datetime(2020, 4, 20, 13, 30, tzinfo=LOCAL), "moment"),
        ("5:15pm", datetime(2020, 4, 20, 17, 15, tzinfo=LOCAL), "time"),
        ("yesterday at 3pm", datetime(2020, 4, 19, 15, tzinfo=LOCAL), "moment"),
        ("Friday", datetime(2020, 4, 24, tzinfo=LOCAL), "day"),
        ("last Thursday", datetime(2020, 4, 16, tzinfo=LOCAL), "day"),
        ("the 25th at 9am", datetime(2020, 4, 25, 9, tzinfo=LOCAL), "moment"),
        ("2015-06-01T08:00:00Z", datetime(2015, 6, 1, 8, tzinfo=timezone.utc), "moment"),
        ("the first day of next month", datetime(2020, 5, 1, tzinfo=LOCAL), "day"),
    ]
    assert all(c.reference == REFERENCE for c in corpus.cases)
    assert corpus.dropped == Counter({
        "a weekday with no next/last, on or before the reference (Sugar: this week's day, even when past)": 1,
        "next/last <weekday>: Sugar's next or last week's day, not the nearest such day": 1,
        "another locale (en-GB, en-AU, a test locale)": 2,
        "an option set by the test (future, past, fromUTC)": 1,
        "not one day or moment (a year, a month or a week)": 1,
        "a date with no year or no month, already past (Sugar: this year's or this month's)": 1,
        "a repeat of a case already read": 1,
        "the input is not text (an object of units)": 1,
        "a numeric date with a year of two digits or fewer (its century is Sugar's pivot)": 1,
        "the beginning or end of a period (Sugar: its first or last millisecond)": 1,
        "an expected value the reader does not follow": 1,
        "another check: an option set by the test (future, past, fromUTC)": 1,
        "another check: validity, flags or a method of the result, not its value": 1,
    })
    assert [n.text for n in corpus.negatives] == ["32:00", "32:00"]


def test_sugar_phrases_keep_times_of_day_only_with_times(tmp_path: Path) -> None:
    paths = _write(tmp_path)
    phrases, dropped = sugar_phrases(paths)
    assert "5:15pm" not in [p.text for p in phrases] and dropped["a time of day (kept with --times)"] == 1
    with_times, dropped = sugar_phrases(paths, times=True)
    assert [(p.text, p.expected) for p in with_times if p.time_only] == [
        ("5:15pm", datetime(*TIME_ONLY_DAY, 17, 15, tzinfo=LOCAL))]
    assert [p.day_grain for p in with_times if not p.time_only] == [True, True, False, False, True, True, False,
                                                                    False, True]
    assert [n.text for n in sugar_negatives(paths)] == ["32:00"]


def test_sugar_is_held_out_and_shows_only_aggregates(tmp_path: Path, capsys: Any) -> None:
    paths = [str(p) for p in _write(tmp_path)]
    assert "sugar" in HELD_OUT_CORPORA
    for refused in ("--failures", "--compare", "--conventions", "--ambiguity"):
        assert main(["sugar", *paths, *([refused, "5"] if refused == "--failures" else [refused])]) == 2
        assert "held-out" in capsys.readouterr().err
    assert main(["sugar", *paths, "--times", "--negatives"]) == 0
    out = capsys.readouterr().out
    assert "10 phrases read, 14 cases left out" in out
    assert "read as: 5 days, 4 moments, 1 times of day" in out and "time grammar: 10 phrases" in out
    assert "negative cases:" in out and "of 1 texts" in out
