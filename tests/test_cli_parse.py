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


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "intent_mcp", *args], capture_output=True, text=True,
                          input=stdin, timeout=60, check=False)


def parse(*args: str) -> tuple[int, Any]:
    """Exit code and the JSON printed: the result on stdout, or the error on stderr (stdout then empty)."""
    done = run_cli("parse", *args)
    if done.returncode == 0:
        return 0, json.loads(done.stdout)
    assert done.stdout == ""
    return done.returncode, json.loads(done.stderr.removeprefix("intent-mcp parse: "))


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


def test_errors_go_to_stderr_as_serialized_errors_with_a_non_zero_exit(tmp_path: Path) -> None:
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


def write_config(tmp_path: Path, instances: dict[str, Any]) -> Path:
    config = tmp_path / "intent-mcp.json"
    config.write_text(json.dumps({"mode": "host", "instances": instances}))
    return config


def test_config_and_instance_pick_the_servers_recognizer(tmp_path: Path) -> None:
    config = write_config(tmp_path, {"orders": {"schema": ORDERS}, "plain": {}})
    code, result = parse("Look up order 000123.", "--config", str(config), "--instance", "orders")
    assert code == 0 and result["effective"]["intents"][0]["inputs"] == {"orderId": "000123"}
    code, result = parse("Look up order 000123.", "--config", str(config), "--instance", "plain")
    assert code == 0 and result["fieldResults"] == []
    code, error = parse("x", "--config", str(config))
    assert code == 1 and error["error"]["code"] == "INSTANCE_REQUIRED" and "orders, plain" in error["error"]["message"]
    code, error = parse("x", "--config", str(config), "--instance", "nope")
    assert code == 1 and error["error"]["code"] == "INSTANCE_UNKNOWN"
    one = write_config(tmp_path, {"orders": {"schema": ORDERS}})
    code, result = parse("Look up order 000123.", "--config", str(one))
    assert code == 0 and result["status"] == "complete"
    code, error = parse("x", "--config", str(tmp_path / "missing.json"))
    assert code == 1 and error["error"]["code"] == "CONFIG_INVALID"


def test_options_it_cannot_use_are_refused(tmp_path: Path) -> None:
    config = write_config(tmp_path, {"main": {}})
    schema = tmp_path / "orders.json"
    schema.write_text(json.dumps(ORDERS))
    for args in (("--config", "nope.json", "parse", "x"), ("--mode", "host", "parse", "x"),
                 ("--log-level", "debug", "parse", "x"), ("--port", "9", "parse", "x")):
        done = run_cli(*args)
        assert done.returncode == 2 and done.stdout == ""
        assert f"{args[0]} before 'parse'" in done.stderr
    misused: list[tuple[str, ...]] = [("--instance", "main"), ("--config", str(config), "--schema", str(schema)),
                                      ("--format", "text", "--pretty"), ("--jsonl", "--pretty")]
    for options in misused:
        done = run_cli("parse", "-", *options, stdin="x")
        assert done.returncode == 2 and done.stdout == "" and done.stderr.startswith("intent-mcp parse: --")


def test_stdin_and_text_format() -> None:
    done = run_cli("parse", "--format", "text", "--reference-time", "2026-11-30T10:00:00Z", "-",
                   stdin="Look up order 000123 tomorrow. Do not cancel the order.\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "status: complete  (turn: request)"
    assert "  - intent-1: Look up order 000123" in lines
    assert "      prohibition: Do not cancel the order" in lines


def test_text_format_shows_fields_evidence_and_questions(tmp_path: Path) -> None:
    schema = tmp_path / "orders.json"
    schema.write_text(json.dumps(ORDERS))
    done = run_cli("parse", "Deliver my order tomorrow.", "--schema", str(schema), "--format", "text",
                   "--reference-time", "2026-11-30T10:00:00Z")
    assert done.returncode == 0, done.stderr
    assert '  dueDate = "2026-12-01"  [inferred from "tomorrow" and referenceTime "2026-11-30T10:00:00Z"]' \
        in done.stdout.splitlines()
    assert "  orderId = -  [missing]" in done.stdout.splitlines()
    assert done.stdout.splitlines()[-2:] == ["ask:", "  - What is the orderId?"]
    bad = run_cli("parse", "x", "--reference-time", "tomorrow", "--format", "text")
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.startswith("intent-mcp parse: error INPUT_INVALID at /referenceTime: ")


def test_json_lines_batch_gives_one_line_per_request_in_order(tmp_path: Path) -> None:
    schema = tmp_path / "orders.json"
    schema.write_text(json.dumps(ORDERS))
    batch = '"Look up order 000123."\n\n{"input": "Deliver order 000456 tomorrow."}\nnot json\n[1]\n"Hi!"\n'
    done = run_cli("parse", "--jsonl", "-", "--schema", str(schema), "--reference-time", "2026-11-30T10:00:00Z",
                   stdin=batch)
    assert done.returncode == 1
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert [item.get("status") or item["error"]["code"] for item in out] == [
        "complete", "complete", "INPUT_INVALID", "INPUT_INVALID", "no_intent"]
    assert out[1]["effective"]["intents"][0]["inputs"] == {"orderId": "000456", "dueDate": "2026-12-01"}
    assert "line 4 is not JSON" in out[2]["error"]["message"]
    assert [line.split(":")[1].strip() for line in done.stderr.splitlines()] == ["line 4", "line 5"]
    file = tmp_path / "batch.jsonl"
    file.write_text('"Look up order 000123."\n')
    done = run_cli("parse", "--jsonl", str(file))
    assert done.returncode == 0 and json.loads(done.stdout)["status"] == "complete"


def test_a_closed_stdout_ends_quietly(tmp_path: Path) -> None:
    batch = tmp_path / "batch.jsonl"
    batch.write_text('"Look up order 000123."\n' * 400)  # far more output than a pipe buffers
    with batch.open("rb") as stdin:
        reader = subprocess.Popen([sys.executable, "-m", "intent_mcp", "parse", "--jsonl", "-"], stdin=stdin,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert reader.stdout is not None and reader.stderr is not None
        assert json.loads(reader.stdout.readline())["status"] == "complete"
        reader.stdout.close()  # what `| head -1` does
        assert reader.wait(timeout=60) == 0
        assert reader.stderr.read() == b""
