"""The curated vocabulary and stop terms kept in ``ontology/``.

The vocabulary is general knowledge (major model families, benchmarks, labs,
methods); the pipeline must still find names it does not list.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from .namespaces import EntityType

ENTITY_TYPES = tuple(kind.value for kind in EntityType)


def ontology_dir() -> Path:
    """ontology/ of the checkout; kg/ontology links to it so that a built wheel carries a copy."""
    override = os.environ.get("KG_ONTOLOGY_DIR")
    return Path(override) if override else Path(__file__).parent / "ontology"


@dataclass(frozen=True)
class VocabEntry:
    id: str
    type: EntityType
    aliases: tuple[str, ...]
    variant_of: str | None
    part_of: str | None = None  # an organisation's parent, for a named unit (Google DeepMind -> Google)


@dataclass(frozen=True)
class Vocabulary:
    entries: tuple[VocabEntry, ...]
    not_entities: frozenset[str]  # folded forms
    _hash: list[int] = field(default_factory=list, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        # computed once: the caches keyed on a vocabulary (kg.nlp, kg.annotation_cache) are asked once per item,
        # and a tuple of a thousand entries is hashed entry by entry every time
        if not self._hash:
            self._hash.append(hash((self.entries, self.not_entities)))
        return self._hash[0]

    def by_fold(self) -> dict[str, VocabEntry]:
        table: dict[str, VocabEntry] = {}
        for entry in self.entries:
            for name in (entry.id, *entry.aliases):
                table.setdefault(fold(name), entry)
        return table

    def without(self, ids: set[str]) -> Vocabulary:
        """A copy without some entries (used to measure discovery without lookup)."""
        folded = {fold(i) for i in ids}
        kept = [e for e in self.entries if not ({fold(e.id), *map(fold, e.aliases)} & folded)]
        # A kept entry's family may be one of the removed: the link to it goes too.
        kept_ids = {e.id for e in kept}
        kept = [e if e.variant_of in kept_ids or e.variant_of is None else replace(e, variant_of=None) for e in kept]
        kept = [e if e.part_of in kept_ids or e.part_of is None else replace(e, part_of=None) for e in kept]
        return Vocabulary(tuple(kept), self.not_entities)


_SEPARATORS = re.compile(r"[\s_\-‐‑–—·•/]+")
# 'Llama-3.1' = 'Llama3.1' and 'GPT-4o' = 'GPT4o', but a size stays a part of its own: 'qwen2.5-math-7b'.
_LETTER_DIGIT = re.compile(r"(?<=[a-z])-(?=\d+(?:\.\d+)?(?![\d.]|[bmkt](?![a-z])))")


def fold(name: str) -> str:
    """Case and punctuation folding used to compare names.

    'Qwen-2.5 7B', 'qwen2.5-7b' and 'Qwen2.5-7B' fold alike; so do
    'DeepSeek R1' and 'DeepSeek-R1', and curly and straight apostrophes.
    """
    name = name.lower().replace("’", "'").replace("`", "'").strip(" .,:;'\"()[]")
    name = _SEPARATORS.sub("-", name).strip("-")
    return _LETTER_DIGIT.sub("", name)


@lru_cache(maxsize=4)
def _load(directory: str) -> Vocabulary:
    base = Path(directory)
    entries = []
    with open(base / "vocabulary.jsonl", encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row["type"] not in ENTITY_TYPES:
                raise ValueError(f"vocabulary.jsonl line {number}: unknown type {row['type']!r}")
            if row.get("part_of") and row["type"] != "Organization":
                raise ValueError(f"vocabulary.jsonl line {number}: part_of is for organisations, not a {row['type']}")
            entries.append(VocabEntry(row["id"], EntityType(row["type"]), tuple(row.get("aliases", ())), row.get("variant_of"),
                                      row.get("part_of")))
    stop = set()
    for line in (base / "not-entities.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            stop.add(fold(line))
    return Vocabulary(tuple(entries), frozenset(stop))


def load_vocabulary(directory: Path | None = None) -> Vocabulary:
    return _load(str(directory or ontology_dir()))
