"""Build an executor from a configuration file's ``executor`` object.

Each kind's module (and its SDK) is imported only when that kind is built, so a server that
uses the built-in recognizer never pays for the model SDKs at start-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.errors import IntentError
from intent.executors.base import Executor
from intent.executors.model_settings import HTTP_SPEC_KEYS, SAMPLING_SPEC_KEYS, spec_to_kwargs

EXECUTOR_KINDS = ("builtin", "openai", "anthropic", "sampling")
SPEC_PATH = "/executor"


def build_executor(spec: Mapping[str, Any]) -> Executor:
    """``{"kind": "builtin" | "openai" | "anthropic" | "sampling", ...}`` -> a ready executor.

    A bad spec is ``CONFIG_INVALID`` naming the offending key; a missing API-key variable is
    ``CONFIG_INVALID`` naming the variable (never its value).
    """
    if not isinstance(spec, Mapping):
        raise IntentError("CONFIG_INVALID", "the executor must be a JSON object with a kind", path=SPEC_PATH)
    kind = spec.get("kind")
    if kind not in EXECUTOR_KINDS:
        raise IntentError(
            "CONFIG_INVALID",
            f"executor kind must be one of {', '.join(EXECUTOR_KINDS)}",
            path=f"{SPEC_PATH}/kind",
        )
    if kind == "builtin":
        spec_to_kwargs(spec, {}, path=SPEC_PATH)
        from intent.executors.builtin import BuiltinExecutor

        return BuiltinExecutor()
    if kind == "sampling":
        kwargs = spec_to_kwargs(spec, SAMPLING_SPEC_KEYS, path=SPEC_PATH)
        # Sampling speaks MCP, so it lives in the adapter; the core imports it only for this kind.
        from adapter.sampling import SamplingExecutor

        return SamplingExecutor(**kwargs)
    kwargs = spec_to_kwargs(spec, HTTP_SPEC_KEYS, path=SPEC_PATH)
    if "model" not in kwargs:
        raise IntentError("CONFIG_INVALID", f"a {kind} executor needs a model", path=f"{SPEC_PATH}/model")
    for key in ("baseUrl", "apiKeyEnv"):
        if key in spec and not isinstance(spec[key], str):
            raise IntentError("CONFIG_INVALID", f"{key} must be a string", path=f"{SPEC_PATH}/{key}")
    if kind == "openai":
        from intent.executors.openai import OpenAIExecutor

        return OpenAIExecutor(**kwargs)
    from intent.executors.anthropic import AnthropicExecutor

    return AnthropicExecutor(**kwargs)
