"""Requests said in other orders than the imperative's: a tag question, a question word left in
place or after its preposition, "make sure" with a time, a request run on after a statement, a polite
"if you could" or "i wonder if", an assistant's name or a hesitation before a question, an event a
calendar keeps said without its verb. Each is read as a request and its time fills the field; the
statements and remarks next to them stay no request."""

from __future__ import annotations

import pytest

from tests.builtin_requests import action_and_target, parse_when, when


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "field_format", "value"),
    [# a tag question asks whether its statement holds
     ("my alarm is set for seven am isn't it", "time", "07:00:00Z"),
     ("i do have a dentist appointment tomorrow don't i", "date", "2026-12-03"),
     ("the meeting is at three pm right", "time", "15:00:00Z"),
     ("the meeting is at three pm, is that right?", "time", "15:00:00Z"),
     # a question word left where its answer goes, or after its preposition
     ("the meeting tomorrow is at what time", "date", "2026-12-03"),
     ("eight am in tokyo is what in london", "time", "08:00:00Z"),
     ("my meeting tomorrow is when", "date", "2026-12-03"),
     ("at what time is my alarm set for tomorrow", "date", "2026-12-03"),
     ("on what date is easter next year", "date", "2027-03-28"),
     ("at what time does the pharmacy close on sunday", "date", "2026-12-06"),
     # "make sure" with a clause and a time of its own
     ("make sure my calendar is clear tomorrow", "date", "2026-12-03"),
     ("make sure i wake up at six am", "time", "06:00:00Z"),
     ("hey olly make sure my calendar is completely clear tomorrow", "date", "2026-12-03"),
     # a thing named, what should be done with it and a time: a request in the passive
     ("the alarm for tomorrow should be at six am", "time", "06:00:00Z"),
     ("the dentist appointment should be added to my calendar for friday", "date", "2026-12-04"),
     ("the lights need to be switched off at ten pm", "time", "22:00:00Z"),
     ("the report must be finished by friday", "date", "2026-12-04"),  # "be finished": no past tense
     ("my alarm should ring at six am", "time", "06:00:00Z"),
     ("the dentist appointment is to be added to my calendar for friday", "date", "2026-12-04"),
     # a thing wished for
     ("an alarm at six am would be great", "time", "06:00:00Z"),
     ("it would be nice to have a table at eight pm tomorrow", "date-time", "2026-12-03T20:00:00Z"),
     # a request with its object run on after a statement
     ("i am going to the airport tomorrow at six am book an uber for me", "date-time", "2026-12-03T06:00:00Z"),
     ("it is too early wake me at eight am instead", "time", "08:00:00Z"),
     ("i'm late book me a cab for nine am", "time", "09:00:00Z"),  # the contraction holds the verb
     ("my flight is at six am tomorrow wake me at four am", "time", "04:00:00Z"),  # a statement about a thing
     ("the meeting was moved to friday update my calendar", "date", "2026-12-04"),
     ("we're flying to rome on friday what's the weather there", "date", "2026-12-04"),
     ("i can't sleep just wake me at nine am", "time", "09:00:00Z"),
     ("i am in need of a taxi at six am", "time", "06:00:00Z"),
     ("looking for a restaurant open on sunday", "date", "2026-12-06"),
     # polite wrappers
     ("it would be great if you could wake me at six am", "time", "06:00:00Z"),
     ("if you could book a table for friday that would be lovely", "date", "2026-12-04"),
     ("i wonder if it will rain tomorrow", "date", "2026-12-03"),
     ("i was wondering what time the bank opens on saturday", "date", "2026-12-05"),  # no past tense
     # someone's thing as the subject of a yes/no question
     ("will mom's flight land on time tomorrow", "date", "2026-12-03"),
     # "do you know what" with the thing asked about after it asks
     ("do you know what the weather will be tomorrow", "date", "2026-12-03"),
     # "have", a bare plural subject and its participle ask
     ("have stocks gone up or down today", "date", "2026-12-02"),
     # an assistant's name or a hesitation before a question
     ("siri what is the weather tomorrow", "date", "2026-12-03"),
     ("alexa do i have any alarms for tomorrow", "date", "2026-12-03"),
     ("uh what is on my calendar tomorrow", "date", "2026-12-03"),
     ("olly chance the light settings to blue tomorrow", "date", "2026-12-03"),  # a misspelt verb after the name
     ("um set an alarm for six am tomorrow", "date-time", "2026-12-03T06:00:00Z"),
     # an event a calendar keeps, said without a verb
     ("lunch with mom on sunday at noon", "date-time", "2026-12-06T12:00:00Z"),
     ("church with the family on sunday", "date", "2026-12-06"),
     # the time before the noun phrase ("tomorrow weather") and weather said by its kind ("rain")
     ("tomorrow weather", "date", "2026-12-03"),
     ("rain tomorrow?", "date", "2026-12-03"),
     ("uber for six am tomorrow", "date-time", "2026-12-03T06:00:00Z"),
     ("pizza at seven pm", "time", "19:00:00Z"),
     ("dentist friday at three pm", "date-time", "2026-12-04T15:00:00Z")],
)  # fmt: skip
async def test_a_request_in_another_order_fills_its_field(text: str, field_format: str, value: str) -> None:
    result = await parse_when(text, field_format)
    assert result["status"] == "complete"
    assert len(result["effective"]["intents"]) == 1
    assert when(result) == value


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    ["this is it",  # a statement too short to be asked about
     "you got the command right",  # "right" says how something was done
     "you are right",
     "i love this song do you",  # the tag asks about someone else: an opinion, not this statement
     "this is what i wanted for christmas",  # "what" opens a clause of its own
     "this is where",
     "the best time is when you are free tomorrow",  # "when" opens a clause of its own
     "i know at what time the party starts tomorrow",  # a question reported, not asked
     "i forgot what time the meeting is tomorrow",
     "i usually play the piano on sundays",  # an adverb before the verb: one statement
     "my kids play the piano every day",  # a plural subject before the verb
     "we had to cancel the trip on monday",
     "i think i might order some food now",  # a modal before the verb
     "the alarm went off at six am",  # a past form after the noun: a statement
     "my meeting got cancelled today",
     "the concert was amazing on friday",
     "if you can make it on friday",  # "if you can" may be a condition
     "the five fifteen train to leeds is late",  # the time names the train: no verb follows it
     "ah it is excellent",
     "i had lunch with mom today",
     "today was a hard day",
     "have fun tomorrow",
     "the kids are learning to play the piano",
     "i know what's on tomorrow",  # a question reported
     "the weather tomorrow would be good",  # a remark about the thing, not a wish for one
     "the train should arrive at five pm",  # what the train should do is no request to the assistant
     "i just set the alarm for six am",  # "just" after its subject: a statement
     "i'm sorry",
     "looking forward to the party on friday",
     "do you know what i did yesterday",  # tells
     "did you know that the shop moved on friday",  # "have" with no participle after its noun: a wish
     "tomorrow is a big day",
     "yesterday meeting went well",
     "john likes the music on friday",
     "i had pizza yesterday",
     "my husband cooks dinner at seven pm",  # a person, then a verb of the third person
     "my doctor said to rest today",
     "the movie was great yesterday"],  # a verb of the third person with its object
)  # fmt: skip
async def test_a_statement_stays_no_request(text: str) -> None:
    result = await parse_when(text, "date")
    assert result["effective"]["intents"] == []
    assert when(result) is None


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    ["make sure it is refundable",  # no time of its own
     "it should be ready by friday",  # a pronoun for the thing
     "the meeting should be fun tomorrow"],  # a remark, nothing to do
)  # fmt: skip
async def test_a_rule_without_a_thing_to_do_and_a_time_stays_a_rule(text: str) -> None:
    result = await parse_when(text, "date")
    assert result["effective"]["intents"] == []
    assert [c["kind"] for c in result["effective"]["constraints"]] == ["requirement"]


@pytest.mark.anyio
async def test_a_condition_keeps_its_day_when_a_request_runs_on_after_it() -> None:
    result = await parse_when("if it rains tomorrow cancel my run", "date")
    assert [i["action"] for i in result["effective"]["intents"]] == ["cancel"]
    assert [(c["kind"], c["text"]) for c in result["effective"]["intents"][0]["constraints"]] == [
        ("condition", "if it rains tomorrow")]
    assert when(result) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [("today is monday is it", [("is it", None)]),
     ("the song was sung by whom", [("by whom", "the song was sung")]),
     ("the film on friday was directed by which director", [("by which director", "the film")]),
     ("the meeting tomorrow is at what time", [("at what time", "the meeting")]),
     ("make sure my calendar is clear tomorrow", [("make sure", "my calendar is clear")]),
     ("the meeting is at three pm, is that right?", [("is that right", "the meeting is")]),
     ("it is too loud turn the music down", [("turn", "the music down")]),
     # a tag said as a clause of its own is the action, not a request of its own
     ("the dentist is at four pm tomorrow, isn't it", [("isn't it", "the dentist is")]),
     ("book it for friday, is that right?", [("book", "it")]),
     # a time owned by a possessive names the thing: the object keeps all of it
     ("remind me of my ten thirty appointment", [("remind", "my ten thirty appointment")]),
     ("cancel my three pm meeting", [("cancel", "my three pm meeting")])],
)  # fmt: skip
def test_the_asking_words_are_the_action_and_the_statement_its_target(
    text: str, expected: list[tuple[str, str | None]]
) -> None:
    assert action_and_target(text) == expected
