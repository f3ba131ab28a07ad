"""Emails, web addresses and pattern-shaped identifiers ("INV-1042", "QRT884") in text."""

from __future__ import annotations

import re
from functools import lru_cache

from intent.compiled_regex import compiled
from intent.normalize.memo import remembered_per_text
from intent.normalize.mentions import Mention

__all__ = ["compile_pattern", "find_emails", "find_pattern_tokens", "find_uris"]

_EMAIL = compiled(r"(?<![\w.+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
_URI = compiled(r"\b(?:https?://|www\.)[^\s<>\"'()]+", re.IGNORECASE)
# Candidate identifiers: runs of letters, digits and inner joiners, as a user would type them.
_TOKEN = compiled(r"(?<![\w@])[#]?[A-Za-z0-9](?:[A-Za-z0-9_./:+-]*[A-Za-z0-9])?(?![\w@])")


def find_emails(text: str) -> list[Mention]:
    return [Mention(m.start(), m.end(), m.group(0)) for m in _EMAIL.finditer(text)]


def find_uris(text: str) -> list[Mention]:
    found = []
    for match in _URI.finditer(text):
        value = match.group(0).rstrip(".,;:!?")
        found.append(Mention(match.start(), match.start() + len(value), value))
    return found


@lru_cache(maxsize=256)
def compile_pattern(pattern: str) -> re.Pattern[str] | None:
    """The JSON Schema ``pattern`` as a Python regex, or None when Python cannot read it."""
    try:
        return re.compile(pattern)
    except re.error:
        return None


@remembered_per_text
def find_pattern_tokens(text: str, pattern: str) -> list[Mention]:
    """Tokens of ``text`` that satisfy ``pattern`` as written, or once upper-cased ("qrt884" -> "QRT884").

    A token counts only when the pattern matches the whole token, so "1042" alone never
    satisfies an unanchored digit pattern inside "INV-1042".
    """
    regex = compile_pattern(pattern)
    if regex is None:
        return []
    found: list[Mention] = []
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        for value in (token, token.lstrip("#"), token.upper(), token.lstrip("#").upper()):
            hit = regex.search(value)
            if hit and hit.start() == 0 and hit.end() == len(value):
                start = match.start() + (1 if token.startswith("#") and not value.startswith("#") else 0)
                found.append(Mention(start, match.end(), value))
                break
    return found
