"""The reference reply of seed 003, read from ../shared when it is beside the checkout.

A copy lives in tests/data so the suite also runs without ../shared; a test keeps the copy true.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
SEED_003 = SHARED / "seeds" / "003_3193ec94cd707b53.txt"
SEED_COPY = REPO / "tests" / "data" / "seed_003_reply.json"
SEED_INPUT = "Look up order 000123. Do not cancel the order."


def reply_from_seed_text(text: str) -> dict[str, Any]:
    start = text.index('{\n  "content"')
    end = text.index("\n#MCP tools")
    reply: dict[str, Any] = orjson.loads(text[start:end])
    return reply


def seed_reply() -> dict[str, Any]:
    """The complete tools/call result body of the seed request."""
    if SEED_003.exists():
        return reply_from_seed_text(SEED_003.read_text(encoding="utf-8"))
    reply: dict[str, Any] = orjson.loads(SEED_COPY.read_bytes())
    return reply
