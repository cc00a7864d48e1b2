"""The name table a store keeps so that a name resolves by one indexed lookup, not by reading every label.

Every entity's label and aliases, folded (``kg.vocab.fold``: case, spaces, hyphens), are stored as
``entity kg:nameKey "folded"`` in the named graph ``kg:names``, written with the graph it indexes (in the
same transaction for a store, inside the same folder swap for a build folder). The graph also holds one
marker, ``kg:names kg:madeFrom "<stamp>"``, saying the table is there (and, in a build folder, which
graph.ttl it was made from: its size and modification time). A store without the graph (made by an older
papers-kg, or a remote one written by another tool) is read the old way, by a scan of every label.
"""

from __future__ import annotations

from collections.abc import Iterable

import pyoxigraph as ox

from .vocab import fold

_KG = "https://w3id.org/papers-kg/ontology#"
NAMES = _KG + "names"  # the named graph
_NAMES_NODE = ox.NamedNode(NAMES)
_NAME_KEY = ox.NamedNode(_KG + "nameKey")
_MADE_FROM = ox.NamedNode(_KG + "madeFrom")
_LABEL = ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
_ALT_LABEL = ox.NamedNode("http://www.w3.org/2004/02/skos/core#altLabel")
_TYPE = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
ENTITY_CLASSES = ("Method", "Model", "Benchmark", "Organization")
_CLASS_IRIS = frozenset(ox.NamedNode(_KG + c) for c in ENTITY_CLASSES)


def name_quads(triples: Iterable[ox.Triple | ox.Quad], stamp: str = "") -> set[ox.Quad]:
    """The table of a graph: one quad per entity and folded name, and the marker."""
    entities: set[ox.NamedNode] = set()
    names: list[tuple[ox.NamedNode, str]] = []
    for t in triples:
        if t.predicate == _TYPE and t.object in _CLASS_IRIS and isinstance(t.subject, ox.NamedNode):
            entities.add(t.subject)
        elif t.predicate in (_LABEL, _ALT_LABEL) and isinstance(t.subject, ox.NamedNode) and isinstance(t.object, ox.Literal):
            names.append((t.subject, t.object.value))
    quads = {ox.Quad(entity, _NAME_KEY, ox.Literal(fold(name)), _NAMES_NODE) for entity, name in names if entity in entities}
    quads.add(ox.Quad(_NAMES_NODE, _MADE_FROM, ox.Literal(stamp), _NAMES_NODE))
    return quads


# The stamp first (is there a table, and for which graph.ttl?), then the entities whose names fold to the key.
STAMP_QUERY = "SELECT ?stamp WHERE { GRAPH kg:names { kg:names kg:madeFrom ?stamp } }"
LOOKUP_QUERY = """SELECT ?x ?label ?class WHERE {
  GRAPH kg:names { ?x kg:nameKey ?key }
  ?x rdfs:label ?label ; a ?c .
  VALUES ?c { kg:Method kg:Model kg:Benchmark kg:Organization }
  BIND(STRAFTER(STR(?c), "#") AS ?class) }"""
