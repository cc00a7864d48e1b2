"""The paper's own system as its title names it ('Zorbo: Scaling ...'), and the votes its defining sentence gives.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from ..lexicon import Lexicon
from ..vocab import Vocabulary, fold
from ..votes import Vote
from .acronyms import initials_of
from .context import context_votes, head_type
from .docs import sentence_of, text_of
from .records import AcronymDefinition, Mention
from .shapes import DIGIT, cast_vote, name_strength, shape_votes


def title_system_names(title: str, doc: Doc, vocabulary: Vocabulary, acronyms: list[AcronymDefinition], lex: Lexicon) -> list[str]:
    """The names a title gives the paper's own systems: 'DAPO' in 'DAPO: An Open-Source ...', 'WebThinker',
    'Emu Video' and 'Emu Edit' in 'Emu Video and Emu Edit'."""
    match = lex.title_prefix.match(title)
    candidate = lex.title_report_suffix.sub("", (match.group(1) if match else title).strip())
    parts = lex.title_conjunction.split(candidate)
    if len(parts) > 1:
        named = [p for p in parts if _system_name(p, title, doc, vocabulary, acronyms, lex)]
        return named if len(named) == len(parts) else []
    return [candidate] if _system_name(candidate, title, doc, vocabulary, acronyms, lex) else []


def _system_name(candidate: str, title: str, doc: Doc, vocabulary: Vocabulary, acronyms: list[AcronymDefinition],
                 lex: Lexicon) -> bool:
    words = candidate.split()
    if not words or len(words) > 4 or words[0] in lex.capitalised_articles or fold(candidate) in vocabulary.not_entities:
        return False
    outside_names = lex.function_words - lex.system_name_joiners
    if any(w.lower() in outside_names for w in words) \
            or not all(w[:1].isupper() or DIGIT.search(w) or w in lex.system_name_joiners for w in words):
        return False
    if candidate.lower() in lex.not_system_titles:
        return False
    if any(name_strength(w, vocabulary.not_entities, lex) == 2 for w in words) and len(words) <= 3:
        return True
    body = text_of(doc)[len(title):]
    # A plain-word title names a system only if the body uses the name again, defines it by acronym,
    # or opens by defining the title ("Gorilla" / "a finetuned LLaMA-based model that ...").
    if re.search(rf"(?<![\w-]){re.escape(candidate)}(?![\w-])", body):
        return True
    if any(fold(a.long) == fold(candidate) or fold(a.long).startswith(fold(candidate) + "-") for a in acronyms):
        return True
    initials = initials_of(words, lex)
    # Initials carry whatever the title's words start with ('(' in 'System 2 Attention (S2A)'): escaped.
    if len(initials) >= 2 and re.search(rf"(?<!\w){re.escape(initials)}(?!\w)", body):
        return True
    return _continues_title(doc, lex) or bool(definition_votes(doc, lex))


def _continues_title(doc: Doc, lex: Lexicon) -> bool:
    """'Quux Simulator' / 'applies generative modeling to ...': a body that opens in lower case continues the title as
    one sentence, the title its subject, so the title is the name of what the paper presents (the DAIR layout of 2023);
    not when the sentence only studies a topic ('Quux Directions' / 'discusses ...')."""
    sentences = list(doc.sents)
    return len(sentences) >= 2 and sentences[1][0].is_lower and sentences[1][0].lower_ not in lex.study_verbs


def definition_votes(doc: Doc, lex: Lexicon) -> list[Vote]:
    """A body that opens by defining the title ("a new 65B model ...", "presents new models for ...")
    types the title's system: the DAIR layout puts the name in the title and the definition after it."""
    sentences = list(doc.sents)
    if len(sentences) < 2:
        return []
    first = sentences[1]
    # 'Introduces a benchmark to ...': the DAIR layout may open the body with a capitalised verb
    if not first[0].is_lower and first[0].lower_ not in lex.indefinite_articles and first[0].lower_ not in lex.intro_verbs:
        return []
    start = 1 if first[0].lower_ in lex.indefinite_articles else 0
    if start == 0 and first[0].lower_ not in lex.intro_verbs:
        return []
    if start == 0 and len(first) > 1 and not first[1].is_lower:
        return []  # 'Introduces PaperCoder, a framework': the definition is of the name it gives, not the title's
    head = None
    for token in first[start : start + 14]:
        if token.lower_ in lex.definition_phrase_ends:
            break
        head = head_type(doc, token.i, lex) or head
    return [cast_vote("title.definition", head, lex)] if head else []


def title_mentions(system: str, doc: Doc, sent_index: dict[int, int], title_end: int, taken: set[tuple[int, int]],
                    lex: Lexicon) -> list[Mention]:
    """Mentions of the system name wherever it appears (title and body)."""
    out = []
    for match in re.finditer(rf"(?<![\w-]){re.escape(system)}(?![\w-])", text_of(doc)):
        span = doc.char_span(match.start(), match.end(), alignment_mode="expand")
        if span is None or (span.start, span.end) in taken or any(
            s < span.start < e or s < span.end < e or (s <= span.start and span.end < e) or (s < span.start and span.end <= e)
            for s, e in taken
        ):
            continue  # the same span is already a mention, or a longer name contains this one
        out.append(
            Mention(
                text=system,
                surface=span.text,
                sentence=sent_index[sentence_of(span).start],
                start=span.start,
                end=span.end,
                vocab_id=None,
                votes=tuple(shape_votes(system, lex) + context_votes(doc, span.start, span.end, lex)
                            + (definition_votes(doc, lex) if match.start() < title_end else [])),
                source="title",
                in_title=match.start() < title_end,
            )
        )
    return out
