"""Requests without a verb, wishes, questions about someone named, and requests said after a name,
a time or a statement: all requests, filled like their imperative forms; statements are not."""

from __future__ import annotations

import pytest

from tests.builtin_requests import action_and_target, parse_when, when


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "field_format", "value"),
    [  # a noun phrase naming a thing an assistant handles, with a time, a place or "please"
     ("new reminder at three pm", "time", "15:00:00Z"),
     ("new alarm for six am", "time", "06:00:00Z"),
     ("meeting with john at 4pm", "time", "16:00:00Z"),
     ("weather tomorrow?", "date", "2026-12-03"),
     ("train tickets to london friday", "date", "2026-12-04"),
     ("today's schedule", "date", "2026-12-02"),
     ("any new emails today", "date", "2026-12-02"),
     ("A table for two at 8pm, please", "time", "20:00:00Z"),
     # a wish or a need said to the assistant
     ("i need to be up at seven am", "time", "07:00:00Z"),
     ("i fancy a coffee at 3pm", "time", "15:00:00Z"),
     ("i would love a table for two tomorrow", "date", "2026-12-03"),
     # a question about someone or something named
     ("did mike send me an email today", "date", "2026-12-02"),
     ("has derek logged into facebook today", "date", "2026-12-02"),
     ("is jimmie's party on friday cancelled", "date", "2026-12-04"),
     # a request after a name, a time or a statement, without a pause
     ("olly set an alarm for six am", "time", "06:00:00Z"),
     ("on friday what is the weather going to be", "date", "2026-12-04"),
     ("on february fourteenth make dinner reservations at the restaurant", "date", "2027-02-14"),
     ("i have a meeting tomorrow at ten am please remind me", "date-time", "2026-12-03T10:00:00Z"),
     ("i dont want to carry an umbrella will it rain today", "date", "2026-12-02"),
     ("the meeting has been changed put it on thursday", "date", "2026-12-03")],
)  # fmt: skip
async def test_the_request_is_recognised_and_fills_its_time(text: str, field_format: str, value: str) -> None:
    result = await parse_when(text, field_format)
    assert result["status"] == "complete"
    assert len(result["effective"]["intents"]) == 1
    assert when(result) == value


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    ["today was a hard day", "i saw a fox today", "tomorrow is my birthday", "mike called me today",
     "nice weather today", "great song for the commute", "i don't know what time it is", "does not matter",
     "wouldn't mind for any one", "any one, olly.", "alarms", "veganism", "hey i met one of my old classmates today",
     "today i couldn't find my phone"],
)  # fmt: skip
async def test_statements_remarks_and_bare_nouns_stay_no_intent(text: str) -> None:
    result = await parse_when(text, "date")
    assert result["status"] == "no_intent"
    assert result["effective"]["intents"] == []


@pytest.mark.parametrize(
    ("verbless", "imperative"),
    [("new reminder at three pm", "set new reminder at three pm"),
     ("train tickets to london friday", "book train tickets to london friday"),
     ("weather in oslo tomorrow", "check weather in oslo tomorrow"),
     ("alarm for six am please", "set alarm for six am please")],
)  # fmt: skip
def test_the_noun_phrase_is_cut_where_the_imperative_target_is(verbless: str, imperative: str) -> None:
    """No verb names the operation: the noun phrase stands for it, cut where the imperative's target is."""
    ((action, target),) = action_and_target(verbless)
    ((_, imperative_target),) = action_and_target(imperative)
    assert (action, target) == (imperative_target, None)


@pytest.mark.anyio
async def test_the_verbless_and_the_imperative_form_fill_the_same_fields() -> None:
    verbless = await parse_when("new reminder at three pm tomorrow", "date-time")
    imperative = await parse_when("set a new reminder at three pm tomorrow", "date-time")
    assert when(verbless) == when(imperative) == "2026-12-03T15:00:00Z"


@pytest.mark.parametrize(
    ("text", "parts"),
    [("did mike send me an email", [("did mike send", "an email")]),
     ("olly turn the volume up", [("turn", "the volume up")]),
     ("on friday what is the weather going to be", [("what is", "the weather going to be")]),
     ("any new emails today", [("any new emails", None)])],
)  # fmt: skip
def test_the_parts_of_the_new_kinds(text: str, parts: list[tuple[str, str | None]]) -> None:
    assert action_and_target(text) == parts


def test_a_verbless_clause_beside_a_request_stays_part_of_it() -> None:
    """ "Window seat please" after a booking adds to it: only a turn with no other request gets one."""
    assert action_and_target("Book a flight to Paris. Window seat please.") == [("Book", "a flight to Paris")]
    assert action_and_target("Window seat please.") == [("Window seat", None)]
