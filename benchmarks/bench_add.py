"""What does `kg add` of one new digest cost, now that an add re-links every stored digest?

Baselines: a batch build of the same digests (ingest, nlp, link, relations, graph, Turtle), in memory; and the
add as it was before the store kept annotations (the same add into a copy of the store whose annotations were
removed first, so spaCy reads every stored digest again).
Measured: adding the last digest to an on-disk store holding all the others (spaCy on the new digest only,
re-link + difference applied in one transaction), and an add of an unchanged digest (the ledger check alone).
Usage: bench_add.py [LIMIT [FOLDER]] (default: every digest of the corpus, or the seeds). Prints ratios to the baseline,
and the store's size so the figures can be read against issue 15's target (one digest <= 1 s at 1M quads).
"""

import shutil
import sys
import tempfile
import time
from pathlib import Path

from _common import best_of, corpus

from kg.graph import to_turtle
from kg.ingest import collect_digest_files
from kg.pipeline import StageClock, add_to_store, build
from kg.store import OxigraphStore
from kg.vocab import load_vocabulary


def main() -> None:
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else None  # the first LIMIT digests
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else corpus()
    files = collect_digest_files([folder])[:limit]
    vocabulary = load_vocabulary()
    work = Path(tempfile.mkdtemp())
    try:
        given = work / "digests"
        given.mkdir()
        for file in files[:-1]:
            shutil.copy(file.path, given / file.source_file.replace("/", "_"))
        base = work / "base"
        store = OxigraphStore(base)
        add_to_store(store, [given], vocabulary)
        quads = len(store.store)
        store.close()
        last = files[-1].path

        def add_one(timings: list[float], forget_annotations: bool = False) -> None:
            copy = work / "copy"
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(base, copy)
            target = OxigraphStore(copy)
            if forget_annotations:
                target.update("DELETE WHERE { GRAPH kg:ledger { ?d kg:annotations ?a } }")
            clock = StageClock()
            start = time.perf_counter()
            add_to_store(target, [last], vocabulary, clock=clock)
            timings.append(time.perf_counter() - start)
            if not forget_annotations:
                stages.append(clock)
            target.close()

        timings: list[float] = []
        before: list[float] = []
        stages: list[StageClock] = []
        for _ in range(2):  # interleaved, so both see the same load
            add_one(timings)
            add_one(before, forget_annotations=True)
        add, add_before = min(timings), min(before)
        unchanged_store = OxigraphStore(work / "copy")
        unchanged = best_of(lambda: add_to_store(unchanged_store, [last], vocabulary), 3)
        unchanged_store.close()
        shutil.copy(last, given / last.name)
        batch = best_of(lambda: to_turtle(build([given], vocabulary).graph), 2)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(files)} digests, store of {quads:,} quads (default graph + ledger)")
    print(f"add one new digest / batch build of all = {add / batch:.2f}x   (add {add:.1f} s, build {batch:.1f} s)")
    print(f"add without stored annotations / add     = {add_before / add:.2f}x   (the add before this change: {add_before:.1f} s)")
    print(f"add an unchanged digest / batch build  = {unchanged / batch:.3f}x   ({unchanged * 1000:.0f} ms)")
    fastest = stages[timings.index(add)]
    print("the add's stages, CPU s: " + ", ".join(f"{name} {seconds:.2f}" for name, seconds in fastest.cpu_seconds.items()))


if __name__ == "__main__":
    main()
