"""``build_executor``: configuration objects become executors; bad specs are CONFIG_INVALID naming the key."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from adapter.executor_kinds import ADAPTER_EXECUTOR_KINDS
from intent import IntentError
from intent.executors.anthropic import AnthropicExecutor
from intent.executors.factory import build_executor
from intent.executors.openai import OpenAIExecutor
from intent.executors.secret import Secret

KEY_ENV = "INTENT_TEST_FACTORY_KEY"
KEY = "sk-factory-0a1b2c3d4e"


def config_error(spec: Any) -> IntentError:
    with pytest.raises(IntentError) as caught:
        build_executor(spec, ADAPTER_EXECUTOR_KINDS)
    assert caught.value.code == "CONFIG_INVALID"
    return caught.value


def test_builtin() -> None:
    from intent.executors.builtin import BuiltinExecutor

    assert isinstance(build_executor({"kind": "builtin"}), BuiltinExecutor)
    assert config_error({"kind": "builtin", "model": "x"}).path == "/executor/model"


def test_openai_spec_maps_every_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, KEY)
    executor = build_executor({
        "kind": "openai", "model": "gpt-test", "baseUrl": "http://127.0.0.1:8000/v1/", "apiKeyEnv": KEY_ENV,
        "timeoutSeconds": 12.5, "maxRetries": 4, "temperature": 0.3, "strictSchema": False, "maxTokens": 900,
    })
    assert isinstance(executor, OpenAIExecutor)
    assert executor.model == "gpt-test"
    assert executor.base_url == "http://127.0.0.1:8000/v1"
    assert executor.api_key_env == KEY_ENV
    assert executor.settings.timeout_seconds == 12.5
    assert executor.settings.max_retries == 4
    assert executor.settings.temperature == 0.3
    assert executor.settings.max_tokens == 900
    assert executor.uses_strict_schema is False


def test_anthropic_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    executor = build_executor({"kind": "anthropic", "model": "claude-test"})
    assert isinstance(executor, AnthropicExecutor)
    # A hosted API without apiKeyEnv reads its customary variable.
    assert executor.api_key_env == "ANTHROPIC_API_KEY"
    assert executor.uses_strict_schema is True
    assert executor.settings.temperature is None


def test_a_local_server_needs_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    executor = build_executor({"kind": "openai", "model": "llama", "baseUrl": "http://127.0.0.1:11434/v1"})
    assert isinstance(executor, OpenAIExecutor) and executor.api_key_env is None


def test_a_hosted_api_without_its_variable_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    error = config_error({"kind": "openai", "model": "gpt-test"})
    assert "OPENAI_API_KEY" in error.message and error.path == "/executor/apiKeyEnv"


def test_missing_key_variable_is_named_never_valued(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(KEY_ENV, raising=False)
    error = config_error({"kind": "anthropic", "model": "m", "apiKeyEnv": KEY_ENV})
    assert KEY_ENV in error.message
    monkeypatch.setenv(KEY_ENV, "   ")
    assert KEY_ENV in config_error({"kind": "anthropic", "model": "m", "apiKeyEnv": KEY_ENV}).message


def test_the_key_never_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, KEY)
    executor = build_executor({"kind": "openai", "model": "m", "apiKeyEnv": KEY_ENV})
    assert KEY not in repr(executor) and KEY not in str(executor)
    assert KEY not in repr(vars(executor))
    assert KEY not in repr(Secret(KEY)) and KEY not in f"{Secret(KEY)}"
    with pytest.raises(TypeError):
        import pickle

        pickle.dumps(Secret(KEY))


@pytest.mark.parametrize(
    ("spec", "path"),
    [
        ({"kind": "openai"}, "/executor/model"),
        ({"kind": "openai", "model": ""}, "/executor/model"),
        ({"kind": "openai", "model": 7}, "/executor/model"),
        ({"kind": "openai", "model": "m", "baseUrl": "ftp://x"}, "/executor/baseUrl"),
        ({"kind": "openai", "model": "m", "baseUrl": "http://user:pw@host/v1"}, "/executor/baseUrl"),
        ({"kind": "openai", "model": "m", "baseUrl": 5}, "/executor/baseUrl"),
        ({"kind": "openai", "model": "m", "apiKeyEnv": "sk-live-abc"}, "/executor/apiKeyEnv"),
        ({"kind": "openai", "model": "m", "apiKeyEnv": 3}, "/executor/apiKeyEnv"),
        ({"kind": "openai", "model": "m", "apiKeyEnv": ""}, "/executor/apiKeyEnv"),
        ({"kind": "openai", "model": "m", "timeoutSeconds": 0}, "/executor/timeoutSeconds"),
        ({"kind": "openai", "model": "m", "timeoutSeconds": "5"}, "/executor/timeoutSeconds"),
        ({"kind": "openai", "model": "m", "timeoutSeconds": True}, "/executor/timeoutSeconds"),
        ({"kind": "openai", "model": "m", "timeoutSeconds": float("nan")}, "/executor/timeoutSeconds"),
        ({"kind": "anthropic", "model": "m", "maxRetries": -1}, "/executor/maxRetries"),
        ({"kind": "anthropic", "model": "m", "maxRetries": 1.5}, "/executor/maxRetries"),
        ({"kind": "anthropic", "model": "m", "maxRetries": 11}, "/executor/maxRetries"),
        ({"kind": "anthropic", "model": "m", "temperature": 3}, "/executor/temperature"),
        ({"kind": "anthropic", "model": "m", "strictSchema": "yes"}, "/executor/strictSchema"),
        ({"kind": "anthropic", "model": "m", "maxTokens": 0}, "/executor/maxTokens"),
        ({"kind": "anthropic", "model": "m", "apiKey": "sk-x"}, "/executor/apiKey"),
        ({"kind": "sampling", "model": "m"}, "/executor/model"),
        ({"kind": "sampling", "timeoutSeconds": -2}, "/executor/timeoutSeconds"),
        ({"kind": "llama"}, "/executor/kind"),
        ({}, "/executor/kind"),
    ],
)
def test_bad_specs_name_the_key(spec: dict[str, Any], path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    error = config_error(spec)
    assert error.path == path
    # A misplaced secret in the file is never echoed back.
    assert "sk-live-abc" not in error.message and "sk-x" not in error.message and KEY not in error.message


def test_a_spec_must_be_an_object() -> None:
    assert config_error(["openai"]).path == "/executor"


def test_sampling_spec() -> None:
    from adapter.sampling import SamplingExecutor

    spec = {"kind": "sampling", "timeoutSeconds": 9, "maxRetries": 0, "temperature": 0.5}
    executor = build_executor(spec, ADAPTER_EXECUTOR_KINDS)
    assert isinstance(executor, SamplingExecutor)
    assert executor.settings.timeout_seconds == 9 and executor.settings.max_retries == 0


def test_the_core_alone_builds_no_sampling_executor() -> None:
    # Sampling speaks MCP: only a layer that knows MCP registers it.
    with pytest.raises(IntentError) as caught:
        build_executor({"kind": "sampling"})
    assert caught.value.path == "/executor/kind"
    assert "sampling" not in caught.value.message and "anthropic" in caught.value.message
    assert "sampling" in config_error({"kind": "llama"}).message


def test_sdks_load_only_when_their_executor_is_built() -> None:
    script = """
import json, sys
import intent, intent.executors.factory
from intent.executors.factory import build_executor
before = sorted(m for m in ("openai", "anthropic", "mcp") if m in sys.modules)
build_executor({"kind": "openai", "model": "m", "baseUrl": "http://127.0.0.1:9/v1"})
after = sorted(m for m in ("openai", "anthropic") if m in sys.modules)
print(json.dumps([before, after]))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    before, after = json.loads(out.stdout)
    assert before == []
    assert after == ["openai"]


def test_a_missing_sdk_is_a_config_error_naming_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(OpenAIExecutor, "sdk_module", "openai_is_not_installed")
    with pytest.raises(IntentError) as caught:
        OpenAIExecutor(model="m", base_url="http://127.0.0.1:9/v1")
    assert caught.value.code == "CONFIG_INVALID" and caught.value.path == "/executor/kind"
    assert "pip install 'intent-mcp[openai_is_not_installed]'" in caught.value.message
