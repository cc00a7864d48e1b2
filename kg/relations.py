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
from .nlp import INTRO_VERBS

_BASE_BEFORE = re.compile(
    r"(built (up)?on|based on|on top of|trained from|train(s|ed|ing)? from|fine-?tun\w*|initiali[sz]ed (from|with)|"
    r"appl(y|ying|ied|ies) \w+( \w+)? to|starts? (with|from)|version of|distill\w* into|adapt\w*|"
    r"upgrades?|trains?|post-train\w*|base model,?|backbones?:?|on|uses?|using|with|improv\w* the [\w-]+ of)\W*(the|a|an|its)?\W*$",
    re.I,
)
_BASE_AFTER = re.compile(r"^\W*(\w+ )?(base\b|backbone|-based|variants of|models? (can )?improve|model as|models? (fine-?tuned|finetuned|trained))", re.I)
_COMPARE = re.compile(
    r"\b(outperform\w*|beat\w*|surpass\w*|rival\w*|match\w*|compar\w*|vs\.?|versus|over|than|exceed\w*|"
    r"better|baselines?|against|tops?|topping)\b", re.I)
_EXTEND_BEFORE = re.compile(
    r"(variant of|extends?|extension of|extending|builds? (up)?on|built (up)?on|based on|modif\w+|improv\w+ (up)?on|"
    r"inspired by|on top of|version of|adapt\w*)\s+(the\s+|a\s+)?(\w+\s+)?$", re.I)
_EXTEND_AROUND = re.compile(r"\bus(es|ing|e) [^,.;]{0,60}?\bwith\b", re.I)
_ORG_CUE_BEFORE = re.compile(
    r"(researchers|team|authors|scientists|engineers|lab|work)\s+(from|at)\b[\w\s,]*$|"
    r"\b(developed|released|proposed|introduced|published|built|presented|authored|led) by\s+(the\s+)?$|^\s*from\s+$", re.I)
_ORG_CUE_AFTER = re.compile(r"^(\s+(researchers|team)\b|\s+(\w+\s+)?(" + "|".join(map(re.escape, sorted(INTRO_VERBS))) + r")\b)", re.I)
_INTRO = re.compile(r"\b(" + "|".join(map(re.escape, sorted(INTRO_VERBS))) + r"|we propose|new)\b", re.I)
_NEGATED = re.compile(r"\b(without|doesn't|does not|don't|do not|no|not|instead of|rather than|unlike|bypass\w*|replac\w*|avoid\w*)\b[^,;]{0,30}$", re.I)
_USE_VERB = re.compile(r"\b(us(e|es|ed|ing)|via|appl(y|ies|ied|ying)|employ\w*|adopt\w*|combin\w*|integrat\w*|leverag\w*|during|incorporat\w*|train\w*)\b", re.I)


def _contrasted(before: str) -> bool:
    """True when the last cue before a method is a comparison ('outperforms X'), not a use ('using X')."""
    compare = [m.end() for m in _COMPARE.finditer(before)]
    use = [m.end() for m in _USE_VERB.finditer(before)]
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


def extract_relations(corpus: LinkedCorpus) -> tuple[Relation, ...]:
    found: dict[tuple[str, str, str], set[Evidence]] = defaultdict(set)
    papers_of_entity: dict[str, set[str]] = defaultdict(set)
    for item in corpus.items:
        for lm in item.mentions:
            papers_of_entity[lm.entity].add(item.paper)
    for item in corpus.items:
        _item_relations(item, corpus.entities, papers_of_entity, found)
    _lineage_by_name(corpus, found)
    return tuple(
        Relation(s, p, o, tuple(sorted(ev, key=lambda e: (e.digest, e.sentence))))
        for (s, p, o), ev in sorted(found.items())
    )


def _item_relations(item: LinkedItem, entities: dict[str, Entity], papers_of_entity, found) -> None:
    digest = item.annotated.item.digest_file
    sentences = item.annotated.sentences

    def add(subject, predicate, obj, sentence_index):
        found[(subject, predicate, obj)].add(Evidence(digest, sentences[sentence_index]))

    introduced = _introduced(item, entities, papers_of_entity)
    for key, sentence_index in sorted(introduced.items()):
        add(item.paper, "introduces", key, sentence_index)
    authors_line = ", ".join(item.annotated.item.affiliations)
    for key in item.affiliations:
        found[(item.paper, "affiliation", key)].add(Evidence(digest, authors_line))

    for lm in item.mentions:
        entity = entities[lm.entity]
        if lm.entity in introduced and entity.type != "Benchmark":
            continue  # a benchmark a paper introduces is usually also one it reports results on
        before, after = _around(item, lm)
        sentence = sentences[lm.mention.sentence]
        if entity.type == "Model":
            if _BASE_BEFORE.search(before[-60:]) and not _COMPARE.search(before[-40:]) or _BASE_AFTER.search(after):
                add(item.paper, "usesBaseModel", lm.entity, lm.mention.sentence)
            elif _COMPARE.search(sentence) and not lm.mention.in_title:
                add(item.paper, "comparedWith", lm.entity, lm.mention.sentence)
            elif papers_of_entity[lm.entity] == {item.paper} and not entity.in_vocabulary and lm.mention.sentence > 0:
                add(item.paper, "usesBaseModel", lm.entity, lm.mention.sentence)  # a model the paper studies or applies
        elif entity.type == "Benchmark":
            if lm.mention.sentence > 0:
                add(item.paper, "evaluatedOn", lm.entity, lm.mention.sentence)
        elif entity.type == "Method":
            if not _NEGATED.search(before[-40:]) and not _contrasted(before[-50:]) and lm.mention.sentence > 0:
                add(item.paper, "usesMethod", lm.entity, lm.mention.sentence)
                extended = _EXTEND_BEFORE.search(before[-60:]) or re.match(r"^-(style|based)\b", after) or (
                    _EXTEND_AROUND.search(before[-70:] + lm.mention.surface + after[:30]) and re.search(r"\bus(es|ing|e)\b", before[-70:])
                )
                for new_method in _introduced_methods_in_sentence(item, lm, introduced, entities) if extended else ():
                    add(new_method.entity, "extends", lm.entity, lm.mention.sentence)
        elif entity.type == "Organization":
            if _ORG_CUE_BEFORE.search(before[-80:]) or _ORG_CUE_AFTER.search(after) or lm.mention.sentence == 0:
                add(item.paper, "affiliation", lm.entity, lm.mention.sentence)
    _share_across_conjuncts(item, entities, found)


_CONJUNCTION = re.compile(r"^\s*(,|,?\s*and|,?\s*or|/)\s*$")


def _share_across_conjuncts(item: LinkedItem, entities: dict[str, Entity], found) -> None:
    """'On Llama-3.1-8B and Qwen-2.5-7B, ...': names joined by 'and' or a comma share their relation."""
    digest = item.annotated.item.digest_file
    for a, b in zip(item.mentions, item.mentions[1:]):
        if a.mention.sentence != b.mention.sentence or entities[a.entity].type != entities[b.entity].type:
            continue
        sentence = item.annotated.sentences[a.mention.sentence]
        i, j = sentence.find(a.mention.surface), sentence.find(b.mention.surface)
        if i < 0 or j <= i or not _CONJUNCTION.match(sentence[i + len(a.mention.surface) : j]):
            continue
        evidence = Evidence(digest, sentence)
        for predicate in ("usesBaseModel", "comparedWith", "evaluatedOn", "usesMethod"):
            for x, y in ((a.entity, b.entity), (b.entity, a.entity)):
                if evidence in found.get((item.paper, predicate, x), ()) and (item.paper, "introduces", y) not in found:
                    found[(item.paper, predicate, y)].add(evidence)


def _around(item: LinkedItem, lm: LinkedMention) -> tuple[str, str]:
    """The text of the mention's sentence before and after it."""
    sentence = item.annotated.sentences[lm.mention.sentence]
    at = sentence.find(lm.mention.surface)
    if at < 0:
        return sentence, ""
    return sentence[:at], sentence[at + len(lm.mention.surface):]


def _introduced(item: LinkedItem, entities: dict[str, Entity], papers_of_entity) -> dict[str, int]:
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
        if entity.type == "Organization" or lm.entity in out:
            continue
        before, after = _around(item, lm)
        family = entities.get(entity.variant_of) if entity.variant_of else None
        known = entity.in_vocabulary or (family is not None and family.in_vocabulary)
        # A name only this paper uses, met for the first time, is the paper's own unless a cue says otherwise.
        novel = not known and papers_of_entity[lm.entity] == {item.paper} and first_mention
        clause = re.split(r"\b(that|which|using|with|on|against|than|over|outperform\w*|from|to)\b", before)[-1]
        by_verb = _INTRO.search(clause) is not None
        subject_of_verb = re.match(r"^\s*(\([^)]*\)\s*)?,?\s*(" + "|".join(map(re.escape, sorted(INTRO_VERBS))) + r")\b", after, re.I)
        title = item.annotated.item.title
        # A title introduces the name it opens with ('DAPO: ...', 'WebThinker'), not what it studies ('Rethinking X').
        in_title = lm.mention.in_title and (title.startswith(lm.mention.surface) or lm.mention.source == "title"
                                            or (not known and len(title.split()) <= 4))
        if known and not in_title:
            continue  # a well-known entity is introduced only by a paper whose title opens with its name
        compared = _COMPARE.search(before[-50:]) is not None
        if entity.type == "Benchmark":
            defined = re.match(r"^\s*(is|are) an? ", after) is not None and novel
            if by_verb or subject_of_verb or in_title or defined:
                out.setdefault(lm.entity, lm.mention.sentence)
        elif entity.type == "Model" and not in_title and (_BASE_BEFORE.search(before[-60:]) or _BASE_AFTER.search(after)):
            continue  # "an enhanced version of the previous Janus model": a base, not a contribution
        elif entity.type == "Model" and novel and not (by_verb or subject_of_verb or in_title) and not _opens_clause(before):
            continue  # "embedding models like OpenAI's text-embedding-3-small are also susceptible": studied, not made
        elif by_verb or subject_of_verb or in_title or (novel and not compared and not entity.variant_of and not _USE_VERB.search(clause[-40:])):
            if not (compared and not by_verb):
                out.setdefault(lm.entity, lm.mention.sentence)
    for key in list(out):
        label = entities[key].label
        for lm in item.mentions:
            other = entities[lm.entity]
            if not other.in_vocabulary and other.label.startswith(label + "-") and lm.entity not in out:
                out[lm.entity] = lm.mention.sentence  # 'WebThinker-32B-RL' belongs to 'WebThinker'
    return out


def _opens_clause(before: str) -> bool:
    """True when nothing but a bullet or a 'Heading:' label comes before the name in its sentence."""
    return re.fullmatch(r"\s*([●•*\-–]\s*)?([^.:]{0,60}[:–-]\s*)?(the\s+)?", before, re.I) is not None


def _introduced_methods_in_sentence(item, lm, introduced, entities):
    return [
        other
        for other in item.mentions
        if other.mention.sentence == lm.mention.sentence
        and other.entity in introduced
        and other.entity != lm.entity
        and entities[other.entity].type == "Method"
    ]


def _lineage_by_name(corpus: LinkedCorpus, found) -> None:
    """A method named after another extends it: GRPO-RoC -> GRPO, online-DPO -> DPO, QLoRA -> LoRA."""
    methods = {k: e for k, e in corpus.entities.items() if e.type == "Method"}
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
                found[(child_key, "extends", parent_key)].add(first_sentence.get(child_key, Evidence("", child.label)))
        for parent_label, parent_key in labels:
            if parent_key == child_key or len(parent_label) < 3 or not re.search(r"[A-Z]{2}", parent_label):
                continue
            pattern = rf"(^{re.escape(parent_label)}[-‐](?=[A-Za-z])|[a-z\-]{re.escape(parent_label)}$|^[A-Z][a-z]+{re.escape(parent_label)}$)"
            if re.search(pattern, child.label):
                found[(child_key, "extends", parent_key)].add(first_sentence.get(child_key, Evidence("", child.label)))
                break
