"""``intent-mcp parse``: the one-shot recognition command, its options and its errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ORDERS = {"type": "object", "properties": {"orderId": {"type": "string", "pattern": "^\\d{6}$"},
                                            "dueDate": {"type": "string", "format": "date"}},
          "required": ["orderId"]}


def parse(*args: str) -> tuple[int, Any]:
    done = subprocess.run([sys.executable, "-m", "intent_mcp", "parse", *args], capture_output=True, text=True,
                          timeout=60, check=False)
    return done.returncode, json.loads(done.stdout)


def test_schema_reference_time_and_context(tmp_path: Path) -> None:
    schema = tmp_path / "orders.json"
    schema.write_text(json.dumps(ORDERS))
    code, result = parse("Deliver order 000123 tomorrow.", "--schema", str(schema),
                         "--reference-time", "2026-11-30T10:00:00Z", "--context", '{"customer": "c-1"}')
    assert code == 0
    assert result["effective"]["intents"][0]["inputs"] == {"orderId": "000123", "dueDate": "2026-12-01"}
    assert result["inferences"][0]["basis"] == {"root": "referenceTime", "value": "2026-11-30T10:00:00Z"}


def test_follow_up_turn_from_a_saved_result(tmp_path: Path) -> None:
    schema = tmp_path / "orders.json"
    schema.write_text(json.dumps(ORDERS))
    code, first = parse("Track my order.", "--schema", str(schema))
    assert code == 0 and first["status"] == "partial"
    saved = tmp_path / "first.json"
    saved.write_text(json.dumps(first))
    code, second = parse("It's order 000456.", "--schema", str(schema), "--baseline", str(saved))
    assert code == 0
    assert (second["turn"]["kind"], second["status"]) == ("answer", "complete")


def test_errors_are_printed_as_serialized_errors_with_a_non_zero_exit(tmp_path: Path) -> None:
    code, out = parse("Look up order 000123.", "--reference-time", "tomorrow")
    assert code == 1
    assert out == {"error": {"code": "INPUT_INVALID", "category": "input", "path": "/referenceTime",
                             "retryable": False, "message": out["error"]["message"]}}
    code, out = parse("x", "--schema", str(tmp_path / "missing.json"))
    assert code == 1 and out["error"]["code"] == "CONFIG_INVALID"
    bad = tmp_path / "bad.json"
    bad.write_text('{"type": "array"}')
    code, out = parse("x", "--schema", str(bad))
    assert code == 1 and out["error"]["path"] == "/schema/type"
    code, out = parse("x", "--context", "{nope")
    assert code == 1 and out["error"]["path"] == "/context"
