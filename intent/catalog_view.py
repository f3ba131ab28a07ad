"""What the core asks of a tool catalog: the few calls configuration and the verifier make.

The core never imports a catalog package; ``catalog.CatalogBinding`` satisfies this protocol,
and so may any object a caller writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class CatalogView(Protocol):
    """A catalog seen from recognition: its tools as domains, their inputs as fields."""

    @property
    def domains(self) -> Sequence[str]:
        """The tool names: the domains an intent is classified into."""
        ...

    @property
    def fields(self) -> Mapping[str, Any]:
        """A JSON Schema object whose ``properties`` are the tools' inputs."""
        ...

    def domain_hints(self, domain: str) -> Mapping[str, Any]:
        """What a recognizer is told about one tool (``description``, ``verbs``, ``entities``)."""
        ...

    def required_for(self, domain: str) -> Sequence[str]:
        """The inputs the tool ``domain`` requires (empty for a name not in the catalog)."""
        ...

    def extensions_for(self, domain: str) -> Mapping[str, Any]:
        """What an intent mapped to ``domain`` carries in ``extensions``."""
        ...

    def forbidden_by(self, constraint_text: str) -> Sequence[str]:
        """The tools a prohibition's text names."""
        ...


__all__ = ["CatalogView"]
