"""Remote stores whose SPARQL differs from the standard in ways the code relies on, and how we meet them.

``remote_store(url)`` asks the server who it is (one ASK request) and returns a
``RemoteStore`` for a standard SPARQL 1.1 server (Oxigraph server, Jena Fuseki)
or a ``VirtuosoStore`` for OpenLink Virtuoso (tested: Debian's 7.2.5), which
differs in six ways:

- a query POSTed as ``application/sparql-query`` never gets an answer: queries are sent as a form;
- there is no default graph of its own: queries read the union of every graph (duplicates included,
  and Virtuoso's system graphs) and an update cannot write to it. What the other stores keep in the
  default graph lives here in the named graph ``UNION_GRAPH``, which every query reads as its default
  graph (``DEFINE input:default-graph-uri``) and every update names explicitly;
- with a default graph given, ``GRAPH <iri> { }`` matches nothing while ``GRAPH ?g { }`` matches every
  graph: the ledger is read with ``GRAPH ?g`` and a filter;
- an Accept list counts only for its first type (a CONSTRUCT asked for results formats first gets 406):
  each type is asked for in turn;
- literals come back as ``typed-literal`` with ``xsd:string`` spelled out; they are read as plain strings;
- answers are cut at ``ResultSetMaxRows`` (10,000 in Debian's virtuoso.ini) without an error, flagged
  only by an ``X-SPARQL-MaxRows`` header, and ORDER BY with OFFSET + LIMIT past ``MaxSortedTopRows``
  (10,000) is refused: a dump pages through the graph in pages the server allows, ordered in a
  subquery, and a cut query answer is refused with one line.
"""

from __future__ import annotations

import functools
import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping

import pyoxigraph as ox
from rdflib import Literal, URIRef
from rdflib.namespace import XSD

from .namespaces import KG
from .store import (
    _PROLOGUE,
    Binding,
    GraphStore,
    RemoteStore,
    StoreError,
    Table,
    _json_term,
    bind_values,
)

UNION_GRAPH = URIRef(str(KG) + "union")
DIGEST_GRAPHS = "https://w3id.org/papers-kg/resource/digest/"
PAGE = 5_000  # rows per request when a dump pages through the graph, below any sensible ResultSetMaxRows


def server_name(query_url: str, timeout: float = 10.0) -> str:
    """The Server header a SPARQL endpoint answers a trivial query with ('' if it sends none)."""
    if not query_url.startswith(("http://", "https://")):
        raise StoreError(f"{query_url}: an endpoint is an http(s) URL")
    request = urllib.request.Request(query_url + "?" + urllib.parse.urlencode({"query": "ASK {}"}),
                                     headers={"Accept": "application/sparql-results+json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.headers.get("Server", "")
    except urllib.error.HTTPError as err:
        return err.headers.get("Server", "") if err.headers else ""
    except (urllib.error.URLError, OSError) as err:
        raise StoreError(f"{query_url}: cannot reach the endpoint ({getattr(err, 'reason', err)})") from None


def remote_store(query_url: str) -> RemoteStore:
    if server_name(query_url).startswith("Virtuoso"):
        return VirtuosoStore(query_url)
    return RemoteStore(query_url)


class VirtuosoStore(RemoteStore):
    """OpenLink Virtuoso over the SPARQL protocol; writing needs the SPARQL_UPDATE role for the SPARQL user
    (``GRANT SPARQL_UPDATE TO "SPARQL";`` in isql), as its documentation describes."""

    default_graph = UNION_GRAPH

    def __init__(self, query_url: str, timeout: float = 60.0):
        # Virtuoso answers queries and updates at the same URL.
        super().__init__(query_url, update_url=query_url, timeout=timeout)

    def reopener(self) -> Callable[[], GraphStore]:
        return functools.partial(VirtuosoStore, self.query_url, self.timeout)

    def _post_typed(self, url: str, body: str, content_type: str, accept: str) -> tuple[bytes, str]:
        """What RemoteStore sends (raw_query), sent the way Virtuoso answers it: as a form, reading the union graph."""
        if content_type == "application/sparql-query":
            body = urllib.parse.urlencode({"query": f"DEFINE input:default-graph-uri <{UNION_GRAPH}>\n{body}"})
        elif content_type == "application/sparql-update":
            body = urllib.parse.urlencode({"update": body})
        # Virtuoso weighs only the first type of an Accept list, and answers a CONSTRUCT asked for results
        # formats first with 406: then ask again for the types that follow.
        choices = [part.split(";")[0].strip() for part in accept.split(",")]
        for n, choice in enumerate(choices):
            try:
                return super()._post_typed(self.query_url, body, "application/x-www-form-urlencoded", choice)
            except StoreError as err:
                if " HTTP 406 " not in str(err) or n == len(choices) - 1:
                    raise
        raise StoreError(f"{self.query_url}: no acceptable answer")  # unreachable: the loop returns or raises

    def _send(self, field: str, text: str) -> tuple[bytes, int | None]:
        """POST a query or update as a form; the answer and, when Virtuoso cut it, the row cap it applied."""
        request = urllib.request.Request(self.query_url, data=urllib.parse.urlencode({field: text}).encode("utf-8"),
                                         method="POST", headers={"Accept": "application/sparql-results+json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                cap = response.headers.get("X-SPARQL-MaxRows")
                return response.read(), int(cap) if cap and cap.isdigit() else None
        except urllib.error.HTTPError as err:
            detail = [line for line in err.read().decode("utf-8", "replace").splitlines() if line.strip()]
            raise StoreError(f"{self.query_url}: HTTP {err.code} {detail[0] if detail else err.reason}") from None
        except (urllib.error.URLError, OSError) as err:
            raise StoreError(f"{self.query_url}: cannot reach the endpoint ({getattr(err, 'reason', err)})") from None

    def _rows(self, sparql: str) -> tuple[tuple[str, ...], list[dict], int | None]:
        answer, cap = self._send("query", f"DEFINE input:default-graph-uri <{UNION_GRAPH}>\n{_PROLOGUE}{sparql}")
        data = json.loads(answer)
        if "boolean" in data:
            return ("ask",), [{"ask": {"value": str(data["boolean"]).lower()}}], None
        return tuple(data["head"]["vars"]), data["results"]["bindings"], cap

    def select(self, sparql: str, bindings: Mapping[str, Binding] | None = None) -> Table:
        columns, rows, cap = self._rows(bind_values(sparql, bindings))
        if cap is not None:
            raise StoreError(f"Virtuoso cut the answer at {cap} rows (ResultSetMaxRows in virtuoso.ini [SPARQL]): "
                             "raise it there, or add LIMIT/OFFSET to the query")
        return Table(columns, tuple(tuple(b.get(c, {}).get("value", "") for c in columns) for b in rows))

    def ledger(self) -> dict[str, str]:
        rows = self.select("SELECT ?file ?hash WHERE { GRAPH ?g { ?d kg:sourceFile ?file ; kg:contentHash ?hash } "
                           "FILTER(?g = kg:ledger) }")
        return {file: content_hash for file, content_hash in rows.rows}

    def update(self, sparql: str) -> None:
        self._send("update", _PROLOGUE + sparql)

    def load_graph(self, turtle: bytes, graph: URIRef | None) -> None:
        super().load_graph(turtle, graph if graph is not None else UNION_GRAPH)

    def clear(self) -> None:
        """Drop every graph papers-kg wrote (never Virtuoso's own system graphs)."""
        for graph in [*(row[0] for row in self.select(
                f'SELECT DISTINCT ?g WHERE {{ GRAPH ?g {{ ?s ?p ?o }} FILTER(STRSTARTS(STR(?g), "{DIGEST_GRAPHS}")) }}').rows),
                      str(KG) + "ledger", str(UNION_GRAPH)]:
            self.update(f"DROP SILENT GRAPH <{graph}>")

    def quads(self, graph: URIRef | None) -> set[ox.Quad]:
        # Read in pages, as dump does: a CONSTRUCT would be cut at ResultSetMaxRows without an error.
        name = graph if graph is not None else UNION_GRAPH
        lines = self._paged("?s ?p ?o", f"GRAPH ?g {{ ?s ?p ?o }} FILTER(?g = <{name}>)", ("s", "p", "o"))
        target = ox.NamedNode(str(name))
        return {ox.Quad(t.subject, t.predicate, t.object, target)
                for t in ox.parse("".join(lines).encode("utf-8"), format=ox.RdfFormat.N_TRIPLES)}

    def dump(self, dataset: bool) -> bytes:
        if dataset:
            where = (f'GRAPH ?g {{ ?s ?p ?o }} FILTER(?g = kg:ledger || ?g = <{UNION_GRAPH}> || STRSTARTS(STR(?g), "{DIGEST_GRAPHS}"))')
            variables = "?s ?p ?o ?g"
        else:
            where, variables = "?s ?p ?o", "?s ?p ?o"
        lines = self._paged(variables, where, ("s", "p", "o", "g") if dataset else ("s", "p", "o"))
        return "".join(sorted(lines)).encode("utf-8")

    def _paged(self, variables: str, where: str, keys: tuple[str, ...]) -> list[str]:
        """N-Triples / N-Quads lines of a pattern's matches, read in pages."""
        lines, offset, page = [], 0, PAGE
        while True:  # pages in a fixed order, so none is skipped or read twice
            # The order goes in a subquery: Virtuoso refuses ORDER BY with OFFSET + LIMIT past MaxSortedTopRows.
            _, rows, cap = self._rows(f"SELECT {variables} WHERE {{ {{ SELECT {variables} WHERE {{ {where} }} "
                                      f"ORDER BY {variables} }} }} LIMIT {page} OFFSET {offset}")
            if cap is not None and cap < page:  # the server's cap is below our page: read again in pages it allows
                page = cap
                continue
            for b in rows:
                lines.append(" ".join(_plain(b[k]) for k in keys) + " .\n")
            if len(rows) < page:
                break
            offset += page
        return lines


def _plain(value: dict) -> str:
    if value.get("datatype") == str(XSD.string):
        return Literal(value["value"]).n3()
    return _json_term(value)
