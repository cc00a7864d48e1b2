"""Input that broke the build or lost data (issue 10): user text in regular expressions, titles in any
script, very long items, deep lineage, inputs that are not digests."""

import os
import string
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import URIRef
from rdflib.namespace import DCTERMS, RDF

from kg.ingest import IngestError, read_digest, split_digest
from kg.link import paper_key
from kg.namespaces import KG
from kg.pipeline import build, to_turtle

from conftest import SEEDS, write_digest

HEADER = "Top AI Papers of the Week (Jan 1 - 7)\n"


def _papers(graph) -> dict[str, URIRef]:
    return {str(graph.value(p, DCTERMS.title)): p for p in graph.subjects(RDF.type, KG.Paper)}


def test_every_ascii_punctuation_in_titles_names_and_acronyms_builds(tmp_path):
    # "System 2 Attention (S2A)" made a regular expression of the title's initials ('S2A(') and
    # stopped the whole build; every punctuation character goes into a title's initials, an
    # acronym, a model name, a method name and an organization here.
    items = []
    for n, c in enumerate(string.punctuation, start=1):
        items.append(
            f"{n}. Alpha {c}Beta{n} Gamma (AB{c}G{n})\n"
            f"Proposes Zorb{c}PO{n}, a method by Quill{c}Labs that fine-tunes Nova{c}{n}-7B and reports "
            f"Bench{c}QA{n}; Delta Echo Foxtrot (DE{c}F) beats GPT-4o.\n"
        )
    write_digest(tmp_path, "punct.txt", HEADER + "".join(items))
    result = build([tmp_path])
    assert len(result.corpus.digests[0].items) == len(string.punctuation)
    assert len(result.graph) > 0
    titles = set(_papers(result.graph))
    assert "Alpha (Beta8 Gamma (AB(G8)" in titles  # '(' is the 8th ASCII punctuation character


def test_titles_in_any_script_are_distinct_stable_papers(tmp_path):
    names = ["深度推理模型", "强化学习的新方法", "Ωμέγα", "🚀🚀", "✨✨"]
    body = "This work proposes a new approach to reasoning and reports strong results on several tasks."
    text = HEADER + "".join(f"{n}. {name}\n{body}\n" for n, name in enumerate(names, start=1))
    write_digest(tmp_path, "scripts.txt", text)
    first = _papers(build([tmp_path]).graph)
    assert sorted(first) == sorted(names)
    assert len(set(first.values())) == len(names)  # five papers, five IRIs
    assert first["深度推理模型"].endswith("/paper/深度推理模型")
    assert first["Ωμέγα"].endswith("/paper/ωμέγα")
    assert all(iri.rsplit("/", 1)[-1] for iri in first.values())
    assert _papers(build([tmp_path]).graph) == first  # stable from build to build
    # Every IRI is one Oxigraph accepts, and the Turtle reads back.
    for iri in first.values():
        ox.NamedNode(str(iri))
    assert len(list(ox.parse(to_turtle(build([tmp_path]).graph), format=ox.RdfFormat.TURTLE))) > 0


def test_ascii_titles_keep_their_keys():
    assert paper_key("DAPO: An Open-Source LLM Reinforcement Learning System at Scale") == (
        "dapo-an-open-source-llm-reinforcement-learning-system-at-scale")
    assert paper_key("Teaching MLLMs to Think with Images") == "teaching-mllms-to-think-with-images"
    assert paper_key("It’s RL!") == "it-s-rl"
    assert paper_key("δ-mem") != paper_key("mem")  # a letter outside ASCII is not dropped


NOT_A_DIGEST = "no numbered or headlined paper items with a description"


def test_text_that_is_not_a_digest_is_refused_with_a_reason(tmp_path, seeds_graph):
    from kg.html import render_page

    readme = Path(__file__).resolve().parent.parent / "README.md"
    page = tmp_path / "graph.txt"  # a build's page saved as text
    page.write_text(render_page(seeds_graph), encoding="utf-8")
    note = write_digest(tmp_path, "note.md", "# Shopping and reading\n\nRemember to buy milk and to read the new "
                        "papers on reasoning models before the meeting on Friday.\n")
    for path in (readme, page, note):
        with pytest.raises(IngestError, match=NOT_A_DIGEST):
            read_digest(path)


def test_seed_digests_keep_their_items():
    counts = {path.name: len(read_digest(path).items) for path in sorted(SEEDS.glob("*.txt"))}
    assert sorted(counts.values()) == [3, 10, 10, 24, 24]


def test_an_item_over_a_million_characters_is_refused_in_one_line(tmp_path):
    long_body = ("The model reads long inputs and writes long outputs. " * 20_000)  # about 1,060,000 characters
    text = HEADER + "1. Plain First Paper\nIt studies things at length.\n2. Long Second Paper\n" + long_body + "\n"
    with pytest.raises(IngestError, match=r"item 2 has 1,06\d,\d{3} characters") as err:
        split_digest("long.txt", text)
    assert "\n" not in str(err.value)


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    import kg.ingest

    monkeypatch.setattr(kg.ingest, "MAX_DIGEST_BYTES", 1000)
    big = write_digest(tmp_path, "big.txt", HEADER + "1. A Title\n" + "Words and more words. " * 100)
    with pytest.raises(IngestError, match="more than a digest may have"):
        read_digest(big)


def _chain(folder: Path, length: int) -> Path:
    """A build folder whose graph has methods M0 <- M1 <- ... <- M{length}, each extending the one before."""
    res = "https://w3id.org/papers-kg/resource/method/m"
    rows = [f'<{res}{i}> a <{KG.Method}> ; <http://www.w3.org/2000/01/rdf-schema#label> "M{i}" .' for i in range(length + 1)]
    rows += [f"<{res}{i}> <{KG.extends}> <{res}{i - 1}> ." for i in range(1, length + 1)]
    folder.mkdir()
    (folder / "graph.ttl").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def _run_in_terminal(args: list[str], columns: int) -> tuple[int, str]:
    """Run a command with its output on a pseudo-terminal of the given width, as a person at a terminal would."""
    import fcntl
    import pty
    import struct
    import subprocess
    import termios

    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in {"COLUMNS", "LINES"}}
    process = subprocess.Popen(args, stdout=side, stderr=side, stdin=subprocess.DEVNULL, env={**env, "TERM": "xterm"})
    os.close(side)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal closes when the process ends
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    return process.wait(timeout=120), b"".join(chunks).decode("utf-8", "replace")


def test_lineage_of_a_deep_chain_shows_every_method(tmp_path):
    import re
    import subprocess
    import sys

    folder = _chain(tmp_path / "build", 1001)
    everything = set(range(1002))  # the method and all 1,001 below or above it
    for name, section in (("M0", "descendants"), ("M1001", "ancestors")):
        command = [sys.executable, "-m", "kg", "lineage", name, str(folder)]
        # Piped: one line per method, nothing cut.
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        assert "Traceback" not in done.stderr and section in done.stdout
        assert {int(n) for n in re.findall(r"\bM(\d+)\b", done.stdout)} == everything
        # At an 80-column terminal: every method, every line within the width (wrapped, not cropped).
        code, screen = _run_in_terminal(command, 80)
        plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen)
        assert code == 0 and "Traceback" not in plain
        assert {int(n) for n in re.findall(r"\bM(\d+)\b", plain)} == everything
        assert max(len(line) for line in plain.replace("\r", "").splitlines()) <= 80
    # One row per edge as CSV; JSON, which nests, says in one line that it cannot.
    as_csv = subprocess.run([sys.executable, "-m", "kg", "lineage", "M0", str(folder), "--format", "csv"],
                            capture_output=True, text=True, timeout=120, check=False)
    assert as_csv.returncode == 0 and len(as_csv.stdout.splitlines()) == 1 + 1001
    as_json = subprocess.run([sys.executable, "-m", "kg", "lineage", "M0", str(folder), "--format", "json"],
                             capture_output=True, text=True, timeout=120, check=False)
    assert "Traceback" not in as_json.stderr
    assert as_json.returncode == 0 or (as_json.returncode == 1 and len(as_json.stderr.strip().splitlines()) == 1)


def test_lineage_labels_are_text_not_markup(tmp_path):
    folder = _chain(tmp_path / "build", 2)
    ttl = (folder / "graph.ttl").read_text().replace('"M2"', '"[bold]M2[/x]"')
    (folder / "graph.ttl").write_text(ttl)
    from typer.testing import CliRunner

    from kg.cli import app

    result = CliRunner().invoke(app, ["lineage", "M0", str(folder)])
    assert result.exit_code == 0 and "[bold]M2[/x]" in result.output
