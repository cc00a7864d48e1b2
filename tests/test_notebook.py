"""notebooks/explore.ipynb runs end to end on a fresh kernel and shows the use cases' answers: on the seeds,
and on another folder of digests given through its parameters, from outside the repository."""

import re

import nbformat
import pytest

from conftest import ROOT, write_digest

NOTEBOOK = ROOT / "notebooks" / "explore.ipynb"


def _text(output) -> str:
    if output.get("output_type") == "stream":
        return output.get("text", "")
    data = output.get("data", {})
    return data.get("text/html", "") + data.get("text/plain", "")


def test_committed_notebook_has_no_outputs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") and not c.get("execution_count") for c in notebook.cells if c.cell_type == "code")


def _execute(folder, cells=None, **parameters):
    """Run the notebook (its first ``cells`` cells, or all) in ``folder`` with the parameters as environment
    variables (the way `KG_DIGESTS=... jupyter nbconvert --execute` sets them); its outputs by cell tag."""
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    notebook.cells = notebook.cells[:cells]
    with pytest.MonkeyPatch.context() as patch:
        for name in ("KG_DIGESTS", "KG_OUT", "KG_METHOD", "KG_BASE_MODEL", "KG_BENCHMARK"):
            patch.delenv(name, raising=False)
        for name, value in parameters.items():
            patch.setenv(f"KG_{name.upper()}", str(value))
        nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                resources={"metadata": {"path": str(folder)}}).execute()
    by_tag = {"all": [o for cell in notebook.cells for o in cell.get("outputs", [])]}
    for cell in notebook.cells:
        for tag in cell.metadata.get("tags", []):
            by_tag[tag] = cell.outputs
    return by_tag


@pytest.fixture(scope="module")
def executed():
    return _execute(NOTEBOOK.parent)


def test_parameter_cell_is_tagged_for_papermill():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    tagged = [c for c in notebook.cells if "parameters" in c.metadata.get("tags", [])]
    assert len(tagged) == 1 and all(f"{name} = " in tagged[0].source for name in ("digests", "out", "method"))


def test_runs_on_another_folder_from_outside_the_repository(tmp_path):
    digests = tmp_path / "my-digests"
    digests.mkdir()
    write_digest(digests, "week1.txt", "Top AI Papers of the Week (Jan 1 - 7)\n1. Zorblax\nZorblax is a new framework "
                 "built upon Qwen2.5-7B that uses GRPO and beats GPT-4o on AIME 2024.\n2. Other Title Here\nNothing here.\n")
    write_digest(digests, "week2.txt", "Top AI Papers of the Week (Jan 8 - 14)\n1. Quux-PO\nQuux-PO is a variant of GRPO "
                 "evaluated on MATH500 with Qwen2.5-7B as the base model.\n2. Plain Title Here\nNothing here.\n")
    elsewhere = tmp_path / "work"  # no pyproject.toml above it: the root lookup must not be needed
    elsewhere.mkdir()
    outputs = _execute(elsewhere, digests=digests, out=tmp_path / "out")
    assert not [o for o in outputs["all"] if o.get("output_type") == "error"]
    everything = "".join(_text(o) for o in outputs["all"])
    assert "my-digests: 2 digests, 4 papers" in everything
    lineage = "".join(_text(o) for o in outputs["lineage"])
    assert "Quux-PO" in lineage and "GRPO-RoC" not in lineage  # the invented folder, not the seeds
    assert "Zorblax" in "".join(_text(o) for o in outputs["shared-base-model"])
    assert "Zorblax" in (tmp_path / "out" / "graph.ttl").read_text() and (tmp_path / "out" / "graph.html").is_file()


def test_use_case_cells_show_the_expected_entities(executed):
    lineage = "".join(_text(o) for o in executed["lineage"])
    assert all(name in lineage for name in ("GRPO-RoC", "GRPO-GR", "ARPO"))
    tree = "".join(_text(o) for o in executed["lineage-tree"])
    assert "└── GRPO-RoC  (introduced by: rStar2-Agent)" in tree
    base = "".join(_text(o) for o in executed["shared-base-model"])
    assert all(name in base for name in ("Qwen2.5-Math-7B", "Qwen2.5-32B", "K2-Think")) and "Qwen3" not in base
    bench = "".join(_text(o) for o in executed["shared-benchmark"])
    assert all(name in bench for name in ("AIME 2024", "AIME 2025", "Llama-Nemotron"))


def test_analysis_cells_produce_tables_plots_and_the_page(executed):
    assert "GRPO" in "".join(_text(o) for o in executed["centrality"])
    assert "Qwen2.5" in "".join(_text(o) for o in executed["communities"])
    for tag in ("base-models-plot", "benchmark-heatmap"):
        assert any("image/png" in o.get("data", {}) for o in executed[tag]), tag
    # Generations fold into their family (Qwen2.5, Qwen3 -> Qwen): Qwen tops the base-model families.
    assert re.search(r"^0\s+Qwen\s+\d+$", "".join(_text(o) for o in executed["base-models-plot"]), re.M)
    # The leaderboard cell plots the results on AIME (any edition) against digest dates, or digest order on the undated seeds.
    board = executed["leaderboard-plot"]
    assert any("image/png" in o.get("data", {}) for o in board)
    assert "Phi-4-reasoning-plus" in "".join(_text(o) for o in board) and "AIME 2025" in "".join(_text(o) for o in board)
    page = "".join(_text(o) for o in executed["page"])
    assert "<iframe" in page and "vis.Network" in page
    assert not any(o.get("output_type") == "error" for outputs in executed.values() for o in outputs)


def test_finds_the_seeds_from_outside_the_repository(tmp_path):
    """With no digests given and a working folder with no pyproject.toml above it, the seeds are found beside
    the installed package (the root lookup used to raise StopIteration there)."""
    outputs = _execute(tmp_path, cells=3)
    assert not [o for o in outputs["all"] if o.get("output_type") == "error"]
    assert "seeds: 5 digests, 66 papers" in "".join(_text(o) for o in outputs["all"])
