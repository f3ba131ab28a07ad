"""The executor kinds a server on this layer can build: the core's, plus ``sampling`` (which speaks MCP)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.executor import Executor
from intent.executors.factory import CORE_EXECUTOR_KINDS, SPEC_PATH
from intent.executors.model_settings import SAMPLING_SPEC_KEYS, spec_to_kwargs


def build_sampling_executor(spec: Mapping[str, Any]) -> Executor:
    kwargs = spec_to_kwargs(spec, SAMPLING_SPEC_KEYS, path=SPEC_PATH)
    from adapter.sampling import SamplingExecutor

    return SamplingExecutor(**kwargs)


ADAPTER_EXECUTOR_KINDS = CORE_EXECUTOR_KINDS.with_kind("sampling", build_sampling_executor)

__all__ = ["ADAPTER_EXECUTOR_KINDS", "build_sampling_executor"]
