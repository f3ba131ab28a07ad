"""Reading what a request is about: one domain scorer shared by every classifier, and (optionally) models
trained from annotated examples.

``DomainScorer`` chooses a domain (or a catalog tool) from its hints and abstains on ties and weak
evidence; ``scorer_for`` caches one per configuration.
"""

from intent.nlu.profiles import DomainProfile, profile_from_hint
from intent.nlu.scorer import DomainScorer, Scored, scorer_for

__all__ = ["DomainProfile", "DomainScorer", "Scored", "profile_from_hint", "scorer_for"]
