"""What stage 4b hands forward (ReportedResult) and the lexicon its rules read (ResultLexicon)."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property, lru_cache
from pathlib import Path

from ..namespaces import EntityType
from ..relations import Evidence
from ..vocab import ontology_dir

SYSTEM_TYPES = (EntityType.MODEL, EntityType.METHOD)


@dataclass(frozen=True)
class ReportedResult:
    paper: str  # Paper.key
    system: str  # Entity.key of what scored
    benchmark: str  # Entity.key, the edition when the text names one
    value: Decimal
    metric: str  # as the lexicon records it: 'accuracy', 'pass@1', 'score' when none is named
    unit: str  # '%', 'points', 'Elo', 'other'
    setting: str | None  # the condition, as written
    evidence: tuple[Evidence, ...]  # sorted, distinct

    @property
    def digests(self) -> tuple[str, ...]:
        return tuple(sorted({e.digest for e in self.evidence}))


# ---------------------------------------------------------------- lexicon


@dataclass(frozen=True)
class ResultLexicon:
    metrics: tuple[tuple[str, str, str], ...]  # (surface, metric, unit of a bare number), longest surface first
    cues: dict[str, re.Pattern]  # kind -> alternation of its words
    settings: tuple[re.Pattern, ...]
    bullets: tuple[str, ...] = ()  # what starts a bullet line (bullets.txt, shared with the nlp stage)
    part_nouns: frozenset[str] = frozenset()  # 'stage' in 'Stage-2': numbered-part-nouns.txt, shared with the nlp stage
    compiled: dict[str, re.Pattern] = field(default_factory=dict, compare=False, repr=False)  # cue(): template -> pattern

    @cached_property
    def metric_words(self) -> frozenset[str]:
        """Every metric's surface, case-folded: a word that names a metric is no name of a system."""
        return frozenset(surface.casefold() for surface, _, _ in self.metrics)

    def cue(self, template: str) -> re.Pattern:
        """A case-insensitive pattern over the cue lists, '{kind}' standing for that kind's alternation
        ('\\b{cut-verb}\\s+'), compiled once per lexicon rather than on every number."""
        pattern = self.compiled.get(template)
        if pattern is None:
            pattern = self.compiled[template] = re.compile(
                _CUE_SLOT.sub(lambda slot: "(?:" + self.cues[slot.group(1)].pattern + ")", template), re.I)
        return pattern


_CUE_SLOT = re.compile(r"\{([a-z][a-z-]*)\}")


@lru_cache(maxsize=4)
def _load_lexicon(directory: str) -> ResultLexicon:
    base = Path(directory) / "lexicon"
    metrics = []
    for line in _lines(base / "result-metrics.txt"):
        surface, metric, unit = (part.strip() for part in line.split("|"))
        metrics.append((surface, metric, unit))
    words: dict[str, list[str]] = defaultdict(list)
    for line in _lines(base / "result-cues.txt"):
        kind, _, alternatives = line.partition(":")
        words[kind.strip()].append(alternatives.strip())
    cues = {kind: re.compile("(?:" + "|".join(parts) + ")", re.I) for kind, parts in words.items()}
    settings = tuple(re.compile(r"\b" + line + r"\b", re.I) for line in _lines(base / "result-settings.txt"))
    bullets = tuple(_lines(base / "bullets.txt"))
    part_nouns = frozenset(line.lower() for line in _lines(base / "numbered-part-nouns.txt"))
    return ResultLexicon(tuple(sorted(metrics, key=lambda m: -len(m[0]))), cues, settings, bullets, part_nouns)


def load_lexicon(directory: Path | None = None) -> ResultLexicon:
    return _load_lexicon(str(directory or ontology_dir()))


def _lines(path: Path) -> list[str]:
    return [s for s in (line.strip() for line in path.read_text(encoding="utf-8").splitlines()) if s and not s.startswith("#")]
