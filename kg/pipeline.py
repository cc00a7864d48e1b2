"""The main job, stage by stage: ingest -> nlp -> link -> relations -> graph -> files.

This is the library API the CLI and the notebook call; each stage lives in
its own module and hands plain dataclasses to the next.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rdflib import Graph

from . import html, trace
from .graph import build_graph, digest_iri, to_turtle
from .ingest import Digest, collect_paths, read_bytes, read_digest
from .link import LinkedCorpus, link
from .nlp import annotate, build_nlp, pipeline_lexicon
from .relations import Relation, extract_relations
from .results import ReportedResult, extract_results
from .results_graph import add_results
from .store import GraphStore, Table
from .trace import TRACE_FILE
from .vocab import Vocabulary, load_vocabulary


@dataclass(frozen=True)
class Step:
    """One step of work done, for a progress display: a new ``stage`` starts a new count."""

    stage: str  # 'read' | 'annotate' | 'add'
    description: str  # what is being done now
    total: int  # steps in this stage


Progress = Callable[[Step], None]


@dataclass(frozen=True)
class BuildResult:
    corpus: LinkedCorpus
    relations: tuple[Relation, ...]
    graph: Graph
    results: tuple[ReportedResult, ...] = ()  # reported scores (kg/results.py)


def build(inputs: list[Path], vocabulary: Vocabulary | None = None, progress: Progress | None = None,
          with_support: bool = True, default_date: str | None = None) -> BuildResult:
    vocabulary = vocabulary or load_vocabulary()
    paths = collect_paths(inputs)
    digests: list[Digest] = []
    for path in paths:
        digests.append(read_digest(path, default_date))
        if progress:
            progress(Step("read", f"read {path.name}", len(paths)))
    nlp = build_nlp(vocabulary)
    items = [item for digest in digests for item in digest.items]
    annotated = []
    for ann in annotate(nlp, items, vocabulary):
        annotated.append(ann)
        if progress:
            progress(Step("annotate", "finding entities", len(items)))
    lexicon = pipeline_lexicon(nlp)  # the one lexicon every stage reads
    corpus = link(vocabulary, digests, annotated, lexicon)
    relations = extract_relations(corpus, lexicon)
    graph = build_graph(corpus, relations, with_support)
    results = extract_results(corpus, relations)
    add_results(graph, corpus, results)
    return BuildResult(corpus, relations, graph, results)


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside the target, then rename: a failure never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary files
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_outputs(result: BuildResult, out_dir: Path) -> dict[str, Path]:
    turtle = to_turtle(result.graph)
    page = html.render_page(result.graph, title="papers-kg")
    paths = {"graph.ttl": out_dir / "graph.ttl", "graph.html": out_dir / "graph.html", TRACE_FILE: out_dir / TRACE_FILE}
    write_atomic(paths["graph.ttl"], turtle)
    write_atomic(paths["graph.html"], page.encode("utf-8"))
    write_atomic(paths[TRACE_FILE], trace.to_jsonl(result.corpus, result.relations))  # read by `kg explain`
    return paths


@dataclass(frozen=True)
class Summary:
    digests: int
    papers: int
    entities_by_type: dict[str, int]
    relations_by_kind: dict[str, int]
    most_mentioned: list[tuple[str, str, int]]  # (label, type, number of digests)
    triples: int

    def as_dict(self) -> dict:
        return {"digests": self.digests, "papers": self.papers, "entities": sum(self.entities_by_type.values()),
                "triples": self.triples, "entities_by_type": self.entities_by_type,
                "relations_by_kind": self.relations_by_kind,
                "most_mentioned": [{"label": label, "type": kind, "digests": n} for label, kind, n in self.most_mentioned]}

    def table(self) -> Table:
        """The summary as one table: (section, name, type, count)."""
        rows = [("total", what, "", str(n)) for what, n in
                (("digests", self.digests), ("papers", self.papers), ("triples", self.triples))]
        rows += [("entities_by_type", kind, kind, str(n)) for kind, n in self.entities_by_type.items()]
        rows += [("relations_by_kind", kind, "", str(n)) for kind, n in self.relations_by_kind.items()]
        rows += [("most_mentioned", label, kind, str(n)) for label, kind, n in self.most_mentioned]
        return Table(("section", "name", "type", "count"), tuple(rows))


def summarize(result: BuildResult, top: int = 10) -> Summary:
    corpus = result.corpus
    by_type = Counter(e.type for e in corpus.entities.values())
    by_kind = Counter(r.predicate for r in result.relations)
    ranked = sorted(corpus.entities.values(), key=lambda e: (-len(e.digests), e.label.lower()))
    return Summary(
        digests=len(corpus.digests),
        papers=len(corpus.papers),
        entities_by_type=dict(sorted(by_type.items())),
        relations_by_kind=dict(sorted(by_kind.items())),
        most_mentioned=[(e.label, e.type, len(e.digests)) for e in ranked[:top]],
        triples=len(result.graph),
    )


@dataclass(frozen=True)
class AddOutcome:
    source_file: str
    status: str  # 'added' | 'replaced' | 'unchanged'


def add_to_store(store: GraphStore, inputs: list[Path], vocabulary: Vocabulary | None = None,
                 progress: Progress | None = None, default_date: str | None = None) -> list[AddOutcome]:
    """Add digests to a store, each in its own named graph; an unchanged digest (same content hash) is
    skipped and a changed one replaces its old triples. Entities other digests mention keep their triples
    there, so they survive."""
    vocabulary = vocabulary or load_vocabulary()
    ledger = store.ledger()
    outcomes = []
    paths = collect_paths(inputs)
    for path in paths:
        content_hash = hashlib.sha256(read_bytes(path)).hexdigest()  # an unreadable file is an IngestError
        if ledger.get(path.name) == content_hash:
            outcomes.append(AddOutcome(path.name, "unchanged"))
        else:
            result = build([path], vocabulary, with_support=False, default_date=default_date)
            store.replace_digest(digest_iri(path.name), path.name, content_hash, to_turtle(result.graph))
            outcomes.append(AddOutcome(path.name, "replaced" if path.name in ledger else "added"))
        if progress:
            progress(Step("add", f"added {path.name}", len(paths)))
    if any(o.status != "unchanged" for o in outcomes):
        store.refresh_support()
    return outcomes
