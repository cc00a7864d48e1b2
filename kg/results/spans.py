"""The names and numbers of one sentence, and the small patterns the result rules share."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from ..link import Entity, LinkedItem
from ..namespaces import EntityType

# ---------------------------------------------------------------- numbers and names in a sentence

# A number not glued to a name ('GPT-4', 'Qwen2.5', 'AIME25') or to a dimension ('9×9'), with its sign, approximation and percent.
NUMBER = re.compile(
    r"(?<![\w.@/#=<>^$€£×\-])(?P<sign>[+±−]|-(?=\d))?(?P<approx>[~≈])?(?P<num>\d{1,3}(?:,\d{3})+|\d+)(?P<frac>\.\d+)?"
    r"(?P<ord>st|nd|rd|th)?(?P<pct>\s?%|\s?percent\b)?"
)
RANGE_AFTER = re.compile(r"^\s*(?:[-–—]|to\b)\s*[~≈]?\d")
RANGE_BEFORE = re.compile(r"(?:\d\s*%?\s*(?:[-–—]|to)|\bbetween\s+[~≈]?\d[\d.,]*\s*%?\s*and)\s*$", re.I)
ARTICLE = r"(?:the|a|an|its|their|our)\s+"
VERSIONED = re.compile(r"(?<![\w.\-])[A-Z][A-Za-z]*[a-z][A-Za-z]* $")
# Up to two describing words between the preposition and the name: 'on context-heavy SWE-bench Lite cases'.
MODIFIERS = r"(?:(?!(?:to|of|with|and|or|than|from|vs|versus|by)\b)[a-z][\w-]*\s+){0,2}?"
LEADING_BENCHMARK = r"^\W*{lead-preposition}\s+(?:" + ARTICLE + r")?$"  # a lexicon.cue() template
# A bullet's heading before its first clause, closed by a colon or a dash: '● Low-budget wins: On AMC23, ...',
# '● Offline gains — On AIME 2025 ...'.
HEADING = r"(?:[^\W\d][^:;.()—–]{0,60}(?::|\s[—–-])\s+)?"
CLAUSE_START = re.compile(r"(?:^|[,;:(\[–—•●]|\s-\s)\s*(?:" + ARTICLE + r")?$")


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    entity: str
    type: EntityType | None
    surface: str


@dataclass(frozen=True)
class Number:
    start: int
    end: int  # after the percent sign or ordinal suffix
    value: Decimal
    percent: bool
    ordinal: bool


def sentence_spans(item: LinkedItem, index: int, sentence: str, entities: Mapping[str, Entity]) -> list[Span]:
    """Where each mention of the sentence sits in its text (mentions come in token order)."""
    out: list[Span] = []
    cursor = 0
    for lm in sorted(item.mentions, key=lambda m: (m.mention.start, m.mention.end)):
        if lm.mention.sentence != index or lm.mention.nested:
            continue
        surface = lm.mention.surface
        at = sentence.find(surface, cursor)
        if at < 0 and lm.mention.owner and lm.mention.text != surface:
            # "Zorb-8B's Quibble accuracy": the surface spans the owner's name, already placed as a name of its
            # own; the name itself stands after it
            surface = lm.mention.text
            at = sentence.find(surface, cursor)
        if at < 0:
            continue
        out.append(Span(at, at + len(surface), lm.entity, entities[lm.entity].type, surface))
        cursor = at + len(surface)
    return out


def fold(name: str) -> str:
    return re.sub(r"[\s\-_‑–]+", "", name.casefold())


def masked(sentence: str, start: int, end: int, spans: list[Span]) -> str:
    """The text between two offsets with each name inside it written as 'X', so that the digits of a name
    ('AIME2024', 'Zorblax-70B') read as a word, not as a number."""
    gap = sentence[start:end]
    for s in sorted((s for s in spans if start <= s.start and s.end <= end), key=lambda s: -s.start):
        gap = gap[: s.start - start] + "X" + gap[s.end - start:]
    return gap


HEADING_CLOSE = re.compile(r"\s*(?::|[—–]|\s-\s)")


LIST_JOIN = re.compile(r"\s*(?:,\s*and|,|and|&)\s*", re.I)
