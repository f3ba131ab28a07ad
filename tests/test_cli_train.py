"""``intent-mcp train --config FILE --report``: held-out precision/recall, confusion, a state the server reuses."""

from __future__ import annotations

from pathlib import Path

import anyio
import orjson
import pytest

from intent_mcp.cli import main
from intent_mcp.config import load_config_file
from intent_mcp.serve import build_intent
from tests.test_nlu_training import EXAMPLES, SCHEMA


def _write_config(tmp_path: Path) -> Path:
    pytest.importorskip("yaml")
    rasa = ["nlu:"]
    for domain in ("weather", "cooking"):
        rasa += [f"- intent: {domain}", "  examples: |"] + [f"    - {e}" for e in EXAMPLES[domain]]
    (tmp_path / "nlu.yml").write_text("\n".join(rasa) + "\n")
    config = {"instances": {"main": {
        "schema": SCHEMA, "domains": ["music"],
        "domainHints": {"music": {"verbs": ["play"], "examples": EXAMPLES["music"]}},
        "nlu": {"rasaFile": "nlu.yml"},
    }}}  # fmt: skip
    file = tmp_path / "intent-mcp.json"
    file.write_bytes(orjson.dumps(config))
    return file


def test_train_reports_held_out_scores_and_saves_the_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = _write_config(tmp_path)
    assert main(["train", "--config", str(file), "--report"]) == 0
    out = capsys.readouterr().out
    assert "instance main: 3 domains, 27 examples" in out
    assert "held-out examples: 3" in out  # every fifth example of each domain (9 each)
    for domain in ("music", "weather", "cooking"):
        assert any(line.split()[:1] == [domain] and "%" in line for line in out.splitlines())
    assert "confusion" in out and "slots: precision" in out
    state = tmp_path / "intent-mcp.json.main.nlu.json"
    assert state.is_file()
    saved = orjson.loads(state.read_bytes())
    assert saved["domains"] == ["music", "weather", "cooking"] and saved["examplesHash"]

    # The server builds the instance from the saved state (same examples) and recognizes with it.
    intent = build_intent(load_config_file(file).instances["main"], "executor")
    result = anyio.run(intent.parse, "recipe for lasagna for 8")
    assert [i.domain for i in result.effective.intents] == ["cooking"]
    anyio.run(intent.close)


def test_train_without_examples_is_a_coded_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "c.json"
    file.write_bytes(orjson.dumps({"instances": {"main": {"domains": ["a"]}}}))
    assert main(["train", "--config", str(file)]) == 1
    error = orjson.loads(capsys.readouterr().out)
    assert error["code"] == "CONFIG_INVALID" and "examples" in error["message"]
