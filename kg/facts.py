"""The graph as plain strings, read once: what the page and the networkx projection need.

rdflib's in-memory store costs about 15 µs a triple to read (each triple comes with a generator of its
contexts), and the page used to ask it for tens of thousands of triples, some of them several times.
Here each predicate the page reads is read once into (subject, object) pairs of strings, and every
later lookup is a dict. The same facts can come from an rdflib graph or straight from Turtle bytes
(parsed by Oxigraph, about a microsecond a triple): a build renders its page from the graph.ttl it
has just serialised, so the page shows exactly what the file holds.

Terms become their lexical form (``str`` of an rdflib term, ``.value`` of an Oxigraph one), which is
all the page shows or compares.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pyoxigraph as ox
from rdflib import Graph, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS

from .namespaces import KG, PART_OF, VARIANT_OF, Predicate

# Every predicate the page or the projection reads; the rest of a graph (support counts...) is skipped.
READ = frozenset(str(p) for p in (
    RDF.type, RDF.subject, RDF.predicate, RDF.object, RDFS.label, SKOS.altLabel, DCTERMS.title, DCTERMS.date,
    PROV.wasDerivedFrom, KG.sourceFile, KG.weekLabel, KG.mentionedIn, KG.describedIn, KG.evidence, KG.sentence,
    KG.onBenchmark, KG.achievedBy, KG.value, KG.unit, KG.metric, KG.setting, KG.reportedIn, KG.lineageBasis,
    *(KG[p] for p in (*(p.value for p in Predicate), VARIANT_OF, PART_OF)),
))


@dataclass(frozen=True)
class GraphFacts:
    """For each predicate read (see READ), its (subject, object) pairs as strings, in no particular order."""

    pairs: dict[str, list[tuple[str, str]]]
    _typed: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, graph: Graph | GraphFacts) -> GraphFacts:
        return graph if isinstance(graph, GraphFacts) else cls.from_graph(graph)

    @classmethod
    def from_graph(cls, graph: Graph) -> GraphFacts:
        pairs: dict[str, list[tuple[str, str]]] = {}
        for predicate in sorted(READ):
            found = [(str(s), str(o)) for s, o in graph.subject_objects(URIRef(predicate))]
            if found:
                pairs[predicate] = found
        return cls(pairs)

    @classmethod
    def from_quads(cls, quads: Iterable[Any]) -> GraphFacts:
        """From Oxigraph triples or quads (graph names are ignored)."""
        pairs: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for quad in quads:
            predicate = quad.predicate.value
            if predicate in READ:
                pairs[predicate].append((quad.subject.value, quad.object.value))
        return cls(dict(pairs))

    @classmethod
    def from_turtle(cls, data: bytes) -> GraphFacts:
        return cls.from_quads(ox.parse(data, format=ox.RdfFormat.TURTLE))

    def subject_objects(self, predicate: object) -> list[tuple[str, str]]:
        return self.pairs.get(str(predicate), [])

    def subjects_of_type(self, cls: object) -> list[str]:
        """Every subject typed ``cls``, sorted."""
        if not self._typed:  # grouped on the first call: the page asks for every class in turn
            grouped: dict[str, set[str]] = defaultdict(set)
            for s, o in self.subject_objects(RDF.type):
                grouped[o].add(s)
            self._typed.update((o, sorted(subjects)) for o, subjects in grouped.items())
        return self._typed.get(str(cls), [])

    def first(self, predicate: object) -> dict[str, str]:
        """Subject -> its smallest object, so a subject with two values still gets a fixed one."""
        found: dict[str, str] = {}
        for s, o in self.subject_objects(predicate):
            if s not in found or o < found[s]:
                found[s] = o
        return found

    def every(self, predicate: object) -> dict[str, list[str]]:
        """Subject -> all its objects, sorted."""
        found: dict[str, list[str]] = defaultdict(list)
        for s, o in self.subject_objects(predicate):
            found[s].append(o)
        for objects in found.values():
            objects.sort()
        return dict(found)

