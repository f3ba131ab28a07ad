"""The settings every model executor shares, checked once when the executor is built."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from intent.errors import IntentError

DEFAULT_TIMEOUT_SECONDS = 60.0
DEFAULT_MAX_RETRIES = 2
DEFAULT_TEMPERATURE: float | None = None  # the provider's own default; some models reject any other
DEFAULT_MAX_TOKENS = 4096
MAX_RETRIES_LIMIT = 10
MAX_TIMEOUT_SECONDS = 3600.0
MAX_TOKENS_LIMIT = 200_000

# wire key of an executor spec -> keyword of the executor's constructor
HTTP_SPEC_KEYS: dict[str, str] = {
    "model": "model",
    "baseUrl": "base_url",
    "apiKeyEnv": "api_key_env",
    "timeoutSeconds": "timeout_seconds",
    "maxRetries": "max_retries",
    "temperature": "temperature",
    "strictSchema": "strict_schema",
    "maxTokens": "max_tokens",
}
SAMPLING_SPEC_KEYS: dict[str, str] = {
    "timeoutSeconds": "timeout_seconds",
    "maxRetries": "max_retries",
    "temperature": "temperature",
    "maxTokens": "max_tokens",
}


@dataclass(frozen=True)
class CallSettings:
    """How one model call is made: its deadline, its retry budget and its sampling knobs."""

    timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS
    max_retries: int = DEFAULT_MAX_RETRIES
    temperature: float | None = DEFAULT_TEMPERATURE
    max_tokens: int = DEFAULT_MAX_TOKENS

    def __post_init__(self) -> None:
        check_timeout(self.timeout_seconds, path="/executor/timeoutSeconds")
        check_int(self.max_retries, 0, MAX_RETRIES_LIMIT, path="/executor/maxRetries")
        if self.temperature is not None:
            check_number(self.temperature, 0.0, 2.0, path="/executor/temperature")
        check_int(self.max_tokens, 1, MAX_TOKENS_LIMIT, path="/executor/maxTokens")


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def check_timeout(value: object, *, path: str) -> None:
    if not _is_number(value) or not 0 < float(value) <= MAX_TIMEOUT_SECONDS:  # type: ignore[arg-type]
        raise IntentError(
            "CONFIG_INVALID", f"timeoutSeconds must be a number in (0, {MAX_TIMEOUT_SECONDS:g}]", path=path
        )


def check_int(value: object, low: int, high: int, *, path: str) -> None:
    name = path.rsplit("/", 1)[-1]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise IntentError("CONFIG_INVALID", f"{name} must be an integer in [{low}, {high}]", path=path)


def check_number(value: object, low: float, high: float, *, path: str) -> None:
    name = path.rsplit("/", 1)[-1]
    if not _is_number(value) or not low <= float(value) <= high:  # type: ignore[arg-type]
        raise IntentError("CONFIG_INVALID", f"{name} must be a number in [{low:g}, {high:g}]", path=path)


def check_text(value: object, *, path: str, max_length: int = 2048) -> str:
    name = path.rsplit("/", 1)[-1]
    if not isinstance(value, str) or not value.strip() or len(value) > max_length:
        raise IntentError("CONFIG_INVALID", f"{name} must be a non-empty string", path=path)
    return value.strip()


def check_base_url(value: object, *, path: str) -> str:
    url = check_text(value, path=path)
    scheme, _, rest = url.partition("://")
    if scheme.lower() not in ("http", "https") or not rest or any(c.isspace() for c in url):
        raise IntentError("CONFIG_INVALID", "baseUrl must be an http:// or https:// URL", path=path)
    if "@" in rest.split("/", 1)[0]:
        # Credentials in a URL end up in logs; the key belongs in apiKeyEnv.
        raise IntentError("CONFIG_INVALID", "baseUrl must not carry credentials; use apiKeyEnv", path=path)
    return url.rstrip("/")


def check_env_name(value: object, *, path: str) -> str:
    name = check_text(value, path=path, max_length=256)
    if not (name[0].isalpha() or name[0] == "_") or not all(c.isalnum() or c == "_" for c in name):
        raise IntentError(
            "CONFIG_INVALID", "apiKeyEnv must be the name of an environment variable, not a key", path=path
        )
    return name


def spec_to_kwargs(spec: Mapping[str, Any], keys: Mapping[str, str], *, path: str) -> dict[str, Any]:
    """Translate an executor spec's wire keys to constructor keywords; unknown keys are CONFIG_INVALID."""
    kwargs: dict[str, Any] = {}
    for key, value in spec.items():
        if key == "kind":
            continue
        if not isinstance(key, str) or key not in keys:
            allowed = ", ".join(["kind", *keys])
            raise IntentError(
                "CONFIG_INVALID", f"unknown executor key {key!r}; allowed: {allowed}", path=f"{path}/{key}"
            )
        kwargs[keys[key]] = value
    return kwargs
