"""Lineage by name through indexes: the same (child, parent) pairs as comparing every pair, without doing so."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kg import name_index
from kg.name_index import (
    KeyPrefixes,
    label_extensions,
    lineage_by_name,
    phrase_extensions,
)


def all_pairs(labels: list[tuple[str, str]], long_names: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The rule as relations._lineage_by_name stated it before the index: every child against every parent."""
    by_length = sorted(labels, key=lambda x: -len(x[0]))
    pairs = set()
    for child_label, child_key in sorted(labels, key=lambda x: x[1]):
        for parent_key, parent_names in sorted(long_names.items()):
            if parent_key != child_key and any(
                re.search(rf"\S\s+{re.escape(p)}$", c) for p in parent_names for c in long_names[child_key]
            ):
                pairs.add((child_key, parent_key))
        for parent_label, parent_key in by_length:
            if parent_key == child_key or len(parent_label) < 3 or not re.search(r"[A-Z]{2}", parent_label):
                continue
            pattern = rf"(^{re.escape(parent_label)}[-\u2010](?=[A-Za-z])|[a-z\-]{re.escape(parent_label)}$|^[A-Z][a-z]+{re.escape(parent_label)}$)"
            if re.search(pattern, child_label):
                pairs.add((child_key, parent_key))
                break
        for parent_label, parent_key in labels:  # compounds: 'AU-Net' from 'U-Net'
            if (parent_key != child_key and len(parent_label) >= 4 and parent_label[0].isupper()
                    and re.search(r"[a-z]", parent_label) and re.search(rf"^[A-Z](?:[a-z]+)?{re.escape(parent_label)}\Z", child_label)):
                pairs.add((child_key, parent_key))
        for parent_label, parent_key in labels:  # next versions: 'Reinforce++' from 'Reinforce'
            if parent_key != child_key and len(parent_label) >= 2 and re.search(rf"^{re.escape(parent_label)}[-\u2010]?\+\+\Z", child_label):
                pairs.add((child_key, parent_key))
    return sorted(pairs)


def test_a_phrase_after_words_of_its_own_extends_it():
    names = {
        "mappo": {"Multi-Agent Proximal Policy Optimization"},
        "ppo": {"Proximal Policy Optimization"},
        "po": {"Policy Optimization"},
        "other": {"Proximal Policy"},  # a head, not a tail
        "glued": {"MultiProximal Policy Optimization"},  # a tail in words, but not after a word of its own
    }
    assert phrase_extensions(names) == {("mappo", "ppo"), ("mappo", "po"), ("ppo", "po"), ("glued", "po")}


def test_a_label_made_from_an_acronym_like_label_extends_it():
    labels = [("GRPO", "grpo"), ("GRPO-RoC", "grpo-roc"), ("online-DPO", "online-dpo"), ("DPO", "dpo"),
              ("Adam", "adam"), ("nAdam", "nadam"), ("DPO-7", "dpo-7"), ("xDPO", "xdpo"), ("Tree-GRPO", "tree-grpo")]
    # 'Adam' has no two capitals in a row; 'DPO-7' has no letter after its hyphen.
    assert label_extensions(labels) == {"grpo-roc": "grpo", "online-dpo": "dpo", "xdpo": "dpo", "tree-grpo": "grpo"}


def test_a_capital_or_capitalised_word_glued_before_a_mixed_case_label_extends_it():
    labels = [("Z-Net", "z-net"), ("AZ-Net", "az-net"), ("Quxa", "quxa"), ("HedgeQuxa", "hedgequxa"), ("QQuxa", "qquxa"),
              ("hedgeQuxa", "lower"), ("Hedge Quxa", "spaced"), ("ABC", "abc"), ("XABC", "xabc")]
    # 'ABC' has no lowercase letter (the label shape decides those); a lowercase head or a space is no compound.
    assert name_index.compound_extensions(labels) == {("az-net", "z-net"), ("hedgequxa", "quxa"), ("qquxa", "quxa")}


def test_a_label_with_plus_plus_after_another_is_its_next_version():
    labels = [("Quxa", "quxa"), ("Quxa++", "next"), ("Quxa-++", "hyphen"), ("Quxa+", "one"), ("AQuxa++", "other")]
    assert name_index.next_version_extensions(labels) == {("next", "quxa"), ("hyphen", "quxa")}


def test_the_longest_parent_label_wins_then_the_first_listed():
    labels = [("GRPO", "grpo"), ("GRPO-CD", "grpo-cd"), ("GRPO-CD-Max", "child")]
    assert label_extensions(labels) == {"grpo-cd": "grpo", "child": "grpo-cd"}
    twins = [("ABC", "first"), ("ABC", "second"), ("ABC-x", "child")]
    assert label_extensions(twins) == {"child": "first"}


def test_label_edges_through_the_unicode_hyphen_and_before_a_final_newline():
    labels = [("ABC", "abc"), ("ABC\u2010x", "head"), ("xABC\n", "tail"), ("Ab ABC\n", "words")]
    assert label_extensions(labels) == {"head": "abc", "tail": "abc"}


def test_a_method_is_not_its_own_parent():
    assert lineage_by_name([("GRPO", "grpo")], {"grpo": {"Group Relative Policy Optimization"}}) == []


def test_unrelated_names_compile_no_pattern(monkeypatch):
    """Never all pairs: names that share no piece are never tested against each other."""
    compiled = []
    for helper in ("_phrase_tail", "_label_shape"):
        original = getattr(name_index, helper)
        monkeypatch.setattr(name_index, helper, lambda name, original=original: compiled.append(name) or original(name))
    labels = [(f"ZQ{i:03d} Method Number {i}", f"k{i}") for i in range(300)]
    long_names = {key: {label} for label, key in labels}
    assert lineage_by_name(labels, long_names) == []
    assert compiled == []


# Base names glued from a few pieces (acronyms, lowercase, both hyphens, spaces), and names derived from them
# by a head, a tail and perhaps the final newline '$' lets a match end before, so that heads, tails and word
# tails of different names collide often.
_names = st.lists(st.sampled_from(["ABC", "AB", "Ab", "a", "x", "-", "\u2010", " ", "Q", "Abcd"]), max_size=4).map("".join)
_heads = st.sampled_from(["", "x", "a-", "Ab", "Q", "Ab ", "x y ", "-", " ", "Qx"])
_tails = st.sampled_from(["", "-x", "\u2010Ab", "-1", " Ab", "x", "\n", "++", "-++", "+++"])


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_index_gives_the_all_pairs_answer(data):
    bases = data.draw(st.lists(_names, min_size=1, max_size=6))
    derived = data.draw(st.lists(st.tuples(_heads, st.sampled_from(bases), _tails).map("".join), max_size=8))
    methods = [(label, data.draw(st.lists(st.sampled_from(bases + derived), max_size=2))) for label in bases + derived]
    labels = [(label, f"k{i}") for i, (label, _) in enumerate(methods)]
    long_names = {f"k{i}": {n for n in (label, *others) if len(n.split()) >= 2} for i, (label, others) in enumerate(methods)}
    assert lineage_by_name(labels, long_names) == all_pairs(labels, long_names)


def test_key_prefixes_follow_a_growing_dict():
    entities = {"qwen2.5": 1, "qwen2.5-7b": 2, "llama-3": 3}
    keys = KeyPrefixes(entities)
    assert keys.starting_with("qwen") == ["qwen2.5", "qwen2.5-7b"]
    entities["qwen"] = 4  # added after the first question, as families are while linking
    entities["qwe"] = 5
    assert keys.starting_with("qwen") == ["qwen", "qwen2.5", "qwen2.5-7b"]
    assert keys.starting_with("llama-3") == ["llama-3"]
    assert keys.starting_with("gpt") == []
    entities.clear()
    with pytest.raises(RuntimeError):
        keys.starting_with("q")


class _CountingDict(dict):
    """A dict that counts the keys read from it in order (iteration, forwards or backwards)."""

    read = 0

    def __iter__(self):
        for key in super().__iter__():
            _CountingDict.read += 1
            yield key

    def __reversed__(self):
        for key in super().__reversed__():
            _CountingDict.read += 1
            yield key


def test_key_prefixes_read_only_the_keys_added_since_the_last_question():
    """Linking asks once per entity; walking the whole dict to skip the keys already taken made each question cost
    the dict's size (the families pass grew with the square of the entities: 4.8 of 17 CPU s at 8 copies)."""
    entities = _CountingDict({f"k{i}": i for i in range(1000)})
    keys = KeyPrefixes(entities)
    assert keys.starting_with("k99") == ["k99", "k990", "k991", "k992", "k993", "k994", "k995", "k996", "k997", "k998", "k999"]
    _CountingDict.read = 0
    for _ in range(50):
        keys.starting_with("k5")
    assert _CountingDict.read == 0
    entities["k5x"] = 0
    assert "k5x" in keys.starting_with("k5")
    assert _CountingDict.read == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.text(alphabet="ab-\U0010ffff", max_size=4), st.text(alphabet="ab-", max_size=3)), max_size=20))
def test_key_prefixes_give_what_a_scan_gives(steps):
    entities: dict[str, int] = {}
    keys = KeyPrefixes(entities)
    for key, prefix in steps:
        entities[key] = 0
        assert keys.starting_with(prefix) == sorted(k for k in entities if k.startswith(prefix))


FAMILIES = (
    "Top AI Papers of the Week (June 2 - 8)\n"
    "1. Zorbix Models\n"
    "Researchers release Zorbix4, a new language model built upon Qwen2.5-7B. Zorbix4V, a new vision model, outperforms Zorbix4. "
    "They also release Zorbix-1M and Zorbix-7B-Instruct-1M, long-context models trained from Zorbix4.\n"
    "2. Velvet Tuning\n"
    "Velvet Tuning (VT) is a method that builds on LoRA. Applying it to Llama-3.1-8B improves accuracy on AIME 2024.\n"
)


def test_linking_finds_families_through_the_key_prefixes(tmp_path):
    """The two family rules that looked through every entity now look up keys: a name that drops middle parts
    ('Zorbix-7B-Instruct-1M' -> 'Zorbix-1M') and a model name plus a short suffix ('Zorbix4V' -> 'Zorbix4')."""
    from kg.pipeline import build

    (tmp_path / "week.txt").write_text(FAMILIES, encoding="utf-8")
    entities = build([tmp_path]).corpus.entities
    family = {e.label: entities[e.variant_of].label for e in entities.values() if e.variant_of}
    assert family["Zorbix-7B-Instruct-1M"] == "Zorbix-1M"
    assert family["Zorbix4V"] == "Zorbix4"
