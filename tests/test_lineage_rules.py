"""Issue 9, lineage side: model families in one scheme and method lineage, on invented names."""

from collections import defaultdict

from kg.link import Entity, Linker
from kg.namespaces import EntityType
from kg.vocab import fold, load_vocabulary


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
