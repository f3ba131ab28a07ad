"""``intent-mcp project``: the three kinds of document, JSON out, a clear message and non-zero exit on bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from intent_mcp.cli import main

PETSTORE = Path(__file__).parent / "data" / "catalog" / "petstore.yaml"

MANIFEST = {
    "name": "shop",
    "version": "1.0.0",
    "operations": [{"intent": "product.search", "entity": "product", "action_type": "read",
                    "description": "Search the product catalog",
                    "required_parameters": [{"name": "query", "type": "string"}]}],
}
NODES = {
    "nodes": [
        {"id": "beans.list", "summary": "List beans", "io": {"inputs": []},
         "invoke": {"shell": {"command": ["beans", "list"]}}},
        {"id": "beans.sync", "summary": "Sync beans", "io": {"inputs": []}, "requires": ["network"],
         "invoke": {"shell": {"command": ["beans", "sync"]}}},
    ]
}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out.strip() else None, captured.err


def write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_axag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["project", "axag", write(tmp_path, "m.json", MANIFEST)], capsys)
    assert code == 0
    assert out["source_manifest"] == "shop"
    assert [tool["name"] for tool in out["tools"]] == ["product_search"]


def test_openapi_yaml_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["project", "openapi", str(PETSTORE), "--server-name", "pets", "--source-name", "petstore"],
                       capsys)
    assert code == 0
    assert out["server"]["name"] == "pets"
    assert list(out["sources"]) == ["petstore"]
    assert len(out["tools"]) == 19


def test_tool_nodes_with_available(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "nodes.json", NODES)
    code, out, _ = run(["project", "tool-nodes", path], capsys)
    assert code == 0
    assert [tool["name"] for tool in out["tools"]] == ["beans.list"]
    assert [(item["id"], item["kind"]) for item in out["omitted"]] == [("beans.sync", "requires_unmet")]
    code, out, _ = run(["project", "tool-nodes", path, "--available", "network", "--compact"], capsys)
    assert [tool["name"] for tool in out["tools"]] == ["beans.list", "beans.sync"]
    assert out["omitted"] == []


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(MANIFEST)))
    code, out, _ = run(["project", "axag", "-"], capsys)
    assert code == 0 and out["tools"][0]["name"] == "product_search"


@pytest.mark.parametrize(
    ("kind", "data", "words"),
    [
        ("axag", {"name": "m", "version": "1", "operations": [{"intent": "x.y"}]}, "operation 'x.y'"),
        ("openapi", {"openapi": "3.0.0", "paths": {"/x": {"get": {"requestBody": {"$ref": "#/nope"}}}}},
         "does not resolve"),
        ("tool-nodes", [{"id": "broken"}], "Tool node 'broken'"),
        ("openapi", MANIFEST, "not an OpenAPI document"),
    ],
)
def test_bad_documents_exit_non_zero_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, data: Any, words: str
) -> None:
    code, out, err = run(["project", kind, write(tmp_path, "bad.json", data)], capsys)
    assert code == 1
    assert out is None
    assert "CONFIG_INVALID" in err and words in err
    assert "Traceback" not in err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["project", "axag", str(tmp_path / "none.json")], capsys)
    assert code == 1 and "cannot read" in err


def test_project_axag_mcp_prints_mcp_tool_definitions() -> None:
    import subprocess
    import sys

    shop = Path(__file__).resolve().parent / "data" / "catalog" / "shop.json"
    done = subprocess.run([sys.executable, "-m", "intent_mcp", "project", "axag", str(shop), "--mcp"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    tools = json.loads(done.stdout)["tools"]
    assert [tool["name"] for tool in tools] == ["order_get", "order_cancel"]
    assert all(set(tool) == {"name", "description", "inputSchema"} for tool in tools)
    assert tools[0]["inputSchema"]["required"] == ["order_id"]
    refused = subprocess.run([sys.executable, "-m", "intent_mcp", "project", "openapi", str(shop), "--mcp"],
                             capture_output=True, text=True, timeout=60, check=False)
    assert refused.returncode == 2 and "--mcp applies to axag" in refused.stderr
