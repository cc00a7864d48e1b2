from pathlib import Path

import pytest

from kg.pipeline import build

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
CORPUS = ROOT.parent / "shared" / "corpus" / "dair"


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
