"""What stage 4 hands on (Relation, with its Evidence and RuleHit) and what its rules read (MentionContext)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..lexicon import Lexicon
from ..link import Entity, LinkedItem, LinkedMention
from ..namespaces import LineageBasis, Predicate


@dataclass(frozen=True)
class Evidence:
    digest: str
    sentence: str


@dataclass(frozen=True)
class RuleHit:
    """Which rule stated a relation from which sentence, for ``kg explain``."""

    rule: str
    evidence: Evidence


@dataclass(frozen=True)
class Relation:
    subject: str  # Paper.key for paper relations, Entity.key for 'extends'
    predicate: Predicate
    object: str  # Entity.key
    evidence: tuple[Evidence, ...]  # sorted, distinct
    rules: tuple[RuleHit, ...] = ()  # sorted; the graph carries only an extends edge's basis, not the rules

    @property
    def digests(self) -> tuple[str, ...]:
        return tuple(sorted({e.digest for e in self.evidence}))

    @property
    def basis(self) -> LineageBasis | None:
        """For an 'extends' edge, whether a sentence states it or only the names do (every rule behind it is
        the name rule); None for the other relations."""
        if self.predicate != Predicate.EXTENDS:
            return None
        by_name = bool(self.rules) and all(hit.rule == BY_NAME_RULE for hit in self.rules)
        return LineageBasis.NAME if by_name else LineageBasis.STATED


Triple = tuple[str, Predicate, str]

BY_NAME_RULE = "extends.by-name"  # lineage read from two methods' names (lineage_from_names), not from a sentence


class Found:
    """The relations found so far: evidence per triple (what the graph carries) and the rule behind each."""

    def __init__(self) -> None:
        self.triples: dict[Triple, set[Evidence]] = defaultdict(set)
        self.hits: dict[Triple, set[RuleHit]] = defaultdict(set)

    def add(self, triple: Triple, evidence: Evidence, rule: str) -> None:
        self.triples[triple].add(evidence)
        self.hits[triple].add(RuleHit(rule, evidence))

    def relations(self) -> tuple[Relation, ...]:
        out = []
        for (s, p, o), evidence in sorted(self.triples.items()):
            hits = set(self.hits.get((s, p, o), ()))
            traced = {h.evidence for h in hits}
            # lineage_from_names adds evidence without a rule name: it is the name rule
            hits |= {RuleHit(BY_NAME_RULE, e) for e in evidence - traced}
            out.append(Relation(s, Predicate(p), o, tuple(sorted(evidence, key=lambda e: (e.digest, e.sentence))),
                                tuple(sorted(hits, key=lambda h: (h.evidence.digest, h.evidence.sentence, h.rule)))))
        return tuple(out)


@dataclass(frozen=True)
class MentionContext:
    """One linked mention in its sentence, as the relation rules read it."""

    item: LinkedItem
    lm: LinkedMention
    entity: Entity
    before: str  # the sentence's text before the mention
    after: str  # and after it
    lex: Lexicon
    only_this_paper: bool  # no other paper mentions the entity
    benchmark_paper: bool = False  # the paper introduces a benchmark: the models it scores are compared, none is its base
    own_names: tuple[str, ...] = ()  # how this item writes the names of what the paper introduces
    study_paper: bool = False  # the paper introduces nothing: the models it names are the ones it studies
    entities: Mapping[str, Entity] = field(default_factory=dict)  # every entity, for rules that read a sentence's other names
    review_paper: bool = False  # a survey or review: it describes other work

    @property
    def sentence(self) -> str:
        return self.item.annotated.sentences[self.lm.mention.sentence]

    @property
    def in_body(self) -> bool:
        return self.lm.mention.sentence > 0


# Each relation rule reads one mention and returns the relation it states with the rule's name, or None.
RuleResult = tuple[Predicate, str] | None
