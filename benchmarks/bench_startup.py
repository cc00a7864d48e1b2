"""What a use-case command costs as a whole process (start-up included), against another commit's code.

Each command runs as `python -m kg ... --format json` on the same build folder, first with this checkout's kg,
then with the kg of BASELINE (a git revision, unpacked by `git archive` and put first on PYTHONPATH), taking
turns so both see the same load; it reports the fastest run's CPU seconds (user + system of the child: on a
shared machine wall time mostly measures the other jobs) and the ratio. Also `-c pass` (the interpreter) and
a one-command Typer app (the floor any Typer CLI pays here).

Usage: bench_startup.py [--baseline REV] [--build DIR] [--runs N] [--json FILE]
(default: the seeds built into a temporary folder, 7 runs each).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPER_FLOOR = ("import typer\napp = typer.Typer()\n@app.command()\ndef f(name: str) -> None:\n    pass\n"
               "app(['x'], standalone_mode=False)")


def run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """CPU and wall seconds of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env, cwd=tempfile.gettempdir())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="main")
    parser.add_argument("--build", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        base = Path(work) / "baseline"
        base.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.baseline, "kg", "ontology"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        build = args.build
        if build is None:
            build = Path(work) / "build"
            subprocess.run([sys.executable, "-m", "kg", "build", str(ROOT / "seeds"), "--out", str(build), "--format", "json"],
                           stdout=subprocess.DEVNULL, check=True, cwd=ROOT)
        env_now = {**os.environ, "PYTHONPATH": str(ROOT)}
        env_base = {**os.environ, "PYTHONPATH": str(base)}
        commands = {
            "python -c pass": ["-c", "pass"],
            "one-command Typer app": ["-c", TYPER_FLOOR],
            "kg --version": ["-m", "kg", "--version"],
            "kg lineage GRPO": ["-m", "kg", "lineage", "GRPO", str(build), "--format", "json"],
            "kg shared --base-model Qwen2.5": ["-m", "kg", "shared", "--base-model", "Qwen2.5", str(build), "--format", "json"],
            "kg shared --benchmark AIME": ["-m", "kg", "shared", "--benchmark", "AIME", str(build), "--format", "json"],
            "kg entity GRPO": ["-m", "kg", "entity", "GRPO", str(build), "--format", "json"],
            "kg leaderboard AIME": ["-m", "kg", "leaderboard", "AIME", str(build), "--format", "json"],
            "kg query evidence name=GRPO": ["-m", "kg", "query", str(build), "evidence", "--param", "name=GRPO", "--format", "json"],
        }
        figures = {}
        print(f"baseline {args.baseline}; build folder {build}; fastest of {args.runs} runs, CPU ms (wall ms)")
        print("| command | this checkout | baseline | baseline / this |")
        print("|---|---:|---:|---:|")
        for name, command in commands.items():
            now, then = [], []
            for _ in range(args.runs):
                now.append(run([sys.executable, *command], env_now))
                then.append(run([sys.executable, *command], env_base))
            cpu_now, cpu_then = min(c for c, _ in now), min(c for c, _ in then)
            figures[name] = {"cpu_s": cpu_now, "wall_s": min(w for _, w in now),
                             "baseline_cpu_s": cpu_then, "baseline_wall_s": min(w for _, w in then)}
            print(f"| `{name}` | {cpu_now * 1000:.0f} ({figures[name]['wall_s'] * 1000:.0f}) | "
                  f"{cpu_then * 1000:.0f} ({figures[name]['baseline_wall_s'] * 1000:.0f}) | {cpu_then / cpu_now:.2f}× |", flush=True)
        if args.json:
            args.json.write_text(json.dumps({"baseline": args.baseline, "runs": args.runs, "commands": figures}, indent=2) + "\n")


if __name__ == "__main__":
    main()
