"""The `kg` command: thin wrappers over the library (kg.pipeline, kg.query)."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from .ingest import IngestError, collect_paths
from .query import QueryError, load_graph, read_query, run, to_csv, to_json

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Knowledge graph of AI papers from weekly digests.")
console = Console()
errors = Console(stderr=True)


def fail(message: str) -> None:
    errors.print(f"[red]error:[/red] {message}", markup=True, highlight=False, soft_wrap=True)
    raise typer.Exit(code=1)


@app.command()
def build(
    inputs: List[Path] = typer.Argument(..., help="Digest files (.txt/.md) and/or folders of them."),
    out: Path = typer.Option(Path("build"), "--out", help="Folder for graph.ttl and graph.html."),
) -> None:
    """Build the knowledge graph of some digests: DIR/graph.ttl and DIR/graph.html."""
    from .pipeline import build as build_graph, summarize, write_outputs

    try:
        total = len(collect_paths(inputs))
        with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(), console=errors, transient=True) as bar:
            task = bar.add_task("reading digests", total=total)

            def progress(description: str, steps: int) -> None:
                if description.startswith("read"):
                    bar.update(task, advance=steps, description=description)
                else:
                    if bar.tasks[task].description != description:
                        bar.update(task, description=description, completed=0, total=None)
                    bar.advance(task, steps)

            result = build_graph(inputs, progress=progress)
            bar.update(task, description="writing graph.ttl and graph.html")
            paths = write_outputs(result, out)
    except IngestError as err:
        fail(str(err))
    except OSError as err:
        fail(f"cannot write to {out}: {err.strerror}")
    _print_summary(summarize(result), paths)


def _print_summary(summary, paths) -> None:
    console.print(f"[bold]{summary.digests}[/bold] digests, [bold]{summary.papers}[/bold] papers, "
                  f"[bold]{sum(summary.entities_by_type.values())}[/bold] entities, {summary.triples} triples")
    table = RichTable(title="entities by type", show_header=False)
    for kind, count in summary.entities_by_type.items():
        table.add_row(kind, str(count))
    relations = RichTable(title="relations by kind", show_header=False)
    for kind, count in summary.relations_by_kind.items():
        relations.add_row(kind, str(count))
    top = RichTable(title="mentioned in the most digests")
    top.add_column("entity")
    top.add_column("type")
    top.add_column("digests", justify="right")
    for label, kind, count in summary.most_mentioned:
        top.add_row(label, kind, str(count))
    console.print(table, relations, top)
    for name, path in paths.items():
        console.print(f"wrote {path}")


@app.command()
def query(
    location: Path = typer.Argument(..., help="A build folder (or a graph.ttl file)."),
    sparql: str = typer.Argument(..., help="A SPARQL query, or a .rq file. kg:, rdfs:, skos:, dcterms:, prov: ... are predeclared."),
    format: str = typer.Option("table", "--format", help="table, csv or json."),
) -> None:
    """Run a SPARQL query on a built graph."""
    if format not in {"table", "csv", "json"}:
        fail(f"unknown format {format!r} (use table, csv or json)")
    try:
        table = run(load_graph(location), read_query(sparql))
    except QueryError as err:
        fail(str(err))
    if format == "csv":
        typer.echo(to_csv(table), nl=False)
    elif format == "json":
        typer.echo(to_json(table))
    else:
        shown = RichTable(*table.columns)
        for row in table.rows:
            shown.add_row(*row)
        console.print(shown)
        console.print(f"{len(table.rows)} rows")


def main() -> None:  # pragma: no cover
    app()
