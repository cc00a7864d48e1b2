"""Queries run in worker processes, so a query past its time limit is killed instead of waited for.

Oxigraph cannot interrupt a running query, and a query left running in a thread holds a core
and its result for as long as it likes (issue 10: two slow queries wedged ``kg serve`` for
minutes). Each worker process holds its own read-only copy of the store; a query that overruns
its limit gets its worker killed (SIGKILL) and a fresh one started in the background, while the
other workers keep answering. Workers are forked from a server process that has already imported
the store's modules (rdflib, pyoxigraph), so a replacement costs the store's opening and the main
script's own imports (multiprocessing re-imports it in every worker: for `kg`, kg.cli).

Workers answer with bytes written by Oxigraph's own serialisers; the row cap is applied by
cutting Oxigraph's line-per-solution TSV (or N-Triples) after N lines and re-serialising those.
They refuse SERVICE, which would make Oxigraph send HTTP requests to any URL a query names.
"""

from __future__ import annotations

import io
import multiprocessing
import queue
import re
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import IO, Any, cast

import pyoxigraph as ox

from .store import GraphStore, QuerySyntaxError, StoreError


@dataclass(frozen=True)
class Answer:
    status: int
    media_type: str
    body: bytes
    truncated: bool = False


@dataclass(frozen=True)
class Job:
    query: str
    results_media: str  # for SELECT and ASK: one of Oxigraph's QueryResultsFormat media types
    graph_media: str  # for CONSTRUCT and DESCRIBE: one of its RdfFormat media types
    max_rows: int


# What SPARQL's lexer reads as one token that is never a keyword: long and short strings, IRIs, prefixed
# names (whose local part may hold escaped quotes), variables and comments. Whatever is left is keywords,
# numbers and punctuation, so a "service" left in it is the keyword. Each alternative starts where a
# token can start (a prefixed name only at the start of a word), so a scan is linear in the query.
_OPAQUE = re.compile(r"""
    '''(?:[^'\\]|\\.|'(?!''))*'''
  | \"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"
  | '(?:[^'\\\n\r]|\\.)*'
  | "(?:[^"\\\n\r]|\\.)*"
  | <[^<>"{}|^`\\\x00-\x20]*>
  | (?<![\w.\-])[\w.\-]*:(?:[\w.:%\-]|\\[_~.\-!$&'()*+,;=/?\#@%])*
  | [?$][\w\u00B7\u0300-\u036F\u203F-\u2040]*
  | \#[^\n\r]*
""", re.VERBOSE)
_SERVICE = re.compile(r"service", re.IGNORECASE)
_CODEPOINT = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")


def calls_service(query: str) -> bool:
    """Whether a query has a SERVICE clause. Errs towards yes: text the lexer cannot place is searched
    too, and codepoint escapes are decoded first (SPARQL allows them anywhere in a query)."""
    decoded = _CODEPOINT.sub(lambda m: chr(min(int(m.group(1) or m.group(2), 16), 0x10FFFF)), query)
    return bool(_SERVICE.search(_OPAQUE.sub(" ", decoded)))


def plain(status: int, message: str) -> Answer:
    return Answer(status, "text/plain", (message + "\n").encode("utf-8"))


class _Enough(Exception):
    """Raised from inside Oxigraph's serialiser to stop it once the row cap is reached."""


class _FirstLines(io.RawIOBase):
    def __init__(self, lines: int):
        self.wanted, self.seen, self.data = lines, 0, bytearray()

    def writable(self) -> bool:
        return True

    def write(self, chunk) -> int:
        self.data += chunk
        self.seen += bytes(chunk).count(b"\n")
        if self.seen > self.wanted:
            raise _Enough()
        return len(chunk)


def _capped(result: ox.QuerySolutions | ox.QueryTriples, lines: int) -> tuple[bytes, bool]:
    """The first ``lines`` lines of the result as TSV (solutions) or N-Triples (triples), and whether
    more followed. Both formats put one solution or triple per line, escaping newlines in literals."""
    out = _FirstLines(lines)
    try:
        if isinstance(result, ox.QuerySolutions):
            result.serialize(cast(IO[bytes], out), format=ox.QueryResultsFormat.TSV)
        else:
            result.serialize(cast(IO[bytes], out), format=ox.RdfFormat.N_TRIPLES)
    except _Enough:
        kept = bytes(out.data).split(b"\n")[:lines]
        return b"\n".join(kept) + b"\n", True
    return bytes(out.data), False


def evaluate(store: GraphStore, job: Job) -> Answer:
    """One query, answered in the requested format (runs inside a worker, so even a long query's
    SERVICE check holds up no other request)."""
    if calls_service(job.query):
        return plain(400, "SERVICE is refused: this endpoint answers from its own graph only")
    try:
        result = store.raw_query(job.query)
        if isinstance(result, ox.QueryBoolean):
            boolean_format = ox.QueryResultsFormat.from_media_type(job.results_media)
            return Answer(200, job.results_media, cast(bytes, result.serialize(format=boolean_format)))
        if isinstance(result, ox.QuerySolutions):
            tsv, truncated = _capped(result, job.max_rows + 1)  # the header line, then the rows
            solutions_format = ox.QueryResultsFormat.from_media_type(job.results_media)
            solutions = ox.parse_query_results(tsv, ox.QueryResultsFormat.TSV)
            return Answer(200, job.results_media, cast(bytes, solutions.serialize(format=solutions_format)), truncated)
        ntriples, truncated = _capped(result, job.max_rows)
        graph_format = ox.RdfFormat.from_media_type(job.graph_media)
        triples = ox.parse(ntriples, format=ox.RdfFormat.N_TRIPLES)
        return Answer(200, job.graph_media, cast(bytes, ox.serialize(triples, format=graph_format)), truncated)
    except QuerySyntaxError as err:
        return plain(400, str(err))
    except (StoreError, SyntaxError, RuntimeError, ValueError, OSError) as err:
        return plain(500, f"query failed: {str(err).splitlines()[0] if str(err) else type(err).__name__}")


def _work(conn: Connection, opener: Callable[[], GraphStore]) -> None:
    try:
        store = opener()
    except Exception as err:
        conn.send(("failed", str(err).splitlines()[0] if str(err) else type(err).__name__))
        return
    conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(evaluate(store, job))


class _Worker:
    def __init__(self, context: Any, opener: Callable[[], GraphStore]):
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_work, args=(child, opener), daemon=True, name="kg-query")
        self.process.start()
        child.close()

    def wait_ready(self, timeout: float) -> str | None:
        """None once the worker holds the store, else why it will not."""
        try:
            if not self.conn.poll(timeout):
                return f"a query worker did not open the store within {timeout:g} s"
            kind, detail = self.conn.recv()
        except (EOFError, OSError):
            return "a query worker died while opening the store"
        return None if kind == "ready" else detail

    def kill(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


def _context() -> Any:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["kg.store", "kg.query_pool"])
        return context
    return multiprocessing.get_context("spawn")


class QueryPool:
    """``size`` worker processes, each holding the store; ``answer`` runs one query within ``timeout``."""

    def __init__(self, opener: Callable[[], GraphStore], size: int, timeout: float, start_timeout: float = 300.0):
        self.opener, self.timeout, self.start_timeout = opener, timeout, start_timeout
        self._context = _context()
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._live: set[_Worker] = set()
        self._lock = threading.Lock()
        self._closed = False
        workers = [_Worker(self._context, opener) for _ in range(size)]
        self._live.update(workers)
        problems = [p for p in (w.wait_ready(start_timeout) for w in workers) if p]
        if problems:
            self.close()
            raise StoreError(problems[0])
        for worker in workers:
            self._idle.put(worker)

    def pids(self) -> list[int]:
        with self._lock:
            return sorted(w.process.pid for w in self._live)

    def answer(self, job: Job) -> Answer:
        deadline = time.monotonic() + self.timeout
        try:
            worker = self._idle.get(timeout=self.timeout)
        except queue.Empty:
            return plain(503, f"every query worker stayed busy for {self.timeout:g} s; try again")
        try:
            worker.conn.send(job)
            if worker.conn.poll(max(0.0, deadline - time.monotonic())):
                answer = worker.conn.recv()
                self._idle.put(worker)
                return answer
            message = f"query timed out after {self.timeout:g} s"
        except (EOFError, OSError):
            message = "the query worker died; try again"
        self._replace(worker)
        return plain(503, message)

    def _replace(self, worker: _Worker) -> None:
        """Kill the worker now (its core is freed at once) and let its successor open the store in the
        background while the other workers answer."""
        worker.kill()
        with self._lock:
            self._live.discard(worker)
            if self._closed:
                return
            successor = _Worker(self._context, self.opener)
            self._live.add(successor)
        threading.Thread(target=self._welcome, args=(successor,), daemon=True, name="kg-query-start").start()

    def _welcome(self, worker: _Worker) -> None:
        problem = worker.wait_ready(self.start_timeout)
        if problem:
            print(f"kg serve: {problem}", file=sys.stderr)
            with self._lock:
                self._live.discard(worker)
            worker.kill()
            return
        self._idle.put(worker)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers, self._live = list(self._live), set()
        for worker in workers:
            worker.kill()
