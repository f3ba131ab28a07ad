"""Candidate -> IntentResult: ground every claim, merge the turn into the baseline, judge the state.

The model proposes; this package verifies, one step per module:

- ``quotes``: a claim's quote must stand in the input, or it is dropped with an UNGROUNDED issue;
- ``ids``: deterministic ids (``intent-1``, ``constraint-1``, ...); a baseline's ids never change;
- ``merge_intents``, ``merge_links``, ``removals``: the turn merged into the baseline;
- ``catalog_hooks``: tool metadata, forbidden tools and required inputs from a catalog;
- ``field_values`` (with ``fields``): a value must be read from its evidence and fit its Schema;
- ``field_results`` and ``status``: the fields judged, the questions left open, the verdict.

``Resolution`` (``resolution``) is the turn's working state they all share. This module only
sequences the steps, in the candidate's order of sections.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.config import IntentConfig
from intent.request import NormalizedRequest
from intent.resolve.merge_intents import add_intent, update_intent
from intent.resolve.merge_links import add_constraint, add_relation
from intent.resolve.removals import remove
from intent.resolve.resolution import Resolution
from intent.resolve.status import finish
from intent.result.models import IntentResult

_STEPS = (
    ("intents", add_intent),
    ("updates", update_intent),
    ("constraints", add_constraint),
    ("relations", add_relation),
    ("removals", remove),
)


def resolve(candidate: Mapping[str, Any], request: NormalizedRequest, config: IntentConfig) -> IntentResult:
    """Ground, merge and judge one checked candidate."""
    resolution = Resolution(candidate, request, config)
    for section, step in _STEPS:
        for index, item in enumerate(candidate[section]):
            step(resolution, item, f"/{section}/{index}")
    return finish(resolution)
