"""A networkx projection of the graph: entities and papers as nodes, relations as edges.

The interactive page, the graph exports (GraphML, GEXF, Cytoscape) and the
notebook's centrality and community analysis all start from it.
"""

from __future__ import annotations

import networkx as nx
from rdflib import Graph
from rdflib.namespace import DCTERMS, RDF, RDFS, SKOS

from .namespaces import KG

NODE_CLASSES = ("Paper", "Method", "Model", "Benchmark", "Organization")
EDGE_PREDICATES = ("introduces", "usesMethod", "usesBaseModel", "evaluatedOn", "comparedWith", "affiliation", "extends", "variantOf")


def to_networkx(graph: Graph) -> nx.MultiDiGraph:
    """Node ids are IRIs; attributes: label, type, aliases, digests, family. Edges carry 'relation'."""
    digest_names = {d: str(graph.value(d, KG.sourceFile)) for d in graph.subjects(RDF.type, KG.Digest)}
    projection = nx.MultiDiGraph()
    for type_name in NODE_CLASSES:
        link = KG.describedIn if type_name == "Paper" else KG.mentionedIn
        for node in sorted(graph.subjects(RDF.type, KG[type_name])):
            label = graph.value(node, RDFS.label) or graph.value(node, DCTERMS.title) or node.split("/")[-1]
            family = graph.value(node, KG.variantOf)
            projection.add_node(
                str(node),
                label=str(label),
                type=type_name,
                aliases=sorted(str(a) for a in graph.objects(node, SKOS.altLabel)),
                digests=sorted(digest_names.get(d, str(d)) for d in graph.objects(node, link)),
                family=str(graph.value(family, RDFS.label)) if family is not None else None,
            )
    for predicate in EDGE_PREDICATES:
        for s, o in sorted(graph.subject_objects(KG[predicate])):
            if str(s) in projection and str(o) in projection:
                projection.add_edge(str(s), str(o), key=predicate, relation=predicate)
    return projection


def flat(projection: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy with list attributes joined into strings, as GraphML and GEXF need."""
    out = projection.copy()
    for _, data in out.nodes(data=True):
        for key, value in list(data.items()):
            if isinstance(value, list):
                data[key] = "; ".join(value)
            elif value is None:
                data[key] = ""
    return out
