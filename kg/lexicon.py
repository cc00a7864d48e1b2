"""The lexicon: every word list and cue pattern the rules read, loaded once from ``ontology/lexicon/``.

Each file holds one list, with ``#`` comment lines saying what it is for:

- ``*.txt``: one word or token per line;
- ``*.regex``: one regular expression, its non-comment lines concatenated as written (so a long
  pattern can be split over lines); ``(?i)`` at the start makes it case-insensitive and
  ``{{intro-verbs}}`` stands for intro-verbs.txt, sorted and joined by ``|``, ``{{type-nouns}}`` for
  every type-nouns-*.txt word and ``{{model-tiers}}`` for model-tiers.txt;
- ``weights.json``: the weight of each typing rule's vote (kg/nlp/ and kg/link.py name them);
- ``type-decision.json``: the fitted decision that types a discovered name or drops it
  (``kg.votes.TypeModel``; written by benchmarks/fit_weights.py, not by hand).

A new cue word goes into its file; nothing in the code needs to change.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, get_type_hints

import spacy

from .namespaces import EntityType
from .vocab import ontology_dir
from .votes import TypeModel


def lexicon_dir() -> Path:
    return ontology_dir() / "lexicon"


# eq=False: hashed by identity, so it is cheap as a key of the per-token caches (one instance per directory)
@dataclass(frozen=True, eq=False)
class Lexicon:
    # ---- typing nouns
    type_nouns: tuple[tuple[EntityType, frozenset[str]], ...]  # checked in this order: Model, Benchmark, Method
    list_nouns_benchmark: frozenset[str]
    module_nouns: frozenset[str]
    compared_method_nouns: frozenset[str]  # context.compared-among-methods: 'beats Zorb and prompt optimization'
    expansion_heads: tuple[tuple[EntityType | None, frozenset[str]], ...]  # None: the head says nothing
    expansion_heads_not_entity: frozenset[str]  # 'Zorb Agency Scale (ZAS)': a measure or a part, no entity
    # ---- organisations
    org_heads: frozenset[str]
    org_heads_before_of: frozenset[str]
    generic_org_heads: frozenset[str]
    generic_org_followers: frozenset[str]
    org_name_linkers: frozenset[str]
    org_unit_words: frozenset[str]  # lower case: 'Research' of 'Zorblax Research' (a unit of Zorblax)
    name_linking_words: frozenset[str]  # 'Tower of Quux': a plain-word name goes on over 'of' and a capitalised word
    research_group_nouns: frozenset[str]
    affiliation_prepositions: frozenset[str]
    release_verbs: frozenset[str]
    release_participles: frozenset[str]
    lineage_verb_after: re.Pattern[str]  # 'Zorb-2 extends GRPO': what a method's name says it extends
    org_author_before: re.Pattern[str]  # 'researchers from X': X's people did the work
    org_author_after: re.Pattern[str]  # 'X researchers propose'
    org_opening_verbs: frozenset[str]  # 'X proposes ...' opening an item's body whose title does not name X
    greek_prefixed_terms: frozenset[str]  # name.greek-prefix: 'α-helix', 'ε-greedy' are terms of a field, no coined name
    sentence_adverbs: frozenset[str]  # name.lab-run-opening: 'Recently', 'Today' opening a sentence are no part of a lab's name
    fronted_phrase_before: re.Pattern[str]  # 'On ZorbBench, the model ...': a comma that is no apposition
    # ---- name shapes
    model_tiers: frozenset[str]
    lower_case_tiers: frozenset[str]  # name.lower-case-tier: 'mini' of 'Zorb-4o mini'
    numbered_part_nouns: frozenset[str]  # lower case: 'table' in 'Table 3'
    benchmark_editions: frozenset[str]  # lower case: 'verified', 'pro', 'hard' after a benchmark's name
    family_tiers: frozenset[str]
    edition_words: frozenset[str]
    model_suffixes: frozenset[str]
    model_name_endings: frozenset[str]
    benchmark_name_endings: re.Pattern[str]
    benchmark_name_endings_exceptions: re.Pattern[str]
    method_name_endings: re.Pattern[str]
    policy_optimisation_shape: re.Pattern[str]
    role_compound_shape: re.Pattern[str]  # 'Zorbo-as-a-Critic'
    model_coinage_ending: re.Pattern[str]  # 'ZorbLM'
    statistic_shape: re.Pattern[str]  # 'N=13', 'p<0.001', '10M+': never a name
    number_format: re.Pattern[str]  # 'bfloat16', 'int4': never a name
    score_label_shape: re.Pattern[str]  # keep.score-label: 'QUXTYPE 0.94' is a label and its score
    negating_prefixes: frozenset[str]  # 'anti', 'non': 'anti-X' is no name
    metric_change_after: re.Pattern[str]  # 'X by 15.7%': X is a metric that changed
    adjective_suffixes: str  # a tokenizer suffix pattern, kept as text for spaCy's compile_suffix_regex
    # ---- context words
    intro_verbs: frozenset[str]
    naming_words: frozenset[str]
    list_words: frozenset[str]
    list_joiners: frozenset[str]
    elided_version_joiners: frozenset[str]  # name.elided-version: ',' 'and' in 'Zorb Pro 4 and 4.1'
    language_words: frozenset[str]  # 'English-Chinese': a language pair, no name (name.title-hyphen-compound)
    group_list_joiners: frozenset[str]  # list.grouped-by-domain: tokens between a list's head noun and its groups
    function_words: frozenset[str]
    articles: frozenset[str]
    indefinite_articles: frozenset[str]
    bullets: frozenset[str]
    sentence_openers: frozenset[str]  # 'in the U.S. It ships': a capitalised one after an abbreviation opens a sentence
    sentence_opening_marks: frozenset[str]
    name_closers: frozenset[str]
    apposition_openers: frozenset[str]
    copulas: frozenset[str]
    subject_intro_verbs: frozenset[str]  # 'Zorb introduces a framework': the phrase after them defines the subject
    phrase_determiners: frozenset[str]
    apposition_phrase_ends: frozenset[str]
    definition_phrase_ends: frozenset[str]
    apposition_closers: frozenset[str]
    result_prepositions: frozenset[str]
    score_verbs: frozenset[str]  # 'Zorb reaches 52.7%': the name before them is a system that scored
    possessive_markers: frozenset[str]
    acronym_list_separators: frozenset[str]
    not_system_titles: frozenset[str]
    generic_head_nouns: frozenset[str]
    value_signs: frozenset[str]
    person_after: re.Pattern[str]  # 'et al.', 'and collaborators': the name before is a person
    title_report_suffix: re.Pattern[str]  # 'Technical Report': the title names a document about the system
    system_name_joiners: frozenset[str]
    study_verbs: frozenset[str]  # 'discusses', 'explores': a continued title names a topic, not a system
    title_means_words: frozenset[str]  # 'Quux via Zorbish Routing': the title's technique follows them
    technique_heads: frozenset[str]  # lower case: 'distillation' ends 'Quibble Distillation', a method's name
    # ---- cue patterns
    eval_cues: re.Pattern[str]
    compare_word: re.Pattern[str]
    compared_model_shape: re.Pattern[str]
    title_prefix: re.Pattern[str]
    title_conjunction: re.Pattern[str]
    base_before: re.Pattern[str]
    base_after: re.Pattern[str]
    study_list_before: re.Pattern[str]
    compare_cues: re.Pattern[str]
    compare_subject_after: re.Pattern[str]  # 'X consistently outperforms Y': X is the comparison's subject
    subject_verb_gap: re.Pattern[str]  # 'X consistently beats': only adverbs between a subject and its verb
    compare_win_after: re.Pattern[str]  # '..., outperforming Y', '... beats Y': the sentence's subject wins over others
    extend_before: re.Pattern[str]
    extend_strong_before: re.Pattern[str]  # the lineage cues that state a parent without a cue of use
    extend_around: re.Pattern[str]
    extend_suffix: re.Pattern[str]
    anaphor_subject: re.Pattern[str]
    not_lineage_child: re.Pattern[str]
    not_lineage_parent: re.Pattern[str]
    elided_version_stop_after: re.Pattern[str]  # name.elided-version: 'Zorb 3 and 4 other models' counts
    version_apposition: re.Pattern[str]  # 'Zorb-G, an enhanced version ...': the name before is a version of a method
    use_word: re.Pattern[str]
    org_cue_before: re.Pattern[str]
    org_cue_after: re.Pattern[str]
    org_subject_after: re.Pattern[str]
    intro_cues: re.Pattern[str]
    intro_after: re.Pattern[str]
    intro_blockers: re.Pattern[str]
    negation_cues: re.Pattern[str]
    use_verbs: re.Pattern[str]
    conjunction: re.Pattern[str]
    clause_split: re.Pattern[str]
    quoted_label_before: re.Pattern[str]  # 'the upper clipping threshold ("' before a label the item coins
    quoted_label_after: re.Pattern[str]
    for_comparison: re.Pattern[str]  # 'for comparison, ...': a benchmark cited only to set against the item's own
    study_compare_verb: re.Pattern[str]  # 'a study compares X, Y and Z': it studies them
    contrast_clause: re.Pattern[str]  # ', but' / ', while' / ';': a comparison cue holds within its own clause
    definition_after: re.Pattern[str]
    clause_opening: re.Pattern[str]
    novel_subject_before: re.Pattern[str]
    novel_defined_after: re.Pattern[str]
    intro_list_before: re.Pattern[str]
    purpose_phrase_before: re.Pattern[str]  # 'a system for autonomous Quux Engineering (': the purpose, no new name
    defined_moved_after: re.Pattern[str]
    method_use_before: re.Pattern[str]
    method_use_after: re.Pattern[str]
    novel_typed_after: re.Pattern[str]
    novel_typed_before: re.Pattern[str]
    step_list_before: re.Pattern[str]  # 'a Draft, Check, Fix, ': plain words listed before the name
    bare_acronym_shape: re.Pattern[str]
    unvoted_code_shape: re.Pattern[str]  # 'CD68', 'T1', 'MSI-H': a short code that needs some cue to be a name
    once_written_code_shape: re.Pattern[str]  # 'TMB': plain capitals that need a cue when the digest writes them once
    own_system_joiners: frozenset[str]
    base_stated_before: re.Pattern[str]
    review_paper: re.Pattern[str]
    heading_label: re.Pattern[str]
    heading_bracket_before: re.Pattern[str]  # '● Layered recall (': a bullet's heading label up to a bracket
    heading_bracket_after: re.Pattern[str]  # '): ' / ') – ': the bracket closes the heading label
    benchmark_data_before: re.Pattern[str]
    benchmark_data_after: re.Pattern[str]
    model_role_before: re.Pattern[str]  # 'monitored by X', 'embeddings from models like X'
    model_role_after: re.Pattern[str]  # 'X as the judge', 'a X monitor'
    applied_list_before: re.Pattern[str]  # 'gains on models like X, Y'
    example_before: re.Pattern[str]  # 'large models like X': a name given as an example of a kind
    qualifier_examples_after: re.Pattern[str]  # 'X-based models like Y'
    prior_work_before: re.Pattern[str]  # 'current techniques like X', 'unlike X'
    prior_work_after: re.Pattern[str]  # 'X trains the agent, following prior work'
    model_tool: re.Pattern[str]  # 'calls NAME', 'NAME used as a tool' (NAME stands for the mention)
    title_qualifier_after: re.Pattern[str]  # 'o1-like LLMs' in a title: a kind, not the model
    title_compare_before: re.Pattern[str]  # 'Beyond X' in a title: a model it is set against
    kind_qualifier_after: re.Pattern[str]  # 'X-like LLMs' in the body: a kind, not the model
    baseline_after: re.Pattern[str]  # 'X-based baselines': a method named as a rival
    used_just_before: re.Pattern[str]  # 'uses X technology': an unseen name the paper uses, not its own
    studied_just_before: re.Pattern[str]  # 'a study on X': an unseen name the paper studies, not its own
    definite_term_before: re.Pattern[str]  # 'The ATE splits ...': a field's term, not the paper's name
    future_work_before: re.Pattern[str]  # 'Future directions include ... X': not used yet
    prior_benchmark_before: re.Pattern[str]  # 'existing benchmarks like X': prior work, for the whole item
    org_range: re.Pattern[str]
    title_maker_after: re.Pattern[str]  # 'Zorb V4' after the org name 'Zorb': its own model
    rival_before: re.Pattern[str]  # 'beating models trained on more data like X': a rival, not used
    use_verb_as_modifier: re.Pattern[str]  # 'a training recipe (X)': 'training' qualifies the noun, X is not used
    own_data_around: re.Pattern[str]  # 'introduces three datasets (X, Y)': data it builds (NAME is the mention)
    scored_on_before: re.Pattern[str]  # 'reaches 40% on X': where results are reported
    score_after: re.Pattern[str]  # 'ZorbQA 55.3': a score right after a name, which a benchmark is measured by
    # ---- the weight of each typing rule's vote, and the decisions' thresholds (weights.json)
    weights: Mapping[str, int]
    thresholds: Mapping[str, int]
    # ---- the fitted decision over a discovered name's votes (type-decision.json); None: the hand weights decide
    type_decision: TypeModel | None

    @property
    def capitalised_articles(self) -> frozenset[str]:
        return frozenset(w.capitalize() for w in self.articles)

    def noun_type(self, word: str) -> EntityType | None:
        for kind, nouns in self.type_nouns:
            if word in nouns:
                return kind
        return None


class LexiconError(ValueError):
    """A lexicon file is missing or malformed; one line for the user."""


def _lines(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise LexiconError(f"{path}: cannot read the lexicon file ({err.strerror})") from None
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def _words(base: Path, name: str) -> frozenset[str]:
    return frozenset(_lines(base / f"{name}.txt"))


def _ordered(base: Path, name: str) -> list[str]:
    return _lines(base / f"{name}.txt")


def _regex(base: Path, name: str, splice: dict[str, str]) -> re.Pattern[str]:
    text = "".join(_lines(base / f"{name}.regex"))
    for key, value in splice.items():
        text = text.replace("{{" + key + "}}", value)
    try:
        return re.compile(text)
    except re.error as err:
        raise LexiconError(f"{base / name}.regex: not a regular expression ({err})") from None


def _ending(words: list[str]) -> re.Pattern[str]:
    """Any of the words at the end of a name, in the file's order."""
    return re.compile("(" + "|".join(words) + ")$")


def _weights(base: Path) -> tuple[Mapping[str, int], Mapping[str, int]]:
    path = base / "weights.json"
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
        rules = {rule: int(w) for rule, w in table["rules"].items() if not rule.startswith("_")}
        thresholds = {name: int(w) for name, w in table["thresholds"].items() if not name.startswith("_")}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise LexiconError(f"{path}: not a weight table ({type(err).__name__})") from None
    return MappingProxyType(rules), MappingProxyType(thresholds)


def _type_decision(base: Path) -> TypeModel | None:
    path = base / "type-decision.json"
    if not path.is_file():
        return None
    try:
        return TypeModel.from_table(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise LexiconError(f"{path}: not a fitted type decision ({type(err).__name__}: {err})") from None


def _by_name(base: Path, rx: Callable[[str], re.Pattern[str]], special: set[str]) -> dict[str, Any]:
    """Every field that is one word list or one pattern, read from the file its name gives ('model_tiers' from
    model-tiers.txt, 'base_before' from base-before.regex), so a new list needs a field and a file, nothing more."""
    hints = get_type_hints(Lexicon)
    found: dict[str, Any] = {}
    for field in fields(Lexicon):
        file = field.name.replace("_", "-")
        if field.name in special:
            continue
        if hints[field.name] == frozenset[str]:
            found[field.name] = _words(base, file)
        elif hints[field.name] == re.Pattern[str]:
            found[field.name] = rx(file)
    return found


@lru_cache(maxsize=4)
def _load(directory: str) -> Lexicon:
    base = Path(directory)
    intro_verbs = _words(base, "intro-verbs")
    type_nouns = {kind: _words(base, f"type-nouns-{kind.value.lower()}")
                  for kind in (EntityType.MODEL, EntityType.BENCHMARK, EntityType.METHOD)}
    splice = {"intro-verbs": "|".join(map(re.escape, sorted(intro_verbs))),
              "type-nouns": "|".join(map(re.escape, sorted(set().union(*type_nouns.values()), key=lambda w: (-len(w), w)))),
              "model-tiers": "|".join(map(re.escape, sorted(_words(base, "model-tiers"), key=lambda w: (-len(w), w))))}

    def rx(name: str) -> re.Pattern[str]:
        return _regex(base, name, splice)

    weights, thresholds = _weights(base)
    special: dict[str, Any] = dict(
        type_nouns=tuple(type_nouns.items()),
        expansion_heads=(
            (EntityType.MODEL, _words(base, "expansion-heads-model")),
            (EntityType.BENCHMARK, _words(base, "expansion-heads-benchmark")),
            (None, _words(base, "expansion-heads-untyped")),
            (EntityType.ORGANIZATION, _words(base, "expansion-heads-organization")),
        ),
        benchmark_name_endings=_ending(_ordered(base, "benchmark-name-endings")),
        benchmark_name_endings_exceptions=_ending(_ordered(base, "benchmark-name-endings-exceptions")),
        method_name_endings=_ending(_ordered(base, "method-name-endings")),
        adjective_suffixes=r"(?<=[A-Za-z0-9+])-(?:" + "|".join(_ordered(base, "adjective-suffixes")) + r")$",
        intro_verbs=intro_verbs,
        weights=weights,
        thresholds=thresholds,
        type_decision=_type_decision(base),
    )
    return Lexicon(**_by_name(base, rx, set(special)), **special)


def load_lexicon(directory: Path | None = None) -> Lexicon:
    return _load(str(directory or lexicon_dir()))


@spacy.registry.misc("papers_kg.lexicon.v1")
def lexicon_from_config(directory: str = "") -> Lexicon:
    """The lexicon as a spaCy config value: ``{"@misc": "papers_kg.lexicon.v1", "directory": ...}``."""
    return load_lexicon(Path(directory) if directory else None)
