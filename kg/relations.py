"""Stage 4: relations between papers and entities, and method lineage.

Each relation is decided from the sentence that carries it: a cue word near
the mention says whether a model is the base of the paper's system ("built
upon", "trained from a X base", "applied to") or a baseline ("outperforms"),
whether a method is used ("using", "with") or extended ("a variant of",
"X-style", a name such as GRPO-RoC). Every relation keeps each sentence that
states it, so the graph can say how many digests and sentences support it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .lexicon import Lexicon, load_lexicon
from .link import Entity, LinkedCorpus, LinkedItem, LinkedMention
from .name_index import lineage_by_name
from .namespaces import EntityType, LineageBasis, Predicate


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

BY_NAME_RULE = "extends.by-name"  # lineage read from two methods' names (_lineage_by_name), not from a sentence


class _Found:
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
            # _lineage_by_name adds evidence without a rule name: it is the name rule
            hits |= {RuleHit(BY_NAME_RULE, e) for e in evidence - traced}
            out.append(Relation(s, Predicate(p), o, tuple(sorted(evidence, key=lambda e: (e.digest, e.sentence))),
                                tuple(sorted(hits, key=lambda h: (h.evidence.digest, h.evidence.sentence, h.rule)))))
        return tuple(out)


def extract_relations(corpus: LinkedCorpus, lexicon: Lexicon | None = None) -> tuple[Relation, ...]:
    lex = lexicon or load_lexicon()
    found = _Found()
    papers_of_entity: dict[str, set[str]] = defaultdict(set)
    for item in corpus.items:
        for lm in item.mentions:
            papers_of_entity[lm.entity].add(item.paper)
    for item in corpus.items:
        _item_relations(item, corpus.entities, papers_of_entity, found, lex)
    _lineage_by_name(corpus, found.triples, lex)
    return found.relations()


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


def model_relation(c: MentionContext) -> RuleResult:
    """'fine-tuned from Zorb-7B' / 'a Zorb-7B base' -> usesBaseModel; 'outperforms Zorb-7B' -> comparedWith;
    a model only this paper mentions, in its body -> usesBaseModel (a model the paper studies or applies)."""
    lex, before, after = c.lex, c.before, c.after
    label = lex.heading_label.match(before)
    sentence = c.sentence[label.end():] if label else c.sentence  # a bullet's topic label is no comparison
    if label:
        before = before[label.end():]
    stated_base = lex.base_stated_before.search(before[-60:]) or lex.base_after.search(after)  # 'a X backbone'
    if lex.model_tool.search(before[-40:] + "NAME" + after[:40]):
        return None  # relations.model-as-tool: 'calls X', 'X used as a tool': neither its base nor its baseline
    if lex.model_role_before.search(before[-80:]) or lex.model_role_after.match(after):
        return Predicate.USES_BASE_MODEL, "usesBaseModel.role"  # 'monitored by X', 'X as the judge': a model it calls
    if lex.kind_qualifier_after.match(after):
        return None  # relations.kind-qualifier: 'o1-like LLMs', 'R1-style reasoning' name a kind, not the model
    if lex.qualifier_examples_after.match(after):
        return None  # relations.rival-qualifier: 'outperforming prior X-based models like Y' says nothing of X
    if c.benchmark_paper and c.in_body and not stated_base:
        return Predicate.COMPARED_WITH, "comparedWith.benchmark-paper"  # 'GPT-5 scores 30% on it': a model it ranks
    if _joined_to_own_system(c):
        return Predicate.USES_BASE_MODEL, "usesBaseModel.with-own-system"  # 'Zorb-7B with Quux', 'Quux + Zorb-7B'
    if _in_heading_bracket(before, after, lex) and not lex.compare_cues.search(before):
        # usesBaseModel.heading-setting: '● Results at 8K budget (Zorb-7B): Quux beats Y': the bracket closing a bullet's
        # heading names the model its findings are for; the body's comparison is between other names
        return Predicate.USES_BASE_MODEL, "usesBaseModel.heading-setting"
    if lex.study_list_before.search(before):
        return Predicate.USES_BASE_MODEL, "usesBaseModel.studied"  # 'tested 9 models, including X, Y and Z'
    applied = lex.applied_list_before.search(before)
    if applied and not lex.compare_cues.search(before[before.rfind(",", 0, applied.start()) + 1:]):
        # 'gains on smaller models like X and Y'; not 'beats methods that rely on models like X' (same phrase)
        return Predicate.USES_BASE_MODEL, "usesBaseModel.applied-list"
    if (lex.base_before.search(before[-60:]) and not lex.compare_cues.search(before[-40:])) or lex.base_after.search(after):
        return Predicate.USES_BASE_MODEL, "usesBaseModel.cue"
    head_before = _before_list(c, before)
    if head_before != before and lex.base_before.search(head_before[-60:]) and not lex.compare_cues.search(head_before[-40:]):
        # usesBaseModel.cue-of-list: 'trains Quxa-7B and Zorva-8B with a new reward and beats Y': the cue before the
        # list's first model holds for every model of the list, though a comparison follows
        return Predicate.USES_BASE_MODEL, "usesBaseModel.cue-of-list"
    # 'X reaches 48%, outperforming Y'; comparedWith.subject-of-cue: 'tests show X consistently outperforms Y'
    subject = not lex.compare_cues.search(before) and (_opens_clause(before, lex) or lex.compare_subject_after.match(after) is not None)
    # comparedWith.example-needs-cue-before: 'large models like X can ... better traces' gives X as an example
    example = lex.example_before.search(before) is not None and not lex.compare_cues.search(before)
    if (c.lm.mention.in_title and c.entity.in_vocabulary and not lex.compare_cues.search(sentence)
            and not lex.title_qualifier_after.match(after) and not lex.title_compare_before.search(before)):
        return Predicate.USES_BASE_MODEL, "usesBaseModel.title-subject"  # 'Has GPT-5 Achieved X?': the model it studies
    if c.study_paper and c.in_body and not lex.compare_cues.search(sentence):
        return Predicate.USES_BASE_MODEL, "usesBaseModel.study-subject"  # 'GPT-5 leads overall but ...' in a study of it
    if c.study_paper and c.in_body and not example and (not lex.compare_cues.search(before) or _compared_to_studied_model(c, before)
                                                        or _study_compares(c, before)):
        # 'X is 78% cheaper than Y' in a study: with no system of its own, the paper compares the models it studies;
        # usesBaseModel.study-example: not 'large models like X can ... better traces', X only illustrates a kind
        return Predicate.USES_BASE_MODEL, "usesBaseModel.study-compared"
    # comparedWith.cue-in-clause: '... helps over X, but it cuts the Y advantage': the cue is another clause's
    clause = lex.contrast_clause.split(before)[-1] + " NAME " + lex.contrast_clause.split(after)[0]
    if lex.compare_cues.search(clause) and not c.lm.mention.in_title and not subject and not example:
        if not lex.compare_cues.search(before) and _name_before_cue(c):
            # comparedWith.cue-of-another: 'With X workers, Quux reaches 52%, beating Y': the cue after X is another
            # name's comparison; X is none of the baselines
            return None
        return Predicate.COMPARED_WITH, "comparedWith.cue"
    if lex.compare_cues.search(sentence) and not subject and not example:
        return None  # comparedWith.cue-in-clause: a sentence that compares in another clause names no base by default
    if c.only_this_paper and not c.entity.in_vocabulary and c.in_body:
        return Predicate.USES_BASE_MODEL, "usesBaseModel.only-this-paper"
    return None


def _before_list(c: MentionContext, before: str) -> str:
    """The text before the list of models the mention ends ('trains A, B and ' -> 'trains '): each model the sentence
    names right before a list joiner is cut off in turn; ``before`` itself when the mention opens no such list."""
    others = sorted({other.mention.surface for other in c.item.mentions
                     if other.mention.sentence == c.lm.mention.sentence and other.entity != c.lm.entity
                     and c.entities[other.entity].type == EntityType.MODEL}, key=len, reverse=True)
    cut = True
    while cut:
        cut = False
        for surface in others:
            at = before.rfind(surface)
            if at >= 0 and c.lex.conjunction.match(before[at + len(surface):]):
                before, cut = before[:at], True
                break
    return before


def _name_before_cue(c: MentionContext) -> bool:
    """True when another model or method of the sentence stands between the mention and the first comparison cue after
    it: that name is the cue's subject ('Across X and Y, Quux improves ... over Z'). A benchmark between ('X scores 30% on
    ZorbBench, trailing Quux') takes no comparison over."""
    cue = c.lex.compare_cues.search(c.after)
    if cue is None:
        return False
    start = len(c.sentence) - len(c.after)
    between = c.sentence[start:start + cue.start()]
    return any(other.mention.sentence == c.lm.mention.sentence and other.entity != c.lm.entity
               and c.entities[other.entity].type in (EntityType.MODEL, EntityType.METHOD)
               and re.search(r"(?<![\w-])" + re.escape(other.mention.surface) + r"(?![\w-])", between)
               for other in c.item.mentions)


def _study_compares(c: MentionContext, before: str) -> bool:
    """usesBaseModel.study-compares: True when the last comparison cue before the mention is the study's own verb of
    comparing ('an experiment compares X, Y and Z'): it lists the models it studies, none as another's rival."""
    cues = list(c.lex.compare_cues.finditer(before))
    return bool(cues) and c.lex.study_compare_verb.match(before[cues[-1].start():]) is not None


def _compared_to_studied_model(c: MentionContext, before: str) -> bool:
    """True when a model the sentence names plainly (no base cue: 'X rises from 13% to 29%' is a base; no comparison
    before it: 'surpasses X' makes X a rival) stands before the last comparison cue ahead of this mention: 'Quxa-8B
    surpasses Mibbo-70B' compares two models."""
    cues = list(c.lex.compare_cues.finditer(before))
    if not cues:
        return False
    label_end = len(c.before) - len(before)  # a bullet's topic label, already left out of ``before``
    cue_at = label_end + cues[-1].start()  # in the sentence's own offsets
    sentence = c.sentence
    for other in c.item.mentions:
        if other is c.lm or other.mention.sentence != c.lm.mention.sentence or other.entity == c.lm.entity:
            continue
        at = sentence.find(other.mention.surface)
        other_entity = c.entities.get(other.entity)
        # the other model is the comparison's subject: no cue before it ('X surpasses Y, and Z beats W': W is no
        # study subject, as Y, the first rival, stands between) and no base cue after it
        if 0 <= at < cue_at and other_entity is not None and other_entity.type == EntityType.MODEL \
                and not c.lex.compare_cues.search(sentence[label_end:at]) \
                and not c.lex.base_after.search(sentence[at + len(other.mention.surface):]):
            return True
    return False


def benchmark_relation(c: MentionContext) -> RuleResult:
    """A benchmark named in the body is one the paper reports on, unless it is named as training data or prior
    work ('fine-tuning on the X dataset', 'X-compatible', 'existing benchmarks like X')."""
    if not c.in_body:
        # evaluatedOn.own-benchmark: the benchmark a title names as the paper's own ('ZorbBench: ...') is one it
        # reports on, even when the body only says 'it'
        return (Predicate.EVALUATED_ON, "evaluatedOn.own-benchmark") if c.lm.mention.surface in c.own_names else None
    if c.lex.benchmark_data_before.search(c.before) or c.lex.benchmark_data_after.match(c.after):
        return None
    # the phrase counts from the clause's start (after ';') up to the next comma: 'evaluated on A, with B results
    # reported for comparison' cites B, not A
    around = c.before.rsplit(";", 1)[-1] + " NAME " + re.split(r"[,;]", c.after, maxsplit=1)[0]
    if c.lex.for_comparison.search(around):
        return None  # evaluatedOn.for-comparison: 'for comparison, prior agents score 60% on X'
    return Predicate.EVALUATED_ON, "evaluatedOn.in-body"


def method_relation(c: MentionContext) -> RuleResult:
    """'using Zorb', 'with Zorb' -> usesMethod; not 'without Zorb', not 'outperforms Zorb'.

    A known method (in the vocabulary or named by other papers) named in the body is one the paper uses; a name
    only this paper mentions needs a cue of use ('via Zorb', 'Zorb-based'), as most such names are parts,
    settings or things met in passing."""
    if c.lex.negation_cues.search(c.before[-40:]) or _contrasted(c.before[-50:], c.lex) or not c.in_body:
        return None
    if c.lex.prior_work_before.search(c.before):
        return None  # usesMethod.not-prior-work: 'current techniques like X tend to ...' is what the paper improves on
    if c.lex.future_work_before.search(c.before):
        return None  # usesMethod.future-work: 'Future directions include exploring methods like X'
    if c.lex.rival_before.search(c.before):
        return None  # usesMethod.not-a-rival: 'beating models trained with more data like X', '... 37% with X'
    if c.lex.baseline_after.match(c.after):
        return None  # usesMethod.not-a-baseline: 'tracks X-based baselines' names rivals, not a method it uses
    if c.entity.in_vocabulary or not c.only_this_paper:
        return Predicate.USES_METHOD, "usesMethod.in-body"
    if c.lex.method_use_before.search(c.before) or c.lex.method_use_after.match(c.after):
        return Predicate.USES_METHOD, "usesMethod.use-cue"
    return None


def stated_extension(c: MentionContext) -> bool:
    """'a variant of Zorb', 'Zorb-style', 'uses Zorb with ...': the paper's new method in this sentence extends it."""
    lex, before, after = c.lex, c.before, c.after
    return bool(lex.extend_before.search(before[-60:]) or lex.extend_suffix.match(after) or (
        _spans_mention(lex.extend_around, before[-70:], c.lm.mention.surface + after[:30]) and lex.use_word.search(before[-70:])))


def _spans_mention(cue, before: str, rest: str) -> bool:
    """True when a match of ``cue`` opens before the mention and closes after it: 'uses X with ...' is about X,
    'uses node scores with a clip and X ratios' is not."""
    return any(m.start() < len(before) < m.end() for m in cue.finditer(before + rest))


def organization_relation(c: MentionContext) -> RuleResult:
    """'researchers from Zorb', 'Zorb introduces', an organisation in the title -> affiliation."""
    if c.lex.org_range.search(c.before[-30:] + "NAME" + c.after[:30]):
        return None  # affiliation.not-a-range: 'From Zorb to Quux, labs report ...' names no maker
    if c.lex.org_cue_before.search(c.before[-80:]) or c.lex.org_cue_after.search(c.after):
        return Predicate.AFFILIATION, "affiliation.cue"
    if c.lm.mention.sentence == 0 and not c.review_paper:  # 'A Review of X Models' is about X's work, not by X
        return Predicate.AFFILIATION, "affiliation.title"
    if _names_title_system(c) and not _other_maker_stated(c):
        return Predicate.AFFILIATION, "affiliation.title-maker"  # 'Zorb V4' and 'Zorb trains ...': Zorb made its own model
    # The organisation that opens a sentence of the item's opening paragraph ('Zorb Labs runs ...') wrote the paper.
    if _in_opening_paragraph(c) and _opens_clause(c.before, c.lex) and c.lex.org_subject_after.match(c.after):
        return Predicate.AFFILIATION, "affiliation.first-subject"
    return None


def _names_title_system(c: MentionContext) -> bool:
    """True when the title's system is named after the organisation ('Zorb V4', 'Zorb-Prover-2' by Zorb): a lab names
    its models after itself."""
    system = c.entities.get(c.item.system) if c.item.system else None
    if system is None or c.review_paper:
        return False
    names = (c.entity.label, *c.entity.aliases)
    # the cheap test first: the scan of every entity in _named_after_model runs only for a system named after this one
    return any(system.label.startswith(name) and c.lex.title_maker_after.match(system.label[len(name):])
               for name in names) and not _named_after_model(system, names, c.entities)


def _other_maker_stated(c: MentionContext) -> bool:
    """True when the item says another organisation made its work ('researchers from Quux present Zorb-Prover'): a
    system named after Zorb then says nothing of who built it."""
    for other in c.item.mentions:
        entity = c.entities.get(other.entity)
        if entity is None or entity.type != EntityType.ORGANIZATION or other.entity == c.lm.entity:
            continue
        before, after = _around(c.item, other)
        if c.lex.org_cue_before.search(before[-80:]) or c.lex.org_cue_after.search(after):
            return True
    return False


def _named_after_model(system: Entity, names: tuple[str, ...], entities: Mapping[str, Entity]) -> bool:
    """True when the system's label opens with a known model's name longer than the organisation's ('DeepSeek-R1-Zorb'
    opens with the model DeepSeek-R1): the system is named after that model, which says nothing of who built it."""
    return any(other.type == EntityType.MODEL and other is not system
               and any(len(label) > len(name) and label.startswith(name) for name in names)
               and system.label.startswith(label) and system.label != label
               for other in entities.values() for label in (other.label, *other.aliases))


def _in_opening_paragraph(c: MentionContext) -> bool:
    """True for one of the first three body sentences, before the item's first bullet: the prose that says who did what."""
    sentences = c.item.annotated.sentences
    return 1 <= c.lm.mention.sentence <= 3 and not any(
        s.lstrip()[:1] in c.lex.bullets for s in sentences[1:c.lm.mention.sentence + 1])


RELATION_RULES = {
    EntityType.MODEL: model_relation,
    EntityType.BENCHMARK: benchmark_relation,
    EntityType.METHOD: method_relation,
    EntityType.ORGANIZATION: organization_relation,
}


def _joined_to_own_system(c: MentionContext) -> bool:
    """True when a joiner ('with', '+', 'on') links the model to a name the paper introduces, either side."""
    after_words, before_words = c.after.split(), c.before.split()
    for name in c.own_names:
        n = len(name.split())
        if len(after_words) > n and after_words[0] in c.lex.own_system_joiners and " ".join(after_words[1:1 + n]).rstrip(",.;:") == name:
            return True
        if len(before_words) > n and before_words[-1] in c.lex.own_system_joiners and " ".join(before_words[-1 - n:-1]) == name:
            return True
    return False


def _contrasted(before: str, lex: Lexicon) -> bool:
    """True when the last cue before a method is a comparison ('outperforms X'), not a use ('using X')."""
    compare = [m.end() for m in lex.compare_cues.finditer(before)]
    use = [m.end() for m in lex.use_verbs.finditer(before)]
    return bool(compare) and (not use or compare[-1] > use[-1])


def _context(item: LinkedItem, lm: LinkedMention, entities: Mapping[str, Entity], papers_of_entity: dict[str, set[str]],
             lex: Lexicon, benchmark_paper: bool = False, own_names: tuple[str, ...] = (), study_paper: bool = False,
             review_paper: bool = False) -> MentionContext:
    before, after = _around(item, lm)
    return MentionContext(item, lm, entities[lm.entity], before, after, lex, papers_of_entity[lm.entity] == {item.paper},
                          benchmark_paper, own_names, study_paper, entities, review_paper)


def _item_relations(item: LinkedItem, entities: Mapping[str, Entity], papers_of_entity: dict[str, set[str]],
                    found: _Found, lex: Lexicon) -> None:
    digest = item.annotated.item.digest_file
    sentences = item.annotated.sentences
    # relations.review-paper: a survey describes other work; it introduces, uses and compares nothing
    review = any(lex.review_paper.search(s) for s in sentences[:2])
    introduced = {} if review else _introduced(item, entities, papers_of_entity, lex)
    for key, (sentence_index, rule) in sorted(introduced.items()):
        found.add((item.paper, Predicate.INTRODUCES, key), Evidence(digest, sentences[sentence_index]), rule)
    own_data = {key for key in introduced if entities[key].type == EntityType.BENCHMARK and _own_data(item, key, lex)}
    prior_benchmarks = _prior_benchmarks(item, entities, lex)
    # a paper that builds only training data ranks no models: its models are bases as in any other paper
    benchmark_paper = any(entities[key].type == EntityType.BENCHMARK for key in introduced if key not in own_data)
    own_names = tuple(sorted({lm.mention.surface for lm in item.mentions if lm.entity in introduced}))
    authors_line = ", ".join(item.annotated.item.affiliations)
    for key in item.affiliations:
        found.add((item.paper, Predicate.AFFILIATION, key), Evidence(digest, authors_line), "affiliation.authors-line")

    for lm in item.mentions:
        entity = entities[lm.entity]
        if lm.entity in introduced and (entity.type != EntityType.BENCHMARK or lm.entity in own_data):
            continue  # a benchmark a paper introduces is usually also one it reports results on; not data it builds
        if lm.entity in prior_benchmarks:
            continue
        if review and entity.type in (EntityType.MODEL, EntityType.METHOD):
            if entity.type == EntityType.METHOD:
                _review_lineage(_context(item, lm, entities, papers_of_entity, lex, review_paper=True), found)
            continue
        relation_rule = RELATION_RULES.get(entity.type) if entity.type else None
        c = _context(item, lm, entities, papers_of_entity, lex, benchmark_paper, own_names, not introduced, review)
        stated = relation_rule(c) if relation_rule else None
        evidence = Evidence(digest, sentences[lm.mention.sentence])
        if stated is None:
            if entity.type == EntityType.METHOD and _parent_without_use_cue(c):
                _sentence_lineage(c, introduced, evidence, found)
            continue
        predicate, name = stated
        found.add((item.paper, predicate, lm.entity), evidence, name)
        if predicate == Predicate.USES_METHOD and stated_extension(c):
            parents = [p for p in _with_list_mates(item, lm, entities, lex) if not lex.not_lineage_parent.search(entities[p].label)]
            children = [m.entity for m in _introduced_methods_in_sentence(item, lm, introduced, entities)]
            rule = "extends.stated"
            if not children and lex.extend_before.search(c.before[-60:]):
                # 'The method builds on Zorb': a cue phrase, not a 'Zorb-style scoring' that may qualify anything
                heading = _heading_methods(item, lm, introduced, entities, lex)
                if heading:
                    children, rule = heading, "extends.stated-heading-method"
                elif item.system and entities[item.system].type == EntityType.METHOD:
                    children, rule = [item.system], "extends.stated-own-system"
                elif (antecedent := _antecedent(item, lm, entities, lex)) is not None:
                    # 'A-Zorb links notes ... The approach is inspired by Quxa': the method the last sentence opened with
                    children, rule = [antecedent], "extends.stated-anaphor"
            for child in dict.fromkeys(children):
                if child in parents or lex.not_lineage_child.search(entities[child].label):
                    continue
                for parent in parents:
                    found.add((child, Predicate.EXTENDS, parent), evidence, rule)
    _version_apposition(item, entities, found, lex)
    _share_across_conjuncts(item, entities, found, lex)


def _parent_without_use_cue(c: MentionContext) -> bool:
    """'Zorb-X extends Quxa': a plain lineage cue states Quxa as a parent even where Quxa, a name only this paper
    writes, has no cue of use (no negation or comparison before it, in the body)."""
    return (c.in_body and bool(c.lex.extend_strong_before.search(c.before[-60:]))
            and not c.lex.negation_cues.search(c.before[-40:]) and not _contrasted(c.before[-50:], c.lex)
            and not c.lex.prior_work_before.search(c.before))


def _sentence_lineage(c: MentionContext, introduced: Mapping[str, object], evidence: Evidence, found: _Found) -> None:
    """extends.parent-without-use-cue: only a new method the same sentence names is the child; the heading, title
    and anaphor fallbacks of extends.stated guess more than this weaker parent can bear."""
    parents = [p for p in _with_list_mates(c.item, c.lm, c.entities, c.lex)
               if not c.lex.not_lineage_parent.search(c.entities[p].label)]
    for child in dict.fromkeys(m.entity for m in _introduced_methods_in_sentence(c.item, c.lm, introduced, c.entities)):
        if child in parents or c.lex.not_lineage_child.search(c.entities[child].label):
            continue
        for parent in parents:
            found.add((child, Predicate.EXTENDS, parent), evidence, "extends.parent-without-use-cue")


def _version_apposition(item: LinkedItem, entities: Mapping[str, Entity], found: _Found, lex: Lexicon) -> None:
    """extends.version-apposition: 'Zorb-G, an enhanced version with graph memory' and 'Zorb-G, a new version of
    Zorb' state that Zorb-G extends Zorb, even where one paper introduces both (no cue of use is needed)."""
    for lm in item.mentions:
        child = entities[lm.entity]
        if child.type != EntityType.METHOD or lex.not_lineage_child.search(child.label):
            continue
        after = _around(item, lm)[1]
        cue = lex.version_apposition.match(after)
        if cue is None:
            continue
        parent = _named_next(item, lm, after[cue.end():], entities) if cue.group("of") else _name_source(item, lm, entities)
        if parent is not None and parent != lm.entity and not lex.not_lineage_parent.search(entities[parent].label):
            found.add((lm.entity, Predicate.EXTENDS, parent),
                      Evidence(item.annotated.item.digest_file, item.annotated.sentences[lm.mention.sentence]),
                      "extends.version-apposition")


def _named_next(item: LinkedItem, lm: LinkedMention, rest: str, entities: Mapping[str, Entity]) -> str | None:
    """The method whose name opens ``rest``, the text after 'a new version of' in the mention's sentence."""
    rest = rest.lstrip()
    for other in item.mentions:
        if other.mention.sentence == lm.mention.sentence and other is not lm and rest.startswith(other.mention.surface) \
                and entities[other.entity].type == EntityType.METHOD:
            return other.entity
    return None


def _name_source(item: LinkedItem, lm: LinkedMention, entities: Mapping[str, Entity]) -> str | None:
    """The longest method named in the item whose name the mention's name opens with: 'Zorb' for 'Zorb-G'."""
    surface = lm.mention.surface
    sources = [other for other in item.mentions if entities[other.entity].type == EntityType.METHOD
               and other.entity != lm.entity and len(other.mention.surface) < len(surface)
               and surface.startswith(other.mention.surface)]
    return max(sources, key=lambda o: (len(o.mention.surface), o.entity)).entity if sources else None


def _review_lineage(c: MentionContext, found: _Found) -> None:
    """extends.stated-bullet-subject: a survey introduces nothing, yet states lineage between the methods it reviews:
    '● Zorb-PO – drops the critic from Zorb' says Zorb-PO extends Zorb, the method its bullet opens with."""
    if not c.lex.extend_before.search(c.before[-60:]) or c.lex.not_lineage_parent.search(c.entity.label):
        return
    child = _bullet_subject(c.item, c.lm, c.entities, c.lex)
    if child is not None and child != c.lm.entity and not c.lex.not_lineage_child.search(c.entities[child].label):
        found.add((child, Predicate.EXTENDS, c.lm.entity), Evidence(c.item.annotated.item.digest_file, c.sentence),
                  "extends.stated-bullet-subject")


def _bullet_subject(item: LinkedItem, lm: LinkedMention, entities: Mapping[str, Entity], lex: Lexicon) -> str | None:
    """The method a bullet sentence opens with ('● Zorb-PO (ZPO) – ...'), or None when the bullet opens otherwise."""
    if item.annotated.sentences[lm.mention.sentence].lstrip()[:1] not in lex.bullets:
        return None
    return _opening_method(item, lm.mention.sentence, entities, lex)


def _antecedent(item: LinkedItem, lm: LinkedMention, entities: Mapping[str, Entity], lex: Lexicon) -> str | None:
    """For a sentence that opens on 'The approach' or 'It', in the same bullet or paragraph as the sentence before
    (not the title, not a new bullet), the method that sentence opened with."""
    at = lm.mention.sentence
    sentence = item.annotated.sentences[at]
    if at < 2 or sentence.lstrip()[:1] in lex.bullets or not lex.anaphor_subject.match(sentence):
        return None
    return _opening_method(item, at - 1, entities, lex)


def _opening_method(item: LinkedItem, at: int, entities: Mapping[str, Entity], lex: Lexicon) -> str | None:
    """The method sentence ``at`` opens with, after a bullet or a heading label at most."""
    sentence = item.annotated.sentences[at]
    first = next((m for m in item.mentions if m.mention.sentence == at), None)
    if first is None or entities[first.entity].type != EntityType.METHOD:
        return None
    # the bullet may open with the words an acronym abbreviates: '● Zorb Policy Optimization (ZPO) – ...'
    spelled = [d.long for d in item.annotated.acronyms if d.short == first.mention.surface and d.sentence == at]
    spots = [at for at in (sentence.find(name) for name in (first.mention.surface, *spelled)) if at >= 0]
    return first.entity if spots and _opens_clause(sentence[:min(spots)], lex) else None


def _share_across_conjuncts(item: LinkedItem, entities: Mapping[str, Entity], found: _Found, lex: Lexicon) -> None:
    """'On Llama-3.1-8B and Qwen-2.5-7B, ...': names joined by 'and' or a comma share their relation."""
    digest = item.annotated.item.digest_file
    for a, b in zip(item.mentions, item.mentions[1:], strict=False):
        if a.mention.sentence != b.mention.sentence or entities[a.entity].type != entities[b.entity].type:
            continue
        sentence = item.annotated.sentences[a.mention.sentence]
        i, j = sentence.find(a.mention.surface), sentence.find(b.mention.surface)
        if i < 0 or j <= i or not lex.conjunction.match(sentence[i + len(a.mention.surface) : j]):
            continue
        evidence = Evidence(digest, sentence)
        for predicate in (Predicate.USES_BASE_MODEL, Predicate.COMPARED_WITH, Predicate.EVALUATED_ON, Predicate.USES_METHOD):
            for x, y in ((a.entity, b.entity), (b.entity, a.entity)):
                if evidence in found.triples.get((item.paper, predicate, x), ()) and (item.paper, Predicate.INTRODUCES, y) not in found.triples:
                    found.add((item.paper, predicate, y), evidence, f"{predicate}.shared-with-conjunct")


def _introduced_as_expansion(c: MentionContext, known: bool) -> str | None:
    """introduces.acronym-reads-expansion: an acronym in brackets right after the words it abbreviates ('● Zorb Memory
    Runtime (ZMR) stores ...') stands where its long form does: when the introduction rules find nothing, they read the
    sentence from before the long form. (The same reading for the other relations cost untouched usesMethod
    precision, 0.909 -> 0.833, and is not made.)"""
    before = _before_expansion(c)
    return introduction_rule(replace(c, before=before), known) if before is not None else None


def _before_expansion(c: MentionContext) -> str | None:
    """The text before the long form of the mention's acronym when the mention is its bracketed short form
    ('It introduces a Zorb Memory Runtime (' -> 'It introduces a '); None for any other mention."""
    mention = c.lm.mention
    for d in c.item.annotated.acronyms:
        if d.short != mention.surface or d.sentence != mention.sentence or d.long_end > mention.start:
            continue
        words = [re.escape(w) for w in re.split(r"[\s-]+", d.long) if w]
        if words and (m := re.search(r"[\s-]*".join(words) + r"\s*\(\s*$", c.before)):
            return c.before[:m.start()]
    return None


def _around(item: LinkedItem, lm: LinkedMention) -> tuple[str, str]:
    """The text of the mention's sentence before and after it."""
    sentence = item.annotated.sentences[lm.mention.sentence]
    spots = _name_spots(sentence, lm.mention.surface)
    # relations.nth-occurrence: the n-th mention of a name in its sentence reads the n-th place it is written
    # ('fails without Zorb ... then adopts Zorb'), not the first place each time
    nth = 0
    for other in item.mentions:
        if other is lm:
            break
        nth += other.mention.sentence == lm.mention.sentence and other.mention.surface == lm.mention.surface
    if not spots:
        return sentence, ""
    at = spots[min(nth, len(spots) - 1)]
    return sentence[:at], sentence[at + len(lm.mention.surface):]


def _name_spots(sentence: str, surface: str) -> list[int]:
    """Where the name is written in the sentence as a whole name; 'Zorb' inside 'Zorb-2' or 'Zorb-7B' is another
    name (relations.whole-name), though 'Zorb-based' still writes Zorb. Every place, when it is never whole."""
    # str.find and two character tests rather than a regex per name: a pattern per distinct name overflowed re's
    # cache of 512, and compiling was most of the cost of this function over a corpus
    if not surface:
        return []
    whole, spots, at = [], [], sentence.find(surface)
    while at >= 0:
        spots.append(at)
        end = at + len(surface)
        if _whole_at(sentence, at, end):
            whole.append(at)
            at = sentence.find(surface, end)  # the next whole name starts after this one, as re.finditer reads
        else:
            at = sentence.find(surface, at + 1)
    return whole or spots  # with no whole name, every place was looked at one character on from the last


def _whole_at(sentence: str, start: int, end: int) -> bool:
    """Nothing of a word, nor a hyphen, before; no letter or digit, nor '-' and a capital or digit, after."""
    before = sentence[start - 1] if start else ""
    if before and (before.isalnum() or before in "_-"):
        return False
    after = sentence[end] if end < len(sentence) else ""
    if after.isalnum():
        return False
    return not (after == "-" and end + 1 < len(sentence) and sentence[end + 1] in _CAPITALS_AND_DIGITS)


_CAPITALS_AND_DIGITS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def introduction_rule(c: MentionContext, known: bool) -> str | None:
    """The name of the rule by which the paper introduces this mention's entity, or None.

    A well-known entity is introduced only by a paper whose title opens with its name; a name only
    this paper uses is the paper's own when one of its mentions gives positive evidence (an intro verb,
    a definition, a heading it opens), never by default."""
    lex, before, after, entity, mention = c.lex, c.before, c.after, c.entity, c.lm.mention
    novel = not known and c.only_this_paper
    clause = lex.clause_split.split(before)[-1]
    # introduces.not-in-purpose: 'presents Zorb, a system for autonomous Quux Engineering (QE)' introduces Zorb, not QE
    by_verb = lex.intro_cues.search(clause) is not None and not lex.purpose_phrase_before.search(clause)
    subject_of_verb = (verb := lex.intro_after.match(after)) is not None and not _names_next(c, after[verb.end():])
    title = c.item.annotated.item.title
    # A title introduces the name it opens with ('DAPO: ...', 'WebThinker'), not what it studies ('Rethinking X').
    in_title = mention.in_title and (title.startswith(mention.surface) or mention.source == "title"
                                     or (not known and len(title.split()) <= 4))
    if _names_titles_means(c, known):
        return "introduces.title-means"  # 'Continual Learning via Zorb Routing': the means a title ends with is the paper's own
    # introduces.verb-defined-known: 'It introduces two systems: Zorb, a dense memory store' names and defines Zorb
    # as what it proposes, though the vocabulary knows the name
    defined = (by_verb and lex.novel_defined_after.match(after) is not None and not lex.defined_moved_after.match(after)
               and (not entity.in_vocabulary or lex.intro_list_before.search(clause) is not None))
    if _quoted_label(c, clause):
        return "introduces.quoted-label"
    if known and _opens_item_defined(c):
        return "introduces.opening-definition"
    if known and by_verb and _named_by_word(before, lex):
        # introduces.verb-named-known: 'introduces a new 1.3B LLM called Zorb-1' names what the paper proposes, though
        # the vocabulary knows the name (from this paper, as its later fame put it there)
        return "introduces.verb-named-known"
    if known and not in_title and not (by_verb and _spelled_out_before(c)) and not defined:
        # introduces.verb-expanded: 'It proposes a Hierarchical Zorb Model (HZM)' defines the acronym as its own,
        # though the vocabulary knows it (from this paper, or another thing of that name)
        return None
    if not in_title and lex.intro_blockers.search(before):
        return None  # 'predecessors like X', 'using the X algorithm': work the paper builds on or calls
    if lex.kind_qualifier_after.match(after):
        return None  # introduces.not-a-kind: 'the first X-style dataset' is a new one of X's kind, not X
    cue = ("introduces.verb-defined-known" if known and defined and not in_title
           else "introduces.verb-expanded" if known and not in_title else "introduces.verb" if by_verb
           else "introduces.subject-of-verb" if subject_of_verb else "introduces.title" if in_title else None)
    compared = lex.compare_cues.search(before[-50:]) is not None
    if entity.type == EntityType.BENCHMARK:
        if cue:
            return cue
        return "introduces.defined-benchmark" if lex.definition_after.match(after) is not None and novel else None
    if entity.type == EntityType.MODEL and not in_title and (lex.base_before.search(before[-60:]) or lex.base_after.search(after)):
        return None  # "an enhanced version of the previous Janus model": a base, not a contribution
    if entity.type == EntityType.MODEL and novel and not cue and not _opens_clause(before, lex):
        return None  # "embedding models like OpenAI's text-embedding-3-small are also susceptible": studied, not made
    if cue:
        return None if compared and not by_verb else cue
    if (entity.type == EntityType.MODEL and novel and not compared and lex.novel_subject_before.fullmatch(before)
            and lex.compare_win_after.search(after) and not set(after.split()[:1]) & lex.own_system_joiners):
        # introduces.novel-winner: an unseen model (a size of an unseen family too) that opens a sentence in which it
        # beats others ('Zorb-9B reaches 48%, outperforming Y') is the paper's own; a known or a rival one never gets
        # here, nor one the paper's system is joined to ('Zorb-9B with Quux beats Y': a base)
        return "introduces.novel-winner"
    window = clause[-40:]
    modifier = lex.use_verb_as_modifier.search(window)  # 'a training recipe (X)': 'training' is no use of X
    used = lex.use_verbs.search(window[:modifier.start()] if modifier else window)
    if not novel or compared or entity.variant_of or used or lex.method_use_after.match(after):
        return None  # 'X-based estimation' is built on X: a method the paper uses, not one it names as its own
    # An unseen name is the paper's own only with positive evidence: the sentence defines it ('X is a ...',
    # 'X (ACR), a framework that') or it is what its clause is about ('● X fixes ...'), never a name in passing.
    if lex.novel_defined_after.match(after):
        return "introduces.novel-defined"
    if _in_heading_bracket(before, after, lex) and not lex.bare_acronym_shape.match(mention.surface):
        # not '● Policy training (ZPO): ...': a bare acronym there is as often a known method the label explains
        return HEADING_BRACKET  # '● Layered recall (Zorb): ...': the label's bracket names a part of the paper's work
    if lex.novel_subject_before.fullmatch(before) and not (
            lex.bare_acronym_shape.match(mention.surface) and lex.definite_term_before.search(before)) \
            and not lex.prior_work_after.search(after):
        # introduces.not-a-term: not 'The ATE splits into ...'; introduces.not-prior-work: not '● ZorbPO trains the
        # agent, following prior work' (a subject the sentence says is earlier work)
        return "introduces.novel-subject"
    # introduces.not-step-list: not 'a Draft, Check, Fix, Commit loop': after a list of plain words the type noun names
    # the whole list of steps, not the last word
    typed_after = lex.novel_typed_after.match(after) and not lex.step_list_before.search(before)
    typed = (typed_after and not lex.bare_acronym_shape.match(mention.surface)) or lex.novel_typed_before.search(before)
    # introduces.not-negated: not 'the work does not change the coding agent X': a type noun names what a negated
    # clause leaves alone as well as what the paper builds
    if typed and not lex.negation_cues.search(window):
        return "introduces.novel-typed"
    return None


def _named_by_word(before: str, lex: Lexicon) -> bool:
    """True when a naming word ('called', 'named', 'dubbed') stands right before the mention: 'a model called X'."""
    words = before.split()
    return bool(words) and words[-1].lower() in lex.naming_words


def _in_heading_bracket(before: str, after: str, lex: Lexicon) -> bool:
    """A name in the bracket that closes a bullet's heading label ('● Layered recall (Zorb): ...'), which
    introduces.heading-bracket and usesBaseModel.heading-setting read."""
    return bool(lex.heading_bracket_before.search(before) and lex.heading_bracket_after.match(after))


def _names_next(c: MentionContext, rest: str) -> bool:
    """introduces.maker-not-made: True when another name of the sentence opens ``rest``, the text after the verb the
    mention is the subject of ('Zorb Labs propose Quxo, a ...'): the subject made that name, it is not the one made."""
    rest = rest.lstrip()
    return any(other.mention.sentence == c.lm.mention.sentence and other.entity != c.lm.entity
               and rest.startswith(other.mention.surface) for other in c.item.mentions)


def _opens_item_defined(c: MentionContext) -> bool:
    """introduces.opening-definition: True for a model the item's first body sentence opens with and defines ('Zorb-OCR
    is a lightweight vision-language model ...') in an item whose title names no system: the digest presents the
    paper's own model so, though the vocabulary knows its name."""
    return (c.entity.type == EntityType.MODEL and c.lm.mention.sentence == 1 and not c.item.system
            and c.before.strip() == "" and c.lex.novel_defined_after.match(c.after) is not None)


def _quoted_label(c: MentionContext, clause: str) -> bool:
    """introduces.quoted-label: True for a method quoted in brackets right after the plain words it labels, in a
    clause with no verb of use or comparison ('Zorb raises the upper clipping threshold ("Zorb-High")'): the item coins
    a name for a part of its own system, though the vocabulary may know it from this paper."""
    lex = c.lex
    return (c.entity.type == EntityType.METHOD and c.in_body and lex.quoted_label_before.search(c.before) is not None
            and lex.quoted_label_after.match(c.after) is not None and not lex.use_verbs.search(clause)
            and not lex.compare_cues.search(clause))


def _spelled_out_before(c: MentionContext) -> bool:
    """True when the mention is an acronym in brackets right after the words it abbreviates ('a Hierarchical Zorb
    Model (HZM)'): one of the acronym definitions the nlp stage found in this sentence."""
    mention = c.lm.mention
    return any(d.short == mention.surface and d.sentence == mention.sentence and d.long_end <= mention.start
               for d in c.item.annotated.acronyms)


def _names_titles_means(c: MentionContext, known: bool) -> bool:
    """True for a method that ends a title with no system name, after a word of means ('Continual Learning via Zorb
    Routing', 'Eliciting Predictions with the Zorb Lens'): the title says by what the paper reaches its goal. A
    well-known method needs the article ('with the Zorb Lens'): 'Aligning Models via Zorb' is more often a use of it."""
    mention = c.lm.mention
    if not mention.in_title or c.in_body or c.item.system or c.entity.type != EntityType.METHOD or c.after.strip():
        return False
    words = [w.lower() for w in c.before.split()]
    article = bool(words) and words[-1] in c.lex.articles
    if article:
        words = words[:-1]
    return bool(words) and words[-1] in c.lex.title_means_words and (article or not known)


def _introduced(item: LinkedItem, entities: Mapping[str, Entity], papers_of_entity: dict[str, set[str]],
                lex: Lexicon) -> dict[str, tuple[int, str]]:
    """Entities the paper proposes, with the sentence that says so and the rule that decided it."""
    out: dict[str, tuple[int, str]] = {}
    if item.system:
        first = next((lm.mention.sentence for lm in item.mentions if lm.entity == item.system), 0)
        out[item.system] = (first, "introduces.title-system")
    for lm in item.mentions:
        entity = entities[lm.entity]
        if entity.type == EntityType.ORGANIZATION or lm.entity in out:
            continue
        family = entities.get(entity.variant_of) if entity.variant_of else None
        known = entity.in_vocabulary or (family is not None and family.in_vocabulary)
        context = _context(item, lm, entities, papers_of_entity, lex)
        rule = introduction_rule(context, known) or _introduced_as_expansion(context, known)
        if rule:
            out.setdefault(lm.entity, (lm.mention.sentence, rule))
    for key in [k for k, (at, rule) in out.items()
                if rule in WEAK_INTRODUCTIONS and (_used_in_item(item, k, lex) or _studied_in_item(item, entities[k], at, lex)
                                                   or _beaten_in_item(item, k, lex))]:
        del out[key]
    if all(rule == HEADING_BRACKET for _, rule in out.values()):
        # introduces.heading-bracket names a part of the paper's own system: a paper with no other contribution (a study)
        # labels its findings, not parts ('● Scaling trend (Quxa-2): ...')
        out = {}
    title_words = re.findall(r"[a-z0-9]+", item.annotated.item.title.lower())
    for lm in item.mentions:
        entity = entities[lm.entity]
        if (lm.entity not in out and lm.mention.sentence > 0 and entity.type != EntityType.ORGANIZATION
                and papers_of_entity[lm.entity] == {item.paper} and _abbreviates(lm.mention.surface, title_words)):
            # introduces.title-abbreviation: 'Deep Think with Confidence' and 'DeepConf', 'Agentic Memory for LLM
            # Agents' and 'A-MEM': a name made of the title's words is the paper's own, known or not
            out[lm.entity] = (lm.mention.sentence, "introduces.title-abbreviation")
    for key in list(out):
        label = entities[key].label
        for lm in item.mentions:
            other = entities[lm.entity]
            member = other.label.startswith(label + "-") or other.variant_of == key  # or a version 'Zorb 3' of it
            if not other.in_vocabulary and member and lm.entity not in out:
                out[lm.entity] = (lm.mention.sentence, "introduces.family-member")  # 'WebThinker-32B-RL' belongs to 'WebThinker'
    return out


def _prior_benchmarks(item: LinkedItem, entities: Mapping[str, Entity], lex: Lexicon) -> set[str]:
    """evaluatedOn.prior-benchmark: the benchmarks the item names as prior work once ('existing benchmarks like X')
    and nowhere reports a figure on ('reaches 40% on X'): every mention of them is a contrast, not a result."""
    prior, scored = set(), set()
    for lm in item.mentions:
        if entities[lm.entity].type != EntityType.BENCHMARK:
            continue
        before = _around(item, lm)[0]
        if lex.prior_benchmark_before.search(before):
            prior.add(lm.entity)
        if _scored_on(item, lm, before, lex):
            scored.add(lm.entity)
    return prior - scored


def _own_data(item: LinkedItem, key: str, lex: Lexicon) -> bool:
    """evaluatedOn.own-data: True for a benchmark the item presents as data it builds ('introduces three datasets (X,
    Y, Z)', 'the X, a database of ...') and never names where it reports a figure ('reaches 40% on X')."""
    data = scored = False
    for lm in item.mentions:
        if lm.entity != key:
            continue
        before, after = _around(item, lm)
        data = data or lex.own_data_around.search(before[-80:] + "NAME" + after[:60]) is not None
        scored = scored or _scored_on(item, lm, before, lex)
    return data and not scored


def _scored_on(item: LinkedItem, lm: LinkedMention, before: str, lex: Lexicon) -> bool:
    """'reaches 40% on X': the mention stands where the sentence reports a figure on it."""
    return lex.scored_on_before.search(before) is not None and any(ch.isdigit() for ch in item.annotated.sentences[lm.mention.sentence])


# The introduction rules that read only where an unseen name stands (a bullet it opens, a type noun after it), not a
# sentence that says the paper made it: another mention may show the name is one the paper uses.
HEADING_BRACKET = "introduces.heading-bracket"
WEAK_INTRODUCTIONS = frozenset({"introduces.novel-subject", "introduces.novel-typed", HEADING_BRACKET})


def _used_in_item(item: LinkedItem, key: str, lex: Lexicon) -> bool:
    """introduces.used-elsewhere: True when a mention of the entity is the object of a verb of use ('uses X
    technology', 'built on X'): the paper names it as something it uses."""
    return any(lm.entity == key and lex.used_just_before.search(_around(item, lm)[0]) for lm in item.mentions)


def _beaten_in_item(item: LinkedItem, key: str, lex: Lexicon) -> bool:
    """introduces.beaten-elsewhere: True when a mention of the entity comes right after a comparison cue ('beating a Zorb
    reproduction', 'outperforms Zorb'): the paper sets it against its own system, so it is a rival, not the paper's own."""
    return any(lm.entity == key and _contrasted(_around(item, lm)[0][-30:], lex) for lm in item.mentions)


def _studied_in_item(item: LinkedItem, entity: Entity, introduced: int, lex: Lexicon) -> bool:
    """introduces.studied-elsewhere: True when the item writes the entity's name as what a study is of ('A study on X,
    a social network of agents', 'an analysis of X'): the paper examines something that exists, not a thing it built.
    Every place the name is written counts, not only the linked mentions (an opening sentence's name may be unlinked),
    up to the sentence that introduces it: a study of a part the item has already presented as its own ('● Ablations:
    an analysis of X shows ...') examines the paper's own work."""
    names = {entity.label, *entity.aliases}
    return any(lex.studied_just_before.search(sentence[:at])
               for sentence in item.annotated.sentences[: introduced + 1] for name in names
               for at in _name_spots(sentence, name))


def _abbreviates(name: str, title_words: list[str]) -> bool:
    """True when the name is made of the starts of two or more of the title's words, in order, its last part cut short
    ('DeepConf' of 'Deep Think with Confidence', 'A-MEM' of 'Agentic Memory for ...'). Not a name the title writes out
    ('Deliberative Alignment', 'ARC-AGI'), one with a number (a version or size: 'o1-mini'), nor a kind made of whole
    words ('dLLM' of 'Diffusion LLMs', 'OAgents' of '... of Agents')."""
    if re.search(r"\d", name):
        return False
    words = re.findall(r"[a-z]+", name.lower())
    letters = "".join(words)
    if len(letters) < 4 or any(title_words[i:i + len(words)] == words for i in range(len(title_words))):
        return False

    # spelled[i][j]: letters[j:] is made of starts of title words i, i+1, ... (in order, some skipped), the last cut
    # short by two letters or more, and not all of it from one word (j > 0 means a piece came before). A table,
    # not a search, so that a long title of like words takes time in proportion to its length.
    spelled = [[False] * (len(letters) + 1) for _ in range(len(title_words) + 1)]
    for i in range(len(title_words) - 1, -1, -1):
        word = title_words[i]
        for j in range(len(letters)):
            found = spelled[i + 1][j]
            for n in range(1, min(len(word), len(letters) - j) + 1):
                if found or word[n - 1] != letters[j + n - 1]:
                    break
                found = (j > 0 and len(word) - n >= 2) if j + n == len(letters) else spelled[i + 1][j + n]
            spelled[i][j] = found
    return spelled[0][0]


def _opens_clause(before: str, lex: Lexicon) -> bool:
    """True when nothing but a bullet or a 'Heading:' label comes before the name in its sentence."""
    return lex.clause_opening.fullmatch(before) is not None


def _with_list_mates(item: LinkedItem, lm: LinkedMention, entities: Mapping[str, Entity], lex: Lexicon) -> list[str]:
    """The method a lineage cue names and the methods listed right after it: 'generalizes Zorb/Quxa' names both."""
    sentence = item.annotated.sentences[lm.mention.sentence]
    out, previous = [lm.entity], lm
    at = sentence.find(lm.mention.surface)
    for other in item.mentions[item.mentions.index(lm) + 1:]:
        if other.mention.sentence != lm.mention.sentence or entities[other.entity].type != EntityType.METHOD:
            break
        end = at + len(previous.mention.surface)
        start = sentence.find(other.mention.surface, end)
        if at < 0 or start < 0 or not lex.conjunction.match(sentence[end:start]):
            break
        out.append(other.entity)
        previous, at = other, start
    return out


def _heading_methods(item: LinkedItem, lm: LinkedMention, introduced: Mapping[str, object],
                     entities: Mapping[str, Entity], lex: Lexicon) -> list[str]:
    """The methods the paper introduces that the heading of the mention's bullet names ('● Zorb algorithm.' before
    'Modifies GRPO by ...'): the sentence before, when a bullet opens it."""
    at = lm.mention.sentence
    if at < 1 or item.annotated.sentences[at - 1].lstrip()[:1] not in lex.bullets:
        return []
    return list(dict.fromkeys(
        other.entity for other in item.mentions
        if other.mention.sentence == at - 1 and other.entity in introduced and other.entity != lm.entity
        and entities[other.entity].type == EntityType.METHOD))


def _introduced_methods_in_sentence(item: LinkedItem, lm: LinkedMention, introduced: Mapping[str, object],
                                    entities: Mapping[str, Entity]) -> list[LinkedMention]:
    found = [
        other
        for other in item.mentions
        if other.mention.sentence == lm.mention.sentence
        and other.entity in introduced
        and other.entity != lm.entity
        and entities[other.entity].type == EntityType.METHOD
    ]
    # extends.not-a-label: 'Zorb raises the clipping threshold ("Zorb-High") in PPO-style training': the label names a
    # part of Zorb, the system the lineage is about; it is the child only when no other new method is named
    systems = [other for other in found if _rule_of(introduced, other.entity) != "introduces.quoted-label"]
    return systems or found


def _rule_of(introduced: Mapping[str, object], key: str) -> str | None:
    """The introduction rule behind ``key`` when ``introduced`` maps keys to (sentence, rule), else None."""
    value = introduced.get(key)
    return value[1] if isinstance(value, tuple) else None


def _lineage_by_name(corpus: LinkedCorpus, found, lex: Lexicon) -> None:
    """A method named after another extends it: GRPO-RoC -> GRPO, online-DPO -> DPO, QLoRA -> LoRA."""
    methods = {k: e for k, e in corpus.entities.items() if e.type == EntityType.METHOD}
    first_sentence: dict[str, Evidence] = {}
    for item in corpus.items:
        for lm in item.mentions:
            if lm.entity not in first_sentence:
                first_sentence[lm.entity] = Evidence(
                    item.annotated.item.digest_file, item.annotated.sentences[lm.mention.sentence]
                )
    long_names = {k: {a for a in (e.label, *e.aliases, *e.known_names) if len(a.split()) >= 2} for k, e in methods.items()}
    introduced_by: dict[str, set[str]] = defaultdict(set)
    for paper, predicate, key in found:
        if predicate == Predicate.INTRODUCES:
            introduced_by[key].add(paper)
    # what some paper introduces, uses or compares with: a method the text presents, not a word inside a longer name
    presented = {key for _paper, predicate, key in found if predicate != Predicate.EXTENDS}
    system_of: dict[str, set[str]] = defaultdict(set)  # the papers whose title names this method as their system
    for item in corpus.items:
        if item.system:
            system_of[item.system].add(item.paper)
    for child_key, parent_key in lineage_by_name([(e.label, k) for k, e in methods.items()], long_names):
        if lex.not_lineage_child.search(methods[child_key].label):
            continue  # 'Zorb-integrated' is a word about Zorb, not a method made from it
        if lex.not_lineage_parent.search(methods[parent_key].label):
            continue  # 'OpenAgents' is named after a kind of thing, not made from a method
        if not methods[parent_key].in_vocabulary and parent_key not in presented:
            # extends.by-name-coined-parent: 'EDGAR' read out of 'EDGAR-OCR', 'Sparse Attention' out of 'Native
            # Sparse Attention' is a word of the name; a parent needs a paper that names it as a method of its own
            continue
        if introduced_by[child_key] & system_of[parent_key]:
            continue  # 'Zorb-BCP' from the paper that makes Zorb is a setting or part of it, not a later method
        if methods[child_key].in_vocabulary:
            # extends.by-name is for a method the text brings in under a name made from its parent ('Zorb-RoC');
            # a widely known method merely named ('QZorb beats Zorb') has a lineage the text does not state
            continue
        evidence = first_sentence.get(child_key, Evidence("", methods[child_key].label))
        found[(child_key, Predicate.EXTENDS, parent_key)].add(evidence)
