"""A networkx projection of the graph: entities and papers as nodes, relations as edges.

The interactive page, the graph exports (GraphML, GEXF, Cytoscape) and the
notebook's centrality and community analysis all start from it.
"""

from __future__ import annotations

import networkx as nx
from rdflib import Graph
from rdflib.namespace import DCTERMS, RDFS, SKOS

from .facts import GraphFacts
from .namespaces import KG, PART_OF, VARIANT_OF, EntityType, Predicate

NODE_CLASSES = ("Paper", *(t.value for t in EntityType))
EDGE_PREDICATES = (*(p.value for p in Predicate), VARIANT_OF, PART_OF)


def to_networkx(graph: Graph | GraphFacts) -> nx.MultiDiGraph:
    """Node ids are IRIs; attributes: label, type, aliases, digests, family. Edges carry 'relation'.

    The graph is read once into plain strings (kg.facts), so this stays linear and quick at thousands of nodes."""
    facts = GraphFacts.of(graph)
    digest_names = facts.first(KG.sourceFile)
    labels, titles, families = facts.first(RDFS.label), facts.first(DCTERMS.title), facts.first(KG.variantOf)
    aliases, mentioned, described = facts.every(SKOS.altLabel), facts.every(KG.mentionedIn), facts.every(KG.describedIn)
    projection = nx.MultiDiGraph()
    for type_name in NODE_CLASSES:
        links = described if type_name == "Paper" else mentioned
        for node in facts.subjects_of_type(KG[type_name]):
            family = families.get(node)
            projection.add_node(
                node,
                label=labels.get(node) or titles.get(node) or node.split("/")[-1],
                type=type_name,
                aliases=aliases.get(node, []),
                digests=sorted(digest_names.get(d, d) for d in links.get(node, ())),
                family=labels[family] if family is not None and family in labels else None,
            )
    for predicate in EDGE_PREDICATES:
        for s, o in sorted(facts.subject_objects(KG[predicate])):
            if s in projection and o in projection:
                projection.add_edge(s, o, key=predicate, relation=predicate)
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


ENTITY_LINKS = (Predicate.EXTENDS.value, VARIANT_OF, PART_OF)  # relations that join two entities directly; the rest start at a paper


def appears_with(projection: nx.MultiDiGraph) -> dict[tuple[str, str], list[str]]:
    """Entities that share a paper, (a, b) with a < b -> the papers they share.

    Only ``extends``, ``variantOf`` and ``partOf`` join entities directly; every other relation starts at a paper,
    so without papers nearly every entity would stand alone. This projection joins a method to the
    models it is used with and a model to the benchmarks it is evaluated on."""
    shared: dict[tuple[str, str], list[str]] = {}
    kind = dict(projection.nodes(data="type"))
    succ = projection.succ
    for paper in sorted(n for n, t in kind.items() if t == "Paper"):
        entities = sorted({o for o in succ[paper] if kind[o] != "Paper"})
        for i, a in enumerate(entities):
            for b in entities[i + 1:]:
                shared.setdefault((a, b), []).append(paper)
    return shared


def entity_graph(projection: nx.MultiDiGraph) -> nx.Graph:
    """Entities only, joined by their direct relations and by "appears with" (shared papers, as ``weight``)."""
    g = nx.Graph()
    g.add_nodes_from(n for n, d in projection.nodes(data=True) if d["type"] != "Paper")
    for (a, b), papers in appears_with(projection).items():
        g.add_edge(a, b, weight=len(papers))
    for s, o, d in projection.edges(data=True):
        if d["relation"] in ENTITY_LINKS and s in g and o in g and not g.has_edge(s, o):
            g.add_edge(s, o, weight=1)
    return g
