"""The IRIs of the ontology contract (DESIGN section 3), declared once."""

from rdflib import Namespace
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SDO, SKOS, XSD

KG = Namespace("https://w3id.org/papers-kg/ontology#")
RES = Namespace("https://w3id.org/papers-kg/resource/")

PREFIXES = {
    "kg": KG,
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

ENTITY_CLASSES = {"Method": KG.Method, "Model": KG.Model, "Benchmark": KG.Benchmark, "Organization": KG.Organization}
