"""Conversations as people write them: several requests at once, corrections mid-sentence,
follow-up turns that rewrite every part that quoted the replaced words, and the wrappers of
real messages (greetings, emoji, signatures, quoted replies, lists)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from bench.corpus_score import load_cases, run_case, score_case
from intent import Intent, IntentConfig
from intent.executors.builtin.self_correction import cut_corrections
from intent.executors.builtin.tokens import tokenize
from intent.executors.builtin.wrappers import unwrap
from intent.resolve.rewording import reword, reword_value

CORPUS = Path(__file__).resolve().parent / "corpus"
REFERENCE = "2026-11-30T10:00:00Z"
ORDERS: dict[str, Any] = {
    "type": "object",
    "properties": {"orderId": {"type": "string", "pattern": "^\\d{6}$", "description": "Six-digit order number"}},
}
DINING: dict[str, Any] = {
    "type": "object",
    "properties": {
        "partySize": {"type": "integer", "minimum": 1, "description": "Number of people"},
        "time": {"type": "string", "pattern": "^\\d{2}:\\d{2}$", "description": "Time of day"},
    },
}


async def parse(text: str, schema: dict[str, Any] | None = None, baseline: str | None = None) -> dict[str, Any]:
    intent = Intent(IntentConfig(schema=schema))
    try:
        request: dict[str, Any] = {"input": text, "referenceTime": REFERENCE, "output": {"spans": True}}
        if baseline is not None:
            first = await intent.parse({"input": baseline, "referenceTime": REFERENCE})
            request["baseline"] = first.to_dict()["effective"]
        return (await intent.parse(request)).to_dict()
    finally:
        await intent.close()


def quotes(result: dict[str, Any], change: dict[str, Any]) -> list[str]:
    return [result["input"][r["start"] : r["end"]] for r in change["sourceRefs"] if r["root"] == "input"]


# --- several requests in one breath ------------------------------------------------------------
@pytest.mark.anyio
async def test_two_requests_joined_by_and_are_two_intents() -> None:
    result = await parse("Order me a pizza and call mom")
    intents = result["effective"]["intents"]
    assert [(i["action"], i["target"]) for i in intents] == [("Order", "a pizza"), ("call", "mom")]
    assert result["effective"]["relations"] == []  # nothing says which comes first


@pytest.mark.anyio
async def test_then_orders_the_two_requests() -> None:
    result = await parse("Order me a pizza, then call mom")
    [relation] = result["effective"]["relations"]
    assert (relation["kind"], relation["from"], relation["to"]) == ("sequence", "intent-1", "intent-2")


@pytest.mark.anyio
async def test_two_bookings_share_the_day_but_a_pair_of_nouns_stays_one_request() -> None:
    travel = {"type": "object", "properties": {"departureDate": {"type": "string", "format": "date"}}}
    both = await parse("Book a flight and a hotel for Friday", travel)
    assert [i["target"] for i in both["effective"]["intents"]] == ["a flight", "a hotel"]
    assert {f["field"]: f["value"] for f in both["fieldResults"]} == {"departureDate": "2026-12-04"}
    for text, target in [("Buy salt and pepper", "salt and pepper"), ("Play Tom and Jerry", "Tom and Jerry"),
                         ("Book a table for my mom and my dad", "a table for my mom and my dad")]:  # fmt: skip
        [only] = (await parse(text))["effective"]["intents"]
        assert only["target"] == target


# --- corrections inside one turn -----------------------------------------------------------------
@pytest.mark.anyio
async def test_a_self_correction_replaces_what_it_corrects_with_both_spans_as_evidence() -> None:
    result = await parse("Set the budget to $250, no wait, make it $300")
    [intent] = result["effective"]["intents"]
    assert (intent["target"], intent["goal"]) == ("the budget to $300", "Set the budget to $300")
    assert result["turn"]["kind"] == "request"
    target_change = next(c for c in result["turn"]["changes"] if c["description"].startswith("Correct target"))
    assert target_change["operation"] == "update" and target_change["effect"] == "applied"
    said = quotes(result, target_change)
    assert "$250" in said and any("$300" in quote for quote in said)


@pytest.mark.anyio
async def test_a_self_correction_of_a_field_records_the_old_and_new_values() -> None:
    result = await parse("Book a table for 4, I mean 5", DINING)
    assert {f["field"]: f.get("value") for f in result["fieldResults"]}["partySize"] == 5
    [intent] = result["effective"]["intents"]
    assert intent["target"] == "a table for 5"
    change = next(c for c in result["turn"]["changes"] if "partySize" in c["description"])
    assert quotes(result, change) == ["4", "5"]


@pytest.mark.anyio
async def test_a_request_taken_back_in_the_same_turn_is_removed_with_its_evidence() -> None:
    result = await parse("Order a pizza and call mom, actually forget the pizza")
    assert [i["target"] for i in result["effective"]["intents"]] == ["mom"]
    removal = next(c for c in result["turn"]["changes"] if c["operation"] == "remove")
    assert removal["target"] == {"kind": "intent", "id": "intent-1"}
    assert quotes(result, removal) == ["Order a pizza", "actually forget the pizza"]
    nothing = await parse("Cancel my 3pm, actually never mind")
    assert nothing["status"] == "no_intent" and nothing["effective"]["intents"] == []


def test_apologies_and_waits_that_correct_nothing_are_not_markers() -> None:
    plain = ["Send the files, sorry for the delay", "Deploy it, wait for my signal", "Ship it, no later than Friday"]
    for text in plain:
        [(words, marker)] = cut_corrections(tokenize(text), earlier=False)
        assert marker == [] and words[-1].text == text.split()[-1]
    [(first, _), (second, marker)] = cut_corrections(tokenize("Call Mike, sorry, Mark"), earlier=False)
    assert [t.text for t in first] == ["Call", "Mike"] and [t.text for t in second] == ["Mark"]
    assert [t.text for t in marker] == ["sorry", ","]


# --- follow-up turns -----------------------------------------------------------------------------
@pytest.mark.anyio
async def test_a_follow_up_correction_rewrites_target_and_goal_and_lists_each_change() -> None:
    result = await parse("Actually, make it order 000456", ORDERS, baseline="Look up order 000123.")
    [intent] = result["effective"]["intents"]
    assert intent["inputs"] == {"orderId": "000456"}
    assert (intent["target"], intent["goal"]) == ("order 000456", "Look up order 000456")
    assert result["turn"]["kind"] == "correction"
    by_part = {c["description"].split(" ")[1]: c for c in result["turn"]["changes"]}
    assert set(by_part) == {"orderId", "target", "goal"}
    for part in ("target", "goal"):
        refs = by_part[part]["sourceRefs"]
        assert quotes(result, by_part[part]) == ["000456"]
        assert {"root": "baseline", "pointer": f"/intents/0/{part}"} in refs


@pytest.mark.anyio
async def test_a_follow_up_that_only_names_the_new_value_updates_the_field_it_replaces() -> None:
    travel = {"type": "object", "properties": {"destination": {"type": "string", "description": "City"}}}
    result = await parse("Actually, Paris", travel, baseline="Book a flight to Rome.")
    [intent] = result["effective"]["intents"]
    assert intent["inputs"] == {"destination": "Paris"} and intent["target"] == "a flight to Paris"


# --- wrappers ------------------------------------------------------------------------------------
@pytest.mark.anyio
async def test_emoji_greetings_and_sign_offs_do_not_hide_the_request() -> None:
    waved = await parse("👋 can you look up order 000123?", ORDERS)
    assert waved["status"] == "complete"
    assert [(i["action"], i["target"]) for i in waved["effective"]["intents"]] == [("look up", "order 000123")]
    polite = await parse("Hi there! Could you cancel my 3pm? Thanks so much")
    assert [(i["action"], i["target"]) for i in polite["effective"]["intents"]] == [("cancel", "my 3pm")]


def test_unwrap_blanks_wrappers_and_keeps_every_offset() -> None:
    text = ("Re: invoice\n\nHi Sam,\nPlease resend it 🙏\n\nThanks,\nAnna\n\n"
            "On Mon, Nov 30, 2026 at 9:00 AM Sam wrote:\n> Which invoice?")  # fmt: skip
    blanked = unwrap(text).text
    assert len(blanked) == len(text)
    assert all(b == t or b == " " for b, t in zip(blanked, text, strict=True))
    assert blanked.split() == ["Please", "resend", "it"]
    assert unwrap("Re: can you resend the invoice?").text.split() == ["can", "you", "resend", "the", "invoice?"]


def test_numbered_items_are_found_and_bullets_blanked() -> None:
    listed = unwrap("1. Back up the database\n2. Upgrade Postgres\n3) Restart the app")
    assert listed.text.split("\n")[1].strip() == "Upgrade Postgres"
    assert len(listed.numbered_items) == 3
    assert unwrap("- renew my passport\n- pay the gas bill").numbered_items == ()


@pytest.mark.anyio
async def test_a_numbered_list_is_a_sequence_and_a_bullet_list_is_not() -> None:
    steps = await parse("1. Stop the server\n2. Restore the backup\n3. Start the server")
    assert [(r["from"], r["to"]) for r in steps["effective"]["relations"]] == [
        ("intent-1", "intent-2"), ("intent-2", "intent-3")]  # fmt: skip
    bullets = await parse("Can you:\n- renew my passport\n- pay the gas bill")
    assert len(bullets["effective"]["intents"]) == 2 and bullets["effective"]["relations"] == []


# --- rewording -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "words", "after"),
    [
        ("the budget to $250", "$300", "the budget to $300"),
        ("the file to Ann", "Beth", "the file to Beth"),
        ("two tickets for the 7pm show", "the 9pm one", "two tickets for the 9pm show"),
        ("a pepperoni pizza", "a margherita", "a margherita"),
        ("Sam the agenda", "the minutes", "Sam the minutes"),
        ("the call", "Wednesday", None),  # the target never said the day
    ],
)
def test_reword_swaps_words_of_the_same_kind(text: str, words: str, after: str | None) -> None:
    found = reword(text, words)
    assert (found.after if found else None) == after


def test_reword_value_finds_the_old_value_where_the_target_quotes_it() -> None:
    assert reword_value("order 000123", "000123", "000456", "000456").after == "order 000456"  # type: ignore[union-attr]
    assert reword_value("2 seats to Lisbon", 2, 3, "3 seats").after == "3 seats to Lisbon"  # type: ignore[union-attr]
    assert reword_value("the basic plan", "basic", "premium", "premium").after == "the premium plan"  # type: ignore[union-attr]
    assert reword_value("a table", 4, 5, "5 people") is None


# --- the held-out conversation set ---------------------------------------------------------------
@pytest.mark.anyio
async def test_held_out_conversations_score_at_least_85_percent() -> None:
    schemas = orjson.loads((CORPUS / "schemas.json").read_bytes())
    checks = []
    for case in load_cases(CORPUS / "held_out" / "conversations.jsonl"):
        checks.extend(score_case(case, await run_case(case, schemas)))
    assert sum(c.ok for c in checks) / len(checks) >= 0.85, [c.detail for c in checks if not c.ok]
