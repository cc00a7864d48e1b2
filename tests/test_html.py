"""The interactive page: self-contained, escaped, and usable in a real browser with the network off."""

import os
import re
import shutil
from pathlib import Path

import pytest

from kg.html import render_page
from kg.pipeline import build

from conftest import write_digest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).parent / "artifacts"
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|@import|url\(\s*["']?(?:https?:)?//""", re.I)
# Markup written as entities survives ingest (which strips real tags) and reaches labels and evidence as text.
EVIL = ("Top AI Papers of the Week (Jan 1 - 7)\n1. Evil&lt;img src=x onerror=window.__pwned=1&gt;Net\n"
        "EvilNet7 is a new \"framework\" &lt;/script&gt;&lt;script&gt;window.__pwned=2&lt;/script&gt; that beats GPT-4o \\ on MMLU; "
        "it introduces Quote'Bench\\\", a benchmark.\n2. Second Paper Title\nNothing here.\n")


@pytest.fixture(scope="module")
def seed_page(seeds_graph, tmp_path_factory):
    path = tmp_path_factory.mktemp("page") / "graph.html"
    path.write_text(render_page(seeds_graph), encoding="utf-8")
    return path


def test_page_has_no_external_reference(seed_page):
    text = seed_page.read_text(encoding="utf-8")
    assert not EXTERNAL.search(text)
    assert "vis.Network" in text and "GRPO-RoC" in text and "default-src 'none'" in text


def test_digest_text_cannot_become_markup(tmp_path):
    write_digest(tmp_path, "evil.txt", EVIL)
    page = render_page(build([tmp_path]).graph)
    data = page.split('id="kg-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data and ">" not in data and "\\u003cimg src=x" in data  # the markup is there, as escaped text
    assert "<img src=x" not in page and "<script>window.__pwned" not in page


def test_focus_page_keeps_the_neighbourhood(seeds_graph):
    from kg.html import graph_data, subgraph
    from kg.network import to_networkx

    projection = to_networkx(seeds_graph)
    grpo = next(n for n, d in projection.nodes(data=True) if d["label"] == "GRPO")
    near = subgraph(projection, grpo, depth=1)
    labels = {d["label"] for _, d in near.nodes(data=True)}
    assert {"GRPO", "GRPO-RoC", "GRPO-GR", "ARPO"} <= labels and "Softpick" not in labels
    only = subgraph(projection, None, types={"Method"})
    assert {d["type"] for _, d in only.nodes(data=True)} == {"Method"}
    edges = graph_data(seeds_graph, near)["edges"]
    roc = next(e for e in edges if e["relation"] == "extends" and e["evidence"] and "GRPO-RoC" in e["evidence"][0]["sentence"])
    assert roc["evidence"][0]["digest"] == "003_f747a0457690f853.txt"


def _require_browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("KG_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing but KG_REQUIRE_BROWSER is set")
        pytest.skip("Debian's chromium is not installed")
    return pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser():
    sync_api = _require_browser()
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        yield chromium
        chromium.close()


def _open(browser, path):
    """The page, offline, with every request recorded (only the file itself may be fetched)."""
    context = browser.new_context(offline=True, viewport={"width": 1400, "height": 900})
    requests, errors = [], []
    context.route("**/*", lambda route: (requests.append(route.request.url),
                                          route.continue_() if route.request.url.startswith("file:") else route.abort()))
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-rendered=true]", state="attached", timeout=15000)
    return page, requests, errors


def test_page_renders_offline(browser, seed_page):
    page, requests, errors = _open(browser, seed_page)
    drawn = page.evaluate("() => window.kg.visibleNodeIds().length")
    painted = page.evaluate("""() => { const c = document.querySelector('canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let ink = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) ink++; return ink; }""")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "seeds-overview.png"))
    assert not errors, errors
    assert drawn > 200 and painted > 10000  # nodes are in the view and the canvas has ink
    assert requests == [seed_page.as_uri()]


def test_search_filter_and_evidence_panel(browser, seed_page):
    page, requests, errors = _open(browser, seed_page)
    hit = page.evaluate("() => window.kg.search('grpo-roc')")
    assert page.evaluate(f"() => window.kg.data.nodes[{hit}].label") == "GRPO-RoC"
    assert page.evaluate("() => window.kg.network.getSelectedNodes()") == [hit]
    assert page.locator("#panel").is_visible()
    assert page.locator("#panel-title").inner_text() == "GRPO-RoC"
    assert "It introduces GRPO-RoC, a rollout strategy" in page.locator("#panel .evidence").first.inner_text()
    # An alias finds its entity too.
    alias_hit = page.evaluate("() => window.kg.search('AIME25')")
    assert page.evaluate(f"() => window.kg.data.nodes[{alias_hit}].label") == "AIME 2025"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "explorer-panel.png"))
    before = page.evaluate("() => window.kg.visibleNodeIds().length")
    page.locator('input[data-type="Benchmark"]').uncheck()
    after = page.evaluate("() => window.kg.visibleNodeIds().length")
    benchmarks = page.evaluate("() => window.kg.data.nodes.filter(n => n.type === 'Benchmark').length")
    assert after == before - benchmarks and benchmarks > 20
    assert not errors and requests == [seed_page.as_uri()]


def test_crafted_digest_cannot_run_code(browser, tmp_path):
    write_digest(tmp_path, "evil.txt", EVIL)
    path = tmp_path / "evil.html"
    path.write_text(render_page(build([tmp_path]).graph), encoding="utf-8")
    page, requests, errors = _open(browser, path)
    page.evaluate("() => window.kg.search('EvilNet7')")
    page.wait_for_timeout(200)
    assert page.locator("#panel-title").inner_text() == "EvilNet7"
    assert "</script><script>window.__pwned=2</script>" in page.locator("#panel").inner_text()  # shown as text
    page.evaluate("() => window.kg.search('onerror')")
    assert "Evil<img src=x onerror=window.__pwned=1>Net" in page.locator("#panel-title").inner_text()
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#panel img, #panel script").count() == 0
    assert not errors and requests == [path.as_uri()]
