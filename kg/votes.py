"""Type votes and the one decision that turns them into an entity's type, or drops the name.

Every typing rule (kg/nlp/'s shape and context rules, the linker's title, affiliation and
acronym rules) casts a ``Vote`` that carries the rule's name. A discovered name (one the
vocabulary does not know) is decided by ``TypeModel``: linear scores, one per type and one for
"not an entity", over features of its votes and its label, with weights fitted offline by
benchmarks/fit_weights.py on the tuned development weeks and read from
ontology/lexicon/type-decision.json. The hand-set weight of each rule (weights.json) still says
how strong a single vote is, which decides whether a plain capitalised word becomes a name at all
(kg/nlp/) and what ``kg explain`` shows; ``decide_type`` sums those weights, the decision used
when a lexicon has no fitted table.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .namespaces import EntityType

TYPE_ORDER = (EntityType.MODEL, EntityType.BENCHMARK, EntityType.METHOD, EntityType.ORGANIZATION)
# Tie-break between equal totals (type.tie-method): a name that is as much a method as a model is a method, as the
# annotation standard types a named system Method and keeps Model for weights one downloads ('Zorb-RL', with a
# method's ending, compared with models in one sentence).
TIE_ORDER = (EntityType.METHOD, EntityType.MODEL, EntityType.BENCHMARK, EntityType.ORGANIZATION)
NOT_AN_ENTITY = "not-an-entity"  # the keep decision's class


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
    """The type with the largest total hand-set weight (ties by TIE_ORDER); None without any vote."""
    totals = vote_totals(votes)
    if not totals:
        return None
    best = max(TIE_ORDER, key=lambda t: (totals[t], -TIE_ORDER.index(t)))
    return best if totals[best] > 0 else None


# ---------------------------------------------------------------- the fitted decision

# Cheap facts about a label that the vote rules do not see: fragments ('UC', 'L1'), hardware ('B200'),
# surnames ('Smith') and domain acronyms ('MRI') are the kept names that are most often not entities.
LABEL_FEATURES: tuple[tuple[str, Callable[[str], object]], ...] = (
    ("label.all-capitals", re.compile(r"^[A-Z]{2,}$").match),
    ("label.at-most-3-characters", lambda label: len(label) <= 3),
    ("label.digit", re.compile(r"\d").search),
    ("label.letters-then-digits", re.compile(r"^[A-Za-z]{1,3}\d+$").match),
    ("label.several-words", lambda label: " " in label.strip()),
    ("label.inner-capital", re.compile(r"[a-z][A-Z]").search),
    ("label.lower-case-start", re.compile(r"^[a-z]").match),
    ("label.one-plain-word", re.compile(r"^[A-Z][a-z]+$").match),
)


def vote_feature(rule: str, kind: EntityType | str) -> str:
    return f"vote:{rule}>{kind}"


def entity_features(votes: Iterable[Vote], label: str, mentions: int, digests: int) -> dict[str, float]:
    """What the fitted decision reads about one name: for each rule and the type it voted for, log(1 + such votes
    per digest the name is in), so the figures mean the same in a build of five weeks or of a hundred and a name
    written thirty times is not thirty times as sure; the label's shape; and how often a digest writes it."""
    weeks = max(digests, 1)
    counts = Counter(vote_feature(v.rule, v.type) for v in votes)
    features = {name: math.log1p(n / weeks) for name, n in sorted(counts.items())}
    features |= {name: 1.0 for name, test in LABEL_FEATURES if test(label)}
    features["mentions"] = math.log1p(mentions / weeks)
    if not counts:
        features["no-vote"] = 1.0
    return features


@dataclass(frozen=True)
class Verdict:
    type: EntityType
    keep: bool  # False: a discovered name that is most likely not an entity
    p_not_entity: float | None  # None: no keep decision in the table
    scores: Mapping[str, float]  # per type: the fitted score, or the hand-set weights' total

    def show(self) -> str:
        ranked = sorted(self.scores.items(), key=lambda kv: (-kv[1], kv[0]))
        shown = ", ".join(f"{name} {score:.2f}" for name, score in ranked)
        return shown if self.p_not_entity is None else f"{shown}; P(not an entity) {self.p_not_entity:.2f}"


@dataclass(frozen=True)
class LinearScores:
    """Per class a bias plus, per feature, weight x value: a logistic regression's scores, as data."""

    bias: Mapping[str, float]
    weights: Mapping[str, Mapping[str, float]]  # feature -> class -> weight; a feature not listed weighs 0

    def scores(self, features: Mapping[str, float]) -> dict[str, float]:
        scores = dict(self.bias)
        for name in sorted(features):  # a fixed order: the same sums to the last bit on every run
            for cls, weight in self.weights.get(name, {}).items():
                scores[cls] += weight * features[name]
        return scores

    @classmethod
    def from_table(cls, table: Mapping[str, Any], classes: tuple[str, ...]) -> LinearScores:
        bias = {name: float(table["bias"][name]) for name in classes}
        weights = {}
        for feature, by_class in table["weights"].items():
            unknown = set(by_class) - set(classes)
            if unknown:
                raise ValueError(f"unknown class {sorted(unknown)[0]!r}")
            weights[feature] = MappingProxyType({name: float(w) for name, w in sorted(by_class.items())})
        return cls(MappingProxyType(bias), MappingProxyType(weights))


TYPE_CLASSES = tuple(t.value for t in TYPE_ORDER)


@dataclass(frozen=True)
class TypeModel:
    """The decision about a discovered name, fitted offline (benchmarks/fit_weights.py): which type it is
    (the highest of four linear scores), and whether to keep it at all (a logistic score of 'not an entity').
    Either part may be absent from the table: the hand-set weights then type the name, or every name is kept."""

    type: LinearScores | None
    keep: LinearScores | None  # one class, NOT_AN_ENTITY
    drop_at: float | None  # drop when P(not an entity) reaches this; None: never

    def decide(self, votes: Iterable[Vote], features: Mapping[str, float]) -> Verdict:
        votes = list(votes)
        if self.type is not None:
            scores = self.type.scores(features)
        else:
            totals = vote_totals(votes)
            scores = {t.value: float(totals[t]) for t in TYPE_ORDER}
        kind = max(TIE_ORDER, key=lambda t: (scores[t.value], -TIE_ORDER.index(t)))
        if self.type is None and not votes:
            kind = EntityType.METHOD  # the linker's default for a name nothing types
        p_not = None
        if self.keep is not None:
            score = self.keep.scores(features)[NOT_AN_ENTITY]
            p_not = 1.0 / (1.0 + math.exp(-score)) if score >= 0 else math.exp(score) / (1.0 + math.exp(score))
        keep = self.drop_at is None or p_not is None or p_not < self.drop_at
        return Verdict(kind, keep, p_not, MappingProxyType(scores))

    @classmethod
    def from_table(cls, table: Mapping[str, Any]) -> TypeModel:
        """Read the table benchmarks/fit_weights.py writes; ValueError, KeyError or TypeError if it is not one."""
        kind = table["type"]
        keep = table["keep"]
        drop = keep["drop_at"] if keep is not None else None
        return cls(None if kind is None else LinearScores.from_table(kind, TYPE_CLASSES),
                   None if keep is None else LinearScores.from_table(keep, (NOT_AN_ENTITY,)),
                   None if drop is None else float(drop))
