"""The one spaCy pipeline: tokenizer rules that keep names whole, sentences that end at line breaks, the
vocabulary's two rulers (exact case, and any case for names no prose would write in lower case) and the name finder.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import spacy
from spacy.language import Language
from spacy.pipeline import EntityRuler
from spacy.tokens import Doc
from spacy.util import compile_infix_regex, compile_suffix_regex

from ..lexicon import Lexicon, load_lexicon
from ..lexicon import lexicon_dir as default_lexicon_dir
from ..vocab import Vocabulary
from .finder import NameFinder
from .shapes import ANY_CASE_NAME


def _lexicon_config(directory: str = "") -> dict[str, str]:
    """The lexicon as a spaCy config value, resolved by kg.lexicon's registered function ("" is ontology/lexicon/)."""
    return {"@misc": "papers_kg.lexicon.v1", "directory": directory}


_LEXICON_CONFIG = _lexicon_config()


@Language.factory("line_breaks", default_config={"lexicon": _LEXICON_CONFIG})
def make_line_breaks(nlp: Language, name: str, lexicon: Lexicon) -> LineBreaks:
    return LineBreaks(lexicon.bullets, lexicon.sentence_openers)


class LineBreaks:
    """A line break ends a sentence: digests put headings and bullets on their own lines. So does an abbreviation's
    period before a word that only opens sentences (sentences.abbreviation-end)."""

    def __init__(self, bullets: frozenset[str], openers: frozenset[str]):
        self.bullets = bullets
        self.openers = openers

    def __call__(self, doc: Doc) -> Doc:
        for token in doc[:-1]:
            if "\n" in token.text or "\n" in token.whitespace_:
                doc[token.i + 1].is_sent_start = True
            # the tokenizer leaves an abbreviation its period ('U.S.', 'Inc.'), which the sentencizer then takes for
            # no sentence end: 'sold in the U.S. It also ships' was one sentence
            after = doc[token.i + 1]
            if len(token.text) > 1 and token.text.endswith(".") and token.whitespace_ and after.is_title \
                    and after.lower_ in self.openers:
                after.is_sent_start = True
            if token.text in self.bullets and (token.i == 0 or "\n" in doc[token.i - 1].text_with_ws):
                doc[token.i + 1].is_sent_start = False
        return doc


@Language.factory("vocabulary_ruler", default_config={"phrase_matcher_attr": "ORTH"})
def make_vocabulary_ruler(nlp: Language, name: str, phrase_matcher_attr: str) -> VocabularyRuler:
    return VocabularyRuler(nlp, name, phrase_matcher_attr=phrase_matcher_attr, validate=False)


class VocabularyRuler(EntityRuler):
    """spaCy's entity ruler, over the vocabulary's names and aliases.

    spaCy 3.8's ruler counts every one of its patterns on every document, only to warn when it has none (W036):
    half of the two rulers' time over the corpus (0.23 of 0.44 CPU s). These rulers are only added with patterns."""

    def _require_patterns(self) -> None:
        return None


@Language.factory("name_finder", default_config={"lexicon": _LEXICON_CONFIG})
def make_name_finder(nlp: Language, name: str, lexicon: Lexicon) -> NameFinder:
    return NameFinder(frozenset(), frozenset(), lexicon)


def _tokenizer_rules(nlp: Language, lex: Lexicon) -> None:
    # Keep hyphenated names whole (Qwen2.5-Math-7B, GRPO-RoC): drop the letter-hyphen-letter infix,
    # but still split dashes used as punctuation and slashes between names (GPTQ/AWQ).
    tokenizer: Any = nlp.tokenizer  # spaCy's Tokenizer (Cython, no type stub)
    infixes = [p for p in cast(list[str], nlp.Defaults.infixes) if "-|–|—" not in p and r"[+\-\*^]" not in p]
    infixes += [r"—|–|(?<=[A-Za-z0-9])--(?=[A-Za-z0-9])", r"(?<=[A-Za-z0-9+])/(?=[A-Za-z0-9])"]
    tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    # Unit suffixes ('1M' -> '1' 'M') would cut names such as Qwen2.5-7B-Instruct-1M; measurements stay whole.
    suffixes = [p for p in cast(list[str], nlp.Defaults.suffixes) if "km|km²" not in p]
    # A name's closing period is cut ('R1.' -> 'R1' '.'), an abbreviation's is not (tokenizer.abbreviation-period:
    # 'U.S.' cut became a sentence end before 'SEC').
    suffixes += [r"(?<=[A-Z0-9+])(?<![A-Z]\.[A-Z])\.$", r"(?<=[A-Za-z0-9])[’']s$", lex.adjective_suffixes]
    tokenizer.suffix_search = compile_suffix_regex(suffixes).search
    tokenizer.url_match = None


def build_nlp(vocabulary: Vocabulary, lexicon_dir: Path | None = None) -> Language:
    """The one spaCy pipeline, built once per vocabulary and lexicon and reused for every digest and build."""
    return _build_nlp(vocabulary, str(lexicon_dir or default_lexicon_dir()))


@lru_cache(maxsize=4)
def _build_nlp(vocabulary: Vocabulary, lexicon_dir: str) -> Language:
    lexicon_config = _lexicon_config(lexicon_dir)
    nlp = spacy.blank("en")
    _tokenizer_rules(nlp, load_lexicon(Path(lexicon_dir)))
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("line_breaks", config={"lexicon": lexicon_config})
    ruler = cast(EntityRuler, nlp.add_pipe("vocabulary_ruler", name="entity_ruler", config={"phrase_matcher_attr": "ORTH"}))
    patterns: list[dict[str, Any]] = []
    for entry in vocabulary.entries:
        for alias in sorted({entry.id, *entry.aliases}):
            patterns.append({"label": entry.type.value, "pattern": alias, "id": entry.id})
    # A ruler reads its phrase patterns through the components before it; patterns need only their tokens.
    with nlp.select_pipes(disable=nlp.pipe_names[: nlp.pipe_names.index("entity_ruler")]):
        ruler.add_patterns(patterns)
    any_case_patterns = [p for p in patterns if ANY_CASE_NAME.search(p["pattern"])]
    if any_case_patterns:  # an empty ruler warns on every document (spaCy's W036)
        any_case = cast(EntityRuler, nlp.add_pipe("vocabulary_ruler", name="entity_ruler_any_case",
                                                  config={"phrase_matcher_attr": "LOWER"}))
        with nlp.select_pipes(disable=nlp.pipe_names[: nlp.pipe_names.index("entity_ruler_any_case")]):
            any_case.add_patterns(any_case_patterns)
    finder = cast(NameFinder, nlp.add_pipe("name_finder", config={"lexicon": lexicon_config}))
    # The vocabulary's names reach the finder after it is made, not through its config: spaCy type-checks every
    # element of a component's config, which for these thousands of names was a third of the pipeline's making.
    by_fold = vocabulary.by_fold()
    finder.know(frozenset(vocabulary.not_entities), frozenset(by_fold),
                {name: [entry.type.value, entry.id] for name, entry in sorted(by_fold.items())})
    return nlp
