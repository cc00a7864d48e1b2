"""The plain records stage 2 hands on to linking: a mention, an acronym's definition, an annotated paper item.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ingest import PaperItem
from ..namespaces import EntityType
from ..votes import Vote

ENTITY_LABELS = frozenset(kind.value for kind in EntityType)  # entity_ruler labels of vocabulary matches


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
