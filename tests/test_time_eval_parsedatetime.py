"""``bench.time_eval`` reads parsedatetime-style unittest files: text, reference, expected value, grain."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bench.parsedatetime_time_corpus import CLOCK_REFERENCE, read_parsedatetime
from bench.time_eval import HELD_OUT_CORPORA, TIME_ONLY_DAY, main, parsedatetime_phrases

UTC = timezone.utc
NOW = CLOCK_REFERENCE.replace(tzinfo=UTC)  # Wednesday 2024-08-07 14:37

# Written for these tests in the syntax of parsedatetime's test files (not taken from them).
OFFSETS_SAMPLE = '''
import time
import datetime
import unittest
import parsedatetime as pdt
from parsedatetime.context import pdtContext
from . import utils


def _tr(result, trunc_seconds=True, trunc_hours=False):
    return result


class test(unittest.TestCase):
    def setUp(self):
        self.cal = pdt.Calendar()
        (self.yr, self.mth, self.dy, self.hr,
         self.mn, self.sec, self.wd, self.yd, self.isdst) = time.localtime()

    def testAhead(self):
        s = datetime.datetime.now()
        t = s + datetime.timedelta(hours=3)
        start = s.timetuple()
        target = t.timetuple()
        self.assertExpectedResult(self.cal.parse('in 3 hours', start),
                                  (target, pdtContext(pdtContext.ACU_HOUR)))
        self.assertExpectedResult(self.cal.parse('3 hours', start),
                                  (target, pdtContext(pdtContext.ACU_HOUR)))
        t = s + datetime.timedelta(days=-2)
        target = t.timetuple()
        self.assertEqual(_tr(self.cal.parse('2 days ago', start), trunc_hours=True),
                         _tr((target, pdtContext(pdtContext.ACU_DAY)), trunc_hours=True))

    def testWeekdays(self):
        start = datetime.datetime.now()
        target = start + datetime.timedelta(days=3 + 7 - start.weekday())
        target = target.replace(hour=10, minute=30)
        self.assertExpectedResult(self.cal.parse('10:30am next thursday', start.timetuple()),
                                  (target.timetuple(),
                                   pdtContext(pdtContext.ACU_DAY | pdtContext.ACU_HOUR | pdtContext.ACU_MIN)))
        self.assertExpectedResult(self.cal.parse('thursday', start.timetuple()),
                                  (target.timetuple(), pdtContext(pdtContext.ACU_DAY)), dateOnly=True)

    def testClock(self):
        start = datetime.datetime(self.yr, self.mth, self.dy, self.hr, self.mn, self.sec).timetuple()
        target = datetime.datetime(self.yr, self.mth, self.dy, 21, 15, 0).timetuple()
        self.assertExpectedResult(self.cal.parse('9:15 pm', start),
                                  (target, pdtContext(pdtContext.ACU_HOUR | pdtContext.ACU_MIN)))
        self.assertExpectedResult(self.cal.parse('9:15 PM', start),
                                  (target, pdtContext(pdtContext.ACU_HOUR | pdtContext.ACU_MIN)))
        self.assertExpectedResult(self.cal.parse('2115', start),
                                  (target, pdtContext(pdtContext.ACU_HOUR | pdtContext.ACU_MIN)))
        target = datetime.datetime(self.yr, self.mth, self.dy, 18, 0, 0).timetuple()
        self.assertExpectedResult(self.cal.parse('evening', start),
                                  (target, pdtContext(pdtContext.ACU_HALFDAY)))
        self.assertExpectedResult(self.cal.parse('$5.00', start), (start, pdtContext()))

    def testDates(self):
        start = datetime.datetime(2019, 3, 4, self.hr, self.mn, self.sec).timetuple()
        if self.mth > 5:
            target = datetime.datetime(self.yr + 1, 5, 6, self.hr, self.mn, self.sec).timetuple()
        else:
            target = datetime.datetime(self.yr, 5, 6, self.hr, self.mn, self.sec).timetuple()
        self.assertExpectedResult(self.cal.parse('May 6th', start),
                                  (target, pdtContext(pdtContext.ACU_MONTH | pdtContext.ACU_DAY)))
        for text in ('6 May 2021', 'May 6, 2021', '05/06/2021'):
            self.assertExpectedResult(self.cal.parse(text, start),
                                      (datetime.datetime(2021, 5, 6, 9, 0, 0).timetuple(),
                                       pdtContext(pdtContext.ACU_YEAR | pdtContext.ACU_MONTH | pdtContext.ACU_DAY)))
        self.assertEqual(self.cal.parse('May 6, 2021', start)[1], pdtContext(pdtContext.ACU_DAY))

    def testOption(self):
        self.cal.ptc.StartTimeFromSourceTime = True
        s = datetime.datetime(2019, 3, 4)
        self.assertExpectedResult(self.cal.parse('tomorrow', s.timetuple()),
                                  ((s + datetime.timedelta(days=1)).timetuple(), pdtContext(pdtContext.ACU_DAY)))

    def testSentence(self):
        start = datetime.datetime(2019, 3, 4, 8, 0, 0).timetuple()
        found = ((datetime.datetime(2019, 3, 5, 9, 0), pdtContext(pdtContext.ACU_DAY), 12, 20, 'tomorrow'),
                 (datetime.datetime(2019, 3, 4, 8, 20), pdtContext(pdtContext.ACU_MIN), 30, 43, 'in 20 minutes'))
        self.assertExpectedResult(self.cal.nlp("We meet tomorrow, or else in 20 minutes", start), found)
'''

LOCALE_SAMPLE = '''
import datetime
import unittest
import parsedatetime as pdt
from parsedatetime.context import pdtContext


class test(unittest.TestCase):
    def setUp(self):
        self.ptc = pdt.Constants('nl_NL', usePyICU=False)
        self.cal = pdt.Calendar(self.ptc)

    def testDates(self):
        start = datetime.datetime(2019, 3, 4).timetuple()
        self.assertExpectedResult(self.cal.parse('6 mei 2021', start),
                                  (datetime.datetime(2021, 5, 6).timetuple(), pdtContext(pdtContext.ACU_DAY)))
'''


def _write(tmp_path: Path) -> list[Path]:
    paths = []
    for name, text in (("TestOffsetsSample.py", OFFSETS_SAMPLE), ("TestDutchSample.py", LOCALE_SAMPLE)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def test_parsedatetime_checks_are_read_with_their_reference_and_grain(tmp_path: Path) -> None:
    corpus = read_parsedatetime(_write(tmp_path))
    start = datetime(2019, 3, 4, 14, 37, tzinfo=UTC)
    sentence_start = datetime(2019, 3, 4, 8, 0, tzinfo=UTC)
    rows = [(c.text, c.reference, c.expected, c.grain, c.context, c.alone_in_context) for c in corpus.cases]
    assert rows == [
        ("in 3 hours", NOW, datetime(2024, 8, 7, 17, 37, tzinfo=UTC), "moment", "", False),
        ("2 days ago", NOW, datetime(2024, 8, 5, tzinfo=UTC), "day", "", False),
        ("10:30am next thursday", NOW, datetime(2024, 8, 15, 10, 30, tzinfo=UTC), "moment", "", False),
        ("9:15 pm", NOW, datetime(2024, 8, 7, 21, 15, tzinfo=UTC), "time", "", False),
        ("6 May 2021", start, datetime(2021, 5, 6, tzinfo=UTC), "day", "", False),
        ("May 6, 2021", start, datetime(2021, 5, 6, tzinfo=UTC), "day", "", False),
        ("tomorrow", sentence_start, datetime(2019, 3, 5, tzinfo=UTC), "day",
         "We meet tomorrow, or else in 20 minutes", False),
        ("in 20 minutes", sentence_start, datetime(2019, 3, 4, 8, 20, tzinfo=UTC), "moment",
         "We meet tomorrow, or else in 20 minutes", False),
    ]
    assert corpus.dropped == Counter({
        "a duration with no direction word (parsedatetime reads it as from now)": 1,
        "a weekday alone (its week set by DOWParseStyle, CurrentDOWParseStyle)": 1,
        "a repeat of a case already read": 1,
        "digits only (a clock time with no mark, a year or a number)": 1,
        "a part of day or meal with no clock time (an hour from parsedatetime's table)": 1,
        "a text not to be parsed (a negative)": 1,
        "a month and day with no year (its year set by YearParseStyle)": 1,
        "a numeric date whose month and day are both 12 or less (en_US's month-first order)": 1,
        "a check of the flag or of the text found only, not of a value": 1,
        "a ptc option set by the test (StartTimeFromSourceTime)": 1,
        "another locale (nl_NL)": 1,
    })


def test_parsedatetime_phrases_keep_times_of_day_only_with_times(tmp_path: Path) -> None:
    paths = _write(tmp_path)
    phrases, dropped = parsedatetime_phrases(paths)
    assert "9:15 pm" not in [p.text for p in phrases] and dropped["a time of day (kept with --times)"] == 1
    with_times, dropped = parsedatetime_phrases(paths, times=True)
    assert [(p.text, p.expected) for p in with_times if p.time_only] == [
        ("9:15 pm", datetime(*TIME_ONLY_DAY, 21, 15, tzinfo=UTC))]
    assert [p.day_grain for p in with_times if not p.time_only] == [False, True, False, True, True, True, False]
    assert "a time of day (kept with --times)" not in dropped


def test_parsedatetime_is_held_out_and_shows_only_aggregates(tmp_path: Path, capsys: Any) -> None:
    paths = [str(p) for p in _write(tmp_path)]
    assert "parsedatetime" in HELD_OUT_CORPORA
    for refused in ("--failures", "--compare", "--conventions", "--ambiguity"):
        assert main(["parsedatetime", *paths, *([refused, "5"] if refused == "--failures" else [refused])]) == 2
        assert "held-out" in capsys.readouterr().err
    assert main(["parsedatetime", *paths, "--times"]) == 0
    out = capsys.readouterr().out
    assert "8 phrases read, 11 cases left out" in out
    assert "read as: 4 days, 3 moments, 1 times of day" in out and "time grammar: 8 phrases" in out


def test_a_file_that_is_not_python_is_counted_not_raised(tmp_path: Path) -> None:
    path = tmp_path / "TestBroken.py"
    path.write_text("def test(:\n    self.cal.parse('tomorrow')\n", encoding="utf-8")
    corpus = read_parsedatetime([path, *_write(tmp_path)])
    assert corpus.dropped["a file that is not Python source (not read)"] == 1 and len(corpus.cases) == 8
