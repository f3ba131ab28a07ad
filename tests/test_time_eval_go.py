"""``bench.time_eval`` reads Go parsers' fixture tests (when-style and naturaldate-style): phrase, reference,
expected value and grain, with what is left out counted by reason."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from bench.go_time_corpus import go_duration, read_go
from bench.js_calls import tokenize
from bench.time_eval import HELD_OUT_CORPORA, TIME_ONLY_DAY, go_negatives, go_phrases, main

UTC = timezone.utc

# Written for these tests in the syntax of the Go projects' test files (not taken from them).
WHEN_SHARED = """package sample_test

import (
	"testing"
	"time"
)

// the reference of every fixture of the package
var null = time.Date(2021, time.March, 10, 0, 0, 0, 0, time.UTC)

const SHIFT = 2

type Fixture struct {
	Text   string
	Index  int
	Phrase string
	Diff   time.Duration
}

func ApplyFixtures(t *testing.T, name string, w *when.Parser, fixt []Fixture) {
	for i, f := range fixt {
		res, err := w.Parse(f.Text, null)
		require.Equal(t, f.Diff, res.Time.Sub(null), "[%s] diff #%d", name, i)
	}
}

func ApplyFixturesNil(t *testing.T, name string, w *when.Parser, fixt []Fixture) {
	for i, f := range fixt {
		res, err := w.Parse(f.Text, null)
		require.Nil(t, res, "[%s] res #%d", name, i)
	}
}

// a list no check reads
var spare = []Fixture{
	{"spare", 0, "spare", 0},
}
"""

WHEN_RULES = """package sample_test

func TestSome(t *testing.T) {
	fixt := []Fixture{
		{"let's talk next friday", 11, "next friday", 9 * 24 * time.Hour},
		{"ping me in 90 minutes please", 8, "in 90 minutes", 90 * time.Minute},
		{"call at 4:15pm tomorrow", 8, "4:15pm", 16*time.Hour + 15*time.Minute},
		{"this evening", 0, "this evening", 19 * time.Hour},
		{"within three days", 0, "within three days", 3 * 24 * time.Hour},
		{"by june 2nd", 3, "june 2nd", (21 + 30 + 31 + 2) * 24 * time.Hour},
		{"feb 1", 0, "feb 1", -(37 * 24 * time.Hour)},
		{"a quarter hour ago", 0, "a quarter hour ago", -(time.Hour / 4)},
		{"wrong index", 3, "index", 0},
		{"in 2 weeks", 0, "in 2 weeks", SHIFT * 7 * 24 * time.Hour},
	}
	nothing := []Fixture{
		{"25:99", 0, "", 0},
		{"3/14/2021", 0, "no match for one rule", 0},
	}

	w := when.New(nil)
	ApplyFixtures(t, "some", w, fixt)
	ApplyFixturesNil(t, "some nil", w, nothing)
	w.Add(other.Rule(rules.Skip))
	ApplyFixtures(t, "some again", w, fixt) // the same list again: read once
}

func TestMore(t *testing.T) {
	fixt := []Fixture{
		{"noon", 0, "noon", 12 * time.Hour},
	}
	ApplyFixtures(t, "more", when.New(nil), fixt)
}
"""

NATURALDATE = r"""package sample

// 2021-01-01 12:00:00 UTC, a Friday
var base = time.Unix(1609502400, 0).UTC()

var backwards = []struct {
	Input  string
	Output string
}{
	{`now`, `2021-01-01 12:00:00 +0000 UTC`},
	{`2 days ago`, `2020-12-30 00:00:00 +0000 UTC`},
	{`tuesday`, `2020-12-29 00:00:00 +0000 UTC`},
	{`Ping me in 3 hours`, `2021-01-01 15:00:00 +0000 UTC`},
	{`9am`, `2021-01-01 09:00:00 +0000 UTC`},
	{`8pm`, `2021-01-01 20:00:00 +0000 UTC`},
	{"  now\t", `2021-01-01 12:00:00 +0000 UTC`},
	{`3 days`, `2020-12-29 00:00:00 +0000 UTC`},
	{`2:am`, `parse error near \d`},
}

var forwards = []struct {
	Input, Output string
}{
	{`tuesday`, `2021-01-05 00:00:00 +0000 UTC`},
	{`now`, `2021-01-01 12:00:00 +0000 UTC`},
	{`last friday`, `2020-12-25 00:00:00 +0000 UTC`},
}

func TestBackwards(t *testing.T) {
	for _, c := range backwards {
		t.Run(c.Input, func(t *testing.T) {
			v, err := Parse(c.Input, base)
			if err != nil {
				assert.Equal(t, c.Output, err.Error())
				return
			}
			assert.Equal(t, c.Output, v.UTC().String())
		})
	}
}

func TestForwards(t *testing.T) {
	for _, c := range forwards {
		t.Run(c.Input, func(t *testing.T) {
			v, err := Parse(c.Input, base, WithDirection(Future))
			assert.Equal(t, c.Output, v.UTC().String())
		})
	}
}
"""

NULL = datetime(2021, 3, 10, tzinfo=UTC)
BASE = datetime(2021, 1, 1, 12, tzinfo=UTC)


@pytest.fixture
def go_files(tmp_path: Path) -> list[Path]:
    when_dir, natural_dir = tmp_path / "when", tmp_path / "naturaldate"
    when_dir.mkdir()
    natural_dir.mkdir()
    files = [when_dir / "shared_test.go", when_dir / "rules_test.go", natural_dir / "sample_test.go"]
    for path, text in zip(files, (WHEN_SHARED, WHEN_RULES, NATURALDATE), strict=True):
        path.write_text(text, encoding="utf-8")
    return files


def test_go_duration_evaluates_integer_arithmetic_of_units_and_constants() -> None:
    hour = 3_600_000_000_000
    assert go_duration(tokenize("-(2 * 24 * time.Hour)")) == -48 * hour
    assert go_duration(tokenize("14*time.Hour + 25*time.Minute")) == 14 * hour + 25 * 60_000_000_000
    assert go_duration(tokenize("time.Hour / 2")) == hour // 2
    assert go_duration(tokenize("-7 / 2")) == -3  # Go truncates toward zero
    assert go_duration(tokenize("-7 % 2")) == -1
    assert go_duration(tokenize("(284 - OFFSET) * 24 * time.Hour"), {"OFFSET": 197}) == 87 * 24 * hour
    assert go_duration(tokenize("time.Duration(3) * time.Second")) == 3_000_000_000
    for unreadable in ("time.Now()", "x * time.Hour", "2 *", "1.5 * time.Hour", "(1 + 2"):
        with pytest.raises(Exception, match="cannot evaluate"):
            go_duration(tokenize(unreadable))


def test_when_fixtures_give_phrase_context_value_and_grain(go_files: list[Path]) -> None:
    corpus = read_go(go_files[:2])
    rows = {(c.text, c.context): (c.expected, c.grain, c.alone_in_context) for c in corpus.cases}
    assert rows == {
        ("next friday", "let's talk next friday"): (datetime(2021, 3, 19, tzinfo=UTC), "day", True),
        ("in 90 minutes", "ping me in 90 minutes please"): (datetime(2021, 3, 10, 1, 30, tzinfo=UTC), "moment", True),
        # "tomorrow" stays in the sentence: the phrase is not the sentence's only time expression
        ("4:15pm", "call at 4:15pm tomorrow"): (datetime(2021, 3, 10, 16, 15, tzinfo=UTC), "moment", False),
        ("june 2nd", "by june 2nd"): (datetime(2021, 6, 2, tzinfo=UTC), "day", True),
        ("a quarter hour ago", ""): (datetime(2021, 3, 9, 23, 45, tzinfo=UTC), "moment", False),
        ("in 2 weeks", ""): (datetime(2021, 3, 24, tzinfo=UTC), "day", False),
        ("noon", ""): (datetime(2021, 3, 10, 12, tzinfo=UTC), "moment", False),
    }
    assert all(c.reference == NULL for c in corpus.cases)
    assert corpus.dropped == {
        "a part of day with no clock time (a fixed hour for a span)": 1,
        "a span (within N, the next or last N units): the test gives one end": 1,
        "a month and day with no year whose value is not its next date this year": 1,
        "the phrase not at its index": 1,
        "a negative only of the rule tested (it names a day)": 1,
        "a list no check applies to": 1,
    }
    assert [(n.text, n.reference) for n in corpus.negatives] == [("25:99", NULL)]


def test_naturaldate_lists_read_with_their_direction_and_drop_what_depends_on_it(go_files: list[Path]) -> None:
    corpus = read_go(go_files[2:])
    rows = {(c.text, c.context): (c.expected, c.grain) for c in corpus.cases}
    assert rows == {
        ("now", ""): (BASE, "moment"),
        ("2 days ago", ""): (datetime(2020, 12, 30, tzinfo=UTC), "day"),
        ("in 3 hours", "Ping me in 3 hours"): (datetime(2021, 1, 1, 15, tzinfo=UTC), "moment"),
        # before the reference on its day: the day depends on the reading, the time of day does not
        ("9am", ""): (datetime(2021, 1, 1, 9, tzinfo=UTC), "time"),
        ("8pm", ""): (datetime(2021, 1, 1, 20, tzinfo=UTC), "moment"),
        ("last friday", ""): (datetime(2020, 12, 25, tzinfo=UTC), "day"),
    }
    assert corpus.dropped == {
        "a weekday with no cue (its day depends on a direction) [past]": 1,
        "a weekday with no cue (its day depends on a direction) [future]": 1,
        "a count with no ago, from now or in (its sense is a direction option's) [past]": 1,
        "a repeat of a case already read": 2,
    }
    assert [n.text for n in corpus.negatives] == ["2:am"]


def test_phrases_keep_six_words_and_times_of_day_only_with_times(go_files: list[Path]) -> None:
    phrases, dropped = go_phrases(go_files)
    assert "9am" not in {p.text for p in phrases}
    assert dropped["a time of day (kept with --times)"] == 1
    with_times, _ = go_phrases(go_files, times=True)
    (nine,) = [p for p in with_times if p.text == "9am"]
    assert nine.time_only and nine.expected == datetime(*TIME_ONLY_DAY, 9, tzinfo=UTC)
    day = next(p for p in with_times if p.text == "next friday")
    assert day.day_grain and day.context == "let's talk next friday" and day.alone_in_context
    assert {n.text for n in go_negatives(go_files)} == {"25:99", "2:am"}


def test_go_is_a_tuning_corpus_whose_outcomes_are_listed(go_files: list[Path],
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert not {"go", "chrono", "natty", "compromise"} & HELD_OUT_CORPORA
    assert {"dateparser", "parsedatetime"} <= HELD_OUT_CORPORA
    paths = [str(p) for p in go_files]
    assert main(["go", *paths, "--negatives"]) == 0
    out = capsys.readouterr().out
    assert "12 phrases read" in out and "negative cases:" in out and "of 2 texts" in out
    assert main(["go", *paths, "--failures", "5", "--kind", "ambiguous"]) == 0
    listed = [line.split() for line in capsys.readouterr().out.splitlines() if line.startswith("  ")]
    assert [(row[0], row[1:3]) for row in listed] == [("ambiguous", ["'next", "friday'"])]
    assert main(["go", *paths, "--compare"]) == 0
    assert "of 12 phrases differ between field and request" in capsys.readouterr().out
    assert main(["go", *paths, "--conventions"]) == 0
    # "next friday" said on a Wednesday: when's test expects next week's, the grammar offers both
    assert "next <weekday>, later this week: expected {'+9d': 1}  read {'ambiguous': 1}" in capsys.readouterr().out
