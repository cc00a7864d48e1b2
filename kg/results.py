"""Stage 4b: reported results, the absolute scores a digest gives (issue 13, DESIGN section 3).

A result is a number, a named benchmark and a named system in one sentence (a
bullet is a sentence): "ColorAgent achieves 77.2% success on AndroidWorld".
This stage reads what the earlier stages hand forward (the linked items with
their sentences and mentions, and the relations, for what a paper introduces)
and decides, number by number:

- whether the number is a score at all: relative changes ("+5.2 points",
  "24% faster", "by 6.7%"), costs, speeds, sizes, counts, bounds and ranges
  are not (cue words in ``ontology/lexicon/result-cues.txt``);
- its benchmark: the one the number is "on" ("93.4 on AIME-2025",
  "57.3% HumanEval"), the one it follows ("Arena-Hard: 87.0", "DeepResearch
  Bench (49.86)", "improves X to 60.9", "X, scoring 82.8", "X avg: 69.8"), the one a
  clause opens with ("On SWE-bench, ...", "Tested on X cases, ...", "...; on X, ..."), the one
  a bullet's heading names ("● Results on X: ..."), the one the sentence says it was measured on ("validated
  through the X benchmark"), the one of the sentence before for a sentence
  that spells it out ("Specifically, ..."), or for a baseline in a comparison
  ("vs 78.5% GRPO", "topping GPT-4o at 16.00") the benchmark of the score it is compared with, the one
  bracketed baselines are listed before ("TRM (40%) and HRM (32%) on ARC-AGI 1"), or the one the sentence
  opens with as its subject when a named system scores ("X reveals ..., with GPT-4o reaching 32%"), the one
  benchmark the item named before for a score on a part of it ("leads Level II with 94.3%"); the edition
  when the linker cut the name short ("SWE-bench Multilingual"), or none;
- its system: each of a compared pair ("A beats B on X (85.97 vs 83.97)"), a model whose score went "from X
  to Y", a baseline named beside its number ("GPT-4o (60.1%)"), else the
  last system named before the number that is not in a prepositional or
  comparison phrase ("using Claude Haiku 4.5", "outperforms DeepSeek-R1"), else
  the variant "the 32B model" names, else the paper's own system (the one its
  title names, or the one it introduces); every system named, for a score
  "for both agents";
- its metric and unit (``result-metrics.txt``) and a setting it was reported
  under (``result-settings.txt``, or the model a clause says it ran "on" or "with").
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property, lru_cache
from itertools import pairwise
from pathlib import Path

from .link import Entity, LinkedCorpus, LinkedItem
from .namespaces import EntityType, Predicate
from .relations import Evidence, Relation
from .vocab import ontology_dir

SYSTEM_TYPES = (EntityType.MODEL, EntityType.METHOD)


@dataclass(frozen=True)
class ReportedResult:
    paper: str  # Paper.key
    system: str  # Entity.key of what scored
    benchmark: str  # Entity.key, the edition when the text names one
    value: Decimal
    metric: str  # as the lexicon records it: 'accuracy', 'pass@1', 'score' when none is named
    unit: str  # '%', 'points', 'Elo', 'other'
    setting: str | None  # the condition, as written
    evidence: tuple[Evidence, ...]  # sorted, distinct

    @property
    def digests(self) -> tuple[str, ...]:
        return tuple(sorted({e.digest for e in self.evidence}))


# ---------------------------------------------------------------- lexicon


@dataclass(frozen=True)
class ResultLexicon:
    metrics: tuple[tuple[str, str, str], ...]  # (surface, metric, unit of a bare number), longest surface first
    cues: dict[str, re.Pattern]  # kind -> alternation of its words
    settings: tuple[re.Pattern, ...]
    bullets: tuple[str, ...] = ()  # what starts a bullet line (bullets.txt, shared with the nlp stage)
    part_nouns: frozenset[str] = frozenset()  # 'stage' in 'Stage-2': numbered-part-nouns.txt, shared with the nlp stage
    compiled: dict[str, re.Pattern] = field(default_factory=dict, compare=False, repr=False)  # cue(): template -> pattern

    @cached_property
    def metric_words(self) -> frozenset[str]:
        """Every metric's surface, case-folded: a word that names a metric is no name of a system."""
        return frozenset(surface.casefold() for surface, _, _ in self.metrics)

    def cue(self, template: str) -> re.Pattern:
        """A case-insensitive pattern over the cue lists, '{kind}' standing for that kind's alternation
        ('\\b{cut-verb}\\s+'), compiled once per lexicon rather than on every number."""
        pattern = self.compiled.get(template)
        if pattern is None:
            pattern = self.compiled[template] = re.compile(
                _CUE_SLOT.sub(lambda slot: "(?:" + self.cues[slot.group(1)].pattern + ")", template), re.I)
        return pattern


_CUE_SLOT = re.compile(r"\{([a-z][a-z-]*)\}")


@lru_cache(maxsize=4)
def _load_lexicon(directory: str) -> ResultLexicon:
    base = Path(directory) / "lexicon"
    metrics = []
    for line in _lines(base / "result-metrics.txt"):
        surface, metric, unit = (part.strip() for part in line.split("|"))
        metrics.append((surface, metric, unit))
    words: dict[str, list[str]] = defaultdict(list)
    for line in _lines(base / "result-cues.txt"):
        kind, _, alternatives = line.partition(":")
        words[kind.strip()].append(alternatives.strip())
    cues = {kind: re.compile("(?:" + "|".join(parts) + ")", re.I) for kind, parts in words.items()}
    settings = tuple(re.compile(r"\b" + line + r"\b", re.I) for line in _lines(base / "result-settings.txt"))
    bullets = tuple(_lines(base / "bullets.txt"))
    part_nouns = frozenset(line.lower() for line in _lines(base / "numbered-part-nouns.txt"))
    return ResultLexicon(tuple(sorted(metrics, key=lambda m: -len(m[0]))), cues, settings, bullets, part_nouns)


def load_lexicon(directory: Path | None = None) -> ResultLexicon:
    return _load_lexicon(str(directory or ontology_dir()))


def _lines(path: Path) -> list[str]:
    return [s for s in (line.strip() for line in path.read_text(encoding="utf-8").splitlines()) if s and not s.startswith("#")]


# ---------------------------------------------------------------- numbers and names in a sentence

# A number not glued to a name ('GPT-4', 'Qwen2.5', 'AIME25') or to a dimension ('9×9'), with its sign, approximation and percent.
_NUMBER = re.compile(
    r"(?<![\w.@/#=<>^$€£×\-])(?P<sign>[+±−]|-(?=\d))?(?P<approx>[~≈])?(?P<num>\d{1,3}(?:,\d{3})+|\d+)(?P<frac>\.\d+)?"
    r"(?P<ord>st|nd|rd|th)?(?P<pct>\s?%|\s?percent\b)?"
)
_RANGE_AFTER = re.compile(r"^\s*(?:[-–—]|to\b)\s*[~≈]?\d")
_RANGE_BEFORE = re.compile(r"(?:\d\s*%?\s*(?:[-–—]|to)|\bbetween\s+[~≈]?\d[\d.,]*\s*%?\s*and)\s*$", re.I)
_ARTICLE = r"(?:the|a|an|its|their|our)\s+"
_VERSIONED = re.compile(r"(?<![\w.\-])[A-Z][A-Za-z]*[a-z][A-Za-z]* $")
# Up to two describing words between the preposition and the name: 'on context-heavy SWE-bench Lite cases'.
_MODIFIERS = r"(?:(?!(?:to|of|with|and|or|than|from|vs|versus|by)\b)[a-z][\w-]*\s+){0,2}?"
# A metric of up to three words may stand between a score and its benchmark, digits first too ('90.9% 3D classification on').
# An unnamed baseline's score in brackets may stand between them too: '83.8% (vs. 72.6%) on WebQSP'.
_VS_BRACKET = re.compile(r"\(\s*(?:vs\.?|versus)\s*[~≈]?\d[\d.,]*\s*%?\s*\)", re.I)
_FORWARD_GAP = (r"\s*(?:\(|(?:" + _VS_BRACKET.pattern + r"\s*)?"
                r"(?:(?:[A-Za-z]|\d+[A-Za-z])[\w@.\-]*\s+){0,3}?{forward-place}\s+(?:" + _ARTICLE + _MODIFIERS + r")?)?")  # a lexicon.cue() template
# 'GAIA with an average score of 71.5%' (with-metric-of) and 'VBench evaluation shows 0.8857' too.
_BACKWARD_GAP = re.compile(r"\s*(?:[:=(]|[-–—])?\s*"
                           r"(?:(?:[a-z][\w@.\-]*\s+){0,2}?(?:with|at|of|scores?|scoring|reach\w*|achiev\w*|hitting|hits|shows?)\s*"
                           r"|with\s+(?:an?|the)\s+(?:[a-z][\w@.\-]*\s+){0,3}?of\s+)?[~≈]?", re.I)
_LEADING_BENCHMARK = r"^\W*{lead-preposition}\s+(?:" + _ARTICLE + r")?$"  # a lexicon.cue() template
# A bullet's heading before its first clause, closed by a colon or a dash: '● Low-budget wins: On AMC23, ...',
# '● Offline gains — On AIME 2025 ...'.
_HEADING = r"(?:[^\W\d][^:;.()—–]{0,60}(?::|\s[—–-])\s+)?"
_CLAUSE_START = re.compile(r"(?:^|[,;:(\[–—•●]|\s-\s)\s*(?:" + _ARTICLE + r")?$")


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    entity: str
    type: EntityType | None
    surface: str


@dataclass(frozen=True)
class _Number:
    start: int
    end: int  # after the percent sign or ordinal suffix
    value: Decimal
    percent: bool
    ordinal: bool


def _spans(item: LinkedItem, index: int, sentence: str, entities: Mapping[str, Entity]) -> list[_Span]:
    """Where each mention of the sentence sits in its text (mentions come in token order)."""
    out: list[_Span] = []
    cursor = 0
    for lm in sorted(item.mentions, key=lambda m: (m.mention.start, m.mention.end)):
        if lm.mention.sentence != index or lm.mention.nested:
            continue
        surface = lm.mention.surface
        at = sentence.find(surface, cursor)
        if at < 0 and lm.mention.owner and lm.mention.text != surface:
            # "Zorb-8B's Quibble accuracy": the surface spans the owner's name, already placed as a name of its
            # own; the name itself stands after it
            surface = lm.mention.text
            at = sentence.find(surface, cursor)
        if at < 0:
            continue
        out.append(_Span(at, at + len(surface), lm.entity, entities[lm.entity].type, surface))
        cursor = at + len(surface)
    return out


def _numbers(sentence: str, spans: list[_Span], lexicon: ResultLexicon) -> list[_Number]:
    """The numbers of a sentence that can be absolute scores."""
    found = []
    change: tuple[int, bool] | None = None  # the end of the last number that is a change, and whether it is a percentage
    for m in _NUMBER.finditer(sentence):
        verdict = _not_a_score(sentence, m, spans, change, lexicon)
        if verdict == _CHANGE:
            change = (m.end(), bool(m.group("pct")))  # the numbers listed after it may be changes too (change-list)
        elif verdict is None:
            value = Decimal(m.group("num").replace(",", "") + (m.group("frac") or ""))
            found.append(_Number(m.start(), m.end(), value, bool(m.group("pct")), bool(m.group("ord"))))
    return found


_CHANGE, _OTHER = "change", "other"  # why a number is not a score: the size of a change, or anything else


def _not_a_score(sentence: str, m: re.Match, spans: list[_Span], change: tuple[int, bool] | None,
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
    if _NOT_ALONE_AFTER.match(after) or _RANGE_AFTER.match(after) or (_RANGE_BEFORE.search(before) and not _changed_to(before, lexicon)):
        return _OTHER  # '95%+', '8/10', '3 ×', '0.5-2%', 'from 14.9M to 11.5M'
    if lexicon.cue(_FROM_ARROW_START[0]).search(before) and lexicon.cue(_FROM_ARROW_START[1]).match(after):
        return _OTHER  # 'from 70.2% → 78.2%': the value a score started from, like 'from 70.2% to' (from-arrow)
    versioned = _VERSIONED.search(before) if not m.group("pct") else None
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
_LEADING_SPACE = re.compile(r"\s*")
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
_FROM_TO = r"\b" + _FROM_VALUE + "$"
_FROM_ARROW_START = (r"\bfrom\s+[~≈]?$", r"^\s*(?:{change-arrow})\s*[~≈]?\d")


def _changed_to(before: str, lexicon: ResultLexicon) -> bool:
    """'raises accuracy from 45% to 75%': the number a score was changed to is the score now (the one it
    started from is not a result, and neither is a cost or size that changed: 'cuts latency from 9 to 4 s')."""
    m = lexicon.cue(_FROM_TO).search(before)
    if m is None:
        return False
    changed = " ".join(before[: m.start()].split()[-4:])
    return lexicon.cue(r"\b{not-changed}\b").search(changed) is None


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
    benchmarks = _benchmark_names(corpus.entities)
    for item in corpus.items:
        own = _own_system(item, corpus.entities, introduced.get(item.paper, []))
        own_benchmark = _own_benchmark(item, introduced_benchmarks.get(item.paper, set()), corpus.entities)
        sentences = item.annotated.sentences
        lines = _sentence_lines(item, lexicon)
        grounds = _bullet_grounds(item, sentences, lines, corpus.entities, lexicon)
        named_before: dict[str, tuple[_Span, int]] = {}  # each benchmark the item named so far, where first
        scored_before: tuple[_Span, int] | None = None  # the one benchmark the sentence before gave scores on
        for index, sentence in enumerate(sentences):
            earlier = next(iter(named_before.values())) if len(named_before) == 1 else None
            for span in _without_parts(_spans(item, index, sentence, corpus.entities), lexicon):
                if span.type == EntityType.BENCHMARK:
                    named_before.setdefault(span.entity, (_Span(0, 0, span.entity, span.type, span.surface), index))
            if index == 0:
                continue  # the title
            carried = _carried_benchmark(item, index, sentences, corpus.entities, lexicon)
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
            scored_before = (_Span(0, 0, on[0], EntityType.BENCHMARK, corpus.entities[on[0]].label), index) if len(on) == 1 else None
    return tuple(
        ReportedResult(paper, system, benchmark, value, metric, unit, setting, tuple(sorted(ev, key=lambda e: (e.digest, e.sentence))))
        for (paper, system, benchmark, value, metric, unit, setting), ev in sorted(found.items(), key=_key_text)
    )


def _key_text(entry: tuple) -> tuple[str, ...]:
    return tuple(str(x) for x in entry[0])


def _own_system(item: LinkedItem, entities: Mapping[str, Entity], introduced: list[str]) -> str | None:
    """What the paper itself built: the system its title names, else the first model or method it introduces."""
    if item.system and entities[item.system].type in SYSTEM_TYPES:
        return item.system
    order = {lm.entity: (lm.mention.sentence, lm.mention.start) for lm in reversed(item.mentions)}
    # A system presented up front (title or first sentence), else the one the item keeps naming: something
    # introduced once, in passing, is a detail ('Block size B=192')...
    named_here = [key for key in introduced if key in order and order[key][0] <= 1]
    if named_here:
        return min(named_here, key=lambda k: order[k])
    counts = Counter(lm.entity for lm in item.mentions if lm.entity in introduced)
    recurring = sorted((-n, order[key], key) for key, n in counts.items() if n >= 2)
    if recurring:
        return recurring[0][2]
    # ... unless it is the only system the item introduces, named in its opening lines ('This work presents a
    # recipe ... . Zorb combines ...'): then it is what the paper built (sole-introduced)
    opening = {key for key in introduced if key in order and order[key][0] <= 2}
    return opening.pop() if len(set(introduced)) == 1 and opening else None


def _carried_benchmark(item: LinkedItem, index: int, sentences: tuple[str, ...] | list[str], entities: Mapping[str, Entity],
                       lexicon: ResultLexicon) -> tuple[_Span, int] | None:
    """'DAPO achieves SOTA on the AIME 2024 test set. Specifically, DAPO ... achieves 50% accuracy': a sentence
    that opens by spelling out the one before, and names no benchmark, stands on that one's only benchmark
    (as a name at the very start of the sentence); with the index of the sentence that named it."""
    sentence = sentences[index]
    if index < 2 or not lexicon.cue(r"^\W*{continuation},").match(sentence):
        return None
    if any(s.type == EntityType.BENCHMARK for s in _spans(item, index, sentence, entities)):
        return None
    previous = {(s.entity, s.surface) for s in _spans(item, index - 1, sentences[index - 1], entities) if s.type == EntityType.BENCHMARK}
    if len({key for key, _ in previous}) != 1:
        return None
    key, surface = min(previous)
    return _Span(0, 0, key, EntityType.BENCHMARK, surface), index - 1


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


def _bullet_grounds(item: LinkedItem, sentences: tuple[str, ...] | list[str], lines: list[int | None],
                    entities: Mapping[str, Entity], lexicon: ResultLexicon) -> list[tuple[_Span, int] | None]:
    """For each sentence, the benchmark its bullet stands on, with the sentence that named it (bullet-carried).

    '● Results on ARC-AGI-1: A lifts the score to 59.3. With retries, A reaches 70.8.': a sentence of a bullet after
    its first, naming no benchmark, stands on the benchmark the bullet opens on, in its heading or its first clause,
    when the bullet names no other before it: the annotation standard reads a result 'in one sentence or bullet'. A
    benchmark the bullet only names in passing ('boosts X accuracy to 73.6%') is not what the rest of the bullet is
    about. One pass over the item: what a bullet's earlier sentences named is carried forward, not read again for
    every later sentence (a long bullet made that quadratic)."""
    out: list[tuple[_Span, int] | None] = [None] * len(sentences)
    run: int | None = None  # the line of the bullet being read
    ground: _Span | None = None  # the benchmark that bullet opens on
    named: list[tuple[int, str, str]] = []  # (sentence, surface, entity) of each benchmark the bullet named so far
    for index in range(1, len(sentences)):
        line = lines[index] if index < len(lines) else None
        if line is None:
            continue
        spans = _spans(item, index, sentences[index], entities)
        here = [(index, s.surface, s.entity) for s in spans if s.type == EntityType.BENCHMARK]
        if line != run:
            text = sentences[index]
            opens = spans[0] if spans and spans[0].type == EntityType.BENCHMARK and _leads(
                text[: spans[0].start], lexicon, text[spans[0].end:]) else None
            run, ground, named = line, opens or _heading_benchmark(sentences[index], spans), []
        elif not here and ground is not None and lines[index - 1] == line and {key for _, _, key in named} == {ground.entity}:
            at, surface, key = min(named)
            out[index] = _Span(0, 0, key, EntityType.BENCHMARK, surface), at
        named += here
    return out


def _weakly_grounded(sentence: str, number: _Number, system: _Span | None, lexicon: ResultLexicon) -> bool:
    """Whether a score stands on a benchmark the sentence does not name (the bullet's or the item's): only a named
    system's, only a percentage or a decimal (not '(1)', '1,000 reports', 'GRPO's 32'), and only when its clause names
    no other place it was measured on ('35% ... on countdown tasks')."""
    if system is None or not (number.percent or number.value != number.value.to_integral_value()):
        return False
    clause = re.split(r"[,;]", sentence[number.end:], maxsplit=1)[0]
    return lexicon.cue(r"\b{place-of-score}\s").search(clause) is None


def _own_benchmark(item: LinkedItem, introduced: set[str], entities: Mapping[str, Entity]) -> _Span | None:
    """The one benchmark the item introduces ('Zorbco introduces ZorbBench, a benchmark ...'), which the scores of
    named systems in its sentences that name no benchmark are on ('A leads at 42%', item-benchmark)."""
    if len(introduced) != 1:
        return None
    key = next(iter(introduced))
    return _Span(0, 0, key, EntityType.BENCHMARK, entities[key].label)


def _fold(name: str) -> str:
    return re.sub(r"[\s\-_‑–]+", "", name.casefold())


def _benchmark_names(entities: Mapping[str, Entity]) -> dict[str, str]:
    """Every benchmark of the corpus by its folded names ('swebenchverified' -> its key), for editions."""
    out: dict[str, str] = {}
    for key in sorted(entities):
        entity = entities[key]
        if entity.type == EntityType.BENCHMARK:
            for name in sorted({entity.label, *entity.aliases}):
                out.setdefault(_fold(name), key)
    return out


def _edition(sentence: str, benchmark: _Span, benchmarks: Mapping[str, str], lexicon: ResultLexicon) -> _Span | None:
    """'47.3% on SWE-bench Multilingual' where only 'SWE-bench' was recognised: the score is on the edition,
    the benchmark of the corpus with the longer name; None when the corpus has no such benchmark (the family
    would be the wrong one)."""
    if benchmark.end <= benchmark.start:
        return benchmark  # carried over from the sentence before
    written = benchmarks.get(_fold(benchmark.surface))
    if written is not None and written != benchmark.entity:
        return _Span(benchmark.start, benchmark.end, written, EntityType.BENCHMARK, benchmark.surface)  # linked to its family
    m = re.match(r"[\s\-‑]*(?:" + lexicon.cues["edition-after"].pattern + r")(?![\w\-]|\.\d)", sentence[benchmark.end:])
    if m is None:
        return benchmark
    surface = benchmark.surface + sentence[benchmark.end: benchmark.end + m.end()]
    key = benchmarks.get(_fold(surface))
    if key is None or key == benchmark.entity:
        return None
    return _Span(benchmark.start, benchmark.end + m.end(), key, EntityType.BENCHMARK, surface)


def _sentence_results(item: LinkedItem, index: int, sentence: str, own: str | None,
                      entities: Mapping[str, Entity], lexicon: ResultLexicon, benchmarks: Mapping[str, str],
                      carried: _Span | None = None, weak: _Span | None = None, named_earlier: _Span | None = None,
                      on_part: list[tuple] | None = None) -> list[tuple]:
    spans = _without_parts(_without_metrics(_spans(item, index, sentence, entities), lexicon), lexicon)
    if any(s.type == EntityType.BENCHMARK for s in spans):
        named_earlier = None  # a part of a benchmark the sentence names is that one's, for the other rules to find
    numbers = _numbers(sentence, spans, lexicon)
    lead = spans[0] if spans and spans[0].type == EntityType.BENCHMARK and _leads(
        sentence[: spans[0].start], lexicon, sentence[spans[0].end:]) else None
    lead = lead or _grounding(sentence, spans, lexicon) or carried
    if lead is None and not any(s.type == EntityType.BENCHMARK for s in spans):
        lead = weak  # the bullet's benchmark (bullet-carried) or the item's own (item-benchmark), on conditions below
    else:
        weak = None
    heading = None if lead else _heading_benchmark(sentence, spans)
    out: list[tuple] = []
    previous_benchmark: _Span | None = None
    rows = _slashed(sentence, numbers, spans)
    paired = _respectively(sentence, numbers, spans, lexicon) | _respectively_before(sentence, numbers, spans, lexicon) | {
        n: span for n, (span, _) in rows.items()}
    compared = _compared_pair(sentence, numbers, spans, lexicon)
    beaten_lists = _beaten_list(sentence, numbers, spans, lexicon)
    baseline_lists = _baseline_list(sentence, numbers, spans, lexicon)
    parallel = _parallel_systems(sentence, numbers, spans, lexicon)
    topic = _topic(sentence, spans)
    baseline_before = False
    unrecognised_end: int | None = None  # the end of the last score left out as an unrecognised system's
    for n, number in enumerate(numbers):
        before = sentence[: number.start]
        cued = lexicon.cue(r"(?:^|\W){baseline}\s*[~≈]?$").search(before)
        # 'compared to 50% with X and 37% with BM25': a number joined to a baseline's is a baseline's too.
        between = sentence[numbers[n - 1].end: number.start] if n else ""
        joined = baseline_before and ")" not in between and re.search(r"(?:,|\band)\s*$", between) is not None
        metric, unit, metric_end = _metric(sentence, number, lexicon)
        # 'outperforming GPT-4o (60.1%)': a score in brackets right after a name is that system's, like a baseline's
        tagged = _bracketed(sentence, number, metric_end, spans)
        # 'topping GPT-4o at 16.00': the score of the system the scorer beats
        beaten_by = None if cued or tagged else _beaten(sentence, number, spans, lexicon)
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
            on = _edition(sentence, pair[1], benchmarks, lexicon)
            if on is not None and pair[0].entity != on.entity:
                previous_benchmark = on
                out.append((item.paper, pair[0].entity, on.entity, number.value, metric, unit, None))
            baseline_before = False
            continue
        # a clause after a semicolon opening on its own benchmark ('...; on X, A achieves 84%'), else the
        # benchmark the bullet's heading names ('● Results on X: ...') for a score after the heading
        ground = _clause_lead(sentence, number, spans, lexicon) or (
            heading if heading is not None and heading.end <= number.start else lead)
        if ground is not None and ground is not lead and _elsewhere(sentence, metric_end, spans, lexicon):
            ground = None
        benchmark = paired.get(n) or _benchmark(sentence, number, metric_end, spans, ground, lexicon) or _metric_list(
            sentence, n, numbers, metric_end, spans, lexicon)
        # (also over the bullet's or the item's benchmark, which a score placed on a part would not stand on)
        part = (_part_of(sentence, number, metric_end, lexicon)
                if named_earlier is not None and (benchmark is None or benchmark is weak) else None)
        if part is not None:
            benchmark = named_earlier  # 'A leads Level II with 94.3%': the part of the benchmark the item named (benchmark-part)
        if benchmark is None and tagged:
            benchmark = _listed_before(sentence, number, spans, lexicon)  # 'like A (40%) and B (32%) on X'
        scorer = None if baseline else _scoring_beside(sentence, number, spans, lexicon)
        if benchmark is None and scorer is not None:
            benchmark = topic  # 'X reveals rapid progress, with A scoring 16%': the benchmark the sentence is about
        if benchmark is None and baseline and previous_benchmark is not None:
            benchmark = previous_benchmark  # '74.8% on MATH500 (vs 78.5% GRPO)'
        elliptic = None
        if benchmark is None and not baseline and previous_benchmark is not None and n:
            # '..., while A and B reach 65.0% and 60.1%': each system of the list its own score (parallel-systems)
            elliptic = parallel.get(n) or _elliptic(sentence, numbers[n - 1], number, spans, lexicon)
        if elliptic is not None:
            benchmark = previous_benchmark  # 'A reaches 91.2% on MMLU, while B reaches 79.5%' (elliptic-clause)
        if (benchmark is None and not baseline and previous_benchmark is not None and n and metric != "score"
                and _same_place(sentence, numbers[n - 1], number, metric_end, spans, lexicon)):
            benchmark = previous_benchmark  # '60.4% on X, and, after fine-tuning, pass@1 of 48.6%' (metric-later)
        if (benchmark is None and not baseline and previous_benchmark is not None and n and out
                and re.fullmatch(r"[^;\d()]{0,40}?(?:,\s*(?:and\s+)?|\s+and\s+)[~≈]?",
                                 _masked(sentence, numbers[n - 1].end, number.start, spans), re.I)
                and _named_beside(sentence, number, metric_end, spans, False) is not None):
            benchmark = previous_benchmark  # 'X accuracy reaches 71.2% for A and 64.0% for B' (listed-for)
        continued = None
        if benchmark is None and out and n and _CONTINUES.search(sentence[numbers[n - 1].end: number.start]):
            continued = out[-1]  # 'attains 59.6 on BrowseComp-Plus, which further improves to 70.4 with search'
        if continued is not None:
            low = numbers[n - 1].end
            high = numbers[n + 1].start if n + 1 < len(numbers) else len(sentence)
            setting = _setting(sentence, low, high, number, spans, None, lexicon)
            out.append((continued[0], continued[1], continued[2], number.value, continued[4], continued[5], setting))
            continue
        if benchmark is None:
            continue
        benchmark = _edition(sentence, benchmark, benchmarks, lexicon)
        if benchmark is None:
            continue
        if benchmark.end <= number.start:
            # A metric written after the benchmark it follows: '2.88 AlpacaEval score'
            metric, unit = _metric_after_benchmark(sentence, benchmark, number, metric, unit, lexicon)
        elif metric == "score":
            metric, unit = _metric_after_benchmark(sentence, benchmark, number, metric, unit, lexicon)
        previous_benchmark = benchmark
        low = numbers[n - 1].end if n else 0
        high = numbers[n + 1].start if n + 1 < len(numbers) else len(sentence)
        if not baseline and _shared(sentence, metric_end, lexicon):
            # '(60% for both agents)': one score, every system the sentence compares
            for key, span in _compared_systems(spans, own, benchmark):
                setting = _setting(sentence, low, high, number, spans, span, lexicon) if span else None
                out.append((item.paper, key, benchmark.entity, number.value, metric, unit, setting))
            continue
        if n in rows and rows[n][1] != n:
            last = numbers[rows[n][1]]  # a row's system is named after its last number
            system = _named_beside(sentence, last, _metric(sentence, last, lexicon)[2], spans, baseline) or scorer
        else:
            system = _named_beside(sentence, number, metric_end, spans, baseline) or scorer or beaten_by
        if system is None and baseline:
            continue  # 'vs 89% for full finetuning': a baseline with no name
        if system is None:
            system = elliptic or parallel.get(n) or _subject(sentence, number, spans, lexicon)
        if system is None and (_unlinked_name(sentence, number, spans, lexicon) or _named_variant(sentence, number, spans, lexicon)
                               or _listed_after(sentence, unrecognised_end, number, spans)):
            # a system is named but was not recognised: not the paper's own, whatever it is; nor are the scores listed
            # after its own ('The Ultima variant achieves 96.0% on A, 99.2% on B', unrecognised-list)
            unrecognised_end = number.end
            continue
        if weak is not None and benchmark is weak and not _weakly_grounded(sentence, number, system, lexicon):
            continue
        if system is None and _compared_against(sentence, spans, own, lexicon):
            continue  # 'Anemoi reaches 52.73%, beating an OWL reproduction': the paper's system is not OWL
        system_key = system.entity if system else own
        if system is None:
            sized = _sized_reference(item, sentence, number, own, entities, lexicon)
            if sized is not None:
                system_key = sized or None  # 'the 32B model': the item's 32B variant, and no one else
        if system_key is None or system_key == benchmark.entity:
            continue
        setting = None if baseline else _setting(sentence, low, high, number, spans, system, lexicon)
        if part is not None:
            setting = part if setting is None else f"{part}, {setting}"
        out.append((item.paper, system_key, benchmark.entity, number.value, metric, unit, setting))
        if part is not None and on_part is not None:
            on_part.append(out[-1])
    return out


def _metric_list(sentence: str, n: int, numbers: list[_Number], metric_end: int, spans: list[_Span],
                 lexicon: ResultLexicon) -> _Span | None:
    """'71.2% pass@1 and 80.0% pass@8 on X': scores listed each with a metric of its own before the one benchmark they
    are all on; the benchmark named after the last of them (metric-list)."""
    end = metric_end
    for k in range(n, len(numbers) - 1):
        following = numbers[k + 1]
        if end == numbers[k].end or not re.fullmatch(r"\s*(?:,\s*(?:and\s+)?|and\s+)[~≈]?", sentence[end: following.start]):
            return None  # a score without a metric of its own, or not listed with the next one
        end = _metric(sentence, following, lexicon)[2]
        if end == following.end:
            return None
        found = _benchmark(sentence, following, end, spans, None, lexicon)
        if found is not None:
            return found if found.start >= end else None
    return None


def _listed_after(sentence: str, end: int | None, number: _Number, spans: list[_Span]) -> bool:
    """Whether the number is listed right after the score that ends at ``end`` ('96.0% on A, 99.2% on B, and 35.1% on C'),
    with no system named between them, so that it shares that score's subject (unrecognised-list)."""
    if end is None or any(end <= s.start < number.start and s.type in SYSTEM_TYPES for s in spans):
        return False
    return re.fullmatch(r"[^;\d()]{0,60}?(?:,\s*(?:and\s+)?|\s+and\s+)[~≈]?", _masked(sentence, end, number.start, spans), re.I) is not None


def _without_parts(spans: list[_Span], lexicon: ResultLexicon) -> list[_Span]:
    """'leads Level II with 94.3%' with 'Level II' taken for a name: a part of a benchmark is neither a system nor a
    benchmark of its own (benchmark-part)."""
    part = lexicon.cue(r"{part-name}")
    return [s for s in spans if not part.fullmatch(s.surface)]


_PART = r"(?P<part>{part-name}|the\s+{part-phrase})"


def _part_of(sentence: str, number: _Number, metric_end: int, lexicon: ResultLexicon) -> str | None:
    """The part of a benchmark a score stands on, as written: the part the score is 'on' ('97.6% on Level I', '71.2% on
    the hard split'), the one it is given 'with' or after a colon ('leads Level II with 94.3%'; not 'at': 'serves Tier 2
    at 99.9% uptime' is a service level), or the one its sentence opens on
    ('On the hard split, A reaches 61.0'); None when the score names none (benchmark-part)."""
    m = (lexicon.cue(r"\s*(?:{lead-preposition})\s+" + _PART).match(sentence, metric_end)
         or lexicon.cue(_PART + r"\s*(?:with|:)\s*[~≈]?$").search(sentence, 0, number.start)
         or lexicon.cue(r"^\W*" + _HEADING + r"(?:{lead-preposition})\s+" + _PART + r"\s*,").match(sentence, 0, number.start))
    if m is None:
        return None
    return re.sub(r"^the\s+", "", m.group("part"), flags=re.I)


def _without_metrics(spans: list[_Span], lexicon: ResultLexicon) -> list[_Span]:
    """'reaches 66.1 mAP on COCO' with 'mAP' taken for a method's name: a metric the earlier stages read as a name is
    the number's metric, not a system or a name standing between the number and its benchmark (metric-mention)."""
    metrics = {surface.casefold() for surface, _, _ in lexicon.metrics}
    return [s for s in spans if s.type == EntityType.BENCHMARK or s.surface.casefold() not in metrics]


def _parallel_systems(sentence: str, numbers: list[_Number], spans: list[_Span], lexicon: ResultLexicon) -> dict[int, _Span]:
    """'A and B reach 65.0% and 60.1%': a list of systems scoring a list of as many numbers, the n-th number the n-th
    system's."""
    out: dict[int, _Span] = {}
    systems = [s for s in spans if s.type in SYSTEM_TYPES]
    verb = lexicon.cue(r"(?:'s|’s)?\s+{subject-verb}\s+(?:scores?\s+of\s+)?[~≈]?")
    for k, first in enumerate(numbers):
        run: list[_Span] = []
        for span in reversed([s for s in systems if s.end <= first.start]):
            if not run:
                if not verb.fullmatch(sentence, span.end, first.start):
                    break
            elif not _LIST_JOIN.fullmatch(sentence[span.end: run[0].start]):
                break
            run.insert(0, span)
        if len(run) < 2 or k + len(run) > len(numbers):
            continue
        listed = numbers[k: k + len(run)]
        if all(_LIST_JOIN.fullmatch(re.sub(r"^\s*%", "", sentence[a.end: b.start])) for a, b in pairwise(listed)):
            out.update({k + i: span for i, span in enumerate(run)})
    return out


def _masked(sentence: str, start: int, end: int, spans: list[_Span]) -> str:
    """The text between two offsets with each name inside it written as 'X', so that the digits of a name
    ('AIME2024', 'Zorblax-70B') read as a word, not as a number."""
    gap = sentence[start:end]
    for s in sorted((s for s in spans if start <= s.start and s.end <= end), key=lambda s: -s.start):
        gap = gap[: s.start - start] + "X" + gap[s.end - start:]
    return gap


def _elliptic(sentence: str, previous: _Number, number: _Number, spans: list[_Span], lexicon: ResultLexicon) -> _Span | None:
    """The system of the number's clause when that clause, joined to the previous score's, is the system scoring with
    the benchmark left out: '..., while B reaches 79.5%', '... and B scores 88.0%'."""
    named = [s for s in spans if previous.end <= s.start and s.end <= number.start and s.type in SYSTEM_TYPES]
    if len(named) != 1:
        return None
    span = named[0]
    # the previous score's benchmark, digits and all ('29.8% on AIME2024, and B rises ...'), joins like any word
    gap = _masked(sentence, previous.end, span.start, [s for s in spans if s.type == EntityType.BENCHMARK])
    joined = lexicon.cue(r"[^;\d()]{0,60}?(?:,\s*(?:{gapped-joiner}|{comma-joiner})?|\s{gapped-joiner})\s+(?:" + _ARTICLE + r")?").fullmatch(gap)
    scored = lexicon.cue(r"\s+{subject-verb}\s+[~≈]?").fullmatch(sentence[span.end: number.start])
    # '..., and B 79.5%', '..., with B at 79.5%', '..., followed by B with 79.5%': the verb left out (gapped-clause)
    scored = scored or lexicon.cue(r"\s+(?:{gapped-link}\s+)?[~≈]?").fullmatch(sentence[span.end: number.start])
    # '..., and B rises from 26.7% to 43.3%': a score the clause's system changed to (elliptic-change)
    changed = _changed_from(lexicon).fullmatch(sentence, span.end, number.start)
    return span if joined is not None and (scored is not None or changed is not None) else None


def _same_place(sentence: str, previous: _Number, number: _Number, metric_end: int, spans: list[_Span],
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


def _bracketed(sentence: str, number: _Number, metric_end: int, spans: list[_Span]) -> bool:
    """Whether the number is alone in brackets right after a system's name ('GPT-4o (60.1%)'), or is
    that name's by a possessive ('surpassing GPT-4o's 60.1%')."""
    preceding = next((s for s in reversed(spans) if s.end <= number.start), None)
    if preceding is None or preceding.type not in SYSTEM_TYPES:
        return False
    gap = sentence[preceding.end: number.start]
    closed = re.match(r"\s*\)", sentence[metric_end:]) is not None
    # '(Zorblax-70B: 65.0%)': a name labelling a score in brackets of their own (labelled-bracket)
    # right after the score or the benchmark it is compared with ('71.2% on X (B: 65.0%)'), where a label is a baseline's,
    # not a task's ('audio understanding (Zorb: 80.9)')
    opened = re.search(r"\(\s*$", sentence[: preceding.start])
    labelled = re.fullmatch(r"\s*:\s*[~≈]?", gap) is not None and opened is not None and (
        re.search(r"\d\s*%?\s*$", sentence[: opened.start()]) is not None
        or any(s.type == EntityType.BENCHMARK and s.end <= opened.start() and not sentence[s.end: opened.start()].strip()
               for s in spans))
    bracketed = (re.fullmatch(r"\s*\(\s*[~≈]?", gap) is not None or labelled) and closed
    return bracketed or re.fullmatch(r"(?:'s|’s)\s+[~≈]?", gap) is not None


def _leads(before: str, lexicon: ResultLexicon, after: str = "") -> bool:
    """Whether a name opens the sentence's first clause as the ground every score of the sentence stands on
    ('On SWE-Bench-Pro, ...', '● Low-budget wins: On AMC23, ...', 'Tested on context-heavy SWE-bench Lite cases, ...'), also
    as what the sentence's experiments were run on ('Experiments on X show that A achieves 61.2%', lead-noun); ``after``
    is the text after the name."""
    # an opening adverbial before the lead changes nothing: 'For example, in OSWorld, A scores 24.6' (lead-adverbial)
    opening = r"^\W*" + _HEADING + r"(?:{lead-adverbial},?\s+)?"
    place = r"{lead-preposition}\s+(?:" + _ARTICLE + r")?" + _MODIFIERS + "$"
    if lexicon.cue(_LEADING_BENCHMARK).match(before) is not None or lexicon.cue(
            opening + r"(?:{lead-participle}\s+)?" + place).match(before) is not None:
        return True
    # 'Results on X: ...' is a bullet's heading, and read as one (_heading_benchmark)
    return lexicon.cue(opening + r"{lead-noun}\s+" + place).match(before) is not None and _HEADING_CLOSE.match(after) is None


_HEADING_CLOSE = re.compile(r"\s*(?::|[—–]|\s-\s)")


def _compared_against(sentence: str, spans: list[_Span], own: str | None, lexicon: ResultLexicon) -> bool:
    """Whether the sentence names the system taken for the paper's own as the one it is compared against: then
    an unnamed scorer is someone else (the item's own system was misjudged, or is not recognised)."""
    against = lexicon.cue(r"(?:^|\W)(?:{beats}|{compared-against})\s+(?:" + _ARTICLE + r")?$")
    return own is not None and any(s.entity == own and against.search(sentence[: s.start]) for s in spans)


def _grounding(sentence: str, spans: list[_Span], lexicon: ResultLexicon) -> _Span | None:
    """The one benchmark of a sentence, when the sentence says its scores were measured on it, wherever it
    says so ('..., validated through the MAPLE-Personas benchmark')."""
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK]
    if len(benchmarks) != 1:
        return None
    only = benchmarks[0]
    said = lexicon.cue(r"\b{lead-participle}\s+{measured-through}\s+(?:"
                       + _ARTICLE + r")?" + _MODIFIERS + "$").search(sentence[: only.start])
    return only if said else None


def _sized_reference(item: LinkedItem, sentence: str, number: _Number, own: str | None, entities: Mapping[str, Entity],
                     lexicon: ResultLexicon) -> str | None:
    """'On BrowseComp, the 32B model reaches 14.8%': a variant named by its size alone is the paper's system of
    that size ('DeepDive-32B', named in the item). None when the clause names no such variant, '' when it
    does but the item names no variant of the paper's system of that size (an unnamed variant is not the
    paper's system, and 'Qwen3-8B' named as a baseline is not 'the 8B model')."""
    sized = lexicon.cue(r"\b(?:the|its|our|their)\s+(\d+(?:\.\d+)?[BM])\s+{sized-noun}\b")
    # the subject of the clause or, in a list of scores, of the sentence ('The 8B model achieves 71.1% on A, 37.2% on B')
    m = next((m for m in reversed(list(sized.finditer(sentence, 0, number.start)))
              if _CLAUSE_START.search(sentence[: m.start()]) or m.start() == 0), None)
    if m is None:
        return None
    if own is None:
        return ""
    size = re.compile(r"(?:^|[\s\-_])" + re.escape(m.group(1)) + r"(?:$|[\s\-_])", re.I)
    family = _fold(entities[own].label)
    named = sorted({lm.entity for lm in item.mentions if entities[lm.entity].type in SYSTEM_TYPES
                    and size.search(entities[lm.entity].label)
                    and (entities[lm.entity].variant_of == own or _fold(entities[lm.entity].label).startswith(family))})
    return named[0] if len(named) == 1 else ""


def _shared(sentence: str, metric_end: int, lexicon: ResultLexicon) -> bool:
    """'60% for both agents', '71% each': a score the sentence gives to all the systems it names."""
    return lexicon.cue(r"\s*{shared-by}(?:\s+{shared-noun})?\s*(?:[),;.]|$)").match(sentence[metric_end:]) is not None


def _compared_systems(spans: list[_Span], own: str | None, benchmark: _Span) -> list[tuple[str, _Span | None]]:
    """The systems a shared score goes to: each one the sentence names, then the paper's own if it is not
    among them (with no span: it is not named there)."""
    out: list[tuple[str, _Span | None]] = []
    seen = {benchmark.entity}
    for span in spans:
        if span.type in SYSTEM_TYPES and span.entity not in seen:
            seen.add(span.entity)
            out.append((span.entity, span))
    if own is not None and own not in seen:
        out.append((own, None))
    return out


# A later number that continues the previous score: the same system on the same benchmark, under a new setting.
_CONTINUES = re.compile(r"\b(?:improv\w*|ris\w*|increas\w*|climb\w*|jump\w*|boost\w*|goes|going|grows?|reach\w*)\s+"
                        r"(?:further\s+)?to\s*$", re.I)
# Names by their shape: 'Zorblax-4', 'GlowNet', and lowercase ones ('rStar2-Agent', 'o3-mini', 'gpt-oss-120b').
_NAME_SHAPE = re.compile(r"\b[A-Z][A-Za-z]*-?\d[\w.\-]*|\b[A-Z][a-z]+[A-Z]\w*|\b[a-z]+[A-Z][\w\-]*|\b[a-z]{1,4}\d[\w.\-]*"
                         r"|\b[a-z]+(?:-[a-z]+)*-\d+(?:\.\d+)?[bBmM]\b")


def _unlinked_name(sentence: str, number: _Number, spans: list[_Span], lexicon: ResultLexicon) -> bool:
    """Whether the clause before the number names something the earlier stages did not recognise
    ('Zorblax-4-plus reaches 95%', 'Zinko-3 and B score 70%' with no mention there); a metric or a word that qualifies
    one is no name ('Top-1 accuracy of 77%'), nor a numbered part of the paper's process ('after Stage-2 training',
    unlinked-part: the nlp stage reads 'Stage 2' as no name either)."""
    start = max((m.end() for m in re.finditer(r"[,;:(]", sentence[: number.start])), default=0)
    metric = lexicon.cue(r"(?:{metric-modifier})")
    return any(not any(s.start <= m.start() < s.end for s in spans) and not metric.fullmatch(m.group(0))
               and m.group(0).casefold() not in lexicon.metric_words and not _numbered_part(m.group(0), lexicon)
               for m in _NAME_SHAPE.finditer(sentence, start, number.start))


_PART_NUMBER = re.compile(r"(?P<word>[A-Za-z]+?)s?-?\d+(?:\.\d+)?")


def _numbered_part(name: str, lexicon: ResultLexicon) -> bool:
    part = _PART_NUMBER.fullmatch(name)
    return part is not None and part.group("word").lower() in lexicon.part_nouns


def _named_variant(sentence: str, number: _Number, spans: list[_Span], lexicon: ResultLexicon) -> bool:
    """'The Ultima variant achieves 96.0%': a variant named by a word the earlier stages did not recognise, in the clause
    before the number, scored; it is not the paper's own system (named-variant)."""
    start = max((m.end() for m in re.finditer(r"[,;:(]", sentence[: number.start])), default=0)
    variant = lexicon.cue(r"\bthe\s+(?-i:(?P<name>[A-Z][\w.\-]*))\s+{sized-noun}\b")
    return any(not any(s.start <= m.start("name") < s.end for s in spans)
               for m in variant.finditer(sentence, start, number.start))


_LIST_JOIN = re.compile(r"\s*(?:,\s*and|,|and|&)\s*", re.I)


def _respectively(sentence: str, numbers: list[_Number], spans: list[_Span], lexicon: ResultLexicon) -> dict[int, _Span]:
    """'60.1% and 45.2% on AIME and GPQA, respectively': the n-th number goes with the n-th benchmark; also without
    'respectively' when the list of benchmarks closes the clause ('scores of 72.1 and 65.3 on A and B.', parallel-lists)."""
    ends = [m.start() for m in re.finditer(r"\brespectively\b", sentence, re.I)]
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK]
    ends += [s.end for s in benchmarks if re.match(r"\s*(?:[,.;)]|$)", sentence[s.end:])]
    out: dict[int, _Span] = {}
    for end in ends:
        run = _benchmark_list(sentence, spans, end)  # the benchmarks listed just before 'respectively'
        if len(run) < 2 or not re.fullmatch(r"[\s,]*", sentence[run[-1].end: end]):
            continue
        listed = _number_list(sentence, numbers, run[0].start)
        if listed and len(listed) == len(run) and lexicon.cue(r"\s*%?\s*(?:[a-z@\d]+\s+){0,2}?{lead-preposition}\s+(?:the\s+)?").fullmatch(
                sentence[numbers[listed[-1]].end: run[0].start]):
            out.update(zip(listed, run, strict=True))
    return out


def _benchmark_list(sentence: str, spans: list[_Span], end: int) -> list[_Span]:
    """The benchmarks listed ('A, B and C') up to the last one named before ``end``, in order."""
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK and s.end <= end]
    run = benchmarks[-1:]
    for s in reversed(benchmarks[:-1]):
        if not _LIST_JOIN.fullmatch(sentence[s.end: run[0].start]):
            break
        run.insert(0, s)
    return run


def _number_list(sentence: str, numbers: list[_Number], end: int) -> list[int]:
    """The indexes of the numbers listed ('60.1%, 45.2% and 30%') up to the last one ending before ``end``, in order."""
    listed = [i for i, n in enumerate(numbers) if n.end <= end][-1:]
    for i in range(listed[0] - 1, -1, -1) if listed else ():
        if not _LIST_JOIN.fullmatch(re.sub(r"^\s*%", "", sentence[numbers[i].end: numbers[listed[0]].start])):
            break
        listed.insert(0, i)
    return listed


def _respectively_before(sentence: str, numbers: list[_Number], spans: list[_Span], lexicon: ResultLexicon) -> dict[int, _Span]:
    """'On A and B, S scores 71.2% and 64.0%, respectively': the benchmarks listed before the numbers, the n-th number
    on the n-th benchmark (respectively-before). The list must open its clause as the place of the scores ('Trained on
    A and B, ...' names training data)."""
    out: dict[int, _Span] = {}
    for m in re.finditer(r"\brespectively\b", sentence, re.I):
        listed = _number_list(sentence, numbers, m.start())
        if not listed or not re.fullmatch(r"\s*%?[\s,]*", sentence[numbers[listed[-1]].end: m.start()]):
            continue
        run = _benchmark_list(sentence, spans, numbers[listed[0]].start)
        if len(run) < 2 or len(run) != len(listed):
            continue
        if _leads(sentence[sentence.rfind(";", 0, run[0].start) + 1: run[0].start], lexicon, sentence[run[-1].end:]):
            out.update(zip(listed, run, strict=True))
    return out


def _slashed(sentence: str, numbers: list[_Number], spans: list[_Span]) -> dict[int, tuple[_Span, int]]:
    """'AIME 2024 / AIME 2025: 72.1 / 65.3': a table row written inline, the n-th number on the n-th benchmark
    (slash-table); with each number, the row's last, beside which the system is named ('... / 65.3 for A')."""
    out: dict[int, tuple[_Span, int]] = {}
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


def _metric(sentence: str, number: _Number, lexicon: ResultLexicon) -> tuple[str, str, int]:
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


def _metric_after_benchmark(sentence: str, benchmark: _Span, number: _Number, metric: str, unit: str,
                            lexicon: ResultLexicon) -> tuple[str, str]:
    after = sentence[benchmark.end:]
    for surface, found, bare_unit in lexicon.metrics:
        if re.match(r"\s*(?:" + re.escape(surface) + r")(?![\w@])", after, re.I):
            return found, "%" if number.percent else bare_unit
    return metric, unit


def _benchmark(sentence: str, number: _Number, metric_end: int, spans: list[_Span], lead: _Span | None,
               lexicon: ResultLexicon) -> _Span | None:
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
    changed = lexicon.cue(_FROM_TO).search(sentence, 0, number.start)
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


def _named_then_scored(sentence: str, benchmark: _Span, number: _Number, lexicon: ResultLexicon) -> bool:
    """A benchmark named right before its score in three more shapes: raised to it ('improves GPQA-Diamond to
    60.9', 'boosts MATH500 accuracy to 73.6%'), given it by a scoring gerund after a comma ('VisualWebBench,
    scoring 82.8'), or labelled with its metric before a colon ('OpenAudioBench avg: 69.8')."""
    gap = sentence[benchmark.end: number.start]
    raised = lexicon.cue(r"(?:^|\W){raised-to}\s+(?:" + _ARTICLE + r")?$").search(sentence[: benchmark.start])
    # the size of the rise may come first: 'improves X accuracy by 12.5 points to 71.2%' (raised-by-to)
    if raised and lexicon.cue(_METRIC_WORDS + r"(?:\s+by\s+[~≈]?\d[\d.,]*\s*(?:%|{points-unit})?)?\s+to\s+[~≈]?").fullmatch(gap):
        return True
    if lexicon.cue(r",\s*{scoring-gerund}\s+(?:at\s+)?[~≈]?").fullmatch(gap):
        return True
    modifier = r"(?:(?:" + lexicon.cues["metric-modifier"].pattern + r")\s+)?"
    return any(re.fullmatch(r"\s+" + modifier + re.escape(surface) + r"\s*:\s*[~≈]?", gap, re.I) for surface, _, _ in lexicon.metrics)


def _elsewhere(sentence: str, metric_end: int, spans: list[_Span], lexicon: ResultLexicon) -> bool:
    """'... 40% on Zorb-Suite' where 'Zorb-Suite' was not recognised: the score is on a benchmark of its own, not on
    the one the sentence stands on."""
    # matched case-sensitively: the name after the preposition is told by its capital
    m = re.match(r"\s*(?:" + lexicon.cues["elsewhere-on"].pattern + r")\s+(?:the\s+)?(?=[A-Z0-9])", sentence[metric_end:])
    return m is not None and not any(s.start == metric_end + m.end() for s in spans)


def _clause_lead(sentence: str, number: _Number, spans: list[_Span], lexicon: ResultLexicon) -> _Span | None:
    """'a prompting method ...; on BIG-Bench Hard, Quillchain achieves 84%': a clause after a semicolon that opens
    on a benchmark, like a sentence that does (_leads), grounds the scores of that clause."""
    start = sentence.rfind(";", 0, number.start) + 1
    if start == 0:
        return None
    first = next((s for s in spans if s.start >= start), None)
    if first is None or first.type != EntityType.BENCHMARK or first.end > number.start:
        return None
    return first if _leads(sentence[start: first.start], lexicon, sentence[first.end:]) else None


def _heading_benchmark(sentence: str, spans: list[_Span]) -> _Span | None:
    """'● Results on GAIA: With A as planner, S reaches 52.7%', '● State-of-the-art X results – Achieves 60.8%':
    the one benchmark a bullet's heading names grounds the bullet's scores when the body names none."""
    m = re.match(r"\W*[^\W\d][^:;.()—–]{0,60}?(?::|\s[—–-])\s+", sentence)
    if m is None:
        return None
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK]
    if len(benchmarks) != 1 or benchmarks[0].end > m.end():
        return None
    return benchmarks[0]


def _scoring_beside(sentence: str, number: _Number, spans: list[_Span], lexicon: ResultLexicon) -> _Span | None:
    """A system named right before its number by a scoring gerund, wherever the phrase stands: 'with GPT-4o
    reaching 32%' (a name after 'with' is otherwise not the one that scored)."""
    preceding = next((s for s in reversed(spans) if s.end <= number.start), None)
    if preceding is None or preceding.type not in SYSTEM_TYPES:
        return None
    gap = sentence[preceding.end: number.start]
    # 'with A achieving a record 97.6%': a qualifier of the score between the gerund and the number (record-score)
    return preceding if lexicon.cue(r"\s+{scoring-gerund}\s+(?:an?\s+(?:new\s+)?{score-qualifier}\s+(?:of\s+)?)?[~≈]?").fullmatch(gap) else None


def _beaten(sentence: str, number: _Number, spans: list[_Span], lexicon: ResultLexicon) -> _Span | None:
    """The system the number follows when it is named as the one beaten: 'topping GPT-4o at 16.00'."""
    preceding = next((s for s in reversed(spans) if s.end <= number.start), None)
    if preceding is None or preceding.type not in SYSTEM_TYPES:
        return None
    # the one matched is compared like the one beaten, and a describing phrase may follow its name before 'at':
    # 'nearly matching the o1-preview RL-trained reasoning model at 44.6%' (matched-at); a verb or a conjunction there
    # opens the scorer's own clause ('matches B and lands at 44.6%', 'tops B while scoring at 44.6%')
    beaten = lexicon.cue(r"\s+(?:(?:(?!(?:{clause-joiner}|{subject-verb}|{scoring-gerund})\b)[A-Za-z][\w-]*\s+){0,3}?at\s+)?[~≈]?").fullmatch(
        sentence, preceding.end, number.start) is not None and lexicon.cue(
        r"(?:^|\W)(?:{beats}|{matches})\s+(?:" + _ARTICLE + r")?$").search(sentence[: preceding.start]) is not None
    return preceding if beaten else None


def _topic(sentence: str, spans: list[_Span]) -> _Span | None:
    """The sentence's only benchmark when it opens the sentence as its subject ('● Gains: HealthBench reveals
    rapid progress, ...'): the scores the sentence gives named systems are on it."""
    benchmarks = [s for s in spans if s.type == EntityType.BENCHMARK]
    if len(benchmarks) != 1 or spans[0] is not benchmarks[0]:
        return None
    only = benchmarks[0]
    opens = re.fullmatch(r"\W*" + _HEADING, sentence[: only.start]) is not None
    return only if opens and re.match(r"\s+(?:[a-z]+ly\s+)?[a-z]+s\b", sentence[only.end:]) else None


_PAIR = re.compile(r"\(\s*[~≈]?\d[\d.,]*\s*%?\s*(?:vs\.?|versus)\s*[~≈]?\d[\d.,]*\s*%?\s*\)", re.I)


def _compared_pair(sentence: str, numbers: list[_Number], spans: list[_Span],
                   lexicon: ResultLexicon) -> dict[int, tuple[_Span, _Span]]:
    """'A beats B on X overall (85.97 vs 83.97)': the first number is the subject's, the second the compared
    system's, both on the benchmark the comparison names."""
    out: dict[int, tuple[_Span, _Span]] = {}
    for m in _PAIR.finditer(sentence):
        inside = [i for i, n in enumerate(numbers) if m.start() < n.start < m.end()]
        if len(inside) != 2:
            continue
        start = max((c.end() for c in re.finditer(r"[,;:(]", sentence[: m.start()])), default=0)
        named = [s for s in spans if start <= s.start and s.end <= m.start()]
        if _unnamed_beater(sentence, start, named, m.start(), lexicon):
            # 'The resulting model beats B on X (79.1% vs 68.4%)': the second score is B's; the first, the unnamed
            # subject's, is left to the other rules (pair-unnamed-subject)
            out[inside[1]] = (named[0], named[1])
            continue
        if len(named) != 3 or [s.type in SYSTEM_TYPES for s in named] != [True, True, False] or named[2].type != EntityType.BENCHMARK:
            continue
        first, second, on = named
        if (lexicon.cue(r"\s+{beats}\s+(?:" + _ARTICLE + r")?").fullmatch(sentence[first.end: second.start])
                and lexicon.cue(r"\s+{place-of-score}\s+(?:the\s+)?").fullmatch(sentence, second.end, on.start)
                and re.fullmatch(r"\s*(?:[a-z][\w-]*\s+){0,2}", sentence[on.end: m.start()], re.I)
                and re.fullmatch(r"\s*", sentence[start: first.start])):
            out[inside[0]], out[inside[1]] = (first, on), (second, on)
    return out


def _unnamed_beater(sentence: str, start: int, named: list[_Span], pair_start: int, lexicon: ResultLexicon) -> bool:
    """Whether a clause before a bracketed pair of scores names only the system beaten and the benchmark: 'The resulting
    14B model beats B on X (79.1% vs 68.4%)', 'It outperforms B on X (...)'."""
    if len(named) != 2 or named[0].type not in SYSTEM_TYPES or named[1].type != EntityType.BENCHMARK:
        return False
    beaten, on = named
    return (lexicon.cue(r"(?:^|\s){beats}\s+(?:" + _ARTICLE + r")?$").search(sentence[start: beaten.start]) is not None
            and lexicon.cue(r"\s+{place-of-score}\s+(?:the\s+)?").fullmatch(sentence, beaten.end, on.start) is not None
            and re.fullmatch(r"\s*(?:[a-z][\w-]*\s+){0,2}", sentence[on.end: pair_start], re.I) is not None)


def _beaten_list(sentence: str, numbers: list[_Number], spans: list[_Span], lexicon: ResultLexicon) -> dict[int, tuple[_Span, int, int]]:
    """'..., beating B's 27M-param results of 74.5%, 40.3%, and 5.0': a list of the beaten system's scores, each number
    with that system, its place in the list and the list's length."""
    out: dict[int, tuple[_Span, int, int]] = {}
    for span in spans:
        if span.type not in SYSTEM_TYPES or not lexicon.cue(r"(?:^|\W){beats}\s+(?:" + _ARTICLE + r")?$").search(sentence[: span.start]):
            continue
        m = lexicon.cue(r"(?:'s|’s)\s+(?:[\w-]+\s+){0,2}?{score-noun}\s+of\s+").match(sentence, span.end)
        if m is None:
            continue
        first = next((k for k, n in enumerate(numbers) if n.start == m.end()), None)
        if first is None:
            continue
        run = [first]
        while run[-1] + 1 < len(numbers) and _LIST_JOIN.fullmatch(re.sub(r"^\s*%", "", sentence[numbers[run[-1]].end: numbers[run[-1] + 1].start])):
            run.append(run[-1] + 1)
        if len(run) >= 2:
            out.update({k: (span, i, len(run)) for i, k in enumerate(run)})
    return out


def _baseline_list(sentence: str, numbers: list[_Number], spans: list[_Span], lexicon: ResultLexicon) -> dict[int, tuple[_Span, int, int]]:
    """'..., versus 62.0% and 58.1% for B', '..., outperforming B (62.0% and 58.1%)': a list of two or more numbers given
    to one compared system, after a comparison word and before 'for B', or in brackets right after the beaten B; each
    number with that system, its place in the list and the list's length (baseline-list-for)."""
    out: dict[int, tuple[_Span, int, int]] = {}
    k = 0
    while k < len(numbers):
        run = [k]
        while run[-1] + 1 < len(numbers) and _LIST_JOIN.fullmatch(re.sub(r"^\s*%", "", sentence[numbers[run[-1]].end: numbers[run[-1] + 1].start])):
            run.append(run[-1] + 1)
        k = run[-1] + 1
        if len(run) < 2:
            continue
        first, last = numbers[run[0]], numbers[run[-1]]
        before, after = sentence[: first.start], sentence[last.end:]
        owner = None
        if lexicon.cue(r"(?:^|\W){baseline}\s*[~≈]?$").search(before):
            m = re.match(r"\s*%?\s*(?:for|by|from)\s+(?:" + _ARTICLE + r")?", after, re.I)
            owner = next((s for s in spans if m and s.start == last.end + m.end() and s.type in SYSTEM_TYPES), None)
            if owner is not None and not _sole_owner(sentence, owner, spans):
                owner = None
        opened = re.search(r"\(\s*[~≈]?$", before)
        if owner is None and opened and re.match(r"\s*%?\s*\)", after):
            named = next((s for s in reversed(spans) if s.end <= opened.start()), None)
            if named is not None and named.type in SYSTEM_TYPES and not sentence[named.end: opened.start()].strip() and lexicon.cue(
                    r"(?:^|\W){beats}\s+(?:" + _ARTICLE + r")?$").search(sentence[: named.start]):
                owner = named
        if owner is not None:
            out.update({i: (owner, position, len(run)) for position, i in enumerate(run)})
    return out


def _sole_owner(sentence: str, owner: _Span, spans: list[_Span]) -> bool:
    """Whether 'for B' gives the list to B alone: not "for B's larger sibling" (another system's scores), nor 'for B and
    C, respectively' (each number another system's), where B's benchmark by benchmark would be made up (baseline-list-for)."""
    after = sentence[owner.end:]
    if re.match(r"['’]s\b", after):
        return False
    joined = re.match(r"\s*(?:,\s*(?:and\s+|or\s+)?|(?:and|or)\s+)", after)
    return not (joined and any(s.start == owner.end + joined.end() and s.type in SYSTEM_TYPES for s in spans))


_LISTED = (r"\s*\)(?:\s*(?:,\s*(?:and\s+)?|and\s+)[^();]{1,60}?\(\s*[~≈]?\d[\d.,]*\s*%?\s*\))*"
           r"\s+{listed-place}\s+(?:the\s+)?")  # a lexicon.cue() template


def _listed_before(sentence: str, number: _Number, spans: list[_Span], lexicon: ResultLexicon) -> _Span | None:
    """'like TRM (40%) and HRM (32%) on ARC-AGI 1': bracketed scores listed before the benchmark they are on."""
    m = lexicon.cue(_LISTED).match(sentence, number.end)
    if m is None:
        return None
    return next((s for s in spans if s.start == m.end() and s.type == EntityType.BENCHMARK), None)


def _named_beside(sentence: str, number: _Number, metric_end: int, spans: list[_Span], baseline: bool) -> _Span | None:
    """A system named right beside its number: '(vs 78.5% GRPO)', '60.1% for GPT-4o', 'vs GPT-4o's 60.1%'."""
    following = next((s for s in spans if s.start >= number.end), None)
    if following is not None and following.type in SYSTEM_TYPES:
        gap = sentence[metric_end: following.start]
        # a short bracketed tag may stand between: '56% (eum) for Qwen-1.5B' (tagged-beside)
        if re.fullmatch(r"\s*(?:\([^()\d]{1,20}\)\s*)?(?:for|by|from)\s+(?:" + _ARTICLE + r")?", gap, re.I) or (
                baseline and re.fullmatch(r"\s*(?:with\s+|using\s+)?", gap, re.I)):
            return following
    if baseline:
        preceding = next((s for s in reversed(spans) if s.end <= number.start), None)
        if preceding is not None and preceding.type in SYSTEM_TYPES and re.fullmatch(
                r"(?:'s|’s)?\s*(?:[:(]|at|with|scores?|scoring)?\s*[~≈]?", sentence[preceding.end: number.start], re.I):
            return preceding
    return None


def _subject(sentence: str, number: _Number, spans: list[_Span], lexicon: ResultLexicon) -> _Span | None:
    """The last system named before the number that is not inside a prepositional or comparison phrase."""
    blocked = lexicon.cue(r"(?:^|\W){not-subject}\s+(?:" + _ARTICLE + r")?$")
    named = [s for s in spans if s.end <= number.start and s.type in SYSTEM_TYPES]
    for i, span in reversed(list(enumerate(named))):
        before = sentence[: span.start]
        if i and re.fullmatch(r"\s*\(\s*", sentence[named[i - 1].end: span.start]):
            continue  # 'ToG (LLaMa2-70B)': a name in brackets after a name qualifies it, it does not open a clause
        if re.match(r"\s*:\s*[~≈]?\d", sentence[span.end: number.start]) and ")" in sentence[span.end: number.start]:
            # '(CochlScene: 80.99) and ... 69.8': a name labelling a bracketed score of its own, not this one's subject
            # (but 'A: 55.0% on X, 40.1% on Y' labels the whole list: labelled-list)
            continue
        if i == len(named) - 1 and re.fullmatch(r"\s+to\s+[~≈]?", sentence[span.end: number.start]) and lexicon.cue(
                r"(?:^|\W){raised-to}\s+$").search(before):
            return span  # 'boosts Zorblax-7B to 55.2% on X': the model raised scored, with the subject's method (raised-system)
        if i == len(named) - 1 and _changed_from(lexicon).fullmatch(sentence, span.end, number.start):
            # 'takes R1-Distill-Qwen-32B from 35.7% to 69.3%', 'with A going from 57.7% to 65.5%' (changed-verb):
            # the model whose score changed
            return span
        if _trained_object(before, lexicon) and i == len(named) - 1:
            return span  # 'Fine-tuning Qwen2.5-32B on R1's answers led to ... GSM8K (92.2%)': the tuned model scored
        if re.search(r"(?:^|,\s*|\s)(?:and|or)\s+$", before) and lexicon.cue(
                r"(?:'s|’s)?\s+{subject-verb}\s+[~≈]?").fullmatch(sentence[span.end: number.start]):
            return span  # 'A reaches 57.0%, and B reaches 66.2%', '... and B scores 88.0%': the last of a list of clauses, each with its own subject
        if i == len(named) - 1 and i and re.fullmatch(r"\s+[~≈]?", sentence[span.end: number.start]) and re.search(
                r"\d\s*%?\s*(?:,\s*(?:and\s+)?|\s+and\s+)$", before):
            return span  # 'A scores 91.2%, B 79.5%, and C 60.1%': each name of a list right before its own score (gapped-list)
        if blocked.search(before) or (not _CLAUSE_START.search(before) and not _opens_with_verb(sentence, span, number, lexicon)):
            continue
        return span
    return None


def _changed_from(lexicon: ResultLexicon) -> re.Pattern:
    """The gap between a name and the value its score changed to: ' from 35.7% to ', ' going from 57.7% to '."""
    # also with the metric named after the model ('improves A accuracy from 70.2% → 78.2%', changed-metric)
    return lexicon.cue(r"(?:\s+{changed-verb})?(?:\s+[a-z][\w@.\-]*)?\s+" + _FROM_VALUE)


def _trained_object(before: str, lexicon: ResultLexicon) -> bool:
    """Whether a name is the object of a clause-opening training gerund ('– Fine-tuning Qwen2.5-32B ...')."""
    return lexicon.cue(r"(?:^|[,;:(\[–—•]|\s-\s)\s*{trained-gerund}\s+(?:" + _ARTICLE + r")?$").search(before) is not None


def _opens_with_verb(sentence: str, span: _Span, number: _Number, lexicon: ResultLexicon) -> bool:
    """'... the new LN-Ultra scores 76.0': a name in mid-clause still scored when a scoring verb follows it."""
    after = sentence[span.end: number.start]
    return bool(lexicon.cue(r"(?:'s|’s)?\s*(?:\([^)]*\)\s*)?(?:\w+\s+){0,2}?{subject-verb}\b").match(after))


def _others_condition(sentence: str, span: _Span, spans: list[_Span], lexicon: ResultLexicon) -> bool:
    """Whether the model a setting would name ('with X') is a comparison's ('compared with X's 65.3%') or belongs to another
    system named before it in the same brackets ('the previous best (ComfyAgent with X)'): not the score's condition
    (setting-of-other)."""
    before = sentence[: span.start]
    if lexicon.cue(r"\b(?:{baseline})\s+$").search(before):
        return True
    opened = before.rfind("(")
    return opened >= 0 and ")" not in before[opened:] and any(
        opened < s.start and s.end <= span.start and s.type in SYSTEM_TYPES for s in spans)


def _setting(sentence: str, low: int, high: int, number: _Number, spans: list[_Span], system: _Span | None,
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
        if cue and (low <= span.start < high or (span.start < number.start and lexicon.cue(_LEADING_BENCHMARK).match(sentence[: span.start]))):
            hits.append((abs(span.start - number.start), f"{cue.group(1).lower()} {span.surface}"))
    return min(hits)[1] if hits else None
