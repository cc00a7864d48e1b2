"""Discovery and linking on small digests written for the test, with invented names."""

import pytest

from kg.pipeline import build
from kg.vocab import fold

from conftest import write_digest

INVENTED = """Top AI Papers of the Week (June 2 - 8)
1. Zorblax
Researchers from Quillmont University introduce Zorblax, a reinforcement learning framework for agents. Zorblax uses Group Relative Policy Optimization (GRPO) with a novel clipping rule, and trains Zorblax-Coder-13B built upon Qwen2.5-Math-7B. It introduces FLARE-PO, a variant of GRPO. On the new Quibble-Bench benchmark and AIME25, it outperforms DeepSeek's R1 and GPT-4o.
2. Velvet Tuning
Velvet Tuning (VT) is a method that builds on LoRA. Applying it to Llama-3.1-8B improves accuracy on AIME 2024 and MATH-500.
"""


@pytest.fixture(scope="module")
def invented(tmp_path_factory):
    folder = tmp_path_factory.mktemp("digests")
    write_digest(folder, "week.txt", INVENTED)
    return build([folder])


def entity(result, name):
    for e in result.corpus.entities.values():
        if fold(e.label) == fold(name) or fold(name) in {fold(a) for a in e.aliases}:
            return e
    raise AssertionError(f"{name} not found; have {sorted(e.label for e in result.corpus.entities.values())}")


def relation(result, subject_prefix, predicate):
    return sorted(
        result.corpus.entities[r.object].label
        for r in result.relations
        if r.predicate == predicate and r.subject.startswith(subject_prefix)
    )


def test_unknown_names_are_found_and_typed(invented):
    assert entity(invented, "Zorblax").type == "Method"
    assert entity(invented, "Zorblax-Coder-13B").type == "Model"
    assert entity(invented, "FLARE-PO").type == "Method"
    assert entity(invented, "Quibble-Bench").type == "Benchmark"
    assert entity(invented, "Quillmont University").type == "Organization"


def test_acronym_and_expansion_are_one_entity(invented):
    vt = entity(invented, "VT")
    assert "Velvet Tuning" in vt.aliases and vt.type == "Method"
    grpo = entity(invented, "GRPO")
    assert "Group Relative Policy Optimization" in grpo.aliases


def test_variants_link_to_their_family(invented):
    entities = invented.corpus.entities
    model = entity(invented, "Qwen2.5-Math-7B")
    assert entities[model.variant_of].label == "Qwen2.5-Math"
    assert entities[entities[model.variant_of].variant_of].label == "Qwen2.5"
    aime25 = entity(invented, "AIME25")
    assert aime25.label == "AIME 2025" and entities[aime25.variant_of].label == "AIME"
    assert entities[entity(invented, "AIME 2024").variant_of].label == "AIME"
    assert entity(invented, "MATH-500").label == "MATH500"


def test_possessive_spelling_is_the_same_model(invented):
    r1 = entity(invented, "DeepSeek-R1")
    assert "DeepSeek's R1" in r1.aliases


def test_relations_come_from_their_sentences(invented):
    assert relation(invented, "zorblax", "usesBaseModel") == ["Qwen2.5-Math-7B"]
    assert relation(invented, "zorblax", "comparedWith") == ["DeepSeek-R1", "GPT-4o"]
    assert "Quibble-Bench" in relation(invented, "zorblax", "introduces")
    assert set(relation(invented, "zorblax", "evaluatedOn")) >= {"AIME 2025", "Quibble-Bench"}
    assert relation(invented, "zorblax", "affiliation") == ["Quillmont University"]
    assert relation(invented, "velvet-tuning", "usesBaseModel") == ["Llama-3.1-8B"]
    assert set(relation(invented, "velvet-tuning", "evaluatedOn")) == {"AIME 2024", "MATH500"}


def test_lineage_from_text_and_from_names(invented):
    extends = {
        (invented.corpus.entities[r.subject].label, invented.corpus.entities[r.object].label)
        for r in invented.relations
        if r.predicate == "extends"
    }
    assert ("FLARE-PO", "GRPO") in extends  # "a variant of GRPO"
    assert ("Zorblax", "GRPO") in extends  # "uses GRPO with a novel clipping rule"
    assert ("VT", "LoRA") in extends  # "builds on LoRA"


def test_generic_phrases_are_not_entities(tmp_path):
    write_digest(tmp_path, "g.txt", "Top AI Papers of the Week (May 1 - 7)\n1. Plain Title Here Today\n"
                 "This work shows that LLMs trained with RL and SFT using CoT and RAG beat the Transformer. "
                 "It reports pass@1 on H100 GPUs in PyTorch.\n2. Another Plain Title Again\nNothing named here at all.\n")
    result = build([tmp_path])
    assert result.corpus.entities == {}


def test_a_sized_title_name_is_a_model_of_its_family(tmp_path):
    write_digest(tmp_path, "h.md", "Top AI Papers of the Week (Jan 1 - 7)\n1. Zorblax-7B\n"
                 "A new model & framework built on Qwen2.5.\n2. Second One\nText here.\n")
    result = build([tmp_path])
    model = entity(result, "Zorblax-7B")
    assert model.type == "Model" and result.corpus.entities[model.variant_of].label == "Zorblax"
    assert relation(result, "zorblax-7b", "introduces") == ["Zorblax-7B"]
    assert relation(result, "zorblax-7b", "usesBaseModel") == ["Qwen2.5"]


def test_a_short_form_within_an_item_is_the_longer_name(tmp_path):
    write_digest(tmp_path, "s.txt", "Top AI Papers of the Week (Jan 1 - 7)\n1. Plain Title Here\n"
                 "The Glimmer Arena leaderboard ranks models. Providers tune models for Arena battles.\n"
                 "2. Other Plain Title\nNothing.\n")
    result = build([tmp_path])
    arena = entity(result, "Glimmer Arena")
    assert arena.type == "Benchmark" and "Arena" in arena.aliases
    assert [e.label for e in result.corpus.entities.values() if e.type == "Benchmark"] == ["Glimmer Arena"]


UNITS = """Top AI Papers of the Week (June 9 - 15)
1. Quorrel
Researchers from Zorblax AI Lab and Zorblax introduce Quorrel, an agent framework. Quorrel is trained with GRPO.
2. Brindle
Researchers from Google DeepMind and Microsoft Research Asia present Brindle, a planning method that outperforms GPT-4o on AIME 2024.
"""


def test_an_organisations_unit_is_its_own_organisation_part_of_its_parent(tmp_path):
    """One policy (README "Organisations and their units"): a named lab is kept apart from its company and joined
    to it by part_of, from the vocabulary (Google DeepMind -> Google, Microsoft Research Asia -> Microsoft Research
    -> Microsoft, parents added when the text names only the unit) or, for names never seen, from the shape
    'ORGANISATION + unit words' (Zorblax AI Lab -> Zorblax)."""
    write_digest(tmp_path, "week.txt", UNITS)
    built = build([tmp_path])
    lab, company = entity(built, "Zorblax AI Lab"), entity(built, "Zorblax")
    assert lab.key != company.key and lab.type == company.type == "Organization"
    assert lab.part_of == company.key and company.part_of is None
    entities = built.corpus.entities

    def parents(name):
        chain, key = [], entity(built, name).part_of
        while key:
            chain.append(entities[key].label)
            key = entities[key].part_of
        return chain

    assert parents("Google DeepMind") == ["Google"]
    assert parents("Microsoft Research Asia") == ["Microsoft Research", "Microsoft"]
    # the implied parents are entities of the graph, but no digest mentions them
    assert not entity(built, "Microsoft").digests and entity(built, "Google DeepMind").digests
    affiliated = {entities[r.object].label for r in built.relations if r.predicate == "affiliation"}
    assert {"Zorblax AI Lab", "Google DeepMind", "Microsoft Research Asia"} <= affiliated
    assert "Microsoft" not in affiliated


def test_a_known_organisation_followed_by_unit_words_names_a_unit(tmp_path):
    """'Zorblax AI Lab' where only Zorblax is known: the whole name is the unit, part of Zorblax, not Zorblax."""
    from kg.namespaces import EntityType
    from kg.vocab import VocabEntry, load_vocabulary

    base = load_vocabulary()
    vocabulary = type(base)((*base.entries, VocabEntry("Zorblax", EntityType.ORGANIZATION, (), None)), base.not_entities)
    write_digest(tmp_path, "week.txt", UNITS)
    built = build([tmp_path], vocabulary=vocabulary)
    lab, company = entity(built, "Zorblax AI Lab"), entity(built, "Zorblax")
    assert lab.part_of == company.key and lab.digests and company.digests
