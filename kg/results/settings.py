"""The condition a score was reported under ('with tools', 'on GPT-4o')."""

from __future__ import annotations

import re

from .records import SYSTEM_TYPES, ResultLexicon
from .spans import LEADING_BENCHMARK, Number, Span


def _others_condition(sentence: str, span: Span, spans: list[Span], lexicon: ResultLexicon) -> bool:
    """Whether the model a setting would name ('with X') is a comparison's ('compared with X's 65.3%') or belongs to another
    system named before it in the same brackets ('the previous best (ComfyAgent with X)'): not the score's condition
    (setting-of-other)."""
    before = sentence[: span.start]
    if lexicon.cue(r"\b(?:{baseline})\s+$").search(before):
        return True
    opened = before.rfind("(")
    return opened >= 0 and ")" not in before[opened:] and any(
        opened < s.start and s.end <= span.start and s.type in SYSTEM_TYPES for s in spans)


def setting_of(sentence: str, low: int, high: int, number: Number, spans: list[Span], system: Span | None,
             lexicon: ResultLexicon) -> str | None:
    region = sentence[low:high]
    hits = []
    for pattern in lexicon.settings:
        for m in pattern.finditer(region):
            if lexicon.cue(r"{metric-at}@\d+k?").fullmatch(m.group(0)) and (
                    re.search(r"\d\s*%?\s*$", sentence[: low + m.start()])
                    or re.match(r"\s*(?:of|:|=|at|is)?\s*[~≈]?\d", sentence[low + m.end():])):
                continue  # '75.0% maj@16', 'Avg@4 of 42.1': a number's metric, not the condition of a number (metric-at)
            hits.append((abs(low + m.start() - number.start), m.group(0)))
    # A model or method the score was obtained on or with: 'On Qwen2.5-Math-7B, achieves ...', '... with Claude 4.5 Opus'.
    for span in spans:
        if span.type not in SYSTEM_TYPES or (system is not None and span.entity == system.entity):
            continue
        context = sentence[max(0, span.start - 12): span.start]
        cue = re.search(r"\b(on|with|using|via)\s+$", context, re.I)
        if cue and _others_condition(sentence, span, spans, lexicon):
            continue
        if cue and (low <= span.start < high or (span.start < number.start and lexicon.cue(LEADING_BENCHMARK).match(sentence[: span.start]))):
            hits.append((abs(span.start - number.start), f"{cue.group(1).lower()} {span.surface}"))
    return min(hits)[1] if hits else None
