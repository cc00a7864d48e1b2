"""Stage 4's entry point: every relation of a linked corpus, item by item, and lineage by name."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from ..lexicon import Lexicon, load_lexicon
from ..link import Entity, LinkedCorpus, LinkedItem
from ..namespaces import EntityType, Predicate
from .introductions import introduced_entities, introduced_methods_in_sentence
from .kinds import RELATION_RULES, is_own_data, prior_benchmarks_of
from .lineage import (
    antecedent_method,
    heading_methods,
    lineage_from_names,
    parent_without_use_cue,
    review_lineage,
    sentence_lineage,
    stated_extension,
    version_apposition,
    with_list_mates,
)
from .records import Evidence, Found, Relation
from .sentences import mention_context


def extract_relations(corpus: LinkedCorpus, lexicon: Lexicon | None = None) -> tuple[Relation, ...]:
    lex = lexicon or load_lexicon()
    found = Found()
    papers_of_entity: dict[str, set[str]] = defaultdict(set)
    for item in corpus.items:
        for lm in item.mentions:
            papers_of_entity[lm.entity].add(item.paper)
    for item in corpus.items:
        _item_relations(item, corpus.entities, papers_of_entity, found, lex)
    lineage_from_names(corpus, found.triples, lex)
    return found.relations()


def _item_relations(item: LinkedItem, entities: Mapping[str, Entity], papers_of_entity: dict[str, set[str]],
                    found: Found, lex: Lexicon) -> None:
    digest = item.annotated.item.digest_file
    sentences = item.annotated.sentences
    # relations.review-paper: a survey describes other work; it introduces, uses and compares nothing
    review = any(lex.review_paper.search(s) for s in sentences[:2])
    introduced = {} if review else introduced_entities(item, entities, papers_of_entity, lex)
    for key, (sentence_index, rule) in sorted(introduced.items()):
        found.add((item.paper, Predicate.INTRODUCES, key), Evidence(digest, sentences[sentence_index]), rule)
    own_data = {key for key in introduced if entities[key].type == EntityType.BENCHMARK and is_own_data(item, key, lex)}
    prior_benchmarks = prior_benchmarks_of(item, entities, lex)
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
                review_lineage(mention_context(item, lm, entities, papers_of_entity, lex, review_paper=True), found)
            continue
        relation_rule = RELATION_RULES.get(entity.type) if entity.type else None
        c = mention_context(item, lm, entities, papers_of_entity, lex, benchmark_paper, own_names, not introduced, review)
        stated = relation_rule(c) if relation_rule else None
        evidence = Evidence(digest, sentences[lm.mention.sentence])
        if stated is None:
            if entity.type == EntityType.METHOD and parent_without_use_cue(c):
                sentence_lineage(c, introduced, evidence, found)
            continue
        predicate, name = stated
        found.add((item.paper, predicate, lm.entity), evidence, name)
        if predicate == Predicate.USES_METHOD and stated_extension(c):
            parents = [p for p in with_list_mates(item, lm, entities, lex) if not lex.not_lineage_parent.search(entities[p].label)]
            children = [m.entity for m in introduced_methods_in_sentence(item, lm, introduced, entities)]
            rule = "extends.stated"
            if not children and lex.extend_before.search(c.before[-60:]):
                # 'The method builds on Zorb': a cue phrase, not a 'Zorb-style scoring' that may qualify anything
                heading = heading_methods(item, lm, introduced, entities, lex)
                if heading:
                    children, rule = heading, "extends.stated-heading-method"
                elif item.system and entities[item.system].type == EntityType.METHOD:
                    children, rule = [item.system], "extends.stated-own-system"
                elif (antecedent := antecedent_method(item, lm, entities, lex)) is not None:
                    # 'A-Zorb links notes ... The approach is inspired by Quxa': the method the last sentence opened with
                    children, rule = [antecedent], "extends.stated-anaphor"
            for child in dict.fromkeys(children):
                if child in parents or lex.not_lineage_child.search(entities[child].label):
                    continue
                for parent in parents:
                    found.add((child, Predicate.EXTENDS, parent), evidence, rule)
    version_apposition(item, entities, found, lex)
    _share_across_conjuncts(item, entities, found, lex)


def _share_across_conjuncts(item: LinkedItem, entities: Mapping[str, Entity], found: Found, lex: Lexicon) -> None:
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
