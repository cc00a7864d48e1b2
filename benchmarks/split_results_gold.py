"""Move the entries of mixed results gold files into one file per side of ``eval-split.json``.

A results gold file that holds weeks of several sides mixes readable and held-out counts (issue 9).
This moves each digest's entry, chosen by its digest name only, into ``benchmarks/gold/SIDE-results.json``
(weeks on no side into ``no-side-results.json``) and prints counts only, never an entry's content, so
it can be run on files that hold held-out weeks.

    .venv/bin/python benchmarks/split_results_gold.py benchmarks/gold/A.json ...   # then delete the inputs

A digest the side's file already has was annotated twice; the side's own entry is kept (its annotator
worked from that side's conventions) and each incoming result is folded into it: one that states the same
paper, system, benchmark and value only adds its aliases, any other is appended.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from _common import ROOT

from kg.link import paper_key
from kg.vocab import fold

SPLIT = ROOT / "benchmarks" / "eval-split.json"
GOLD = ROOT / "benchmarks" / "gold"
NO_SIDE = "no-side"
ALIAS_KEYS = (("system", "system_aliases"), ("benchmark", "benchmark_aliases"))


@dataclass
class Moved:
    """What the split did to one output file, in counts."""

    digests_added: int = 0
    digests_merged: int = 0
    results_added: int = 0
    results_folded: int = 0


def side_of_week() -> dict[str, str]:
    split = json.loads(SPLIT.read_text(encoding="utf-8"))
    return {week: side for side, weeks in split.items()
            if side not in ("gold_files", "corpus") and isinstance(weeks, list) for week in weeks}


def names(result: dict, key: str, aliases: str) -> set[str]:
    return {fold(n) for n in (result[key], *result.get(aliases, ()))}


def same_result(a: dict, b: dict) -> bool:
    return (paper_key(a["paper"]) == paper_key(b["paper"]) and abs(float(a["value"]) - float(b["value"])) < 1e-9
            and all(names(a, k, al) & names(b, k, al) for k, al in ALIAS_KEYS))


def fold_into(kept: dict, incoming: dict, moved: Moved) -> None:
    for result in incoming["results"]:
        twin = next((r for r in kept["results"] if same_result(r, result)), None)
        if twin is None:
            kept["results"].append(result)
            moved.results_added += 1
            continue
        for key, aliases in ALIAS_KEYS:
            known = names(twin, key, aliases)
            extra = [a for a in (result[key], *result.get(aliases, ())) if fold(a) not in known]
            if extra:
                twin[aliases] = [*twin.get(aliases, ()), *dict.fromkeys(extra)]
        moved.results_folded += 1


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"digests": []}


def write(path: Path, gold: dict) -> None:
    path.write_text(json.dumps(gold, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def count(gold: dict) -> tuple[int, int]:
    return len(gold["digests"]), sum(len(d["results"]) for d in gold["digests"])


def split(inputs: list[Path]) -> int:
    sides = side_of_week()
    outputs: dict[str, dict] = {}
    moved: dict[str, Moved] = {}
    before_in = [count(load(p)) for p in inputs]
    targets = {sides.get(d["digest"], NO_SIDE) for p in inputs for d in load(p)["digests"]}
    before_out = {s: count(load(GOLD / f"{s}-results.json")) for s in targets}
    for path in inputs:
        for entry in load(path)["digests"]:
            side = sides.get(entry["digest"], NO_SIDE)
            gold = outputs.setdefault(side, load(GOLD / f"{side}-results.json"))
            m = moved.setdefault(side, Moved())
            kept = next((d for d in gold["digests"] if d["digest"] == entry["digest"]), None)
            if kept is None:
                gold["digests"].append(entry)
                m.digests_added += 1
                m.results_added += len(entry["results"])
            else:
                m.digests_merged += 1
                fold_into(kept, entry, m)
    for side, gold in sorted(outputs.items()):
        write(GOLD / f"{side}-results.json", gold)
        m, (d0, r0), (d1, r1) = moved[side], before_out[side], count(gold)
        print(f"{side}-results.json: {d0} -> {d1} digests, {r0} -> {r1} results "
              f"(+{m.digests_added} digests, {m.digests_merged} merged; +{m.results_added} results, {m.results_folded} folded)")
    # Nothing lost or doubled: what the side files grew by, plus what was folded into an entry they had, is the input.
    digests_in, results_in = sum(d for d, _ in before_in), sum(r for _, r in before_in)
    digests_placed = sum(count(outputs[s])[0] - before_out[s][0] + moved[s].digests_merged for s in outputs)
    results_placed = sum(count(outputs[s])[1] - before_out[s][1] + moved[s].results_folded for s in outputs)
    print(f"inputs: {digests_in} digests, {results_in} results; placed: {digests_placed} digests, {results_placed} results")
    return 0 if (digests_placed, results_placed) == (digests_in, results_in) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="+", type=Path, help="mixed results gold files (GUIDELINES format)")
    return split(parser.parse_args().inputs)


if __name__ == "__main__":
    sys.exit(main())
