"""What a name alone says: how strongly its shape marks a name, the type its shape suggests (the shape rules),
and the shapes that are never names (the keep rules). Mechanics only: the words they test live in the lexicon.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ..lexicon import Lexicon
from ..namespaces import EntityType
from ..vocab import fold
from ..votes import Vote

_SIZE = r"\d+(?:\.\d+)?[BMKT]"


SIZE_TOKEN = re.compile(rf"^(?:{_SIZE}|\d+x\d+(?:\.\d+)?B|A\d+(?:\.\d+)?B)$")


VERSION_TOKEN = re.compile(r"^v?\d+(?:\.\d+)*[a-z]?$")


YEAR_TOKEN = re.compile(r"^(?:19|20)\d\d$")


MEASUREMENT = re.compile(r"^[+~\-]?\d+(?:[.,]\d+)*(?:[a-zA-Z%×x]{0,3}|[BMKT]\d+[BMKT]|[x×]\d+(?:[.,]\d+)*)$")


PERCENT_OR_NUMBER = re.compile(r"^[+~\-]?[\d.,%×]+$")


ACRONYM = re.compile(r"^[A-Z][A-Za-z0-9\-+]*[A-Z][A-Za-z0-9+]*$|^[A-Z]{2,}s?$")


_LETTER = re.compile(r"[A-Za-z]")


DIGIT = re.compile(r"\d")


_NUMBER_WORD = re.compile(r"^\d+(?:\.\d+)?-?[a-z]+$")  # '10-attempt', '1-bit'


PLURAL_ACRONYM = re.compile(r"^[A-Z]{2,}s$")


_HYPHENS = re.compile(r"[-–]")


_INNER_CAPITAL = re.compile(r"[a-z][A-Z]|[A-Z]{2,}[a-z]")


_ALL_CAPS = re.compile(r"^[A-Z]{2,}[0-9]*s?$")


_BARE_NUMBER = re.compile(r"\d+(?:\.\d+)?")


_LOWER_START = re.compile(r"^[a-z]")


_WORD_SEPARATORS = re.compile(r"[-\s–]")


_SIZE_AT_END = re.compile(r"\d(?:\.\d+)?[BM](?:\d+T)?$")


_VERSION_PART = re.compile(r"^[vV]\d+(?:\.\d+)?$")


VERSION_ALONE = re.compile(r"^[vV]\d+(?:\.\d+)*$")  # 'v5', 'v3.1.2'


_PLAIN_WORD = re.compile(r"^[A-Z][a-z]+$")


# 'Zorbo-2', 'Zorbo-3.5': a plain word hyphen-joined to its release number (name.hyphen-release)
# 'Zorbo-Audio', 'Quxa-Zh-Lite': Title-Case words hyphen-joined (name.title-hyphen-compound)
TITLE_HYPHEN = re.compile(r"^[A-Z][a-z]+(?:-[A-Z][a-z]+)+$")


HYPHEN_RELEASE = re.compile(r"^(?P<word>[A-Z][a-z]+)-(?P<version>\d+(?:\.\d+)?)$")


_POINT_VERSION = re.compile(r"^\S*[A-Za-z]\S*-\d+\.\d+$")


_YEAR_AT_END = re.compile(r"\s(?:19|20)\d\d$")


ONE_DIGIT = re.compile(r"^\d$")


TWO_DIGITS = re.compile(r"^\d\d$")


# edition.short-year: 'ZQB 24' is ZQB 2024: an all-capitals name, then the year's last two digits (this decade's
# and the next's), is an edition, as digests write them ('ZQB 24/25', 'HMQT 25,'); not 'ZQB 25 tasks' (a count)
SHORT_YEAR = re.compile(r"^[23]\d$")


# The name as the finder takes it (ACRONYM_ONLY: 'ZQB', also hyphen-joined capitals, 'QX-FAC'), then the short year.
SHORT_YEAR_EDITION = re.compile(r"^(?P<name>[A-Z]{2,}(?:-[A-Z]{2,})*) (?P<year>[23]\d)$")


VERSION_TIER = re.compile(r"^\d+(?:\.\d+)?-([A-Za-z]+)$")


VERSION_CODE = re.compile(r"^\d+(?:\.\d+)?-[A-Z]{1,3}$")  # '2.5-VL': a release's modality or kind code


NAME_PARTS = re.compile(r"[\s\-‐‑–]")  # also the non-breaking hyphens some digests write


TIER_VERSION = re.compile(r"^([A-Za-z]+)[-‑](\d+(?:\.\d+)?)$")  # 'Sonnet-4'


VERSION_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")


LIST_REACH = 32  # tokens a list scan walks back: 'benchmarks (e.g., A, B, ... H)' lists up to about fifteen names


CODE = re.compile(r"^[A-Z]{1,3}$")


SCORE = re.compile(r"^\d{2,}\.\d+$")


PLURAL_NAME = re.compile(r"[A-Za-z0-9\-]*[A-Z][A-Za-z0-9\-]*[A-Z]s")


INITIAL_PARTS = re.compile(r"[-‐]")


COMPOUND_HYPHEN = re.compile(r"[-‐‑]\w")  # 'ZQN-based', also with the non-breaking hyphen


_PARTICIPLE = re.compile(r"^[a-z]{3,}[^e]ed$")  # 'treated', 'formatted'; not 'speed', 'embed'


_ROMAN_NUMERAL = re.compile(r"^(?:II|III|IV|VI|VII|VIII|IX|XI|XII)$")


_COMBINATION_SIGNS = re.compile(r"[+/]")


ACRONYM_ONLY = re.compile(r"^[A-Z]{2,}(?:-[A-Z]{2,})*$")  # 'ZQN', 'QX-FAC': capitals alone, no version or size


_GREEK_SUFFIX = re.compile(r"^[A-Za-z0-9]+-[α-ωΑ-Ω]$")


_GREEK_PREFIX = re.compile(r"^[α-ωΑ-Ω][²³¹⁰-⁹\d.]*[-‑][A-Za-z]{2,}[\w-]*$")


DECIMAL = re.compile(r"^\d+\.\d+$")


# Known names matched in any letter case: one hyphenated token with a digit or sign ('τ²-Bench' for 'τ²-bench') or several words with an
# acronym among them ('RL with verifiable rewards'); not plain words, which prose writes in lower case as ordinary
# phrases ('speculative decoding', 'chain-of-thought' are not always the method named) and not a single word.
ANY_CASE_NAME = re.compile(r"^(?=\S*[^A-Za-z\s\-‑])\S+[-‑]\S+$|\b[A-Z]{2,}\b.*\s|\s.*\b[A-Z]{2,}\b")


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
    if lex.role_compound_shape.match(text):
        return 2  # name.role-compound: 'Zorbo-as-a-Critic' is one coined name, though its parts are plain words
    if PLURAL_ACRONYM.match(text):
        return 0  # a plural acronym names a class of things ('LLMs', 'AFMs'), not one thing
    parts = [p for p in _HYPHENS.split(text) if p]
    strong_part = False
    for part in parts:
        if fold(part) in not_entities or part.lower() in lex.function_words:
            continue
        has_digit = bool(DIGIT.search(part)) and bool(_LETTER.search(part))
        inner_cap = bool(_INNER_CAPITAL.search(part)) or bool(_ALL_CAPS.match(part))
        if has_digit and not SIZE_TOKEN.match(part) and not MEASUREMENT.match(part):
            strong_part = True
        if inner_cap or "++" in part or (part[0].islower() and DIGIT.search(part)):
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
    hyphened = HYPHEN_RELEASE.match(words[0]) if words else None
    if hyphened and hyphened.group("word").lower() not in lex.numbered_part_nouns:  # 'Zorbo-3.5 Sonnet' is 'Zorbo 3.5 Sonnet'
        words = [hyphened.group("word"), hyphened.group("version"), *words[1:]]
    rest = words[1:]
    if len(words) < 2 or not _PLAIN_WORD.match(words[0]):
        return None
    versions = [w for w in rest if VERSION_NUMBER.match(w) and not YEAR_TOKEN.match(w)]
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


def model_coinage_ending(text: str, lex: Lexicon) -> EntityType | None:
    """'ZorbLM', 'QuxaPaLM': a coined word ending in LM is a language model."""
    return EntityType.MODEL if lex.model_coinage_ending.match(text) else None


def role_compound(text: str, lex: Lexicon) -> EntityType | None:
    """'Zorbo-as-a-Critic': casting one thing in another's role is a practice, a method."""
    return EntityType.METHOD if lex.role_compound_shape.match(text) else None


def method_ending(text: str, lex: Lexicon) -> EntityType | None:
    """'ZorbRL', 'ZorbLoRA', 'ZorbNet'."""
    return EntityType.METHOD if lex.method_name_endings.search(text) else None


def technique_ending(text: str, lex: Lexicon) -> EntityType | None:
    """'Quibble Distillation', 'Zorbish Routing', 'Blorf Clamping': Title-Case words ending in a technique's noun
    name one technique (a generic one belongs in not-entities.txt)."""
    words = text.split()
    if len(words) < 2 or not all(w[:1].isupper() for w in words):
        return None
    return EntityType.METHOD if NAME_PARTS.split(words[-1])[-1].lower() in lex.technique_heads else None


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
    return bool(VERSION_ALONE.match(text))


def greek_letter_suffix(text: str, not_entities: frozenset[str], lex: Lexicon) -> bool:
    """'ZQF-β', 'QXN-γ': a code hyphen-joined to one Greek letter is how molecules and proteins are named."""
    return bool(_GREEK_SUFFIX.match(text))


def score_label(text: str, not_entities: frozenset[str], lex: Lexicon) -> bool:
    """'QUXTYPE 0.94': a word and a fraction of one to two places is a label and its score, not a release."""
    return bool(lex.score_label_shape.match(text))


NotANameRule = Callable[[str, frozenset[str], Lexicon], bool]


NOT_A_NAME_RULES: tuple[tuple[str, NotANameRule], ...] = (
    ("keep.participle-compound", participle_compound),
    ("keep.number-format", number_format),
    ("keep.roman-numeral", roman_numeral),
    ("keep.negating-prefix", negating_prefix),
    ("keep.generic-combination", generic_combination),
    ("keep.greek-letter-suffix", greek_letter_suffix),
    ("keep.version-alone", version_alone),
    ("keep.score-label", score_label),
)


def not_a_name(text: str, not_entities: frozenset[str], lex: Lexicon) -> str | None:
    """The first rule whose shape test says this discovered name is no name, or None."""
    return next((name for name, rule in NOT_A_NAME_RULES if rule(text, not_entities, lex)), None)


ShapeRule = Callable[[str, Lexicon], "EntityType | None"]


SHAPE_RULES: tuple[tuple[str, ShapeRule], ...] = (
    ("shape.parameter-count", parameter_count),
    ("shape.model-word-ending", model_word_ending),
    ("shape.model-coinage-ending", model_coinage_ending),
    ("shape.checkpoint-suffix", checkpoint_suffix),
    ("shape.version-suffix", version_suffix),
    ("shape.point-version", point_version),
    ("shape.family-version", family_version),
    ("shape.benchmark-ending", benchmark_ending),
    ("shape.year-edition", year_edition),
    ("shape.policy-optimisation", policy_optimisation),
    ("shape.method-ending", method_ending),
    ("shape.technique-ending", technique_ending),
    ("shape.role-compound", role_compound),
)


def cast_vote(rule: str, kind: EntityType, lex: Lexicon) -> Vote:
    return Vote(rule, kind, lex.weights[rule])


def shape_votes(text: str, lex: Lexicon) -> list[Vote]:
    """Type evidence from the name itself."""
    return [cast_vote(name, kind, lex) for name, rule in SHAPE_RULES if (kind := rule(text, lex))]
