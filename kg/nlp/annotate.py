"""From a parsed doc to ``Mention`` records: the doc's entity spans, less what is no entity in its context
(a modifier, a unit, a person, a code nothing in the item marks as a name), plus the names that editions,
elided versions, possessives and the title's own system add.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import replace

from spacy.language import Language
from spacy.tokens import Doc, Span

from ..ingest import PaperItem
from ..lexicon import Lexicon
from ..namespaces import EntityType
from ..vocab import Vocabulary, fold
from .acronyms import acronym_definitions, expansion_head, lowercase_expansions
from .context import context_votes
from .docs import KNOWN_FOLDS, sentence_of, text_of
from .finder import NameFinder
from .records import ENTITY_LABELS, AcronymDefinition, AnnotatedItem, Mention
from .releases import elided_tiers, elided_versions, slash_editions, vendorless_models
from .shapes import CODE, COMPOUND_HYPHEN, DECIMAL, PERCENT_OR_NUMBER, PLURAL_NAME, SHORT_YEAR_EDITION, cast_vote, not_a_name, shape_votes
from .titles import definition_votes, title_mentions, title_system_names

_WORD = re.compile(r"[\w.+-]*\w")  # a token as a code's count reads it: 'TMB' in 'TMB-high' is another word


def pipeline_lexicon(nlp: Language) -> Lexicon:
    """The lexicon the pipeline's components were configured with."""
    finder = nlp.get_pipe("name_finder")
    assert isinstance(finder, NameFinder)
    return finder.lex


def annotate(nlp: Language, items: Iterable[PaperItem], vocabulary: Vocabulary) -> Iterator[AnnotatedItem]:
    items = list(items)
    lex = pipeline_lexicon(nlp)
    texts = [f"{item.title}\n{item.body}" for item in items]
    # name.once-written-code counts a code over the whole digest: annotation is cached per digest, so this stays
    # a function of the digest alone
    digest_texts: dict[str, list[str]] = {}
    for item, text in zip(items, texts, strict=True):
        digest_texts.setdefault(item.digest_file, []).append(text)
    words = {name: Counter(_WORD.findall("\n".join(parts))) for name, parts in digest_texts.items()}
    for item, doc in zip(items, nlp.pipe(texts, batch_size=64), strict=True):
        yield _to_annotated(item, doc, vocabulary, lex, words[item.digest_file])


def _to_annotated(item: PaperItem, doc: Doc, vocabulary: Vocabulary, lex: Lexicon, digest_words: Counter[str] | None = None) -> AnnotatedItem:
    sentences = list(doc.sents)
    sent_index = {s.start: n for n, s in enumerate(sentences)}
    title_end = len(item.title)
    mentions: list[Mention] = []
    for ent in doc.ents:
        mention = _mention(ent, sent_index, vocabulary, title_end, lex)
        if mention:
            mentions.append(mention)
    definitions = acronym_definitions(doc, sent_index, lex)
    generic = {fold(d.short) for d in definitions if fold(d.long) in vocabulary.not_entities or fold(d.short) in vocabulary.not_entities}
    # 'Zorb Agency Scale (ZAS)': an acronym the text defines as a measure or a part of a system is no entity
    # (expansion-heads-not-entity.txt); a name the vocabulary knows stays.
    measures = {fold(d.short) for d in definitions if expansion_head(d.long) in lex.expansion_heads_not_entity}
    acronyms = [d for d in definitions if fold(d.short) not in generic | measures]
    # 'Bradley-Terry (BT)': an acronym of a generic term is generic too.
    mentions = [m for m in mentions if fold(m.text) not in generic and (m.source == "vocab" or fold(m.text) not in measures)]
    # 'a quirky acyclic graph (QAG)': an acronym the text spells out in lower case names a kind of thing;
    # a name the vocabulary knows stays ('proximal policy optimization (PPO)').
    lower_spelled = lowercase_expansions(doc, lex)
    mentions = [m for m in mentions if m.source == "vocab" or m.text not in lower_spelled]
    # 'IT operations', '1.77% SR': a discovered word the text only uses as a modifier or a metric.
    free = {m.text for m in mentions if not _modifier_only(doc, m, lex)}
    mentions = [m for m in mentions if m.source == "vocab" or m.text in free]
    # 'Zorb-treated', 'bfloat16', 'phase II': a discovered name whose shape says it is no name (NOT_A_NAME_RULES).
    mentions = [m for m in mentions if m.source == "vocab" or not not_a_name(m.text, vocabulary.not_entities, lex)]
    # 'far from human ability on MR/PT/DA/CR': short capital codes in a slash list are a table's categories.
    codes = _slash_codes(doc)
    mentions = [m for m in mentions if m.source == "vocab" or m.text not in codes]
    # 'cells marked CD68', 'tumours with MSI-H status': a short code with no cue anywhere in the item is a field's term
    # (name.unvoted-code). A plain-capital code written once or twice in the whole digest ('the TMB', 'a CLS token') is
    # likewise a field's term when nothing marks it (name.once-written-code): a system the digest names is written more.
    rare = lex.thresholds["rare-code-count"]  # a system or baseline a digest names is mostly written more often
    once = {t for t, n in (digest_words or Counter()).items() if n <= rare and lex.once_written_code_shape.match(t)}
    uncued = _uncued_codes(doc, mentions, definitions, item.title, lex, once)
    mentions = [m for m in mentions if m.text not in uncued]
    people = {m.text for m in mentions if m.source != "vocab" and _named_person(doc, m, lex)}
    mentions = [m for m in mentions if m.text not in people]
    # Words inside an expansion are the acronym's alias, not names of their own ('... Internal Feedback (RLIF)',
    # 'Experts' in 'Mixture of Experts (MoE)'); a known name inside a longer one stays, for lineage
    # ('Proximal Policy Optimization' in MAPPO's).
    kept = []
    for m in mentions:
        inside = [a for a in definitions if a.long_start <= m.start and m.end <= a.long_end]
        if not inside:
            kept.append(m)
        elif m.source == "vocab" and (m.start, m.end) != (inside[0].long_start, inside[0].long_end):
            kept.append(replace(m, nested=True))
    mentions = kept
    systems = title_system_names(item.title, doc, vocabulary, acronyms, lex)
    if systems:
        definition = definition_votes(doc, lex)
        mentions = [
            replace(m, source="title", votes=m.votes + tuple(definition)) if m.in_title and m.text in systems else m
            for m in mentions
        ]
    for system in systems:
        titled = title_mentions(system, doc, sent_index, title_end, {(m.start, m.end) for m in mentions}, lex)
        # The system's full name wins over the pieces the shape rules found inside it ('BitNet b1.58 2B4T').
        mentions = [m for m in mentions if not any(t.start <= m.start and m.end <= t.end for t in titled)]
        mentions.extend(titled)
    mentions = _possessive_names(mentions, doc, lex)
    mentions += slash_editions(mentions, doc, sent_index, lex)
    mentions += elided_versions(mentions, doc, sent_index, lex)
    mentions += elided_tiers(mentions, doc, sent_index, lex)
    mentions += vendorless_models(mentions, doc, sent_index, vocabulary, lex)
    mentions.sort(key=lambda m: (m.start, m.end))
    return AnnotatedItem(
        item=item,
        sentences=tuple(s.text.strip() for s in sentences),
        mentions=tuple(mentions),
        acronyms=tuple(acronyms),
        system_names=tuple(systems),
    )


def _singular(text: str) -> str:
    """'DiTs' names the model DiT; plural acronyms of generic things ('LLMs') never get this far."""
    if PLURAL_NAME.fullmatch(text) and sum(c.isupper() for c in text) >= 2:
        return text[:-1]
    return text


def _full_year(text: str) -> str:
    """edition.short-year: the discovered 'ZQB 24' names the edition ZQB 2024."""
    short = SHORT_YEAR_EDITION.match(text)
    return f"{short.group('name')} 20{short.group('year')}" if short else text


def _mention(ent: Span, sent_index: dict[int, int], vocabulary: Vocabulary, title_end: int, lex: Lexicon) -> Mention | None:
    surface = _singular(ent.text.strip())
    text = surface if ent.ent_id_ else _full_year(surface)
    if fold(text) in vocabulary.not_entities:
        return None
    votes = shape_votes(text, lex) + context_votes(ent.doc, ent.start, ent.end, lex)
    if ent.label_ in ENTITY_LABELS and ent.ent_id_:
        source, vocab_id = "vocab", ent.ent_id_
        rule = "name.known-fold" if ent.start in ent.doc.user_data.get(KNOWN_FOLDS, ()) else "vocabulary"
        votes.append(cast_vote(rule, EntityType(ent.label_), lex))
    elif ent.label_ == EntityType.ORGANIZATION:
        source, vocab_id = "shape", None
        # 'Agent Laboratory, a framework ...': a definition outweighs the shape
        votes.append(cast_vote("shape.organisation-name", EntityType.ORGANIZATION, lex))
    elif ent.label_ == "WEAK":
        if not any(v.weight >= lex.thresholds["strong-vote"] for v in votes):
            return None
        source, vocab_id = "context", None
    else:
        source, vocab_id = "shape", None
    return Mention(
        text=text,
        surface=surface,
        sentence=sent_index[sentence_of(ent).start],
        start=ent.start,
        end=ent.end,
        vocab_id=vocab_id,
        votes=tuple(votes),
        source=source,
        in_title=ent.start_char < title_end,
    )


def _possessive_names(mentions: list[Mention], doc: Doc, lex: Lexicon) -> list[Mention]:
    """"DeepSeek's R1" -> one mention named 'DeepSeek-R1' (the linker strips a vendor prefix if needed)."""
    by_start = {m.start: m for m in mentions}
    out, skip = [], set()
    for m in mentions:
        if id(m) in skip:
            continue
        nxt = by_start.get(m.end + 1)
        if (
            m.end < len(doc)
            and doc[m.end].text in lex.possessive_markers
            and nxt is not None
            and any(v.type == EntityType.ORGANIZATION for v in m.votes)
            and not any(v.type == EntityType.ORGANIZATION for v in nxt.votes)
        ):
            out.append(
                Mention(
                    text=nxt.text,
                    owner=m.text,
                    surface=doc[m.start : nxt.end].text,
                    sentence=nxt.sentence,
                    start=nxt.start,
                    end=nxt.end,
                    vocab_id=None,
                    votes=nxt.votes,
                    source=nxt.source,
                    in_title=nxt.in_title,
                )
            )
            out.append(m)
            skip.add(id(nxt))
        else:
            out.append(m)
    return [m for m in out if id(m) not in skip]


def _modifier_only(doc: Doc, m: Mention, lex: Lexicon) -> bool:
    """The mention modifies a generic lower-case head noun ('IDE assistants'), follows a percentage ('1.77% SR')
    or is a metric given its value ('∆CoSim = 0.0164')."""
    if m.end < len(doc) and doc[m.end].text in lex.generic_head_nouns:
        return True
    if m.end + 1 < len(doc) and doc[m.end].text in lex.value_signs and PERCENT_OR_NUMBER.match(doc[m.end + 1].text):
        return True
    if _unit_after_decimal(doc, m, lex) or _metric_given_a_change(doc, m, lex):
        return True
    return m.start > 0 and doc[m.start - 1].text.endswith("%")


def _unit_after_decimal(doc: Doc, m: Mention, lex: Lexicon) -> bool:
    """'about 0.19 SD', '4.5 GB': a bare acronym right after a decimal number is its unit."""
    return m.start > 0 and bool(DECIMAL.match(doc[m.start - 1].text)) and bool(lex.bare_acronym_shape.match(m.text))


def _metric_given_a_change(doc: Doc, m: Mention, lex: Lexicon) -> bool:
    """'improved precision by 8.5%, ZQR by 15.7%': a bare acronym that changes by an amount is a metric, unless the
    sentence compares it ('outperforms ZQR by 3%': a baseline beaten by a margin)."""
    if not lex.bare_acronym_shape.match(m.text) or not lex.metric_change_after.match(text_of(doc), doc[m.end - 1].idx + len(doc[m.end - 1])):
        return False
    sent = sentence_of(doc[m.start])
    return not lex.compare_cues.search(text_of(doc)[sent.start_char : doc[m.start].idx])


def _uncued_codes(doc: Doc, mentions: list[Mention], acronyms: list[AcronymDefinition], title: str, lex: Lexicon,
                  once: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """Discovered short codes ('CD68', 'T1', 'MSI-H') that no mention in the item gives a vote, compares ('vs. ZQN',
    'ZQN baselines') or defines, and the title does not name: an acronym alone is strong enough to be found, not
    to be an entity."""
    defined = {d.short for d in acronyms}
    codes = {m.text for m in mentions if m.source == "shape"
             and (lex.unvoted_code_shape.match(m.text) or (m.text in once and not _glossed(doc, m)))}
    named_edges = {m.start for m in mentions if m.text not in codes} | {m.end - 1 for m in mentions if m.text not in codes}
    named_tokens = {i for m in mentions for i in range(m.start, m.end)}
    voted = {m.text for m in mentions if m.votes or m.source == "vocab" or m.in_title or _compared_near(doc, m, lex, named_tokens)
             or _listed_with_name(doc, m, named_edges, lex) or _hyphen_compound_head(doc, m) or _introduced_near(doc, m, lex, named_tokens)}
    # the item's opening sentence presents its own work ('ZQN is a planner that ...')
    opening = {m.text for m in mentions if m.sentence <= 1}
    return {c for c in codes if c not in voted | defined | opening and c not in title}


def _glossed(doc: Doc, m: Mention) -> bool:
    """'Zorb Quux Decoding (ZQD): ...': a code in brackets right after capitalised words is their acronym, even where
    a tokenizer quirk ('):' is an emoticon to spaCy) hides the definition from acronym_definitions."""
    return m.start >= 2 and doc[m.start - 1].text == "(" and doc[m.start - 2].text[:1].isupper()


def _listed_with_name(doc: Doc, m: Mention, named: set[int], lex: Lexicon) -> bool:
    """'approaches such as Zorb-R1, ZQN, and Blorp': a code listed next to a name that is no code is one of them."""
    before = m.start >= 2 and doc[m.start - 1].text in lex.list_joiners and m.start - 2 in named
    after = m.end + 1 < len(doc) and doc[m.end].text in lex.list_joiners and m.end + 1 in named
    return before or after


def _hyphen_compound_head(doc: Doc, m: Mention) -> bool:
    """'ZQN-based estimation', 'ZQN-style': a code that heads a hyphen compound is used as a technique."""
    return bool(COMPOUND_HYPHEN.match(text_of(doc), doc[m.end - 1].idx + len(doc[m.end - 1])))


def _introduced_near(doc: Doc, m: Mention, lex: Lexicon, named: set[int] | frozenset[int] = frozenset()) -> bool:
    """'The authors introduce ZQN, which ...', 'introduce Zorb and ZQN': a code in a clause that presents new work may be
    that work. name.introduced-other: not when another name stands between the cue and the code with more words after it
    ('present Zorb Gating (ZG), a technique that removes skills like ZQR knowledge'): the work presented is that name."""
    sent = sentence_of(doc[m.start])
    cues = list(lex.intro_cues.finditer(text_of(doc), sent.start_char, doc[m.start].idx))
    if not cues:
        return False
    between = [t for t in sent if cues[-1].end() <= t.idx and t.i < m.start]
    names = [t.i for t in between if t.i in named]
    if not names:
        return True
    return not any(t.i > names[-1] and t.i not in named and not t.is_punct and t.text not in lex.list_joiners
                   and t.lower_ not in lex.function_words for t in between)


def _compared_near(doc: Doc, m: Mention, lex: Lexicon, named: set[int] | frozenset[int] = frozenset()) -> bool:
    """'ZQN scores 40%, behind Zorblax', 'beats Zorblax, ZQN and Blorp': a code a comparison is about is a baseline or
    the system compared. A cue before the code governs it however far off ('compared to 50% with ... and 37% with ZQN');
    name.compared-code: a cue after it is about the code only if the code is its subject, so at most compare-reach
    words (names, list joiners and function words aside) lie between them: in 'channels like ZQ1 and ZQ2 yield stronger
    signal associations than ...' the cue compares something else."""
    sent = sentence_of(doc[m.start])
    text, reach = text_of(doc), lex.thresholds["compare-reach"]
    for cue in lex.compare_cues.finditer(text, sent.start_char, sent.end_char):
        if cue.start() < doc[m.end - 1].idx + len(doc[m.end - 1]):
            if not _examples_of_a_kind(doc, m, cue.end(), lex):
                return True
            continue
        between = [t for t in sent if t.i >= m.end and t.idx + len(t) <= cue.start()]
        words = [t for t in between if t.i not in named and not t.is_punct and t.text not in lex.list_joiners
                 and t.lower_ not in lex.function_words]
        if len(words) <= reach:
            return True
    return False


def _examples_of_a_kind(doc: Doc, m: Mention, cue_end: int, lex: Lexicon) -> bool:
    """name.compared-kind: 'outperforming standard markers (ZQM, ZQN)', 'beats prior scores such as ZQM': between the cue
    and the code, a lower-case noun that names no kind of entity (no type noun, no compared method's noun) and whose
    examples follow is what the comparison is about; the code is one of its examples, a term of the field."""
    text = text_of(doc)
    for t in sentence_of(doc[m.start]):
        if t.idx < cue_end or t.i >= m.start - 1 or not t.is_lower or not t.is_alpha:
            continue
        word = t.lower_
        if _noun_kind(word, lex) or word in lex.compared_method_nouns or word in lex.function_words:
            continue
        if doc[t.i + 1].text == "(":
            return True
        example = lex.example_before.search(text, t.idx + len(t), doc[m.start].idx)
        if example and not text[t.idx + len(t) : example.start()].strip():
            return True
    return False


def _noun_kind(word: str, lex: Lexicon) -> EntityType | None:
    """The kind a type noun names, read also from its plural ('approaches', 'agents')."""
    for form in (word, word[:-1] if word.endswith("s") else word, word[:-2] if word.endswith("es") else word):
        kind = lex.noun_type(form)
        if kind:
            return kind
    return None


def _slash_codes(doc: Doc) -> set[str]:
    """Members of a slash list of three or more short capital codes ('MR/PT/DA/CR')."""
    codes: set[str] = set()
    i = 0
    while i < len(doc):
        j = i
        while j + 2 < len(doc) and doc[j + 1].text == "/" and CODE.match(doc[j].text) and CODE.match(doc[j + 2].text):
            j += 2
        if j - i >= 4:  # at least three members
            codes.update(doc[k].text for k in range(i, j + 1, 2))
        i = j + 1
    return codes


def _named_person(doc: Doc, m: Mention, lex: Lexicon) -> bool:
    """'Smith et al.', 'Yann LeCun and collaborators': a person, wherever else the item names them. Without
    'et al.' it takes a given name before ('Fudan University and collaborators' is an organisation)."""
    if any(v.type == EntityType.ORGANIZATION for v in m.votes):
        return False
    after = lex.person_after.match(text_of(doc), doc[m.end - 1].idx + len(doc[m.end - 1]))
    if not after:
        return False
    given = doc[m.start - 1] if m.start > 0 else None
    return bool(after.group(1)) or (given is not None and given.is_alpha and given.is_title and not given.is_stop
                                    and not given.ent_type_)
