"""Whether a number is a score at all: relative changes, cuts, ranges, shares and the like are not."""

from __future__ import annotations

import re
from decimal import Decimal

from ..namespaces import EntityType
from .records import SYSTEM_TYPES, ResultLexicon
from .spans import NUMBER, RANGE_AFTER, RANGE_BEFORE, VERSIONED, Number, Span


def sentence_numbers(sentence: str, spans: list[Span], lexicon: ResultLexicon) -> list[Number]:
    """The numbers of a sentence that can be absolute scores."""
    found = []
    change: tuple[int, bool] | None = None  # the end of the last number that is a change, and whether it is a percentage
    for m in NUMBER.finditer(sentence):
        verdict = _not_a_score(sentence, m, spans, change, lexicon)
        if verdict == _CHANGE:
            change = (m.end(), bool(m.group("pct")))  # the numbers listed after it may be changes too (change-list)
        elif verdict is None:
            value = Decimal(m.group("num").replace(",", "") + (m.group("frac") or ""))
            found.append(Number(m.start(), m.end(), value, bool(m.group("pct")), bool(m.group("ord"))))
    return found


_CHANGE, _OTHER = "change", "other"  # why a number is not a score: the size of a change, or anything else


def _not_a_score(sentence: str, m: re.Match, spans: list[Span], change: tuple[int, bool] | None,
                 lexicon: ResultLexicon) -> str | None:
    """Why the number ``m`` is not an absolute score (_CHANGE or _OTHER), or None when it can be one."""
    start, end = m.start(), m.end()
    if any(s.start <= start < s.end for s in spans):
        return _OTHER  # a number inside a name: 'AIME 2025', 'Claude 3.7 Sonnet'
    after, before = sentence[end:], sentence[:start]
    if m.group("sign") or _listed_change(sentence, change, start, bool(m.group("pct")), lexicon) or _cut_object(before, lexicon):
        # '+5.2 points', '-3%': a change; '11% improvement on A, 14% on B': each number of a list of changes
        # (change-list); 'cuts FLOPs 40.5%': the size of a cut (cut-object)
        return _CHANGE
    if m.group("ord"):
        if not _PERCENTILE.match(after):
            return _OTHER
    elif not m.group("pct") and _GLUED_AFTER.match(after):
        return _OTHER  # '3.5B', '4x', '14.9M': a size, factor or count; '3-app', '5-shot': part of a setting's name
    if _NOT_ALONE_AFTER.match(after) or RANGE_AFTER.match(after) or (RANGE_BEFORE.search(before) and not _changed_to(before, lexicon)):
        return _OTHER  # '95%+', '8/10', '3 ×', '0.5-2%', 'from 14.9M to 11.5M'
    if lexicon.cue(_FROM_ARROW_START[0]).search(before) and lexicon.cue(_FROM_ARROW_START[1]).match(after):
        return _OTHER  # 'from 70.2% → 78.2%': the value a score started from, like 'from 70.2% to' (from-arrow)
    versioned = VERSIONED.search(before) if not m.group("pct") else None
    if versioned and not any(s.end == len(before.rstrip()) for s in spans) and versioned.group(0).strip().casefold() not in lexicon.metric_words \
            and not lexicon.cue(r"{scoring-gerund}").fullmatch(versioned.group(0).strip()):
        return _OTHER  # 'using Opus 4.6': the version of a name the earlier stages did not recognise (but 'Accuracy 85.2')
    value = Decimal(m.group("num").replace(",", "") + (m.group("frac") or ""))
    if not m.group("pct") and not m.group("frac") and 1900 <= value <= 2039 and not _RATING_AFTER.match(after):
        return _OTHER  # a year
    if lexicon.cue(r"(?:^|\W){not-before}\s*[~≈]?$").search(before):
        return _CHANGE  # 'by 6.7%', 'up to 30%', 'over 90%'
    if lexicon.cue(r"\b{change-before}\s+(?:[a-z]+\s+)?[~≈]?$").search(before):
        return _CHANGE  # 'with reductions reaching 57%', 'gains of 4.1': the size of a change
    # the number's own phrase: up to a bracket or comma, or an 'and' opening a clause of its own ('60.9 and
    # boosts ...', but '11% and 5% gains' is one phrase)
    window = _PHRASE_END.split(after, maxsplit=1)[0]
    following = next((s.start for s in spans if s.start >= end), None)
    if following is not None:
        window = window[: max(0, following - end)]
    # a phrase that opens with a setting's preposition ends the number's own phrase: in '24.6 with a 50-step
    # budget' the budget is the setting's, not what the number measures (setting-opener)
    own_phrase = lexicon.cue(r"\b{setting-opener}\b").split(window, maxsplit=1)[0]
    if lexicon.cue(r"^\s*(?:\S+\s+){0,3}?{not-after}\b").match(own_phrase) or lexicon.cue(
            r"\s*(?:{points-unit}\s+)?{relative-after}\b").match(after):
        return _CHANGE  # '24% faster', '11% performance drop', '4x fewer tokens', '11% above the previous best'
    if not m.group("pct") and lexicon.cue(r"^\s*(?:\S+\s+){0,2}?{count-after}\b").match(window):
        return _OTHER  # '100 vision tokens', '500 problems' (but '56.7% of problems' is a score)
    if not m.group("pct") and _OPEN_BRACKET_BEFORE.search(before) and lexicon.cue(r"\b{count-after}\b").search(after.split(")", 1)[0]):
        return _OTHER  # 'OdysseyBench-Neo (302 newly synthesized, more complex tasks)': a count, however far its noun
    named = next((s for s in spans if s.start >= end), None)
    share = _SHARE_OF.match(after)
    if share and named is not None and named.start == end + share.end() and named.type in SYSTEM_TYPES:
        return _OTHER  # '93% of GPT-4 performance': a share of another system's score (share-of-system)
    own_share = lexicon.cue(r"\s+of\s+{own-possessor}\s+").match(after)
    if own_share:
        rest = after[own_share.end():]
        at = next((s for s in spans if s.start == end + own_share.end() and s.type == EntityType.BENCHMARK), None)
        if at is not None:
            rest = sentence[at.end:]
        if lexicon.cue(r"\s*(?:{share-of})\b").match(rest) or any(
                re.match(r"\s*" + re.escape(surface) + r"\b", rest, re.I) for surface, _, _ in lexicon.metrics):
            return _OTHER  # 'retains 95% of its X accuracy': a share of its own score (share-of-own)
    if named is not None and not sentence[end:named.start].strip() and lexicon.cue(r"\s*{not-after}\b").match(sentence[named.end:]):
        return _OTHER  # '15.11 WikiText perplexity': what the number measures, named after the benchmark (measure-after-name)
    if not m.group("pct") and named is not None and not sentence[end:named.start].strip() and lexicon.cue(
            r"^[\s-]*(?:\S+\s+){0,1}?{count-after}\b").match(sentence[named.end:]):
        return _OTHER  # '16 TextArena games': a count of a benchmark's parts
    return None


_PERCENTILE = re.compile(r"\s+percentile\b", re.I)
_GLUED_AFTER = re.compile(r"[A-Za-z×]|-[A-Za-z]")
_NOT_ALONE_AFTER = re.compile(r"\s*(?:%\s*)?\+|/\s*\d|\s*[×x]\b")
_RATING_AFTER = re.compile(r"\s+(?:Elo|rating)\b", re.I)
_PHRASE_END = re.compile(r"[,;()\[\]]|\band\s+(?![~≈]?\d)")
_OPEN_BRACKET_BEFORE = re.compile(r"\(\s*$")
_SHARE_OF = re.compile(r"\s+of\s+(?:the\s+)?")


_BRACKET_WITHOUT_PERCENT = re.compile(r"\s*\([^()%]*\)")


def _listed_change(sentence: str, change: tuple[int, bool] | None, start: int, percent: bool, lexicon: ResultLexicon) -> bool:
    """'11% improvement on A, 14% on B, and 19% on C', 'cuts FLOPs 40.5% and cache 74%': a number listed right
    after a change, of the same kind and with no verb of its own between them, is a change too; a bracket between them
    that holds no percentage names what the change was measured with ('gains of 11.3% with open models (Zorb 3.2-11B)
    and 5.2% with closed ones'), it gives the next number no clause of its own (change-list)."""
    if change is None or change[1] != percent:
        return False
    gap = _BRACKET_WITHOUT_PERCENT.sub(" ", sentence[change[0]: start])
    if not re.fullmatch(r"[^;\d()]{0,60}?(?:,\s*(?:and\s+)?|\s+and\s+)(?:[a-z][\w-]*\s+){0,2}[~≈]?", gap, re.I):
        return False
    return lexicon.cue(r"\b(?:{subject-verb}|{change-stop})\b").search(gap) is None  # 'by 12%, to 60%'


def _cut_object(before: str, lexicon: ResultLexicon) -> bool:
    """'cuts FLOPs 40.5%', 'reduces peak memory 70%': a number right after a cutting verb and what it cuts."""
    return lexicon.cue(r"\b{cut-verb}\s+(?:(?!(?:to|from|by|of|the)\b)[A-Za-z][\w-]*\s+){1,2}[~≈]?$").search(before) is not None


# 'from 70.2% to ', also written with an arrow ('from 70.2% → ', from-arrow): the value a score started from and the
# word or sign before the value it changed to, up to that value (lexicon.cue() templates, the arrows in the lexicon);
# the start value may be a bound, of one or two words ('from below 10% to 70%', 'from just under 10%', start-bound)
_FROM_VALUE = r"from\s+(?:(?:{start-bound})\s+){0,2}[~≈]?\d[\d.,]*\s*(?:%|percent)?(?:\s+to\s+|\s*(?:{change-arrow})\s*)[~≈]?"
FROM_TO = r"\b" + _FROM_VALUE + "$"
_FROM_ARROW_START = (r"\bfrom\s+[~≈]?$", r"^\s*(?:{change-arrow})\s*[~≈]?\d")


def _changed_to(before: str, lexicon: ResultLexicon) -> bool:
    """'raises accuracy from 45% to 75%': the number a score was changed to is the score now (the one it
    started from is not a result, and neither is a cost or size that changed: 'cuts latency from 9 to 4 s')."""
    m = lexicon.cue(FROM_TO).search(before)
    if m is None:
        return False
    changed = " ".join(before[: m.start()].split()[-4:])
    return lexicon.cue(r"\b{not-changed}\b").search(changed) is None


def changed_from(lexicon: ResultLexicon) -> re.Pattern:
    """The gap between a name and the value its score changed to: ' from 35.7% to ', ' going from 57.7% to '."""
    # also with the metric named after the model ('improves A accuracy from 70.2% → 78.2%', changed-metric)
    return lexicon.cue(r"(?:\s+{changed-verb})?(?:\s+[a-z][\w@.\-]*)?\s+" + _FROM_VALUE)
