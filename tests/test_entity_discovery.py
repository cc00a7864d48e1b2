"""Issue 9, entity side: names in the text that were never found, on invented names and invented vocabularies."""

import json

import pytest

from kg.ingest import PaperItem
from kg.nlp import annotate, build_nlp
from kg.vocab import load_vocabulary


def _vocabulary(tmp_path, rows):
    (tmp_path / "vocabulary.jsonl").write_text("".join(json.dumps({"aliases": [], "variant_of": None} | r) + "\n" for r in rows))
    (tmp_path / "not-entities.txt").write_text("")
    return load_vocabulary(tmp_path)


def _mentions(vocabulary, body, title="Some paper title here"):
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, title, body)], vocabulary)
    return ann.mentions


def test_a_known_name_with_an_acronym_or_a_sign_is_found_in_any_letter_case(tmp_path):
    vocabulary = _vocabulary(tmp_path, [
        {"id": "QRVX", "type": "Method", "aliases": ["QR with Verified Xylems"]},
        {"id": "ζ³-Quxbench", "type": "Benchmark"},
        {"id": "Blorf Sampling", "type": "Method"},  # plain words: prose writes them as an ordinary phrase
    ])
    found = {(m.text, m.vocab_id) for m in _mentions(
        vocabulary, "Zorblax-7B is trained by QR with verified xylems, scored on ζ³-quxbench, and uses blorf sampling.")}
    assert ("QR with verified xylems", "QRVX") in found
    assert ("ζ³-quxbench", "ζ³-Quxbench") in found
    assert not any(vocab_id == "Blorf Sampling" for _, vocab_id in found)


def test_a_name_defined_as_a_database_is_a_benchmark():
    vocabulary = load_vocabulary()
    found = {(m.text, v.rule, v.type.value) for m in _mentions(
        vocabulary, "The authors build the Quxbank, a database combining worker desires and expert ratings.") for v in m.votes}
    assert ("Quxbank", "context.apposition", "Benchmark") in found


def test_a_point_release_hyphen_joined_to_a_name_is_a_model():
    from kg.lexicon import load_lexicon
    from kg.nlp import shape_votes
    lex = load_lexicon()
    assert ("shape.point-version", "Model") in {(v.rule, v.type.value) for v in shape_votes("Zorb-QUX-1.5", lex)}
    # a space before the number is as often a benchmark's or a method's edition ('Quxbench 2.0')
    assert not any(v.rule == "shape.point-version" for v in shape_votes("Quxplan 2.0", lex))


def test_a_plain_word_listed_with_known_names_of_one_type_takes_their_type(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "ZQA-8K", "type": "Benchmark"}, {"id": "MATHX500", "type": "Benchmark"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "Consistent gains. On ZQA-8K, MATHX500, Quxdown, and Blorfle, the method beats Zorb-7B and ZQA-8K.")}
    assert ("context.list-company", "Benchmark") in found["Quxdown"]
    assert ("context.list-company", "Benchmark") in found["Blorfle"]  # an unknown member in between is passed over
    assert not any(rule == "context.list-company" for rule, _ in found["Zorb-7B"])


def test_a_capitalised_word_then_a_version_is_a_model_family_release(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Blorf", "type": "Organization"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "It beats Zorbo 3.7 Sonnet, Quxa Opus 4 and Flimmo 2 by far. Table 3 shows the Stage 2 gains. "
                    "Shows 2 more wins.")}
    for name in ("Zorbo 3.7 Sonnet", "Quxa Opus 4", "Flimmo 2"):
        assert ("shape.family-version", "Model") in found[name]
    assert not {"Table 3", "Stage 2", "Shows 2", "Table", "Stage"} & set(found)


def test_a_coined_name_with_a_version_is_not_read_as_a_model_by_its_shape():
    from kg.lexicon import load_lexicon
    from kg.nlp import shape_votes
    lex = load_lexicon()
    assert not any(v.rule == "shape.family-version" for v in shape_votes("ZorbCoT 2.0", lex))
    assert any(v.rule == "shape.family-version" for v in shape_votes("Zorbo 2.0 Pro", lex))


def test_a_tier_and_a_version_are_left_to_the_family_that_owns_the_tier(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Quxlo Opus 5", "type": "Model"}])
    texts = {m.text for m in _mentions(vocabulary, "The agent using Opus 6.1 wins.")}
    assert "Quxlo Opus 6.1" in texts and "Opus 6.1" not in texts


def test_title_case_words_ending_in_a_technique_noun_name_a_method(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Zorblax", "type": "Model"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(vocabulary, (
        "The team introduces two techniques that cut loss spikes. Zorbish Routing decouples backbone and router updates, "
        "using old weights for routing indices. QuxGLU Clamping bounds the gate components. Created through Blorf "
        "Distillation (iterative pruning with continued training), each size is released. Using Plenty Search helps, "
        "and using it twice helps more. Multi-Head Quibble Attention (MQA) shares keys, unlike multi-head attention."))}
    assert ("shape.technique-ending", "Method") in found["Zorbish Routing"]  # though 'routing' is also written in lower case
    assert ("shape.technique-ending", "Method") in found["QuxGLU Clamping"]  # a named thing and the technique done to it
    assert ("shape.technique-ending", "Method") in found["Blorf Distillation"]
    assert "Plenty Search" in found and "Using Plenty Search" not in found  # a sentence's ordinary first word is left out
    assert "Quibble Attention" not in found  # the acronym's definition names the whole 'Multi-Head Quibble Attention'


def test_a_known_method_and_a_technique_noun_name_the_technique_done_to_it(tmp_path):
    """name.known-method-technique: 'QuxGLU Clamping', after the known method QuxGLU, is a method of its own; the heading
    'QuxGLU Routing For All' capitalises every word and names nothing new."""
    vocabulary = _vocabulary(tmp_path, [{"id": "QuxGLU", "type": "Method"}])
    found = {m.text: m.source for m in _mentions(vocabulary, (
        "The team introduces two techniques. QuxGLU Clamping bounds the gate components of QuxGLU to keep it stable."))}
    assert found == {"QuxGLU Clamping": "shape", "QuxGLU": "vocab"}
    heading = {m.text for m in _mentions(vocabulary, "QuxGLU Routing For All Tasks")}
    assert "QuxGLU Routing" not in heading


def test_a_type_noun_right_before_a_capitalised_word_defines_it(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Zorblax", "type": "Model"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "Benchmarked on long tasks, the augmented coding agent Quibble achieves higher scores than the others.")}
    assert ("context.type-noun-before", "Method") in found["Quibble"]


def test_a_type_noun_before_parentheses_that_hold_only_a_name_defines_it(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Zorblax", "type": "Model"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "It adds a scalable stack and a training recipe (Quibblepulse) that alternates two stages.")}
    assert ("context.type-noun-before", "Method") in found["Quibblepulse"]


def test_a_title_names_its_technique_after_via(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Zorblax", "type": "Model"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "Models forget what they learned before.", title="Continual Quibbling via Zorbish Memory Finetuning")}
    assert ("shape.technique-ending", "Method") in found["Zorbish Memory Finetuning"]
    assert "Continual Quibbling" not in found


def test_a_name_that_opens_a_sentence_introducing_a_framework_and_comes_back_is_that_framework(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Zorblax", "type": "Model"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(vocabulary, (
        "Growing agents forget things. Quibble introduces an agent-centered architecture that lets agents manage memory. "
        "Quibble agents decide when to store things. Blorfco proposes a two-stage recipe for distillation."))}
    assert ("context.introduces-a", "Method") in found["Quibble"]
    assert "Blorfco" not in found  # named once, as a lab is: no definition


def test_a_lab_name_opening_a_sentence_before_researchers_is_whole():
    """name.lab-run-opening: the plain word opening a sentence is part of the lab's name when 'researchers' follows
    ('Zorbco QuxMind researchers'), though a sentence's first word is otherwise capitalised anyway ('Using QuxMind')."""
    vocabulary = load_vocabulary()
    found = {m.text for m in _mentions(vocabulary, "Zorbco QuxMind researchers introduce Blorfnet, a method for planning. "
                                                   "Using QuxMind tools, Blorfnet plans well.")}
    assert "Zorbco QuxMind" in found
    assert "Using QuxMind" not in found
    # ... or when the name opens the sentence with an organisation's opening verb, but not after a verb's -ing form
    found = {m.text for m in _mentions(vocabulary, "Zorbco QuxMind presents Blorfnet, a method for planning. "
                                                   "Scaling QuxRL shows that Blorfnet plans well.")}
    assert "Zorbco QuxMind" in found
    assert "Scaling QuxRL" not in found
    # ... nor after an adverb opening the sentence
    for adverb in ("Recently", "Notably", "Today"):
        found = {m.text for m in _mentions(vocabulary, f"{adverb} QuxMind presents Blorfnet, a method for planning.")}
        assert f"{adverb} QuxMind" not in found


def test_the_people_or_the_opening_subject_of_an_item_name_an_organisation():
    vocabulary = load_vocabulary()

    def votes(body, title="Some paper title here"):
        return {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(vocabulary, body, title)}
    author = ("context.author-organisation", "Organization")
    assert author in votes("Blorfco researchers propose Quxnet-7B, a model for planning.")["Blorfco"]
    assert author in votes("New research from Quxlab, Zorbwerk, and Blorfco shows that Quxnet-7B plans well.")["Zorbwerk"]
    assert author in votes("Zorbwerk research demonstrates that Quxnet-7B plans well.")["Zorbwerk"]
    # org.author-conjunct: every lab of a list before 'researchers', not only the last one
    assert author in votes("Quillmont and Blorfco researchers present Quxnet-7B, a model for planning.")["Quillmont"]
    assert author in votes("Quillmont, Zorbwerk and Blorfco researchers present Quxnet-7B, a model for planning.")["Zorbwerk"]
    assert author in votes("They find disagreement among twelve frontier models from Quxlab, ZorbAI, and Blorfco.")["Blorfco"]
    assert author in votes("A new paper from Quxlab Zorbmind introduces a framework for agent traps.")["Quxlab Zorbmind"]
    # the subject of an item's first body sentence, which the title does not name ...
    assert author in votes("Zorbwerk tested 16 leading models on long plans. The models fail often.")["Zorbwerk"]
    # ... but not a system the title names, nor one that introduces a typed thing: that is as often the system itself
    assert author not in votes("Quxplanner shows that plans help. Quxplanner scores 41% on ZorbBench.",
                               title="Quxplanner: plans for agents").get("Quxplanner", set())
    assert author not in votes("Quxmemo introduces a memory framework built on lossless compression.").get("Quxmemo", set())
    # 'research' as a modifier is no lab's work: 'Zorbwerk research agents'
    assert author not in votes("We train Zorbwerk-7B research agents on long plans.").get("Zorbwerk-7B", set())


def test_a_comma_that_ends_a_fronted_phrase_is_no_apposition():
    vocabulary = load_vocabulary()

    def votes(body):
        return {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(vocabulary, body)}
    assert ("context.apposition", "Model") not in votes("On Quxbench, the 32B model reaches 14.8% and beats prior agents.")["Quxbench"]
    found = votes("● Gains: On reasoning benchmarks like ZQA-8K, Quxbench, and QuxMath, the pipeline boosts pass@1 across models.")
    assert not any(rule == "context.apposition" for rule, _ in found["QuxMath"])
    # an apposition proper still types the name, and so does one inside a clause that merely opens with 'In'
    assert ("context.apposition", "Benchmark") in votes("Quxbench, the largest benchmark of its kind, has 9K tasks.")["Quxbench"]
    assert ("context.apposition", "Method") in votes("In this paper, we propose Zorbplan, a framework for planning.")["Zorbplan"]


def test_a_name_that_owns_the_next_name_is_not_the_listed_or_compared_thing():
    vocabulary = load_vocabulary()

    def votes(body):
        return {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(vocabulary, body)}
    found = votes("The attack also works on embedding models like ZorbAI’s quxembed-small and leaks details.")
    assert not any(rule == "context.list-head" for rule, _ in found["ZorbAI"])
    found = votes("It reasons as well as models like ZorbAI q3-mini and Blorf-3B.")
    assert not any(rule == "context.list-head" for rule, _ in found["ZorbAI"])
    assert ("context.list-head", "Model") in found["q3-mini"]
    found = votes("Zorbplan-7B reaches 41% on QuxMath, outperforming ZorbAI q3-mini by 6 points.")
    assert not any(rule == "context.compared" for rule, _ in found["ZorbAI"])


def test_a_plain_word_in_a_list_of_tasks_or_benchmarks_is_a_benchmark():
    vocabulary = load_vocabulary()
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "On three navigation tasks (Quxlake, Blorfmaze, and ZorbWorld), the planner beats prompting.")}
    assert ("context.benchmark-list", "Benchmark") in found["Blorfmaze"]
    # a model list stays a weak cue, which alone makes no plain word a name ('models like Zorbco, ...' lists vendors too)
    found = {m.text for m in _mentions(vocabulary, "It beats models like Quxlake, Blorfmaze and Zorb-7B.")}
    assert "Blorfmaze" not in found


def test_a_plain_word_name_goes_on_over_of_and_a_capitalised_word():
    vocabulary = load_vocabulary()
    found = {m.text for m in _mentions(vocabulary, "Larger models do better on tasks like Zorbtower of Quxnoi and Blorfit.")}
    assert "Zorbtower of Quxnoi" in found
    assert "Zorbtower" not in found
    # a generic phrase the vocabulary lists stays out whole ('Chain of Thought')
    assert "Chain of Thought" not in _mentions_text(vocabulary, "It beats tasks like Chain of Thought and Blorfit.")


def _mentions_text(vocabulary, body):
    return {m.text for m in _mentions(vocabulary, body)}


def test_a_brand_the_item_numbers_as_a_release_is_that_model_family_alone(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    body = ("The lab tested 12 leading models, including Zorbo, Quxa-7B and Blerp. "
            "For example, Zorbo 3.5 Sonnet refused 40% of the time.")
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(vocabulary, body)}
    assert ("context.release-brand", "Model") in found["Zorbo"]  # written alone, and numbered as 'Zorbo 3.5 Sonnet'
    assert "Blerp" not in found  # never numbered: a plain word stays no name without a definition


def test_a_bare_acronym_compared_with_is_no_model_by_that_alone(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "ZorbNet cuts error by 5x vs. QX-FAC and outperforms ZQN and Quxa-7B.")}
    assert not any(rule == "context.compared" for rule, _ in found["QX-FAC"] | found["ZQN"])
    assert ("context.compared", "Model") in found["Quxa-7B"]  # a sized name stays a compared model


def test_a_name_opening_the_second_sentence_once_is_the_lab(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    body = ("This study introduces the concept of agentic drift in long tasks. Quxco tested 16 leading models on it. "
            "Zorbix shows steady drift. Most models drift within 40 steps.")
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(vocabulary, body, title="Agentic Drift")}
    assert ("context.author-organisation", "Organization") in found["Quxco"]
    # a system that comes back is no lab: 'ZorbAgent shows ...' then 'ZorbAgent reaches ...'
    body = "This study introduces a memory agent. ZorbAgent shows steady gains. ZorbAgent reaches 41% on the hard split."
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(vocabulary, body, title="Memory Agents")}
    assert ("context.author-organisation", "Organization") not in found["ZorbAgent"]


def test_a_list_scan_walks_over_a_name_linked_by_of(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "Larger models do far better on tasks like Tower of Quux and Blorfle, where planning matters.")}
    assert ("context.benchmark-list", "Benchmark") in found["Blorfle"]


def test_a_word_after_a_names_acronym_is_its_verb_not_a_modifier(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "ZorbEvolve (ZE) enables LLMs to improve. The QuxSuite (QS) benchmark holds 300 tasks.")}
    assert not any(rule == "context.type-noun-after" for rule, _ in found["ZorbEvolve"])
    assert ("context.type-noun-after", "Benchmark") in found["QuxSuite"]  # the noun right after the acronym still counts


@pytest.mark.parametrize("body, names", [
    ("Zorbix beats baselines across 6 benchmarks spanning text (e.g., Quxal, Blorfa), image (Vintoq), and video (Drelm).",
     ["Quxal", "Blorfa", "Vintoq", "Drelm"]),
    ("Tasks evaluated: competitive math (Quxal, Blorfa), coding (Vintoq), and formal theorem proving (Drelm).",
     ["Blorfa", "Vintoq", "Drelm"]),
])
def test_names_in_groups_after_domain_words_under_a_benchmark_noun_are_benchmarks(body, names):
    """list.grouped-by-domain: the benchmark noun heads every parenthesised group of the run."""
    vocabulary = load_vocabulary()
    votes = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(vocabulary, body)}
    for name in names:
        assert ("context.benchmark-list", "Benchmark") in votes.get(name, set()), name


def test_a_group_far_from_the_task_noun_or_holding_scores_is_no_benchmark_list():
    vocabulary = load_vocabulary()
    body = ("Some regular tasks are essentially solved (Quxal 94% ±1), while others remain quite hard (Blorfa, Vintoq).")
    votes = {m.text: {v.rule for v in m.votes} for m in _mentions(vocabulary, body)}
    assert all("context.benchmark-list" not in votes.get(name, set()) for name in ("Quxal", "Blorfa", "Vintoq"))


def test_a_plain_word_hyphen_joined_to_a_release_number_is_a_model_family_release(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Blorf", "type": "Organization"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "It trains on Zorbo-2 and Quxa-3.5 for a week. Our system-2 planner reads Table-4 and beats System-2 "
                    "baselines at Stage-2.")}
    for name in ("Zorbo-2", "Quxa-3.5"):
        assert ("shape.family-version", "Model") in found[name]
    assert not {"System-2", "Stage-2"} & set(found)
    assert not any(rule == "shape.family-version" for rule, _ in found.get("Table-4", ()))


def test_title_case_words_hyphen_joined_need_only_a_light_cue(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Blorf", "type": "Organization"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "Zorbix-9B wins, beating Quxa-7B and Flimmo-Audio by far. We keep Plain-Style notes in Warm-Start runs.")}
    assert ("context.compared", "Model") in found["Flimmo-Audio"]
    assert not {"Plain-Style", "Warm-Start"} & set(found)  # no cue at all: a capitalised compound alone is no name


def test_a_language_pair_is_no_title_case_compound_name(tmp_path):
    """name.title-hyphen-compound leaves out language pairs: 'beats Quxa-7B on English-Chinese and Arabic-English
    translation' names two pairs of languages, not two benchmarks (language-words.txt)."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Blorf", "type": "Organization"}])
    found = {m.text for m in _mentions(
        vocabulary, "Zorbix-9B beats Quxa-7B on English-Chinese and Arabic-English translation, and on Flimmo-Bench.")}
    assert not {"English-Chinese", "Arabic-English"} & found
    assert "Quxa-7B" in found


def test_a_plain_word_that_released_a_named_thing_is_an_organisation(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Blorf", "type": "Organization"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "Last week Zorbco released Quxa-Mini-2 for phones. Researchers released Flimmo-7B as well.")}
    assert ("context.releases-name", "Organization") in found["Zorbco"]
    assert "Researchers" not in found


def test_a_list_in_parentheses_after_a_skill_areas_task_noun_names_benchmarks(tmp_path):
    vocabulary = _vocabulary(tmp_path, [{"id": "Blorf", "type": "Organization"}])
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "Tested on formal theorem proving (Zorbf2F, ProofQux) and audio understanding (Quxscene and Blorfle).")}
    for name in ("Zorbf2F", "ProofQux", "Quxscene", "Blorfle"):
        assert ("context.benchmark-list", "Benchmark") in found[name]


def test_a_name_compared_among_methods_is_no_model_by_that_alone(tmp_path):
    # context.compared-among-methods: a list with a lower-case method phrase, or 'X baselines', is a method baseline list
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "ZorbNet beats Quxgrad-2, Blorf-3, and hand-written prompt skills. It outperforms Zlarp-4 baselines. "
                    "It also outperforms Quxa-7B and Plonk-9B.")}
    assert not any(rule == "context.compared" for rule, _ in found["Quxgrad-2"] | found["Blorf-3"] | found["Zlarp-4"])
    assert ("context.compared", "Model") in found["Quxa-7B"]  # a list of names alone stays a compared model list
    assert ("context.compared", "Model") in found["Plonk-9B"]


def test_a_plain_word_compared_with_is_no_model_by_that_alone(tmp_path):
    # context.compared-plain-word: 'beats ZorbGrad' names a method baseline as often; a release's shape stays a model
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "ZorbNet outperforms ZorbGrad on hard tasks. It also outperforms Quxa-Audio on speech.")}
    assert not any(rule == "context.compared" for rule, _ in found["ZorbGrad"])
    assert ("context.compared", "Model") in found["Quxa-Audio"]


def test_every_rival_of_a_long_compared_list_is_compared(tmp_path):
    # context.compared-list: the compare word stands before the list's first name, not three tokens before each
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    found = {m.text: {(v.rule, v.type.value) for v in m.votes} for m in _mentions(
        vocabulary, "ZorbNet outperforms Quxa-7B, Plonk-9B, Blorf-3, Zlarp-4 and Vorn-5 on every task. "
                    "Drabble-7B uses Snibble-2, Trillo-3 and Wexa-4.")}
    for name in ("Quxa-7B", "Plonk-9B", "Blorf-3", "Zlarp-4", "Vorn-5"):
        assert ("context.compared", "Model") in found[name]
    assert not any(rule == "context.compared" for rule, _ in found["Trillo-3"] | found["Wexa-4"])


def test_a_known_lab_then_a_v_version_is_that_labs_model(tmp_path):
    """name.org-release: 'Florbco V4' is Florbco's model, not the lab and a lone version ('V4' alone is no name)."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Florbco", "type": "Organization"}])
    found = {m.text: {v.type.value for v in m.votes} for m in _mentions(
        vocabulary, "Zorvath beats Florbco V4 and Florbco v3.1 on hard tasks; Florbco researchers agree.")}
    assert "Model" in found["Florbco V4"] and "Model" in found["Florbco v3.1"]
    assert "Organization" in found["Florbco"]  # the lab written alone stays the lab


def test_a_version_hyphen_joined_to_a_capital_code_continues_a_known_model(tmp_path):
    """name.version-code: '2.5-VL' after the known family 'Zorbo' is one release of it, as '3.1-Pro' is; before, the family
    stood alone and '2.5-VL' became a name of its own."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Zorbo", "type": "Model"}])
    found = {m.text for m in _mentions(vocabulary, "Zorvath beats Zorbo 2.5-VL and Zorbo 3-XL on hard tasks.")}
    assert {"Zorbo 2.5-VL", "Zorbo 3-XL"} <= found
    assert "2.5-VL" not in found


def test_a_lab_named_after_its_known_model_is_an_organisation(tmp_path):
    """name.lab-named-after-model: 'Zorbo AI' opens with the known model 'Zorbo' but ends in an organisation's head:
    the lab, not the model (and not linked to it)."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Zorbo", "type": "Model"}])
    found = {m.text: m for m in _mentions(vocabulary, "Zorbo AI releases Quxlo 3, a family of compact models that beat Zorbo.")}
    assert found["Zorbo AI"].vocab_id is None
    assert ("shape.organisation-name", "Organization") in {(v.rule, v.type.value) for v in found["Zorbo AI"].votes}
    assert found["Zorbo"].vocab_id == "Zorbo"  # the model written alone stays the model


def test_a_name_cast_in_a_title_case_role_is_one_method(tmp_path):
    """shape.role-compound: 'X-as-a-Judge'-style compounds were never found, their parts being plain words."""
    vocabulary = _vocabulary(tmp_path, [])
    found = {m.text: m.votes for m in _mentions(
        vocabulary, "Answers are graded with Zorbo-as-a-Critic, and QXN-as-an-Oracle labels the rest.")}
    assert {"Zorbo-as-a-Critic", "QXN-as-an-Oracle"} <= set(found)
    assert all(any(v.rule == "shape.role-compound" and v.type.value == "Method" for v in found[name])
               for name in ("Zorbo-as-a-Critic", "QXN-as-an-Oracle"))


def test_a_coined_word_ending_in_lm_is_a_model(tmp_path):
    """shape.model-coinage-ending: 'ZorbLM' had no type vote and fell to the linker's default, Method."""
    vocabulary = _vocabulary(tmp_path, [])
    found = {m.text: m.votes for m in _mentions(vocabulary, "QuxaPaLM is trained on ten tasks, and ZorbLM is not.")}
    for name in ("QuxaPaLM", "ZorbLM"):
        assert any(v.rule == "shape.model-coinage-ending" and v.type.value == "Model" for v in found[name])


def test_a_short_year_after_a_capitals_name_is_its_edition(tmp_path):
    """edition.short-year: 'ZQB 24/25' names ZQB 2024 and ZQB 2025, for a discovered name and for a known benchmark
    whose editions the vocabulary does not list; a count after the name ('ZQN 25 tasks') is no edition."""
    vocabulary = _vocabulary(tmp_path, [{"id": "ZQB", "type": "Benchmark"}])
    found = {m.text: m for m in _mentions(vocabulary, "Evaluated across ZQB 24/25, HMQT 25, and QuxBench with reasoning models.")}
    assert {"ZQB 2024", "ZQB 2025", "HMQT 2025"} <= set(found)
    assert found["ZQB 2024"].surface == "ZQB 24" and found["ZQB 2024"].vocab_id is None
    assert all(any(v.type.value == "Benchmark" for v in found[name].votes) for name in ("ZQB 2024", "ZQB 2025", "HMQT 2025"))
    counted = {m.text for m in _mentions(vocabulary, "The agent solves ZQN 25 tasks in total.")}
    assert "ZQN" in counted and not any("2025" in text for text in counted)


def test_a_short_year_after_a_hyphenated_capitals_name_is_its_edition_too(tmp_path):
    """edition.short-year: the finder takes 'QX-FAC 24/25' as an edition (capitals joined by hyphens are a capitals
    name), so the mention names QX-FAC 2024 and QX-FAC 2025, not 'QX-FAC 24' and 'QX-FAC 25'."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    found = {m.text: m for m in _mentions(vocabulary, "Evaluated across QX-FAC 24/25, ZQV-MATH 25, and QuxBench.")}
    assert {"QX-FAC 2024", "QX-FAC 2025", "ZQV-MATH 2025"} <= set(found)
    assert found["QX-FAC 2024"].surface == "QX-FAC 24"
    assert not {"QX-FAC 24", "QX-FAC 25", "ZQV-MATH 25"} & set(found)


def test_a_score_out_of_a_total_after_a_capitals_name_is_no_edition(tmp_path):
    """edition.short-year: a slash after the two digits makes an edition only before another short year ('ZQB 24/25');
    'ZQN 25/100' is a score out of a total, not ZQN 2025."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    found = {m.text for m in _mentions(vocabulary, "Dravik gets ZQN 25/100 points, and ZQB 24/25 is next.")}
    assert {"ZQB 2024", "ZQB 2025"} <= found
    assert not any("ZQN 20" in text for text in found)


def test_a_known_benchmark_then_an_unlisted_edition_word_is_that_edition(tmp_path):
    """name.known-benchmark-edition: 'Quxo-bench Lite' and 'BLORF-Bench Extra Hard' are editions the vocabulary does not
    list of benchmarks it knows; 'Quxo-bench Analysis' is the benchmark alone, and a Title-Case heading proves nothing."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Quxo-bench", "type": "Benchmark"}, {"id": "BLORF-Bench", "type": "Benchmark"}])
    found = {(m.text, m.vocab_id) for m in _mentions(
        vocabulary, "Tested on context-heavy Quxo-bench Lite cases and on BLORF-Bench Extra Hard, Zorb cuts tokens. "
                    "Quxo-bench Analysis shows more.", title="Winning On Quxo-bench Hard Problems")}
    assert ("Quxo-bench Lite", None) in found
    assert ("BLORF-Bench Extra Hard", None) in found
    assert ("Quxo-bench", "Quxo-bench") in found
    assert not any(text.startswith("Quxo-bench H") for text, _ in found)


def test_a_lower_case_tier_after_a_numbered_release_continues_its_name(tmp_path):
    """name.lower-case-tier: 'Quxa-5.1 mini' and 'Quxa-4o mini' are tiers of releases the vocabulary knows, written in
    lower case as vendors do; 'a mini model' and 'Quxa-4o base model' are prose."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Quxa-5.1", "type": "Model"}, {"id": "Quxa-4o", "type": "Model"}])
    found = {m.text for m in _mentions(
        vocabulary, "It beats Quxa-5.1 mini and Quxa-4o mini with a mini model. The Quxa-4o base model trails.")}
    assert {"Quxa-5.1 mini", "Quxa-4o mini"} <= found
    assert "Quxa-4o" in found and not any(text.endswith(("base", " a")) for text in found)


def test_a_known_benchmark_then_a_release_number_is_that_release(tmp_path):
    """name.known-benchmark-release: 'Quxo-bench 2' and 'QXB v3' are releases the vocabulary does not list of benchmarks
    it knows; 'QXB 3 times' counts runs."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Quxo-bench", "type": "Benchmark"}, {"id": "QXB", "type": "Benchmark"}])
    found = {(m.text, m.vocab_id) for m in _mentions(
        vocabulary, "Zorb scores 40% on Quxo-bench 2 and QXB v3. It runs QXB 3 times.")}
    assert {("Quxo-bench 2", None), ("QXB v3", None), ("QXB", "QXB")} <= found
    assert not any(text == "QXB 3" for text, _ in found)


def test_a_chain_of_slashes_names_every_edition_and_size(tmp_path):
    """slash.chain: 'ZQB 24/25/26' and 'Zorb-2B/4B/8B' name each edition and size (the second slash was never read), and
    edition.year-slash: 'QXMT 2025/26' names QXMT 2026 too (a four-digit year then a short one named no second edition)."""
    vocabulary = _vocabulary(tmp_path, [{"id": "Plinkco", "type": "Organization"}])  # one entry: an empty ruler warns (W036)
    found = {m.text for m in _mentions(vocabulary, "Zorb-2B/4B/8B is tested on ZQB 24/25/26 and QXMT 2025/26.")}
    assert {"ZQB 2024", "ZQB 2025", "ZQB 2026", "QXMT 2025", "QXMT 2026", "Zorb-2B", "Zorb-4B", "Zorb-8B"} <= found
    assert not any("/" in text for text in found)
