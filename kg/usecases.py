"""The three questions users ask, and an entity's card, over any store.

Names resolve through labels and aliases after case and punctuation folding;
an unknown name raises ``UnknownName`` with the closest names the graph has.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pyoxigraph as ox  # terms to bind: the query commands never import rdflib (its import is most of their start-up)

from .name_table import LOOKUP_QUERY, STAMP_QUERY
from .namespaces import EntityType, LineageBasis, Predicate
from .store import GraphStore, Table
from .vocab import fold

ENTITY_CLASSES = tuple(t.value for t in EntityType)


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
    found = _lookup(store, name, kind)
    if found is not None:
        return found
    # No name table in this store, or no entity of that name: read every label (the suggestions need them).
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


def _lookup(store: GraphStore, name: str, kind: str | None) -> Named | None:
    """The entity the store's name table (kg.name_table) gives for the name, chosen as ``resolve`` chooses;
    None when the store keeps no table or the table has no entity of that name and kind."""
    if not store.select(STAMP_QUERY).rows:
        return None
    wanted = fold(name)
    matches = {iri: Named(iri, label, cls) for iri, label, cls in store.select(LOOKUP_QUERY, {"key": ox.Literal(wanted)}).rows
               if not kind or cls == kind}
    if not matches:
        return None
    return sorted(matches.values(), key=lambda n: (fold(n.label) != wanted, n.label))[0]


# ---------------------------------------------------------------- lineage


@dataclass
class LineageNode:
    label: str
    introduced_by: list[str] = field(default_factory=list)  # paper titles
    digests: list[str] = field(default_factory=list)
    children: list[LineageNode] = field(default_factory=list)
    # How the edge to the node above is known: 'stated' by a sentence or read from the 'name's (kg:lineageBasis);
    # None at the top, and for an edge of a graph built before the mark existed.
    basis: str | None = None


@dataclass(frozen=True)
class Lineage:
    root: LineageNode  # the method and, below it, everything that extends it
    ancestors: LineageNode | None  # what the method extends, and what that extends...


def _node_dict(node: LineageNode, link: str) -> dict:
    # A loop, not recursion, like lineage() itself: a chain can be deeper than Python's call stack.
    def plain(n: LineageNode, top: bool = False) -> dict:
        # The top has no edge above it, hence no basis.
        basis = {} if top else {"basis": n.basis}
        return {"method": n.label, "introduced_by": list(n.introduced_by), "digests": list(n.digests), **basis, link: []}

    top = plain(node, top=True)
    pending = [(node, top)]
    while pending:
        here, out = pending.pop()
        for child in here.children:
            child_out = plain(child)
            out[link].append(child_out)
            pending.append((child, child_out))
    return top


def lineage_dict(tree: Lineage) -> dict:
    """The whole tree both ways, with stable keys (README, 'Scripting'): each method carries the methods that
    extend it ('extended_by', going down) or that it extends ('extends', going up), and each of those the
    basis of its edge to the method above it ('stated' or 'name')."""
    return {**_node_dict(tree.root, "extended_by"),
            "extends": _node_dict(tree.ancestors, "extends")["extends"] if tree.ancestors else []}


def lineage_table(tree: Lineage) -> Table:
    """One row per 'extends' edge: descendants top-down, then ancestors; depth counts steps from the method,
    basis says whether the edge is stated or read from the names."""
    rows: list[tuple[str, ...]] = []

    def walk(top: LineageNode, direction: str, first: int) -> None:
        # Depth-first, each edge before the edges below it, without recursion.
        pending = [(top, child, first) for child in reversed(top.children)]
        while pending:
            node, child, depth = pending.pop()
            method, extends = (child, node) if direction == "descendant" else (node, child)
            rows.append((direction, str(depth), method.label, extends.label, "; ".join(method.introduced_by),
                         " ".join(method.digests), child.basis or ""))
            pending.extend((child, grandchild, depth + 1) for grandchild in reversed(child.children))

    walk(tree.root, "descendant", 1)
    if tree.ancestors:
        walk(tree.ancestors, "ancestor", 1)
    return Table(("direction", "depth", "method", "extends", "introduced_by", "digests", "basis"), tuple(rows))


# The 'extends' edges below a method (down) or above it (up), one query a way: Oxigraph then starts from the bound
# method and looks every other triple up. In one UNION of the two it planned each side without the method bound and
# scanned every extends edge (0.13 s at 50,000 edges, against under 1 ms for the two).
LINEAGE_EDGES = {
    "down": "SELECT ?child ?parent WHERE { ?parent kg:extends* ?root . ?child kg:extends ?parent }",
    "up": "SELECT ?child ?parent WHERE { ?root kg:extends* ?child . ?child kg:extends ?parent }",
}
# Each edge's basis, joined to the statement kg.graph writes for it. Apart from the edges, because a graph made
# elsewhere (or by an older build) may hold bare extends triples, and an OPTIONAL on the statement makes Oxigraph
# look at every statement of the graph (0.5 s at 50,000 edges, against 1 ms for the four queries). The statement is
# found from its subject, the child, both ways: Oxigraph joins in the order written, and from the object, a method
# many papers use (GRPO), it walked every statement about that method (1.2 s at 1M triples, against 8 ms).
LINEAGE_BASES = {
    "down": """SELECT ?child ?parent ?basis WHERE {
                 ?parent kg:extends* ?root . ?child kg:extends ?parent .
                 ?s rdf:subject ?child ; rdf:predicate kg:extends ; rdf:object ?parent ; kg:lineageBasis ?basis }""",
    "up": """SELECT ?child ?parent ?basis WHERE {
               ?root kg:extends* ?child . ?child kg:extends ?parent .
               ?s rdf:subject ?child ; rdf:predicate kg:extends ; rdf:object ?parent ; kg:lineageBasis ?basis }""",
}


def lineage(store: GraphStore, method: Named) -> Lineage:
    # Only the edges and methods reachable from the method, each way: the cost follows its lineage, not the graph.
    root = {"root": ox.NamedNode(method.iri)}
    edges = [row for way in ("down", "up") for row in store.select(LINEAGE_EDGES[way], root).rows]
    stated_or_named = [row for way in ("down", "up") for row in store.select(LINEAGE_BASES[way], root).rows]
    facts = store.select(
        """SELECT ?m ?label ?title ?file WHERE {
             { ?m kg:extends* ?root } UNION { ?root kg:extends+ ?m }
             ?m a kg:Method ; rdfs:label ?label .
             OPTIONAL { ?p kg:introduces ?m ; dcterms:title ?title }
             OPTIONAL { ?m kg:mentionedIn/kg:sourceFile ?file } }""", root).rows
    labels, papers, digests = {}, defaultdict(set), defaultdict(set)
    for iri, label, title, file in facts:
        labels[iri] = label
        if title:
            papers[iri].add(title)
        if file:
            digests[iri].add(file)
    children, parents = defaultdict(set), defaultdict(set)
    bases: dict[tuple[str, str], str] = {}  # (child, parent) -> basis
    for child, parent in edges:
        children[parent].add(child)
        parents[child].add(parent)
    for child, parent, basis in stated_or_named:
        if bases.get((child, parent)) != LineageBasis.STATED.value:  # two values: stated wins
            bases[(child, parent)] = basis

    def node(iri: str, edge: tuple[str, str] | None = None) -> LineageNode:
        return LineageNode(labels.get(iri, iri), sorted(papers[iri]), sorted(digests[iri]),
                           basis=bases.get(edge) if edge else None)

    def grow(start: str, links: dict, down: bool) -> LineageNode:
        # A loop, not recursion: a chain of methods can be deeper than Python's call stack.
        root = node(start)
        pending: list[tuple[LineageNode, str, frozenset[str]]] = [(root, start, frozenset({start}))]
        while pending:
            here, iri, path = pending.pop()
            for nxt in sorted(links[iri], key=lambda i: labels.get(i, i)):
                if nxt not in path:  # lineage is a DAG in practice; a cycle in the data must not hang us
                    child = node(nxt, (nxt, iri) if down else (iri, nxt))
                    here.children.append(child)
                    pending.append((child, nxt, path | {nxt}))
        return root

    up = grow(method.iri, parents, down=False)
    return Lineage(grow(method.iri, children, down=True), up if up.children else None)


# ---------------------------------------------------------------- shared base model / benchmark


@dataclass(frozen=True)
class SharedGroup:
    entity: str  # the variant or edition the papers use ('Qwen2.5-Math-7B', 'AIME 2024')
    papers: tuple[tuple[str, tuple[str, ...]], ...]  # (title, digests)


# What 'kg shared --base-model / --benchmark' asks: the type of the name given, and the relation papers have to it.
SHARED_BY = {"base_model": (EntityType.MODEL.value, Predicate.USES_BASE_MODEL.value),
             "benchmark": (EntityType.BENCHMARK.value, Predicate.EVALUATED_ON.value)}


class SharedUsage(ValueError):
    """The question is not one 'shared' answers; one line for the user."""


@dataclass(frozen=True)
class SharedQuestion:
    name: str  # what the user typed
    kind: str  # the entity type it must name
    relation: str  # how the papers relate to it

    @classmethod
    def ask(cls, base_model: str | None = None, benchmark: str | None = None) -> SharedQuestion:
        """The question from the options given: exactly one of a base model and a benchmark."""
        if bool(base_model) == bool(benchmark):
            raise SharedUsage("give one of --base-model NAME or --benchmark NAME")
        by, name = ("base_model", base_model) if base_model else ("benchmark", benchmark)
        kind, relation = SHARED_BY[by]
        return cls(name or "", kind, relation)


@dataclass(frozen=True)
class SharedPapers:
    family: Named
    relation: str
    groups: tuple[SharedGroup, ...]

    @property
    def paper_count(self) -> int:
        return len({title for group in self.groups for title, _ in group.papers})

    def as_dict(self) -> dict:
        return {"family": self.family.label, "type": self.family.type, "relation": self.relation,
                "papers": self.paper_count,
                "groups": [{"entity": g.entity, "papers": [{"title": t, "digests": list(d)} for t, d in g.papers]}
                           for g in self.groups]}

    def table(self) -> Table:
        return Table(("entity", "title", "digests"),
                     tuple((g.entity, t, " ".join(d)) for g in self.groups for t, d in g.papers))


def shared_papers(store: GraphStore, question: SharedQuestion) -> SharedPapers:
    """Papers that share the family or benchmark the question names, grouped by the variant or edition."""
    family = resolve(store, question.name, question.kind)
    return SharedPapers(family, question.relation, tuple(shared(store, family, question.relation)))


def shared(store: GraphStore, family: Named, relation: str) -> list[SharedGroup]:
    relation_iri = ox.NamedNode(f"https://w3id.org/papers-kg/ontology#{relation}")
    rows = store.select(
        """SELECT ?label ?title ?paper WHERE {
             ?x kg:variantOf* ?family ; rdfs:label ?label .
             ?paper ?relation ?x ; dcterms:title ?title }""",
        {"family": ox.NamedNode(family.iri), "relation": relation_iri},
    ).rows
    # The papers' digests come from a query without the family path: Virtuoso 7.2 drops rows when that
    # path is joined to kg:describedIn/kg:sourceFile in one query (tests/test_remote_stores.py). It names
    # the papers found, so its cost follows them, not every paper of the graph.
    files: dict[str, set[str]] = defaultdict(set)
    papers = tuple(ox.NamedNode(paper) for paper in sorted({paper for _, _, paper in rows}))
    if papers:
        for paper, file in store.select(
            "SELECT DISTINCT ?paper ?file WHERE { ?paper kg:describedIn ?d . ?d kg:sourceFile ?file }",
            {"paper": papers},
        ).rows:
            files[paper].add(file)
    grouped: dict[str, dict[str, set]] = defaultdict(lambda: defaultdict(set))
    for label, title, paper in rows:
        grouped[label][title] |= files[paper]
    return [
        SharedGroup(label, tuple((t, tuple(sorted(f))) for t, f in sorted(grouped[label].items())))
        for label in sorted(grouped, key=lambda label: (label != family.label, label))
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
    statements: tuple[Statement, ...]  # an organisation's include its units' (kg:partOf)
    part_of: tuple[str, ...] = ()  # an organisation's parent, its parent, ...
    units: tuple[str, ...] = ()  # the organisations that are part of it, at any depth

    def as_dict(self) -> dict:
        return {"label": self.label, "type": self.type, "aliases": list(self.aliases), "family": list(self.families),
                "variants": list(self.variants), "part_of": list(self.part_of), "units": list(self.units),
                "digests": list(self.digests),
                "statements": [{"subject": s.subject, "relation": s.relation, "object": s.object,
                                "evidence": s.sentence, "digest": s.digest} for s in self.statements]}

    def table(self) -> Table:
        return Table(("subject", "relation", "object", "evidence", "digest"),
                     tuple((s.subject, s.relation, s.object, s.sentence, s.digest) for s in self.statements))


def entity_card(store: GraphStore, entity: Named) -> EntityCard:
    x = {"x": ox.NamedNode(entity.iri)}
    aliases = [r[0] for r in store.select("SELECT DISTINCT ?a WHERE { ?x skos:altLabel ?a } ORDER BY ?a", x).rows]
    variants = [r[0] for r in store.select("SELECT DISTINCT ?l WHERE { ?v kg:variantOf+ ?x ; rdfs:label ?l } ORDER BY ?l", x).rows]
    units = store.select("SELECT DISTINCT ?u ?l WHERE { ?u kg:partOf+ ?x ; rdfs:label ?l } ORDER BY ?l ?u", x).rows
    # sorted here: Oxigraph's DISTINCT and ORDER BY over the path took 5x the lookups themselves (544 digests at 1M triples)
    digests = sorted({r[0] for r in store.select("SELECT ?f WHERE { ?x kg:mentionedIn ?d . ?d kg:sourceFile ?f }", x).rows})
    statements = [row for iri in (entity.iri, *(u[0] for u in units)) for row in _statements(store, iri)]
    if units:  # a company's card gathers its labs' papers: one order for all
        statements.sort(key=lambda r: (r[1], r[0], r[2], r[4], r[3]))  # relation, subject, object, digest, sentence
    return EntityCard(entity.label, entity.type, tuple(aliases), tuple(_chain(store, entity.iri, "variantOf")),
                      tuple(variants), tuple(digests), tuple(Statement(*row) for row in statements),
                      part_of=tuple(_chain(store, entity.iri, "partOf")), units=tuple(u[1] for u in units))


def _chain(store: GraphStore, iri: str, predicate: str) -> list[str]:
    """Labels up a chain of one predicate: Qwen2.5-Math-7B -> Qwen2.5-Math -> Qwen2.5 (variantOf), or
    Microsoft Research Asia -> Microsoft Research -> Microsoft (partOf)."""
    labels, current = [], iri
    for _ in range(16):  # such chains are short
        rows = store.select(f"SELECT ?f ?l WHERE {{ ?x kg:{predicate} ?f . ?f rdfs:label ?l }} ORDER BY ?f",
                            {"x": ox.NamedNode(current)}).rows
        if not rows or rows[0][1] in labels:
            break
        current = rows[0][0]
        labels.append(rows[0][1])
    return labels


def _statements(store: GraphStore, iri: str) -> tuple[tuple[str, ...], ...]:
    """(subject, relation, object, sentence, digest file) of every statement about the entity, sorted.

    Names and files are looked up once per distinct paper, entity and digest, not once per statement: at 1M
    triples GRPO has 1,105 statements from 544 digests, and joining the labels into each row doubled the query."""
    rows = store.select(
        """SELECT ?sub ?pred ?obj ?sentence ?digest WHERE {
             { ?s rdf:subject ?x ; rdf:object ?obj . BIND(?x AS ?sub) }
             UNION { ?s rdf:object ?x ; rdf:subject ?sub . BIND(?x AS ?obj) FILTER(?sub != ?x) }
             ?s rdf:predicate ?pred ; kg:evidence ?e . ?e kg:sentence ?sentence ; prov:wasDerivedFrom ?digest }""",
        {"x": ox.NamedNode(iri)},
    ).rows
    if not rows:
        return ()
    labels: dict[str, list[str]] = defaultdict(list)
    titles: dict[str, list[str]] = defaultdict(list)
    named = tuple(ox.NamedNode(t) for t in sorted({r[0] for r in rows} | {r[2] for r in rows}))
    for term, kind, text in store.select(
            """SELECT ?t ?kind ?text WHERE { { ?t rdfs:label ?text BIND("label" AS ?kind) }
                                       UNION { ?t dcterms:title ?text BIND("title" AS ?kind) } }""",
            {"t": named}).rows:
        (labels if kind == "label" else titles)[term].append(text)
    files: dict[str, list[str]] = defaultdict(list)
    digests = tuple(ox.NamedNode(d) for d in sorted({r[4] for r in rows}))
    for digest, file in store.select("SELECT ?d ?f WHERE { ?d kg:sourceFile ?f }", {"d": digests}).rows:
        files[digest].append(file)
    # a paper is named by its title, an entity by its label; an object without a label is no entity of the card
    statements = [(subject, predicate.rpartition("#")[2], obj_label, sentence, file)
                  for sub, predicate, obj, sentence, digest in rows
                  for subject in labels.get(sub) or titles.get(sub) or [""]
                  for obj_label in labels.get(obj, ())
                  for file in files.get(digest, ())]
    statements.sort(key=lambda r: (r[1], r[0], r[2], r[4], r[3]))  # relation, subject, object, file, sentence
    return tuple(statements)


# ---------------------------------------------------------------- leaderboard (issue 13)


@dataclass(frozen=True)
class LeaderboardRow:
    system: str
    value: Decimal
    unit: str
    metric: str
    benchmark: str  # the edition the result is on ('AIME 2025' on the leaderboard of AIME)
    setting: str | None
    paper: str  # title
    digests: tuple[str, ...]
    dates: tuple[str, ...]  # the digests' dates, where known
    evidence: tuple[str, ...]  # the sentences that state it


def leaderboard(store: GraphStore, benchmark: Named, metric: str | None = None) -> list[LeaderboardRow]:
    """Every result reported on the benchmark or any of its editions, best first (ties by system name).

    ``metric`` keeps the results in that metric (folded: 'Pass@1' = 'pass@1')."""
    rows = store.select(
        """SELECT ?r ?system ?value ?unit ?metric ?edition ?setting ?title ?file ?date ?sentence WHERE {
             ?b kg:variantOf* ?family ; rdfs:label ?edition .
             ?r a kg:Result ; kg:onBenchmark ?b ; kg:achievedBy/rdfs:label ?system ; kg:value ?value ; kg:unit ?unit ;
                kg:metric ?metric ; kg:reportedIn/dcterms:title ?title ; kg:evidence ?e .
             ?e kg:sentence ?sentence ; prov:wasDerivedFrom ?d . ?d kg:sourceFile ?file .
             OPTIONAL { ?d dcterms:date ?date } OPTIONAL { ?r kg:setting ?setting } }""",
        {"family": ox.NamedNode(benchmark.iri)},
    ).rows
    grouped: dict[str, dict[str, Any]] = {}
    for r, system, value, unit, found_metric, edition, setting, title, file, date, sentence in rows:
        if metric is not None and fold(found_metric) != fold(metric):
            continue
        entry = grouped.setdefault(r, {"fields": (system, Decimal(value), unit, found_metric, edition, setting or None, title),
                                       "digests": set(), "dates": set(), "evidence": set()})
        entry["digests"].add(file)
        if date:
            entry["dates"].add(date)
        entry["evidence"].add(sentence)
    board = []
    for e in grouped.values():
        system, value, unit, found_metric, edition, setting, title = e["fields"]
        board.append(LeaderboardRow(system, value, unit, found_metric, edition, setting, title, tuple(sorted(e["digests"])),
                                    tuple(sorted(e["dates"])), tuple(sorted(e["evidence"]))))
    return sorted(board, key=lambda row: (-row.value, row.system.lower(), row.benchmark, row.paper, row.setting or ""))
