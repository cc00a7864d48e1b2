"""Where a score stands: its benchmark (or edition, or named part) and its metric."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..link import Entity, LinkedItem
from ..namespaces import EntityType
from .records import SYSTEM_TYPES, ResultLexicon
from .scores import FROM_TO
from .spans import ARTICLE, HEADING, HEADING_CLOSE, LEADING_BENCHMARK, MODIFIERS, Number, Span, fold, sentence_spans

# A metric of up to three words may stand between a score and its benchmark, digits first too ('90.9% 3D classification on').
# An unnamed baseline's score in brackets may stand between them too: '83.8% (vs. 72.6%) on WebQSP'.
_VS_BRACKET = re.compile(r"\(\s*(?:vs\.?|versus)\s*[~≈]?\d[\d.,]*\s*%?\s*\)", re.I)
_FORWARD_GAP = (r"\s*(?:\(|(?:" + _VS_BRACKET.pattern + r"\s*)?"
                r"(?:(?:[A-Za-z]|\d+[A-Za-z])[\w@.\-]*\s+){0,3}?{forward-place}\s+(?:" + ARTICLE + MODIFIERS + r")?)?")  # a lexicon.cue() template
# 'GAIA with an average score of 71.5%' (with-metric-of) and 'VBench evaluation shows 0.8857' too.
_BACKWARD_GAP = re.compile(r"\s*(?:[:=(]|[-–—])?\s*"
                           r"(?:(?:[a-z][\w@.\-]*\s+){0,2}?(?:with|at|of|scores?|scoring|reach\w*|achiev\w*|hitting|hits|shows?)\s*"
                           r"|with\s+(?:an?|the)\s+(?:[a-z][\w@.\-]*\s+){0,3}?of\s+)?[~≈]?", re.I)


def carried_benchmark(item: LinkedItem, index: int, sentences: tuple[str, ...] | list[str], entities: Mapping[str, Entity],
                       lexicon: ResultLexicon) -> tuple[Span, int] | None:
    """'DAPO achieves SOTA on the AIME 2024 test set. Specifically, DAPO ... achieves 50% accuracy': a sentence
    that opens by spelling out the one before, and names no benchmark, stands on that one's only benchmark
    (as a name at the very start of the sentence); with the index of the sentence that named it."""
    sentence = sentences[index]
    if index < 2 or not lexicon.cue(r"^\W*{continuation},").match(sentence):
        return None
    if any(s.type == EntityType.BENCHMARK for s in sentence_spans(item, index, sentence, entities)):
        return None
    previous = {(s.entity, s.surface) for s in sentence_spans(item, index - 1, sentences[index - 1], entities) if s.type == EntityType.BENCHMARK}
    if len({key for key, _ in previous}) != 1:
        return None
    key, surface = min(previous)
    return Span(0, 0, key, EntityType.BENCHMARK, surface), index - 1


def bullet_grounds(item: LinkedItem, sentences: tuple[str, ...] | list[str], lines: list[int | None],
                    entities: Mapping[str, Entity], lexicon: ResultLexicon) -> list[tuple[Span, int] | None]:
    """For each sentence, the benchmark its bullet stands on, with the sentence that named it (bullet-carried).

    '● Results on ARC-AGI-1: A lifts the score to 59.3. With retries, A reaches 70.8.': a sentence of a bullet after
    its first, naming no benchmark, stands on the benchmark the bullet opens on, in its heading or its first clause,
    when the bullet names no other before it: the annotation standard reads a result 'in one sentence or bullet'. A
    benchmark the bullet only names in passing ('boosts X accuracy to 73.6%') is not what the rest of the bullet is
    about. One pass over the item: what a bullet's earlier sentences named is carried forward, not read again for
    every later sentence (a long bullet made that quadratic)."""
    out: list[tuple[Span, int] | None] = [None] * len(sentences)
    run: int | None = None  # the line of the bullet being read
    ground: Span | None = None  # the benchmark that bullet opens on
    named: list[tuple[int, str, str]] = []  # (sentence, surface, entity) of each benchmark the bullet named so far
    for index in range(1, len(sentences)):
        line = lines[index] if index < len(lines) else None
        if line is None:
            continue
        spans = sentence_spans(item, index, sentences[index], entities)
        here = [(index, s.surface, s.entity) for s in spans if s.type == EntityType.BENCHMARK]
        if line != run:
            text = sentences[index]
            opens = spans[0] if spans and spans[0].type == EntityType.BENCHMARK and leads(
                text[: spans[0].start], lexicon, text[spans[0].end:]) else None
            run, ground, named = line, opens or heading_benchmark(sentences[index], spans), []
        elif not here and ground is not None and lines[index - 1] == line and {key for _, _, key in named} == {ground.entity}:
            at, surface, key = min(named)
            out[index] = Span(0, 0, key, EntityType.BENCHMARK, surface), at
        named += here
    return out


def weakly_grounded(sentence: str, number: Number, system: Span | None, lexicon: ResultLexicon) -> bool:
    """Whether a score stands on a benchmark the sentence does not name (the bullet's or the item's): only a named
    system's, only a percentage or a decimal (not '(1)', '1,000 reports', 'GRPO's 32'), and only when its clause names
    no other place it was measured on ('35% ... on countdown tasks')."""
    if system is None or not (number.percent or number.value != number.value.to_integral_value()):
        return False
    clause = re.split(r"[,;]", sentence[number.end:], maxsplit=1)[0]
    return lexicon.cue(r"\b{place-of-score}\s").search(clause) is None


def own_benchmark_of(item: LinkedItem, introduced: set[str], entities: Mapping[str, Entity]) -> Span | None:
    """The one benchmark the item introduces ('Zorbco introduces ZorbBench, a benchmark ...'), which the scores of
    named systems in its sentences that name no benchmark are on ('A leads at 42%', item-benchmark)."""
    if len(introduced) != 1:
        return None
    key = next(iter(introduced))
    return Span(0, 0, key, EntityType.BENCHMARK, entities[key].label)


def benchmark_names(entities: Mapping[str, Entity]) -> dict[str, str]:
    """Every benchmark of the corpus by its folded names ('swebenchverified' -> its key), for editions."""
    out: dict[str, str] = {}
    for key in sorted(entities):
        entity = entities[key]
        if entity.type == EntityType.BENCHMARK:
            for name in sorted({entity.label, *entity.aliases}):
                out.setdefault(fold(name), key)
    return out


def edition(sentence: str, benchmark: Span, benchmarks: Mapping[str, str], lexicon: ResultLexicon) -> Span | None:
    """'47.3% on SWE-bench Multilingual' where only 'SWE-bench' was recognised: the score is on the edition,
    the benchmark of the corpus with the longer name; None when the corpus has no such benchmark (the family
    would be the wrong one)."""
    if benchmark.end <= benchmark.start:
        return benchmark  # carried over from the sentence before
    written = benchmarks.get(fold(benchmark.surface))
    if written is not None and written != benchmark.entity:
        return Span(benchmark.start, benchmark.end, written, EntityType.BENCHMARK, benchmark.surface)  # linked to its family
    m = re.match(r"[\s\-‑]*(?:" + lexicon.cues["edition-after"].pattern + r")(?![\w\-]|\.\d)", sentence[benchmark.end:])
    if m is None:
        return benchmark
    surface = benchmark.surface + sentence[benchmark.end: benchmark.end + m.end()]
    key = benchmarks.get(fold(surface))
    if key is None or key == benchmark.entity:
        return None
    return Span(benchmark.start, benchmark.end + m.end(), key, EntityType.BENCHMARK, surface)


def metric_list(sentence: str, n: int, numbers: list[Number], metric_end: int, spans: list[Span],
                 lexicon: ResultLexicon) -> Span | None:
    """'71.2% pass@1 and 80.0% pass@8 on X': scores listed each with a metric of its own before the one benchmark they
    are all on; the benchmark named after the last of them (metric-list)."""
    end = metric_end
    for k in range(n, len(numbers) - 1):
        following = numbers[k + 1]
        if end == numbers[k].end or not re.fullmatch(r"\s*(?:,\s*(?:and\s+)?|and\s+)[~≈]?", sentence[end: following.start]):
            return None  # a score without a metric of its own, or not listed with the next one
        end = metric_of(sentence, following, lexicon)[2]
        if end == following.end:
            return None
        found = benchmark_of(sentence, following, end, spans, None, lexicon)
        if found is not None:
            return found if found.start >= end else None
    return None


def without_parts(spans: list[Span], lexicon: ResultLexicon) -> list[Span]:
    """'leads Level II with 94.3%' with 'Level II' taken for a name: a part of a benchmark is neither a system nor a
    benchmark of its own (benchmark-part)."""
    part = lexicon.cue(r"{part-name}")
    return [s for s in spans if not part.fullmatch(s.surface)]


_PART = r"(?P<part>{part-name}|the\s+{part-phrase})"


def part_of(sentence: str, number: Number, metric_end: int, lexicon: ResultLexicon) -> str | None:
    """The part of a benchmark a score stands on, as written: the part the score is 'on' ('97.6% on Level I', '71.2% on
    the hard split'), the one it is given 'with' or after a colon ('leads Level II with 94.3%'; not 'at': 'serves Tier 2
    at 99.9% uptime' is a service level), or the one its sentence opens on
    ('On the hard split, A reaches 61.0'); None when the score names none (benchmark-part)."""
    m = (lexicon.cue(r"\s*(?:{lead-preposition})\s+" + _PART).match(sentence, metric_end)
         or lexicon.cue(_PART + r"\s*(?:with|:)\s*[~≈]?$").search(sentence, 0, number.start)
         or lexicon.cue(r"^\W*" + HEADING + r"(?:{lead-preposition})\s+" + _PART + r"\s*,").match(sentence, 0, number.start))
    if m is None:
        return None
    return re.sub(r"^the\s+", "", m.group("part"), flags=re.I)


def without_metrics(spans: list[Span], lexicon: ResultLexicon) -> list[Span]:
    """'reaches 66.1 mAP on COCO' with 'mAP' taken for a method's name: a metric the earlier stages read as a name is
    the number's metric, not a system or a name standing between the number and its benchmark (metric-mention)."""
    metrics = {surface.casefold() for surface, _, _ in lexicon.metrics}
    return [s for s in spans if s.type == EntityType.BENCHMARK or s.surface.casefold() not in metrics]


def without_score_qualifiers(sentence: str, spans: list[Span], lexicon: ResultLexicon) -> list[Span]:
    """'Zorb achieves the best overall X-as-a-Judge (XJ) score of 68.4%': a name (or its bracketed short form) right before the noun of a
    score, with a system named before it, says what the score measures; it is neither the system nor the benchmark
    (metric-qualifier). A possessive ('Zorb's score of 68.4%') names the scorer and is left alone."""
    qualifier = lexicon.cue(r"\s*\)?\s*(?:\([^()]{1,12}\)\s*)?{score-noun}\s+(?:of|=|:)")  # its bracketed short form too
    systems_before: list[Span] = []
    kept = []
    for s in spans:
        if s.type in SYSTEM_TYPES and systems_before and qualifier.match(sentence, s.end):
            continue
        if s.type in SYSTEM_TYPES:
            systems_before.append(s)
        kept.append(s)
    return kept


def same_place(sentence: str, previous: Number, number: Number, metric_end: int, spans: list[Span],
                lexicon: ResultLexicon) -> bool:
    """'achieves 60.4% on X, ..., and, after fine-tuning, reaches pass@1 of 48.6%': a later score of the sentence given
    with its metric, that names no benchmark, system or other place of its own, is a second score on the sentence's one
    benchmark (metric-later)."""
    if len({s.entity for s in spans if s.type == EntityType.BENCHMARK}) != 1:
        return False
    if any(previous.end <= s.start < number.start and s.type in SYSTEM_TYPES for s in spans):
        return False
    between = sentence[previous.end: number.start]
    if ";" in between or lexicon.cue(r"\b(?:{baseline}|{contrast})\b").search(between):
        return False  # '60.4% on X, while the baseline's pass@1 is 40%': someone else's score
    clause = re.split(r"[,;]", sentence[metric_end:], maxsplit=1)[0]
    return lexicon.cue(r"\b{place-of-score}\s").search(clause) is None


def leads(before: str, lexicon: ResultLexicon, after: str = "") -> bool:
    """Whether a name opens the sentence's first clause as the ground every score of the sentence stands on
    ('On SWE-Bench-Pro, ...', '● Low-budget wins: On AMC23, ...', 'Tested on context-heavy SWE-bench Lite cases, ...'), also
    as what the sentence's experiments were run on ('Experiments on X show that A achieves 61.2%', lead-noun); ``after``
    is the text after the name."""
    # an opening adverbial before the lead changes nothing: 'For example, in OSWorld, A scores 24.6' (lead-adverbial)
    opening = r"^\W*" + HEADING + r"(?:{lead-adverbial},?\s+)?"
    place = r"{lead-preposition}\s+(?:" + ARTICLE + r")?" + MODIFIERS + "$"
    if lexicon.cue(LEADING_BENCHMARK).match(before) is not None or lexicon.cue(
            opening + r"(?:{lead-participle}\s+)?" + place).match(before) is not None:
        return True
    # 'Results on X: ...' is a bullet's heading, and read as one (heading_benchmark)
    return lexicon.cue(opening + r"{lead-noun}\s+" + place).match(before) is not None and HEADING_CLOSE.match(after) is None


def grounding(sentence: str, spans: list[Span], lexicon: ResultLexicon) -> Span | None:
    """The one benchmark of a sentence, when the sentence says its scores were measured on it, wherever it
    says so ('..., validated through the MAPLE-Personas benchmark')."""
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK]
    if len(benchmarks) != 1:
        return None
    only = benchmarks[0]
    said = lexicon.cue(r"\b{lead-participle}\s+{measured-through}\s+(?:"
                       + ARTICLE + r")?" + MODIFIERS + "$").search(sentence[: only.start])
    return only if said else None


_PART_NUMBER = re.compile(r"(?P<word>[A-Za-z]+?)s?-?\d+(?:\.\d+)?")


def numbered_part(name: str, lexicon: ResultLexicon) -> bool:
    part = _PART_NUMBER.fullmatch(name)
    return part is not None and part.group("word").lower() in lexicon.part_nouns


def metric_of(sentence: str, number: Number, lexicon: ResultLexicon) -> tuple[str, str, int]:
    """The metric written right after the number ('77.2% success', '2088 rating') or just before it
    ('pass@1 of 60%'); 'score' when none is. Also where the metric ends, for finding the benchmark."""
    after = sentence[number.end:]
    modifier = r"(?:(?:" + lexicon.cues["metric-modifier"].pattern + r")\s+)?"
    for surface, metric, bare_unit in lexicon.metrics:
        # the metric may stand in brackets of its own: '71.2% (pass@1) on X' (bracketed-metric)
        m = re.match(r"\s*" + modifier + "(?:" + re.escape(surface) + r")(?![\w@])", after, re.I) or re.match(
            r"\s*\(\s*" + modifier + "(?:" + re.escape(surface) + r")\s*\)", after, re.I)
        if m:
            return metric, "%" if number.percent else bare_unit, number.end + m.end()
    # a metric at a number of samples or results the list does not spell out: 'pass@8', 'Recall@20', 'mean@16' (metric-at)
    at = lexicon.cue(r"\s*" + modifier + r"(?P<metric>{metric-at}@\d+k?)(?![\w@])").match(after) or lexicon.cue(
        r"\s*\(\s*" + modifier + r"(?P<metric>{metric-at}@\d+k?)\s*\)").match(after)
    if at:
        return at.group("metric").lower(), "%" if number.percent else "points", number.end + at.end()
    before = sentence[: number.start]
    for surface, metric, bare_unit in lexicon.metrics:
        if re.search(r"(?<![\w@])" + re.escape(surface) + r"\s*(?:of|:|=|at|is|was|\()?\s*[~≈]?$", before, re.I):
            return metric, "%" if number.percent else bare_unit, number.end
    at = lexicon.cue(r"(?<![\w@])(?P<metric>{metric-at}@\d+k?)\s*(?:of|:|=|at|is|was|\()?\s*[~≈]?$").search(before)
    if at:
        return at.group("metric").lower(), "%" if number.percent else "points", number.end
    points = re.match(r"\s*points?\b", after, re.I)
    if points:
        return "score", "points", number.end + points.end()
    return "score", "%" if number.percent else "points", number.end


def metric_after_benchmark(sentence: str, benchmark: Span, number: Number, metric: str, unit: str,
                            lexicon: ResultLexicon) -> tuple[str, str]:
    after = sentence[benchmark.end:]
    for surface, found, bare_unit in lexicon.metrics:
        if re.match(r"\s*(?:" + re.escape(surface) + r")(?![\w@])", after, re.I):
            return found, "%" if number.percent else bare_unit
    return metric, unit


def benchmark_of(sentence: str, number: Number, metric_end: int, spans: list[Span], lead: Span | None,
               lexicon: ResultLexicon) -> Span | None:
    following = next((s for s in spans if s.start >= number.end), None)
    named_from = following.start if following is not None else 0
    if following is not None and following.type == EntityType.ORGANIZATION:
        # 'on Scale AI ResearchRubrics', 'on NVIDIA's X': the maker's name opens the benchmark's
        maker, following = following, next((s for s in spans if s.start >= following.end), None)
        if following is not None and not re.fullmatch(r"(?:'s|’s)?\s+", sentence[maker.end: following.start]):
            following = None
    if following is not None and following.type == EntityType.BENCHMARK:
        for end in (metric_end, number.end):
            gap = sentence[end: named_from]
            if lexicon.cue(_FORWARD_GAP).fullmatch(gap) and not lexicon.cue(r"\b{forward-breaker}\b").search(_VS_BRACKET.sub("", gap)):
                return following  # '93.4 on AIME-2025', '57.3% HumanEval', '56.7% of problems on the AIME Olympiad'
    preceding = next((s for s in reversed(spans) if s.end <= number.start), None)
    changed = lexicon.cue(FROM_TO).search(sentence, 0, number.start)
    if (preceding is not None and preceding.type == EntityType.BENCHMARK and changed is not None and changed.end() == number.start
            and re.fullmatch(r"\s*(?:[a-z][\w@.\-]*\s+){0,2}", sentence[preceding.end: changed.start()])):
        return preceding  # 'raises AIME accuracy from 40% to 62%'
    if preceding is not None and preceding.type == EntityType.BENCHMARK and _BACKWARD_GAP.fullmatch(
            _without_split(sentence[preceding.end: number.start], lexicon)):
        gap = sentence[preceding.end: number.start]
        named_after = lexicon.cue(r"\b{subset-of}\s+(?:the\s+)?$").search(sentence[: preceding.start])
        if not (named_after and gap == " " and not number.percent and "." not in sentence[number.start: number.end]):
            return preceding  # 'Arena-Hard: 87.0', 'DeepResearch Bench (49.86)' (but 'on SWE-bench 500' names a subset)
    if preceding is not None and preceding.type == EntityType.BENCHMARK and _named_then_scored(sentence, preceding, number, lexicon):
        return preceding  # 'improves GPQA-Diamond to 60.9', 'VisualWebBench, scoring 82.8', 'OpenAudioBench avg: 69.8'
    if lead is not None and not any(s.type == EntityType.BENCHMARK and lead.end <= s.start < number.start for s in spans):
        return lead  # 'On SWE-Bench-Pro, CCA achieves 54.3% ...'
    return None


def _without_split(gap: str, lexicon: ResultLexicon) -> str:
    """'LibriSpeech test-clean: 1.28', 'X (dev split): 71.2': the split of the benchmark a score was measured on, named
    between the benchmark and the colon or bracket that gives its score, leaves the score the benchmark's
    (split-label)."""
    return lexicon.cue(r"^\s+\(?{benchmark-split}\)?(?=\s*[:=(])").sub("", gap, count=1)


# Up to two lowercase words (a metric, a qualifier) between a benchmark and what follows it: 'MATH500 accuracy to'.
_METRIC_WORDS = r"(?:\s+[a-z][\w@.\-]*){0,2}?"


def _named_then_scored(sentence: str, benchmark: Span, number: Number, lexicon: ResultLexicon) -> bool:
    """A benchmark named right before its score in three more shapes: raised to it ('improves GPQA-Diamond to
    60.9', 'boosts MATH500 accuracy to 73.6%'), given it by a scoring gerund after a comma ('VisualWebBench,
    scoring 82.8'), or labelled with its metric before a colon ('OpenAudioBench avg: 69.8')."""
    gap = sentence[benchmark.end: number.start]
    raised = lexicon.cue(r"(?:^|\W){raised-to}\s+(?:" + ARTICLE + r")?$").search(sentence[: benchmark.start])
    # the size of the rise may come first: 'improves X accuracy by 12.5 points to 71.2%' (raised-by-to)
    if raised and lexicon.cue(_METRIC_WORDS + r"(?:\s+by\s+[~≈]?\d[\d.,]*\s*(?:%|{points-unit})?)?\s+to\s+[~≈]?").fullmatch(gap):
        return True
    if lexicon.cue(r",\s*{scoring-gerund}\s+(?:at\s+)?[~≈]?").fullmatch(gap):
        return True
    modifier = r"(?:(?:" + lexicon.cues["metric-modifier"].pattern + r")\s+)?"
    return any(re.fullmatch(r"\s+" + modifier + re.escape(surface) + r"\s*:\s*[~≈]?", gap, re.I) for surface, _, _ in lexicon.metrics)


def elsewhere(sentence: str, metric_end: int, spans: list[Span], lexicon: ResultLexicon) -> bool:
    """'... 40% on Zorb-Suite' where 'Zorb-Suite' was not recognised: the score is on a benchmark of its own, not on
    the one the sentence stands on."""
    # matched case-sensitively: the name after the preposition is told by its capital
    m = re.match(r"\s*(?:" + lexicon.cues["elsewhere-on"].pattern + r")\s+(?:the\s+)?(?=[A-Z0-9])", sentence[metric_end:])
    return m is not None and not any(s.start == metric_end + m.end() for s in spans)


def clause_lead(sentence: str, number: Number, spans: list[Span], lexicon: ResultLexicon) -> Span | None:
    """'a prompting method ...; on BIG-Bench Hard, Quillchain achieves 84%': a clause after a semicolon that opens
    on a benchmark, like a sentence that does (leads), grounds the scores of that clause."""
    start = sentence.rfind(";", 0, number.start) + 1
    if start == 0:
        return None
    first = next((s for s in spans if s.start >= start), None)
    if first is None or first.type != EntityType.BENCHMARK or first.end > number.start:
        return None
    return first if leads(sentence[start: first.start], lexicon, sentence[first.end:]) else None


def heading_benchmark(sentence: str, spans: list[Span]) -> Span | None:
    """'● Results on GAIA: With A as planner, S reaches 52.7%', '● State-of-the-art X results – Achieves 60.8%':
    the one benchmark a bullet's heading names grounds the bullet's scores when the body names none."""
    m = re.match(r"\W*[^\W\d][^:;.()—–]{0,60}?(?::|\s[—–-])\s+", sentence)
    if m is None:
        return None
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK]
    if len(benchmarks) != 1 or benchmarks[0].end > m.end():
        return None
    return benchmarks[0]


def topic_of(sentence: str, spans: list[Span]) -> Span | None:
    """The sentence's only benchmark when it opens the sentence as its subject ('● Gains: HealthBench reveals
    rapid progress, ...'): the scores the sentence gives named systems are on it."""
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK]
    if len(benchmarks) != 1 or spans[0] is not benchmarks[0]:
        return None
    only = benchmarks[0]
    opens = re.fullmatch(r"\W*" + HEADING, sentence[: only.start]) is not None
    return only if opens and re.match(r"\s+(?:[a-z]+ly\s+)?[a-z]+s\b", sentence[only.end:]) else None
