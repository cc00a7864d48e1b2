"""`kg explain`: the trace `kg build` writes beside the graph, read back for one entity."""

import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.pipeline import write_outputs
from kg.trace import TRACE_FILE, to_jsonl

runner = CliRunner()


@pytest.fixture(scope="module")
def build_dir(seeds_result, tmp_path_factory):
    folder = tmp_path_factory.mktemp("build")
    write_outputs(seeds_result, folder)
    return folder


def explain(*args):
    return runner.invoke(app, ["explain", *args], env={"COLUMNS": "400"})


def test_explain_shows_votes_decisions_and_relation_rules(build_dir):
    result = explain("qwen2.5-math-7b", str(build_dir))
    assert result.exit_code == 0, result.output
    assert "Qwen2.5-Math-7B (Model)" in result.output
    decisions = result.output.split("decisions")[1].splitlines()[1:3]
    assert decisions[0].strip().startswith("type.") and "family." in decisions[1] and "Qwen2.5-Math" in decisions[1]
    vote = next(line for line in result.output.splitlines() if "shape.parameter-count" in line)
    assert "Applying TTRL to Qwen2.5-Math-7B" in vote and "002_068979a607aecbf9.txt" in vote
    relation = next(line for line in result.output.splitlines() if "usesBaseModel.cue" in line)
    assert "Test-Time Reinforcement Learning" in relation


def test_explain_shows_lineage_rules(build_dir):
    result = explain("GRPO-RoC", str(build_dir))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any("extends" in line and "extends.by-name" in line and "GRPO" in line for line in lines)
    assert any("introduces.verb" in line and "rStar2-Agent" in line for line in lines)
    assert "family.dropped" in result.output  # GRPO is a method: methods keep lineage, not families


def test_explain_vocabulary_entity(build_dir):
    result = explain("GRPO", str(build_dir))
    assert result.exit_code == 0, result.output
    assert "in the vocabulary" in result.output and "type.vocabulary" in result.output
    assert "usesMethod.in-body" in result.output


def test_explain_errors_are_one_line(build_dir, tmp_path):
    unknown = explain("Zorblaxian", str(build_dir))
    assert unknown.exit_code == 1 and "no entity named 'Zorblaxian'" in unknown.output
    assert "Traceback" not in unknown.output
    missing = explain("GRPO", str(tmp_path))
    assert missing.exit_code == 1 and "trace.jsonl not found" in missing.output
    (tmp_path / TRACE_FILE).write_text("{not json\n")
    broken = explain("GRPO", str(tmp_path))
    assert broken.exit_code == 1 and "not a trace" in broken.output


def test_trace_is_written_as_built(seeds_result, build_dir):
    assert to_jsonl(seeds_result.corpus, seeds_result.relations) == (build_dir / TRACE_FILE).read_bytes()


def test_explain_discovered_entity(tmp_path):
    """An invented name the vocabulary does not know: its type comes from votes, its family from its name."""
    from kg.pipeline import build

    from conftest import GOLDEN

    write_outputs(build([GOLDEN / "rules-week.txt"]), tmp_path)
    result = explain("kestrel-70b", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Kestrel-70B (Model)" in result.output and "in the vocabulary" not in result.output
    assert "type.votes: Model" in result.output and "family.implied: variant of Kestrel" in result.output
    assert any("shape.parameter-count" in line and "Kestrel-8B-Instruct and Kestrel-70B" in line for line in result.output.splitlines())
