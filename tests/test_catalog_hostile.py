"""Hostile catalog documents: deep nesting is CONFIG_INVALID, naming is linear, YAML uses libyaml."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from catalog import CatalogBinding, build_mcp_manifest, load_document, parse_document
from catalog.documents import _plain_loader
from intent.errors import IntentError
from tests.test_server_stdio import run_cli


def _operation(schema: dict[str, Any]) -> dict[str, Any]:
    return {"post": {"operationId": "submit", "responses": {"200": {"description": "ok"}},
                     "requestBody": {"content": {"application/json": {"schema": schema}}}}}


def _openapi(paths: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"openapi": "3.0.0", "info": {"title": "deep", "version": "1"}, "paths": paths, **extra}


def ref_chain(length: int = 3000) -> dict[str, Any]:
    schemas: dict[str, Any] = {f"S{i}": {"$ref": f"#/components/schemas/S{i + 1}"} for i in range(length)}
    schemas[f"S{length}"] = {"type": "string"}
    return _openapi({"/a": _operation({"$ref": "#/components/schemas/S0"})}, components={"schemas": schemas})


def nested_objects(depth: int = 400) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(depth):
        schema = {"type": "object", "properties": {"p": schema}}
    return _openapi({"/a": _operation(schema)})


def nested_default(depth: int = 900) -> dict[str, Any]:
    value: Any = "x"
    for _ in range(depth):
        value = [value]
    return _openapi({"/a": _operation({"type": "array", "default": value})})


DEEP = {"3000 $refs": ref_chain, "400 nested objects": nested_objects, "default 900 deep": nested_default}


@pytest.mark.parametrize("build", DEEP.values(), ids=DEEP.keys())
def test_deep_documents_are_config_invalid_in_the_library(build: Any) -> None:
    document = build()
    for project in (build_mcp_manifest, CatalogBinding.from_document):
        with pytest.raises(IntentError) as caught:
            project(document)
        assert caught.value.code == "CONFIG_INVALID" and "nests too deeply" in caught.value.message


@pytest.mark.parametrize("build", DEEP.values(), ids=DEEP.keys())
def test_deep_documents_stop_the_server_with_config_invalid(tmp_path: Path, build: Any) -> None:
    (tmp_path / "deep.json").write_text(json.dumps(build()))
    config = tmp_path / "intent-mcp.json"
    config.write_text(json.dumps({"instances": {"main": {"catalog": "deep.json"}}}))
    status, stdout, stderr = run_cli("--config", str(config))
    assert status == 2 and stdout == ""
    assert "CONFIG_INVALID" in stderr and "/instances/main/catalog" in stderr
    assert "Traceback" not in stderr and "RecursionError" not in stderr


def test_deeply_nested_json_text_is_config_invalid(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(IntentError) as caught:
        load_document(path)
    assert caught.value.code == "CONFIG_INVALID"


def test_tool_naming_is_linear_in_the_operations() -> None:
    # Every operation shares one operationId: each new one gets the next free suffix.
    count = 20_000
    paths = {f"/items/{i}": {"get": {"operationId": "listItems", "responses": {"200": {"description": "ok"}}}}
             for i in range(count)}
    started = time.perf_counter()
    manifest = build_mcp_manifest(_openapi(paths))
    elapsed = time.perf_counter() - started
    names = [tool["name"] for tool in manifest["tools"]]
    assert names[:3] == ["list_items", "list_items_2", "list_items_3"] and names[-1] == f"list_items_{count}"
    assert len(set(names)) == count
    assert elapsed < 10, f"{count} operations took {elapsed:.1f} s (quadratic naming took minutes)"


def test_yaml_is_read_with_libyaml_when_pyyaml_has_it() -> None:
    yaml = pytest.importorskip("yaml")
    loader = _plain_loader(yaml)
    if getattr(yaml, "__with_libyaml__", False):
        assert issubclass(loader, yaml.CSafeLoader)
    # Dates stay the strings they were written as, with either parser.
    assert parse_document("a: 2026-11-30\nb: [1, 2]\n") == {"a": "2026-11-30", "b": [1, 2]}
