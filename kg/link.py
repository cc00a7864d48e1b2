"""Stage 3: map every mention to one canonical entity, and every item to one paper.

Linking runs as passes, each returning new frozen values: **resolve names** (every mention to
an entity key, through the vocabulary's aliases, the corpus's acronym definitions and vendor
prefixes; what remains is a new entity named by the mention), **choose types** (one type per
entity from the votes of all its mentions, ``votes.decide_type``), **families** (size, version
and edition variants tied to their family: ``Qwen2.5-Math-7B`` -> ``Qwen2.5-Math`` ->
``Qwen2.5``; ``AIME25`` = ``AIME 2025`` -> ``AIME``), and **papers**. Each pass records why it
decided what it did (``LinkedCorpus.votes`` and ``.decisions``), which ``kg explain`` prints.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise

from .ingest import Digest
from .lexicon import Lexicon, load_lexicon
from .name_index import KeyPrefixes
from .namespaces import EntityType
from .nlp import SIZE_TOKEN, VERSION_TOKEN, AnnotatedItem, Mention, type_from_expansion
from .slugs import hashed_key, name_key
from .vocab import VocabEntry, Vocabulary, fold
from .votes import Vote, decide_type, entity_features, vote_totals

SHAPE_RULE_PREFIX = "shape."  # the rules that read a name alone (kg/nlp/shapes.py), not the words around it
FAMILY_TYPES = frozenset({EntityType.MODEL, EntityType.BENCHMARK, EntityType.METHOD})  # the types whose releases follow them
_EDITION = re.compile(r"^(?P<base>.*?[A-Za-z])[\s-]?(?P<century>20)?(?P<year>\d{2})$")
_APOSTROPHE_YEAR = re.compile(r"['\u2019](?=\d{2}$)")  # 'AIME’25': the apostrophe that elides a year's century
_POINT_RELEASE = re.compile(r"^(?P<major>.*?[A-Za-z][\s-]?\d+)\.\d+$")  # 'GPT-5.2' of 'GPT-5'
_ACTIVE_SIZE = re.compile(r"^A\d+(?:\.\d+)?B$")  # the active parameters of a mixture of experts: '30B-A3B'
_GENERATION_NUMBER = re.compile(r"^\d+(?:\.\d+)*$")  # '2.5' in 'Zorb 2.5 Pro'; not 'v1', a release
_CAPITAL_VERSION = re.compile(r"^V\d+(?:\.\d+)*$")  # 'DeepSeek-V3', 'Zorb V2'
# 'MinerU2.0', 'Zorb-1.5', 'Zorb V2', 'Zorbv2': a release number after a name of its own (its last word two
# letters or more, so 'Kimi K2.5' is not 'Kimi K' release 2.5)
_RELEASE = re.compile(r"^(?P<family>.*?[A-Za-z]{2})(?:[\s-]?[vV]?\d+(?:\.\d+)+|[\s-]?[vV]\d+)$")
_FAMILY_NUMBER = re.compile(r"^(?P<family>[A-Za-z][A-Za-z]+?)-?(?P<version>\d[\w.]*)$")
# a name's family word: 'GPT' of 'GPT-4o', 'Qwen' of 'Qwen2.5-Math', 'Llama' of 'Llama 3.1'
_FAMILY_HEAD = re.compile(r"^(?P<head>[A-Za-z]{3,})(?:\d[\d.]*[A-Za-z]?)?$")
_RELEASE_NUMBER = re.compile(r"^[A-Za-z]?\d")  # '2', 'K2', 'k1.5', 'V3': a release number after a family word


@dataclass(frozen=True)
class Entity:
    key: str  # folded canonical name; unique per real-world thing
    label: str
    type: EntityType | None  # None until the types pass has decided
    aliases: frozenset[str] = frozenset()
    digests: frozenset[str] = frozenset()
    variant_of: str | None = None  # key of the family
    part_of: str | None = None  # key of the organisation this one is a named unit of (README "Organisations")
    in_vocabulary: bool = False
    known_names: tuple[str, ...] = ()  # the vocabulary's names for it, seen in the text or not

    @property
    def kind(self) -> EntityType:
        """The decided type: every entity of a LinkedCorpus has one."""
        if self.type is None:
            raise ValueError(f"{self.label}: no type decided")
        return self.type


@dataclass(frozen=True)
class TracedVote:
    """A vote with where it was cast, for ``kg explain``."""

    vote: Vote
    digest: str
    sentence: str


@dataclass(frozen=True)
class Decision:
    """One step of how an entity got its type or family: the rule and what it saw."""

    rule: str
    detail: str


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


@dataclass(frozen=True)
class Paper:
    key: str
    title: str
    digests: frozenset[str] = frozenset()
    titles: frozenset[str] = frozenset()


@dataclass(frozen=True)
class LinkedCorpus:
    digests: tuple[Digest, ...]
    entities: Mapping[str, Entity]
    papers: Mapping[str, Paper]
    items: tuple[LinkedItem, ...]
    votes: Mapping[str, tuple[TracedVote, ...]] = field(default_factory=dict)  # every vote on each entity
    decisions: Mapping[str, tuple[Decision, ...]] = field(default_factory=dict)  # how its type and family were chosen


@dataclass(frozen=True)
class _Resolved:
    """What the resolve-names pass hands on."""

    entities: dict[str, Entity]
    votes: dict[str, list[TracedVote]]
    surfaces: dict[str, Counter[str]]
    items: list[tuple[AnnotatedItem, list[LinkedMention], str | None, tuple[str, ...]]]


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
        self._org_prefix_set = frozenset(self.org_prefixes)
        self.family_heads = _family_heads(vocabulary)
        self.family_words = _family_words(vocabulary)

    def link(self, digests: list[Digest], annotated: list[AnnotatedItem]) -> LinkedCorpus:
        resolved = self.resolve_names(annotated)
        decisions: dict[str, list[Decision]] = defaultdict(list)
        typed = self.choose_types(resolved, decisions)
        entities = self.families(typed, resolved.votes, decisions)
        papers = self.papers(annotated)
        # a name the types pass left out is no mention of anything
        items = tuple(
            LinkedItem(ann, paper_key(ann.item.title), tuple(m for m in linked if m.entity in entities),
                       system if system in entities else None, tuple(a for a in affiliations if a in entities))
            for ann, linked, system, affiliations in resolved.items
        )
        return LinkedCorpus(
            tuple(digests), entities, papers, items,
            votes={k: tuple(v) for k, v in resolved.votes.items() if k in entities},
            decisions={k: tuple(v) for k, v in decisions.items()},
        )

    # ------------------------------------------------------------ pass 1: resolve names

    def _cast(self, rule: str, kind: EntityType) -> Vote:
        return Vote(rule, kind, self.lex.weights[rule])

    def resolve_names(self, annotated: list[AnnotatedItem]) -> _Resolved:
        acronyms = self._acronym_table(annotated)
        created: dict[str, Entity] = {}
        aliases: dict[str, set[str]] = defaultdict(set)
        digests: dict[str, set[str]] = defaultdict(set)
        votes: dict[str, list[TracedVote]] = defaultdict(list)
        surfaces: dict[str, Counter[str]] = defaultdict(Counter)
        shaped: set[tuple[str, str, Vote]] = set()  # (entity, digest, shape vote) already counted
        linked_items = []
        for ann in annotated:
            digest = ann.item.digest_file
            linked = []
            system = self._system_entity(ann, acronyms)
            short_forms = self._short_forms(ann, acronyms)
            defaulted: set[str] = set()
            for mention in ann.mentions:
                own_name = mention.source == "title" and mention.text == ann.system_names[0]
                key = system if own_name else (short_forms.get(fold(mention.text)) or self._resolve(mention.text, acronyms, mention.owner))
                if key is None:
                    continue
                if key not in created:
                    created[key] = self._new_entity(key, mention.text)
                if mention.nested:
                    continue  # 'Proximal Policy Optimization' inside MAPPO's expansion: known for lineage, not a mention
                # alias.no-bare-number: 'and 3.5' of 'Zorb 3 and 3.5', '25' of 'ZMO24/25', '4B' of 'Zorb-2B/4B' name the
                # release by its number or size alone, which is no name of it; the name the mention stands for is
                bare = not any(c.isalpha() for c in mention.surface) or SIZE_TOKEN.match(mention.surface)
                aliases[key].add(mention.text if bare else mention.surface)
                digests[key].add(digest)
                sentence = ann.sentences[mention.sentence]
                # type.shape-once-per-digest: a shape vote reads the name alone, so every mention casts the same one;
                # counted once per digest, so that 'ZorbNet' written six times does not outvote the one apposition
                # that calls it a model (a context vote reads its own sentence, and counts each time)
                for v in mention.votes:
                    if v.rule.startswith(SHAPE_RULE_PREFIX):
                        if (key, digest, v) in shaped:
                            continue
                        shaped.add((key, digest, v))
                    votes[key].append(TracedVote(v, digest, sentence))
                if mention.source == "title" and key not in defaulted:
                    # a paper's own named system is a method unless told otherwise: a default, cast once per item,
                    # so that an item writing the name five times does not outvote the one apposition that types it
                    defaulted.add(key)
                    votes[key].append(TracedVote(self._cast("title.own-system", EntityType.METHOD), digest, sentence))
                if mention.source != "title" or fold(mention.text) == key:
                    surfaces[key][mention.text] += 1
                linked.append(LinkedMention(mention, key))
            affiliations = []
            for name in ann.item.affiliations:
                key = self._resolve(name, acronyms)
                if key:
                    if key not in created:
                        created[key] = self._new_entity(key, name)
                    aliases[key].add(name)
                    digests[key].add(digest)
                    votes[key].append(TracedVote(self._cast("affiliation-line", EntityType.ORGANIZATION), digest,
                                                 ", ".join(ann.item.affiliations)))
                    surfaces[key][name] += 1
                    affiliations.append(key)
            linked_items.append((ann, linked, system, tuple(affiliations)))
        for ann in annotated:
            for definition in ann.acronyms:
                key = self._resolve(definition.short, acronyms)
                if key in created:
                    aliases[key].add(definition.long)
                    kind = type_from_expansion(definition.long, self.lex)
                    if kind:  # a definition's head noun says what it is, like the vocabulary would
                        votes[key].append(TracedVote(self._cast("acronym-expansion", kind), ann.item.digest_file,
                                                     ann.sentences[definition.sentence]))
        for key, entity in created.items():
            kind = None if entity.in_vocabulary or not digests[key] else self._family_head_type(entity.label)
            if kind:  # name.known-family-head: 'Zorb-9' is whatever the vocabulary's other Zorb-names are
                votes[key].append(TracedVote(self._cast("name.known-family-head", kind), min(digests[key]), entity.label))
        entities = {k: replace(e, aliases=frozenset(aliases[k]), digests=frozenset(digests[k])) for k, e in created.items()}
        return _Resolved(entities, votes, surfaces, linked_items)

    def _family_head_type(self, label: str) -> EntityType | None:
        """The one type the vocabulary gives the names that open with this name's family word, if enough of them
        agree; None when the name is its family word alone or the word opens names of mixed types."""
        word = _family_word(label)
        counts = self.family_heads.get(fold(word)) if word else None
        if not counts or not _is_family_word(word or "", self.family_words):
            return None
        kind, n = counts.most_common(1)[0]
        if kind == EntityType.ORGANIZATION:
            return None  # 'Google Zorb-2': a vendor's word opens its model's name, so it says nothing of the type
        enough = n >= self.lex.thresholds["family-head-names"]
        agreed = 100 * n >= self.lex.thresholds["family-head-share-percent"] * sum(counts.values())
        return kind if enough and agreed else None

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
        forms: dict[str, str] = {}
        for mention in ann.mentions:
            words = mention.text.split()
            last = fold(words[-1]) if len(words) > 1 else ""
            if len(last) >= 3 and words[-1][:1].isupper() and words[-1].isalpha() and last not in self.vocab_by_fold:
                key = self._resolve(mention.text, acronyms, mention.owner)
                if key:
                    forms.setdefault(last, key)
        return forms

    def _acronym_table(self, annotated: list[AnnotatedItem]) -> dict[str, str]:
        table: dict[str, str] = {}
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
        reordered = self._tier_order(name)
        if reordered:
            return reordered
        vendorless = self._vendorless_head(folded)
        if vendorless:
            return vendorless
        rest = self._after_org_prefix(folded)
        if rest is not None:
            return fold(self.vocab_by_fold[rest].id)  # 'OpenAI-o3-mini' is o3-mini
        return folded

    def _after_org_prefix(self, folded: str) -> str | None:
        """What follows the longest organisation name before a hyphen, when the vocabulary knows it. A name's
        own hyphens are the only places an organisation can end, so they are looked up, longest prefix first,
        instead of trying every organisation of the vocabulary on every name (most of the link stage's time)."""
        cut = folded.rfind("-")
        while cut >= 0:
            if folded[:cut] in self._org_prefix_set and folded[cut + 1 :] in self.vocab_by_fold:
                return folded[cut + 1 :]
            cut = folded.rfind("-", 0, cut)
        return None

    def _vendorless_head(self, folded: str) -> str | None:
        """'R1-Distill-Zorb' is 'DeepSeek-R1-Distill-Zorb': a name opening with a model's vendor-less alias is
        keyed by the model's full name, so both spellings are one entity."""
        head, _, rest = folded.partition("-")
        entry = self.vocab_by_fold.get(head) if rest else None
        if entry is None or entry.type != EntityType.MODEL or not fold(entry.id).endswith("-" + head):
            return None
        full = fold(f"{entry.id}-{rest}")
        return fold(self.vocab_by_fold[full].id) if full in self.vocab_by_fold else full

    def _tier_order(self, name: str) -> str | None:
        """'Claude 4.5 Opus' is 'Claude Opus 4.5': a vendor's tier before or after the version names one model."""
        parts = name.split()
        for i in range(1, len(parts) - 1):
            first, second = parts[i], parts[i + 1]
            if any(VERSION_TOKEN.match(a) and b.lower() in self.lex.model_tiers for a, b in ((first, second), (second, first))):
                swapped = fold(" ".join([*parts[:i], second, first, *parts[i + 2:]]))
                if swapped in self.vocab_by_fold:
                    return fold(self.vocab_by_fold[swapped].id)
        return None

    def _edition(self, name: str) -> str | None:
        """'AIME25', 'AIME-25', 'AIME 2025' -> 'AIME 2025' when AIME is a known benchmark; edition.apostrophe-year:
        'AIME’25' and "AIME '25" too, the year's century elided with an apostrophe."""
        name = _APOSTROPHE_YEAR.sub("", name)
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
            return _vocab_entity(key, entry)
        match = _EDITION.match(text.strip())
        if match and fold(match.group("base")) in self.vocab_by_fold:
            label = self._edition(text)
            if label:
                return Entity(key, label, EntityType.BENCHMARK)
        return Entity(key, text, None)

    # ------------------------------------------------------------ pass 2: labels and types

    def choose_types(self, resolved: _Resolved, decisions: dict[str, list[Decision]]) -> dict[str, Entity]:
        """One type per entity; a discovered name the fitted decision finds unlikely to be an entity is left out."""
        out: dict[str, Entity] = {}
        model = self.lex.type_decision
        for key, entity in resolved.entities.items():
            if entity.in_vocabulary:
                decisions[key].append(Decision("type.vocabulary", f"{entity.type} in ontology/vocabulary.jsonl"))
                out[key] = entity
                continue
            label = self.label(resolved, key)
            kind = entity.type
            votes = [t.vote for t in resolved.votes.get(key, ())]
            if kind:
                decisions[key].append(Decision("type.edition", f"{kind}: an edition of a known benchmark"))
            else:
                verdict = model.decide(votes, self.type_features(resolved, key, label)) if model else None
                if verdict and not verdict.keep:
                    decisions[key].append(Decision("keep.dropped", f"not an entity: {verdict.show()}"))
                    continue
                if verdict and model and model.type is not None:
                    kind = verdict.type
                    decisions[key].append(Decision("type.fitted", verdict.show()))
                else:
                    kind = decide_type(votes)
                    if kind:
                        decisions[key].append(Decision("type.votes", _show_totals(vote_totals(votes))))
                if verdict and verdict.p_not_entity is not None:
                    decisions[key].append(Decision("keep.fitted", f"kept: P(not an entity) {verdict.p_not_entity:.2f}"))
            out[key] = replace(entity, label=label, type=kind)
        return out

    @staticmethod
    def label(resolved: _Resolved, key: str) -> str:
        """A discovered name's label: its most frequent spelling (an edition keeps the vocabulary's)."""
        entity = resolved.entities[key]
        surfaces = resolved.surfaces.get(key)
        if surfaces and (not entity.label or entity.type != EntityType.BENCHMARK):
            return _most_frequent_spelling(surfaces)
        return entity.label

    @staticmethod
    def type_features(resolved: _Resolved, key: str, label: str) -> dict[str, float]:
        """What the fitted type decision reads about a discovered name (benchmarks/fit_weights.py reads the same)."""
        return entity_features([t.vote for t in resolved.votes.get(key, ())], label,
                               sum(resolved.surfaces.get(key, Counter()).values()), len(resolved.entities[key].digests))

    # ------------------------------------------------------------ pass 3: families

    def families(self, typed: dict[str, Entity], votes: dict[str, list[TracedVote]],
                 decisions: dict[str, list[Decision]]) -> dict[str, Entity]:
        entities = dict(typed)  # this pass's own table: it adds implied families and replaces entities
        for entry in self.vocabulary.entries:
            key = fold(entry.id)
            if key in entities and entry.variant_of and not self._writes_family(entities[key], entry.variant_of):
                decisions[key].append(Decision("family.vocabulary-unwritten", f"the vocabulary's family {entry.variant_of} "
                                               f"is in none of the names the text writes ({', '.join(sorted(entities[key].aliases))})"))
                continue
            if key in entities and entry.variant_of:
                self._ensure_vocab_entity(entities, entry.variant_of, decisions)
                entities[key] = replace(entities[key], variant_of=fold(entry.variant_of))
                decisions[key].append(Decision("family.vocabulary", f"variant of {entry.variant_of} in the vocabulary"))
        self._keys = KeyPrefixes(entities)  # families are found by name prefix; scanning every entity is quadratic
        self._generations(entities, decisions)
        for key in sorted(entities):
            self._find_family(entities, key, decisions)
        confident = self.lex.thresholds["confident-type"]
        for key in list(entities):
            entity = entities[key]
            parent = entities.get(entity.variant_of) if entity.variant_of else None
            own = vote_totals(t.vote for t in votes.get(key, ()))
            weak = not entity.type or (not entity.in_vocabulary and own[entity.type] < confident)
            # type.family-tie: a tie between the family's type and another ('Zorb-4o' with a model family's head and
            # 'zero-shot Zorb-4o prompting') was broken by TIE_ORDER alone; the family is the better evidence
            tied = (parent is not None and entity.type is not None and parent.type is not None and not entity.in_vocabulary
                    and entity.type != parent.type and own[parent.type] >= own[entity.type])
            # 'Phi-4-Mini-Reasoning' is a Phi-4 model whatever its title suggests; type.method-family: 'Zorbflow-v2', a
            # release of the Zorbflow framework, is a method too, though its version suffix weakly suggests a model (a
            # release is of its family's kind; an organisation has units, not releases); not a size of a method
            # family ('Zorbflow-7B' is weights: type.sized-variant makes the family a model instead)
            if (weak or tied) and parent is not None and parent.type in FAMILY_TYPES \
                    and not (parent.type == EntityType.METHOD and _sized_release(entity, parent)):
                entities[key] = replace(entity, type=parent.type)
                why = (f"its own votes tie {parent.type} with {entity.type}" if tied and not weak
                       else f"own votes for {entity.type or 'any type'} under {confident}")
                decisions[key].append(Decision("type.family-tie" if tied and not weak else "type.family",
                                               f"{parent.type} like its family {parent.label} ({why})"))
            elif not entity.type:
                # a named thing with no other evidence: systems and frameworks are methods
                entities[key] = replace(entity, type=EntityType.METHOD)
                decisions[key].append(Decision("type.default", "Method: no vote for any type"))
        self._sized_families(entities, votes, decisions)
        for key in list(entities):
            entity = entities[key]
            parent = entities.get(entity.variant_of) if entity.variant_of else None
            # type.sized-method: 'Zorb-7B', weights trained with the Zorb framework, keeps Zorb for its family (only a
            # size: keeping every model release of a method, 'Pairwise-Zorb', cost a held-out variantOf false positive)
            kept = (parent is not None and entity.type == EntityType.MODEL and parent.type == EntityType.METHOD
                    and _sized_release(entity, parent))
            if entity.variant_of and not kept and (parent is None or parent.type != entity.type
                                      or (entity.type not in {EntityType.MODEL, EntityType.BENCHMARK} and not _numbered_version(entity, parent))):
                entities[key] = replace(entity, variant_of=None)
                why = (f"{entity.variant_of} is not an entity" if parent is None
                       else f"{parent.label} is a {parent.type}, not a {entity.type}" if parent.type != entity.type
                       else f"only models, benchmarks and numbered versions keep a family, not {parent.label}")
                decisions[key].append(Decision("family.dropped", why))
            elif parent is not None and entity.variant_of and not entity.in_vocabulary:
                entities[key] = replace(entity, label=_family_spelling(entity.label, parent.label))
        self._skip_unnamed_sizes(entities, decisions)  # after the spelling: 'Zorb-2-7B-Instruct' keeps its own
        self._org_units(entities, decisions)
        return entities

    def _writes_family(self, entity: Entity, family: str) -> bool:
        """family.vocabulary-unwritten: whether the entity's name or a name the text writes for it shows the
        vocabulary's family (its first word, in any case and spacing): 'Zorb-7B', 'Code Zorb' and 'ZB v5' (the
        vocabulary's 'ZorbBench v5') show theirs; 'Quxtral', a Zorb model by world knowledge, does not, and that
        family is no size, version or edition the text states."""
        entry = self.vocab_by_fold.get(fold(family))
        heads = {_segments(n)[0] for n in ((entry.id, *entry.aliases) if entry else (family,))}
        return any(head in fold(name) for name in (entity.label, *entity.aliases) for head in heads)

    def _org_units(self, entities: dict[str, Entity], decisions: dict[str, list[Decision]]) -> None:
        """One policy for organisations: a named lab, division or team is an organisation of its own, joined to
        its parent by part_of ('Google DeepMind' -> Google), never merged into it. The vocabulary says so for
        known units; otherwise the name does: a known organisation's name followed only by unit words
        ('Zorblax AI Lab' -> Zorblax, org-unit-words.txt)."""
        for key in sorted(entities):
            entity = entities[key]
            if entity.type != EntityType.ORGANIZATION or entity.part_of:
                continue
            entry = self.vocab_by_fold.get(key) if entity.in_vocabulary else None
            if entry is not None and entry.part_of:
                parent, rule, why = self._ensure_org(entities, entry.part_of, decisions), "org.vocabulary", "in the vocabulary"
            else:
                parent, rule, why = self._unit_parent(entities, entity.label, decisions), "org.unit-name", "by its name"
            if parent is not None and parent != key:
                entities[key] = replace(entity, part_of=parent)
                decisions[key].append(Decision(rule, f"part of {entities[parent].label} {why}"))

    def _unit_parent(self, entities: dict[str, Entity], label: str, decisions: dict[str, list[Decision]]) -> str | None:
        words = label.split()
        for cut in range(len(words) - 1, 0, -1):  # the longest parent first: 'Zorb Research Asia' -> Zorb Research
            if not all(w.lower() in self.lex.org_unit_words for w in words[cut:]):
                break
            name = " ".join(words[:cut])
            found = entities.get(fold(name))
            if found is not None and found.type == EntityType.ORGANIZATION:
                return found.key
            entry = self.vocab_by_fold.get(fold(name))
            if entry is not None and entry.type == EntityType.ORGANIZATION:
                return self._ensure_org(entities, entry.id, decisions)
        return None

    def _ensure_org(self, entities: dict[str, Entity], name: str, decisions: dict[str, list[Decision]]) -> str | None:
        """The key of a vocabulary organisation, added (with no mention) when the text names only its unit."""
        entry = self.vocab_by_fold.get(fold(name))
        if entry is None or entry.type != EntityType.ORGANIZATION:
            return None
        key = fold(entry.id)
        if key not in entities:
            entities[key] = _vocab_entity(key, entry)
            decisions[key].append(Decision("type.vocabulary", "Organization in ontology/vocabulary.jsonl (implied parent)"))
            parent = self._ensure_org(entities, entry.part_of, decisions) if entry.part_of else None
            if parent is not None and parent != key:
                entities[key] = replace(entities[key], part_of=parent)
                decisions[key].append(Decision("org.vocabulary", f"part of {entities[parent].label} in the vocabulary"))
        return key

    def _generations(self, entities: dict[str, Entity], decisions: dict[str, list[Decision]]) -> None:
        """Every model family follows one scheme, tier or size -> generation -> family: 'Zorb 2.5 Pro' and
        'Zorb Max 2.5' sit under 'Zorb 2.5' (implied when the text never names it alone), which sits under the
        family the vocabulary or the later rules give it. A vocabulary family that skips the generation
        ('Zorb 2.5 Pro' -> 'Zorb') moves up a step: the generation takes it."""
        tails = self.lex.model_tiers | self.lex.family_tiers | self.lex.edition_words
        for key in sorted(entities):
            entity = entities[key]
            generation = _generation_label(entity.label, tails) if entity.type in (None, EntityType.MODEL) else None
            gen_key = fold(generation) if generation else None
            if generation is None or gen_key is None or gen_key == key or entity.variant_of == gen_key:
                continue
            if self._longer_known_prefix(entities, entity.label, generation):
                continue  # 'Zorb-2.5-Pro-Thinking' sits under the known 'Zorb 2.5 Pro', found by the prefix rule
            if gen_key in self.vocab_by_fold:
                self._ensure_vocab_entity(entities, self.vocab_by_fold[gen_key].id, decisions)
                gen_key = fold(self.vocab_by_fold[gen_key].id)
            elif gen_key not in entities:
                entities[gen_key] = Entity(gen_key, generation, EntityType.MODEL)
                decisions[gen_key].append(Decision("type.implied-generation", f"Model: the generation of {entity.label}"))
            gen = entities[gen_key]
            if gen_key == key or gen.type not in (None, EntityType.MODEL) or entity.variant_of == gen_key:
                continue
            if entity.variant_of and not gen.variant_of and entity.variant_of != gen_key:
                family = self._above_major(entities, gen.label, entity.variant_of)
                entities[gen_key] = replace(gen, variant_of=family)
                decisions[gen_key].append(Decision("family.generation", f"takes {entity.label}'s family {family}"))
            entities[key] = replace(entity, variant_of=gen_key)
            decisions[key].append(Decision("family.generation", f"variant of its generation {entities[gen_key].label}"))

    @staticmethod
    def _above_major(entities: dict[str, Entity], generation: str, family: str) -> str:
        """family.generation-beside-major: a spaced generation 'Zorb 4.6' whose tiered model the vocabulary puts
        under the major generation 'Zorb 4' sits beside it, under the family Zorb: a vendor that names generations
        with a space numbers them ('Zorb 3.5', 'Zorb 4', 'Zorb 4.6'), while 'Zorb-4.6' is a point release of
        'Zorb-4' (family.point-release)."""
        parent = entities.get(family)
        name, _, number = generation.rpartition(" ")
        if (parent is None or not name or not parent.variant_of or "." not in number
                or parent.label != f"{name} {number.split('.')[0]}"):
            return family
        return parent.variant_of

    def _sized_families(self, entities: dict[str, Entity], votes: dict[str, list[TracedVote]],
                        decisions: dict[str, list[Decision]]) -> None:
        """A name released in sizes names weights: when 'Zorb-4B' is a model of the family 'Zorb' that only the
        text (not the vocabulary) calls a method, 'Zorb' is a model family (type.sized-variant), unless the text's own
        votes for 'Zorb' call it a method more than a model (type.sized-method): the annotation standard types a
        proposed system, agent or framework a Method and keeps Model for the checkpoints it trains ('Zorb, an RL
        framework ... Zorb-7B'), which stay its sizes (a Model variant of a Method family)."""
        for key in sorted(entities):
            entity = entities[key]
            parent = entities.get(entity.variant_of) if entity.variant_of else None
            if (parent is None or entity.type != EntityType.MODEL or parent.type != EntityType.METHOD
                    or parent.in_vocabulary):
                continue
            own = vote_totals(t.vote for t in votes.get(parent.key, ()))
            if _sized_release(entity, parent) and own[EntityType.METHOD] > own[EntityType.MODEL]:
                if not any(d.rule == "type.sized-method" for d in decisions[parent.key]):  # once, for its first size
                    decisions[parent.key].append(Decision("type.sized-method", f"Method: its own votes call it a method; "
                                                          f"{entity.label} is a size of it, a model"))
            elif _sized_release(entity, parent):
                entities[parent.key] = replace(parent, type=EntityType.MODEL)
                decisions[parent.key].append(Decision("type.sized-variant", f"Model: {entity.label} is a size of it"))

    @staticmethod
    def _skip_unnamed_sizes(entities: dict[str, Entity], decisions: dict[str, list[Decision]]) -> None:
        """family.unnamed-size: 'Zorb2-7B-Instruct' is a checkpoint of the family Zorb2 when the text never names
        'Zorb2-7B' alone: a size is one release of a family, not a family of its own, unless the text presents it as
        one ('Zorb-7B-RL' beside the 'Zorb-7B' a paper introduces)."""
        for key in sorted(entities):
            entity = entities[key]
            size = entities.get(entity.variant_of) if entity.variant_of else None
            if (size is None or size.digests or not size.variant_of or size.variant_of not in entities
                    or not SIZE_TOKEN.match(_split_label(size.label)[-1])
                    or _segments(entity.label)[:len(_segments(size.label))] != _segments(size.label)):
                continue  # 'Zorb2-1M' of 'Zorb2-7B-Instruct-1M' names a line of the family (family.shorter-name)
            entities[key] = replace(entity, variant_of=size.variant_of)
            decisions[key].append(Decision("family.unnamed-size", f"variant of {entities[size.variant_of].label}: the text "
                                           f"never names the size {size.label} alone"))

    def _longer_known_prefix(self, entities: dict[str, Entity], label: str, generation: str) -> bool:
        """True when a known name longer than the generation opens the label and keeps its version: 'Zorb 2.5 Pro'
        of 'Zorb-2.5-Pro-Thinking'. family.generation-over-tier-line: a tier line without the version ('Zorb Max',
        which the text may name alone) does not hold 'Zorb Max 2.5' back from its generation 'Zorb 2.5'."""
        segments = _split_label(label)
        version = _split_label(generation)[-1]
        for cut in range(len(segments) - 1, 0, -1):
            prefix = fold(" ".join(segments[:cut]))
            if len(prefix) <= len(fold(generation)):
                return False
            if (prefix in entities or prefix in self.vocab_by_fold) and version in segments[:cut]:
                return True
        return False

    def _ensure_vocab_entity(self, entities: dict[str, Entity], name: str, decisions: dict[str, list[Decision]]) -> None:
        """Add a vocabulary entity the text implies ('Qwen2.5-Math' of 'Qwen2.5-Math-7B'), with its family."""
        key = fold(name)
        if key not in entities:
            entry = self.vocab_by_fold[key]
            entities[key] = _vocab_entity(key, entry)
            decisions[key].append(Decision("type.vocabulary", f"{entry.type} in ontology/vocabulary.jsonl (implied family)"))
            if entry.variant_of:
                self._ensure_vocab_entity(entities, entry.variant_of, decisions)
                entities[key] = replace(entities[key], variant_of=fold(entry.variant_of))
                decisions[key].append(Decision("family.vocabulary", f"variant of {entry.variant_of} in the vocabulary"))

    def _find_family(self, entities: dict[str, Entity], key: str, decisions: dict[str, list[Decision]]) -> None:
        entity = entities[key]
        if entity.variant_of or entity.type == EntityType.ORGANIZATION or (entity.in_vocabulary and entity.type == EntityType.METHOD):
            return
        if entity.in_vocabulary and self.vocab_by_fold[key].variant_of is None and key != fold(self.vocab_by_fold[key].id):
            return
        if entity.in_vocabulary and entity.aliases and not any(key in fold(a) for a in entity.aliases):
            # family.written-name: the rules below read a family out of a name, but the text never writes the label,
            # only other names: 'ZBH' for the vocabulary's 'Zorb-Bench Hard' says no family (that one would be world
            # knowledge, not the text's), while 'Zorb-Bench Extra Hard' for the vocabulary's 'ZBEH' says Zorb-Bench
            written = max(entity.aliases, key=lambda a: (len(_split_label(a)), a))
            decisions[key].append(Decision("family.written-name", f"the text writes {entity.label} only as "
                                           f"{', '.join(sorted(entity.aliases))}: its family is read from {written}"))
            entity = replace(entity, label=written)
        found = (self._edition_family(entities, entity, decisions) or self._shorter_family(entities, entity)
                 or self._known_model_family(entities, entity) or self._point_release_family(entities, entity, decisions)
                 or self._prefix_family(entities, entity, decisions)
                 or self._letters_family(entities, entity, decisions)
                 or self._release_family(entities, entity, decisions)
                 or self._sibling_family(entities, entity, decisions)
                 or self._qualified_family(entities, entity))
        if found:
            rule, family = found
            entities[key] = replace(entities[key], variant_of=family)
            # a vocabulary alias names the family by a key no entity has; the last step of families() drops it
            parent = entities[family].label if family in entities else f"{family} (not an entity)"
            decisions[key].append(Decision(rule, f"variant of {parent}"))
            if rule == "family.implied":
                self._find_family(entities, family, decisions)

    def _edition_family(self, entities: dict[str, Entity], entity: Entity,
                        decisions: dict[str, list[Decision]]) -> tuple[str, str] | None:
        """'IOI 2024' is an edition of the competition IOI, which it implies."""
        edition = _EDITION.match(entity.label)
        if not (entity.type == EntityType.BENCHMARK and edition and edition.group("century")):
            return None
        base = fold(edition.group("base"))
        if base not in entities:
            entities[base] = Entity(base, edition.group("base").strip(), EntityType.BENCHMARK)
            decisions[base].append(Decision("type.edition-family", f"Benchmark: the competition of {entity.label}"))
        elif entities[base].type != EntityType.BENCHMARK and not entities[base].in_vocabulary:
            decisions[base].append(Decision("type.edition-family", f"Benchmark, not {entities[base].type}: the competition of {entity.label}"))
            entities[base] = replace(entities[base], type=EntityType.BENCHMARK)
        return "family.edition", base

    def _shorter_family(self, entities: dict[str, Entity], entity: Entity) -> tuple[str, str] | None:
        """A family the corpus names by dropping middle parts: 'Qwen2.5-7B-Instruct-1M' -> 'Qwen2.5-1M'."""
        if entity.in_vocabulary:
            return None
        segments = _split_label(entity.label)
        folded = _segments(entity.label)
        first = folded[0]
        sizes = {fold(s) for s in segments if SIZE_TOKEN.match(s)}
        # family.same-size-is-no-family: 'Zorb-70B' keeps every size of 'Zorb-Llama-70B', so it is that model spelled
        # short, not its family; 'Zorb2-1M' of 'Zorb2-7B-Instruct-1M' drops the size 7B and is one
        shorter = [k for k in self._keys.starting_with(first)
                   if k != entity.key and entities[k].type in {entity.type, None} and _is_subsequence(_segments(entities[k].label), folded)
                   and not (sizes and sizes <= set(_segments(entities[k].label)))]
        if shorter:
            # among equally long names, the one that keeps the variant's closing tag: 'Zorb2-7B-Instruct-1M' is a
            # 'Zorb2-1M' (its size and tier dropped), not a 'Zorb2-Instruct' that has lost the '1M'
            last = folded[-1]
            return "family.shorter-name", max(shorter, key=lambda k: (len(_segments(entities[k].label)),
                                                                      _segments(entities[k].label)[-1] == last, k))
        return None

    def _known_model_family(self, entities: dict[str, Entity], entity: Entity) -> tuple[str, str] | None:
        """'GPT-4V' is a GPT-4: a known model's name plus a short suffix."""
        if entity.in_vocabulary:
            return None
        key = entity.key
        # only the names one to three characters shorter than this one can be its family
        known = [k for k in (key[:-3], key[:-2], key[:-1]) if k in entities and entities[k].type == EntityType.MODEL
                 and key[len(k):].isalnum() and k[-1].isdigit()]
        return ("family.known-model-suffix", max(known, key=len)) if known else None

    def _prefix_family(self, entities: dict[str, Entity], entity: Entity,
                       decisions: dict[str, list[Decision]]) -> tuple[str, str] | None:
        """The longest leading part of the name that names a known entity ('Qwen2.5-Math-7B' -> 'Qwen2.5-Math'),
        or, when only a size or tier follows, the family the text implies but never names alone."""
        label = entity.label
        segments = _split_label(label)
        for cut in range(len(segments) - 1, 0, -1):
            prefix = "-".join(segments[:cut]) if "-" in label else " ".join(segments[:cut])
            prefix_key = fold(prefix)
            if (prefix_key in entities or prefix_key in self.vocab_by_fold) and (entity.type != EntityType.BENCHMARK
                                                                              or self._edition_tail(segments[cut:])):
                if self._other_casing(entities, prefix_key, prefix):
                    continue
                if (entity.in_vocabulary and prefix_key not in self.vocab_by_fold and "-" in label
                        and cut == len(segments) - 1 and _RELEASE_NUMBER.match(segments[cut])):
                    # family.numbered-vocabulary-model: the vocabulary's 'Zorb-4', a name and its release number, that
                    # the vocabulary gives no family, takes none from the word the text names alone ('Zorb models'):
                    # a release so numbered heads its own line; 'Zorb-Pro' or 'Zorb 2' is still a Zorb
                    continue
                if prefix_key not in entities:
                    entry = self.vocab_by_fold[prefix_key]
                    if entity.type in (EntityType.MODEL, EntityType.BENCHMARK) and entry.type != entity.type:
                        continue  # 'Zorb-OCR2.0' (a model) is no member of the method 'ZORB'
                    self._ensure_vocab_entity(entities, entry.id, decisions)
                    prefix_key = fold(entry.id)  # 'R1-Distill-Zorb' under DeepSeek-R1, whose alias R1 is
                return "family.known-prefix", prefix_key
            tail = segments[cut:]
            if _ACTIVE_SIZE.match(tail[0]) and SIZE_TOKEN.match(segments[cut - 1]):
                continue  # '30B-A3B' is one size (total and active parameters): no '-30B' family
            # family.implied is for discovered names: a vocabulary model with no family has none the vocabulary omits
            if cut == len(segments) - 1 and not entity.in_vocabulary and (SIZE_TOKEN.match(tail[0]) or tail[0].lower() in self.lex.family_tiers):
                named = self._named_new_family(entities, entity, segments[:cut], "-" if "-" in label else " ")
                if named:
                    return "family.named-over-implied", named
                entities[prefix_key] = Entity(prefix_key, prefix, entity.type or EntityType.MODEL)
                decisions[prefix_key].append(Decision("type.implied-family", f"{entity.type or EntityType.MODEL} like {label}"))
                return "family.implied", prefix_key
        return None

    def _other_casing(self, entities: dict[str, Entity], key: str, prefix: str) -> bool:
        """family.same-casing: a prefix in camel case before a family only ever written in capitals ('ZoRb-DSL'
        before the benchmark 'ZORB') is another name that folds alike, not the family; 'Zorb-7B' or 'zorb-7b' is
        the family written as a word, and a family with a lowercase spelling ('Zorb3-Embedding') is no acronym."""
        if not any(a.islower() and b.isupper() for a, b in pairwise(prefix)):
            return False  # 'Zorb' (a capitalised word) or 'zorb' is how an acronym is often written; 'ZoRb' is a name
        found = entities.get(key)
        entry = self.vocab_by_fold.get(key)
        names = {*(found.aliases | {found.label, *found.known_names} if found else ()),
                 *((entry.id, *entry.aliases) if entry else ())}
        return bool(names) and all(n.isupper() and n.isalpha() for n in names)

    def _named_new_family(self, entities: dict[str, Entity], entity: Entity, head: list[str], sep: str) -> str | None:
        """A shorter leading part of the name that the same digests name as a new family: 'Zorb-RL-32B' is a Zorb
        model when the text names Zorb and never 'Zorb-RL' (the '-RL' a training stage, 'Zorb-Llama-8B' a base); a
        known family keeps its product lines ('Qwen9-Coder-7B' implies Qwen9-Coder), which the vocabulary names."""
        for cut in range(len(head) - 1, 0, -1):
            found = entities.get(fold(sep.join(head[:cut])))
            if (found is not None and not found.in_vocabulary and found.digests & entity.digests
                    and found.type in (None, entity.type, EntityType.METHOD)):
                return found.key
        return None

    def _edition_tail(self, tail: list[str]) -> bool:
        """True when what follows a family's name makes an edition of it, not a new thing: a number, year, size,
        version ('v2', 'V3') or edition word ('Zorb-Hard', 'Zorb-7B', 'Zorb 2.0'); 'Zorb-AGI' is another benchmark."""
        words = self.lex.model_tiers | self.lex.family_tiers | self.lex.edition_words
        return all(VERSION_TOKEN.match(w) or _CAPITAL_VERSION.match(w) or SIZE_TOKEN.match(w)
                   or all(p.lower() in words for p in w.split("-") if p) for w in tail)

    def _point_release_family(self, entities: dict[str, Entity], entity: Entity,
                              decisions: dict[str, list[Decision]]) -> tuple[str, str] | None:
        """'GPT-5.2' sits under 'GPT-5' when the vocabulary knows that major version as a model, whatever type the
        text suggested: a weakly typed release then takes the model type from its family (families(), type.family)."""
        match = _POINT_RELEASE.match(entity.label)
        if entity.in_vocabulary or not match:
            return None
        entry = self.vocab_by_fold.get(fold(match.group("major")))
        if entry is None or entry.type != EntityType.MODEL:
            return None
        self._ensure_vocab_entity(entities, entry.id, decisions)
        return "family.point-release", fold(entry.id)

    def _release_family(self, entities: dict[str, Entity], entity: Entity,
                        decisions: dict[str, list[Decision]]) -> tuple[str, str] | None:
        """'Zorb-1.5', 'Zorb2.0', 'Zorb V2' is a release of the model or benchmark 'Zorb', which it implies."""
        match = _RELEASE.match(entity.label)
        if entity.in_vocabulary or entity.type not in (EntityType.MODEL, EntityType.BENCHMARK) or not match:
            return None
        family = match.group("family").rstrip(" -")
        key = fold(family)
        if key == entity.key or (key in entities and entities[key].type not in (None, entity.type)):
            return None
        if key in self.vocab_by_fold:
            self._ensure_vocab_entity(entities, self.vocab_by_fold[key].id, decisions)
            return "family.release", fold(self.vocab_by_fold[key].id)
        if key not in entities:
            entities[key] = Entity(key, family, entity.type)
            decisions[key].append(Decision("type.implied-family", f"{entity.type} like {entity.label}"))
            return "family.implied", key
        return "family.release", key

    def _sibling_family(self, entities: dict[str, Entity], entity: Entity,
                        decisions: dict[str, list[Decision]]) -> tuple[str, str] | None:
        """'Zorb Video' and 'Zorb Edit', models the text names with one brand word and a word each, are models of
        the family 'Zorb' it implies but never names alone. A vendor ('Zorbco Video') is no family; a brand the
        text or the vocabulary names is found by the prefix rule."""
        words = entity.label.split(" ")
        if entity.type != EntityType.MODEL or len(words) != 2 or not all(
                len(w) >= 3 and w.isalpha() and w[0].isupper() for w in words):
            return None
        head = fold(words[0])
        if head in entities or head in self.vocab_by_fold or head in self.org_prefixes:
            return None
        siblings = [k for k in self._keys.starting_with(head + "-") if k != entity.key
                    and entities[k].type == EntityType.MODEL and entities[k].label.split(" ")[0] == words[0]
                    and len(entities[k].label.split(" ")) == 2]
        if not siblings:
            return None
        entities[head] = Entity(head, words[0], EntityType.MODEL)
        decisions[head].append(Decision("type.implied-family", f"Model: the brand of {entity.label} and {entities[siblings[0]].label}"))
        return "family.implied", head

    def _qualified_family(self, entities: dict[str, Entity], entity: Entity) -> tuple[str, str] | None:
        """'Pairwise-Zorb' and 'Pointwise-Zorb', models named by a word before a new model's name in the digests that
        name that model, are kinds of it. A known name after the word is another model named after it ('Search-R1'
        after R1), not a kind of it; so is a name the word is a vendor or a name of its own for."""
        head, sep, rest = entity.label.partition("-")
        if entity.type != EntityType.MODEL or entity.in_vocabulary or not sep or not (head.isalpha() and head[0].isupper()):
            return None
        parent = entities.get(fold(rest))
        if (parent is None or parent.in_vocabulary or parent.type not in (None, EntityType.MODEL, EntityType.METHOD)
                or not parent.digests & entity.digests or fold(head) in entities or fold(head) in self.vocab_by_fold
                or fold(head) in self.org_prefixes):
            return None
        return "family.qualified-name", parent.key

    def _letters_family(self, entities: dict[str, Entity], entity: Entity,
                        decisions: dict[str, list[Decision]]) -> tuple[str, str] | None:
        """'Grok3', 'Gemini2.0' -> the family named by the letters."""
        if entity.in_vocabulary:
            return None
        match = _FAMILY_NUMBER.match(entity.label)
        family = fold(match.group("family")) if match else None
        if family and (family in self.vocab_by_fold or family in entities) and family != entity.key:
            if family not in entities:
                self._ensure_vocab_entity(entities, self.vocab_by_fold[family].id, decisions)
            return "family.letters-and-number", family
        return None

    # ------------------------------------------------------------ pass 4: papers

    def papers(self, annotated: list[AnnotatedItem]) -> dict[str, Paper]:
        digests: dict[str, set[str]] = defaultdict(set)
        titles: dict[str, set[str]] = defaultdict(set)
        first_title: dict[str, str] = {}
        for ann in annotated:
            key = paper_key(ann.item.title)
            first_title.setdefault(key, ann.item.title)
            digests[key].add(ann.item.digest_file)
            titles[key].add(ann.item.title)
        return {k: Paper(k, t, frozenset(digests[k]), frozenset(titles[k])) for k, t in first_title.items()}


def _numbered_version(entity: Entity, parent: Entity) -> bool:
    """True when the name is its family's name and a version number ('Zorb-4', 'Zorb 3', 'Zorb v2'): a method
    released in numbered versions keeps them in one family, as models do, while 'Zorb-BCP' or 'Zorb-RoC' is a
    setting or a new method (extends.by-name), not a version."""
    if not entity.label.startswith(parent.label):
        return False
    tail = entity.label[len(parent.label):]
    return tail[:1] in {" ", "-", ""} and bool(VERSION_TOKEN.match(tail.lstrip(" -")) or _CAPITAL_VERSION.match(tail.lstrip(" -")))


def _sized_release(entity: Entity, family: Entity) -> bool:
    """'Zorb-4B' of 'Zorb': the family's name, then a parameter count (weights, whatever the family is called)."""
    if not entity.label.startswith(family.label):
        return False
    tail = _split_label(entity.label[len(family.label):].strip(" -"))
    return bool(tail) and bool(SIZE_TOKEN.match(tail[0]))


def _vocab_entity(key: str, entry: VocabEntry) -> Entity:
    return Entity(key, entry.id, entry.type, in_vocabulary=True, known_names=(entry.id, *entry.aliases))


def _most_frequent_spelling(surfaces: Counter[str]) -> str:
    """Most frequent spelling; ties go to the one with more capitals (vendor spelling), then order."""
    return min(surfaces.items(), key=lambda kv: (-kv[1], -sum(c.isupper() for c in kv[0]), kv[0]))[0]


def _show_totals(totals: Counter[EntityType]) -> str:
    return ", ".join(f"{kind} {weight}" for kind, weight in sorted(totals.items(), key=lambda kv: (-kv[1], kv[0])))


def _family_word(label: str) -> str | None:
    """The family word of a name with more after it, as written ('GPT' of 'GPT-4o'); None for a one-word name."""
    segments = _split_label(label.strip())
    match = _FAMILY_HEAD.match(segments[0])
    if not match or (len(segments) == 1 and match.group("head") == segments[0]):
        return None
    return match.group("head")


def _family_heads(vocabulary: Vocabulary) -> dict[str, Counter[EntityType]]:
    """Per family word, how many vocabulary entries of each type have a name that opens with it."""
    heads: dict[str, Counter[EntityType]] = defaultdict(Counter)
    for entry in vocabulary.entries:
        found = {fold(w) for w in (_family_word(n) for n in (entry.id, *entry.aliases)) if w}
        for head in found:
            heads[head][entry.type] += 1
    return dict(heads)


def _family_words(vocabulary: Vocabulary) -> frozenset[str]:
    """The words that the vocabulary writes as a family's name: one-word names ('Qwen', 'Gemma') and words it
    writes before a release number ('Phi' of 'Phi-4', 'Kimi' of 'Kimi K2', 'Qwen' of 'Qwen2.5'), as written."""
    words: set[str] = set()
    for entry in vocabulary.entries:
        for name in (entry.id, *entry.aliases):
            segments = _split_label(name)
            match = _FAMILY_HEAD.match(segments[0])
            if match and (len(segments) == 1 or segments[0] != match.group("head") or _RELEASE_NUMBER.match(segments[1])):
                words.add(match.group("head"))
    return frozenset(words)


def _is_family_word(word: str, family_words: frozenset[str]) -> bool:
    """Whether a name's family word is one rather than an English word that opens many names ('Math-Verify',
    'International Zorb Lab', 'Code-Zorb'): a word the vocabulary writes as a family's name, or one written as no
    English word is (a capital after the first letter: 'GPT', 'DeepSeek', 'MiniMax')."""
    return word in family_words or any(c.isupper() for c in word[1:])


def _split_label(label: str) -> list[str]:
    return re.split(r"(?<=[^\s-])[\s-](?=\S)", label)


@lru_cache(maxsize=65536)
def _segments(label: str) -> list[str]:
    return [fold(p) for p in re.split(r"(?<=[^\s-])[\s-](?=\S)", label)]


def _is_subsequence(short: list[str], long: list[str]) -> bool:
    """True when 'short' keeps the first part of 'long' and drops at least one later part, in order (both folded,
    as _segments gives them: folding the long name again for every candidate was most of the families pass)."""
    if len(short) < 2 or len(short) >= len(long) or short[0] != long[0] or short == long[: len(short)]:
        return False
    it = iter(long[1:])
    return all(any(part == x for x in it) for part in short[1:])


def _generation_label(label: str, tails: frozenset[str]) -> str | None:
    """The generation a tiered or sized model name belongs to: 'Zorb 2.5 Pro', 'Zorb Max 2.5', 'Zorb-2.5-Pro',
    'Zorb 2 7B' -> 'Zorb 2.5' / 'Zorb 2.5' / 'Zorb-2.5' / 'Zorb 2'; None when the name is not that shape (a name
    before the version, one version, and only tiers, editions or sizes besides)."""
    sep = " " if " " in label else "-"
    # a spaced name may glue its tier to the version ('Zorb 3.1-Pro'): the same name as 'Zorb 3.1 Pro'
    words = label.split(sep) if sep == "-" else re.split(r" |(?<=\d)-(?=[A-Za-z])", label)
    at = next((i for i, w in enumerate(words) if i > 0 and _GENERATION_NUMBER.match(w)), None)
    if at is None:
        return None

    def tail(word: str) -> bool:
        return bool(SIZE_TOKEN.match(word)) or all(p.lower() in tails for p in word.split("-") if p)

    name = [w for w in words[:at] if not tail(w)]
    if sep == "-" and len(name) < at:
        return None  # a tier before the version is a vendor's spaced name ('Zorb Max 2.5'), not 'Zorb-Max-2'
    stripped = len(words) - len(name) - 1
    if not name or not name[0][:1].isalpha() or not stripped or not all(tail(w) for w in words[at + 1:]):
        return None
    return sep.join([*name, words[at]])


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
