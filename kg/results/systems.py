"""Who scored: the sentence's subject, a compared or beaten system, or the paper's own."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from ..link import Entity, LinkedItem
from ..namespaces import EntityType
from .places import numbered_part
from .records import SYSTEM_TYPES, ResultLexicon
from .scores import changed_from
from .spans import ARTICLE, CLAUSE_START, LIST_JOIN, Number, Span, fold, masked


def own_system(item: LinkedItem, entities: Mapping[str, Entity], introduced: list[str]) -> str | None:
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


def listed_after(sentence: str, end: int | None, number: Number, spans: list[Span]) -> bool:
    """Whether the number is listed right after the score that ends at ``end`` ('96.0% on A, 99.2% on B, and 35.1% on C'),
    with no system named between them, so that it shares that score's subject (unrecognised-list)."""
    if end is None or any(end <= s.start < number.start and s.type in SYSTEM_TYPES for s in spans):
        return False
    return re.fullmatch(r"[^;\d()]{0,60}?(?:,\s*(?:and\s+)?|\s+and\s+)[~≈]?", masked(sentence, end, number.start, spans), re.I) is not None


def bracketed_score(sentence: str, number: Number, metric_end: int, spans: list[Span]) -> bool:
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


def compared_against(sentence: str, spans: list[Span], own: str | None, lexicon: ResultLexicon) -> bool:
    """Whether the sentence names the system taken for the paper's own as the one it is compared against: then
    an unnamed scorer is someone else (the item's own system was misjudged, or is not recognised)."""
    against = lexicon.cue(r"(?:^|\W)(?:{beats}|{compared-against})\s+(?:" + ARTICLE + r")?$")
    return own is not None and any(s.entity == own and against.search(sentence[: s.start]) for s in spans)


def sized_reference(item: LinkedItem, sentence: str, number: Number, own: str | None, entities: Mapping[str, Entity],
                     lexicon: ResultLexicon) -> str | None:
    """'On BrowseComp, the 32B model reaches 14.8%': a variant named by its size alone is the paper's system of
    that size ('DeepDive-32B', named in the item). None when the clause names no such variant, '' when it
    does but the item names no variant of the paper's system of that size (an unnamed variant is not the
    paper's system, and 'Qwen3-8B' named as a baseline is not 'the 8B model')."""
    sized = lexicon.cue(r"\b(?:the|its|our|their)\s+(\d+(?:\.\d+)?[BM])\s+{sized-noun}\b")
    # the subject of the clause or, in a list of scores, of the sentence ('The 8B model achieves 71.1% on A, 37.2% on B')
    m = next((m for m in reversed(list(sized.finditer(sentence, 0, number.start)))
              if CLAUSE_START.search(sentence[: m.start()]) or m.start() == 0), None)
    if m is None:
        return None
    if own is None:
        return ""
    size = re.compile(r"(?:^|[\s\-_])" + re.escape(m.group(1)) + r"(?:$|[\s\-_])", re.I)
    family = fold(entities[own].label)
    named = sorted({lm.entity for lm in item.mentions if entities[lm.entity].type in SYSTEM_TYPES
                    and size.search(entities[lm.entity].label)
                    and (entities[lm.entity].variant_of == own or fold(entities[lm.entity].label).startswith(family))})
    return named[0] if len(named) == 1 else ""


def shared(sentence: str, metric_end: int, lexicon: ResultLexicon) -> bool:
    """'60% for both agents', '71% each': a score the sentence gives to all the systems it names."""
    return lexicon.cue(r"\s*{shared-by}(?:\s+{shared-noun})?\s*(?:[),;.]|$)").match(sentence[metric_end:]) is not None


def compared_systems(spans: list[Span], own: str | None, benchmark: Span) -> list[tuple[str, Span | None]]:
    """The systems a shared score goes to: each one the sentence names, then the paper's own if it is not
    among them (with no span: it is not named there)."""
    out: list[tuple[str, Span | None]] = []
    seen = {benchmark.entity}
    for span in spans:
        if span.type in SYSTEM_TYPES and span.entity not in seen:
            seen.add(span.entity)
            out.append((span.entity, span))
    if own is not None and own not in seen:
        out.append((own, None))
    return out
# Names by their shape: 'Zorblax-4', 'GlowNet', and lowercase ones ('rStar2-Agent', 'o3-mini', 'gpt-oss-120b').
_NAME_SHAPE = re.compile(r"\b[A-Z][A-Za-z]*-?\d[\w.\-]*|\b[A-Z][a-z]+[A-Z]\w*|\b[a-z]+[A-Z][\w\-]*|\b[a-z]{1,4}\d[\w.\-]*"
                         r"|\b[a-z]+(?:-[a-z]+)*-\d+(?:\.\d+)?[bBmM]\b")


def unlinked_name(sentence: str, number: Number, spans: list[Span], lexicon: ResultLexicon) -> bool:
    """Whether the clause before the number names something the earlier stages did not recognise
    ('Zorblax-4-plus reaches 95%', 'Zinko-3 and B score 70%' with no mention there); a metric or a word that qualifies
    one is no name ('Top-1 accuracy of 77%'), nor a numbered part of the paper's process ('after Stage-2 training',
    unlinked-part: the nlp stage reads 'Stage 2' as no name either)."""
    start = max((m.end() for m in re.finditer(r"[,;:(]", sentence[: number.start])), default=0)
    metric = lexicon.cue(r"(?:{metric-modifier})")
    return any(not any(s.start <= m.start() < s.end for s in spans) and not metric.fullmatch(m.group(0))
               and m.group(0).casefold() not in lexicon.metric_words and not numbered_part(m.group(0), lexicon)
               for m in _NAME_SHAPE.finditer(sentence, start, number.start))


def named_variant(sentence: str, number: Number, spans: list[Span], lexicon: ResultLexicon) -> bool:
    """'The Ultima variant achieves 96.0%': a variant named by a word the earlier stages did not recognise, in the clause
    before the number, scored; it is not the paper's own system (named-variant)."""
    start = max((m.end() for m in re.finditer(r"[,;:(]", sentence[: number.start])), default=0)
    variant = lexicon.cue(r"\bthe\s+(?-i:(?P<name>[A-Z][\w.\-]*))\s+{sized-noun}\b")
    return any(not any(s.start <= m.start("name") < s.end for s in spans)
               for m in variant.finditer(sentence, start, number.start))


def scoring_beside(sentence: str, number: Number, spans: list[Span], lexicon: ResultLexicon) -> Span | None:
    """A system named right before its number by a scoring gerund, wherever the phrase stands: 'with GPT-4o
    reaching 32%' (a name after 'with' is otherwise not the one that scored)."""
    preceding = next((s for s in reversed(spans) if s.end <= number.start), None)
    if preceding is None or preceding.type not in SYSTEM_TYPES:
        return None
    gap = sentence[preceding.end: number.start]
    # 'with A achieving a record 97.6%': a qualifier of the score between the gerund and the number (record-score)
    return preceding if lexicon.cue(r"\s+{scoring-gerund}\s+(?:an?\s+(?:new\s+)?{score-qualifier}\s+(?:of\s+)?)?[~≈]?").fullmatch(gap) else None


def beaten_system(sentence: str, number: Number, spans: list[Span], lexicon: ResultLexicon) -> Span | None:
    """The system the number follows when it is named as the one beaten: 'topping GPT-4o at 16.00'."""
    preceding = next((s for s in reversed(spans) if s.end <= number.start), None)
    if preceding is None or preceding.type not in SYSTEM_TYPES:
        return None
    # the one matched is compared like the one beaten, and a describing phrase may follow its name before 'at':
    # 'nearly matching the o1-preview RL-trained reasoning model at 44.6%' (matched-at); a verb or a conjunction there
    # opens the scorer's own clause ('matches B and lands at 44.6%', 'tops B while scoring at 44.6%')
    beaten = lexicon.cue(r"\s+(?:(?:(?!(?:{clause-joiner}|{subject-verb}|{scoring-gerund})\b)[A-Za-z][\w-]*\s+){0,3}?at\s+)?[~≈]?").fullmatch(
        sentence, preceding.end, number.start) is not None and lexicon.cue(
        r"(?:^|\W)(?:{beats}|{matches})\s+(?:" + ARTICLE + r")?$").search(sentence[: preceding.start]) is not None
    return preceding if beaten else None


_PAIR = re.compile(r"\(\s*[~≈]?\d[\d.,]*\s*%?\s*(?:vs\.?|versus)\s*[~≈]?\d[\d.,]*\s*%?\s*\)", re.I)


def compared_pair(sentence: str, numbers: list[Number], spans: list[Span],
                   lexicon: ResultLexicon) -> dict[int, tuple[Span, Span]]:
    """'A beats B on X overall (85.97 vs 83.97)': the first number is the subject's, the second the compared
    system's, both on the benchmark the comparison names."""
    out: dict[int, tuple[Span, Span]] = {}
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
        if (lexicon.cue(r"\s+{beats}\s+(?:" + ARTICLE + r")?").fullmatch(sentence[first.end: second.start])
                and lexicon.cue(r"\s+{place-of-score}\s+(?:the\s+)?").fullmatch(sentence, second.end, on.start)
                and re.fullmatch(r"\s*(?:[a-z][\w-]*\s+){0,2}", sentence[on.end: m.start()], re.I)
                and re.fullmatch(r"\s*", sentence[start: first.start])):
            out[inside[0]], out[inside[1]] = (first, on), (second, on)
    return out


def _unnamed_beater(sentence: str, start: int, named: list[Span], pair_start: int, lexicon: ResultLexicon) -> bool:
    """Whether a clause before a bracketed pair of scores names only the system beaten and the benchmark: 'The resulting
    14B model beats B on X (79.1% vs 68.4%)', 'It outperforms B on X (...)'."""
    if len(named) != 2 or named[0].type not in SYSTEM_TYPES or named[1].type != EntityType.BENCHMARK:
        return False
    beaten, on = named
    return (lexicon.cue(r"(?:^|\s){beats}\s+(?:" + ARTICLE + r")?$").search(sentence[start: beaten.start]) is not None
            and lexicon.cue(r"\s+{place-of-score}\s+(?:the\s+)?").fullmatch(sentence, beaten.end, on.start) is not None
            and re.fullmatch(r"\s*(?:[a-z][\w-]*\s+){0,2}", sentence[on.end: pair_start], re.I) is not None)


def beaten_list(sentence: str, numbers: list[Number], spans: list[Span], lexicon: ResultLexicon) -> dict[int, tuple[Span, int, int]]:
    """'..., beating B's 27M-param results of 74.5%, 40.3%, and 5.0': a list of the beaten system's scores, each number
    with that system, its place in the list and the list's length."""
    out: dict[int, tuple[Span, int, int]] = {}
    for span in spans:
        if span.type not in SYSTEM_TYPES or not lexicon.cue(r"(?:^|\W){beats}\s+(?:" + ARTICLE + r")?$").search(sentence[: span.start]):
            continue
        m = lexicon.cue(r"(?:'s|’s)\s+(?:[\w-]+\s+){0,2}?{score-noun}\s+of\s+").match(sentence, span.end)
        if m is None:
            continue
        first = next((k for k, n in enumerate(numbers) if n.start == m.end()), None)
        if first is None:
            continue
        run = [first]
        while run[-1] + 1 < len(numbers) and LIST_JOIN.fullmatch(re.sub(r"^\s*%", "", sentence[numbers[run[-1]].end: numbers[run[-1] + 1].start])):
            run.append(run[-1] + 1)
        if len(run) >= 2:
            out.update({k: (span, i, len(run)) for i, k in enumerate(run)})
    return out


def baseline_list(sentence: str, numbers: list[Number], spans: list[Span], lexicon: ResultLexicon) -> dict[int, tuple[Span, int, int]]:
    """'..., versus 62.0% and 58.1% for B', '..., outperforming B (62.0% and 58.1%)': a list of two or more numbers given
    to one compared system, after a comparison word and before 'for B', or in brackets right after the beaten B; each
    number with that system, its place in the list and the list's length (baseline-list-for)."""
    out: dict[int, tuple[Span, int, int]] = {}
    k = 0
    while k < len(numbers):
        run = [k]
        while run[-1] + 1 < len(numbers) and LIST_JOIN.fullmatch(re.sub(r"^\s*%", "", sentence[numbers[run[-1]].end: numbers[run[-1] + 1].start])):
            run.append(run[-1] + 1)
        k = run[-1] + 1
        if len(run) < 2:
            continue
        first, last = numbers[run[0]], numbers[run[-1]]
        before, after = sentence[: first.start], sentence[last.end:]
        owner = None
        if lexicon.cue(r"(?:^|\W){baseline}\s*[~≈]?$").search(before):
            m = lexicon.cue(r"\s*%?\s*{owner-preposition}\s+(?:" + ARTICLE + r")?").match(after)
            owner = next((s for s in spans if m and s.start == last.end + m.end() and s.type in SYSTEM_TYPES), None)
            if owner is not None and not _sole_owner(sentence, owner, spans):
                owner = None
        opened = re.search(r"\(\s*[~≈]?$", before)
        if owner is None and opened and re.match(r"\s*%?\s*\)", after):
            named = next((s for s in reversed(spans) if s.end <= opened.start()), None)
            if named is not None and named.type in SYSTEM_TYPES and not sentence[named.end: opened.start()].strip() and lexicon.cue(
                    r"(?:^|\W){beats}\s+(?:" + ARTICLE + r")?$").search(sentence[: named.start]):
                owner = named
        if owner is not None:
            out.update({i: (owner, position, len(run)) for position, i in enumerate(run)})
    return out


def _sole_owner(sentence: str, owner: Span, spans: list[Span]) -> bool:
    """Whether 'for B' gives the list to B alone: not "for B's larger sibling" (another system's scores), nor 'for B and
    C, respectively' (each number another system's), where B's benchmark by benchmark would be made up (baseline-list-for)."""
    after = sentence[owner.end:]
    if re.match(r"['’]s\b", after):
        return False
    joined = re.match(r"\s*(?:,\s*(?:and\s+|or\s+)?|(?:and|or)\s+)", after)
    return not (joined and any(s.start == owner.end + joined.end() and s.type in SYSTEM_TYPES for s in spans))


_LISTED = (r"\s*\)(?:\s*(?:,\s*(?:and\s+)?|and\s+)[^();]{1,60}?\(\s*[~≈]?\d[\d.,]*\s*%?\s*\))*"
           r"\s+{listed-place}\s+(?:the\s+)?")  # a lexicon.cue() template


def listed_before(sentence: str, number: Number, spans: list[Span], lexicon: ResultLexicon) -> Span | None:
    """'like TRM (40%) and HRM (32%) on ARC-AGI 1': bracketed scores listed before the benchmark they are on."""
    m = lexicon.cue(_LISTED).match(sentence, number.end)
    if m is None:
        return None
    return next((s for s in spans if s.start == m.end() and s.type == EntityType.BENCHMARK), None)


def named_beside(sentence: str, number: Number, metric_end: int, spans: list[Span], baseline: bool,
                 lexicon: ResultLexicon) -> Span | None:
    """A system named right beside its number: '(vs 78.5% GRPO)', '60.1% for GPT-4o', 'vs GPT-4o's 60.1%'."""
    following = next((s for s in spans if s.start >= number.end), None)
    if following is not None and following.type in SYSTEM_TYPES:
        gap = sentence[metric_end: following.start]
        # a short bracketed tag may stand between: '56% (eum) for Qwen-1.5B' (tagged-beside)
        # ... unless the name is not the owner alone: "for B's larger sibling", 'for B and C, respectively'
        if (lexicon.cue(r"\s*(?:\([^()\d]{1,20}\)\s*)?{owner-preposition}\s+(?:" + ARTICLE + r")?").fullmatch(gap) and _sole_owner(
                sentence, following, spans)) or (baseline and re.fullmatch(r"\s*(?:with\s+|using\s+)?", gap, re.I)):
            return following
    if baseline:
        preceding = next((s for s in reversed(spans) if s.end <= number.start), None)
        if preceding is not None and preceding.type in SYSTEM_TYPES and re.fullmatch(
                r"(?:'s|’s)?\s*(?:[:(]|at|with|scores?|scoring)?\s*[~≈]?", sentence[preceding.end: number.start], re.I):
            return preceding
    return None


def subject(sentence: str, number: Number, spans: list[Span], lexicon: ResultLexicon) -> Span | None:
    """The last system named before the number that is not inside a prepositional or comparison phrase."""
    blocked = lexicon.cue(r"(?:^|\W){not-subject}\s+(?:" + ARTICLE + r")?$")
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
        if i == len(named) - 1 and changed_from(lexicon).fullmatch(sentence, span.end, number.start):
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
        if blocked.search(before) or (not CLAUSE_START.search(before) and not _opens_with_verb(sentence, span, number, lexicon)):
            continue
        return span
    return None


def _trained_object(before: str, lexicon: ResultLexicon) -> bool:
    """Whether a name is the object of a clause-opening training gerund ('– Fine-tuning Qwen2.5-32B ...')."""
    return lexicon.cue(r"(?:^|[,;:(\[–—•]|\s-\s)\s*{trained-gerund}\s+(?:" + ARTICLE + r")?$").search(before) is not None


def _opens_with_verb(sentence: str, span: Span, number: Number, lexicon: ResultLexicon) -> bool:
    """'... the new LN-Ultra scores 76.0': a name in mid-clause still scored when a scoring verb follows it."""
    after = sentence[span.end: number.start]
    return bool(lexicon.cue(r"(?:'s|’s)?\s*(?:\([^)]*\)\s*)?(?:\w+\s+){0,2}?{subject-verb}\b").match(after))
