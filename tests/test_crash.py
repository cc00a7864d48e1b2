"""Crash safety, tested by killing the process (issue 10): `kg build` and `kg add` are SIGKILLed at 20 seeded
points each; every kill leaves the old or the new whole state, a later run leaves no temporary file, and the
next `kg add` converges to the N-Quads of an uninterrupted run.

The kill points are seeded (see kill_points): half spread over the span of an uninterrupted run measured
first, half where the writing happens. Kills run two at a time. Each run is the `kg` command line in a
process forked from a server that has imported kg (multiprocessing's forkserver): the same code and the same
SIGKILL as a `kg` started from the shell, without the seconds of interpreter and import start-up before it
touches a file, which made these the slowest tests of the suite. tests/test_store_integrity.py also makes a build die before each of its file-system steps,
which hits the short window between a build's writes every time.
"""

import multiprocessing
import os
import random
import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.pipeline import add_to_store
from kg.store import OxigraphStore
from kg.vocab import load_vocabulary

KILLS = 20
SEED = 20261201
OLD = {
    "a.txt": "Top AI Papers of the Week (Mar 3 - 9)\n1. Frobnic-RL\nFrobnic-RL is a new method that extends GRPO; "
             "it fine-tunes Qwen2.5-7B and reports AIME 2024.\n2. Vexil Bench\nVexil is a new benchmark for agents.\n",
    "b.txt": "Top AI Papers of the Week (Mar 10 - 16)\n1. Quillon\nQuillon is a framework from Google DeepMind that "
             "is compared with DeepSeek-R1 on MATH500.\n2. Plain Title Here\nNothing here.\n",
}
NEW = {
    **OLD,
    "b.txt": OLD["b.txt"].replace("MATH500", "Vexil and MATH500"),
    "c.txt": "Top AI Papers of the Week (Mar 17 - 23)\n1. Tarnwise\nTarnwise, a new reasoning model trained with "
             "GRPO on Qwen2.5-7B, beats Quillon on Vexil and AIME 2024.\n2. Other Title\nNothing here.\n",
}


def write_folder(folder: Path, digests: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in digests.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _kg_main(args: list[str]) -> None:
    """The `kg` console script's work in a forked child, its output discarded; exits with the command's code."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        app(args=args, prog_name="kg")
    except SystemExit as done:
        os._exit(done.code if isinstance(done.code, int) else 1)
    os._exit(0)


def _start(*args) -> multiprocessing.process.BaseProcess:
    # A fork server, not a fork of this process: RocksDB hangs in a fork of a process that already used a store.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["kg.cli", "kg.pipeline", "kg.html"])
    process = context.Process(target=_kg_main, args=([str(a) for a in args],))
    process.start()
    return process


def run(*args) -> float:
    start = time.monotonic()
    process = _start(*args)
    process.join(timeout=300)
    assert process.exitcode == 0, (args, process.exitcode)
    return time.monotonic() - start


def run_killed(args, delay: float, writing=None) -> bool:
    """Run a kg command and SIGKILL it `delay` seconds after it starts, or after `writing()` first holds;
    True if the kill came before the command finished."""
    process = _start(*args)
    if writing is not None:
        deadline = time.monotonic() + 300
        while process.exitcode is None and not writing() and time.monotonic() < deadline:
            time.sleep(0.002)
    process.join(timeout=delay)
    if process.exitcode is not None:
        return False
    process.kill()  # SIGKILL
    process.join()
    return True


def kill_points(span: float) -> list[tuple[float, str]]:
    """Seeded kill points: half spread over a run (the first quarter is Python and spaCy starting, before any
    output is touched), half in the writing: within 60 ms of the first temporary file or 4 ms of the first change
    to an output file (a build writes its two files in a few milliseconds), or in the last fifth of the run
    (a store's one transaction)."""
    rng = random.Random(SEED)
    kinds = ["spread", "temporary", "spread", "changed"]
    spans = {"spread": (0.25 * span, 1.05 * span), "temporary": (0.0, 0.06), "changed": (0.0, 0.004)}
    return [(rng.uniform(*spans[kinds[i % 4]]), kinds[i % 4]) for i in range(KILLS)]


def temporaries(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if ".kg-tmp-" in p.name or p.name.startswith(".graph."))


def whole_store(path: Path) -> list[bytes]:
    return sorted(OxigraphStore(path, read_only=True).dump(dataset=True).splitlines())  # released at once


def _tally(outcomes) -> dict[str, int]:
    tally: dict[str, int] = {}
    for _, killed, state in outcomes:
        key = f"{'killed' if killed else 'finished'}-{state}"
        tally[key] = tally.get(key, 0) + 1
    return dict(sorted(tally.items()))


@pytest.fixture(scope="module")
def digests(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("digests")
    return write_folder(root / "old", OLD), write_folder(root / "new", NEW)


def test_killed_build_leaves_old_or_new_pair(digests, tmp_path):
    old, new = digests
    reference = tmp_path / "reference"
    with ThreadPoolExecutor(2) as pool:  # timed as the kills run: two at a time
        _, span = pool.map(lambda args: run(*args), [("build", old, "--out", reference / "old"),
                                                      ("build", new, "--out", reference / "new")])
    names = sorted(p.name for p in (reference / "new").iterdir())  # graph.ttl, graph.html, the trace and the store
    files = [name for name in names if (reference / "new" / name).is_file()]

    def pair(folder: Path) -> tuple[bytes, ...]:
        # The store must be the one of this graph.ttl (from_build checks its stamp) and hold what it held.
        store = OxigraphStore.from_build(folder)
        assert store.parsed_turtle is None, store.parsed_turtle
        quads = b"\n".join(sorted(q for q in store.dump(dataset=True).splitlines() if b"#madeFrom>" not in q))
        store.close()
        return (*((folder / name).read_bytes() for name in files), quads)

    old_pair, new_pair = pair(reference / "old"), pair(reference / "new")
    assert old_pair != new_pair

    def attempt(i: int, point: tuple[float, str]) -> tuple[int, bool, str]:
        place = tmp_path / f"kill-{i}"
        shutil.copytree(reference / "old", place / "out")
        delay, kind = point
        inodes = [(place / "out" / name).stat().st_ino for name in names]

        def writing() -> bool:
            if kind == "temporary":
                return any(place.glob(".out.kg-tmp-*")) or any((place / "out").glob(".graph.*"))
            try:  # "changed": an output file is no longer the old one
                return [(place / "out" / name).stat().st_ino for name in names] != inodes
            except FileNotFoundError:
                return True

        killed = run_killed(["build", new, "--out", place / "out"], delay, None if kind == "spread" else writing)
        state = pair(place / "out")
        assert state in (old_pair, new_pair), f"kill {i} ({point}) left a mixed pair"
        assert sorted(p.name for p in (place / "out").iterdir()) == names
        return i, killed, "new" if state == new_pair else "old"

    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(attempt, range(KILLS), kill_points(span)))
    print("build kills:", _tally(outcomes))
    assert sum(killed for _, killed, _ in outcomes) >= KILLS // 4

    # The next build over each killed one removes what the kill left and writes the new pair.
    left = [i for i, _, _ in outcomes if temporaries(tmp_path / f"kill-{i}")]
    for i in (left or [0])[:3]:
        run("build", new, "--out", tmp_path / f"kill-{i}" / "out")
        assert temporaries(tmp_path / f"kill-{i}") == []
        assert pair(tmp_path / f"kill-{i}" / "out") == new_pair


def test_killed_add_leaves_old_or_new_store_and_the_next_add_converges(digests, tmp_path):
    old, new = digests
    reference = tmp_path / "reference"
    with ThreadPoolExecutor(2) as pool:  # timed as the kills run: two at a time
        _, span = pool.map(lambda args: run(*args), [("add", old, "--store", reference / "old"),
                                                      ("add", new, "--store", reference / "new")])
    old_state, new_state = whole_store(reference / "old"), whole_store(reference / "new")
    assert old_state != new_state
    # Adding the new digests over the old ones gives what adding them to an empty store gives.
    shutil.copytree(reference / "old", reference / "old+new")
    run("add", new, "--store", reference / "old+new")
    assert whole_store(reference / "old+new") == new_state

    def attempt(i: int, point: tuple[float, str]) -> tuple[int, bool, str]:
        place = tmp_path / f"kill-{i}"
        place.mkdir()
        fresh = i % 2 == 0  # every other kill hits a store being created
        if not fresh:
            shutil.copytree(reference / "old", place / "store")
        delay, kind = point  # a store shows no temporary file before its one transaction: the end of the run
        killed = run_killed(["add", new, "--store", place / "store"], delay if kind == "spread" else 0.8 * span + 4 * delay)
        if (place / "store").is_dir():
            state = whole_store(place / "store")
            assert state in ([] if fresh else old_state, new_state), f"kill {i} ({point}) left a mixed store"
        else:
            assert fresh, f"kill {i} removed the store"
            state = []
        return i, killed, "new" if state == new_state else "old"

    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(attempt, range(KILLS), kill_points(span)))
    print("add kills:", _tally(outcomes))
    assert sum(killed for _, killed, _ in outcomes) >= KILLS // 4

    # Any command reads a killed store without a traceback, and the next add converges.
    runner = CliRunner()
    vocabulary = load_vocabulary()
    for i, _, state in outcomes:
        place = tmp_path / f"kill-{i}"
        result = runner.invoke(app, ["query", "--store", str(place / "store"), "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"])
        assert result.exit_code in (0, 1) and not isinstance(result.exception, (OSError, RuntimeError)), result.output
        store = OxigraphStore(place / "store")
        try:
            again = add_to_store(store, [new], vocabulary)
        finally:
            store.close()
        if state == "new":
            assert {o.status for o in again} == {"unchanged"}
        assert whole_store(place / "store") == new_state
        assert temporaries(place) == [], f"kill {i} left {temporaries(place)}"
    assert os.listdir(tmp_path)  # the places were really used
