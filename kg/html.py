"""The interactive page: one self-contained HTML file that works offline, from file:// or a server.

vis-network (shipped inside the pyvis package) is inlined, so nothing loads
from a CDN. The layout is computed ahead with networkx and fixed, so the page
opens settled instead of running physics. Graph data travels as deflated,
base64-encoded JSON inside a ``<script type="application/octet-stream">``
block (no markup character can occur in it), and the page builds every label,
tooltip and panel line with ``textContent``: text from a digest can never
become markup or script. A Content-Security-Policy forbids any network request.
The page's network holds at most DETAIL drawn nodes per view (level of detail:
the rest are painted as dots until zooming brings them into view).
"""

from __future__ import annotations

import base64
import html as html_escape
import importlib.util
import json
import re
import sys
import zlib
from collections import defaultdict
from decimal import Decimal
from functools import lru_cache
from importlib import resources
from pathlib import Path

import networkx as nx
import numpy as np
from rdflib import Graph
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import minimum_spanning_tree

from .facts import GraphFacts
from .layout import layout
from .namespaces import KG, RES_IRI, EntityType, Predicate
from .network import NODE_CLASSES, appears_with, entity_graph, to_networkx

TYPE_STYLE = {
    "Paper": {"color": "#9aa5b1", "shape": "box"},
    EntityType.METHOD.value: {"color": "#e07a5f", "shape": "dot"},
    EntityType.MODEL.value: {"color": "#3d85c6", "shape": "dot"},
    EntityType.BENCHMARK.value: {"color": "#81b29a", "shape": "diamond"},
    EntityType.ORGANIZATION.value: {"color": "#e9b949", "shape": "triangle"},
}

# The page's network (vis-network) holds at most this many of the drawn nodes per view, the most important in
# it; the others are painted as dots and loaded when zooming brings them into view. vis-network spends about a
# millisecond per item it holds, at creation and on each change of its data, so this bounds the time to
# interactive whatever the size of the graph.
DETAIL = 400
# Milliseconds without a search or click before the page loads the rest of a view's detail (a zoom loads its own view at once), the
# nodes it paints as dots until then (explorer.js, rule lod.later): a search right after opening is answered
# without first waiting for detail the opening view does not need.
QUIET_MS = 300


# vis-network's style sheet is 220 KB, nearly all of it icons (data: URLs) of the parts of its interface the page
# does not turn on: navigation buttons, the manipulation toolbar and the configurator. Parsing them was a cost of
# every opening; their rules are left out (the rest, tooltips and overlay, is kept).
UNUSED_VIS_UI = ("vis-navigation", "vis-manipulation", "vis-edit-mode", "vis-close", "vis-configuration", "vis-color-picker")


def used_vis_css(css: str) -> str:
    """vis-network's style rules without those of the interface parts in UNUSED_VIS_UI."""
    rules = re.findall(r"[^{}]+\{[^{}]*\}", css)
    if "".join(rules) != css.strip():  # not the flat sheet this filter reads (an @media block, a new layout): all of it
        return css
    return "".join(rule for rule in rules if not any(part in rule.split("{", 1)[0] for part in UNUSED_VIS_UI))


@lru_cache(maxsize=1)
def _assets() -> tuple[str, str, str, str]:
    # Found, not imported: importing pyvis imports IPython (0.8 s of a build's start), and only its files are used.
    spec = importlib.util.find_spec("pyvis")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("pyvis, whose copy of vis-network the page inlines, is not installed")
    lib = Path(next(iter(spec.submodule_search_locations))) / "lib" / "vis-9.1.2"
    own = resources.files("kg").joinpath("assets")
    return (
        (lib / "vis-network.min.js").read_text(encoding="utf-8"),
        used_vis_css((lib / "vis-network.css").read_text(encoding="utf-8")),
        own.joinpath("explorer.js").read_text(encoding="utf-8"),
        own.joinpath("explorer.css").read_text(encoding="utf-8"),
    )


def _evidence(facts: GraphFacts) -> dict[tuple[str, str, str], list[dict]]:
    """(subject, relation, object) -> the sentences that state it, from the reified statements."""
    digest_names = facts.first(KG.sourceFile)
    subjects, predicates, objects = facts.first(RDF.subject), facts.first(RDF.predicate), facts.first(RDF.object)
    sentences = facts.first(KG.sentence)
    sources: dict = {}
    for evidence, digest in facts.subject_objects(PROV.wasDerivedFrom):
        if evidence in sentences:
            sources[evidence] = min(sources.get(evidence, digest), digest)
    found: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for statement, evidence in facts.subject_objects(KG.evidence):
        if statement not in subjects or evidence not in sentences:
            continue
        key = (subjects[statement], predicates[statement].split("#")[-1], objects[statement])
        found[key].append({"sentence": sentences[evidence], "digest": digest_names.get(sources[evidence], "") if evidence in sources else ""})
    for stated in found.values():
        stated.sort(key=lambda e: (e["digest"], e["sentence"]))
    return found


def _lineage_bases(facts: GraphFacts) -> dict[tuple[str, str], str]:
    """(child, parent) -> how the extends edge is known ('stated' or 'name'), from the reified statements."""
    subjects, objects = facts.first(RDF.subject), facts.first(RDF.object)
    return {(subjects[statement], objects[statement]): basis
            for statement, basis in sorted(facts.subject_objects(KG.lineageBasis))
            if statement in subjects and statement in objects}


def subgraph(projection: nx.MultiDiGraph, focus: str | None = None, depth: int = 2, types: set[str] | None = None) -> nx.MultiDiGraph:
    """The part of the graph around one node (``depth`` steps, either direction), of some types.

    Without papers, steps go through the "appears with" projection (entities that share a paper are
    one step apart), so dropping papers does not cut every path between entities."""
    keep = set(projection)
    if types:
        keep = {n for n in keep if projection.nodes[n]["type"] in types or n == focus}
    walk = entity_graph(projection).subgraph(keep) if types and "Paper" not in types else projection.subgraph(keep).to_undirected(as_view=True)
    if focus is not None:
        keep = set(nx.single_source_shortest_path_length(walk, focus, cutoff=depth))
    return nx.MultiDiGraph(projection.subgraph(keep))


def _digest_table(facts: GraphFacts) -> list[dict]:
    """Every digest with its date and week label, oldest first (undated ones by file name, after dated)."""
    files, dates, weeks = facts.first(KG.sourceFile), facts.first(DCTERMS.date), facts.first(KG.weekLabel)
    rows = [{"file": files.get(digest, "None"), "date": dates.get(digest) or None, "week": weeks.get(digest) or None}
            for digest in facts.subjects_of_type(KG.Digest)]
    rows.sort(key=lambda r: (r["date"] is None, r["date"] or "", r["file"]))
    return rows


def graph_data(graph: Graph | GraphFacts, projection: nx.MultiDiGraph | None = None, full: nx.MultiDiGraph | None = None) -> dict:
    """Nodes, relation edges with evidence, "appears with" edges, digests and communities, in a fixed order.

    ``projection`` is the part to show, ``full`` the whole graph's projection (papers joining the shown entities
    come from it)."""
    facts = GraphFacts.of(graph)
    full = full if full is not None else to_networkx(facts)
    projection = projection if projection is not None else full
    members = set(projection)
    if not any(projection.nodes[n]["type"] == "Paper" for n in members):
        # Papers stay in the data (hidden) so the entities they join keep their link and its list of papers.
        members |= {p for p in full if full.nodes[p]["type"] == "Paper" and any(o in members for o in full.successors(p))}
    view = full if len(members) == len(full) else nx.MultiDiGraph(full.subgraph(members))
    evidence = _evidence(facts)
    bases = _lineage_bases(facts)
    digests = _digest_table(facts)
    digest_index = {d["file"]: i for i, d in enumerate(digests)}
    kind = dict(view.nodes(data="type"))
    order = sorted(view.nodes, key=lambda iri: (NODE_CLASSES.index(kind[iri]), iri))
    index = {iri: n for n, iri in enumerate(order)}
    cooc = appears_with(view)
    # Each node's number of distinct neighbours over "appears with" and entity-to-entity links (a loop counts
    # twice, as in networkx): plain pairs, not a networkx graph built only to be asked its degrees.
    linked = {(min(index[a], index[b]), max(index[a], index[b])) for a, b in cooc}
    linked.update((min(index[s], index[o]), max(index[s], index[o])) for s, o in view.edges() if kind[s] != "Paper")
    degree = [0] * len(order)
    for a, b in linked:
        degree[a] += 1
        degree[b] += 1
    rank = _importance(view, order, degree)
    nodes = []
    for iri in order:
        d = view.nodes[iri]
        weeks = sorted({digest_index[f] for f in d["digests"] if f in digest_index})
        nodes.append({"id": index[iri], "iri": iri, "label": d["label"], "type": d["type"], "aliases": d["aliases"],
                      "digests": d["digests"], "family": d["family"], "w": weeks, "rank": rank[index[iri]]})
    edges = []
    for s, o, d in sorted(view.edges(data=True), key=lambda e: (index[e[0]], index[e[1]], e[2]["relation"])):
        edge = {"from": index[s], "to": index[o], "relation": d["relation"], "evidence": evidence.get((s, d["relation"], o), [])}
        if d["relation"] == Predicate.EXTENDS.value and (s, o) in bases:
            edge["basis"] = bases[(s, o)]  # the lineage panel marks an edge read from the names
        edges.append(edge)
    # Keyed by (smaller id, larger id): the backbone and the page look links up that way.
    pairs = sorted((((min(index[a], index[b]), max(index[a], index[b])), sorted(index[p] for p in papers))
                    for (a, b), papers in cooc.items()), key=lambda pair: pair[0])
    backbone = _backbone(len(order), [(a, b, len(p)) for (a, b), p in pairs], rank)
    return {"nodes": nodes, "edges": edges, "digests": digests,
            "cooc": [[a, b, p, int((a, b) in backbone)] for (a, b), p in pairs],
            "results": _results_by_benchmark(facts, index)}


def _results_by_benchmark(facts: GraphFacts, index: dict[str, int]) -> dict[str, list[dict]]:
    """Node id of a benchmark -> the results reported on it or any of its editions, best first (issue 13)."""
    digest_names = facts.first(KG.sourceFile)
    labels, titles = facts.first(RDFS.label), facts.first(DCTERMS.title)
    label = lambda node: (labels.get(node) or titles.get(node) or "") if node is not None else ""  # noqa: E731
    column = {p: facts.first(p) for p in (KG.onBenchmark, KG.achievedBy, KG.value, KG.unit, KG.metric, KG.setting, KG.reportedIn)}
    sources = facts.every(PROV.wasDerivedFrom)
    families = facts.every(KG.variantOf)
    rows: dict[str, list[dict]] = defaultdict(list)
    for result in facts.subjects_of_type(KG.Result):
        on = column[KG.onBenchmark].get(result)
        row = {"system": label(column[KG.achievedBy].get(result)), "value": str(column[KG.value].get(result)),
               "unit": str(column[KG.unit].get(result)), "metric": str(column[KG.metric].get(result)),
               "benchmark": label(on), "setting": column[KG.setting].get(result) or "",
               "paper": label(column[KG.reportedIn].get(result)),
               "digests": sorted(digest_names.get(d, "") for d in sources.get(result, ()))}
        for benchmark in _transitive(on, families):  # the edition, its family, ...
            if benchmark in index:
                rows[str(index[benchmark])].append(row)
    for board in rows.values():
        board.sort(key=lambda r: (-Decimal(r["value"]), r["system"].lower(), r["benchmark"], r["paper"]))
    return dict(sorted(rows.items()))


def _transitive(start: str | None, parents: dict[str, list[str]]) -> list[str]:
    """``start`` and everything it reaches through ``parents``, each once, depth first (as rdflib's transitive_objects)."""
    if start is None:
        return []
    seen: dict[str, None] = {}
    stack = [start]
    while stack:
        node = stack.pop()
        if node not in seen:
            seen[node] = None
            stack.extend(reversed(parents.get(node, [])))
    return list(seen)


def _importance(view: nx.MultiDiGraph, order: list[str], degree: list[int]) -> list[int]:
    """Rank of each entity (0 = most important): mentioned in the most digests, then the most linked; papers last."""
    def key(i: int) -> tuple:
        d = view.nodes[order[i]]
        return (d["type"] == "Paper", -len(d["digests"]), -degree[i], d["label"].lower(), i)

    ranked = sorted(range(len(order)), key=key)
    rank = [0] * len(order)
    for position, i in enumerate(ranked):
        rank[i] = position
    return rank


def _backbone(n: int, weighted: list[tuple[int, int, int]], rank: list[int], per_node: int = 2) -> set[tuple[int, int]]:
    """The "appears with" links drawn by default: a maximum spanning forest (so the drawn map has exactly the
    components of the full projection) and each node's strongest few links; the rest are listed in the panel."""
    if not weighted:
        return set()
    src = np.array([a for a, _, _ in weighted])
    dst = np.array([b for _, b, _ in weighted])
    weight = np.array([w for _, _, w in weighted], dtype=float)
    # Stronger links cost less; among equals, links to more important entities win.
    tie = np.array([min(rank[a], rank[b]) for a, b, _ in weighted], dtype=float) / (n + 1)
    cost = 1.0 / (weight + 1.0) + 1e-3 * tie + 1e-9
    forest = minimum_spanning_tree(coo_matrix((cost, (src, dst)), shape=(n, n))).tocoo()
    keep = {(min(a, b), max(a, b)) for a, b in zip(forest.row.tolist(), forest.col.tolist(), strict=False)}
    strongest: dict[int, list[tuple[float, int, int]]] = defaultdict(list)
    for (a, b, _), c in zip(weighted, cost.tolist(), strict=False):
        strongest[a].append((c, a, b))
        strongest[b].append((c, a, b))
    for links in strongest.values():
        keep.update((a, b) for _, a, b in sorted(links)[:per_node])
    return keep


# What networkit's package __init__ imports when it is installed, for plotting, profiling and link prediction:
# the page needs PLM alone, and these imports were 90% of importing networkit and most of a `kg build` start
# (7-9 s against 0.5-0.7 s without them, measured on a loaded 2-core machine).
NETWORKIT_EXTRAS = ("matplotlib", "matplotlib.pyplot", "pandas", "sklearn")


@lru_cache(maxsize=1)
def _networkit():
    """networkit, imported with its optional extras hidden (Python's import system treats a None in sys.modules
    as a module that is not there); a module some other code already imported is left as it is."""
    hidden = [name for name in NETWORKIT_EXTRAS if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        import networkit
    finally:
        for name in hidden:
            if sys.modules.get(name, "") is None:
                del sys.modules[name]
    return networkit


def _communities(data: dict) -> list[dict]:
    """Louvain communities of the entity map (seeded, so fixed), each named after its most important entity.

    NetworKit's PLM (Louvain in C++, run on one thread with a fixed seed, so the same map gives the same groups):
    networkx's Louvain, pure Python, was the page's largest cost (1.2 s at 2,300 entities, linear beyond)."""
    is_entity = [n["type"] != "Paper" for n in data["nodes"]]
    weight: dict[tuple[int, int], int] = {(a, b): len(papers) for a, b, papers, _ in data["cooc"]}
    for e in data["edges"]:
        a, b = min(e["from"], e["to"]), max(e["from"], e["to"])
        if is_entity[a] and is_entity[b] and a != b:
            weight.setdefault((a, b), 1)
    if not weight:
        return []
    pairs = sorted(weight)
    linked = sorted({i for pair in pairs for i in pair})
    local = {node: i for i, node in enumerate(linked)}
    row = np.array([local[a] for a, _ in pairs], dtype=np.uint64)
    col = np.array([local[b] for _, b in pairs], dtype=np.uint64)
    nk = _networkit()
    graph = nk.graph.GraphFromCoo((np.array([weight[p] for p in pairs], dtype=np.float64), (row, col)), n=len(linked),
                                  weighted=True, directed=False)
    nk.engineering.setNumberOfThreads(1)
    nk.setSeed(7, False)
    plm = nk.community.PLM(graph, refine=False, gamma=1.0, par="none", turbo=True)
    plm.run()
    found: dict[int, list[int]] = defaultdict(list)
    for i, community in enumerate(plm.getPartition().getVector()):
        found[community].append(linked[i])
    groups = sorted((sorted(c, key=lambda i: data["nodes"][i]["rank"]) for c in found.values() if len(c) > 1),
                    key=lambda c: data["nodes"][c[0]]["rank"])
    for number, group in enumerate(groups):
        for i in group:
            data["nodes"][i]["c"] = number
    return [{"name": data["nodes"][group[0]]["label"], "lead": group[0], "size": len(group)} for group in groups]


def layout_inputs(data: dict) -> tuple[int, list[tuple[int, int, float]], list[int]]:
    """What the layout reads: the node count, every link (weighted) and each node's community.

    A paper sits with the community of its most important entity; a node in none gets one of its own."""
    nodes = data["nodes"]
    community = [n.get("c", -1 - n["id"]) for n in nodes]
    lead: dict[int, int] = {}
    for e in data["edges"]:
        a, b = nodes[e["from"]], nodes[e["to"]]
        if a["type"] == "Paper" and b.get("c") is not None and (a["id"] not in lead or nodes[lead[a["id"]]]["rank"] > b["rank"]):
            lead[a["id"]] = b["id"]
            community[a["id"]] = b["c"]
    links = [(a, b, float(len(p))) for a, b, p, _ in data["cooc"]]
    links += [(e["from"], e["to"], 1.0) for e in data["edges"]]
    return len(nodes), links, community


def _layout(data: dict) -> None:
    """Fixed positions for every node (see kg.layout): entities, papers and all their links."""
    placed = layout(*layout_inputs(data))
    for n in data["nodes"]:
        n["x"], n["y"] = round(float(placed.x[n["id"]]), 1), round(float(placed.y[n["id"]]), 1)


def for_page(data: dict) -> dict:
    """``data`` in the form the page carries, which its script reads back at opening (explorer.js, ``unfold``):
    the same facts with what is said twice said once. The browser inflates and parses this JSON before anything
    else, so its length is a cost of every opening.

    Nodes: IRIs without the resource prefix, no ``digests`` when ``w`` (their weeks) names the same files, no empty
    alias list or null family. Edges: each evidence sentence once in ``sentences`` (one supports several relations
    of a paper), an edge's evidence as [sentence number, digest number in ``digests``] pairs (the file name itself
    for a digest not in the table)."""
    files = [d["file"] for d in data["digests"]]
    digest_number = {f: i for i, f in enumerate(files)}
    nodes = []
    for node in data["nodes"]:
        slim = {k: v for k, v in node.items() if not (k in ("aliases", "family") and not v)}
        if node["iri"].startswith(RES_IRI):
            slim["iri"] = node["iri"][len(RES_IRI):]
        if sorted(node["digests"]) == sorted(files[i] for i in node["w"]) and len(set(node["digests"])) == len(node["digests"]):
            del slim["digests"]
        nodes.append(slim)
    sentence_number: dict[str, int] = {}
    edges = []
    for edge in data["edges"]:
        slim = {k: v for k, v in edge.items() if k != "evidence"}
        if edge["evidence"]:
            slim["ev"] = [[sentence_number.setdefault(e["sentence"], len(sentence_number)), digest_number.get(e["digest"], e["digest"])]
                          for e in edge["evidence"]]
        edges.append(slim)
    return {**data, "nodes": nodes, "edges": edges, "sentences": list(sentence_number), "base": RES_IRI}


def from_page(packed: dict) -> dict:
    """What for_page made, read back as the page's script reads it (the page's data as graph_data gave it)."""
    files = [d["file"] for d in packed["digests"]]
    nodes = [{**n, "iri": n["iri"] if "://" in n["iri"] else packed["base"] + n["iri"], "aliases": n.get("aliases", []),
              "family": n.get("family"), "digests": n.get("digests", [files[i] for i in n["w"]])} for n in packed["nodes"]]
    edges = []
    for e in packed["edges"]:
        edge = {k: v for k, v in e.items() if k != "ev"}
        edge["evidence"] = [{"digest": files[d] if isinstance(d, int) else d, "sentence": packed["sentences"][s]} for s, d in e.get("ev", [])]
        edges.append(edge)
    rest = {k: v for k, v in packed.items() if k not in ("sentences", "base")}
    return {**rest, "nodes": nodes, "edges": edges}


def _packed(value) -> str:
    """``value`` as JSON, deflated (zlib format) and base64-encoded: what the page inflates (see explorer.js).

    A page's load time grows with its bytes (the HTML parser's share alone is about 0.1 s a megabyte) and the
    graph's JSON, mostly evidence sentences, deflates about 8 to 1. Base64 holds no markup character, so no
    text from a digest can end the script element either."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    # zlib's default level: level 9 is 7% smaller and 2.5 times slower (0.6 s against 0.24 s for 13 MB).
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 6)).decode("ascii")


def _json_for_script(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def page_data(graph: Graph | GraphFacts, focus: str | None = None, depth: int = 2, types: set[str] | None = None) -> dict:
    """Everything the page shows, positions included."""
    facts = GraphFacts.of(graph)
    full = projection = to_networkx(facts)
    if focus is not None or types:
        projection = subgraph(full, focus, depth, types)
    data = graph_data(facts, projection, full)
    data["communities"] = _communities(data)
    _layout(data)
    return data


def render_page(graph: Graph | GraphFacts, title: str = "papers-kg", focus: str | None = None, depth: int = 2,
                types: set[str] | None = None, detail: int = DETAIL, quiet_ms: int = QUIET_MS) -> str:
    """The page for a graph (or its facts, kg.facts), or for the part of it around ``focus`` (an entity IRI).

    ``detail``: how many drawn nodes the page's network holds per view (see DETAIL); ``quiet_ms``: how long the
    page waits without a request before loading the rest of a view's detail (see QUIET_MS)."""
    data = page_data(graph, focus, depth, types)
    # The opening view is the entity map (papers folded into "appears with" links); papers are a toggle away.
    settings = {"styles": TYPE_STYLE, "showPapers": bool(types and "Paper" in types),
                "hiddenTypes": sorted(set(TYPE_STYLE) - types) if types else [],
                "focus": next((n["id"] for n in data["nodes"] if n["iri"] == focus), None), "detail": detail,
                "quiet": quiet_ms}
    vis_js, vis_css, page_js, page_css = _assets()
    return (
        _TEMPLATE.replace("%TITLE%", html_escape.escape(title))
        .replace("%VIS_CSS%", vis_css)
        .replace("%PAGE_CSS%", page_css)
        .replace("%SETTINGS%", _json_for_script(settings))
        .replace("%DATA%", _packed(for_page(data)))
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
  <span id="search-box"><input id="search" type="search" placeholder="Search names and aliases" autocomplete="off"
    aria-label="search" aria-controls="search-results">
  <ul id="search-results" role="listbox" hidden></ul></span>
  <span id="search-status" role="status"></span>
  <span id="types" aria-label="node types"></span>
  <details id="relations-box"><summary>relations</summary><div id="relations"></div></details>
  <span id="weeks"><span class="what">weeks</span><input id="week-from" type="range" aria-label="first week"
    ><input id="week-to" type="range" aria-label="last week"><span id="week-label"></span></span>
  <span id="counts"></span>
</header>
<nav id="lists-box" aria-label="top entities">
  <p id="legend">Size: weeks mentioned. Lines: named in the same paper (thicker: more papers; click one for them).
  Arrows: extends, variant of. Red ring: new in the latest week. Shaded: groups, named by their best-known entity.</p>
  <div id="lists"></div>
</nav>
<div id="graph"></div>
<aside id="panel" hidden>
  <button id="close" aria-label="close">×</button>
  <h2 id="panel-title"></h2>
  <div id="panel-body"></div>
</aside>
<script type="application/octet-stream" id="kg-data">%DATA%</script>
<script type="application/json" id="kg-settings">%SETTINGS%</script>
<script>%VIS_JS%</script>
<script>%PAGE_JS%</script>
</body></html>
"""
