"""Where a graph lives, behind one small interface.

- ``OxigraphStore.from_build(DIR)``: a build folder (the default): the Oxigraph store ``kg build`` keeps
  beside graph.ttl (``graph.oxigraph/``), opened read-only at once; a folder made by an older papers-kg,
  or whose graph.ttl changed since, is read from graph.ttl into memory instead;
- ``OxigraphStore(path)``: Oxigraph on disk (``--store DIR``), persistent and opened instantly;
- ``RemoteStore(url)``: any SPARQL 1.1 store (``--endpoint URL``): Query and Update protocols.

Oxigraph runs every query: our measurements (``benchmarks/``) found it much
faster than rdflib's engine with the same answers. In a store, the default
graph, which queries read, holds exactly what a build of the store's digests
holds; the ledger (graph ``kg:ledger``) holds each digest's path, content hash
and bytes (base64) (an add re-links over all of them, see ``kg.pipeline.add_to_store``),
its annotations (``kg.annotation_cache``: an add runs spaCy on new digests only), and
the size of the default graph. Every change is one transaction, and an
Oxigraph store on disk is created beside its place and moved there whole.
"""

from __future__ import annotations

import base64
import functools
import glob
import hashlib
import json
import os
import re
import shutil
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pyoxigraph as ox

from .name_table import NAMES, STAMP_QUERY, name_quads
from .namespaces import KG_IRI, PREFIX_IRIS

if TYPE_CHECKING:  # rdflib is imported where its terms are made, never on a query command's path
    from typing import TypeAlias

    from rdflib import URIRef
    from rdflib.term import Node

KG = KG_IRI  # as a string: str(KG) + name is the term's IRI
LEDGER = cast("URIRef", KG + "ledger")  # a str where a URIRef is asked for: every store reads graph names with str()
_PROLOGUE = "".join(f"PREFIX {name}: <{iri}>\n" for name, iri in PREFIX_IRIS.items())

_WHERE = re.compile(r"\bWHERE\s*\{|(?<=\bSELECT\b)[^{]*\{|(?<=\bASK)\s*\{", re.I)


if TYPE_CHECKING:
    # A parameter's value: one term (rdflib's or Oxigraph's), or a tuple of terms the variable takes in turn.
    Term: TypeAlias = Node | ox.NamedNode | ox.Literal
    Binding: TypeAlias = Term | tuple[Term, ...]
else:
    Term = Binding = object  # only annotations name them


def bind_values(sparql: str, bindings: Mapping[str, Binding] | None) -> str:
    """Bind parameters with a VALUES block of serialized terms at the top of the WHERE clause, so they
    are in scope for every pattern, aggregate and projection; the values are RDF terms, never query text.
    A tuple of terms binds its variable to each of them in turn (a VALUES block of its own)."""
    if not bindings:
        return sparql
    match = _WHERE.search(sparql)
    if not match:
        raise StoreError("cannot bind parameters: the query has no WHERE clause")
    single = {n: v for n, v in bindings.items() if not isinstance(v, tuple)}
    several = {n: v for n, v in bindings.items() if isinstance(v, tuple)}
    names = sorted(single)
    values = " VALUES (" + " ".join(f"?{n}" for n in names) + ") { (" + " ".join(_term(single[n]) for n in names) + ") } " if names else " "
    for name in sorted(several):
        values += f"VALUES ?{name} {{ " + " ".join(_term(v) for v in several[name]) + " } "
    return sparql[: match.end()] + values + sparql[match.end():]


def _term(value: Term) -> str:
    if isinstance(value, (ox.NamedNode, ox.Literal)):
        return str(value)  # N-Triples syntax
    from rdflib import Literal, URIRef  # already loaded by whoever made an rdflib term

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
    def select(self, sparql: str, bindings: Mapping[str, Binding] | None = None) -> Table: ...

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
        return None

    # The named graph that stands for the default graph, on a server whose updates cannot name the default graph.
    default_graph: URIRef | None = None

    @abstractmethod
    def quads(self, graph: URIRef | None) -> set[ox.Quad]:
        """Every quad of one graph (None: the default graph)."""

    # -------------------------------------------------------- digest bookkeeping

    def ledger(self) -> dict[str, str]:
        rows = self.select("SELECT ?file ?hash WHERE { GRAPH kg:ledger { ?d kg:sourceFile ?file ; kg:contentHash ?hash } }")
        return {file: content_hash for file, content_hash in rows.rows}

    def sources(self) -> dict[str, bytes]:
        """Each stored digest's bytes by its path."""
        rows = self.select("SELECT ?file ?content WHERE { GRAPH ?g { ?d kg:sourceFile ?file "
                           "OPTIONAL { ?d kg:sourceContent ?content } } FILTER(?g = kg:ledger) }").rows
        if any(not content for _, content in rows):
            raise StoreError("this store was made by an older papers-kg, which kept no digest texts; "
                             "add the digests to a new store")
        return {file: base64.b64decode(content) for file, content in rows}

    def annotations(self) -> dict[str, tuple[str, str]]:
        """Each stored digest's annotations (kg.annotation_cache) by its path: (key, JSON text)."""
        rows = self.select("SELECT ?file ?key ?text WHERE { GRAPH ?g { ?d kg:sourceFile ?file ; kg:annotationKey ?key ; "
                           "kg:annotations ?text } FILTER(?g = kg:ledger) }").rows
        return {file: (key, text) for file, key, text in rows}

    def is_consistent(self) -> bool:
        """Whether the default graph has the size the last add recorded (a cheap check that it is whole)."""
        recorded = self.select("SELECT ?n WHERE { GRAPH ?g { kg:ledger kg:tripleCount ?n } FILTER(?g = kg:ledger) }").rows
        actual = self.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").rows
        return len(recorded) == 1 and recorded == actual

    def replace_all(self, turtle: bytes, digests: dict[str, tuple[URIRef, bytes]],
                    annotations: Mapping[str, tuple[str, str]] | None = None) -> None:
        """Make the default graph this Turtle graph and the ledger these digests (path -> IRI, bytes) with
        their annotations (path -> key, JSON text), by applying the difference in one update, so that the
        store is always the old whole or the new whole."""
        triples = list(ox.parse(turtle, format=ox.RdfFormat.TURTLE))
        default = ox.NamedNode(str(self.default_graph)) if self.default_graph is not None else ox.DefaultGraph()
        wanted = {ox.Quad(t.subject, t.predicate, t.object, default) for t in triples}
        names = name_quads(triples)
        ledger = ox.NamedNode(str(LEDGER))
        wanted |= {ox.Quad(ledger, _KG_TRIPLE_COUNT, ox.Literal(str(len(wanted)), datatype=_XSD_INTEGER), ledger)}
        for name, (iri, raw) in digests.items():
            node = ox.NamedNode(str(iri))
            for predicate, value in ((_KG_SOURCE_FILE, ox.Literal(name)),
                                     (_KG_CONTENT_HASH, ox.Literal(hashlib.sha256(raw).hexdigest())),
                                     (_KG_SOURCE_CONTENT, ox.Literal(base64.b64encode(raw).decode("ascii"), datatype=_XSD_BASE64))):
                wanted.add(ox.Quad(node, predicate, value, ledger))
            if annotations and name in annotations:
                key, text = annotations[name]
                wanted.add(ox.Quad(node, _KG_ANNOTATION_KEY, ox.Literal(key), ledger))
                wanted.add(ox.Quad(node, _KG_ANNOTATIONS, ox.Literal(text), ledger))
        if any(isinstance(term, ox.BlankNode) for q in wanted for term in (q.subject, q.object)):
            raise StoreError("cannot store a graph with blank nodes")  # DELETE DATA cannot name them
        wanted |= names  # the name table (kg.name_table), written with the graph it indexes
        current = self.quads(self.default_graph) | self.quads(LEDGER) | self.quads(cast("URIRef", NAMES))
        removed, added = current - wanted, wanted - current
        if removed or added:
            self.update(f"DELETE DATA {{ {_data(removed)} }} ;\nINSERT DATA {{ {_data(added)} }}")


_KG_TRIPLE_COUNT = ox.NamedNode(str(KG) + "tripleCount")
_KG_SOURCE_FILE = ox.NamedNode(str(KG) + "sourceFile")
_KG_CONTENT_HASH = ox.NamedNode(str(KG) + "contentHash")
_KG_SOURCE_CONTENT = ox.NamedNode(str(KG) + "sourceContent")  # the bytes, whatever their encoding
_KG_ANNOTATION_KEY = ox.NamedNode(str(KG) + "annotationKey")  # what the annotations were made from
_KG_ANNOTATIONS = ox.NamedNode(str(KG) + "annotations")  # the spaCy stage's output, as JSON
_XSD_BASE64 = ox.NamedNode("http://www.w3.org/2001/XMLSchema#base64Binary")
_XSD_INTEGER = ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")


def _data(quads: set[ox.Quad]) -> str:
    """Quads as the body of INSERT DATA / DELETE DATA: N-Triples per graph, in a fixed order."""
    by_graph: dict[object, list[ox.Triple]] = {}
    for quad in quads:
        by_graph.setdefault(quad.graph_name, []).append(quad.triple)
    parts = []
    for graph in sorted(by_graph, key=str):
        body = ox.serialize(sorted(by_graph[graph], key=str), format=ox.RdfFormat.N_TRIPLES) or b""
        text = body.decode("utf-8")
        parts.append(text if isinstance(graph, ox.DefaultGraph) else f"GRAPH {graph} {{\n{text}}}\n")
    return "".join(parts)


def _text(term) -> str:
    if term is None:
        return ""
    return term.value if hasattr(term, "value") else str(term)


class OxigraphStore(GraphStore):
    def __init__(self, path: Path | None = None, read_only: bool = False):
        self.path = path
        self.read_only = read_only
        if path is None:
            self.store = ox.Store()
            return
        try:
            if read_only:
                if not (path / "CURRENT").exists() and not any(path.glob("*.sst")):
                    raise StoreError(f"{path}: not an Oxigraph store (create one with 'kg add ... --store {path}')")
                self.store = _open_read_only(path)
            else:
                _remove_stale_creations(path)
                if path.is_dir() and any(path.iterdir()):
                    _open_read_only(path)  # refuse a broken store before writing to it (closed again at once)
                    self.store = ox.Store(str(path))
                else:
                    self.store = _create(path)
        except OSError as err:
            raise StoreError(f"{path}: cannot open the store ({err.strerror or err})") from None

    # Set when a build folder was read from its Turtle (no store beside it, or a stale one): the reason, one line.
    parsed_turtle: str | None = None

    @classmethod
    def from_build(cls, folder: Path) -> OxigraphStore:
        """The store of a build folder: the one ``kg build`` kept beside graph.ttl when it is the store of
        that graph.ttl (same size and modification time), otherwise an in-memory store of graph.ttl."""
        path = folder / "graph.ttl" if folder.is_dir() else folder
        if not path.is_file():
            raise StoreError(f"{path}: no graph here (run 'kg build' first)")
        kept = path.parent / BUILD_STORE
        reason = f"{path.parent} has no {BUILD_STORE}/ (made by an older 'kg build')"
        if (kept / "CURRENT").is_file():
            try:
                opened = cls(kept, read_only=True)
                if opened.select(STAMP_QUERY).rows == ((turtle_stamp(path),),):
                    return opened
                opened.close()
                reason = f"{path} changed after 'kg build' made {BUILD_STORE}/"
            except StoreError:
                reason = f"{kept} is not readable"
        store = cls.from_turtle(path)
        store.parsed_turtle = reason
        return store

    @classmethod
    def from_turtle(cls, path: Path) -> OxigraphStore:
        """An in-memory store of a Turtle file (a build folder without a usable store of its own)."""
        store = cls()
        try:
            store.store.bulk_load(path=str(path), format=ox.RdfFormat.TURTLE)
        except (SyntaxError, ValueError, OSError) as err:
            raise StoreError(f"{path}: not a readable Turtle graph ({str(err).splitlines()[0]})") from None
        return store

    @classmethod
    def from_graph(cls, graph) -> OxigraphStore:
        """An in-memory store of an rdflib graph (what kg.pipeline.build returns)."""
        from .graph import to_turtle

        store = cls()
        store.load_graph(to_turtle(graph), None)
        return store

    def select(self, sparql: str, bindings: Mapping[str, Binding] | None = None) -> Table:
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

    def quads(self, graph: URIRef | None) -> set[ox.Quad]:
        target = ox.NamedNode(str(graph)) if graph is not None else ox.DefaultGraph()
        return set(self.store.quads_for_pattern(None, None, None, target))

    def dump(self, dataset: bool) -> bytes:
        # Oxigraph returns bytes when no output file is given.
        if dataset:
            return self.store.dump(format=ox.RdfFormat.N_QUADS) or b""
        return self.store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.DefaultGraph()) or b""

    def close(self) -> None:
        """Flush and let go of the database, so the next open (in this process too) can lock it."""
        if self.path is not None and hasattr(self, "store"):
            if not self.read_only:
                self.store.flush()
            del self.store


BUILD_STORE = "graph.oxigraph"  # the store a build folder keeps beside graph.ttl


def turtle_stamp(path: Path) -> str:
    """What identifies the graph.ttl a build store was made from: its size and modification time (a rename
    keeps both; an edit or a copy without its times changes them, and the store is then not used)."""
    stat = path.stat()
    return f"{stat.st_size} {stat.st_mtime_ns}"


def write_build_store(folder: Path, turtle: Path) -> None:
    """Make ``folder`` (new) the Oxigraph store of the graph.ttl at ``turtle``: its triples in the default graph
    and the name table in kg:names, stamped with that file. The caller moves it into place with the graph.ttl
    it indexes (RocksDB syncs its own files)."""
    store = ox.Store(str(folder))
    store.bulk_load(path=str(turtle), format=ox.RdfFormat.TURTLE)
    # The names come from the store just loaded: the Turtle is parsed once, not twice.
    store.bulk_extend(name_quads(store.quads_for_pattern(None, None, None, ox.DefaultGraph()), turtle_stamp(turtle)))
    store.flush()
    store.optimize()
    del store  # closes the database before its folder moves


_CREATING = ".kg-tmp-new-"  # a store being created, beside its place; a kill leaves it, the next open removes it


def _open_read_only(path: Path) -> ox.Store:
    try:
        return ox.Store.read_only(str(path))
    except (OSError, RuntimeError, ValueError) as err:
        raise StoreError(f"{path}: not a readable Oxigraph store ({str(err).splitlines()[0].strip()}); if it was "
                         "interrupted while being created, remove it and add the digests again") from None


def _remove_stale_creations(path: Path) -> None:
    for stale in path.parent.glob(f".{glob.escape(path.name)}{_CREATING}*"):
        shutil.rmtree(stale, ignore_errors=True)


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def _create(path: Path) -> ox.Store:
    """A new store, made beside its place and renamed there once whole: a kill never leaves half a store."""
    path.parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=f".{path.name}{_CREATING}", dir=path.parent))
    try:
        fresh = ox.Store(str(building))
        fresh.flush()
        del fresh  # closes the database before its folder moves
        os.chmod(building, 0o777 & ~_umask())  # mkdtemp makes 0700; a store is an ordinary folder
        os.rename(building, path)  # replaces an empty folder too
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    return ox.Store(str(path))


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
        import urllib.error  # here: only a remote store needs HTTP (urllib.request takes ~40 ms to import)
        import urllib.request

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

    def select(self, sparql: str, bindings: Mapping[str, Binding] | None = None) -> Table:
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
        nt = (ox.serialize(ox.parse(turtle, format=ox.RdfFormat.TURTLE), format=ox.RdfFormat.N_TRIPLES) or b"").decode("utf-8")
        target = f"GRAPH <{graph}> {{ {nt} }}" if graph is not None else nt
        self.update(f"INSERT DATA {{ {target} }}")

    def quads(self, graph: URIRef | None) -> set[ox.Quad]:
        pattern = f"GRAPH ?g {{ ?s ?p ?o }} FILTER(?g = <{graph}>)" if graph is not None else "?s ?p ?o"
        data = self._post(self.query_url, f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ {pattern} }}",
                          "application/sparql-query", "application/n-triples, text/plain")
        target = ox.NamedNode(str(graph)) if graph is not None else ox.DefaultGraph()
        return {ox.Quad(t.subject, t.predicate, t.object, target) for t in ox.parse(data, format=ox.RdfFormat.N_TRIPLES)}

    def dump(self, dataset: bool) -> bytes:
        query = "SELECT ?s ?p ?o ?g WHERE { GRAPH ?g { ?s ?p ?o } }" if dataset else "SELECT ?s ?p ?o WHERE { ?s ?p ?o }"
        data = json.loads(self._post(self.query_url, query, "application/sparql-query", "application/sparql-results+json"))
        lines = []
        for b in data["results"]["bindings"]:
            terms = [_json_term(b[k]) for k in ("s", "p", "o")] + ([_json_term(b["g"])] if dataset else [])
            lines.append(" ".join(terms) + " .\n")
        return "".join(sorted(lines)).encode("utf-8")


def _json_term(value: dict) -> str:
    from rdflib import Literal, URIRef

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
