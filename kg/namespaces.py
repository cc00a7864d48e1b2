"""The terms of the ontology contract (DESIGN section 3), declared once.

``KG`` is an rdflib ``DefinedNamespace`` with ``_fail = True``: a term that ontology/papers-kg.ttl
does not define (``KG.usesBaseModl``) raises instead of minting a new IRI. It, ``RES``, ``PREFIXES``
and ``ENTITY_CLASSES`` are made when first imported, so that code that only needs the IRIs as strings
(``PREFIX_IRIS``, the query commands) never imports rdflib. ``EntityType`` and
``Predicate`` name the entity classes and relations the pipeline produces.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rdflib import Namespace, URIRef
    from rdflib.namespace import DefinedNamespace
else:  # the rdflib terms below are made on first use: the query commands never need rdflib (~0.2 s to import)
    DefinedNamespace = object

KG_IRI = "https://w3id.org/papers-kg/ontology#"
RES_IRI = "https://w3id.org/papers-kg/resource/"
# The prefixes of Turtle and queries, as plain strings (PREFIXES has them as rdflib namespaces).
PREFIX_IRIS = {
    "kg": KG_IRI,
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "dcterms": "http://purl.org/dc/terms/",
    "prov": "http://www.w3.org/ns/prov#",
    "schema": "https://schema.org/",
    # one prefix per kind of resource, so Turtle and queries can say model:qwen2.5-math-7b
    **{kind: f"{RES_IRI}{kind}/" for kind in ("paper", "method", "model", "benchmark", "organization", "digest",
                                               "statement", "evidence", "result")},
}


class _KG(DefinedNamespace):
    """The ontology's terms: at run time only their list, which KG (made on first use) declares to rdflib."""

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
    partOf: URIRef  # organisation -> the organisation it is a unit of
    # reported results (kg/results/)
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
    lineageBasis: URIRef



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
        return _rdflib_terms()["KG"][self.value]


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
        return _rdflib_terms()["KG"][self.value]


class LineageBasis(_Term):
    """How an 'extends' edge is known (kg:lineageBasis on its rdf:Statement): a sentence states it, or only
    the two names say it ('Zorb-RoC' of 'Zorb', rule extends.by-name). An edge known both ways is stated."""

    STATED = "stated"
    NAME = "name"


# The family link joins two entities (a size, version or edition to its family); it is not a paper relation.
VARIANT_OF = "variantOf"
# An organisation's link to the one it is a unit of (Google DeepMind -> Google); not a paper relation either.
PART_OF = "partOf"

if TYPE_CHECKING:
    KG: type[_KG]
    RES: Namespace
    PREFIXES: dict[str, Namespace]
    ENTITY_CLASSES: dict[EntityType, URIRef]

_made: dict[str, Any] = {}


def _rdflib_terms() -> dict[str, Any]:
    if not _made:
        from rdflib import Namespace
        from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SDO, SKOS, XSD, DefinedNamespace

        # The terms _KG declares, on rdflib's DefinedNamespace.
        kg: Any = type("KG", (DefinedNamespace,), {"_NS": Namespace(KG_IRI), "_fail": True, "__annotations__": dict(_KG.__annotations__)})
        assert kg[VARIANT_OF] == kg.variantOf
        standard = {"rdf": RDF, "rdfs": RDFS, "owl": OWL, "xsd": XSD, "skos": SKOS, "dcterms": DCTERMS, "prov": PROV, "schema": SDO}
        res = Namespace(RES_IRI)
        prefixes = {name: standard.get(name) or (kg._NS if name == "kg" else res[iri[len(RES_IRI):]]) for name, iri in PREFIX_IRIS.items()}
        _made.update(KG=kg, RES=res, PREFIXES=prefixes)
        _made["ENTITY_CLASSES"] = {kind: kind.iri for kind in EntityType}
    return _made


def __getattr__(name: str) -> Any:
    """KG, RES, PREFIXES and ENTITY_CLASSES, made with rdflib when a module first asks for them."""
    if name in ("KG", "RES", "PREFIXES", "ENTITY_CLASSES"):
        return _rdflib_terms()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
