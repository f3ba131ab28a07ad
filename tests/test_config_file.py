"""The server configuration file: its published schema, validation messages, schemaFile and overrides."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from intent.errors import IntentError
from intent_mcp.config import (
    ConfigOverrides,
    HttpSettings,
    ServerConfig,
    apply_overrides,
    config_from_document,
    config_schema,
    load_config_file,
)

ORDERS_SCHEMA = {
    "type": "object",
    "properties": {"orderId": {"type": "string", "pattern": "^\\d{6}$"}},
    "required": ["orderId"],
}


def _error(document: Any, base_dir: Path = Path(".")) -> IntentError:
    with pytest.raises(IntentError) as caught:
        config_from_document(document, base_dir=base_dir)
    assert caught.value.code == "CONFIG_INVALID"
    return caught.value


def test_published_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(config_schema())


def test_empty_document_gives_one_builtin_main_instance() -> None:
    config = config_from_document({}, base_dir=Path("."))
    assert config.mode == "executor"
    assert config.tool_prefix == ""
    assert list(config.instances) == ["main"]
    assert config.instances["main"].executor == {"kind": "builtin"}
    assert config.http == HttpSettings()


def test_full_document_is_resolved(tmp_path: Path) -> None:
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "orders.json").write_text(json.dumps(ORDERS_SCHEMA))
    document = {
        "mode": "host",
        "toolPrefix": "acme_",
        "instances": {
            "orders": {"schemaFile": "schemas/orders.json", "domains": ["orders"], "limits": {"maxInputChars": 500}},
            "plans": {
                "schema": {"type": "object", "properties": {"plan": {"type": "string"}}},
                "executor": {"kind": "openai", "model": "m", "apiKeyEnv": "OPENAI_API_KEY", "timeoutSeconds": 20},
            },
        },
        "http": {"port": 8080, "publicOrigin": "https://mcp.example.com", "maxSessions": 3},
    }
    path = tmp_path / "intent-mcp.json"
    path.write_text(json.dumps(document))
    config = load_config_file(path)
    assert config.mode == "host"
    assert config.tool_prefix == "acme_"
    assert config.instances["orders"].schema == ORDERS_SCHEMA
    assert config.instances["orders"].domains == ("orders",)
    assert config.instances["orders"].limits == {"maxInputChars": 500}
    assert config.instances["plans"].executor["apiKeyEnv"] == "OPENAI_API_KEY"
    assert config.http.port == 8080
    assert config.http.max_sessions == 3
    assert config.http.public_origin == "https://mcp.example.com"
    assert config.source == path.resolve()


@pytest.mark.parametrize(
    ("document", "path", "words"),
    [
        ({"mode": "auto"}, "/mode", '"executor", "host"'),
        ({"modes": "host"}, "", "unknown key 'modes'"),
        ({"toolPrefix": "bad prefix"}, "/toolPrefix", "pattern"),
        ({"instances": {}}, "/instances", "minProperties"),
        ({"instances": {"proto": {}}}, "/instances", "invalid instance name 'proto'"),
        ({"instances": {"a b": {}}}, "/instances", "invalid instance name"),
        ({"instances": {"main": {"schema": {}, "schemaFile": "s.json"}}}, "/instances/main", "either schema or"),
        ({"instances": {"main": {"executor": {"kind": "openai"}}}}, "/instances/main/executor", "'model'"),
        ({"instances": {"main": {"executor": {"kind": "magic"}}}}, "/instances/main/executor/kind", "builtin"),
        ({"instances": {"main": {"executor": {"kind": "builtin", "model": "m"}}}}, "/instances/main/executor",
         "unknown key 'model'"),
        ({"instances": {"main": {"executor": {"kind": "sampling", "baseUrl": "x"}}}}, "/instances/main/executor",
         "unknown key 'baseUrl'"),
        ({"instances": {"main": {"limits": {"maxInputChars": 0}}}}, "/instances/main/limits/maxInputChars",
         "at least 1"),
        ({"instances": {"main": {"limits": {"maxTokens": 5}}}}, "/instances/main/limits", "unknown key"),
        ({"instances": {"main": {"executor": {"kind": "openai", "model": "m", "maxTokens": 0}}}},
         "/instances/main/executor/maxTokens", "at least 1"),
        ({"http": {"port": 70000}}, "/http/port", "at most 65535"),
        ({"http": {"path": "mcp"}}, "/http/path", "pattern"),
        ({"http": {"sessionIdleSeconds": 0}}, "/http/sessionIdleSeconds", "greater than 0"),
    ],
)
def test_invalid_documents_name_the_path(document: dict[str, Any], path: str, words: str) -> None:
    error = _error(document)
    assert error.path == path
    assert words in error.message


def test_model_executor_settings_pass_through_to_the_executor_spec() -> None:
    executor = {"kind": "anthropic", "model": "m", "maxTokens": 512, "temperature": 0, "strictSchema": False}
    config = config_from_document({"instances": {"main": {"executor": executor}}}, base_dir=Path("."))
    assert dict(config.instances["main"].executor) == executor


@pytest.mark.parametrize("key", ["apiKey", "api_key", "token", "password"])
def test_a_secret_in_the_file_is_refused_without_echoing_it(key: str) -> None:
    secret = "sk-live-0123456789abcdef"
    error = _error({"instances": {"main": {"executor": {"kind": "openai", "model": "m", key: secret}}}})
    assert error.path == f"/instances/main/executor/{key}"
    assert "apiKeyEnv" in error.message
    assert secret not in str(error.to_dict())


def test_a_key_in_place_of_an_env_name_is_refused_without_echoing_it() -> None:
    secret = "sk-live-0123456789abcdef"
    error = _error({"instances": {"main": {"executor": {"kind": "anthropic", "model": "m", "apiKeyEnv": secret}}}})
    assert error.path == "/instances/main/executor/apiKeyEnv"
    assert secret not in str(error.to_dict())


def test_schema_file_problems_name_the_schema_file_key(tmp_path: Path) -> None:
    missing = _error({"instances": {"main": {"schemaFile": "nope.json"}}}, tmp_path)
    assert missing.path == "/instances/main/schemaFile"
    (tmp_path / "broken.json").write_text("{not json")
    broken = _error({"instances": {"main": {"schemaFile": "broken.json"}}}, tmp_path)
    assert broken.path == "/instances/main/schemaFile"
    assert "not valid JSON" in broken.message
    (tmp_path / "list.json").write_text("[1, 2]")
    wrong = _error({"instances": {"main": {"schemaFile": "list.json"}}}, tmp_path)
    assert "JSON object" in wrong.message


def test_config_file_that_is_not_json_or_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text("mode: host\n")
    with pytest.raises(IntentError, match="not valid JSON"):
        load_config_file(path)
    path.write_text("[]")
    with pytest.raises(IntentError, match="JSON object"):
        load_config_file(path)
    with pytest.raises(IntentError, match="cannot read"):
        load_config_file(tmp_path / "absent.json")


def test_oversized_config_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"toolPrefix": "' + "a" * (1024 * 1024 + 10) + '"}')
    with pytest.raises(IntentError, match="larger than"):
        load_config_file(path)


def test_flags_override_the_file() -> None:
    config = config_from_document(
        {"mode": "host", "toolPrefix": "a_", "http": {"port": 4000, "host": "127.0.0.1"}}, base_dir=Path(".")
    )
    merged = apply_overrides(config, ConfigOverrides(mode="executor", tool_prefix="", port=5000))
    assert merged.mode == "executor"
    assert merged.tool_prefix == ""
    assert merged.http.port == 5000
    assert merged.http.host == "127.0.0.1"
    untouched = apply_overrides(config, ConfigOverrides())
    assert untouched.mode == "host"
    assert untouched.tool_prefix == "a_"
    assert untouched.http.port == 4000


@pytest.mark.parametrize(
    ("overrides", "flag"),
    [
        (ConfigOverrides(tool_prefix="no spaces"), "--tool-prefix"),
        (ConfigOverrides(port=-1), "--port"),
        (ConfigOverrides(path="mcp"), "--path"),
        (ConfigOverrides(max_sessions=0), "--max-sessions"),
        (ConfigOverrides(max_body_bytes=10), "--max-body-bytes"),
        (ConfigOverrides(session_idle_seconds=-5), "--session-idle-seconds"),
    ],
)
def test_flag_values_are_checked_like_the_file(overrides: ConfigOverrides, flag: str) -> None:
    with pytest.raises(IntentError) as caught:
        apply_overrides(ServerConfig(), overrides)
    assert caught.value.message.startswith(flag)
