"""``bench.time_eval`` reads chrono-style test files: phrase, sentence, reference, expected value and grain."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from bench.chrono_corpus import NO_REFERENCE, read_chrono
from bench.js_calls import calls, int_value, split_arguments, string_value, tokenize
from bench.time_eval import TIME_ONLY_DAY, chrono_negatives, chrono_phrases, false_readings, main, score

UTC = timezone.utc

# Written for these tests in the syntax of chrono's test files (not taken from them).
CHRONO_SAMPLE = r"""
import * as chrono from "../../src";
import { testSingleCase, testUnexpectedResult, testWithExpectedDate } from "../test_util";

test("days and moments", () => {
    // a day: only the date is checked; chrono carries the reference's time into it
    testSingleCase(chrono.casual, "Send it over by tomorrow, thanks", new Date(2021, 3 - 1, 9, 16, 45), (result) => {
        expect(result.text).toBe("by tomorrow");
        expect(result.start.get("year")).toBe(2021);
        expect(result.start.get("month")).toBe(3);
        expect(result.start.get("day")).toBe(10);
        expect(result.start).toBeDate(new Date(2021, 2, 10, 16, 45));
    });

    /* a moment: the hour is checked; the month rolls over as in JavaScript (month 12 is next January) */
    testSingleCase(chrono, "Ping me at 9:30pm", new Date(2020, 11, 31, 10), (r, text) => {
        expect(r.text).toBe("at 9:30pm");
        expect(r.start).toBeDate(new Date(2020, 12 - 1, 31, 21, 30));
        expect(r.end).toBeNull();
    });

    testSingleCase(chrono.casual, "the thing is due friday", new Date(2021, 2, 9), (result) => {
        expect(result.start).toBeDate(new Date(2021, 2, 12, 12));
    });

    testWithExpectedDate(chrono.strict, "March-4-2021", new Date(2021, 3 - 1, 4, 12));

    testSingleCase(chrono, "07:05 PM", new Date(2021, 2, 9, 8), (result, text) => {
        expect(result.text).toBe(text);
        expect(result.start.get("hour")).toBe(19);
        expect(result.start.get("minute")).toBe(5);
    });

    testSingleCase(chrono, "noon tmrw, 'tis \"fine\"", new Date(2021, 2, 9, 8, 0), (result) => {
        expect(result.text).toBe("noon tmrw");
        expect(result.start.get("year")).toBe(2021);
        expect(result.start.get("month")).toBe(3);
        expect(result.start.get("day")).toBe(10);
        expect(result.start.get("hour")).toBe(12);
        expect(result.start.get("timezoneOffset")).toBe(-(4 * 60 + 30));
    });
});

test("left out", () => {
    testSingleCase(chrono, "from monday to wednesday", new Date(2021, 2, 9), (result) => {
        expect(result.text).toBe("from monday to wednesday");
        expect(result.end.get("day")).toBe(10);
    });
    testSingleCase(chrono, "next month", new Date(2021, 2, 9), (result) => {
        expect(result.start.get("year")).toBe(2021);
        expect(result.start.get("month")).toBe(4);
        expect(result.start.get("day")).toBe(1);
    });
    testSingleCase(chrono, "thursday", new Date(2021, 2, 9), { forwardDate: true }, (result) => {
        expect(result.start.get("day")).toBe(11);
    });
    testSingleCase(chrono.fr, "demain", new Date(2021, 2, 9), (result) => {
        expect(result.start.get("day")).toBe(10);
    });
    testSingleCase(chrono, "tomorrow", { instant: new Date(1615300000000), timezone: "CET" }, (result) => {
        expect(result.start.get("day")).toBe(10);
    });
    // the minute is not checked and "in 2 hours" keeps the reference's (20)
    testSingleCase(chrono, "in 2 hours", new Date(2021, 2, 9, 8, 20), (result) => {
        expect(result.start.get("year")).toBe(2021);
        expect(result.start.get("month")).toBe(3);
        expect(result.start.get("day")).toBe(9);
        expect(result.start.get("hour")).toBe(10);
    });
    testSingleCase(chrono, "some day (soon)", new Date(2021, 2, 9), (result) => {
        expect(result.start).toBeDate(new Date(2021, 2, 9, 7, 15));
    });
    testUnexpectedResult(chrono, "no date (here)", new Date(2021, 2, 9));
    testUnexpectedResult(chrono.strict, "tomorrow");  // the strict parser refuses casual words: not a negative
    testUnexpectedResult(chrono.casual, "on March 3rd", new Date(2021, 2, 9));  // one, wrongly
});

test("a reference bound to a name", () => {
    const refDate = new Date("Tue Mar 9 2021");
    testSingleCase(chrono, "Tuesday next week", refDate, (result) => {
        expect(result.start.get("year")).toBe(2021);
        expect(result.start.get("month")).toBe(3);
        expect(result.start.get("day")).toBe(16);
    });
});
"""


def test_js_calls_reads_literals_and_balanced_arguments() -> None:
    tokens = tokenize('f(a.b, "x, (y)\\n", `t`, new D(1, 8 - 1), (r) => { g(r); }) // f("no")')
    [call] = list(calls(tokens, frozenset({"f"})))
    assert len(call.arguments) == 5
    assert string_value(call.arguments[1]) == "x, (y)\n"
    assert string_value(call.arguments[2]) == "t"
    inner = split_arguments(call.arguments[3][3:-1])
    assert [int_value(p) for p in inner] == [1, 7]
    assert int_value(tokenize("-(2 * 60 + 30)")) == -150
    assert int_value(tokenize("x * 2")) is None and int_value(tokenize("1.5")) is None
    assert string_value(tokenize("`a ${b}`")) is None


def test_chrono_cases_are_read_with_their_grain(tmp_path: Path) -> None:
    path = tmp_path / "en_sample.test.ts"
    path.write_text(CHRONO_SAMPLE, encoding="utf-8")
    corpus = read_chrono([path])
    rows = [(c.text, c.context, c.reference, c.expected, c.day_grain, c.time_only) for c in corpus.cases]
    assert rows == [
        ("by tomorrow", "Send it over by tomorrow, thanks", datetime(2021, 3, 9, 16, 45, tzinfo=UTC),
         datetime(2021, 3, 10, tzinfo=UTC), True, False),
        ("at 9:30pm", "Ping me at 9:30pm", datetime(2020, 12, 31, 10, tzinfo=UTC),
         datetime(2020, 12, 31, 21, 30, tzinfo=UTC), False, False),
        # the found phrase is not checked: the whole input (chrono checks it holds one expression)
        ("the thing is due friday", "the thing is due friday", datetime(2021, 3, 9, tzinfo=UTC),
         datetime(2021, 3, 12, tzinfo=UTC), True, False),
        ("March-4-2021", "March-4-2021", NO_REFERENCE, datetime(2021, 3, 4, tzinfo=UTC), True, False),
        ("07:05 PM", "07:05 PM", datetime(2021, 3, 9, 8, tzinfo=UTC), datetime(2021, 3, 9, 19, 5, tzinfo=UTC),
         False, True),
        ("noon tmrw", "noon tmrw, 'tis \"fine\"", datetime(2021, 3, 9, 8, tzinfo=UTC),
         datetime(2021, 3, 10, 12, tzinfo=timezone(-timedelta(hours=4, minutes=30))), False, False),
        ("Tuesday next week", "Tuesday next week", datetime(2021, 3, 9, tzinfo=UTC),
         datetime(2021, 3, 16, tzinfo=UTC), True, False),
    ]
    assert corpus.dropped == Counter({
        "interval (result.end)": 1, "not one day (a month, year or week)": 1, "options object": 1,
        "non-English parser": 1, "reference not a plain date": 1, "checks do not fix the value": 1,
        "grain not certain": 1, "negative case": 3,
    })


def test_chrono_phrases_are_simple_and_scored(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "en_sample.test.ts"
    path.write_text(CHRONO_SAMPLE, encoding="utf-8")
    phrases, dropped = chrono_phrases([path])
    assert [p.text for p in phrases] == ["by tomorrow", "at 9:30pm", "the thing is due friday", "March-4-2021",
                                         "noon tmrw", "Tuesday next week"]
    assert dropped["a time of day (kept with --times)"] == 1
    with_times, _ = chrono_phrases([path], times=True)
    [time_of_day] = [p for p in with_times if p.time_only]
    assert time_of_day.expected == datetime(*TIME_ONLY_DAY, 19, 5, tzinfo=UTC)
    counts, _ = score([p for p in phrases if p.text in ("by tomorrow", "at 9:30pm", "March-4-2021")])
    assert counts == {"right": 3}
    assert main(["chrono", str(path)]) == 0
    out = capsys.readouterr().out
    assert "6 phrases read, 11 cases left out" in out and "time grammar: 6 phrases" in out
    assert main(["chrono", str(path), "--failures", "5"]) == 0  # a tuning corpus: its misses are listed
    assert "time grammar: 6 phrases" in capsys.readouterr().out


def test_negative_cases_count_texts_read_as_a_date(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "en_sample.test.ts"
    path.write_text(CHRONO_SAMPLE, encoding="utf-8")
    negatives = chrono_negatives([path])
    assert [(n.text, n.reference) for n in negatives] == [
        ("no date (here)", datetime(2021, 3, 9, tzinfo=UTC)), ("on March 3rd", datetime(2021, 3, 9, tzinfo=UTC)),
    ]
    assert false_readings(negatives) == {"declined": 1, "read": 1}
    assert main(["chrono", str(path), "--negatives"]) == 0
    assert "negative cases: 1 of 2 texts with no date in them read as one" in capsys.readouterr().out


def test_pipeline_reads_the_sentence_when_it_holds_only_the_phrase() -> None:
    from bench.time_eval import Phrase, _pipeline_readings

    reference = datetime(2021, 3, 9, 16, 45, tzinfo=UTC)
    tomorrow = datetime(2021, 3, 10, tzinfo=UTC)
    # the quote alone means nothing; the sentence around it names the day
    in_sentence = Phrase("by then", reference, tomorrow, True, "chrono", "Send it over tomorrow, thanks",
                         alone_in_context=True)
    assert _pipeline_readings(in_sentence) == [tomorrow]
    # a sentence holding other expressions too is not read whole: the quote is
    crowded = Phrase("by then", reference, tomorrow, True, "recognizers", "Send it over tomorrow, thanks")
    assert _pipeline_readings(crowded) == []
