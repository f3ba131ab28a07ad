"""The number reader's own corpus (``tests/corpus/numbers/``): every phrase reads as expected, money
with its currency, and the verifier accepts the value its words mean and refuses a near miss."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from intent import IntentConfig
from intent.normalize import derive_values, find_numbers
from intent.request import parse_request
from intent.resolve import check_field_value

CORPUS = Path(__file__).parent / "corpus" / "numbers"
SCHEMAS: dict[str, dict[str, Any]] = {"number": {"type": "number"}, "integer": {"type": "integer"},
                                      "money": {"type": "number"}}


@dataclass(frozen=True)
class Line:
    family: str
    number: int
    phrase: str
    kind: str
    expected: tuple[float, ...]
    currency: str | None = None

    @property
    def id(self) -> str:
        return f"{self.family}:{self.number}:{self.phrase.encode('ascii', 'replace').decode('ascii')}"


def _lines() -> list[Line]:
    lines: list[Line] = []
    for path in sorted(CORPUS.glob("*.txt")):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not raw.strip() or raw.startswith("#"):
                continue
            phrase, _, spec = raw.partition(" => ")
            kind, _, rest = spec.strip().partition(" ")
            if kind == "money":
                value, _, currency = rest.partition(" ")
                lines.append(Line(path.stem, number, phrase, kind, (float(value),),
                                  None if currency == "-" else currency))
            else:
                values = () if rest.strip() == "-" else tuple(float(v) for v in rest.split(" | "))
                lines.append(Line(path.stem, number, phrase, kind, values))
    return lines


LINES = _lines()


def _status(phrase: str, value: Any, schema: dict[str, Any]) -> str:
    request = parse_request({"input": f"Amount: {phrase}"}, IntentConfig(schema={"type": "object",
                                                                               "properties": {"n": schema}}))
    item = {"field": "n", "value": value, "evidence": phrase, "source": "input", "pointer": None}
    return check_field_value(item, schema, request, "/intents/0/fields/0").status


def test_the_corpus_is_read() -> None:
    assert len(LINES) > 120
    assert {line.family for line in LINES} == {"words", "digits", "money", "ordinals"}


@pytest.mark.parametrize("line", LINES, ids=[line.id for line in LINES])
def test_phrase_reads_as_expected(line: Line) -> None:
    schema = SCHEMAS[line.kind]
    assert sorted(float(d.value) for d in derive_values(line.phrase, schema)) == sorted(line.expected)
    if line.kind == "money":
        mentions = find_numbers(line.phrase)
        assert [(float(m.value), m.currency) for m in mentions] == [(line.expected[0], line.currency)]


def _plain(value: float) -> int | float:
    return int(value) if value.is_integer() else value


@pytest.mark.parametrize("line", [line for line in LINES if len(line.expected) == 1],
                         ids=[line.id for line in LINES if len(line.expected) == 1])
def test_verifier_accepts_the_value_and_refuses_a_near_miss(line: Line) -> None:
    schema = SCHEMAS[line.kind]
    value = line.expected[0]
    assert _status(line.phrase, _plain(value), schema) == "found"
    for miss in {value + 1, value * 10, -value if value else 1.0} - set(line.expected):
        if line.kind == "integer" and not miss.is_integer():
            continue
        assert _status(line.phrase, _plain(miss), schema) == "ungrounded", miss


@pytest.mark.parametrize("line", [line for line in LINES if not line.expected],
                         ids=[line.id for line in LINES if not line.expected])
def test_verifier_refuses_a_value_from_words_that_state_none(line: Line) -> None:
    for guess in (1, 2, 3, 12, 1000):
        assert _status(line.phrase, guess, SCHEMAS[line.kind]) == "ungrounded"


@pytest.mark.parametrize("line", [line for line in LINES if len(line.expected) > 1],
                         ids=[line.id for line in LINES if len(line.expected) > 1])
def test_several_readings_are_offered_as_candidates(line: Line) -> None:
    request = parse_request({"input": f"Amount: {line.phrase}"},
                            IntentConfig(schema={"type": "object", "properties": {"n": SCHEMAS[line.kind]}}))
    candidates = [_plain(v) for v in line.expected]
    item = {"field": "n", "value": None, "candidates": candidates, "evidence": line.phrase, "source": "input",
            "pointer": None}
    checked = check_field_value(item, SCHEMAS[line.kind], request, "/intents/0/fields/0")
    assert checked.status == "ambiguous" and checked.candidates == candidates
