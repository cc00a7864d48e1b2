"""The query editor `kg serve` offers (issue 14): YASGUI from the package, offline, on this endpoint."""

import json
import urllib.request
from pathlib import Path

import pytest
from test_html import ARTIFACTS, browser  # noqa: F401  (the Chromium fixture)

from kg.endpoint import ServeSettings, serve
from kg.pipeline import write_outputs
from kg.store import open_store

ASSETS = Path(__file__).resolve().parent.parent / "kg" / "assets" / "yasgui"


@pytest.fixture(scope="module")
def base(seeds_result, tmp_path_factory):
    folder = tmp_path_factory.mktemp("build")
    write_outputs(seeds_result, folder)
    server = serve(open_store(folder), b"<html>page</html>", "127.0.0.1", 0, ServeSettings(timeout=10))
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_editor_is_served_from_the_package(base):
    for path in ("/editor", "/sparql"):
        request = urllib.request.Request(base + path, headers={"Accept": "text/html,application/xhtml+xml"})
        with urllib.request.urlopen(request) as response:
            page = response.read().decode()
            policy = response.headers["Content-Security-Policy"]
        assert '<script src="/assets/yasgui/yasgui.min.js">' in page and "https://" not in page
        assert "connect-src 'self'" in policy and "script-src 'self'" in policy
    for name in ("yasgui.min.js", "yasgui.min.css", "LICENSE"):
        with urllib.request.urlopen(f"{base}/assets/yasgui/{name}") as response:
            assert response.read() == (ASSETS / name).read_bytes()
    assert "MIT License" in (ASSETS / "LICENSE").read_text()
    tabs = json.loads(urllib.request.urlopen(base + "/editor/examples.json").read())
    assert [t["tab"] for t in tabs] == ["Method lineage", "Papers sharing a base model", "Papers sharing a benchmark"]
    assert 'VALUES (?name) { ("GRPO") }' in tabs[0]["query"] and "PREFIX kg: <" in tabs[0]["query"]


def _open_editor(chromium, base):
    """The editor in Chromium, with every request recorded; any request off this server is aborted."""
    context = chromium.new_context(viewport={"width": 1400, "height": 900})
    requests, errors = [], []

    def route(r):
        requests.append(r.request.url)
        r.continue_() if r.request.url.startswith(base + "/") else r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(base + "/editor")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=30000)
    return page, requests, errors


def _rows(page):
    page.wait_for_selector(".yasr table.dataTable tbody tr td", timeout=30000)
    return page.evaluate("""() => [...document.querySelectorAll('.yasr table.dataTable tbody tr')]
        .map(tr => [...tr.querySelectorAll('td')].map(td => td.innerText.trim()))""")


def test_editor_runs_the_example_and_a_typed_query_offline(browser, base):  # noqa: F811
    page, requests, errors = _open_editor(browser, base)
    tabs = page.locator(".tabsList .tab").all_inner_texts()
    assert [t.split("\n")[0].strip() for t in tabs][:3] == ["Method lineage", "Papers sharing a base model", "Papers sharing a benchmark"]
    # The first example, run as loaded: GRPO's descendants.
    page.locator(".yasqe_queryButton").first.click()
    rows = _rows(page)
    assert {"ARPO", "GRPO-GR", "GRPO-RoC"} <= {cell for row in rows for cell in row}
    # A query typed into the editor.
    page.locator(".tabsList .tab", has_text="Papers sharing a benchmark").click()
    editor = page.locator(".tab-pane.active .CodeMirror, .tabPanel.active .CodeMirror").first
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text('PREFIX dcterms: <http://purl.org/dc/terms/>\n'
                              'SELECT ?title WHERE { ?p dcterms:title ?title FILTER(CONTAINS(?title, "rStar2")) }')
    page.keyboard.press("Control+Enter")
    page.wait_for_function("() => [...document.querySelectorAll('.yasr table.dataTable td')]"
                           ".some(td => td.innerText.includes('rStar2-Agent'))", timeout=30000)
    # Completion of a property asks this graph (YASGUI's own completers would ask a remote service).
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text("PREFIX kg: <https://w3id.org/papers-kg/ontology#>\nSELECT * WHERE { ?m kg:exte")
    page.keyboard.press("Control+Space")
    hints = page.locator(".CodeMirror-hints li")
    hints.first.wait_for(timeout=15000)
    assert "kg:extends" in hints.all_inner_texts()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "editor.png"))
    assert not errors, errors
    assert requests and all(url.startswith(base + "/") for url in requests), [u for u in requests if not u.startswith(base)]
