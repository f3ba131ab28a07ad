"""A number quote is read where it stands in the input (``tests/corpus/numbers/in_context.cases``):
cut out of a longer number it means that number, running into a scale or an ordinal the reader does
not read it means none, and a count of a unit or a part stays the count said."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from intent import IntentConfig
from intent.normalize import enclosing_number, number_unread_in_context
from intent.request import parse_request
from intent.resolve import check_field_value

CASES = Path(__file__).parent / "corpus" / "numbers" / "in_context.cases"
SCHEMAS: dict[str, dict[str, Any]] = {"number": {"type": "number"}, "integer": {"type": "integer"}}


@dataclass(frozen=True)
class Case:
    text: str
    quote: str
    kind: str
    value: int | float
    verdict: str

    @property
    def id(self) -> str:
        return f"{self.text}|{self.quote}|{self.value}"


def _cases() -> list[Case]:
    cases: list[Case] = []
    for raw in CASES.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        text, quote, rest = (part.strip() for part in raw.split("||"))
        typed, verdict = (part.strip() for part in rest.split("=>"))
        kind, written = typed.split()
        number = float(written)
        cases.append(Case(text, quote, kind, int(number) if number.is_integer() else number, verdict))
    return cases


CASES_READ = _cases()


def test_the_cases_are_read() -> None:
    assert len(CASES_READ) >= 20
    assert {c.verdict for c in CASES_READ} == {"found", "ungrounded"}


@pytest.mark.parametrize("case", CASES_READ, ids=[c.id for c in CASES_READ])
def test_a_number_quote_means_what_it_is_where_it_stands(case: Case) -> None:
    schema = SCHEMAS[case.kind]
    request = parse_request({"input": case.text}, IntentConfig(schema={"type": "object", "properties": {"n": schema}}))
    item = {"field": "n", "value": case.value, "evidence": case.quote, "source": "input", "pointer": None}
    assert check_field_value(item, schema, request, "/intents/0/fields/0").status == case.verdict


def test_the_longer_number_a_quote_is_cut_out_of() -> None:
    text = "Budget 1.5k, then 20 more"
    assert enclosing_number(text, 7, 10) == (7, 11)  # "1.5" of "1.5k"
    assert enclosing_number(text, 7, 11) is None  # the whole number
    assert enclosing_number(text, 18, 20) is None  # "20" stands alone
    assert enclosing_number(text, 0, 25) is None  # a quote holding the numbers whole


def test_a_count_running_into_a_scale_or_position_not_read() -> None:
    assert number_unread_in_context("about 5 mil", 6, 7)
    assert number_unread_in_context("the twenty-fifth", 4, 10)
    assert not number_unread_in_context("about 5 million", 6, 15)
    assert not number_unread_in_context("a 12 point font", 2, 4)
    assert not number_unread_in_context("5", 0, 1)
