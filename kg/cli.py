"""The `kg` command: thin wrappers over the library (kg.pipeline, kg.store, kg.usecases, ...).

Commands that read a graph take it from a build folder (default ``build/``),
``--store DIR`` (Oxigraph on disk) or ``--endpoint URL`` (a SPARQL 1.1 server).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable
from rich.tree import Tree

from .ingest import IngestError, collect_paths
from .query import QueryError, named_queries, parse_params, run, to_csv, to_json
from .store import GraphStore, StoreError, open_store

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Knowledge graph of AI papers from weekly digests.")
console = Console()
errors = Console(stderr=True)

STORE_HELP = "Read an Oxigraph store on disk instead of a build folder."
ENDPOINT_HELP = "Read a remote SPARQL 1.1 endpoint (its query URL)."


def fail(message: str) -> None:
    errors.print(f"[red]error:[/red] {message}", markup=True, highlight=False, soft_wrap=True)
    raise typer.Exit(code=1)


def _open(location: Optional[Path], store: Optional[Path], endpoint: Optional[str], writable: bool = False) -> GraphStore:
    try:
        return open_store(location, store, endpoint, writable)
    except StoreError as err:
        fail(str(err))


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(), console=errors, transient=True)


# ---------------------------------------------------------------- building


@app.command()
def build(
    inputs: List[Path] = typer.Argument(..., help="Digest files (.txt/.md) and/or folders of them."),
    out: Path = typer.Option(Path("build"), "--out", help="Folder for graph.ttl and graph.html."),
) -> None:
    """Build the knowledge graph of some digests: DIR/graph.ttl and DIR/graph.html."""
    from .pipeline import build as build_graph, summarize, write_outputs

    try:
        total = len(collect_paths(inputs))
        with _progress() as bar:
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
    for path in paths.values():
        console.print(f"wrote {path}")


@app.command()
def add(
    digests: List[Path] = typer.Argument(..., help="Digest files and/or folders to add."),
    store: Optional[Path] = typer.Option(None, "--store", help="Oxigraph store folder (created if missing)."),
    endpoint: Optional[str] = typer.Option(None, "--endpoint", help="SPARQL 1.1 query URL of a writable store."),
) -> None:
    """Add digests to a persistent store: unchanged digests are skipped, changed ones replaced."""
    from .pipeline import add_to_store

    target = _open(None, store, endpoint, writable=True)
    try:
        with _progress() as bar:
            task = bar.add_task("adding digests", total=len(collect_paths(digests)))
            outcomes = add_to_store(target, digests, progress=lambda d, n: bar.update(task, advance=n, description=d))
    except (IngestError, StoreError) as err:
        fail(str(err))
    finally:
        target.close()
    for outcome in outcomes:
        console.print(f"{outcome.status:>9}  {outcome.source_file}")
    counts = {s: sum(o.status == s for o in outcomes) for s in ("added", "replaced", "unchanged")}
    console.print(", ".join(f"{n} {s}" for s, n in counts.items()))


# ---------------------------------------------------------------- querying


@app.command()
def query(
    args: List[str] = typer.Argument(..., metavar="[DIR] QUERY", help="A build folder (default build/), then a SPARQL query, a .rq file or a named query (see 'kg queries')."),
    param: List[str] = typer.Option([], "--param", help="key=value bound into the query (repeatable); <...> is an IRI."),
    format: str = typer.Option("table", "--format", help="table, csv or json."),
    store: Optional[Path] = typer.Option(None, "--store", help=STORE_HELP),
    endpoint: Optional[str] = typer.Option(None, "--endpoint", help=ENDPOINT_HELP),
) -> None:
    """Run a SPARQL query on a graph."""
    if format not in {"table", "csv", "json"}:
        fail(f"unknown format {format!r} (use table, csv or json)")
    if len(args) > 2:
        fail("give at most a folder and a query (quote the query)")
    location, text = (Path(args[0]), args[1]) if len(args) == 2 else (None, args[0])
    try:
        table = run(_open(location, store, endpoint), text, parse_params(param))
    except (QueryError, StoreError) as err:
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


@app.command()
def queries() -> None:
    """List the named queries that 'kg query' runs by name."""
    table = RichTable("name", "what it answers", "parameters")
    for name, named in named_queries().items():
        table.add_row(name, named.description, ", ".join(p for p, _ in named.params) or "-")
    console.print(table)


def _resolve(target: GraphStore, name: str, kind: Optional[str]):
    from .usecases import UnknownName, resolve

    try:
        return resolve(target, name, kind)
    except UnknownName as err:
        fail(str(err))
    except StoreError as err:
        fail(str(err))


@app.command()
def lineage(
    method: str = typer.Argument(..., help="A method's name or alias (any case)."),
    location: Optional[Path] = typer.Argument(None, help="A build folder (default build/)."),
    store: Optional[Path] = typer.Option(None, "--store", help=STORE_HELP),
    endpoint: Optional[str] = typer.Option(None, "--endpoint", help=ENDPOINT_HELP),
) -> None:
    """Methods that extend METHOD (transitively), and what METHOD extends, with the papers that introduce them."""
    from .usecases import lineage as compute

    target = _open(location, store, endpoint)
    found = _resolve(target, method, "Method")
    tree = compute(target, found)

    def label(node) -> str:
        parts = [f"[bold]{node.label}[/bold]"]
        if node.introduced_by:
            parts.append(f"introduced by “{'”, “'.join(node.introduced_by)}”")
        if node.digests:
            parts.append(f"[dim]{', '.join(node.digests)}[/dim]")
        return " — ".join(parts)

    def grow(branch: Tree, node) -> None:
        for child in node.children:
            grow(branch.add(label(child)), child)

    down = Tree(label(tree.root))
    grow(down, tree.root)
    console.print("[underline]descendants[/underline] (methods that extend it)")
    console.print(down)
    if tree.ancestors:
        up = Tree(label(tree.ancestors))
        grow(up, tree.ancestors)
        console.print("[underline]ancestors[/underline] (what it extends)")
        console.print(up)
    if not tree.root.children and not tree.ancestors:
        console.print(f"no lineage recorded for {tree.root.label}")


@app.command()
def shared(
    location: Optional[Path] = typer.Argument(None, help="A build folder (default build/)."),
    base_model: Optional[str] = typer.Option(None, "--base-model", help="A model family (any size or version counts)."),
    benchmark: Optional[str] = typer.Option(None, "--benchmark", help="A benchmark (any edition counts)."),
    store: Optional[Path] = typer.Option(None, "--store", help=STORE_HELP),
    endpoint: Optional[str] = typer.Option(None, "--endpoint", help=ENDPOINT_HELP),
) -> None:
    """Papers that share a base model family or a benchmark, grouped by the variant or edition they use."""
    from .usecases import shared as compute

    if bool(base_model) == bool(benchmark):
        fail("give one of --base-model NAME or --benchmark NAME")
    target = _open(location, store, endpoint)
    kind, relation = ("Model", "usesBaseModel") if base_model else ("Benchmark", "evaluatedOn")
    found = _resolve(target, base_model or benchmark, kind)
    groups = compute(target, found, relation)
    if not groups:
        console.print(f"no paper {'builds on' if base_model else 'reports'} {found.label}")
        return
    papers = {title for g in groups for title, _ in g.papers}
    console.print(f"[bold]{len(papers)}[/bold] papers share {found.label}")
    for group in groups:
        tree = Tree(f"[bold]{group.entity}[/bold]")
        for title, digests in group.papers:
            tree.add(f"{title} [dim]{', '.join(digests)}[/dim]")
        console.print(tree)


@app.command()
def entity(
    name: str = typer.Argument(..., help="An entity's name or alias (any case)."),
    location: Optional[Path] = typer.Argument(None, help="A build folder (default build/)."),
    store: Optional[Path] = typer.Option(None, "--store", help=STORE_HELP),
    endpoint: Optional[str] = typer.Option(None, "--endpoint", help=ENDPOINT_HELP),
) -> None:
    """An entity's card: type, aliases, family, digests, and every relation with its evidence sentence."""
    from .usecases import entity_card

    target = _open(location, store, endpoint)
    card = entity_card(target, _resolve(target, name, None))
    console.print(f"[bold]{card.label}[/bold] ({card.type})")
    for title, values in (("aliases", card.aliases), ("family", card.families), ("variants", card.variants), ("digests", card.digests)):
        if values:
            console.print(f"  {title}: {', '.join(values)}", highlight=False)
    if card.statements:
        table = RichTable("subject", "relation", "object", "evidence", "digest", show_lines=True)
        for st in card.statements:
            table.add_row(st.subject, st.relation, st.object, st.sentence, st.digest)
        console.print(table)


# ---------------------------------------------------------------- serving and exporting


@app.command()
def export(
    location: Optional[Path] = typer.Argument(None, help="A build folder (default build/)."),
    format: str = typer.Option("ttl", "--format", help="ttl, nt, trig, jsonld, graphml, gexf or cytoscape."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write to this file (default: standard output)."),
    store: Optional[Path] = typer.Option(None, "--store", help=STORE_HELP),
    endpoint: Optional[str] = typer.Option(None, "--endpoint", help=ENDPOINT_HELP),
) -> None:
    """Export the graph for other tools (Gephi: graphml/gexf; Cytoscape: cytoscape; RDF tools: ttl/nt/trig/jsonld)."""
    from .export import FORMATS, export as run_export
    from .pipeline import write_atomic

    if format not in FORMATS:
        fail(f"unknown format {format!r} (one of {', '.join(FORMATS)})")
    try:
        data = run_export(_open(location, store, endpoint), format)
        if out:
            write_atomic(out, data)
        else:
            typer.echo(data.decode("utf-8"), nl=False)
    except StoreError as err:
        fail(str(err))
    except OSError as err:
        fail(f"cannot write {out}: {err.strerror}")


@app.command()
def viz(
    location: Optional[Path] = typer.Argument(None, help="A build folder (default build/)."),
    focus: Optional[str] = typer.Option(None, "--focus", help="Show the part of the graph around this entity."),
    depth: int = typer.Option(2, "--depth", help="How many steps from --focus to include."),
    types: Optional[str] = typer.Option(None, "--types", help="Comma-separated node types to keep (Paper,Method,Model,Benchmark,Organization)."),
    out: Path = typer.Option(Path("graph-view.html"), "--out", help="The page to write."),
    store: Optional[Path] = typer.Option(None, "--store", help=STORE_HELP),
    endpoint: Optional[str] = typer.Option(None, "--endpoint", help=ENDPOINT_HELP),
) -> None:
    """Write an interactive page of the graph, or of the part around one entity."""
    from .export import union_graph
    from .html import TYPE_STYLE, render_page
    from .pipeline import write_atomic

    kept = {t.strip().capitalize() for t in types.split(",")} if types else None
    if kept and not kept <= set(TYPE_STYLE):
        fail(f"unknown type(s) {', '.join(sorted(kept - set(TYPE_STYLE)))} (use {', '.join(TYPE_STYLE)})")
    if depth < 0:
        fail("--depth must be 0 or more")
    target = _open(location, store, endpoint)
    centre = _resolve(target, focus, None) if focus else None
    try:
        page = render_page(union_graph(target), title=f"papers-kg: {centre.label}" if centre else "papers-kg",
                           focus=centre.iri if centre else None, depth=depth, types=kept)
        write_atomic(out, page.encode("utf-8"))
    except StoreError as err:
        fail(str(err))
    except OSError as err:
        fail(f"cannot write {out}: {err.strerror}")
    console.print(f"wrote {out}")


@app.command()
def serve(
    location: Optional[Path] = typer.Argument(None, help="A build folder (default build/)."),
    store: Optional[Path] = typer.Option(None, "--store", help=STORE_HELP),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(7878, "--port", help="Port to listen on."),
    timeout: float = typer.Option(10.0, "--timeout", help="Seconds a query may run."),
    max_rows: int = typer.Option(10_000, "--max-rows", help="Rows a query may return."),
    workers: int = typer.Option(4, "--workers", min=1, help="Query worker processes (each holds a copy of an in-memory graph)."),
) -> None:
    """Serve a read-only SPARQL 1.1 endpoint (/sparql), a query editor (/editor) and the interactive page (/)."""
    from .endpoint import ServeSettings, serve as start
    from .export import union_graph
    from .html import render_page

    target = _open(location, store, None)
    folder = location or (None if store else Path("build"))
    page_file = folder / "graph.html" if folder else None
    page = page_file.read_bytes() if page_file and page_file.is_file() else render_page(union_graph(target)).encode("utf-8")
    try:
        server = start(target, page, host, port, ServeSettings(timeout=timeout, max_rows=max_rows, workers=workers))
    except StoreError as err:
        fail(str(err))
    except OSError as err:
        fail(f"cannot listen on {host}:{port}: {err.strerror}")
    base = f"http://{host}:{server.server_port}"
    console.print(f"SPARQL endpoint: {base}/sparql   editor: {base}/editor   page: {base}/", soft_wrap=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.shutdown()


# ---------------------------------------------------------------- measuring


@app.command("eval")
def eval_command(
    inputs: List[Path] = typer.Argument(..., help="The digests the gold file annotates (files or folders)."),
    gold: Path = typer.Option(..., "--gold", help="Gold annotations in the format of gold/GUIDELINES.md."),
    as_json: bool = typer.Option(False, "--json", help="Print the scores as JSON."),
    verbose: bool = typer.Option(False, "-v", "--verbose", help="List every miss and false positive."),
    without_vocab: bool = typer.Option(False, "--without-vocab", help="Remove the vocabulary's entries for every gold entity first."),
) -> None:
    """Score extraction against hand annotations: entity, relation, extends and variantOf P/R/F1."""
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
                console.print(f"[yellow]miss[/yellow] {name}: {miss}", highlight=False, soft_wrap=True)
            for fp in score.false_positives:
                console.print(f"[red]false positive[/red] {name}: {fp}", highlight=False, soft_wrap=True)
