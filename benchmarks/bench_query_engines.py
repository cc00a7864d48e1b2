"""Should Oxigraph answer our queries, or rdflib's own engine? Same graph, same queries, both engines.

The graph is the corpus graph replicated K times under distinct IRIs (a stand-in for years of
digests). Prints, per query, rdflib memory time / Oxigraph memory time, and checks that both
engines return the same number of rows.
"""

import sys

from _common import best_of, corpus
from rdflib import Graph, URIRef

from kg.graph import to_turtle
from kg.namespaces import PREFIXES
from kg.pipeline import build
from kg.store import OxigraphStore

QUERIES = {
    "lineage (all ancestor pairs)": "SELECT ?m ?g WHERE { ?m kg:extends+ ?g }",
    "shared base model (family)": "SELECT ?f ?t WHERE { ?m kg:variantOf* ?f . ?p kg:usesBaseModel ?m ; dcterms:title ?t }",
    "shared benchmark (edition)": "SELECT ?b ?t WHERE { ?e kg:variantOf* ?b . ?p kg:evaluatedOn ?e ; dcterms:title ?t }",
    "paper pairs sharing a benchmark": (
        "SELECT ?a ?b (COUNT(?x) AS ?n) WHERE { ?a kg:evaluatedOn ?x . ?b kg:evaluatedOn ?x FILTER(STR(?a) < STR(?b)) } GROUP BY ?a ?b"
    ),
    "label search": 'SELECT ?x WHERE { ?x rdfs:label ?l FILTER(CONTAINS(LCASE(?l), "qwen")) }',
    "evidence of a relation": "SELECT ?s ?t WHERE { ?s rdf:predicate kg:usesBaseModel ; kg:evidence/kg:sentence ?t }",
}


def replicate(graph: Graph, copies: int) -> Graph:
    out = Graph()
    for i in range(copies):
        suffix = f"-copy{i}" if i else ""
        for s, p, o in graph:
            out.add((URIRef(s + suffix) if isinstance(s, URIRef) else s, p, URIRef(o + suffix) if isinstance(o, URIRef) and "/resource/" in o else o))
    return out


def main(copies: int = 20) -> None:
    graph = replicate(build([corpus()]).graph, copies)
    turtle = to_turtle(graph)
    oxigraph = OxigraphStore()
    load_ox = best_of(lambda: OxigraphStore().load_graph(turtle, None), 1)
    oxigraph.load_graph(turtle, None)
    load_rdflib = best_of(lambda: Graph().parse(data=turtle, format="turtle"), 1)
    print(f"{len(graph)} triples ({copies} copies of the {corpus().name} graph)")
    print(f"{'load Turtle':34} rdflib/oxigraph = {load_rdflib / load_ox:6.1f}x")
    for name, query in QUERIES.items():
        rdflib_rows = len(list(graph.query(query, initNs=PREFIXES)))
        ox_rows = len(oxigraph.select(query).rows)
        assert rdflib_rows == ox_rows, (name, rdflib_rows, ox_rows)
        slow = best_of(lambda query=query: list(graph.query(query, initNs=PREFIXES)), 3)
        fast = best_of(lambda query=query: oxigraph.select(query), 3)
        print(f"{name:34} rdflib/oxigraph = {slow / fast:6.1f}x   ({ox_rows} rows on both)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
