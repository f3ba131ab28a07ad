"""Reading what a request is about: one domain scorer shared by every classifier, and (optionally) models
trained from annotated examples.

``DomainScorer`` chooses a domain (or a catalog tool) from its hints and abstains on ties and weak
evidence; ``scorer_for`` caches one per configuration.

Every name here loads on first use: the recognizer reads this package's place names on every
start, but the scorer only once an instance has domains.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from intent.nlu.profiles import DomainProfile, profile_from_hint
    from intent.nlu.scorer import DomainScorer, Scored, scorer_for

_HOMES = {
    "DomainProfile": "intent.nlu.profiles",
    "DomainScorer": "intent.nlu.scorer",
    "Scored": "intent.nlu.scorer",
    "profile_from_hint": "intent.nlu.profiles",
    "scorer_for": "intent.nlu.scorer",
}

__all__ = ["DomainProfile", "DomainScorer", "Scored", "profile_from_hint", "scorer_for"]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'intent.nlu' has no attribute {name!r}")
    return getattr(import_module(home), name)
