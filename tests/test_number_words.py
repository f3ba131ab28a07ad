"""Numbers and amounts read from words: each reading, the field's type and bounds, and nothing guessed."""

from __future__ import annotations

from typing import Any

import pytest

from intent import Intent, IntentConfig
from intent.normalize import derive_values
from intent.request import parse_request
from intent.resolve import check_field_value

NUMBER = {"type": "number"}
INTEGER = {"type": "integer"}


@pytest.mark.parametrize(
    ("evidence", "number", "integer"),
    [("two hundred and fifty", [250], [250]), ("1.5k", [1500], [1500]), ("$1.2k", [1200], [1200]),
     ("$300", [300], [300]), ("€2.5m", [2_500_000], [2_500_000]), ("3 1/2", [3.5], []), ("1/2", [0.5], []),
     ("two and a half", [2.5], []), ("3 and a half", [3.5], []), ("a dozen", [12], [12]),
     ("half a dozen", [6], [6]), ("two dozen", [24], [24]), ("50%", [50], [50]), ("fifty percent", [50], [50]),
     ("twelve hundred", [1200], [1200]), ("1,250", [1250], [1250]), ("for 4 people", [4], [4]),
     ("2.5m", [], []), ("a couple", [2], [2]), ("a few", [], []), ("1/3rd", [], []), ("12/24", [], [])],
)  # fmt: skip
def test_amounts_read_whole_or_not_at_all(evidence: str, number: list[Any], integer: list[Any]) -> None:
    assert [d.value for d in derive_values(evidence, NUMBER)] == number
    assert [d.value for d in derive_values(evidence, INTEGER)] == integer


def _verdict(evidence: str, value: Any, schema: dict[str, Any]) -> str:
    intent = Intent(IntentConfig(schema={"type": "object", "properties": {"n": schema}}))
    request = parse_request({"input": f"Make it {evidence}"}, intent.config)
    item = {"field": "n", "value": value, "evidence": evidence, "source": "input", "pointer": None}
    return check_field_value(item, schema, request, "/intents/0/fields/0").status


@pytest.mark.parametrize(
    ("evidence", "right", "wrong"),
    [("3 1/2", 3.5, 3), ("1.5k", 1500, 1.5), ("half a dozen", 6, 12), ("two and a half", 2.5, 2),
     ("two hundred and fifty", 250, 200)],
)  # fmt: skip
def test_verifier_accepts_the_amount_and_refuses_a_partial_reading(evidence: str, right: Any, wrong: Any) -> None:
    assert _verdict(evidence, right, NUMBER) == "found"
    assert _verdict(evidence, wrong, NUMBER) == "ungrounded"


def test_bounds_and_type_are_checked_after_reading() -> None:
    bounded = {"type": "integer", "minimum": 1, "maximum": 20}
    assert _verdict("two dozen", 24, bounded) == "invalid"
    assert _verdict("a dozen", 12, bounded) == "found"
    assert _verdict("3 1/2", 3.5, INTEGER) == "ungrounded"  # not an integer reading at all


def _status(text: str, evidence: str, value: Any, schema: dict[str, Any]) -> str:
    request = parse_request({"input": text}, IntentConfig(schema={"type": "object", "properties": {"n": schema}}))
    item = {"field": "n", "value": value, "evidence": evidence, "source": "input", "pointer": None}
    return check_field_value(item, schema, request, "/intents/0/fields/0").status


def test_a_whole_float_is_found_by_its_integer_spelling() -> None:
    # 3.0 is said "3"; a free-form field has no reading of its own to fall back on
    assert _status("Check in 3 bags", "3 bags", 3.0, {}) == "found"
    assert _status("Check in 3.5 bags", "3.5 bags", 3.5, {}) == "found"
    assert _status("Check in 3 bags", "3 bags", 3.5, {}) == "ungrounded"


@pytest.mark.parametrize(("text", "value", "schema"), [
    ("Set the flag True", True, {"type": "boolean"}),
    ("Set the flag False", False, {}),
    ("Tag it [1]", [1], {"type": "array"}),
    ("Tag it {}", {}, {"type": "object"}),
    ("Leave it None", None, {}),
])  # fmt: skip
def test_a_flag_list_or_object_is_not_found_by_its_python_spelling(text: str, value: Any,
                                                                    schema: dict[str, Any]) -> None:
    assert _status(text, text, value, schema) == "ungrounded"
