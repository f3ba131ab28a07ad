"""Grounding a claim: its quote must stand in the input, or the claim is dropped with an issue."""

from __future__ import annotations

from intent.grounding import Span, align
from intent.resolve.resolution import Resolution


def ground(resolution: Resolution, quote: str, path: str, what: str) -> tuple[str, Span] | None:
    """The input's own words for ``quote`` and where they stand; None (and an UNGROUNDED issue) if absent."""
    text = resolution.request.input
    span = align(quote, text)
    if span is None:
        resolution.issue("UNGROUNDED", f"{what} {quote!r} is not in the input; it was dropped", path)
        return None
    return text[span.start:span.end], span
