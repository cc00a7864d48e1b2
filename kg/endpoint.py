"""`kg serve`: a read-only SPARQL 1.1 Protocol endpoint, a query editor, and the interactive page.

GET or POST ``/sparql`` (``/query`` too); results as JSON, XML, CSV or TSV and graphs as Turtle,
N-Triples or JSON-LD, chosen by the Accept header (or a ``format`` parameter), written by
Oxigraph's own serialisers. ``/editor`` (and ``/sparql`` opened in a browser) is YASGUI, served
from files in the package. Each query runs in a worker process with a time limit and a row cap
(kg.query_pool).

What it refuses, and why (issue 10):
- SPARQL Update (403): the endpoint is read-only.
- SERVICE (400): it would make the server send requests to any URL a query names.
- A Host header other than the address it listens on (421): a web page the user visits could
  otherwise reach it through a name of its own that resolves to 127.0.0.1 (DNS rebinding).
- An Origin header from another origin (403), and no CORS header is ever sent: only pages the
  endpoint serves itself may query it from a browser.
"""

from __future__ import annotations

import ipaddress
import json
import re
import sys
import threading
import urllib.parse
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

import pyoxigraph as ox
from rdflib import Literal

from .query import named_queries
from .query_pool import Answer, Job, QueryPool, plain
from .store import PREFIX_IRIS, GraphStore, bind_values

RESULT_FORMATS = {
    "json": ox.QueryResultsFormat.JSON,
    "xml": ox.QueryResultsFormat.XML,
    "csv": ox.QueryResultsFormat.CSV,
    "tsv": ox.QueryResultsFormat.TSV,
}
GRAPH_FORMATS = {
    "turtle": ox.RdfFormat.TURTLE,
    "ntriples": ox.RdfFormat.N_TRIPLES,
    "jsonld": ox.RdfFormat.JSON_LD,
}
# Media types clients send that name one of the formats above by another name.
ALIASES = {"application/json": "json", "application/xml": "xml", "text/xml": "xml",
           "application/x-turtle": "turtle", "text/plain": "ntriples"}

# Files the editor page loads, all from the package (kg/assets/): name in the URL -> (file, media type).
EDITOR_ASSETS = {
    "/assets/yasgui/yasgui.min.js": ("yasgui/yasgui.min.js", "text/javascript"),
    "/assets/yasgui/yasgui.min.css": ("yasgui/yasgui.min.css", "text/css"),
    "/assets/yasgui/LICENSE": ("yasgui/LICENSE", "text/plain"),
    "/assets/editor.js": ("editor.js", "text/javascript"),
}
EDITOR_PAGE = "editor.html"
# YASGUI sets styles from script and uses data: images for its icons; everything else is this server.
EDITOR_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                 "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


@dataclass(frozen=True)
class ServeSettings:
    timeout: float = 10.0  # seconds a query may take, waiting for a free worker included
    max_rows: int = 10_000
    workers: int = 4  # processes holding a copy of the store; each runs one query at a time
    read_timeout: float = 10.0  # seconds a client may take to send its request
    max_body: int = 1 << 20  # bytes of a POST body


# ---------------------------------------------------------------- content negotiation


def _media(fmt: ox.QueryResultsFormat | ox.RdfFormat) -> str:
    return fmt.media_type.split(";")[0]


def _pick(accept: str, fmt: str | None, table: dict, default: str) -> str | None:
    """The format a client asked for by name or by Accept header; None if it named one this table lacks."""
    if fmt:
        return fmt if fmt in table else None
    for part in (p.split(";")[0].strip().lower() for p in accept.split(",")):
        name = ALIASES.get(part) or next((key for key, value in table.items() if _media(value) == part), None)
        if name in table:
            return name
    return default


def _allowed_hosts(host: str, port: int) -> tuple[set[str], bool]:
    """The Host header values to accept for a server bound to host:port, and whether any IP address
    is fine (a server bound to every interface is reached by any of its addresses, never by a name
    an attacker controls: names other than localhost are refused)."""
    names = {host, f"[{host}]"} if ":" in host else {host}
    wildcard = host in {"", "0.0.0.0", "::"}
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if loopback or wildcard:
        names |= {"localhost", "127.0.0.1", "[::1]"}
    allowed = {f"{name}:{port}" for name in names} | (names if port == 80 else set())
    return allowed, wildcard


def _is_ip_with_port(value: str, port: int) -> bool:
    address, sep, given = value.rpartition(":")
    if not sep or given != str(port):
        return False
    try:
        ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------- the editor's example tabs


def editor_examples() -> bytes:
    """The example tabs (kg/queries/editor-examples.json): named queries with the README's values bound
    (a VALUES block, as `kg query --param` does), led by their description and the prefixes they use."""
    chosen = json.loads(resources.files("kg").joinpath("queries/editor-examples.json").read_text(encoding="utf-8"))
    queries = named_queries()
    tabs = []
    for example in chosen:
        named = queries[example["query"]]
        body = "\n".join(line for line in named.text.splitlines() if not line.startswith("#")).strip()
        body = bind_values(body, {k: Literal(v) for k, v in example["params"].items()})
        used = [name for name in PREFIX_IRIS if re.search(rf"(?<![\w:]){re.escape(name)}:", body)]
        prologue = "".join(f"PREFIX {name}: <{PREFIX_IRIS[name]}>\n" for name in used)
        tabs.append({"tab": example["tab"], "query": f"# {named.description}\n{prologue}{body}\n"})
    return json.dumps(tabs, ensure_ascii=False, indent=1).encode("utf-8")


# ---------------------------------------------------------------- HTTP


class BadRequest(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def _load_asset(name: str) -> bytes:
    return resources.files("kg").joinpath(f"assets/{name}").read_bytes()


def make_handler(pool: QueryPool, settings: ServeSettings, page: bytes, allowed: set[str], any_ip: bool, port: int):
    editor = _load_asset(EDITOR_PAGE)
    assets = {path: (_load_asset(name), media) for path, (name, media) in EDITOR_ASSETS.items()}
    assets["/editor/examples.json"] = (editor_examples(), "application/json")

    class Handler(BaseHTTPRequestHandler):
        server_version = "papers-kg"
        timeout = settings.read_timeout  # a client that stops sending gets an answer, not a held thread
        wbufsize = -1  # headers and body leave in one write

        def log_message(self, format, *args):  # quiet by default; the CLI prints the address
            pass

        def _send(self, answer: Answer, headers: dict | None = None) -> None:
            self.send_response(answer.status)
            text = answer.media_type.startswith("text/") or answer.media_type.endswith(("json", "xml"))
            self.send_header("Content-Type", answer.media_type + ("; charset=utf-8" if text else ""))
            self.send_header("Content-Length", str(len(answer.body)))
            self.send_header("X-Content-Type-Options", "nosniff")
            if answer.truncated:
                self.send_header("X-Result-Truncated", "true")
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(answer.body)

        def _guard(self) -> bool:
            """Only requests addressed to this server, from no page or one of its own, get through."""
            host = self.headers.get_all("Host") or []
            if len(host) != 1 or not (host[0] in allowed or (any_ip and _is_ip_with_port(host[0], port))):
                self._send(plain(421, f"this server answers requests for {min(allowed)} only"))
                return False
            origin = self.headers.get("Origin")
            if origin is not None and origin != f"http://{host[0]}":
                self._send(plain(403, "cross-origin requests are refused"))
                return False
            return True

        def do_GET(self):
            if not self._guard():
                return
            url = urllib.parse.urlsplit(self.path)
            if url.path in {"/", "/index.html", "/graph.html"}:
                return self._send(Answer(200, "text/html", page))
            if url.path in assets:
                return self._send(Answer(200, assets[url.path][1], assets[url.path][0]))
            wants_html = "text/html" in (self.headers.get("Accept") or "")
            if url.path == "/editor" or (url.path in {"/sparql", "/query"} and not url.query and wants_html):
                return self._send(Answer(200, "text/html", editor), {"Content-Security-Policy": EDITOR_POLICY})
            if url.path not in {"/sparql", "/query"}:
                return self._send(plain(404, "not found; the endpoint is /sparql, the editor /editor"))
            self._run(self._params(url.query))

        def do_POST(self):
            if not self._guard():
                return
            url = urllib.parse.urlsplit(self.path)
            if url.path not in {"/sparql", "/query", "/update"}:
                return self._send(plain(404, "not found; the endpoint is /sparql"))
            try:
                body = self._body()
            except BadRequest as err:
                self.close_connection = True
                return self._send(plain(err.status, str(err)))
            media = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
            if url.path == "/update" or media == "application/sparql-update":
                return self._refuse()
            params = self._params(url.query)
            if media == "application/sparql-query":
                if "query" in params:
                    return self._send(plain(400, "give the 'query' parameter once"))
                params["query"] = [body.decode("utf-8", "replace")]
            else:
                for key, values in self._params(body.decode("utf-8", "replace")).items():
                    params.setdefault(key, []).extend(values)
            self._run(params)

        def do_OPTIONS(self):
            if self._guard():
                self._send(plain(405, "no cross-origin requests: use GET or POST from the same origin"),
                           {"Allow": "GET, POST"})

        def _body(self) -> bytes:
            lengths = self.headers.get_all("Content-Length") or []
            if not lengths:
                if self.headers.get("Transfer-Encoding"):
                    raise BadRequest(411, "a POST needs a Content-Length (chunked bodies are not read)")
                return b""
            if len(lengths) > 1 or not lengths[0].strip().isdigit():
                raise BadRequest(400, "bad Content-Length: give one number of bytes")
            length = int(lengths[0])
            if length > settings.max_body:
                raise BadRequest(413, f"request body too large: at most {settings.max_body} bytes")
            try:
                body = self.rfile.read(length)
            except TimeoutError:
                body = b""
            if len(body) < length:
                raise BadRequest(400, "the body is shorter than its Content-Length")
            return body

        @staticmethod
        def _params(text: str) -> dict[str, list[str]]:
            return urllib.parse.parse_qs(text, keep_blank_values=True)

        def _refuse(self):
            self._send(plain(403, "this endpoint is read-only: SPARQL Update is refused"))

        def _run(self, params: dict[str, list[str]]) -> None:
            """A query string or a form: 'update' is refused, 'query' runs."""
            if "update" in params:
                return self._refuse()
            if "query" not in params:
                return self._send(plain(400, "missing 'query' parameter"))
            if len(params["query"]) > 1 or len(params.get("format", [])) > 1:
                return self._send(plain(400, f"give the '{'query' if len(params['query']) > 1 else 'format'}' parameter once"))
            query, fmt = params["query"][0], params.get("format", [None])[0]
            accept = self.headers.get("Accept") or ""
            results, graph = _pick(accept, fmt, RESULT_FORMATS, "json"), _pick(accept, fmt, GRAPH_FORMATS, "turtle")
            if results is None and graph is None:
                names = ", ".join([*RESULT_FORMATS, *GRAPH_FORMATS])
                return self._send(plain(400, f"unknown format {fmt!r} (use one of {names})"))
            job = Job(query, _media(RESULT_FORMATS[results or "json"]), _media(GRAPH_FORMATS[graph or "turtle"]),
                      settings.max_rows)
            self._send(pool.answer(job))

    return Handler


class SparqlServer(ThreadingHTTPServer):
    daemon_threads = True
    # The default backlog of 5 overflowed under 20 clients and each overflow cost a client a 1 s retry.
    request_queue_size = 1024

    def __init__(self, address: tuple[str, int], store: GraphStore, page: bytes, settings: ServeSettings):
        super().__init__(address, BaseHTTPRequestHandler, bind_and_activate=True)
        try:
            self.pool = QueryPool(store.reopener(), settings.workers, settings.timeout)
        except BaseException:
            self.server_close()
            raise
        allowed, any_ip = _allowed_hosts(address[0], self.server_port)
        self.RequestHandlerClass = make_handler(self.pool, settings, page, allowed, any_ip, self.server_port)

    def handle_error(self, request, client_address) -> None:
        # A client that hangs up before its answer is written is no server error worth a traceback.
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)

    def shutdown(self) -> None:
        super().shutdown()
        self.server_close()
        self.pool.close()


def serve(store: GraphStore, page: bytes, host: str = "127.0.0.1", port: int = 7878,
          settings: ServeSettings = ServeSettings()) -> SparqlServer:
    """A started server (in a background thread); call ``shutdown()`` to stop it."""
    server = SparqlServer((host, port), store, page, settings)
    threading.Thread(target=server.serve_forever, daemon=True, name="kg-serve").start()
    return server
