"""The text around a mention as the rules read it: where a name is written whole, what stands before and after it."""

from __future__ import annotations

from collections.abc import Mapping

from ..lexicon import Lexicon
from ..link import Entity, LinkedItem, LinkedMention
from .records import MentionContext


def contrasted(before: str, lex: Lexicon) -> bool:
    """True when the last cue before a method is a comparison ('outperforms X'), not a use ('using X')."""
    compare = [m.end() for m in lex.compare_cues.finditer(before)]
    use = [m.end() for m in lex.use_verbs.finditer(before)]
    return bool(compare) and (not use or compare[-1] > use[-1])


def mention_context(item: LinkedItem, lm: LinkedMention, entities: Mapping[str, Entity], papers_of_entity: dict[str, set[str]],
             lex: Lexicon, benchmark_paper: bool = False, own_names: tuple[str, ...] = (), study_paper: bool = False,
             review_paper: bool = False) -> MentionContext:
    before, after = text_around(item, lm)
    return MentionContext(item, lm, entities[lm.entity], before, after, lex, papers_of_entity[lm.entity] == {item.paper},
                          benchmark_paper, own_names, study_paper, entities, review_paper)


def text_around(item: LinkedItem, lm: LinkedMention) -> tuple[str, str]:
    """The text of the mention's sentence before and after it."""
    sentence = item.annotated.sentences[lm.mention.sentence]
    spots = name_spots(sentence, lm.mention.surface)
    # relations.nth-occurrence: the n-th mention of a name in its sentence reads the n-th place it is written
    # ('fails without Zorb ... then adopts Zorb'), not the first place each time
    nth = 0
    for other in item.mentions:
        if other is lm:
            break
        nth += other.mention.sentence == lm.mention.sentence and other.mention.surface == lm.mention.surface
    if not spots:
        return sentence, ""
    at = spots[min(nth, len(spots) - 1)]
    return sentence[:at], sentence[at + len(lm.mention.surface):]


def name_spots(sentence: str, surface: str) -> list[int]:
    """Where the name is written in the sentence as a whole name; 'Zorb' inside 'Zorb-2' or 'Zorb-7B' is another
    name (relations.whole-name), though 'Zorb-based' still writes Zorb. Every place, when it is never whole."""
    # str.find and two character tests rather than a regex per name: a pattern per distinct name overflowed re's
    # cache of 512, and compiling was most of the cost of this function over a corpus
    if not surface:
        return []
    whole, spots, at = [], [], sentence.find(surface)
    while at >= 0:
        spots.append(at)
        end = at + len(surface)
        if _whole_at(sentence, at, end):
            whole.append(at)
            at = sentence.find(surface, end)  # the next whole name starts after this one, as re.finditer reads
        else:
            at = sentence.find(surface, at + 1)
    return whole or spots  # with no whole name, every place was looked at one character on from the last


def _whole_at(sentence: str, start: int, end: int) -> bool:
    """Nothing of a word, nor a hyphen, before; no letter or digit, nor '-' and a capital or digit, after."""
    before = sentence[start - 1] if start else ""
    if before and (before.isalnum() or before in "_-"):
        return False
    after = sentence[end] if end < len(sentence) else ""
    if after.isalnum():
        return False
    return not (after == "-" and end + 1 < len(sentence) and sentence[end + 1] in _CAPITALS_AND_DIGITS)


_CAPITALS_AND_DIGITS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def in_heading_bracket(before: str, after: str, lex: Lexicon) -> bool:
    """A name in the bracket that closes a bullet's heading label ('● Layered recall (Zorb): ...'), which
    introduces.heading-bracket and usesBaseModel.heading-setting read."""
    return bool(lex.heading_bracket_before.search(before) and lex.heading_bracket_after.match(after))


def opens_clause(before: str, lex: Lexicon) -> bool:
    """True when nothing but a bullet or a 'Heading:' label comes before the name in its sentence."""
    return lex.clause_opening.fullmatch(before) is not None
