"""Type votes and the one decision that turns them into an entity's type.

Every typing rule (kg/nlp.py's shape and context rules, the linker's title, affiliation and
acronym rules) casts a ``Vote`` that carries the rule's name; the rule's weight comes from
the lexicon's weight table (ontology/lexicon/weights.json), so the weights can be fitted
without touching code. ``decide_type`` is the only place votes become a type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .namespaces import EntityType

# Tie-break between equal totals: a name that is as much a model as a method is a model.
TYPE_ORDER = (EntityType.MODEL, EntityType.BENCHMARK, EntityType.METHOD, EntityType.ORGANIZATION)


@dataclass(frozen=True)
class Vote:
    rule: str  # the rule's name, a key of the weight table
    type: EntityType
    weight: int


def vote_totals(votes: Iterable[Vote]) -> Counter[EntityType]:
    totals: Counter[EntityType] = Counter()
    for vote in votes:
        totals[vote.type] += vote.weight
    return totals


def decide_type(votes: Iterable[Vote]) -> EntityType | None:
    """The type with the largest total weight (ties by TYPE_ORDER); None without any vote."""
    totals = vote_totals(votes)
    if not totals:
        return None
    best = max(TYPE_ORDER, key=lambda t: (totals[t], -TYPE_ORDER.index(t)))
    return best if totals[best] > 0 else None
