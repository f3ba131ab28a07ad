"""Adapter configuration: names, prefixes, modes, protocol versions and the tools each mode lists."""

from __future__ import annotations

import pytest

from adapter import (
    DECLARED_PROTOCOL_VERSIONS,
    HOST_CANCEL_REPLY_SCHEMA,
    HOST_TASK_SCHEMA,
    IntentMcpAdapterConfig,
    create_intent_mcp_adapter,
)
from intent import REQUEST_SCHEMA, Intent, IntentConfig, IntentError, IntentResult, ScriptedExecutor


def executor_intent() -> Intent:
    return Intent(IntentConfig(executor=ScriptedExecutor([])))


def host_intent() -> Intent:
    return Intent(IntentConfig(executor=None))


def config_error(**kwargs: object) -> IntentError:
    with pytest.raises(IntentError) as caught:
        create_intent_mcp_adapter(IntentMcpAdapterConfig(**kwargs))  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize(
    "name", ["", "x" * 65, "with space", "slash/name", "ünïcode", "proto", "prototype", "constructor"]
)
def test_invalid_or_reserved_instance_names_are_refused(name: str) -> None:
    error = config_error(mode="host", instances={name: host_intent()})
    assert error.code == "CONFIG_INVALID"
    assert error.category == "config"


@pytest.mark.parametrize("name", ["a", "A-b_c.9", "x" * 64, "protos"])
def test_names_of_the_alphabet_are_accepted(name: str) -> None:
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(mode="host", instances={name: host_intent()}))
    assert list(adapter.instances) == [name]


@pytest.mark.parametrize("prefix", ["bad prefix", "x" * 65, "a/b", "é"])
def test_invalid_prefixes_are_refused(prefix: str) -> None:
    error = config_error(instances={"main": executor_intent()}, tool_prefix=prefix)
    assert (error.code, error.path) == ("CONFIG_INVALID", "/tool_prefix")


@pytest.mark.parametrize(("prefix", "expected"), [("", "intent_parse"), ("crm.", "crm.intent_parse"),
                                                  ("a-", "a-intent_parse")])
def test_prefix_is_prepended_to_tool_names(prefix: str, expected: str) -> None:
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": executor_intent()},
                                                               tool_prefix=prefix))
    assert adapter.tool_names == (expected,)
    assert adapter.tool_kind(expected) is not None
    assert adapter.tool_kind("intent_parse" if prefix else "crm.intent_parse") is None


def test_executor_mode_needs_an_executor_on_every_instance() -> None:
    error = config_error(mode="executor", instances={"a": executor_intent(), "b": host_intent()})
    assert (error.code, error.path) == ("CONFIG_INVALID", "/instances/b")


def test_instances_must_be_non_empty_intent_objects() -> None:
    assert config_error(instances={}).code == "CONFIG_INVALID"
    error = config_error(instances={"main": IntentConfig(executor=None)})
    assert error.code == "CONFIG_INVALID" and "Intent(" in error.message
    assert config_error(instances={"main": object()}).path == "/instances/main"


def test_unknown_mode_is_refused() -> None:
    assert config_error(mode="both", instances={"main": executor_intent()}).path == "/mode"


def test_a_config_object_is_required() -> None:
    with pytest.raises(IntentError) as caught:
        create_intent_mcp_adapter({"instances": {}})  # type: ignore[arg-type]
    assert caught.value.code == "CONFIG_INVALID"


@pytest.mark.parametrize("version", ["2024-11-05", "2025-03-26", "2099-01-01", ""])
def test_undeclared_protocol_versions_are_a_transport_config_error(version: str) -> None:
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": executor_intent()}))
    with pytest.raises(IntentError) as caught:
        adapter.connect(protocol_version=version)
    assert (caught.value.code, caught.value.category) == ("CONFIG_INVALID", "transport")


def test_declared_versions_connect() -> None:
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": executor_intent()}))
    for version in DECLARED_PROTOCOL_VERSIONS:
        assert adapter.connect(protocol_version=version).protocol_version == version
    assert set(DECLARED_PROTOCOL_VERSIONS) == {"2025-06-18", "2025-11-25", "2026-07-28"}


def test_executor_mode_lists_only_intent_parse_with_its_schemas() -> None:
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": executor_intent()}))
    (tool,) = adapter.tools
    assert tool.name == "intent_parse"
    assert tool.output_schema == IntentResult.json_schema()
    properties = tool.input_schema["properties"]
    assert set(properties) == set(REQUEST_SCHEMA["properties"]) | {"instance"}
    assert tool.input_schema["additionalProperties"] is False
    assert "instance" not in tool.input_schema["required"]
    for forbidden in ("schema", "executor", "apiKey", "mode"):
        assert forbidden not in properties


def test_host_mode_lists_the_handoff_tools() -> None:
    adapter = create_intent_mcp_adapter(
        IntentMcpAdapterConfig(mode="host", instances={"a": host_intent(), "b": host_intent()}, tool_prefix="x_")
    )
    tools = {tool.name: tool for tool in adapter.tools}
    assert set(tools) == {"x_intent_prepare", "x_intent_accept", "x_intent_cancel"}
    assert tools["x_intent_prepare"].output_schema == HOST_TASK_SCHEMA
    assert tools["x_intent_accept"].output_schema == IntentResult.json_schema()
    assert tools["x_intent_cancel"].output_schema == HOST_CANCEL_REPLY_SCHEMA
    # Several instances: instance becomes required and names the configured ones.
    prepare_input = tools["x_intent_prepare"].input_schema
    assert "instance" in prepare_input["required"]
    assert prepare_input["properties"]["instance"]["enum"] == ["a", "b"]
    for tool in tools.values():
        assert tool.input_schema["additionalProperties"] is False


def test_a_mutated_tool_schema_does_not_alter_the_core_schema() -> None:
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": executor_intent()}))
    adapter.tools[0].input_schema["properties"]["input"]["minLength"] = 99
    assert REQUEST_SCHEMA["properties"]["input"].get("minLength") != 99


@pytest.mark.anyio
async def test_closing_the_adapter_leaves_borrowed_intents_open() -> None:
    intent = executor_intent()
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": intent}))
    session = adapter.connect(protocol_version="2025-11-25")
    await adapter.close()
    assert session.closed
    assert not intent.closed
    with pytest.raises(IntentError):
        adapter.connect(protocol_version="2025-11-25")
    await intent.close()
