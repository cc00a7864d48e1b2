"""One contract for every store (memory from a build, Oxigraph on disk, a remote SPARQL server),
and the incremental semantics of 'kg add'."""

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from rdflib import Literal

from kg.dialects import VirtuosoStore, remote_store
from kg.pipeline import add_to_store, write_outputs
from kg.store import OxigraphStore, RemoteStore, StoreError, open_store

from conftest import SEEDS, write_digest

GRPO_LINEAGE = 'SELECT ?l WHERE { ?g rdfs:label "GRPO" . ?m kg:extends+ ?g ; rdfs:label ?l } ORDER BY ?l'
DIGEST_A = "Top AI Papers of the Week (Jan 1 - 7)\n1. Zorblax\nZorblax is a new framework built upon Qwen2.5-7B that uses GRPO and beats GPT-4o on AIME 2024.\n2. Other Title Here\nNothing here.\n"
DIGEST_B = "Top AI Papers of the Week (Jan 8 - 14)\n1. Quux-PO\nQuux-PO is a variant of GRPO evaluated on MATH500 with Qwen2.5-7B as the base model.\n2. Plain Title Here\nNothing here.\n"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def oxigraph_server(tmp_path_factory):
    binary = shutil.which("oxigraph") or str(Path(sys.executable).parent / "oxigraph")
    if not Path(binary).exists():
        pytest.skip("the oxigraph server (PyPI package 'oxigraph') is not installed")
    port = _free_port()
    process = subprocess.Popen([binary, "serve", "--location", str(tmp_path_factory.mktemp("oxi")),
                                "--bind", f"127.0.0.1:{port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/query"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "?query=ASK%7B%7D", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        pytest.fail("oxigraph server did not start")
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(params=["memory", "disk", "remote", "virtuoso"])
def empty_store(request, tmp_path):
    if request.param == "memory":
        yield OxigraphStore()
    elif request.param == "disk":
        store = OxigraphStore(tmp_path / "store")
        yield store
        store.close()
    else:
        url = request.getfixturevalue("oxigraph_server" if request.param == "remote" else "virtuoso_url")
        store = remote_store(url)
        if isinstance(store, VirtuosoStore):
            store.clear()  # never DROP ALL there: Virtuoso keeps its own system graphs in the store
        else:
            store.update("DROP ALL")
        yield store


def test_store_contract_add_query_replace(empty_store, tmp_path):
    write_digest(tmp_path, "a.txt", DIGEST_A)
    write_digest(tmp_path, "b.txt", DIGEST_B)
    first = add_to_store(empty_store, [tmp_path])
    assert [(o.source_file, o.status) for o in first] == [("a.txt", "added"), ("b.txt", "added")]
    assert [r[0] for r in empty_store.select(GRPO_LINEAGE).rows] == ["Quux-PO"]
    # Parameters are bound, and a name with a quote in it is just a value.
    rows = empty_store.select("SELECT ?t WHERE { ?p kg:usesBaseModel ?m ; dcterms:title ?t . ?m rdfs:label ?name } ORDER BY ?t",
                              {"name": Literal("Qwen2.5-7B")}).rows
    assert [r[0] for r in rows] == ["Quux-PO", "Zorblax"]
    assert empty_store.select('SELECT ?x WHERE { ?x rdfs:label ?name }', {"name": Literal('x" } ; DROP ALL ; #')}).rows == ()
    count = empty_store.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").rows

    again = add_to_store(empty_store, [tmp_path])
    assert {o.status for o in again} == {"unchanged"}
    assert empty_store.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").rows == count

    # B changes: its old triples go, A's survive, and the shared base model stays.
    write_digest(tmp_path, "b.txt", DIGEST_B.replace("Quux-PO", "Blorp-PO"))
    changed = add_to_store(empty_store, [tmp_path / "b.txt"])
    assert changed[0].status == "replaced"
    assert [r[0] for r in empty_store.select(GRPO_LINEAGE).rows] == ["Blorp-PO"]
    titles = [r[0] for r in empty_store.select("SELECT ?t WHERE { ?p kg:usesBaseModel ?m ; dcterms:title ?t . ?m rdfs:label 'Qwen2.5-7B' } ORDER BY ?t").rows]
    assert titles == ["Blorp-PO", "Zorblax"]
    ledger = empty_store.ledger()
    assert set(ledger) == {"a.txt", "b.txt"} and len(ledger["b.txt"]) == 64


def test_support_counts_span_digests(tmp_path):
    store = OxigraphStore()
    write_digest(tmp_path, "a.txt", DIGEST_A)
    write_digest(tmp_path, "c.txt", DIGEST_A.replace("Jan 1 - 7", "Jan 15 - 21"))
    add_to_store(store, [tmp_path])
    rows = store.select("""SELECT ?d ?n WHERE { ?s rdf:predicate kg:usesBaseModel ; kg:supportDigests ?d ; kg:supportSentences ?n }""").rows
    assert rows == (("2", "2"),)


def test_open_store_errors(tmp_path):
    with pytest.raises(StoreError, match="no graph here"):
        open_store(tmp_path)
    with pytest.raises(StoreError, match="not an Oxigraph store"):
        open_store(store=tmp_path / "nothing")
    with pytest.raises(StoreError, match="needs --store"):
        open_store(writable=True)
    with pytest.raises(StoreError, match="http"):
        open_store(endpoint="ftp://x")
    with pytest.raises(StoreError, match="cannot reach"):
        RemoteStore(f"http://127.0.0.1:{_free_port()}/query", timeout=2).select("ASK {}")


def test_build_folder_and_disk_store_agree_on_use_cases(seeds_result, tmp_path):
    write_outputs(seeds_result, tmp_path / "build")
    memory = open_store(tmp_path / "build")
    disk = OxigraphStore(tmp_path / "store")
    add_to_store(disk, [SEEDS])
    for store in (memory, disk):
        assert {"ARPO", "GRPO-GR", "GRPO-RoC"} <= {r[0] for r in store.select(GRPO_LINEAGE).rows}
