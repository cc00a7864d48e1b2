import json

from typer.testing import CliRunner

from kg.cli import app
from kg.evaluate import evaluate
from kg.pipeline import build
from kg.vocab import load_vocabulary

from conftest import write_digest

DIGEST = """Top AI Papers of the Week (June 2 - 8)
1. Zorblax
Zorblax is a new framework built upon Qwen2.5-7B that outperforms GPT-4o on AIME 2024.
2. Plain Title Here
Nothing else.
"""
GOLD = {"digests": [{
    "digest": "week.txt",
    "papers": [{"title": "Zorblax", "title_aliases": [], "introduces": ["Zorblax"], "uses_method": [],
                "base_model": ["Qwen2.5-7B"], "evaluated_on": ["AIME 2024"], "compared_with": ["GPT-4o"],
                "organizations": ["Quillmont"]}],
    "entities": [
        {"id": "Zorblax", "type": "Method", "aliases": [], "variant_of": None, "extends": []},
        {"id": "Qwen2.5-7B", "type": "Model", "aliases": ["Qwen-2.5-7B"], "variant_of": "Qwen2.5", "extends": []},
        {"id": "AIME 2024", "type": "Benchmark", "aliases": ["AIME24"], "variant_of": "AIME", "extends": []},
        {"id": "GPT-4o", "type": "Model", "aliases": [], "variant_of": None, "extends": []},
        {"id": "Quillmont", "type": "Organization", "aliases": [], "variant_of": None, "extends": []},
    ],
}]}


def test_scores_count_matches_misses_and_false_positives(tmp_path):
    write_digest(tmp_path, "week.txt", DIGEST)
    report = evaluate(build([tmp_path]), GOLD)
    # Found: Zorblax, Qwen2.5-7B, AIME 2024, GPT-4o. The families Qwen2.5 and AIME are implied, not
    # mentioned, so they are not entities of the digest (and the gold does not list them either).
    assert report.entities.tp == 4 and report.entities.fn == 1 and report.entities.fp == 0
    assert report.entities.misses == ["week.txt: Quillmont | Organization"]
    by_kind = report.relations_by_kind
    assert (by_kind["usesBaseModel"].tp, by_kind["comparedWith"].tp, by_kind["evaluatedOn"].tp) == (1, 1, 1)
    assert by_kind["affiliation"].fn == 1 and by_kind["affiliation"].recall == 0.0
    assert report.variant_of.tp == 2 and report.variant_of.precision == 1.0


def test_without_vocab_removes_gold_entities_from_lookup():
    vocabulary = load_vocabulary()
    reduced = vocabulary.without({"GPT-4o", "AIME 2024"})
    names = set(reduced.by_fold())
    assert "gpt4o" not in names and "gpt4o" in set(vocabulary.by_fold())
    assert "grpo" in names


def test_eval_command_json(tmp_path):
    write_digest(tmp_path, "week.txt", DIGEST)
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps(GOLD))
    result = CliRunner().invoke(app, ["eval", "--gold", str(gold), str(tmp_path / "week.txt"), "--json", "-v"])
    assert result.exit_code == 0, result.output
    scores = json.loads(result.output)
    assert scores["entities"]["tp"] == 4 and scores["entities"]["misses"] == ["week.txt: Quillmont | Organization"]
    bad = CliRunner().invoke(app, ["eval", "--gold", str(tmp_path / "week.txt"), str(tmp_path)])
    assert bad.exit_code == 1 and "not a gold file" in bad.output


def test_dev_gold_scores_do_not_regress():
    import pytest

    from conftest import CORPUS

    gold_file = CORPUS.parent.parent / "gold" / "dev.json"
    if not gold_file.is_file():
        pytest.skip("shared gold not present")
    gold = json.loads(gold_file.read_text())
    paths = [CORPUS / d["digest"] for d in gold["digests"]]
    report = evaluate(build(paths), gold)
    # Floors a little under what we measured on the 12 weeks (round 14: entities 0.845, relations 0.856, variantOf
    # 0.823, extends 0.444), so a regression fails. Only figures are compared and shown: the file holds weeks kept
    # untouched while rules change (benchmarks/eval-split.json), whose misses nobody reads. Extends was 0.600 in round
    # 13: a tuned week's byte-level 'language model' its digest names after the method it modifies is now typed Model
    # as its gold says (type.shape-once-per-digest), and extends links methods only, so one of the file's few extends
    # pairs goes; the untouched weeks' extends figure did not move.
    figures = {name: round(getattr(report, name).f1, 3) for name in ("entities", "relations", "variant_of", "extends")}
    floors = {"entities": 0.84, "relations": 0.85, "variant_of": 0.82, "extends": 0.42}
    assert all(figures[name] >= floor for name, floor in floors.items()), f"F1 {figures} under the floors {floors}"


def test_invented_gold_scores_do_not_regress():
    """A floor that runs in any clone: an invented week (tests/gold/, GUIDELINES format), no ../shared."""
    from pathlib import Path

    from kg.evaluate import load_gold

    folder = Path(__file__).resolve().parent / "gold"
    gold = load_gold(folder / "invented-gold.json")
    report = evaluate(build([folder / "invented-week.txt"]), gold)
    # Measured: entities 1.0, relations 1.0, extends 1.0, variantOf 0.80 (Claude 3.7 Sonnet's family and
    # Qwen2.5-Math-7B's parent are the known misses).
    assert report.entities.f1 >= 0.95, report.entities.misses + report.entities.false_positives
    assert report.relations.f1 >= 0.95, report.relations.misses + report.relations.false_positives
    assert report.extends.f1 == 1.0
    assert report.variant_of.f1 >= 0.75


def test_a_family_is_scored_as_the_gold_id_of_its_own_type(tmp_path):
    """A lab the gold also calls by the family's name ('Zorbix' for the Zorbix Team) must not take the family's
    place: Zorbix-7B variantOf Zorbix is scored as the Model pair, not as (Zorbix-7B, Zorbix Team)."""
    write_digest(tmp_path, "week.txt", """Top AI Papers of the Week (June 2 - 8)
1. Quibbleworth
Quibbleworth is a new framework built upon Zorbix-7B from the Zorbix Team.
2. Plain Title Here
Nothing else.
""")
    gold = {"digests": [{
        "digest": "week.txt",
        "papers": [{"title": "Quibbleworth", "title_aliases": [], "introduces": ["Quibbleworth"], "uses_method": [],
                    "base_model": ["Zorbix-7B"], "evaluated_on": [], "compared_with": [], "organizations": []}],
        "entities": [
            {"id": "Zorbix-7B", "type": "Model", "aliases": [], "variant_of": "Zorbix", "extends": []},
            {"id": "Zorbix Team", "type": "Organization", "aliases": ["Zorbix"], "variant_of": None, "extends": []},
        ],
    }]}
    report = evaluate(build([tmp_path]), gold)
    assert report.variant_of.false_positives == [] and report.variant_of.tp == 1


def test_each_side_written_for_kg_eval_holds_its_own_weeks_only(tmp_path):
    """eval_split.py --write-sides: kg eval on DIR/SIDE.json and DIR/SIDE/ must score exactly the side's weeks (one
    gold digest too many, or one link missing, and the figures would differ from the script's)."""
    import subprocess
    import sys
    from pathlib import Path

    import pytest

    from kg.evaluate import load_gold

    from conftest import CORPUS

    root = Path(__file__).resolve().parent.parent
    if not CORPUS.is_dir():
        pytest.skip("shared corpus not present")
    run = subprocess.run([sys.executable, str(root / "benchmarks" / "eval_split.py"), "--write-sides", str(tmp_path)],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    split = json.loads((root / "benchmarks" / "eval-split.json").read_text(encoding="utf-8"))
    for side in ("tuned", "untouched", "spare"):
        weeks = [d["digest"] for d in load_gold(tmp_path / f"{side}.json")["digests"]]
        assert weeks == split[side]
        links = sorted(p.name for p in (tmp_path / side).iterdir())
        assert links == sorted(split[side]) and all((tmp_path / side / w).resolve().is_file() for w in links)


def test_the_pooled_held_out_column_keeps_each_digests_entity_figures():
    """eval_split.pooled(): the "held" column sums its sides' counts; its per-digest entity figures are its sides'
    digests (each week is on one side only), not dropped, so results/eval-split.json's "held" is not missing them."""
    import sys
    from pathlib import Path

    from kg.evaluate import Report, Score

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from eval_split import pooled

    a = Report(Score(3, 1, 0), {"w1.txt": Score(3, 1, 0)}, Score(2, 0, 1), {"introduces": Score(2, 0, 1)}, Score(), Score(1, 0, 0))
    b = Report(Score(1, 0, 2), {"w2.txt": Score(1, 0, 2)}, Score(0, 1, 0), {"usesMethod": Score(0, 1, 0)}, Score(0, 0, 1), Score())
    held = pooled([a, b])
    assert (held.entities.tp, held.entities.fp, held.entities.fn) == (4, 1, 2)
    assert {k: (s.tp, s.fp, s.fn) for k, s in held.entities_by_digest.items()} == {"w1.txt": (3, 1, 0), "w2.txt": (1, 0, 2)}
    assert {k: (s.tp, s.fp, s.fn) for k, s in held.relations_by_kind.items()} == {"introduces": (2, 0, 1), "usesMethod": (0, 1, 0)}
