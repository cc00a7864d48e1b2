"""The three questions users ask, and an entity's card, over any store.

Names resolve through labels and aliases after case and punctuation folding;
an unknown name raises ``UnknownName`` with the closest names the graph has.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass, field

from rdflib import URIRef

from .store import GraphStore
from .vocab import fold

ENTITY_CLASSES = ("Method", "Model", "Benchmark", "Organization")


class UnknownName(LookupError):
    def __init__(self, name: str, kind: str | None, suggestions: list[str]):
        self.name, self.kind, self.suggestions = name, kind, suggestions
        what = f"no {kind.lower()}" if kind else "nothing"
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"{what} named {name!r} in the graph{hint}")


@dataclass(frozen=True)
class Named:
    iri: str
    label: str
    type: str


def resolve(store: GraphStore, name: str, kind: str | None = None) -> Named:
    rows = store.select(
        """SELECT ?x ?label ?class ?alias WHERE {
             ?x a ?c ; rdfs:label ?label . OPTIONAL { ?x skos:altLabel ?alias }
             FILTER(STRSTARTS(STR(?c), STR(kg:)) && STRAFTER(STR(?c), "#") IN ("Method", "Model", "Benchmark", "Organization"))
             BIND(STRAFTER(STR(?c), "#") AS ?class) }""",
    ).rows
    wanted = fold(name)
    matches: dict[str, Named] = {}
    names: dict[str, str] = {}
    for iri, label, cls, alias in rows:
        if kind and cls != kind:
            continue
        names[label] = label
        for candidate in (label, alias):
            if candidate and fold(candidate) == wanted:
                matches[iri] = Named(iri, label, cls)
    if matches:
        # A label equal to the name beats an alias; then the entity named in most forms.
        return sorted(matches.values(), key=lambda n: (fold(n.label) != wanted, n.label))[0]
    close = difflib.get_close_matches(name.lower(), {n.lower(): n for n in names}, n=5, cutoff=0.6)
    lowered = {n.lower(): n for n in names}
    raise UnknownName(name, kind, [lowered[c] for c in close])


# ---------------------------------------------------------------- lineage


@dataclass
class LineageNode:
    label: str
    introduced_by: list[str] = field(default_factory=list)  # paper titles
    digests: list[str] = field(default_factory=list)
    children: list["LineageNode"] = field(default_factory=list)


@dataclass(frozen=True)
class Lineage:
    root: LineageNode  # the method and, below it, everything that extends it
    ancestors: LineageNode | None  # what the method extends, and what that extends...


def lineage(store: GraphStore, method: Named) -> Lineage:
    edges = store.select("SELECT ?child ?parent WHERE { ?child kg:extends ?parent }").rows
    facts = store.select(
        """SELECT ?m ?label ?title ?file WHERE { ?m a kg:Method ; rdfs:label ?label .
             OPTIONAL { ?p kg:introduces ?m ; dcterms:title ?title }
             OPTIONAL { ?m kg:mentionedIn/kg:sourceFile ?file } }"""
    ).rows
    labels, papers, digests = {}, defaultdict(set), defaultdict(set)
    for iri, label, title, file in facts:
        labels[iri] = label
        if title:
            papers[iri].add(title)
        if file:
            digests[iri].add(file)
    children, parents = defaultdict(set), defaultdict(set)
    for child, parent in edges:
        children[parent].add(child)
        parents[child].add(parent)

    def node(iri: str) -> LineageNode:
        return LineageNode(labels.get(iri, iri), sorted(papers[iri]), sorted(digests[iri]))

    def grow(iri: str, links: dict, seen: set) -> LineageNode:
        here = node(iri)
        for nxt in sorted(links[iri], key=lambda i: labels.get(i, i)):
            if nxt not in seen:  # lineage is a DAG in practice; a cycle in the data must not hang us
                here.children.append(grow(nxt, links, seen | {nxt}))
        return here

    up = grow(method.iri, parents, {method.iri})
    return Lineage(grow(method.iri, children, {method.iri}), up if up.children else None)


# ---------------------------------------------------------------- shared base model / benchmark


@dataclass(frozen=True)
class SharedGroup:
    entity: str  # the variant or edition the papers use ('Qwen2.5-Math-7B', 'AIME 2024')
    papers: tuple[tuple[str, tuple[str, ...]], ...]  # (title, digests)


def shared(store: GraphStore, family: Named, relation: str) -> list[SharedGroup]:
    rows = store.select(
        """SELECT ?label ?title ?file WHERE {
             ?x kg:variantOf* ?family ; rdfs:label ?label .
             ?paper ?relation ?x ; dcterms:title ?title ; kg:describedIn/kg:sourceFile ?file }""",
        {"family": URIRef(family.iri), "relation": URIRef(f"https://w3id.org/papers-kg/ontology#{relation}")},
    ).rows
    grouped: dict[str, dict[str, set]] = defaultdict(lambda: defaultdict(set))
    for label, title, file in rows:
        grouped[label][title].add(file)
    return [
        SharedGroup(label, tuple((t, tuple(sorted(f))) for t, f in sorted(grouped[label].items())))
        for label in sorted(grouped, key=lambda l: (l != family.label, l))
    ]


# ---------------------------------------------------------------- entity card


@dataclass(frozen=True)
class Statement:
    subject: str
    relation: str
    object: str
    sentence: str
    digest: str


@dataclass(frozen=True)
class EntityCard:
    label: str
    type: str
    aliases: tuple[str, ...]
    families: tuple[str, ...]  # the family, its family, ...
    variants: tuple[str, ...]
    digests: tuple[str, ...]
    statements: tuple[Statement, ...]


def entity_card(store: GraphStore, entity: Named) -> EntityCard:
    x = {"x": URIRef(entity.iri)}
    aliases = [r[0] for r in store.select("SELECT DISTINCT ?a WHERE { ?x skos:altLabel ?a } ORDER BY ?a", x).rows]
    families, current = [], entity.iri
    for _ in range(16):  # family chains are short: Qwen2.5-Math-7B -> Qwen2.5-Math -> Qwen2.5
        rows = store.select("SELECT ?f ?l WHERE { ?x kg:variantOf ?f . ?f rdfs:label ?l } ORDER BY ?f", {"x": URIRef(current)}).rows
        if not rows or rows[0][1] in families:
            break
        current = rows[0][0]
        families.append(rows[0][1])
    variants = [r[0] for r in store.select("SELECT DISTINCT ?l WHERE { ?v kg:variantOf+ ?x ; rdfs:label ?l } ORDER BY ?l", x).rows]
    digests = [r[0] for r in store.select("SELECT DISTINCT ?f WHERE { ?x kg:mentionedIn/kg:sourceFile ?f } ORDER BY ?f", x).rows]
    statements = store.select(
        """SELECT ?subject ?relation ?object ?sentence ?file WHERE {
             ?s rdf:subject ?sub ; rdf:predicate ?pred ; rdf:object ?obj ; kg:evidence ?e .
             FILTER(?sub = ?x || ?obj = ?x)
             ?e kg:sentence ?sentence ; prov:wasDerivedFrom/kg:sourceFile ?file .
             OPTIONAL { ?sub rdfs:label ?sl } OPTIONAL { ?sub dcterms:title ?st } ?obj rdfs:label ?object .
             BIND(COALESCE(?sl, ?st) AS ?subject) BIND(STRAFTER(STR(?pred), "#") AS ?relation) }
           ORDER BY ?relation ?subject ?object ?file ?sentence""",
        x,
    ).rows
    return EntityCard(entity.label, entity.type, tuple(aliases), tuple(families), tuple(variants), tuple(digests),
                      tuple(Statement(*row) for row in statements))
