"""Stage 3: map every mention to one canonical entity, and every item to one paper.

Names are compared after folding (``vocab.fold``). A mention resolves through
the vocabulary's aliases, the corpus's acronym definitions and vendor
prefixes; what remains is a new entity named by the mention. Each entity gets
one type from the votes of all its mentions, and size/version/edition variants
are tied to their family (``Qwen2.5-Math-7B`` -> ``Qwen2.5-Math`` -> ``Qwen2.5``;
``AIME25`` = ``AIME 2025`` -> ``AIME``).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from .ingest import Digest
from .lexicon import Lexicon, load_lexicon
from .namespaces import EntityType
from .nlp import SIZE_TOKEN, AnnotatedItem, Mention, type_from_expansion, vote_totals
from .slugs import hashed_key, name_key
from .vocab import Vocabulary, fold

TYPE_ORDER = (EntityType.MODEL, EntityType.BENCHMARK, EntityType.METHOD, EntityType.ORGANIZATION)  # tie-break between equal votes
_EDITION = re.compile(r"^(?P<base>.*?[A-Za-z])[\s-]?(?P<century>20)?(?P<year>\d{2})$")
_FAMILY_NUMBER = re.compile(r"^(?P<family>[A-Za-z][A-Za-z]+?)-?(?P<version>\d[\w.]*)$")


@dataclass
class Entity:
    key: str  # folded canonical name; unique per real-world thing
    label: str
    type: str
    aliases: set[str] = field(default_factory=set)
    digests: set[str] = field(default_factory=set)
    variant_of: str | None = None  # key of the family
    in_vocabulary: bool = False
    known_names: tuple[str, ...] = ()  # the vocabulary's names for it, seen in the text or not


@dataclass(frozen=True)
class LinkedMention:
    mention: Mention
    entity: str  # Entity.key


@dataclass(frozen=True)
class LinkedItem:
    annotated: AnnotatedItem
    paper: str  # Paper.key
    mentions: tuple[LinkedMention, ...]
    system: str | None  # key of the entity the title names, if any
    affiliations: tuple[str, ...] = ()  # Organization keys the layout states apart from the prose


@dataclass
class Paper:
    key: str
    title: str
    digests: set[str] = field(default_factory=set)
    titles: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class LinkedCorpus:
    digests: tuple[Digest, ...]
    entities: dict[str, Entity]
    papers: dict[str, Paper]
    items: tuple[LinkedItem, ...]


def paper_key(title: str) -> str:
    """Titles that differ only in case, punctuation or spacing are the same paper; titles in any script
    keep their letters, so "深度推理模型" and "强化学习的新方法" stay two papers."""
    return name_key(title) or hashed_key(title)


class Linker:
    def __init__(self, vocabulary: Vocabulary, lexicon: Lexicon | None = None):
        self.vocabulary = vocabulary
        self.lex = lexicon or load_lexicon()
        self.vocab_by_fold = vocabulary.by_fold()
        self.org_prefixes = sorted(
            {fold(n) for e in vocabulary.entries if e.type == EntityType.ORGANIZATION for n in (e.id, *e.aliases)},
            key=len,
            reverse=True,
        )

    # ------------------------------------------------------------ name resolution

    def link(self, digests: list[Digest], annotated: list[AnnotatedItem]) -> LinkedCorpus:
        acronyms = self._acronym_table(annotated)
        entities: dict[str, Entity] = {}
        votes: dict[str, Counter] = defaultdict(Counter)
        surfaces: dict[str, Counter] = defaultdict(Counter)
        linked_items = []
        for ann in annotated:
            linked = []
            system = self._system_entity(ann, acronyms)
            short_forms = self._short_forms(ann, acronyms)
            for mention in ann.mentions:
                own_name = mention.source == "title" and mention.text == ann.system_names[0]
                key = system if own_name else (short_forms.get(fold(mention.text)) or self._resolve(mention.text, acronyms, mention.owner))
                if key is None:
                    continue
                entity = entities.get(key) or self._new_entity(key, mention.text)
                entities[key] = entity
                if mention.nested:
                    continue  # 'Proximal Policy Optimization' inside MAPPO's expansion: known for lineage, not a mention
                entity.aliases.add(mention.surface)
                entity.digests.add(ann.item.digest_file)
                votes[key].update(vote_totals(mention.votes))
                if mention.source == "title":
                    votes[key][EntityType.METHOD] += 1  # a paper's own named system is a method unless told otherwise
                if mention.source != "title" or fold(mention.text) == key:
                    surfaces[key][mention.text] += 1
                linked.append(LinkedMention(mention, key))
            affiliations = []
            for name in ann.item.affiliations:
                key = self._resolve(name, acronyms)
                if key:
                    entity = entities.setdefault(key, self._new_entity(key, name))
                    entity.aliases.add(name)
                    entity.digests.add(ann.item.digest_file)
                    votes[key][EntityType.ORGANIZATION] += 10
                    surfaces[key][name] += 1
                    affiliations.append(key)
            linked_items.append((ann, linked, system, tuple(affiliations)))
        for definition in (d for ann in annotated for d in ann.acronyms):
            key = self._resolve(definition.short, acronyms)
            if key in entities:
                entities[key].aliases.add(definition.long)
                kind = type_from_expansion(definition.long, self.lex)
                if kind:
                    votes[key][kind] += 10  # a definition's head noun says what it is, like the vocabulary would
        self._choose_labels_and_types(entities, votes, surfaces)
        self._link_variants(entities, votes)
        papers = self._papers(annotated)
        items = tuple(
            LinkedItem(ann, paper_key(ann.item.title), tuple(linked), system if system in entities else None, affiliations)
            for ann, linked, system, affiliations in linked_items
        )
        return LinkedCorpus(tuple(digests), entities, papers, items)

    def _system_entity(self, ann: AnnotatedItem, acronyms: dict[str, str]) -> str | None:
        """The entity a title names: 'Describe Anything' is DAM when the text defines DAM (Describe
        Anything Model); 'Code World Model' is the CWM the text talks about."""
        if not ann.system_names:
            return None
        system = ann.system_names[0]
        name = fold(system)
        for definition in ann.acronyms:
            if fold(definition.long).startswith(name + "-") and fold(definition.short) != name:
                return self._resolve(definition.short, acronyms)
        initials = "".join(w[0] for w in system.split() if w[:1].isupper())
        if len(initials) >= 2 and any(m.text == initials for m in ann.mentions):
            return self._resolve(initials, acronyms)
        return self._resolve(system, acronyms)

    def _short_forms(self, ann: AnnotatedItem, acronyms: dict[str, str]) -> dict[str, str]:
        """Within one item, the last word of a longer name refers back to it: 'Arena' after 'Chatbot Arena',
        'DeepMind' after 'Google DeepMind' (unless the word is a known name of its own)."""
        forms = {}
        for mention in ann.mentions:
            words = mention.text.split()
            last = fold(words[-1]) if len(words) > 1 else ""
            if len(last) >= 3 and words[-1][:1].isupper() and words[-1].isalpha() and last not in self.vocab_by_fold:
                key = self._resolve(mention.text, acronyms, mention.owner)
                if key:
                    forms.setdefault(last, key)
        return forms

    def _acronym_table(self, annotated: list[AnnotatedItem]) -> dict[str, str]:
        table = {}
        for ann in annotated:
            for d in ann.acronyms:
                table.setdefault(fold(d.long), d.short)
        return table

    def _resolve(self, name: str, acronyms: dict[str, str], owner: str | None = None) -> str | None:
        if owner:  # "DeepSeek's R1": the vendor's name for it if known, else the name alone
            combined = fold(f"{owner}-{name}")
            if combined in self.vocab_by_fold:
                return fold(self.vocab_by_fold[combined].id)
        folded = fold(name)
        if not folded or folded in self.vocabulary.not_entities:
            return None
        if folded in acronyms:
            return self._resolve(acronyms[folded], {})
        if folded in self.vocab_by_fold:
            return fold(self.vocab_by_fold[folded].id)
        edition = self._edition(name)
        if edition:
            return fold(edition)
        for prefix in self.org_prefixes:
            rest = folded[len(prefix) + 1 :]
            if folded.startswith(prefix + "-") and rest in self.vocab_by_fold:
                return fold(self.vocab_by_fold[rest].id)  # 'OpenAI-o3-mini' is o3-mini
        return folded

    def _edition(self, name: str) -> str | None:
        """'AIME25', 'AIME-25', 'AIME 2025' -> 'AIME 2025' when AIME is a known benchmark."""
        match = _EDITION.match(name.strip())
        if not match:
            return None
        entry = self.vocab_by_fold.get(fold(match.group("base")))
        if entry is None or entry.type != EntityType.BENCHMARK or (not match.group("century") and len(name) > len(match.group("base")) + 3):
            return None
        return f"{entry.id} 20{match.group('year')}"

    def _new_entity(self, key: str, text: str) -> Entity:
        entry = self.vocab_by_fold.get(key)
        if entry:
            return Entity(key, entry.id, entry.type, in_vocabulary=True, known_names=(entry.id, *entry.aliases))
        match = _EDITION.match(text.strip())
        if match and fold(match.group("base")) in self.vocab_by_fold:
            label = self._edition(text)
            if label:
                return Entity(key, label, EntityType.BENCHMARK)
        return Entity(key, text, "")

    # ------------------------------------------------------------ types and labels

    def _choose_labels_and_types(self, entities, votes, surfaces) -> None:
        for key, entity in entities.items():
            if entity.in_vocabulary:
                continue
            if surfaces[key] and (not entity.label or entity.type != EntityType.BENCHMARK):
                # Most frequent spelling; ties go to the one with more capitals (vendor spelling), then order.
                entity.label = min(surfaces[key].items(), key=lambda kv: (-kv[1], -sum(c.isupper() for c in kv[0]), kv[0]))[0]
            if entity.type:
                continue
            totals = votes[key]
            if totals:
                entity.type = max(TYPE_ORDER, key=lambda t: (totals[t], -TYPE_ORDER.index(t)))
                if totals[entity.type] == 0:
                    entity.type = ""

    def _link_variants(self, entities: dict[str, Entity], votes: dict[str, Counter]) -> None:
        for entry in self.vocabulary.entries:
            key = fold(entry.id)
            if key in entities and entry.variant_of:
                self._ensure_vocab_entity(entities, entry.variant_of)
                entities[key].variant_of = fold(entry.variant_of)
        for key in sorted(entities):
            self._find_family(entities, key)
        for key, entity in entities.items():
            parent = entities.get(entity.variant_of) if entity.variant_of else None
            weak = not entity.type or (not entity.in_vocabulary and votes[key][entity.type] < 3)
            if weak and parent is not None and parent.type in {EntityType.MODEL, EntityType.BENCHMARK}:
                entity.type = parent.type  # 'Phi-4-Mini-Reasoning' is a Phi-4 model whatever its title suggests
            elif not entity.type:
                entity.type = EntityType.METHOD  # a named thing with no other evidence: systems and frameworks are methods
        for entity in entities.values():
            parent = entities.get(entity.variant_of) if entity.variant_of else None
            if parent is None or parent.type != entity.type or entity.type not in {EntityType.MODEL, EntityType.BENCHMARK}:
                entity.variant_of = None
            elif not entity.in_vocabulary:
                entity.label = _family_spelling(entity.label, parent.label)

    def _ensure_vocab_entity(self, entities: dict[str, Entity], name: str) -> None:
        """Add a vocabulary entity the text implies ('Qwen2.5-Math' of 'Qwen2.5-Math-7B'), with its family."""
        key = fold(name)
        if key not in entities:
            entry = self.vocab_by_fold[key]
            entities[key] = Entity(key, entry.id, entry.type, in_vocabulary=True, known_names=(entry.id, *entry.aliases))
            if entry.variant_of:
                self._ensure_vocab_entity(entities, entry.variant_of)
                entities[key].variant_of = fold(entry.variant_of)

    def _find_family(self, entities: dict[str, Entity], key: str) -> None:
        entity = entities[key]
        if entity.variant_of or entity.type == EntityType.ORGANIZATION or (entity.in_vocabulary and entity.type == EntityType.METHOD):
            return
        if entity.in_vocabulary and self.vocab_by_fold[key].variant_of is None and key != fold(self.vocab_by_fold[key].id):
            return
        label = entity.label
        edition = _EDITION.match(label)
        if entity.type == EntityType.BENCHMARK and edition and edition.group("century"):
            base = fold(edition.group("base"))
            if base not in entities:  # 'IOI 2024' implies the competition IOI
                entities[base] = Entity(base, edition.group("base").strip(), EntityType.BENCHMARK)
            elif entities[base].type != EntityType.BENCHMARK and not entities[base].in_vocabulary:
                entities[base].type = EntityType.BENCHMARK
            entity.variant_of = base
            return
        segments = re.split(r"(?<=[^\s-])[\s-](?=\S)", label)
        if not entity.in_vocabulary:
            # A family the corpus names by dropping middle parts: 'Qwen2.5-7B-Instruct-1M' -> 'Qwen2.5-1M'.
            first = fold(segments[0])
            shorter = [k for k, e in entities.items()
                       if k != key and e.type in {entity.type, ""} and k.startswith(first) and _is_subsequence(_segments(e.label), segments)]
            if shorter:
                entity.variant_of = max(shorter, key=lambda k: (len(_segments(entities[k].label)), k))
                return
        if not entity.in_vocabulary:
            # 'GPT-4V' is a GPT-4: a known model's name plus a short suffix.
            known = [k for k, e in entities.items() if e.type == EntityType.MODEL and k != key and key.startswith(k)
                     and 1 <= len(key) - len(k) <= 3 and key[len(k):].isalnum() and k[-1].isdigit()]
            if known:
                entity.variant_of = max(known, key=len)
                return
        for cut in range(len(segments) - 1, 0, -1):
            prefix = "-".join(segments[:cut]) if "-" in label else " ".join(segments[:cut])
            prefix_key = fold(prefix)
            if prefix_key in entities or prefix_key in self.vocab_by_fold:
                if prefix_key not in entities:
                    self._ensure_vocab_entity(entities, self.vocab_by_fold[prefix_key].id)
                entity.variant_of = prefix_key
                break
            tail = segments[cut:]
            if cut == len(segments) - 1 and (SIZE_TOKEN.match(tail[0]) or tail[0].lower() in self.lex.family_tiers):
                # 'Qwen2.5-Math-7B' -> 'Qwen2.5-Math', a family the text implies but never names alone
                family = Entity(prefix_key, prefix, entity.type or EntityType.MODEL)
                entities[prefix_key] = family
                entity.variant_of = prefix_key
                self._find_family(entities, prefix_key)
                break
        if entity.variant_of is None and not entity.in_vocabulary:
            match = _FAMILY_NUMBER.match(label)  # 'Grok3', 'Gemini2.0' -> the family named by the letters
            family = fold(match.group("family")) if match else None
            if family and (family in self.vocab_by_fold or family in entities) and family != key:
                if family not in entities:
                    self._ensure_vocab_entity(entities, self.vocab_by_fold[family].id)
                entity.variant_of = family

    # ------------------------------------------------------------ papers

    def _papers(self, annotated: list[AnnotatedItem]) -> dict[str, Paper]:
        papers: dict[str, Paper] = {}
        for ann in annotated:
            key = paper_key(ann.item.title)
            paper = papers.setdefault(key, Paper(key, ann.item.title))
            paper.digests.add(ann.item.digest_file)
            paper.titles.add(ann.item.title)
        return papers


@lru_cache(maxsize=65536)
def _segments(label: str) -> list[str]:
    return [fold(p) for p in re.split(r"(?<=[^\s-])[\s-](?=\S)", label)]


def _is_subsequence(short: list[str], long: list[str]) -> bool:
    """True when 'short' keeps the first part of 'long' and drops at least one later part, in order."""
    long = [fold(p) for p in long]
    if len(short) < 2 or len(short) >= len(long) or short[0] != long[0] or short == long[: len(short)]:
        return False
    it = iter(long[1:])
    return all(any(part == x for x in it) for part in short[1:])


def _family_spelling(label: str, family: str) -> str:
    """Spell a variant's family part as the family is spelled: 'Qwen-2.5-7B' -> 'Qwen2.5-7B'."""
    target = fold(family)
    for cut in range(1, len(label) + 1):
        if fold(label[:cut]) == target and (cut == len(label) or label[cut] in " -"):
            same_letters = re.sub(r"[\s-]", "", label[:cut]) == re.sub(r"[\s-]", "", family)
            return family + label[cut:] if same_letters else label
    return label


def link(vocabulary: Vocabulary, digests: list[Digest], annotated: list[AnnotatedItem],
         lexicon: Lexicon | None = None) -> LinkedCorpus:
    return Linker(vocabulary, lexicon).link(digests, annotated)
