"""Stage 2: find mentions of methods, models, benchmarks and organizations.

One spaCy ``Language`` (``build_nlp``) does the token work: a tokenizer that
keeps names such as ``Qwen2.5-Math-7B`` whole, sentences that also end at line
breaks, an ``entity_ruler`` loaded from the vocabulary, and ``name_finder``, a
component that proposes names the vocabulary does not know from their shape
and context. ``annotate`` turns each paper item into plain ``Mention`` records
carrying type votes; choosing one type per entity is the linker's job, since
it sees every mention of a name across all digests.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import spacy
from spacy.language import Language
from spacy.pipeline import EntityRuler
from spacy.tokens import Doc, Span, Token
from spacy.util import compile_infix_regex, compile_suffix_regex, filter_spans

from .ingest import PaperItem
from .lexicon import Lexicon, load_lexicon
from .lexicon import lexicon_dir as default_lexicon_dir
from .namespaces import EntityType
from .vocab import Vocabulary, fold
from .votes import Vote

ENTITY_LABELS = frozenset(kind.value for kind in EntityType)  # entity_ruler labels of vocabulary matches
_VERSIONED_LABELS = frozenset({EntityType.MODEL.value, "NAME"})  # spans widened over '3.1 8B'
_EDITIONED_LABELS = frozenset({EntityType.BENCHMARK.value, "NAME"})  # spans widened over '2024'
RELEASE_BRANDS = "release_brands"  # doc.user_data key: the plain words an item numbers as model releases ('Zorbo' of 'Zorbo 3.5')
TEXT = "text"  # doc.user_data key: the doc's text (spaCy joins every token again on each doc.text)
SENTENCES = "sentences"  # doc.user_data key: the doc's sentences and their first tokens, once its boundaries are final

# ---------------------------------------------------------------- records


@dataclass(frozen=True)
class Mention:
    text: str  # the name as it should be looked up ('DeepSeek-R1' for "DeepSeek's R1")
    surface: str  # the text as written
    sentence: int  # index into AnnotatedItem.sentences
    start: int  # token offsets in the item's doc, for ordering and windows
    end: int
    vocab_id: str | None  # canonical id when the vocabulary matched it
    votes: tuple[Vote, ...]  # type evidence from shape and context, each naming its rule
    source: str  # 'vocab' | 'shape' | 'context' | 'acronym' | 'title'
    in_title: bool = False
    owner: str | None = None  # "DeepSeek" in "DeepSeek's R1": the linker tries 'DeepSeek-R1' before 'R1'
    nested: bool = False  # a known name inside a longer name's expansion, kept only for lineage


@dataclass(frozen=True)
class AcronymDefinition:
    short: str
    long: str
    sentence: int
    long_start: int = 0  # token span of the long form in the item's doc
    long_end: int = 0


@dataclass(frozen=True)
class AnnotatedItem:
    item: PaperItem
    sentences: tuple[str, ...]  # sentence 0 is the title
    mentions: tuple[Mention, ...]
    acronyms: tuple[AcronymDefinition, ...] = field(default_factory=tuple)
    system_names: tuple[str, ...] = ()  # the names the title gives the paper's own systems


# ---------------------------------------------------------------- name shapes (mechanics; words live in the lexicon)

_SIZE = r"\d+(?:\.\d+)?[BMKT]"
SIZE_TOKEN = re.compile(rf"^(?:{_SIZE}|\d+x\d+(?:\.\d+)?B|A\d+(?:\.\d+)?B)$")
VERSION_TOKEN = re.compile(r"^v?\d+(?:\.\d+)*[a-z]?$")
YEAR_TOKEN = re.compile(r"^(?:19|20)\d\d$")
MEASUREMENT = re.compile(r"^[+~\-]?\d+(?:[.,]\d+)*(?:[a-zA-Z%×x]{0,3}|[BMKT]\d+[BMKT]|[x×]\d+(?:[.,]\d+)*)$")
PERCENT_OR_NUMBER = re.compile(r"^[+~\-]?[\d.,%×]+$")
ACRONYM = re.compile(r"^[A-Z][A-Za-z0-9\-+]*[A-Z][A-Za-z0-9+]*$|^[A-Z]{2,}s?$")
_LETTER = re.compile(r"[A-Za-z]")
_DIGIT = re.compile(r"\d")
_NUMBER_WORD = re.compile(r"^\d+(?:\.\d+)?-?[a-z]+$")  # '10-attempt', '1-bit'
_PLURAL_ACRONYM = re.compile(r"^[A-Z]{2,}s$")
_HYPHENS = re.compile(r"[-–]")
_INNER_CAPITAL = re.compile(r"[a-z][A-Z]|[A-Z]{2,}[a-z]")
_ALL_CAPS = re.compile(r"^[A-Z]{2,}[0-9]*s?$")
_BARE_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_LOWER_START = re.compile(r"^[a-z]")
_WORD_SEPARATORS = re.compile(r"[-\s–]")
_SIZE_AT_END = re.compile(r"\d(?:\.\d+)?[BM](?:\d+T)?$")
_VERSION_PART = re.compile(r"^[vV]\d+(?:\.\d+)?$")
_VERSION_ALONE = re.compile(r"^[vV]\d+(?:\.\d+)*$")  # 'v5', 'v3.1.2'
_PLAIN_WORD = re.compile(r"^[A-Z][a-z]+$")
# 'Zorbo-2', 'Zorbo-3.5': a plain word hyphen-joined to its release number (name.hyphen-release)
# 'Zorbo-Audio', 'Quxa-Zh-Lite': Title-Case words hyphen-joined (name.title-hyphen-compound)
_TITLE_HYPHEN = re.compile(r"^[A-Z][a-z]+(?:-[A-Z][a-z]+)+$")
_HYPHEN_RELEASE = re.compile(r"^(?P<word>[A-Z][a-z]+)-(?P<version>\d+(?:\.\d+)?)$")
_POINT_VERSION = re.compile(r"^\S*[A-Za-z]\S*-\d+\.\d+$")
_YEAR_AT_END = re.compile(r"\s(?:19|20)\d\d$")
_ONE_DIGIT = re.compile(r"^\d$")
_TWO_DIGITS = re.compile(r"^\d\d$")
_VERSION_TIER = re.compile(r"^\d+(?:\.\d+)?-([A-Za-z]+)$")
_VERSION_CODE = re.compile(r"^\d+(?:\.\d+)?-[A-Z]{1,3}$")  # '2.5-VL': a release's modality or kind code
_NAME_PARTS = re.compile(r"[\s\-‐‑–]")  # also the non-breaking hyphens some digests write
_TIER_VERSION = re.compile(r"^([A-Za-z]+)[-‑](\d+(?:\.\d+)?)$")  # 'Sonnet-4'
_VERSION_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")
_LIST_REACH = 32  # tokens a list scan walks back: 'benchmarks (e.g., A, B, ... H)' lists up to about fifteen names
_CODE = re.compile(r"^[A-Z]{1,3}$")
_SCORE = re.compile(r"^\d{2,}\.\d+$")
_PLURAL_NAME = re.compile(r"[A-Za-z0-9\-]*[A-Z][A-Za-z0-9\-]*[A-Z]s")
_INITIAL_PARTS = re.compile(r"[-‐]")
_COMPOUND_HYPHEN = re.compile(r"[-‐‑]\w")  # 'ZQN-based', also with the non-breaking hyphen
_PARTICIPLE = re.compile(r"^[a-z]{3,}[^e]ed$")  # 'treated', 'formatted'; not 'speed', 'embed'
_ROMAN_NUMERAL = re.compile(r"^(?:II|III|IV|VI|VII|VIII|IX|XI|XII)$")
_COMBINATION_SIGNS = re.compile(r"[+/]")
_ACRONYM_ONLY = re.compile(r"^[A-Z]{2,}(?:-[A-Z]{2,})*$")  # 'ZQN', 'QX-FAC': capitals alone, no version or size
_GREEK_SUFFIX = re.compile(r"^[A-Za-z0-9]+-[α-ωΑ-Ω]$")
_GREEK_PREFIX = re.compile(r"^[α-ωΑ-Ω][²³¹⁰-⁹\d.]*[-‑][A-Za-z]{2,}[\w-]*$")
_DECIMAL = re.compile(r"^\d+\.\d+$")
# Known names matched in any letter case: one hyphenated token with a digit or sign ('τ²-Bench' for 'τ²-bench') or several words with an
# acronym among them ('RL with verifiable rewards'); not plain words, which prose writes in lower case as ordinary
# phrases ('speculative decoding', 'chain-of-thought' are not always the method named) and not a single word.
_ANY_CASE_NAME = re.compile(r"^(?=\S*[^A-Za-z\s\-‑])\S+[-‑]\S+$|\b[A-Z]{2,}\b.*\s|\s.*\b[A-Z]{2,}\b")


@lru_cache(maxsize=65536)
def name_strength(text: str, not_entities: frozenset[str], lex: Lexicon) -> int:
    """How much a single token looks like a proper name: 2 strong, 1 weak, 0 not.

    Strong: letters mixed with digits (Qwen2.5, AIME25, o3-mini), inner capitals
    (WebThinker, AdamW), acronyms (GRPO), '++' (Reinforce++). Weak: a plain
    capitalised word or a Title-Case hyphen compound (Llama-Nemotron), which
    becomes a name only with supporting context.
    """
    if fold(text) in not_entities or len(text) < 2 or "@" in text or "://" in text:
        return 0
    if not _LETTER.search(text) or MEASUREMENT.match(text) or PERCENT_OR_NUMBER.match(text) or lex.statistic_shape.match(text):
        return 0
    if _NUMBER_WORD.match(text):
        return 0  # '10-attempt', '1-bit'
    if _PLURAL_ACRONYM.match(text):
        return 0  # a plural acronym names a class of things ('LLMs', 'AFMs'), not one thing
    parts = [p for p in _HYPHENS.split(text) if p]
    strong_part = False
    for part in parts:
        if fold(part) in not_entities or part.lower() in lex.function_words:
            continue
        has_digit = bool(_DIGIT.search(part)) and bool(_LETTER.search(part))
        inner_cap = bool(_INNER_CAPITAL.search(part)) or bool(_ALL_CAPS.match(part))
        if has_digit and not SIZE_TOKEN.match(part) and not MEASUREMENT.match(part):
            strong_part = True
        if inner_cap or "++" in part or (part[0].islower() and _DIGIT.search(part)):
            strong_part = True
    if len(parts) >= 3 and any(_BARE_NUMBER.fullmatch(p) for p in parts[1:]) and _LOWER_START.match(text):
        strong_part = True  # 'text-embedding-3-small', 'gpt-3.5-turbo': vendor ids written in lower case
    if len(parts) >= 3 and parts[0][:1].isupper() and _BARE_NUMBER.fullmatch(parts[1]) and parts[-1].lower() in lex.model_tiers:
        strong_part = True  # 'Phi-4-reasoning-plus', 'GPT-4-turbo': a family, its version, then a variant's tier
    if _GREEK_PREFIX.match(text) and re.split(r"[-‑]", text, maxsplit=1)[1].lower() not in lex.greek_prefixed_terms:
        strong_part = True  # name.greek-prefix: 'ζ-Zorb', 'ζ²-Bench': a Greek letter hyphen-joined to a word is a coined name
    if strong_part:
        return 2
    content = [p for p in parts if p.lower() not in lex.function_words and fold(p) not in not_entities
               and not SIZE_TOKEN.match(p) and not VERSION_TOKEN.match(p)]
    if content and all(p[:1].isupper() for p in content):
        return 1
    return 0


def _shape_parts(text: str) -> list[str]:
    return [p for p in _WORD_SEPARATORS.split(text) if p]


# Each shape rule reads the name alone and returns the type it suggests, or None.


def parameter_count(text: str, lex: Lexicon) -> EntityType | None:
    """'Zorblax-7B', 'Qwen3-30B-A3B': a parameter count means trained weights, whatever the prose calls it."""
    parts = _shape_parts(text)
    return EntityType.MODEL if any(SIZE_TOKEN.match(p) for p in parts[1:]) or _SIZE_AT_END.search(text) else None


def model_word_ending(text: str, lex: Lexicon) -> EntityType | None:
    """'Cosmos World Foundation Model'."""
    parts = _shape_parts(text)
    return EntityType.MODEL if len(parts) > 1 and parts[-1] in lex.model_name_endings else None


def checkpoint_suffix(text: str, lex: Lexicon) -> EntityType | None:
    """'Zorblax-Instruct', 'Zorblax-it'."""
    parts = _shape_parts(text)
    return EntityType.MODEL if parts and parts[-1].lower() in lex.model_suffixes else None


def version_suffix(text: str, lex: Lexicon) -> EntityType | None:
    """'Zorblax v2'."""
    parts = _shape_parts(text)
    return EntityType.MODEL if len(parts) > 1 and _VERSION_PART.match(parts[-1]) else None


def point_version(text: str, lex: Lexicon) -> EntityType | None:
    """'Zorb-TARS-1.5': a point release hyphen-joined to the name is how trained models are numbered."""
    return EntityType.MODEL if _POINT_VERSION.search(text) else None


def family_version(text: str, lex: Lexicon) -> EntityType | None:
    """'Zorbo 3.7 Sonnet', 'Zorbo Opus 4': a family's plain word, then its version and tiers, is a vendor's model;
    a coined name with a version ('ZorbCoT 2.0', 'Zorb-Bench 2') is as often a method's or a benchmark's release."""
    words = text.split()
    hyphened = _HYPHEN_RELEASE.match(words[0]) if words else None
    if hyphened and hyphened.group("word").lower() not in lex.numbered_part_nouns:  # 'Zorbo-3.5 Sonnet' is 'Zorbo 3.5 Sonnet'
        words = [hyphened.group("word"), hyphened.group("version"), *words[1:]]
    rest = words[1:]
    if len(words) < 2 or not _PLAIN_WORD.match(words[0]):
        return None
    versions = [w for w in rest if _VERSION_NUMBER.match(w) and not YEAR_TOKEN.match(w)]
    if versions and all(w in versions or w.lower() in lex.model_tiers for w in rest):
        return EntityType.MODEL
    return None


def benchmark_ending(text: str, lex: Lexicon) -> EntityType | None:
    """'ZorbBench', 'ZorbQA', 'ZorbArena' (not 'ZorbRAG'); also before an edition word ('Zorb-Bench Pro')."""
    parts = text.rsplit(" ", 1)
    if len(parts) == 2 and parts[1].lower() in lex.benchmark_editions:
        text = parts[0]
    if lex.benchmark_name_endings.search(text) and not lex.benchmark_name_endings_exceptions.search(text):
        return EntityType.BENCHMARK
    return None


def year_edition(text: str, lex: Lexicon) -> EntityType | None:
    """'Zorb 2025': a name with a year is an edition of a competition or benchmark."""
    return EntityType.BENCHMARK if _YEAR_AT_END.search(text) else None


def policy_optimisation(text: str, lex: Lexicon) -> EntityType | None:
    """'ZRPO', 'Zorb-PO'."""
    return EntityType.METHOD if lex.policy_optimisation_shape.search(text) else None


def method_ending(text: str, lex: Lexicon) -> EntityType | None:
    """'ZorbRL', 'ZorbLoRA', 'ZorbNet'."""
    return EntityType.METHOD if lex.method_name_endings.search(text) else None


def technique_ending(text: str, lex: Lexicon) -> EntityType | None:
    """'Quibble Distillation', 'Zorbish Routing', 'Blorf Clamping': Title-Case words ending in a technique's noun
    name one technique (a generic one belongs in not-entities.txt)."""
    words = text.split()
    if len(words) < 2 or not all(w[:1].isupper() for w in words):
        return None
    return EntityType.METHOD if _NAME_PARTS.split(words[-1])[-1].lower() in lex.technique_heads else None


# Each of these reads a discovered name alone and says whether its shape makes it no name at all (the keep decision's
# rules; a name the vocabulary knows is never tested).


def participle_compound(text: str, not_entities: frozenset[str], lex: Lexicon) -> bool:
    """'Zorb-treated', 'Quux-predicted', 'ZQ-formatted': a name hyphen-joined to a lower-case participle is an adjective
    ('Zorb-treated cohorts'); the name it is built on is found where the text writes it alone."""
    head, _, last = text.rpartition("-")
    return bool(head) and bool(_PARTICIPLE.match(last))


def number_format(text: str, not_entities: frozenset[str], lex: Lexicon) -> bool:
    """'bfloat16', 'int4', 'FP8': a numeric format is hardware arithmetic, not a method or a model."""
    return bool(lex.number_format.match(text))


def roman_numeral(text: str, not_entities: frozenset[str], lex: Lexicon) -> bool:
    """'phase II', 'Type IV': a Roman numeral alone numbers something else."""
    return bool(_ROMAN_NUMERAL.match(text))


def negating_prefix(text: str, not_entities: frozenset[str], lex: Lexicon) -> bool:
    """'anti-ZQX4', 'Non-ZQ': 'against' or 'other than' a thing describes a class of things, not one."""
    head, _, rest = text.partition("-")
    return bool(rest) and head.lower() in lex.negating_prefixes


def generic_combination(text: str, not_entities: frozenset[str], lex: Lexicon) -> bool:
    """'SFT+RL', 'RL/SFT': generic activities joined by a sign are still generic."""
    parts = _COMBINATION_SIGNS.split(text)
    return len(parts) >= 2 and all(fold(p) in not_entities for p in parts)


def version_alone(text: str, not_entities: frozenset[str], lex: Lexicon) -> bool:
    """'v5', 'V3.1': a version written alone is a release of a name the text wrote before it ('Zorbench v5'), not a name."""
    return bool(_VERSION_ALONE.match(text))


def greek_letter_suffix(text: str, not_entities: frozenset[str], lex: Lexicon) -> bool:
    """'ZQF-β', 'QXN-γ': a code hyphen-joined to one Greek letter is how molecules and proteins are named."""
    return bool(_GREEK_SUFFIX.match(text))


NotANameRule = Callable[[str, frozenset[str], Lexicon], bool]
NOT_A_NAME_RULES: tuple[tuple[str, NotANameRule], ...] = (
    ("keep.participle-compound", participle_compound),
    ("keep.number-format", number_format),
    ("keep.roman-numeral", roman_numeral),
    ("keep.negating-prefix", negating_prefix),
    ("keep.generic-combination", generic_combination),
    ("keep.greek-letter-suffix", greek_letter_suffix),
    ("keep.version-alone", version_alone),
)


def not_a_name(text: str, not_entities: frozenset[str], lex: Lexicon) -> str | None:
    """The first rule whose shape test says this discovered name is no name, or None."""
    return next((name for name, rule in NOT_A_NAME_RULES if rule(text, not_entities, lex)), None)


ShapeRule = Callable[[str, Lexicon], "EntityType | None"]
SHAPE_RULES: tuple[tuple[str, ShapeRule], ...] = (
    ("shape.parameter-count", parameter_count),
    ("shape.model-word-ending", model_word_ending),
    ("shape.checkpoint-suffix", checkpoint_suffix),
    ("shape.version-suffix", version_suffix),
    ("shape.point-version", point_version),
    ("shape.family-version", family_version),
    ("shape.benchmark-ending", benchmark_ending),
    ("shape.year-edition", year_edition),
    ("shape.policy-optimisation", policy_optimisation),
    ("shape.method-ending", method_ending),
    ("shape.technique-ending", technique_ending),
)


def cast_vote(rule: str, kind: EntityType, lex: Lexicon) -> Vote:
    return Vote(rule, kind, lex.weights[rule])


def shape_votes(text: str, lex: Lexicon) -> list[Vote]:
    """Type evidence from the name itself."""
    return [cast_vote(name, kind, lex) for name, rule in SHAPE_RULES if (kind := rule(text, lex))]


# ---------------------------------------------------------------- the pipeline


def sentence_of(where: Token | Span) -> Span:
    """The sentence a token (or a span's first token) is in: spaCy's `.sent` walks the doc's sentences from
    the first on every call, and the rules ask it tens of times per name (most of a build's time)."""
    doc = where.doc
    if SENTENCES not in doc.user_data:  # first asked by the name finder, after the sentencizer and line breaks
        sentences = list(doc.sents)
        doc.user_data[SENTENCES] = (sentences, [s.start for s in sentences])
    sentences, starts = doc.user_data[SENTENCES]
    return sentences[bisect_right(starts, where.i if isinstance(where, Token) else where.start) - 1]


def text_of(doc: Doc) -> str:
    """doc.text, joined once: spaCy joins every token's text again on each call, and the rules slice it per name."""
    if TEXT not in doc.user_data:
        doc.user_data[TEXT] = doc.text
    return doc.user_data[TEXT]


def _lexicon_config(directory: str = "") -> dict[str, str]:
    """The lexicon as a spaCy config value, resolved by kg.lexicon's registered function ("" is ontology/lexicon/)."""
    return {"@misc": "papers_kg.lexicon.v1", "directory": directory}


_LEXICON_CONFIG = _lexicon_config()


@Language.factory("line_breaks", default_config={"lexicon": _LEXICON_CONFIG})
def make_line_breaks(nlp: Language, name: str, lexicon: Lexicon) -> LineBreaks:
    return LineBreaks(lexicon.bullets)


class LineBreaks:
    """A line break ends a sentence: digests put headings and bullets on their own lines."""

    def __init__(self, bullets: frozenset[str]):
        self.bullets = bullets

    def __call__(self, doc: Doc) -> Doc:
        for token in doc[:-1]:
            if "\n" in token.text or "\n" in token.whitespace_:
                doc[token.i + 1].is_sent_start = True
            if token.text in self.bullets and (token.i == 0 or "\n" in doc[token.i - 1].text_with_ws):
                doc[token.i + 1].is_sent_start = False
        return doc


@Language.factory("vocabulary_ruler", default_config={"phrase_matcher_attr": "ORTH"})
def make_vocabulary_ruler(nlp: Language, name: str, phrase_matcher_attr: str) -> VocabularyRuler:
    return VocabularyRuler(nlp, name, phrase_matcher_attr=phrase_matcher_attr, validate=False)


class VocabularyRuler(EntityRuler):
    """spaCy's entity ruler, over the vocabulary's names and aliases.

    spaCy 3.8's ruler counts every one of its patterns on every document, only to warn when it has none (W036):
    half of the two rulers' time over the corpus (0.23 of 0.44 CPU s). These rulers are only added with patterns."""

    def _require_patterns(self) -> None:
        return None


@Language.factory("name_finder", default_config={"not_entities": [], "known_names": [], "known_entries": {}, "lexicon": _LEXICON_CONFIG})
def make_name_finder(nlp: Language, name: str, not_entities: list[str], known_names: list[str], known_entries: dict[str, list[str]],
                     lexicon: Lexicon) -> NameFinder:
    return NameFinder(frozenset(not_entities), frozenset(known_names), lexicon, known_entries)


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

    def __call__(self, doc: Doc) -> Doc:
        # 'Zorbo 3.5' found as a release: the brand word written alone elsewhere is that family (context.release-brand)
        doc.user_data[RELEASE_BRANDS] = frozenset(t.text for t in doc if name_strength(t.text, self.not_entities, self.lex) == 1
                                                  and not _HYPHEN_RELEASE.match(t.text) and self._numbered_family(doc, t))
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
        ('Opus 4.6': _vendorless_models knows whose)."""
        hyphened = _HYPHEN_RELEASE.match(token.text)
        if hyphened:
            return self._hyphen_release(doc, token, hyphened)
        k = token.i + 1
        if token.is_stop or not token.whitespace_ or token.lower_ in self.lex.numbered_part_nouns or token.lower_ in self.lex.model_tiers \
                or token.text.lower() in self._lower_words(doc):
            return False
        if k + 1 < sentence_of(token).end and doc[k].lower_ in self.lex.model_tiers and doc[k].text[:1].isupper() and doc[k].whitespace_:
            k += 1  # 'Zorbo Opus 4'
        if not (k < sentence_of(token).end and _is_model_suffix(doc[k], self.lex) and _DIGIT.search(doc[k].text)) or SIZE_TOKEN.match(doc[k].text):
            return False
        # a sentence's first word is capitalised anyway ('Shows 2 ...'): there a tier or a point release must say it
        return not token.is_sent_start or k > token.i + 1 or "." in doc[k].text

    def _cued_compound(self, doc: Doc, token: Token) -> bool:
        """name.title-hyphen-compound: Title-Case words hyphen-joined ('Quxa-Audio') are coined far more often than a
        single capitalised word is, so any cue around them, however light, makes them a name ('beating Zorb-7B and
        Quxa-Audio'); not at a sentence's start, in a Title-Case heading, when the text writes it in lower case, or for a
        language pair ('English-Chinese')."""
        if not _TITLE_HYPHEN.match(token.text) or token.is_sent_start or sentence_of(token).start == 0 or self._title_case(sentence_of(token)):
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
            if _TWO_DIGITS.match(doc[end - 1].text):
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
                and _VERSION_ALONE.match(doc[end].text):
            # name.org-release: 'Zorbco V4', 'Zorbco v3.1': a lab's name, then a v-version, is that lab's model
            span = Span(doc, span.start, end + 1, label="NAME")
            end = span.end
        if span.label_ in _VERSIONED_LABELS:
            while end < len(doc) and doc[end - 1].whitespace_ != "" and _is_model_suffix(doc[end], self.lex):
                end += 1
        if span.label_ in _EDITIONED_LABELS and end == span.end and end < len(doc) and YEAR_TOKEN.match(doc[end].text):
            end += 1  # 'AIME 2024', 'IOI 2024': an edition
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
            if generic_head and (in_title or (j < len(doc) and (_noun_type(doc[j], lex) or doc[j].lower_ in lex.generic_org_followers))):
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
    if _SCORE.match(text):
        return False  # 'leads ZorbWalk 63.0': a two-digit whole part is a score, not a version
    if SIZE_TOKEN.match(text) or ((VERSION_TOKEN.match(text) and not YEAR_TOKEN.match(text) and "." in text) or _ONE_DIGIT.match(text)):
        # "Claude 3 and 3.5", "Llama 3.2 1B", "Grok 4"; not "Claude in 2024"
        return True
    if _VERSION_ALONE.match(text):
        return True  # name.v-version: 'Zorbench v5', 'Quxa V12': a 'v' marks a release however many digits follow
    compound = _VERSION_TIER.match(text)  # 'Gemini 3.1-Pro': the version and the tier written as one word
    if compound and compound.group(1).lower() in lex.model_tiers:
        return True
    if _VERSION_CODE.match(text):
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


# Each context rule reads the words around a name and returns the type they suggest, or None.


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
        kind = _noun_type(doc[look], lex) if doc[look].lower_ not in lex.module_nouns else None
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
    return _noun_type(doc[k], c.lex)


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
        head = _head_type(doc, look, lex) or head
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
        head = _head_type(doc, look, lex) or head
    return head


def called(c: NameContext) -> EntityType | None:
    """'a framework called Zorb'."""
    doc, start, lex = c.doc, c.start, c.lex
    if start >= 1 and doc[start - 1].lower_ in lex.naming_words:
        for look in range(start - 2, max(c.sent.start - 1, start - 8), -1):
            kind = _noun_type(doc[look], lex)
            if kind:
                return kind
    return None


def _list_scan(c: NameContext) -> tuple[str, EntityType] | None:
    """Walks back over a list of names to what heads it: 'on A, B, and C' in a results sentence
    ('results-on'), or 'benchmarks like A, B' / 'models such as X' ('list-head')."""
    doc, sent, lex, start = c.doc, c.sent, c.lex, c.start
    for look in range(start - 1, max(sent.start - 1, start - _LIST_REACH), -1):
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
    if _ACRONYM_ONLY.match(c.doc[c.start : c.end].text):
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
    return token.lower_ in lex.compared_method_nouns or _noun_type(token, lex) == EntityType.METHOD


def possessive_owner(c: NameContext) -> EntityType | None:
    """"Zorb's Quux-7B", "Zorb's reference model": the owner of a release."""
    doc, end = c.doc, c.end
    if c.possessive and end + 1 < c.sent.end and (
            doc[end + 1].ent_type_ or any(_noun_type(t, c.lex) == EntityType.MODEL for t in doc[end + 1 : end + 4])):
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
                                                              and _DIGIT.search(released.text)) else None


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


def _head_type(doc: Doc, i: int, lex: Lexicon) -> EntityType | None:
    """The type a noun gives its phrase, unless it only modifies the next word ('an LLM-powered agent')."""
    if i + 1 < len(doc) and doc[i + 1].text.startswith("-"):
        return None
    return _noun_type(doc[i], lex)


def _list_noun_type(token: Token, lex: Lexicon) -> EntityType | None:
    if kind := _noun_type(token, lex):
        return kind
    return EntityType.BENCHMARK if token.lower_ in lex.list_nouns_benchmark else None


def _noun_type(token: Token, lex: Lexicon) -> EntityType | None:
    return lex.noun_type(token.lower_)


def _tokenizer_rules(nlp: Language, lex: Lexicon) -> None:
    # Keep hyphenated names whole (Qwen2.5-Math-7B, GRPO-RoC): drop the letter-hyphen-letter infix,
    # but still split dashes used as punctuation and slashes between names (GPTQ/AWQ).
    tokenizer: Any = nlp.tokenizer  # spaCy's Tokenizer (Cython, no type stub)
    infixes = [p for p in cast(list[str], nlp.Defaults.infixes) if "-|–|—" not in p and r"[+\-\*^]" not in p]
    infixes += [r"—|–|(?<=[A-Za-z0-9])--(?=[A-Za-z0-9])", r"(?<=[A-Za-z0-9+])/(?=[A-Za-z0-9])"]
    tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    # Unit suffixes ('1M' -> '1' 'M') would cut names such as Qwen2.5-7B-Instruct-1M; measurements stay whole.
    suffixes = [p for p in cast(list[str], nlp.Defaults.suffixes) if "km|km²" not in p]
    suffixes += [r"(?<=[A-Z0-9+])\.$", r"(?<=[A-Za-z0-9])[’']s$", lex.adjective_suffixes]
    tokenizer.suffix_search = compile_suffix_regex(suffixes).search
    tokenizer.url_match = None


def build_nlp(vocabulary: Vocabulary, lexicon_dir: Path | None = None) -> Language:
    """The one spaCy pipeline, built once per vocabulary and lexicon and reused for every digest and build."""
    return _build_nlp(vocabulary, str(lexicon_dir or default_lexicon_dir()))


@lru_cache(maxsize=4)
def _build_nlp(vocabulary: Vocabulary, lexicon_dir: str) -> Language:
    lexicon_config = _lexicon_config(lexicon_dir)
    nlp = spacy.blank("en")
    _tokenizer_rules(nlp, load_lexicon(Path(lexicon_dir)))
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("line_breaks", config={"lexicon": lexicon_config})
    ruler = cast(EntityRuler, nlp.add_pipe("vocabulary_ruler", name="entity_ruler", config={"phrase_matcher_attr": "ORTH"}))
    patterns: list[dict[str, Any]] = []
    for entry in vocabulary.entries:
        for alias in sorted({entry.id, *entry.aliases}):
            patterns.append({"label": entry.type.value, "pattern": alias, "id": entry.id})
    ruler.add_patterns(patterns)
    any_case_patterns = [p for p in patterns if _ANY_CASE_NAME.search(p["pattern"])]
    if any_case_patterns:  # an empty ruler warns on every document (spaCy's W036)
        any_case = cast(EntityRuler, nlp.add_pipe("vocabulary_ruler", name="entity_ruler_any_case",
                                                  config={"phrase_matcher_attr": "LOWER"}))
        any_case.add_patterns(any_case_patterns)
    known_entries = {name: [entry.type.value, entry.id] for name, entry in sorted(vocabulary.by_fold().items())}
    nlp.add_pipe("name_finder", config={"not_entities": sorted(vocabulary.not_entities), "known_names": sorted(vocabulary.by_fold()),
                                         "known_entries": known_entries,
                                         "lexicon": lexicon_config})
    return nlp


# ---------------------------------------------------------------- from docs to mentions


def pipeline_lexicon(nlp: Language) -> Lexicon:
    """The lexicon the pipeline's components were configured with."""
    finder = nlp.get_pipe("name_finder")
    assert isinstance(finder, NameFinder)
    return finder.lex


def annotate(nlp: Language, items: Iterable[PaperItem], vocabulary: Vocabulary) -> Iterator[AnnotatedItem]:
    items = list(items)
    lex = pipeline_lexicon(nlp)
    texts = [f"{item.title}\n{item.body}" for item in items]
    for item, doc in zip(items, nlp.pipe(texts, batch_size=64), strict=True):
        yield _to_annotated(item, doc, vocabulary, lex)


def _to_annotated(item: PaperItem, doc: Doc, vocabulary: Vocabulary, lex: Lexicon) -> AnnotatedItem:
    sentences = list(doc.sents)
    sent_index = {s.start: n for n, s in enumerate(sentences)}
    title_end = len(item.title)
    mentions: list[Mention] = []
    for ent in doc.ents:
        mention = _mention(ent, sent_index, vocabulary, title_end, lex)
        if mention:
            mentions.append(mention)
    definitions = _acronym_definitions(doc, sent_index, lex)
    generic = {fold(d.short) for d in definitions if fold(d.long) in vocabulary.not_entities or fold(d.short) in vocabulary.not_entities}
    # 'Zorb Agency Scale (ZAS)': an acronym the text defines as a measure or a part of a system is no entity
    # (expansion-heads-not-entity.txt); a name the vocabulary knows stays.
    measures = {fold(d.short) for d in definitions if _expansion_head(d.long) in lex.expansion_heads_not_entity}
    acronyms = [d for d in definitions if fold(d.short) not in generic | measures]
    # 'Bradley-Terry (BT)': an acronym of a generic term is generic too.
    mentions = [m for m in mentions if fold(m.text) not in generic and (m.source == "vocab" or fold(m.text) not in measures)]
    # 'a quirky acyclic graph (QAG)': an acronym the text spells out in lower case names a kind of thing;
    # a name the vocabulary knows stays ('proximal policy optimization (PPO)').
    lower_spelled = _lowercase_expansions(doc, lex)
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
    # (name.unvoted-code).
    uncued = _uncued_codes(doc, mentions, definitions, item.title, lex)
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
    systems = _system_names(item.title, doc, vocabulary, acronyms, lex)
    if systems:
        definition = _definition_votes(doc, lex)
        mentions = [
            replace(m, source="title", votes=m.votes + tuple(definition)) if m.in_title and m.text in systems else m
            for m in mentions
        ]
    for system in systems:
        titled = _title_mentions(system, doc, sent_index, title_end, {(m.start, m.end) for m in mentions}, lex)
        # The system's full name wins over the pieces the shape rules found inside it ('BitNet b1.58 2B4T').
        mentions = [m for m in mentions if not any(t.start <= m.start and m.end <= t.end for t in titled)]
        mentions.extend(titled)
    mentions = _possessive_names(mentions, doc, lex)
    mentions += _slash_editions(mentions, doc, sent_index, lex)
    mentions += _elided_versions(mentions, doc, sent_index, lex)
    mentions += _vendorless_models(mentions, doc, sent_index, vocabulary, lex)
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
    if _PLURAL_NAME.fullmatch(text) and sum(c.isupper() for c in text) >= 2:
        return text[:-1]
    return text


def _mention(ent: Span, sent_index: dict[int, int], vocabulary: Vocabulary, title_end: int, lex: Lexicon) -> Mention | None:
    text = _singular(ent.text.strip())
    if fold(text) in vocabulary.not_entities:
        return None
    votes = shape_votes(text, lex) + context_votes(ent.doc, ent.start, ent.end, lex)
    if ent.label_ in ENTITY_LABELS and ent.ent_id_:
        source, vocab_id = "vocab", ent.ent_id_
        votes.append(cast_vote("vocabulary", EntityType(ent.label_), lex))
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
        surface=text,
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


def _initials(words: list[str], lex: Lexicon) -> str:
    letters = []
    for word in words:
        for part in _INITIAL_PARTS.split(word):
            if part and part.lower() not in lex.function_words:
                letters.append(part[0].upper())
    return "".join(letters)


def _acronym_letters(acronym: str) -> str:
    core = acronym[:-1] if acronym.endswith("s") and acronym[:-1].isupper() else acronym
    return "".join(ch for ch in core if ch.isupper())


def _acronym_definitions(doc: Doc, sent_index: dict[int, int], lex: Lexicon) -> list[AcronymDefinition]:
    """'Group Relative Policy Optimization (GRPO)' and 'DAM (Describe Anything Model)'."""
    function_words = lex.function_words
    found: list[AcronymDefinition] = []
    for token in doc:
        if token.text != "(" or token.i + 2 >= len(doc):
            continue
        inner = doc[token.i + 1]
        close = token.i + 2
        if doc[close].text == ")" and ACRONYM.match(inner.text):
            letters = _acronym_letters(inner.text)
            for size in range(len(letters) + 3, 0, -1):
                begin = token.i - size
                if begin < sentence_of(token).start:
                    continue
                words = [t.text for t in doc[begin : token.i]]
                while words and words[0].lower() in function_words:
                    words = words[1:]
                if words and _initials(words, lex) == letters and words[0][:1].isupper() and len(letters) >= 2:
                    if all(w[:1].isupper() or w.lower() in function_words for w in words):
                        found.append(AcronymDefinition(inner.text, " ".join(words).replace(" - ", "-"), sent_index[sentence_of(token).start],
                                                       token.i - len(words), token.i))
                    break
        elif token.i >= 1 and ACRONYM.match(doc[token.i - 1].text):
            end = token.i + 1
            while end < len(doc) and doc[end].text != ")" and end - token.i < 10:
                end += 1
            words = [t.text for t in doc[token.i + 1 : end]]
            letters = _acronym_letters(doc[token.i - 1].text)
            if words and len(letters) >= 2 and _initials(words, lex) == letters \
                    and all(w[:1].isupper() or w.lower() in function_words for w in words):
                found.append(AcronymDefinition(doc[token.i - 1].text, " ".join(words), sent_index[sentence_of(token).start], token.i + 1, end))
        if not any(d.long_start <= token.i + 1 < d.long_end or d.long_end == token.i for d in found[-1:]):
            # '(Mixture-of-Agents, MoA)': the long form and its acronym inside one pair of parentheses
            comma = next((t.i for t in doc[token.i + 1 : min(token.i + 10, len(doc))] if t.text in lex.acronym_list_separators), None)
            if comma and comma + 2 < len(doc) and doc[comma + 2].text == ")" and ACRONYM.match(doc[comma + 1].text):
                words = [t.text for t in doc[token.i + 1 : comma]]
                letters = _acronym_letters(doc[comma + 1].text)
                if words and len(letters) >= 2 and _initials(words, lex) == letters and words[0][:1].isupper():
                    found.append(AcronymDefinition(doc[comma + 1].text, " ".join(words), sent_index[sentence_of(token).start], token.i + 1, comma))
    return found  # the caller drops definitions of generic terms, and their acronyms with them


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
    return m.start > 0 and bool(_DECIMAL.match(doc[m.start - 1].text)) and bool(lex.bare_acronym_shape.match(m.text))


def _metric_given_a_change(doc: Doc, m: Mention, lex: Lexicon) -> bool:
    """'improved precision by 8.5%, ZQR by 15.7%': a bare acronym that changes by an amount is a metric, unless the
    sentence compares it ('outperforms ZQR by 3%': a baseline beaten by a margin)."""
    if not lex.bare_acronym_shape.match(m.text) or not lex.metric_change_after.match(text_of(doc), doc[m.end - 1].idx + len(doc[m.end - 1])):
        return False
    sent = sentence_of(doc[m.start])
    return not lex.compare_cues.search(text_of(doc)[sent.start_char : doc[m.start].idx])


_DOTTED_VERSION_END = re.compile(r"(?<![\d.])\d+\.\d+$")  # '3.5' closing 'Zorb-3.5'


def _slash_editions(mentions: list[Mention], doc: Doc, sent_index: dict[int, int], lex: Lexicon) -> list[Mention]:
    """'AIME24/25' names AIME25 too, 'Zorb-2.5-pro/flash' names Zorb-2.5-flash: the part after the slash
    replaces the name's last part when it is of the same kind (a number of as many digits, or a tier)."""
    taken = {i for m in mentions for i in range(m.start, m.end)}
    out = []
    for m in mentions:
        k = m.end + 1
        if k >= len(doc) or doc[m.end].text != "/" or k in taken or doc[m.end].whitespace_ or doc[m.end - 1].whitespace_:
            continue
        second = doc[k].text
        last = _NAME_PARTS.split(m.text)[-1]
        dotted = _DOTTED_VERSION_END.search(m.text)
        if second.isdigit() and dotted:
            # slash.whole-version: 'Zorb-3.5/4' names Zorb-4, not 'Zorb-3.4': a bare number after a point release
            # is the next major version
            text = m.text[: dotted.start()] + second
        elif second.isdigit() and m.text[-len(second):].isdigit() and not m.text[-len(second) - 1 :].isdigit():
            text = m.text[: -len(second)] + second
        elif second.lower() in lex.model_tiers and last.lower() in lex.model_tiers and last != m.text:
            text = m.text[: -len(last)] + second
        else:
            continue
        out.append(replace(m, text=text, surface=doc[k].text, start=k, end=k + 1, vocab_id=None, source="shape",
                           sentence=sent_index[sentence_of(doc[k]).start], owner=None))
    return out


_RELEASED_TYPES = frozenset({EntityType.MODEL, EntityType.BENCHMARK})
_LAST_VERSION = re.compile(r"^(?P<head>.*[A-Za-z].*[\s\-‐‑])(?P<version>\d+(?:\.\d+)?)$")  # 'Zorb Pro 4', 'Zorb-3'


def _elided_versions(mentions: list[Mention], doc: Doc, sent_index: dict[int, int], lex: Lexicon) -> list[Mention]:
    """name.elided-version: 'Zorb Pro 4 and 4.1', 'Zorb 2, 3 or 4' name 'Zorb Pro 4.1', 'Zorb 3' and 'Zorb 4' too:
    a bare version number joined to a name that ends with one (elided-version-joiners.txt) replaces that number.
    Not a number that counts or measures something ('Zorb 3 and 4 other models', 'and 5%':
    elided-version-stop-after.regex), nor one a name already covers, nor after a name that neither the vocabulary
    nor a vote calls a model or benchmark ('Stage 1 and 2') unless the text also names it without the number."""
    taken = {i for m in mentions for i in range(m.start, m.end)}
    named = {m.text for m in mentions}
    text = text_of(doc)
    out = []
    for m in mentions:
        shape = _LAST_VERSION.match(m.text)
        if shape is None or not doc[m.end - 1].text.endswith(shape.group("version")):
            continue
        if m.vocab_id is None and not any(v.type in _RELEASED_TYPES for v in m.votes) \
                and shape.group("head").strip(" -‐‑") not in named:
            # 'Stage 1 and 2', 'Level 3 and 4': only a known or model- or benchmark-voted name has releases, or
            # (name.elided-version-of-named) one whose unnumbered name the text names too ('Zorb-Net 3 and 4' after
            # 'Zorb-Net'): that name is released in numbered versions
            continue
        if _NAME_PARTS.split(shape.group("head").strip(" -‐‑"))[-1].lower().removesuffix("s") in lex.numbered_part_nouns:
            continue  # 'Stages 1 & 2': numbered parts, whatever votes the first got
        version = shape.group("version")
        k = m.end
        while True:
            j = k
            while j < len(doc) and j - k < 2 and doc[j].text.lower() in lex.elided_version_joiners:
                j += 1  # ', and' is one joiner of two tokens
            if j == k or j >= len(doc) or j in taken or not _VERSION_NUMBER.match(doc[j].text) or doc[j].text == version:
                break
            # 'Zorb 3, 40 tasks': a release keeps the version's number of digits; a count seldom does, and a score
            # ('0.76 for Zorb-1.5 and 0.72 for Quxa') has more decimals than a release number
            number, _, decimals = doc[j].text.partition(".")
            if len(number) != len(version.split(".")[0]) or len(decimals) > max(1, len(version.partition(".")[2])):
                break
            if lex.elided_version_stop_after.match(text[doc[j].idx + len(doc[j].text):]):
                break
            out.append(replace(m, text=shape.group("head") + doc[j].text, surface=doc[j].text, start=j, end=j + 1,
                               vocab_id=None, source="shape", sentence=sent_index[sentence_of(doc[j]).start], owner=None))
            k = j + 1
    return out


@lru_cache(maxsize=4)
def _tier_families(vocabulary: Vocabulary, lex: Lexicon) -> dict[str, str]:
    """Tiers that only one known family uses ('opus' -> 'Claude'), from the vocabulary's model names."""
    families: dict[str, set[str]] = {}
    for entry in vocabulary.entries:
        words = entry.id.split()
        if entry.type == EntityType.MODEL and len(words) >= 3 and words[0].isalpha():
            for word in words[1:]:
                if word.isalpha() and word.lower() in lex.model_tiers:
                    families.setdefault(word.lower(), set()).add(words[0])
    return {tier: next(iter(names)) for tier, names in families.items() if len(names) == 1}


def _vendorless_models(mentions: list[Mention], doc: Doc, sent_index: dict[int, int], vocabulary: Vocabulary,
                       lex: Lexicon) -> list[Mention]:
    """'using Opus 4.6', 'beats Sonnet-4': a tier that only one known family uses, then a version, names that
    family's model ('Claude Opus 4.6') without its vendor."""
    tiers = _tier_families(vocabulary, lex)
    taken = {i for m in mentions for i in range(m.start, m.end)}
    out = []
    for token in doc:
        if token.i in taken or not token.text[:1].isupper():
            continue
        joined = _TIER_VERSION.match(token.text)
        if joined:
            tier, version, end = joined.group(1), joined.group(2), token.i + 1
        elif token.i + 1 < len(doc) and token.i + 1 not in taken and _VERSION_NUMBER.match(doc[token.i + 1].text):
            tier, version, end = token.text, doc[token.i + 1].text, token.i + 2
        else:
            continue
        family = tiers.get(tier.lower())
        if family is None or (token.i > sentence_of(token).start and doc[token.i - 1].text[:1].isupper()):
            continue  # 'Claude Opus 4.6' is found whole; 'Zorbpad Pro 2' is another maker's product
        text = f"{family} {tier} {version}"
        out.append(Mention(text=text, surface=doc[token.i : end].text, sentence=sent_index[sentence_of(token).start], start=token.i,
                           end=end, vocab_id=None, source="shape",
                           votes=(*shape_votes(text, lex), cast_vote("shape.vendor-tier", EntityType.MODEL, lex)),
                           in_title=sentence_of(token).start == 0))
    return out


def _uncued_codes(doc: Doc, mentions: list[Mention], acronyms: list[AcronymDefinition], title: str, lex: Lexicon) -> set[str]:
    """Discovered short codes ('CD68', 'T1', 'MSI-H') that no mention in the item gives a vote, compares ('vs. ZQN',
    'ZQN baselines') or defines, and the title does not name: an acronym alone is strong enough to be found, not
    to be an entity."""
    defined = {d.short for d in acronyms}
    codes = {m.text for m in mentions if m.source == "shape" and lex.unvoted_code_shape.match(m.text)}
    named_edges = {m.start for m in mentions if m.text not in codes} | {m.end - 1 for m in mentions if m.text not in codes}
    voted = {m.text for m in mentions if m.votes or m.source == "vocab" or m.in_title or _compared_near(doc, m, lex)
             or _listed_with_name(doc, m, named_edges, lex) or _hyphen_compound_head(doc, m) or _introduced_near(doc, m, lex)}
    # the item's opening sentence presents its own work ('ZQN is a planner that ...')
    opening = {m.text for m in mentions if m.sentence <= 1}
    return {c for c in codes if c not in voted | defined | opening and c not in title}


def _listed_with_name(doc: Doc, m: Mention, named: set[int], lex: Lexicon) -> bool:
    """'approaches such as Zorb-R1, ZQN, and Blorp': a code listed next to a name that is no code is one of them."""
    before = m.start >= 2 and doc[m.start - 1].text in lex.list_joiners and m.start - 2 in named
    after = m.end + 1 < len(doc) and doc[m.end].text in lex.list_joiners and m.end + 1 in named
    return before or after


def _hyphen_compound_head(doc: Doc, m: Mention) -> bool:
    """'ZQN-based estimation', 'ZQN-style': a code that heads a hyphen compound is used as a technique."""
    return bool(_COMPOUND_HYPHEN.match(text_of(doc), doc[m.end - 1].idx + len(doc[m.end - 1])))


def _introduced_near(doc: Doc, m: Mention, lex: Lexicon) -> bool:
    """'The authors introduce ZQN, which ...': a code in a clause that presents new work may be that work."""
    sent = sentence_of(doc[m.start])
    return bool(lex.intro_cues.search(text_of(doc)[sent.start_char : doc[m.start].idx]))


def _compared_near(doc: Doc, m: Mention, lex: Lexicon) -> bool:
    """'ZQN scores 40%, behind Zorblax': a code in a sentence that compares is a baseline or the system compared."""
    return bool(lex.compare_cues.search(sentence_of(doc[m.start]).text))


def _slash_codes(doc: Doc) -> set[str]:
    """Members of a slash list of three or more short capital codes ('MR/PT/DA/CR')."""
    codes: set[str] = set()
    i = 0
    while i < len(doc):
        j = i
        while j + 2 < len(doc) and doc[j + 1].text == "/" and _CODE.match(doc[j].text) and _CODE.match(doc[j + 2].text):
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


def _lowercase_expansions(doc: Doc, lex: Lexicon) -> set[str]:
    """Acronyms written after their expansion in lower case: 'directed acyclic graph (DAG)'."""
    found = set()
    for token in doc[1:-2]:
        inner = doc[token.i + 1]
        if token.text != "(" or doc[token.i + 2].text != ")" or not ACRONYM.match(inner.text):
            continue
        letters = _acronym_letters(inner.text)
        begin = token.i
        while begin > sentence_of(token).start and token.i - begin < len(letters) + 3 and doc[begin - 1].is_alpha:
            begin -= 1
            words = [t.text for t in doc[begin : token.i] if t.text.lower() not in lex.function_words]
            if len(letters) >= 2 and (_initials(words, lex) == letters or _spelled_by_prefixes(inner.text, words)):
                if all(w.islower() for w in words):
                    found.add(inner.text)
                break
    return found


def _spelled_by_prefixes(acronym: str, words: list[str]) -> bool:
    """'model identifier (MID)': each word gives the acronym its first letter or first few letters, in order."""
    target = acronym.lower().rstrip("s") if _PLURAL_ACRONYM.match(acronym) else acronym.lower()
    words = [w.lower() for w in words]

    def spell(rest: str, i: int) -> bool:
        if i == len(words):
            return not rest
        word = words[i]
        return any(rest[:n] == word[:n] and spell(rest[n:], i + 1) for n in range(1, min(len(word), len(rest)) + 1))
    return bool(words) and len(target) <= 8 and spell(target, 0)


def _system_names(title: str, doc: Doc, vocabulary: Vocabulary, acronyms: list[AcronymDefinition], lex: Lexicon) -> list[str]:
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
            or not all(w[:1].isupper() or _DIGIT.search(w) or w in lex.system_name_joiners for w in words):
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
    initials = _initials(words, lex)
    # Initials carry whatever the title's words start with ('(' in 'System 2 Attention (S2A)'): escaped.
    if len(initials) >= 2 and re.search(rf"(?<!\w){re.escape(initials)}(?!\w)", body):
        return True
    return _continues_title(doc, lex) or bool(_definition_votes(doc, lex))


def _continues_title(doc: Doc, lex: Lexicon) -> bool:
    """'Quux Simulator' / 'applies generative modeling to ...': a body that opens in lower case continues the title as
    one sentence, the title its subject, so the title is the name of what the paper presents (the DAIR layout of 2023);
    not when the sentence only studies a topic ('Quux Directions' / 'discusses ...')."""
    sentences = list(doc.sents)
    return len(sentences) >= 2 and sentences[1][0].is_lower and sentences[1][0].lower_ not in lex.study_verbs


def _definition_votes(doc: Doc, lex: Lexicon) -> list[Vote]:
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
        head = _head_type(doc, token.i, lex) or head
    return [cast_vote("title.definition", head, lex)] if head else []


def _title_mentions(system: str, doc: Doc, sent_index: dict[int, int], title_end: int, taken: set[tuple[int, int]],
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
                            + (_definition_votes(doc, lex) if match.start() < title_end else [])),
                source="title",
                in_title=match.start() < title_end,
            )
        )
    return out


def _expansion_head(long: str) -> str:
    """The last word of an acronym's expansion, lower case: 'model' of 'Describe Anything Model'."""
    return long.split()[-1].split("-")[-1].lower() if long.split() else ""


def type_from_expansion(long: str, lex: Lexicon) -> EntityType | None:
    """The type an acronym's expansion implies: '... Optimization' is a method, '... Model' a model."""
    head = _expansion_head(long)
    for kind, heads in lex.expansion_heads:
        if head in heads:
            return kind
    return EntityType.METHOD
