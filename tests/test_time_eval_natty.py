"""``bench.time_eval`` reads natty-style JUnit tests: text, reference, expected value and grain."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from bench.natty_corpus import read_natty
from bench.time_eval import HELD_OUT_CORPORA, TIME_ONLY_DAY, main, natty_phrases

EST, EDT = timezone(timedelta(hours=-5)), timezone(timedelta(hours=-4))

# Written for these tests in the syntax of natty's test files (not taken from them).
NATTY_SAMPLE = r"""
package com.example.sample;

import java.text.DateFormat;
import java.util.*;

public class SampleTest extends AbstractTest {
  @BeforeClass
  public static void oneTime() {
    Locale.setDefault(Locale.US);
    TimeZone.setDefault(TimeZone.getTimeZone("US/Eastern"));
    initCalendarAndParser();
  }

  @Test
  public void testDays() throws Exception {
    Date reference = DateFormat.getDateInstance(DateFormat.SHORT).parse("3/15/2014");
    calendarSource = new CalendarSource(reference);
    // validateDate(reference, "a commented-out check", 1, 1, 2000);
    validateDate(reference, "the day after tomorrow", 3, 17, 2014);
    validateDate(reference, "next month", 4, 15, 2014);   /* a month: validateDate(reference, "x", 1, 1, 1) */
    validateDate("5/6", 5, 6, Calendar.getInstance().get(Calendar.YEAR));
    validateDate("july 4th, 1999", 7, 4, 1999);
    validateDate(reference, "2/2", 2, 2, Calendar.getInstance().get(Calendar.YEAR));
    validateDate(reference, "we could meet on the first of april maybe", 4, 1, 2014);
  }

  @Test
  public void testMoments() throws Exception {
    Date reference = DateFormat.getDateTimeInstance(DateFormat.SHORT,
        DateFormat.SHORT).parse("7/4/2015 9:30 pm");
    validateDateTime(reference, "saturday at 8:15\u00A0am", 7, 11, 2015, 8, 15, 0);
    validateDateTime(reference, "tomorrow night", 7, 5, 2015, 20, 0, 0);
    validateDateTime(reference, "aug 1 2015 10:00 UTC", 8, 1, 2015, 6, 0, 0);
    validateDateTime(reference, "jan 5 2016 10:00 UTC", 1, 5, 2016, 5, 0, 0);
    validateTime(reference, "quarter to 11pm", 22, 45, 0);
  }

  @Test
  public void testTimes() throws Exception {
    Date reference = DateFormat.getTimeInstance(DateFormat.SHORT).parse("9:00 am");
    validateTime(reference, "in 90 minutes", 10, 30, 0);
  }

  @Test
  public void testCollections() throws Exception {
    Date reference = DateFormat.getDateInstance(DateFormat.SHORT).parse("3/15/2014");
    List<Date> dates = parseCollection(reference, "friday to sunday");
    Assert.assertEquals(2, dates.size());
    validateDate(dates.get(0), 3, 21, 2014);
    validateDate(dates.get(1), 3, 23, 2014);

    dates = parseCollection(reference, "sometime on april 2nd please");
    Assert.assertEquals(1, dates.size());
    validateDate(dates.get(0), 4, 2, 2014);

    List<DateGroup> groups = _parser.parse("noon tomorrow", reference);
    Assert.assertEquals(1, groups.size());
    DateGroup group = groups.get(0);
    Assert.assertEquals(1, group.getDates().size());
    validateDate(group.getDates().get(0), 3, 16, 2014);
    validateTime(group.getDates().get(0), 12, 0, 0);
    Assert.assertEquals("noon tomorrow", group.getText());

    String text = "monday";
    validateDate(reference, text, 3, 17, 2014);

    Parser pacific = new Parser(TimeZone.getTimeZone("US/Pacific"));
    Date when = pacific.parse("friday", reference).get(0).getDates().get(0);
    validateDate(when, 3, 21, 2014);

    Date old = DateFormat.getDateInstance(DateFormat.SHORT).parse("3/15/14");
    validateDate(old, "tomorrow", 3, 16, 2014);
  }
}
"""

SEARCH_SAMPLE = """
public class SearchTest extends AbstractTest {
  @Test
  public void test() throws Exception {
    Date reference = DateFormat.getDateInstance(DateFormat.SHORT).parse("1/1/2020");
    List<DateGroup> groups = parser.parse("lunch with sam on friday", reference);
    validateDate(reference, "golf at 3", 1, 1, 2020);
  }
}
"""

# Where the tests with no reference are read: DateTest's own reference, 2011-02-28, midnight EST.
CLOCK = datetime(2011, 2, 28, tzinfo=EST)


def _write(tmp_path: Path) -> list[Path]:
    sample, search = tmp_path / "SampleTest.java", tmp_path / "SearchTest.java"
    sample.write_text(NATTY_SAMPLE, encoding="utf-8")
    search.write_text(SEARCH_SAMPLE, encoding="utf-8")
    return [sample, search]


def test_natty_cases_are_read_with_their_reference_offset_and_grain(tmp_path: Path) -> None:
    corpus = read_natty(_write(tmp_path))
    rows = [(c.text, c.reference, c.expected, c.grain) for c in corpus.cases]
    march, july = datetime(2014, 3, 15, tzinfo=EDT), datetime(2015, 7, 4, 21, 30, tzinfo=EDT)
    assert rows == [
        ("the day after tomorrow", march, datetime(2014, 3, 17, tzinfo=EDT), "day"),
        ("5/6", CLOCK, datetime(2011, 5, 6, tzinfo=EST), "day"),
        ("july 4th, 1999", CLOCK, datetime(1999, 7, 4, tzinfo=EST), "day"),
        ("we could meet on the first of april maybe", march, datetime(2014, 4, 1, tzinfo=EDT), "day"),
        ("saturday at 8:15\u00a0am", july, datetime(2015, 7, 11, 8, 15, tzinfo=EDT), "moment"),
        ("aug 1 2015 10:00 UTC", july, datetime(2015, 8, 1, 10, tzinfo=timezone.utc), "moment"),
        ("quarter to 11pm", july, datetime(2015, 7, 4, 22, 45, tzinfo=EDT), "time"),
        ("in 90 minutes", datetime(1970, 1, 1, 9, tzinfo=EST), datetime(1970, 1, 1, 10, 30, tzinfo=EST), "time"),
        ("sometime on april 2nd please", march, datetime(2014, 4, 2, tzinfo=EDT), "day"),
        ("noon tomorrow", march, datetime(2014, 3, 16, 12, tzinfo=EDT), "moment"),
    ]
    assert corpus.dropped == Counter({
        "not one day (a month, year, week or weekend)": 1,
        "expected value read from the clock, parsed at a fixed reference": 1,
        "a part of day with no clock time (natty's fixed hour for a span)": 1,
        "several dates: a range (to, through, for N)": 1,
        "text not a literal": 1,
        "a parser with its own time zone": 1,
        "reference with a two-digit year": 1,
        "a zone named across a change of daylight-saving time": 1,  # January's 05:00 is EST, the reference EDT
        "a search test (dates found in longer text, positions)": 2,
    })


def test_natty_phrases_are_simple_and_times_of_day_only_with_times(tmp_path: Path) -> None:
    paths = _write(tmp_path)
    phrases, dropped = natty_phrases(paths)
    assert [p.text for p in phrases] == [
        "the day after tomorrow", "5/6", "july 4th, 1999", "saturday at 8:15\u00a0am", "aug 1 2015 10:00 UTC",
        "sometime on april 2nd please", "noon tomorrow",
    ]
    assert [p.day_grain for p in phrases] == [True, True, True, False, False, True, False]
    assert dropped["more than six words"] == 1 and dropped["a time of day (kept with --times)"] == 2
    with_times, dropped = natty_phrases(paths, times=True)
    times = [(p.text, p.expected) for p in with_times if p.time_only]
    assert times == [
        ("quarter to 11pm", datetime(*TIME_ONLY_DAY, 22, 45, tzinfo=EDT)),
        ("in 90 minutes", datetime(*TIME_ONLY_DAY, 10, 30, tzinfo=EST)),
    ]
    assert "a time of day (kept with --times)" not in dropped


def test_natty_lists_its_misses_and_aggregates(tmp_path: Path, capsys: Any) -> None:
    paths = [str(p) for p in _write(tmp_path)]
    assert "natty" not in HELD_OUT_CORPORA  # held out until c2237b2, a tuning corpus since
    assert main(["natty", *paths, "--failures", "5"]) == 0
    listed = capsys.readouterr().out
    assert "time grammar: 7 phrases" in listed and "  expected 2014-04-02T00:00:00-04:00  got" in listed
    assert main(["natty", *paths, "--times"]) == 0
    out = capsys.readouterr().out
    assert "9 phrases read, 11 cases left out" in out
    assert "read as: 4 days, 3 moments, 2 times of day" in out and "time grammar: 9 phrases" in out
