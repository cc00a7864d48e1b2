import os
from pathlib import Path

import pytest

from kg.ingest import PaperItem
from kg.nlp import annotate, build_nlp
from kg.pipeline import build
from kg.vocab import load_vocabulary

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
# shared/ sits beside the checkout in CI; KG_SHARED_DIR points a git worktree elsewhere at it.
SHARED = Path(os.environ.get("KG_SHARED_DIR") or ROOT.parent / "shared")
CORPUS = SHARED / "corpus" / "dair"
GOLDEN = Path(__file__).resolve().parent / "golden"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/golden/ from the current build instead of comparing against it")


@pytest.fixture(scope="session")
def update_golden(request) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session")
def seeds_result():
    return build([SEEDS])


@pytest.fixture(scope="session")
def seeds_graph(seeds_result):
    return seeds_result.graph


@pytest.fixture(scope="session")
def seeds_store(seeds_result):
    """The seed graph in an in-memory Oxigraph store, the engine every command queries with."""
    from kg.store import OxigraphStore

    return OxigraphStore.from_graph(seeds_result.graph)


def labels(store, query, **bindings):
    return sorted(row[0] for row in store.select(query, bindings).rows)


def write_digest(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def virtuoso_url(tmp_path_factory):
    """Debian's Virtuoso Open Source on 127.0.0.1, writable over SPARQL; skipped, with the reason, where it cannot start."""
    from servers import Unavailable, start_virtuoso, stop

    try:
        process, url = start_virtuoso(tmp_path_factory.mktemp("virtuoso"))
    except Unavailable as why:
        if os.environ.get("KG_REQUIRE_VIRTUOSO"):
            pytest.fail(str(why))
        pytest.skip(str(why))
    yield url
    stop(process)


@pytest.fixture(scope="session")
def oxigraph_url(tmp_path_factory):
    """The oxigraph server (PyPI package 'oxigraph') on 127.0.0.1; skipped where it is not installed."""
    import shutil
    import subprocess
    import sys

    from servers import free_port, stop, wait_for

    binary = shutil.which("oxigraph") or str(Path(sys.executable).parent / "oxigraph")
    if not Path(binary).exists():
        pytest.skip("the oxigraph server (PyPI package 'oxigraph') is not installed")
    port = free_port()
    process = subprocess.Popen([binary, "serve", "--location", str(tmp_path_factory.mktemp("oxigraph")),
                                "--bind", f"127.0.0.1:{port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/query"
    if not wait_for(url, process, 30):
        stop(process)
        pytest.fail("the oxigraph server did not start")
    yield url
    stop(process)


@pytest.fixture(scope="session")
def corpus_result():
    """The 122 weekly digests built once per session, when the shared corpus is there (never copied into the repo)."""
    if not CORPUS.is_dir():
        pytest.skip("shared corpus not present")
    return build([CORPUS])


@pytest.fixture(scope="session")
def annotated():
    """The rules that voted for each name of one invented item: annotated(body)[name] -> rule names."""
    vocabulary = load_vocabulary()
    nlp = build_nlp(vocabulary)

    def run(body: str) -> dict[str, set[str]]:
        [ann] = annotate(nlp, [PaperItem("t.txt", 1, "Some paper title here", body)], vocabulary)
        return {m.text: {v.rule for v in m.votes} for m in ann.mentions}
    return run
