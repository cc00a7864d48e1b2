"""The interactive page: one self-contained HTML file that works offline.

vis-network (shipped inside the pyvis package) is inlined, so nothing loads
from a CDN. The layout is computed ahead with networkx and fixed, so the page
opens settled instead of running physics. Graph data travels as JSON inside a
``<script type="application/json">`` block with ``<``, ``>`` and ``&`` escaped,
and the page builds every label and tooltip with ``textContent``: text from a
digest can never become markup or script.
"""

from __future__ import annotations

import html as html_escape
import json
from functools import lru_cache
from pathlib import Path

import networkx as nx
from rdflib import Graph

from .network import to_networkx

TYPE_STYLE = {
    "Paper": {"color": "#9aa5b1", "shape": "box"},
    "Method": {"color": "#e07a5f", "shape": "dot"},
    "Model": {"color": "#3d85c6", "shape": "dot"},
    "Benchmark": {"color": "#81b29a", "shape": "diamond"},
    "Organization": {"color": "#f2cc8f", "shape": "triangle"},
}


@lru_cache(maxsize=1)
def _vis_assets() -> tuple[str, str]:
    import pyvis

    lib = Path(pyvis.__file__).parent / "lib" / "vis-9.1.2"
    return (lib / "vis-network.min.js").read_text(encoding="utf-8"), (lib / "vis-network.css").read_text(encoding="utf-8")


def graph_data(graph: Graph) -> dict:
    """Nodes and edges for the page, in a fixed order."""
    projection = to_networkx(graph)
    index = {iri: n for n, iri in enumerate(projection.nodes)}
    nodes = [
        {"id": index[iri], "label": d["label"], "type": d["type"], "aliases": d["aliases"], "digests": d["digests"], "family": d["family"]}
        for iri, d in projection.nodes(data=True)
    ]
    edges = [{"from": index[s], "to": index[o], "label": d["relation"]} for s, o, d in projection.edges(data=True)]
    return {"nodes": nodes, "edges": edges}


def _layout(data: dict) -> None:
    g = nx.Graph()
    g.add_nodes_from(n["id"] for n in data["nodes"])
    g.add_edges_from((e["from"], e["to"]) for e in data["edges"])
    if not g:
        return
    positions = nx.spring_layout(g, seed=7, k=1.6 / max(len(g), 1) ** 0.5, iterations=80)
    scale = 120 * max(len(g), 4) ** 0.5
    for node in data["nodes"]:
        x, y = positions[node["id"]]
        node["x"], node["y"] = round(float(x) * scale, 1), round(float(y) * scale, 1)


def _json_for_script(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def render_page(graph: Graph, title: str = "papers-kg") -> str:
    data = graph_data(graph)
    _layout(data)
    script, style = _vis_assets()
    return (
        _TEMPLATE.replace("%TITLE%", html_escape.escape(title))
        .replace("%VIS_CSS%", style)
        .replace("%STYLES%", _json_for_script(TYPE_STYLE))
        .replace("%DATA%", _json_for_script(data))
        .replace("%VIS_JS%", script.replace("</script", "<\\/script"))
    )


_TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>%TITLE%</title>
<style>%VIS_CSS%</style>
<style>
body{margin:0;font:14px system-ui,sans-serif;color:#222}
#graph{position:absolute;top:0;left:0;right:0;bottom:0}
#legend{position:absolute;top:8px;left:8px;background:#fffd;border:1px solid #ccc;border-radius:6px;padding:6px 10px;z-index:2}
#legend span{display:inline-block;width:11px;height:11px;border-radius:6px;margin-right:6px;vertical-align:middle}
.tip{max-width:360px;white-space:normal}
</style></head>
<body>
<div id="legend"></div>
<div id="graph"></div>
<script type="application/json" id="kg-data">%DATA%</script>
<script type="application/json" id="kg-styles">%STYLES%</script>
<script>%VIS_JS%</script>
<script>
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("kg-data").textContent);
  var styles = JSON.parse(document.getElementById("kg-styles").textContent);
  function tooltip(n) {
    var box = document.createElement("div"); box.className = "tip";
    var lines = [n.label + " (" + n.type + ")"];
    if (n.aliases.length) lines.push("aliases: " + n.aliases.join(", "));
    if (n.family) lines.push("family: " + n.family);
    lines.push("digests: " + n.digests.join(", "));
    lines.forEach(function (t) { var d = document.createElement("div"); d.textContent = t; box.appendChild(d); });
    return box;
  }
  var nodes = data.nodes.map(function (n) {
    var s = styles[n.type] || {};
    return {id: n.id, label: n.label, title: tooltip(n), x: n.x, y: n.y, shape: s.shape, color: s.color,
            size: 8 + 4 * Math.min(n.digests.length, 8), font: {size: 12}};
  });
  var edges = data.edges.map(function (e, i) {
    return {id: i, from: e.from, to: e.to, label: e.label, arrows: "to", font: {size: 9, align: "middle"}, color: {opacity: 0.6}};
  });
  var legend = document.getElementById("legend");
  Object.keys(styles).forEach(function (type) {
    var row = document.createElement("div"), dot = document.createElement("span");
    dot.style.background = styles[type].color; row.appendChild(dot);
    row.appendChild(document.createTextNode(type)); legend.appendChild(row);
  });
  var network = new vis.Network(document.getElementById("graph"),
    {nodes: new vis.DataSet(nodes), edges: new vis.DataSet(edges)},
    {physics: false, interaction: {hover: true, tooltipDelay: 120}, edges: {smooth: false}});
  window.kgNetwork = network;
  network.once("afterDrawing", function () { document.body.setAttribute("data-rendered", "true"); });
})();
</script>
</body></html>
"""
