"""``bench.time_eval`` reads dateparser-style parametrised Python tests: text, reference, expected value, grain."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from bench.dateparser_time_corpus import CLOCK_REFERENCE, read_dateparser
from bench.time_eval import HELD_OUT_CORPORA, TIME_ONLY_DAY, dateparser_phrases, main

UTC = timezone.utc

# Written for these tests in the syntax of dateparser's test files (not taken from them).
RELATIVE_SAMPLE = '''
from datetime import date, datetime, time, timedelta
from parameterized import param, parameterized


class TestRelative(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.now = datetime(2020, 3, 10, 9, 45)
        settings.TIMEZONE = "utc"

    @parameterized.expand(
        [
            # English dates
            param("3 days ago", ago={"days": 3}, period="day"),
            param("ninety minutes ago", ago={"minutes": 90}, period="day"),
            param("4 weeks", ago={"weeks": 4}, period="week"),  # no direction said
            param("a month ago", ago={"months": 1}, period="month"),
            # Spanish dates
            param("hace 2 horas", ago={"hours": 2}, period="day"),
            # English
            param("a month ago", ago={"months": 1}, period="month"),
        ]
    )
    def test_ago(self, date_string, ago, period):
        self.given_parser(settings={"NORMALIZE": False})
        self.given_date_string(date_string)
        self.when_date_is_parsed()
        self.then_error_was_not_raised()
        self.then_date_obj_is_exactly_this_time_ago(ago)
        self.then_period_is(period)

    @parameterized.expand([param("in 2 hours", in_future={"hours": 2}, period="day")])
    def test_future(self, date_string, in_future, period):
        self.given_parser()
        self.given_date_string(date_string)
        self.when_date_is_parsed()
        self.then_date_obj_is_exactly_this_time_in_future(in_future)

    @parameterized.expand([param("tomorrow at 7 pm", date(2020, 3, 11), time(19, 0))])
    def test_with_time(self, date_string, date, time):
        self.given_parser()
        self.given_date_string(date_string)
        self.when_date_is_parsed()
        self.then_date_is(date)
        self.then_time_is(time)

    @parameterized.expand([param("1 hour ago", "Asia/Tokyo", date(2020, 3, 10), time(17, 45))])
    def test_in_a_zone(self, date_string, timezone, date, time):
        self.given_parser(settings={"TIMEZONE": timezone})
        self.given_date_string(date_string)
        self.when_date_is_parsed()
        self.then_date_is(date)
        self.then_time_is(time)

    @parameterized.expand([param("a few seconds ago", boundary={"seconds": 30})])
    def test_vague(self, date_string, boundary):
        self.given_parser()
        self.given_date_string(date_string)
        self.when_date_is_parsed()
        self.then_date_obj_is_between(self.now - timedelta(**boundary), self.now)
'''

ABSOLUTE_SAMPLE = '''
from datetime import datetime, timedelta
from parameterized import param, parameterized


class TestAbsolute(BaseTestCase):
    @parameterized.expand(
        [
            param("March 3, 2019", datetime(2019, 3, 3)),
            param("Thursday", datetime(2019, 5, 30)),
            param("June 4", datetime(2019, 6, 4)),
            param("04/05/2019", datetime(2019, 4, 5)),
            param("25/05/2019", datetime(2019, 5, 25)),
            param("7:30pm", datetime(2019, 6, 1, 19, 30)),
            param("June 2019", datetime(2019, 6, 1)),
        ]
    )
    def test_parsing(self, date_string, expected):
        self.given_parser(settings={"RELATIVE_BASE": datetime(2019, 6, 1)})
        self.when_date_is_parsed(date_string)
        self.then_date_obj_exactly_is(expected)

    @parameterized.expand([param("May 2 2018 10:00 PST", datetime(2018, 5, 2, 18, 0))])
    def test_to_utc(self, date_string, expected):
        self.given_parser(settings={"TO_TIMEZONE": "UTC"})
        self.when_date_is_parsed(date_string)
        self.then_date_obj_exactly_is(expected)

    @parameterized.expand([param("two weeks later", timedelta(weeks=2), "later")])
    def test_later(self, date_string, delta, description):
        base = datetime(2021, 1, 1, 8, 0)
        expected = base + delta
        result = parse(date_string, settings={"RELATIVE_BASE": base})
        self.assertIsNotNone(result, f"{description}")
        self.assertEqual(expected, result, f"{description}: {result}")

    def test_not_followed(self):
        self.assertEqual(parse_with_tricks("noon"), datetime(2020, 1, 1, 12))
'''

SEARCH_SAMPLE = '''
import datetime
from parameterized import param, parameterized


class TestSearch(BaseTestCase):
    @parameterized.expand(
        [
            param(
                "en",
                "The parcel left on 2 May 2017 and came back tomorrow",
                [
                    ("2 May 2017", datetime.datetime(2017, 5, 2, 0, 0)),
                    ("tomorrow", datetime.datetime(2010, 1, 2, 0, 0)),
                ],
                settings={"RELATIVE_BASE": datetime.datetime(2010, 1, 1)},
            ),
            param(
                "en",
                "see you in 3 days",
                [("in 3 days", datetime.datetime(2010, 1, 4, 0, 0))],
                settings={"RELATIVE_BASE": datetime.datetime(2010, 1, 1)},
            ),
            param("de", "am 3. Mai 2017", [("3. Mai 2017", datetime.datetime(2017, 5, 3, 0, 0))]),
        ]
    )
    @apply_settings
    def test_search_and_parse(self, shortname, string, expected, settings=None):
        result = self.exact_language_search.search_parse(shortname, string, settings=settings)
        self.assertEqual(result, expected)
'''


def _write(tmp_path: Path) -> list[Path]:
    paths = []
    for name, text in (("test_relative.py", RELATIVE_SAMPLE), ("test_absolute.py", ABSOLUTE_SAMPLE),
                       ("test_search_sample.py", SEARCH_SAMPLE)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def test_dateparser_cases_are_read_with_their_reference_grain_and_sentence(tmp_path: Path) -> None:
    corpus = read_dateparser(_write(tmp_path))
    now, base = datetime(2020, 3, 10, 9, 45, tzinfo=UTC), datetime(2019, 6, 1, tzinfo=UTC)
    relative = datetime(2010, 1, 1, tzinfo=UTC)
    rows = [(c.text, c.reference, c.expected, c.grain, c.context, c.alone_in_context) for c in corpus.cases]
    assert rows == [
        ("3 days ago", now, datetime(2020, 3, 7, tzinfo=UTC), "day", "", False),
        ("ninety minutes ago", now, datetime(2020, 3, 10, 8, 15, tzinfo=UTC), "moment", "", False),
        ("a month ago", now, datetime(2020, 2, 10, tzinfo=UTC), "day", "", False),
        ("in 2 hours", now, datetime(2020, 3, 10, 11, 45, tzinfo=UTC), "moment", "", False),
        ("tomorrow at 7 pm", now, datetime(2020, 3, 11, 19, tzinfo=UTC), "moment", "", False),
        ("March 3, 2019", base, datetime(2019, 3, 3, tzinfo=UTC), "day", "", False),
        ("25/05/2019", base, datetime(2019, 5, 25, tzinfo=UTC), "day", "", False),
        ("7:30pm", base, datetime(2019, 6, 1, 19, 30, tzinfo=UTC), "time", "", False),
        ("May 2 2018 10:00 PST", CLOCK_REFERENCE, datetime(2018, 5, 2, 18, tzinfo=UTC), "moment", "", False),
        ("two weeks later", datetime(2021, 1, 1, 8, tzinfo=UTC), datetime(2021, 1, 15, tzinfo=UTC), "day", "", False),
        ("2 May 2017", relative, datetime(2017, 5, 2, tzinfo=UTC), "day",
         "The parcel left on 2 May 2017 and came back tomorrow", False),
        ("tomorrow", relative, datetime(2010, 1, 2, tzinfo=UTC), "day",
         "The parcel left on 2 May 2017 and came back tomorrow", False),
        ("in 3 days", relative, datetime(2010, 1, 4, tzinfo=UTC), "day", "see you in 3 days", True),
    ]
    assert corpus.dropped == Counter({
        "a duration with no direction word (dateparser reads it as past)": 1,
        "another language (its group in the list)": 1,
        "a repeat of a case already read": 1,
        "a TIMEZONE or TO_TIMEZONE setting on a text with no zone": 1,
        "a check of a range, not of one value": 1,
        "a weekday alone (its week set by PREFER_DATES_FROM)": 1,
        "a month and day with no year (its year set by PREFER_DATES_FROM)": 1,
        "a numeric date whose day and month are both 12 or less (DATE_ORDER)": 1,
        "a month with no day (its day set by PREFER_DAY_OF_MONTH)": 1,
        "an expression the reader does not evaluate": 1,
        "another language (its language argument)": 1,
    })


def test_dateparser_phrases_keep_times_of_day_only_with_times(tmp_path: Path) -> None:
    paths = _write(tmp_path)
    phrases, dropped = dateparser_phrases(paths)
    assert "7:30pm" not in [p.text for p in phrases] and dropped["a time of day (kept with --times)"] == 1
    assert [p.day_grain for p in phrases[:3]] == [True, False, True]
    with_times, dropped = dateparser_phrases(paths, times=True)
    assert [(p.text, p.expected) for p in with_times if p.time_only] == [
        ("7:30pm", datetime(*TIME_ONLY_DAY, 19, 30, tzinfo=UTC))]
    alone = [p for p in with_times if p.alone_in_context]
    assert [(p.text, p.context) for p in alone] == [("in 3 days", "see you in 3 days")]
    assert "a time of day (kept with --times)" not in dropped


def test_dateparser_is_held_out_and_shows_only_aggregates(tmp_path: Path, capsys: Any) -> None:
    paths = [str(p) for p in _write(tmp_path)]
    assert "dateparser" in HELD_OUT_CORPORA
    assert main(["dateparser", *paths, "--failures", "5"]) == 2
    assert "held-out" in capsys.readouterr().err
    assert main(["dateparser", *paths, "--compare"]) == 2
    capsys.readouterr()
    assert main(["dateparser", *paths, "--times"]) == 0
    out = capsys.readouterr().out
    assert "13 phrases read, 11 cases left out" in out
    assert "read as: 8 days, 4 moments, 1 times of day" in out and "time grammar: 13 phrases" in out


def test_a_zone_written_in_a_time_of_day_keeps_its_offset(tmp_path: Path) -> None:
    path = tmp_path / "test_zone.py"
    path.write_text('''
from datetime import datetime
from parameterized import param, parameterized


class TestZone(BaseTestCase):
    @parameterized.expand([param("9pm EDT", datetime(2021, 5, 2, 1, 0))])
    def test_zone(self, date_string, expected):
        self.given_parser(settings={"TO_TIMEZONE": "etc/utc", "RELATIVE_BASE": datetime(2021, 5, 1, 12, 0)})
        self.when_date_is_parsed(date_string)
        self.then_date_obj_exactly_is(expected)
''', encoding="utf-8")
    (case,) = read_dateparser([path]).cases
    assert case.grain == "time" and case.expected == datetime(2021, 5, 1, 21, tzinfo=timezone(timedelta(hours=-4)))
