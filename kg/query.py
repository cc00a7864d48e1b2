"""SPARQL queries: the named ones shipped in kg/queries/, queries the user writes, and result formatting.

A named query is a ``.rq`` file whose header comments give a one-line
description and its parameters (``# param name: ...``). Parameters are always
bound as values (Oxigraph substitutions, or a VALUES block for a remote
store), never pasted into the query text.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import pyoxigraph as ox

from .store import GraphStore, StoreError, Table


class QueryError(ValueError):
    """A query the user gave cannot be used; the message is one line."""


@dataclass(frozen=True)
class NamedQuery:
    name: str
    description: str
    params: tuple[tuple[str, str], ...]  # (name, description)
    text: str


def named_queries() -> dict[str, NamedQuery]:
    found = {}
    for entry in sorted(resources.files("kg").joinpath("queries").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".rq"):
            found[entry.name[:-3]] = _parse_named(entry.name[:-3], entry.read_text(encoding="utf-8"))
    return found


def _parse_named(name: str, text: str) -> NamedQuery:
    comments = [line[1:].strip() for line in text.splitlines() if line.startswith("#")]
    params = tuple(
        (m.group(1), m.group(2).strip()) for c in comments if (m := re.match(r"param (\w+):(.*)", c))
    )
    description = next((c for c in comments if not c.startswith("param ")), "")
    return NamedQuery(name, description, params, text)


def parse_params(pairs: list[str]) -> dict[str, ox.NamedNode | ox.Literal]:
    """'key=value' pairs; '<...>' values are IRIs, anything else a string literal."""
    bound: dict[str, ox.NamedNode | ox.Literal] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not re.fullmatch(r"\w+", key):
            raise QueryError(f"--param takes key=value, not {pair!r}")
        if value.startswith("<") and value.endswith(">"):
            try:
                bound[key] = ox.NamedNode(value[1:-1])
            except ValueError:
                raise QueryError(f"--param {key}: {value} is not an IRI") from None
        else:
            bound[key] = ox.Literal(value)
    return bound


def resolve_query(text_or_name: str) -> tuple[str, NamedQuery | None]:
    """The query text for a named query, a .rq file or a query string."""
    queries = named_queries()
    if text_or_name in queries:
        return queries[text_or_name].text, queries[text_or_name]
    if text_or_name.endswith(".rq"):
        path = Path(text_or_name)
        if not path.is_file():
            raise QueryError(f"{path}: no such query file")
        return path.read_text(encoding="utf-8"), None
    if not re.search(r"\b(select|ask|construct|describe)\b", text_or_name, re.I):
        close = ", ".join(sorted(queries))
        raise QueryError(f"{text_or_name!r} is neither a SPARQL query nor a named query ({close})")
    return text_or_name, None


def run(store: GraphStore, text_or_name: str, params: dict | None = None) -> Table:
    text, named = resolve_query(text_or_name)
    params = params or {}
    if named:
        missing = [p for p, _ in named.params if p not in params]
        if missing:
            raise QueryError(f"query {named.name!r} needs --param {missing[0]}=...")
    try:
        return store.select(text, params)
    except StoreError as err:
        raise QueryError(str(err)) from None


def to_csv(table: Table) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(table.columns)
    writer.writerows(table.rows)
    return out.getvalue()


def to_json(table: Table) -> str:
    return json.dumps([dict(zip(table.columns, row, strict=False)) for row in table.rows], indent=2, ensure_ascii=False)
