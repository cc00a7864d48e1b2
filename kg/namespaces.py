"""The terms of the ontology contract (DESIGN section 3), declared once.

``KG`` is an rdflib ``DefinedNamespace`` with ``_fail = True``: a term that ontology/papers-kg.ttl
does not define (``KG.usesBaseModl``) raises instead of minting a new IRI. ``EntityType`` and
``Predicate`` name the entity classes and relations the pipeline produces.
"""

from __future__ import annotations

from enum import Enum

from rdflib import Namespace, URIRef
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SDO, SKOS, XSD, DefinedNamespace


class KG(DefinedNamespace):
    _NS = Namespace("https://w3id.org/papers-kg/ontology#")
    _fail = True

    # classes
    Paper: URIRef
    Entity: URIRef
    Method: URIRef
    Model: URIRef
    Benchmark: URIRef
    Organization: URIRef
    Digest: URIRef
    Evidence: URIRef
    # relations a paper or entity states
    introduces: URIRef
    usesMethod: URIRef
    usesBaseModel: URIRef
    evaluatedOn: URIRef
    comparedWith: URIRef
    affiliation: URIRef
    extends: URIRef
    variantOf: URIRef
    # reported results (kg/results.py)
    Result: URIRef
    achievedBy: URIRef
    onBenchmark: URIRef
    reportedIn: URIRef
    metric: URIRef
    value: URIRef
    unit: URIRef
    setting: URIRef
    # provenance and bookkeeping
    describedIn: URIRef
    mentionedIn: URIRef
    evidence: URIRef
    sentence: URIRef
    sourceFile: URIRef
    weekLabel: URIRef
    contentHash: URIRef
    sourceContent: URIRef
    tripleCount: URIRef
    nameKey: URIRef
    madeFrom: URIRef
    supportDigests: URIRef
    supportSentences: URIRef


RES = Namespace("https://w3id.org/papers-kg/resource/")


class _Term(str, Enum):
    """A str, so values compare and serialise as the ontology's local names."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class EntityType(_Term):
    METHOD = "Method"
    MODEL = "Model"
    BENCHMARK = "Benchmark"
    ORGANIZATION = "Organization"

    @property
    def iri(self) -> URIRef:
        return KG[self.value]


class Predicate(_Term):
    INTRODUCES = "introduces"
    USES_METHOD = "usesMethod"
    USES_BASE_MODEL = "usesBaseModel"
    EVALUATED_ON = "evaluatedOn"
    COMPARED_WITH = "comparedWith"
    AFFILIATION = "affiliation"
    EXTENDS = "extends"

    @property
    def iri(self) -> URIRef:
        return KG[self.value]


# The family link joins two entities (a size, version or edition to its family); it is not a paper relation.
VARIANT_OF = "variantOf"
assert KG[VARIANT_OF] == KG.variantOf

PREFIXES = {
    "kg": KG._NS,
    "rdf": RDF,
    "rdfs": RDFS,
    "owl": OWL,
    "xsd": XSD,
    "skos": SKOS,
    "dcterms": DCTERMS,
    "prov": PROV,
    "schema": SDO,
    # one prefix per kind of resource, so Turtle and queries can say model:qwen2.5-math-7b
    "paper": RES["paper/"],
    "method": RES["method/"],
    "model": RES["model/"],
    "benchmark": RES["benchmark/"],
    "organization": RES["organization/"],
    "digest": RES["digest/"],
    "statement": RES["statement/"],
    "evidence": RES["evidence/"],
    "result": RES["result/"],
}

ENTITY_CLASSES = {kind: kind.iri for kind in EntityType}
