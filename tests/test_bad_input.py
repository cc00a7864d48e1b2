"""The bad-input matrix (issue 10): every case run through `kg build` and through `kg add --store`.

Each input is either built correctly (its papers are in the output) or refused with one line on
stderr and exit code 1, and then the previous output (graph.ttl and graph.html, byte for byte) or the
previous store (its sorted N-Quads) is unchanged.
"""

from __future__ import annotations

import gc
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.store import OxigraphStore

ROOT = Path(__file__).resolve().parent.parent
HEADER = "Top AI Papers of the Week (Jan 1 - 7)\n"
BODY = "This work proposes a new approach to reasoning and reports strong results on several tasks."
DIGEST = HEADER + f"1. Plain First Paper\n{BODY}\n2. Plain Second Paper\n{BODY}\n"
PREVIOUS = HEADER + f"1. Earlier Week Paper\n{BODY}\n2. Another Earlier Paper\n{BODY}\n"

runner = CliRunner()


@dataclass(frozen=True)
class Case:
    make: Callable[[Path], list[Path]]  # writes the input under a folder, returns the command's arguments
    refused: str | None = None  # a piece of the one-line error; None: the input builds
    papers: frozenset[str] = frozenset()  # titles the output must then hold


def _file(name: str, data: bytes | str) -> Callable[[Path], list[Path]]:
    def make(folder: Path) -> list[Path]:
        path = folder / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        return [path]

    return make


def _fifty_megabytes(folder: Path) -> list[Path]:
    path = folder / "huge.txt"
    with path.open("w", encoding="utf-8") as out:
        out.write(DIGEST)
        chunk = (BODY + " ") * 1000
        while out.tell() < 50 * 1024 * 1024:
            out.write(chunk + "\n")
    return [path]


def _readme(folder: Path) -> list[Path]:
    path = folder / "README.md"
    shutil.copyfile(ROOT / "README.md", path)
    return [path]


def _missing(folder: Path) -> list[Path]:
    return [folder / "nowhere.txt"]


def _empty_folder(folder: Path) -> list[Path]:
    (folder / "empty").mkdir()
    return [folder / "empty"]


def _symlink_loop(folder: Path) -> list[Path]:
    os.symlink("b.txt", folder / "a.txt")
    os.symlink("a.txt", folder / "b.txt")
    return [folder / "a.txt"]


def _unreadable(folder: Path) -> list[Path]:
    path = folder / "locked.txt"
    if os.geteuid() == 0:
        # chmod does not stop root (the tests run as root in CI). Reading /proc/self/mem from offset 0
        # fails with EIO for any user: a real file that is there and cannot be read.
        os.symlink("/proc/self/mem", path)
    else:
        path.write_text(DIGEST, encoding="utf-8")
        path.chmod(0)
    return [path]


def _same_name_in_two_folders(folder: Path) -> list[Path]:
    for week, title in (("w1", "First Week"), ("w2", "Second Week")):
        (folder / "d" / week).mkdir(parents=True)
        text = HEADER + f"1. {title} Alpha\n{BODY}\n2. {title} Beta\n{BODY}\n"
        (folder / "d" / week / "digest.txt").write_text(text, encoding="utf-8")
    return [folder / "d"]


# About 5,000 characters of ordinary words (name-like tokens would make it a test of the extractor's speed).
LONG_TITLE = ("Scaling " + " ".join(["efficient", "reasoning", "with", "long", "contexts", "and", "small", "models"] * 90))[:5000]
LONG_TITLE = LONG_TITLE[: LONG_TITLE.rfind(" ")]
NON_LATIN = ("深度推理模型", "强化学习的新方法", "Ωμέγα")
SAME_NAME = "same file name in two folders"

CASES: dict[str, Case] = {
    "empty": Case(_file("empty.txt", "\n  \n\t\n"), refused="no numbered or headlined paper items"),
    "zero-byte": Case(_file("zero.txt", b""), refused="no numbered or headlined paper items"),
    "binary": Case(_file("image.txt", bytes(range(256)) * 8), refused="not UTF-8"),
    "latin-1": Case(_file("latin.txt", DIGEST.replace("Plain", "Café").encode("latin-1")), refused="not UTF-8"),
    "UTF-16": Case(_file("wide.txt", DIGEST.encode("utf-16")), papers=frozenset({"Plain First Paper", "Plain Second Paper"})),
    "BOM": Case(_file("bom.txt", "\ufeff" + DIGEST), papers=frozenset({"Plain First Paper", "Plain Second Paper"})),
    "CRLF": Case(_file("crlf.txt", DIGEST.replace("\n", "\r\n")), papers=frozenset({"Plain First Paper", "Plain Second Paper"})),
    "1 MB line": Case(_file("wide-line.txt", DIGEST + "x" * (1024 * 1024) + "\n"), refused="more than one item may have"),
    "50 MB file": Case(_fifty_megabytes, refused="more than a digest may have"),
    "HTML page": Case(_file("page.txt", (
        "<!DOCTYPE html><html><head><title>Home</title><style>\nbody { margin: 0; color: #333; }\n"
        "nav a { padding: 4px; }\n</style><script>\nvar x = document.getElementById('menu');\n"
        "function toggle() { x.hidden = !x.hidden; }\n</script></head><body>\n<nav><a href='/'>Home</a>\n"
        "<a href='/about'>About</a></nav>\n<h1>Welcome to my site</h1>\n<p>Thanks for visiting.</p>\n</body></html>\n")),
        refused="no numbered or headlined paper items"),
    "README": Case(_readme, refused="no numbered or headlined paper items"),
    "notes": Case(_file("notes.md", "# Meeting notes\n\nWe talked about the reading group and agreed to meet again "
                                    "next Tuesday to discuss the new reasoning papers.\n"),
                  refused="no numbered or headlined paper items"),
    "missing path": Case(_missing, refused="no such file or folder"),
    "empty folder": Case(_empty_folder, refused="no .txt or .md digests found"),
    "symlink loop": Case(_symlink_loop, refused="looping symbolic link"),
    "unreadable file": Case(_unreadable, refused="cannot read"),
    "NUL": Case(_file("nul.txt", DIGEST.replace("First", "Fir\x00st")), refused="binary file"),
    "RTL override": Case(_file("rtl.txt", DIGEST.replace("Plain First Paper", "Plain \u202eFirst\u202c Paper")),
                         papers=frozenset({"Plain First Paper", "Plain Second Paper"})),
    "5,000-character title": Case(_file("long-title.txt", HEADER + f"1. {LONG_TITLE}\n{BODY}\n2. Plain Second Paper\n{BODY}\n"),
                                  papers=frozenset({LONG_TITLE[:LONG_TITLE.rfind(' ', 0, 201)], "Plain Second Paper"})),
    "non-Latin titles": Case(_file("scripts.txt", HEADER + "".join(f"{n}. {t}\n{BODY}\n" for n, t in enumerate(NON_LATIN, 1))),
                             papers=frozenset(NON_LATIN)),
    SAME_NAME: Case(_same_name_in_two_folders, papers=frozenset(
        {"First Week Alpha", "First Week Beta", "Second Week Alpha", "Second Week Beta"})),
}

PAPERS = "SELECT ?t WHERE { ?p a kg:Paper ; dcterms:title ?t }"


def _titles(store: OxigraphStore) -> set[str]:
    return {row[0] for row in store.select(PAPERS).rows}


def _store_state(path: Path) -> tuple[list[bytes], set[str]]:
    store = OxigraphStore(path, read_only=True)
    try:
        return sorted(store.dump(dataset=True).splitlines()), _titles(store)
    finally:
        del store
        gc.collect()  # let RocksDB release the store before the next command opens it


def _one_line_error(result, expected: str) -> None:
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and expected in lines[0], result.output
    assert "Traceback" not in result.output


@pytest.fixture(scope="module")
def previous(tmp_path_factory) -> Path:
    """A digest built before each case: its output or store must survive a refused input."""
    folder = tmp_path_factory.mktemp("previous")
    (folder / "earlier.txt").write_text(PREVIOUS, encoding="utf-8")
    return folder / "earlier.txt"


@pytest.mark.parametrize("command", ["build", "add"])
@pytest.mark.parametrize("name", list(CASES))
def test_bad_input(name, command, previous, tmp_path):
    case = CASES[name]
    inputs = case.make(tmp_path)
    args = [str(p) for p in inputs]
    if command == "build":
        out = tmp_path / "out"
        assert runner.invoke(app, ["build", str(previous), "--out", str(out)]).exit_code == 0
        before = {f: (out / f).read_bytes() for f in ("graph.ttl", "graph.html")}
        result = runner.invoke(app, ["build", *args, "--out", str(out)])
        if case.refused:
            _one_line_error(result, case.refused)
            assert {f: (out / f).read_bytes() for f in before} == before
            assert sorted(p.name for p in out.iterdir()) == ["graph.html", "graph.oxigraph", "graph.ttl", "trace.jsonl"]  # no temporary file left
        else:
            assert result.exit_code == 0, result.output
            built = OxigraphStore.from_build(out)
            assert _titles(built) == set(case.papers)
            assert "\u202e" not in (out / "graph.ttl").read_text(encoding="utf-8")
    else:
        store = tmp_path / "store"
        assert runner.invoke(app, ["add", str(previous), "--store", str(store)]).exit_code == 0
        gc.collect()
        quads, earlier = _store_state(store)
        result = runner.invoke(app, ["add", *args, "--store", str(store)])
        if case.refused:
            _one_line_error(result, case.refused)
        else:
            assert result.exit_code == 0, result.output
        # The result's traceback holds the command's open store: let it go before reading the store again.
        del result
        gc.collect()
        if case.refused:
            assert _store_state(store)[0] == quads
        else:
            assert _store_state(store)[1] == earlier | set(case.papers)


def test_unreadable_file_really_cannot_be_read(tmp_path):
    """The 'unreadable file' case is honest: the file is there and reading it fails, for root too."""
    path = _unreadable(tmp_path)[0]
    assert path.exists()
    with pytest.raises(OSError):
        path.read_bytes()


def test_turtle_of_non_latin_titles_reads_back(tmp_path):
    _file("scripts.txt", HEADER + "".join(f"{n}. {t}\n{BODY}\n" for n, t in enumerate(NON_LATIN, 1)))(tmp_path)
    assert runner.invoke(app, ["build", str(tmp_path / "scripts.txt"), "--out", str(tmp_path / "out")]).exit_code == 0
    quads = list(ox.parse(path=str(tmp_path / "out" / "graph.ttl"), format=ox.RdfFormat.TURTLE))
    assert {q.object.value for q in quads if q.predicate.value.endswith("/title") and "paper/" in q.subject.value} >= set(NON_LATIN)
