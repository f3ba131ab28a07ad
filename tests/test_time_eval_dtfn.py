"""``bench.time_eval`` reads DateTime::Format::Natural-style Perl test lists: text, expected value, grain."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from bench.dtfn_time_corpus import REFERENCE, SECOND, expand, read_dtfn
from bench.time_eval import HELD_OUT_CORPORA, TIME_ONLY_DAY, dtfn_phrases, main

UTC = timezone.utc

# Written for these tests in the layout of the parser's test files (not taken from them).
DEFAULTS = r"""#!/usr/bin/perl

use strict;
use warnings;

use DateTime::Format::Natural;
use DateTime::Format::Natural::Test ':set';
use Test::More;

my @simple = (
    { 'now'                        => [ '24.11.2006 01:13:08',     unaltered ] },
    { 'tomorrow'                   => [ '25.11.2006 00:00:00',     truncated ] },
    { 'in 3 hours'                 => [ '24.11.2006 04:13:08',     unaltered ] },
    { '3 days ago'                 => [ '21.11.2006 01:13:08',     unaltered ] },
    { 'tomorrow {at} 7{min_sec}{ }pm' => [ '25.11.2006 19:{min_sec}', truncated ] },
    { '9:15{sec}'                  => [ '24.11.2006 09:15:{sec}',  truncated ] },
    { 'sunday'                     => [ '26.11.2006 00:00:00',     truncated ] },
    { 'wednesday'                  => [ '22.11.2006 00:00:00',     truncated ] },
    { 'this friday'                => [ '24.11.2006 00:00:00',     truncated ] },
    { 'last tuesday'               => [ '14.11.2006 00:00:00',     truncated ] },
    { 'next monday'                => [ '27.11.2006 00:00:00',     truncated ] },
    { 'morning'                    => [ '24.11.2006 08:00:00',     truncated ] },
    { 'next month'                 => [ '01.12.2006 00:00:00',     truncated ] },
    { 'march 3'                    => [ '03.03.2006 00:00:00',     truncated ] },
    { 'december 30'                => [ '30.12.2006 00:00:00',     truncated ] },
    { '5 hours before tomorrow'    => [ '24.11.2006 19:00:00',     truncated ] },
    { 'yesterday 2 hours ago'      => [ '22.11.2006 23:13:08',     unaltered ] },
    { '3rd friday'                 => [ '17.11.2006 00:00:00',     truncated ] },
    { '4/5/2007'                   => [ '04.05.2007 00:00:00',     truncated ] },
    { 'TOMORROW'                   => [ '25.11.2006 00:00:00',     truncated ] },
  # { '2007'                       => [ '01.01.2007 00:00:00',     truncated ] },
);

my @more = (
    { '20 minutes before noon'     => '24.11.2006 11:40:00' },
);

_run_tests(30, [ [ \@simple ], [ \@more ] ], \&compare);

sub compare_strings
{
    my ($string, $result) = @_;

    my $parser = DateTime::Format::Natural->new;
    $parser->_set_datetime(\%time);

    my $dt = $parser->parse_datetime($string);
}
"""

FORMATS = r"""
my @specific = (
    { '3/4/2010'                  => [ '04.03.2010 00:00:00',    'd/m/yyyy' ] },
    { '2010-03-04'                => [ '04.03.2010 00:00:00',    undef      ] },
);

_run_tests(2, [ [ \@specific ] ], \&compare);

sub compare_strings
{
    my ($string, $result, $format) = @_;
    my %args = defined $format ? (format => $format) : ();
    my $parser = DateTime::Format::Natural->new(%args);
    $parser->_set_datetime(\%time);
    my $dt = $parser->parse_datetime($string);
}
"""

ISO = r"""
my @iso8601 = (
    { '2012-07-04T08:30:15+02:00' => { result => '04.07.2012 08:30:15', tz => '+0200' } },
    { '2012-07-04T08:30:15.25'    => { result => '04.07.2012 08:30:15', tz => 'floating', ns => 250_000_000 } },
);

sub compare_strings
{
    my $parser = DateTime::Format::Natural->new;
    my $dt = $parser->parse_datetime($string);
}
"""

OPTION = r"""
my @simple = (
    { 'friday' => '01.12.2006 00:00:00' },
);

_run_tests(1, [ [ \@simple ] ], \&compare);

sub compare_strings
{
    my $parser = DateTime::Format::Natural->new(prefer_future => true);
    my $dt = $parser->parse_datetime($string);
}
"""

DURATIONS = r"""
my @relative = (
    { 'monday to friday' => [ [ '20.11.2006 00:00:00', truncated ], [ '24.11.2006 00:00:00', truncated ] ] },
);

sub compare_strings
{
    my $parser = DateTime::Format::Natural->new;
    my @dt = $parser->parse_datetime_duration($string);
}
"""


def _write(tmp_path: Path) -> list[Path]:
    paths = []
    for name, text in (("01-sample.t", DEFAULTS), ("02-format.t", FORMATS), ("09-iso.t", ISO),
                       ("06-option.t", OPTION), ("04-durations.t", DURATIONS)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def test_variants_are_expanded_as_the_tests_expand_them() -> None:
    ss = f"{SECOND:02d}"
    assert expand("tomorrow {at} 7{min_sec}{ }pm", "25.11.2006 19:{min_sec}") == [
        ("tomorrow 7pm", "25.11.2006 19:00:00"), ("tomorrow at 7pm", "25.11.2006 19:00:00"),
        ("tomorrow 7 pm", "25.11.2006 19:00:00"), ("tomorrow at 7 pm", "25.11.2006 19:00:00"),
        ("tomorrow 7:00pm", "25.11.2006 19:00:00"), ("tomorrow at 7:00pm", "25.11.2006 19:00:00"),
        ("tomorrow 7:00 pm", "25.11.2006 19:00:00"), ("tomorrow at 7:00 pm", "25.11.2006 19:00:00"),
        (f"tomorrow 7:00:{ss}pm", f"25.11.2006 19:00:{ss}"), (f"tomorrow at 7:00:{ss}pm", f"25.11.2006 19:00:{ss}"),
        (f"tomorrow 7:00:{ss} pm", f"25.11.2006 19:00:{ss}"), (f"tomorrow at 7:00:{ss} pm", f"25.11.2006 19:00:{ss}"),
    ]
    assert expand("9:15{sec}", "24.11.2006 09:15:{sec}") == [("9:15", "24.11.2006 09:15:00"),
                                                            (f"9:15:{ss}", f"24.11.2006 09:15:{ss}")]
    assert expand("now", "24.11.2006 01:13:08") == [("now", "24.11.2006 01:13:08")]


def test_cases_are_read_with_their_values_at_the_fixed_now(tmp_path: Path) -> None:
    corpus = read_dtfn(_write(tmp_path))
    assert REFERENCE == datetime(2006, 11, 24, 1, 13, 8, tzinfo=UTC) and REFERENCE.weekday() == 4
    rows = {c.text: (c.expected, c.grain) for c in corpus.cases}
    assert rows["now"] == (REFERENCE, "moment")
    assert rows["tomorrow"] == (datetime(2006, 11, 25, tzinfo=UTC), "day")
    assert rows["in 3 hours"] == (datetime(2006, 11, 24, 4, 13, 8, tzinfo=UTC), "moment")
    assert rows["3 days ago"] == (datetime(2006, 11, 21, tzinfo=UTC), "day")  # the parser's clock time dropped
    assert rows["tomorrow at 7 pm"] == (datetime(2006, 11, 25, 19, tzinfo=UTC), "moment")
    assert rows[f"tomorrow 7:00:{SECOND:02d}pm"] == (datetime(2006, 11, 25, 19, 0, SECOND, tzinfo=UTC), "moment")
    assert rows["9:15"] == (datetime(2006, 11, 24, 9, 15, tzinfo=UTC), "time")
    assert rows["sunday"] == (datetime(2006, 11, 26, tzinfo=UTC), "day")  # after the Friday reference
    assert rows["next monday"] == (datetime(2006, 11, 27, tzinfo=UTC), "day")
    assert rows["december 30"] == (datetime(2006, 12, 30, tzinfo=UTC), "day")
    assert rows["20 minutes before noon"] == (datetime(2006, 11, 24, 11, 40, tzinfo=UTC), "time")
    assert rows["2010-03-04"] == (datetime(2010, 3, 4, tzinfo=UTC), "day")
    assert rows["2012-07-04T08:30:15+02:00"] == (
        datetime(2012, 7, 4, 8, 30, 15, tzinfo=timezone(timedelta(hours=2))), "moment")
    assert rows["2012-07-04T08:30:15.25"] == (datetime(2012, 7, 4, 8, 30, 15, 250000, tzinfo=UTC), "moment")
    assert len(rows) == 25 and all(c.reference == REFERENCE for c in corpus.cases)
    assert corpus.dropped == Counter({
        "a weekday alone or with 'this', on or before the reference (the parser: this week's, even when past)": 2,
        "next/last <weekday>: the parser's next or last week's day, not the nearest such day": 1,
        "a part of day with no clock time (an hour from the parser's table)": 1,
        "a period named with last/this/next and no day in it (the parser's start of it)": 1,
        "a date with no year, already past (the parser: this year's)": 1,
        "a count before or after a day word (counted from the day's start)": 1,
        "a day word or weekday followed by a count ago (the parser's composition)": 1,
        "an n-th weekday or day with no month or year (the parser's this month's, this year's)": 1,
        "a numeric date whose month and day are both 12 or less (the order is a setting)": 1,
        "a repeat of a case already read": 1,
        "an option set by the test (format)": 1,
        "an option set by the test (prefer_future)": 1,
        "a check of a duration, an extraction, success or failure only, or validation (not one value)": 1,
    })


def test_phrases_keep_times_of_day_only_with_times(tmp_path: Path) -> None:
    paths = _write(tmp_path)
    phrases, dropped = dtfn_phrases(paths)
    assert "9:15" not in [p.text for p in phrases] and dropped["a time of day (kept with --times)"] == 3
    with_times, _ = dtfn_phrases(paths, times=True)
    assert [(p.text, p.expected) for p in with_times if p.time_only] == [
        ("9:15", datetime(*TIME_ONLY_DAY, 9, 15, tzinfo=UTC)),
        (f"9:15:{SECOND:02d}", datetime(*TIME_ONLY_DAY, 9, 15, SECOND, tzinfo=UTC)),
        ("20 minutes before noon", datetime(*TIME_ONLY_DAY, 11, 40, tzinfo=UTC))]


def test_dtfn_is_held_out_and_shows_only_aggregates(tmp_path: Path, capsys: Any) -> None:
    paths = [str(p) for p in _write(tmp_path)]
    assert "dtfn" in HELD_OUT_CORPORA
    for refused in ("--failures", "--compare", "--conventions", "--ambiguity"):
        assert main(["dtfn", *paths, *([refused, "5"] if refused == "--failures" else [refused])]) == 2
        assert "held-out" in capsys.readouterr().err
    assert main(["dtfn", *paths, "--times"]) == 0
    out = capsys.readouterr().out
    assert "25 phrases read, 14 cases left out" in out
    assert "read as: 6 days, 16 moments, 3 times of day" in out and "time grammar: 25 phrases" in out
