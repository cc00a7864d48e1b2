"""The `kg` command: parses arguments, calls the library (kg.pipeline, kg.usecases, kg.evaluate, ...), prints.

Commands that read a graph take it from a build folder (default ``build/``),
``--store DIR`` (Oxigraph on disk) or ``--endpoint URL`` (a SPARQL 1.1 server):
those three are declared once, by ``reads_graph``, and reach a command as one
``GraphSource``. Commands that print a table take ``--format table|csv|json``.
"""

from __future__ import annotations

import functools
import inspect
import json
import sys
import time
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable
from rich.text import Text
from rich.tree import Tree

from .namespaces import EntityType, LineageBasis
from .query import QueryError, named_queries, parse_params, run, to_csv
from .source import GraphSource
from .store import GraphStore, StoreError, Table
from .textree import tree_lines

# A query command's start-up is mostly imports: what only building, adding or --version needs (rdflib, spaCy,
# rich.progress, importlib.metadata, kg.ingest) is imported where it is used (tests/test_cli.py checks).
if TYPE_CHECKING:
    from rich.progress import Progress

app = typer.Typer(no_args_is_help=True, help="Knowledge graph of AI papers from weekly digests.")

# At a terminal, output fits its width; piped or captured, every cell stays whole on one line
# (scripts and logs read lines, and a wrapped cell is a different value).
UNWRAPPED_WIDTH = 1_000_000
console = Console(width=None if sys.stdout.isatty() else UNWRAPPED_WIDTH)
errors = Console(stderr=True)

STORE_HELP = "An Oxigraph store on disk instead of a build folder ('kg add' creates it)."
ENDPOINT_HELP = "A SPARQL 1.1 endpoint's query URL instead of a build folder ('kg add' needs one that takes updates)."


class Format(str, Enum):
    table = "table"
    csv = "csv"
    json = "json"


FORMAT_HELP = "table (for reading), csv or json (for scripts; the JSON keys are listed in the README)."
FormatOption = Annotated[Format, typer.Option("--format", help=FORMAT_HELP, case_sensitive=False)]


def fail(message: str) -> NoReturn:
    errors.print(f"[red]error:[/red] {message}", markup=True, highlight=False, soft_wrap=True)
    raise typer.Exit(code=1)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as package_version

        try:
            typer.echo(f"papers-kg {package_version('papers-kg')}")
        except PackageNotFoundError:  # running from a source tree that was never installed
            typer.echo("papers-kg (not installed)")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool | None, typer.Option("--version", callback=_version, is_eager=True,
                                                    help="Print the version and exit.")] = None,
) -> None:
    """Knowledge graph of AI papers from weekly digests."""


# ---------------------------------------------------------------- the graph-source options, declared once

Location = Annotated[Path | None, typer.Argument(help="A build folder (default build/).", show_default=False)]
StoreOption = Annotated[Path | None, typer.Option("--store", help=STORE_HELP)]
EndpointOption = Annotated[str | None, typer.Option("--endpoint", help=ENDPOINT_HELP)]


def reads_graph(*, location: bool = True, endpoint: bool = True) -> Callable:
    """Give a command the graph-source parameters ([DIR] after its own arguments, --store, --endpoint)
    and pass them to it as ``source: GraphSource``."""

    def decorate(command: Callable) -> Callable:
        signature = inspect.signature(command, eval_str=True)
        own = [p for p in signature.parameters.values() if p.name != "source"]
        added = []
        if location:
            added.append(inspect.Parameter("location", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                                           annotation=Location))
        added.append(inspect.Parameter("store", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                                       annotation=StoreOption))
        if endpoint:
            added.append(inspect.Parameter("endpoint", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                                           annotation=EndpointOption))
        # Typer reads arguments in signature order: the location comes after the command's own arguments.
        arguments = [p for p in own if p.default is inspect.Parameter.empty or isinstance(p.default, typer.models.ArgumentInfo)]
        options = [p for p in own if p not in arguments]
        parameters = arguments + added + options

        @functools.wraps(command)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            bound = inspect.Signature(parameters).bind(*args, **kwargs)
            values = dict(bound.arguments)
            source = GraphSource(values.pop("location", None), values.pop("store", None), values.pop("endpoint", None))
            return command(source=source, **values)

        hints = {p.name: p.annotation for p in parameters}
        wrapper.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        wrapper.__annotations__ = {**hints, "return": None}
        return wrapper

    return decorate


def _open(source: GraphSource, writable: bool = False) -> GraphStore:
    try:
        opened = source.open(writable)
    except StoreError as err:
        fail(str(err))
    reason = getattr(opened, "parsed_turtle", None)
    if reason and errors.is_terminal:  # a hint for a person; scripts keep a clean stderr
        errors.print(f"[dim]note: {escape(reason)}, so graph.ttl is read on every call; "
                     "'kg build' again makes it fast[/dim]", highlight=False)  # wrapped at the terminal's width
    return opened


# ---------------------------------------------------------------- printing


def _emit(fmt: Format, table: Table, data: Any, show: Callable[[], None]) -> None:
    """One place that turns a command's result into its chosen format."""
    if fmt is Format.csv:
        typer.echo(to_csv(table), nl=False)
    elif fmt is Format.json:
        try:
            text = json.dumps(data, indent=2, ensure_ascii=False)
        except RecursionError:  # the json module nests by recursion: a lineage chain of ~1,000 methods
            fail("the result is nested too deeply for JSON; --format csv gives one row per edge")
        typer.echo(text)
    else:
        show()


def _rich_table(table: Table, **options: Any) -> RichTable:
    shown = RichTable(*table.columns, **options)
    for row in table.rows:
        shown.add_row(*row)
    return shown


class _Bar:
    """A progress bar that starts a new count whenever the library reports a new stage."""

    def __init__(self, progress: Progress):
        self.progress, self.task, self.stage = progress, progress.add_task("starting"), ""

    def __call__(self, step: Any) -> None:
        if step.stage != self.stage:
            self.stage = step.stage
            self.progress.reset(self.task, total=step.total, description=step.description)
        self.progress.update(self.task, advance=1, description=step.description)


def _progress() -> Progress:
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(), console=errors, transient=True)


# ---------------------------------------------------------------- building


@app.command()
def build(
    inputs: list[Path] = typer.Argument(..., help="Digest files (.txt/.md) and/or folders of them."),
    out: Path = typer.Option(Path("build"), "--out", help="Folder for graph.ttl and graph.html."),
    format: FormatOption = Format.table,
) -> None:
    """Build the knowledge graph of some digests: DIR/graph.ttl and DIR/graph.html."""
    from .ingest import IngestError
    from .pipeline import OutputError, summarize, write_outputs
    from .pipeline import build as build_graph

    try:
        with _progress() as bar:
            result = build_graph(inputs, progress=_Bar(bar))
            bar.update(bar.task_ids[0], description="writing graph.ttl and graph.html")
            paths = write_outputs(result, out)
    except (IngestError, OutputError) as err:
        fail(str(err))
    except OSError as err:
        fail(f"cannot write to {out}: {err.strerror}")
    summary = summarize(result)
    _emit(format, summary.table(), {**summary.as_dict(), "wrote": [str(p) for p in paths.values()]},
          lambda: _print_summary(summary, paths))


def _print_summary(summary: Any, paths: dict[str, Path]) -> None:
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
        console.print(f"wrote {path}", soft_wrap=True)


@app.command()
@reads_graph(location=False)
def add(
    source: GraphSource,
    digests: list[Path] = typer.Argument(..., help="Digest files and/or folders to add."),
    format: FormatOption = Format.table,
    date: Annotated[str | None, typer.Option("--date", help="The week (YYYY-MM-DD) of digests whose file name and header state none.")] = None,
) -> None:
    """Add digests to a persistent store: unchanged digests are skipped, changed ones replaced."""
    import datetime

    from .ingest import IngestError
    from .pipeline import add_to_store

    if date is not None:
        try:
            date = datetime.date.fromisoformat(date).isoformat()
        except ValueError:
            fail(f"--date {date!r} is not a date (use YYYY-MM-DD)")

    target = _open(source, writable=True)
    try:
        with _progress() as bar:
            outcomes = add_to_store(target, digests, progress=_Bar(bar), default_date=date)
    except (IngestError, StoreError) as err:
        fail(str(err))
    finally:
        target.close()
    table = Table(("status", "file"), tuple((o.status, o.source_file) for o in outcomes))
    counts = {s: sum(o.status == s for o in outcomes) for s in ("added", "replaced", "unchanged")}

    def show() -> None:
        for outcome in outcomes:
            console.print(f"{outcome.status:>9}  {outcome.source_file}", highlight=False, soft_wrap=True)
        console.print(", ".join(f"{n} {s}" for s, n in counts.items()))

    _emit(format, table, [{"file": o.source_file, "status": o.status} for o in outcomes], show)


# ---------------------------------------------------------------- querying


@app.command()
def query(
    args: list[str] = typer.Argument(
        ..., metavar="[DIR] QUERY",
        help="A build folder (default build/), then a SPARQL query, a .rq file or a named query (see 'kg queries')."),
    param: list[str] = typer.Option([], "--param", help="key=value bound into the query (repeatable); <...> is an IRI."),
    format: FormatOption = Format.table,
    store: StoreOption = None,
    endpoint: EndpointOption = None,
) -> None:
    """Run a SPARQL query on a graph."""
    # The folder shares one argument list with the query (it comes first and is optional), so this
    # command takes the source options itself rather than through reads_graph.
    if len(args) > 2:
        fail("give at most a folder and a query (quote the query)")
    location, text = (Path(args[0]), args[1]) if len(args) == 2 else (None, args[0])
    try:
        table = run(_open(GraphSource(location, store, endpoint)), text, parse_params(param))
    except (QueryError, StoreError) as err:
        fail(str(err))

    def show() -> None:
        console.print(_rich_table(table))
        console.print(f"{len(table.rows)} rows")

    _emit(format, table, [dict(zip(table.columns, row, strict=False)) for row in table.rows], show)


@app.command()
def queries(format: FormatOption = Format.table) -> None:
    """List the named queries that 'kg query' runs by name."""
    named = named_queries().values()
    table = Table(("name", "description", "parameters"),
                  tuple((q.name, q.description, " ".join(p for p, _ in q.params)) for q in named))
    data = [{"name": q.name, "description": q.description, "parameters": [p for p, _ in q.params]} for q in named]
    _emit(format, table, data, lambda: console.print(_rich_table(
        Table(("name", "what it answers", "parameters"), tuple((n, d, p or "-") for n, d, p in table.rows)))))


def _resolve(target: GraphStore, name: str, kind: str | None) -> Any:
    from .usecases import UnknownName, resolve

    try:
        return resolve(target, name, kind)
    except (UnknownName, StoreError) as err:
        fail(str(err))


@app.command()
@reads_graph()
def lineage(
    source: GraphSource,
    method: str = typer.Argument(..., help="A method's name or alias (any case)."),
    format: FormatOption = Format.table,
) -> None:
    """Methods that extend METHOD (transitively), and what METHOD extends, with the papers that introduce them."""
    from .usecases import lineage as compute
    from .usecases import lineage_dict, lineage_table

    target = _open(source)
    try:
        tree = compute(target, _resolve(target, method, EntityType.METHOD.value))
    except StoreError as err:
        fail(str(err))

    def label(node: Any) -> Text:
        # Text, not markup: a label or title with '[' must print as written.
        head = Text(node.label, style="bold")
        if node.basis == LineageBasis.NAME.value:  # read from the names, not stated by a sentence
            head.append(" (by name)", style="dim")
        parts = [head]
        if node.introduced_by:
            parts.append(Text(f"introduced by “{'”, “'.join(node.introduced_by)}”"))
        if node.digests:
            parts.append(Text(", ".join(node.digests), style="dim"))
        return Text(" — ").join(parts)

    def show() -> None:
        # A heading is printed only with something under it. The tree is lines that wrap under their
        # branch (rich's Tree crops at the edge, and recurses once per level).
        for heading, top in (("descendants[/underline] (methods that extend it)", tree.root if tree.root.children else None),
                             ("ancestors[/underline] (what it extends)", tree.ancestors)):
            if top is not None:
                console.print(f"[underline]{heading}")
                for line in tree_lines(top, lambda n: n.children, label, console):
                    console.print(line, soft_wrap=True, highlight=False)
        if not tree.root.children and not tree.ancestors:
            console.print(Text(f"no lineage recorded for {tree.root.label}"))

    _emit(format, lineage_table(tree), lineage_dict(tree), show)


@app.command()
@reads_graph()
def shared(
    source: GraphSource,
    base_model: str | None = typer.Option(None, "--base-model", help="A model family (any size or version counts)."),
    benchmark: str | None = typer.Option(None, "--benchmark", help="A benchmark (any edition counts)."),
    format: FormatOption = Format.table,
) -> None:
    """Papers that share a base model family or a benchmark, grouped by the variant or edition they use."""
    from .usecases import SharedQuestion, SharedUsage, UnknownName, shared_papers

    try:
        question = SharedQuestion.ask(base_model, benchmark)
    except SharedUsage as err:
        fail(str(err))
    target = _open(source)
    try:
        found = shared_papers(target, question)
    except (UnknownName, StoreError) as err:
        fail(str(err))

    def show() -> None:
        if not found.groups:
            console.print(f"no paper {'builds on' if base_model else 'reports'} {found.family.label}")
            return
        console.print(f"[bold]{found.paper_count}[/bold] papers share {found.family.label}")
        for group in found.groups:
            tree = Tree(f"[bold]{group.entity}[/bold]")
            for title, digests in group.papers:
                tree.add(f"{title} [dim]{', '.join(digests)}[/dim]")
            console.print(tree)

    _emit(format, found.table(), found.as_dict(), show)


@app.command()
@reads_graph()
def entity(
    source: GraphSource,
    name: str = typer.Argument(..., help="An entity's name or alias (any case)."),
    format: FormatOption = Format.table,
) -> None:
    """An entity's card: type, aliases, family, digests, and every relation with its evidence sentence."""
    from .usecases import entity_card

    target = _open(source)
    try:
        card = entity_card(target, _resolve(target, name, None))
    except StoreError as err:
        fail(str(err))

    def show() -> None:
        console.print(f"[bold]{card.label}[/bold] ({card.type})")
        for title, values in (("aliases", card.aliases), ("family", card.families), ("variants", card.variants),
                              ("part of", card.part_of), ("units", card.units), ("digests", card.digests)):
            if values:
                console.print(f"  {title}: {', '.join(values)}", highlight=False, soft_wrap=True)
        if card.statements:
            console.print(_rich_table(card.table(), show_lines=True))

    _emit(format, card.table(), card.as_dict(), show)


@app.command("leaderboard")
@reads_graph()
def leaderboard_command(
    source: GraphSource,
    benchmark: str = typer.Argument(..., help="A benchmark's name or alias (any case); its editions count."),
    metric: str | None = typer.Option(None, "--metric", help="Keep only results in this metric (accuracy, pass@1, ...)."),
    format: FormatOption = Format.table,
) -> None:
    """Every result reported on a benchmark and its editions, best first, with system, paper, digest and setting."""
    from .usecases import leaderboard as compute

    target = _open(source)
    found = _resolve(target, benchmark, EntityType.BENCHMARK.value)
    try:
        rows = compute(target, found, metric)
    except StoreError as err:
        fail(str(err))
    columns = ("rank", "system", "value", "unit", "metric", "benchmark", "setting", "paper", "digests", "dates")
    table = Table(columns, tuple(
        (str(n), r.system, str(r.value), r.unit, r.metric, r.benchmark, r.setting or "", r.paper, " ".join(r.digests), " ".join(r.dates))
        for n, r in enumerate(rows, 1)))

    def show() -> None:
        if not rows:
            console.print(f"no result reported on {found.label}" + (f" in {metric}" if metric else ""))
            return
        shown = RichTable("#", "system", "score", "metric", "benchmark", "setting", "paper", "digest", title=f"{found.label} leaderboard")
        for row in table.rows:
            shown.add_row(row[0], row[1], f"{row[2]}{'%' if row[3] == '%' else ' ' + row[3]}", row[4], row[5], row[6], row[7], row[8])
        console.print(shown)

    _emit(format, table, [dict(zip(columns, row, strict=True)) for row in table.rows], show)


@app.command()
def explain(
    name: str = typer.Argument(..., help="An entity's name or alias (any case)."),
    location: Path = typer.Argument(Path("build"), help="A build folder with the trace.jsonl `kg build` writes."),
) -> None:
    """Why the graph says what it does about NAME: every type vote (rule, weight, sentence), how its type
    and family were chosen, and for each relation the rule and sentence that made it."""
    from .trace import TraceError, read_trace
    from .trace import explain as explain_entity

    try:
        found = explain_entity(read_trace(location), name)
    except TraceError as err:
        fail(str(err))
    console.print(f"[bold]{escape(found.label)}[/bold] ({found.type})"
                  + (" [dim]in the vocabulary[/dim]" if found.in_vocabulary else ""), highlight=False)
    if found.aliases:
        console.print(f"  aliases: {escape(', '.join(found.aliases))}", highlight=False)
    console.print(f"  family: {escape(found.family) if found.family else 'none'}", highlight=False)
    console.print("[underline]decisions[/underline]")
    for rule, detail in found.decisions or (("none", "no decision recorded"),):
        console.print(f"  {rule}: {escape(detail)}", highlight=False)
    if found.votes:
        table = RichTable("rule", "type", "weight", "sentence", "digest", title="type votes", show_lines=True)
        for vote in found.votes:
            table.add_row(vote.rule, vote.type, str(vote.weight), escape(vote.sentence), escape(vote.digest))
        console.print(table)
    else:
        console.print("no type votes (its type comes from the decisions above)")
    if found.relations:
        table = RichTable("subject", "relation", "object", "rule", "sentence", "digest", title="relations", show_lines=True)
        for relation in found.relations:
            for rule, digest, sentence in relation.rules:
                table.add_row(escape(relation.subject), relation.predicate, escape(relation.object), rule, escape(sentence), escape(digest))
        console.print(table)
    else:
        console.print("no relations")


# ---------------------------------------------------------------- serving and exporting


@app.command()
@reads_graph()
def export(
    source: GraphSource,
    format: str = typer.Option("ttl", "--format", help="ttl, nt, trig, jsonld, graphml, gexf or cytoscape."),
    out: Path | None = typer.Option(None, "--out", help="Write to this file (default: standard output)."),
) -> None:
    """Export the graph for other tools (Gephi: graphml/gexf; Cytoscape: cytoscape; RDF tools: ttl/nt/trig/jsonld)."""
    from .export import FORMATS
    from .export import export as run_export
    from .pipeline import write_atomic

    if format not in FORMATS:
        fail(f"unknown format {format!r} (one of {', '.join(FORMATS)})")
    try:
        data = run_export(_open(source), format)
        if out:
            write_atomic(out, data)
        else:
            typer.echo(data.decode("utf-8"), nl=False)
    except StoreError as err:
        fail(str(err))
    except OSError as err:
        fail(f"cannot write {out}: {err.strerror}")


@app.command()
@reads_graph()
def viz(
    source: GraphSource,
    focus: str | None = typer.Option(None, "--focus", help="Show the part of the graph around this entity."),
    depth: int = typer.Option(2, "--depth", help="How many steps from --focus to include."),
    types: str | None = typer.Option(None, "--types", help="Comma-separated node types to keep (Paper,Method,Model,Benchmark,Organization)."),
    out: Path = typer.Option(Path("graph-view.html"), "--out", help="The page to write."),
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
    target = _open(source)
    centre = _resolve(target, focus, None) if focus else None
    try:
        page = render_page(union_graph(target), title=f"papers-kg: {centre.label}" if centre else "papers-kg",
                           focus=centre.iri if centre else None, depth=depth, types=kept)
        write_atomic(out, page.encode("utf-8"))
    except StoreError as err:
        fail(str(err))
    except OSError as err:
        fail(f"cannot write {out}: {err.strerror}")
    console.print(f"wrote {out}", soft_wrap=True)


@app.command()
@reads_graph(endpoint=False)
def serve(
    source: GraphSource,
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(7878, "--port", help="Port to listen on."),
    timeout: float = typer.Option(10.0, "--timeout", help="Seconds a query may run."),
    max_rows: int = typer.Option(10_000, "--max-rows", help="Rows a query may return."),
    workers: int = typer.Option(4, "--workers", min=1, help="Query worker processes (each holds a copy of an in-memory graph)."),
) -> None:
    """Serve a read-only SPARQL 1.1 endpoint (/sparql), a query editor (/editor) and the interactive page (/)."""
    from .endpoint import ServeSettings
    from .endpoint import serve as start

    target = _open(source)
    try:
        page = source.page(target)
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
    inputs: list[Path] = typer.Argument(..., help="The digests the gold file annotates (files or folders)."),
    gold: Path | None = typer.Option(
        None, "--gold", help="Gold annotations in the format of gold/GUIDELINES.md (its reported results too, when it has them)."),
    results_gold: Path | None = typer.Option(None, "--results-gold", help="Gold reported results (the last section of gold/GUIDELINES.md)."),
    format: FormatOption = Format.table,
    as_json: bool = typer.Option(False, "--json", help="Same as --format json."),
    verbose: bool = typer.Option(False, "-v", "--verbose", help="List every miss and false positive."),
    without_vocab: bool = typer.Option(False, "--without-vocab", help="Remove the vocabulary's entries for every gold entity first."),
) -> None:
    """Score extraction against hand annotations: entity, relation, extends, variantOf and reported-result P/R/F1."""
    from .evaluate import GoldError, evaluate_inputs, evaluate_results_inputs
    from .ingest import IngestError

    if gold is None and results_gold is None:
        fail("give --gold FILE, --results-gold FILE or both")
    try:
        report = evaluate_inputs(inputs, gold, without_vocab) if gold else None
        results = evaluate_results_inputs(inputs, results_gold) if results_gold else (
            evaluate_results_inputs(inputs, gold, required=False) if gold else None)
    except (GoldError, IngestError) as err:
        fail(str(err))
    rows = (report.rows() if report else []) + (results.rows() if results else [])
    table = Table(("score", "part", "precision", "recall", "f1", "tp", "fp", "fn"),
                  tuple((name, part, f"{s.precision:.4f}", f"{s.recall:.4f}", f"{s.f1:.4f}", str(s.tp), str(s.fp), str(s.fn))
                        for name, part, s in rows))
    data = {**(report.as_dict(verbose) if report else {}), **(results.as_dict(verbose) if results else {})}

    def show() -> None:
        shown = RichTable("score", "precision", "recall", "F1", "tp", "fp", "fn")
        for name, part, score in rows:
            shown.add_row(f"  {part}" if part else name, f"{score.precision:.3f}", f"{score.recall:.3f}", f"{score.f1:.3f}", str(score.tp),
                          str(score.fp), str(score.fn))
        console.print(shown)
        if results and results.results.tp:
            console.print(f"results matched: metric agrees on {results.metric_agree}/{results.results.tp}, "
                          f"unit on {results.unit_agree}/{results.results.tp}")
        if verbose:
            scores = [("entities", report.entities), ("relations", report.relations), ("extends", report.extends),
                      ("variantOf", report.variant_of)] if report else []
            scores += [("results", results.results)] if results else []
            for label, score in scores:
                for miss in score.misses:
                    console.print(f"[yellow]miss[/yellow] {label}: {miss}", highlight=False, soft_wrap=True)
                for fp in score.false_positives:
                    console.print(f"[red]false positive[/red] {label}: {fp}", highlight=False, soft_wrap=True)

    _emit(Format.json if as_json else format, table, data, show)
