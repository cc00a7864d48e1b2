"""Do the use-case commands stay fast as the graph grows? Each one from a build folder's store, against the
old path (graph.ttl parsed on every call, names found by reading every label, the quadratic evidence query)
and against rdflib, all measured in the same run.

Sizes: the graph of the 122-week corpus (1x), and graphs of COPIES copies of it (4x, 8x, 17x ~ 1M triples)
in which every paper, digest, statement and entity gets a per-copy IRI and its names a per-copy tag, except
the entities mentioned in 3 or more digests, which every copy shares (GRPO, Qwen2.5, AIME grow with the
graph, as they would over years). At each size, two build folders of the same graph.ttl: one as
``kg build`` writes it now (with graph.oxigraph/), one as an older build left it (graph.ttl only).

Measured, best of --runs:
- whole commands (``python -m kg ... --format json`` in a subprocess: start-up included), from the store and
  by the old path, and the start-up alone (``python -m kg --version``, which imports the CLI);
- inside Python: opening the folder and each use-case function (name lookup included), from the store and by
  the old path (parse graph.ttl, the label scan); the named evidence query against its old text (up to
  --old-evidence-at); the same functions over rdflib (up to --rdflib-at): load, and each answer.

Refuses to run without the real corpus (or a --graph that is its graph): seeds/ would measure something
else. Writes benchmarks/results/queries.json.
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pyoxigraph as ox
from _common import CORPUS, ROOT

from kg import usecases
from kg.namespaces import PREFIXES
from kg.query import named_queries
from kg.store import BUILD_STORE, GraphStore, OxigraphStore, Table, bind_values, write_build_store

RESULTS = ROOT / "benchmarks" / "results" / "queries.json"
OLD_EVIDENCE = ROOT / "benchmarks" / "evidence-before.rq"  # the quadratic text, kept as the baseline
RES = "https://w3id.org/papers-kg/resource/"
MENTIONED = ox.NamedNode("https://w3id.org/papers-kg/ontology#mentionedIn")
SOURCE_FILE = ox.NamedNode("https://w3id.org/papers-kg/ontology#sourceFile")
TAGGED = {ox.NamedNode(i) for i in ("http://www.w3.org/2000/01/rdf-schema#label", "http://www.w3.org/2004/02/skos/core#altLabel",
                                    "http://purl.org/dc/terms/title", "https://w3id.org/papers-kg/ontology#sourceFile")}

# The use-case commands, as a user types them, and the same questions as library calls.
COMMANDS = {
    "lineage GRPO": ["lineage", "GRPO"],
    "shared --base-model Qwen2.5": ["shared", "--base-model", "Qwen2.5"],
    "shared --benchmark AIME": ["shared", "--benchmark", "AIME"],
    "entity GRPO": ["entity", "GRPO"],
    "leaderboard AIME": ["leaderboard", "AIME"],
    "query evidence name=GRPO": ["query", "evidence", "--param", "name=GRPO"],
}


def calls(store: GraphStore, evidence: str) -> dict[str, Callable[[], object]]:
    from rdflib import Literal

    u = usecases
    return {
        "lineage GRPO": lambda: u.lineage(store, u.resolve(store, "GRPO", "Method")),
        "shared --base-model Qwen2.5": lambda: u.shared_papers(store, u.SharedQuestion.ask(base_model="Qwen2.5")),
        "shared --benchmark AIME": lambda: u.shared_papers(store, u.SharedQuestion.ask(benchmark="AIME")),
        "entity GRPO": lambda: u.entity_card(store, u.resolve(store, "GRPO")),
        "leaderboard AIME": lambda: u.leaderboard(store, u.resolve(store, "AIME", "Benchmark")),
        "query evidence name=GRPO": lambda: store.select(evidence, {"name": Literal("GRPO")}),
    }


class RdflibStore(GraphStore):
    """Just enough of a store for the use-case functions to run on rdflib's engine (select only)."""

    def __init__(self, graph):
        self.graph = graph

    def select(self, sparql: str, bindings: Mapping | None = None) -> Table:
        result = self.graph.query(bind_values(sparql, bindings), initNs=PREFIXES)
        columns = tuple(str(v) for v in result.vars)
        return Table(columns, tuple(tuple("" if v is None else str(v) for v in row) for row in result))

    def raw_query(self, sparql):  # pragma: no cover - not used here
        raise NotImplementedError

    def reopener(self):  # pragma: no cover
        raise NotImplementedError

    def update(self, sparql):  # pragma: no cover
        raise NotImplementedError

    def load_graph(self, turtle, graph):  # pragma: no cover
        raise NotImplementedError

    def dump(self, dataset):  # pragma: no cover
        raise NotImplementedError

    def quads(self, graph):  # pragma: no cover
        raise NotImplementedError


def replicate(triples: list[ox.Triple], copies: int, shared_min: int = 3) -> set[ox.Triple]:
    """The graph and copies-1 renamed copies of it; entities in shared_min or more digests are in every copy."""
    mentions = collections.Counter(t.subject for t in triples if t.predicate == MENTIONED)
    shared = {s for s, n in mentions.items() if n >= shared_min}
    out = set(triples)
    for i in range(1, copies):
        renamed: dict[ox.NamedNode, ox.NamedNode] = {}

        def rename(term, i=i, renamed=renamed):
            if isinstance(term, ox.NamedNode) and term.value.startswith(RES) and term not in shared:
                if term not in renamed:
                    renamed[term] = ox.NamedNode(f"{term.value}-c{i}")
                return renamed[term]
            return term

        for t in triples:
            s, o = rename(t.subject), rename(t.object)
            if t.predicate in TAGGED and s != t.subject and isinstance(o, ox.Literal):
                o = ox.Literal(f"{o.value} c{i}")
            out.add(ox.Triple(s, t.predicate, o))
    return out


def corpus_graph(args) -> Path:
    """The 1x graph.ttl: --graph when it is the corpus's graph, else a build of the corpus."""
    digests = sorted(p.name for p in args.corpus.glob("*.txt")) if args.corpus.is_dir() else []
    if not digests:
        sys.exit(f"bench_queries: no corpus at {args.corpus}; this benchmark needs the real digests (--corpus DIR)")
    if args.graph:
        files = {t.object.value for t in ox.parse(path=str(args.graph), format=ox.RdfFormat.TURTLE)
                 if t.predicate == SOURCE_FILE}
        if files != set(digests):
            sys.exit(f"bench_queries: {args.graph} is not the graph of the {len(digests)} digests in {args.corpus} "
                     f"(it has {len(files)} digests); build it with 'kg build {args.corpus}'")
        return args.graph
    out = args.work / "corpus"
    subprocess.run([sys.executable, "-m", "kg", "build", str(args.corpus), "--out", str(out), "--format", "json"],
                   check=True, stdout=subprocess.DEVNULL)
    return out / "graph.ttl"


def best_of(fn: Callable[[], object], runs: int) -> tuple[float, object]:
    best, value = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - start)
    return best, value


def command_s(args: list[str], runs: int) -> float:
    def once() -> None:
        subprocess.run([sys.executable, "-m", "kg", *args], check=True, stdout=subprocess.DEVNULL)

    return best_of(once, runs)[0]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def rows_of(value: object) -> int:
    if isinstance(value, Table):
        return len(value.rows)
    if isinstance(value, usecases.SharedPapers):
        return value.paper_count
    if isinstance(value, usecases.EntityCard):
        return len(value.statements)
    if isinstance(value, usecases.Lineage):
        return len(usecases.lineage_table(value).rows)
    return len(value) if isinstance(value, list) else -1


def measure_size(copies: int, base: list[ox.Triple], args, report: dict) -> None:
    graph = replicate(base, copies)
    new, old = args.work / f"{copies}x-store", args.work / f"{copies}x-old"
    new.mkdir()
    turtle = ox.serialize(sorted(graph, key=str), format=ox.RdfFormat.TURTLE,
                          prefixes={p: str(n) for p, n in PREFIXES.items()}) or b""
    (new / "graph.ttl").write_bytes(turtle)
    write_build_store(new / BUILD_STORE, new / "graph.ttl")
    old.mkdir()
    shutil.copy2(new / "graph.ttl", old / "graph.ttl")
    row: dict = {"copies": copies, "triples": len(graph), "turtle_mb": round(len(turtle) / 2**20, 1)}
    print(f"{copies}x: {len(graph)} triples", flush=True)

    row["startup_ms"] = ms(command_s(["--version"], args.runs))
    row["open_store_ms"] = ms(best_of(lambda: OxigraphStore.from_build(new), args.runs)[0])
    row["open_old_ms"] = ms(best_of(lambda: OxigraphStore.from_build(old), args.runs)[0])
    store, parsed = OxigraphStore.from_build(new), OxigraphStore.from_build(old)
    assert store.parsed_turtle is None and parsed.parsed_turtle is not None
    evidence = named_queries()["evidence"].text
    old_evidence = OLD_EVIDENCE.read_text(encoding="utf-8")
    new_calls, old_calls = calls(store, evidence), calls(parsed, old_evidence)
    commands = {}
    for name, argv in COMMANDS.items():
        entry: dict = {}
        entry["wall_store_ms"] = ms(command_s([*argv, str(new), "--format", "json"] if argv[0] != "query"
                                              else ["query", str(new), *argv[1:], "--format", "json"],
                                              args.runs if argv[0] != "query" or copies == 1 else 1))
        seconds, value = best_of(new_calls[name], args.runs if name != "query evidence name=GRPO" or copies == 1 else 1)
        entry["python_store_ms"], entry["rows"] = ms(seconds), rows_of(value)
        old_too = name != "query evidence name=GRPO" or copies in args.old_evidence_at
        if old_too:
            entry["wall_old_ms"] = ms(command_s([*argv, str(old), "--format", "json"] if argv[0] != "query"
                                                else ["query", str(old), *argv[1:], "--format", "json"], 1))
            seconds, old_value = best_of(old_calls[name], 1)
            entry["python_old_ms"] = ms(seconds)
            entry["same_rows"] = _same(value, old_value)
            entry["wall_old_over_store"] = round(entry["wall_old_ms"] / entry["wall_store_ms"], 1)
        commands[name] = entry
        print(f"  {name}: {json.dumps(entry)}", flush=True)
    row["commands"] = commands
    if copies in args.rdflib_at:
        from rdflib import Dataset

        start = time.perf_counter()
        rdf = Dataset()  # a dataset: the name lookup asks for graph kg:names (there is none: the label scan runs)
        rdf.parse(new / "graph.ttl", format="turtle")
        row["rdflib_load_ms"] = ms(time.perf_counter() - start)
        row["oxigraph_load_ms"] = ms(best_of(lambda: OxigraphStore().store.bulk_load(
            path=str(new / "graph.ttl"), format=ox.RdfFormat.TURTLE), 1)[0])
        rdflib_calls = calls(RdflibStore(rdf), evidence)
        # rdflib's engine runs the evidence query's label scan as nested loops in Python: minutes, left out.
        del rdflib_calls["query evidence name=GRPO"]
        engines = {}
        for name, fn in rdflib_calls.items():
            seconds, value = best_of(fn, 1)
            # Oxigraph in memory, as rdflib is: the same functions, the same (label-scan) name lookup.
            memory = best_of(old_calls[name] if name != "query evidence name=GRPO" else
                             calls(parsed, evidence)[name], args.runs)[0]
            engines[name] = {"rdflib_ms": ms(seconds), "oxigraph_memory_ms": ms(memory),
                             "rdflib_over_oxigraph": round(seconds / memory, 1), "rows": rows_of(value)}
            print(f"  rdflib {name}: {json.dumps(engines[name])}", flush=True)
        row["rdflib"] = engines
    report["sizes"].append(row)
    store.close()
    shutil.rmtree(new)
    shutil.rmtree(old)


def _same(a: object, b: object) -> bool:
    if isinstance(a, Table) and isinstance(b, Table):
        return a.columns == b.columns and sorted(a.rows) == sorted(b.rows)
    if isinstance(a, usecases.Lineage):
        return usecases.lineage_dict(a) == usecases.lineage_dict(b)
    if isinstance(a, (usecases.SharedPapers, usecases.EntityCard)):
        return a.as_dict() == b.as_dict()
    return a == b


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the 122-week corpus (default ../shared/corpus/dair)")
    parser.add_argument("--graph", type=Path, help="the corpus's graph.ttl, if already built (checked against --corpus)")
    parser.add_argument("--copies", default="1,4,8,17", help="sizes in copies of the corpus graph (default 1,4,8,17)")
    parser.add_argument("--runs", type=int, default=3, help="best of this many runs (default 3)")
    parser.add_argument("--old-evidence-at", default="1", help="sizes at which to run the old evidence query (default 1)")
    parser.add_argument("--rdflib-at", default="1,4", help="sizes at which to run rdflib too (default 1,4)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    args.old_evidence_at = {int(s) for s in args.old_evidence_at.split(",") if s}
    args.rdflib_at = {int(s) for s in args.rdflib_at.split(",") if s}
    report: dict = {"command": "python benchmarks/bench_queries.py " + " ".join(sys.argv[1:]), "corpus": str(args.corpus),
                    "sizes": []}
    with tempfile.TemporaryDirectory(prefix="bench-queries-") as tmp:
        args.work = Path(tmp)
        base = list(ox.parse(path=str(corpus_graph(args)), format=ox.RdfFormat.TURTLE))
        for copies in sorted({int(s) for s in args.copies.split(",")}):
            measure_size(copies, base, args, report)
            args.out.parent.mkdir(parents=True, exist_ok=True)  # after each size: a long run stopped keeps what it measured
            args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    different = [(r["copies"], n) for r in report["sizes"] for n, c in r["commands"].items() if c.get("same_rows") is False]
    if different:
        print(f"bench_queries: the store and the old path disagree on {different}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
