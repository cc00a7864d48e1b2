"""Why the graph says what it says: the build's trace, written beside graph.ttl as trace.jsonl.

The graph carries only facts and their evidence sentences; the trace adds, per entity, every
type vote (rule, weight, sentence) and each decision about its type and family, and per
relation the rule and sentence that made it. ``kg explain`` reads it back. One JSON object a
line, in a fixed order, so the same build writes the same bytes; a sentence is stored once
and referred to by number.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .link import LinkedCorpus
from .namespaces import Predicate
from .relations import Relation
from .vocab import fold

TRACE_FILE = "trace.jsonl"


class TraceError(ValueError):
    """The trace is missing or unreadable; one line for the user."""


# ---------------------------------------------------------------- writing


def trace_lines(corpus: LinkedCorpus, relations: tuple[Relation, ...]) -> Iterator[str]:
    sentences: dict[tuple[str, str], int] = {}

    def ref(digest: str, sentence: str) -> int:
        return sentences.setdefault((digest, sentence), len(sentences))

    records: list[dict[str, Any]] = []
    for key in sorted(corpus.entities):
        entity = corpus.entities[key]
        family = corpus.entities.get(entity.variant_of) if entity.variant_of else None
        records.append({
            "kind": "entity", "key": key, "label": entity.label, "type": str(entity.type),
            "aliases": sorted(entity.aliases), "family": family.label if family else None,
            "in_vocabulary": entity.in_vocabulary,
            "votes": [{"rule": t.vote.rule, "type": str(t.vote.type), "weight": t.vote.weight,
                       "sentence": ref(t.digest, t.sentence)}
                      for t in sorted(corpus.votes.get(key, ()), key=lambda t: (t.digest, t.sentence, t.vote.rule))],
            "decisions": [{"rule": d.rule, "detail": d.detail} for d in corpus.decisions.get(key, ())],
        })
    for relation in relations:
        extends = relation.predicate == Predicate.EXTENDS  # an entity's relation; the others are a paper's
        subject = corpus.entities[relation.subject].label if extends else corpus.papers[relation.subject].title
        records.append({
            "kind": "relation", "subject": subject, "subject_key": relation.subject, "predicate": str(relation.predicate),
            "object": corpus.entities[relation.object].label, "object_key": relation.object,
            "rules": [{"rule": h.rule, "sentence": ref(h.evidence.digest, h.evidence.sentence)} for h in relation.rules],
        })
    for (digest, sentence), number in sentences.items():
        yield json.dumps({"kind": "sentence", "id": number, "digest": digest, "text": sentence}, ensure_ascii=False)
    for record in records:
        yield json.dumps(record, ensure_ascii=False)


def to_jsonl(corpus: LinkedCorpus, relations: tuple[Relation, ...]) -> bytes:
    return "".join(line + "\n" for line in trace_lines(corpus, relations)).encode("utf-8")


# ---------------------------------------------------------------- reading and explaining


@dataclass(frozen=True)
class VoteLine:
    rule: str
    type: str
    weight: int
    digest: str
    sentence: str


@dataclass(frozen=True)
class RelationLine:
    subject: str
    predicate: str
    object: str
    rules: tuple[tuple[str, str, str], ...]  # (rule, digest, sentence)


@dataclass(frozen=True)
class Explanation:
    label: str
    type: str
    aliases: tuple[str, ...]
    family: str | None
    in_vocabulary: bool
    votes: tuple[VoteLine, ...]
    decisions: tuple[tuple[str, str], ...]  # (rule, detail)
    relations: tuple[RelationLine, ...]


def read_trace(folder: Path) -> list[dict[str, Any]]:
    path = folder / TRACE_FILE
    try:
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except FileNotFoundError:
        raise TraceError(f"{path} not found: run `kg build` to write it (explain reads a build folder)") from None
    except (OSError, ValueError) as err:
        raise TraceError(f"{path}: not a trace written by `kg build` ({type(err).__name__})") from None


def explain(records: list[dict[str, Any]], name: str) -> Explanation:
    """Everything the trace says about the entity NAME (its key, label or an alias, any case)."""
    try:
        sentences: Mapping[int, tuple[str, str]] = {r["id"]: (r["digest"], r["text"]) for r in records if r["kind"] == "sentence"}
        entities = [r for r in records if r["kind"] == "entity"]
        wanted = fold(name)
        matches = [e for e in entities if wanted == e["key"]] or [e for e in entities if wanted == fold(e["label"])] \
            or [e for e in entities if wanted in {fold(a) for a in e["aliases"]}]
        if not matches:
            raise TraceError(f"no entity named {name!r} in the trace")
        found = matches[0]
        key = found["key"]
        votes = tuple(VoteLine(v["rule"], v["type"], v["weight"], *sentences[v["sentence"]]) for v in found["votes"])
        relations = tuple(
            RelationLine(r["subject"], r["predicate"], r["object"],
                         tuple((h["rule"], *sentences[h["sentence"]]) for h in r["rules"]))
            for r in records if r["kind"] == "relation"
            and (r["object_key"] == key or (r["predicate"] == Predicate.EXTENDS and r["subject_key"] == key))
        )
        return Explanation(found["label"], found["type"], tuple(found["aliases"]), found["family"], found["in_vocabulary"],
                           votes, tuple((d["rule"], d["detail"]) for d in found["decisions"]), relations)
    except (KeyError, TypeError, IndexError) as err:
        raise TraceError(f"the trace is not one `kg build` writes ({type(err).__name__})") from None
