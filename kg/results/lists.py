"""Several scores in one sentence: lists read 'respectively', in parallel, gapped or slashed."""

from __future__ import annotations

import re
from itertools import pairwise

from ..namespaces import EntityType
from .places import leads
from .records import SYSTEM_TYPES, ResultLexicon
from .scores import changed_from
from .spans import ARTICLE, LIST_JOIN, Number, Span, masked


def parallel_systems(sentence: str, numbers: list[Number], spans: list[Span], lexicon: ResultLexicon) -> dict[int, Span]:
    """'A and B reach 65.0% and 60.1%': a list of systems scoring a list of as many numbers, the n-th number the n-th
    system's."""
    out: dict[int, Span] = {}
    systems = [s for s in spans if s.type in SYSTEM_TYPES]
    verb = lexicon.cue(r"(?:'s|’s)?\s+{subject-verb}\s+(?:scores?\s+of\s+)?[~≈]?")
    for k, first in enumerate(numbers):
        run: list[Span] = []
        for span in reversed([s for s in systems if s.end <= first.start]):
            if not run:
                if not verb.fullmatch(sentence, span.end, first.start):
                    break
            elif not LIST_JOIN.fullmatch(sentence[span.end: run[0].start]):
                break
            run.insert(0, span)
        if len(run) < 2 or k + len(run) > len(numbers):
            continue
        listed = numbers[k: k + len(run)]
        if all(LIST_JOIN.fullmatch(re.sub(r"^\s*%", "", sentence[a.end: b.start])) for a, b in pairwise(listed)):
            out.update({k + i: span for i, span in enumerate(run)})
    return out


def elliptic_system(sentence: str, previous: Number, number: Number, spans: list[Span], lexicon: ResultLexicon) -> Span | None:
    """The system of the number's clause when that clause, joined to the previous score's, is the system scoring with
    the benchmark left out: '..., while B reaches 79.5%', '... and B scores 88.0%'."""
    named = [s for s in spans if previous.end <= s.start and s.end <= number.start and s.type in SYSTEM_TYPES]
    if len(named) != 1:
        return None
    span = named[0]
    # the previous score's benchmark, digits and all ('29.8% on AIME2024, and B rises ...'), joins like any word
    gap = masked(sentence, previous.end, span.start, [s for s in spans if s.type == EntityType.BENCHMARK])
    joined = lexicon.cue(r"[^;\d()]{0,60}?(?:,\s*(?:{gapped-joiner}|{comma-joiner})?|\s{gapped-joiner})\s+(?:" + ARTICLE + r")?").fullmatch(gap)
    scored = lexicon.cue(r"\s+{subject-verb}\s+[~≈]?").fullmatch(sentence[span.end: number.start])
    # '..., and B 79.5%', '..., with B at 79.5%', '..., followed by B with 79.5%': the verb left out (gapped-clause)
    scored = scored or lexicon.cue(r"\s+(?:{gapped-link}\s+)?[~≈]?").fullmatch(sentence[span.end: number.start])
    # '..., and B rises from 26.7% to 43.3%': a score the clause's system changed to (elliptic-change)
    changed = changed_from(lexicon).fullmatch(sentence, span.end, number.start)
    return span if joined is not None and (scored is not None or changed is not None) else None


def respectively(sentence: str, numbers: list[Number], spans: list[Span], lexicon: ResultLexicon) -> dict[int, Span]:
    """'60.1% and 45.2% on AIME and GPQA, respectively': the n-th number goes with the n-th benchmark; also without
    'respectively' when the list of benchmarks closes the clause ('scores of 72.1 and 65.3 on A and B.', parallel-lists)."""
    ends = [m.start() for m in re.finditer(r"\brespectively\b", sentence, re.I)]
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK]
    ends += [s.end for s in benchmarks if re.match(r"\s*(?:[,.;)]|$)", sentence[s.end:])]
    out: dict[int, Span] = {}
    for end in ends:
        run = _benchmark_list(sentence, spans, end)  # the benchmarks listed just before 'respectively'
        if len(run) < 2 or not re.fullmatch(r"[\s,]*", sentence[run[-1].end: end]):
            continue
        listed = _number_list(sentence, numbers, run[0].start)
        if listed and len(listed) == len(run) and lexicon.cue(r"\s*%?\s*(?:[a-z@\d]+\s+){0,2}?{lead-preposition}\s+(?:the\s+)?").fullmatch(
                sentence[numbers[listed[-1]].end: run[0].start]):
            out.update(zip(listed, run, strict=True))
    return out


def _benchmark_list(sentence: str, spans: list[Span], end: int) -> list[Span]:
    """The benchmarks listed ('A, B and C') up to the last one named before ``end``, in order."""
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK and s.end <= end]
    run = benchmarks[-1:]
    for s in reversed(benchmarks[:-1]):
        if not LIST_JOIN.fullmatch(sentence[s.end: run[0].start]):
            break
        run.insert(0, s)
    return run


def _number_list(sentence: str, numbers: list[Number], end: int) -> list[int]:
    """The indexes of the numbers listed ('60.1%, 45.2% and 30%') up to the last one ending before ``end``, in order."""
    listed = [i for i, n in enumerate(numbers) if n.end <= end][-1:]
    for i in range(listed[0] - 1, -1, -1) if listed else ():
        if not LIST_JOIN.fullmatch(re.sub(r"^\s*%", "", sentence[numbers[i].end: numbers[listed[0]].start])):
            break
        listed.insert(0, i)
    return listed


def respectively_before(sentence: str, numbers: list[Number], spans: list[Span], lexicon: ResultLexicon) -> dict[int, Span]:
    """'On A and B, S scores 71.2% and 64.0%, respectively': the benchmarks listed before the numbers, the n-th number
    on the n-th benchmark (respectively-before). The list must open its clause as the place of the scores ('Trained on
    A and B, ...' names training data)."""
    out: dict[int, Span] = {}
    for m in re.finditer(r"\brespectively\b", sentence, re.I):
        listed = _number_list(sentence, numbers, m.start())
        if not listed or not re.fullmatch(r"\s*%?[\s,]*", sentence[numbers[listed[-1]].end: m.start()]):
            continue
        run = _benchmark_list(sentence, spans, numbers[listed[0]].start)
        if len(run) < 2 or len(run) != len(listed):
            continue
        if leads(sentence[sentence.rfind(";", 0, run[0].start) + 1: run[0].start], lexicon, sentence[run[-1].end:]):
            out.update(zip(listed, run, strict=True))
    return out


def slashed(sentence: str, numbers: list[Number], spans: list[Span]) -> dict[int, tuple[Span, int]]:
    """'AIME 2024 / AIME 2025: 72.1 / 65.3': a table row written inline, the n-th number on the n-th benchmark
    (slash-table); with each number, the row's last, beside which the system is named ('... / 65.3 for A')."""
    out: dict[int, tuple[Span, int]] = {}
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK]
    i = 0
    while i < len(benchmarks):
        run = [benchmarks[i]]
        while i + len(run) < len(benchmarks) and re.fullmatch(r"\s*/\s*", sentence[run[-1].end: benchmarks[i + len(run)].start]):
            run.append(benchmarks[i + len(run)])
        i += len(run)
        colon = re.match(r"\s*:\s*", sentence[run[-1].end:])
        if len(run) < 2 or colon is None:
            continue
        first = next((k for k, n in enumerate(numbers) if n.start == run[-1].end + colon.end()), None)
        if first is None or first + len(run) > len(numbers):
            continue
        listed = numbers[first: first + len(run)]
        if all(re.fullmatch(r"\s*/\s*", sentence[a.end: b.start]) for a, b in pairwise(listed)):
            out.update({first + k: (span, first + len(run) - 1) for k, span in enumerate(run)})
    return out
