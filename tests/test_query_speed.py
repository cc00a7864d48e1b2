"""Queries that do not re-read everything (issue 15): a build folder's own store instead of its Turtle, names
through the store's name table, an evidence query that starts from the entity. Behaviour only, no timings
(benchmarks/bench_queries.py measures them)."""

import json
import shutil
from pathlib import Path

import pytest
from rdflib import Literal, URIRef
from typer.testing import CliRunner

from kg import usecases
from kg.cli import app
from kg.pipeline import add_to_store, write_outputs
from kg.query import named_queries
from kg.store import BUILD_STORE, OxigraphStore, StoreError, bind_values

from conftest import ROOT, SEEDS

runner = CliRunner()
OLD_EVIDENCE = (ROOT / "benchmarks" / "evidence-before.rq").read_text(encoding="utf-8")
LABEL_SCAN = "OPTIONAL { ?x skos:altLabel ?alias }"  # the query resolve reads every label with


@pytest.fixture(scope="module")
def build_dir(seeds_result, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("speed") / "build"
    write_outputs(seeds_result, folder)
    return folder


@pytest.fixture()
def no_turtle_parse(monkeypatch):
    """Reading a build folder's graph.ttl fails the test."""
    def refuse(cls, path):
        raise AssertionError(f"parsed {path}")

    monkeypatch.setattr(OxigraphStore, "from_turtle", classmethod(refuse))


class Recording:
    """A store that remembers the queries it was asked."""

    def __init__(self, store):
        self.store, self.asked = store, []

    def select(self, sparql, bindings=None):
        self.asked.append(sparql)
        return self.store.select(sparql, bindings)


COMMANDS = [["lineage", "GRPO"], ["shared", "--base-model", "qwen2.5"], ["shared", "--benchmark", "AIME"],
            ["entity", "Qwen-2.5"], ["leaderboard", "aime"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
def test_use_case_commands_from_a_build_folder_do_not_parse_turtle(build_dir, no_turtle_parse, command):
    result = runner.invoke(app, [*command, str(build_dir), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)


def test_named_query_from_a_build_folder_does_not_parse_turtle(build_dir, no_turtle_parse):
    result = runner.invoke(app, ["query", str(build_dir), "evidence", "--param", "name=grpo", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert any(row["object"] == "GRPO" for row in json.loads(result.stdout))


def test_an_older_build_folder_is_still_read_from_its_turtle(build_dir, tmp_path, no_turtle_parse):
    older = tmp_path / "older"
    older.mkdir()
    shutil.copy2(build_dir / "graph.ttl", older / "graph.ttl")
    with pytest.raises(AssertionError, match="parsed"):  # the patch holds: without a store, Turtle is parsed
        OxigraphStore.from_build(older)


def test_an_older_build_folder_answers_like_the_store(build_dir, tmp_path):
    older = tmp_path / "older"
    older.mkdir()
    shutil.copy2(build_dir / "graph.ttl", older / "graph.ttl")
    parsed, kept = OxigraphStore.from_build(older), OxigraphStore.from_build(build_dir)
    assert parsed.parsed_turtle and "no graph.oxigraph" in parsed.parsed_turtle and kept.parsed_turtle is None
    for command in COMMANDS:
        answers = [runner.invoke(app, [*command, str(folder), "--format", "json"]) for folder in (older, build_dir)]
        assert answers[0].exit_code == answers[1].exit_code == 0
        assert json.loads(answers[0].stdout) == json.loads(answers[1].stdout), command


def test_an_edited_graph_ttl_is_read_not_the_stale_store(build_dir, tmp_path):
    folder = tmp_path / "edited"
    shutil.copytree(build_dir, folder)
    assert OxigraphStore.from_build(folder).parsed_turtle is None  # a copy that keeps the times keeps its store
    with open(folder / "graph.ttl", "a", encoding="utf-8") as out:
        out.write('\n<https://w3id.org/papers-kg/resource/method/zorbpo> a kg:Method ; rdfs:label "ZorbPO" .\n')
    store = OxigraphStore.from_build(folder)
    assert store.parsed_turtle and "changed" in store.parsed_turtle
    assert usecases.resolve(store, "zorbpo").label == "ZorbPO"


def test_a_build_writes_the_store_of_its_own_graph(build_dir):
    store = OxigraphStore.from_build(build_dir)
    assert (build_dir / BUILD_STORE / "CURRENT").is_file() and store.path == build_dir / BUILD_STORE
    from_turtle = OxigraphStore.from_turtle(build_dir / "graph.ttl")
    assert sorted(store.dump(dataset=False).splitlines()) == sorted(from_turtle.dump(dataset=False).splitlines())


def _names(store) -> list[tuple[str, str]]:
    rows = store.select("""SELECT ?class ?n WHERE { ?x a ?c ; rdfs:label|skos:altLabel ?n .
        VALUES ?c { kg:Method kg:Model kg:Benchmark kg:Organization } BIND(STRAFTER(STR(?c), "#") AS ?class) }""").rows
    return sorted(set(rows))


def _spellings(name: str) -> list[str]:
    return [name, name.upper(), name.lower(), name.replace("-", " "), name.replace(" ", "-"), f" {name} "]


def test_name_lookup_through_the_table_finds_what_the_scan_finds(build_dir):
    kept = OxigraphStore.from_build(build_dir)
    scanned = OxigraphStore.from_turtle(build_dir / "graph.ttl")  # no table: every label is read
    names = _names(kept)
    assert len(names) > 100
    recording = Recording(kept)
    for kind, name in names[::4]:
        for spelling in _spellings(name):
            for wanted in (kind, None):
                try:
                    expected = usecases.resolve(scanned, spelling, wanted)
                except usecases.UnknownName:
                    continue
                assert usecases.resolve(recording, spelling, wanted) == expected, (spelling, wanted)
    assert recording.asked and not any(LABEL_SCAN in q for q in recording.asked)  # the table answered every time


def test_name_lookup_finds_aliases_in_any_case_spacing_and_hyphens(build_dir):
    kept = Recording(OxigraphStore.from_build(build_dir))
    for spelling in ("qwen2.5", "QWEN 2.5", "Qwen-2.5", "qwen-2.5"):
        assert usecases.resolve(kept, spelling, "Model").label == "Qwen2.5"
    assert usecases.resolve(kept, "grpo", "Method").label == "GRPO"
    assert not any(LABEL_SCAN in q for q in kept.asked)
    with pytest.raises(usecases.UnknownName, match="did you mean"):  # a miss still suggests close names
        usecases.resolve(kept, "GRPOO", "Method")


def test_a_store_made_by_kg_add_keeps_the_name_table(tmp_path):
    store = OxigraphStore(tmp_path / "store")
    add_to_store(store, [SEEDS / "000_29414c920c700738.txt"])
    recording = Recording(store)
    assert usecases.resolve(recording, "grpo", "Method").label == "GRPO"
    assert not any(LABEL_SCAN in q for q in recording.asked)
    table = store.select("SELECT (COUNT(*) AS ?n) WHERE { GRAPH kg:names { ?x kg:nameKey ?k } }").rows[0][0]
    assert int(table) > 10
    store.close()


def test_evidence_query_gives_the_rows_of_the_old_query(build_dir):
    store = OxigraphStore.from_build(build_dir)
    new = named_queries()["evidence"].text
    names = [*[name for _, name in _names(store)][::60], "grpo", "QWEN2.5", "aime 2024", "Qwen-2.5"]
    compared = 0
    for name in names:
        old_rows = store.select(OLD_EVIDENCE, {"name": Literal(name)})
        new_rows = store.select(new, {"name": Literal(name)})
        assert new_rows.columns == old_rows.columns
        assert sorted(new_rows.rows) == sorted(old_rows.rows), name
        compared += bool(old_rows.rows)
    assert compared >= 8


def test_entity_card_statements_are_every_statement_of_the_entity(build_dir):
    store = OxigraphStore.from_build(build_dir)
    grpo = usecases.resolve(store, "GRPO", "Method")
    card = usecases.entity_card(store, grpo)
    stated = store.select("SELECT ?s WHERE { ?s rdf:subject|rdf:object ?x ; kg:evidence ?e }", {"x": URIRef(grpo.iri)})
    assert card.statements and len({(s.subject, s.relation, s.object) for s in card.statements}) == len(set(stated.rows))


# The card's statements as one join, labels and files joined into every row: what _statements answered before it
# looked names and files up once per distinct term (2026-12-03), kept as the reference it must equal.
ONE_JOIN = """SELECT ?subject ?relation ?object ?sentence ?file WHERE {
     { ?s rdf:subject ?x ; rdf:object ?obj . BIND(?x AS ?sub) }
     UNION { ?s rdf:object ?x ; rdf:subject ?sub . BIND(?x AS ?obj) FILTER(?sub != ?x) }
     ?s rdf:predicate ?pred ; kg:evidence ?e .
     ?e kg:sentence ?sentence ; prov:wasDerivedFrom/kg:sourceFile ?file .
     OPTIONAL { ?sub rdfs:label ?sl } OPTIONAL { ?sub dcterms:title ?st } ?obj rdfs:label ?object .
     BIND(COALESCE(?sl, ?st) AS ?subject) BIND(STRAFTER(STR(?pred), "#") AS ?relation) }"""


def test_entity_card_statements_equal_the_one_join_query_for_every_entity(build_dir):
    store = OxigraphStore.from_build(build_dir)
    entities = [r[0] for r in store.select("SELECT DISTINCT ?e WHERE { ?e rdfs:label ?l }").rows]
    assert len(entities) > 200
    for iri in entities:
        expected = sorted(store.select(ONE_JOIN, {"x": URIRef(iri)}).rows, key=lambda r: (r[1], r[0], r[2], r[4], r[3]))
        assert list(usecases._statements(store, iri)) == expected, iri


def test_bind_values_binds_a_tuple_as_several_rows():
    text = bind_values("SELECT ?p WHERE { ?p ?r ?o }", {"p": (URIRef("urn:a"), URIRef("urn:b")), "r": URIRef("urn:r")})
    assert "VALUES ?p { <urn:a> <urn:b> }" in text and "VALUES (?r) { (<urn:r>) }" in text
    with pytest.raises(StoreError):
        bind_values("SELECT ?p WHERE { ?p ?r ?o }", {"p": ("not a term",)})
