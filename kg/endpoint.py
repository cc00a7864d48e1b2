"""`kg serve`: a read-only SPARQL 1.1 Protocol endpoint, plus the interactive page.

GET or POST ``/sparql`` (``/query`` too); results as JSON, XML, CSV or TSV and
graphs as Turtle, N-Triples or JSON-LD, chosen by the Accept header (or a
``format`` parameter). Updates get 403. Each query runs in a worker thread and
gets a time limit and a row cap; a query past its limit is answered 503
(Oxigraph cannot cancel it, so it finishes in the background and is dropped).
"""

from __future__ import annotations

import concurrent.futures
import json
import threading
import time
import urllib.parse
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from xml.sax.saxutils import escape

import pyoxigraph as ox

from .store import OxigraphStore

RESULT_TYPES = {
    "json": "application/sparql-results+json",
    "xml": "application/sparql-results+xml",
    "csv": "text/csv",
    "tsv": "text/tab-separated-values",
}
GRAPH_TYPES = {
    "turtle": ("text/turtle", ox.RdfFormat.TURTLE),
    "ntriples": ("application/n-triples", ox.RdfFormat.N_TRIPLES),
    "jsonld": ("application/ld+json", ox.RdfFormat.JSON_LD),
}


@dataclass(frozen=True)
class ServeSettings:
    timeout: float = 10.0  # seconds per query
    max_rows: int = 10_000


class QueryTimeout(Exception):
    pass


def _pick(accept: str, fmt: str | None, table: dict, default: str) -> str:
    if fmt and fmt in table:
        return fmt
    for part in (p.split(";")[0].strip() for p in accept.split(",")):
        for key, value in table.items():
            media = value[0] if isinstance(value, tuple) else value
            if part == media:
                return key
    return default


def _term_json(term) -> dict:
    if isinstance(term, ox.NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, ox.BlankNode):
        return {"type": "bnode", "value": term.value}
    out = {"type": "literal", "value": term.value}
    if term.language:
        out["xml:lang"] = term.language
    elif term.datatype.value != "http://www.w3.org/2001/XMLSchema#string":
        out["datatype"] = term.datatype.value
    return out


def _csv_cell(value: str, sep: str) -> str:
    if sep == "," and any(c in value for c in ',"\n\r'):
        return '"' + value.replace('"', '""') + '"'
    return value.replace("\t", " ").replace("\n", " ") if sep == "\t" else value


def serialize_solutions(variables: list[str], rows: list[list], fmt: str, truncated: bool) -> bytes:
    if fmt == "json":
        bindings = [{v: _term_json(t) for v, t in zip(variables, row) if t is not None} for row in rows]
        doc = {"head": {"vars": variables}, "results": {"bindings": bindings}}
        if truncated:
            doc["head"]["link"] = ["urn:papers-kg:truncated"]
        return json.dumps(doc, ensure_ascii=False).encode("utf-8")
    if fmt in {"csv", "tsv"}:
        sep = "," if fmt == "csv" else "\t"
        head = sep.join(variables if fmt == "csv" else [f"?{v}" for v in variables])
        lines = [head] + [sep.join("" if t is None else _csv_cell(t.value if fmt == "csv" else str(t), sep) for t in row) for row in rows]
        return ("\r\n".join(lines) + "\r\n").encode("utf-8")
    out = ['<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head>']
    out += [f'<variable name="{escape(v)}"/>' for v in variables]
    out.append("</head><results>")
    for row in rows:
        out.append("<result>")
        for v, t in zip(variables, row):
            if t is None:
                continue
            j = _term_json(t)
            if j["type"] == "uri":
                inner = f"<uri>{escape(j['value'])}</uri>"
            elif j["type"] == "bnode":
                inner = f"<bnode>{escape(j['value'])}</bnode>"
            else:
                attrs = f' xml:lang="{escape(j["xml:lang"])}"' if "xml:lang" in j else (f' datatype="{escape(j["datatype"])}"' if "datatype" in j else "")
                inner = f"<literal{attrs}>{escape(j['value'])}</literal>"
            out.append(f'<binding name="{escape(v)}">{inner}</binding>')
        out.append("</result>")
    out.append("</results></sparql>")
    return "".join(out).encode("utf-8")


def serialize_boolean(value: bool, fmt: str) -> bytes:
    if fmt == "xml":
        return (f'<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head/>'
                f"<boolean>{str(value).lower()}</boolean></sparql>").encode("utf-8")
    if fmt in {"csv", "tsv"}:
        return f"{'_askResult' if fmt == 'csv' else '?_askResult'}\r\n{str(value).lower()}\r\n".encode("utf-8")
    return json.dumps({"head": {}, "boolean": value}).encode("utf-8")


class SparqlService:
    """Runs one query with a time limit and a row cap, and serializes the answer."""

    def __init__(self, store: OxigraphStore, settings: ServeSettings):
        self.store, self.settings = store, settings
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="sparql")

    def answer(self, query: str, accept: str, fmt: str | None) -> tuple[int, str, bytes, dict]:
        deadline = time.monotonic() + self.settings.timeout
        future = self.pool.submit(self._evaluate, query, deadline)
        try:
            kind, payload, truncated = future.result(timeout=self.settings.timeout)
        except (concurrent.futures.TimeoutError, QueryTimeout):
            return 503, "text/plain", f"query timed out after {self.settings.timeout:g} s\n".encode(), {}
        except SyntaxError as err:
            return 400, "text/plain", f"bad SPARQL query: {str(err).splitlines()[0]}\n".encode(), {}
        headers = {"X-Result-Truncated": "true"} if truncated else {}
        if kind == "boolean":
            choice = _pick(accept, fmt, RESULT_TYPES, "json")
            return 200, RESULT_TYPES[choice], serialize_boolean(payload, choice), headers
        if kind == "solutions":
            choice = _pick(accept, fmt, RESULT_TYPES, "json")
            variables, rows = payload
            return 200, RESULT_TYPES[choice], serialize_solutions(variables, rows, choice, truncated), headers
        choice = _pick(accept, fmt, GRAPH_TYPES, "turtle")
        media, rdf_format = GRAPH_TYPES[choice]
        return 200, media, ox.serialize(payload, format=rdf_format), headers

    def _evaluate(self, query: str, deadline: float):
        # Oxigraph's result objects belong to the thread that made them: everything that leaves this
        # thread is a plain term or list, and the result is released here even on a timeout.
        result = self.store.raw_query(query)
        try:
            if isinstance(result, bool):
                return "boolean", result, False
            rows, truncated, timed_out = [], False, False
            for item in result:
                if time.monotonic() > deadline:
                    timed_out = True
                    break
                if len(rows) == self.settings.max_rows:
                    truncated = True
                    break
                rows.append(item)
            if timed_out:
                rows = None
            elif isinstance(result, ox.QuerySolutions):
                variables = [v.value for v in result.variables]
                return "solutions", (variables, [[row[v] for v in variables] for row in rows]), truncated
            else:
                return "triples", rows, truncated
        finally:
            del result
        raise QueryTimeout()


def make_handler(service: SparqlService, page: bytes):
    class Handler(BaseHTTPRequestHandler):
        server_version = "papers-kg"

        def log_message(self, format, *args):  # quiet by default; the CLI prints the address
            pass

        def _send(self, status: int, media: str, body: bytes, headers: dict | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", f"{media}; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Access-Control-Allow-Origin", "*")
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            params = urllib.parse.parse_qs(url.query)
            if url.path in {"/", "/index.html", "/graph.html"}:
                return self._send(200, "text/html", page)
            if url.path not in {"/sparql", "/query"}:
                return self._send(404, "text/plain", b"not found; the endpoint is /sparql\n")
            self._from_params(params)

        def do_POST(self):
            url = urllib.parse.urlsplit(self.path)
            if url.path not in {"/sparql", "/query"}:
                return self._refuse() if url.path == "/update" else self._send(404, "text/plain", b"not found\n")
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode("utf-8", "replace")
            media = (self.headers.get("Content-Type") or "").split(";")[0].strip()
            if media == "application/sparql-update":
                return self._refuse()
            if media == "application/sparql-query":
                return self._query(body, urllib.parse.parse_qs(url.query).get("format", [None])[0])
            self._from_params(urllib.parse.parse_qs(body))

        def _from_params(self, params: dict) -> None:
            """A query string or a form: 'update' is refused, 'query' runs."""
            if "update" in params:
                return self._refuse()
            if "query" not in params:
                return self._send(400, "text/plain", b"missing 'query' parameter\n")
            self._query(params["query"][0], params.get("format", [None])[0])

        def _refuse(self):
            self._send(403, "text/plain", b"this endpoint is read-only: SPARQL Update is refused\n")

        def _query(self, query: str, fmt: str | None):
            status, media, body, headers = service.answer(query, self.headers.get("Accept", ""), fmt)
            self._send(status, media, body, headers)

    return Handler


def serve(store: OxigraphStore, page: bytes, host: str = "127.0.0.1", port: int = 7878,
          settings: ServeSettings = ServeSettings()) -> ThreadingHTTPServer:
    """A started server (in a background thread); call ``shutdown()`` to stop it."""
    server = ThreadingHTTPServer((host, port), make_handler(SparqlService(store, settings), page))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
