"""Performance mechanisms of the build that must not change what it makes (issue 15)."""

from kg.link import Linker
from kg.vocab import fold, load_vocabulary


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
