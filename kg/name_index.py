"""Which method names are made from other method names, found through indexes, never by comparing every pair.

Three shapes of name say that one method extends another (relations._lineage_by_name turns them into edges):

- phrases: a name of two or more words that ends with another such name after words of its own
  ('Multi-Agent Proximal Policy Optimization' ends with 'Proximal Policy Optimization');
- labels: a label made from an acronym-like label (three or more characters, two capitals in a row) by a
  hyphenated tail ('GRPO-RoC' from 'GRPO') or a lowercase or hyphenated head ('online-DPO', 'dDPO', 'Tree-GRPO');
- compounds: a capital letter or capitalised word glued before a mixed-case label ('AU-Net' from 'U-Net');
- next versions: a label with '++' after another ('Reinforce++' from 'Reinforce').

Comparing every child with every parent is quadratic in the number of methods, and a regex per pair also
overflows Python's regex cache, so a corpus of a few years spent minutes here. Instead each child name is cut
into the few pieces a parent could be (its word tails; its text before a hyphen; its tails after a lowercase
letter or hyphen) and the pieces are looked up in a dict of parent names. A hit is only a candidate: the
original pattern, compiled once per parent name, still decides, so the edges are exactly those of the
all-pairs rule (tests/test_name_index.py compares the two on generated names).
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Any

_ACRONYM_LIKE = re.compile(r"[A-Z]{2}")
_HEAD_JOINERS = frozenset("-\u2010")  # ASCII hyphen and the Unicode hyphen digests also use
_TAIL_OPENERS = frozenset("abcdefghijklmnopqrstuvwxyz-")


def _phrase_tail(parent_name: str) -> re.Pattern[str]:
    return re.compile(rf"\S\s+{re.escape(parent_name)}$")


def _label_shape(parent_label: str) -> re.Pattern[str]:
    p = re.escape(parent_label)
    return re.compile(rf"(^{p}[-\u2010](?=[A-Za-z])|[a-z\-]{p}$|^[A-Z][a-z]+{p}$)")


def phrase_extensions(names: Mapping[str, Iterable[str]]) -> set[tuple[str, str]]:
    """(child, parent) keys where one of the child's names is one of the parent's names after a word or more.

    ``names`` maps each key to its names of two or more words. A match needs the parent name to be a
    proper tail of the child name in whole words, so child names are indexed by their word tails."""
    listed = {key: tuple(key_names) for key, key_names in names.items()}  # read more than once
    by_word_tail: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for key, key_names in listed.items():
        for name in key_names:
            words = tuple(name.split())
            for start in range(1, len(words)):
                by_word_tail[words[start:]].add(key)
    pairs: set[tuple[str, str]] = set()
    for parent, parent_names in listed.items():
        for parent_name in parent_names:
            children = by_word_tail.get(tuple(parent_name.split()), set()) - {parent}
            if children:
                tail = _phrase_tail(parent_name)
                pairs.update((child, parent) for child in children if any(tail.search(c) for c in listed[child]))
    return pairs


def label_extensions(labels: Sequence[tuple[str, str]]) -> dict[str, str]:
    """For each child key, the parent key whose label its label is made from: the longest such label, and
    among equally long ones the first in ``labels`` (pairs of label and key, in the corpus's order)."""
    by_label: dict[str, list[tuple[int, str]]] = defaultdict(list)
    longest_first = sorted(range(len(labels)), key=lambda i: -len(labels[i][0]))
    for rank, i in enumerate(longest_first):
        label, key = labels[i]
        if len(label) >= 3 and _ACRONYM_LIKE.search(label):
            by_label[label].append((rank, key))
    shapes: dict[str, re.Pattern[str]] = {}  # compiled only for labels some child's piece hits
    parent_of: dict[str, str] = {}
    for child_label, child in labels:
        best: tuple[int, str] | None = None
        for piece in _label_pieces(child_label):
            for rank, parent in by_label.get(piece, ()):
                if parent == child or (best is not None and rank > best[0]):
                    continue
                if piece not in shapes:
                    shapes[piece] = _label_shape(piece)
                if shapes[piece].search(child_label):
                    best = (rank, parent)
        if best is not None:
            parent_of[child] = best[1]
    return parent_of


def _label_pieces(label: str) -> set[str]:
    """Every substring of ``label`` that the label-shape pattern could read as the parent label."""
    pieces = {label[:i] for i, ch in enumerate(label) if ch in _HEAD_JOINERS}
    # '$' also matches before a final newline, so a tail may end there too.
    ends = (len(label), len(label) - 1) if label.endswith("\n") else (len(label),)
    for end in ends:
        pieces.update(label[j:end] for j in range(1, end) if label[j - 1] in _TAIL_OPENERS)
    return pieces


def _compound_shape(parent_label: str) -> re.Pattern[str]:
    return re.compile(rf"^[A-Z](?:[a-z]+)?{re.escape(parent_label)}\Z")


def compound_extensions(labels: Sequence[tuple[str, str]]) -> set[tuple[str, str]]:
    """(child, parent) keys where the child's label is a capital letter or a capitalised word glued before a
    mixed-case parent label of four or more characters: 'AU-Net' from 'U-Net', 'QLoRA' from 'LoRA',
    'HedgeMamba' from 'Mamba'. Child labels are cut at each capital after the first character, and the
    pieces looked up among the parents."""
    by_label: dict[str, list[str]] = defaultdict(list)
    for label, key in labels:
        if len(label) >= 4 and label[0].isupper() and any(c.islower() for c in label):
            by_label[label].append(key)
    shapes: dict[str, re.Pattern[str]] = {}  # compiled once per parent label some child's piece hits
    pairs: set[tuple[str, str]] = set()
    for child_label, child in labels:
        for j in range(1, len(child_label)):
            piece = child_label[j:]
            if not child_label[j].isupper() or piece not in by_label:
                continue
            if piece not in shapes:
                shapes[piece] = _compound_shape(piece)
            if shapes[piece].search(child_label):
                pairs.update((child, parent) for parent in by_label[piece] if parent != child)
    return pairs


def next_version_extensions(labels: Sequence[tuple[str, str]]) -> set[tuple[str, str]]:
    """(child, parent) keys where the child's label is the parent's label with '++' after it, the usual way of
    naming an improved version of a method ('Reinforce++'): one dict lookup per child."""
    by_label: dict[str, list[str]] = defaultdict(list)
    for label, key in labels:
        by_label[label].append(key)
    pairs: set[tuple[str, str]] = set()
    for child_label, child in labels:
        if not child_label.endswith("++"):
            continue
        base = child_label[:-2]  # 'Zorb++' of 'Zorb'; 'Zorb-++' of 'Zorb' (or of a label 'Zorb-')
        for parent_label in {base, base[:-1]} if base[-1:] in _HEAD_JOINERS else {base}:
            if len(parent_label) >= 2:
                pairs.update((child, parent) for parent in by_label.get(parent_label, ()) if parent != child)
    return pairs


def lineage_by_name(labels: Sequence[tuple[str, str]], long_names: Mapping[str, Iterable[str]]) -> list[tuple[str, str]]:
    """Every (child, parent) pair of method keys that some shape of name links, sorted."""
    pairs = phrase_extensions(long_names)
    pairs.update(label_extensions(labels).items())
    pairs.update(compound_extensions(labels))
    pairs.update(next_version_extensions(labels))
    return sorted(pairs)


class KeyPrefixes:
    """The keys of a dict that only grows, found by their opening: the keys that start with a prefix, in
    sorted order, without scanning them all. Keys added to the dict since the last question are taken in first
    (a dict keeps insertion order, so they are its last ones)."""

    def __init__(self, entries: dict[str, Any]) -> None:
        self._entries = entries
        self._sorted: list[str] = []
        self._taken = 0

    def starting_with(self, prefix: str) -> list[str]:
        added = len(self._entries) - self._taken
        if added < 0:
            raise RuntimeError("KeyPrefixes: a key was removed from the dict it indexes")
        if added:
            # the new keys are the dict's last ones: read them from its end, since skipping the keys already
            # taken from its start would cost the dict's size on every question
            for key in islice(reversed(self._entries), added):
                insort(self._sorted, key)
            self._taken = len(self._entries)
        # by index, not islice: islice walks the list up to where the prefix's keys begin
        keys = self._sorted
        start = end = bisect_left(keys, prefix)
        while end < len(keys) and keys[end].startswith(prefix):
            end += 1
        return keys[start:end]
