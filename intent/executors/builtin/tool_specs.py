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

__all__ = ["answered_domain", "domain_specs", "request_domain", "request_specs"]


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
    """The fields the request ``unit`` is read with: its tool's own, else all of the task's.

    A follow-up clause that answers the baseline's open question ("12", "status sold"; marked
    ``answers`` by ``intent.executors.builtin.answers``) is read with the fields of the asked tool.
    """
    if unit.role == "update?" and unit.extra.get("answers") and state.domain_hints:
        domain = answered_domain(state)
    elif unit.role == "intent" and state.domain_hints:
        domain = request_domain(state, unit)
    else:
        return state.specs
    specs = domain_specs(state, domain) if domain is not None else None
    return specs if specs is not None else state.specs


def answered_domain(state: Recognition) -> str | None:
    """The catalog tool of the one baseline intent the baseline's open field questions are about, if any."""
    asked = {str(item.get("intentId")) for item in state.unresolved
             if isinstance(item.get("field"), str) and isinstance(item.get("intentId"), str)}
    if len(asked) != 1:
        return None
    (intent_id,) = asked
    intent = next((item for item in state.base_intents if item.get("id") == intent_id), None)
    domain = intent.get("domain") if intent is not None else None
    return domain if isinstance(domain, str) and domain_specs(state, domain) is not None else None


def domain_specs(state: Recognition, domain: str) -> list[FieldSpec] | None:
    """The fields of the catalog tool ``domain`` (its hint lists them), with the tool's own schemas; else None."""
    hint = state.domain_hints.get(domain) if state.domain_hints else None
    names = hint.get("fields") if isinstance(hint, Mapping) else None
    if not isinstance(hint, Mapping) or not isinstance(names, list):
        return None
    own = hint.get("fieldSchemas")
    schemas = own if isinstance(own, Mapping) else {}
    allowed = {name for name in names if isinstance(name, str)}
    return [
        FieldSpec(spec.name, schema if isinstance(schema := schemas.get(spec.name), Mapping) else spec.schema,
                  spec.required, tool_field=True)
        for spec in state.specs
        if spec.name in allowed
    ]
