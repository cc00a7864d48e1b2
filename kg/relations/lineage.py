"""Method lineage: extends stated by the text, and read from names (GRPO-RoC extends GRPO)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from ..lexicon import Lexicon
from ..link import Entity, LinkedCorpus, LinkedItem, LinkedMention
from ..name_index import lineage_by_name
from ..namespaces import EntityType, Predicate
from .introductions import introduced_methods_in_sentence
from .records import Evidence, Found, MentionContext
from .sentences import contrasted, opens_clause, text_around


def stated_extension(c: MentionContext) -> bool:
    """'a variant of Zorb', 'Zorb-style', 'uses Zorb with ...': the paper's new method in this sentence extends it."""
    lex, before, after = c.lex, c.before, c.after
    return bool(lex.extend_before.search(before[-60:]) or lex.extend_suffix.match(after) or (
        _spans_mention(lex.extend_around, before[-70:], c.lm.mention.surface + after[:30]) and lex.use_word.search(before[-70:])))


def _spans_mention(cue, before: str, rest: str) -> bool:
    """True when a match of ``cue`` opens before the mention and closes after it: 'uses X with ...' is about X,
    'uses node scores with a clip and X ratios' is not."""
    return any(m.start() < len(before) < m.end() for m in cue.finditer(before + rest))


def parent_without_use_cue(c: MentionContext) -> bool:
    """'Zorb-X extends Quxa': a plain lineage cue states Quxa as a parent even where Quxa, a name only this paper
    writes, has no cue of use (no negation or comparison before it, in the body)."""
    return (c.in_body and bool(c.lex.extend_strong_before.search(c.before[-60:]))
            and not c.lex.negation_cues.search(c.before[-40:]) and not contrasted(c.before[-50:], c.lex)
            and not c.lex.prior_work_before.search(c.before))


def sentence_lineage(c: MentionContext, introduced: Mapping[str, object], evidence: Evidence, found: Found) -> None:
    """extends.parent-without-use-cue: only a new method the same sentence names is the child; the heading, title
    and anaphor fallbacks of extends.stated guess more than this weaker parent can bear."""
    parents = [p for p in with_list_mates(c.item, c.lm, c.entities, c.lex)
               if not c.lex.not_lineage_parent.search(c.entities[p].label)]
    for child in dict.fromkeys(m.entity for m in introduced_methods_in_sentence(c.item, c.lm, introduced, c.entities)):
        if child in parents or c.lex.not_lineage_child.search(c.entities[child].label):
            continue
        for parent in parents:
            found.add((child, Predicate.EXTENDS, parent), evidence, "extends.parent-without-use-cue")


def version_apposition(item: LinkedItem, entities: Mapping[str, Entity], found: Found, lex: Lexicon) -> None:
    """extends.version-apposition: 'Zorb-G, an enhanced version with graph memory' and 'Zorb-G, a new version of
    Zorb' state that Zorb-G extends Zorb, even where one paper introduces both (no cue of use is needed)."""
    for lm in item.mentions:
        child = entities[lm.entity]
        if child.type != EntityType.METHOD or lex.not_lineage_child.search(child.label):
            continue
        after = text_around(item, lm)[1]
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


def review_lineage(c: MentionContext, found: Found) -> None:
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


def antecedent_method(item: LinkedItem, lm: LinkedMention, entities: Mapping[str, Entity], lex: Lexicon) -> str | None:
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
    return first.entity if spots and opens_clause(sentence[:min(spots)], lex) else None


def with_list_mates(item: LinkedItem, lm: LinkedMention, entities: Mapping[str, Entity], lex: Lexicon) -> list[str]:
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


def heading_methods(item: LinkedItem, lm: LinkedMention, introduced: Mapping[str, object],
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


def first_mentions(corpus: LinkedCorpus) -> dict[str, Evidence]:
    """Each entity's first mention in the corpus: the evidence of lineage read from its name."""
    first: dict[str, Evidence] = {}
    for item in corpus.items:
        for lm in item.mentions:
            if lm.entity not in first:
                first[lm.entity] = Evidence(item.annotated.item.digest_file, item.annotated.sentences[lm.mention.sentence])
    return first


def lineage_from_names(corpus: LinkedCorpus, found, lex: Lexicon) -> None:
    """A method named after another extends it: GRPO-RoC -> GRPO, online-DPO -> DPO, QLoRA -> LoRA."""
    methods = {k: e for k, e in corpus.entities.items() if e.type == EntityType.METHOD}
    first_sentence = first_mentions(corpus)
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
        if child_key not in presented and not long_names[child_key]:
            # extends.by-name-unpresented-child: 'as in Zorb-H, ...' merely names Zorb-H; a child, like a coined
            # parent, needs a paper that introduces, uses or compares it, or a spelled-out name the text defines
            # ('Multi-Agent Zorb Optimization (MAZO)' says what was changed)
            continue
        if methods[child_key].in_vocabulary:
            # extends.by-name is for a method the text brings in under a name made from its parent ('Zorb-RoC');
            # a widely known method merely named ('QZorb beats Zorb') has a lineage the text does not state
            continue
        evidence = first_sentence.get(child_key, Evidence("", methods[child_key].label))
        found[(child_key, Predicate.EXTENDS, parent_key)].add(evidence)
