"""Reported results (issue 13) on small digests written for the test, with invented names."""

import json
import re
from decimal import Decimal

import pytest
from rdflib import Graph, Literal
from rdflib.namespace import RDF, XSD
from typer.testing import CliRunner

from kg.cli import app
from kg.evaluate import evaluate_results
from kg.graph import to_turtle
from kg.namespaces import KG
from kg.pipeline import build, write_outputs
from kg.store import OxigraphStore
from kg.usecases import leaderboard, resolve
from kg.vocab import ontology_dir

from conftest import write_digest

runner = CliRunner()

INVENTED = """Top AI Papers of the Week (June 2 - 8)
1. Zorblax
Zorblax is a reinforcement learning framework for math agents. Zorblax-7B achieves 81.4% on Quibble-Bench and 62.5% on AIME 2025, while scoring 1875 rating on Codeforces.
2. Velvet Tuning
Velvet Tuning (VT) is a method that builds on LoRA. It improves accuracy by 5.2 points on Quibble-Bench, runs 2x faster and costs 30% less, with +7.5% on AIME 2024.
3. Quillmind
Quillmind is a new reasoning model trained with GRPO. It reaches 73.5% on GPQA-Diamond (vs 70.1% GRPO). With majority voting, Quillmind-2-reasoning-plus approaches 91.0% on GPQA-Diamond.
4. Marrow
Marrow is an agent framework for long-horizon tasks. With 32 parallel samples, Marrow-14B reaches 88.0% pass@1 on AIME 2025, and it solves 40% of tasks overall.
"""


def _built(tmp_path_factory, name: str, text: str):
    folder = tmp_path_factory.mktemp("digests")
    write_digest(folder, name, text)
    return build([folder])


@pytest.fixture(scope="module")
def invented(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-06-02.txt", INVENTED)


def results_of(result, paper):
    labels = result.corpus.entities
    return sorted((labels[r.system].label, labels[r.benchmark].label, r.value, r.metric, r.unit, r.setting)
                  for r in result.results if r.paper == paper)


def test_several_results_in_one_sentence(invented):
    assert results_of(invented, "zorblax") == [
        ("Zorblax-7B", "AIME 2025", Decimal("62.5"), "score", "%", None),
        ("Zorblax-7B", "Codeforces", Decimal("1875"), "rating", "Elo", None),
        ("Zorblax-7B", "Quibble-Bench", Decimal("81.4"), "score", "%", None),
    ]


def test_relative_changes_costs_and_speeds_are_not_results(invented):
    assert results_of(invented, "velvet-tuning") == []


def test_system_implied_by_the_paper_and_a_named_baseline(invented):
    # 'It reaches ...': no system named, so the paper's own; '(vs 70.1% GRPO)' is the baseline's score.
    assert results_of(invented, "quillmind") == [
        ("GRPO", "GPQA-Diamond", Decimal("70.1"), "score", "%", None),
        ("Quillmind", "GPQA-Diamond", Decimal("73.5"), "score", "%", None),
        # a family, a version and a variant's words: a name of its own, not the paper's system
        ("Quillmind-2-reasoning-plus", "GPQA-Diamond", Decimal("91.0"), "score", "%", "With majority voting"),
    ]


def test_score_with_a_setting_and_a_score_without_a_benchmark(invented):
    # '40% of tasks overall' names no benchmark: not a result.
    assert results_of(invented, "marrow") == [
        ("Marrow-14B", "AIME 2025", Decimal("88.0"), "pass@1", "%", "With 32 parallel samples"),
    ]


def test_result_nodes_conform_to_shapes_and_keep_evidence(invented):
    import pyshacl

    graph = invented.graph
    nodes = sorted(graph.subjects(RDF.type, KG.Result))
    assert len(nodes) == len(invented.results) == 7
    values = {graph.value(n, KG.value) for n in nodes}
    assert Literal("81.4", datatype=XSD.decimal) in values
    sentence = {str(graph.value(e, KG.sentence)) for n in nodes for e in graph.objects(n, KG.evidence)}
    assert any("81.4% on Quibble-Bench" in s for s in sentence)
    shapes = Graph().parse(ontology_dir() / "shapes.ttl")
    ontology = Graph().parse(ontology_dir() / "papers-kg.ttl")
    conforms, _, text = pyshacl.validate(graph, shacl_graph=shapes, ont_graph=ontology, inference="none")
    assert conforms, text


def test_result_iris_are_stable(invented, tmp_path):
    write_digest(tmp_path, "dair-2030-06-02.txt", INVENTED)
    again = build([tmp_path])
    assert to_turtle(again.graph) == to_turtle(invented.graph)


def test_leaderboard_is_edition_aware_and_sorted(invented):
    store = OxigraphStore.from_graph(invented.graph)
    rows = leaderboard(store, resolve(store, "AIME", "Benchmark"))
    assert [(r.system, r.value, r.benchmark) for r in rows] == [
        ("Marrow-14B", Decimal("88.0"), "AIME 2025"), ("Zorblax-7B", Decimal("62.5"), "AIME 2025")]
    assert rows[0].setting == "With 32 parallel samples" and rows[0].dates == ("2030-06-02",)
    assert [r.system for r in leaderboard(store, resolve(store, "aime 2025", "Benchmark"), metric="Pass@1")] == ["Marrow-14B"]


def test_leaderboard_command_and_named_query(invented, tmp_path):
    write_outputs(invented, tmp_path)
    out = runner.invoke(app, ["leaderboard", "aime", str(tmp_path), "--format", "csv"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith("rank,system,value,unit,metric,benchmark,setting,paper")
    assert lines[1].startswith("1,Marrow-14B,88,%,pass@1,AIME 2025,With 32 parallel samples,Marrow")
    data = json.loads(runner.invoke(app, ["leaderboard", "GPQA-Diamond", str(tmp_path), "--format", "json"]).output)
    assert [(d["system"], d["value"]) for d in data] == [("Quillmind-2-reasoning-plus", "91"), ("Quillmind", "73.5"), ("GRPO", "70.1")]
    unknown = runner.invoke(app, ["leaderboard", "Quibble-Bnch", str(tmp_path)])
    assert unknown.exit_code == 1 and "did you mean Quibble-Bench" in unknown.output
    query = runner.invoke(app, ["query", str(tmp_path), "leaderboard", "--param", "name=quibble-bench", "--format", "csv"])
    assert query.exit_code == 0 and query.output.splitlines()[1].startswith("Quibble-Bench,Zorblax-7B,81.4,%")


def test_eval_scores_results_against_gold(invented, tmp_path):
    gold = {"digests": [{"digest": "dair-2030-06-02.txt", "results": [
        {"paper": "Quillmind", "system": "Quillmind", "benchmark": "GPQA-Diamond", "metric": "accuracy", "value": 73.5, "unit": "%"},
        {"paper": "Quillmind", "system": "GRPO", "benchmark": "GPQA-Diamond", "metric": "score", "value": 70.1, "unit": "%"},
        {"paper": "Velvet Tuning", "system": "VT", "benchmark": "Quibble-Bench", "metric": "score", "value": 5.2, "unit": "points"},
    ]}]}
    report = evaluate_results(invented, gold)
    assert (report.results.tp, report.results.fp, report.results.fn) == (2, 5, 1)
    assert report.metric_agree == 1 and report.unit_agree == 2
    path = tmp_path / "results-gold.json"
    path.write_text(json.dumps(gold), encoding="utf-8")
    folder = tmp_path / "in"
    folder.mkdir()
    write_digest(folder, "dair-2030-06-02.txt", INVENTED)
    out = runner.invoke(app, ["eval", "--results-gold", str(path), str(folder), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["results"]["tp"] == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"digests": [{"digest": "x"}]}', encoding="utf-8")
    out = runner.invoke(app, ["eval", "--results-gold", str(bad), str(folder)])
    assert out.exit_code == 1 and "not a results gold file" in out.output


def test_benchmark_panel_shows_its_results_as_text(tmp_path):
    from test_html import CHROMIUM, _open, _require_browser

    from kg.html import render_page

    sync_api = _require_browser()
    evil = INVENTED + "5. Evil&lt;b&gt;Paper&lt;/b&gt;\nEvilNet9 achieves 55.5% on Quibble-Bench.\n"
    write_digest(tmp_path, "dair-2030-06-02.txt", evil)
    path = tmp_path / "page.html"
    path.write_text(render_page(build([tmp_path]).graph), encoding="utf-8")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page, requests, errors = _open(browser, path)
        page.evaluate("() => window.kg.search('Quibble-Bench')")
        rows = page.locator("#panel table.results tr").all_inner_texts()
        browser.close()
    assert [r.split("\t")[:3] for r in rows] == [["#", "system", "score"], ["1", "Zorblax-7B", "81.4%"], ["2", "EvilNet9", "55.5%"]]
    assert "Evil<b>Paper</b>" in rows[2]  # the title's markup is shown as text
    assert not errors and requests == [path.as_uri()]


def test_baselines_joined_to_a_comparison_and_counts_of_a_benchmark(tmp_path):
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 9 - 15)\n1. Glimmer\n"
                 "On Quibble-Bench, Glimmer-4B achieves 68% accuracy compared to 50% with dense retrievers and 37% with BM25. "
                 "It also wins 16 Quibble-Bench puzzles outright. "
                 "Glimmer-4B attains 59.6 on CodeTrial-Bench, which further improves to 70.4 with majority voting. "
                 "Glimmer-1B scores 41.5% and 33.0% on Quibble-Bench and CodeTrial-Bench, respectively. "
                 "Glimmer-2B resolves 52.5% of tasks on Quibble-Bench 500, beating baselines.\n2. Second Paper Title\nNothing here.\n")
    result = build([tmp_path])
    # 50% has no named system; 37% is BM25's (a baseline joined by 'and'), not Glimmer-4B's; 16 counts puzzles.
    assert results_of(result, "glimmer") == [
        ("BM25", "Quibble-Bench", Decimal("37"), "score", "%", None),
        # '... respectively': the n-th score is on the n-th benchmark
        ("Glimmer-1B", "CodeTrial-Bench", Decimal("33.0"), "score", "%", None),
        ("Glimmer-1B", "Quibble-Bench", Decimal("41.5"), "score", "%", None),
        # 'on Quibble-Bench 500': the number names a subset, it is not a second score
        ("Glimmer-2B", "Quibble-Bench", Decimal("52.5"), "score", "%", None),
        ("Glimmer-4B", "CodeTrial-Bench", Decimal("59.6"), "score", "points", None),
        # 'which further improves to 70.4': the same system on the same benchmark, in a new setting
        ("Glimmer-4B", "CodeTrial-Bench", Decimal("70.4"), "score", "points", "with majority voting"),
        ("Glimmer-4B", "Quibble-Bench", Decimal("68"), "accuracy", "%", None),
    ]


def test_dev_results_do_not_regress():
    from conftest import CORPUS

    gold_file = CORPUS.parent.parent / "gold" / "results-dev.json"
    if not gold_file.is_file():
        pytest.skip("shared results gold not present")
    gold = json.loads(gold_file.read_text())
    report = evaluate_results(build([CORPUS / d["digest"] for d in gold["digests"]]), gold)
    # Floors a little under what we measured on the four development weeks (P 1.000, R 0.826).
    assert report.results.precision >= 0.95 and report.results.recall >= 0.80


# Sentence shapes the first rules missed (issue 13, recall); each test names the rule it covers.
SHAPES = """Top AI Papers of the Week (July 7 - 13)
1. Gristle
Gristle is a sampling method for reasoning models.
● Low-budget wins: On Quibble-Bench (700 tokens), Gristle achieves 51.3% vs. 28.9% (Thinking).
● Stress test: Tested on context-heavy CodeTrial-Bench cases using Zorblax-7B, Gristle keeps identical accuracy (60% for both agents), with reductions reaching 57% on particular instances.
2. Marlin
Marlin is a memory framework for agents. It increases trait incorporation from 45% to 75%, validated through the Persona-Bench benchmark.
Benchmarked on the Quibble-Bench eval using Opus 4.6, Marlin achieves higher scores than Claude Code.
3. Tessellate: An Open RL System
Tessellate achieves state-of-the-art math performance on the AIME 2024 test set. Specifically, Tessellate trained from a Zorblax-7B base achieves 50% accuracy.
4. Borealis
Borealis is an agent trained with deep search. Borealis-32B scores 14.8% on Quibble-Bench and 25.6% on CodeTrial-Bench. On Quibble-Bench, the 32B model reaches 15.2% and beats open agents. Its 8B model reaches 9.1% on CodeTrial-Bench.
● Cross-domain: The 8B model achieves 37.2% on Quibble-Bench, outperforming larger models like Zorblax-8B.
5. Distilling Reasoners
A study of distillation. ● Empirical gains – Fine-tuning Zorblax-7B on the reasoning model's final answers led to notable improvements on GSM8K (92.2%) and HumanEval (90.9%).
6. Kestrel
Kestrel is a coding agent. Kestrel hits 65.8% on SWE-bench Verified and 47.3% on SWE-bench Extended, and 40.2% on CodeTrial-Bench Verified. It also reaches 33.1% on Quibble-Bench Pro. On SWE-bench Verified, the chart on page 3 shows Kestrel ahead of larger models. On CodeTrial-Bench, Kestrel posts Accuracy 44.0.
7. Quibble-Bench-Pro: A Harder Edition
Quibble-Bench-Pro is a benchmark of harder puzzles.
8. Pellucid
Pellucid is a search agent for long documents. On Quibble-Bench, zorb-oss-77b reaches 58.5%, oStar9 reaches 57.0%, and Pellucid reaches 66.2%.
9. Nimbus
Nimbus is a coding agent. Nimbus-7B reaches 72.5% base pass@1 on CodeTrial-Bench, outperforming Zorblax-7B (60.1%) and Glimmer-4B (58.0%).
10. Tundra
Tundra is an RL recipe for reasoning. It raises Quibble-Bench accuracy from 40.5% to 62.0%, surpassing Zorblax-7B's 55.0%, and cuts latency from 9.5 to 4.1 on CodeTrial-Bench.
"""


@pytest.fixture(scope="module")
def shapes(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shapes")
    write_digest(folder, "dair-2030-07-07.txt", SHAPES)
    return build([folder])


def test_a_benchmark_after_a_bullet_heading_or_a_testing_participle_grounds_the_sentence(shapes):
    # 'Low-budget wins: On Quibble-Bench, ...' and 'Tested on context-heavy CodeTrial-Bench cases, ...' (_leads);
    # '(60% for both agents)': one score for every system the sentence names (_shared);
    # 'with reductions reaching 57%' is the size of a change (change-before); 28.9% is an unrecognised baseline's.
    assert results_of(shapes, "gristle") == [
        ("Gristle", "CodeTrial-Bench", Decimal("60"), "accuracy", "%", "using Zorblax-7B"),
        ("Gristle", "Quibble-Bench", Decimal("51.3"), "score", "%", None),
        ("Zorblax-7B", "CodeTrial-Bench", Decimal("60"), "accuracy", "%", None),
    ]


def test_the_value_a_score_changed_to_and_a_benchmark_named_last(shapes):
    # 'from 45% to 75%, validated through the Persona-Bench benchmark' (_changed_to, _grounding);
    # 'using Opus 4.6': the version of a name nobody recognised, not a score (_VERSIONED).
    assert results_of(shapes, "marlin") == [("Marlin", "Persona-Bench", Decimal("75"), "score", "%", None)]


def test_a_sentence_spelling_out_the_one_before_stands_on_its_benchmark(shapes):
    # '... on the AIME 2024 test set. Specifically, ... achieves 50% accuracy' (_carried_benchmark): both sentences are evidence
    assert results_of(shapes, "tessellate-an-open-rl-system") == [
        ("Tessellate", "AIME 2024", Decimal("50"), "accuracy", "%", None)]
    (result,) = [r for r in shapes.results if r.paper == "tessellate-an-open-rl-system"]
    assert [e.sentence.split(",")[0] for e in result.evidence] == [
        "Specifically", "Tessellate achieves state-of-the-art math performance on the AIME 2024 test set."]


def test_a_variant_named_by_its_size(shapes):
    # 'the 32B model' is Borealis-32B (_sized_reference); 'Its 8B model' is a variant the item does not name, and
    # 'The 8B model ... outperforming ... Zorblax-8B' is not Zorblax-8B: no result.
    assert results_of(shapes, "borealis") == [
        ("Borealis-32B", "CodeTrial-Bench", Decimal("25.6"), "score", "%", None),
        ("Borealis-32B", "Quibble-Bench", Decimal("14.8"), "score", "%", None),
        ("Borealis-32B", "Quibble-Bench", Decimal("15.2"), "score", "%", None),
    ]


def test_the_model_a_clause_opens_by_training_scored(shapes):
    # 'Fine-tuning Zorblax-7B on ... led to ... GSM8K (92.2%)' (_trained_object)
    assert results_of(shapes, "distilling-reasoners") == [
        ("Zorblax-7B", "GSM8K", Decimal("92.2"), "score", "%", None),
        ("Zorblax-7B", "HumanEval", Decimal("90.9"), "score", "%", None),
    ]


def test_a_score_lands_on_the_edition_not_the_family(shapes):
    # 'Quibble-Bench Pro' where only 'Quibble-Bench' was recognised: the edition the corpus knows (_edition);
    # 'SWE-bench Extended', an edition the vocabulary does not list of a benchmark it knows, is found as that edition
    # (name.known-benchmark-edition); 'CodeTrial-Bench Verified' of a benchmark it does not know: no result rather
    # than a wrong one on the family. 'page 3' is not a score.
    assert results_of(shapes, "kestrel") == [
        # 'Accuracy 44.0' is a metric and its value, not a version of a name (_VERSIONED)
        ("Kestrel", "CodeTrial-Bench", Decimal("44.0"), "accuracy", "points", None),
        ("Kestrel", "Quibble-Bench-Pro", Decimal("33.1"), "score", "%", None),
        ("Kestrel", "SWE-bench Extended", Decimal("47.3"), "score", "%", None),
        ("Kestrel", "SWE-bench Verified", Decimal("65.8"), "score", "%", None),
    ]


def test_lowercase_names_and_a_list_of_clauses_each_with_its_subject(shapes):
    # 'zorb-oss-77b reaches 58.5%': a lowercase name nobody recognised scored, not the paper's system (_NAME_SHAPE);
    # '..., and Pellucid reaches 66.2%': 'and' opens a clause of its own, the score is not oStar9's.
    assert results_of(shapes, "pellucid") == [
        ("Pellucid", "Quibble-Bench", Decimal("66.2"), "score", "%", None),
        ("oStar9", "Quibble-Bench", Decimal("57.0"), "score", "%", None),
    ]


def test_a_score_in_brackets_after_a_name_and_a_qualified_metric(shapes):
    # 'outperforming Zorblax-7B (60.1%)': the bracketed score is Zorblax-7B's, on the benchmark of the sentence
    # (_bracketed); '72.5% base pass@1' is pass@1 (metric-modifier).
    assert results_of(shapes, "nimbus") == [
        ("Glimmer-4B", "CodeTrial-Bench", Decimal("58.0"), "score", "%", None),
        ("Nimbus-7B", "CodeTrial-Bench", Decimal("72.5"), "pass@1", "%", None),
        ("Zorblax-7B", "CodeTrial-Bench", Decimal("60.1"), "score", "%", None),
    ]


def test_a_benchmark_whose_score_changed_and_a_possessive_score(shapes):
    # 'raises Quibble-Bench accuracy from 40.5% to 62.0%' (_benchmark after a change); 'Zorblax-7B's 55.0%' (_bracketed);
    # 'cuts latency from 9.5 to 4.1': a cost that changed (not-changed).
    assert results_of(shapes, "tundra") == [
        ("Tundra", "Quibble-Bench", Decimal("62.0"), "accuracy", "%", None),
        ("Zorblax-7B", "Quibble-Bench", Decimal("55.0"), "accuracy", "%", None),
    ]


# Shapes found by hand-annotating weeks no gold file covered (first benchmarks/gold/more-results.json, now no-side-results.json); invented names.
MORE_SHAPES = """Top AI Papers of the Week (August 4 - 10)
1. Frobnic
Frobnic is a deliberation skill for reasoning models.
● Zorblax-7B jumps from 41.2% to 63.5% on Quibble-Bench: under the heavy variant, the model gains a lot.
The same recipe takes Glimmer-4B from 20.1% to 38.4% on CodeTrial-Bench, nearly doubling its score.
2. Tessaract
Tessaract is a family of tool-using models. For example, Tessaract-14B beats Zorblax-7B on Quibble-Bench overall (85.97 vs 83.97) and achieves +5% over Zorblax-7B on CodeTrial-Bench.
3. Loomwise
Loomwise is a recurrent reasoning model. Loomwise achieves 53.8% on CodeTrial-Bench and 16.0% on Quibble-Bench, outperforming prior models like Zorblax-7B (40%) and Glimmer-4B (32%) on CodeTrial-Bench.
4. Rubric-Bench
Rubric-Bench is a benchmark of 5,000 expert-graded conversations.
● Frontier gains: Rubric-Bench reveals rapid progress, with Zorblax-7B scoring 16%, Glimmer-4B reaching 32%, and Tessaract-14B achieving 60%.
● Hard split: Rubric-Bench Hard isolates 1,000 difficult examples on which no model scores above 32%.
5. Stepwise-Research
Stepwise-Research is a 32B deep research agent. Achieving 61.42 on Scale AI DepthRubrics with a lean design, it outperforms larger models.
6. Prismatic
Prismatic is a unified visual tokenizer. Prismatic reports 0.21 rFID for images, and 28.28 PSNR with 90.9% 3D classification on CodeTrial-Bench.
7. Glintvote
Glintvote is a confidence-weighted voting method.
● Offline gains — On Quibble-Bench with Zorblax-7B at K=512, Glintvote reaches 99.9% accuracy vs 97.0% for unweighted voting.
8. Zephyrine Agent
Zephyrine replaces centralized coordination with a message server (MCP) that lets agents talk directly. On CodeTrial-Bench, it holds up even with a small planner model.
● Results: On CodeTrial-Bench, with Zorblax-7B as planner and Glimmer-4B workers, Zephyrine reaches 52.73% accuracy (pass@3), beating an OWL reproduction with the same setup by +9.09 points.
● Why it wins: Most extra solves over OWL come from collaborative refinement. OWL's few wins over Zephyrine stem from worker stochasticity.
9. Odyssey-Suite
Odyssey-Suite is a benchmark for office agents, with OdysseyMind, a multi-agent system the paper proposes. OdysseyMind plans with tools. Two splits: Quibble-Bench (300 tasks distilled from real cases) and CodeTrial-Bench (302 newly synthesized, more complex tasks).
On Quibble-Bench, Zorblax-7B scores 72.83% in the 3-app setting. Tessaract-14B reaches 22.58× at length 1024 on CodeTrial-Bench with accuracy preserved.
10. Webwright
Webwright is an agent RL framework. Webwright-7B hits 26.00% overall on CodeTrial-Bench, topping Glimmer-4B at 16.00.
"""


@pytest.fixture(scope="module")
def more_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-08-04.txt", MORE_SHAPES)


def scored(result, paper):
    """System, benchmark and value of the paper's results (what a result match is judged on)."""
    return [row[:3] for row in results_of(result, paper)]


def test_a_model_whose_score_went_from_one_value_to_another_scored(more_shapes):
    # '● A jumps from X to Y on B' (a bullet mark opens the clause) and 'takes A from X to Y on B' (_changed_system):
    # the model named, not the paper's skill; the value it started from is not a result.
    assert scored(more_shapes, "frobnic") == [
        ("Glimmer-4B", "CodeTrial-Bench", Decimal("38.4")), ("Zorblax-7B", "Quibble-Bench", Decimal("63.5"))]


def test_a_bracketed_pair_after_a_comparison(more_shapes):
    # 'A beats B on X overall (a vs b)' (_compared_pair); '+5% over B' is a change.
    assert scored(more_shapes, "tessaract") == [
        ("Tessaract-14B", "Quibble-Bench", Decimal("85.97")), ("Zorblax-7B", "Quibble-Bench", Decimal("83.97"))]


def test_bracketed_baselines_listed_before_their_benchmark(more_shapes):
    # 'like A (40%) and B (32%) on X' (_listed_before): X, not the benchmark of the score before.
    assert scored(more_shapes, "loomwise") == [
        ("Glimmer-4B", "CodeTrial-Bench", Decimal("32")), ("Loomwise", "CodeTrial-Bench", Decimal("53.8")),
        ("Loomwise", "Quibble-Bench", Decimal("16.0")), ("Zorblax-7B", "CodeTrial-Bench", Decimal("40"))]


def test_a_benchmark_that_is_the_subject_and_systems_scoring_in_a_with_phrase(more_shapes):
    # 'B reveals ..., with A scoring 16%, C reaching 32%' (_topic, _scoring_beside); 'no model scores above 32%' is a bound.
    assert scored(more_shapes, "rubric-bench") == [
        ("Glimmer-4B", "Rubric-Bench", Decimal("32")), ("Tessaract-14B", "Rubric-Bench", Decimal("60")),
        ("Zorblax-7B", "Rubric-Bench", Decimal("16"))]


def test_a_benchmark_named_with_its_maker(more_shapes):
    # 'on Scale AI DepthRubrics': the organization before the benchmark does not hide it; the paper's system scored;
    # 'Achieving 61.42': a sentence-opening gerund is not a name whose version the number would be.
    assert scored(more_shapes, "stepwise-research") == [("Stepwise-Research", "DepthRubrics", Decimal("61.42"))]


def test_a_metric_whose_first_word_starts_with_a_digit(more_shapes):
    # '90.9% 3D classification on X' (_FORWARD_GAP); PSNR and rFID have no benchmark.
    assert scored(more_shapes, "prismatic") == [("Prismatic", "CodeTrial-Bench", Decimal("90.9"))]


def test_a_bullet_heading_closed_by_a_dash(more_shapes):
    # '● Offline gains — On X with A, S reaches N' (_HEADING); 97.0% is an unnamed baseline's.
    assert results_of(more_shapes, "glintvote") == [
        ("Glintvote", "Quibble-Bench", Decimal("99.9"), "accuracy", "%", "with Zorblax-7B")]


def test_a_plain_word_that_scores_is_the_scorer_not_the_system_it_beats(more_shapes):
    # The earlier stages once missed 'Zephyrine' (a plain capitalised word) and took OWL, named three times, for what
    # the item introduces; _compared_against then credited nobody rather than the baseline. 'Zephyrine reaches 52.73%'
    # now makes the word a system (context.score-subject), and the score is its own.
    assert scored(more_shapes, "zephyrine-agent") == [("Zephyrine", "CodeTrial-Bench", Decimal("52.73"))]


def test_counts_in_brackets_hyphenated_settings_and_lengths_are_not_scores(more_shapes):
    # '(302 newly synthesized, more complex tasks)': a count however far its noun; '3-app': a setting's name;
    # 'at length 1024': a length (not-before).
    assert scored(more_shapes, "odyssey-suite") == [("Zorblax-7B", "Quibble-Bench", Decimal("72.83"))]


def test_the_score_of_a_system_the_scorer_tops(more_shapes):
    # 'A hits 26.00% on X, topping B at 16.00' (_beaten): B's score, on the benchmark of the score before.
    assert scored(more_shapes, "webwright") == [
        ("Glimmer-4B", "CodeTrial-Bench", Decimal("16.00")), ("Webwright-7B", "CodeTrial-Bench", Decimal("26.00"))]


# Shapes found reading the 'fit' weeks' misses and readable weeks no results gold covers (issue 13); invented names.
FIT_SHAPES = """Top AI Papers of the Week (September 1 - 7)
1. Hedging Hurts Reasoning
A study of hedged prompting across open models. For example, Zorblax-8B’s IFEval accuracy dropped from 75.2% to 59.0% with hedging.
2. Quillchain
a prompting method for code-driven reasoning; it formats sub-tasks as pseudocode; on BIG-Bench Hard, Quillchain-7B achieves 84%, a gain of 12% over Chain of Thought.
3. Draftwise
Draftwise is a terse prompting method for reasoning models.
● Low latency, high accuracy – On GSM8K math problems, Draftwise achieves 91% accuracy with an 80% token reduction compared to CoT.
4. Planwright
Planwright is a planning framework for web agents.
● State-of-the-art on WebArena-Lite – Evaluated on web navigation tasks, Planwright achieves a 54% success rate, significantly above the previous best of 49%.
● Results on GAIA: With Zorblax-8B as planner, Planwright reaches 52.7% accuracy (pass@3), and 40.1% on Tesselsuite.
5. Glasswing
Glasswing is an RL recipe for reasoning models. It improves GPQA-Diamond to 60.9 and boosts MATH500 accuracy to 73.6%.
6. Perceptor
Perceptor is a vision-language agent. It excels in perception benchmarks like VisualWebBench, scoring 82.8, and reaches 83.8% (vs. 72.6%) on WebQSP.
7. Sonorra
Sonorra is an audio foundation model. ● Evaluation: On audio chat (OpenAudioBench avg: 69.8) and grids like 9×9 GSM8K puzzles, Sonorra sets new records.
8. Lumen-Bench
Lumen-Bench is a benchmark of 1,120 verifiable scenarios.
● Lumen-Bench benchmark: 1,120 verifiable scenarios across apps; Glasswing-7B beats Quillchain-7B (Zorblax-8B) on KGQA tasks: 70.5% on Lumen-Bench.
"""


@pytest.fixture(scope="module")
def fit_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-09-01.txt", FIT_SHAPES)


def test_a_benchmark_named_after_its_owners_possessive(fit_shapes):
    # 'Zorblax-8B’s IFEval accuracy': the mention's surface spans the owner, the benchmark is found after it (_spans)
    assert scored(fit_shapes, "hedging-hurts-reasoning") == [("Zorblax-8B", "IFEval", Decimal("59.0"))]


def test_a_clause_after_a_semicolon_opening_on_a_benchmark(fit_shapes):
    # '...; on BIG-Bench Hard, A achieves 84%' (_clause_lead); 'a gain of 12%' is a change
    assert scored(fit_shapes, "quillchain") == [("Quillchain-7B", "BIG-Bench Hard", Decimal("84"))]


def test_a_heading_with_a_comma(fit_shapes):
    # '● Low latency, high accuracy – On X ...' (_HEADING); '80% token reduction' is a change
    assert results_of(fit_shapes, "draftwise") == [("Draftwise", "GSM8K", Decimal("91"), "accuracy", "%", None)]


def test_the_benchmark_a_bullet_heading_names(fit_shapes):
    # '● State-of-the-art on X – ...', '● Results on X: ...' (_heading_benchmark); 'the previous best of 49%' is an
    # unnamed system's (baseline cue); '40.1% on Tesselsuite' is on a benchmark nobody recognised, not on GAIA (_elsewhere)
    assert scored(fit_shapes, "planwright") == [
        ("Planwright", "GAIA", Decimal("52.7")), ("Planwright", "WebArena-Lite", Decimal("54"))]


def test_a_benchmark_raised_to_a_score(fit_shapes):
    # 'improves X to 60.9', 'boosts X accuracy to 73.6%' (_named_then_scored, raised-to); '60.9 and boosts' is
    # not '60.9 boosts' (the not-after window ends at a clause's 'and')
    assert results_of(fit_shapes, "glasswing") == [
        ("Glasswing", "GPQA-Diamond", Decimal("60.9"), "score", "points", None),
        ("Glasswing", "MATH500", Decimal("73.6"), "accuracy", "%", None),
    ]


def test_a_scoring_gerund_after_a_comma_and_an_unnamed_baseline_in_brackets(fit_shapes):
    # 'X, scoring 82.8' (_named_then_scored); '83.8% (vs. 72.6%) on WebQSP' (_FORWARD_GAP): the unnamed baseline's
    # score does not hide the benchmark, and has no result of its own
    assert scored(fit_shapes, "perceptor") == [
        ("Perceptor", "VisualWebBench", Decimal("82.8")), ("Perceptor", "WebQSP", Decimal("83.8"))]


def test_a_metric_label_before_a_colon_and_a_dimension(fit_shapes):
    # 'OpenAudioBench avg: 69.8' (_named_then_scored); '9×9' is a grid's size, not a score on GSM8K
    assert scored(fit_shapes, "sonorra") == [("Sonorra", "OpenAudioBench", Decimal("69.8"))]


def test_a_metric_word_is_needed_before_a_colon_and_a_bracketed_name_qualifies(fit_shapes):
    # 'Lumen-Bench benchmark: 1,120 verifiable scenarios': a count, not a score; 'Quillchain-7B (Zorblax-8B)': the
    # bracketed name qualifies the one before it, it is not the subject of '70.5%' (_subject)
    assert scored(fit_shapes, "lumen-bench") == [("Glasswing-7B", "Lumen-Bench", Decimal("70.5"))]


# Shapes found reading corpus weeks that no results gold covers (issue 13, generality); invented names.
GENERAL_SHAPES = """Top AI Papers of the Week (October 6 - 12)
1. Frondwise
Frondwise is a GUI agent framework for desktop tasks. For example, in CodeTrial-Bench, Frondwise-72B scores 24.6 with a 50-step budget.
2. Skein Refinement
A study of prompt refinement for coding agents. Refinement helps, with Zorblax-8B going from 57.7% to 65.5% on Quibble-Bench.
3. Learning from Live Chats
This work presents a post-training recipe that learns from real user conversations. ChatForge combines user rewrites with persona rewards.
● Benchmarks show strong results: 77.9% win rate on Quibble-Bench, and competitive on CodeTrial-Bench.
4. Prompt Order Matters
Lattice is a prompt ordering method. For instance, on Quibble-Bench, accuracy dropped from 76% (fixed) to 56% (shuffled) for Zorblax-1.5B.
5. Sparrow
Sparrow is an RL recipe for agents. On Zorblax-4B, Sparrow achieves 11% improvement on Quibble-Bench, 14% on CodeTrial-Bench, and 19% on Lumen-Bench over RL baselines.
● Efficient: Sparrow cuts FLOPs 40.5% and cache 74% on Quibble-Bench, and lifts CodeTrial-Bench accuracy to 67%, a full 11% above the previous best.
● Routing: On Lumen-Bench, Sparrow achieves about 93% of Zorblax-8B performance. On Quibble-Bench, Sparrow-1B reaches 15.11 CodeTrial-Bench perplexity.
6. Quenchy
Quenchy is a reasoning model. ● Results: AIME 2024 / AIME 2025: 72.1 / 65.3 for Quenchy-32B.
7. Corvane
Corvane is a model. On GSM8K, Corvane-7B scores 92.3% accuracy and Zorblax-7B scores 88.0%.
8. Trillium
Trillium is a model family. Trillium-70B reaches 91.2% on MMLU, while Trillium-8B reaches 79.5%.
9. Vellum
Vellum is an RL method. Vellum boosts Zorblax-7B to 55.2% on AIME 2024.
10. Dovetail
Dovetail is a reasoning model. Dovetail-32B records 68.3 on LiveCodeBench v5, ahead of Zorblax-32B at 61.0.
11. Sable
Sable is a model. Sable-7B: 55.0% on AIME 2024, 40.1% on AIME 2025.
12. Pinnacle
Pinnacle is a web agent. Pinnacle ranks first on GAIA with an average score of 71.5%. A CodeTrial-Bench evaluation shows 0.8857 for Pinnacle.
13. Ambrel
Ambrel is a model. Ambrel-7B achieves scores of 72.1 and 65.3 on AIME 2024 and AIME 2025.
14. Ferncrest
Ferncrest is a memory method for agents.
● Results on Lumen-Bench: Ferncrest lifts the score to 59.3. With retries, Quillset-8B reaches 70.8%. Glimmer-7B reaches 40% on puzzle tasks.
● Data efficiency: Ferncrest boosts Quibble-Bench accuracy to 61.0% and average performance to 35.7%. Ferncrest-Lite goes further (64.2% and 36.6%).
15. QuartzBench
Zorbco introduces QuartzBench, a benchmark of agent tasks whose environments change on their own. Glimmer-4B leads at 42% pass@1, while Quxa-70B reaches 21%. Humans solve 92% of its tasks, and the suite has 1,000 tasks (1).
"""


@pytest.fixture(scope="module")
def general_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-10-06.txt", GENERAL_SHAPES)


def test_an_opening_adverbial_before_the_benchmark_a_sentence_stands_on(general_shapes):
    # 'For example, in X, A scores 24.6' (_leads, lead-adverbial)
    assert scored(general_shapes, "frondwise") == [("Frondwise-72B", "CodeTrial-Bench", Decimal("24.6"))]


def test_a_model_going_from_one_score_to_another(general_shapes):
    # 'with A going from 57.7% to 65.5% on X' (_changed_from, changed-verb): A scored 65.5%, not the paper
    assert scored(general_shapes, "skein-refinement") == [("Zorblax-8B", "Quibble-Bench", Decimal("65.5"))]


def test_a_system_introduced_in_the_second_sentence_is_the_papers_own(general_shapes):
    # 'This work presents a recipe ... . ChatForge combines ...': the system presented up front (_own_system)
    assert scored(general_shapes, "learning-from-live-chats") == [("ChatForge", "Quibble-Bench", Decimal("77.9"))]


def test_a_system_named_after_a_bracketed_tag(general_shapes):
    # '56% (shuffled) for A': the score is A's, not the paper's (_named_beside, tagged-beside)
    assert scored(general_shapes, "prompt-order-matters") == [("Zorblax-1.5B", "Quibble-Bench", Decimal("56"))]


def test_lists_of_changes_cuts_distances_and_shares_are_not_results(general_shapes):
    # '11% improvement on A, 14% on B, and 19% on C' (change-list); 'cuts FLOPs 40.5% and cache 74%' (cut-object,
    # change-list); 'a full 11% above the previous best' (relative-after); '93% of Zorblax-8B performance'
    # (share-of-system); '15.11 CodeTrial-Bench perplexity' (measure-after-name). Only 'to 67%' is a score.
    assert scored(general_shapes, "sparrow") == [("Sparrow", "CodeTrial-Bench", Decimal("67"))]


def test_a_table_row_written_inline(general_shapes):
    # 'A / B: 72.1 / 65.3 for S': the n-th number on the n-th benchmark, all the system's named last (slash-table)
    assert scored(general_shapes, "quenchy") == [
        ("Quenchy-32B", "AIME 2024", Decimal("72.1")), ("Quenchy-32B", "AIME 2025", Decimal("65.3"))]


def test_a_clause_joined_by_and_with_its_own_subject(general_shapes):
    # '... and B scores 88.0%': B's score, not the first clause's subject's (_subject, and without a comma)
    assert scored(general_shapes, "corvane") == [
        ("Corvane-7B", "GSM8K", Decimal("92.3")), ("Zorblax-7B", "GSM8K", Decimal("88.0"))]


def test_a_clause_that_leaves_out_the_benchmark(general_shapes):
    # 'A reaches 91.2% on X, while B reaches 79.5%': B's score on X too (elliptic-clause)
    assert scored(general_shapes, "trillium") == [
        ("Trillium-70B", "MMLU", Decimal("91.2")), ("Trillium-8B", "MMLU", Decimal("79.5"))]


def test_the_model_a_method_raises_to_a_score(general_shapes):
    # 'Vellum boosts Zorblax-7B to 55.2% on X': the model raised scored (raised-system)
    assert scored(general_shapes, "vellum") == [("Zorblax-7B", "AIME 2024", Decimal("55.2"))]


def test_a_system_the_scorer_is_ahead_of_and_a_name_labelling_a_list(general_shapes):
    # 'ahead of B at 61.0' (beats); 'A: 55.0% on X, 40.1% on Y': the label is the subject of the whole list (labelled-list)
    assert scored(general_shapes, "dovetail") == [
        ("Dovetail-32B", "LiveCodeBench v5", Decimal("68.3")), ("Zorblax-32B", "LiveCodeBench v5", Decimal("61.0"))]
    assert scored(general_shapes, "sable") == [("Sable-7B", "AIME 2024", Decimal("55.0")), ("Sable-7B", "AIME 2025", Decimal("40.1"))]


def test_a_benchmark_with_a_metric_of_a_score(general_shapes):
    # 'on X with an average score of 71.5%' (with-metric-of), 'X evaluation shows 0.8857' (_BACKWARD_GAP)
    assert scored(general_shapes, "pinnacle") == [
        ("Pinnacle", "CodeTrial-Bench", Decimal("0.8857")), ("Pinnacle", "GAIA", Decimal("71.5"))]


def test_parallel_lists_of_scores_and_benchmarks(general_shapes):
    # 'scores of 72.1 and 65.3 on A and B.': the n-th number on the n-th benchmark without 'respectively'
    # (_respectively, parallel-lists); 65.3 went to A and 72.1 was lost
    assert scored(general_shapes, "ambrel") == [
        ("Ambrel-7B", "AIME 2024", Decimal("72.1")), ("Ambrel-7B", "AIME 2025", Decimal("65.3"))]


def test_a_later_sentence_of_a_bullet_stands_on_the_benchmark_the_bullet_opens_on(general_shapes):
    # '● Results on X: ... . With retries, B reaches 70.8%.' (bullet-carried); not a score its clause puts 'on'
    # something else ('40% on puzzle tasks', place-of-score), nor one after a bullet that names its benchmark only in
    # passing ('boosts X accuracy to 61.0% ... . C goes further (64.2% and 36.6%)')
    assert scored(general_shapes, "ferncrest") == [
        ("Ferncrest", "Lumen-Bench", Decimal("59.3")), ("Ferncrest", "Quibble-Bench", Decimal("61.0")),
        ("Quillset-8B", "Lumen-Bench", Decimal("70.8"))]


def test_named_systems_score_on_the_benchmark_the_item_introduces(general_shapes):
    # 'Zorbco introduces X, a benchmark ... . A leads at 42% pass@1, while B reaches 21%' (item-benchmark); an
    # unnamed scorer ('Humans solve 92%') and a count ('(1)') are not results
    assert scored(general_shapes, "quartzbench") == [
        ("Glimmer-4B", "QuartzBench", Decimal("42")), ("Quxa-70B", "QuartzBench", Decimal("21"))]


def test_each_sentence_knows_the_bullet_line_it_stands_on():
    """bullet-carried reads which sentences share a bullet line: numbered in one pass over the body (it counted the
    lines again from the start for every sentence, quadratic in a long item); a paragraph's sentence has none."""
    from types import SimpleNamespace

    from kg.results import load_lexicon
    from kg.results.extract import _sentence_lines

    body = "Zorb is a planner. It plans.\n● Results on Quux: Zorb reaches 61.2%. With retries, 70.8%.\n  ● Costs drop.\nDone."
    sentences = ("Zorb", "Zorb is a planner.", "It plans.", "● Results on Quux: Zorb reaches 61.2%.", "With retries, 70.8%.",
                 "● Costs drop.", "Not in the body.", "Done.")
    item = SimpleNamespace(annotated=SimpleNamespace(item=SimpleNamespace(body=body), sentences=sentences))
    assert _sentence_lines(item, load_lexicon()) == [None, None, None, 1, 1, 2, None, None]


def test_a_long_bullet_is_read_once(tmp_path, monkeypatch):
    """bullet-carried read every earlier sentence of a bullet again for each later one: a bullet of n sentences cost
    n²/2 readings of their names (a one-line digest of a million characters would never finish). Counted, not
    timed: the names of each sentence are read a bounded number of times, and every score still stands on the
    bullet's benchmark."""
    import kg.results.extract
    import kg.results.places
    import kg.results.spans
    from kg.pipeline import build

    from conftest import write_digest

    calls = [0]
    spans = kg.results.spans.sentence_spans

    def counted(*args, **kwargs):
        calls[0] += 1
        return spans(*args, **kwargs)

    for module in (kg.results.extract, kg.results.places):  # every module that reads a sentence's names
        monkeypatch.setattr(module, "sentence_spans", counted)
    scores = [f"{50 + i / 10:.1f}" for i in range(1, 61)]
    bullet = "● Results on Quibble-Bench: Zorblax-7B reaches 50.0%. " + " ".join(f"Then Zorblax-7B reaches {v}%." for v in scores)
    write_digest(tmp_path, "week.txt", f"Top AI Papers of the Week (June 2 - 8)\n1. Zorblax\nZorblax-7B is a new model.\n{bullet}\n"
                 "2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    result = build([tmp_path])
    values = {str(r.value) for r in result.results if result.corpus.entities[r.benchmark].label == "Quibble-Bench"}
    assert set(scores) <= values
    assert calls[0] < 10 * 62, calls[0]


ROUND8_SHAPES = """Top AI Papers of the Week (November 3 - 9)
1. Echoline
Echoline is a speech model for noisy rooms, trained on long recordings.
● Evaluation: On recognition (e.g., Lumen-Bench test-clean: 2.41 WER), Echoline sets a new record, and it cuts the error rate by 12% on Quibble-Bench.
2. Marlin
Marlin is a reasoning model for math. Marlin-7B achieves 70.2% on AIME 2024.
3. Gridline
Gridline is a vision backbone for dense prediction. A light Quill-DETR decoder on a frozen Gridline-L backbone reaches 58.2 mAP on Lumen-Bench.
4. Tallow
Tallow is a data recipe for tool-use agents. The resulting model beats Zorblax-70B on Quibble-Bench (71.4% vs 66.0%).
5. Brindle
Brindle is a coding agent model trained on verified tasks. After RL, it achieves 61.0% on Quibble-Bench, a record, and, after agent fine-tuning, reaches pass@1 of 47.5%, rivaling Zorblax-70B, with 30.2% accuracy on puzzle tasks.
6. Pebble
Pebble is a tiny recursive model. Pebble hits 81.0% on Quibble-Bench and 42.5% on Lumen-Bench, beating Zorblax-8B’s larger-model results of 70.5% and 38.0%.
7. Lumina
Lumina is a coding agent model. Lumina achieves 52.0% on Quibble-Bench, while the untuned baseline reaches pass@1 of 31.5%.
8. Cinder
Cinder is a prompting method for reasoning. For instance, Zorblax-70B improves from 13.0% to 29.5% on AIME 2024, and Quxa-8B rises from 20.0% to 41.5%.
9. Thimble
Thimble is a reasoning model. Thimble-7B reaches 58.0% on Lumen-Bench, nearly matching the Zorblax-70B reasoning model at 59.5%.
10. Larkspur
Larkspur is a reasoning model. Zorblax-70B reaches 91.2% on Quibble-Bench, and Quxa-8B 79.5%. Zorblax-70B reaches 88.0% on Lumen-Bench, with Quxa-8B at 70.5%.
11. Hollow
Hollow is a reasoning model. On Quibble-Bench, Zorblax-70B scores 91.2%, Quxa-8B 79.5%, and Glimmer-4B 60.1%.
12. Sorrel
Sorrel is a reasoning model. Sorrel reaches 71.2% on Quibble-Bench (Zorblax-70B: 65.0%). On listening tasks (Lumen-Bench test-clean: 3.1 WER), sound tagging (Quxa-8B: 80.9), Sorrel leads.
13. Tansy
Tansy is a reasoning model. Quibble-Bench accuracy reaches 71.2% for Zorblax-70B and 64.0% for Quxa-8B.
14. Yarrow
Yarrow is a reasoning model. Yarrow-7B achieves 71.2% on Quibble-Bench, while Zorblax-70B and Quxa-8B reach 65.0% and 60.1%.
15. Bramble
Bramble is a reasoning model. Bramble-7B scores 71.2% (pass@1) on Quibble-Bench.
16. Clover
Clover is a reasoning model. On Quibble-Bench and Lumen-Bench, Clover-7B scores 71.2% and 64.0%, respectively.
17. Foxglove
Foxglove is a pruning method. Foxglove-7B retains 95% of its Quibble-Bench accuracy after pruning and reaches 61.0% on Lumen-Bench.
18. Primrose
Primrose is a reasoning model. Primrose-7B improves Quibble-Bench accuracy by 12.5 points to 71.2%.
"""


@pytest.fixture(scope="module")
def round8_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-11-03.txt", ROUND8_SHAPES)


def test_a_split_named_before_the_score_and_an_error_rate(round8_shapes):
    # 'X test-clean: 2.41 WER': the split between the benchmark and its colon (split-label), and an error rate is a score
    # (result-metrics.txt); a cut in the error rate 'by 12%' is not
    assert results_of(round8_shapes, "echoline") == [("Echoline", "Lumen-Bench", Decimal("2.41"), "WER", "points", None)]


def test_a_metric_read_as_a_name_is_the_metric(round8_shapes):
    # '58.2 mAP on X': the metric (result-metrics.txt), also when the entity stage took it for a name (metric-mention)
    assert [(r[0], r[1], r[2], r[3]) for r in results_of(round8_shapes, "gridline")] == [
        ("Gridline-L", "Lumen-Bench", Decimal("58.2"), "mAP")]


def test_a_pair_after_a_clause_whose_subject_is_unnamed(round8_shapes):
    # 'The resulting model beats B on X (71.4% vs 66.0%)': the second score is B's (pair-unnamed-subject), the first the paper's
    assert scored(round8_shapes, "tallow") == [("Tallow", "Quibble-Bench", Decimal("71.4")), ("Zorblax-70B", "Quibble-Bench", Decimal("66.0"))]


def test_a_later_score_with_its_metric_on_the_sentences_one_benchmark(round8_shapes):
    # '61.0% on X, ..., and, after fine-tuning, reaches pass@1 of 47.5%': the second score is on X too (metric-later);
    # not one its clause puts on something else ('30.2% accuracy on puzzle tasks')
    assert scored(round8_shapes, "brindle") == [("Brindle", "Quibble-Bench", Decimal("47.5")), ("Brindle", "Quibble-Bench", Decimal("61.0"))]
    # nor an unnamed baseline's after a contrast ('..., while the untuned baseline reaches pass@1 of 31.5%')
    assert scored(round8_shapes, "lumina") == [("Lumina", "Quibble-Bench", Decimal("52.0"))]


def test_the_list_of_scores_of_a_beaten_system(round8_shapes):
    # 'A hits 81.0% on X and 42.5% on Y, beating B's results of 70.5% and 38.0%': B's, benchmark by benchmark (baseline-list)
    assert scored(round8_shapes, "pebble") == [
        ("Pebble", "Lumen-Bench", Decimal("42.5")), ("Pebble", "Quibble-Bench", Decimal("81.0")),
        ("Zorblax-8B", "Lumen-Bench", Decimal("38.0")), ("Zorblax-8B", "Quibble-Bench", Decimal("70.5"))]


def test_a_clause_that_leaves_out_the_benchmark_of_a_changed_score(round8_shapes):
    # '... to 29.5% on AIME 2024, and B rises from 20.0% to 41.5%': B's new score is on AIME 2024 too (elliptic-change),
    # the digits of the benchmark's name between the clauses notwithstanding
    assert scored(round8_shapes, "cinder") == [("Quxa-8B", "AIME 2024", Decimal("41.5")), ("Zorblax-70B", "AIME 2024", Decimal("29.5"))]


def test_the_score_of_a_system_the_scorer_matches(round8_shapes):
    # 'nearly matching the B reasoning model at 59.5%': B's score (matched-at), not the scorer's
    assert scored(round8_shapes, "thimble") == [("Thimble-7B", "Lumen-Bench", Decimal("58.0")), ("Zorblax-70B", "Lumen-Bench", Decimal("59.5"))]


def test_clauses_and_lists_that_leave_out_the_verb(round8_shapes):
    # '..., and B 79.5%', '..., with B at 70.5%': B's score on the previous score's benchmark (gapped-clause)
    assert scored(round8_shapes, "larkspur") == [
        ("Quxa-8B", "Lumen-Bench", Decimal("70.5")), ("Quxa-8B", "Quibble-Bench", Decimal("79.5")),
        ("Zorblax-70B", "Lumen-Bench", Decimal("88.0")), ("Zorblax-70B", "Quibble-Bench", Decimal("91.2"))]
    # 'A scores 91.2%, B 79.5%, and C 60.1%': C's 60.1%, not B's (gapped-list)
    assert scored(round8_shapes, "hollow") == [
        ("Glimmer-4B", "Quibble-Bench", Decimal("60.1")), ("Quxa-8B", "Quibble-Bench", Decimal("79.5")),
        ("Zorblax-70B", "Quibble-Bench", Decimal("91.2"))]


def test_a_labelled_baseline_in_brackets_and_scores_listed_with_their_systems(round8_shapes):
    # '71.2% on X (B: 65.0%)': B's score (labelled-bracket), but not a label after a task's name ('sound tagging (C: 80.9)')
    assert scored(round8_shapes, "sorrel") == [
        ("Sorrel", "Lumen-Bench", Decimal("3.1")), ("Sorrel", "Quibble-Bench", Decimal("71.2")),
        ("Zorblax-70B", "Quibble-Bench", Decimal("65.0"))]
    # 'X accuracy reaches 71.2% for A and 64.0% for B': B's on X too (listed-for)
    assert scored(round8_shapes, "tansy") == [("Quxa-8B", "Quibble-Bench", Decimal("64.0")), ("Zorblax-70B", "Quibble-Bench", Decimal("71.2"))]


def test_a_list_of_systems_scoring_a_list_of_numbers(round8_shapes):
    # '..., while A and B reach 65.0% and 60.1%': the n-th number the n-th system's, on the sentence's benchmark (parallel-systems)
    assert scored(round8_shapes, "yarrow") == [
        ("Quxa-8B", "Quibble-Bench", Decimal("60.1")), ("Yarrow-7B", "Quibble-Bench", Decimal("71.2")),
        ("Zorblax-70B", "Quibble-Bench", Decimal("65.0"))]


def test_a_metric_in_brackets_of_its_own(round8_shapes):
    # '71.2% (pass@1) on X': the metric in brackets between the score and its benchmark (bracketed-metric)
    assert [(r[0], r[1], r[2], r[3]) for r in results_of(round8_shapes, "bramble")] == [
        ("Bramble-7B", "Quibble-Bench", Decimal("71.2"), "pass@1")]


def test_benchmarks_listed_before_their_scores_respectively(round8_shapes):
    # 'On A and B, S scores 71.2% and 64.0%, respectively': the n-th number on the n-th benchmark (respectively-before)
    assert scored(round8_shapes, "clover") == [("Clover-7B", "Lumen-Bench", Decimal("64.0")), ("Clover-7B", "Quibble-Bench", Decimal("71.2"))]


def test_a_share_of_the_systems_own_score_is_not_a_result(round8_shapes):
    # 'retains 95% of its X accuracy': a share of its own score (share-of-own); '61.0% on Y' is a score
    assert scored(round8_shapes, "foxglove") == [("Foxglove-7B", "Lumen-Bench", Decimal("61.0"))]


def test_a_benchmark_raised_by_an_amount_to_a_score(round8_shapes):
    # 'improves X accuracy by 12.5 points to 71.2%': the score it rose to (raised-by-to), not the rise
    assert scored(round8_shapes, "primrose") == [("Primrose-7B", "Quibble-Bench", Decimal("71.2"))]


ROUND8B_SHAPES = """Top AI Papers of the Week (November 10 - 16)
1. Thimble
Thimble is a reasoning model. On Lumen-Bench, Thimble-7B beats Zorblax-70B while scoring at 44.6%.
2. Tansy
Tansy is a reasoning model. On Lumen-Bench, Tansy-7B nearly matches Zorblax-70B and lands at 44.6%.
3. Clover
Clover is a reasoning model. Trained on Quibble-Bench and Lumen-Bench, Zorblax-70B and Quxa-8B reach 71.2% and 64.0%, respectively.
"""


@pytest.fixture(scope="module")
def round8b_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-11-10.txt", ROUND8B_SHAPES)


def test_a_clause_between_the_matched_system_and_at_keeps_the_score_the_scorers(round8b_shapes):
    # 'beats B while scoring at 44.6%', 'matches B and lands at 44.6%': a verb or a conjunction between B and 'at' opens
    # the scorer's own clause; only a describing phrase may stand there (matched-at)
    assert scored(round8b_shapes, "thimble") == [("Thimble-7B", "Lumen-Bench", Decimal("44.6"))]
    assert scored(round8b_shapes, "tansy") == [("Tansy-7B", "Lumen-Bench", Decimal("44.6"))]


def test_benchmarks_a_system_was_trained_on_are_not_listed_before_its_scores(round8b_shapes):
    # 'Trained on A and B, S and T reach 71.2% and 64.0%, respectively': A and B are training data, not where the
    # numbers were measured (respectively-before needs the list to open its clause on 'on', 'in' or 'across')
    assert ("Zorblax-70B", "Quibble-Bench", Decimal("71.2")) not in scored(round8b_shapes, "clover")
    assert ("Quxa-8B", "Lumen-Bench", Decimal("64.0")) not in scored(round8b_shapes, "clover")


WINNING_VERBS = """Top AI Papers of the Week (November 17 - 23)
1. Thimble
Thimble is a reasoning model. On Lumen-Bench, Thimble-7B edges out Zorblax-70B while scoring at 44.6%.
2. Tansy
Tansy is a reasoning model. On Lumen-Bench, Tansy-7B tops Zorblax-70B while scoring 44.6%.
3. Clover
Clover is a reasoning model. On Lumen-Bench, Clover-7B outpaces Zorblax-70B while scoring 44.6%.
4. Sorrel
Sorrel is a reasoning model. Sorrel-7B overtakes Zorblax-70B with 44.6% on Lumen-Bench.
"""


@pytest.fixture(scope="module")
def winning_verbs(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-11-17.txt", WINNING_VERBS)


@pytest.mark.parametrize("paper", ["thimble", "tansy", "clover", "sorrel"])
def test_the_system_a_winning_verb_beats_is_not_the_scorer(winning_verbs, paper):
    # 'A tops B with 44.6%', 'A edges out B ...': B is the object of the winning verb (not-subject), the score A's
    assert [r[0] for r in scored(winning_verbs, paper)] == [paper.capitalize() + "-7B"]


def test_every_result_cue_kind_is_read():
    # word lists are data (result-cues.txt): each kind is read through ResultLexicon, and a kind no rule reads is dead
    from pathlib import Path

    import kg.results as results_package
    from kg.results import load_lexicon
    source = "".join(path.read_text(encoding="utf-8") for path in sorted(Path(results_package.__file__).parent.glob("*.py")))
    for kind in load_lexicon().cues:
        assert "{" + kind + "}" in source or f'cues["{kind}"]' in source, kind


# Round 10: scores on a named part of a benchmark the item named earlier; invented names.
PART_SHAPES = """Top AI Papers of the Week (January 6 - 12)
1. Reasoning Models Pass the Quxo Certification
Researchers evaluate reasoning models on QuxoBench, a certification benchmark with three levels. The latest models pass all three levels, with Zorvath-3 Pro achieving a record 97.6% on Level I.
● Top performers: Zorvath-3 Pro leads Level II with 94.3%, while Blemar-2.5 Pro achieves 86.4% on Level III multiple-choice.
● Splits: On the hard split, Blemar-2.5 Pro reaches 61.0.
2. Frindle
Frindle is a new agent framework evaluated on TaskQuill. Frindle-7B scores 71.2% on the hard split and 80.5% on the easy split.
3. Pellmire
Pellmire is a retrieval agent evaluated on TaskQuill and on QuxoBench. Pellmire-8B scores 44.0% on the hard split.
4. Vantrel
Vantrel is a planning agent. On QuxoBench, agents improve steadily, with Vantrel-4B posting a new record of 58.2%.
5. Quillon
Quillon is a new agent framework evaluated on TaskQuill.
● Deployment: Quillon-7B serves Tier 2 at 99.9% uptime.
"""


@pytest.fixture(scope="module")
def part_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-01-06.txt", PART_SHAPES)


def test_scores_on_a_named_part_of_the_benchmark_the_item_named_earlier(part_shapes):
    # benchmark-part: 'on Level I', 'leads Level II with', 'On the hard split, ...' name no benchmark; the score stands on
    # the one the item named before (QuxoBench), the part is its setting, and 'Level II'/'Level III' are not names of
    # their own (the earlier stages read them as a method and a benchmark).
    assert results_of(part_shapes, "reasoning-models-pass-the-quxo-certification") == [
        ("Blemar-2.5 Pro", "QuxoBench", Decimal("61.0"), "score", "points", "hard split"),
        ("Blemar-2.5 Pro", "QuxoBench", Decimal("86.4"), "score", "%", "Level III"),
        ("Zorvath-3 Pro", "QuxoBench", Decimal("94.3"), "score", "%", "Level II"),
        ("Zorvath-3 Pro", "QuxoBench", Decimal("97.6"), "score", "%", "Level I"),
    ]
    assert results_of(part_shapes, "frindle") == [
        ("Frindle-7B", "TaskQuill", Decimal("71.2"), "score", "%", "hard split"),
        ("Frindle-7B", "TaskQuill", Decimal("80.5"), "score", "%", "easy split"),
    ]


def test_a_part_is_not_placed_when_the_item_named_several_benchmarks(part_shapes):
    # benchmark-part: 'the hard split' of TaskQuill or of QuxoBench? Neither is guessed.
    assert results_of(part_shapes, "pellmire") == []


def test_a_part_result_cites_the_sentence_that_named_the_benchmark(part_shapes):
    [result] = [r for r in part_shapes.results if r.paper == "frindle" and r.value == Decimal("71.2")]
    assert [e.sentence.split(".")[0] for e in result.evidence] == [
        "Frindle is a new agent framework evaluated on TaskQuill", "Frindle-7B scores 71"]


def test_a_part_followed_by_at_and_a_number_is_no_score_on_it(part_shapes):
    # benchmark-part: 'serves Tier 2 at 99.9% uptime' is a service level, not a score on a part of TaskQuill; a part's
    # score follows 'with' or a colon ('leads Level II with 94.3%') or precedes 'on' ('97.6% on Level I').
    assert results_of(part_shapes, "quillon") == []


def test_a_qualified_score_after_a_scoring_gerund(part_shapes):
    # record-score: 'with A posting a new record of 58.2%', like 'with A reaching 32%'.
    assert scored(part_shapes, "vantrel") == [("Vantrel-4B", "QuxoBench", Decimal("58.2"))]


VARIANT_SHAPES = """Top AI Papers of the Week (February 3 - 9)
1. Quorvex
Quorvex is a framework of autonomous research labs for prompt discovery.
● Gains: On QuxoBench, a single agent lab improves Zorblax-7B accuracy from 70.2% → 78.2% (+11.4%) by discovering better prompts.
2. Dravik
Dravik is a reasoning model family. Dravik scores 88.1% on QuxoBench. The Ultima variant achieves 96.0% on QuxoBench and 91.2% on TaskQuill.
"""


@pytest.fixture(scope="module")
def variant_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-02-03.txt", VARIANT_SHAPES)


def test_a_score_raised_with_an_arrow_is_the_raised_models(variant_shapes):
    # from-arrow: 'from 70.2% → 78.2%' reads like 'from 70.2% to 78.2%' (the start value is not a result);
    # changed-metric: 'improves A accuracy from ...' with the metric after the model: A's score changed, not Quorvex's.
    assert scored(variant_shapes, "quorvex") == [("Zorblax-7B", "QuxoBench", Decimal("78.2"))]


def test_a_variant_named_by_an_unrecognised_word_is_not_the_papers_system(variant_shapes):
    # named-variant: 'The Ultima variant achieves ...' scored, not Dravik; its scores are left out.
    assert scored(variant_shapes, "dravik") == [("Dravik", "QuxoBench", Decimal("88.1"))]


VARIANT_LIST_SHAPES = """Top AI Papers of the Week (February 10 - 16)
1. Dravik
Dravik is a reasoning model family. Dravik scores 88.1% on QuxoBench. The Ultima variant achieves 96.0% on QuxoBench, 91.2% on TaskQuill, and 77.0% on AIME 2025.
2. Quorvex
Quorvex is a framework of autonomous research labs for prompt discovery.
"""


def test_the_scores_listed_after_an_unrecognised_systems_are_its_too(tmp_path_factory):
    # unrecognised-list: 'The Ultima variant achieves 96.0% on A, 91.2% on B, and ...': each score of the list is the
    # variant's, none the paper's system's, as with 'and' alone (named-variant).
    built = _built(tmp_path_factory, "dair-2030-02-10.txt", VARIANT_LIST_SHAPES)
    assert scored(built, "dravik") == [("Dravik", "QuxoBench", Decimal("88.1"))]


ARROW_SHAPES = """Top AI Papers of the Week (March 3 - 9)
1. Quorvex
Quorvex is a framework of autonomous research labs for prompt discovery.
● Gains: On QuxoBench, a single agent lab improves Zorblax-7B accuracy from 70.2% ⇒ 78.2% (+11.4%) by discovering better prompts.
2. Dravik
Dravik is a reasoning model family.
"""


def test_the_arrow_between_a_start_value_and_a_score_is_lexicon_data(tmp_path_factory):
    # from-arrow: the signs written for 'to' come from result-cues.txt (change-arrow), not from the code: a lexicon
    # that lists '⇒' reads 'from 70.2% ⇒ 78.2%' as it reads 'from 70.2% → 78.2%', and the start value is no result.
    from dataclasses import replace

    from kg.results import extract_results, load_lexicon

    built = _built(tmp_path_factory, "dair-2030-03-03.txt", ARROW_SHAPES)
    lexicon = load_lexicon()
    cues = {**lexicon.cues, "change-arrow": re.compile("(?:→|⇒)", re.I)}
    results = extract_results(built.corpus, built.relations, replace(lexicon, cues=cues, compiled={}))
    labels = built.corpus.entities
    assert [(labels[r.system].label, labels[r.benchmark].label, r.value) for r in results] == [
        ("Zorblax-7B", "QuxoBench", Decimal("78.2"))]


LEAD_SHAPES = """Top AI Papers of the Week (September 1 - 7)
1. Florp
Florp is a reasoning model trained with GRPO. Experiments on QuxoBench show that Florp-7B achieves 61.2% accuracy, ahead of Zinko-3 (55.0%).
2. Gemmo
Gemmo is a family of open models. Early results in QuxoArena place Gemmo-27B among the top 10 models, with a score (1338) above other open models, such as Zinko-3 (1318) and Marrow-4 (1257).
3. Quillon
Quillon is an agent framework. On QuxoBench, Quillon shows accuracy gains of 11.3% with open models (Zinko 3.2-11B) and 5.2% with closed models (Marrow-4).
"""


@pytest.fixture(scope="module")
def lead_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-09-01.txt", LEAD_SHAPES)


def test_a_change_listed_after_a_bracketed_name_is_a_change_too(lead_shapes):
    # change-list: '11.3% with open models (Zinko 3.2-11B) and 5.2% with closed models': the bracket names what the
    # first gain was measured with; the second number is a gain like the first, not Marrow-4's score.
    assert scored(lead_shapes, "quillon") == []


def test_experiments_on_a_benchmark_ground_the_scores_of_their_sentence(lead_shapes):
    # lead-noun: 'Experiments on X show ...', 'Early results in X ...' open the sentence on the benchmark its scores
    # stand on, like 'On X, ...' and 'Tested on X, ...'.
    assert scored(lead_shapes, "florp") == [
        ("Florp-7B", "QuxoBench", Decimal("61.2")), ("Zinko-3", "QuxoBench", Decimal("55.0"))]
    assert scored(lead_shapes, "gemmo") == [
        ("Gemmo-27B", "QuxoArena", Decimal("1338")), ("Marrow-4", "QuxoArena", Decimal("1257")),
        ("Zinko-3", "QuxoArena", Decimal("1318"))]


def test_a_hyphenated_name_nobody_recognised_is_not_the_papers_system(tmp_path_factory):
    # 'Zinko-3 and Marrow-4 score 70.1% and 65.0%' where the earlier stages did not recognise 'Zinko-3': someone scored,
    # and it is not the paper's own system (a name of the shape 'Word-3' is a name, like 'Word3'); the paper's own
    # variant's score after 'while' stands.
    text = """Top AI Papers of the Week (October 6 - 12)
1. Quorl
Quorl is a reasoning model. Zinko-3 and Marrow-4 score 70.1% and 65.0% on AIME 2025, while Quorl-7B reaches 81.2%.
2. Dravik
Dravik is a reasoning model family.
"""
    built = _built(tmp_path_factory, "dair-2030-10-06.txt", text)
    assert ("Quorl", "AIME 2025", Decimal("65.0")) not in scored(built, "quorl")
    assert ("Quorl-7B", "AIME 2025", Decimal("81.2")) in scored(built, "quorl")


BOUND_SHAPES = """Top AI Papers of the Week (March 3 - 9)
1. Leapo
Leapo is a new agentic prover. ● Large jump: On QuxoProofs, Leapo lifts the one-shot solve rate of open models from below 10% to 70%.
2. Dravik
Dravik is a reasoning model family. ● Records: On QuxoProofs, Dravik reaches 81.0%, surpassing the 48% set by a specialized system.
"""


@pytest.fixture(scope="module")
def bound_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-03-03.txt", BOUND_SHAPES)


def test_a_score_raised_from_a_bound_is_a_score(bound_shapes):
    # start-bound: 'from below 10% to 70%' reads like 'from 10% to 70%': 70% is the score now, the bound is none.
    assert scored(bound_shapes, "leapo") == [("Leapo", "QuxoProofs", Decimal("70"))]


def test_a_score_surpassed_is_someone_elses(bound_shapes):
    # baseline: 'surpassing the 48% set by a specialized system' is the score beaten, not the paper's system's; nobody
    # named holds it, so it is no result.
    assert scored(bound_shapes, "dravik") == [("Dravik", "QuxoProofs", Decimal("81.0"))]


STAGE_SHAPES = """Top AI Papers of the Week (March 10 - 16)
1. Zorvath
Zorvath is a new agent for proofs. ● Stages: after Stage-2 training the agent reaches 71.2% on QuxoProofs.
2. Leapo
Leapo is a new agentic prover. ● Large jump: On QuxoProofs, Leapo lifts the solve rate of open models from just under 10% to 70%.
"""


@pytest.fixture(scope="module")
def stage_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-03-10.txt", STAGE_SHAPES)


def test_a_numbered_stage_is_no_unrecognised_name(stage_shapes):
    # unlinked-part: 'Stage-2' is a numbered part of the paper's process (numbered-part-nouns.txt), not a system the
    # earlier stages missed, so the paper's system still holds the score ('Zorblax-4 reaches 95%' would not).
    assert scored(stage_shapes, "zorvath") == [("Zorvath", "QuxoProofs", Decimal("71.2"))]

def test_a_score_raised_from_a_bound_of_two_words_is_a_score(stage_shapes):
    # start-bound: 'from just under 10% to 70%' reads like 'from under 10% to 70%': two bound words are still a bound.
    assert scored(stage_shapes, "leapo") == [("Leapo", "QuxoProofs", Decimal("70"))]


METRIC_LIST_SHAPES = """Top AI Papers of the Week (March 10 - 16)
1. Dravik
Dravik is a reasoning model family. Dravik-8B achieves 71.2% pass@1, 75.0% maj@16 and 80.0% pass@8 on QuxoBench.
2. Quorvex
Quorvex is a new retrieval agent. Quorvex reaches Recall@20 of 64.2 on TaskQuill, and 71.0% and 80.0% pass@8 on AIME 2025.
"""


@pytest.fixture(scope="module")
def metric_list_shapes(tmp_path_factory):
    return _built(tmp_path_factory, "dair-2030-03-10.txt", METRIC_LIST_SHAPES)


def test_scores_each_with_its_own_metric_listed_before_their_benchmark(metric_list_shapes):
    # metric-list: '71.2% pass@1, 75.0% maj@16 and 80.0% pass@8 on X' are three scores on X; metric-at: 'pass@8' and
    # 'maj@16' are metrics though result-metrics.txt lists neither, and a number's metric is no setting of another's.
    assert results_of(metric_list_shapes, "dravik") == [
        ("Dravik-8B", "QuxoBench", Decimal("71.2"), "pass@1", "%", None),
        ("Dravik-8B", "QuxoBench", Decimal("75.0"), "maj@16", "%", None),
        ("Dravik-8B", "QuxoBench", Decimal("80.0"), "pass@8", "%", None),
    ]


def test_a_score_without_a_metric_of_its_own_is_not_listed_on_the_next_ones_benchmark(metric_list_shapes):
    # metric-at before the number ('Recall@20 of 64.2'); metric-list needs a metric after each score: in '71.0% and 80.0%
    # pass@8 on X' the first may be another system's or on another benchmark, and is left out.
    assert results_of(metric_list_shapes, "quorvex") == [
        ("Quorvex", "AIME 2025", Decimal("80.0"), "pass@8", "%", None),
        ("Quorvex", "TaskQuill", Decimal("64.2"), "recall@20", "points", None),
    ]


DESCRIBED_SHAPES = """Top AI Papers of the Week (March 17 - 23)
1. Dravik
Dravik is a reasoning model family. Dravik-8B achieves 71.2% on the challenging QuxoBench benchmark and 64.0% on the newly released AIME 2025.
2. Quorvex
Quorvex is a new retrieval agent. Quorvex achieves 55.0% on the hard tasks, and 60.0% on QuxoBench.
"""


def test_describing_words_between_the_article_and_the_benchmark(tmp_path_factory):
    # forward-modifiers: 'on the challenging X benchmark', 'on the newly released Y': up to two describing words after the
    # article still put the score on the benchmark; a score on something unnamed ('the hard tasks') stays out.
    built = _built(tmp_path_factory, "dair-2030-03-17.txt", DESCRIBED_SHAPES)
    assert scored(built, "dravik") == [("Dravik-8B", "AIME 2025", Decimal("64.0")), ("Dravik-8B", "QuxoBench", Decimal("71.2"))]
    assert scored(built, "quorvex") == [("Quorvex", "QuxoBench", Decimal("60.0"))]


SCORED_BEFORE_SHAPES = """Top AI Papers of the Week (March 24 - 30)
1. Dravik
Dravik is a family of reasoning models: Dravik-3B, Dravik-8B and Dravik-72B.
● Evaluation: Dravik-72B outperforms Zinko-70B in reasoning tasks like AIME 2025 and GPQA-Diamond while also achieving strong chat scores (QuxoBench: 87.0). Dravik-8B scores 88.3, beating Zinko-70B.
● Math: Dravik-72B scores 71.2% on AIME 2025 and 65.3% on GPQA-Diamond. Dravik-8B reaches 60.1%.
2. Quorvex
Quorvex is a new retrieval agent. Quorvex-7B scores 71.0% on TaskQuill. Quorvex-3B reaches 64.2%.
"""


def test_a_later_sentence_of_a_bullet_stands_on_the_benchmark_the_one_before_scored(tmp_path_factory):
    # scored-before: 'Dravik-8B scores 88.3' right after the bullet's sentence that scored on QuxoBench alone is a score on
    # QuxoBench, with both sentences as evidence; not after a sentence that scored on two benchmarks, nor outside a bullet.
    built = _built(tmp_path_factory, "dair-2030-03-24.txt", SCORED_BEFORE_SHAPES)
    assert scored(built, "dravik") == [
        ("Dravik-72B", "AIME 2025", Decimal("71.2")), ("Dravik-72B", "GPQA-Diamond", Decimal("65.3")),
        ("Dravik-72B", "QuxoBench", Decimal("87.0")), ("Dravik-8B", "QuxoBench", Decimal("88.3"))]
    [mid] = [r for r in built.results if r.value == Decimal("88.3")]
    assert [e.sentence.split(":")[0][:12] for e in mid.evidence] == ["Dravik-8B sc", "● Evaluation"]
    assert scored(built, "quorvex") == [("Quorvex-7B", "TaskQuill", Decimal("71.0"))]


OTHERS_SETTING_SHAPES = """Top AI Papers of the Week (April 7 - 13)
1. Dravik
Dravik is a reasoning model family. Dravik-8B achieves 71.2% on AIME 2025, compared with Zinko-70B's 65.3%.
2. Quorvex
Quorvex is a new workflow agent. On QuxoBench, it improves the pass rate to 67%, a full 11% above the previous best (FlowSmith with Zinko-70B). With Zinko-70B, Quorvex reaches 58.0% on AIME 2025.
"""


def test_a_model_named_with_a_baseline_is_no_setting_of_the_score(tmp_path_factory):
    # setting-of-other: 'compared with Zinko-70B's 65.3%' and '(FlowSmith with Zinko-70B)' name another system's
    # condition, not the score's; 'With Zinko-70B, Quorvex reaches ...' is still the score's setting.
    built = _built(tmp_path_factory, "dair-2030-04-07.txt", OTHERS_SETTING_SHAPES)
    assert results_of(built, "dravik") == [
        ("Dravik-8B", "AIME 2025", Decimal("71.2"), "score", "%", None),
        ("Zinko-70B", "AIME 2025", Decimal("65.3"), "score", "%", None)]
    assert results_of(built, "quorvex") == [
        ("Quorvex", "AIME 2025", Decimal("58.0"), "score", "%", "with Zinko-70B"),
        ("Quorvex", "QuxoBench", Decimal("67"), "score", "%", None)]


BASELINE_LIST_SHAPES = """Top AI Papers of the Week (April 14 - 20)
1. Dravik
Dravik is a reasoning model family. Dravik-8B attains 71.2% on AIME 2025 and 65.3% on GPQA-Diamond, compared with 62.0% and 58.1% for Zinko-70B.
2. Quorvex
Quorvex is a new reasoning agent. Quorvex scores 71.2% on AIME 2025 and 65.3% on QuxoBench, outperforming Zinko-70B (62.0% and 58.1%).
3. Frindle
Frindle is a new reasoning agent. Frindle scores 71.2% on AIME 2025, outperforming Zinko-70B (62.0% and 58.1%).
"""


def test_a_baselines_list_of_scores_goes_benchmark_by_benchmark(tmp_path_factory):
    # baseline-list-for: '..., compared with 62.0% and 58.1% for B' and '..., outperforming B (62.0% and 58.1%)' are B's
    # scores in the order the scorer's were given; with a list of another length, none is placed.
    built = _built(tmp_path_factory, "dair-2030-04-14.txt", BASELINE_LIST_SHAPES)
    assert scored(built, "dravik") == [
        ("Dravik-8B", "AIME 2025", Decimal("71.2")), ("Dravik-8B", "GPQA-Diamond", Decimal("65.3")),
        ("Zinko-70B", "AIME 2025", Decimal("62.0")), ("Zinko-70B", "GPQA-Diamond", Decimal("58.1"))]
    assert scored(built, "quorvex") == [
        ("Quorvex", "AIME 2025", Decimal("71.2")), ("Quorvex", "QuxoBench", Decimal("65.3")),
        ("Zinko-70B", "AIME 2025", Decimal("62.0")), ("Zinko-70B", "QuxoBench", Decimal("58.1"))]
    assert scored(built, "frindle") == [("Frindle", "AIME 2025", Decimal("71.2"))]


SHARED_BASELINE_LIST_SHAPES = """Top AI Papers of the Week (April 21 - 27)
1. Dravik
Dravik is a reasoning model family. Dravik-8B attains 71.2% on AIME 2025 and 65.3% on GPQA-Diamond, compared with 62.0% and 58.1% for Zinko-70B and Zinko-8B, respectively.
2. Quorvex
Quorvex is a new reasoning agent. Quorvex scores 71.2% on AIME 2025 and 65.3% on QuxoBench, versus 62.0% and 58.1% for Zinko-70B's larger sibling.
"""


def test_a_list_of_scores_for_several_systems_or_for_a_possessed_one_is_not_one_baselines(tmp_path_factory):
    # baseline-list-for: 'for B and C, respectively' gives the numbers to two systems, and "for B's larger sibling" to
    # one that is not B: neither list is B's, benchmark by benchmark (it put 62.0% on the first benchmark for B).
    # Nor is any one number of it B's (named-beside gave B the 58.1%, Zinko-8B's or the sibling's): the text does
    # not say which benchmark each number is on, so only the scorer's own results stand.
    built = _built(tmp_path_factory, "dair-2030-04-21.txt", SHARED_BASELINE_LIST_SHAPES)
    assert scored(built, "dravik") == [("Dravik-8B", "AIME 2025", Decimal("71.2")), ("Dravik-8B", "GPQA-Diamond", Decimal("65.3"))]
    assert scored(built, "quorvex") == [("Quorvex", "AIME 2025", Decimal("71.2")), ("Quorvex", "QuxoBench", Decimal("65.3"))]


QUALIFIER_SHAPES = """Top AI Papers of the Week (April 21 - 27)
1. Zorbmem
Zorbmem is a memory layer for agents. Zorbmem achieves the best overall Quxa-as-a-Judge (QJ) score of 68.44% on Blorbbench, outperforming all baselines.
2. Plinko
Plinko is a new reasoning model. On Blorbbench, Plinko-7B's score of 61.2% beats Zorbmem.
"""


def test_a_name_that_qualifies_a_score_is_its_metric_not_its_system(tmp_path_factory):
    # metric-qualifier: 'the best overall X-as-a-Judge (XJ) score of 68.44%' after the scorer measures the score by X;
    # it went to X, a method, as the last system before the number. A possessive still names the scorer.
    built = _built(tmp_path_factory, "dair-2030-04-21.txt", QUALIFIER_SHAPES)
    assert scored(built, "zorbmem") == [("Zorbmem", "Blorbbench", Decimal("68.44"))]
    assert scored(built, "plinko") == [("Plinko-7B", "Blorbbench", Decimal("61.2"))]
