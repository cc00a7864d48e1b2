import json

from typer.testing import CliRunner

from kg.cli import app

from conftest import SEEDS, write_digest

runner = CliRunner()


def test_build_prints_summary_and_writes_files(tmp_path):
    result = runner.invoke(app, ["build", str(SEEDS), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "5 digests, 66 papers" in result.output
    assert "GRPO" in result.output and "relations by kind" in result.output
    assert (tmp_path / "graph.ttl").stat().st_size > 0 and (tmp_path / "graph.html").stat().st_size > 0


def test_bad_input_is_one_line_and_keeps_old_output(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "graph.ttl").write_text("previous")
    bad = write_digest(tmp_path, "bad.txt", "")
    result = runner.invoke(app, ["build", str(bad), "--out", str(out)])
    assert result.exit_code == 1
    assert "no numbered or headlined paper items" in result.output and "Traceback" not in result.output
    assert (out / "graph.ttl").read_text() == "previous"
    missing = runner.invoke(app, ["build", str(tmp_path / "nope")])
    assert missing.exit_code == 1 and "no such file" in missing.output


def test_query_formats(tmp_path):
    runner.invoke(app, ["build", str(SEEDS), "--out", str(tmp_path)])
    query = 'SELECT ?l WHERE { ?m kg:extends+ ?g . ?g rdfs:label "GRPO" . ?m rdfs:label ?l } ORDER BY ?l'
    as_json = runner.invoke(app, ["query", str(tmp_path), query, "--format", "json"])
    assert {"l": "GRPO-RoC"} in json.loads(as_json.output)
    as_csv = runner.invoke(app, ["query", str(tmp_path), query, "--format", "csv"])
    assert as_csv.output.splitlines()[0] == "l" and "GRPO-GR" in as_csv.output
    rq = tmp_path / "q.rq"
    rq.write_text(query)
    table = runner.invoke(app, ["query", str(tmp_path), str(rq)])
    assert "ARPO" in table.output and "rows" in table.output


def test_query_errors(tmp_path):
    bad = runner.invoke(app, ["query", str(tmp_path), "SELECT ?x WHERE {"])
    assert bad.exit_code == 1 and "no graph here" in bad.output
    runner.invoke(app, ["build", str(SEEDS), "--out", str(tmp_path)])
    bad = runner.invoke(app, ["query", str(tmp_path), "SELECT ?x WHERE {"])
    assert bad.exit_code == 1 and "bad SPARQL" in bad.output and "Traceback" not in bad.output


_WATCH = """
import atexit, json, sys
atexit.register(lambda: print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & {'rdflib', 'spacy', 'networkx'})), file=sys.stderr))
sys.argv = ['kg', *sys.argv[1:]]
from kg.cli import app
app()
"""


def test_query_commands_on_a_build_folder_never_import_rdflib_or_spacy(seeds_result, tmp_path):
    """Start-up is most of a query command's time: what only building needs is not imported to answer."""
    import subprocess
    import sys

    from kg.pipeline import write_outputs

    write_outputs(seeds_result, tmp_path / "build")
    folder = str(tmp_path / "build")
    commands = {("lineage", "GRPO", folder): "GRPO-RoC", ("shared", "--base-model", "Qwen2.5", folder): "Qwen2.5",
                ("entity", "GRPO", folder): "GRPO", ("query", folder, "evidence", "--param", "name=GRPO"): "GRPO",
                ("leaderboard", "AIME", folder): "Phi-4-reasoning-plus", ("queries",): "evidence", ("--version",): "papers-kg"}
    for command, expected in commands.items():
        done = subprocess.run([sys.executable, "-c", _WATCH, *command, *(["--format", "json"] if len(command) > 1 else [])],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert expected in done.stdout
        assert json.loads(done.stderr.splitlines()[-1]) == [], command


def test_query_param_that_is_no_iri_is_one_line(tmp_path):
    runner.invoke(app, ["build", str(SEEDS), "--out", str(tmp_path)])
    bad = runner.invoke(app, ["query", str(tmp_path), "SELECT ?x WHERE { ?x ?p ?o }", "--param", "x=<not an iri>"])
    assert bad.exit_code == 1 and "is not an IRI" in bad.output and "Traceback" not in bad.output
