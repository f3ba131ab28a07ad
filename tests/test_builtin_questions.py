"""Yes/no questions to the assistant are requests, as wh-questions are; statements are not."""

from __future__ import annotations

import pytest

from tests.builtin_requests import action_and_target, parse_when, when


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "field_format", "value"),
    [("do i have any alarms for tomorrow morning", "date", "2026-12-03"),
     ("is there an alarm for ten am", "time", "10:00:00Z"),
     ("will i need an umbrella today", "date", "2026-12-02"),
     ("are there any tornado warnings today", "date", "2026-12-02"),
     ("did you set the alarm for five am", "time", "05:00:00Z"),
     ("do i have a dentist appointment on monday morning", "date", "2026-12-07"),
     ("have i got meetings on friday", "date", "2026-12-04"),
     ("has anyone called me today", "date", "2026-12-02"),
     ("Do I have anything on Friday?", "date", "2026-12-04"),
     ("what's the weather tomorrow", "date", "2026-12-03")],
)  # fmt: skip
async def test_a_question_to_the_assistant_is_a_request_and_fills_its_date(
    text: str, field_format: str, value: str
) -> None:
    result = await parse_when(text, field_format)
    assert result["status"] == "complete"
    assert len(result["effective"]["intents"]) == 1
    assert when(result) == value


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    ["today was a hard day", "hey i met one of my old classmates today", "we have a meeting tomorrow",
     "it was raining yesterday", "did you know that the meeting is tomorrow", "how are you",
     "are you there?"],
)  # fmt: skip
async def test_statements_and_small_talk_stay_no_intent(text: str) -> None:
    result = await parse_when(text, "date")
    assert result["status"] == "no_intent"
    assert result["effective"]["intents"] == []


@pytest.mark.parametrize(
    ("text", "parts"),
    [("do i have any alarms for tomorrow morning", [("do i have", "any alarms")]),
     ("is there an alarm for ten am", [("is there", "an alarm")]),
     ("Are there any delays on the A1 today?", [("Are there", "any delays on the A1")]),
     ("did you set the alarm for five am", [("did you set", "the alarm")]),
     # "do" and "have" with an object are imperatives, and a conditional "should you" asks nothing
     ("Do it tomorrow.", [("Do", "it")]),
     ("Have my car washed on Friday.", [("Have", "my car washed")]),
     ("Should you need help, call me.", [("call", "me")])],
)  # fmt: skip
def test_a_question_is_read_like_a_wh_question(text: str, parts: list[tuple[str, str | None]]) -> None:
    assert action_and_target(text) == parts
