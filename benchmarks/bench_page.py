"""The interactive page at growing sizes: the page as a build writes it, against the previous page code, and time to interactive.

For each size it times, in one run: the page as kg.pipeline.write_outputs writes it now (the facts read from the
graph's Turtle by Oxigraph, kg.facts, then kg.html.render_page), with the reading and the layout (kg.layout) also
timed apart; and the page as the code at BASELINE_REV wrote it (render_page on the rdflib graph; that code is
taken from git into a temporary folder and run in a child process, the graph parsed there before the clock
starts), at the sizes up to --baseline-up-to. Then time to interactive in headless Chromium (Debian's), until a
search has opened its panel, against an empty page: for the corpus page and the page of --tti-copies copies (6 copies
are about 20,000 nodes), each also as the page code at --tti-rev wrote it (the page before level of detail).

Sizes: the corpus graph (the 122 weekly digests in ../shared/corpus/dair, or a build folder's graph.ttl given
with --graph), and synthetic corpora of COPIES times as many digests made from it: each copy's digests, papers
and statements are renamed, and so are its entities except those mentioned in at least 3 digests (GPT-4, GRPO,
MMLU...), which every copy shares, as a longer run of weeks would. Copies are dated one after another, so the
week range spans all of them. 41 copies of the 122 weeks are 5,002 digests.

    python benchmarks/bench_page.py                      # builds the corpus (minutes), copies 1, 4, 16, 41
    python benchmarks/bench_page.py --graph build/graph.ttl --copies 1,2,4,8,16,41 --json benchmarks/results/page.json
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

# One BLAS thread, for this process and the baseline's child: with more, OpenBLAS threads spin between the
# layout's small matrix products and count as CPU time on a loaded machine (numpy is imported below).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import pyoxigraph as ox
from _common import CORPUS, ROOT

from kg.facts import GraphFacts
from kg.graph import to_turtle
from kg.html import _communities, graph_data, layout_inputs, page_data, render_page
from kg.layout import layout
from kg.namespaces import PREFIXES

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHARED_FROM = 3  # entities mentioned in at least this many digests are shared by every copy
BASELINE_REV = "67a16d0"  # main before the page read plain facts and used NetworKit's Louvain
TTI_REV = "af9790f"  # main before the page's level of detail and packed data
RES = "https://w3id.org/papers-kg/resource/"
KG = "https://w3id.org/papers-kg/ontology#"
RENAMED_TEXT = {"http://www.w3.org/2000/01/rdf-schema#label", KG + "sourceFile", "http://purl.org/dc/terms/title"}
DATE = "http://purl.org/dc/terms/date"

# Run in the child process, with the baseline's kg first on the path: parse, then time render_page only.
_BASELINE_CHILD = """
import sys, time
from rdflib import Graph
from kg.html import render_page
graph = Graph().parse(sys.argv[1], format="turtle")
start, start_cpu = time.perf_counter(), time.process_time()
page = render_page(graph)
print(time.perf_counter() - start, time.process_time() - start_cpu)
if len(sys.argv) > 2:
    open(sys.argv[2], "w", encoding="utf-8").write(page)
"""


def corpus_turtle(path: Path | None) -> bytes:
    if path is not None:
        return path.read_bytes()
    if not CORPUS.is_dir():
        raise SystemExit(f"bench_page: the corpus {CORPUS} is missing; give a built graph with --graph")
    from kg.pipeline import build

    return to_turtle(build([CORPUS]).graph)


def replicate(turtle: bytes, copies: int) -> bytes:
    """``copies`` renamed copies of the graph sharing its often-mentioned entities (see the module text), as Turtle."""
    if copies == 1:
        return turtle
    triples = [q.triple for q in ox.parse(turtle, format=ox.RdfFormat.TURTLE)]
    mentions: dict[str, int] = {}
    for t in triples:
        if t.predicate.value == KG + "mentionedIn":
            mentions[t.subject.value] = mentions.get(t.subject.value, 0) + 1
    shared = {e for e, n in mentions.items() if n >= SHARED_FROM}
    dates = sorted(t.object.value for t in triples if t.predicate.value == DATE)
    span = (datetime.date.fromisoformat(dates[-1]) - datetime.date.fromisoformat(dates[0])).days + 7 if dates else 0
    out = []
    for k in range(copies):
        def rename(term, k=k):
            if k and isinstance(term, ox.NamedNode) and term.value.startswith(RES) and term.value not in shared:
                return ox.NamedNode(f"{term.value}-c{k}")
            return term

        for t in triples:
            s, p, o = t.subject, t.predicate, t.object
            if k and p.value in RENAMED_TEXT and s.value not in shared:
                o = ox.Literal(f"{o.value} ·{k}")
            elif k and p.value == DATE:
                o = ox.Literal((datetime.date.fromisoformat(o.value) + datetime.timedelta(days=span * k)).isoformat(),
                               datatype=o.datatype)
            out.append(ox.Triple(rename(s), p, rename(o)))
    return bytes(ox.serialize(out, format=ox.RdfFormat.TURTLE, prefixes={k: str(v) for k, v in PREFIXES.items()}))


def baseline_page_seconds(code: Path, graph_file: Path, page_file: Path | None = None) -> tuple[float, float]:
    """render_page of the code at BASELINE_REV on the rdflib graph, in a child process (parsing not timed):
    wall and CPU seconds. With ``page_file``, the page is written there."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    run = subprocess.run([sys.executable, "-c", _BASELINE_CHILD, str(graph_file), *([str(page_file)] if page_file else [])],
                         cwd=code, env=env,
                         capture_output=True, text=True, check=True)
    wall, cpu = run.stdout.split()[-2:]
    return float(wall), float(cpu)


def baseline_code(rev: str, folder: Path) -> Path | None:
    """kg/ (and the ontology it reads) as it was at ``rev``, unpacked under ``folder``; None without git history."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "kg", "ontology"], capture_output=True, check=False)
    if archive.returncode:
        print(f"bench_page: no baseline ({archive.stderr.decode().strip()})", file=sys.stderr)
        return None
    code = folder / f"baseline-{rev}"
    code.mkdir()
    subprocess.run(["tar", "-x", "-C", str(code)], input=archive.stdout, check=True)
    return code


def time_to_interactive(browser, path: Path, query: str | None) -> float:
    context = browser.new_context(offline=True, viewport={"width": 1600, "height": 1000})
    page = context.new_page()
    start = time.perf_counter()
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-rendered=true]", state="attached", timeout=300000)
    if query:
        assert page.evaluate("q => window.kg.search(q)", query) is not None
        page.wait_for_selector("#panel:not([hidden])", timeout=60000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def _rendered_before(code: Path | None, turtle: bytes, folder: Path, copies: int) -> None:
    """The page of these copies as the code at --tti-rev writes it, for the browser (not timed)."""
    if code is None:
        return
    graph_file = folder / f"graph-{copies}.ttl"
    graph_file.write_bytes(turtle)
    baseline_page_seconds(code, graph_file, folder / f"before-{copies}.html")
    graph_file.unlink()


def browser_times(folder: Path, sizes: list[int], rev: str, nodes: dict[int, int]) -> list[dict]:
    """Time to interactive (best of 3, pages taken in turn) of each size's page, now and at ``rev``, and of an empty page."""
    from playwright.sync_api import sync_playwright

    (folder / "empty.html").write_text(render_page(GraphFacts({})), encoding="utf-8")
    pages = [(copies, which, folder / f"{which}-{copies}.html") for copies in sizes for which in ("page", "before")]
    pages = [p for p in pages if p[2].exists()]
    best: dict[Path, float] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        empty = min(time_to_interactive(browser, folder / "empty.html", None) for _ in range(3))
        for _ in range(3):
            for _, _, path in pages:
                best[path] = min(best.get(path, float("inf")), time_to_interactive(browser, path, "GRPO"))
        browser.close()
    rows = []
    for copies in sizes:
        now, before = best.get(folder / f"page-{copies}.html"), best.get(folder / f"before-{copies}.html")
        row = {"copies": copies, "nodes": nodes.get(copies), "tti_s": round(now, 2) if now else None,
               "before_tti_s": round(before, 2) if before else None, "before_rev": rev, "empty_tti_s": round(empty, 2),
               "page_kib": (folder / f"page-{copies}.html").stat().st_size // 1024}
        rows.append(row)
        print(f"time to interactive, {copies} copies (a search answered): {row['tti_s']} s; at {rev}: {row['before_tti_s']} s; "
              f"empty page {empty:.2f} s", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--graph", type=Path, help="a built graph.ttl instead of building the corpus")
    parser.add_argument("--copies", default="1,4,16,41", help="comma-separated sizes, in copies of the corpus")
    parser.add_argument("--baseline-up-to", type=int, default=4, help="time the baseline page up to this many copies")
    parser.add_argument("--baseline-rev", default=BASELINE_REV, help="the git revision whose page code is the baseline")
    parser.add_argument("--tti-copies", type=int, default=6, help="also time to interactive at this many copies (0: not)")
    parser.add_argument("--tti-rev", default=TTI_REV, help="the git revision whose page is timed beside, in the browser")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args()
    base = corpus_turtle(args.graph)
    digests = len(GraphFacts.from_turtle(base).subjects_of_type(KG + "Digest"))
    folder = Path(tempfile.mkdtemp(prefix="bench-page-"))
    code = baseline_code(args.baseline_rev, folder)
    tti_code = baseline_code(args.tti_rev, folder)
    tti_sizes = sorted({1, args.tti_copies} - {0})
    tti_nodes: dict[int, int] = {}
    rows: list[dict[str, Any]] = []
    # Wall seconds for the whole page; CPU seconds (this process) for the parts and the ratio, which other jobs
    # on a shared machine disturb much less.
    print(f"{'copies':>6} {'digests':>7} {'nodes':>7} {'links':>8} {'read cpu':>8} {'layout cpu':>10} {'page s':>7} "
          f"{'page cpu':>8} {'baseline s':>10} {'base cpu':>8} {'ratio':>6}")
    sizes = [int(c) for c in args.copies.split(",")]
    for copies in sorted(set(sizes) | set(tti_sizes)):
        turtle = replicate(base, copies)
        if copies not in sizes:  # only its page, for the browser
            data = page_data(GraphFacts.from_turtle(turtle))
            tti_nodes[copies] = len(data["nodes"])
            (folder / f"page-{copies}.html").write_text(render_page(GraphFacts.from_turtle(turtle)), encoding="utf-8")
            _rendered_before(tti_code, turtle, folder, copies)
            continue
        start, start_cpu = time.perf_counter(), time.process_time()
        facts = GraphFacts.from_turtle(turtle)
        read_seconds = time.process_time() - start_cpu
        text = render_page(facts, title="papers-kg")
        page_seconds, page_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        data = graph_data(facts)
        data["communities"] = _communities(data)
        inputs = layout_inputs(data)
        start_cpu = time.process_time()
        layout(*inputs)
        layout_seconds = time.process_time() - start_cpu
        baseline = baseline_cpu = None
        if code is not None and copies <= args.baseline_up_to:
            graph_file = folder / f"graph-{copies}.ttl"
            graph_file.write_bytes(turtle)
            baseline, baseline_cpu = baseline_page_seconds(code, graph_file)
            graph_file.unlink()
        row = {"copies": copies, "digests": digests * copies, "nodes": inputs[0], "links": len(inputs[1]),
               "read_cpu_s": round(read_seconds, 2), "layout_cpu_s": round(layout_seconds, 2),
               "page_s": round(page_seconds, 2), "page_cpu_s": round(page_cpu, 2),
               "baseline_page_s": round(baseline, 2) if baseline else None,
               "baseline_page_cpu_s": round(baseline_cpu, 2) if baseline_cpu else None,
               "baseline_over_page_cpu": round(baseline_cpu / page_cpu, 2) if baseline_cpu else None,
               "page_kib": len(text.encode()) // 1024}
        rows.append(row)
        print(f"{copies:>6} {row['digests']:>7} {row['nodes']:>7} {row['links']:>8} {read_seconds:>8.2f} "
              f"{layout_seconds:>10.2f} {page_seconds:>7.2f} {page_cpu:>8.2f} {(f'{baseline:.2f}' if baseline else '-'):>10} "
              f"{(f'{baseline_cpu:.2f}' if baseline_cpu else '-'):>8} "
              f"{(f'{baseline_cpu / page_cpu:.1f}x' if baseline_cpu else '-'):>6}", flush=True)
        if copies in tti_sizes:
            (folder / f"page-{copies}.html").write_text(text, encoding="utf-8")
            _rendered_before(tti_code, turtle, folder, copies)
    doubling = {f"{a['copies']}->{b['copies']}": round(b["page_cpu_s"] / a["page_cpu_s"], 2)
                for a, b in pairwise(rows) if b["copies"] == 2 * a["copies"]}
    report: dict = {"command": "python benchmarks/bench_page.py " + " ".join(sys.argv[1:]), "sizes": rows,
                    "page_doubling": doubling, "baseline_rev": args.baseline_rev}
    if tti_sizes:
        report["tti"] = browser_times(folder, tti_sizes, args.tti_rev, {**tti_nodes, **{r["copies"]: r["nodes"] for r in rows}})
    shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(doubling))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")



if __name__ == "__main__":
    main()
