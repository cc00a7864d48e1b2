"""The interactive page at growing sizes: layout and whole page against the previous layout, and time to interactive.

For each size it prints the nodes and links laid out, the time of the layout (kg.layout), of the previous
layout on the same nodes and links (networkx's spring layout per component, packed: what kg/html.py did
before; only run where it finishes in reasonable time), and of the whole page (graph -> HTML text),
then time to interactive in headless Chromium (Debian's) for the corpus page, against an empty page.

Sizes: the corpus graph (the 122 weekly digests in ../shared/corpus/dair, or a build folder's graph.ttl
given with --graph), and synthetic corpora of COPIES times as many digests made from it: each copy's
digests, papers and statements are renamed, and so are its entities except those mentioned in at least
3 digests (GPT-4, GRPO, MMLU...), which every copy shares, as a longer run of weeks would. Copies are
dated one after another, so the week range spans all of them.

    python benchmarks/bench_page.py                      # builds the corpus (minutes), copies 1, 4, 16, 41
    python benchmarks/bench_page.py --graph build/graph.ttl --copies 1,2,4,8,16,41 --json page.json

41 copies of the 122 weeks are 5,002 digests.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import tempfile
import time
from pathlib import Path

import networkx as nx
from _common import CORPUS
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, XSD

from kg.html import _communities, graph_data, layout_inputs, render_page
from kg.layout import layout
from kg.namespaces import KG, RES

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHARED_FROM = 3  # entities mentioned in at least this many digests are shared by every copy
BASELINE_UP_TO = 8_000  # nodes; the spring layout is quadratic: beyond this it takes many minutes


def corpus_graph(path: Path | None) -> Graph:
    if path is not None:
        return Graph().parse(path)
    if not CORPUS.is_dir():
        raise SystemExit(f"the corpus {CORPUS} is missing; give a built graph with --graph")
    from kg.pipeline import build

    return build([CORPUS]).graph


def replicate(graph: Graph, copies: int) -> Graph:
    """``copies`` renamed copies of the graph sharing its often-mentioned entities (see the module text)."""
    if copies == 1:
        return graph
    mentions: dict = {}
    for entity, _ in graph.subject_objects(KG.mentionedIn):
        mentions[entity] = mentions.get(entity, 0) + 1
    shared = {e for e, n in mentions.items() if n >= SHARED_FROM}
    triples = list(graph)
    dates = sorted(str(d) for d in graph.objects(None, DCTERMS.date))
    span = (datetime.date.fromisoformat(dates[-1]) - datetime.date.fromisoformat(dates[0])).days + 7 if dates else 0
    out = Graph()
    for k in range(copies):
        def rename(term, k=k):
            if isinstance(term, URIRef) and str(term).startswith(str(RES)) and term not in shared:
                return URIRef(f"{term}-c{k}") if k else term
            return term

        for s, p, o in triples:
            if k and p in (RDFS.label, KG.sourceFile, DCTERMS.title) and s not in shared:
                o = Literal(f"{o} ·{k}")
            elif k and p == DCTERMS.date:
                o = Literal((datetime.date.fromisoformat(str(o)) + datetime.timedelta(days=span * k)).isoformat(), datatype=XSD.date)
            out.add((rename(s), p, rename(o)))
    return out


def spring_baseline(n: int, links: list[tuple[int, int, float]]) -> None:
    """The layout kg/html.py used before: spring layout per connected component, components packed in rows."""
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((a, b) for a, b, _ in links)
    components = sorted(nx.connected_components(g), key=lambda c: (-len(c), min(c)))
    for component in components:
        if len(component) > 1:
            nx.spring_layout(g.subgraph(component), k=2.0 / len(component) ** 0.5, seed=7, iterations=80)


def time_to_interactive(browser, path: Path, query: str | None) -> float:
    context = browser.new_context(offline=True, viewport={"width": 1600, "height": 1000})
    page = context.new_page()
    start = time.perf_counter()
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-rendered=true]", state="attached", timeout=120000)
    if query:
        assert page.evaluate("q => window.kg.search(q)", query) is not None
        page.wait_for_selector("#panel:not([hidden])", timeout=60000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--graph", type=Path, help="a built graph.ttl instead of building the corpus")
    parser.add_argument("--copies", default="1,4,16,41", help="comma-separated sizes, in copies of the corpus")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args()
    base = corpus_graph(args.graph)
    digests = len(set(base.subjects(RDF.type, KG.Digest)))
    rows = []
    print(f"{'copies':>6} {'digests':>7} {'nodes':>7} {'links':>8} {'layout s':>9} {'spring s':>9} {'ratio':>6} {'page s':>7}")
    folder = Path(tempfile.mkdtemp())
    for copies in [int(c) for c in args.copies.split(",")]:
        graph = replicate(base, copies)
        start = time.perf_counter()
        text = render_page(graph)
        page_seconds = time.perf_counter() - start
        data = graph_data(graph)
        data["communities"] = _communities(data)
        inputs = layout_inputs(data)
        start = time.perf_counter()
        layout(*inputs)
        layout_seconds = time.perf_counter() - start
        spring = None
        if inputs[0] <= BASELINE_UP_TO:
            start = time.perf_counter()
            spring_baseline(inputs[0], inputs[1])
            spring = time.perf_counter() - start
        row = {"copies": copies, "digests": digests * copies, "nodes": inputs[0], "links": len(inputs[1]),
               "layout_s": round(layout_seconds, 2), "spring_s": round(spring, 2) if spring else None,
               "page_s": round(page_seconds, 2), "page_kib": len(text.encode()) // 1024}
        rows.append(row)
        ratio = f"{spring / layout_seconds:5.1f}x" if spring else "    -"
        print(f"{copies:>6} {row['digests']:>7} {row['nodes']:>7} {row['links']:>8} {layout_seconds:>9.2f} "
              f"{(f'{spring:.2f}' if spring else '-'):>9} {ratio:>6} {page_seconds:>7.2f}", flush=True)
        if copies == 1:
            (folder / "graph.html").write_text(text, encoding="utf-8")
    from playwright.sync_api import sync_playwright

    (folder / "empty.html").write_text(render_page(Graph()), encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        empty = min(time_to_interactive(browser, folder / "empty.html", None) for _ in range(3))
        tti = min(time_to_interactive(browser, folder / "graph.html", "GRPO") for _ in range(3))
        browser.close()
    print(f"time to interactive (corpus page, a search answered): {tti:.2f} s; empty page {empty:.2f} s; ratio {tti / empty:.1f}x")
    if args.json:
        args.json.write_text(json.dumps({"sizes": rows, "tti_s": round(tti, 2), "empty_tti_s": round(empty, 2)}, indent=2) + "\n")


if __name__ == "__main__":
    main()
