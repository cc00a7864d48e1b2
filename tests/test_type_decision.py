"""The fitted decision about discovered names (issue 9): kg.votes.TypeModel reads ontology/lexicon/type-decision.json,
which benchmarks/fit_weights.py writes. The decision is data (a changed number changes it), the runtime reads exactly
what the fit script writes, and its scores are the fitted model's. Names are invented."""

import json
import math
import random
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from kg.ingest import Digest, PaperItem
from kg.lexicon import LexiconError, lexicon_dir, load_lexicon
from kg.link import Linker
from kg.namespaces import EntityType
from kg.nlp import annotate, build_nlp
from kg.relations import extract_relations
from kg.vocab import load_vocabulary
from kg.votes import NOT_AN_ENTITY, TYPE_CLASSES, TypeModel, Vote, entity_features

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import fit_weights  # noqa: E402  (benchmarks/ is not a package; its folder is put on the path first)

M, B, T = EntityType.MODEL, EntityType.BENCHMARK, EntityType.METHOD
BODY = "ZorbiQ, a new optimizer, trains fast. We also run ZorbiQ on long tasks."


def test_the_fit_reads_every_readable_side_of_the_split():
    """The fitted decision learns from every week the rules may be read on (blind was left out for two rounds)."""
    import eval_split
    assert fit_weights.FIT_SIDES == eval_split.READABLE


def _copy_lexicon(tmp_path: Path) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    for path in lexicon_dir().iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    return tmp_path


def _edit_table(folder: Path, edit) -> Path:
    path = folder / "type-decision.json"
    table = json.loads(path.read_text(encoding="utf-8"))
    edit(table)
    path.write_text(json.dumps(table), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def annotated():
    vocabulary = load_vocabulary()
    item = PaperItem("t.txt", 1, "Some paper title here", BODY)
    return vocabulary, [item], list(annotate(build_nlp(vocabulary), [item], vocabulary))


def _link(annotated, lexicon):
    vocabulary, items, anns = annotated
    digest = Digest(source_file="t.txt", title="t", date_range=None, date=None, layout="numbered", items=tuple(items))
    return Linker(vocabulary, lexicon).link([digest], anns)


def test_the_shipped_table_is_read_and_knows_every_rule():
    """A rule added to weights.json after the fit casts votes the keep decision has never weighed: re-fit."""
    assert load_lexicon().type_decision is not None
    table = json.loads((lexicon_dir() / "type-decision.json").read_text(encoding="utf-8"))
    rules = json.loads((lexicon_dir() / "weights.json").read_text(encoding="utf-8"))["rules"]
    unknown = set(rules) - set(table["_fitted"]["rules"])
    assert not unknown, f"rules fitted without: {sorted(unknown)}; run .venv/bin/python benchmarks/fit_weights.py"
    assert table["_fitted"]["weeks"] and "benchmarks/fit_weights.py" in table["_fitted"]["command"]


def _keep(bias: float):
    return lambda table: table.update(keep={"bias": {NOT_AN_ENTITY: bias}, "weights": {"label.inner-capital": {NOT_AN_ENTITY: 0.5}},
                                            "drop_at": 0.7})


def test_a_changed_keep_weight_drops_a_discovered_name(annotated, tmp_path):
    kept = _link(annotated, load_lexicon(_edit_table(_copy_lexicon(tmp_path / "kept"), _keep(-50.0))))
    assert kept.entities["zorbiq"].type == T
    assert [d.rule for d in kept.decisions["zorbiq"]] == ["type.votes", "keep.fitted"]
    lexicon = load_lexicon(_edit_table(_copy_lexicon(tmp_path / "dropped"), _keep(50.0)))
    dropped = _link(annotated, lexicon)
    assert "zorbiq" not in dropped.entities
    assert [d.rule for d in dropped.decisions["zorbiq"]] == ["keep.dropped"]
    # nothing downstream refers to the dropped name
    assert all(m.entity in dropped.entities for item in dropped.items for m in item.mentions)
    assert all(r.object != "zorbiq" for r in extract_relations(dropped, lexicon))


def test_without_fitted_parts_the_hand_set_weights_decide_and_every_name_is_kept(annotated, tmp_path):
    table = json.loads((lexicon_dir() / "type-decision.json").read_text(encoding="utf-8"))
    if table["type"] is not None or table["keep"] is not None:
        pytest.skip("the shipped fit uses a fitted part")
    shipped = _link(annotated, load_lexicon())
    folder = _copy_lexicon(tmp_path)
    (folder / "type-decision.json").unlink()
    without = _link(annotated, load_lexicon(folder))
    assert load_lexicon(folder).type_decision is None
    assert shipped.entities == without.entities and shipped.decisions == without.decisions


def test_a_fitted_type_table_decides_the_type(annotated, tmp_path):
    """With a type table the fitted scores type the name; without one (the shipped choice) the hand-set weights do."""
    def benchmark_if_apposed_method(table):
        table["type"] = {"bias": dict.fromkeys(TYPE_CLASSES, 0.0),
                         "weights": {"vote:context.apposition>Method": {"Benchmark": 5.0}}}
    folder = _edit_table(_copy_lexicon(tmp_path), benchmark_if_apposed_method)
    corpus = _link(annotated, load_lexicon(folder))
    assert corpus.entities["zorbiq"].type == B
    assert "type.fitted" in [d.rule for d in corpus.decisions["zorbiq"]]
    assert "type.votes" in [d.rule for d in _link(annotated, load_lexicon()).decisions["zorbiq"]]


def test_a_broken_table_is_a_one_line_error(tmp_path):
    folder = _copy_lexicon(tmp_path)
    (folder / "type-decision.json").write_text('{"type": null}', encoding="utf-8")
    with pytest.raises(LexiconError, match=r"type-decision\.json: not a fitted type decision \(KeyError"):
        load_lexicon(folder)
    (folder / "type-decision.json").write_text(json.dumps({"type": {"bias": dict.fromkeys(TYPE_CLASSES, 0), "weights": {"x": {"Gadget": 1}}},
                                                           "keep": None}), encoding="utf-8")
    with pytest.raises(LexiconError, match="unknown class 'Gadget'"):
        load_lexicon(folder)


def test_features_mean_the_same_in_a_small_and_a_large_build():
    """Votes and mentions are counted per digest: a name in twice the weeks with twice the votes reads the same."""
    votes = [Vote("context.compared", M, 2), Vote("shape.benchmark-ending", B, 3)]
    assert entity_features(votes, "ZorbBench", 3, 1) == entity_features(votes * 2, "ZorbBench", 6, 2)
    features = entity_features([], "Zorb Quux", 1, 1)
    assert features["no-vote"] == 1.0 and features["label.several-words"] == 1.0


def _fake(classes, coef, intercept):
    return SimpleNamespace(classes_=classes, coef_=coef, intercept_=intercept)


def test_the_fit_scripts_table_is_what_the_runtime_reads(tmp_path):
    """to_table's output, written into a lexicon, loads, and its scores are bias + weight x value."""
    features = ["label.digit", "vote:context.compared>Model"]
    type_model = _fake(["Benchmark", "Method", "Model", "Organization"],
                       [[0.5, -1.0], [0.0, 0.0], [1.0, 2.0], [-1.0, 0.0]], [0.1, 0.2, -0.3, 0.0])
    keep_model = _fake([False, True], [[-2.0, 0.5]], [0.25])
    table = fit_weights.to_table((type_model, features), (keep_model, features), 0.7, {"weeks": ["w"]})
    folder = _copy_lexicon(tmp_path)
    (folder / "type-decision.json").write_text(json.dumps(table), encoding="utf-8")
    model = load_lexicon(folder).type_decision
    assert isinstance(model, TypeModel) and model.drop_at == 0.7
    verdict = model.decide([], {"label.digit": 1.0, "vote:context.compared>Model": 0.5})
    assert verdict.scores == pytest.approx({"Benchmark": 0.1, "Method": 0.2, "Model": 1.7, "Organization": -1.0})
    assert verdict.type == M
    assert verdict.p_not_entity == pytest.approx(1 / (1 + math.exp(-(0.25 - 2.0 + 0.25))))
    assert verdict.keep
    no_type = fit_weights.to_table(None, None, None, {})
    assert TypeModel.from_table(no_type) == TypeModel(None, None, None)


def test_runtime_decisions_match_scikit_learns():
    """The runtime's linear scores from the written numbers decide as the fitted scikit-learn models predict."""
    pytest.importorskip("sklearn")
    rng = random.Random(7)
    kinds = {"Model": "vote:shape.parameter-count>Model", "Benchmark": "vote:shape.benchmark-ending>Benchmark",
             "Method": "vote:shape.policy-optimisation>Method", "Organization": "vote:shape.organisation-name>Organization"}
    samples = []
    for i in range(200):
        label = [*kinds, NOT_AN_ENTITY][i % 5]
        features = {f: rng.random() * 0.3 for f in kinds.values()}
        if label in kinds:
            features[kinds[label]] += 1.0
        else:
            features["no-vote"] = 1.0
        samples.append(fit_weights.Sample(features, label, f"w{i % 3}", "vocab", ()))
    type_fit, keep_fit = fit_weights.fit_type(samples, "votes", 1.0), fit_weights.fit_keep(samples, 1.0)
    runtime = TypeModel.from_table(fit_weights.to_table(type_fit, keep_fit, 0.5, {}))
    entities = [s for s in samples if s.label != NOT_AN_ENTITY]
    predicted = type_fit[0].predict([[s.features.get(f, 0.0) for f in type_fit[1]] for s in entities])
    assert [runtime.decide([], s.features).type.value for s in entities] == list(predicted)
    probabilities = keep_fit[0].predict_proba([[s.features.get(f, 0.0) for f in keep_fit[1]] for s in samples])[:, 1]
    for sample, p in zip(samples, probabilities, strict=True):
        assert runtime.decide([], sample.features).p_not_entity == pytest.approx(p, abs=1e-3)
