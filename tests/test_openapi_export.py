"""Exported MCP server projects: their files, the reproducible zip, and the project installed and run for real."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from catalog.documents import load_document
from catalog.openapi import build_mcp_manifest
from catalog.openapi.arazzo import load_arazzo
from catalog.openapi.export import (
    create_zip,
    estimate_token_cost,
    generate_host_configs,
    generate_mcp_server,
    write_mcp_project,
)
from tests.fakes.petstore_api import SECRETS, PetstoreApi, running_petstore

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data" / "openapi"
OTHER_API = REPO / "tests" / "data" / "catalog" / "petstore.yaml"
FIXED = {"server.py", "openapi_mcp_runtime/__init__.py", "openapi_mcp_runtime/credentials.py",
         "openapi_mcp_runtime/request.py", "openapi_mcp_runtime/runtime.py"}


@pytest.fixture(scope="module")
def generated() -> dict[str, Any]:
    return generate_mcp_server(load_document(DATA / "petstore_api.yaml"),
                               {"arazzo": load_arazzo(DATA / "petstore_flows.arazzo.yaml")})


def test_project_files_and_what_varies_between_apis(generated: dict[str, Any]) -> None:
    files = generated["files"]
    assert set(files) == FIXED | {"manifest.json", "pyproject.toml", "README.md", "claude_desktop_config.json",
                                  "openapi_mcp_runtime/expressions.py", "openapi_mcp_runtime/workflow_runner.py"}
    assert json.loads(files["manifest.json"]) == generated["manifest"]
    other = write_mcp_project(build_mcp_manifest(load_document(OTHER_API)))
    # server.py and the runtime are the same for every API; a manifest without workflows carries no runner.
    assert {path: other[path] for path in FIXED} == {path: files[path] for path in FIXED}
    assert "openapi_mcp_runtime/workflow_runner.py" not in other
    for varying in ("manifest.json", "pyproject.toml", "README.md", "claude_desktop_config.json"):
        assert other[varying] != files[varying]
    # The exported runtime is this package's runtime, verbatim.
    assert files["openapi_mcp_runtime/runtime.py"] == (REPO / "catalog/openapi/runtime/runtime.py").read_text()
    host = json.loads(files["claude_desktop_config.json"])["mcpServers"]["loopback-petstore"]
    assert host["env"]["BEARER_AUTH"] == "<BEARER_AUTH>" and "API_BASE_URL" in host["env"]
    assert "`BASIC_AUTH_USERNAME`" in files["README.md"]
    assert generated["problems"][0]["workflowId"] == "countWithJsonPath"


def test_the_runtime_package_imports_nothing_of_the_project() -> None:
    import ast

    allowed = {"__future__", "base64", "collections", "dataclasses", "hashlib", "inspect", "json", "logging", "re",
               "typing", "urllib", "anyio", "httpx2"}
    for path in (REPO / "catalog/openapi/runtime").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert node.module.split(".")[0] in allowed, (path.name, node.module)
            elif isinstance(node, ast.Import):
                assert all(alias.name.split(".")[0] in allowed for alias in node.names), path.name


def test_budget_and_host_configs(generated: dict[str, Any]) -> None:
    budget = generated["budget"]
    tools = generated["manifest"]["tools"]
    assert budget["toolCount"] == len(tools)
    assert budget["consequentialCount"] == sum(1 for tool in tools if not tool["annotations"]["readOnlyHint"])
    assert budget["tokens"] == sum(item["tokens"] for item in budget["perTool"]) > 0
    assert estimate_token_cost({"tools": []}) == {"toolCount": 0, "consequentialCount": 0, "tokens": 0, "perTool": []}
    configs = generate_host_configs("pets", schemes=["petstore_auth"])
    assert configs["claudeDesktop"]["mcpServers"]["pets"]["env"]["PETSTORE_AUTH"] == "<PETSTORE_AUTH>"
    assert configs["vscode"]["servers"]["pets"]["type"] == "stdio"


def test_zip_is_stored_reproducible_and_opens(generated: dict[str, Any], tmp_path: Path) -> None:
    files = {**generated["files"], "docs/naïve.md": "ü\n"}
    first, second = create_zip(files), create_zip(dict(files))
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        assert archive.testzip() is None
        assert archive.namelist() == list(files)
        for entry in archive.infolist():
            assert entry.compress_type == zipfile.ZIP_STORED
            assert entry.date_time == (1980, 1, 1, 0, 0, 0)
            assert entry.flag_bits & 0x800
        assert archive.read("docs/naïve.md").decode() == "ü\n"
    if shutil.which("unzip"):
        path = tmp_path / "project.zip"
        path.write_bytes(first)
        done = subprocess.run(["unzip", "-t", str(path)], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0 and "No errors detected" in done.stdout


@pytest.fixture(scope="module")
def petstore() -> Iterator[PetstoreApi]:
    with running_petstore() as api:
        yield api


def _inheriting_venv(where: Path) -> Path:
    """A fresh venv that sees this environment's installed wheels (mcp, httpx2, setuptools) but not this project."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=60)
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True, timeout=30).stdout.strip()
    inherited = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(purelib) / "_inherited.pth").write_text("\n".join(sorted(inherited)) + "\n")
    return python


@pytest.mark.anyio
async def test_exported_project_installs_and_serves_operations_and_workflows(
    generated: dict[str, Any], petstore: PetstoreApi, tmp_path: Path
) -> None:
    pytest.importorskip("setuptools", reason="building the exported project needs setuptools in this environment")
    started = time.monotonic()
    project = tmp_path / "project"
    for relative, text in generated["files"].items():
        (project / relative).parent.mkdir(parents=True, exist_ok=True)
        (project / relative).write_text(text)
    python = _inheriting_venv(tmp_path / "venv")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", str(project)], check=True, timeout=120)
    elsewhere = tmp_path / "run"
    elsewhere.mkdir()
    env = {"PATH": os.environ.get("PATH", ""), "MCP_MANIFEST": str(project / "manifest.json"),
           "API_BASE_URL": petstore.base_url, "BEARER_AUTH": SECRETS["bearer"],
           "API_KEY_HEADER": SECRETS["api_key_header"]}
    # Run the installed module from another directory: nothing comes from the project folder or this repository.
    params = StdioServerParameters(command=str(python), args=["-m", "server"], cwd=str(elsewhere), env=env)
    with anyio.fail_after(45):
        async with Client(params, mode="legacy") as client:
            names = [tool.name for tool in (await client.list_tools()).tools]
            assert names[:3] == ["find_pets", "add_pet", "get_pet_by_id"] and "adopt_pet" in names
            added = await client.call_tool("add_pet", {"body": {"name": "Exported"}})
            assert added.is_error is False and added.structured_content["name"] == "Exported"
            adopted = await client.call_tool("adopt_pet", {"name": "Exflow", "tag": "z"})
            assert adopted.is_error is False, adopted.content
            assert adopted.structured_content["tag"] == "z-tagged"
            read = await client.read_resource("reference://petstore/categories")
            contents = read.contents[0]
            assert isinstance(contents, types.TextResourceContents)
            assert json.loads(contents.text) == ["dogs", "cats", "birds"]
    installed = list((tmp_path / "venv").rglob("site-packages/openapi_mcp_runtime/runtime.py"))
    assert len(installed) == 1
    assert time.monotonic() - started < 60


def test_export_command_writes_a_reproducible_zip_and_refuses_a_full_folder(tmp_path: Path, capsys: Any) -> None:
    from intent_mcp.cli import main

    spec, flows = str(DATA / "petstore_api.yaml"), str(DATA / "petstore_flows.arazzo.yaml")
    first, second = tmp_path / "one.zip", tmp_path / "two.zip"
    assert main(["export", "openapi", spec, "--arazzo", flows, "--zip", str(first)]) == 0
    assert main(["export", "openapi", spec, "--arazzo", flows, "--zip", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    stderr = capsys.readouterr().err
    assert "wrote 11 files" in stderr and "workflow 'countWithJsonPath' left out" in stderr
    out = tmp_path / "project"
    assert main(["export", "openapi", spec, "--out", str(out)]) == 0
    assert (out / "openapi_mcp_runtime" / "runtime.py").is_file()
    assert not (out / "openapi_mcp_runtime" / "workflow_runner.py").exists()
    assert main(["export", "openapi", spec, "--out", str(out)]) == 1
    assert "is not empty" in capsys.readouterr().err
    assert main(["export", "openapi", str(tmp_path / "missing.yaml"), "--zip", str(first)]) == 1
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.anyio
async def test_a_project_without_the_workflow_runner_still_starts(
    generated: dict[str, Any], tmp_path: Path
) -> None:
    import importlib

    files = write_mcp_project(generated["manifest"], workflow_runtime=False)
    assert "openapi_mcp_runtime/workflow_runner.py" not in files
    for relative, text in files.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(text)
    sys.path.insert(0, str(tmp_path))
    try:
        server = importlib.import_module("server")
        runtime = server.load_runtime(json.loads(files["manifest.json"]))
        result = await runtime.call_tool("adopt_pet", {"name": "x"})
        assert result["isError"] is True and "no workflow runner" in result["content"][0]["text"]
        await runtime.aclose()
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name == "server" or name.startswith("openapi_mcp_runtime")]:
            del sys.modules[name]
