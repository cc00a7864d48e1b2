"""Mentions that versions and editions written elliptically imply: 'AIME24/25' (an edition after a slash), 'Zorb Pro 4
and 4.1' (a version whose name is elided), 'using Opus 4.6' (a tier that one known family uses, without its vendor).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from spacy.tokens import Doc

from ..lexicon import Lexicon
from ..namespaces import EntityType
from ..vocab import Vocabulary
from .docs import sentence_of, text_of
from .records import Mention
from .shapes import NAME_PARTS, SHORT_YEAR, SIZE_TOKEN, TIER_VERSION, VERSION_NUMBER, YEAR_TOKEN, cast_vote, shape_votes

_DOTTED_VERSION_END = re.compile(r"(?<![\d.])\d+\.\d+$")  # '3.5' closing 'Zorb-3.5'


def slash_editions(mentions: list[Mention], doc: Doc, sent_index: dict[int, int], lex: Lexicon) -> list[Mention]:
    """'AIME24/25' names AIME25 too, 'Zorb-2.5-pro/flash' names Zorb-2.5-flash: the part after the slash
    replaces the name's last part when it is of the same kind (a number of as many digits, a tier, or a size).
    slash.chain: each name so made is read the same way, so 'ZQB 24/25/26' names the 2026 edition too."""
    taken = {i for m in mentions for i in range(m.start, m.end)}
    out: list[Mention] = []
    queue = list(mentions)
    for m in queue:  # slash.chain: the list grows as it is walked, each name made below is read again
        k = m.end + 1
        if k >= len(doc) or doc[m.end].text != "/" or k in taken or doc[m.end].whitespace_ or doc[m.end - 1].whitespace_:
            continue
        second = doc[k].text
        last = NAME_PARTS.split(m.text)[-1]
        dotted = _DOTTED_VERSION_END.search(m.text)
        if second.isdigit() and dotted:
            # slash.whole-version: 'Zorb-3.5/4' names Zorb-4, not 'Zorb-3.4': a bare number after a point release
            # is the next major version
            text = m.text[: dotted.start()] + second
        elif second.isdigit() and m.text[-len(second):].isdigit() and not m.text[-len(second) - 1 :].isdigit():
            text = m.text[: -len(second)] + second
        elif SHORT_YEAR.match(second) and SHORT_YEAR.match(doc[m.end - 1].text) and m.text.endswith("20" + doc[m.end - 1].text):
            text = m.text[:-2] + second  # edition.short-year: 'ZQB 24/25', where 'ZQB 24' was read as ZQB 2024
        elif SHORT_YEAR.match(second) and YEAR_TOKEN.match(doc[m.end - 1].text) and m.text.endswith(doc[m.end - 1].text):
            text = m.text[:-2] + second  # edition.year-slash: 'ZQB 2025/26' names ZQB 2026 too
        elif second.lower() in lex.model_tiers and last.lower() in lex.model_tiers and last != m.text:
            text = m.text[: -len(last)] + second
        elif SIZE_TOKEN.match(second) and SIZE_TOKEN.match(last) and last != m.text:
            text = m.text[: -len(last)] + second  # slash.size: 'Zorb-2B/4B' names Zorb-4B, the same family's other size
        else:
            continue
        out.append(replace(m, text=text, surface=doc[k].text, start=k, end=k + 1, vocab_id=None, source="shape",
                           sentence=sent_index[sentence_of(doc[k]).start], owner=None))
        queue.append(out[-1])
    return out


_RELEASED_TYPES = frozenset({EntityType.MODEL, EntityType.BENCHMARK})


_LAST_VERSION = re.compile(r"^(?P<head>.*[A-Za-z].*[\s\-‐‑])(?P<version>\d+(?:\.\d+)?)$")  # 'Zorb Pro 4', 'Zorb-3'


def elided_versions(mentions: list[Mention], doc: Doc, sent_index: dict[int, int], lex: Lexicon) -> list[Mention]:
    """name.elided-version: 'Zorb Pro 4 and 4.1', 'Zorb 2, 3 or 4' name 'Zorb Pro 4.1', 'Zorb 3' and 'Zorb 4' too:
    a bare version number joined to a name that ends with one (elided-version-joiners.txt) replaces that number.
    Not a number that counts or measures something ('Zorb 3 and 4 other models', 'and 5%':
    elided-version-stop-after.regex), nor one a name already covers, nor after a name that neither the vocabulary
    nor a vote calls a model or benchmark ('Stage 1 and 2') unless the text also names it without the number."""
    taken = {i for m in mentions for i in range(m.start, m.end)}
    named = {m.text for m in mentions}
    text = text_of(doc)
    out = []
    for m in mentions:
        shape = _LAST_VERSION.match(m.text)
        if shape is None or not doc[m.end - 1].text.endswith(shape.group("version")):
            continue
        if m.vocab_id is None and not any(v.type in _RELEASED_TYPES for v in m.votes) \
                and shape.group("head").strip(" -‐‑") not in named:
            # 'Stage 1 and 2', 'Level 3 and 4': only a known or model- or benchmark-voted name has releases, or
            # (name.elided-version-of-named) one whose unnumbered name the text names too ('Zorb-Net 3 and 4' after
            # 'Zorb-Net'): that name is released in numbered versions
            continue
        if NAME_PARTS.split(shape.group("head").strip(" -‐‑"))[-1].lower().removesuffix("s") in lex.numbered_part_nouns:
            continue  # 'Stages 1 & 2': numbered parts, whatever votes the first got
        version = shape.group("version")
        k = m.end
        while True:
            j = _after_joiner(doc, k, lex)
            if j == k or j >= len(doc) or j in taken or not VERSION_NUMBER.match(doc[j].text) or doc[j].text == version:
                break
            # 'Zorb 3, 40 tasks': a release keeps the version's number of digits; a count seldom does, and a score
            # ('0.76 for Zorb-1.5 and 0.72 for Quxa') has more decimals than a release number
            number, _, decimals = doc[j].text.partition(".")
            if len(number) != len(version.split(".")[0]) or len(decimals) > max(1, len(version.partition(".")[2])):
                break
            if lex.elided_version_stop_after.match(text[doc[j].idx + len(doc[j].text):]):
                break
            out.append(replace(m, text=shape.group("head") + doc[j].text, surface=doc[j].text, start=j, end=j + 1,
                               vocab_id=None, source="shape", sentence=sent_index[sentence_of(doc[j]).start], owner=None))
            k = j + 1
    return out


def _after_joiner(doc: Doc, k: int, lex: Lexicon) -> int:
    """Where the list goes on after the joiner at token k (',', 'and', ', and': elided-version-joiners.txt), or k."""
    j = k
    while j < len(doc) and j - k < 2 and doc[j].text.lower() in lex.elided_version_joiners:
        j += 1  # ', and' is one joiner of two tokens
    return j


def elided_tiers(mentions: list[Mention], doc: Doc, sent_index: dict[int, int], lex: Lexicon) -> list[Mention]:
    """name.elided-tier: 'Zorb 2.5 Pro and Flash', 'Zorb-4 Sonnet, Haiku or Opus' name 'Zorb 2.5 Flash', 'Zorb-4 Haiku'
    and 'Zorb-4 Opus' too: a capitalised tier (model-tiers.txt) joined to a model's name that ends with one replaces
    that tier, as 'Zorb Pro 4 and 4.1' replaces a version (name.elided-version)."""
    taken = {i for m in mentions for i in range(m.start, m.end)}
    out = []
    for m in mentions:
        last = NAME_PARTS.split(m.text)[-1]
        if last == m.text or last.lower() not in lex.model_tiers or not doc[m.end - 1].text.endswith(last) \
                or not (m.vocab_id or any(v.type == EntityType.MODEL for v in m.votes)):
            continue
        k = m.end
        while True:
            j = _after_joiner(doc, k, lex)
            if j == k or j >= len(doc) or j in taken or not doc[j].text[:1].isupper() or doc[j].lower_ not in lex.model_tiers \
                    or doc[j].lower_ == last.lower() or (j + 1 < len(doc) and doc[j + 1].text[:1].isdigit()):
                break  # not 'Zorb Pro and Flash 2': a tier with its own version is a name of its own
            out.append(replace(m, text=m.text[: -len(last)] + doc[j].text, surface=doc[j].text, start=j, end=j + 1,
                               vocab_id=None, source="shape", sentence=sent_index[sentence_of(doc[j]).start], owner=None))
            k = j + 1
    return out


@lru_cache(maxsize=4)
def _tier_families(vocabulary: Vocabulary, lex: Lexicon) -> dict[str, str]:
    """Tiers that only one known family uses ('opus' -> 'Claude'), from the vocabulary's model names."""
    families: dict[str, set[str]] = {}
    for entry in vocabulary.entries:
        words = entry.id.split()
        if entry.type == EntityType.MODEL and len(words) >= 3 and words[0].isalpha():
            for word in words[1:]:
                if word.isalpha() and word.lower() in lex.model_tiers:
                    families.setdefault(word.lower(), set()).add(words[0])
    return {tier: next(iter(names)) for tier, names in families.items() if len(names) == 1}


def vendorless_models(mentions: list[Mention], doc: Doc, sent_index: dict[int, int], vocabulary: Vocabulary,
                       lex: Lexicon) -> list[Mention]:
    """'using Opus 4.6', 'beats Sonnet-4': a tier that only one known family uses, then a version, names that
    family's model ('Claude Opus 4.6') without its vendor."""
    tiers = _tier_families(vocabulary, lex)
    taken = {i for m in mentions for i in range(m.start, m.end)}
    out = []
    for token in doc:
        if token.i in taken or not token.text[:1].isupper():
            continue
        joined = TIER_VERSION.match(token.text)
        if joined:
            tier, version, end = joined.group(1), joined.group(2), token.i + 1
        elif token.i + 1 < len(doc) and token.i + 1 not in taken and VERSION_NUMBER.match(doc[token.i + 1].text):
            tier, version, end = token.text, doc[token.i + 1].text, token.i + 2
        else:
            continue
        family = tiers.get(tier.lower())
        if family is None or (token.i > sentence_of(token).start and doc[token.i - 1].text[:1].isupper()):
            continue  # 'Claude Opus 4.6' is found whole; 'Zorbpad Pro 2' is another maker's product
        text = f"{family} {tier} {version}"
        out.append(Mention(text=text, surface=doc[token.i : end].text, sentence=sent_index[sentence_of(token).start], start=token.i,
                           end=end, vocab_id=None, source="shape",
                           votes=(*shape_votes(text, lex), cast_vote("shape.vendor-tier", EntityType.MODEL, lex)),
                           in_title=sentence_of(token).start == 0))
    return out
