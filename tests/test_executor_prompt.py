"""The model prompt is built from the task alone; replies are unwrapped, never repaired."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from intent import Intent, IntentConfig
from intent.errors import FeedbackItem
from intent.executors.model_prompt import (
    MAX_FEEDBACK_ITEMS,
    REPLY_RULE,
    build_model_prompt,
    unwrap_candidate,
)
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT


def _task() -> object:
    return Intent(IntentConfig(executor=None)).prepare(
        {"input": SEED_INPUT, "context": {"customer": "c-17"}, "referenceTime": "2026-11-30T10:00:00Z"}
    )


def test_prompt_carries_instructions_input_and_schema_and_nothing_else() -> None:
    task = _task()
    prompt = build_model_prompt(task)  # type: ignore[arg-type]
    assert prompt.system.startswith(task["instructions"].rstrip())  # type: ignore[index]
    assert prompt.system.endswith(REPLY_RULE)
    input_part, schema_part = prompt.user.split("\n\nOutput schema (JSON Schema):\n")
    assert json.loads(input_part.removeprefix("Task input (JSON):\n")) == task["input"]  # type: ignore[index]
    assert json.loads(schema_part) == task["outputSchema"]  # type: ignore[index]
    assert prompt.output_schema == task["outputSchema"]  # type: ignore[index]
    assert "previous answer" not in prompt.user


def test_feedback_lists_every_problem_on_the_correction() -> None:
    feedback: list[FeedbackItem] = [
        {"pointer": "/intents/0/action", "message": "must be a string"},
        {"pointer": "", "message": "'removals' is a required property"},
    ]
    prompt = build_model_prompt(_task(), feedback)  # type: ignore[arg-type]
    assert "- at /intents/0/action: must be a string" in prompt.user
    assert "- at /: 'removals' is a required property" in prompt.user
    assert prompt.user.index("Output schema") < prompt.user.index("previous answer")


def test_feedback_is_bounded() -> None:
    feedback: list[FeedbackItem] = [{"pointer": f"/x/{i}", "message": "m" * 5000} for i in range(100)]
    prompt = build_model_prompt(_task(), feedback)  # type: ignore[arg-type]
    assert prompt.user.count("- at /x/") == MAX_FEEDBACK_ITEMS
    assert f"and {100 - MAX_FEEDBACK_ITEMS} more problems" in prompt.user
    assert len(prompt.user) < 60_000


@pytest.mark.parametrize(
    "reply",
    [
        SEED_CANDIDATE,
        f"  \n{SEED_CANDIDATE}\n\n",
        f"```json\n{SEED_CANDIDATE}\n```",
        f"```\n{SEED_CANDIDATE}\n```",
        f"Here is the JSON you asked for:\n\n```json\n{SEED_CANDIDATE}\n```\nLet me know if you need more.",
        f"Sure! {SEED_CANDIDATE}",
        f"{SEED_CANDIDATE}\nI hope this helps.",
        f"The set {{a, b}} is empty; answer: {SEED_CANDIDATE} done",
        f"```python\nprint(1)\n```\n```json\n{SEED_CANDIDATE}\n```",
    ],
)
def test_wrapping_is_removed(reply: str) -> None:
    assert json.loads(unwrap_candidate(reply)) == json.loads(SEED_CANDIDATE)


@pytest.mark.parametrize(
    "reply",
    [
        '{"turnKind": "request", "intents": [}',  # broken JSON stays broken: feedback, not a guess
        "I cannot help with that.",
        '{"turnKind": "request",}',
        "",
    ],
)
def test_malformed_replies_are_not_repaired(reply: str) -> None:
    assert unwrap_candidate(reply) == reply.strip()


def test_broken_json_inside_a_fence_is_returned_as_written() -> None:
    assert unwrap_candidate('```json\n{"a": [1, 2\n```') == '{"a": [1, 2'


@given(st.text(max_size=400))
def test_unwrapping_returns_a_substring_of_the_reply(reply: str) -> None:
    assert unwrap_candidate(reply) in reply


def test_unwrapping_a_brace_storm_stays_fast() -> None:
    reply = "{" * 200_000 + " no json here"
    assert unwrap_candidate(reply) == reply.strip()


@pytest.mark.anyio
async def test_a_fenced_reply_is_accepted_by_the_core() -> None:
    intent = Intent(IntentConfig(executor=None))
    task = intent.prepare(SEED_INPUT)
    result = await intent.accept(task, unwrap_candidate(f"```json\n{SEED_CANDIDATE}\n```"))
    assert result.to_dict()["status"] == "complete"
