"""Deterministic ids: ``intent-1``, ``constraint-1``, ... continuing after the baseline's own."""

from __future__ import annotations

import re
from collections.abc import Iterable

_ID_NUMBER = re.compile(r"-(\d+)$")


class IdAllocator:
    """Hands out the next id of each kind after the highest one the baseline holds."""

    def __init__(self, used: Iterable[str]) -> None:
        self._next: dict[str, int] = {}
        for ident in used:
            match = _ID_NUMBER.search(ident)
            if match:
                prefix = ident[: match.start()]
                self._next[prefix] = max(self._next.get(prefix, 1), int(match.group(1)) + 1)

    def take(self, prefix: str) -> str:
        number = self._next.get(prefix, 1)
        self._next[prefix] = number + 1
        return f"{prefix}-{number}"
