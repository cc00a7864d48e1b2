"""Where a graph lives, behind one small interface.

- ``OxigraphStore()``: Oxigraph in memory, loaded from a build folder's graph.ttl (the default);
- ``OxigraphStore(path)``: Oxigraph on disk (``--store DIR``), persistent and opened instantly;
- ``RemoteStore(url)``: any SPARQL 1.1 store (``--endpoint URL``): Query and Update protocols.

Oxigraph runs every query: our measurements (``benchmarks/``) found it much
faster than rdflib's engine with the same answers. In a store, each digest's
triples live in a named graph of their own (so a changed digest can be
replaced), the ledger (graph ``kg:ledger``) holds each digest's content hash,
and the default graph, which queries read, is the deduplicated union of the
digests' graphs plus the support counts of relations, recomputed over all
digests after every change.
"""

from __future__ import annotations

import functools
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
from rdflib import Literal, URIRef
from rdflib.term import Node

from .namespaces import KG, PREFIXES

LEDGER = URIRef(str(KG) + "ledger")
PREFIX_IRIS = {name: str(ns) for name, ns in PREFIXES.items()}
_PROLOGUE = "".join(f"PREFIX {name}: <{iri}>\n" for name, iri in PREFIX_IRIS.items())

# The default graph is the deduplicated union of the digests' named graphs: what queries read.
_SUPPORT_UPDATE = """
DELETE { ?s kg:supportDigests ?d ; kg:supportSentences ?n } WHERE { ?s kg:supportDigests ?d ; kg:supportSentences ?n } ;
INSERT { ?s kg:supportDigests ?digests ; kg:supportSentences ?sentences }
WHERE {
  SELECT ?s (COUNT(DISTINCT ?d) AS ?digests) (COUNT(DISTINCT ?e) AS ?sentences) WHERE {
    GRAPH ?g { ?s kg:evidence ?e . ?e prov:wasDerivedFrom ?d }
  } GROUP BY ?s
}"""
_REMOVE_DIGEST = """
DELETE { ?s ?p ?o } WHERE {
  GRAPH ?digest { ?s ?p ?o }
  FILTER NOT EXISTS { GRAPH ?other { ?s ?p ?o } FILTER(?other != ?digest) }
} ;
DROP SILENT GRAPH ?digest"""
_MERGE_DIGEST = "INSERT { ?s ?p ?o } WHERE { GRAPH ?digest { ?s ?p ?o } }"


_WHERE = re.compile(r"\bWHERE\s*\{|(?<=\bSELECT\b)[^{]*\{|(?<=\bASK)\s*\{", re.I)


def bind_values(sparql: str, bindings: dict[str, Node] | None) -> str:
    """Bind parameters with a VALUES block of serialized terms at the top of the WHERE clause, so they
    are in scope for every pattern, aggregate and projection; the values are RDF terms, never query text."""
    if not bindings:
        return sparql
    match = _WHERE.search(sparql)
    if not match:
        raise StoreError("cannot bind parameters: the query has no WHERE clause")
    names = sorted(bindings)
    values = " VALUES (" + " ".join(f"?{n}" for n in names) + ") { (" + " ".join(_term(bindings[n]) for n in names) + ") } "
    return sparql[: match.end()] + values + sparql[match.end():]


def _term(value: Node) -> str:
    if not isinstance(value, (URIRef, Literal)):
        raise StoreError(f"cannot bind {value!r}")
    return value.n3()


class StoreError(ValueError):
    """A store that cannot be opened, read or written; the message is one line."""


class QuerySyntaxError(StoreError):
    """A query the SPARQL parser refuses; the message is one line."""


# What a query gives, as Oxigraph's own objects, so a caller serialises it with Oxigraph's serialisers.
QueryResults = ox.QuerySolutions | ox.QueryBoolean | ox.QueryTriples


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class GraphStore(ABC):
    """The operations every store offers (the contract tests in tests/test_store.py)."""

    @abstractmethod
    def select(self, sparql: str, bindings: dict[str, Node] | None = None) -> Table: ...

    @abstractmethod
    def raw_query(self, sparql: str) -> QueryResults:
        """Any query form, answered as Oxigraph's result object (the endpoint serialises it in the format
        a client asks for); the standard prefixes are declared. Bad SPARQL raises QuerySyntaxError."""

    @abstractmethod
    def reopener(self) -> Callable[[], GraphStore]:
        """A picklable function that opens this store's content again, read-only, in another process
        (the endpoint runs each query in a worker process it can kill)."""

    @abstractmethod
    def update(self, sparql: str) -> None: ...

    @abstractmethod
    def load_graph(self, turtle: bytes, graph: URIRef | None) -> None: ...

    @abstractmethod
    def dump(self, dataset: bool) -> bytes:
        """N-Quads of every named graph (dataset) or N-Triples of their union."""

    def close(self) -> None:
        pass

    # -------------------------------------------------------- digest bookkeeping

    def ledger(self) -> dict[str, str]:
        rows = self.select("SELECT ?file ?hash WHERE { GRAPH kg:ledger { ?d kg:sourceFile ?file ; kg:contentHash ?hash } }")
        return dict(rows.rows)

    def replace_digest(self, digest: URIRef, source_file: str, content_hash: str, turtle: bytes) -> None:
        """Put one digest's triples in its own named graph and merge them into the default graph, first
        removing what an older version left (triples other digests also state stay)."""
        graph = f"<{digest}>"
        self.update(_REMOVE_DIGEST.replace("?digest", graph))
        self.load_graph(turtle, digest)
        self.update(_MERGE_DIGEST.replace("?digest", graph))
        self.update(
            f"DELETE WHERE {{ GRAPH kg:ledger {{ {graph} ?p ?o }} }} ;\n"
            f"INSERT DATA {{ GRAPH kg:ledger {{ {graph} kg:sourceFile {Literal(source_file).n3()} ; "
            f"kg:contentHash {Literal(content_hash).n3()} }} }}"
        )

    def refresh_support(self) -> None:
        self.update(_SUPPORT_UPDATE)


def _text(term) -> str:
    if term is None:
        return ""
    return term.value if hasattr(term, "value") else str(term)


class OxigraphStore(GraphStore):
    def __init__(self, path: Path | None = None, read_only: bool = False):
        self.path = path
        try:
            if path is None:
                self.store = ox.Store()
            elif read_only:
                if not (path / "CURRENT").exists() and not any(path.glob("*.sst")):
                    raise StoreError(f"{path}: not an Oxigraph store (create one with 'kg add ... --store {path}')")
                self.store = ox.Store.read_only(str(path))
            else:
                path.mkdir(parents=True, exist_ok=True)
                self.store = ox.Store(str(path))
        except OSError as err:
            raise StoreError(f"{path}: cannot open the store ({err})") from None

    @classmethod
    def from_build(cls, folder: Path) -> "OxigraphStore":
        """An in-memory store of a build folder's graph.ttl."""
        path = folder / "graph.ttl" if folder.is_dir() else folder
        if not path.is_file():
            raise StoreError(f"{path}: no graph here (run 'kg build' first)")
        store = cls()
        try:
            store.store.bulk_load(path=str(path), format=ox.RdfFormat.TURTLE)
        except (SyntaxError, ValueError, OSError) as err:
            raise StoreError(f"{path}: not a readable Turtle graph ({str(err).splitlines()[0]})") from None
        return store

    @classmethod
    def from_graph(cls, graph) -> "OxigraphStore":
        """An in-memory store of an rdflib graph (what kg.pipeline.build returns)."""
        from .graph import to_turtle

        store = cls()
        store.load_graph(to_turtle(graph), None)
        return store

    def select(self, sparql: str, bindings: dict[str, Node] | None = None) -> Table:
        try:
            result = self.store.query(bind_values(sparql, bindings), prefixes=PREFIX_IRIS)
        except SyntaxError as err:
            raise QuerySyntaxError(f"bad SPARQL query: {str(err).splitlines()[0]}") from None
        except (RuntimeError, ValueError, OSError) as err:
            raise StoreError(f"query failed: {str(err).splitlines()[0]}") from None
        if isinstance(result, (bool, ox.QueryBoolean)):
            return Table(("ask",), ((str(bool(result)).lower(),),))
        if not isinstance(result, ox.QuerySolutions):
            raise StoreError("only SELECT and ASK queries give a table")
        columns = tuple(v.value for v in result.variables)
        return Table(columns, tuple(tuple(_text(row[c]) for c in columns) for row in result))

    @classmethod
    def from_nquads(cls, nquads: bytes) -> OxigraphStore:
        """An in-memory store of an N-Quads dump (how a memory store is copied into another process)."""
        store = cls()
        store.store.bulk_load(nquads, format=ox.RdfFormat.N_QUADS)
        return store

    def raw_query(self, sparql: str) -> QueryResults:
        try:
            return self.store.query(sparql, prefixes=PREFIX_IRIS)
        except SyntaxError as err:
            raise QuerySyntaxError(f"bad SPARQL query: {str(err).splitlines()[0]}") from None

    def reopener(self) -> Callable[[], GraphStore]:
        if self.path is not None:
            return functools.partial(OxigraphStore, self.path, read_only=True)
        return functools.partial(OxigraphStore.from_nquads, self.dump(dataset=True))

    def update(self, sparql: str) -> None:
        try:
            self.store.update(_PROLOGUE + sparql)
        except (SyntaxError, RuntimeError, ValueError, OSError) as err:
            raise StoreError(f"update failed: {str(err).splitlines()[0]}") from None

    def load_graph(self, turtle: bytes, graph: URIRef | None) -> None:
        target = ox.NamedNode(str(graph)) if graph is not None else ox.DefaultGraph()
        self.store.load(turtle, format=ox.RdfFormat.TURTLE, to_graph=target)

    def dump(self, dataset: bool) -> bytes:
        if dataset:
            return self.store.dump(format=ox.RdfFormat.N_QUADS)
        return self.store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.DefaultGraph())

    def close(self) -> None:
        if self.path is not None:
            self.store.flush()


class RemoteStore(GraphStore):
    """A SPARQL 1.1 server (Oxigraph server, Jena Fuseki, GraphDB, ...), read and written over the protocol."""

    def __init__(self, query_url: str, update_url: str | None = None, timeout: float = 60.0):
        if not query_url.startswith(("http://", "https://")):
            raise StoreError(f"{query_url}: an endpoint is an http(s) URL")
        self.query_url = query_url
        self.update_url = update_url or (query_url[: -len("/query")] + "/update" if query_url.endswith("/query") else query_url)
        self.timeout = timeout

    def _post(self, url: str, body: str, content_type: str, accept: str) -> bytes:
        return self._post_typed(url, body, content_type, accept)[0]

    def _post_typed(self, url: str, body: str, content_type: str, accept: str) -> tuple[bytes, str]:
        """The answer's bytes and its media type."""
        request = urllib.request.Request(url, data=body.encode("utf-8"), method="POST",
                                         headers={"Content-Type": content_type, "Accept": accept})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.read(), response.headers.get_content_type()
        except urllib.error.HTTPError as err:
            detail = err.read().decode("utf-8", "replace").strip().splitlines()
            raise StoreError(f"{url}: HTTP {err.code} {detail[0] if detail else err.reason}") from None
        except (urllib.error.URLError, OSError) as err:
            raise StoreError(f"{url}: cannot reach the endpoint ({getattr(err, 'reason', err)})") from None

    def select(self, sparql: str, bindings: dict[str, Node] | None = None) -> Table:
        query = _PROLOGUE + bind_values(sparql, bindings)
        data = json.loads(self._post(self.query_url, query, "application/sparql-query", "application/sparql-results+json"))
        if "boolean" in data:
            return Table(("ask",), ((str(data["boolean"]).lower(),),))
        columns = tuple(data["head"]["vars"])
        rows = tuple(tuple(b.get(c, {}).get("value", "") for c in columns) for b in data["results"]["bindings"])
        return Table(columns, rows)

    def raw_query(self, sparql: str) -> QueryResults:
        accept = "application/sparql-results+xml, application/n-triples;q=0.9"
        body, media = self._post_typed(self.query_url, _PROLOGUE + sparql, "application/sparql-query", accept)
        results_format = ox.QueryResultsFormat.from_media_type(media)
        if results_format is not None:
            return ox.parse_query_results(body, results_format)
        # Graph results come back as Oxigraph's own triples object, by a CONSTRUCT over a scratch store.
        scratch = ox.Store()
        try:
            scratch.load(body, format=ox.RdfFormat.from_media_type(media) or ox.RdfFormat.N_TRIPLES)
        except SyntaxError as err:
            raise StoreError(f"{self.query_url}: unreadable answer ({str(err).splitlines()[0]})") from None
        return scratch.query("CONSTRUCT WHERE { ?s ?p ?o }")

    def reopener(self) -> Callable[[], GraphStore]:
        return functools.partial(RemoteStore, self.query_url, self.update_url, self.timeout)

    def update(self, sparql: str) -> None:
        self._post(self.update_url, _PROLOGUE + sparql, "application/sparql-update", "*/*")

    def load_graph(self, turtle: bytes, graph: URIRef | None) -> None:
        nt = ox.serialize(ox.parse(turtle, format=ox.RdfFormat.TURTLE), format=ox.RdfFormat.N_TRIPLES).decode("utf-8")
        target = f"GRAPH <{graph}> {{ {nt} }}" if graph is not None else nt
        self.update(f"INSERT DATA {{ {target} }}")

    def dump(self, dataset: bool) -> bytes:
        query = "SELECT ?s ?p ?o ?g WHERE { GRAPH ?g { ?s ?p ?o } }" if dataset else "SELECT ?s ?p ?o WHERE { ?s ?p ?o }"
        data = json.loads(self._post(self.query_url, query, "application/sparql-query", "application/sparql-results+json"))
        lines = []
        for b in data["results"]["bindings"]:
            terms = [_json_term(b[k]) for k in ("s", "p", "o")] + ([_json_term(b["g"])] if dataset else [])
            lines.append(" ".join(terms) + " .\n")
        return "".join(sorted(lines)).encode("utf-8")


def _json_term(value: dict) -> str:
    if value["type"] == "uri":
        return URIRef(value["value"]).n3()
    if value["type"] == "bnode":
        return f"_:{value['value']}"
    if "xml:lang" in value:
        return Literal(value["value"], lang=value["xml:lang"]).n3()
    return Literal(value["value"], datatype=URIRef(value["datatype"]) if "datatype" in value else None).n3()


def open_store(location: Path | None = None, store: Path | None = None, endpoint: str | None = None,
               writable: bool = False) -> GraphStore:
    """The store a command reads: a build folder (default build/), an on-disk store or an endpoint."""
    chosen = [x for x in (store, endpoint) if x]
    if len(chosen) > 1 or (chosen and location):
        raise StoreError("give one of: a build folder, --store DIR or --endpoint URL")
    if endpoint:
        return RemoteStore(endpoint)
    if store:
        return OxigraphStore(store, read_only=not writable)
    if writable:
        raise StoreError("adding needs --store DIR or --endpoint URL")
    return OxigraphStore.from_build(location or Path("build"))
