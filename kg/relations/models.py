"""A paper's relation to a model it names: its base model, a model it is compared with, or neither."""

from __future__ import annotations

import re

from ..namespaces import EntityType, Predicate
from .records import MentionContext, RuleResult
from .sentences import in_heading_bracket, opens_clause


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
    if in_heading_bracket(before, after, lex) and not lex.compare_cues.search(before):
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
    subject_after = lex.compare_subject_after.match(after) is not None
    # comparedWith.subject-of-clause: a model that a winning verb follows is the subject of the claim a contrast opens
    # ('A beats B on Q, while X outperforms Y'), whatever the clause before compared
    subject = (not lex.compare_cues.search(before) and (opens_clause(before, lex) or subject_after)) \
        or (subject_after and not lex.compare_cues.search(lex.contrast_clause.split(before)[-1]))
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
        if _other_model_compares(c, before):
            return None
        return Predicate.COMPARED_WITH, "comparedWith.cue"
    if lex.compare_cues.search(sentence) and not subject and not example:
        return None  # comparedWith.cue-in-clause: a sentence that compares in another clause names no base by default
    # usesBaseModel.only-this-paper: not in a sentence that compares (reached there only as an example or a
    # comparison's subject: 'huge models like X still plan better than ...'), where nothing says the paper runs on it
    if c.only_this_paper and not c.entity.in_vocabulary and c.in_body and not lex.compare_cues.search(sentence):
        return Predicate.USES_BASE_MODEL, "usesBaseModel.only-this-paper"
    return None


def _other_model_compares(c: MentionContext, before: str) -> bool:
    """comparedWith.subject-is-other: True when the comparison before the mention is another model's: a model the paper
    does not introduce opens the clause of the last cue ('Zorb-70B outperforms Quxa on proofs' in a paper about Mibbo):
    the sentence reports a finding about other models, so neither is the paper's baseline."""
    cues = list(c.lex.compare_cues.finditer(before))
    if not cues:
        return False
    head = c.lex.contrast_clause.split(before[:cues[-1].start()])[-1]
    for other in c.item.mentions:
        if other.mention.sentence != c.lm.mention.sentence or other.entity == c.lm.entity or other.mention.surface in c.own_names:
            continue
        entity = c.entities.get(other.entity)
        at = head.find(other.mention.surface)
        # the other model is the verb's subject with nothing but adverbs between ('X consistently beats'): not 'X
        # trained with Zorb beats', where X is the paper's base
        if entity is not None and entity.type == EntityType.MODEL and at >= 0 and opens_clause(head[:at], c.lex) \
                and c.lex.subject_verb_gap.fullmatch(head[at + len(other.mention.surface):]):
            return True
    return False


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
