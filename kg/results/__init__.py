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

The modules, from the ground up:

- ``records``: what the stage hands on (``ReportedResult``) and the lexicon its rules read (``ResultLexicon``).
- ``spans``: the names and numbers of one sentence, and the few patterns the rules share.
- ``scores``: whether a number is a score at all.
- ``places``: where a score stands (its benchmark, edition or named part) and its metric.
- ``systems``: who scored (the subject, a compared or beaten system, the paper's own).
- ``lists``: several scores in one sentence ('respectively', parallel, gapped or slashed lists).
- ``settings``: the condition a score was reported under.
- ``extract``: ``extract_results``, which runs them sentence by sentence over a linked corpus.
"""

from .extract import extract_results
from .records import SYSTEM_TYPES, ReportedResult, ResultLexicon, load_lexicon

__all__ = ["SYSTEM_TYPES", "ReportedResult", "ResultLexicon", "extract_results", "load_lexicon"]
