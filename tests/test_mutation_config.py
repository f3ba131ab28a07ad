"""The mutation job's configuration names real files, and its judge counts survivors right.

The whole run (``python -m bench.mutation``) takes minutes and stays out of the suite; this keeps
its configuration and its verdict logic from rotting in between.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bench import mutation
from bench.mutation import (
    EXPLAINED,
    config_problems,
    explained_survivors,
    judge,
    load_config,
    module_of,
    parse_results,
    render,
)

ROOT = Path(__file__).resolve().parent.parent


def test_the_configuration_names_existing_modules_and_tests() -> None:
    config = load_config()
    assert config_problems(config) == []
    for module in ("intent/grounding", "intent/candidate", "adapter/tokens.py", "adapter/records.py",
                   "intent_mcp/http/guard.py", "catalog/tool_nodes"):
        assert any(pattern.startswith(module) for pattern in config.only_mutate), module


def test_a_broken_configuration_is_reported(tmp_path: Path) -> None:
    config = load_config()
    broken = type(config)(source_paths=("intent", "nowhere"), only_mutate=("intent/nothing_here/*", "docs/x.py"),
                          tests=("tests/test_gone.py",), also_copy=())
    (tmp_path / "intent").mkdir()
    (tmp_path / "intent" / "a.py").write_text("", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "x.py").write_text("", encoding="utf-8")
    assert config_problems(broken, tmp_path) == [
        "nowhere does not exist",
        "tests/test_gone.py does not exist",
        "only_mutate pattern 'intent/nothing_here/*' matches no module",
        "only_mutate pattern 'docs/x.py' matches no module",
        "only_mutate pattern 'docs/x.py' is outside the source paths",
    ]


def test_survivors_need_a_written_reason() -> None:
    results = parse_results(
        "    intent.grounding.align.x__fuzzy__mutmut_3: survived\n"
        "    intent.grounding.align.x_align__mutmut_1: killed\n"
        "    adapter.records.xǁRecordLedgerǁadd_pending__mutmut_2: no tests\n"
        "    adapter.tokens.x_tokens_match__mutmut_1: timeout\n"
        "    adapter.tokens.x_tokens_match__mutmut_2: not checked\n"
        "noise line\n"
    )
    assert len(results) == 5
    explained = explained_survivors(
        "| mutant | why it may survive |\n| --- | --- |\n"
        "| `intent.grounding.align.x__fuzzy__mutmut_3` | an equivalent mutant: the bound is never reached |\n"
        "| `adapter.tokens.x_tokens_match__mutmut_1` | was alive once |\n"
    )
    verdict = judge(results, explained)
    assert verdict.unexplained == ("adapter.records.xǁRecordLedgerǁadd_pending__mutmut_2",)
    assert verdict.unchecked == ("adapter.tokens.x_tokens_match__mutmut_2",)
    assert verdict.stale == ("adapter.tokens.x_tokens_match__mutmut_1",)
    assert not verdict.ok
    assert "UNEXPLAINED adapter.records" in render(verdict)
    assert judge({"m.x_f__mutmut_1": "survived"}, {"m.x_f__mutmut_1": "equivalent"}).ok
    assert not judge({"m.x_f__mutmut_1": "survived"}, {"m.x_f__mutmut_1": ""}).ok


def test_module_names_come_from_mutant_names() -> None:
    assert module_of("intent.grounding.align.x__fuzzy__mutmut_3") == "intent.grounding.align"
    assert module_of("adapter.records.xǁRecordLedgerǁadd_pending__mutmut_2") == "adapter.records"


def test_every_explained_survivor_is_in_a_mutated_module() -> None:
    config = load_config()
    modules = {pattern.removesuffix("/*").removesuffix(".py").replace("/", ".") for pattern in config.only_mutate}
    for name in explained_survivors(EXPLAINED.read_text(encoding="utf-8")):
        assert any(module_of(name).startswith(module) for module in modules), name


def test_a_module_that_matches_no_mutant_fails_instead_of_judging_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    listed = "".join(f"    intent.grounding.align.x_fuzzy__mutmut_{n}: killed\n" for n in (1, 2))
    monkeypatch.setattr(mutation, "_mutmut", lambda *args: subprocess.CompletedProcess(args, 0, listed, ""))
    # "intent.resolve.fields" without its functions' wildcard names no mutant
    assert mutation.main(["--report-only", "intent.resolve.fields"]) == 1
    assert "no mutant matches intent.resolve.fields" in capsys.readouterr().err
    assert mutation.main(["--report-only", "intent.grounding.*"]) == 0
