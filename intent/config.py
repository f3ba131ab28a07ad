"""Trusted configuration of an Intent: its Schema of fields, domains, executor and limits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from intent.catalog_view import CatalogView
from intent.errors import IntentError
from intent.executor import Completer
from intent.pointer import to_pointer


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what one recognition may cost. ``timeout_seconds`` None means no deadline."""

    max_input_chars: int = 8000
    max_candidate_bytes: int = 256 * 1024
    max_candidate_depth: int = 32
    max_context_bytes: int = 64 * 1024
    timeout_seconds: float | None = None

    def __post_init__(self) -> None:
        for name in ("max_input_chars", "max_candidate_bytes", "max_candidate_depth", "max_context_bytes"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise IntentError("CONFIG_INVALID", f"{name} must be a positive integer", path=f"/limits/{name}")
        t = self.timeout_seconds
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or t <= 0):
            raise IntentError("CONFIG_INVALID", "timeout_seconds must be a positive number or None",
                              path="/limits/timeout_seconds")


class _Default:
    """Marks 'no executor given': the built-in recognizer. ``None`` means host-only."""

    def __repr__(self) -> str:
        return "DEFAULT_EXECUTOR"


DEFAULT_EXECUTOR: Any = _Default()


@dataclass(slots=True)
class IntentConfig:
    """What the caller trusts: never taken from a request.

    ``schema`` is a JSON Schema object whose top-level ``properties`` are the fields and whose
    ``required`` lists the required ones. ``executor`` defaults to the built-in offline recognizer;
    pass ``None`` for a host-only instance. ``domains`` name the intent domains to classify into.
    ``domain_hints`` tell a recognizer about each domain (``{"description", "verbs", "entities"}``);
    ``catalog`` is an optional catalog binding (tools as domains, see ``catalog.recognition``) that
    brings its tools as domains with hints, and their inputs as fields.
    """

    schema: Mapping[str, Any] | None = None
    executor: Completer | None = DEFAULT_EXECUTOR
    domains: Sequence[str] | None = None
    limits: Limits = field(default_factory=Limits)
    catalog: CatalogView | None = None
    domain_hints: Mapping[str, Mapping[str, Any]] | None = None
    trained_state: Any = None  # a saved trained state (path) reused when its examples' hash matches
    examples: Mapping[str, Sequence[str]] = field(default_factory=dict)
    trained: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.executor is DEFAULT_EXECUTOR:
            from intent.executors.builtin import BuiltinExecutor

            self.executor = BuiltinExecutor()
        if self.executor is not None and not callable(getattr(self.executor, "complete", None)):
            raise IntentError("CONFIG_INVALID", "executor must have an async complete(task, *, feedback=None)",
                              path="/executor")
        if not isinstance(self.limits, Limits):
            raise IntentError("CONFIG_INVALID", "limits must be an intent.Limits", path="/limits")
        if self.catalog is not None:
            self._merge_catalog(self.catalog)
        if self.schema is not None:
            validate_schema(self.schema)
        if self.domains is not None:
            domains = list(self.domains)
            if not all(isinstance(d, str) and d for d in domains) or len(set(domains)) != len(domains):
                raise IntentError("CONFIG_INVALID", "domains must be distinct non-empty strings", path="/domains")
            self.domains = tuple(domains)
        if self.domain_hints is not None:
            unknown = [name for name in self.domain_hints if name not in (self.domains or ())]
            if unknown:
                raise IntentError("CONFIG_INVALID", f"hints for a domain that is not configured: {unknown[0]!r}",
                                  path=f"/domain_hints/{unknown[0]}")
            self._train_from_examples()

    def _train_from_examples(self) -> None:
        # Examples train the built-in recognizer when the instance is built; the model task never
        # carries them. The optional nlu extra is imported only here, only when examples exist.
        from intent.executors.builtin import BuiltinExecutor
        from intent.nlu.setup import load_or_train, split_examples

        self.domain_hints, examples = split_examples(self.domain_hints)
        self.examples = examples
        if not examples or not isinstance(self.executor, BuiltinExecutor):
            return  # another executor (a model, or the host's) reads the hints, not the examples
        self.trained = load_or_train(examples, list(self.domains or ()), list(self.fields), self.trained_state)
        self.executor = BuiltinExecutor(model=self.trained)

    def _merge_catalog(self, catalog: CatalogView) -> None:
        # A catalog brings its tools as domains and their inputs as fields, beside any own Schema.
        domains = list(self.domains or ())
        domains += [d for d in catalog.domains if d not in domains]
        self.domains = tuple(domains)
        hints = {name: catalog.domain_hints(name) for name in catalog.domains}
        self.domain_hints = {**hints, **dict(self.domain_hints or {})}
        catalog_fields = dict(catalog.fields)
        own = dict(self.schema or {"type": "object", "properties": {}})
        properties = {**dict(catalog_fields.get("properties", {})), **dict(own.get("properties", {}))}
        self.schema = {**own, "type": "object", "properties": properties}

    @property
    def fields(self) -> Mapping[str, Any]:
        """Field name -> the field's JSON Schema."""
        return dict((self.schema or {}).get("properties", {}))

    @property
    def required_fields(self) -> frozenset[str]:
        return frozenset((self.schema or {}).get("required", ()))


def validate_schema(schema: Mapping[str, Any]) -> None:
    """Refuse a Schema that is not a draft 2020-12 object schema with properties (CONFIG_INVALID, with path)."""
    # jsonschema loads here, when a Schema is configured, not with the package: a server's start
    # without one (and the first tools/list) does without it.
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    if not isinstance(schema, Mapping):
        raise IntentError("CONFIG_INVALID", "the Schema must be a JSON object", path="/schema")
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise IntentError(
            "CONFIG_INVALID", f"the Schema is not valid JSON Schema: {exc.message}",
            path="/schema" + to_pointer(exc.absolute_path),
        ) from None
    if schema.get("type", "object") != "object":
        raise IntentError("CONFIG_INVALID", 'the Schema must describe an object ("type": "object")',
                          path="/schema/type")
    properties = schema.get("properties", {})
    if not isinstance(properties, Mapping):
        raise IntentError("CONFIG_INVALID", "properties must be an object", path="/schema/properties")
    for name, sub in properties.items():
        if not isinstance(sub, Mapping):
            raise IntentError("CONFIG_INVALID", "each field must be a JSON Schema object",
                              path=f"/schema/properties/{name}")
    for index, name in enumerate(schema.get("required", ())):
        if name not in properties:
            raise IntentError("CONFIG_INVALID", f"required field {name!r} is not among the properties",
                              path=f"/schema/required/{index}")
