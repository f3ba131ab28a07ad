"""The native request: what a caller may ask for, checked before anything else happens."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from pydantic import ValidationError

from intent.config import IntentConfig
from intent.errors import IntentError
from intent.pointer import to_pointer
from intent.result.models import EffectiveState
from intent.rfc3339 import parse_date_time
from intent.wire_values import check_wire_value

OUTPUT_OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "spans": {"type": "boolean", "description": "Add start/end character offsets to input sourceRefs"},
    },
    "additionalProperties": False,
}

REQUEST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "input": {"type": "string", "minLength": 1, "description": "The person's request, as written"},
        "fields": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Names of Schema fields to select (default: all)",
        },
        "context": {"type": "object", "description": "Facts the request may rely on"},
        "baseline": {
            "type": "object",
            "description": "A previous result's `effective`, for a follow-up turn",
        },
        "referenceTime": {
            "type": "string",
            "description": "RFC 3339 date-time with offset, to resolve relative times",
        },
        "output": OUTPUT_OPTIONS_SCHEMA,
    },
    "required": ["input"],
    "additionalProperties": False,
}

_KEYS = frozenset(REQUEST_SCHEMA["properties"])
# The years a reference time may lie in: far from the ends of the calendar Python can represent.
REFERENCE_YEARS = (1000, 9000)


@dataclass(frozen=True, slots=True)
class NormalizedRequest:
    """A request that passed every check; what the task, the executor and the resolver work from."""

    input: str
    fields: tuple[str, ...]
    context: dict[str, Any]
    baseline: EffectiveState | None
    reference_time: datetime | None
    reference_time_text: str | None
    spans: bool


def parse_reference_time(text: str) -> datetime:
    """RFC 3339 with an explicit offset (``Z`` or ``+hh:mm``); raise ValueError otherwise."""
    return parse_date_time(text)


def parse_request(raw: str | Mapping[str, Any], config: IntentConfig) -> NormalizedRequest:
    """Check a native request against the configuration; every failure names its path."""
    if isinstance(raw, str):
        raw = {"input": raw}
    if not isinstance(raw, Mapping):
        raise IntentError("INPUT_INVALID", "the request must be a string or a JSON object", path="")
    check_wire_value(raw)
    for key in raw:
        if key not in _KEYS:
            raise IntentError("INPUT_INVALID", f"unknown request key {key!r}; allowed: {', '.join(sorted(_KEYS))}",
                              path=to_pointer([key]))
    text = raw.get("input")
    if not isinstance(text, str) or not text.strip():
        raise IntentError("INPUT_INVALID", "input must be a non-empty string", path="/input")
    limits = config.limits
    if len(text) > limits.max_input_chars:
        raise IntentError("INPUT_INVALID",
                          f"input has {len(text)} characters; the limit is {limits.max_input_chars}",
                          path="/input")

    fields = _select_fields(raw.get("fields"), config)
    context = raw.get("context", {})
    if not isinstance(context, Mapping):
        raise IntentError("INPUT_INVALID", "context must be a JSON object", path="/context")
    try:
        context_bytes = len(orjson.dumps(context))
    except (TypeError, orjson.JSONEncodeError):
        raise IntentError("INPUT_INVALID", "context must hold JSON values only", path="/context") from None
    if context_bytes > limits.max_context_bytes:
        raise IntentError("INPUT_INVALID",
                          f"context is {context_bytes} bytes as JSON; the limit is {limits.max_context_bytes}",
                          path="/context")

    baseline = _parse_baseline(raw.get("baseline"))
    reference_text = raw.get("referenceTime")
    reference_time = None
    if reference_text is not None:
        if not isinstance(reference_text, str):
            raise IntentError("INPUT_INVALID", "referenceTime must be an RFC 3339 string", path="/referenceTime")
        try:
            reference_time = parse_reference_time(reference_text)
        except ValueError:
            raise IntentError("INPUT_INVALID",
                              "referenceTime must be RFC 3339 with an offset, e.g. 2026-11-30T10:00:00Z",
                              path="/referenceTime") from None
        if not REFERENCE_YEARS[0] <= reference_time.year <= REFERENCE_YEARS[1]:
            # Relative dates ("tomorrow", "next December") are read against it; at the edge of
            # the calendar they would fall outside it.
            raise IntentError("INPUT_INVALID",
                              f"referenceTime must lie in the years {REFERENCE_YEARS[0]} to {REFERENCE_YEARS[1]}",
                              path="/referenceTime")

    output = raw.get("output", {})
    if not isinstance(output, Mapping):
        raise IntentError("INPUT_INVALID", "output must be a JSON object", path="/output")
    for key, value in output.items():
        if key != "spans":
            raise IntentError("INPUT_INVALID", f"unknown output option {key!r}; allowed: spans",
                              path=to_pointer(["output", key]))
        if not isinstance(value, bool):
            raise IntentError("INPUT_INVALID", "output.spans must be true or false", path="/output/spans")

    return NormalizedRequest(
        input=text,
        fields=fields,
        context=dict(context),
        baseline=baseline,
        reference_time=reference_time,
        reference_time_text=reference_text,
        spans=bool(output.get("spans", False)),
    )


def _select_fields(selection: Any, config: IntentConfig) -> tuple[str, ...]:
    available = config.fields
    if selection is None:
        return tuple(available)
    if not isinstance(selection, list) or not all(isinstance(name, str) for name in selection):
        raise IntentError("INPUT_INVALID", "fields must be a list of field names", path="/fields")
    for index, name in enumerate(selection):
        if name not in available:
            known = ", ".join(available) or "none: this instance has no Schema"
            raise IntentError("FIELD_UNKNOWN", f"unknown field {name!r}; known fields: {known}",
                              path=f"/fields/{index}")
    return tuple(dict.fromkeys(selection))


def _parse_baseline(baseline: Any) -> EffectiveState | None:
    if baseline is None:
        return None
    if not isinstance(baseline, Mapping):
        raise IntentError("INPUT_INVALID", "baseline must be a previous result's effective object", path="/baseline")
    try:
        return EffectiveState.model_validate(baseline)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise IntentError(
            "INPUT_INVALID",
            f"baseline is not a previous result's effective object: {first['msg']}",
            path="/baseline" + to_pointer(first["loc"]),
        ) from None
