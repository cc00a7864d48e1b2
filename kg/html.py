"""The interactive page: one self-contained HTML file that works offline, from file:// or a server.

vis-network (shipped inside the pyvis package) is inlined, so nothing loads
from a CDN. The layout is computed ahead with networkx and fixed, so the page
opens settled instead of running physics. Graph data travels as JSON inside a
``<script type="application/json">`` block with ``<``, ``>`` and ``&``
escaped, and the page builds every label, tooltip and panel line with
``textContent``: text from a digest can never become markup or script. A
Content-Security-Policy forbids any network request.
"""

from __future__ import annotations

import html as html_escape
import json
from collections import defaultdict
from decimal import Decimal
from functools import lru_cache
from importlib import resources
from pathlib import Path

import networkx as nx
from rdflib import Graph
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS

from .namespaces import KG
from .network import NODE_CLASSES, to_networkx

TYPE_STYLE = {
    "Paper": {"color": "#9aa5b1", "shape": "box"},
    "Method": {"color": "#e07a5f", "shape": "dot"},
    "Model": {"color": "#3d85c6", "shape": "dot"},
    "Benchmark": {"color": "#81b29a", "shape": "diamond"},
    "Organization": {"color": "#e9b949", "shape": "triangle"},
}
PAPERS_SHOWN_UP_TO = 400  # above this many nodes the page opens with papers hidden (a toggle shows them)


@lru_cache(maxsize=1)
def _assets() -> tuple[str, str, str, str]:
    import pyvis

    lib = Path(pyvis.__file__).parent / "lib" / "vis-9.1.2"
    own = resources.files("kg").joinpath("assets")
    return (
        (lib / "vis-network.min.js").read_text(encoding="utf-8"),
        (lib / "vis-network.css").read_text(encoding="utf-8"),
        own.joinpath("explorer.js").read_text(encoding="utf-8"),
        own.joinpath("explorer.css").read_text(encoding="utf-8"),
    )


def _evidence(graph: Graph) -> dict[tuple[str, str, str], list[dict]]:
    """(subject, relation, object) -> the sentences that state it, from the reified statements."""
    digest_names = {d: str(graph.value(d, KG.sourceFile)) for d in graph.subjects(RDF.type, KG.Digest)}
    found = defaultdict(list)
    for statement in graph.subjects(RDF.type, RDF.Statement):
        key = (str(graph.value(statement, RDF.subject)), str(graph.value(statement, RDF.predicate)).split("#")[-1],
               str(graph.value(statement, RDF.object)))
        for evidence in graph.objects(statement, KG.evidence):
            digest = graph.value(evidence, PROV.wasDerivedFrom)
            found[key].append({"sentence": str(graph.value(evidence, KG.sentence)), "digest": digest_names.get(digest, "")})
    for sentences in found.values():
        sentences.sort(key=lambda e: (e["digest"], e["sentence"]))
    return found


def subgraph(projection: nx.MultiDiGraph, focus: str | None = None, depth: int = 2, types: set[str] | None = None) -> nx.MultiDiGraph:
    """The part of the graph around one node (``depth`` steps, either direction), of some types."""
    keep = set(projection)
    if types:
        keep = {n for n in keep if projection.nodes[n]["type"] in types or n == focus}
    view = projection.subgraph(keep)
    if focus is not None:
        view = view.subgraph(nx.single_source_shortest_path_length(view.to_undirected(as_view=True), focus, cutoff=depth))
    return nx.MultiDiGraph(view)


def graph_data(graph: Graph, projection: nx.MultiDiGraph | None = None) -> dict:
    """Nodes, edges and evidence for the page, in a fixed order."""
    projection = projection if projection is not None else to_networkx(graph)
    evidence = _evidence(graph)
    order = sorted(projection.nodes, key=lambda iri: (NODE_CLASSES.index(projection.nodes[iri]["type"]), iri))
    index = {iri: n for n, iri in enumerate(order)}
    nodes = []
    for iri in order:
        d = projection.nodes[iri]
        nodes.append({"id": index[iri], "iri": iri, "label": d["label"], "type": d["type"], "aliases": d["aliases"],
                      "digests": d["digests"], "family": d["family"]})
    edges = []
    for s, o, d in sorted(projection.edges(data=True), key=lambda e: (index[e[0]], index[e[1]], e[2]["relation"])):
        edges.append({"from": index[s], "to": index[o], "relation": d["relation"],
                      "evidence": evidence.get((s, d["relation"], o), [])})
    return {"nodes": nodes, "edges": edges, "results": _results_by_benchmark(graph, index)}


def _results_by_benchmark(graph: Graph, index: dict[str, int]) -> dict[str, list[dict]]:
    """Node id of a benchmark -> the results reported on it or any of its editions, best first (issue 13)."""
    digest_names = {d: str(graph.value(d, KG.sourceFile)) for d in graph.subjects(RDF.type, KG.Digest)}
    label = lambda node: str(graph.value(node, RDFS.label) or graph.value(node, DCTERMS.title) or "")  # noqa: E731
    rows: dict[str, list[dict]] = defaultdict(list)
    for result in graph.subjects(RDF.type, KG.Result):
        on = graph.value(result, KG.onBenchmark)
        row = {"system": label(graph.value(result, KG.achievedBy)), "value": str(graph.value(result, KG.value)),
               "unit": str(graph.value(result, KG.unit)), "metric": str(graph.value(result, KG.metric)),
               "benchmark": label(on), "setting": str(graph.value(result, KG.setting) or ""),
               "paper": label(graph.value(result, KG.reportedIn)),
               "digests": sorted(digest_names.get(d, "") for d in graph.objects(result, PROV.wasDerivedFrom))}
        for benchmark in graph.transitive_objects(on, KG.variantOf):  # the edition, its family, ...
            if str(benchmark) in index:
                rows[str(index[str(benchmark)])].append(row)
    for board in rows.values():
        board.sort(key=lambda r: (-Decimal(r["value"]), r["system"].lower(), r["benchmark"], r["paper"]))
    return dict(sorted(rows.items()))


def _layout(data: dict) -> None:
    """Fixed positions: each connected component laid out on its own (spring layout), then the
    components packed in rows, biggest first, so islands sit beside the main graph, not on it."""
    g = nx.Graph()
    g.add_nodes_from(n["id"] for n in data["nodes"])
    g.add_edges_from((e["from"], e["to"]) for e in data["edges"])
    components = sorted(nx.connected_components(g), key=lambda c: (-len(c), min(c)))
    total = sum((2 * _radius(len(c))) ** 2 for c in components)
    row_width = max(total ** 0.5 * 1.1, 1.0)
    positions, x, y, row_height = {}, 0.0, 0.0, 0.0
    for component in components:
        radius = _radius(len(component))
        if x > 0 and x + 2 * radius > row_width:
            x, y, row_height = 0.0, y + row_height, 0.0
        sub = g.subgraph(component)
        spread = 2.0 / len(component) ** 0.5  # twice networkx's default distance: room for labels
        local = nx.spring_layout(sub, k=spread, seed=7, iterations=80) if len(component) > 1 else {next(iter(component)): (0.0, 0.0)}
        for node, (px, py) in local.items():
            positions[node] = (x + radius + float(px) * radius * 0.9, y + radius + float(py) * radius * 0.9)
        x += 2 * radius
        row_height = max(row_height, 2 * radius)
    for node in data["nodes"]:
        px, py = positions[node["id"]]
        node["x"], node["y"] = round(px, 1), round(py, 1)


def _radius(size: int) -> float:
    return 110.0 * (size ** 0.5) + 30.0


def _json_for_script(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def render_page(graph: Graph, title: str = "papers-kg", focus: str | None = None, depth: int = 2,
                types: set[str] | None = None) -> str:
    """The page for a graph, or for the part of it around ``focus`` (an entity IRI)."""
    projection = to_networkx(graph)
    if focus is not None or types:
        projection = subgraph(projection, focus, depth, types)
    data = graph_data(graph, projection)
    _layout(data)
    settings = {"styles": TYPE_STYLE, "showPapers": len(data["nodes"]) <= PAPERS_SHOWN_UP_TO,
                "focus": next((n["id"] for n in data["nodes"] if n["iri"] == focus), None)}
    vis_js, vis_css, page_js, page_css = _assets()
    return (
        _TEMPLATE.replace("%TITLE%", html_escape.escape(title))
        .replace("%VIS_CSS%", vis_css)
        .replace("%PAGE_CSS%", page_css)
        .replace("%SETTINGS%", _json_for_script(settings))
        .replace("%DATA%", _json_for_script(data))
        .replace("%VIS_JS%", vis_js.replace("</script", "<\\/script"))
        .replace("%PAGE_JS%", page_js)
    )


_TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE%</title>
<style>%VIS_CSS%</style>
<style>%PAGE_CSS%</style>
</head>
<body>
<header id="bar">
  <strong>%TITLE%</strong>
  <input id="search" type="search" placeholder="Search names and aliases (Enter)" autocomplete="off" aria-label="search">
  <span id="search-status" role="status"></span>
  <span id="types" aria-label="node types"></span>
  <details id="relations-box"><summary>relations</summary><div id="relations"></div></details>
  <span id="counts"></span>
</header>
<div id="graph"></div>
<aside id="panel" hidden>
  <button id="close" aria-label="close">×</button>
  <h2 id="panel-title"></h2>
  <div id="panel-body"></div>
</aside>
<script type="application/json" id="kg-data">%DATA%</script>
<script type="application/json" id="kg-settings">%SETTINGS%</script>
<script>%VIS_JS%</script>
<script>%PAGE_JS%</script>
</body></html>
"""
