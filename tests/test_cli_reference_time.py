"""``intent-mcp parse`` counts relative dates from now (local offset) unless ``--reference-time`` says."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

BOOKING = Path(__file__).resolve().parents[1] / "examples" / "schemas" / "booking.json"
TEXT = "Book a table for 4 for the day after tomorrow at 3p"


def parse(*args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "intent_mcp", "parse", *args], capture_output=True, text=True,
                          timeout=60, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_reference_time_defaults_to_now_with_the_local_offset() -> None:
    before = datetime.now().astimezone()
    result = parse(TEXT, "--schema", str(BOOKING))
    after = datetime.now().astimezone()
    inputs = result["effective"]["intents"][0]["inputs"]
    used = {i["basis"]["value"] for i in result["inferences"]}
    assert len(used) == 1, result["inferences"]
    reference = datetime.fromisoformat(used.pop())
    assert before - timedelta(seconds=1) <= reference <= after + timedelta(seconds=1)
    assert reference.utcoffset() == before.utcoffset()
    day = reference.date() + timedelta(days=2)
    offset = reference.isoformat()[19:]
    offset = "Z" if offset in ("+00:00", "") else offset
    assert inputs["date"] == day.isoformat()
    assert inputs["startsAt"] == f"{day.isoformat()}T15:00:00{offset}"
    assert inputs["time"] == f"15:00:00{offset}"
    assert inputs["partySize"] == 4


def test_explicit_reference_time_is_used_and_named() -> None:
    result = parse(TEXT, "--schema", str(BOOKING), "--reference-time", "2026-11-30T10:00:00-05:00")
    assert result["status"] == "complete"
    assert result["effective"]["intents"][0]["inputs"] == {
        "date": "2026-12-02", "time": "15:00:00-05:00", "startsAt": "2026-12-02T15:00:00-05:00", "partySize": 4,
    }
    assert {i["basis"]["value"] for i in result["inferences"]} == {"2026-11-30T10:00:00-05:00"}
