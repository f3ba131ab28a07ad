"""Models trained from annotated examples: a linear domain classifier and a CRF slot labeller.

Training needs the optional ``nlu`` extra (scikit-learn, python-crfsuite), imported only here and
only when examples are configured, so an instance without examples never loads it. Training is
deterministic (fixed seed, full-batch solvers); inference is plain Python over the learned weights
(the classifier) and a CRF tagger loaded from memory (the labeller).
"""

from __future__ import annotations

import base64
import importlib
import math
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from intent.errors import IntentError
from intent.nlu.examples import Example
from intent.nlu.features import domain_features, token_features, tokens

__all__ = ["TrainedModel", "require_extra", "train"]

_EXTRA_HINT = "pip install 'intent-mcp[nlu]'"
_SEED = 0
_C = 0.5  # inverse regularisation of the domain classifier (a linear SVM)
_SCALE = 4.0  # decision values -> a softmax that reads like a probability
_CRF_ITERATIONS = 60


def require_extra(path: str = "/domain_hints", *, training: bool = True) -> tuple[Any, Any]:
    """(sklearn.svm or None, pycrfsuite), or a CONFIG error that names the extra to install.

    Tagging with a saved model needs only python-crfsuite; training needs scikit-learn too.
    """
    try:
        import pycrfsuite

        svm: Any = importlib.import_module("sklearn.svm") if training else None
    except ImportError as exc:
        raise IntentError(
            "CONFIG_INVALID",
            f"domain examples need the optional 'nlu' extra ({exc.name} is missing): {_EXTRA_HINT}",
            path=path,
        ) from None
    return svm, pycrfsuite


def _weights(features: list[str], vocabulary: dict[str, int], idf: Sequence[float]) -> dict[int, float]:
    counts: dict[int, int] = {}
    for feature in features:
        index = vocabulary.get(feature)
        if index is not None:
            counts[index] = counts.get(index, 0) + 1
    weights = {i: (1.0 + math.log(c)) * idf[i] for i, c in counts.items()}
    norm = math.sqrt(sum(w * w for w in weights.values())) or 1.0
    return {i: w / norm for i, w in weights.items()}


@dataclass
class TrainedModel:
    """What was learned from the examples; ``examples_hash`` says from which."""

    domains: list[str]
    vocabulary: dict[str, int]
    idf: list[float]
    coef: list[list[float]]  # per feature index: one weight per domain
    intercept: list[float]
    crf: dict[str, bytes]  # one slot labeller per domain: fewer labels, far faster to train
    fields: list[str]
    examples_hash: str = ""
    _taggers: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # --- inference ---------------------------------------------------------------------------
    def domain_probabilities(self, text: str) -> list[tuple[str, float]]:
        scores = list(self.intercept)
        for index, weight in _weights(domain_features(text), self.vocabulary, self.idf).items():
            for k, w in enumerate(self.coef[index]):
                scores[k] += weight * w
        top = max(scores)
        exps = [math.exp(_SCALE * (s - top)) for s in scores]
        total = sum(exps)
        ranked = sorted(zip(self.domains, (e / total for e in exps), strict=True), key=lambda x: -x[1])
        return ranked

    def domain(self, text: str, *, minimum: float = 0.0) -> tuple[str | None, float]:
        """The most probable domain and its probability; None below ``minimum``."""
        if not self.domains:
            return None, 0.0
        if len(self.domains) == 1:
            return self.domains[0], 1.0
        name, probability = self.domain_probabilities(text)[0]
        return (name if probability >= minimum else None), probability

    def slots(self, text: str, domain: str | None) -> list[tuple[int, int, str]]:
        """(start, end, field) of each slot the labeller finds in ``text``."""
        if domain is None:
            domain = self.domain(text)[0]
        model = self.crf.get(domain) if domain is not None else None
        if model is None:
            return []
        tagger = self._taggers.get(domain) if domain is not None else None
        if tagger is None:
            _, pycrfsuite = require_extra(training=False)
            tagger = pycrfsuite.Tagger()
            tagger.open_inmemory(model)
            self._taggers[str(domain)] = tagger
        spans = tokens(text)
        if not spans:
            return []
        return _decode(spans, tagger.tag(token_features([s[2] for s in spans], None)))

    # --- persistence -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"version": 1, "examplesHash": self.examples_hash, "domains": self.domains,
                "vocabulary": self.vocabulary, "idf": self.idf, "coef": self.coef, "intercept": self.intercept,
                "crf": {name: base64.b64encode(model).decode() for name, model in self.crf.items()},
                "fields": self.fields}  # fmt: skip

    @classmethod
    def from_dict(cls, data: Any) -> TrainedModel | None:
        """The model a saved state holds, or None when it is not one (then train again)."""
        try:
            return cls(list(data["domains"]), dict(data["vocabulary"]), list(data["idf"]), list(data["coef"]),
                       list(data["intercept"]), {str(k): base64.b64decode(v) for k, v in data["crf"].items()},
                       list(data["fields"]), str(data["examplesHash"]))  # fmt: skip
        except (KeyError, TypeError, ValueError):
            return None


def _decode(spans: list[tuple[int, int, str]], labels: Sequence[str]) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    current: list[Any] | None = None
    for (start, end, _), label in zip(spans, labels, strict=True):
        if label == "O":
            current = None
            continue
        kind, name = label[0], label[2:]
        if kind == "I" and current is not None and current[2] == name:
            current[1] = end
            out[-1] = (current[0], current[1], name)
            continue
        current = [start, end, name]
        out.append((start, end, name))
    return out


def _bio(example: Example) -> tuple[list[str], list[str]]:
    spans = tokens(example.text)
    labels: list[str] = []
    for start, end, _ in spans:
        label = "O"
        for s, e, name in example.slots:
            if s <= start and end <= e:
                label = ("B-" if start == s or not labels or labels[-1][2:] != name else "I-") + name
                break
        labels.append(label)
    return [s[2] for s in spans], labels


def _train_domains(examples: Sequence[Example], domains: list[str]) -> tuple[dict[str, int], list[float],
                                                                              list[list[float]], list[float]]:
    svm, _ = require_extra()
    from scipy.sparse import csr_matrix

    vocabulary: dict[str, int] = {}
    document_frequency: list[int] = []
    rows = [domain_features(e.text) for e in examples]
    for features in rows:
        for feature in set(features):
            if feature not in vocabulary:
                vocabulary[feature] = len(vocabulary)
                document_frequency.append(0)
            document_frequency[vocabulary[feature]] += 1
    n = len(rows)
    idf = [math.log((1 + n) / (1 + df)) + 1.0 for df in document_frequency]
    data: list[float] = []
    indices: list[int] = []
    indptr = [0]
    for features in rows:
        weights = _weights(features, vocabulary, idf)
        for index in sorted(weights):
            indices.append(index)
            data.append(weights[index])
        indptr.append(len(indices))
    matrix = csr_matrix((data, indices, indptr), shape=(n, len(vocabulary)))
    labels = [domains.index(e.domain) for e in examples]
    classifier = svm.LinearSVC(C=_C, random_state=_SEED)
    classifier.fit(matrix, labels)
    classes = [int(c) for c in classifier.classes_]
    coef = [[0.0] * len(domains) for _ in range(len(vocabulary))]
    intercept = [-1e9] * len(domains)
    if len(classes) == 2:  # a binary model has one row: the second class against the first
        row = classifier.coef_[0]
        for index in range(len(vocabulary)):
            coef[index][classes[1]] = float(row[index])
        intercept[classes[0]], intercept[classes[1]] = 0.0, float(classifier.intercept_[0])
    else:
        for k, label in enumerate(classes):
            row = classifier.coef_[k]
            for index in range(len(vocabulary)):
                coef[index][label] = float(row[index])
            intercept[label] = float(classifier.intercept_[k])
    return vocabulary, idf, coef, intercept


def _train_slots(examples: Sequence[Example]) -> bytes | None:
    """One CRF over ``examples`` (all of one domain), or None when they annotate nothing."""
    if not any(e.slots for e in examples):
        return None
    _, pycrfsuite = require_extra()
    trainer = pycrfsuite.Trainer(algorithm="lbfgs", verbose=False)
    for example in examples:
        words, labels = _bio(example)
        if words:
            trainer.append(token_features(words, None), labels)
    # Many examples need fewer passes to settle: this keeps 2,000 examples under 2 s of one core.
    iterations = _CRF_ITERATIONS if len(examples) <= 100 else max(30, _CRF_ITERATIONS * 100 // len(examples))
    trainer.set_params({"c1": 0.05, "c2": 0.05, "max_iterations": iterations,
                        "feature.possible_transitions": True})  # fmt: skip
    handle, path = tempfile.mkstemp(suffix=".crfsuite")
    os.close(handle)
    try:
        trainer.train(path)
        with open(path, "rb") as model:
            return model.read()
    finally:
        os.unlink(path)


def train(examples: Sequence[Example], domains: Sequence[str], *, examples_hash: str = "") -> TrainedModel:
    """Train both models on ``examples`` (each of one of ``domains``)."""
    names = list(domains)
    used = [e for e in examples if e.domain in names]
    fields = sorted({name for e in used for _, _, name in e.slots})
    if len({e.domain for e in used}) < 2:
        vocabulary: dict[str, int] = {}
        idf: list[float] = []
        coef: list[list[float]] = []
        intercept = [0.0 if e == (used[0].domain if used else None) else -1e9 for e in names]
    else:
        vocabulary, idf, coef, intercept = _train_domains(used, names)
    labellers: dict[str, bytes] = {}
    for name in names:
        model = _train_slots([e for e in used if e.domain == name])
        if model is not None:
            labellers[name] = model
    return TrainedModel(names, vocabulary, idf, coef, intercept, labellers, fields, examples_hash)
