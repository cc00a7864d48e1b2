"""The use-case commands and the endpoint, on the seeds, as a user runs them."""

import json

import pytest
from SPARQLWrapper import CSV, JSON, TURTLE, XML, SPARQLWrapper
from typer.testing import CliRunner

from kg.cli import app
from kg.endpoint import ServeSettings, serve
from kg.html import graph_data, render_page
from kg.pipeline import write_outputs

runner = CliRunner()


@pytest.fixture(scope="module")
def build_dir(seeds_result, tmp_path_factory):
    folder = tmp_path_factory.mktemp("build")
    write_outputs(seeds_result, folder)
    return folder


def test_lineage_tree(build_dir):
    result = runner.invoke(app, ["lineage", "grpo", str(build_dir)])
    assert result.exit_code == 0, result.output
    assert "GRPO-RoC" in result.output and "introduced by “rStar2-Agent”" in result.output
    dapo = runner.invoke(app, ["lineage", "DAPO", str(build_dir)])
    assert "ancestors" in dapo.output and "PPO" in dapo.output
    # Issue 9: a child whose edge is only in the names is marked; ARPO's is stated ('using GRPO with ...').
    rows = {line.split()[1]: line for line in result.output.splitlines() if line.startswith(("├", "└"))}
    assert "GRPO-RoC (by name) — introduced by" in rows["GRPO-RoC"] and "(by name)" not in rows["ARPO"]


def test_page_lineage_edges_carry_their_basis(seeds_graph):
    """The page's lineage panel marks an edge read from the names: each extends edge carries its basis."""
    data = graph_data(seeds_graph)
    label = {n["id"]: n["label"] for n in data["nodes"]}
    bases = {(label[e["from"]], label[e["to"]]): e.get("basis") for e in data["edges"] if e["relation"] == "extends"}
    assert bases[("ARPO", "GRPO")] == "stated" and bases[("GRPO-RoC", "GRPO")] == "name"
    assert not any("basis" in e for e in data["edges"] if e["relation"] != "extends")


def test_shared_base_model_is_family_aware(build_dir):
    result = runner.invoke(app, ["shared", str(build_dir), "--base-model", "qwen-2.5"])
    assert result.exit_code == 0, result.output
    assert "8 papers share Qwen2.5" in result.output
    assert "Qwen2.5-Math-7B" in result.output and "Test-Time Reinforcement Learning" in result.output
    assert "Qwen3" not in result.output


def test_shared_benchmark_is_edition_aware(build_dir):
    result = runner.invoke(app, ["shared", str(build_dir), "--benchmark", "AIME"])
    assert "AIME 2024" in result.output and "AIME 2025" in result.output and "Llama-Nemotron" in result.output


def test_entity_card_and_unknown_names(build_dir):
    card = runner.invoke(app, ["entity", "AIME25", str(build_dir)])
    assert card.exit_code == 0, card.output
    assert "AIME 2025 (Benchmark)" in card.output and "family: AIME" in card.output
    assert "evaluatedOn" in card.output and "Phi-4-reasoning" in card.output
    unknown = runner.invoke(app, ["lineage", "GRPX", str(build_dir)])
    assert unknown.exit_code == 1 and "did you mean GRPO" in unknown.output and "Traceback" not in unknown.output
    wrong_type = runner.invoke(app, ["shared", str(build_dir), "--benchmark", "GRPO"])
    assert wrong_type.exit_code == 1 and "no benchmark named 'GRPO'" in wrong_type.output


def test_an_organisations_card_gathers_its_units(build_dir):
    """Issue 9's one policy for organisations: Meta FAIR stays itself, part of Meta AI, part of Meta; Meta's card
    lists its units and the papers they are affiliated with."""
    unit = runner.invoke(app, ["entity", "Meta FAIR", str(build_dir)])
    assert unit.exit_code == 0, unit.output
    assert "part of: Meta AI, Meta" in unit.output
    company = runner.invoke(app, ["entity", "Meta", str(build_dir), "--format", "json"])
    card = json.loads(company.output)
    assert card["part_of"] == [] and {"Meta AI", "Meta FAIR"} <= set(card["units"])
    assert {"subject": "Code World Model", "relation": "affiliation", "object": "Meta FAIR"}.items() <= \
        next(s for s in card["statements"] if s["object"] == "Meta FAIR").items()
    named = runner.invoke(app, ["query", str(build_dir), "papers-by-organization", "--param", "name=meta", "--format", "json"])
    assert {(r["unit"], r["title"]) for r in json.loads(named.output)} >= {("Meta FAIR", "Code World Model")}


def test_named_queries_bind_parameters(build_dir):
    listed = runner.invoke(app, ["queries"])
    assert "lineage" in listed.output and "shared-benchmark" in listed.output
    result = runner.invoke(app, ["query", str(build_dir), "papers-by-base-and-benchmark", "--param", "model=Qwen2.5",
                                 "--param", "benchmark=aime", "--format", "json"])
    rows = json.loads(result.output)
    assert {"title": "Test-Time Reinforcement Learning", "base": "Qwen2.5-Math-7B", "edition": "AIME 2024"} in rows
    missing = runner.invoke(app, ["query", str(build_dir), "lineage"])
    assert missing.exit_code == 1 and "needs --param name" in missing.output
    hostile = runner.invoke(app, ["query", str(build_dir), "lineage", "--param", 'name=GRPO" } } #', "--format", "json"])
    assert hostile.exit_code == 0 and json.loads(hostile.output) == []


@pytest.mark.parametrize("fmt,needle", [("ttl", b"kg:extends"), ("nt", b"<https://w3id.org/papers-kg/ontology#extends>"),
                                        ("jsonld", b'"@context"'), ("graphml", b"<graphml"), ("gexf", b"<gexf"),
                                        ("cytoscape", b'"elements"'), ("trig", b"kg:extends")])
def test_exports(build_dir, tmp_path, fmt, needle):
    out = tmp_path / f"graph.{fmt}"
    result = runner.invoke(app, ["export", str(build_dir), "--format", fmt, "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert needle in data and b"GRPO-RoC" in data


def test_cytoscape_export_has_typed_nodes(build_dir, tmp_path):
    out = tmp_path / "c.json"
    runner.invoke(app, ["export", str(build_dir), "--format", "cytoscape", "--out", str(out)])
    nodes = {n["data"]["label"]: n["data"]["type"] for n in json.loads(out.read_text())["elements"]["nodes"]}
    assert nodes["GRPO"] == "Method" and nodes["Qwen2.5"] == "Model" and nodes["AIME 2024"] == "Benchmark"


@pytest.fixture(scope="module")
def endpoint(build_dir, seeds_graph):
    from kg.store import open_store

    server = serve(open_store(build_dir), render_page(seeds_graph).encode(), "127.0.0.1", 0, ServeSettings(timeout=5, max_rows=50))
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def _client(url, query, fmt):
    client = SPARQLWrapper(url + "/sparql")
    client.setQuery(query)
    client.setReturnFormat(fmt)
    return client


def test_endpoint_answers_sparqlwrapper(endpoint):
    query = 'PREFIX kg: <https://w3id.org/papers-kg/ontology#> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> ' \
            'SELECT ?l WHERE { ?g rdfs:label "GRPO" . ?m kg:extends+ ?g ; rdfs:label ?l } ORDER BY ?l'
    result = _client(endpoint, query, JSON).query().convert()
    assert [b["l"]["value"] for b in result["results"]["bindings"]] == ["ARPO", "GRPO-GR", "GRPO-RoC"]
    xml = _client(endpoint, query, XML).query().convert()
    assert [n.firstChild.data for n in xml.getElementsByTagName("literal")] == ["ARPO", "GRPO-GR", "GRPO-RoC"]
    csv = _client(endpoint, query, CSV).query().convert().decode()
    assert csv.split() == ["l", "ARPO", "GRPO-GR", "GRPO-RoC"]
    post = _client(endpoint, query, JSON)
    post.setMethod("POST")
    assert len(post.query().convert()["results"]["bindings"]) == 3


def test_endpoint_graph_results_and_limits(endpoint):
    construct = 'PREFIX kg: <https://w3id.org/papers-kg/ontology#> CONSTRUCT { ?m kg:extends ?p } WHERE { ?m kg:extends ?p }'
    graph = _client(endpoint, construct, TURTLE).query().convert()
    assert b"extends" in graph
    client = _client(endpoint, "SELECT * WHERE { ?s ?p ?o }", JSON)
    response = client.query()
    assert len(response.convert()["results"]["bindings"]) == 50
    assert response.info()["x-result-truncated"] == "true"


def test_endpoint_is_read_only_and_serves_the_page(endpoint):
    import urllib.error
    import urllib.request

    update = urllib.request.Request(endpoint + "/sparql", data=b"DELETE WHERE { ?s ?p ?o }", method="POST",
                                    headers={"Content-Type": "application/sparql-update"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(update)
    assert refused.value.code == 403
    form = urllib.request.Request(endpoint + "/sparql", data=b"update=DROP+ALL", method="POST",
                                  headers={"Content-Type": "application/x-www-form-urlencoded"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(form)
    assert refused.value.code == 403
    page = urllib.request.urlopen(endpoint + "/").read()
    assert b"vis.Network" in page
    bad = urllib.request.Request(endpoint + "/sparql?query=SELECT+%7B", method="GET")
    with pytest.raises(urllib.error.HTTPError) as rejected:
        urllib.request.urlopen(bad)
    assert rejected.value.code == 400


def test_endpoint_times_out_a_long_query(build_dir):
    import urllib.error
    import urllib.parse
    import urllib.request

    from kg.store import open_store

    server = serve(open_store(build_dir), b"", "127.0.0.1", 0, ServeSettings(timeout=0.3, max_rows=10**9))
    try:
        query = urllib.parse.quote("SELECT * WHERE { ?a ?b ?c . ?d ?e ?f }")
        with pytest.raises(urllib.error.HTTPError) as timed_out:
            urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/sparql?query={query}", timeout=30)
        assert timed_out.value.code == 503
    finally:
        server.shutdown()


def test_viz_writes_a_focused_page(build_dir, tmp_path):
    out = tmp_path / "grpo.html"
    result = runner.invoke(app, ["viz", str(build_dir), "--focus", "grpo", "--depth", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    from test_html import _page_data

    labels = {n["label"] for n in _page_data(page)[1]["nodes"]}
    assert "papers-kg: GRPO" in page and "GRPO-RoC" in labels and "Softpick" not in labels
    bad = runner.invoke(app, ["viz", str(build_dir), "--types", "Paper,Widget"])
    assert bad.exit_code == 1 and "unknown type(s) Widget" in bad.output
