"""The lexicon (ontology/lexicon/) and the typed ontology terms."""

import dataclasses

import pytest

from kg.lexicon import LexiconError, lexicon_dir, load_lexicon
from kg.namespaces import KG, EntityType, Predicate


def test_every_lexicon_file_says_what_it_is_for_and_is_read():
    files = sorted(p for p in lexicon_dir().iterdir() if p.is_file())
    assert files
    for path in files:
        first = path.read_text(encoding="utf-8").lstrip()
        assert first.startswith("#") or path.suffix == ".json", f"{path.name} has no header comment"
    fields = {f.name for f in dataclasses.fields(load_lexicon())}
    # read by kg/ingest.py (before there is a pipeline) and kg/results/ (after the graph)
    read_elsewhere = {"title-small-words.txt", "result-cues.txt", "result-metrics.txt", "result-settings.txt"}
    for path in (p for p in files if p.name not in read_elsewhere):
        stem = path.stem.replace("-", "_")
        # type-nouns-model.txt -> type_nouns, expansion-heads-*.txt -> expansion_heads
        assert any(stem == f or stem.startswith(f + "_") for f in fields), f"{path.name} is not loaded"


def test_lexicon_is_frozen_and_shared():
    lex = load_lexicon()
    assert load_lexicon() is lex
    with pytest.raises(dataclasses.FrozenInstanceError):
        lex.org_heads = frozenset()  # type: ignore[misc]
    assert "University" in lex.org_heads and "introduces" in lex.intro_verbs
    assert lex.noun_type("benchmark") == EntityType.BENCHMARK


def test_a_new_cue_word_is_data(tmp_path):
    """A word added to a file changes what the rules read, with no code change."""
    for path in lexicon_dir().iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    with open(tmp_path / "type-nouns-benchmark.txt", "a", encoding="utf-8") as handle:
        handle.write("gauntlet\n")
    assert load_lexicon(tmp_path).noun_type("gauntlet") == EntityType.BENCHMARK
    assert load_lexicon().noun_type("gauntlet") is None


def test_a_plain_list_or_pattern_is_read_from_the_file_its_field_names(tmp_path):
    """'model_tiers' is model-tiers.txt and 'base_before' base-before.regex, with no loader line each; a missing
    file is a one-line error that names it."""
    for path in lexicon_dir().iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    with open(tmp_path / "model-tiers.txt", "a", encoding="utf-8") as handle:
        handle.write("zorbmax\n")
    (tmp_path / "base-before.regex").write_text("# invented\nquxbased\n", encoding="utf-8")
    lex = load_lexicon(tmp_path)
    assert "zorbmax" in lex.model_tiers and lex.base_before.pattern == "quxbased"
    missing = tmp_path / "missing"  # another folder: lexicons are cached by folder
    missing.mkdir()
    for path in lexicon_dir().iterdir():
        if path.name != "numbered-part-nouns.txt":
            (missing / path.name).write_bytes(path.read_bytes())
    with pytest.raises(LexiconError, match="numbered-part-nouns"):
        load_lexicon(missing)


def test_broken_lexicon_is_one_line_error(tmp_path):
    for path in lexicon_dir().iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "base-after.regex").write_text("# broken\n(unclosed\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=r"base-after\.regex: not a regular expression"):
        load_lexicon(tmp_path)


def test_unknown_ontology_term_is_an_error():
    assert str(KG.usesBaseModel).endswith("#usesBaseModel")
    with pytest.raises(AttributeError):
        KG.usesBaseModl  # noqa: B018
    assert Predicate.USES_BASE_MODEL.iri == KG.usesBaseModel
    assert EntityType("Model") is EntityType.MODEL and EntityType.MODEL == "Model" and f"{EntityType.MODEL}" == "Model"
    with pytest.raises(ValueError):
        EntityType("Modle")


def test_spacy_components_get_the_lexicon_through_their_config(tmp_path):
    from kg.ingest import PaperItem
    from kg.nlp import annotate, build_nlp, pipeline_lexicon
    from kg.vocab import load_vocabulary

    for path in lexicon_dir().iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    with open(tmp_path / "type-nouns-benchmark.txt", "a", encoding="utf-8") as handle:
        handle.write("gauntlet\n")
    vocabulary = load_vocabulary()
    custom, default = build_nlp(vocabulary, tmp_path), build_nlp(vocabulary)
    assert custom.config["components"]["name_finder"]["lexicon"] == {"@misc": "papers_kg.lexicon.v1", "directory": str(tmp_path)}
    assert pipeline_lexicon(custom) is load_lexicon(tmp_path)
    item = PaperItem("t.txt", 1, "Some paper title here", "We run the ZorbiQ gauntlet today.")

    def types(nlp):
        [ann] = annotate(nlp, [item], vocabulary)
        return {v.type for m in ann.mentions if m.text == "ZorbiQ" for v in m.votes}
    assert types(custom) == {EntityType.BENCHMARK} and types(default) == set()


def test_kg_namespace_declares_exactly_the_ontology_terms():
    """A term added to ontology/papers-kg.ttl must be declared in kg.namespaces.KG, and the other way round."""
    import re

    from kg.vocab import ontology_dir

    defined = set(re.findall(r"^kg:([A-Za-z]+)", (ontology_dir() / "papers-kg.ttl").read_text(encoding="utf-8"), re.M))
    assert defined == set(KG.__annotations__)
