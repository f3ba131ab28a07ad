"""How a server run ends, as an exit status and at most one line on stderr: one ladder for every server command."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from intent.errors import IntentError
from intent_mcp.cli import main
from intent_mcp.commands.serve import run_server

LINUX_TOOLS = Path(__file__).resolve().parent / "data" / "catalog" / "linux-tools.json"
INTERNAL = "the server stopped on an internal error"


def _raising(error: BaseException) -> Callable[[], int]:
    def serve() -> int:
        raise error

    return serve


def test_a_clean_stop_keeps_the_servers_own_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_server(lambda: 0, "p") == 0
    assert run_server(lambda: 3, "p") == 3
    assert capsys.readouterr().err == ""


def test_an_intent_error_is_one_line_with_the_prefix_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    error = IntentError("CONFIG_INVALID", "port must be 0..65535", path="/http/port")
    assert run_server(_raising(error), "prog", error_prefix="configuration error: ") == 2
    assert capsys.readouterr().err == f"prog: configuration error: {error}\n"


def test_ctrl_c_is_a_clean_stop(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_server(_raising(KeyboardInterrupt()), "p") == 0
    assert capsys.readouterr().err == ""


def test_anything_else_names_only_its_type(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_server(_raising(RuntimeError("token sk-live-secret")), "p") == 1
    assert capsys.readouterr().err == f"p: {INTERNAL} (RuntimeError)\n"


@pytest.mark.parametrize(("raised", "status"), [(RuntimeError("boom"), 1), (KeyboardInterrupt(), 0)])
def test_the_root_server_and_a_catalog_server_end_alike(
    raised: BaseException, status: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import intent_mcp.catalog_server
    import intent_mcp.serve

    monkeypatch.setattr(intent_mcp.serve, "serve", lambda *args, **kwargs: _raising(raised)())
    monkeypatch.setattr(intent_mcp.catalog_server, "serve_catalog", lambda *args, **kwargs: _raising(raised)())
    assert main([]) == status
    assert main(["serve", "tool-nodes", str(LINUX_TOOLS)]) == status
    err = capsys.readouterr().err.splitlines()
    omissions = [line for line in err if "omitted" in line]  # what serve tool-nodes reports before serving
    expected = [f"intent-mcp: {INTERNAL} (RuntimeError)", f"intent-mcp serve tool-nodes: {INTERNAL} (RuntimeError)"]
    assert [line for line in err if line not in omissions] == (expected if status else [])


def test_the_root_servers_configuration_errors_name_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "intent-mcp.json"
    config.write_text('{"instances": 3}')
    assert main(["--config", str(config)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"intent-mcp: configuration error in {config}: ")
