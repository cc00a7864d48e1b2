"""SPARQL over a built graph: load it, run a query with the common prefixes declared, format rows."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path

from rdflib import Graph
from rdflib.query import Result

from .namespaces import PREFIXES


class QueryError(ValueError):
    """A query or graph the user gave cannot be used; the message is one line."""


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def load_graph(location: Path) -> Graph:
    path = location / "graph.ttl" if location.is_dir() else location
    if not path.is_file():
        raise QueryError(f"{path}: no graph here (run 'kg build' first)")
    graph = Graph()
    try:
        graph.parse(path, format="turtle")
    except Exception as err:  # rdflib raises many parser types; the user needs one line
        raise QueryError(f"{path}: not a readable Turtle graph ({type(err).__name__})") from None
    return graph


def read_query(text_or_file: str) -> str:
    path = Path(text_or_file)
    if text_or_file.endswith(".rq"):
        if not path.is_file():
            raise QueryError(f"{path}: no such query file")
        return path.read_text(encoding="utf-8")
    return text_or_file


def run(graph: Graph, query: str, bindings: dict | None = None) -> Table:
    try:
        result: Result = graph.query(query, initNs=PREFIXES, initBindings=bindings or {})
    except Exception as err:
        message = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise QueryError(f"bad SPARQL query: {message}") from None
    if result.type == "ASK":
        return Table(("ask",), ((str(bool(result.askAnswer)).lower(),),))
    if result.type != "SELECT":
        raise QueryError("only SELECT and ASK queries are supported here")
    columns = tuple(str(v) for v in result.vars)
    rows = tuple(tuple("" if value is None else str(value) for value in row) for row in result)
    return Table(columns, rows)


def to_csv(table: Table) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(table.columns)
    writer.writerows(table.rows)
    return out.getvalue()


def to_json(table: Table) -> str:
    return json.dumps([dict(zip(table.columns, row)) for row in table.rows], indent=2, ensure_ascii=False)
