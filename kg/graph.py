"""Stage 5: the RDF graph, in the ontology's terms, with provenance for every relation.

Provenance uses RDF reification, documented in ``ontology/papers-kg.ttl``:
each asserted relation ``paper kg:usesBaseModel model`` also has an
``rdf:Statement`` node carrying ``kg:supportDigests``, ``kg:supportSentences``
and one ``kg:Evidence`` per sentence that states it (``kg:sentence``,
``prov:wasDerivedFrom`` the digest); the statement of a ``kg:extends`` edge
also says how it is known (``kg:lineageBasis``: "stated" or "name"). Every
node has an IRI derived from its content, so the same input gives the same
graph and the same Turtle bytes.
"""

from __future__ import annotations

import hashlib
import re
import urllib.parse
from typing import cast

import pyoxigraph as ox
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS, XSD

from .link import LinkedCorpus
from .namespaces import ENTITY_CLASSES, KG, PREFIXES, RES, Predicate
from .relations import Relation
from .slugs import name_key


def slug(name: str) -> str:
    return name_key(name.replace("·", "-"), keep=".+_", strip="-.") or hashlib.sha1(name.encode()).hexdigest()[:12]


_DIGEST_SUFFIX = re.compile(r"\.(txt|md)$", re.I)


def digest_iri(source_file: str) -> URIRef:
    """A digest's IRI from its path (see ingest.collect_digest_files), one per path: the path percent-encoded,
    with '.txt' dropped when what is left cannot be taken for another path (seeds/x.txt stays digest/x)."""
    local = urllib.parse.quote(source_file, safe="/-_.~")
    if local.endswith(".txt") and not _DIGEST_SUFFIX.search(local[:-4]):
        local = local[:-4]
    return RES[f"digest/{local}"]


class IriMinter:
    """Stable IRIs for entities and papers; distinct keys never share an IRI."""

    def __init__(self, corpus: LinkedCorpus):
        self.entities: dict[str, URIRef] = {}
        used: set[URIRef] = set()
        for key in sorted(corpus.entities):
            entity = corpus.entities[key]
            # From the folded name, not the label: every spelling of a name, in any build or store, gets one IRI.
            iri = RES[f"{entity.kind.lower()}/{slug(key)}"]
            if iri in used:
                iri = RES[f"{entity.kind.lower()}/{slug(key)}-{hashlib.sha1(key.encode()).hexdigest()[:6]}"]
            used.add(iri)
            self.entities[key] = iri
        self.papers: dict[str, URIRef] = {}
        for key in sorted(corpus.papers):
            iri = RES[f"paper/{key[:120]}"]
            if iri in used:  # two long titles that share their first 120 characters
                iri = RES[f"paper/{key[:113]}-{hashlib.sha1(key.encode()).hexdigest()[:6]}"]
            used.add(iri)
            self.papers[key] = iri

    def subject(self, relation: Relation) -> URIRef:
        return self.entities[relation.subject] if relation.predicate == Predicate.EXTENDS else self.papers[relation.subject]


def build_graph(corpus: LinkedCorpus, relations: tuple[Relation, ...], with_support: bool = True) -> Graph:
    """The graph of a corpus. A store keeps support counts apart (they span digests), hence ``with_support``."""
    graph = Graph()
    for prefix, namespace in PREFIXES.items():
        graph.bind(prefix, namespace, override=True)
    iris = IriMinter(corpus)

    for digest in corpus.digests:
        node = digest_iri(digest.source_file)
        graph.add((node, RDF.type, KG.Digest))
        graph.add((node, KG.sourceFile, Literal(digest.source_file)))
        graph.add((node, DCTERMS.title, Literal(digest.title)))
        if digest.date:
            graph.add((node, DCTERMS.date, Literal(digest.date, datatype=XSD.date)))
        if digest.date_range:
            graph.add((node, KG.weekLabel, Literal(digest.date_range)))

    for key, paper in corpus.papers.items():
        node = iris.papers[key]
        graph.add((node, RDF.type, KG.Paper))
        graph.add((node, DCTERMS.title, Literal(paper.title)))
        for title in paper.titles - {paper.title}:
            graph.add((node, SKOS.altLabel, Literal(title)))
        for source_file in paper.digests:
            graph.add((node, KG.describedIn, digest_iri(source_file)))

    for key, entity in corpus.entities.items():
        node = iris.entities[key]
        graph.add((node, RDF.type, ENTITY_CLASSES[entity.kind]))
        graph.add((node, RDFS.label, Literal(entity.label)))
        for alias in entity.aliases - {entity.label}:
            graph.add((node, SKOS.altLabel, Literal(alias)))
        for source_file in entity.digests:
            graph.add((node, KG.mentionedIn, digest_iri(source_file)))
        if entity.variant_of:
            graph.add((node, KG.variantOf, iris.entities[entity.variant_of]))
        if entity.part_of:
            graph.add((node, KG.partOf, iris.entities[entity.part_of]))

    for relation in relations:
        _add_relation(graph, iris, relation, with_support)
    return graph


def _add_relation(graph: Graph, iris: IriMinter, relation: Relation, with_support: bool) -> None:
    subject, predicate, obj = iris.subject(relation), Predicate(relation.predicate).iri, iris.entities[relation.object]
    graph.add((subject, predicate, obj))
    statement = RES[f"statement/{hashlib.sha1(f'{subject}|{predicate}|{obj}'.encode()).hexdigest()[:16]}"]
    graph.add((statement, RDF.type, RDF.Statement))
    graph.add((statement, RDF.subject, subject))
    graph.add((statement, RDF.predicate, predicate))
    graph.add((statement, RDF.object, obj))
    if relation.basis is not None:  # an extends edge: stated by the text or read from the names
        graph.add((statement, KG.lineageBasis, Literal(relation.basis.value)))
    if with_support:
        graph.add((statement, KG.supportDigests, Literal(len(relation.digests))))
        graph.add((statement, KG.supportSentences, Literal(len(relation.evidence))))
    for evidence in relation.evidence:
        digest = digest_iri(evidence.digest) if evidence.digest else None
        node = RES[f"evidence/{statement.rsplit('/', 1)[-1]}-{hashlib.sha1(f'{evidence.digest}|{evidence.sentence}'.encode()).hexdigest()[:12]}"]
        graph.add((statement, KG.evidence, node))
        graph.add((node, RDF.type, KG.Evidence))
        graph.add((node, KG.sentence, Literal(evidence.sentence)))
        if digest is not None:
            graph.add((node, PROV.wasDerivedFrom, digest))
            graph.add((statement, PROV.wasDerivedFrom, digest))


def to_turtle(graph: Graph) -> bytes:
    """Turtle with triples in a fixed order, so equal graphs give equal bytes.

    Oxigraph's serializer writes it (rdflib's spends most of a build computing prefixed names);
    the triples go in sorted, so the output does not depend on set iteration order."""
    lines = sorted(f"{s.n3()} {p.n3()} {o.n3()} .\n" for s, p, o in graph)
    quads = ox.parse("".join(lines).encode("utf-8"), format=ox.RdfFormat.N_TRIPLES)
    return cast(bytes, ox.serialize(quads, format=ox.RdfFormat.TURTLE, prefixes={k: str(v) for k, v in PREFIXES.items()}))
