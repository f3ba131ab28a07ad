"""From configured examples to a trained model: check them, fingerprint them, reuse or train.

``split_examples`` takes the ``examples`` out of the domain hints (they train the recognizer; a
model task never carries them) and checks each one; ``load_or_train`` reuses a saved state when
its examples' hash matches and trains otherwise; ``save_state`` writes one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson

from intent.errors import IntentError
from intent.nlu.examples import Example, examples_hash, parse_example

__all__ = ["load_or_train", "parse_examples", "save_state", "split_examples"]

MAX_EXAMPLES = 50_000


def split_examples(hints: Mapping[str, Mapping[str, Any]] | None
                   ) -> tuple[dict[str, dict[str, Any]] | None, dict[str, list[str]]]:  # fmt: skip
    """(hints without examples, domain -> annotated examples)."""
    if hints is None:
        return None, {}
    clean: dict[str, dict[str, Any]] = {}
    examples: dict[str, list[str]] = {}
    for domain, hint in hints.items():
        if not isinstance(hint, Mapping):
            continue  # not a hint object: nothing to take out
        clean[domain] = {k: v for k, v in hint.items() if k != "examples"}
        given = hint.get("examples")
        if given is None:
            continue
        if not isinstance(given, (list, tuple)) or not all(isinstance(e, str) for e in given):
            raise IntentError("CONFIG_INVALID", "examples must be a list of strings",
                              path=f"/domain_hints/{domain}/examples")
        if given:
            examples[domain] = list(given)
    return clean, examples


def parse_examples(examples: Mapping[str, Sequence[str]], fields: Sequence[str]) -> list[Example]:
    """Every example parsed; a slot naming no field of the Schema is a CONFIG error."""
    known = set(fields)
    out: list[Example] = []
    for domain, items in examples.items():
        for index, annotated in enumerate(items):
            where = f"/domain_hints/{domain}/examples/{index}"
            example = parse_example(domain, annotated, where=where)
            for _, _, name in example.slots:
                if name not in known:
                    raise IntentError("CONFIG_INVALID", f"example slot {name!r} is not a field of the Schema; "
                                      "add it to the Schema's properties or fix the annotation", path=where)
            out.append(example)
    if len(out) > MAX_EXAMPLES:
        raise IntentError("CONFIG_INVALID", f"at most {MAX_EXAMPLES} examples can be trained on",
                          path="/domain_hints")
    return out


def load_or_train(examples: Mapping[str, Sequence[str]], domains: Sequence[str], fields: Sequence[str],
                  state: str | Path | None = None) -> Any:  # fmt: skip
    """The trained model: from ``state`` when it was trained on these very examples, else trained now."""
    from intent.nlu.training import TrainedModel, require_extra, train

    parsed = parse_examples(examples, fields)
    require_extra(training=False)
    fingerprint = examples_hash(examples, fields)
    if state is not None and Path(state).is_file():
        try:
            saved = TrainedModel.from_dict(orjson.loads(Path(state).read_bytes()))
        except (OSError, orjson.JSONDecodeError):
            saved = None
        if saved is not None and saved.examples_hash == fingerprint and saved.domains == list(domains):
            return saved
    return train(parsed, domains, examples_hash=fingerprint)


def save_state(model: Any, path: str | Path) -> None:
    """Write the trained state (JSON) for ``load_or_train`` to reuse."""
    Path(path).write_bytes(orjson.dumps(model.to_dict()))
