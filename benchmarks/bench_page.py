"""Time to interactive of graph.html in headless Chromium (Debian's), offline.

Measured: from navigation start until the page has drawn the graph and answered a search
(the node focused, the panel open). Baseline in the same run: the same page with an empty graph,
which pays for parsing the inlined vis-network and nothing else. Prints both and their ratio.
"""

import shutil
import tempfile
import time
from pathlib import Path

from rdflib import Graph

from _common import corpus
from kg.html import render_page
from kg.pipeline import build, summarize

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def time_to_interactive(browser, path: Path, query: str | None) -> float:
    context = browser.new_context(offline=True, viewport={"width": 1400, "height": 900})
    page = context.new_page()
    start = time.perf_counter()
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-rendered=true]", state="attached", timeout=60000)
    if query:
        assert page.evaluate("q => window.kg.search(q)", query) is not None
        page.wait_for_selector("#panel:not([hidden])", timeout=60000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def main() -> None:
    from playwright.sync_api import sync_playwright

    result = build([corpus()])
    folder = Path(tempfile.mkdtemp())
    full, empty = folder / "graph.html", folder / "empty.html"
    start = time.perf_counter()
    full.write_text(render_page(result.graph), encoding="utf-8")
    render = time.perf_counter() - start
    empty.write_text(render_page(Graph()), encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        base = min(time_to_interactive(browser, empty, None) for _ in range(3))
        target = summarize(result).most_mentioned[0][0]  # search for the corpus's most mentioned entity
        tti = min(time_to_interactive(browser, full, target) for _ in range(3))
        browser.close()
    nodes = len(result.corpus.entities) + len(result.corpus.papers)
    print(f"{corpus().name}: {nodes} nodes, {len(result.relations)} relations; page written in {render:.2f} s ({full.stat().st_size // 1024} KiB)")
    print(f"time to interactive {tti:.2f} s; empty page {base:.2f} s; ratio {tti / base:.1f}x")


if __name__ == "__main__":
    main()
