"""What the paper itself introduces, and by which named rule."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from ..lexicon import Lexicon
from ..link import Entity, LinkedItem, LinkedMention
from ..namespaces import EntityType
from .records import MentionContext
from .sentences import contrasted, in_heading_bracket, mention_context, name_spots, opens_clause, text_around


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
    if entity.type == EntityType.MODEL and novel and not cue and not opens_clause(before, lex):
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
    if in_heading_bracket(before, after, lex) and not lex.bare_acronym_shape.match(mention.surface):
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


def introduced_entities(item: LinkedItem, entities: Mapping[str, Entity], papers_of_entity: dict[str, set[str]],
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
        context = mention_context(item, lm, entities, papers_of_entity, lex)
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


# The introduction rules that read only where an unseen name stands (a bullet it opens, a type noun after it), not a
# sentence that says the paper made it: another mention may show the name is one the paper uses.
HEADING_BRACKET = "introduces.heading-bracket"
WEAK_INTRODUCTIONS = frozenset({"introduces.novel-subject", "introduces.novel-typed", HEADING_BRACKET})


def _used_in_item(item: LinkedItem, key: str, lex: Lexicon) -> bool:
    """introduces.used-elsewhere: True when a mention of the entity is the object of a verb of use ('uses X
    technology', 'built on X'): the paper names it as something it uses."""
    return any(lm.entity == key and lex.used_just_before.search(text_around(item, lm)[0]) for lm in item.mentions)


def _beaten_in_item(item: LinkedItem, key: str, lex: Lexicon) -> bool:
    """introduces.beaten-elsewhere: True when a mention of the entity comes right after a comparison cue ('beating a Zorb
    reproduction', 'outperforms Zorb'): the paper sets it against its own system, so it is a rival, not the paper's own."""
    return any(lm.entity == key and contrasted(text_around(item, lm)[0][-30:], lex) for lm in item.mentions)


def _studied_in_item(item: LinkedItem, entity: Entity, introduced: int, lex: Lexicon) -> bool:
    """introduces.studied-elsewhere: True when the item writes the entity's name as what a study is of ('A study on X,
    a social network of agents', 'an analysis of X'): the paper examines something that exists, not a thing it built.
    Every place the name is written counts, not only the linked mentions (an opening sentence's name may be unlinked),
    up to the sentence that introduces it: a study of a part the item has already presented as its own ('● Ablations:
    an analysis of X shows ...') examines the paper's own work."""
    names = {entity.label, *entity.aliases}
    return any(lex.studied_just_before.search(sentence[:at])
               for sentence in item.annotated.sentences[: introduced + 1] for name in names
               for at in name_spots(sentence, name))


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


def introduced_methods_in_sentence(item: LinkedItem, lm: LinkedMention, introduced: Mapping[str, object],
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
