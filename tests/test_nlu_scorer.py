"""The one domain scorer: the recognizer and ``CatalogBinding.classify`` agree; zero-shot reads as a person would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from catalog.documents import load_document
from catalog.recognition import CatalogBinding
from intent import Intent, IntentConfig
from intent.executors.builtin import recognize
from intent.nlu import DomainScorer
from tests.test_catalog_recognition import SHOP

PETSTORE = Path(__file__).parent / "data" / "catalog" / "petstore.yaml"

ASSISTANT: dict[str, dict[str, Any]] = {
    "play_music": {"description": "Play music: a song, an album or an artist", "verbs": ["play"],
                   "entities": ["music"]},
    "get_weather": {"description": "Get the weather forecast", "verbs": ["get"], "entities": ["weather"]},
    "book_restaurant": {"description": "Book a table at a restaurant", "verbs": ["book"],
                        "entities": ["restaurant", "table"]},
    "add_to_playlist": {"description": "Add a song to a playlist", "verbs": ["add"], "entities": ["playlist"]},
}  # fmt: skip


def _recognized_domain(text: str, domains: list[str], hints: dict[str, Any] | None) -> tuple[Any, ...]:
    intents = recognize({"text": text, "domains": domains, "domainHints": hints})["intents"]
    return tuple((i["domain"], i["action"], i["target"]) for i in intents)


@pytest.mark.parametrize(
    ("document", "text", "tool"),
    [
        (SHOP, "Look up order 000123.", "order_get"),
        (SHOP, "Cancel my order.", "order_cancel"),
        (SHOP, "Cancel the cart.", "cart_cancel"),
        (SHOP, "Search products under $20.", "product_search"),
        (SHOP, "Refund payment 42.", "payment_refund"),
        (SHOP, "Cancel it.", None),
        (SHOP, "Paint the order.", None),
        (SHOP, "Look up the weather.", None),
        (PETSTORE, "Look up pet 12.", "get_pet_by_id"),
        (PETSTORE, "Show me pet 5.", "get_pet_by_id"),
        (PETSTORE, "Find order 5.", "get_order_by_id"),
        (PETSTORE, "Place an order for pet 7.", "place_order"),
        (PETSTORE, "Delete user alice.", "delete_user"),
        (PETSTORE, "Remove pet 3.", "delete_pet"),
        (PETSTORE, "Add a new pet called Rex.", "add_pet"),
        (PETSTORE, "Walk the dog.", None),
    ],
)
def test_recognizer_and_catalog_agree(document: Any, text: str, tool: str | None) -> None:
    binding = CatalogBinding.from_document(load_document(document) if isinstance(document, Path) else document)
    hints = {name: binding.domain_hints(name) for name in binding.domains}
    [(domain, action, target)] = _recognized_domain(text, binding.domains, hints)
    assert domain == tool
    assert binding.classify(action, target) == tool


def test_show_me_pet_5_is_the_get_by_id_tool_with_its_id() -> None:
    binding = CatalogBinding.from_document(load_document(PETSTORE))

    async def parse() -> Any:
        instance = Intent(IntentConfig(catalog=binding))
        try:
            return await instance.parse("Show me pet 5")
        finally:
            await instance.close()

    result = anyio.run(parse)
    [intent] = result.effective.intents
    assert (intent.domain, intent.inputs) == ("get_pet_by_id", {"petId": 5})


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("Play Imogen Heap.", "play_music"),  # a name, not the category
        ("What will the weather be in Paris tomorrow?", "get_weather"),  # a question
        ("Is it going to rain in Berlin?", "get_weather"),  # no verb of the domain at all
        ("I need a table for four.", "book_restaurant"),  # a wish
        ("I'd like to reserve a table.", "book_restaurant"),  # a synonym of the domain's verb
        ("Can you add this song to my running playlist?", "add_to_playlist"),
        ("forecast for Lisbon", "get_weather"),  # a verbless fragment
        ("Start playing some jazz.", "play_music"),  # morphology
        ("Tell me a joke.", None),  # weak evidence: no answer
        ("Put on some Miles Davis.", "play_music"),  # a phrasal verb is one verb ("put" alone would add)
    ],
)
def test_zero_shot_reads_questions_wishes_and_fragments(text: str, domain: str | None) -> None:
    found = _recognized_domain(text, list(ASSISTANT), ASSISTANT)
    assert [d for d, _, _ in found] == [domain]


def test_a_tie_is_no_answer_whatever_the_order() -> None:
    for domains in (["invoice_get", "invoice_show"], ["invoice_show", "invoice_get"]):
        assert _recognized_domain("Open invoice 7.", domains, None)[0][0] is None
    scorer = DomainScorer(["invoice_get", "invoice_show"])
    assert scorer.choose("Open invoice 7", action="Open") is None
    assert scorer.choose("Show invoice 7", action="Show") == "invoice_show"


def test_the_description_is_read() -> None:
    hints = {"parcel_status": {"description": "Where a parcel or package is on its way"},
             "get_weather": ASSISTANT["get_weather"]}  # fmt: skip
    assert _recognized_domain("Where is my package?", list(hints), hints)[0][0] == "parcel_status"
