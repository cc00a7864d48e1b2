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


@app.command("eval")
def eval_command(
    inputs: List[Path] = typer.Argument(..., help="The digests the gold file annotates (files or folders)."),
    gold: Path = typer.Option(..., "--gold", help="Gold annotations in the format of gold/GUIDELINES.md."),
    as_json: bool = typer.Option(False, "--json", help="Print the scores as JSON."),
    verbose: bool = typer.Option(False, "-v", "--verbose", help="List every miss and false positive."),
    without_vocab: bool = typer.Option(False, "--without-vocab", help="Remove the vocabulary's entries for every gold entity first."),
) -> None:
    """Score extraction against hand annotations: entity, relation, extends and variantOf P/R/F1."""
    import json

    from .evaluate import GoldError, evaluate, gold_entity_names, load_gold
    from .pipeline import build as build_graph
    from .vocab import load_vocabulary

    try:
        gold_data = load_gold(gold)
        vocabulary = load_vocabulary()
        if without_vocab:
            vocabulary = vocabulary.without(gold_entity_names(gold_data))
        paths = [p for p in collect_paths(inputs) if p.name in {d["digest"] for d in gold_data["digests"]}]
        if not paths:
            fail("none of the inputs is a digest the gold file annotates")
        report = evaluate(build_graph(paths, vocabulary=vocabulary), gold_data)
    except (GoldError, IngestError) as err:
        fail(str(err))
    if as_json:
        typer.echo(json.dumps(report.as_dict(verbose), indent=2, ensure_ascii=False))
        return
    table = RichTable("score", "precision", "recall", "F1", "tp", "fp", "fn")
    rows = [("entities", report.entities)] + [(f"  {k}", v) for k, v in sorted(report.entities_by_digest.items())]
    rows += [("relations", report.relations)] + [(f"  {k}", v) for k, v in sorted(report.relations_by_kind.items())]
    rows += [("extends", report.extends), ("variantOf", report.variant_of)]
    for name, score in rows:
        table.add_row(name, f"{score.precision:.3f}", f"{score.recall:.3f}", f"{score.f1:.3f}", str(score.tp), str(score.fp), str(score.fn))
    console.print(table)
    if verbose:
        for name, score in [("entities", report.entities), ("relations", report.relations), ("extends", report.extends), ("variantOf", report.variant_of)]:
            for miss in score.misses:
                console.print(f"[yellow]miss[/yellow] {name}: {miss}", highlight=False)
            for fp in score.false_positives:
                console.print(f"[red]false positive[/red] {name}: {fp}", highlight=False)
