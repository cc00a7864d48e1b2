"""Extraction scores on the development weeks, side by side: readable and held out, and the held-out weeks pooled.

The sides: tuned, untouched, unseen, fit, fresh, train, blind, sealed, closed, kept, spare, quiet, still, fallow and dormant; "held"
sums the counts of every side not readable.

The split is fixed in ``benchmarks/eval-split.json`` (issue 9). Rules may be changed while
reading the tuned weeks' misses; the untouched weeks are only ever reported as figures, so
they keep predicting how the pipeline does on weeks nobody here has read. A change that
raises the tuned figures but not the untouched ones is overfitting.

    .venv/bin/python benchmarks/eval_split.py            # table, and benchmarks/results/eval-split.json
    .venv/bin/python benchmarks/eval_split.py --misses   # also every miss and false positive, readable weeks only
    .venv/bin/python benchmarks/eval_split.py --misses-without-vocab   # the entity ones of a build without the gold names
    .venv/bin/python benchmarks/eval_split.py --write-sides DIR   # DIR/SIDE.json and DIR/SIDE/, for kg eval
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from _common import ROOT

from kg.evaluate import Report, Score, evaluate, gold_entity_names, load_gold
from kg.pipeline import build
from kg.vocab import load_vocabulary

SPLIT = ROOT / "benchmarks" / "eval-split.json"
OUT = ROOT / "benchmarks" / "results" / "eval-split.json"
# "unseen": weeks annotated after the rules were last changed, by someone who never ran the pipeline on them.
# "fit": weeks annotated later the same way, readable like "tuned" (more data to fit weights), reported apart
# so that the other three columns stay comparable from round to round.
# "fresh": weeks annotated while a round's rules were being changed, by someone who never ran the pipeline on
# them and that the rule changers never opened; held out like "untouched".
# "train": weeks annotated the same way during the sixth round, held out during it; readable (more data to fit
# weights on, misses to read) from the seventh round on, like "fit".
# "blind": weeks annotated the same way during the seventh round; held out during it and the four rounds after,
# like "fresh", then readable from the twelfth round on (their last held-out figures are round 11's, in the README).
# "sealed": weeks annotated the same way during the ninth round; held out like "blind".
# "closed": weeks annotated the same way during the eleventh round; held out like "blind".
# "kept": weeks annotated the same way during the twelfth round; held out like "sealed" and "closed".
# "spare": weeks annotated the same way during the thirteenth round; held out like "closed" and "kept".
# "quiet": weeks annotated the same way during the fourteenth round; held out like "kept" and "spare".
# "still": weeks annotated the same way during the fourteenth round; held out like "kept" and "spare".
# "fallow": weeks annotated the same way during the fifteenth round; held out like "quiet" and "still".
# "dormant": weeks annotated the same way during the sixteenth round; held out like "still" and "fallow".
SIDES = ("tuned", "untouched", "unseen", "fit", "fresh", "train", "blind", "sealed", "closed", "kept", "spare", "quiet", "still", "fallow", "dormant")
READABLE = ("tuned", "fit", "train", "blind", "sealed")
HELD = "held"  # every side not in READABLE, pooled (see pooled())


def load_split() -> tuple[dict, dict[str, dict], Path]:
    split = json.loads(SPLIT.read_text(encoding="utf-8"))
    corpus = (ROOT / split["corpus"]).resolve()
    if not corpus.is_dir():
        sys.exit(f"error: the corpus {corpus} is not here; these figures need ../shared")
    annotated: dict[str, dict] = {}
    for name in split["gold_files"]:
        path = (ROOT / name).resolve()
        if path.is_file():
            for digest in load_gold(path)["digests"]:
                annotated[digest["digest"]] = digest
    return split, annotated, corpus


def write_sides(out: Path, sides: dict[str, list[str]], annotated: dict[str, dict], corpus: Path) -> None:
    """Each side as kg eval reads it: its gold alone (DIR/SIDE.json) and a folder of links to its digests (DIR/SIDE/),
    so that `kg eval --gold DIR/tuned.json DIR/tuned/` gives this script's tuned figures."""
    for side, weeks in sides.items():
        folder = out / side
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            old.unlink()
        for week in weeks:
            (folder / week).symlink_to(corpus / week)
        gold = json.dumps({"digests": [annotated[w] for w in weeks]}, indent=1, sort_keys=True) + "\n"
        (out / f"{side}.json").write_text(gold, encoding="utf-8")
    print(f"wrote {len(sides)} sides to {out}: kg eval --gold {out}/SIDE.json {out}/SIDE/")


def pooled(reports: list[Report]) -> Report:
    """The held-out sides as one: their counts summed (micro-averaged). One side of three weeks moves by a triple or
    two; the pool of every held-out week is the steadier estimate of weeks never seen."""

    def total(scores: list[Score]) -> Score:
        return Score(sum(s.tp for s in scores), sum(s.fp for s in scores), sum(s.fn for s in scores))

    kinds = sorted({k for r in reports for k in r.relations_by_kind})
    # each week is on one side only, so the sides' per-digest figures are the pool's as they are
    by_digest = {k: v for r in reports for k, v in sorted(r.entities_by_digest.items())}
    return Report(total([r.entities for r in reports]), by_digest, total([r.relations for r in reports]),
                  {k: total([r.relations_by_kind[k] for r in reports if k in r.relations_by_kind]) for k in kinds},
                  total([r.extends for r in reports]), total([r.variant_of for r in reports]))


def score(weeks: list[str], annotated: dict[str, dict], corpus: Path, without_vocab: bool) -> Report:
    gold = {"digests": [annotated[w] for w in weeks]}
    vocabulary = load_vocabulary()
    if without_vocab:
        vocabulary = vocabulary.without(gold_entity_names(gold))
    return evaluate(build([corpus / w for w in weeks], vocabulary=vocabulary), gold)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true",
                        help="list misses and false positives of the readable weeks (tuned, fit, train, blind, sealed)")
    parser.add_argument("--misses-without-vocab", action="store_true",
                        help="list the entity misses and false positives of the readable weeks built without their gold names in the vocabulary")
    parser.add_argument("--write-sides", type=Path, metavar="DIR",
                        help="write each side's gold and a folder of links to its digests for kg eval, and stop")
    args = parser.parse_args()
    split, annotated, corpus = load_split()
    sides = {side: [w for w in split.get(side, []) if w in annotated] for side in SIDES}
    if args.write_sides:
        write_sides(args.write_sides, sides, annotated, corpus)
        return
    figures: dict = {"weeks": sides}
    rows: dict[str, dict[str, tuple[float, float, float]]] = {}
    held = [side for side in sides if side not in READABLE]
    for variant, without_vocab in (("", False), (" (without vocab)", True)):
        reports = {side: score(weeks, annotated, corpus, without_vocab) for side, weeks in sides.items()}
        reports[HELD] = pooled([reports[side] for side in held])
        for side, report in reports.items():
            figures[side + variant.replace(" ", "_").replace("(", "").replace(")", "")] = report.as_dict()
            named = {"entities": report.entities, "relations": report.relations}
            if not without_vocab:
                named |= {"  " + k: v for k, v in sorted(report.relations_by_kind.items())}
                named |= {"extends": report.extends, "variantOf": report.variant_of}
            for name, s in named.items():
                rows.setdefault(name + variant, {})[side] = (s.precision, s.recall, s.f1)
            if args.misses and side in READABLE and not without_vocab:
                for name, s in [("entities", report.entities), ("relations", report.relations),
                                ("extends", report.extends), ("variantOf", report.variant_of)]:
                    for miss in s.misses:
                        print(f"miss {name}: {miss}")
                    for fp in s.false_positives:
                        print(f"false positive {name}: {fp}")
            if args.misses_without_vocab and side in READABLE and without_vocab:
                for miss in report.entities.misses:
                    print(f"miss entities (without vocab): {miss}")
                for fp in report.entities.false_positives:
                    print(f"false positive entities (without vocab): {fp}")
    print("; ".join(f"{side}: {len(weeks)} weeks" for side, weeks in sides.items())
          + f"; {HELD}: the {sum(len(sides[s]) for s in held)} weeks of {', '.join(held)}, each side built alone, counts summed")
    columns = [*sides, HELD]
    print(f"{'score':28}" + "".join(f"   {side + ' P':>12} {'R':>6} {'F1':>6}" for side in columns))
    for name, by_side in rows.items():
        cells = [by_side.get(side, (0.0, 0.0, 0.0)) for side in columns]
        print(f"{name:28}" + "".join(f"   {p:12.3f} {r:6.3f} {f:6.3f}" for p, r, f in cells))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
