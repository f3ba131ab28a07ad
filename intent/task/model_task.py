"""The model task: the read-only message an executor (or a host model) is given to answer."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from typing import Any

from intent.config import IntentConfig
from intent.request import NormalizedRequest
from intent.task.instructions import INSTRUCTIONS
from intent.task.output_schema import build_output_schema
from intent.task.recognition import Recognition


class ModelTask(Mapping[str, Any]):
    """A read-only mapping with ``instructions``, ``input`` and ``outputSchema``.

    The core's state for judging the answer (the checked request, the owner, the correction
    budget) is a separate ``Recognition``, reached with ``recognition_of(task)``. The message
    itself offers its ``deadline`` and ``remaining()``, so an executor or a handoff can bound
    its own waiting by it.
    """

    __slots__ = ("_data", "_recognition")

    def __init__(self, data: dict[str, Any], recognition: Recognition) -> None:
        self._data = data
        self._recognition = recognition

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        request = self._recognition.request
        return f"ModelTask(input={request.input[:40]!r}, fields={list(request.fields)!r})"

    def to_dict(self) -> dict[str, Any]:
        return dict(self._data)

    @property
    def deadline(self) -> float | None:
        """The ``time.monotonic()`` instant the recognition must end by, or None without one."""
        return self._recognition.deadline

    def remaining(self) -> float | None:
        """Seconds left before the deadline, or None without one."""
        return self._recognition.remaining()

    @property
    def request(self) -> NormalizedRequest:
        """The checked request this task was built from."""
        return self._recognition.request

    @property
    def output_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = self._data["outputSchema"]
        return schema


def recognition_of(task: ModelTask) -> Recognition:
    """The core's state for ``task`` (for ``Intent.accept``; executors have no use for it)."""
    return task._recognition


def build_task(request: NormalizedRequest, config: IntentConfig, owner: object) -> ModelTask:
    fields = config.fields
    required = config.required_fields
    baseline = request.baseline.model_dump(mode="json", by_alias=True) if request.baseline else None
    task_input = {
        "text": request.input,
        "referenceTime": request.reference_time_text,
        "context": request.context,
        "baseline": baseline,
        "fields": {name: {"schema": fields[name], "required": name in required} for name in request.fields},
        "domains": list(config.domains) if config.domains else None,
    }
    if config.domain_hints:
        # Only where configured, so a task without hints keeps its plain shape.
        task_input["domainHints"] = {name: dict(hint) for name, hint in config.domain_hints.items()}
    data = {
        "instructions": INSTRUCTIONS,
        "input": task_input,
        "outputSchema": _cached_output_schema(request.fields, config.domains),
    }
    timeout = config.limits.timeout_seconds
    deadline = time.monotonic() + timeout if timeout is not None else None
    return ModelTask(data, Recognition(request, owner, deadline))


_SCHEMA_CACHE: dict[tuple[tuple[str, ...], tuple[str, ...] | None], dict[str, Any]] = {}


def _cached_output_schema(fields: tuple[str, ...], domains: Any) -> dict[str, Any]:
    # The schema depends only on the selected fields and domains; building it per request is waste.
    key = (fields, tuple(domains) if domains else None)
    schema = _SCHEMA_CACHE.get(key)
    if schema is None:
        if len(_SCHEMA_CACHE) >= 256:
            _SCHEMA_CACHE.pop(next(iter(_SCHEMA_CACHE)))
        schema = _SCHEMA_CACHE[key] = build_output_schema(fields, key[1])
    return schema
