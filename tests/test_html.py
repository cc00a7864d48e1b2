"""The interactive page: self-contained, escaped, and drawn by a real browser with the network off."""

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


@pytest.fixture(scope="module")
def seed_page(seeds_graph, tmp_path_factory):
    path = tmp_path_factory.mktemp("page") / "graph.html"
    path.write_text(render_page(seeds_graph), encoding="utf-8")
    return path


def test_page_has_no_external_reference(seed_page):
    text = seed_page.read_text(encoding="utf-8")
    assert not EXTERNAL.search(text)
    assert "vis.Network" in text and "GRPO-RoC" in text


def test_digest_text_cannot_become_markup(tmp_path):
    write_digest(tmp_path, "evil.txt", "Top AI Papers of the Week (Jan 1 - 7)\n1. Evil<script>alert(1)</script>Net\n"
                 "Evil-Net7 is a new \"framework\" </script><img src=x onerror=alert(2)> that beats GPT-4o \\ on MMLU.\n"
                 "2. Second Paper Title\nNothing here.\n")
    page = render_page(build([tmp_path]).graph)
    data = page.split('id="kg-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data and ">" not in data
    assert "<script>alert" not in page and "<img src=x" not in page


def _require_browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("KG_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing but KG_REQUIRE_BROWSER is set")
        pytest.skip("Debian's chromium is not installed")
    return pytest.importorskip("playwright.sync_api")


def test_page_renders_offline_in_chromium(seed_page):
    sync_api = _require_browser()
    requests = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu",
                                    "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        context = browser.new_context(offline=True, viewport={"width": 1280, "height": 800})
        context.route("**/*", lambda route: (requests.append(route.request.url),
                                              route.continue_() if route.request.url.startswith("file:") else route.abort()))
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(seed_page.as_uri())
        page.wait_for_selector("body[data-rendered=true]", state="attached", timeout=15000)
        drawn = page.evaluate("() => Object.keys(window.kgNetwork.body.nodes).length")
        grpo = page.evaluate("""() => { const n = window.kgNetwork.body.data.nodes.get({filter: x => x.label === 'GRPO'});
                                      return n.length; }""")
        painted = page.evaluate("""() => { const c = document.querySelector('canvas');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let ink = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) ink++; return ink; }""")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "seeds-graph.png"))
        browser.close()
    assert not errors, errors
    assert drawn > 200 and grpo == 1
    assert painted > 10000  # the canvas has ink, not just an empty element
    assert all(url.startswith("file:") for url in requests), requests
