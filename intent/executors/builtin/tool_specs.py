"""Which fields a request takes: its domain's own when the domain hints list them (a catalog tool's).

A catalog's domain hint carries ``fields`` (the tool's field names) and ``fieldSchemas`` (the tool's
own schema where it differs from the task's union: an enum, a format). A request mapped to that
tool is read with those fields only, so "status sold" fills ``find_pets_by_status``'s ``status``
(enum available | pending | sold) and never another tool's field. Without such hints every
request takes all the task's fields, as before.
"""

from __future__ import annotations

from collections.abc import Mapping

from intent.executors.builtin.domains import choose_domain
from intent.executors.builtin.fields import FieldSpec
from intent.executors.builtin.state import Recognition
from intent.executors.builtin.trained import trained_domain
from intent.executors.builtin.units import Unit, clause_span

__all__ = ["request_domain", "request_specs"]


def request_domain(state: Recognition, unit: Unit) -> str | None:
    """The domain of the request ``unit`` (its phrase read): the trained model's, else the hints' scorer's."""
    phrase = unit.phrase
    if phrase is None:
        return None
    text = state.text
    clause_text = text[slice(*clause_span(unit.clause))]
    return trained_domain(state, clause_text) or choose_domain(
        clause_text,
        state.domains if isinstance(state.domains, list) else None,
        action=text[phrase.action[0] : phrase.action[1]],
        target=text[phrase.target[0] : phrase.target[1]] if phrase.target else None,
        hints=state.domain_hints,
    )


def request_specs(state: Recognition, unit: Unit) -> list[FieldSpec]:
    """The fields the request ``unit`` is read with: its tool's own, else all of the task's."""
    if unit.role != "intent" or not state.domain_hints:
        return state.specs
    domain = request_domain(state, unit)
    hint = state.domain_hints.get(domain) if domain is not None else None
    names = hint.get("fields") if isinstance(hint, Mapping) else None
    if not isinstance(hint, Mapping) or not isinstance(names, list):
        return state.specs
    own = hint.get("fieldSchemas")
    schemas = own if isinstance(own, Mapping) else {}
    allowed = {name for name in names if isinstance(name, str)}
    return [
        FieldSpec(spec.name, schema if isinstance(schema := schemas.get(spec.name), Mapping) else spec.schema,
                  spec.required, tool_field=True)
        for spec in state.specs
        if spec.name in allowed
    ]
