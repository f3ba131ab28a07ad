"""What the benchmarks send: the seed request and inputs of three lengths."""

from __future__ import annotations

from typing import Any

SEED_INPUT = "Look up order 000123. Do not cancel the order."
SEED_ARGUMENTS: dict[str, Any] = {"input": SEED_INPUT}

SHORT_INPUT = SEED_INPUT

# 60 words, three requests, each with its own detail, so the recognizer finds three intents.
MEDIUM_INPUT = (
    "Please look up order 000123 and tell me when it shipped, because the customer called twice "
    "this morning. Then change the delivery address to 14 Harbour Street in Leeds, but do not "
    "cancel the order. After that, send the customer an email that confirms the new address "
    "and apologises for the long delay, and copy the support lead on it."
)

# Sentences cycled to fill a long input; varied so no single phrase dominates the recognizer's work.
_LONG_SENTENCES = (
    "Look up order {n:06d} and check whether it has shipped.",
    "Do not cancel order {n:06d} without asking the customer first.",
    "Send the customer of order {n:06d} an email with the tracking link.",
    "Change the delivery date for order {n:06d} to the following Monday.",
)


def long_input(max_chars: int) -> str:
    """Text of whole sentences as close to ``max_chars`` as possible without going over."""
    parts: list[str] = []
    length = 0
    n = 0
    while True:
        sentence = _LONG_SENTENCES[n % len(_LONG_SENTENCES)].format(n=n + 1)
        added = len(sentence) + (1 if parts else 0)
        if length + added > max_chars:
            break
        parts.append(sentence)
        length += added
        n += 1
    return " ".join(parts)
