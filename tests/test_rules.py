"""Each typing, linking and relation rule on invented names, and the traced decisions they leave.

The names here (Zorblax, ZorbiQ, Blorfi, Quxa, ...) are invented: the rules must work on shape and context."""

import dataclasses
import json

import pytest

from kg.ingest import PaperItem
from kg.lexicon import lexicon_dir, load_lexicon
from kg.link import Entity
from kg.namespaces import EntityType
from kg.nlp import DEFINING_RULES, SHAPE_RULES, SUPPORTING_RULES, annotate, build_nlp
from kg.nlp.shapes import (
    benchmark_ending,
    checkpoint_suffix,
    method_ending,
    model_word_ending,
    parameter_count,
    policy_optimisation,
    version_suffix,
    year_edition,
)
from kg.pipeline import build
from kg.relations import RELATION_RULES
from kg.vocab import load_vocabulary
from kg.votes import Vote, decide_type

from conftest import write_digest

M, B, T = EntityType.MODEL, EntityType.BENCHMARK, EntityType.METHOD


@pytest.fixture(scope="module")
def lex():
    return load_lexicon()


@pytest.mark.parametrize("rule, name, expected", [
    (parameter_count, "Zorblax-7B", M), (parameter_count, "Zorblax", None),
    (model_word_ending, "Quux World Model", M), (model_word_ending, "Model", None),
    (checkpoint_suffix, "Zorblax-Instruct", M), (checkpoint_suffix, "Zorblax-Pro", None),
    (version_suffix, "Zorblax v2", M), (version_suffix, "Zorblax", None),
    (benchmark_ending, "ZorbBench", B), (benchmark_ending, "ZorbQA", B), (benchmark_ending, "ZorbRAG", None),
    (year_edition, "Zorb 2025", B), (year_edition, "Zorb-25", None),
    (policy_optimisation, "ZRPO", T), (policy_optimisation, "Zorb-PO", T), (policy_optimisation, "ZORBO", None),
    (method_ending, "ZorbNet", T), (method_ending, "ZorbRL", T), (method_ending, "Zorbix", None),
])
def test_shape_rules(lex, rule, name, expected):
    assert rule(name, lex) == expected


@pytest.mark.parametrize("body, name, rule", [
    ("Zorb-Nano (8B) runs on phones.", "Zorb-Nano", "context.size-in-parentheses"),
    ("We evaluate the Glimmer benchmark for planning.", "Glimmer", "context.type-noun-after"),
    ("ZorbiQ, a new optimizer, trains fast.", "ZorbiQ", "context.apposition"),
    ("They build a framework called Glimmer for agents.", "Glimmer", "context.called"),
    ("It scores 40% on ZorbiQ, BlorfiX and QuxaZ.", "QuxaZ", "context.results-on"),
    ("On ZorbiQ, Blorfen reaches 84.8% accuracy overall.", "Blorfen", "context.score-subject"),
    ("We test benchmarks like ZorbiQ and BlorfiX here.", "BlorfiX", "context.benchmark-list"),
    ("We compare models like ZorbiQ and BlorfiX here.", "BlorfiX", "context.list-head"),
    ("ZorbiQ researchers propose Glimmer-7B here.", "ZorbiQ", "context.author-organisation"),
    ("It was made by researchers from Glimmer and Quux.", "Quux", "context.researchers-from"),
    ("The system outperforms ZorbiQ-2 by far.", "ZorbiQ-2", "context.compared"),
    ("ZorbiQ's BlorfiX model is open.", "ZorbiQ", "context.possessive-owner"),
    ("It was released by ZorbiQ last week.", "ZorbiQ", "context.released-by"),
    ("ZorbiQ launches BlorfiX today.", "ZorbiQ", "context.organisation-releases"),
    ("Quillmont University trains models.", "Quillmont University", "shape.organisation-name"),
    ("We fine-tune GRPO here.", "GRPO", "vocabulary"),
])
def test_context_rules_name_their_votes(annotated, body, name, rule):
    assert rule in annotated(body)[name]


def test_a_name_that_scores_is_a_system_not_a_listed_benchmark(annotated):
    # 'On X, Blorfen reaches 84.8%': a plain word that scores is found and typed a system (context.score-subject),
    # outweighing results-on, which reads 'On X, Blorfen' as a list of benchmarks; 'Key scores: X 70.1' is not one
    votes = {m.text: m.votes for m in annotate(build_nlp(load_vocabulary()), [PaperItem(
        "t.txt", 1, "Some paper title here", "On ZorbiQ, Blorfen reaches 84.8% accuracy overall. Key scores: ZorbiQ 70.1 and more.")],
        load_vocabulary()) for m in m.mentions}
    assert decide_type(votes["Blorfen"]) == T
    assert "Key" not in votes


def test_vote_weights_come_from_the_table(annotated, lex):
    [vote] = [v for m in annotate(build_nlp(load_vocabulary()), [PaperItem("t.txt", 1, "Some paper title here",
              "The system outperforms ZorbiQ-2 by far.")], load_vocabulary()) for n in m.mentions for v in n.votes]
    assert vote == Vote("context.compared", M, lex.weights["context.compared"])


def test_every_rule_has_a_weight_and_every_weight_a_rule():
    table = json.loads((lexicon_dir() / "weights.json").read_text())["rules"]
    named = {name for name, _ in SHAPE_RULES + DEFINING_RULES + SUPPORTING_RULES}
    named |= {"vocabulary", "shape.organisation-name", "title.definition", "title.own-system", "affiliation-line",
              "acronym-expansion", "shape.vendor-tier", "name.known-family-head", "name.known-fold"}
    assert named == set(table)


def test_one_decision_from_votes():
    assert decide_type([]) is None
    # type.tie-method: a name as much a method as a model is a method (a named system is Method, GUIDELINES.md)
    assert decide_type([Vote("a", T, 3), Vote("b", M, 2), Vote("c", M, 1)]) == T
    assert decide_type([Vote("a", B, 3), Vote("b", M, 3)]) == M  # a model before a benchmark, as before
    assert decide_type([Vote("a", T, 3), Vote("b", B, 2)]) == T


def test_a_changed_weight_changes_the_decision(tmp_path):
    """The weights are data: make the comparison cue outweigh the apposition and the type follows."""
    for path in lexicon_dir().iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    table = json.loads((tmp_path / "weights.json").read_text())
    table["rules"]["context.compared"] = 9
    (tmp_path / "weights.json").write_text(json.dumps(table))
    lex = load_lexicon(tmp_path)
    votes = [Vote("context.apposition", T, lex.weights["context.apposition"]), Vote("context.compared", M, lex.weights["context.compared"])]
    assert decide_type(votes) == M
    assert decide_type([Vote(v.rule, v.type, load_lexicon().weights[v.rule]) for v in votes]) == T


def test_entities_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Entity("zorb", "Zorb", M).type = T  # type: ignore[misc]


WEEK = """Top AI Papers of the Week (June 2 - 8)
1. Zorvath
Zorvath is a new framework from researchers at Quillmont University built upon Blorfi-7B-Instruct \
that outperforms Quxa-70B on ZorbBench 2025. It uses GRPO with a small change.
2. Plinkett
Plinkett is a benchmark of 500 tasks. We test Quxa-70B and Blorfi-7B-Instruct on it.
3. Snoodle-2
Snoodle-2 extends GRPO with a variance-aware advantage. It is trained with PPO-style clipping and evaluated on ZorbBench 2025.
"""


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    folder = tmp_path_factory.mktemp("week")
    write_digest(folder, "week.txt", WEEK)
    return build([folder])


def _rules(corpus, label):
    [key] = [k for k, e in corpus.entities.items() if e.label == label]
    return [d.rule for d in corpus.decisions[key]], corpus.entities[key]


@pytest.mark.parametrize("label, rule, family", [
    # a tier cut off implies the size Blorfi-7B, which the text never names alone: the checkpoint is a Blorfi
    ("Blorfi-7B-Instruct", "family.implied", "Blorfi"),
    ("Blorfi-7B-Instruct", "family.unnamed-size", "Blorfi"),
    ("Blorfi-7B", "family.implied", "Blorfi"),
    ("ZorbBench 2025", "family.edition", "ZorbBench"),
    ("Blorfi-7B-Instruct", "type.votes", "Blorfi"),
    ("Blorfi-7B", "type.family", "Blorfi"),  # no votes of its own: it follows its family
    ("GRPO", "type.vocabulary", None),
    ("ZorbBench", "type.edition-family", None),
])
def test_linking_rules_are_traced(week, label, rule, family):
    rules, entity = _rules(week.corpus, label)
    assert rule in rules
    assert (week.corpus.entities[entity.variant_of].label if entity.variant_of else None) == family


def test_a_weakly_typed_release_is_typed_like_its_model_family(tmp_path):
    """type.family: a title name with no confident vote of its own ('Quxo-Mini-Reasoning shows ...') is a model of
    the family its sized releases imply (Quxo, from Quxo-8B and Quxo-70B), whatever its title suggests."""
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n1. Quxo-Mini-Reasoning\n"
                 "Quxo-Mini-Reasoning shows that small models can reason; results are reported on ZorbBench.\n"
                 "2. Plinkett\nPlinkett fine-tunes Quxo-8B, an open model, and Quxo-70B, a larger model, on ZorbBench.\n")
    corpus = build([tmp_path]).corpus
    rules, entity = _rules(corpus, "Quxo-Mini-Reasoning")
    assert "type.family" in rules and entity.type == "Model"
    assert corpus.entities[entity.variant_of].label == "Quxo"


def test_a_release_whose_votes_tie_follows_its_model_family(tmp_path):
    """type.family-tie: 'zero-shot Quxo-Mini prompting' votes Method as much as '(3B)' votes Model; the tie went to
    Method by the tie order alone, though Quxo-Mini is a release of the model family Quxo (Quxo-8B, Quxo-70B)."""
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n1. Plinkett\n"
                 "Plinkett fine-tunes Quxo-8B, an open model, and Quxo-70B, a larger model, on ZorbBench.\n"
                 "2. Zorvath\nZorvath routes queries with zero-shot Quxo-Mini prompting. Quxo-Mini (3B) scores 61% on ZorbBench.\n")
    corpus = build([tmp_path]).corpus
    rules, entity = _rules(corpus, "Quxo-Mini")
    assert "type.family-tie" in rules and entity.type == "Model"
    assert corpus.entities[entity.variant_of].label == "Quxo"


def test_a_framework_released_in_sizes_stays_a_method_with_its_sizes_as_models(tmp_path):
    """type.sized-method: 'Zorvex, an RL framework' that the text also writes in sizes (Zorvex-32B) is a Method, as the
    annotation standard types a proposed system; the sized checkpoint is a Model whose family is the framework."""
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n1. Zorvex\n"
                 "Zorvex is an RL framework for training search agents. Zorvex-32B scores 61% on ZorbBench.\n"
                 "2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    corpus = build([tmp_path]).corpus
    rules, family = _rules(corpus, "Zorvex")
    assert "type.sized-method" in rules and family.type == "Method"
    size = corpus.entities["zorvex-32b"]
    assert size.type == "Model" and size.variant_of == family.key


@pytest.mark.parametrize("subject, predicate, obj, rule", [
    ("zorvath", "introduces", "zorvath", "introduces.title-system"),
    ("zorvath", "usesBaseModel", "blorfi-7b-instruct", "usesBaseModel.cue"),
    ("zorvath", "comparedWith", "quxa-70b", "comparedWith.cue"),
    ("zorvath", "evaluatedOn", "zorbbench2025", "evaluatedOn.in-body"),
    ("zorvath", "affiliation", "quillmont-university", "affiliation.cue"),
    ("zorvath", "usesMethod", "grpo", "usesMethod.in-body"),
    ("snoodle2", "extends", "grpo", "extends.stated"),
])
def test_relation_rules_are_traced(week, subject, predicate, obj, rule):
    [relation] = [r for r in week.relations if (r.subject, r.predicate, r.object) == (subject, predicate, obj)]
    assert rule in {h.rule for h in relation.rules}
    assert {h.evidence for h in relation.rules} == set(relation.evidence)


def test_a_versioned_name_said_to_extend_a_named_method_is_a_method(tmp_path):
    """context.extends-named: 'Quxo-3' has a model release's shape (name.hyphen-release), but a sentence that says it
    generalises DAPO makes it a method, and the lineage edge follows; 'Quxo-3 extends the context window' names no
    parent and changes nothing."""
    text = ("Top AI Papers of the Week (June 2 - 8)\n1. Quxo-3\nQuxo-3 generalizes DAPO to multi-turn rollouts. "
            "It is evaluated on ZorbBench 2025.\n2. Plimble-2\nPlimble-2 extends the context window of its base to "
            "1M tokens and beats Quxa-70B on ZorbBench 2025.\n")
    write_digest(tmp_path, "week.txt", text)
    corpus = build([tmp_path])
    types = {e.label: e.type for e in corpus.corpus.entities.values()}
    assert types["Quxo-3"] == EntityType.METHOD
    assert types["Plimble-2"] == EntityType.MODEL
    assert ("quxo3", "extends", "dapo") in {(r.subject, r.predicate, r.object) for r in corpus.relations}


def test_every_entity_type_has_a_relation_rule():
    assert set(RELATION_RULES) == set(EntityType)


def test_family_named_by_a_vocabulary_alias_is_the_vocabulary_entry(tmp_path):
    """'DALLE-3': the family prefix is an alias of a vocabulary entry (DALL·E): the family is that entry, keyed by its id
    (it used to be keyed by the alias, which no entity has, and dropped)."""
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n1. Plinkett\nPlinkett is a new image generator "
                 "that outperforms DALLE-3 on images of text.\n2. Snoodle\nSnoodle is a new framework for agents that plan.\n")
    corpus = build([tmp_path]).corpus
    [key] = [k for k, e in corpus.entities.items() if e.label == "DALLE-3"]
    family = corpus.entities[key].variant_of
    assert family is not None and corpus.entities[family].label == "DALL·E"
    assert "family.known-prefix" in [d.rule for d in corpus.decisions[key]]


def _triples(tmp_path, body: str) -> set[tuple[str, str, str]]:
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n" + body
                 + "2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    return {(r.subject, str(r.predicate), r.object) for r in build([tmp_path]).relations}


def _rules_of(tmp_path, body: str) -> dict[tuple[str, str, str], set[str]]:
    """Each relation of the week with the rules that stated it."""
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n" + body
                 + "2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    return {(r.subject, str(r.predicate), r.object): {h.rule for h in r.rules} for r in build([tmp_path]).relations}


def test_prior_or_used_work_is_not_introduced(tmp_path):
    """introduces.blocked: a name after 'predecessors like' or 'using the' is prior work the paper uses, not its own."""
    triples = _triples(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Unlike predecessors like Quimblefix, "
                       "it plans ahead, using the Snarkel-Vost algorithm for search.\n")
    introduced = {o for s, p, o in triples if s == "zorvath" and p == "introduces"}
    assert "zorvath" in introduced
    assert not introduced & {"quimblefix", "snarkel-vost"}


def test_comparison_and_application_cues(tmp_path):
    """comparedWith.cue: 'on par with X', 'trails X', 'behind X'; usesBaseModel.cue: 'X jumps from A% to B%' (applied to X)."""
    triples = _triples(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. It lands on par with Quxa-70B and "
                       "well behind Mibbo-405B. Blorfi-8B jumps from 41.2% to 63.0% on hard proofs.\n"
                       "3. Snoodle\nSnoodle is a new planner for robots. It trails Blorfi-8B on long tasks.\n")
    assert {("zorvath", "comparedWith", "quxa-70b"), ("zorvath", "comparedWith", "mibbo-405b"),
            ("zorvath", "usesBaseModel", "blorfi-8b")} <= triples


@pytest.mark.parametrize("sentence", [
    "Quillmont University runs a large study of agents that plan.",  # affiliation.first-subject
    "A new study from Quillmont University looks at agents that plan.",
    "Quillmont University's new paper looks at agents that plan.",
])
def test_affiliation_cues(tmp_path, sentence):
    """affiliation.first-subject: the organisation that opens the item; affiliation.cue: 'study from ORG', 'ORG's paper'."""
    triples = _triples(tmp_path, f"1. Zorvath\n{sentence} Zorvath is a new agent for proofs.\n"
                       "3. Snoodle\nSnoodle is a new planner built at Quillmont University.\n")
    assert ("zorvath", "affiliation", "quillmont-university") in triples


@pytest.mark.parametrize("sentence", [
    "Zorvath is a new training method that generalises GRPO to long proofs.",
    "Zorvath is a new training method, a drop-in replacement for GRPO in long proofs.",
    "Zorvath is a new training method that fixes predecessors like GRPO on long proofs.",
])
def test_stated_lineage_cues(tmp_path, sentence):
    """extends.stated: 'generalises X', 'a drop-in replacement for X', 'predecessors like X'."""
    triples = _triples(tmp_path, f"1. Zorvath\n{sentence}\n")
    assert ("zorvath", "extends", "grpo") in triples


def test_studied_model_lists(tmp_path):
    """usesBaseModel.studied: every model in 'tested N models, including X, Y and Z' is one the study applies."""
    triples = _triples(tmp_path, "1. Snoodle\nSnoodle is a study of planning. The authors tested 9 models, including "
                       "Quxa-70B, Mibbo-405B and Blorfi-8B, on long plans, where Quxa-70B beats Blorfi-8B.\n"
                       "3. Zorvath\nZorvath is a new agent for proofs that outperforms Quxa-70B, Mibbo-405B and Blorfi-8B.\n")
    assert {("snoodle", "usesBaseModel", m) for m in ("quxa-70b", "mibbo-405b", "blorfi-8b")} <= triples


def test_an_unseen_name_is_introduced_only_with_positive_evidence(tmp_path):
    """introduces.novel-subject / novel-defined: an unseen name the paper is about ('● X fixes ...') or defines
    ('X block, a sparse memory'), or one after 'the new', is introduced; a name met in passing is neither
    introduced nor used (usesMethod.use-cue needs a cue of use)."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Logs are kept by QuimbNet for later audits. "
                      "It trains with the new FlorpPO objective. It stores plans in a GlimNet block, a sparse memory "
                      "that grows.\n● BlipRL fixes drift: it resets the buffer.\n")
    assert rules[("zorvath", "introduces", "bliprl")] == {"introduces.novel-subject"}
    assert rules[("zorvath", "introduces", "glimnet")] == {"introduces.novel-defined"}
    assert ("zorvath", "introduces", "florppo") in rules
    assert not {k for k in rules if k[2] == "quimbnet"}


def test_an_unseen_method_is_used_only_with_a_cue_of_use(tmp_path):
    """usesMethod.use-cue: 'tuned with the X optimizer', 'X-based' make an unseen name a method the paper uses."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Its planner is tuned with the ZorbNet "
                      "optimizer. Its memory keeps QuimbNet-based indexes. Scores are logged next to FratzNet runs.\n")
    assert rules[("zorvath", "usesMethod", "zorbnet")] == {"usesMethod.use-cue"}
    assert rules[("zorvath", "usesMethod", "quimbnet")] == {"usesMethod.use-cue"}
    assert not {k for k in rules if k[2] == "fratznet"}


def test_a_typed_part_is_introduced_and_inspiration_is_not(tmp_path):
    """introduces.novel-typed: 'adds a X strategy', 'a simple strategy, X,' present a part of the paper's work;
    'inspired by the X method' is work it builds on; 'a ZKQ agent' (bare acronym) names a domain."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Zorvath adds a Blimp-Scheduler strategy "
                      "for long proofs, plus a simple strategy, FlorpRL, that lengthens horizons. Its notes are inspired "
                      "by the QuimbNet method. It runs as a ZKQ agent on phones.\n")
    assert rules[("zorvath", "introduces", "blimp-scheduler")] == {"introduces.novel-typed"}
    assert rules[("zorvath", "introduces", "florprl")] == {"introduces.novel-typed"}
    assert ("zorvath", "introduces", "quimbnet") not in rules
    assert ("zorvath", "introduces", "zkq") not in rules


def test_a_benchmark_paper_compares_the_models_it_scores(tmp_path):
    """comparedWith.benchmark-paper: a paper that introduces a benchmark ranks the models it tests; none is its base
    unless the text says so ('a X backbone', 'fine-tuned from X'; base-stated-before.regex)."""
    rules = _rules_of(tmp_path, "1. Glimbench\nGlimbench is a new benchmark of 800 planning tasks. The authors tested 9 models, including Quxa-70B and Mibbo-405B. "
                      "Blorfi-8B scores only 12%, while Quxa-70B reaches 41%. Its grader runs on a Zibbo-7B backbone. Its "
                      "judge is fine-tuned from Wibbo-3B.\n")
    assert {k for k in rules if k[0] == "glimbench" and k[1] in ("comparedWith", "usesBaseModel")} == {
        ("glimbench", "comparedWith", m) for m in ("quxa-70b", "mibbo-405b", "blorfi-8b")} | {
        ("glimbench", "usesBaseModel", "zibbo-7b"), ("glimbench", "usesBaseModel", "wibbo-3b")}  # stated bases still are
    assert "comparedWith.benchmark-paper" in rules[("glimbench", "comparedWith", "blorfi-8b")]


def test_base_model_cues(tmp_path):
    """usesBaseModel.cue: 'starting from X', 'X improves from A% to B%', 'X fine-tuned on', 'lets the smaller X',
    'distills ... into X', 'base X'; usesBaseModel.with-own-system: 'X with <own system>', '<own system> + X'.
    A comparison later in the sentence does not make the subject a baseline."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Starting from Quxa-70B, it learns to plan. "
                      "Mibbo-8B with Zorvath solves 60% of tasks, outperforming much larger models. Zorvath + Blorfi-8B "
                      "lifts accuracy to 0.9 vs 0.7. Glim-7B improves from 13.1% to 29.8% on long proofs. Tribo-3B "
                      "fine-tuned on 900 proofs outperforms the rest. It also lets the smaller Snib-2B beat larger models. "
                      "The team distills traces from a teacher into Wobo-1B models. It improves base Fenn-9B scores by 10x.\n")
    cue = {"quxa-70b", "glim-7b", "tribo-3b", "snib-2b", "wobo-1b", "fenn-9b"}
    assert {o for (s, p, o), r in rules.items() if p == "usesBaseModel" and "usesBaseModel.cue" in r} == cue
    assert {o for (s, p, o), r in rules.items() if p == "usesBaseModel" and "usesBaseModel.with-own-system" in r} == {
        "mibbo-8b", "blorfi-8b"}
    assert not {k for k in rules if k[1] == "comparedWith"}


def test_a_study_applies_the_models_it_names(tmp_path):
    """usesBaseModel.study-subject: a paper that introduces nothing studies the models it names (known ones too).
    usesBaseModel.study-compared: with no system of its own, a comparison between two models it names ('X scores
    12% versus 40% for Y', 'X is cheaper than Y') is between models it studies; a model compared with an unnamed
    system ('their distilled model beats Y') is still compared."""
    rules = _rules_of(tmp_path, "1. Do Agents Resist Being Switched Off?\nThis study probes whether GPT-4o resists shutdown "
                      "in sandboxed tasks. DeepSeek-R1 leads overall on sabotage. Blorfi-8B scores 12% versus 40% for Tribo-9B. "
                      "Glim-7B is 70% cheaper than Snib-2B per task. Their distilled model beats Wobo-1B. Their large model "
                      "surpasses Fenn-9B, and even the small one beats Trok-4B.\n")
    paper = "do-agents-resist-being-switched-off"
    assert rules[(paper, "usesBaseModel", "gpt4o")] == {"usesBaseModel.study-subject"}
    assert rules[(paper, "usesBaseModel", "deepseek-r1")] == {"usesBaseModel.study-subject"}
    for model in ("blorfi-8b", "tribo-9b", "glim-7b", "snib-2b"):
        assert rules.get((paper, "usesBaseModel", model)) == {"usesBaseModel.study-compared"}, model
        assert (paper, "comparedWith", model) not in rules
    assert {(paper, "comparedWith", m) for m in ("wobo-1b", "fenn-9b", "trok-4b")} <= set(rules)


def test_the_subject_of_a_comparison_is_no_baseline(tmp_path):
    """comparedWith.cue: a model that opens its sentence, before the comparison ('X reaches 48%, outperforming Y'),
    is not compared; the one after the cue is."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Quxa-70B reaches 48% on proofs with it, "
                      "outperforming Mibbo-405B.\n")
    assert ("zorvath", "comparedWith", "mibbo-405b") in rules
    assert ("zorvath", "comparedWith", "quxa-70b") not in rules


def test_the_subject_of_a_comparison_later_in_its_sentence_is_no_baseline(tmp_path):
    """comparedWith.subject-of-cue: a model just before 'outperforms'/'beats' ('tests show X consistently outperforms
    Y') is the comparison's subject even when it does not open the sentence; 'X is outperformed by Y' still compares X."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Tests on long proofs show that Quxa-70B "
                      "consistently outperforms Mibbo-405B. On short proofs, Tribo-9B is outperformed by Zorvath.\n")
    assert ("zorvath", "comparedWith", "mibbo-405b") in rules
    assert ("zorvath", "comparedWith", "tribo-9b") in rules
    assert ("zorvath", "comparedWith", "quxa-70b") not in rules


def test_the_means_a_title_ends_with_is_introduced(tmp_path):
    """introduces.title-means: a title with no system name that ends 'via X' names the paper's own method X; a
    well-known method after 'via' (no article) is one it uses."""
    rules = _rules_of(tmp_path, "1. Continual Proofs via Quimble Finetuning\nThe authors update only a few memory slots per "
                      "proof. Quimble Finetuning keeps old skills while learning new ones.\n"
                      "3. Aligning Provers via GRPO\nThe authors align provers with a group reward on long proofs.\n")
    assert rules[("continual-proofs-via-quimble-finetuning", "introduces", "quimble-finetuning")] == {"introduces.title-means"}
    assert ("aligning-provers-via-grpo", "introduces", "grpo") not in rules


def test_a_known_acronym_the_paper_spells_out_and_proposes_is_introduced(tmp_path):
    """introduces.verb-expanded: 'proposes a Sparse Anchor Memory (SAM)' defines the acronym as the paper's own, though
    the vocabulary knows another SAM; a known name after 'proposes' without its spelled-out words is not introduced."""
    rules = _rules_of(tmp_path, "1. Proof Memory at Scale\nIt proposes a Sparse Anchor Memory (SAM) for long proofs.\n"
                      "3. Planning Proofs Quickly\nIt proposes a planner that calls GPT-4o for hard steps.\n")
    assert rules[("proof-memory-at-scale", "introduces", "sam")] == {"introduces.verb-expanded"}
    assert not {k for k in rules if k[0] == "planning-proofs-quickly" and k[1] == "introduces"}


def test_a_size_word_between_a_base_cue_and_the_model(tmp_path):
    """usesBaseModel.cue: 'runs twice as fast on the largest X models' applies the method to X."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. It runs twice as fast on the largest "
                      "Quxa models while using the same memory.\n")
    assert "usesBaseModel.cue" in rules[("zorvath", "usesBaseModel", "quxa")]


def test_an_unseen_model_that_opens_a_winning_sentence_is_introduced(tmp_path):
    """introduces.novel-winner: 'ZORVA-9B reaches 48%, outperforming X' presents the paper's own model (an unseen one,
    a size of an unseen family too); a known model in the same place, and one that is outperformed, are not."""
    rules = _rules_of(tmp_path, "1. ProofGym\nA framework for training proof agents at scale. ZORVA-9B reaches 48% on "
                      "long proofs, outperforming Mibbo-405B. GPT-4o reaches 40%, outperforming Blorfi-8B. "
                      "Tribo-3B reaches 12%, while being outperformed by most rivals.\n")
    assert rules[("proofgym", "introduces", "zorva-9b")] == {"introduces.novel-winner"}
    assert not {k for k in rules if k[1] == "introduces" and k[2] in ("gpt4o", "tribo-3b", "mibbo-405b")}


def test_a_method_given_as_an_example_of_what_the_paper_avoids_is_not_used(tmp_path):
    """usesMethod.not-prior-work: 'avoids hand-made reward schemes like X' names X as what the paper does without."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Its design avoids hand-made reward schemes "
                      "like PPO and instead learns rewards from proofs. Its planner is trained with DPO.\n")
    assert ("zorvath", "usesMethod", "ppo") not in rules
    assert ("zorvath", "usesMethod", "dpo") in rules


def test_a_method_that_qualifies_other_approaches_is_not_used(tmp_path):
    """usesMethod.not-a-baseline: 'X-based approaches fill their context' names a class of other work; 'an X-based
    planner' (one, the paper's) still uses X."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. PPO-based approaches fill their context "
                      "with noise. Zorvath runs a DPO-based planner instead.\n")
    assert ("zorvath", "usesMethod", "ppo") not in rules
    assert ("zorvath", "usesMethod", "dpo") in rules


def test_a_review_introduces_uses_and_compares_nothing(tmp_path):
    """relations.review-paper: a survey or review describes other work: no introduces, usesMethod, usesBaseModel or
    comparedWith, whatever its sentences say."""
    rules = _rules_of(tmp_path, "1. A Survey of Planning Agents\nThis survey covers agents such as ZorbNet, which uses "
                      "QuimbRL on top of Quxa-70B and outperforms Mibbo-405B. It proposes a taxonomy.\n")
    paper = "a-survey-of-planning-agents"
    assert not {k for k in rules if k[0] == paper and k[1] in ("introduces", "usesMethod", "usesBaseModel", "comparedWith")}


@pytest.mark.parametrize("body", [
    "Agents that plan are studied here. Quillmont University tested 16 planners on long tasks.",  # opening paragraph
    "Quillmont University’s Zorvath agent plans ahead on long tasks.",  # possessive owner opens the item
    "Zorvath is a planning agent from Quillmont University designed for long tasks.",  # 'X is an agent from ORG'
    "Jane Doe (Quillmont University) argues that agents that plan are not mysterious.",  # author (ORG)
    "Jane Doe and collaborators at Quillmont University dissect agents that plan.",
])
def test_more_affiliation_cues(tmp_path, body):
    """affiliation.first-subject in any sentence of the opening paragraph, with a past-tense verb or a possessive;
    affiliation.cue: 'a model/agent from ORG', 'Person (ORG)', 'collaborators at ORG'."""
    triples = _triples(tmp_path, f"1. Zorvath\n{body}\n● Zorvath plans ahead and wins.\n")
    assert ("zorvath", "affiliation", "quillmont-university") in triples


def test_any_mention_can_show_a_name_is_the_papers_own(tmp_path):
    """introduces.novel-defined on a later mention ('● X: a reward objective that ...') after one in passing, and
    on an acronym after its expansion ('Long Name (ACR): A novel training method')."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Its loop runs FlorpPO in two stages.\n"
                      "● FlorpPO: a reward objective that clusters similar proofs.\n● Zorb policy optimisation: Zorvath "
                      "trains with Hop-Grouped Zorb Optimization (HZPO): A novel training method for groups.\n")
    assert rules[("zorvath", "introduces", "florppo")] == {"introduces.novel-defined"}
    assert rules[("zorvath", "introduces", "hzpo")] == {"introduces.novel-defined"}


def test_no_comparison_from_a_topic_label_or_top_p(tmp_path):
    """A bullet's topic label ('● Generalist vs. specialist: ') and 'top-p' are no comparison; 'a X teacher' is a base."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs.\n● Generalist vs. specialist: A tuned "
                      "model (Quxa-70B) does well on proofs.\n● Teaching: the agent distils a Mibbo-405B teacher into a "
                      "small student. Its planner uses top-p sampling with Blorfi-8B at 0.9.\n")
    assert not {k for k in rules if k[1] == "comparedWith"}
    assert {("zorvath", "usesBaseModel", m) for m in ("mibbo-405b", "blorfi-8b")} <= set(rules)


def test_a_benchmark_named_as_data_or_prior_work_is_not_evaluated_on(tmp_path):
    """evaluatedOn.in-body skips 'X-compatible interfaces', 'X training' and 'existing benchmarks like X'."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. It scores 40% on ZorbBench. Its sandbox "
                      "exposes GlimBench-compatible interfaces. Agents near-perfect on existing benchmarks like QuxaBench "
                      "fail here. Its data beats BlorfQA training.\n")
    assert {k for k in rules if k[0] == "zorvath" and k[1] == "evaluatedOn"} == {("zorvath", "evaluatedOn", "zorbbench")}


def test_a_model_the_system_calls_in_a_role_is_used_not_compared(tmp_path):
    """usesBaseModel.role: 'monitored by X', 'X as the judge', 'traces from models like X' name a model the paper
    calls (a monitor, a judge, a teacher), even in a benchmark paper or a sentence with a comparison in it."""
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    rules = _rules_of(tmp_path / "a", "1. Glimbench\nGlimbench is a new benchmark of 800 sabotage tasks. Blorfi-8B evades "
                      "notice in 20% of runs when monitored by Quxa-70B.\n")
    rules |= _rules_of(tmp_path / "b", "1. Zorvath\nZorvath is a new agent for proofs. It beats larger agents, with "
                       "Mibbo-405B as the judge. It learns from reasoning traces from models like Tribo-9B, and does "
                       "better than Snib-2B.\n")
    for paper, model in (("glimbench", "quxa-70b"), ("zorvath", "mibbo-405b"), ("zorvath", "tribo-9b")):
        assert rules.get((paper, "usesBaseModel", model)) == {"usesBaseModel.role"}, model
        assert (paper, "comparedWith", model) not in rules
    assert ("glimbench", "comparedWith", "blorfi-8b") in rules
    assert ("zorvath", "comparedWith", "snib-2b") in rules


def test_a_model_a_router_favours_is_one_it_calls(tmp_path):
    """usesBaseModel.role: 'the router favors cheaper X' names one of the models the paper's router picks from, even
    with a comparison in the sentence."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new router for proofs. At low budgets the router favors cheaper "
                      "GPT-4o calls over larger rivals.\n")
    assert rules.get(("zorvath", "usesBaseModel", "gpt4o")) == {"usesBaseModel.role"}
    assert ("zorvath", "comparedWith", "gpt4o") not in rules


def test_a_name_written_twice_in_a_sentence_reads_each_place(tmp_path):
    """relations.nth-occurrence: the second mention of a name reads its own context ('stall without X; ... adopts
    X'), not the first place the name is written."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Plain agents stall for many long hours "
                      "without FlorpRL; the Zorvath agent then adopts FlorpRL for its search.\n")
    assert rules.get(("zorvath", "usesMethod", "florprl")) == {"usesMethod.use-cue"}


def test_models_a_method_is_applied_to_and_models_it_competes_with(tmp_path):
    """usesBaseModel.applied-list: every model in 'gains for smaller models like X and Y' is one the method is
    applied to, even after a comparison in an earlier clause; not 'beats methods that rely on models like X'.
    comparedWith.cue: 'competitive with X', 'superior to X'."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. It beats plain search by 7%, with peak "
                      "gains for smaller models like Quxa-7B and Mibbo-3B. It also beats methods that rely on large "
                      "models like Blorfi-405B. Its 8B planner is competitive with Tribo-70B and superior to Snib-9B.\n")
    assert {m for (s, p, m), r in rules.items() if p == "usesBaseModel" and "usesBaseModel.applied-list" in r} == {
        "quxa-7b", "mibbo-3b"}
    assert not {k for k in rules if k[1] == "comparedWith" and k[2] in ("quxa-7b", "mibbo-3b")}
    assert {("zorvath", "comparedWith", m) for m in ("blorfi-405b", "tribo-70b", "snib-9b")} <= set(rules)


def test_a_model_given_as_an_example_is_compared_only_after_a_cue(tmp_path):
    """comparedWith.example-needs-cue-before: 'while large models like X can write better proofs' names X as an
    example of a kind; 'outperforming agents like Y' still compares Y."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. While large models like Quxa-405B can "
                      "write better proofs, Zorvath runs on a phone. It ends up outperforming agents like Mibbo-8B.\n")
    assert ("zorvath", "comparedWith", "quxa-405b") not in rules
    assert ("zorvath", "comparedWith", "mibbo-8b") in rules


def test_a_model_that_qualifies_the_rivals_kind_is_no_base(tmp_path):
    """relations.rival-qualifier: in 'outperforming prior X-based agents like Y and Z' X names the rivals' kind:
    no base model, no baseline; Y and Z are compared."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. It scores 50%, outperforming prior "
                      "DeepSeek-R1-based agents like Quxa-7B and Tribo-9B.\n")
    assert not {k for k in rules if k[2] == "deepseek-r1"}
    assert {("zorvath", "comparedWith", m) for m in ("quxa-7b", "tribo-9b")} <= set(rules)


def test_prior_work_named_as_an_example_is_not_used(tmp_path):
    """usesMethod.not-prior-work: 'current techniques like X tend to ...', 'unlike X' name work the paper sets
    itself against; 'trains with X' is a method it uses."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Current preference techniques like DPO "
                      "tend to collapse diversity. Unlike LoRA, it edits few weights. It trains with GRPO.\n")
    assert ("zorvath", "usesMethod", "grpo") in rules
    assert not {k for k in rules if k[1] == "usesMethod" and k[2] in ("dpo", "lora")}


def test_a_model_called_as_a_tool_is_neither_base_nor_baseline(tmp_path):
    """relations.model-as-tool (issue 9, class 5): 'calls X', 'X used as a tool' name a tool the system calls."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. It calls Quxa-70B for search and "
                      "outperforms Mibbo-8B. It uses Tribo-9B as a tool for algebra.\n")
    assert not {k for k in rules if k[2] in ("quxa-70b", "tribo-9b")}
    assert ("zorvath", "comparedWith", "mibbo-8b") in rules


def test_a_known_model_a_title_asks_about_is_the_one_studied(tmp_path):
    """usesBaseModel.title-subject: 'Can GPT-4o Plan Proofs?' studies GPT-4o; 'o1-like agents' in a title names a
    kind, not the model."""
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    rules = _rules_of(tmp_path / "a", "1. Can GPT-4o Plan Proofs?\nThe authors run a probe on many prompts.\n")
    rules |= _rules_of(tmp_path / "b", "1. On the Drift of o1-like Agents\nThe authors track how plans drift.\n")
    assert rules.get(("can-gpt-4o-plan-proofs", "usesBaseModel", "gpt4o")) == {"usesBaseModel.title-subject"}
    assert not {k for k in rules if k[2] == "o1"}


def test_a_model_that_qualifies_a_kind_or_that_a_title_is_set_against_is_no_base(tmp_path):
    """relations.kind-qualifier: 'o1-like agents' in the body names a kind, not o1; 'Zorvath: Beyond GPT-4o' sets the
    paper against GPT-4o (no usesBaseModel.title-subject); usesBaseModel.role: 'routes queries to X' names a
    candidate model the router calls."""
    rules = _rules_of(tmp_path, "1. Zorvath: Beyond GPT-4o\nZorvath is a new router for proofs. It routes hard queries to "
                      "the cheaper Quxa-70B. Unlike o1-like agents, it plans ahead.\n")
    assert not {k for k in rules if k[2] in ("gpt4o", "o1") and k[1] == "usesBaseModel"}
    assert not {k for k in rules if k[2] == "o1"}
    assert rules.get(("zorvath-beyond-gpt-4o", "usesBaseModel", "quxa-70b")) == {"usesBaseModel.role"}


def test_cues_of_use_and_of_rivals_around_a_method(tmp_path):
    """usesMethod.use-cue reads 'reuses X', 'supports approaches including X'; 'X-based estimation' is a method used, not introduced;
    'along with X, a ... method' adds X to what the paper introduces; 'similar to X' and 'X-based baselines' name
    a likeness and rivals (usesMethod.not-a-baseline), not a method used."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath introduces a new agent for proofs, along with FlorpGen, a data synthesis "
                      "method for proofs. Training reuses "
                      "QuimbTune recipes. The kit supports recent approaches including BlimpMem out of the box.\n"
                      "● GlorpSample-based estimation: draws samples from the posterior.\n"
                      "It searches deep trees (similar to GRPO) and closely tracks DPO-based baselines.\n")
    used = {o for (s, p, o) in rules if p == "usesMethod"}
    assert {"quimbtune", "blimpmem", "glorpsample"} <= used
    assert rules.get(("zorvath", "introduces", "florpgen")) == {"introduces.novel-defined"}
    assert not used & {"florpgen", "grpo", "dpo"}
    assert ("zorvath", "introduces", "glorpsample") not in rules


def test_benchmarks_named_as_predecessor_data_or_qualifier_and_a_title_benchmark(tmp_path):
    """evaluatedOn.in-body skips 'beyond the original X', 'fine-tuning on the 1k-example X dataset', 'prompts from
    repositories (including X', 'X-level problems'; relations.whole-name: 'X' is read where it stands alone, not
    inside 'X-2'; evaluatedOn.own-benchmark: the benchmark a title names as the paper's own is one it reports on."""
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    rules = _rules_of(tmp_path / "a", "1. Zorvath\nZorvath is a new agent for proofs. QuxaBench-2 is harder, beyond the "
                      "original QuxaBench. It first runs supervised fine-tuning on the 1 k-example GlimQA dataset. Its mix "
                      "pulls prompts from many open repositories (including Blorf Instruct, SnibQA, and others). It solves "
                      "FrobBench-level problems and scores 40% on WibboBench.\n")
    rules |= _rules_of(tmp_path / "b", "1. TrokBench\nA new suite of 900 hard proofs, with 12 frontier models tested on it.\n")
    evaluated = {o for (s, p, o) in rules if p == "evaluatedOn" and s != "plinkett"}
    assert {"quxabench2", "wibbobench"} <= evaluated
    assert not evaluated & {"quxabench", "glimqa", "snibqa", "frobbench"}
    assert rules.get(("trokbench", "evaluatedOn", "trokbench")) == {"evaluatedOn.own-benchmark"}


@pytest.mark.parametrize("body", [
    "New interpretability research from Quillmont University shows that agents plan.",
    "Quillmont University research demonstrates that agents plan ahead.",
])
def test_research_by_an_organisation_is_its_paper(tmp_path, body):
    """affiliation.cue: 'research from ORG', 'ORG research shows'."""
    triples = _triples(tmp_path, f"1. Zorvath\n{body}\n● Zorvath plans ahead and wins.\n")
    assert ("zorvath", "affiliation", "quillmont-university") in triples


def test_a_review_is_not_by_the_organisation_its_title_names(tmp_path):
    """affiliation.title does not fire for a review: 'A Review of Quillmont Models' is about the organisation's work."""
    triples = _triples(tmp_path, "1. A Review of Quillmont Labs Models\nThis paper reviews the techniques behind the "
                       "open models of Quillmont Labs.\n")
    assert not {t for t in triples if t[1] == "affiliation"}


def test_a_comparison_cue_after_another_system_is_not_the_models(tmp_path):
    """comparedWith.cue-of-another: 'Across Quxa-7B and Mibbo-8B backbones, ZorbRL improves ... over PPO' compares ZorbRL
    with PPO: the models before ZorbRL are none of its baselines; a model after the cue ('beats Tribo-70B') still is, and
    so is one before a cue with only a benchmark between ('In short proofs, Blorfi-9B scores 30% on Plinkett, trailing ...')."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Across Quxa-7B and Mibbo-8B backbones, "
                      "ZorbRL improves accuracy by several points over PPO. Zorvath beats Tribo-70B on long proofs. "
                      "In short proofs, Blorfi-9B scores 30% on Plinkett, trailing Zorvath by ten points.\n")
    assert not {k for k in rules if k[1] == "comparedWith" and k[2] in ("quxa-7b", "mibbo-8b")}
    assert ("zorvath", "comparedWith", "tribo-70b") in rules
    assert ("zorvath", "comparedWith", "blorfi-9b") in rules


def test_a_model_the_system_is_built_on_top_of_is_its_base(tmp_path):
    """usesBaseModel.cue: 'built on top of X' makes X the base; the 'top' in it is no comparison ('X tops Y' is one)."""
    rules = _rules_of(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Built on top of Quxa-7B, it beats "
                      "Mibbo-8B on long proofs.\n")
    assert "usesBaseModel.cue" in rules[("zorvath", "usesBaseModel", "quxa-7b")]
    assert ("zorvath", "comparedWith", "quxa-7b") not in rules
    assert ("zorvath", "comparedWith", "mibbo-8b") in rules


def test_a_name_that_qualifies_a_kind_is_not_introduced(tmp_path):
    """introduces.not-a-kind: 'introduces the first Quibbench-style dataset' makes a new dataset of Quibbench's kind; it
    does not introduce Quibbench."""
    rules = _rules_of(tmp_path, "1. Proving in Q\nIt introduces the first Quibbench-style dataset for proofs in Q, "
                      "with 300 problems.\n")
    assert not {k for k in rules if k[1] == "introduces" and k[2] == "quibbench"}


def test_a_name_made_of_the_titles_words_is_introduced(tmp_path):
    """introduces.title-abbreviation: under the title 'Zorbing Proofs with Confidence', 'ZorbConf' (the starts of its
    words, the last cut short) is the paper's own, though no sentence says so; 'OProvers' under 'Chain of Provers'
    (whole words: a kind) is not."""
    rules = _rules_of(tmp_path, "1. Zorbing Proofs with Confidence\nA test-time method for provers that keeps only "
                      "confident traces. ● Gains: on long proofs, ZorbConf keeps 60% of the traces at K=64.\n"
                      "3. Chain of Provers\nA study of prover ensembles. ● Gains: on long proofs, OProvers keeps half of the traces "
                      "at K=64.\n")
    assert rules[("zorbing-proofs-with-confidence", "introduces", "zorbconf")] == {"introduces.title-abbreviation"}
    assert not {k for k in rules if k[1] == "introduces" and k[2] == "oprovers"}


def test_a_long_title_of_like_words_is_read_in_time_in_proportion_to_it(tmp_path):
    """introduces.title-abbreviation once searched every way of spelling a name from the title's words: under a title of
    40 words 'Zo', the name 'ZoZoZoZoZoZoZoZo' took more than 90 s (30 words and 'ZoZoZoZoZoZo' 4.5 s). Now a table:
    the same answers (checked against the search on 20,000 random titles and names), in time linear in the title."""
    title = " ".join(["Zo"] * 40)
    rules = _rules_of(tmp_path, f"1. {title}\nA study. ● Gains: on long proofs, ZoZoZoZoZoZoZoZo keeps 60% of the traces.\n")
    assert not {k for k in rules if k[1] == "introduces" and k[2] == "zozozozozozozozo"}
