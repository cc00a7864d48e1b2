"""The curated vocabulary in ontology/ is consistent, and measuring without it never breaks a build."""

from collections import Counter

from kg.pipeline import build
from kg.vocab import ENTITY_TYPES, VocabEntry, Vocabulary, fold, load_vocabulary

from conftest import write_digest


def test_every_family_is_an_entry_and_every_name_one_entity():
    vocabulary = load_vocabulary()
    ids = {entry.id for entry in vocabulary.entries}
    assert all(entry.type in ENTITY_TYPES for entry in vocabulary.entries)
    assert [e.id for e in vocabulary.entries if e.variant_of and e.variant_of not in ids] == []
    names = Counter(fold(n) for e in vocabulary.entries for n in {fold(e.id), *map(fold, e.aliases)})
    assert [n for n, count in names.items() if count > 1] == []
    # A vocabulary entry is never also a stop term.
    assert [e.id for e in vocabulary.entries if fold(e.id) in vocabulary.not_entities] == []


def test_generations_sit_under_their_family():
    family = {e.id: e.variant_of for e in load_vocabulary().entries}
    assert family["Qwen3"] == family["Qwen2.5"] == "Qwen"
    assert family["Llama-3.1"] == "LLaMA" and family["Llama-3.1-8B"] == "Llama-3.1"
    # GPT-4.1 is a series of its own (4.1, 4.1 mini, 4.1 nano), released after GPT-4o, not a GPT-4 release
    # like GPT-4 Turbo: the readable weeks' annotators never put it under GPT-4
    assert family["GPT-4.1"] is None and family["GPT-4.1-mini"] == "GPT-4.1" and family["GPT-4 Turbo"] == "GPT-4"
    # distills keep their parent: size -> distill line -> the model distilled from
    assert family["DeepSeek-R1-Distill-Qwen-7B"] == "DeepSeek-R1-Distill-Qwen" and family["DeepSeek-R1-Distill-Qwen"] == "DeepSeek-R1"
    # benchmark editions sit under their benchmark, a family's new release under the family
    assert family["AIME 2026"] == "AIME" and family["Spider 2.0"] == "Spider" and family["Veo 3"] == family["Veo 2"] == "Veo"


def test_no_vocabulary_name_is_a_stop_term():
    """An alias that folds to a stop term ('SVD', 'MAE', 'RoPE') would make every such mention the entity."""
    vocabulary = load_vocabulary()
    assert [n for e in vocabulary.entries for n in e.aliases if fold(n) in vocabulary.not_entities] == []


def test_removing_a_family_drops_the_links_to_it(tmp_path):
    vocabulary = Vocabulary(
        (VocabEntry("Zorb", "Model", (), None), VocabEntry("Zorb-2", "Model", (), "Zorb")), frozenset()
    )
    reduced = vocabulary.without({"Zorb"})
    assert [(e.id, e.variant_of) for e in reduced.entries] == [("Zorb-2", None)]
    digest = tmp_path / "d.txt"
    digest.write_text("Top AI Papers of the Week (Jan 1 - 7)\n1. Zorb-2 Tuning\nWe fine-tune Zorb-2 on maths.\n"
                      "2. Other Paper\nA study of Zorb-2 and Qwen3.\n", encoding="utf-8")
    built = build([digest], vocabulary=load_vocabulary().without({"Qwen"}))
    assert "Qwen3" in {e.label for e in built.corpus.entities.values()}


def test_part_of_is_only_for_organisations(tmp_path):
    import shutil

    import pytest

    from kg.vocab import ontology_dir

    folder = tmp_path / "ontology"
    shutil.copytree(ontology_dir(), folder)
    with open(folder / "vocabulary.jsonl", "a", encoding="utf-8") as handle:
        handle.write('{"id": "Zorbo", "type": "Model", "aliases": [], "variant_of": null, "part_of": "Google"}\n')
    with pytest.raises(ValueError, match="part_of is for organisations"):
        load_vocabulary(folder)
    units = {e.id: e.part_of for e in load_vocabulary().entries if e.part_of}
    assert units["Google DeepMind"] == "Google" and units["Microsoft Research Asia"] == "Microsoft Research"
    ids = {e.id for e in load_vocabulary().entries}
    assert all(parent in ids for parent in units.values())


def test_equal_vocabularies_hash_alike_and_a_smaller_one_differs():
    """The hash is kept once computed (caches are keyed on the vocabulary); it must still follow the contents."""
    vocabulary = load_vocabulary()
    again = load_vocabulary()
    assert vocabulary == again and hash(vocabulary) == hash(again)
    smaller = vocabulary.without({vocabulary.entries[0].id})
    assert smaller != vocabulary and hash(smaller) != hash(vocabulary)


def test_a_judge_written_in_any_common_spelling_is_the_known_method(tmp_path):
    """vocabulary: 'LLM-as-a-Judge' is a widely known evaluation method the digests spell several ways ('LLM-as-judge',
    with non-breaking hyphens); a paper that scores with it uses it."""
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n1. Zorvath\nZorvath is a new agent for "
                 "proofs.\n● Rewards: binary rewards come from LLM\u2011as\u2011Judge scores on hard proofs.\n"
                 "2. Plinkett\nPlinkett is a benchmark of 500 tasks. Answers are graded with LLM-as-judge prompts.\n")
    relations = {(r.subject, str(r.predicate), r.object) for r in build([tmp_path]).relations}
    assert ("zorvath", "usesMethod", "llm-as-a-judge") in relations
    assert ("plinkett", "usesMethod", "llm-as-a-judge") in relations


def test_mixture_of_experts_spelled_out_is_the_known_method_and_moe_stays_no_name(tmp_path):
    """vocabulary: 'Mixture-of-Experts' (and 'mixture of experts') spelled out is the widely known method a paper builds
    its model with; the bare 'MoE', which digests mostly write as a kind ('MoE models'), stays in not-entities.txt."""
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n1. Zorvath\nZorvath is a new 1T model for "
                 "proofs.\n● Design: a sparse Mixture-of-Experts backbone routes each token to 8 experts, unlike dense MoE "
                 "models.\n2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    built = build([tmp_path])
    relations = {(r.subject, str(r.predicate), r.object) for r in built.relations}
    assert ("zorvath", "usesMethod", "mixture-of-experts") in relations
    assert "MoE" not in {e.label for e in built.corpus.entities.values()}
