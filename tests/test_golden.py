"""Golden graphs, triple for triple: every change to extraction shows up here and in review.

tests/golden/seeds.nt is the graph of seeds/; tests/golden/rules-week.nt the graph of an invented week
(rules-week.txt) whose names the vocabulary does not know, so that it exercises the shape, context,
acronym and family rules the seeds reach through the vocabulary. After an intended change, run
``pytest tests/test_golden.py --update-golden`` and commit the new files with the change, so the
diff shows what the change did to the graph.
"""

import pyoxigraph as ox
import pytest

from kg.pipeline import build

from conftest import GOLDEN


def sorted_ntriples(graph) -> list[str]:
    """Canonical N-Triples lines (Oxigraph's escaping), sorted, so the file diffs line by line."""
    lines = "".join(f"{s.n3()} {p.n3()} {o.n3()} .\n" for s, p, o in graph)
    quads = ox.parse(lines.encode("utf-8"), format=ox.RdfFormat.N_TRIPLES)
    text = ox.serialize(quads, format=ox.RdfFormat.N_TRIPLES).decode("utf-8")
    return sorted(line for line in text.splitlines() if line.strip())


@pytest.fixture(scope="module")
def rules_week_graph():
    return build([GOLDEN / "rules-week.txt"]).graph


@pytest.mark.parametrize("name, fixture", [("seeds", "seeds_graph"), ("rules-week", "rules_week_graph")])
def test_graph_matches_golden(name, fixture, request, update_golden):
    golden = GOLDEN / f"{name}.nt"
    actual = sorted_ntriples(request.getfixturevalue(fixture))
    if update_golden:
        golden.write_text("\n".join(actual) + "\n", encoding="utf-8")
        return
    assert golden.is_file(), f"no golden graph {golden.name} yet: run pytest tests/test_golden.py --update-golden"
    expected = golden.read_text(encoding="utf-8").splitlines()
    only_expected = sorted(set(expected) - set(actual))
    only_actual = sorted(set(actual) - set(expected))
    report = [f"{golden.name} differs from the build", f"only in expected ({len(only_expected)}):", *only_expected[:200],
              f"only in actual ({len(only_actual)}):", *only_actual[:200],
              "if the change is intended: pytest tests/test_golden.py --update-golden"]
    assert not only_expected and not only_actual, "\n".join(report)
    assert expected == actual  # same set and no duplicate lines
