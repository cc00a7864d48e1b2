"""``NameFinder``: the spaCy component that proposes the names the vocabulary's rulers did not match, from
their shape and context, and widens model and benchmark names over a following version, size or edition.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Doc, Span, Token
from spacy.util import filter_spans

from ..lexicon import Lexicon
from ..namespaces import EntityType
from ..vocab import fold
from .context import context_votes, noun_type
from .docs import KNOWN_FOLDS, RELEASE_BRANDS, sentence_of, text_of
from .shapes import (
    ACRONYM,
    ACRONYM_ONLY,
    DIGIT,
    HYPHEN_RELEASE,
    ONE_DIGIT,
    SCORE,
    SHORT_YEAR,
    SIZE_TOKEN,
    TITLE_HYPHEN,
    TWO_DIGITS,
    VERSION_ALONE,
    VERSION_CODE,
    VERSION_TIER,
    VERSION_TOKEN,
    YEAR_TOKEN,
    name_strength,
    shape_votes,
)

_VERSIONED_LABELS = frozenset({EntityType.MODEL.value, "NAME"})  # spans widened over '3.1 8B'


_EDITIONED_LABELS = frozenset({EntityType.BENCHMARK.value, "NAME"})  # spans widened over '2024'


_EDITION_WORDS = 2  # Title-Case words an unlisted edition of a known benchmark may have: 'Extra Hard'


class NameFinder:
    """Adds to ``doc.ents`` the names that the entity ruler did not match.

    It also widens model and benchmark names over a following version, size or
    edition (``Llama`` + ``3.1 8B``; ``AIME`` + ``2024``) and reads an
    organisation's possessive (``DeepSeek's R1``) as one name.
    """

    def __init__(self, not_entities: frozenset[str], known_names: frozenset[str], lexicon: Lexicon,
                 known_entries: dict[str, list[str]] | None = None):
        self.not_entities = not_entities  # folded names that are never entities
        self.known_names = known_names  # folded vocabulary names
        self.known_entries = known_entries or {}  # folded vocabulary name -> [type, id]
        self.lex = lexicon

    def know(self, not_entities: frozenset[str], known_names: frozenset[str], known_entries: dict[str, list[str]]) -> None:
        """The vocabulary's folded names: those never entities, those it knows, and each known one's [type, id]."""
        self.not_entities = not_entities
        self.known_names = known_names
        self.known_entries = known_entries

    def __call__(self, doc: Doc) -> Doc:
        # 'Zorbo 3.5' found as a release: the brand word written alone elsewhere is that family (context.release-brand)
        doc.user_data[RELEASE_BRANDS] = frozenset(t.text for t in doc if name_strength(t.text, self.not_entities, self.lex) == 1
                                                  and not HYPHEN_RELEASE.match(t.text) and self._numbered_family(doc, t))
        spans = [self._widen_to_known(ent) or self._widen(ent) for ent in doc.ents]
        taken = {i for span in spans for i in range(span.start, span.end)}
        for span in self._org_phrases(doc):
            inside = [s for s in spans if span.start <= s.start and s.end <= span.end]
            overlapping = sum(1 for s in spans if s.start < span.end and s.end > span.start)
            if any(i in taken for i in range(span.start, span.end)) and not self._lab_named_after(span, inside, overlapping):
                continue
            if inside:
                spans = [s for s in spans if s not in inside]
                for t in doc[span.start : span.end]:
                    t.ent_id = 0  # spaCy reads a span's id from its tokens: the lab is not the model it is named after
            spans.append(span)
            taken.update(range(span.start, span.end))
        for span in self._technique_runs(doc, taken):
            spans.append(span)
            taken.update(range(span.start, span.end))
        for token in doc:
            if token.i in taken:
                continue
            strength = name_strength(token.text, self.not_entities, self.lex)
            if strength == 2:
                start = self._capitalised_run_before(doc, token, taken)
                end = token.i + 1
                if end < sentence_of(token).end and end not in taken and self._technique_head(doc[end]):
                    end += 1  # 'ZorbGLU Clamping bounds ...': the technique done to the named thing
                spans.append(self._widen(Span(doc, start, end, label="NAME")))
            elif strength == 1 and (self._numbered_family(doc, token) or self._cued_compound(doc, token)):
                spans.append(self._widen(Span(doc, token.i, token.i + 1, label="NAME")))
            elif strength == 1 and "-" in token.text and (known := self.known_entries.get(fold(token.text))):
                # name.known-fold: 'Zorb-Mem' for the vocabulary's 'ZORB-MEM': the exact-case ruler misses another
                # casing of a hyphenated name, which folds to the vocabulary's own
                spans.append(Span(doc, token.i, token.i + 1, label=known[0], span_id=known[1]))
                doc.user_data.setdefault(KNOWN_FOLDS, set()).add(token.i)
            elif strength == 1 and self._weak_name_holds(doc, token):
                end = token.i + 1
                if end < sentence_of(token).end and _capitalised_word(doc[end]):
                    if self._ends_a_name(doc, doc[end]):
                        continue  # 'Two-Phase' in 'Two-Phase Retrieval': a piece of a longer name, found from its last word
                    end += 1  # 'Quibble-Bench Pro': the last word is no name alone, so the name ends with it
                elif end + 1 < sentence_of(token).end and doc[end].lower_ in self.lex.name_linking_words and end + 1 not in taken \
                        and _capitalised_word(doc[end + 1], title_case=True) and doc[end + 1].lower_ not in self._lower_words(doc) \
                        and fold(doc[token.i : end + 2].text) not in self.not_entities:
                    end += 2  # 'tasks like Tower of Quux': the name goes on over 'of' (name.linked-words)
                start = token.i
                # 'The AI CUDA Engineer, an end-to-end agentic system': the name is the whole capitalised run.
                while start > sentence_of(token).start and start - 1 not in taken and _capitalised_word(doc[start - 1]) \
                        and doc[start - 1].lower_ not in self.lex.intro_verbs:
                    start -= 1  # not 'Introduces' in 'Introduces Zorb+, a framework'
                if start > 0 and doc[start - 1].ent_type_ == EntityType.ORGANIZATION:
                    continue  # 'ByteDance AI Lab': a unit of the organisation just named
                spans.append(Span(doc, start, end, label="WEAK"))
        doc.ents = filter_spans(spans)
        return doc

    @staticmethod
    def _lab_named_after(phrase: Span, inside: list[Span], overlapping: int) -> bool:
        """name.lab-named-after-model: 'Zorbo AI releases ...': a lab named after its model family; the organisation
        phrase wins over the known model it opens with, when that model is all the phrase overlaps."""
        return overlapping == 1 and len(inside) == 1 and inside[0].start == phrase.start and inside[0].end < phrase.end \
            and inside[0].label_ == EntityType.MODEL.value

    def _technique_head(self, token: Token) -> bool:
        return _capitalised_word(token, title_case=True) and token.lower_ in self.lex.technique_heads

    def _technique_runs(self, doc: Doc, taken: set[int]) -> Iterator[Span]:
        """'created through Quibble Distillation (iterative ...)', 'Zorbish Routing decouples ...': prose (or, in a title
        or Title-Case heading, the words after 'via') that capitalises several words ending in a technique's noun names that technique,
        even when the text also writes 'routing' in lower case. A sentence's first word is left out when the text
        writes it in lower case elsewhere ('Using Blorf Search')."""
        lower = self._lower_words(doc)
        for sent in doc.sents:
            heading = sent.start == 0 or self._title_case(sent)
            i = sent.start
            while i < sent.end:
                j = i
                while j < sent.end and j not in taken and _capitalised_word(doc[j], title_case=True):
                    j += 1
                if j == i or (heading and not (i > sent.start and doc[i - 1].lower_ in self.lex.title_means_words)):
                    i = max(j, i + 1)
                    continue  # a heading capitalises every word: only the words after 'via' name its technique
                start = i
                opens = doc[start].is_sent_start or (start > 0 and doc[start - 1].text in self.lex.sentence_opening_marks | self.lex.bullets)
                if opens and (doc[start].lower_ in lower or doc[start].lower_ in self.lex.intro_verbs):
                    start += 1
                # 'Multi-Head Zorb Attention (MZA)': an acronym's definition gives the whole name, found elsewhere
                defined = j + 2 < sent.end and doc[j].text == "(" and bool(ACRONYM.match(doc[j + 1].text))
                if not defined and j - start >= 2 and doc[j - 1].lower_ in self.lex.technique_heads \
                        and fold(doc[start:j].text) not in self.not_entities:
                    yield Span(doc, start, j, label="WEAK")
                i = j

    def _numbered_family(self, doc: Doc, token: Token) -> bool:
        """'Zorbo 3.7 Sonnet', 'Zorbo Opus 4', 'Quxa 2': a capitalised word the text never writes in lower case, then a
        version (after a tier, perhaps), is a model family's release; not 'Table 3' or 'Stage 2', and not a tier alone
        ('Opus 4.6': vendorless_models knows whose)."""
        hyphened = HYPHEN_RELEASE.match(token.text)
        if hyphened:
            return self._hyphen_release(doc, token, hyphened)
        k = token.i + 1
        if token.is_stop or not token.whitespace_ or token.lower_ in self.lex.numbered_part_nouns or token.lower_ in self.lex.model_tiers \
                or token.text.lower() in self._lower_words(doc):
            return False
        if k + 1 < sentence_of(token).end and doc[k].lower_ in self.lex.model_tiers and doc[k].text[:1].isupper() and doc[k].whitespace_:
            k += 1  # 'Zorbo Opus 4'
        if not (k < sentence_of(token).end and _is_model_suffix(doc[k], self.lex) and DIGIT.search(doc[k].text)) or SIZE_TOKEN.match(doc[k].text):
            return False
        # a sentence's first word is capitalised anyway ('Shows 2 ...'): there a tier or a point release must say it
        return not token.is_sent_start or k > token.i + 1 or "." in doc[k].text

    def _cued_compound(self, doc: Doc, token: Token) -> bool:
        """name.title-hyphen-compound: Title-Case words hyphen-joined ('Quxa-Audio') are coined far more often than a
        single capitalised word is, so any cue around them, however light, makes them a name ('beating Zorb-7B and
        Quxa-Audio'); not at a sentence's start, in a Title-Case heading, when the text writes it in lower case, or for a
        language pair ('English-Chinese')."""
        if not TITLE_HYPHEN.match(token.text) or token.is_sent_start or sentence_of(token).start == 0 or self._title_case(sentence_of(token)):
            return False
        parts = [p.lower() for p in token.text.split("-")]
        if token.text.lower() in self._lower_words(doc) or any(p in self.lex.function_words for p in parts) \
                or all(p in self.lex.language_words for p in parts):
            return False
        return bool(context_votes(doc, token.i, token.i + 1, self.lex))

    def _hyphen_release(self, doc: Doc, token: Token, match: re.Match[str]) -> bool:
        """name.hyphen-release: 'Zorbo-2', 'Quxa-3.5', the family word and release written as one token, are numbered like
        'Zorbo 2'; not 'Table-3' or 'Stage-2', nor a word the text also writes in lower case ('system-2' thinking)."""
        word = match.group("word").lower()
        if token.is_stop or word in self.lex.numbered_part_nouns or word in self.lex.model_tiers or word in self._lower_words(doc):
            return False
        return not token.is_sent_start or "." in match.group("version")

    def _ends_a_name(self, doc: Doc, token: Token) -> bool:
        """Whether the loop above would find a name at ``token`` on its own."""
        strength = name_strength(token.text, self.not_entities, self.lex)
        return strength == 2 or (strength == 1 and self._weak_name_holds(doc, token))

    def _capitalised_run_before(self, doc: Doc, token: Token, taken: set[int]) -> int:
        """'Gated DeltaNet', 'Azure Cosmos DB': plain capitalised words right before a name, inside a sentence
        (not its first word, not a Title-Case heading), are the start of that name."""
        sent, start = sentence_of(token), token.i
        if sent.start == 0 or self._title_case(sent):
            return start
        lower = self._lower_words(doc)
        while start - 1 > sent.start and start - 1 not in taken and _capitalised_word(doc[start - 1], title_case=True) \
                and doc[start - 2].text not in self.lex.sentence_opening_marks and doc[start - 1].lower_ not in lower \
                and fold(doc[start - 1].text) not in self.not_entities:
            start -= 1
        opening = start - 1 == sent.start or (start - 2 >= sent.start and doc[start - 2].text in self.lex.sentence_opening_marks)
        if opening and start - 1 not in taken and _capitalised_word(doc[start - 1], title_case=True) and doc[start - 1].lower_ not in lower \
                and fold(doc[start - 1].text) not in self.not_entities and not doc[start - 1].lower_.endswith(("ing", "ly")) \
                and doc[start - 1].lower_ not in self.lex.sentence_adverbs \
                and (self.lex.org_author_after.match(text_of(doc)[token.idx + len(token.text) : sent.end_char])
                     or (token.i + 1 < sent.end and doc[token.i + 1].lower_ in self.lex.org_opening_verbs)):
            # name.lab-run-opening: 'Zorbco QuxMind researchers introduce ...', 'Zorbco QuxMind presents ...': the lab's
            # name opens the sentence; not a verb or an adverb opening it ('Scaling QuxRL shows ...', 'Recently QuxMind
            # presents ...', sentence-adverbs.txt)
            start -= 1
        return start

    @staticmethod
    def _title_case(sent: Span) -> bool:
        words = [t for t in sent if t.is_alpha]
        return len(words) <= 14 and sum(t.text[:1].isupper() for t in words) >= 0.6 * len(words)

    def _weak_name_holds(self, doc: Doc, token: Token) -> bool:
        """A capitalised word is a name only if the text never writes it in lower case, it is not in a
        Title-Case headline, and its shape or a definition around it says what it is."""
        if token.is_stop:
            return False
        if any(v.weight >= self.lex.thresholds["strong-vote"] for v in shape_votes(token.text, self.lex)):
            return True  # 'Zorblax-7B', 'RM-Bench': the shape alone says what it is, even in a title
        if sentence_of(token).start == 0 or token.text.lower() in self._lower_words(doc):
            return False
        if self._title_case(sentence_of(token)):
            return False  # a Title-Case heading capitalises every word
        if "-" in token.text and fold(token.text.split("-")[0]) in self.known_names:
            return True  # 'Claude-3.5', 'Llama-Nemotron': a variant of a name the vocabulary knows
        return _defining_context(doc, token.i, token.i + 1, self.lex)

    @staticmethod
    def _lower_words(doc: Doc) -> set[str]:
        if "lower_words" not in doc.user_data:
            words = set()
            for t in doc:
                if t.text.islower():
                    words.add(t.text)
                    words.update(p for p in t.text.split("-") if p)
            doc.user_data["lower_words"] = words
        return doc.user_data["lower_words"]

    def _short_year_after(self, span: Span) -> bool:
        """edition.short-year: a discovered all-capitals name, then a two-digit year that a slash, a list's
        punctuation or its joiner follows ('ZQB 24/25', 'HMQT 25, and'), not a count ('ZQB 25 tasks') nor a score out
        of a total ('ZQN 25/100': the slash must lead to another short year)."""
        doc, end = span.doc, span.end
        if end >= sentence_of(span).end or not ACRONYM_ONLY.match(span.text) or not SHORT_YEAR.match(doc[end].text) \
                or not span.doc[end - 1].whitespace_:
            return False
        after = doc[end + 1] if end + 1 < sentence_of(span).end else None
        if after is not None and after.text == "/":
            # 'ZQB 24/25' names two editions; 'ZQN 25/100' is a score out of a total
            return end + 2 < sentence_of(span).end and SHORT_YEAR.match(doc[end + 2].text) is not None
        return after is None or after.text in self.lex.list_joiners or after.is_punct

    def _edition_after(self, span: Span) -> int | None:
        """The end of one or two Title-Case words after the span, the last an edition word (benchmark-editions.txt), or
        None; not in a Title-Case heading, which capitalises every word."""
        doc, sent = span.doc, sentence_of(span)
        end = span.end
        while end < sent.end and end - span.end < _EDITION_WORDS and doc[end - 1].whitespace_ == " " \
                and _capitalised_word(doc[end], title_case=True):
            end += 1
            if doc[end - 1].lower_ in self.lex.benchmark_editions and not self._title_case(sent):
                return end
        return None

    def _release_after(self, span: Span) -> bool:
        """A one-digit version or a v-version right after the span ('2', 'v3'), not a count ('3 times', '2 tasks':
        elided-version-stop-after.regex)."""
        doc, sent = span.doc, sentence_of(span)
        end = span.end
        if end >= sent.end or doc[end - 1].whitespace_ != " " or not (ONE_DIGIT.match(doc[end].text) or VERSION_ALONE.match(doc[end].text)):
            return False
        return not self.lex.elided_version_stop_after.match(text_of(doc)[doc[end].idx + len(doc[end].text):])

    def _widen_to_known(self, span: Span) -> Span | None:
        """'Mamba 2', 'ARC-AGI 1', 'HMMT 25', 'DeepSeek v3.1', 'Gemini 3.0-Pro': the entity ruler matches names
        as written, so a known name followed by its version in another spelling (space, hyphen, none; a two-digit
        year) is widened to the vocabulary's longer name when that name folds alike."""
        doc, sent_end = span.doc, sentence_of(span).end
        for extra in (2, 1):
            end = span.end + extra
            if end > sent_end or any(not t.text[:1].isalnum() for t in doc[span.end : end]) \
                    or any("\n" in t.whitespace_ for t in doc[span.start : end - 1]):
                continue
            text = doc[span.start : end].text
            forms = [text]
            if TWO_DIGITS.match(doc[end - 1].text):
                forms.append(f"{doc[span.start : end - 1].text} 20{doc[end - 1].text}")  # 'HMMT 25' is 'HMMT 2025'
            for form in forms:
                entry = self.known_entries.get(fold(form))
                if entry:
                    return Span(doc, span.start, end, label=entry[0], span_id=entry[1])
        return None

    def _widen(self, span: Span) -> Span:
        doc, end = span.doc, span.end
        if span.label_ == EntityType.METHOD and end < sentence_of(span).end and doc[end - 1].whitespace_ \
                and self._technique_head(doc[end]) and not self._title_case(sentence_of(span)):
            # name.known-method-technique: 'Zorb Clamping bounds the gates of Zorb': a known method, then a Title-Case
            # technique noun, names the technique done to it, a method of its own (a heading capitalises every word)
            for t in doc[span.start : end + 1]:
                t.ent_id = 0  # spaCy reads a span's id from its tokens: the technique is not the method it is named after
            return Span(doc, span.start, end + 1, label="NAME")
        if span.label_ == EntityType.ORGANIZATION and end < sentence_of(span).end and doc[end - 1].whitespace_ \
                and VERSION_ALONE.match(doc[end].text):
            # name.org-release: 'Zorbco V4', 'Zorbco v3.1': a lab's name, then a v-version, is that lab's model
            span = Span(doc, span.start, end + 1, label="NAME")
            end = span.end
        if span.label_ in _VERSIONED_LABELS:
            while end < len(doc) and doc[end - 1].whitespace_ != "" and _is_model_suffix(doc[end], self.lex):
                end += 1
            if end < sentence_of(span).end and doc[end - 1].whitespace_ != "" and doc[end].text in self.lex.lower_case_tiers \
                    and DIGIT.search(doc[end - 1].text[-2:]):
                end += 1  # name.lower-case-tier: 'Zorb-4o mini', 'Zorb-5.1 nano'; not 'a mini model'
        if span.label_ in _EDITIONED_LABELS and end == span.end and end < len(doc) and YEAR_TOKEN.match(doc[end].text):
            end += 1  # 'AIME 2024', 'IOI 2024': an edition
        elif span.label_ == EntityType.BENCHMARK and span.ent_id_ and end == span.end and self._release_after(span):
            # name.known-benchmark-release: 'Zorb-Bench 2', 'QXB v3': a known benchmark, then a one-digit or v-version
            # the vocabulary does not list, is that release, found as a name which the linker ties to its family
            for t in doc[span.start : end + 1]:
                t.ent_id = 0  # spaCy reads a span's id from its tokens
            return Span(doc, span.start, end + 1, label="NAME")
        elif span.label_ == EntityType.BENCHMARK and span.ent_id_ and end == span.end and (edition := self._edition_after(span)):
            # name.known-benchmark-edition: 'Zorb-bench Lite', 'QUX-Bench Extra Hard': a known benchmark, then Title-Case
            # words ending in an edition word the vocabulary does not list, is that edition, found as a name which the
            # linker ties to its family
            for t in doc[span.start : edition]:
                t.ent_id = 0  # spaCy reads a span's id from its tokens
            return Span(doc, span.start, edition, label="NAME")
        elif span.label_ in _EDITIONED_LABELS and end == span.end and self._short_year_after(span):
            if span.ent_id_:
                # a known benchmark's edition the vocabulary does not list: found as a name, which the linker ties
                # to its family ('ZQB 2024' of the known ZQB)
                for t in doc[span.start : end + 1]:
                    t.ent_id = 0  # spaCy reads a span's id from its tokens
                return Span(doc, span.start, end + 1, label="NAME")
            end += 1
        if span.label_ == EntityType.ORGANIZATION:
            # 'Zorblax AI Lab' after the known 'Zorblax': a named unit is an organisation of its own (kg/link.py part_of)
            while end < sentence_of(span).end and doc[end - 1].whitespace_ and doc[end].text[:1].isupper() \
                    and doc[end].lower_ in self.lex.org_unit_words:
                end += 1
        return Span(doc, span.start, end, label=span.label_) if end != span.end else span

    def _org_phrases(self, doc: Doc) -> Iterator[Span]:
        """'Nanyang Technological University', 'University of Waterloo', 'Sakana AI'."""
        lex = self.lex
        articles = lex.capitalised_articles
        i = 0
        while i < len(doc):
            j = i
            while j < len(doc) and doc[j].text[:1].isupper() and doc[j].text.isalpha() and doc[j].text not in articles:
                j += 1
            if i > 0 and doc[i - 1].ent_type_ == EntityType.ORGANIZATION:
                i = max(j, i + 1)  # 'ByteDance AI Lab': a unit of the organisation just named, not another one
                continue
            generic_head = doc[j - 1].text in lex.generic_org_heads if j > i else False
            in_title = sentence_of(doc[i]).start == 0  # a Title-Case title capitalises 'Compound AI' like a name
            if generic_head and (in_title or (j < len(doc) and (noun_type(doc[j], lex) or doc[j].lower_ in lex.generic_org_followers))):
                i = j  # 'Compound AI systems', 'AI models': an adjective, not an organisation
                continue
            follows_name = i > 0 and name_strength(doc[i - 1].text, self.not_entities, lex) == 2
            if j > i and (doc[j - 1].text in lex.org_heads) and j - i >= 2 and not doc[i].is_stop and not (generic_head and follows_name):
                end = j
                if end + 1 < len(doc) and doc[end].lower_ in lex.org_name_linkers and doc[end + 1].text[:1].isupper():
                    end += 1
                    while end < len(doc) and doc[end].text[:1].isupper() and doc[end].text.isalpha():
                        end += 1
                yield Span(doc, i, end, label=EntityType.ORGANIZATION.value)
                i = end
            elif j > i and doc[i].text in lex.org_heads_before_of and j < len(doc) and doc[j].lower_ == "of":
                end = j + 1
                while end < len(doc) and doc[end].text[:1].isupper() and doc[end].text.isalpha():
                    end += 1
                if end > j + 1:
                    yield Span(doc, i, end, label=EntityType.ORGANIZATION.value)
                i = max(end, i + 1)
            else:
                i = max(j, i + 1)


def _capitalised_word(token: Token, title_case: bool = False) -> bool:
    """A plain capitalised word or Title-Case compound ('Gated', 'Two-Phase') that can be part of a longer name;
    with title_case, not an acronym ('SOTA'), which names something of its own."""
    parts = token.text.split("-")
    return not token.is_stop and all(p[:1].isupper() and p.isalpha() and (not title_case or p[1:].islower()) for p in parts)


def _is_model_suffix(token: Token, lex: Lexicon) -> bool:
    text = token.text
    if SCORE.match(text):
        return False  # 'leads ZorbWalk 63.0': a two-digit whole part is a score, not a version
    if SIZE_TOKEN.match(text) or ((VERSION_TOKEN.match(text) and not YEAR_TOKEN.match(text) and "." in text) or ONE_DIGIT.match(text)):
        # "Claude 3 and 3.5", "Llama 3.2 1B", "Grok 4"; not "Claude in 2024"
        return True
    if VERSION_ALONE.match(text):
        return True  # name.v-version: 'Zorbench v5', 'Quxa V12': a 'v' marks a release however many digits follow
    compound = VERSION_TIER.match(text)  # 'Gemini 3.1-Pro': the version and the tier written as one word
    if compound and compound.group(1).lower() in lex.model_tiers:
        return True
    if VERSION_CODE.match(text):
        return True  # name.version-code: 'Zorbo 2.5-VL', 'Quxa 3-XL': a version hyphen-joined to a capital code
    return text.lower() in lex.model_tiers and text[:1].isupper()


def _defining_context(doc: Doc, start: int, end: int, lex: Lexicon) -> bool:
    """True when the text around a weak name defines it ('X, a new optimizer', 'a framework called X',
    'the Glaive dataset'); a capitalised word that opens a sentence needs a definition, not a following noun."""
    opens = doc[start].is_sent_start or (start > 0 and doc[start - 1].text in lex.sentence_opening_marks)
    if opens and end < len(doc) and doc[end].text == ",":
        return False  # 'Additionally, ...': an opening word with a comma is not an apposition
    votes = context_votes(doc, start, end, lex, strong_only=True, after_noun=not opens)
    return bool(votes)
