"""Graph exports for other tools: RDF serializations, and GraphML, GEXF and Cytoscape JSON for Gephi and Cytoscape."""

from __future__ import annotations

import io
import json

import networkx as nx
import pyoxigraph as ox
from rdflib import Graph

from .namespaces import PREFIXES
from .network import flat, to_networkx
from .store import GraphStore

FORMATS = ("ttl", "nt", "trig", "jsonld", "graphml", "gexf", "cytoscape")


def union_graph(store: GraphStore) -> Graph:
    graph = Graph()
    for prefix, namespace in PREFIXES.items():
        graph.bind(prefix, namespace, override=True)
    graph.parse(data=store.dump(dataset=False), format="nt")
    return graph


def export(store: GraphStore, fmt: str) -> bytes:
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r} (one of {', '.join(FORMATS)})")
    if fmt == "nt":
        return store.dump(dataset=False)
    prefixes = {prefix: str(ns) for prefix, ns in PREFIXES.items()}
    if fmt in {"trig", "ttl"}:
        dataset = fmt == "trig"  # TriG also carries the store's ledger graph; Turtle is the default graph
        quads = ox.parse(store.dump(dataset=dataset), format=ox.RdfFormat.N_QUADS if dataset else ox.RdfFormat.N_TRIPLES)
        return ox.serialize(quads, format=ox.RdfFormat.TRIG if dataset else ox.RdfFormat.TURTLE, prefixes=prefixes) or b""
    graph = union_graph(store)
    if fmt == "jsonld":
        return graph.serialize(format="json-ld", context=prefixes, encoding="utf-8")
    projection = to_networkx(graph)
    if fmt == "cytoscape":
        return json.dumps(nx.cytoscape_data(projection), indent=1, ensure_ascii=False, sort_keys=True).encode("utf-8")
    out = io.BytesIO()
    (nx.write_graphml if fmt == "graphml" else nx.write_gexf)(flat(projection), out)
    return out.getvalue()
