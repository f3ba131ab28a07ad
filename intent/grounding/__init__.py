"""Grounding: finding each claim of a candidate in the text, context or baseline it cites."""

from intent.grounding.align import Span, align
from intent.grounding.pointers import resolve_pointer

__all__ = ["Span", "align", "resolve_pointer"]
