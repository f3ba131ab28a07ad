"""The reference reply of seed 003 comes out of the core byte for byte."""

from __future__ import annotations

import orjson
import pytest

from intent import Intent, IntentConfig, IntentResult, ScriptedExecutor
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_003, SEED_COPY, SEED_INPUT, reply_from_seed_text, seed_reply


@pytest.mark.anyio
async def test_scripted_candidate_reproduces_the_seed_reply_exactly() -> None:
    reply = seed_reply()
    intent = Intent(IntentConfig(executor=ScriptedExecutor([SEED_CANDIDATE])))
    result = await intent.parse(SEED_INPUT)
    assert result.to_dict() == reply["structuredContent"]
    assert result.to_json() == reply["content"][0]["text"]


def test_result_round_trips_through_its_model() -> None:
    reply = seed_reply()
    parsed = IntentResult.model_validate(reply["structuredContent"])
    assert parsed.to_json() == reply["content"][0]["text"]


def test_repository_copy_of_the_seed_reply_is_current() -> None:
    if not SEED_003.exists():
        pytest.skip("../shared/seeds is not beside this checkout")
    assert orjson.loads(SEED_COPY.read_bytes()) == reply_from_seed_text(SEED_003.read_text(encoding="utf-8"))
