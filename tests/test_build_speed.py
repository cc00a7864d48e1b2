"""Performance mechanisms of the build that must not change what it makes (issue 15)."""

import gc

import kg.pipeline
from kg.link import Linker
from kg.pipeline import build, render_outputs
from kg.vocab import fold, load_vocabulary

from conftest import write_digest

# three items: one item alone does not read as a digest
WEEK = "Top AI Papers of the Week (Jan 1 - 7)\n" + "".join(
    f"{n}. Zorb Tuning {n}\nProposes ZorbPO{n}, a method by Quill Labs that fine-tunes QX-Net-7B on ZorbBench.\n" for n in (1, 2, 3))


def test_an_organisation_before_a_known_name_is_found_at_the_names_own_hyphens(tmp_path):
    (tmp_path / "vocabulary.jsonl").write_text(
        '{"id": "Zorbco", "type": "Organization", "aliases": ["Zorbco Labs"], "variant_of": null}\n'
        '{"id": "Quillai", "type": "Organization", "aliases": [], "variant_of": null}\n'
        '{"id": "QX-Net-2", "type": "Model", "aliases": [], "variant_of": null}\n'
        '{"id": "Labs-QX-Net-2", "type": "Model", "aliases": [], "variant_of": null}\n')
    (tmp_path / "not-entities.txt").write_text("")
    linker = Linker(load_vocabulary(tmp_path))
    assert linker._resolve("Quillai-QX-Net-2", {}) == fold("QX-Net-2")
    # the longest organisation wins, as when every organisation was tried longest first
    assert linker._resolve("Zorbco Labs-QX-Net-2", {}) == fold("QX-Net-2")
    assert linker._resolve("Quillai-Zorbnet", {}) == fold("Quillai-Zorbnet")  # nothing known after it

    def every_organisation(folded):  # the rule as it read before: each organisation of the vocabulary in turn
        for prefix in linker.org_prefixes:
            if folded.startswith(prefix + "-") and folded[len(prefix) + 1 :] in linker.vocab_by_fold:
                return folded[len(prefix) + 1 :]
        return None

    for name in ("Zorbco-QX-Net-2", "Zorbco-Labs-QX-Net-2", "Quillai-Labs-QX-Net-2", "Zorbco-", "-QX-Net-2",
                 "QX-Net-2", "Zorbco--QX-Net-2", "Quillai-Zorbco-QX-Net-2", "Zorbcolabs-QX-Net-2"):
        assert linker._after_org_prefix(fold(name)) == every_organisation(fold(name)), name


def test_the_build_spares_the_collector_what_each_stage_keeps_and_gives_it_back(tmp_path, monkeypatch):
    write_digest(tmp_path, "week.txt", WEEK)
    frozen_while_linking = []
    real_link = kg.pipeline.link

    def link(*args):
        frozen_while_linking.append(gc.get_freeze_count())
        return real_link(*args)

    monkeypatch.setattr(kg.pipeline, "link", link)
    assert gc.get_freeze_count() == 0
    result = build([tmp_path])
    assert frozen_while_linking and frozen_while_linking[0] > 0  # the annotations were frozen before linking
    assert gc.get_freeze_count() == 0  # and are collectable again once the build is over
    turtle, page = render_outputs(result)
    assert gc.get_freeze_count() == 0
    assert b"ZorbPO1" in turtle and "<html" in page


def test_a_callers_own_freeze_is_left_alone(tmp_path):
    write_digest(tmp_path, "week.txt", WEEK)
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        build([tmp_path])
        assert gc.get_freeze_count() <= frozen  # nothing of the build frozen (some of the caller's may have gone)
    finally:
        gc.unfreeze()
