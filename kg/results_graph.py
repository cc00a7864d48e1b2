"""Reported results in RDF: one ``kg:Result`` node per score (ontology/papers-kg.ttl, DESIGN section 3).

A result carries its evidence the way a reified relation does: ``kg:evidence``
to one ``kg:Evidence`` per sentence (``kg:sentence``, ``prov:wasDerivedFrom``
the digest) and ``prov:wasDerivedFrom`` each digest. Its IRI is a digest of
what it says (paper, system, benchmark, value, metric, unit, setting), so the
same score gets the same IRI in every build and every store.
"""

from __future__ import annotations

import hashlib

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import PROV, RDF, XSD

from .graph import IriMinter, digest_iri
from .link import LinkedCorpus
from .namespaces import KG, RES
from .results import ReportedResult


def result_iri(iris: IriMinter, result: ReportedResult) -> URIRef:
    said = "|".join([str(iris.papers[result.paper]), str(iris.entities[result.system]),
                     str(iris.entities[result.benchmark]), _decimal_text(result), result.metric, result.unit,
                     result.setting or ""])
    return RES[f"result/{hashlib.sha1(said.encode()).hexdigest()[:16]}"]


def _decimal_text(result: ReportedResult) -> str:
    return format(result.value.normalize(), "f")


def add_results(graph: Graph, corpus: LinkedCorpus, results: tuple[ReportedResult, ...]) -> None:
    iris = IriMinter(corpus)
    for result in results:
        node = result_iri(iris, result)
        graph.add((node, RDF.type, KG.Result))
        graph.add((node, KG.reportedIn, iris.papers[result.paper]))
        graph.add((node, KG.achievedBy, iris.entities[result.system]))
        graph.add((node, KG.onBenchmark, iris.entities[result.benchmark]))
        graph.add((node, KG.value, Literal(_decimal_text(result), datatype=XSD.decimal)))
        graph.add((node, KG.metric, Literal(result.metric)))
        graph.add((node, KG.unit, Literal(result.unit)))
        if result.setting:
            graph.add((node, KG.setting, Literal(result.setting)))
        for evidence in result.evidence:
            said = hashlib.sha1(f"{evidence.digest}|{evidence.sentence}".encode()).hexdigest()[:12]
            evidence_node = RES[f"evidence/{node.rsplit('/', 1)[-1]}-{said}"]
            graph.add((node, KG.evidence, evidence_node))
            graph.add((evidence_node, RDF.type, KG.Evidence))
            graph.add((evidence_node, KG.sentence, Literal(evidence.sentence)))
            graph.add((evidence_node, PROV.wasDerivedFrom, digest_iri(evidence.digest)))
            graph.add((node, PROV.wasDerivedFrom, digest_iri(evidence.digest)))
