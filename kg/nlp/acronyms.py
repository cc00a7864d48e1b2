"""Acronyms and what they stand for: 'Group Relative Policy Optimization (GRPO)', 'DAM (Describe Anything Model)'.

An acronym and its expansion are one entity; the expansion's head noun also says its type.
"""

from __future__ import annotations

from spacy.tokens import Doc

from ..lexicon import Lexicon
from ..namespaces import EntityType
from .docs import sentence_of
from .records import AcronymDefinition
from .shapes import ACRONYM, INITIAL_PARTS, PLURAL_ACRONYM


def initials_of(words: list[str], lex: Lexicon) -> str:
    letters = []
    for word in words:
        for part in INITIAL_PARTS.split(word):
            if part and part.lower() not in lex.function_words:
                letters.append(part[0].upper())
    return "".join(letters)


def _acronym_letters(acronym: str) -> str:
    core = acronym[:-1] if acronym.endswith("s") and acronym[:-1].isupper() else acronym
    return "".join(ch for ch in core if ch.isupper())


def acronym_definitions(doc: Doc, sent_index: dict[int, int], lex: Lexicon) -> list[AcronymDefinition]:
    """'Group Relative Policy Optimization (GRPO)' and 'DAM (Describe Anything Model)'."""
    function_words = lex.function_words
    found: list[AcronymDefinition] = []
    for token in doc:
        if token.text != "(" or token.i + 2 >= len(doc):
            continue
        inner = doc[token.i + 1]
        close = token.i + 2
        if doc[close].text == ")" and ACRONYM.match(inner.text):
            letters = _acronym_letters(inner.text)
            for size in range(len(letters) + 3, 0, -1):
                begin = token.i - size
                if begin < sentence_of(token).start:
                    continue
                words = [t.text for t in doc[begin : token.i]]
                while words and words[0].lower() in function_words:
                    words = words[1:]
                if words and initials_of(words, lex) == letters and words[0][:1].isupper() and len(letters) >= 2:
                    if all(w[:1].isupper() or w.lower() in function_words for w in words):
                        found.append(AcronymDefinition(inner.text, " ".join(words).replace(" - ", "-"), sent_index[sentence_of(token).start],
                                                       token.i - len(words), token.i))
                    break
        elif token.i >= 1 and ACRONYM.match(doc[token.i - 1].text):
            end = token.i + 1
            while end < len(doc) and doc[end].text != ")" and end - token.i < 10:
                end += 1
            words = [t.text for t in doc[token.i + 1 : end]]
            letters = _acronym_letters(doc[token.i - 1].text)
            if words and len(letters) >= 2 and initials_of(words, lex) == letters \
                    and all(w[:1].isupper() or w.lower() in function_words for w in words):
                found.append(AcronymDefinition(doc[token.i - 1].text, " ".join(words), sent_index[sentence_of(token).start], token.i + 1, end))
        if not any(d.long_start <= token.i + 1 < d.long_end or d.long_end == token.i for d in found[-1:]):
            # '(Mixture-of-Agents, MoA)': the long form and its acronym inside one pair of parentheses
            comma = next((t.i for t in doc[token.i + 1 : min(token.i + 10, len(doc))] if t.text in lex.acronym_list_separators), None)
            if comma and comma + 2 < len(doc) and doc[comma + 2].text == ")" and ACRONYM.match(doc[comma + 1].text):
                words = [t.text for t in doc[token.i + 1 : comma]]
                letters = _acronym_letters(doc[comma + 1].text)
                if words and len(letters) >= 2 and initials_of(words, lex) == letters and words[0][:1].isupper():
                    found.append(AcronymDefinition(doc[comma + 1].text, " ".join(words), sent_index[sentence_of(token).start], token.i + 1, comma))
    return found  # the caller drops definitions of generic terms, and their acronyms with them


def lowercase_expansions(doc: Doc, lex: Lexicon) -> set[str]:
    """Acronyms written after their expansion in lower case: 'directed acyclic graph (DAG)'."""
    found = set()
    for token in doc[1:-2]:
        inner = doc[token.i + 1]
        if token.text != "(" or doc[token.i + 2].text != ")" or not ACRONYM.match(inner.text):
            continue
        letters = _acronym_letters(inner.text)
        begin = token.i
        while begin > sentence_of(token).start and token.i - begin < len(letters) + 3 and doc[begin - 1].is_alpha:
            begin -= 1
            words = [t.text for t in doc[begin : token.i] if t.text.lower() not in lex.function_words]
            if len(letters) >= 2 and (initials_of(words, lex) == letters or _spelled_by_prefixes(inner.text, words)):
                if all(w.islower() for w in words):
                    found.add(inner.text)
                break
    return found


def _spelled_by_prefixes(acronym: str, words: list[str]) -> bool:
    """'model identifier (MID)': each word gives the acronym its first letter or first few letters, in order."""
    target = acronym.lower().rstrip("s") if PLURAL_ACRONYM.match(acronym) else acronym.lower()
    words = [w.lower() for w in words]

    def spell(rest: str, i: int) -> bool:
        if i == len(words):
            return not rest
        word = words[i]
        return any(rest[:n] == word[:n] and spell(rest[n:], i + 1) for n in range(1, min(len(word), len(rest)) + 1))
    return bool(words) and len(target) <= 8 and spell(target, 0)


def expansion_head(long: str) -> str:
    """The last word of an acronym's expansion, lower case: 'model' of 'Describe Anything Model'."""
    return long.split()[-1].split("-")[-1].lower() if long.split() else ""


def type_from_expansion(long: str, lex: Lexicon) -> EntityType | None:
    """The type an acronym's expansion implies: '... Optimization' is a method, '... Model' a model."""
    head = expansion_head(long)
    for kind, heads in lex.expansion_heads:
        if head in heads:
            return kind
    return EntityType.METHOD
