"""How an HTTP model API's failure is described and whether a retry may help."""

from __future__ import annotations

import email.utils
import math
import time
from collections.abc import Mapping

from intent.executors.model_call import UpstreamError
from intent.executors.secret import Secret

MAX_DETAIL_CHARS = 240
# 408 request timeout, 409 conflict (lock contention), 425 too early, 429 rate limit, 529 overloaded.
RETRYABLE_STATUSES = frozenset({408, 409, 425, 429})
# Statuses with which a server may reject the structured-output request format itself.
FORMAT_REJECTION_STATUSES = frozenset({400, 422})


class FormatRejected(Exception):
    """The server refused the strict JSON-schema response format; plain JSON instructions follow."""


def clean_detail(text: object, secret: Secret | None) -> str:
    """An upstream message made safe to show: the key redacted, whitespace folded, length bounded."""
    detail = " ".join(str(text).split())
    if secret is not None:
        detail = secret.redact(detail)
    return detail if len(detail) <= MAX_DETAIL_CHARS else detail[: MAX_DETAIL_CHARS - 1] + "…"


def retry_after_seconds(headers: Mapping[str, str] | None) -> float | None:
    """The server's Retry-After (seconds or an HTTP date), or None when absent or unreadable."""
    if not headers:
        return None
    for name in ("retry-after-ms", "retry-after"):
        raw = headers.get(name)
        if raw is None:
            continue
        try:
            value = float(raw)
        except ValueError:
            value = None
        if value is not None and math.isfinite(value) and value >= 0:
            return value / 1000 if name == "retry-after-ms" else value
        if name == "retry-after":
            try:
                moment = email.utils.parsedate_to_datetime(raw)
            except (TypeError, ValueError):  # neither seconds nor an HTTP date: ignore it
                continue
            if moment.tzinfo is not None:
                return max(0.0, moment.timestamp() - time.time())
    return None


def status_failure(
    status: int,
    detail: str,
    *,
    headers: Mapping[str, str] | None,
    key_env: str | None,
) -> UpstreamError:
    """Classify an HTTP error status of a model API."""
    if status in RETRYABLE_STATUSES or status >= 500:
        return UpstreamError(
            f"HTTP {status}: {detail}", retryable=True, retry_after=retry_after_seconds(headers)
        )
    if status in (401, 403):
        where = f"check the key in the environment variable {key_env}" if key_env else "no API key is configured"
        return UpstreamError(f"HTTP {status}: the server refused the credentials ({where})", retryable=False)
    if status == 404:
        return UpstreamError(f"HTTP 404: the endpoint or model was not found: {detail}", retryable=False)
    return UpstreamError(f"HTTP {status}: {detail}", retryable=False)
