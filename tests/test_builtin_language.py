"""A request the built-in recognizer cannot read because of its language says so (UNSUPPORTED_LANGUAGE)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from intent import Intent, IntentConfig, ScriptedExecutor
from tests.candidates import candidate


def parse(text: str, intent: Intent | None = None) -> dict[str, Any]:
    return anyio.run((intent or Intent(IntentConfig())).parse, text).to_dict()


@pytest.mark.parametrize("text", ["Bonjour, je voudrais annuler ma commande.", "Quiero cancelar mi pedido, por favor.",
                                  "Ich möchte meine Bestellung stornieren.", "注文をキャンセルしてください。",
                                  "Отмените мой заказ", "Merci"])
def test_other_languages_are_no_intent_with_the_reason(text: str) -> None:
    result = parse(text)
    assert result["status"] == "no_intent"
    assert [(issue["code"], issue["severity"], issue["path"]) for issue in result["issues"]] == [
        ("UNSUPPORTED_LANGUAGE", "warning", "/input")]
    assert "English only" in result["issues"][0]["message"]


@pytest.mark.parametrize("text", ["Hi!", "Thanks a lot", "ok", "asdf qwer", "Look up order 000123."])
def test_english_and_noise_carry_no_language_issue(text: str) -> None:
    assert parse(text)["issues"] == []


def test_only_the_builtin_recognizer_explains_its_language() -> None:
    # A model executor that found nothing in French is not second-guessed.
    scripted = Intent(IntentConfig(executor=ScriptedExecutor([candidate()])))
    result = parse("Bonjour, je voudrais annuler ma commande.", scripted)
    assert (result["status"], result["issues"]) == ("no_intent", [])
