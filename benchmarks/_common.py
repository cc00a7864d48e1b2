"""Shared helpers: the input corpus and a best-of-N timer."""

import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "dair"


def corpus() -> Path:
    return CORPUS if CORPUS.is_dir() else ROOT / "seeds"


def best_of(fn, repeat: int = 5, clock=time.perf_counter) -> float:
    """The fastest of several runs, in seconds of ``clock`` (wall time, or time.process_time for CPU time):
    the least disturbed by other load."""
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        fn()
        best = min(best, clock() - start)
    return best
