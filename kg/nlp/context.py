"""What the words around a name say of its type.

Each context rule reads a ``NameContext`` and returns the type it suggests, or None. ``DEFINING_RULES`` may make
a weak name (a plain capitalised word) a name when strong enough; ``SUPPORTING_RULES`` only add evidence about a
name found otherwise. Their words live in the lexicon (ontology/lexicon/).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from ..lexicon import Lexicon
from ..namespaces import EntityType
from ..votes import Vote
from .docs import RELEASE_BRANDS, sentence_of, text_of
from .records import ENTITY_LABELS
from .shapes import ACRONYM_ONLY, DIGIT, LIST_REACH, SIZE_TOKEN, cast_vote, shape_votes


@dataclass(frozen=True)
class NameContext:
    """A name's place in its sentence, as the context rules read it."""

    doc: Doc
    start: int
    end: int
    lex: Lexicon
    strong_only: bool = False  # only the rules that can define a weak name on their own
    after_noun: bool = True  # whether a type noun right after the name counts

    @property
    def sent(self) -> Span:
        return sentence_of(self.doc[self.start])

    @property
    def possessive(self) -> bool:
        return self.end < self.sent.end and self.doc[self.end].text in self.lex.possessive_markers


def size_in_parentheses(c: NameContext) -> EntityType | None:
    """'Zorb-Nano (8B)'."""
    doc, k, sent = c.doc, c.end, c.sent
    if k < sent.end and doc[k].text == "(" and k + 2 < sent.end and doc[k + 2].text == ")" and SIZE_TOKEN.match(doc[k + 1].text):
        return EntityType.MODEL
    return None


def size_before(c: NameContext) -> EntityType | None:
    """'a 7B Zorb model', 'the 70B Zorb': a parameter count before the name."""
    k = c.start - 1
    if k >= c.sent.start and SIZE_TOKEN.match(c.doc[k].text):
        return EntityType.MODEL
    return None


def type_noun_after(c: NameContext) -> EntityType | None:
    """'the Zorb benchmark', 'the Zorb optimizer', '“Zorb” reference model'; not 'an Answer Agent' (a module)."""
    doc, sent, lex = c.doc, c.sent, c.lex
    k, reach = c.end, 2
    if k < sent.end and doc[k].text == "(" and k + 2 < sent.end and doc[k + 2].text == ")":
        k, reach = k + 3, 1  # 'Zorb Evolve (ZE) enables LLMs to ...': after its acronym, a word between is the verb
    while k < sent.end and doc[k].text in lex.name_closers:
        k += 1  # '“o1-preview” reference model', 'o1-like LLMs'; not 'RLSP-trained models'
    if c.strong_only and any(doc[i].text.startswith("-") for i in range(c.end, k)):
        return None  # name.likeness-not-defining: 'a Zorblo-like architecture' types a name found otherwise, defines none
    for look in range(k, min(k + reach, sent.end) if c.after_noun else k):
        kind = noun_type(doc[look], lex) if doc[look].lower_ not in lex.module_nouns else None
        if kind:
            return kind
        if not (doc[look].is_lower and doc[look].is_alpha and doc[look].lower_ not in lex.function_words):
            break
    return None


def type_noun_before(c: NameContext) -> EntityType | None:
    """'the coding agent Zorb achieves ...', 'the benchmark Quux', 'a training recipe (Zorb) that ...': a lower-case type
    noun right before the name, or before the parentheses the name alone fills."""
    doc, k = c.doc, c.start - 1
    if k > c.sent.start and doc[k].text == "(" and c.end < c.sent.end and doc[c.end].text == ")":
        k -= 1
    if k <= c.sent.start or not doc[k].is_lower or doc[k - 1].text in c.lex.list_joiners:
        return None  # not 'GRPO, framework ...' nor a sentence's first word
    return noun_type(doc[k], c.lex)


def apposition(c: NameContext) -> EntityType | None:
    """'Zorb, a new optimizer', 'Zorb is an RL framework', 'Zorb (a ... benchmark)': the phrase's head noun."""
    doc, sent, lex, end = c.doc, c.sent, c.lex, c.end
    if not (end < sent.end and (doc[end].text in lex.apposition_openers or doc[end].lower_ in lex.copulas)):
        return None
    if doc[end].text == "," and lex.fronted_phrase_before.search(text_of(doc)[sent.start_char : doc[c.start].idx]):
        return None  # 'On ZorbBench, the 32B model reaches ...': the comma ends a fronted phrase (apposition.not-fronted)
    scan = end + 1
    if not (scan < sent.end and doc[scan].lower_ in lex.phrase_determiners):
        return None
    head = None  # the last type noun before the phrase ends is its head
    for look in range(scan + 1, min(scan + 12, sent.end)):
        if doc[look].lower_ in lex.apposition_phrase_ends:
            break
        if head and doc[look].lower_ in lex.apposition_closers:
            break  # "X, a new optimizer, and ...": the phrase ended with its noun
        head = head_type(doc, look, lex) or head
    return head


def introduces_a(c: NameContext) -> EntityType | None:
    """'Zorb introduces a memory framework ... Zorb agents store ...': a name that opens its sentence, introduces a typed
    thing and comes back later in the item is that thing. A lab opens a sentence so too ('Quxco proposes a recipe'),
    but seldom comes back; a model is left out, since 'Quxco introduces a model' is as often a lab."""
    doc, sent, start, end = c.doc, c.sent, c.start, c.end
    head = _introduced_head(c)
    if head not in (EntityType.METHOD, EntityType.BENCHMARK):
        return None
    return head if _written_in(doc[start:end].text, text_of(doc)[sent.end_char:]) else None


def _written_in(name: str, text: str, ignore_case: bool = False) -> bool:
    """The name as a whole word of the text ('Zorb' is not in 'Zorb-2')."""
    return bool(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, flags=re.IGNORECASE if ignore_case else 0))


def _introduced_head(c: NameContext) -> EntityType | None:
    """The type of what a sentence-opening name introduces ('Zorb introduces a memory framework' -> Method), or None."""
    doc, sent, lex, start, end = c.doc, c.sent, c.lex, c.start, c.end
    opens = start == sent.start or doc[start - 1].text in lex.sentence_opening_marks or doc[start - 1].text in lex.bullets
    if not (opens and end + 1 < sent.end and doc[end].lower_ in lex.subject_intro_verbs and doc[end + 1].lower_ in lex.phrase_determiners):
        return None
    head = None
    for look in range(end + 2, min(end + 14, sent.end)):
        if doc[look].lower_ in lex.apposition_phrase_ends:
            break
        head = head_type(doc, look, lex) or head
    return head


def called(c: NameContext) -> EntityType | None:
    """'a framework called Zorb'."""
    doc, start, lex = c.doc, c.start, c.lex
    if start >= 1 and doc[start - 1].lower_ in lex.naming_words:
        for look in range(start - 2, max(c.sent.start - 1, start - 8), -1):
            kind = noun_type(doc[look], lex)
            if kind:
                return kind
    return None


def _list_scan(c: NameContext) -> tuple[str, EntityType] | None:
    """Walks back over a list of names to what heads it: 'on A, B, and C' in a results sentence
    ('results-on'), or 'benchmarks like A, B' / 'models such as X' ('list-head')."""
    doc, sent, lex, start = c.doc, c.sent, c.lex, c.start
    for look in range(start - 1, max(sent.start - 1, start - LIST_REACH), -1):
        word = doc[look].lower_
        if word in lex.result_prepositions and lex.eval_cues.search(sent.text) and not c.strong_only:
            return "results-on", EntityType.BENCHMARK
        if word in lex.list_words or doc[look].text == "(":
            noun_at = look - 1 if word != "as" else look - 2
            if noun_at >= sent.start and noun_at > look - 3:
                kind = _list_noun_type(doc[noun_at], lex) or (_list_noun_type(doc[noun_at - 1], lex) if noun_at > sent.start else None)
                if kind:
                    return "list-head", kind
            group_at = look if doc[look].text == "(" else look - 1
            if group_at > sent.start and doc[group_at].text == "(" and _grouped_under_benchmarks(doc, sent, group_at, lex):
                return "list-head", EntityType.BENCHMARK
            return None
        if not (doc[look].text in lex.list_joiners or doc[look].ent_type_ or doc[look].text[:1].isupper() or _links_a_name(doc, look, lex)):
            return None
    return None


_GROUP_REACH = 24  # tokens back from a group to the noun heading all groups: 'tasks: math (A, B), coding (C), and proving (D)'


_GROUP_WORDS = 3  # lower-case words a domain phrase before a group may have: 'formal theorem proving (A)'


def _grouped_under_benchmarks(doc: Doc, sent: Span, open_at: int, lex: Lexicon) -> bool:
    """list.grouped-by-domain: 'benchmarks spanning text (e.g., Zorb, Quux), image (Blarg)', 'Tasks evaluated: math
    (Zorb), and proving (Quux)': names in parentheses after a short lower-case domain phrase are benchmarks when a
    benchmark or task noun heads the run of such groups. The walk back crosses short phrases, earlier groups and
    joiners only, and the group holds names alone ('tasks are solved (Zorb 94%)' is a score, not a group)."""
    if not _names_only_group(doc, sent, open_at, lex):
        return False
    i, depth, words = open_at - 1, 0, 0
    while i >= max(sent.start, open_at - _GROUP_REACH):
        token = doc[i]
        if token.text == ")":
            depth += 1
        elif token.text == "(":
            depth -= 1
            if depth < 0:
                return False
        elif depth == 0:
            if _list_noun_type(token, lex) == EntityType.BENCHMARK:
                return True
            if token.text in lex.group_list_joiners:
                words = 0
            elif token.is_lower and token.is_alpha and words < _GROUP_WORDS:
                words += 1
            else:
                return False
        i -= 1
    return False


def _names_only_group(doc: Doc, sent: Span, open_at: int, lex: Lexicon) -> bool:
    for token in doc[open_at + 1 : sent.end]:
        if token.text == ")":
            return True
        if not (token.ent_type_ or token.text[:1].isupper() or token.text in lex.list_joiners or token.lower_ in lex.list_words
                or _links_a_name(doc, token.i, lex)):
            return False
    return False


def _links_a_name(doc: Doc, i: int, lex: Lexicon) -> bool:
    """'of' in 'tasks like Tower of Quux and Blorf': a linking word between capitalised words is inside one listed name
    (list.linked-name), so a list scan walks over it."""
    return doc[i].lower_ in lex.name_linking_words and 0 < i < len(doc) - 1 \
        and doc[i - 1].text[:1].isupper() and doc[i + 1].text[:1].isupper()


def _owns_next_name(c: NameContext) -> bool:
    """"models like Zorbco's Quux-7B", 'models like Zorbco Quux-2': a possessive or a name right before another name is
    the next name's owner; the list, the comparison or the results are about that next name (context.owner-not-listed)."""
    doc, end = c.doc, c.end
    return c.possessive or (end < c.sent.end and doc[end].ent_iob_ == "B" and doc[end - 1].whitespace_ != "")


def results_on(c: NameContext) -> EntityType | None:
    """'reaches 41% on ZorbBench, Quux and Blarg'."""
    if _owns_next_name(c):
        return None
    found = _list_scan(c)
    return found[1] if found and found[0] == "results-on" else None


# A score as tokens: '84.8', '52.73', '61' before a percent sign ('%' may be a token of its own).
_SCORE_TOKEN = re.compile(r"^\d{1,3}(?:\.\d+)?%?$")


_SCORE_REACH = 4  # words a score may stand after its verb: 'achieves a new SOTA of 60.1%'


def score_subject(c: NameContext) -> EntityType | None:
    """'On ZorbQA, Quux reaches 84.8% accuracy': a name right before a scoring verb and, a few words on, a score
    (a percentage or a decimal) is a system that scored, as named systems are typed Method; a benchmark is scored
    on, it does not score. Stronger than results-on, which reads 'On ZorbQA, Quux' as a list of benchmarks."""
    doc, end, sent = c.doc, c.end, c.sent
    if c.possessive or end + 1 >= sent.end or doc[end].lower_ not in c.lex.score_verbs:
        return None
    if end - c.start != 1 or not doc[c.start].is_alpha:
        return None  # 'Zorb-7B reaches 60%', 'Zorb-Pro scores 70': a name with a shape of its own is typed by that shape
    for i in range(end + 1, min(end + 1 + _SCORE_REACH, sent.end)):
        if _SCORE_TOKEN.match(doc[i].text):
            percent = doc[i].text.endswith("%") or (i + 1 < sent.end and doc[i + 1].text == "%")
            return EntityType.METHOD if percent or "." in doc[i].text else None
        if not doc[i].is_lower or doc[i].ent_type_:
            return None  # 'Key scores: ZorbQA 70.1': the score is a named benchmark's, and 'scores' a noun
    return None


def score_after(c: NameContext) -> EntityType | None:
    """'sets a new high on ZorbQA 55.3, QuxoBench 11.1', 'QuxoBench: 80.99': a score right after a name is what the name
    measured, so the name is a benchmark; a system's own score follows a verb ('Zorb reaches 55.3', score-subject).
    Not a name whose shape says it is something else: 'Zorb-mini 32.5%' is a model listed with its score."""
    if any(v.type != EntityType.BENCHMARK for v in shape_votes(c.doc[c.start : c.end].text, c.lex)):
        return None
    last = c.doc[c.end - 1]
    after = text_of(c.doc)[last.idx + len(last.text) : c.sent.end_char]
    return EntityType.BENCHMARK if not c.possessive and c.lex.score_after.match(after) else None


def list_head(c: NameContext) -> EntityType | None:
    """'benchmarks like Zorb, Quux and Blarg', 'models such as Zorb'."""
    if _owns_next_name(c):
        return None
    found = _list_scan(c)
    return found[1] if found and found[0] == "list-head" and found[1] != EntityType.BENCHMARK else None


def benchmark_list(c: NameContext) -> EntityType | None:
    """'benchmarks like Zorb, Quux and Blarg', 'tasks like Tower of Quux and Blorf', 'three navigation tasks (Zorb, Quux)':
    a list that a benchmark or task noun heads names benchmarks, a plain capitalised word in it too. Apart from
    list-head, since such a list seldom holds anything else (a model list holds its vendors as often)."""
    if _owns_next_name(c):
        return None
    found = _list_scan(c)
    return found[1] if found and found[0] == "list-head" and found[1] == EntityType.BENCHMARK else None


def list_company(c: NameContext) -> EntityType | None:
    """'on ZorbQA, MATHX, Quxdown, and Blorfle': a name in a list whose other members the vocabulary knows, all of one
    type (two at least), is of that type too; members it does not know are passed over. Only for plain words, which
    nothing else defines; a name with a shape of its own ('Zorb-7B') is typed by that shape."""
    doc, sent, lex = c.doc, c.sent, c.lex
    if not all(t.is_alpha and t.text[1:].islower() for t in doc[c.start : c.end]):
        return None
    kinds: list[str] = []
    for step, i in ((-1, c.start - 1), (1, c.end)):
        while sent.start <= i < sent.end and doc[i].text in lex.list_joiners:
            while sent.start <= i < sent.end and doc[i].text in lex.list_joiners:
                i += step
            if not (sent.start <= i < sent.end) or not (doc[i].ent_type_ or doc[i].text[:1].isupper()):
                break
            if doc[i].ent_type_ in ENTITY_LABELS and doc[i].ent_id_:
                kinds.append(doc[i].ent_type_)
            if step > 0:
                while i + 1 < sent.end and doc[i + 1].ent_iob_ == "I":
                    i += 1  # over the rest of a name of several tokens
            else:
                while i > sent.start and doc[i].ent_iob_ == "I":
                    i -= 1
            i += step
    return EntityType(kinds[0]) if len(kinds) >= 2 and len(set(kinds)) == 1 else None


def researchers_from(c: NameContext) -> EntityType | None:
    """'researchers from Zorb and Quux', 'a team at Zorb'."""
    lex, start = c.lex, c.start
    window = [t.lower_ for t in c.doc[max(c.sent.start, start - 12) : start]]
    if any(w in lex.research_group_nouns for w in window) and any(w in lex.affiliation_prepositions for w in window[-10:]):
        return EntityType.ORGANIZATION
    return None


def author_organisation(c: NameContext) -> EntityType | None:
    """'researchers from Zorbco and Quxlab', 'Zorbco researchers propose', "Zorbco's team", and the subject of an
    item's first body sentence that proposes or presents something ('Zorbco proposes a recipe'), unless the title names it
    or it introduces a typed thing (then it is as often the system itself: 'Zorb introduces a memory framework').
    The people or the work of a lab, not a thing it made."""
    doc, sent, lex = c.doc, c.sent, c.lex
    before = text_of(doc)[sent.start_char : doc[c.start].idx]
    after = text_of(doc)[doc[c.end - 1].idx + len(doc[c.end - 1].text) : sent.end_char]
    if lex.org_author_before.search(before) or lex.org_author_after.match(after):
        return EntityType.ORGANIZATION
    title_end = text_of(doc).find("\n")
    body_sentence = _body_sentence(doc, sent, title_end) if c.start == sent.start else None
    if body_sentence is None or not (c.end < sent.end and doc[c.end].lower_ in lex.org_opening_verbs) \
            or _written_in(doc[c.start : c.end].text, text_of(doc)[:title_end], ignore_case=True):
        return None
    # not 'Zorb introduces a memory framework': a name that introduces a typed thing is as often that thing itself
    if body_sentence == 0:
        return None if _introduced_head(c) else EntityType.ORGANIZATION
    # 'The study introduces ... . Quxco tested 16 models': a name that opens the second sentence and never comes back is
    # the lab (org.second-sentence-once); the system the item is about comes back ('Zorb shows ...' ... 'Zorb reaches ...')
    return None if _written_in(doc[c.start : c.end].text, text_of(doc)[sent.end_char :]) else EntityType.ORGANIZATION


def _body_sentence(doc: Doc, sent: Span, title_end: int) -> int | None:
    """0 for an item's first body sentence, 1 for its second, None for any other (or the title)."""
    if title_end < 0 or sent.start_char <= title_end:
        return None
    if sent.start_char == title_end + 1:
        return 0
    previous = sentence_of(doc[sent.start - 1])
    return 1 if previous.start_char == title_end + 1 else None


def compared(c: NameContext) -> EntityType | None:
    """'outperforms Zorb', 'compared to Zorb': compared things are mostly models; not a bare acronym ('beats ZQN',
    'vs. QX-FAC': context.compared-not-acronym), which names a method baseline as often, where a model's name carries
    its version or size ('Zorb-2', 'Zorb-7B'); not a plain word the vocabulary does not know ('beats Zorbgrad':
    context.compared-plain-word), a method's name as often; nor a name among methods (context.compared-among-methods)."""
    if ACRONYM_ONLY.match(c.doc[c.start : c.end].text):
        return None
    if not _compare_cue_before(c) or _owns_next_name(c) or _compared_among_methods(c):
        return None
    if not c.lex.compared_model_shape.search(c.doc[c.start : c.end].text) and not c.doc[c.start].ent_id_:
        return None  # context.compared-plain-word
    return EntityType.MODEL


_COMPARED_PHRASE = 3  # lower-case words a list member may have: 'human-written reward skills'


def _compare_cue_before(c: NameContext) -> bool:
    """A compare word in the three tokens before the name, or before the first of the list the name closes
    ('outperforms Zorb-2, Quxa-3, Blix-4 and Vorn-5': context.compared-list), so that every rival of a long list
    is compared, not only the first ones."""
    doc, sent, lex = c.doc, c.sent, c.lex
    start = c.start
    while True:
        if any(lex.compare_word.match(t.lower_) for t in doc[max(sent.start, start - 3) : start]):
            return True
        i = start - 1
        if not (sent.start <= i < sent.end and doc[i].text in lex.list_joiners):
            return False
        while sent.start <= i < sent.end and doc[i].text in lex.list_joiners:
            i -= 1
        if not sent.start <= i < sent.end or not doc[i].ent_type_:
            return False  # only named members: a lower-case phrase may be a clause, not a rival
        while i > sent.start and doc[i].ent_iob_ == "I":
            i -= 1
        start = i


def _compared_among_methods(c: NameContext) -> bool:
    """'beats Zorb, Quxgrad, and prompt optimization', 'outperforms Zorb baselines': a compared name followed by a
    method noun, or in a list with a method (one the vocabulary knows or a lower-case method phrase), is a method
    baseline as often as a model; the comparison says nothing of its type (context.compared-among-methods)."""
    doc, sent, lex = c.doc, c.sent, c.lex
    if c.end < sent.end and _method_word(doc[c.end], lex):
        return True
    for step, i in ((-1, c.start - 1), (1, c.end)):
        while sent.start <= i < sent.end and doc[i].text in lex.list_joiners:
            while sent.start <= i < sent.end and doc[i].text in lex.list_joiners:
                i += step
            if not sent.start <= i < sent.end or lex.compare_word.match(doc[i].lower_):
                break
            i, method = _list_member(doc, sent, i, step, lex)
            if method:
                return True
    return False


def _list_member(doc: Doc, sent: Span, i: int, step: int, lex: Lexicon) -> tuple[int, bool]:
    """Steps over one list member from token i; returns the token past it and whether it is a method."""
    if doc[i].ent_type_:
        method = doc[i].ent_type_ == EntityType.METHOD.value and bool(doc[i].ent_id_)
        while (step > 0 and i + 1 < sent.end and doc[i + 1].ent_iob_ == "I") or (step < 0 and i > sent.start and doc[i].ent_iob_ == "I"):
            i += step  # over the rest of a name of several tokens
        if step > 0 and i + 1 < sent.end and _method_word(doc[i + 1], lex):
            method = True  # 'Zorb baselines'
        return i + step, method
    words: list[Token] = []
    while sent.start <= i < sent.end and len(words) < _COMPARED_PHRASE and doc[i].is_lower \
            and doc[i].text not in lex.list_joiners and not doc[i].is_punct:
        words.append(doc[i])
        i += step
    if not words:
        return i, False  # a capitalised word no name: the list ends here
    head = words[-1] if step > 0 else words[0]
    if step > 0 and sent.start <= i < sent.end and doc[i].is_lower and doc[i].text not in lex.list_joiners:
        return i, False  # a clause goes on: 'beats Zorb and runs faster than ...'
    return i, _method_word(head, lex)


def _method_word(token: Token, lex: Lexicon) -> bool:
    return token.lower_ in lex.compared_method_nouns or noun_type(token, lex) == EntityType.METHOD


def possessive_owner(c: NameContext) -> EntityType | None:
    """"Zorb's Quux-7B", "Zorb's reference model": the owner of a release."""
    doc, end = c.doc, c.end
    if c.possessive and end + 1 < c.sent.end and (
            doc[end + 1].ent_type_ or any(noun_type(t, c.lex) == EntityType.MODEL for t in doc[end + 1 : end + 4])):
        return EntityType.ORGANIZATION
    return None


def released_by(c: NameContext) -> EntityType | None:
    """'released by Zorb', 'developed by Zorb'."""
    doc, start = c.doc, c.start
    if start >= 2 and doc[start - 1].lower_ == "by" and doc[start - 2].lower_ in c.lex.release_participles:
        return EntityType.ORGANIZATION
    return None


def release_brand(c: NameContext) -> EntityType | None:
    """'rivals Zorbo and Quxa' in an item that also writes 'Zorbo 3.5 Sonnet': a plain word that the item numbers as a
    model family's release (NameFinder._numbered_family) names that family where it stands alone."""
    return EntityType.MODEL if c.end - c.start == 1 and c.doc[c.start].text in c.doc.user_data.get(RELEASE_BRANDS, ()) \
        and not _owns_next_name(c) else None


def organisation_releases(c: NameContext) -> EntityType | None:
    """'Zorb launches Quux'."""
    return EntityType.ORGANIZATION if c.end < c.sent.end and c.doc[c.end].lower_ in c.lex.release_verbs else None


def releases_name(c: NameContext) -> EntityType | None:
    """'Zorbco released Quxa-Mini to ...': a name right before a release verb and then a capitalised name is the
    organisation that released it; unlike organisation-releases this defines a plain word, as the released thing is named."""
    doc, end, sent = c.doc, c.end, c.sent
    if c.possessive or end + 1 >= sent.end or doc[end].lower_ not in c.lex.release_verbs \
            or doc[end - 1].lower_ in c.lex.research_group_nouns:
        return None  # 'Researchers released ...': the people, not a named lab
    released = doc[end + 1]
    return EntityType.ORGANIZATION if released.ent_type_ or (released.text[:1].isupper() and not released.is_stop
                                                              and DIGIT.search(released.text)) else None


def extends_named(c: NameContext) -> EntityType | None:
    """'Zorb-2 extends GRPO with ...': a name the sentence says extends or generalises another named thing is a
    method, whatever its version-like shape says (a model is trained or fine-tuned from its parent, not extended)."""
    last = c.doc[c.end - 1]
    return EntityType.METHOD if c.lex.lineage_verb_after.match(text_of(c.doc)[last.idx + len(last.text) : c.sent.end_char]) else None


ContextRule = Callable[[NameContext], "EntityType | None"]


# Rules that define a name (they may make a weak, plain capitalised word a name when strong enough) ...
DEFINING_RULES: tuple[tuple[str, ContextRule], ...] = (
    ("context.size-in-parentheses", size_in_parentheses),
    ("context.size-before", size_before),
    ("context.type-noun-after", type_noun_after),
    ("context.type-noun-before", type_noun_before),
    ("context.apposition", apposition),
    ("context.called", called),
    ("context.introduces-a", introduces_a),
    ("context.results-on", results_on),
    ("context.score-subject", score_subject),
    ("context.list-head", list_head),
    ("context.benchmark-list", benchmark_list),
    ("context.list-company", list_company),
    ("context.researchers-from", researchers_from),
    ("context.author-organisation", author_organisation),
    ("context.release-brand", release_brand),
    ("context.releases-name", releases_name),
)


# ... and rules that only add evidence about a name found otherwise.
SUPPORTING_RULES: tuple[tuple[str, ContextRule], ...] = (
    ("context.compared", compared),
    ("context.possessive-owner", possessive_owner),
    ("context.released-by", released_by),
    ("context.organisation-releases", organisation_releases),
    ("context.extends-named", extends_named),
    ("context.score-after", score_after),
)


def context_votes(doc: Doc, start: int, end: int, lex: Lexicon, strong_only: bool = False, after_noun: bool = True) -> list[Vote]:
    c = NameContext(doc, start, end, lex, strong_only, after_noun)
    votes = [cast_vote(name, kind, lex) for name, rule in DEFINING_RULES if (kind := rule(c))]
    if strong_only:
        return [v for v in votes if v.weight >= lex.thresholds["strong-vote"]]
    return votes + [cast_vote(name, kind, lex) for name, rule in SUPPORTING_RULES if (kind := rule(c))]


def head_type(doc: Doc, i: int, lex: Lexicon) -> EntityType | None:
    """The type a noun gives its phrase, unless it only modifies the next word ('an LLM-powered agent')."""
    if i + 1 < len(doc) and doc[i + 1].text.startswith("-"):
        return None
    return noun_type(doc[i], lex)


def _list_noun_type(token: Token, lex: Lexicon) -> EntityType | None:
    if kind := noun_type(token, lex):
        return kind
    return EntityType.BENCHMARK if token.lower_ in lex.list_nouns_benchmark else None


def noun_type(token: Token, lex: Lexicon) -> EntityType | None:
    return lex.noun_type(token.lower_)
