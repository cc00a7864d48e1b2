"""The seeds' graph, triple for triple: every change to extraction shows up here and in review.

After an intended change, run ``pytest tests/test_golden.py --update-golden`` and commit the new
tests/golden/seeds.nt with the change, so the diff shows what the change did to the graph.
"""

import pyoxigraph as ox
from conftest import GOLDEN

GOLDEN_SEEDS = GOLDEN / "seeds.nt"


def sorted_ntriples(graph) -> list[str]:
    """Canonical N-Triples lines (Oxigraph's escaping), sorted, so the file diffs line by line."""
    lines = "".join(f"{s.n3()} {p.n3()} {o.n3()} .\n" for s, p, o in graph)
    quads = ox.parse(lines.encode("utf-8"), format=ox.RdfFormat.N_TRIPLES)
    text = ox.serialize(quads, format=ox.RdfFormat.N_TRIPLES).decode("utf-8")
    return sorted(line for line in text.splitlines() if line.strip())


def test_seeds_graph_matches_golden(seeds_graph, update_golden):
    actual = sorted_ntriples(seeds_graph)
    if update_golden:
        GOLDEN_SEEDS.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN_SEEDS.write_text("\n".join(actual) + "\n", encoding="utf-8")
        return
    assert GOLDEN_SEEDS.is_file(), "no golden graph yet: run pytest tests/test_golden.py --update-golden"
    expected = GOLDEN_SEEDS.read_text(encoding="utf-8").splitlines()
    only_expected = sorted(set(expected) - set(actual))
    only_actual = sorted(set(actual) - set(expected))
    report = [f"only in expected ({len(only_expected)}):", *only_expected[:200],
              f"only in actual ({len(only_actual)}):", *only_actual[:200],
              "if the change is intended: pytest tests/test_golden.py --update-golden"]
    assert not only_expected and not only_actual, "\n".join(report)
    assert expected == actual  # same set and no duplicate lines
