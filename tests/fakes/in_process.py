"""In-process functions for Tool-node tests (``tests.fakes.in_process:<name>``)."""

from __future__ import annotations

import time
from typing import Any

import anyio


def count_words(text: str, minimum: int = 0) -> dict[str, Any]:
    words = [word for word in text.split() if len(word) >= minimum]
    return {"count": len(words)}


async def shout(text: str) -> str:
    await anyio.sleep(0)
    return text.upper()


def explode(text: str) -> str:
    raise RuntimeError(f"cannot handle {text}")


def dawdle(seconds: float) -> str:
    time.sleep(seconds)
    return "late"
