"""``recognize(task_input) -> candidate``: the built-in recognizer as one pure, deterministic function.

The stages, each in its own module: ``reading`` (clauses -> units, and requests that start inside
a clause, ``run_ons``), ``domain_led`` (verbless requests read by their domain), ``noun_requests``
(verbless requests for a thing an assistant handles), ``asked_in_place`` (tag questions, a question
word left in place, "make sure" with a time), ``placing`` (field values), ``settling``
(what a follow-up turn changes) and ``building`` (the candidate object), all working on one
``Recognition`` (``state``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.executors.builtin.asked_in_place import promote_asked_in_place
from intent.executors.builtin.building import build
from intent.executors.builtin.coordination import distribute
from intent.executors.builtin.domain_led import promote_domain_request
from intent.executors.builtin.noun_requests import promote_noun_requests
from intent.executors.builtin.placing import place_fields
from intent.executors.builtin.reading import read, split_run_ons
from intent.executors.builtin.self_correction import fold_corrections
from intent.executors.builtin.settling import settle
from intent.executors.builtin.state import Recognition

__all__ = ["recognize"]


def recognize(task_input: Mapping[str, Any], *, model: Any = None) -> dict[str, Any]:
    """Read a model task's ``input`` and return the candidate object (see ``build_output_schema``).

    ``model`` (trained from annotated examples, see ``intent.nlu``) proposes domains and field spans.
    """
    state = Recognition.from_task_input(task_input)
    state.model = model
    read(state)
    state.units = distribute(state.units)
    fold_corrections(state.units, state.text)
    promote_domain_request(state)
    split_run_ons(state)
    promote_noun_requests(state)
    promote_asked_in_place(state)
    place_fields(state)
    settle(state)
    return build(state)
