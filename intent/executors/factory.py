"""Build an executor from a configuration file's ``executor`` object, by its ``kind``.

The kinds form a registry that each layer fills with its own: the core knows ``builtin``,
``openai`` and ``anthropic`` (``CORE_EXECUTOR_KINDS``); the MCP layer adds ``sampling``
(``adapter.executor_kinds.ADAPTER_EXECUTOR_KINDS``), so the core never imports the MCP layer.
Each kind's module (and its SDK) is imported only when that kind is built, so a server that
uses the built-in recognizer never pays for the model SDKs at start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from intent.errors import IntentError
from intent.executor import Executor
from intent.executors.model_settings import HTTP_SPEC_KEYS, spec_to_kwargs

SPEC_PATH = "/executor"

ExecutorBuilder = Callable[[Mapping[str, Any]], Executor]
"""Builds one kind from its whole spec (``kind`` included); refuses a bad key with CONFIG_INVALID."""


class ExecutorKinds(Mapping[str, ExecutorBuilder]):
    """An immutable registry ``kind -> builder``; ``with_kind`` gives a larger one for another layer."""

    __slots__ = ("_builders",)

    def __init__(self, builders: Mapping[str, ExecutorBuilder]) -> None:
        self._builders = dict(builders)

    def __getitem__(self, kind: str) -> ExecutorBuilder:
        return self._builders[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._builders)

    def __len__(self) -> int:
        return len(self._builders)

    def __repr__(self) -> str:
        return f"ExecutorKinds({list(self._builders)!r})"

    def with_kind(self, kind: str, builder: ExecutorBuilder) -> ExecutorKinds:
        if kind in self._builders:
            raise ValueError(f"executor kind {kind!r} is already registered")
        return ExecutorKinds({**self._builders, kind: builder})


def _builtin(spec: Mapping[str, Any]) -> Executor:
    spec_to_kwargs(spec, {}, path=SPEC_PATH)
    from intent.executors.builtin import BuiltinExecutor

    return BuiltinExecutor()


def _http_kwargs(spec: Mapping[str, Any]) -> dict[str, Any]:
    kwargs = spec_to_kwargs(spec, HTTP_SPEC_KEYS, path=SPEC_PATH)
    if "model" not in kwargs:
        raise IntentError("CONFIG_INVALID", f"a {spec['kind']} executor needs a model", path=f"{SPEC_PATH}/model")
    for key in ("baseUrl", "apiKeyEnv"):
        if key in spec and not isinstance(spec[key], str):
            raise IntentError("CONFIG_INVALID", f"{key} must be a string", path=f"{SPEC_PATH}/{key}")
    return kwargs


def _openai(spec: Mapping[str, Any]) -> Executor:
    kwargs = _http_kwargs(spec)
    from intent.executors.openai import OpenAIExecutor

    return OpenAIExecutor(**kwargs)


def _anthropic(spec: Mapping[str, Any]) -> Executor:
    kwargs = _http_kwargs(spec)
    from intent.executors.anthropic import AnthropicExecutor

    return AnthropicExecutor(**kwargs)


CORE_EXECUTOR_KINDS = ExecutorKinds({"builtin": _builtin, "openai": _openai, "anthropic": _anthropic})


def build_executor(spec: Mapping[str, Any], kinds: ExecutorKinds = CORE_EXECUTOR_KINDS) -> Executor:
    """``{"kind": <one of kinds>, ...}`` -> a ready executor.

    A bad spec is ``CONFIG_INVALID`` naming the offending key; a missing API-key variable is
    ``CONFIG_INVALID`` naming the variable (never its value).
    """
    if not isinstance(spec, Mapping):
        raise IntentError("CONFIG_INVALID", "the executor must be a JSON object with a kind", path=SPEC_PATH)
    kind = spec.get("kind")
    builder = kinds.get(kind) if isinstance(kind, str) else None
    if builder is None:
        raise IntentError(
            "CONFIG_INVALID",
            f"executor kind must be one of {', '.join(kinds)}",
            path=f"{SPEC_PATH}/kind",
        )
    return builder(spec)


__all__ = ["CORE_EXECUTOR_KINDS", "SPEC_PATH", "ExecutorBuilder", "ExecutorKinds", "build_executor"]
