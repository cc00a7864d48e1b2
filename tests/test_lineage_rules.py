"""Issue 9, lineage side: model families in one scheme and method lineage, on invented names."""

from collections import defaultdict

from kg.lexicon import load_lexicon
from kg.link import Entity, Linker
from kg.namespaces import EntityType, Predicate
from kg.pipeline import build
from kg.vocab import fold, load_vocabulary

from conftest import write_digest


def _linker(tmp_path, *vocab_lines: str) -> Linker:
    (tmp_path / "vocabulary.jsonl").write_text("".join(line + "\n" for line in vocab_lines))
    (tmp_path / "not-entities.txt").write_text("")
    return Linker(load_vocabulary(tmp_path))


def test_a_tiered_model_sits_under_its_generation_which_sits_under_the_family(tmp_path):
    # the vocabulary skips the generation: the generation is implied and takes the family
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}',
                     '{"id": "Zorblax 2.5 Pro", "type": "Model", "aliases": [], "variant_of": "Zorblax"}')
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL, in_vocabulary=n.endswith("Pro"))
             for n in ("Zorblax", "Zorblax 2.5 Pro", "Zorblax Max 3.1")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorblax 2.5 Pro")].variant_of == fold("Zorblax 2.5")
    assert entities[fold("Zorblax 2.5")].variant_of == "zorblax"
    assert entities[fold("Zorblax Max 3.1")].variant_of == fold("Zorblax 3.1")  # tier before the version: one scheme
    assert entities[fold("Zorblax 3.1")].variant_of == "zorblax"


def test_a_name_with_a_version_and_a_common_word_is_no_generation(tmp_path):
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}')
    typed = {fold("Zorblax 2 Agent"): Entity(fold("Zorblax 2 Agent"), "Zorblax 2 Agent", EntityType.MODEL)}
    entities = linker.families(typed, {}, defaultdict(list))
    assert fold("Zorblax 2") not in entities


def test_a_benchmark_is_an_edition_of_a_hyphen_prefix_only_when_the_tail_is_edition_shaped(tmp_path):
    linker = _linker(tmp_path, '{"id": "Zorbench", "type": "Benchmark", "aliases": [], "variant_of": null}')
    names = ("Zorbench", "Zorbench-AGI", "Zorbench-Hard", "Zorbench-v2", "Zorbench-ZH")
    typed = {fold(n): Entity(fold(n), n, EntityType.BENCHMARK) for n in names}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorbench-AGI")].variant_of is None  # another benchmark, not an edition
    assert {n for n in names if entities[fold(n)].variant_of == "zorbench"} == {"Zorbench-Hard", "Zorbench-v2", "Zorbench-ZH"}


def test_a_name_released_in_sizes_is_a_model_family(tmp_path):
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}')
    typed = {fold(n): Entity(fold(n), n, t) for n, t in (("Quxaline", EntityType.METHOD), ("Quxaline-7B", EntityType.MODEL),
                                                          ("Frobnic", EntityType.METHOD), ("Frobnic-Agent", EntityType.MODEL))}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities["quxaline"].type == EntityType.MODEL
    assert entities[fold("Quxaline-7B")].variant_of == "quxaline"
    assert entities["frobnic"].type == EntityType.METHOD  # no size: the method stays a method


def _triples(tmp_path, body: str) -> set[tuple[str, str, str]]:
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n" + body
                 + "2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    return {(r.subject, str(r.predicate), r.object) for r in build([tmp_path]).relations}


def test_a_lineage_cue_names_every_listed_parent_and_no_parent_is_a_child(tmp_path):
    """extends.stated: 'generalizes X/Y' extends both; Y, listed with the parent, is never a child of it."""
    triples = _triples(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Zorvath generalizes GRPO/PPO "
                       "by running many roles in one model, and GRPO and PPO are both used as baselines.\n")
    extends = {(s, o) for s, p, o in triples if p == "extends"}
    assert {("zorvath", "grpo"), ("zorvath", "ppo")} <= extends
    assert ("ppo", "grpo") not in extends


def test_a_lineage_cue_without_the_child_in_its_sentence_extends_the_papers_own_method(tmp_path):
    """extends.stated-own-system: 'The approach extends the paradigm pioneered by X' in the item of the paper's system."""
    triples = _triples(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. The approach extends the recursive "
                       "paradigm pioneered by GRPO with two new mechanisms.\n")
    assert ("zorvath", "extends", "grpo") in triples


def test_a_derived_adjective_is_never_a_lineage_child():
    lex = load_lexicon()
    assert [bool(lex.not_lineage_child.search(n)) for n in ("ZORB-integrated", "ZORB-based", "16×ZORB", "ZORB-RoC", "ZORB-2")] \
        == [True, True, True, False, False]


def test_a_release_number_after_a_name_implies_the_family(tmp_path):
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}')
    names = (("Quxaline2.0", EntityType.MODEL), ("Frobnic-1.5", EntityType.MODEL), ("Plinkbench V2", EntityType.BENCHMARK),
             ("Kimo K2.5", EntityType.MODEL))
    typed = {fold(n): Entity(fold(n), n, t) for n, t in names}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Quxaline2.0")].variant_of == "quxaline"
    assert entities[fold("Frobnic-1.5")].variant_of == "frobnic"
    assert entities[fold("Plinkbench V2")].variant_of == "plinkbench"
    assert entities["plinkbench"].type == EntityType.BENCHMARK
    assert entities[fold("Kimo K2.5")].variant_of is None  # 'Kimo K' is no family name


def test_a_vocabulary_prefix_names_the_family_by_its_id_and_only_of_its_own_type(tmp_path):
    linker = _linker(tmp_path, '{"id": "Quxa-R7", "type": "Model", "aliases": ["R7"], "variant_of": null}',
                     '{"id": "Frob of Thoughts", "type": "Method", "aliases": ["FoT"], "variant_of": null}')
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL) for n in ("R7-Distill-Blorp-8B", "FoT-OCR2.0")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("R7-Distill-Blorp-8B")].variant_of == fold("R7-Distill-Blorp")
    assert entities[fold("R7-Distill-Blorp")].variant_of == fold("Quxa-R7")  # distills keep their parent
    assert entities[fold("FoT-OCR2.0")].variant_of == fold("FoT-OCR")  # not the method FoT


def test_a_name_opening_with_a_vendorless_alias_is_one_entity_with_the_full_name(tmp_path):
    linker = _linker(tmp_path, '{"id": "Quxa-R7", "type": "Model", "aliases": ["R7"], "variant_of": null}')
    assert linker._resolve("R7-Distill-Blorp-8B", {}) == linker._resolve("Quxa-R7-Distill-Blorp-8B", {})
    assert linker._resolve("R7", {}) == fold("Quxa-R7")


def test_total_and_active_parameters_are_one_size(tmp_path):
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}')
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL) for n in ("Quxaline", "Quxaline-30B-A3B")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Quxaline-30B-A3B")].variant_of == "quxaline"
    assert fold("Quxaline-30B") not in entities


def test_x_style_states_lineage_and_x_based_does_not(tmp_path):
    triples = _triples(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Zorvath adds DAPO-style clipping "
                       "and a GRPO-based data annotation step.\n")
    extends = {o for s, p, o in triples if s == "zorvath" and p == "extends"}
    assert "dapo" in extends and "grpo" not in extends


def test_x_inspired_and_spaced_x_style_state_no_lineage(tmp_path):
    # a part that borrows from X or resembles it ('DAPO-inspired clipping', 'GRPO style rewards') is no modified X
    triples = _triples(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Zorvath adds DAPO-inspired clipping "
                       "and GRPO style rewards to PPO-style training.\n")
    extends = {o for s, p, o in triples if s == "zorvath" and p == "extends"}
    assert "ppo" in extends and "dapo" not in extends and "grpo" not in extends


def test_a_name_made_from_a_method_that_no_paper_presents_extends_nothing(tmp_path):
    # extends.by-name-unpresented-child: 'as in Florp-GRPO' merely names it; no paper introduces, uses or compares it
    triples = _triples(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs trained with GRPO. Deep stacking, "
                       "as in Florp-GRPO, can be redundant.\n")
    assert not {(s, o) for s, p, o in triples if p == "extends"} & {("florp-grpo", "grpo")}
    assert any(s == "florp-grpo" for s, p, o in _triples(tmp_path, "1. Zorvath\nZorvath introduces Florp-GRPO, "
                                                              "an agent for proofs trained with GRPO.\n") if p == "extends")


def test_a_generation_gives_way_to_a_longer_known_name_and_to_releases(tmp_path):
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}',
                     '{"id": "Zorblax 2.5 Pro", "type": "Model", "aliases": [], "variant_of": "Zorblax"}')
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL) for n in ("Zorblax-2.5-Pro-Thinking", "Quxa-Thinking-v1")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorblax-2.5-Pro-Thinking")].variant_of == fold("Zorblax 2.5 Pro")
    assert entities[fold("Quxa-Thinking-v1")].variant_of == fold("Quxa-Thinking")  # 'v1' is a release, not a generation


def test_uses_x_with_states_lineage_only_when_x_sits_between_the_use_and_the_with(tmp_path):
    """extends.stated ('uses X with ...'): a 'use ... with' that closes before the method says nothing about it."""
    triples = _triples(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Zorvath uses node scores with "
                       "a soft clip and GRPO ratios. Zorvath also uses DAPO with a replay buffer.\n")
    extends = {o for s, p, o in triples if s == "zorvath" and p == "extends"}
    assert "dapo" in extends and "grpo" not in extends


def test_a_prefix_of_time_or_negation_makes_no_lineage_child():
    """'post-ZORB' is a stage after ZORB, 'non-ZORB' what is not ZORB: neither is a method made from it."""
    lex = load_lexicon()
    assert [bool(lex.not_lineage_child.search(n)) for n in ("post-ZORB", "pre-ZORB", "non-ZORB", "low-ZORB", "online-ZORB", "diffu-ZORB")] \
        == [True, True, True, True, False, False]


def test_a_name_derived_part_of_the_papers_own_system_does_not_extend_it(tmp_path):
    """extends.by-name: 'KORV-QX', a setting of the paper's own KORV, is no lineage of it; 'GRPO-QX' is."""
    triples = _triples(tmp_path, "1. KORV\nKORV is a new agent for proofs trained with GRPO-QX, a new objective. "
                       "KORV-QX reaches 50 on Plinkett.\n"
                       "3. Quoddle\nQuoddle is a new planner. Quoddle compares with GRPO.\n")
    extends = {(s, o) for s, p, o in triples if p == "extends"}
    assert ("korv", "introduces", "korv-qx") in triples
    assert ("grpo-qx", "grpo") in extends
    assert ("korv-qx", "korv") not in extends


def test_a_version_glued_to_its_tier_still_names_the_generation(tmp_path):
    """family.generation: 'Zorblax 3.1-Pro' is written like 'Zorblax 3.1 Pro' and sits under 'Zorblax 3.1'."""
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}')
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL) for n in ("Zorblax", "Zorblax 3.1-Pro")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorblax 3.1-Pro")].variant_of == fold("Zorblax 3.1")
    assert entities[fold("Zorblax 3.1")].variant_of == "zorblax"


def test_a_shorter_family_keeps_the_tag_the_variant_ends_with(tmp_path):
    """family.shorter-name: 'Quxa2.5-7B-Instruct-1M' drops its size and tier to reach 'Quxa2.5-1M', the line it
    belongs to, rather than dropping the '1M' that names that line."""
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}')
    names = ("Quxa2.5", "Quxa2.5-Instruct", "Quxa2.5-1M", "Quxa2.5-7B-Instruct-1M")
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL) for n in names}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Quxa2.5-7B-Instruct-1M")].variant_of == fold("Quxa2.5-1M")


def test_a_point_release_of_a_known_model_is_that_model_whatever_its_weak_type(tmp_path):
    """family.point-release: 'Zorblax-5.5', read once as a benchmark, is a release of the known model 'Zorblax-5'."""
    linker = _linker(tmp_path, '{"id": "Zorblax-5", "type": "Model", "aliases": [], "variant_of": null}')
    typed = {fold(n): Entity(fold(n), n, EntityType.BENCHMARK) for n in ("Zorblax-5.5",)}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorblax-5.5")].variant_of == fold("Zorblax-5")
    assert entities[fold("Zorblax-5.5")].type == EntityType.MODEL


def test_a_kind_of_thing_is_never_a_lineage_parent():
    """extends.by-name: 'OpenAgents' is named after agents, a kind of thing; 'HedgeZorba' is made from the method Zorba."""
    from types import SimpleNamespace

    from kg.relations.lineage import lineage_from_names

    methods = {fold(n): Entity(fold(n), n, EntityType.METHOD) for n in ("OpenAgents", "Agents", "HedgeZorba", "Zorba",
                                                                         "LatentMAS", "MAS")}
    found: dict = defaultdict(set)
    for key in methods:  # every one presented by a paper: extends.by-name-coined-parent leaves them all in play
        found[("paper", Predicate.USES_METHOD, key)] = set()
    lineage_from_names(SimpleNamespace(entities=methods, items=[]), found, load_lexicon())
    assert {(s, o) for s, p, o in found if p == Predicate.EXTENDS} == {("hedgezorba", "zorba")}


def test_models_named_with_one_brand_word_share_the_family_it_names(tmp_path):
    """family.siblings: 'Plorb Video' and 'Plorb Edit' are two models of the family 'Plorb', which the text never
    names alone; a lone 'Snarf Coder' implies nothing, and neither does a vendor ('Zorbco Video')."""
    linker = _linker(tmp_path, '{"id": "Zorbco", "type": "Organization", "aliases": [], "variant_of": null}')
    names = ("Plorb Video", "Plorb Edit", "Snarf Coder", "Zorbco Video", "Zorbco Edit")
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL) for n in names}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Plorb Video")].variant_of == entities[fold("Plorb Edit")].variant_of == "plorb"
    assert entities["plorb"].type == EntityType.MODEL
    assert entities[fold("Snarf Coder")].variant_of is None
    assert entities[fold("Zorbco Video")].variant_of is None


def test_a_lineage_cue_after_a_bullet_heading_extends_the_method_the_heading_names(tmp_path):
    """extends.stated-heading-method: '● QUIBRA algorithm. Modifies GRPO by ...': the sentence has no child of its
    own and the paper's title names no system, so the child is the method the bullet's heading introduces."""
    triples = _triples(tmp_path, "1. Emergent Planning in Agents\nThe paper argues that RL improves planning in agents.\n"
                       "● QUIBRA algorithm. Modifies GRPO by amplifying advantages on planning tokens.\n"
                       "● Results. QUIBRA beats GRPO on Plinkett.\n")
    assert ("quibra", "extends", "grpo") in triples


def test_a_known_method_named_after_another_is_no_lineage_the_text_states(tmp_path):
    """extends.by-name: a discovered 'HZorNet' extends ZorNet; the vocabulary's 'QZorNet', merely named, does not."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    write_digest(corpus, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n"
                 "1. Quoddle\nQuoddle is a new planner trained with HZorNet, a new layer. "
                 "QZorNet is more efficient than ZorNet only for large models.\n"
                 "2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    (tmp_path / "vocabulary.jsonl").write_text('{"id": "ZorNet", "type": "Method", "aliases": [], "variant_of": null}\n'
                                               '{"id": "QZorNet", "type": "Method", "aliases": [], "variant_of": null}\n')
    (tmp_path / "not-entities.txt").write_text("")
    relations = build([corpus], vocabulary=load_vocabulary(tmp_path)).relations
    extends = {(r.subject, r.object) for r in relations if str(r.predicate) == "extends"}
    assert ("hzornet", "zornet") in extends
    assert ("qzornet", "zornet") not in extends


def test_a_method_keeps_its_numbered_versions_as_a_family_and_nothing_else(tmp_path):
    """family.known-prefix: 'Zorbattn-4' and 'Zorbattn 3' are versions of the method Zorbattn; 'Zorbattn-QX' is no version."""
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}')
    typed = {fold(n): Entity(fold(n), n, EntityType.METHOD) for n in ("Zorbattn", "Zorbattn-4", "Zorbattn 3", "Zorbattn-QX")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorbattn-4")].variant_of == "zorbattn"
    assert entities[fold("Zorbattn 3")].variant_of == "zorbattn"
    assert entities[fold("Zorbattn-QX")].variant_of is None


def test_a_numbered_version_of_the_papers_own_method_is_introduced_with_it(tmp_path):
    """introduces.family-member: 'ZB-Net 3', a version of the paper's ZB-Net, is the paper's too."""
    triples = _triples(tmp_path, "1. ZB-Net\nProposes ZB-Net, a new attention layer for long inputs. "
                       "ZB-Net 3 outperforms BPE on Plinkett.\n")
    assert ("zb-net", "introduces", "zb-net3") in triples


def test_applies_x_with_states_lineage_like_uses_x_with(tmp_path):
    """extends.stated ('applies X with ...'): the new method is X with a change, as with 'uses X with'."""
    triples = _triples(tmp_path, "1. Zorvath\nZorvath is a new agent for proofs. Zorvath compresses the inputs, "
                       "then applies DAPO with a sliding window. Zorvath applies node scores with a soft clip and GRPO ratios.\n")
    extends = {o for s, p, o in triples if s == "zorvath" and p == "extends"}
    assert "dapo" in extends and "grpo" not in extends


def test_a_size_of_a_new_family_sits_under_the_name_the_text_gives_not_an_implied_one(tmp_path):
    """family.named-over-implied: 'Zorbix-RL-32B' is a Zorbix model when the week names Zorbix and never 'Zorbix-RL';
    a vocabulary family keeps its product line ('Quxo-Coder-7B' implies Quxo-Coder)."""
    linker = _linker(tmp_path, '{"id": "Quxo", "type": "Model", "aliases": [], "variant_of": null}')
    week = frozenset({"week.txt"})
    typed = {fold(n): Entity(fold(n), n, t, digests=week, in_vocabulary=n == "Quxo")
             for n, t in (("Zorbix", EntityType.MODEL), ("Zorbix-RL-32B", EntityType.MODEL),
                          ("Quxo", EntityType.MODEL), ("Quxo-Coder-7B", EntityType.MODEL))}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorbix-RL-32B")].variant_of == "zorbix"
    assert fold("Zorbix-RL") not in entities
    assert entities[fold("Quxo-Coder-7B")].variant_of == fold("Quxo-Coder")


def test_a_survey_states_the_lineage_of_the_method_a_bullet_opens_with(tmp_path):
    """extends.stated-bullet-subject: a review introduces nothing, but '● Quxen Policy Optimization (QPO) – ...
    eliminating the critic from PPO' still says QPO is a modified PPO; a method named mid-sentence is no child."""
    triples = _triples(tmp_path, "1. A Review of Zorbic Learning\nThis survey covers policy methods for agents.\n"
                       "● Quxen Policy Optimization (QPO) – Offers a lighter algorithm eliminating the critic from PPO, "
                       "saving memory.\n● Memory savings – Teams that use QPO drop the reward model from GRPO.\n")
    extends = {(s, o) for s, p, o in triples if p == "extends"}
    assert ("qpo", "ppo") in extends
    assert ("qpo", "grpo") not in extends


def test_a_lineage_cue_after_the_approach_is_about_the_method_the_sentence_before_opened_with(tmp_path):
    """extends.stated-anaphor: 'The approach is inspired by the Plinkasten method' in the bullet that opens with
    ZorbMem, a known method the paper does not introduce (so no heading rule applies): ZorbMem extends Plinkasten.
    A sentence that opens a new bullet refers to nothing before it."""
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n1. Linked Notes for Agents\n"
                 "A memory for agents that links notes.\n"
                 "● Linked design – ZorbMem creates notes for each fact and links them by meaning. "
                 "The approach is inspired by the Plinkasten method of linking notes.\n"
                 "● Cheap recall – ZorbMem reads few notes.\n● The approach is inspired by the Quxasten method.\n"
                 "2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    (tmp_path / "vocabulary.jsonl").write_text('{"id": "ZorbMem", "type": "Method", "aliases": [], "variant_of": null}\n')
    (tmp_path / "not-entities.txt").write_text("")
    relations = build([tmp_path / "week.txt"], vocabulary=load_vocabulary(tmp_path)).relations
    extends = {(r.subject, r.object) for r in relations if str(r.predicate) == "extends"}
    assert ("zorbmem", "plinkasten") in extends
    assert ("zorbmem", "quxasten") not in extends


def test_a_vocabulary_model_the_vocabulary_gives_no_family_implies_none_from_its_size(tmp_path):
    """family.implied is for discovered names: the vocabulary's 'Zorbring-1T' with no family stays without one (the
    vocabulary would name it), while a discovered 'Quxring-1T' still implies its family 'Quxring'."""
    linker = _linker(tmp_path, '{"id": "Zorbring-1T", "type": "Model", "aliases": [], "variant_of": null}')
    typed = {fold("Zorbring-1T"): Entity(fold("Zorbring-1T"), "Zorbring-1T", EntityType.MODEL, in_vocabulary=True),
             fold("Quxring-1T"): Entity(fold("Quxring-1T"), "Quxring-1T", EntityType.MODEL)}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorbring-1T")].variant_of is None
    assert fold("Zorbring") not in entities
    assert entities[fold("Quxring-1T")].variant_of == "quxring"


def test_a_word_before_a_new_models_name_makes_a_kind_of_it(tmp_path):
    """family.qualified-name: 'Pairwise-Zorbo' is a kind of the new model Zorbo its digest names; 'Search-Quxi' after
    the vocabulary's Quxi is a model named after it, not a kind of it."""
    linker = _linker(tmp_path, '{"id": "Quxi", "type": "Model", "aliases": [], "variant_of": null}')
    week = frozenset({"week.txt"})
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL, digests=week, in_vocabulary=n == "Quxi")
             for n in ("Zorbo", "Pairwise-Zorbo", "Quxi", "Search-Quxi")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Pairwise-Zorbo")].variant_of == "zorbo"
    assert entities[fold("Search-Quxi")].variant_of is None


def test_a_camel_case_prefix_is_no_member_of_a_family_written_in_capitals(tmp_path):
    """family.same-casing: 'ZoRb-DSL' folds like the benchmark 'ZORB' but is another name; 'Zorb-Hard', the acronym
    written as a word, is still its edition."""
    linker = _linker(tmp_path, '{"id": "ZORB", "type": "Benchmark", "aliases": [], "variant_of": null}')
    # an untyped name takes its family's type: 'ZoRb-DSL' would become a benchmark of the ZORB family
    typed = {fold(n): Entity(fold(n), n, t) for n, t in (("ZoRb-DSL", None), ("Zorb-Hard", EntityType.BENCHMARK))}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("ZoRb-DSL")].variant_of is None
    assert entities[fold("Zorb-Hard")].variant_of == "zorb"


def test_a_spaced_generation_sits_beside_its_major_generation_under_the_family(tmp_path):
    """family.generation-beside-major: the vocabulary puts 'Zorblax Max 4.6' under 'Zorblax 4'; the generation
    'Zorblax 4.6' it implies is a generation of Zorblax beside Zorblax 4, not a kind of it."""
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}',
                     '{"id": "Zorblax 4", "type": "Model", "aliases": [], "variant_of": "Zorblax"}',
                     '{"id": "Zorblax Max 4.6", "type": "Model", "aliases": [], "variant_of": "Zorblax 4"}')
    typed = {fold("Zorblax Max 4.6"): Entity(fold("Zorblax Max 4.6"), "Zorblax Max 4.6", EntityType.MODEL, in_vocabulary=True)}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorblax Max 4.6")].variant_of == fold("Zorblax 4.6")
    assert entities[fold("Zorblax 4.6")].variant_of == "zorblax"


def test_a_shorter_name_with_every_size_of_the_longer_is_the_same_model_not_its_family(tmp_path):
    """family.same-size-is-no-family: 'Zorbo-70B' keeps the only size of 'Zorbo-Llama-70B' (the text's short
    spelling of one model), so it is no family of it; 'Quxa2-1M' drops the size 7B of 'Quxa2-7B-Instruct-1M' and is."""
    linker = _linker(tmp_path, '{"id": "Quxa2", "type": "Model", "aliases": [], "variant_of": null}')
    names = ("Zorbo-70B", "Zorbo-Llama-70B", "Quxa2-1M", "Quxa2-7B-Instruct-1M")
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL) for n in names}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorbo-Llama-70B")].variant_of != fold("Zorbo-70B")
    assert entities[fold("Quxa2-7B-Instruct-1M")].variant_of == fold("Quxa2-1M")


def test_a_name_derived_parent_is_one_some_paper_presents_as_a_method(tmp_path):
    """extends.by-name-coined-parent: 'Zorbic-PLANK' extends PLANK only once a paper uses, introduces or compares
    with PLANK; a PLANK only named in passing ('Unlike PLANK') may be a word of the name, not a method made from."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    passing = _triples(tmp_path / "a", "1. Zorvath\nZorvath is a new agent for proofs trained with Zorbic-PLANK, a new "
                       "search objective. Unlike PLANK, it needs no labels.\n")
    assert ("zorvath", "usesMethod", "zorbic-plank") in passing
    assert ("zorbic-plank", "extends", "plank") not in passing
    used = _triples(tmp_path / "b", "1. Zorvath\nZorvath is a new agent for proofs trained with Zorbic-PLANK, a new "
                    "search objective. Unlike PLANK, it needs no labels.\n"
                    "3. Quoddle\nQuoddle is a new planner trained with PLANK on long tasks.\n")
    assert ("zorbic-plank", "extends", "plank") in used


def test_an_apposition_that_presents_a_version_states_lineage(tmp_path):
    """extends.version-apposition: 'ZorbMem-G, an enhanced version with ...' extends ZorbMem, the method its name is
    made from, though one paper introduces both; 'a faster variant of QuxaNet' names the parent outright."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    implied = _triples(tmp_path / "a", "1. Zorvath\nThe solution introduces two systems: ZorbMem, a dense memory "
                       "system, and ZorbMem-G, an enhanced version with graph-based memory. Both are fast.\n"
                       "● ZorbMem-G: By structuring memory as a graph, ZorbMem-G improves recall.\n")
    assert ("zorbmem-g", "extends", "zorbmem") in implied
    named = _triples(tmp_path / "b", "1. Zorvath\nThe solution introduces ZorbMem-G, a faster variant of QuxaNet for "
                     "long chats. ZorbMem-G improves recall over QuxaNet.\n")
    assert ("zorbmem-g", "extends", "quxanet") in named


def test_a_plain_lineage_cue_states_a_parent_without_a_cue_of_use(tmp_path):
    """extends.parent-without-use-cue: 'ZorbMem-G extends QuxaNet' makes QuxaNet, named by this paper only and with no
    cue of use, a parent of the new method in the sentence; with no new method in the sentence it states nothing."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    same = _triples(tmp_path / "a", "1. Zorvath\nThis paper introduces ZorbMem-G, a memory for chats. ZorbMem-G "
                    "extends QuxaNet by converting turns into graph nodes.\n")
    assert ("zorbmem-g", "extends", "quxanet") in same
    assert not any(o == "quxanet" for s, p, o in same if p != "extends")  # a lineage edge, not a use
    elsewhere = _triples(tmp_path / "b", "1. Zorvath\nThis paper introduces ZorbMem-G, a memory for chats. The approach "
                         "extends QuxaNet by converting turns into graph nodes.\n")
    assert not any(p == "extends" and o == "quxanet" for s, p, o in elsewhere)


def test_a_tier_line_named_alone_does_not_hold_a_tiered_release_from_its_generation(tmp_path):
    # family.generation-over-tier-line: the text also names 'Zorblax Max' alone; 'Zorblax Max 2.5' still sits under
    # its generation 'Zorblax 2.5', which sits under the family, as 'Zorblax-2.5-Pro-Thinking' sits under a known
    # 'Zorblax 2.5 Pro' that keeps the version
    linker = _linker(tmp_path, '{"id": "Zorblax", "type": "Model", "aliases": [], "variant_of": null}',
                     '{"id": "Zorblax Max 2.5", "type": "Model", "aliases": [], "variant_of": "Zorblax"}')
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL, in_vocabulary=n == "Zorblax Max 2.5")
             for n in ("Zorblax", "Zorblax Max", "Zorblax Max 2.5")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorblax Max 2.5")].variant_of == fold("Zorblax 2.5")
    assert entities[fold("Zorblax 2.5")].variant_of == "zorblax"


def test_a_release_named_by_its_bare_number_is_a_variant_with_no_number_alias(tmp_path):
    # name.elided-version and alias.no-bare-number: 'Zorblax Pro 4 and 4.1' names Zorblax Pro 4.1, in the family of
    # Zorblax Pro 4's generation line, and '4.1' alone is no name of it
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n1. Quxa Tuning\n"
                 "We fine-tune the Zorblax Pro 4 and 4.1 models on QuxoBench, a benchmark of 300 tasks.\n"
                 "2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    entities = build([tmp_path]).corpus.entities
    release = entities[fold("Zorblax Pro 4.1")]
    assert release.type == EntityType.MODEL and release.variant_of == fold("Zorblax 4.1")
    assert "4.1" not in release.aliases


def test_a_year_with_its_century_elided_by_an_apostrophe_is_that_edition(tmp_path):
    # edition.apostrophe-year: 'QuxoBench’25' and "QuxoBench '24" are the 2025 and 2024 editions
    linker = _linker(tmp_path, '{"id": "QuxoBench", "type": "Benchmark", "aliases": [], "variant_of": null}')
    assert linker._resolve("QuxoBench\u201925", {}) == fold("QuxoBench 2025")
    assert linker._resolve("QuxoBench '24", {}) == fold("QuxoBench 2024")



def test_a_setting_named_after_a_method_is_no_lineage_of_it():
    """extends.by-name (not-lineage-child.regex): 'Oracle-QXSearch' (given the answers) and 'QXSearch-Web-Quxa' (run on
    the web with the model Quxa) are QXSearch under a condition, not methods made from it; 'QXSearch-Lite' is one."""
    from types import SimpleNamespace

    from kg.relations.lineage import lineage_from_names

    methods = {fold(n): Entity(fold(n), n, EntityType.METHOD)
               for n in ("QXSearch", "Oracle-QXSearch", "oracle-QXSearch", "QXSearch-Web-Quxa", "QXSearch-Lite")}
    found: dict = defaultdict(set)
    for key in methods:
        found[("paper", Predicate.USES_METHOD, key)] = set()
    lineage_from_names(SimpleNamespace(entities=methods, items=[]), found, load_lexicon())
    assert {(s, o) for s, p, o in found if p == Predicate.EXTENDS} == {("qxsearch-lite", "qxsearch")}


def test_a_tier_of_a_web_setting_is_a_lineage_of_the_method():
    """extends.by-name (not-lineage-child.regex): 'QXSearch-Web-Lite' is a lighter QXSearch-Web, as 'QXSearch-Web' and
    'QXSearch-Lite' extend QXSearch: a model tier after '-Web-' is no model it runs with ('QXSearch-Web-Quxa' stays none)."""
    from types import SimpleNamespace

    from kg.relations.lineage import lineage_from_names

    methods = {fold(n): Entity(fold(n), n, EntityType.METHOD) for n in ("QXSearch", "QXSearch-Web-Lite", "QXSearch-Web-Quxa")}
    found: dict = defaultdict(set)
    for key in methods:
        found[("paper", Predicate.USES_METHOD, key)] = set()
    lineage_from_names(SimpleNamespace(entities=methods, items=[]), found, load_lexicon())
    assert {(s, o) for s, p, o in found if p == Predicate.EXTENDS} == {("qxsearch-web-lite", "qxsearch")}


def test_a_family_is_read_from_the_name_the_text_writes_not_from_an_unwritten_label(tmp_path):
    """family.written-name: the text writes the vocabulary's 'Zorbench Hard' only as 'ZBH', which names no family (the
    family would be world knowledge); it writes the vocabulary's 'ZBEH' as 'Zorbench Extra Hard', which does."""
    linker = _linker(tmp_path, '{"id": "Zorbench", "type": "Benchmark", "aliases": [], "variant_of": null}',
                     '{"id": "Zorbench Hard", "type": "Benchmark", "aliases": ["ZBH"], "variant_of": null}',
                     '{"id": "ZBEH", "type": "Benchmark", "aliases": ["Zorbench Extra Hard"], "variant_of": null}')
    typed = {fold(n): Entity(fold(n), n, EntityType.BENCHMARK, aliases=frozenset({written}), in_vocabulary=True)
             for n, written in (("Zorbench Hard", "ZBH"), ("ZBEH", "Zorbench Extra Hard"), ("Zorbench", "Zorbench"))}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorbench Hard")].variant_of is None
    assert entities[fold("ZBEH")].variant_of == "zorbench"
    assert entities[fold("ZBEH")].label == "ZBEH"  # the label stays the vocabulary's


def test_a_numbered_vocabulary_model_takes_no_family_from_a_word_the_text_names_alone(tmp_path):
    """family.numbered-vocabulary-model: the vocabulary's 'Zorbix-4' and 'Zorbix-4o' (no family there) stay without one
    when the text also names 'Zorbix' alone; the vocabulary's 'Zorbix-Pro' and a discovered 'Zorbix-5' are Zorbixes."""
    linker = _linker(tmp_path, '{"id": "Zorbix-4", "type": "Model", "aliases": [], "variant_of": null}',
                     '{"id": "Zorbix-4o", "type": "Model", "aliases": [], "variant_of": null}',
                     '{"id": "Zorbix-Pro", "type": "Model", "aliases": [], "variant_of": null}')
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL, in_vocabulary=n in {"Zorbix-4", "Zorbix-4o", "Zorbix-Pro"})
             for n in ("Zorbix", "Zorbix-4", "Zorbix-4o", "Zorbix-Pro", "Zorbix-5")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Zorbix-4")].variant_of is None and entities[fold("Zorbix-4o")].variant_of is None
    assert entities[fold("Zorbix-Pro")].variant_of == entities[fold("Zorbix-5")].variant_of == "zorbix"


def test_a_checkpoint_of_a_size_the_text_never_names_alone_is_its_familys(tmp_path):
    """family.unnamed-size: 'Quxa3-8B-Instruct' is a Quxa3 checkpoint when the text never names the vocabulary's
    'Quxa3-8B' alone; 'Quxa3-4B-Base' stays under 'Quxa3-4B', a size the text names."""
    linker = _linker(tmp_path, '{"id": "Quxa3", "type": "Model", "aliases": [], "variant_of": null}',
                     '{"id": "Quxa3-8B", "type": "Model", "aliases": [], "variant_of": "Quxa3"}',
                     '{"id": "Quxa3-4B", "type": "Model", "aliases": [], "variant_of": "Quxa3"}')
    week = frozenset({"week.txt"})
    typed = {fold(n): Entity(fold(n), n, EntityType.MODEL, digests=week, in_vocabulary=n in {"Quxa3", "Quxa3-4B"})
             for n in ("Quxa3", "Quxa3-4B", "Quxa3-8B-Instruct", "Quxa3-4B-Base")}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities[fold("Quxa3-8B-Instruct")].variant_of == "quxa3"
    assert entities[fold("Quxa3-4B-Base")].variant_of == fold("Quxa3-4B")


def test_a_vocabulary_family_the_written_name_does_not_show_is_left_out(tmp_path):
    """family.vocabulary-unwritten: the vocabulary puts 'Quxtral' and 'ZB-Hard' under Zorb and ZorbBench, which neither
    their names nor the names the text writes show (world knowledge, not the text's); 'Zorb-7B', and 'Opus 9' (the
    vocabulary's 'Zorb Opus 9' written without its brand), keep their vocabulary families."""
    linker = _linker(tmp_path, '{"id": "Zorb", "type": "Model", "aliases": [], "variant_of": null}',
                     '{"id": "Zorb 9", "type": "Model", "aliases": [], "variant_of": "Zorb"}',
                     '{"id": "Quxtral", "type": "Model", "aliases": [], "variant_of": "Zorb"}',
                     '{"id": "Zorb-7B", "type": "Model", "aliases": [], "variant_of": "Zorb"}',
                     '{"id": "Zorb Opus 9", "type": "Model", "aliases": ["Opus 9"], "variant_of": "Zorb 9"}',
                     '{"id": "ZorbBench", "type": "Benchmark", "aliases": [], "variant_of": null}',
                     '{"id": "ZB-Hard", "type": "Benchmark", "aliases": [], "variant_of": "ZorbBench"}')
    typed = {fold(n): Entity(fold(n), n, t, aliases=frozenset({written}), in_vocabulary=True)
             for n, written, t in (("Quxtral", "Quxtral", EntityType.MODEL), ("Zorb-7B", "Zorb-7B", EntityType.MODEL),
                                   ("Zorb Opus 9", "Opus 9", EntityType.MODEL), ("ZB-Hard", "ZB-Hard", EntityType.BENCHMARK))}
    entities = linker.families(typed, {}, defaultdict(list))
    assert entities["quxtral"].variant_of is None and entities[fold("ZB-Hard")].variant_of is None
    assert entities[fold("Zorb-7B")].variant_of == "zorb"
    assert entities[fold("Zorb Opus 9")].variant_of == fold("Zorb 9")
