"""Real SPARQL servers on 127.0.0.1 for the store tests, started from what is installed (never downloaded)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

# Debian's virtuoso-opensource-7 (apt-get install virtuoso-opensource); .ci/run installs it.
VIRTUOSO_INI = """[Database]
DatabaseFile = {db}/virtuoso.db
ErrorLogFile = {db}/virtuoso.log
LockFile = {db}/virtuoso.lck
TransactionFile = {db}/virtuoso.trx
xa_persistent_file = {db}/virtuoso.pxa
TempStorage = TempDatabase
[TempDatabase]
DatabaseFile = {db}/virtuoso-temp.db
TransactionFile = {db}/virtuoso-temp.trx
[Parameters]
ServerPort = 127.0.0.1:{sql_port}
DisableUnixSocket = 1
NumberOfBuffers = 10000
MaxDirtyBuffers = 6000
DirsAllowed = .
MaxSortedTopRows = {max_sorted}
[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {db}
ServerThreads = 4
[SPARQL]
ResultSetMaxRows = {max_rows}
MaxQueryExecutionTime = 60
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, process: subprocess.Popen, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(url + "?query=ASK%7B%7D", timeout=2).read()
            return True
        except OSError:
            time.sleep(0.2)
    return False


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


class Unavailable(Exception):
    """The server cannot start here; the message says why (a test skip reason)."""


def start_virtuoso(folder: Path, max_rows: int = 100_000, http_port: int | None = None,
                   max_sorted: int = 10_000) -> tuple[subprocess.Popen, str]:
    """Virtuoso with its SPARQL answers cut at ``max_rows`` and ORDER BY refused past ``max_sorted`` rows
    of OFFSET + LIMIT (Debian's virtuoso.ini: 10,000 and 10,000)."""
    binary, isql = shutil.which("virtuoso-t"), shutil.which("isql-vt")
    if not binary or not isql:
        raise Unavailable("Virtuoso is not installed (apt-get install virtuoso-opensource)")
    folder.mkdir(parents=True, exist_ok=True)
    http_port, sql_port = http_port or free_port(), free_port()
    ini = folder / "virtuoso.ini"
    ini.write_text(VIRTUOSO_INI.format(db=folder, sql_port=sql_port, http_port=http_port, max_rows=max_rows,
                                       max_sorted=max_sorted))
    process = subprocess.Popen([binary, "+foreground", "+configfile", str(ini)], cwd=folder,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{http_port}/sparql"
    if not wait_for(url, process, 120):
        stop(process)
        raise Unavailable(f"Virtuoso did not start (see {folder / 'virtuoso.log'})")
    # The SPARQL user may only read until it is given the update role (Virtuoso's documented way).
    grant = subprocess.run([isql, f"127.0.0.1:{sql_port}", "dba", "dba", 'exec=GRANT SPARQL_UPDATE TO "SPARQL";'],
                           capture_output=True, text=True, timeout=60, check=False)
    if grant.returncode != 0:
        stop(process)
        raise Unavailable(f"cannot grant SPARQL_UPDATE in Virtuoso: {grant.stdout.strip()[-200:]}")
    return process, url


if __name__ == "__main__":
    # python tests/servers.py virtuoso FOLDER [HTTP_PORT]: the Virtuoso the tests use, kept running for you.
    import signal
    import sys

    def interrupt(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)  # 'kill PID' stops Virtuoso too, as Ctrl-C does

    if len(sys.argv) < 3 or sys.argv[1] != "virtuoso":
        sys.exit("usage: python tests/servers.py virtuoso FOLDER [HTTP_PORT]")
    try:
        server, endpoint = start_virtuoso(Path(sys.argv[2]).resolve(), http_port=int(sys.argv[3]) if len(sys.argv) > 3 else None)
    except Unavailable as why:
        sys.exit(str(why))
    print(f"Virtuoso SPARQL endpoint (query and update): {endpoint}   Ctrl-C stops it", flush=True)
    try:
        server.wait()
    except KeyboardInterrupt:
        stop(server)
