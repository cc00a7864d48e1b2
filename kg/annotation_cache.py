"""What the spaCy stage made of each digest, kept so that ``kg add`` annotates only the digests that are new.

Linking is global, so an add links every stored digest again; but annotation is per item (``kg.nlp.annotate``
reads one item's text with a pipeline fixed by the vocabulary and the lexicon), and it is most of a build's
time. A store keeps each digest's annotations beside its bytes in the ledger, under a key that changes with
everything the annotations depend on: the digest's items (path, position, title, text, affiliations), the
vocabulary, the lexicon files, the spaCy and Python versions and the source of the kg package itself (so an
edited rule never reads stale annotations).
A digest whose key matches is not annotated again; the graph is then the one a build makes, since the same
items give the same annotations.

Annotations are stored as JSON (never pickle: a store may come from elsewhere), and anything that does not
read back as the digest's items is annotated afresh.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import fields
from functools import lru_cache
from pathlib import Path

from .ingest import Digest
from .lexicon import lexicon_dir
from .namespaces import EntityType
from .nlp import AcronymDefinition, AnnotatedItem, Mention
from .vocab import Vocabulary
from .votes import Vote

_MENTION_FIELDS = tuple(f.name for f in fields(Mention))
_ITEM_FIELDS = tuple(f.name for f in fields(AnnotatedItem) if f.name != "item")  # the item comes from the digest
_ACRONYM_FIELDS = tuple(f.name for f in fields(AcronymDefinition))


def source_files() -> list[Path]:
    """Every Python file of the package, subpackages included (kg/nlp/ holds the rules annotation runs)."""
    return sorted(Path(__file__).parent.rglob("*.py"))


@lru_cache(maxsize=4)
def fingerprint(vocabulary: Vocabulary, lexicon: str | None = None) -> str:
    """A hash of what annotation depends on besides the digest itself."""
    import spacy  # only its version: the pipeline is built later, and only when some digest needs it

    digest = hashlib.sha256(f"spacy {spacy.__version__} python {sys.version}\n".encode())  # the rules are regexes too
    package = Path(__file__).parent
    for path in source_files():
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    base = Path(lexicon) if lexicon else lexicon_dir()
    for path in sorted(p for p in base.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes() + b"\0")
    entries = [[e.id, e.type.value, list(e.aliases), e.variant_of] for e in vocabulary.entries]
    digest.update(json.dumps([entries, sorted(vocabulary.not_entities)], ensure_ascii=False).encode())
    return digest.hexdigest()


def digest_key(fingerprint: str, digest: Digest) -> str:
    """The key a digest's stored annotations must carry to be used: they were made from exactly these items
    (all that annotation reads of a digest) by this pipeline."""
    items = [[i.digest_file, i.position, i.title, i.body, list(i.affiliations)] for i in digest.items]
    return hashlib.sha256((fingerprint + json.dumps(items, ensure_ascii=False)).encode()).hexdigest()


def encode(annotated: Sequence[AnnotatedItem]) -> str:
    """One digest's annotated items as JSON text (the items themselves come from the digest when read back)."""
    return json.dumps([_item_row(a) for a in annotated], ensure_ascii=False, separators=(",", ":"))


def decode(text: str, digest: Digest) -> tuple[AnnotatedItem, ...] | None:
    """The digest's annotated items from ``encode``'s text; None when the text does not fit the digest."""
    try:
        rows = json.loads(text)
        if not isinstance(rows, list) or len(rows) != len(digest.items):
            return None
        return tuple(_item(item, row) for item, row in zip(digest.items, rows, strict=True))
    except (ValueError, TypeError, KeyError):
        return None


def _item_row(annotated: AnnotatedItem) -> dict:
    row: dict[str, list] = {}
    for name in _ITEM_FIELDS:  # every field, so one added to AnnotatedItem is kept too (or fails here, loudly)
        value = getattr(annotated, name)
        if name == "mentions":
            row[name] = [[_mention_value(field, getattr(m, field)) for field in _MENTION_FIELDS] for m in value]
        elif name == "acronyms":
            row[name] = [[getattr(a, field) for field in _ACRONYM_FIELDS] for a in value]
        else:
            row[name] = list(value)
    return row


def _mention_value(name: str, value: object) -> object:
    if name == "votes":
        return [[v.rule, v.type.value, v.weight] for v in value]  # type: ignore[attr-defined]
    return value


def _item(item, row: dict) -> AnnotatedItem:
    if set(row) != set(_ITEM_FIELDS):
        raise KeyError("fields")
    mentions = []
    for values in row["mentions"]:
        given = dict(zip(_MENTION_FIELDS, values, strict=True))
        given["votes"] = tuple(Vote(rule, EntityType(kind), weight) for rule, kind, weight in given["votes"])
        mentions.append(Mention(**given))
    acronyms = tuple(AcronymDefinition(**dict(zip(_ACRONYM_FIELDS, values, strict=True))) for values in row["acronyms"])
    others = {name: tuple(row[name]) for name in _ITEM_FIELDS if name not in ("mentions", "acronyms")}
    return AnnotatedItem(item=item, mentions=tuple(mentions), acronyms=acronyms, **others)
