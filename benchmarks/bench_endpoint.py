"""`kg serve` under a crowd and after slow queries, against Oxigraph's own server in the same run.

Measured on the seeds' graph (or the build folder given as argument), everything on 127.0.0.1:
- load: 200 small queries from 20 clients at once (each client one query after another on a fresh
  connection), p50 and p95, for `kg serve` and for `oxigraph serve-read-only` (the baseline: the
  same engine behind a Rust HTTP server), and their ratio;
- isolation: a fast query's latency on an idle `kg serve`, then after 10 slow queries in a row
  (each killed at a 1 s limit);
- the cost of isolation: time to start one replacement worker, and a worker's resident memory.
"""

import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from _common import ROOT

from kg.pipeline import build, write_outputs
from kg.store import PREFIX_IRIS

PROLOGUE = "".join(f"PREFIX {k}: <{v}>\n" for k, v in PREFIX_IRIS.items())
QUERIES = [
    'SELECT ?l WHERE { ?g rdfs:label "GRPO" . ?m kg:extends+ ?g ; rdfs:label ?l } ORDER BY ?l',
    'ASK { ?m rdfs:label "GRPO" }',
    'SELECT ?t WHERE { ?p kg:usesBaseModel ?m . ?m rdfs:label "Qwen2.5-32B" . ?p dcterms:title ?t } ORDER BY ?t',
    "SELECT ?type (COUNT(?e) AS ?n) WHERE { ?e a ?type } GROUP BY ?type ORDER BY ?type",
]
SLOW = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


def ask(port: int, path: str, query: str) -> int:
    request = (f"GET {path}?{urllib.parse.urlencode({'query': PROLOGUE + query})} HTTP/1.1\r\n"
               f"Host: 127.0.0.1:{port}\r\nAccept: application/sparql-results+json\r\nConnection: close\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(request.encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split()[1])


def crowd(port: int, path: str, clients: int = 20, per_client: int = 10) -> list[float]:
    latencies, lock, start = [], threading.Lock(), threading.Barrier(clients)

    def client(index: int) -> None:
        start.wait()
        for i in range(per_client):
            began = time.perf_counter()
            status = ask(port, path, QUERIES[(index + i) % len(QUERIES)])
            with lock:
                latencies.append(time.perf_counter() - began if status == 200 else float("inf"))

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(latencies)


def p95(latencies: list[float]) -> float:
    return latencies[int(0.95 * len(latencies)) - 1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(command: list[str], port: int, path: str) -> subprocess.Popen:
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):
        try:
            if ask(port, path, "ASK {}") == 200:
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"{command[0]} did not start")


def descendants(pid: int) -> list[int]:
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        children = [p for p, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def resident_kib(pid: int) -> int:
    match = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
    return int(match.group(1)) if match else 0


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="bench-endpoint-"))
    if len(sys.argv) > 1:
        (work / "build").mkdir()
        for name in ("graph.ttl", "graph.html"):
            shutil.copy(Path(sys.argv[1]) / name, work / "build" / name)
    else:
        write_outputs(build([ROOT / "seeds"]), work / "build")
    kg = [sys.executable, "-m", "kg", "serve", str(work / "build")]
    port = free_port()
    served = start([*kg, "--port", str(port)], port, "/sparql")
    oxigraph = shutil.which("oxigraph") or str(Path(sys.executable).parent / "oxigraph")
    baseline = None
    if Path(oxigraph).exists():
        subprocess.run([oxigraph, "load", "--location", str(work / "oxi"), "--file", str(work / "build" / "graph.ttl")],
                       check=True, capture_output=True)
        oxi_port = free_port()
        baseline = start([oxigraph, "serve-read-only", "--location", str(work / "oxi"), "--bind", f"127.0.0.1:{oxi_port}"],
                         oxi_port, "/query")
    try:
        ours, theirs = [], []
        for _ in range(3):  # interleaved, so both see the same background load
            ours.append(crowd(port, "/sparql"))
            if baseline:
                theirs.append(crowd(oxi_port, "/query"))
        for name, runs in (("kg serve", ours), ("oxigraph serve-read-only", theirs)):
            if runs:
                print(f"{name:26} p50/p95 per run: " + ", ".join(f"{ms(statistics.median(r))}/{ms(p95(r))}" for r in runs))
        if theirs:
            ratio = statistics.median(p95(r) for r in ours) / statistics.median(p95(r) for r in theirs)
            print(f"p95 kg serve / oxigraph server = {ratio:.2f}x (median of the runs)")
    finally:
        served.terminate()
        if baseline:
            baseline.terminate()

    slow_port = free_port()
    served = start([*kg, "--port", str(slow_port), "--timeout", "1"], slow_port, "/sparql")
    try:
        def fast() -> float:
            began = time.perf_counter()
            assert ask(slow_port, "/sparql", QUERIES[0]) == 200
            return time.perf_counter() - began

        idle = sorted(fast() for _ in range(5))
        statuses = [ask(slow_port, "/sparql", SLOW) for _ in range(10)]
        after = [fast() for _ in range(5)]
        print(f"fast query, idle: median {ms(statistics.median(idle))}; after 10 slow queries ({set(statuses)}): "
              + ", ".join(ms(x) for x in after))
        rss = {p: resident_kib(p) for p in descendants(served.pid)}
        print(f"resident memory: server {resident_kib(served.pid) // 1024} MiB; its fork server and workers: "
              + ", ".join(f"{r // 1024} MiB" for r in rss.values()))
    finally:
        served.terminate()

    # A replacement worker, started from a script that imports what the `kg` command imports (every
    # worker re-imports the main script), after the fork server is up.
    script = work / "respawn.py"
    script.write_text(
        "import time\nfrom pathlib import Path\nfrom kg.cli import app  # noqa: F401\n"
        "if __name__ == '__main__':\n"
        "    from kg.query_pool import QueryPool\n    from kg.store import OxigraphStore\n"
        f"    opener = OxigraphStore.from_build(Path({str(work / 'build')!r})).reopener()\n"
        "    QueryPool(opener, 1, 1.0).close()\n    times = []\n"
        "    for _ in range(5):\n"
        "        began = time.perf_counter(); QueryPool(opener, 1, 1.0).close(); times.append(time.perf_counter() - began)\n"
        "    print(f'one replacement worker started and holding the store: median {sorted(times)[2] * 1000:.0f} ms')\n")
    print(subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True).stdout.strip())
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
