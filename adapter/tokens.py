"""Handoff identifiers and secrets: request ids name a handoff, submission tokens prove the right to finish it."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32  # 256 bits, above the 128-bit floor
REQUEST_ID_BYTES = 16


def new_request_id() -> str:
    return "req_" + secrets.token_urlsafe(REQUEST_ID_BYTES)


def new_submission_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def _utf8(text: str) -> bytes:
    # A JSON string may carry a lone surrogate ("\udc80"); it is compared and hashed, never refused.
    return text.encode("utf-8", "surrogatepass")


def tokens_match(expected: str, presented: str) -> bool:
    """Constant-time comparison, so response timing reveals nothing about the expected token."""
    return hmac.compare_digest(_utf8(expected), _utf8(presented))


def candidate_digest(candidate_text: str) -> bytes:
    """Identity of a candidate: byte-identical texts share a digest; the text itself is not kept."""
    return hashlib.sha256(_utf8(candidate_text)).digest()
