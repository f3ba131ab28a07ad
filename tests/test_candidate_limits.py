"""The candidate's own checks, each shown to be the one that refuses: bytes, depth, duplicate keys.

Each case is a candidate that passes every other check (it is valid against the output schema),
so only the check under test can refuse it, and the refusal is asserted by its message.
"""

from __future__ import annotations

import pytest

from intent import Intent, IntentConfig, Limits
from intent.candidate import CandidateProblems, parse_candidate
from tests.candidates import candidate, intent

TEXT = "Réservez une table à côté de la fenêtre et commandez le café."
NON_ASCII = candidate(intents=[intent("i1", TEXT, "Réservez", "une table à côté de la fenêtre")])
SCHEMA = Intent(IntentConfig(executor=None)).prepare(TEXT).output_schema


def problems(text: str, limits: Limits) -> list[str]:
    with pytest.raises(CandidateProblems) as caught:
        parse_candidate(text, SCHEMA, limits)
    return [f"{item['pointer']} {item['message']}" for item in caught.value.feedback]


def test_the_byte_limit_counts_bytes_not_characters() -> None:
    chars, size = len(NON_ASCII), len(NON_ASCII.encode())
    assert chars < size
    limit = chars + (size - chars) // 2  # more characters than that would fit, fewer bytes
    assert chars < limit < size
    assert parse_candidate(NON_ASCII, SCHEMA, Limits(max_candidate_bytes=size))["intents"][0]["key"] == "i1"
    assert problems(NON_ASCII, Limits(max_candidate_bytes=limit)) == [
        f" the candidate is {size} bytes; the limit is {limit}"
    ]


def test_a_valid_candidate_deeper_than_the_limit_is_refused() -> None:
    # The seed-shaped candidate nests four levels (object > intents > intent > readings); valid, yet too deep for 3.
    assert parse_candidate(NON_ASCII, SCHEMA, Limits(max_candidate_depth=4))
    assert problems(NON_ASCII, Limits(max_candidate_depth=3)) == [" the candidate nests deeper than 3 levels"]


def test_an_invalid_candidate_deeper_than_the_limit_is_refused_before_the_schema_speaks() -> None:
    deep = '{"turnKind": "request", "intents": [[[[[[1]]]]]]}'
    assert problems(deep, Limits(max_candidate_depth=5)) == [" the candidate nests deeper than 5 levels"]
    assert "nests deeper" not in " ".join(problems(deep, Limits(max_candidate_depth=8)))


def test_two_intents_with_one_key_are_refused_at_the_second() -> None:
    twice = candidate(intents=[intent("i1", "Réservez", "Réservez"), intent("i2", "commandez", "commandez"),
                               intent("i1", "café", "commandez")])
    assert problems(twice, Limits()) == ["/intents/2/key duplicate intent key 'i1'"]
