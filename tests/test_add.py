"""kg add: the graph a store holds after adds is the graph a build of its digests makes, and an add runs
spaCy only on the digests it has not annotated before (kg.annotation_cache)."""

import shutil
from pathlib import Path

import pyoxigraph as ox

from kg import annotation_cache
from kg.graph import to_turtle
from kg.ingest import collect_digest_files
from kg.pipeline import Step, add_to_store
from kg.store import OxigraphStore

from conftest import CORPUS, SEEDS


def _triples(store: OxigraphStore) -> set[str]:
    return set(store.dump(dataset=False).decode("utf-8").splitlines())


def _built(result) -> set[str]:
    graph = ox.parse(to_turtle(result.graph), format=ox.RdfFormat.TURTLE)
    return set((ox.serialize(graph, format=ox.RdfFormat.N_TRIPLES) or b"").decode("utf-8").splitlines())


def _annotated(steps: list[Step]) -> int:
    return sum(1 for step in steps if step.stage == "annotate")


def test_annotations_read_back_as_made(seeds_result):
    by_digest: dict[str, list] = {}
    for ann in seeds_result.annotated:
        by_digest.setdefault(ann.item.digest_file, []).append(ann)
    assert len(seeds_result.annotated) == sum(len(d.items) for d in seeds_result.corpus.digests)
    for digest in seeds_result.corpus.digests:
        made = tuple(by_digest[digest.source_file])
        assert any(ann.mentions for ann in made) and any(m.votes for ann in made for m in ann.mentions)
        assert annotation_cache.decode(annotation_cache.encode(made), digest) == made
        # Text that does not fit the digest is no annotation of it.
        assert annotation_cache.decode(annotation_cache.encode(made[:-1]), digest) is None
        assert annotation_cache.decode("{not json", digest) is None


def test_add_annotates_only_new_digests_and_equals_a_build(seeds_result, tmp_path):
    files = sorted(SEEDS.glob("*.txt"))
    folder = tmp_path / "digests"
    folder.mkdir()
    for file in files[:-1]:
        shutil.copy(file, folder / file.name)
    store = OxigraphStore()
    first: list[Step] = []
    add_to_store(store, [folder], progress=first.append)
    items = {d.source_file: len(d.items) for d in seeds_result.corpus.digests}
    assert _annotated(first) == sum(items[f.name] for f in files[:-1])

    shutil.copy(files[-1], folder / files[-1].name)
    second: list[Step] = []
    outcomes = add_to_store(store, [folder], progress=second.append)
    assert [o.status for o in outcomes] == ["unchanged"] * (len(files) - 1) + ["added"]
    assert _annotated(second) == items[files[-1].name]  # the stored digests were not annotated again
    assert _triples(store) == _built(seeds_result)


def test_annotations_from_another_pipeline_are_not_used(seeds_result, tmp_path):
    store = OxigraphStore()
    add_to_store(store, [SEEDS])
    # As if the annotations had been made by another vocabulary, lexicon or version of kg: their key differs.
    store.update("DELETE { GRAPH kg:ledger { ?d kg:annotationKey ?k } } INSERT { GRAPH kg:ledger { ?d kg:annotationKey 'old' } } "
                 "WHERE { GRAPH kg:ledger { ?d kg:annotationKey ?k } }")
    changed = SEEDS / "000_29414c920c700738.txt"
    folder = tmp_path / "changed"
    folder.mkdir()
    (folder / changed.name).write_bytes(changed.read_bytes() + b"\n")
    steps: list[Step] = []
    add_to_store(store, [folder], progress=steps.append)
    assert _annotated(steps) == len(seeds_result.annotated)
    keys = {key for key, _ in store.annotations().values()}
    assert "old" not in keys and len(keys) == len(seeds_result.corpus.digests)


def test_add_of_the_corpus_in_two_steps_equals_its_build(corpus_result, tmp_path):
    """The 122 weekly digests: half added, then the whole folder (the first half then comes from the stored
    annotations), give the graph `kg build` makes of the folder."""
    files = collect_digest_files([CORPUS])
    half = tmp_path / "half"
    half.mkdir()
    for file in files[: len(files) // 2]:
        target = half / file.source_file
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(file.path, target)
    store = OxigraphStore()
    add_to_store(store, [half])
    steps: list[Step] = []
    add_to_store(store, [CORPUS], progress=steps.append)
    assert _annotated(steps) == sum(len(d.items) for d in corpus_result.corpus.digests[len(files) // 2:])
    assert _triples(store) == _built(corpus_result)


def test_the_fingerprint_reads_every_rule_module():
    """The stage-2 rules live in the subpackage kg/nlp/: a change there must invalidate stored annotations."""
    import kg

    package = Path(kg.__file__).parent
    hashed = set(annotation_cache.source_files())
    assert package / "nlp" / "finder.py" in hashed and package / "nlp" / "context.py" in hashed
    assert hashed == set(package.rglob("*.py"))


def test_the_key_is_what_annotation_reads(seeds_result):
    """Same items, same key (whatever the date a digest is read with); an edited text, another key."""
    from dataclasses import replace

    from kg.vocab import load_vocabulary

    pipeline = annotation_cache.fingerprint(load_vocabulary())
    digest = seeds_result.corpus.digests[0]
    key = annotation_cache.digest_key(pipeline, digest)
    assert annotation_cache.digest_key(pipeline, replace(digest, date="1999-01-01")) == key
    edited = replace(digest, items=(replace(digest.items[0], body=digest.items[0].body + " GRPO"), *digest.items[1:]))
    assert annotation_cache.digest_key(pipeline, edited) != key
    assert annotation_cache.digest_key("another pipeline", digest) != key
