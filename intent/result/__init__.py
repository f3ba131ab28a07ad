"""The verified result of a recognition."""

from intent.result.models import (
    SCHEMA_VERSION,
    Change,
    ChangeTarget,
    Constraint,
    ConstraintScope,
    EffectiveState,
    FieldResult,
    Inference,
    IntentNode,
    IntentResult,
    Issue,
    Reference,
    Relation,
    SourceRef,
    Turn,
    Unresolved,
)

__all__ = [
    "SCHEMA_VERSION",
    "Change",
    "ChangeTarget",
    "Constraint",
    "ConstraintScope",
    "EffectiveState",
    "FieldResult",
    "Inference",
    "IntentNode",
    "IntentResult",
    "Issue",
    "Reference",
    "Relation",
    "SourceRef",
    "Turn",
    "Unresolved",
]
