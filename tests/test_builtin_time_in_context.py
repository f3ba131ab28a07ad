"""A date or time the words of a request decide reaches its field inside ``Intent.parse`` as it
does when the phrase is read alone: the words around it neither hide it nor cut it short, and
a question is seen as one. Values the words do not decide (statements, small talk) stay out."""

from __future__ import annotations

import pytest

from tests.builtin_requests import parse_when, when


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "field_format", "value"),
    [# "day" after a possessive or "what" is a noun the phrase describes, not an unread date word
     ("clear my day on friday", "date", "2026-12-04"),
     ("what day tomorrow", "date", "2026-12-03"),
     # words after a time that name no place: "here", the zone converted to
     ("if it's seven pm here what time is it in lisbon", "time", "19:00:00Z"),
     ("convert four pm to lisbon time", "time", "16:00:00Z"),
     # a day after "on" followed by a new clause or a closing word
     ("book me a cab on the ninth we need to leave early", "date", "2026-12-09"),
     ("put lunch with sam on the eighth okay", "date", "2026-12-08"),
     # "when" before its auxiliary asks
     ("when does the pharmacy open tomorrow", "date", "2026-12-03"),
     # a question about a day in words that are small talk elsewhere
     ("what's today", "date", "2026-12-02"),
     # "and" inside a number said in words joins no clauses
     ("remind me to call the plumber at eight hundred and thirty five pm", "time", "20:35:00Z"),
     # the quote keeps the "on" that makes a bare ordinal a day
     ("get me a taxi on twenty fourth", "date", "2026-12-24"),
     # a "when" clause says the day the request is about
     ("will i need boots when we hike on saturday", "date", "2026-12-05"),
     # a reminder said as a rule is the request when nothing else asks
     ("remember to remind me about the budget review at three pm", "time", "15:00:00Z"),
     ("don't forget to call the dentist at nine am", "time", "09:00:00Z"),
     # "see if" asks to find out
     ("see if the dentist has an opening on friday", "date", "2026-12-04"),
     # "from" a day that ends no range, after no verb of change: the day of a thing
     ("delete the photos from yesterday", "date", "2026-12-01"),
     ("read me the headlines from today's paper", "date", "2026-12-02"),
     # the quote of a moment keeps the "on" its day needs
     ("add lunch with kim at the deli on four april at five pm", "date-time", "2027-04-04T17:00:00Z")],
)  # fmt: skip
async def test_the_time_the_words_decide_fills_the_field(text: str, field_format: str, value: str) -> None:
    result = await parse_when(text, field_format)
    assert result["status"] == "complete"
    assert when(result) == value


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "field_format"),
    [("ten pm denver time", "time"),  # a place the grammar cannot place in a zone: left open
     ("the second you see it call me", "date"),  # "the second": a moment, no day
     ("what's up today", "date"),
     ("see you on friday", "date"),  # a goodbye, not "see if"
     ("move my haircut from friday", "date"),  # the day being left
     ("is the price changed from yesterday", "date"),
     ("if it rains tomorrow cancel my run", "date")],  # an "if" clause's day is a rule's, not the request's
)  # fmt: skip
async def test_what_the_words_do_not_decide_stays_empty(text: str, field_format: str) -> None:
    result = await parse_when(text, field_format)
    assert when(result) is None

