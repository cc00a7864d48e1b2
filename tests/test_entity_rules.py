"""Issue 9, entity side: what is never an entity, on invented names."""

import pytest

from kg.ingest import PaperItem
from kg.nlp import annotate, build_nlp
from kg.vocab import load_vocabulary


@pytest.fixture(scope="module")
def mentions():
    vocabulary = load_vocabulary()
    nlp = build_nlp(vocabulary)

    def run(body: str) -> set[str]:
        [ann] = annotate(nlp, [PaperItem("t.txt", 1, "Some paper title here", body)], vocabulary)
        return {m.text for m in ann.mentions}
    return run


@pytest.mark.parametrize("body, stat", [
    ("Zorblax-7B was tested in field studies (N=13) and surveys (n=99).", "N=13"),
    ("Zorblax-7B was tested in field studies (N=13) and surveys (n=99).", "n=99"),
    ("Zorblax-7B wins with p<0.001 and an effect of d=0.738 at k=8.", "p<0.001"),
    ("Zorblax-7B wins with p<0.001 and an effect of d=0.738 at k=8.", "d=0.738"),
    ("Zorblax-7B wins with p<0.001 and an effect of d=0.738 at k=8.", "k=8"),
    ("Zorblax-7B was trained on 10M+ samples.", "10M+"),
    ("Zorblax-7B uses Quux-of-N=3 selection and zorb-p=4 decoding.", "Quux-of-N=3"),
    ("Zorblax-7B uses Quux-of-N=3 selection and zorb-p=4 decoding.", "zorb-p=4"),
    ("Zorblax-7B needs large models (≥14B) and up to 5e21 FLOPs on 16×Z900 chips.", "≥14B"),
    ("Zorblax-7B needs large models (≥14B) and up to 5e21 FLOPs on 16×Z900 chips.", "5e21"),
    ("Zorblax-7B needs large models (≥14B) and up to 5e21 FLOPs on 16×Z900 chips.", "16×Z900"),
    ("Zorblax-7B tiles images (Blorf mode: n×100+256 tokens).", "n×100+256"),
    ("Zorblax-7B keeps generation faithful2604.01234v1 and short.", "faithful2604.01234v1"),
    ("Zorblax-7B cuts p95 latency by 91% (p99 = 1.4s, P99.9 too).", "p95"),  # statistic.percentile
    ("Zorblax-7B cuts p95 latency by 91% (p99 = 1.4s, P99.9 too).", "p99"),
    ("Zorblax-7B cuts p95 latency by 91% (p99 = 1.4s, P99.9 too).", "P99.9"),
    ("Zorblax-7B fits the curve with R^2 of 0.89 and an R² near 0.9.", "R^2"),  # statistic.r-squared
    ("Zorblax-7B fits the curve with R^2 of 0.89 and an R² near 0.9.", "R²"),
])
def test_statistics_and_settings_are_never_entities(mentions, body, stat):
    found = mentions(body)
    assert "Zorblax-7B" in found
    assert stat not in found


@pytest.mark.parametrize("word", ["KG", "PDE", "GNN", "DRAM", "gRPC", "cuDNN", "gCO2e", "NP-hard"])
def test_generic_acronyms_units_and_libraries_are_not_entities(mentions, word):
    found = mentions(f"Zorblax-7B walks the {word} data before the next stage.")
    assert "Zorblax-7B" in found
    assert word not in found


def test_an_acronym_spelled_out_in_lower_case_is_generic(mentions):
    found = mentions("Zorblax-7B plans over a quirky acyclic graph (QAG) of steps, unlike the Blorf Acyclic Planner (BAP).")
    assert "QAG" not in found
    assert "BAP" in found or "Blorf Acyclic Planner" in found


def test_an_acronym_spelled_by_lower_case_word_prefixes_is_generic(mentions):
    found = mentions("Zorblax-7B joins the query with zorble quxifier (ZQU) tokens and reads the ZQU positions.")
    assert "Zorblax-7B" in found
    assert "ZQU" not in found


@pytest.mark.parametrize("body, word", [
    ("Zorblax-7B automates QZX operations and helps QZX assistants.", "QZX"),
    ("Zorblax-7B ran 200 BLORFT calculations overnight.", "BLORFT"),
    ("Zorblax-7B reaches 1.77% ZQR vs 47.98% for others.", "ZQR"),
    # a field's term before a domain noun: patients, proteins, mutations, regimens, countries, usage, criteria, solutions
    ("Zorblax-7B flags QZK9 mutations and QZX proteins in 900 QZT patients.", "QZK9"),
    ("Zorblax-7B flags QZK9 mutations and QZX proteins in 900 QZT patients.", "QZX"),
    ("Zorblax-7B flags QZK9 mutations and QZX proteins in 900 QZT patients.", "QZT"),
    ("Zorblax-7B cuts QZRAM usage, meets QZM criteria and finds QZC solutions across QZI regimens in QZG countries.", "QZRAM"),
    ("Zorblax-7B cuts QZRAM usage, meets QZM criteria and finds QZC solutions across QZI regimens in QZG countries.", "QZM"),
    ("Zorblax-7B cuts QZRAM usage, meets QZM criteria and finds QZC solutions across QZI regimens in QZG countries.", "QZC"),
    ("Zorblax-7B cuts QZRAM usage, meets QZM criteria and finds QZC solutions across QZI regimens in QZG countries.", "QZI"),
    ("Zorblax-7B cuts QZRAM usage, meets QZM criteria and finds QZC solutions across QZI regimens in QZG countries.", "QZG"),
])
def test_a_word_used_only_as_a_modifier_or_metric_is_not_an_entity(mentions, body, word):
    found = mentions(body)
    assert "Zorblax-7B" in found
    assert word not in found


def test_a_greek_letter_hyphen_joined_to_a_word_is_a_name(mentions):
    # name.greek-prefix: 'ζ-quxbench', 'ζ²-QuxBench' are coined names; a Greek letter alone or with a participle is not
    found = mentions("Zorblax-7B is evaluated on ζ-quxbench and ζ²-QuxBench; an η-scheduled decay and a κ of 0.3 help.")
    assert {"ζ-quxbench", "ζ²-QuxBench"} <= found
    assert not {"η-scheduled", "κ"} & found
    # ... nor a field's ordinary term written so (greek-prefixed-terms.txt)
    found = mentions("Zorblax-7B is tuned with ε-greedy exploration on γ-ray data and an α-divergence loss.")
    assert not {"ε-greedy", "γ-ray", "α-divergence"} & found


def test_a_plain_word_likened_to_a_type_noun_is_no_name(mentions):
    # name.likeness-not-defining: 'a Zorblo-like architecture' is built like Zorblo, which it does not define
    assert "Zorblo" not in mentions("Zorblax-7B uses a Zorblo-like architecture for planning.")
    assert "Zorblo" in mentions("Zorblax-7B uses the Zorblo architecture for planning.")


def test_a_name_only_given_a_value_is_a_metric(mentions):
    found = mentions("Zorblax-7B moves images closer by ∆ZorbSim = 0.0164; the effect splits into ∆ZorbSim ≈ 0.008 and more.")
    assert "Zorblax-7B" in found
    assert "∆ZorbSim" not in found


@pytest.mark.parametrize("body, whole, piece", [
    ("Zorblax-7B adds a Two-Phase Quuxing mechanism that filters candidates.", "Two-Phase Quuxing", "Quuxing"),
    ("Zorblax-7B wins. ● Hard ZQ narrows the gap between the models; ZQ is cheap and ZQ is fast.", "ZQ", "Hard"),
])
def test_a_capitalised_word_next_to_another_is_a_piece_of_a_longer_name(mentions, body, whole, piece):
    found = mentions(body)
    assert whole in found
    assert piece not in found


def test_a_name_whose_last_word_is_no_name_alone_ends_with_that_word(mentions):
    # 'Pro' is no name on its own, so 'Quibble-Bench' before it is not a piece to drop: the name is the whole run,
    # and a benchmark ending before an edition word still makes it a benchmark.
    found = mentions("Zorblax-7B reaches 33.1% on Quibble-Bench Pro.")
    assert "Quibble-Bench Pro" in found


def test_plain_capitalised_words_before_a_name_start_that_name(mentions):
    found = mentions("Zorblax-7B swaps attention for Gated QuxNet layers. Using BlorfNet helps. It beats SOTA FlimNet.")
    assert "Gated QuxNet" in found and "QuxNet" not in found
    assert "BlorfNet" in found  # a sentence's first word is capitalised anyway
    assert "FlimNet" in found  # an acronym before a name is a name of its own


def test_an_intro_verb_opening_the_body_is_not_part_of_the_name(mentions):
    found = mentions("Introduces Zorbling+, a modular framework that improves retrieval.")
    assert "Zorbling+" in found or "Zorbling" in found
    assert not any(name.startswith("Introduces") for name in found)


def test_a_version_and_tier_written_as_one_word_continue_a_known_model(mentions):
    # 'Gemini' is a known family; '9.7-Pro' is an unknown version of it with its tier
    assert "Gemini 9.7-Pro" in mentions("Zorblax-7B lands just behind Gemini 9.7-Pro on reasoning.")


@pytest.mark.parametrize("body, person", [
    ("As shown by QuBeck et al. (2024), Zorblax-7B helps; QuBeck also notes it.", "QuBeck"),
    ("Yann ZeCunn and collaborators at a lab test Zorblax-7B.", "ZeCunn"),
])
def test_people_are_not_entities(mentions, body, person):
    found = mentions(body)
    assert "Zorblax-7B" in found
    assert person not in found


def test_an_organisation_and_collaborators_is_not_a_person(mentions):
    assert "Zorb University" in mentions("Researchers from Zorb University and collaborators propose Zorblax-7B.")


def test_short_codes_in_a_slash_list_are_categories(mentions):
    found = mentions("Zorblax-7B is far from humans on QR/ZT/XA/WR, and ZorbQ/QuxQ are two methods.")
    assert not {"QR", "ZT", "XA", "WR"} & found
    assert {"Zorblax-7B", "ZorbQ", "QuxQ"} <= found


@pytest.mark.parametrize("body, second", [
    ("Zorblax-7B is tested on ZMO24/25 and QUXB-2024/2025 problems.", "ZMO25"),
    ("Zorblax-7B is tested on ZMO24/25 and QUXB-2024/2025 problems.", "QUXB-2025"),
    ("An ensemble of Zorblax-2.5-pro/flash and Quxa‑3‑chat/mini models.", "Zorblax-2.5-flash"),
    ("An ensemble of Zorblax-2.5-pro/flash and Quxa‑3‑chat/mini models.", "Quxa‑3‑mini"),
    ("It beats Zorblax-3.5/4 on QuxoBench.", "Zorblax-4"),
    ("The result, Quxa-Nemo-2B/4B, matches Zorblax-8B/70B models.", "Quxa-Nemo-4B"),  # slash.size
    ("The result, Quxa-Nemo-2B/4B, matches Zorblax-8B/70B models.", "Zorblax-70B"),
])
def test_a_slash_names_a_second_edition_or_tier(mentions, body, second):
    assert second in mentions(body)


@pytest.mark.parametrize("body, second", [
    ("It beats Zorblax-3.5 Sonnet and Haiku on QuxoBench.", "Zorblax-3.5 Haiku"),
    ("It beats Quxa 2.5 Pro, Flash and Lite on QuxoBench.", "Quxa 2.5 Flash"),
    ("It beats Quxa 2.5 Pro, Flash and Lite on QuxoBench.", "Quxa 2.5 Lite"),
])
def test_a_tier_joined_to_a_tiered_model_names_that_tier_of_it(mentions, body, second):
    """name.elided-tier: 'Zorblax-3.5 Sonnet and Haiku' names Zorblax-3.5 Haiku too."""
    assert second in mentions(body)


def test_a_tier_with_a_version_of_its_own_is_not_an_elided_tier(mentions):
    assert "Quxa 2.5 Max" not in mentions("It beats Quxa 2.5 Pro and Max 3 on QuxoBench.")


def test_a_number_after_a_slash_replaces_a_whole_point_release(mentions):
    # slash.whole-version: 'Zorblax-3.5/4' is Zorblax-3.5 and Zorblax-4, never 'Zorblax-3.4'
    assert "Zorblax-3.4" not in mentions("It beats Zorblax-3.5/4 on QuxoBench.")


def test_a_report_title_names_the_system_it_reports_on():
    vocabulary = load_vocabulary()
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, "Zorblax-4 Technical Report",
                                                       "Zorblax-4 - a large multimodal model with broad knowledge.")], vocabulary)
    assert ann.system_names == ("Zorblax-4",)


def test_a_title_name_joined_by_of_names_the_system_the_body_repeats():
    vocabulary = load_vocabulary()
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, "Quorum of Blorfs",
                                                       "Quorum of Blorfs presents a multi-agent framework for tool calling.")], vocabulary)
    assert ann.system_names == ("Quorum of Blorfs",)


@pytest.mark.parametrize("title, body, systems", [
    ("Quux Simulator", "applies generative modeling to learn a quux simulator of interactions.", ("Quux Simulator",)),
    ("Meta Blorf Prompting", "a generalizable chain of blorfs", ("Meta Blorf Prompting",)),
    ("Zorb Research Directions", "discusses a list of research directions for students.", ()),
])
def test_a_body_that_continues_its_title_in_lower_case_makes_the_title_a_name(title, body, systems):
    vocabulary = load_vocabulary()
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, title, body)], vocabulary)
    assert ann.system_names == systems


def test_a_beta_tier_continues_a_model_name(mentions):
    assert "Grok 9 Beta" in mentions("It beats Zorblax-7B and Grok 9 Beta on most tasks.")  # Grok: a known family


def test_a_name_also_used_on_its_own_stays(mentions):
    assert "QZX" in mentions("Zorblax-7B beats QZX on QZX tasks, and QZX is open.")


@pytest.mark.parametrize("body, named", [
    ("Zorblax Pro 4 and 4.1 beat Quxa on QuxoBench.", "Zorblax Pro 4.1"),
    ("We compare Quxanet 2, 3 and 4 on QuxoBench.", "Quxanet 3"),
    ("We compare Quxanet 2, 3 and 4 on QuxoBench.", "Quxanet 4"),
    ("We compare Quxanet 3 and 4 models on QuxoBench.", "Quxanet 4"),
    # name.elided-version-of-named: no vote types 'QuxNet 3', but the text names QuxNet without a number
    ("Proposes QuxNet, a byte-level model. QuxNet processes raw bytes. QuxNet 3 and 4 beat BPE on QuxoBench.", "QuxNet 4"),
])
def test_a_bare_version_joined_to_a_versioned_name_names_that_release(mentions, body, named):
    # name.elided-version
    assert named in mentions(body)


@pytest.mark.parametrize("body, not_named", [
    ("Zorblax 3 and 4 other models fail on QuxoBench.", "Zorblax 4"),
    ("Zorblax-3 scores 2 and 40 points on QuxoBench.", "Zorblax-40"),
    ("Zorblax Pro 4 and 5% of Quxa runs fail.", "Zorblax Pro 5"),
    ("QuxoBench-2025, 2088 Zorb rating.", "QuxoBench-2088"),
    ("Zorblax-7B trains in Stage 1 and 2 on QuxoBench.", "Stage 2"),
    ("Zorblax-7B translates code (Stages 1 & 2), then tunes it (Stage 3).", "Stages 2"),
    ("QuxoBench shows 0.76 for Zorblax-1.5 and 0.72 for Quxa.", "Zorblax-0.72"),
    ("Fine-tuning breaks Zorblax-4, 2) Zorblax-4 agents leak.", "Zorblax-2"),
    ("Zorblax-7B was compared with Quxanet-4 and 5 others on QuxoBench.", "Quxanet-5"),
    ("Zorblax-7B beats Quxanet-3, 4 annotators rated the outputs.", "Quxanet-4"),
    ("Zorblax-7B and Quxanet-4 and 3 human raters judged the answers.", "Quxanet-3"),
    ("Zorblax-7B improves on Quxanet 3 and 4 tasks out of 5.", "Quxanet 4"),
    ("Proposes QuxNet, a byte-level model. QuxNet trains in Stage 1 and 2 on QuxoBench.", "Stage 2"),
])
def test_a_number_that_counts_after_a_versioned_name_names_no_release(mentions, body, not_named):
    assert not_named not in mentions(body)


def test_a_tier_before_or_after_the_version_names_one_model(tmp_path):
    from kg.link import Linker
    from kg.vocab import fold
    (tmp_path / "vocabulary.jsonl").write_text('{"id": "Zorblax Opus 4.5", "type": "Model", "aliases": [], "variant_of": null}\n'
                                               '{"id": "Quxa 3 Pro", "type": "Model", "aliases": [], "variant_of": null}\n')
    (tmp_path / "not-entities.txt").write_text("")
    linker = Linker(load_vocabulary(tmp_path))
    assert linker._resolve("Zorblax 4.5 Opus", {}) == fold("Zorblax Opus 4.5")
    assert linker._resolve("Quxa Pro 3", {}) == fold("Quxa 3 Pro")
    assert linker._resolve("Quxa 3 Ultra", {}) != fold("Quxa 3 Pro")


def test_a_point_release_sits_under_its_major_version(tmp_path):
    from collections import defaultdict

    from kg.link import Entity, Linker
    from kg.namespaces import EntityType
    (tmp_path / "vocabulary.jsonl").write_text('{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}\n'
                                               '{"id": "Zorblax-5", "type": "Model", "aliases": [], "variant_of": "Zorblax"}\n')
    (tmp_path / "not-entities.txt").write_text("")
    linker = Linker(load_vocabulary(tmp_path))
    typed = {"zorblax5.2": Entity("zorblax5.2", "Zorblax-5.2", EntityType.MODEL)}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities["zorblax5.2"].variant_of == "zorblax5"
    assert entities["zorblax5"].variant_of == "zorblax"


def test_a_size_before_a_name_makes_it_a_model():
    vocabulary = load_vocabulary()
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, "Some paper title here",
                     "They train a 7B Quxaline on math problems.")], vocabulary)
    [m] = [m for m in ann.mentions if m.text == "Quxaline"]
    assert {(v.rule, v.type.value) for v in m.votes} >= {("context.size-before", "Model")}


def test_a_body_opening_with_a_capitalised_intro_verb_types_the_title_system():
    vocabulary = load_vocabulary()
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, "Quxaline: testing agents at scale",
                     "Introduces a benchmark to evaluate agents on chores.")], vocabulary)
    votes = {(v.rule, v.type.value) for m in ann.mentions if m.text == "Quxaline" for v in m.votes}
    assert ("title.definition", "Benchmark") in votes


@pytest.fixture(scope="module")
def invented_vocabulary(tmp_path_factory):
    base = tmp_path_factory.mktemp("vocab")
    rows = [
        {"id": "Zorbnet", "type": "Method", "aliases": [], "variant_of": None},
        {"id": "Zorbnet-2", "type": "Model", "aliases": [], "variant_of": "Zorbnet"},
        {"id": "QUXB", "type": "Benchmark", "aliases": [], "variant_of": None},
        {"id": "QUXB 2025", "type": "Benchmark", "aliases": [], "variant_of": "QUXB"},
        {"id": "BLAG-ABC", "type": "Benchmark", "aliases": [], "variant_of": None},
        {"id": "BLAG-ABC-1", "type": "Benchmark", "aliases": [], "variant_of": "BLAG-ABC"},
        {"id": "Florbco", "type": "Organization", "aliases": [], "variant_of": None},
        {"id": "Florbco-V7.1", "type": "Model", "aliases": [], "variant_of": None},
    ]
    import json
    (base / "vocabulary.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (base / "not-entities.txt").write_text("")
    return load_vocabulary(base)


@pytest.mark.parametrize("written, known", [
    ("Zorbnet 2", "Zorbnet-2"),  # a space where the vocabulary writes a hyphen
    ("BLAG-ABC 1", "BLAG-ABC-1"),
    ("QUXB 25", "QUXB 2025"),  # a two-digit year
    ("Florbco v7.1", "Florbco-V7.1"),  # an organisation's name, then its model's version
])
def test_a_known_name_is_found_in_another_spelling_of_its_version(invented_vocabulary, written, known):
    nlp = build_nlp(invented_vocabulary)
    [ann] = annotate(nlp, [PaperItem("t.txt", 1, "Some paper title here", f"We compare with {written} on hard tasks.")],
                     invented_vocabulary)
    assert [(m.text, m.vocab_id) for m in ann.mentions] == [(written, known)]


def test_a_score_after_a_name_is_not_its_version(mentions):
    found = mentions("Zorblax-7B leads ZorbWalk 63.0 and QuxaLM 71.25 but trails BlorfLM 3.1.")
    assert {"ZorbWalk", "QuxaLM", "BlorfLM 3.1"} <= found
    assert not {"ZorbWalk 63.0", "QuxaLM 71.25"} & found


def test_a_tier_only_one_family_uses_names_that_familys_model(tmp_path):
    import json
    rows = [{"id": "Quxlo Opus 5", "type": "Model", "aliases": [], "variant_of": None},
            {"id": "Zorbo 2 Pro", "type": "Model", "aliases": [], "variant_of": None},
            {"id": "Blarg 3 Pro", "type": "Model", "aliases": [], "variant_of": None}]
    (tmp_path / "vocabulary.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (tmp_path / "not-entities.txt").write_text("")
    vocabulary = load_vocabulary(tmp_path)
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, "Some paper title here",
                                                       "The agent using Opus 6.1 beats Opus-5 and Pro 3 on most tasks.")], vocabulary)
    found = {m.text: m.surface for m in ann.mentions}
    assert found.get("Quxlo Opus 6.1") == "Opus 6.1"
    assert found.get("Quxlo Opus 5") == "Opus-5"
    assert not any("Pro" in name for name in found)  # two families use 'Pro': no vendor can be read


def test_every_member_of_a_long_list_takes_the_lists_head_noun():
    vocabulary = load_vocabulary()
    body = ("Eight recent benchmarks (e.g., ZorbBench, QuxBench, Blarg-Eval, FlimSet, MindZorb, QUXA, ZorbCog, "
            "SpatialZorb) are used with unified protocols.")
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, "Some paper title here", body)], vocabulary)
    last = next(m for m in ann.mentions if m.text == "SpatialZorb")
    assert any(v.rule == "context.benchmark-list" and v.type.value == "Benchmark" for v in last.votes)


@pytest.mark.parametrize("body, word", [
    ("Zorblax-7B was tested on 16 ZQX-treated cohorts; ZQX alone helps.", "ZQX-treated"),
    ("Zorblax-7B finds that QuxNet-predicted responders live longer.", "QuxNet-predicted"),
    ("Zorblax-7B turns Blorf runs into QZ-formatted traces.", "QZ-formatted"),
    ("Zorblax-7B shows that zfloat16 is slow while bfloat16 and float16 are fast, and MXFP4 is smaller.", "bfloat16"),
    ("Zorblax-7B shows that zfloat16 is slow while bfloat16 and float16 are fast, and MXFP4 is smaller.", "MXFP4"),
    ("Zorblax-7B was tried in a phase II trial.", "II"),
    ("Zorblax-7B predicts anti-QXL4 outcomes on Non-ZQ tasks.", "anti-QXL4"),
    ("Zorblax-7B predicts anti-QXL4 outcomes on Non-ZQ tasks.", "Non-ZQ"),
    ("Zorblax-7B starts from the SFT+RL checkpoint.", "SFT+RL"),
    ("Zorblax-7B tracks QXF-β signaling and ZNQ-γ levels.", "QXF-β"),
])
def test_a_name_whose_shape_makes_it_no_name_is_not_an_entity(mentions, body, word):
    """kg/nlp/shapes.py NOT_A_NAME_RULES: a participle compound, a number format, a Roman numeral, a negating prefix, generic
    activities joined by a sign, a code with a Greek letter."""
    found = mentions(body)
    assert "Zorblax-7B" in found
    assert word not in found


def test_each_no_name_shape_rule_has_its_name():
    from kg.lexicon import load_lexicon
    from kg.nlp import not_a_name
    lex, generic = load_lexicon(), frozenset({"sft", "rl"})
    assert [not_a_name(w, generic, lex) for w in ("ZQ-treated", "bfloat16", "IV", "anti-ZQ", "SFT+RL", "QXF-β")] == [
        "keep.participle-compound", "keep.number-format", "keep.roman-numeral", "keep.negating-prefix",
        "keep.generic-combination", "keep.greek-letter-suffix"]
    # names that look alike stay: a capitalised part, a noun ending in -eed, a model's sign, a benchmark's Greek letter
    assert [not_a_name(w, generic, lex) for w in ("Zorb-Distilled", "Zorb-speed", "Zorb+", "τ²-Quxbench", "Post-ZQ")] == [None] * 5


@pytest.mark.parametrize("body, word", [
    ("Zorblax-7B improved precision by 8.5%, ZQRC by 15.7%, and QXM by 12.3%.", "ZQRC"),
    ("Zorblax-7B improved precision by 8.5%, ZQRC by 15.7%, and QXM by 12.3%.", "QXM"),
    ("Zorblax-7B moves images closer, about z = 0.19 ZSD, with the gap widening.", "ZSD"),
])
def test_an_acronym_that_changes_by_an_amount_or_follows_a_decimal_is_a_metric_or_unit(mentions, body, word):
    found = mentions(body)
    assert "Zorblax-7B" in found
    assert word not in found


def test_a_baseline_beaten_by_a_margin_stays(mentions):
    assert "QZRN" in mentions("Zorblax-7B outperforms QZRN by 3% on hard tasks.")


def test_an_acronym_defined_as_a_measure_or_a_layer_is_not_an_entity(mentions):
    found = mentions("Zorblax-7B splits a Quux Substrate Protocol Layer (QSPL) from the rest and introduces the Zorb Agency "
                     "Scale (ZAS) to rate tasks. QSPL runs first; 40% favor ZAS Level 3.")
    assert "Zorblax-7B" in found
    assert not found & {"QSPL", "ZAS", "Quux Substrate Protocol Layer", "Zorb Agency Scale"}


def test_an_acronym_defined_as_contests_is_a_benchmark():
    vocabulary = load_vocabulary()
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, "Some paper title here",
                                                       "Zorblax-7B is scored on the Blorf Heuristic Contests (BHC).")], vocabulary)
    from kg.lexicon import load_lexicon
    from kg.namespaces import EntityType
    from kg.nlp import type_from_expansion
    assert [d.short for d in ann.acronyms] == ["BHC"]
    assert type_from_expansion("Blorf Heuristic Contests", load_lexicon()) == EntityType.BENCHMARK


def test_a_title_system_written_often_is_typed_by_the_one_apposition_that_says_model():
    """title.own-system is a default ('a method unless told otherwise'), cast once per item: an item that writes its
    own system's name five times must not outvote the apposition that calls it a model."""
    from kg.namespaces import EntityType
    corpus = _linked_item("Quxaline-Voice: hearing and speaking at once",
                          "Quxaline-Voice is a new open-source audio foundation model for speech. Quxaline-Voice uses a tokenizer. "
                          "Quxaline-Voice outperforms others. On speech tasks, Quxaline-Voice leads. Quxaline-Voice is open.")
    [entity] = [e for e in corpus.entities.values() if e.label == "Quxaline-Voice"]
    assert entity.type == EntityType.MODEL
    defaults = [t for t in corpus.votes[entity.key] if t.vote.rule == "title.own-system"]
    assert len(defaults) == 1


def test_a_weakly_typed_release_of_a_method_family_is_a_method():
    """type.method-family: 'Quxaflow-v2' is a release of the Quxaflow framework; its version suffix alone (a weak
    vote for Model) must not make it a model whose family link is then dropped."""
    from kg.namespaces import EntityType
    corpus = _linked_item("Quxaflow: agents that plan",
                          "Quxaflow is a new agent framework for long tasks. Quxaflow plans ahead. "
                          "The authors also release Quxaflow-v2, which plans faster than Quxaflow.")
    family, release = corpus.entities["quxaflow"], corpus.entities["quxaflow-v2"]
    assert family.type == release.type == EntityType.METHOD
    assert release.variant_of == family.key


def test_a_name_ending_in_plural_models_is_a_kind_of_model_not_a_model():
    """type.plural-models-kind: 'Quxal Reasoning Models (QRMs)' names an approach many trained models follow; the
    singular 'Quxal Reasoning Model' names one model."""
    from kg.lexicon import load_lexicon
    from kg.namespaces import EntityType
    from kg.nlp import type_from_expansion
    from kg.nlp.shapes import model_word_ending
    lex = load_lexicon()
    assert type_from_expansion("Quxal Reasoning Models", lex) == EntityType.METHOD
    assert model_word_ending("Quxal Reasoning Models", lex) is None
    assert type_from_expansion("Quxal Reasoning Model", lex) == EntityType.MODEL
    assert model_word_ending("Quxal Reasoning Model", lex) == EntityType.MODEL


def test_a_shape_vote_counts_once_per_digest():
    """type.shape-once-per-digest: every mention of 'QuxoNet' casts the same weak method-ending vote; written six times,
    the name must not outvote the one apposition that calls it a language model."""
    from kg.namespaces import EntityType
    corpus = _linked_item("Bytes all the way down",
                          "Proposes QuxoNet, a byte-level language model that learns its own tokens. QuxoNet is fast. "
                          "QuxoNet scales well. On long inputs, QuxoNet leads. QuxoNet is robust. QuxoNet is open.")
    entity = corpus.entities["quxonet"]
    assert entity.type == EntityType.MODEL
    assert [t.vote.rule for t in corpus.votes[entity.key]].count("shape.method-ending") == 1


def _linked_item(title: str, body: str):
    """The linked corpus of one invented item, as a build of a one-item digest links it."""
    from kg.ingest import Digest
    from kg.link import Linker
    vocabulary = load_vocabulary()
    item = PaperItem("t.txt", 1, title, body)
    anns = list(annotate(build_nlp(vocabulary), [item], vocabulary))
    digest = Digest(source_file="t.txt", title="t", date_range=None, date=None, layout="numbered", items=(item,))
    return Linker(vocabulary).link([digest], anns)


def _linker_knowing(tmp_path, rows):
    """A linker whose vocabulary holds just these (name, type) rows."""
    from kg.link import Linker

    (tmp_path / "vocabulary.jsonl").write_text("".join(
        f'{{"id": "{name}", "type": "{kind}", "aliases": [], "variant_of": null}}\n' for name, kind in rows))
    (tmp_path / "not-entities.txt").write_text("")
    return Linker(load_vocabulary(tmp_path))


def test_a_name_opening_with_a_known_family_word_takes_that_familys_type(tmp_path):
    from kg.namespaces import EntityType
    rows = [("Zorblax-2", "Model"), ("Zorblax 3.5 Pro", "Model"), ("Quxa-Bench", "Benchmark"), ("Quxa-Agent", "Method"),
            ("Blorf-7B", "Model")]
    linker = _linker_knowing(tmp_path, rows)
    assert linker._family_head_type("Zorblax-9") == EntityType.MODEL
    assert linker._family_head_type("Zorblax4o") == EntityType.MODEL
    assert linker._family_head_type("Zorblax") is None  # the family word alone: not a member of the family
    assert linker._family_head_type("Quxa-Math") is None  # the word opens names of two types
    assert linker._family_head_type("Blorf-Coder") is None  # one name is too few to say what the family is


def test_an_english_word_or_a_vendor_opening_names_is_no_family_word(tmp_path):
    """name.known-family-head reads only family words: 'Zorblax' (written before a release number) and 'ZORB' (written
    as no English word is) are; 'Global' and 'Math', which open many benchmark names, and the vendor 'Quillco' are not."""
    from kg.namespaces import EntityType
    rows = [("Zorblax-2", "Model"), ("Zorblax Pro", "Model"), ("ZORB-Bench", "Benchmark"), ("ZORB-Suite", "Benchmark"),
            ("Global-Quxa", "Benchmark"), ("Global Blorf", "Benchmark"), ("Math-Quxa", "Benchmark"),
            ("Math Blorf", "Benchmark"), ("Quillco", "Organization"), ("Quillco Research", "Organization")]
    linker = _linker_knowing(tmp_path, rows)
    assert linker._family_head_type("Zorblax-Coder") == EntityType.MODEL
    assert linker._family_head_type("ZORB-Hard") == EntityType.BENCHMARK
    assert linker._family_head_type("Global Zorvath") is None
    assert linker._family_head_type("Math-Zorvath") is None
    assert linker._family_head_type("Quillco Zorvath-2") is None  # a vendor's model, whatever the vendor's type


def test_a_numbered_code_with_no_cue_in_its_item_is_a_field_term(mentions):
    # name.unvoted-code: 'QX7', 'ZRB-H' are found by shape alone; nothing in the item says they are systems
    found = mentions("Zorblax-7B is tested on many samples. Cells marked QX7 and tumours with ZRB-H status respond well.")
    assert not {"QX7", "ZRB-H"} & found
    assert "Zorblax-7B" in found


@pytest.mark.parametrize("body, code", [
    ("Zorblax-7B is tested on many samples. It beats QX7 by far on them.", "QX7"),  # compared
    ("Zorblax-7B is tested on many samples. Shown are ZorbNet, QX7 and QuxLM.", "QX7"),  # listed with names
    ("Zorblax-7B is tested on many samples. A QX7-based variant is shown.", "QX7"),  # heads a compound
    ("QX7 is tested on many samples. Cells are marked.", "QX7"),  # the item's opening sentence
])
def test_a_numbered_code_with_a_cue_stays(mentions, body, code):
    assert code in mentions(body)


@pytest.mark.parametrize("body", [
    "Zorblax-7B is tested on many samples. Gains are largest in the QXB group of patients.",
    "Zorblax-7B is tested on many samples. Gains are largest in the QXB group; QXB patients respond well.",
])
def test_a_plain_capital_code_written_once_or_twice_with_no_cue_is_a_field_term(mentions, body):
    # name.once-written-code: 'QXB' is found by shape alone, written once or twice, and nothing says it is a system
    found = mentions(body)
    assert "QXB" not in found
    assert "Zorblax-7B" in found


@pytest.mark.parametrize("body", [
    "Zorblax-7B is tested on many samples. Gains are largest for QXB cases, the QXB group and QXB patients.",  # thrice
    "Zorblax-7B is tested on many samples. It beats QXB by far on them.",  # compared
    "Zorblax-7B is tested on many samples. Gains are largest in the QXBW group of patients.",  # four capitals
    "Zorblax-7B is tested on many samples. It is fixed with Quux Xeno Blending (QXB): a new step.",  # glossed
])
def test_a_plain_capital_code_written_again_or_cued_stays(mentions, body):
    assert ("QXBW" if "QXBW" in body else "QXB") in mentions(body)


def test_a_version_written_alone_is_no_name_and_widens_the_name_before_it(mentions):
    """keep.version-alone and name.v-version: 'v7' is the release of the name before it, never a name of its own."""
    found = mentions("Zorblax-7B scores 47.9 on QuxoBench v7 and beats BlorfNet v12 on hard tasks; the v3.1 release of it is faster.")
    assert "Zorblax-7B" in found
    assert {"QuxoBench v7", "BlorfNet v12"} <= found
    assert not {"v7", "v12", "v3.1"} & found


def test_the_version_alone_rule_has_its_name():
    from kg.lexicon import load_lexicon
    from kg.nlp import not_a_name
    lex = load_lexicon()
    assert [not_a_name(w, frozenset(), lex) for w in ("v5", "V3.1", "v1.2.3")] == ["keep.version-alone"] * 3
    assert [not_a_name(w, frozenset(), lex) for w in ("v5-Zorb", "Zorb-v5", "vZorb5")] == [None] * 3


@pytest.mark.parametrize("body, name", [
    ("Headline numbers for Zorblax-7B are QuxoLens 55.3 and VelmaDoc: 80.99 overall.", "QuxoLens"),
    ("Headline numbers for Zorblax-7B are QuxoLens 55.3 and VelmaDoc: 80.99 overall.", "VelmaDoc"),
    ("Headline numbers are QuxoLens 55.3%, VelmaDoc 61.20 and more for the Zorblax-7B system.", "QuxoLens"),
])
def test_a_score_right_after_a_name_makes_it_a_benchmark(annotated, body, name):
    # context.score-after: 'QuxoLens 55.3' is the figure the name was measured by
    assert "context.score-after" in annotated(body)[name]


@pytest.mark.parametrize("body, name", [
    ("Rates fall after training: ZorbiKon 8.7% → 0.3% and QuxaLot 13.0% to 0.4% overall.", "ZorbiKon"),
    ("Rates fall after training: ZorbiKon 8.7% → 0.3% and QuxaLot 13.0% to 0.4% overall.", "QuxaLot"),
    ("We compare ZorbiKon-mini 32.5% with QuxaLot-Instruct 40.25 and others.", "QuxaLot-Instruct"),
    ("Gains hold for ZorbiKon 12.5B and VelmaDoc 10.5x too.", "ZorbiKon 12.5B"),
])
def test_a_changing_score_or_a_shaped_name_is_no_benchmark_score(annotated, body, name):
    # a system's rate before and after ('ZorbiKon 8.7% → 0.3%'), a checkpoint's shape, a size: not score-after
    assert "context.score-after" not in annotated(body)[name]


def test_a_size_after_a_slash_is_a_model_of_the_family_but_no_alias_of_it(tmp_path):
    """slash.size: 'Quxa-Nemo-2B/4B' names Quxa-Nemo-4B, a size of the family; the bare '4B' it is written as is no name
    of it (alias.no-bare-number)."""
    from kg.pipeline import build

    from conftest import write_digest
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n1. Quxa-Nemo\nThe result, Quxa-Nemo-2B/4B, "
                 "matches full-attention baselines on ZorbBench.\n2. Plinkett\nPlinkett is a benchmark of 500 tasks.\n")
    entities = {e.label: e for e in build([tmp_path]).corpus.entities.values()}
    four = entities["Quxa-Nemo-4B"]
    assert four.type == "Model" and four.variant_of == "quxa-nemo" and "4B" not in four.aliases


def test_a_label_and_its_score_are_no_versioned_name(mentions):
    """keep.score-label: 'QUXTYPE 0.94' is a label and its accuracy, read by the finder as a name and its version."""
    found = mentions("Zorblax-7B labels fields well. Examples include QUXTYPE 0.94, BLORFSTATUS 0.91, and ZORBNAME 0.87.")
    assert "Zorblax-7B" in found
    assert not {"QUXTYPE 0.94", "BLORFSTATUS 0.91", "ZORBNAME 0.87"} & found


def test_the_score_label_rule_has_its_name():
    from kg.lexicon import load_lexicon
    from kg.nlp import not_a_name
    lex = load_lexicon()
    assert [not_a_name(w, frozenset(), lex) for w in ("QUXTYPE 0.94", "Zorb Quux 0.871")] == ["keep.score-label"] * 2
    # a release below one, a v-version and a score of two whole digits are read elsewhere
    assert [not_a_name(w, frozenset(), lex) for w in ("Zorbo 0.5", "Zorbo v0.94", "Zorbo 2.5")] == [None] * 3


@pytest.mark.parametrize("body, gone", [
    ("Zorblax-7B maps tissue slides. Combining marker channels like ZQ31 and ZQ77 yields stronger signal associations "
     "than either marker alone.", {"ZQ31", "ZQ77"}),
    ("Zorblax-7B writes code. It scores well on fill-in-the-middle (QXF) code completion tasks, outperforming "
     "Blorfcoder-2.", {"QXF"}),
])
def test_a_code_far_before_a_comparison_is_not_compared(mentions, body, gone):
    """name.compared-code: a comparison cue that comes after a code, more than compare-reach words on, compares something
    else, so it does not keep a code nothing else marks."""
    found = mentions(body)
    assert "Zorblax-7B" in found
    assert not gone & found


@pytest.mark.parametrize("body, kept", [
    ("Zorblax-7B maps tissue slides. Marker channels like ZQ31 clearly beat Blorfcoder-2 on them.", "ZQ31"),
    ("Zorblax-7B writes code. It is compared with ever stronger recent retrieval baselines and, on long files, with QXF.", "QXF"),
])
def test_a_code_near_a_comparison_or_after_its_cue_is_compared(mentions, body, kept):
    assert kept in mentions(body)


def test_a_code_after_another_presented_name_is_not_introduced(mentions):
    """name.introduced-other: the intro cue presents the name right after it, not a code that name's description
    mentions in passing."""
    body = ("Zorblax-7B is a model. It is small. The authors present Zorb Gating (ZGT), a technique that removes "
            "skills like QXR knowledge from it.")
    found = mentions(body)
    assert "Zorblax-7B" in found
    assert "QXR" not in found


def test_a_code_listed_after_another_presented_name_is_introduced(mentions):
    found = mentions("Zorblax-7B is a model. It is small. The authors present Zorb-Gate and QXR, two new samplers.")
    assert "QXR" in found


@pytest.mark.parametrize("body", [
    "Zorblax-7B predicts responses. It is slow. Its scores beat standard markers (QXM, ZQH) on a held-out trial.",
    "Zorblax-7B predicts responses. It is slow. Its scores beat standard markers such as QXM and ZQH on a trial.",
])
def test_codes_given_as_examples_of_a_kind_in_a_comparison_are_no_baselines(mentions, body):
    """name.compared-kind: the comparison is about the markers; the codes are their examples, terms of the field."""
    found = mentions(body)
    assert "Zorblax-7B" in found
    assert not {"QXM", "ZQH"} & found


@pytest.mark.parametrize("body", [
    "Zorblax-7B predicts responses. It is slow. Its scores beat strong baselines (QXM, ZQH) on a held-out trial.",
    "Zorblax-7B predicts responses. It is slow. Its scores beat prior approaches such as QXM and ZQH on a trial.",
])
def test_codes_given_as_examples_of_compared_methods_stay(mentions, body):
    assert {"QXM", "ZQH"} <= mentions(body)


def test_another_casing_of_a_hyphenated_vocabulary_name_is_that_entry(tmp_path):
    """name.known-fold: the vocabulary writes 'ZORB-MEM'; a list of baselines writes 'Zorb-Mem', which the exact-case
    ruler misses and no cue around it would make a name."""
    (tmp_path / "vocabulary.jsonl").write_text('{"id": "ZORB-MEM", "type": "Method", "aliases": [], "variant_of": null}\n')
    (tmp_path / "not-entities.txt").write_text("")
    vocabulary = load_vocabulary(tmp_path)
    body = "Quxa is compared with several memory baselines (e.g., Zorb-Mem, Blorfstore, and full context)."
    [ann] = annotate(build_nlp(vocabulary), [PaperItem("t.txt", 1, "Some paper title here", body)], vocabulary)
    found = {m.text: m.vocab_id for m in ann.mentions}
    assert found.get("Zorb-Mem") == "ZORB-MEM"
    [mention] = [m for m in ann.mentions if m.text == "Zorb-Mem"]
    assert [v.rule for v in mention.votes if v.rule in ("vocabulary", "name.known-fold")] == ["name.known-fold"]
