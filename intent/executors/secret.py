"""A credential that never shows itself in a repr, a log line or an error message."""

from __future__ import annotations

import base64
import json
import os
import re
import urllib.parse
from collections.abc import Callable

from intent.errors import IntentError

REDACTED = "[redacted]"


# Between two characters of an echoed key: whitespace (a line break in an error body, a wrapped
# log line) or a JSON escape of one.
_GAP = r"(?:\s|\\[nrt])*"
_PIECE = 16  # this many consecutive characters of the key count as the key
_MAX_PIECE_KEY = 512  # longer keys are matched whole and in their encodings, not piece by piece


def _spread(form: str) -> str:
    """A pattern for ``form`` with whitespace or escapes allowed between any two of its characters."""
    return _GAP.join(re.escape(c) for c in form)


def _base64_cores(raw: bytes, encode: Callable[[bytes], bytes]) -> list[str]:
    """The part of a base64 text that encodes ``raw`` alone, at each of the three byte alignments."""
    cores = []
    for offset in range(3):
        text = encode(b"\0" * offset + raw).decode().rstrip("=")
        start = -(-offset // 3) * 4  # after the groups that hold any of the prefix
        end = (offset + len(raw)) // 3 * 4  # before a last group that is only partly the key
        if end - start >= 8:
            cores.append(text[start:end])
    return cores


def _patterns(key: str) -> tuple[re.Pattern[str], re.Pattern[str] | None, frozenset[str]]:
    """The key's whole forms; its long pieces (None for a short or very long key); its characters."""
    raw = key.encode("utf-8", "surrogatepass")
    forms = {key, urllib.parse.quote(key, safe=""), urllib.parse.quote_plus(key), json.dumps(key)[1:-1]}
    forms.update(_base64_cores(raw, base64.b64encode))
    forms.update(_base64_cores(raw, base64.urlsafe_b64encode))
    alternatives = [_spread(form) for form in sorted(forms, key=len, reverse=True)]
    alternatives.append("(?i:" + _spread(raw.hex()) + ")")
    pieces = None
    if _PIECE < len(key) <= _MAX_PIECE_KEY:
        # Plain literals only: no repetition around them, so matching stays linear in the text.
        grams = sorted({key[i:i + _PIECE] for i in range(len(key) - _PIECE + 1)})
        pieces = re.compile("|".join(map(re.escape, grams)))
    return re.compile("|".join(alternatives)), pieces, frozenset(key)


def _redact_pieces(text: str, pieces: re.Pattern[str], charset: frozenset[str]) -> str:
    """Replace each long run of the key (a truncated echo "sk-abc…"), widened over key-like characters."""
    out: list[str] = []
    done = 0
    for found in pieces.finditer(text):
        start, end = found.start(), found.end()
        if start < done:
            continue
        while start > done and text[start - 1] in charset:
            start -= 1
        while end < len(text) and text[end] in charset:
            end += 1
        out += [text[done:start], REDACTED]
        done = end
    if not out:
        return text
    out.append(text[done:])
    return "".join(out)


class Secret:
    """Holds an API key; ``reveal()`` is the only way to read it."""

    __slots__ = ("_compiled", "_value")

    def __init__(self, value: str) -> None:
        self._value = value
        self._compiled: tuple[re.Pattern[str], re.Pattern[str] | None, frozenset[str]] | None = None

    def reveal(self) -> str:
        return self._value

    def redact(self, text: str) -> str:
        """``text`` with the secret replaced wherever an upstream may have echoed it.

        Whole or in long pieces, split by whitespace or escaped line breaks, percent-encoded,
        JSON-escaped, in base64 (standard or URL-safe, at any offset) or in hex.
        """
        if not self._value or not text:
            return text
        if self._compiled is None:
            self._compiled = _patterns(self._value)
        whole, pieces, charset = self._compiled
        text = whole.sub(REDACTED, text)
        return _redact_pieces(text, pieces, charset) if pieces is not None else text

    def __repr__(self) -> str:
        return f"Secret({REDACTED!r})"

    __str__ = __repr__

    def __reduce__(self) -> str | tuple[object, ...]:
        # Pickling would copy the key into places nobody audits.
        raise TypeError("a Secret cannot be pickled")


def secret_from_env(variable: str, *, path: str) -> Secret:
    """Read the key named by ``variable``; a missing or empty variable is CONFIG_INVALID naming it."""
    value = os.environ.get(variable, "")
    if not value.strip():
        raise IntentError(
            "CONFIG_INVALID",
            f"the environment variable {variable} that should hold the API key is not set",
            path=path,
        )
    return Secret(value.strip())
