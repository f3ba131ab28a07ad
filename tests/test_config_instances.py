"""From configured instances to Intents: limits, executors per mode, and where errors point."""

from __future__ import annotations

import pytest

from intent.errors import IntentError
from intent_mcp.config import InstanceSettings
from intent_mcp.serve import build_intent

UNSET_KEY = "INTENT_MCP_TEST_KEY_THAT_IS_NOT_SET"


def test_limits_map_to_the_core_limits() -> None:
    settings = InstanceSettings(
        "main",
        limits={"maxInputChars": 500, "maxCandidateBytes": 2048, "maxCandidateDepth": 8, "maxContextBytes": 4096,
                "timeoutSeconds": 12.5},
    )
    limits = build_intent(settings, "executor").config.limits
    assert (limits.max_input_chars, limits.max_candidate_bytes, limits.max_candidate_depth,
            limits.max_context_bytes, limits.timeout_seconds) == (500, 2048, 8, 4096, 12.5)


def test_host_mode_builds_no_executor_so_needs_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(UNSET_KEY, raising=False)
    settings = InstanceSettings("main", executor={"kind": "openai", "model": "m", "apiKeyEnv": UNSET_KEY})
    assert build_intent(settings, "host").config.executor is None
    with pytest.raises(IntentError) as caught:
        build_intent(settings, "executor")
    assert caught.value.code == "CONFIG_INVALID"
    assert caught.value.path == "/instances/main/executor/apiKeyEnv"
    assert UNSET_KEY in caught.value.message


def test_executor_mode_defaults_to_the_builtin_recognizer() -> None:
    intent = build_intent(InstanceSettings("main"), "executor")
    assert type(intent.config.executor).__name__ == "BuiltinExecutor"


def test_schema_errors_point_into_the_instance() -> None:
    settings = InstanceSettings("orders", schema={"type": "array"})
    with pytest.raises(IntentError) as caught:
        build_intent(settings, "host")
    assert caught.value.path == "/instances/orders/schema/type"


def test_domains_are_passed_through() -> None:
    intent = build_intent(InstanceSettings("main", domains=("orders", "billing")), "executor")
    assert tuple(intent.config.domains or ()) == ("orders", "billing")
