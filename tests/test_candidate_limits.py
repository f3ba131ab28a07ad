"""The candidate's own checks, each shown to be the one that refuses: bytes, depth, duplicate keys.

Each case is a candidate that passes every other check (it is valid against the output schema),
so only the check under test can refuse it, and the refusal is asserted by its message.
"""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest

from intent import Intent, IntentConfig, Limits
from intent.candidate import CandidateProblems, parse_candidate
from intent.candidate.parse import _MAX_CHECKS, _VALIDATORS, _check_for, _instance_depth
from tests.candidates import candidate, intent

TEXT = "Réservez une table à côté de la fenêtre et commandez le café."
NON_ASCII = candidate(intents=[intent("i1", TEXT, "Réservez", "une table à côté de la fenêtre")])
SCHEMA = Intent(IntentConfig(executor=None)).prepare(TEXT).output_schema


def problems(text: str, limits: Limits) -> list[str]:
    # A fresh copy each time: compiled checks are cached per schema object, and each case must
    # run the whole check (including the schema's depth bound) as a new task would.
    with pytest.raises(CandidateProblems) as caught:
        parse_candidate(text, copy.deepcopy(SCHEMA), limits)
    return [f"{item['pointer']} {item['message']}" for item in caught.value.feedback]


def test_the_byte_limit_counts_bytes_not_characters() -> None:
    chars, size = len(NON_ASCII), len(NON_ASCII.encode())
    assert chars < size
    limit = chars + (size - chars) // 2  # more characters than that would fit, fewer bytes
    assert chars < limit < size
    accepted = parse_candidate(NON_ASCII, copy.deepcopy(SCHEMA), Limits(max_candidate_bytes=size))
    assert accepted["intents"][0]["key"] == "i1"
    assert problems(NON_ASCII, Limits(max_candidate_bytes=limit)) == [
        f" the candidate is {size} bytes; the limit is {limit}"
    ]


def test_a_valid_candidate_deeper_than_the_limit_is_refused() -> None:
    # The seed-shaped candidate nests four levels (object > intents > intent > readings); valid, yet too deep for 3.
    assert parse_candidate(NON_ASCII, copy.deepcopy(SCHEMA), Limits(max_candidate_depth=4))
    assert problems(NON_ASCII, Limits(max_candidate_depth=3)) == [" the candidate nests deeper than 3 levels"]


def test_an_invalid_candidate_deeper_than_the_limit_is_refused_before_the_schema_speaks() -> None:
    deep = '{"turnKind": "request", "intents": [[[[[[1]]]]]]}'
    assert problems(deep, Limits(max_candidate_depth=5)) == [" the candidate nests deeper than 5 levels"]
    assert "nests deeper" not in " ".join(problems(deep, Limits(max_candidate_depth=8)))


def test_two_intents_with_one_key_are_refused_at_the_second() -> None:
    twice = candidate(intents=[intent("i1", "Réservez", "Réservez"), intent("i2", "commandez", "commandez"),
                               intent("i1", "café", "commandez")])
    assert problems(twice, Limits()) == ["/intents/2/key duplicate intent key 'i1'"]


def test_problems_read_as_one_message_naming_each_place() -> None:
    with pytest.raises(CandidateProblems) as caught:
        parse_candidate('{"turnKind": "request"}', copy.deepcopy(SCHEMA), Limits())
    feedback = caught.value.feedback
    assert len(feedback) >= 2 and str(caught.value) == "; ".join(
        f"{item['pointer'] or '/'}: {item['message']}" for item in feedback
    )
    assert str(caught.value).startswith("/: ")  # the whole candidate is written "/", not ""


def test_text_that_is_not_a_string_or_not_json_is_refused_at_the_root() -> None:
    assert problems(b"{}", Limits()) == [" the candidate must be JSON text (a string)"]  # type: ignore[arg-type]
    (only,) = problems("{not json", Limits())
    assert only.startswith(" not valid JSON: ")


@pytest.mark.parametrize(
    ("schema", "depth"),
    [
        ({"type": "string"}, 1),
        ({"type": ["string", "null"]}, 1),
        ({"type": "array", "items": {"type": "integer"}}, 2),
        ({"type": "object", "additionalProperties": False, "properties": {}}, 1),
        ({"type": "object", "additionalProperties": False}, 1),
        ({"type": "object", "additionalProperties": False,
          "properties": {"a": {"type": "array", "items": {"type": "object", "additionalProperties": False,
                                                          "properties": {"b": {"type": "string"}}}}}}, 4),
        ({"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}, 2),
        ({"oneOf": [{"type": "null"}, {"type": "array", "items": {"type": "array", "items": {"type": "null"}}}]}, 3),
        ({"type": ["object", "array"], "additionalProperties": False,
          "properties": {"a": {"type": "string"}}, "items": {"type": "string"}}, 2),
        ({"type": "object", "properties": {"a": {"type": "string"}}}, math.inf),  # other keys allowed
        ({"type": "object", "additionalProperties": {"type": "string"}}, math.inf),
        ({"type": "object", "additionalProperties": False, "patternProperties": {"^x": {}}}, math.inf),
        ({"type": "array"}, math.inf),  # items of any depth
        ({"$ref": "#/$defs/x", "type": "string"}, math.inf),
        ({}, math.inf),
        (True, math.inf),
    ],
)
def test_the_depth_a_schema_allows(schema: Any, depth: float) -> None:
    assert _instance_depth(schema) == depth


def test_the_output_schema_bounds_depth_below_the_default_limit() -> None:
    # So a valid candidate is never walked for depth under the default limits: the fast path stays fast.
    bound = _instance_depth(SCHEMA)
    assert 4 <= bound < Limits().max_candidate_depth


def test_a_compiled_check_is_kept_per_schema_object_with_its_depth_bound() -> None:
    schema = copy.deepcopy(SCHEMA)
    check = _check_for(schema)
    assert _check_for(schema) is check and check.schema is schema
    assert check.max_depth == _instance_depth(SCHEMA) < math.inf
    assert _check_for(copy.deepcopy(SCHEMA)) is not check


def test_relations_may_name_candidate_keys_or_baseline_ids_only() -> None:
    def with_relation(end: str) -> str:
        return candidate(intents=[intent("i1", "Réservez", "Réservez")],
                         relations=[{"kind": "sequence", "from": "i1", "to": end}])

    assert parse_candidate(with_relation("intent-12"), copy.deepcopy(SCHEMA), Limits())["relations"]
    with pytest.raises(CandidateProblems) as caught:
        parse_candidate(with_relation("intent-x"), copy.deepcopy(SCHEMA), Limits())
    assert caught.value.feedback == [{
        "pointer": "/relations/0/to",
        "message": "'intent-x' is neither an intent key of this candidate nor a baseline intent id",
    }]


def test_compiled_checks_are_kept_for_the_newest_schemas_only() -> None:
    schemas = [{"type": "object", "title": str(i)} for i in range(_MAX_CHECKS + 10)]
    checks = [_check_for(schema) for schema in schemas]
    assert len(_VALIDATORS) == _MAX_CHECKS
    assert id(schemas[9]) not in _VALIDATORS and _VALIDATORS[id(schemas[10])] is checks[10]  # the oldest go first
    assert _check_for(schemas[-1]) is checks[-1]


def test_at_the_schemas_own_depth_only_an_invalid_candidate_is_measured() -> None:
    bound = int(_check_for(copy.deepcopy(SCHEMA)).max_depth)
    assert parse_candidate(NON_ASCII, copy.deepcopy(SCHEMA), Limits(max_candidate_depth=bound))
    deep = '{"turnKind": "request", "intents": ' + "[" * bound + "1" + "]" * bound + "}"
    assert problems(deep, Limits(max_candidate_depth=bound)) == [f" the candidate nests deeper than {bound} levels"]


def test_schema_feedback_is_cut_to_twenty_problems_of_three_hundred_characters() -> None:
    long_kind = json.dumps({**json.loads(NON_ASCII), "turnKind": "x" * 400})
    (message,) = problems(long_kind, Limits())
    assert message.startswith("/turnKind '" + "x" * 200) and len(message) == len("/turnKind ") + 300
    many = problems(json.dumps({**json.loads(NON_ASCII), "intents": [1] * 25}), Limits())
    assert len(many) == 20 == len(set(many))
    assert all(m.startswith("/intents/") and m.endswith(" 1 is not of type 'object'") for m in many)
