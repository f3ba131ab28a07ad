"""The HWU64 time-slot reader (bench.request_time_slots) on a small file written here in the corpus's format."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from bench.request_time_slots import main, not_one_point, read_quote, read_request, read_spans, split_of


def _item(text: str, *slots: tuple[str, str]) -> dict[str, object]:
    entities = []
    for value, entity in slots:
        start = text.index(value)
        entities.append({"start": start, "end": start + len(value), "value": value, "entity": entity})
    return {"text": text, "intent": "alarm_set", "entities": entities}


ITEMS = [
    _item("wake me up at six am tomorrow", ("six am", "time"), ("tomorrow", "date")),
    _item("set an alarm for next friday at noon", ("friday", "date"), ("noon", "time")),
    _item("remind me on the twelfth", ("twelfth", "date")),
    _item("what is on this week", ("this week", "date")),
    _item("set an alarm for six am every monday", ("six am", "time"), ("every monday", "date")),
    _item("play some jazz", ("jazz", "music_genre")),
]


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    (tmp_path / "KFold_1").mkdir()
    (tmp_path / "KFold_1" / "alarm_set.json").write_bytes(orjson.dumps({"test_data_annotation": ITEMS}))
    # the same request in a second fold is read once
    (tmp_path / "KFold_2").mkdir()
    (tmp_path / "KFold_2" / "alarm_set.json").write_bytes(orjson.dumps({"test_data_annotation": ITEMS[:1]}))
    return tmp_path


def test_spans_pair_a_date_and_a_time_and_take_the_words_that_qualify_them(folder: Path) -> None:
    spans = {(s.text, s.kind) for s in read_spans(folder)}
    assert ("six am tomorrow", "date-time") in spans  # touching: one date-time
    assert ("next friday at noon", "date-time") in spans  # joined by "at", "next" taken in
    assert ("on the twelfth", "date") in spans
    assert ("six am every monday", "date-time") in spans  # paired, then classed by its words: a recurrence
    assert len(read_spans(folder)) == 5


def test_words_alone_say_when_a_span_is_not_one_point() -> None:
    assert not_one_point("this week") == "stretch"
    assert not_one_point("every monday") == "recurrence"
    assert not_one_point("thirty minutes") == "duration"
    assert not_one_point("between three and four pm") == "range, bound or relative"
    assert not_one_point("tonight") == "part of day"
    assert not_one_point("as soon as possible") == "no time word"
    for point in ("tomorrow", "in ten minutes", "march twenty fifth", "ten past seven", "twenty second",
                  "five hundred and thirty am", "the fifteenth of this month"):
        assert not_one_point(point) is None, point


def test_the_split_is_a_fixed_half_by_the_requests_text() -> None:
    texts = [f"set an alarm for {n} am" for n in range(200)]
    halves = [split_of(t) for t in texts]
    assert halves == [split_of(t) for t in texts]
    assert 60 < halves.count("tune") < 140


def test_a_span_is_read_as_a_quote_and_inside_its_request(folder: Path) -> None:
    spans = {s.text: s for s in read_spans(folder)}
    assert read_quote(spans["six am tomorrow"]).values == ("2026-12-03T06:00:00Z",)
    assert read_quote(spans["next friday at noon"]).outcome == "ambiguous"  # said on a Wednesday
    assert read_request(spans["six am tomorrow"]).values == ("2026-12-03T06:00:00Z",)


def test_failures_are_refused_for_the_held_out_half(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(folder), "--split", "held-out", "--failures", "5"]) == 2
    assert main([str(folder), "--split", "all"]) == 0
    out = capsys.readouterr().out
    assert "5 spans" in out and "not one point: 2 (stretch 1, recurrence 1)" in out
