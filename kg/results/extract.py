"""Stage 4b's entry point: every reported result of a linked corpus, sentence by sentence."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping

from ..link import Entity, LinkedCorpus, LinkedItem
from ..namespaces import EntityType, Predicate
from ..relations import Evidence, Relation
from .lists import elliptic_system, parallel_systems, respectively, respectively_before, slashed
from .places import (
    benchmark_names,
    benchmark_of,
    bullet_grounds,
    carried_benchmark,
    clause_lead,
    edition,
    elsewhere,
    grounding,
    heading_benchmark,
    leads,
    metric_after_benchmark,
    metric_list,
    metric_of,
    own_benchmark_of,
    part_of,
    same_place,
    topic_of,
    weakly_grounded,
    without_metrics,
    without_parts,
    without_score_qualifiers,
)
from .records import SYSTEM_TYPES, ReportedResult, ResultLexicon, load_lexicon
from .scores import sentence_numbers
from .settings import setting_of
from .spans import Span, masked, sentence_spans
from .systems import (
    baseline_list,
    beaten_list,
    beaten_system,
    bracketed_score,
    compared_against,
    compared_pair,
    compared_systems,
    listed_after,
    listed_before,
    named_beside,
    named_variant,
    own_system,
    scoring_beside,
    shared,
    sized_reference,
    subject,
    unlinked_name,
)

_LEADING_SPACE = re.compile(r"\s*")


# ---------------------------------------------------------------- deciding a result


def extract_results(corpus: LinkedCorpus, relations: tuple[Relation, ...],
                    lexicon: ResultLexicon | None = None) -> tuple[ReportedResult, ...]:
    lexicon = lexicon or load_lexicon()
    introduced: dict[str, list[str]] = defaultdict(list)
    introduced_benchmarks: dict[str, set[str]] = defaultdict(set)
    for relation in relations:
        if relation.predicate == Predicate.INTRODUCES and corpus.entities[relation.object].type in SYSTEM_TYPES:
            introduced[relation.subject].append(relation.object)
        elif relation.predicate == Predicate.INTRODUCES and corpus.entities[relation.object].type == EntityType.BENCHMARK:
            introduced_benchmarks[relation.subject].add(relation.object)
    found: dict[tuple, set[Evidence]] = defaultdict(set)
    benchmarks = benchmark_names(corpus.entities)
    for item in corpus.items:
        own = own_system(item, corpus.entities, introduced.get(item.paper, []))
        own_benchmark = own_benchmark_of(item, introduced_benchmarks.get(item.paper, set()), corpus.entities)
        sentences = item.annotated.sentences
        lines = _sentence_lines(item, lexicon)
        grounds = bullet_grounds(item, sentences, lines, corpus.entities, lexicon)
        named_before: dict[str, tuple[Span, int]] = {}  # each benchmark the item named so far, where first
        scored_before: tuple[Span, int] | None = None  # the one benchmark the sentence before gave scores on
        for index, sentence in enumerate(sentences):
            earlier = next(iter(named_before.values())) if len(named_before) == 1 else None
            for span in without_parts(sentence_spans(item, index, sentence, corpus.entities), lexicon):
                if span.type == EntityType.BENCHMARK:
                    named_before.setdefault(span.entity, (Span(0, 0, span.entity, span.type, span.surface), index))
            if index == 0:
                continue  # the title
            carried = carried_benchmark(item, index, sentences, corpus.entities, lexicon)
            bullet = None if carried else grounds[index]
            # '● ... (Arena-Hard: 87.0). LN-Super scores 88.3, ...': a later sentence of a bullet stands on the one
            # benchmark the sentence before it gave scores on, when nothing else grounds it (scored-before)
            scored = scored_before if (carried is None and bullet is None and own_benchmark is None and index < len(lines)
                                       and lines[index] is not None and lines[index - 1] == lines[index]) else None
            # the bullet's benchmark, else the item's own, else the one just scored on: a weaker ground than one the
            # sentence states
            weak = bullet[0] if bullet else own_benchmark or (scored[0] if scored else None)
            carried = carried or bullet
            on_part: list[tuple] = []  # the results that stand on the earlier benchmark through a part of it
            keys = _sentence_results(item, index, sentence, own, corpus.entities, lexicon, benchmarks,
                                     carried[0] if carried and not bullet else None, weak, earlier and earlier[0], on_part)
            for key in keys:
                found[key].add(Evidence(item.annotated.item.digest_file, sentence))
                for ground in (carried, scored):
                    if ground is not None and key[2] == ground[0].entity:
                        found[key].add(Evidence(item.annotated.item.digest_file, sentences[ground[1]]))
                if earlier is not None and key in on_part:
                    found[key].add(Evidence(item.annotated.item.digest_file, sentences[earlier[1]]))
            on = sorted({key[2] for key in keys})
            scored_before = (Span(0, 0, on[0], EntityType.BENCHMARK, corpus.entities[on[0]].label), index) if len(on) == 1 else None
    return tuple(
        ReportedResult(paper, system, benchmark, value, metric, unit, setting, tuple(sorted(ev, key=lambda e: (e.digest, e.sentence))))
        for (paper, system, benchmark, value, metric, unit, setting), ev in sorted(found.items(), key=_key_text)
    )


def _key_text(entry: tuple) -> tuple[str, ...]:
    return tuple(str(x) for x in entry[0])


def _sentence_lines(item: LinkedItem, lexicon: ResultLexicon) -> list[int | None]:
    """For each sentence of the item, the body line it stands on when that line is a bullet ('● Results on X: ...'),
    else None (the title, a paragraph)."""
    body = item.annotated.item.body
    out: list[int | None] = [None]
    # One pass over the body (an item may hold a million characters): the line number and the line's start are
    # carried forward from the last sentence found, never counted again from the start.
    cursor = counted = line = line_start = 0
    for sentence in item.annotated.sentences[1:]:
        at = body.find(sentence, cursor) if sentence else -1
        if at < 0:
            out.append(None)
            continue
        line += body.count("\n", counted, at)
        line_start = max(line_start, body.rfind("\n", counted, at) + 1)
        counted, cursor = at, at + len(sentence)
        lead = _LEADING_SPACE.match(body, line_start)  # always matches (maybe nothing)
        bullet = bool(lexicon.bullets) and body.startswith(lexicon.bullets, lead.end() if lead else line_start)
        out.append(line if bullet else None)
    return out


def _sentence_results(item: LinkedItem, index: int, sentence: str, own: str | None,
                      entities: Mapping[str, Entity], lexicon: ResultLexicon, benchmarks: Mapping[str, str],
                      carried: Span | None = None, weak: Span | None = None, named_earlier: Span | None = None,
                      on_part: list[tuple] | None = None) -> list[tuple]:
    spans = without_parts(without_score_qualifiers(sentence, without_metrics(sentence_spans(item, index, sentence, entities), lexicon),
                                                   lexicon), lexicon)
    if any(s.type == EntityType.BENCHMARK for s in spans):
        named_earlier = None  # a part of a benchmark the sentence names is that one's, for the other rules to find
    numbers = sentence_numbers(sentence, spans, lexicon)
    lead = spans[0] if spans and spans[0].type == EntityType.BENCHMARK and leads(
        sentence[: spans[0].start], lexicon, sentence[spans[0].end:]) else None
    lead = lead or grounding(sentence, spans, lexicon) or carried
    if lead is None and not any(s.type == EntityType.BENCHMARK for s in spans):
        lead = weak  # the bullet's benchmark (bullet-carried) or the item's own (item-benchmark), on conditions below
    else:
        weak = None
    heading = None if lead else heading_benchmark(sentence, spans)
    out: list[tuple] = []
    previous_benchmark: Span | None = None
    rows = slashed(sentence, numbers, spans)
    paired = respectively(sentence, numbers, spans, lexicon) | respectively_before(sentence, numbers, spans, lexicon) | {
        n: span for n, (span, _) in rows.items()}
    compared = compared_pair(sentence, numbers, spans, lexicon)
    beaten_lists = beaten_list(sentence, numbers, spans, lexicon)
    baseline_lists = baseline_list(sentence, numbers, spans, lexicon)
    parallel = parallel_systems(sentence, numbers, spans, lexicon)
    topic = topic_of(sentence, spans)
    baseline_before = False
    unrecognised_end: int | None = None  # the end of the last score left out as an unrecognised system's
    for n, number in enumerate(numbers):
        before = sentence[: number.start]
        cued = lexicon.cue(r"(?:^|\W){baseline}\s*[~≈]?$").search(before)
        # 'compared to 50% with X and 37% with BM25': a number joined to a baseline's is a baseline's too.
        between = sentence[numbers[n - 1].end: number.start] if n else ""
        joined = baseline_before and ")" not in between and re.search(r"(?:,|\band)\s*$", between) is not None
        metric, unit, metric_end = metric_of(sentence, number, lexicon)
        # 'outperforming GPT-4o (60.1%)': a score in brackets right after a name is that system's, like a baseline's
        tagged = bracketed_score(sentence, number, metric_end, spans)
        # 'topping GPT-4o at 16.00': the score of the system the scorer beats
        beaten_by = None if cued or tagged else beaten_system(sentence, number, spans, lexicon)
        beaten = beaten_by is not None
        baseline = bool(cued or joined or tagged or beaten)
        baseline_before = baseline and not tagged and not beaten
        listed = beaten_lists.get(n)
        if listed is None and n in baseline_lists:
            # '71.2% on X and 65.3% on Y, versus 62.0% and 58.1% for B', '..., outperforming B (62.0% and 58.1%)': B's
            # scores, in the order the scorer's were given, when there are as many (baseline-list-for)
            owner, position, length = baseline_lists[n]
            if len([key for key in out if key[1] != owner.entity]) == length:
                listed = baseline_lists[n]
        if listed is not None:
            # 'A hits 85.3% on X, 44.6% on Y, beating B's results of 74.5% and 40.3%': B's scores, benchmark by
            # benchmark, in the order A's were given (baseline-list)
            owner, position, length = listed
            earlier = [key for key in out if key[1] != owner.entity]
            if len(earlier) == length:
                out.append((item.paper, owner.entity, earlier[position][2], number.value, earlier[position][4], unit, None))
            continue
        pair = compared.get(n)
        if pair is not None:
            # 'A beats B on X overall (85.97 vs 83.97)': each system of the comparison, on its benchmark
            on = edition(sentence, pair[1], benchmarks, lexicon)
            if on is not None and pair[0].entity != on.entity:
                previous_benchmark = on
                out.append((item.paper, pair[0].entity, on.entity, number.value, metric, unit, None))
            baseline_before = False
            continue
        # a clause after a semicolon opening on its own benchmark ('...; on X, A achieves 84%'), else the
        # benchmark the bullet's heading names ('● Results on X: ...') for a score after the heading
        ground = clause_lead(sentence, number, spans, lexicon) or (
            heading if heading is not None and heading.end <= number.start else lead)
        if ground is not None and ground is not lead and elsewhere(sentence, metric_end, spans, lexicon):
            ground = None
        benchmark = paired.get(n) or benchmark_of(sentence, number, metric_end, spans, ground, lexicon) or metric_list(
            sentence, n, numbers, metric_end, spans, lexicon)
        # (also over the bullet's or the item's benchmark, which a score placed on a part would not stand on)
        part = (part_of(sentence, number, metric_end, lexicon)
                if named_earlier is not None and (benchmark is None or benchmark is weak) else None)
        if part is not None:
            benchmark = named_earlier  # 'A leads Level II with 94.3%': the part of the benchmark the item named (benchmark-part)
        if benchmark is None and tagged:
            benchmark = listed_before(sentence, number, spans, lexicon)  # 'like A (40%) and B (32%) on X'
        scorer = None if baseline else scoring_beside(sentence, number, spans, lexicon)
        if benchmark is None and scorer is not None:
            benchmark = topic  # 'X reveals rapid progress, with A scoring 16%': the benchmark the sentence is about
        if benchmark is None and baseline and previous_benchmark is not None:
            benchmark = previous_benchmark  # '74.8% on MATH500 (vs 78.5% GRPO)'
        elliptic = None
        if benchmark is None and not baseline and previous_benchmark is not None and n:
            # '..., while A and B reach 65.0% and 60.1%': each system of the list its own score (parallel-systems)
            elliptic = parallel.get(n) or elliptic_system(sentence, numbers[n - 1], number, spans, lexicon)
        if elliptic is not None:
            benchmark = previous_benchmark  # 'A reaches 91.2% on MMLU, while B reaches 79.5%' (elliptic-clause)
        if (benchmark is None and not baseline and previous_benchmark is not None and n and metric != "score"
                and same_place(sentence, numbers[n - 1], number, metric_end, spans, lexicon)):
            benchmark = previous_benchmark  # '60.4% on X, and, after fine-tuning, pass@1 of 48.6%' (metric-later)
        if (benchmark is None and not baseline and previous_benchmark is not None and n and out
                and re.fullmatch(r"[^;\d()]{0,40}?(?:,\s*(?:and\s+)?|\s+and\s+)[~≈]?",
                                 masked(sentence, numbers[n - 1].end, number.start, spans), re.I)
                and named_beside(sentence, number, metric_end, spans, False, lexicon) is not None):
            benchmark = previous_benchmark  # 'X accuracy reaches 71.2% for A and 64.0% for B' (listed-for)
        continued = None
        if benchmark is None and out and n and _CONTINUES.search(sentence[numbers[n - 1].end: number.start]):
            continued = out[-1]  # 'attains 59.6 on BrowseComp-Plus, which further improves to 70.4 with search'
        if continued is not None:
            low = numbers[n - 1].end
            high = numbers[n + 1].start if n + 1 < len(numbers) else len(sentence)
            setting = setting_of(sentence, low, high, number, spans, None, lexicon)
            out.append((continued[0], continued[1], continued[2], number.value, continued[4], continued[5], setting))
            continue
        if benchmark is None:
            continue
        benchmark = edition(sentence, benchmark, benchmarks, lexicon)
        if benchmark is None:
            continue
        if benchmark.end <= number.start:
            # A metric written after the benchmark it follows: '2.88 AlpacaEval score'
            metric, unit = metric_after_benchmark(sentence, benchmark, number, metric, unit, lexicon)
        elif metric == "score":
            metric, unit = metric_after_benchmark(sentence, benchmark, number, metric, unit, lexicon)
        previous_benchmark = benchmark
        low = numbers[n - 1].end if n else 0
        high = numbers[n + 1].start if n + 1 < len(numbers) else len(sentence)
        if not baseline and shared(sentence, metric_end, lexicon):
            # '(60% for both agents)': one score, every system the sentence compares
            for key, span in compared_systems(spans, own, benchmark):
                setting = setting_of(sentence, low, high, number, spans, span, lexicon) if span else None
                out.append((item.paper, key, benchmark.entity, number.value, metric, unit, setting))
            continue
        if n in rows and rows[n][1] != n:
            last = numbers[rows[n][1]]  # a row's system is named after its last number
            system = named_beside(sentence, last, metric_of(sentence, last, lexicon)[2], spans, baseline, lexicon) or scorer
        else:
            system = named_beside(sentence, number, metric_end, spans, baseline, lexicon) or scorer or beaten_by
        if system is None and baseline:
            continue  # 'vs 89% for full finetuning': a baseline with no name
        if system is None:
            system = elliptic or parallel.get(n) or subject(sentence, number, spans, lexicon)
        if system is None and (unlinked_name(sentence, number, spans, lexicon) or named_variant(sentence, number, spans, lexicon)
                               or listed_after(sentence, unrecognised_end, number, spans)):
            # a system is named but was not recognised: not the paper's own, whatever it is; nor are the scores listed
            # after its own ('The Ultima variant achieves 96.0% on A, 99.2% on B', unrecognised-list)
            unrecognised_end = number.end
            continue
        if weak is not None and benchmark is weak and not weakly_grounded(sentence, number, system, lexicon):
            continue
        if system is None and compared_against(sentence, spans, own, lexicon):
            continue  # 'Anemoi reaches 52.73%, beating an OWL reproduction': the paper's system is not OWL
        system_key = system.entity if system else own
        if system is None:
            sized = sized_reference(item, sentence, number, own, entities, lexicon)
            if sized is not None:
                system_key = sized or None  # 'the 32B model': the item's 32B variant, and no one else
        if system_key is None or system_key == benchmark.entity:
            continue
        setting = None if baseline else setting_of(sentence, low, high, number, spans, system, lexicon)
        if part is not None:
            setting = part if setting is None else f"{part}, {setting}"
        out.append((item.paper, system_key, benchmark.entity, number.value, metric, unit, setting))
        if part is not None and on_part is not None:
            on_part.append(out[-1])
    return out


# A later number that continues the previous score: the same system on the same benchmark, under a new setting.
_CONTINUES = re.compile(r"\b(?:improv\w*|ris\w*|increas\w*|climb\w*|jump\w*|boost\w*|goes|going|grows?|reach\w*)\s+"
                        r"(?:further\s+)?to\s*$", re.I)
