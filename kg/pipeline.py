"""The main job, stage by stage: ingest -> nlp -> link -> relations -> graph -> files.

This is the library API the CLI and the notebook call; each stage lives in
its own module and hands plain dataclasses to the next.
"""

from __future__ import annotations

import ctypes
import errno
import gc
import glob
import os
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rdflib import Graph

from . import annotation_cache, html, trace
from .facts import GraphFacts
from .graph import build_graph, digest_iri, to_turtle
from .ingest import Digest, collect_digest_files, parse_digest, read_bytes, read_digest
from .link import LinkedCorpus, link
from .nlp import AnnotatedItem, annotate, build_nlp, pipeline_lexicon
from .relations import Relation, extract_relations
from .results import ReportedResult, extract_results
from .results_graph import add_results
from .store import BUILD_STORE, GraphStore, Table, write_build_store
from .trace import TRACE_FILE
from .vocab import Vocabulary, load_vocabulary


@dataclass(frozen=True)
class Step:
    """One step of work done, for a progress display: a new ``stage`` starts a new count."""

    stage: str  # 'read' | 'annotate' | 'add'
    description: str  # what is being done now
    total: int  # steps in this stage


Progress = Callable[[Step], None]


class StageClock:
    """Seconds spent in each stage of a build, for benchmarks/bench_build.py; stages add up when they recur.

    Both wall time and this process's CPU time: on a machine shared with other jobs the wall time says more
    about the others' load than about the build, the CPU time much less."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.cpu_seconds: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start
            self.cpu_seconds[name] = self.cpu_seconds.get(name, 0.0) + time.process_time() - start_cpu


@contextmanager
def _stage(clock: StageClock | None, name: str) -> Iterator[None]:
    if clock is None:
        yield
    else:
        with clock.stage(name):
            yield


@contextmanager
def _collector_spared() -> Iterator[Callable[[], None]]:
    """A build holds what it makes until its end (the docs, the linked corpus, the relations, the rdflib graph),
    and Python's cyclic collector walks every live object on each full collection: its cost per stage grew with
    what the stages before had left (at 2x the corpus, 1.3 of the graph stage's 3.3 CPU seconds). The function
    handed out moves what is alive now into the permanent generation (gc.freeze), which the collector skips;
    on leaving, everything frozen goes back to the oldest generation (gc.unfreeze), so later collections
    reclaim it once the caller lets it go. A caller that froze objects itself (before a fork, say) keeps its own
    freeze: the context then freezes nothing and unfreezes nothing."""
    owner = gc.get_freeze_count() == 0
    try:
        yield gc.freeze if owner else (lambda: None)
    finally:
        if owner:
            gc.unfreeze()


@dataclass(frozen=True)
class BuildResult:
    corpus: LinkedCorpus
    relations: tuple[Relation, ...]
    graph: Graph
    results: tuple[ReportedResult, ...] = ()  # reported scores (kg/results/)
    annotated: tuple[AnnotatedItem, ...] = ()  # what the spaCy stage made of every item, in the digests' order


def build(inputs: list[Path], vocabulary: Vocabulary | None = None, progress: Progress | None = None,
          default_date: str | None = None, clock: StageClock | None = None) -> BuildResult:
    digests: list[Digest] = []
    with _stage(clock, "ingest"):
        files = collect_digest_files(inputs)
        for file in files:
            digests.append(read_digest(file.path, file.source_file, default_date))
            if progress:
                progress(Step("read", f"read {file.source_file}", len(files)))
    return build_digests(digests, vocabulary, progress, clock)


def build_digests(digests: list[Digest], vocabulary: Vocabulary | None = None, progress: Progress | None = None,
                  clock: StageClock | None = None,
                  annotations: Mapping[str, tuple[AnnotatedItem, ...]] | None = None) -> BuildResult:
    """The graph of digests already read; the same digests in the same order give the same graph.

    ``annotations`` holds the annotated items of some digests (by path) from an earlier run with the same
    pipeline (kg.annotation_cache): those digests are not annotated again."""
    with _collector_spared() as settle:
        return _build_digests(digests, vocabulary, progress, clock, annotations or {}, settle)


def _build_digests(digests: list[Digest], vocabulary: Vocabulary | None, progress: Progress | None,
                   clock: StageClock | None, annotations: Mapping[str, tuple[AnnotatedItem, ...]],
                   settle: Callable[[], None]) -> BuildResult:
    with _stage(clock, "nlp"):
        vocabulary = vocabulary or load_vocabulary()
        nlp = build_nlp(vocabulary)
        items = [item for digest in digests if digest.source_file not in annotations for item in digest.items]
        fresh: dict[str, list[AnnotatedItem]] = {}
        for ann in annotate(nlp, items, vocabulary):
            fresh.setdefault(ann.item.digest_file, []).append(ann)
            if progress:
                progress(Step("annotate", "finding entities", len(items)))
        annotated = [ann for digest in digests
                     for ann in (annotations[digest.source_file] if digest.source_file in annotations
                                 else fresh.get(digest.source_file, ()))]
        lexicon = pipeline_lexicon(nlp)  # the one lexicon every stage reads
        settle()  # each stage's output lives until the build's end
    with _stage(clock, "link"):
        corpus = link(vocabulary, digests, annotated, lexicon)
        settle()
    with _stage(clock, "relations"):
        relations = extract_relations(corpus, lexicon)
        results = extract_results(corpus, relations)
        settle()
    with _stage(clock, "graph"):
        graph = build_graph(corpus, relations)
        add_results(graph, corpus, results)
    return BuildResult(corpus, relations, graph, results, tuple(annotated))


_TEMP = ".kg-tmp-"  # marks a temporary file or folder this module made; a killed run leaves it, the next removes it


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside the target, then rename: a failure never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in path.parent.glob(f".{glob.escape(path.name)}{_TEMP}*"):
        stale.unlink(missing_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}{_TEMP}", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are ordinary files
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


class OutputError(ValueError):
    """An output folder kg build may not replace; the message is one line."""


def write_folder_atomic(folder: Path, files: dict[str, bytes],
                        folders: dict[str, Callable[[Path, Path], None]] | None = None) -> None:
    """Replace a folder of outputs as a whole: the files go into a fresh sibling folder, which then takes the
    folder's place in one atomic exchange, so readers (and a kill at any point) see the old set or the new
    set, never a mix. ``folders`` names sub-folders made there after the files, each by a function given the
    new sub-folder and the fresh folder (where the files already are). The folder may hold only these:
    anything else would be lost, so it is refused."""
    folders = folders or {}
    if folder.is_symlink():
        folder = folder.resolve()
    folder = folder.absolute()
    parent = folder.parent
    parent.mkdir(parents=True, exist_ok=True)
    _recover_folder(folder)
    if folder.exists():
        if not folder.is_dir():
            raise OutputError(f"{folder}: not a folder")
        others = sorted(p.name for p in folder.iterdir() if p.name not in files and p.name not in folders and _TEMP not in p.name)
        if others:
            raise OutputError(f"{folder} holds other files than {' and '.join(files)} ({others[0]}, ...); "
                              "kg build replaces the whole folder, so give it a folder of its own")
    fresh = Path(tempfile.mkdtemp(prefix=f".{folder.name}{_TEMP}new-", dir=parent))
    try:
        for name, data in files.items():
            with open(fresh / name, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(fresh / name, 0o666 & ~_umask())
        for name, make in folders.items():
            make(fresh / name, fresh)
        os.chmod(fresh, 0o777 & ~_umask())
        if not folder.exists():
            os.rename(fresh, folder)
        elif _exchange(fresh, folder):
            shutil.rmtree(fresh)  # it now holds the old outputs
        else:  # no atomic exchange here: move the old folder aside first; _recover_folder undoes a kill in between
            aside = Path(tempfile.mkdtemp(prefix=f".{folder.name}{_TEMP}old-", dir=parent))
            os.rename(folder, aside / "outputs")
            os.rename(fresh, folder)
            shutil.rmtree(aside)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise


def _recover_folder(folder: Path) -> None:
    """Undo what a killed write_folder_atomic left: put back an old folder moved aside, remove temporaries."""
    for stale in sorted(folder.parent.glob(f".{glob.escape(folder.name)}{_TEMP}*")):
        moved = stale / "outputs"
        if not folder.exists() and moved.is_dir():
            os.rename(moved, folder)
        shutil.rmtree(stale, ignore_errors=True)
    if folder.is_dir():  # what older versions' per-file temporaries left
        for stale in folder.glob(".graph.*"):
            if stale.is_file():
                stale.unlink()


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2 RENAME_EXCHANGE, through ctypes: no PyPI package wraps it
    and the standard library has no exchange); False where the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    error = ctypes.get_errno()
    if error in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
        return False
    raise OSError(error, os.strerror(error), str(b))


def render_outputs(result: BuildResult, clock: StageClock | None = None) -> tuple[bytes, str]:
    """The graph's Turtle and its page (benchmarks/bench_build.py times these two stages as a build makes them)."""
    with _collector_spared() as settle:
        settle()  # the build's result outlives both
        with _stage(clock, "turtle"):
            turtle = to_turtle(result.graph)
        with _stage(clock, "page"):
            # The page reads the Turtle just written (Oxigraph parses it ten times faster than rdflib hands out triples).
            page = html.render_page(GraphFacts.from_turtle(turtle), title="papers-kg")
    return turtle, page


def write_outputs(result: BuildResult, out_dir: Path) -> dict[str, Path]:
    turtle, page = render_outputs(result)
    paths = {"graph.ttl": out_dir / "graph.ttl", "graph.html": out_dir / "graph.html", TRACE_FILE: out_dir / TRACE_FILE,
             BUILD_STORE: out_dir / BUILD_STORE}
    write_folder_atomic(out_dir, {"graph.ttl": turtle, "graph.html": page.encode("utf-8"),
                                  TRACE_FILE: trace.to_jsonl(result.corpus, result.relations)},  # read by `kg explain`
                        # The store the query commands open instead of parsing graph.ttl on every call.
                        {BUILD_STORE: lambda store, fresh: write_build_store(store, fresh / "graph.ttl")})
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
    by_type = Counter(str(e.type) for e in corpus.entities.values())
    by_kind = Counter(r.predicate for r in result.relations)
    ranked = sorted(corpus.entities.values(), key=lambda e: (-len(e.digests), e.label.lower()))
    return Summary(
        digests=len(corpus.digests),
        papers=len(corpus.papers),
        entities_by_type=dict(sorted(by_type.items())),
        relations_by_kind=dict(sorted(by_kind.items())),
        most_mentioned=[(e.label, str(e.type), len(e.digests)) for e in ranked[:top]],
        triples=len(result.graph),
    )


@dataclass(frozen=True)
class AddOutcome:
    source_file: str
    status: str  # 'added' | 'replaced' | 'unchanged'


def _stored_dates(store: GraphStore) -> dict[str, str]:
    """The date each stored digest has in the store's graph: one given by ``kg add --date`` is nowhere else."""
    rows = store.select("SELECT ?file ?date WHERE { ?d a kg:Digest ; kg:sourceFile ?file ; dcterms:date ?date }").rows
    return {file: date for file, date in rows}


def add_to_store(store: GraphStore, inputs: list[Path], vocabulary: Vocabulary | None = None,
                 progress: Progress | None = None, default_date: str | None = None,
                 clock: StageClock | None = None) -> list[AddOutcome]:
    """Add digests to a store so that it holds what a build of all its digests holds.

    Linking is global (a name, an alias, a family are settled over every digest), so a digest cannot be linked
    alone: the store keeps each digest's bytes, an add re-builds the graph of all of them (spaCy runs only on
    the digests whose annotations the store does not hold, see kg.annotation_cache), and the store
    applies the difference together with its ledger in one transaction. A failure or a kill before that
    leaves the store as it was; an unchanged digest (same path, same content hash) costs nothing.
    ``default_date`` dates the digests added now whose name and header carry no date; a stored digest keeps
    the date the store's graph already gives it."""
    incoming: dict[str, bytes] = {}
    for file in collect_digest_files(inputs):
        raw = read_bytes(file.path)
        parse_digest(file.source_file, raw, where=file.path, default_date=default_date)  # refuse a bad input first
        incoming[file.source_file] = raw
    stored = store.sources()
    outcomes = []
    for name, raw in incoming.items():
        old = stored.get(name)
        status = "unchanged" if old == raw else "replaced" if old is not None else "added"
        outcomes.append(AddOutcome(name, status))
        if progress:
            progress(Step("add", f"read {name}", len(incoming)))
    if all(o.status == "unchanged" for o in outcomes) and store.is_consistent():
        return outcomes
    sources = {**stored, **incoming}
    dates = _stored_dates(store)
    if default_date:
        dates.update(dict.fromkeys(incoming, default_date))
    with _stage(clock, "read stored"):
        digests = [parse_digest(name, sources[name], default_date=dates.get(name)) for name in sorted(sources)]
        # Only digests without annotations made from the same items by the same pipeline go through spaCy again.
        vocabulary = vocabulary or load_vocabulary()
        pipeline = annotation_cache.fingerprint(vocabulary)
        keys = {d.source_file: annotation_cache.digest_key(pipeline, d) for d in digests}
        kept = store.annotations()
        cached = {}
        for digest in digests:
            key, text = kept.get(digest.source_file, ("", ""))
            items = annotation_cache.decode(text, digest) if key == keys[digest.source_file] else None
            if items is not None:
                cached[digest.source_file] = items
    result = build_digests(digests, vocabulary, progress, clock, annotations=cached)
    with _stage(clock, "turtle"):
        by_digest: dict[str, list[AnnotatedItem]] = {}
        for ann in result.annotated:
            by_digest.setdefault(ann.item.digest_file, []).append(ann)
        annotations = {name: (keys[name], annotation_cache.encode(by_digest.get(name, ()))) for name in sources}
        turtle = to_turtle(result.graph)
    with _stage(clock, "store"):
        store.replace_all(turtle, {name: (digest_iri(name), sources[name]) for name in sources}, annotations)
    return outcomes
