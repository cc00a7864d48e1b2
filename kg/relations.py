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
from dataclasses import dataclass

from .link import Entity, LinkedCorpus, LinkedItem, LinkedMention
from .lexicon import Lexicon, load_lexicon
from .namespaces import EntityType, Predicate


def _contrasted(before: str, lex: Lexicon) -> bool:
    """True when the last cue before a method is a comparison ('outperforms X'), not a use ('using X')."""
    compare = [m.end() for m in lex.compare_cues.finditer(before)]
    use = [m.end() for m in lex.use_verbs.finditer(before)]
    return bool(compare) and (not use or compare[-1] > use[-1])


@dataclass(frozen=True)
class Evidence:
    digest: str
    sentence: str


@dataclass(frozen=True)
class Relation:
    subject: str  # Paper.key for paper relations, Entity.key for 'extends'
    predicate: str
    object: str  # Entity.key
    evidence: tuple[Evidence, ...]  # sorted, distinct

    @property
    def digests(self) -> tuple[str, ...]:
        return tuple(sorted({e.digest for e in self.evidence}))


def extract_relations(corpus: LinkedCorpus, lexicon: Lexicon | None = None) -> tuple[Relation, ...]:
    lex = lexicon or load_lexicon()
    found: dict[tuple[str, str, str], set[Evidence]] = defaultdict(set)
    papers_of_entity: dict[str, set[str]] = defaultdict(set)
    for item in corpus.items:
        for lm in item.mentions:
            papers_of_entity[lm.entity].add(item.paper)
    for item in corpus.items:
        _item_relations(item, corpus.entities, papers_of_entity, found, lex)
    _lineage_by_name(corpus, found)
    return tuple(
        Relation(s, p, o, tuple(sorted(ev, key=lambda e: (e.digest, e.sentence))))
        for (s, p, o), ev in sorted(found.items())
    )


def _item_relations(item: LinkedItem, entities: dict[str, Entity], papers_of_entity, found, lex: Lexicon) -> None:
    digest = item.annotated.item.digest_file
    sentences = item.annotated.sentences

    def add(subject, predicate, obj, sentence_index):
        found[(subject, predicate, obj)].add(Evidence(digest, sentences[sentence_index]))

    introduced = _introduced(item, entities, papers_of_entity, lex)
    for key, sentence_index in sorted(introduced.items()):
        add(item.paper, Predicate.INTRODUCES, key, sentence_index)
    authors_line = ", ".join(item.annotated.item.affiliations)
    for key in item.affiliations:
        found[(item.paper, Predicate.AFFILIATION, key)].add(Evidence(digest, authors_line))

    for lm in item.mentions:
        entity = entities[lm.entity]
        if lm.entity in introduced and entity.type != EntityType.BENCHMARK:
            continue  # a benchmark a paper introduces is usually also one it reports results on
        before, after = _around(item, lm)
        sentence = sentences[lm.mention.sentence]
        if entity.type == EntityType.MODEL:
            if lex.base_before.search(before[-60:]) and not lex.compare_cues.search(before[-40:]) or lex.base_after.search(after):
                add(item.paper, Predicate.USES_BASE_MODEL, lm.entity, lm.mention.sentence)
            elif lex.compare_cues.search(sentence) and not lm.mention.in_title:
                add(item.paper, Predicate.COMPARED_WITH, lm.entity, lm.mention.sentence)
            elif papers_of_entity[lm.entity] == {item.paper} and not entity.in_vocabulary and lm.mention.sentence > 0:
                add(item.paper, Predicate.USES_BASE_MODEL, lm.entity, lm.mention.sentence)  # a model the paper studies or applies
        elif entity.type == EntityType.BENCHMARK:
            if lm.mention.sentence > 0:
                add(item.paper, Predicate.EVALUATED_ON, lm.entity, lm.mention.sentence)
        elif entity.type == EntityType.METHOD:
            if not lex.negation_cues.search(before[-40:]) and not _contrasted(before[-50:], lex) and lm.mention.sentence > 0:
                add(item.paper, Predicate.USES_METHOD, lm.entity, lm.mention.sentence)
                extended = lex.extend_before.search(before[-60:]) or lex.extend_suffix.match(after) or (
                    lex.extend_around.search(before[-70:] + lm.mention.surface + after[:30]) and lex.use_word.search(before[-70:])
                )
                for new_method in _introduced_methods_in_sentence(item, lm, introduced, entities) if extended else ():
                    add(new_method.entity, Predicate.EXTENDS, lm.entity, lm.mention.sentence)
        elif entity.type == EntityType.ORGANIZATION:
            if lex.org_cue_before.search(before[-80:]) or lex.org_cue_after.search(after) or lm.mention.sentence == 0:
                add(item.paper, Predicate.AFFILIATION, lm.entity, lm.mention.sentence)
    _share_across_conjuncts(item, entities, found, lex)


def _share_across_conjuncts(item: LinkedItem, entities: dict[str, Entity], found, lex: Lexicon) -> None:
    """'On Llama-3.1-8B and Qwen-2.5-7B, ...': names joined by 'and' or a comma share their relation."""
    digest = item.annotated.item.digest_file
    for a, b in zip(item.mentions, item.mentions[1:]):
        if a.mention.sentence != b.mention.sentence or entities[a.entity].type != entities[b.entity].type:
            continue
        sentence = item.annotated.sentences[a.mention.sentence]
        i, j = sentence.find(a.mention.surface), sentence.find(b.mention.surface)
        if i < 0 or j <= i or not lex.conjunction.match(sentence[i + len(a.mention.surface) : j]):
            continue
        evidence = Evidence(digest, sentence)
        for predicate in (Predicate.USES_BASE_MODEL, Predicate.COMPARED_WITH, Predicate.EVALUATED_ON, Predicate.USES_METHOD):
            for x, y in ((a.entity, b.entity), (b.entity, a.entity)):
                if evidence in found.get((item.paper, predicate, x), ()) and (item.paper, Predicate.INTRODUCES, y) not in found:
                    found[(item.paper, predicate, y)].add(evidence)


def _around(item: LinkedItem, lm: LinkedMention) -> tuple[str, str]:
    """The text of the mention's sentence before and after it."""
    sentence = item.annotated.sentences[lm.mention.sentence]
    at = sentence.find(lm.mention.surface)
    if at < 0:
        return sentence, ""
    return sentence[:at], sentence[at + len(lm.mention.surface):]


def _introduced(item: LinkedItem, entities: dict[str, Entity], papers_of_entity, lex: Lexicon) -> dict[str, int]:
    """Entities the paper proposes, with the sentence that says so."""
    out: dict[str, int] = {}
    if item.system:
        first = next((lm.mention.sentence for lm in item.mentions if lm.entity == item.system), 0)
        out[item.system] = first
    seen: set[str] = set()
    for lm in item.mentions:
        entity = entities[lm.entity]
        first_mention = lm.entity not in seen
        seen.add(lm.entity)
        if entity.type == EntityType.ORGANIZATION or lm.entity in out:
            continue
        before, after = _around(item, lm)
        family = entities.get(entity.variant_of) if entity.variant_of else None
        known = entity.in_vocabulary or (family is not None and family.in_vocabulary)
        # A name only this paper uses, met for the first time, is the paper's own unless a cue says otherwise.
        novel = not known and papers_of_entity[lm.entity] == {item.paper} and first_mention
        clause = lex.clause_split.split(before)[-1]
        by_verb = lex.intro_cues.search(clause) is not None
        subject_of_verb = lex.intro_after.match(after)
        title = item.annotated.item.title
        # A title introduces the name it opens with ('DAPO: ...', 'WebThinker'), not what it studies ('Rethinking X').
        in_title = lm.mention.in_title and (title.startswith(lm.mention.surface) or lm.mention.source == "title"
                                            or (not known and len(title.split()) <= 4))
        if known and not in_title:
            continue  # a well-known entity is introduced only by a paper whose title opens with its name
        compared = lex.compare_cues.search(before[-50:]) is not None
        if entity.type == EntityType.BENCHMARK:
            defined = lex.definition_after.match(after) is not None and novel
            if by_verb or subject_of_verb or in_title or defined:
                out.setdefault(lm.entity, lm.mention.sentence)
        elif entity.type == EntityType.MODEL and not in_title and (lex.base_before.search(before[-60:]) or lex.base_after.search(after)):
            continue  # "an enhanced version of the previous Janus model": a base, not a contribution
        elif entity.type == EntityType.MODEL and novel and not (by_verb or subject_of_verb or in_title) and not _opens_clause(before, lex):
            continue  # "embedding models like OpenAI's text-embedding-3-small are also susceptible": studied, not made
        elif by_verb or subject_of_verb or in_title or (novel and not compared and not entity.variant_of and not lex.use_verbs.search(clause[-40:])):
            if not (compared and not by_verb):
                out.setdefault(lm.entity, lm.mention.sentence)
    for key in list(out):
        label = entities[key].label
        for lm in item.mentions:
            other = entities[lm.entity]
            if not other.in_vocabulary and other.label.startswith(label + "-") and lm.entity not in out:
                out[lm.entity] = lm.mention.sentence  # 'WebThinker-32B-RL' belongs to 'WebThinker'
    return out


def _opens_clause(before: str, lex: Lexicon) -> bool:
    """True when nothing but a bullet or a 'Heading:' label comes before the name in its sentence."""
    return lex.clause_opening.fullmatch(before) is not None


def _introduced_methods_in_sentence(item, lm, introduced, entities):
    return [
        other
        for other in item.mentions
        if other.mention.sentence == lm.mention.sentence
        and other.entity in introduced
        and other.entity != lm.entity
        and entities[other.entity].type == EntityType.METHOD
    ]


def _lineage_by_name(corpus: LinkedCorpus, found) -> None:
    """A method named after another extends it: GRPO-RoC -> GRPO, online-DPO -> DPO, QLoRA -> LoRA."""
    methods = {k: e for k, e in corpus.entities.items() if e.type == EntityType.METHOD}
    labels = sorted(((e.label, k) for k, e in methods.items()), key=lambda x: -len(x[0]))
    first_sentence: dict[str, Evidence] = {}
    for item in corpus.items:
        for lm in item.mentions:
            if lm.entity not in first_sentence:
                first_sentence[lm.entity] = Evidence(
                    item.annotated.item.digest_file, item.annotated.sentences[lm.mention.sentence]
                )
    long_names = {k: {a for a in (e.label, *e.aliases, *e.known_names) if len(a.split()) >= 2} for k, e in methods.items()}
    for child_key, child in sorted(methods.items()):
        for parent_key, parent_names in sorted(long_names.items()):
            # 'Multi-Agent Proximal Policy Optimization' contains 'Proximal Policy Optimization': MAPPO extends PPO.
            if parent_key != child_key and any(
                re.search(rf"\S\s+{re.escape(p)}$", c) for p in parent_names for c in long_names[child_key]
            ):
                found[(child_key, Predicate.EXTENDS, parent_key)].add(first_sentence.get(child_key, Evidence("", child.label)))
        for parent_label, parent_key in labels:
            if parent_key == child_key or len(parent_label) < 3 or not re.search(r"[A-Z]{2}", parent_label):
                continue
            pattern = rf"(^{re.escape(parent_label)}[-‐](?=[A-Za-z])|[a-z\-]{re.escape(parent_label)}$|^[A-Z][a-z]+{re.escape(parent_label)}$)"
            if re.search(pattern, child.label):
                found[(child_key, Predicate.EXTENDS, parent_key)].add(first_sentence.get(child_key, Evidence("", child.label)))
                break
