"""notebooks/explore.ipynb runs end to end on a fresh kernel and shows the use cases' answers."""

import re
import nbformat
import pytest

from conftest import ROOT

NOTEBOOK = ROOT / "notebooks" / "explore.ipynb"


def _text(output) -> str:
    if output.get("output_type") == "stream":
        return output.get("text", "")
    data = output.get("data", {})
    return data.get("text/html", "") + data.get("text/plain", "")


def test_committed_notebook_has_no_outputs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") and not c.get("execution_count") for c in notebook.cells if c.cell_type == "code")


@pytest.fixture(scope="module")
def executed():
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    by_tag = {}
    for cell in notebook.cells:
        for tag in cell.metadata.get("tags", []):
            by_tag[tag] = cell.outputs
    return by_tag


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
    page = "".join(_text(o) for o in executed["page"])
    assert "<iframe" in page and "vis.Network" in page
    assert not any(o.get("output_type") == "error" for outputs in executed.values() for o in outputs)
