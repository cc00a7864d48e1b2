"""The other relation rules: benchmarks reported on, methods used, organisations behind the work."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..lexicon import Lexicon
from ..link import Entity, LinkedItem, LinkedMention
from ..namespaces import EntityType, Predicate
from .models import model_relation
from .records import MentionContext, RuleResult
from .sentences import contrasted, opens_clause, text_around


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
    if c.lex.negation_cues.search(c.before[-40:]) or contrasted(c.before[-50:], c.lex) or not c.in_body:
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
    if _in_opening_paragraph(c) and opens_clause(c.before, c.lex) and c.lex.org_subject_after.match(c.after):
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
        before, after = text_around(c.item, other)
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


def prior_benchmarks_of(item: LinkedItem, entities: Mapping[str, Entity], lex: Lexicon) -> set[str]:
    """evaluatedOn.prior-benchmark: the benchmarks the item names as prior work once ('existing benchmarks like X')
    and nowhere reports a figure on ('reaches 40% on X'): every mention of them is a contrast, not a result."""
    prior, scored = set(), set()
    for lm in item.mentions:
        if entities[lm.entity].type != EntityType.BENCHMARK:
            continue
        before = text_around(item, lm)[0]
        if lex.prior_benchmark_before.search(before):
            prior.add(lm.entity)
        if _scored_on(item, lm, before, lex):
            scored.add(lm.entity)
    return prior - scored


def is_own_data(item: LinkedItem, key: str, lex: Lexicon) -> bool:
    """evaluatedOn.own-data: True for a benchmark the item presents as data it builds ('introduces three datasets (X,
    Y, Z)', 'the X, a database of ...') and never names where it reports a figure ('reaches 40% on X')."""
    data = scored = False
    for lm in item.mentions:
        if lm.entity != key:
            continue
        before, after = text_around(item, lm)
        data = data or lex.own_data_around.search(before[-80:] + "NAME" + after[:60]) is not None
        scored = scored or _scored_on(item, lm, before, lex)
    return data and not scored


def _scored_on(item: LinkedItem, lm: LinkedMention, before: str, lex: Lexicon) -> bool:
    """'reaches 40% on X': the mention stands where the sentence reports a figure on it."""
    return lex.scored_on_before.search(before) is not None and any(ch.isdigit() for ch in item.annotated.sentences[lm.mention.sentence])
