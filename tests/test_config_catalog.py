"""A configuration file that names a catalog: its tools become domains, end to end through intent_parse."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client

from intent.errors import IntentError
from intent_mcp.config import load_config_file
from intent_mcp.serve import build_runtime

CONFIG = Path(__file__).parent / "data" / "config" / "catalog.json"


@pytest.mark.anyio
async def test_catalog_named_in_the_config_grounds_intent_parse() -> None:
    runtime = build_runtime(load_config_file(CONFIG))
    try:
        async with Client(runtime.server, mode="legacy") as client:
            result = await client.call_tool("intent_parse", {"input": "Look up order 000123. Do not cancel the order."})
    finally:
        await runtime.close()
    assert result.is_error is False and isinstance(result.structured_content, dict)
    [found] = result.structured_content["effective"]["intents"]
    assert found["domain"] == "order_get"
    assert found["extensions"]["tool"] == "order_get"
    assert found["extensions"]["forbiddenTools"] == ["order_cancel"]


def test_a_catalog_that_cannot_be_read_names_the_instance(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text(json.dumps({"instances": {"main": {"catalog": {"file": "nope.json"}}}}))
    with pytest.raises(IntentError) as caught:
        build_runtime(load_config_file(tmp_path / "config.json"))
    assert caught.value.code == "CONFIG_INVALID" and caught.value.path == "/instances/main/catalog"
    (tmp_path / "config.json").write_text(json.dumps({"instances": {"main": {"catalog": {"path": "x"}}}}))
    with pytest.raises(IntentError) as bad_key:
        load_config_file(tmp_path / "config.json")
    assert bad_key.value.path.startswith("/instances/main/catalog")
