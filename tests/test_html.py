"""The interactive page: self-contained, escaped, and usable in a real browser with the network off."""

import base64
import json
import os
import re
import shutil
import zlib
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
    assert "vis.Network" in text and "default-src 'none'" in text
    assert "GRPO-RoC" in {n["label"] for n in _page_data(text)[1]["nodes"]}


def test_page_leaves_out_the_styles_of_vis_network_parts_it_does_not_turn_on(seed_page):
    """vis-network's sheet is 220 KB of icons for its navigation buttons, toolbar and configurator, none of which
    the page turns on: the page keeps its other rules (the tooltip's) and parses none of those."""
    from kg.html import used_vis_css

    vis_style = seed_page.read_text(encoding="utf-8").split("<style>", 1)[1].split("</style>", 1)[0]
    assert "div.vis-tooltip{" in vis_style and "vis-navigation" not in vis_style and "data:" not in vis_style
    sheet = ".vis-tip{color:red}div.vis-network div.vis-navigation div.vis-up{background:url(data:x)}"
    assert used_vis_css(sheet) == ".vis-tip{color:red}"
    nested = "@media print{.vis-navigation{display:none}}"
    assert used_vis_css(nested) == nested  # a sheet it cannot read rule by rule is kept whole


def _page_data(page: str) -> tuple[str, dict]:
    """The packed data block of a page, and the data it holds (deflated, base64-encoded JSON, read back as the
    page's script reads it: kg.html.from_page)."""
    from kg.html import from_page

    packed = page.split('id="kg-data">', 1)[1].split("</script>", 1)[0]
    return packed, from_page(json.loads(zlib.decompress(base64.b64decode(packed, validate=True))))


def test_page_data_says_each_sentence_once_and_the_page_reads_it_back(browser, seed_page, seeds_graph):
    """for_page: a sentence that supports several relations travels once, IRIs without their common prefix; the
    page's script (unfold) gives back graph_data's nodes and edges, evidence included."""
    from kg.html import graph_data

    packed = seed_page.read_text(encoding="utf-8").split('id="kg-data">', 1)[1].split("</script>", 1)[0]
    raw = json.loads(zlib.decompress(base64.b64decode(packed)))
    said = [e["sentence"] for edge in graph_data(seeds_graph)["edges"] for e in edge["evidence"]]
    assert len(raw["sentences"]) == len(set(said)) < len(said)
    assert not any(n["iri"].startswith("https://") for n in raw["nodes"])
    page, _, errors = _open(browser, seed_page)
    read = page.evaluate("() => ({nodes: kg.data.nodes.map(n => [n.iri, n.aliases, n.family]), edges: kg.data.edges})")
    expected = graph_data(seeds_graph)
    assert read["nodes"] == [[n["iri"], n["aliases"], n["family"]] for n in expected["nodes"]]
    assert read["edges"] == json.loads(json.dumps(expected["edges"]))
    assert not errors, errors


def test_digest_text_cannot_become_markup(tmp_path):
    write_digest(tmp_path, "evil.txt", EVIL)
    page = render_page(build([tmp_path]).graph)
    packed, data = _page_data(page)
    assert re.fullmatch(r"[A-Za-z0-9+/=]+", packed)  # base64 only: nothing in it can end the script element
    labels = {n["label"] for n in data["nodes"]}
    assert "Evil<img src=x onerror=window.__pwned=1>Net" in labels  # the markup is there, as text in the data
    assert "<img src=x" not in page and "<script>window.__pwned" not in page


def test_page_data_is_the_graph_data_packed(seeds_graph, seed_page):
    """The page carries what graph_data computes (positions and communities added), about 2.5 times smaller."""
    from kg.html import graph_data

    page = seed_page.read_text(encoding="utf-8")
    packed, data = _page_data(page)
    expected = graph_data(seeds_graph)
    assert [n["label"] for n in data["nodes"]] == [n["label"] for n in expected["nodes"]]
    assert data["edges"] == json.loads(json.dumps(expected["edges"]))
    assert all("x" in n and "y" in n for n in data["nodes"]) and data["communities"]
    plain = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    assert len(packed) < len(plain) / 2.5


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
    page.wait_for_selector("body[data-complete=true]", state="attached", timeout=15000)
    return page, requests, errors


def test_page_reads_its_data_without_a_native_base64_decoder(browser, seed_page):
    """The data block is decoded by Uint8Array.fromBase64 where the browser has it, by atob otherwise."""
    context = browser.new_context(offline=True)
    context.add_init_script("delete Uint8Array.fromBase64")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(seed_page.as_uri())
    page.wait_for_selector("body[data-rendered=true]", state="attached", timeout=15000)
    assert page.evaluate("() => typeof Uint8Array.fromBase64") == "undefined"
    assert "GRPO-RoC" in page.evaluate("() => kg.data.nodes.map(n => n.label)") and not errors, errors
    context.close()


def test_page_renders_offline(browser, seed_page):
    page, requests, errors = _open(browser, seed_page)
    drawn = page.evaluate("() => window.kg.visibleNodeIds().length")
    painted = page.evaluate("""() => { const c = document.querySelector('canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let ink = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) ink++; return ink; }""")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "seeds-overview.png"))
    assert not errors, errors
    # Papers are off at opening: every entity is drawn or, with no link to draw, counted in the side list; most
    # are drawn, and the canvas has ink. (A fixed count, > 200, broke whenever extraction changed the seeds.)
    entities = page.evaluate("() => window.kg.data.nodes.filter(n => n.type !== 'Paper').length")
    unlinked = len(page.evaluate("() => window.kg.unlinkedIds()"))
    assert drawn + unlinked == entities and drawn > 0.75 * entities and painted > 10000
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
    drawn_benchmarks = "() => window.kg.visibleNodeIds().filter(i => window.kg.data.nodes[i].type === 'Benchmark').length"
    before = page.evaluate("() => window.kg.visibleNodeIds().length")
    benchmarks = page.evaluate(drawn_benchmarks)
    page.locator('input[data-type="Benchmark"]').uncheck()
    after = page.evaluate("() => window.kg.visibleNodeIds().length")
    # Benchmarks leave the map, and so do entities whose only links were to benchmarks.
    assert benchmarks > 20 and page.evaluate(drawn_benchmarks) == 0 and after <= before - benchmarks
    assert not errors and requests == [seed_page.as_uri()]


def test_lineage_panel_marks_an_edge_read_from_the_names(browser, seed_page):
    """Issue 9: in GRPO's lineage, GRPO-RoC (named after it) is marked '(by name)'; ARPO, stated, is not."""
    page, _, errors = _open(browser, seed_page)
    page.evaluate("() => window.kg.search('grpo')")
    rows = page.locator('#panel [data-section="lineage"] .tree-row').all_inner_texts()
    roc, arpo = (next(r for r in rows if name in r) for name in ("GRPO-RoC", "ARPO"))
    assert "GRPO-RoC (by name)" in roc and "(by name)" not in arpo, rows
    page.evaluate("() => window.kg.search('grpo-roc')")
    up = page.locator('#panel [data-section="ancestors"] .tree-row').all_inner_texts()
    assert "GRPO (by name)" in up[1], up
    assert not errors, errors


def test_an_organisations_panel_lists_its_units(browser, seed_page):
    """Issue 9's organisation policy on the page: Meta FAIR's panel shows Meta's units as a tree (Meta, Meta AI,
    Meta FAIR) with the papers affiliated with each."""
    page, _, errors = _open(browser, seed_page)
    page.evaluate("() => window.kg.search('meta fair')")
    rows = page.locator('#panel [data-section="family"] .tree-row').all_inner_texts()
    assert [r.split(" —")[0].strip("└├│ ") for r in rows][:3] == ["Meta", "Meta AI", "Meta FAIR"], rows
    assert "1 paper" in rows[2], rows
    assert not errors, errors


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


# ---------------------------------------------------------------- the explorer on the seeds and on a real year of digests



@pytest.fixture(scope="module")
def corpus_page(corpus_result, tmp_path_factory):
    """The page of the 122 weekly digests (skipped when the shared corpus is absent)."""
    path = tmp_path_factory.mktemp("corpus-page") / "graph.html"
    path.write_text(render_page(corpus_result.graph), encoding="utf-8")
    return path


def _open_wide(browser, path, ready="complete"):
    """As a researcher opens it: 1600 x 1000, offline, every request recorded; waited for until every wave of
    nodes is added (ready="complete") or only the first view is drawn (ready="rendered")."""
    context = browser.new_context(offline=True, viewport={"width": 1600, "height": 1000})
    requests, errors = [], []
    context.route("**/*", lambda route: (requests.append(route.request.url),
                                          route.continue_() if route.request.url.startswith("file:") else route.abort()))
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.wait_for_selector(f"body[data-{ready}=true]", state="attached", timeout=30000)
    return page, requests, errors


def _components(nodes, links):
    parent = {n: n for n in nodes}

    def root(n):
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for a, b in links:
        parent[root(a)] = root(b)
    groups = {}
    for n in nodes:
        groups.setdefault(root(n), set()).add(n)
    return list(groups.values())


def _check_explorer(page, name):
    """What every page must show at opening, then search, lineage and the week range, with screenshots."""
    ARTIFACTS.mkdir(exist_ok=True)
    state = page.evaluate("""() => ({labelled: kg.labelledIds(), visible: kg.visibleNodeIds(), links: kg.visibleLinks(),
                                     unlinked: kg.unlinkedIds(), types: kg.data.nodes.map(n => n.type)})""")
    page.screenshot(path=str(ARTIFACTS / f"{name}-opening.png"))
    # Labels: the most important entities, legible at the opening zoom, and not all of them.
    assert 30 <= len(state["labelled"]) <= 60, len(state["labelled"])
    assert len(state["visible"]) > 2 * len(state["labelled"])
    # No isolated node drawn: each drawn node has a drawn link; entities without one are counted in the list.
    linked = {n for link in state["links"] for n in link}
    assert set(state["visible"]) <= linked
    assert not set(state["visible"]) & set(state["unlinked"])
    unlinked_entities = [i for i in state["unlinked"] if state["types"][i] != "Paper"]
    if unlinked_entities:
        assert page.locator("#lists .unlinked summary").inner_text().startswith(f"{len(unlinked_entities)} without links")
    # Papers are off at opening: entities are joined by what they appear with.
    assert not any(state["types"][i] == "Paper" for i in state["visible"])

    # Search as you type: case, spaces and hyphens do not matter; arrow keys and Enter pick a match.
    page.locator("#search").fill("qwen 3")
    listed = page.locator("#search-results li .name").all_inner_texts()
    folded = [t.lower().replace("-", "").replace(" ", "") for t in listed]
    qwen3 = [t.startswith("qwen3") for t in folded]
    assert listed[0] == "Qwen3" and sum(qwen3) >= 2 and qwen3 == sorted(qwen3, reverse=True)  # Qwen3's family first
    page.screenshot(path=str(ARTIFACTS / f"{name}-search.png"))
    page.locator("#search").press("ArrowDown")
    page.locator("#search").press("Enter")
    assert page.locator("#panel-title").inner_text() == listed[1]

    # The lineage of GRPO, as an indented tree in the panel.
    page.locator("#search").fill("grpo")
    page.locator("#search").press("Enter")
    assert page.locator("#panel-title").inner_text() == "GRPO"
    rows = page.locator('#panel [data-section="lineage"] .tree-row')
    texts = rows.all_inner_texts()
    assert texts[0].startswith("GRPO") and any("GRPO-RoC" in t for t in texts[1:]), texts
    roc = next(i for i, t in enumerate(texts) if "GRPO-RoC" in t)
    assert rows.nth(roc).evaluate("r => parseFloat(r.style.paddingLeft)") > 0
    page.screenshot(path=str(ARTIFACTS / f"{name}-lineage.png"))

    # The week range: the first week alone draws fewer nodes than all of them.
    page.locator("#close").click()
    weeks = page.evaluate("() => kg.data.digests.length")
    before = len(page.evaluate("() => kg.visibleNodeIds()"))
    page.locator("#week-to").fill("0")
    after = page.evaluate("() => kg.visibleNodeIds()")
    assert weeks > 1 and 0 < len(after) < before
    assert "(1 of" in page.locator("#week-label").inner_text()


def test_explorer_on_the_seeds(browser, seed_page, seeds_graph):
    from kg.network import to_networkx

    page, requests, errors = _open_wide(browser, seed_page)
    # Papers off keeps the seeds' main component in one piece: every entity of the main component of the full
    # graph (papers included) is joined to the others through drawn links alone.
    projection = to_networkx(seeds_graph)
    main = max(nx_components(projection), key=len)
    ids = page.evaluate("() => Object.fromEntries(kg.data.nodes.map(n => [n.iri, n.id]))")
    entities = {ids[iri] for iri in main if projection.nodes[iri]["type"] != "Paper"}
    drawn = _components(page.evaluate("() => kg.visibleNodeIds()"), page.evaluate("() => kg.visibleLinks()"))
    assert len(entities) > 100 and any(entities <= group for group in drawn)
    _check_explorer(page, "seeds")
    assert not errors, errors
    assert requests == [seed_page.as_uri()]


def nx_components(projection):
    import networkx as nx

    return list(nx.connected_components(projection.to_undirected(as_view=True)))


def test_appears_with_link_lists_its_papers(browser, seed_page):
    page, _, errors = _open_wide(browser, seed_page)
    # A drawn "appears with" link, zoomed so it crosses the centre of the canvas with its ends far away; a real click.
    page.evaluate("""() => {
        const shown = kg.visibleNodeIds().map(id => kg.data.nodes[id]);
        const clear = i => { const c = kg.data.cooc[i], a = kg.data.nodes[c[0]], b = kg.data.nodes[c[1]];
            const x = (a.x + b.x) / 2, y = (a.y + b.y) / 2;  // no node near the middle of the link
            const direct = kg.data.edges.some(e => (e.from === c[0] && e.to === c[1]) || (e.from === c[1] && e.to === c[0]));
            return !direct && shown.every(n => Math.hypot(n.x - x, n.y - y) > 45); };
        const i = +Object.keys(kg.state.shownCooc).find(clear), c = kg.data.cooc[i];
        const a = kg.network.getPosition(c[0]), b = kg.network.getPosition(c[1]);
        window.__link = i;
        kg.network.moveTo({position: {x: (a.x + b.x) / 2, y: (a.y + b.y) / 2}, scale: 400 / Math.hypot(a.x - b.x, a.y - b.y) + 0.5, animation: false}); }""")
    box = page.locator("#graph").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expected = page.evaluate("() => kg.data.cooc[window.__link][2].map(p => kg.data.nodes[p].label)")
    assert "↔" in page.locator("#panel-title").inner_text()
    listed = page.locator('#panel [data-section="shared-papers"] li a').all_inner_texts()
    assert listed == expected and listed
    assert not errors, errors


def test_explorer_on_a_year_of_digests(browser, corpus_page):
    page, requests, errors = _open_wide(browser, corpus_page)
    page.locator("#search").fill("claude opus 4.5")
    listed = page.locator("#search-results li .name").all_inner_texts()
    # Every entity named with those words, in any order, spacing or case, by label or alias ("Claude 4.5 Opus").
    wanted = {"claude", "opus", "4.5"}
    names = page.evaluate("() => kg.data.nodes.map(n => [n.label, n.label].concat(n.aliases))")
    expected = {label for label, *spellings in names
                if any(wanted <= set(re.split(r"[\s\-]+", s.lower())) for s in spellings)}
    assert listed[0] == "Claude Opus 4.5" and expected and expected <= set(listed), (listed, expected)
    page.locator("#search").fill("")
    _check_explorer(page, "corpus")
    assert not errors, errors
    assert requests == [corpus_page.as_uri()]


def test_focus_without_papers_goes_through_what_entities_appear_with(seeds_graph):
    """`kg viz --focus GRPO --depth 2 --types Method,Model,Benchmark`: papers dropped, the neighbourhood kept."""
    from kg.html import graph_data, subgraph
    from kg.network import to_networkx

    projection = to_networkx(seeds_graph)
    grpo = next(n for n, d in projection.nodes(data=True) if d["label"] == "GRPO")
    near = subgraph(projection, grpo, depth=2, types={"Method", "Model", "Benchmark"})
    labels = {d["label"] for _, d in near.nodes(data=True)}
    assert {d["type"] for _, d in near.nodes(data=True)} <= {"Method", "Model", "Benchmark"}
    assert {"GRPO", "GRPO-RoC", "ARPO", "AIME 2024"} <= labels and len(labels) > 30
    data = graph_data(seeds_graph, near, projection)
    roc = next(n["id"] for n in data["nodes"] if n["label"] == "GRPO-RoC")
    ids = {n["id"] for n in data["nodes"] if n["label"] == "GRPO"}
    assert any({a, b} & ids for a, b, _, _ in data["cooc"])  # GRPO joined to what it appears with
    assert any(e["from"] == roc and e["relation"] == "extends" for e in data["edges"])


def test_drawn_links_keep_the_components_of_all_links(seeds_graph):
    """The links drawn by default (the backbone) join exactly what all "appears with" links join."""
    from kg.html import graph_data

    data = graph_data(seeds_graph)
    entities = [n["id"] for n in data["nodes"] if n["type"] != "Paper"]
    assert all(a < b for a, b, _, _ in data["cooc"])
    every = _components(entities, [(a, b) for a, b, _, _ in data["cooc"]])
    drawn = _components(entities, [(a, b) for a, b, _, flag in data["cooc"] if flag])
    assert sorted(map(sorted, every)) == sorted(map(sorted, drawn))
    assert sum(flag for *_, flag in data["cooc"]) < len(data["cooc"])  # and fewer of them


# ---------------------------------------------------------------- speed at scale: fixed positions, level of detail


def _drawn_positions(page):
    return page.evaluate("""() => kg.loadedIds().filter(id => kg.state.shownNodes[id]).map(id => {
        const at = kg.network.getPosition(id); return [id, at.x, at.y, kg.data.nodes[id].x, kg.data.nodes[id].y]; })""")


def test_positions_are_computed_ahead_and_stay_fixed(browser, seed_page):
    """No physics at load: every node sits where kg.layout put it, and stays there."""
    page, _, errors = _open(browser, seed_page)
    first = _drawn_positions(page)
    page.wait_for_timeout(600)
    assert len(first) > 100 and _drawn_positions(page) == first
    assert all(abs(x - px) < 1 and abs(y - py) < 1 for _, x, y, px, py in first)  # vis-network keeps whole units
    assert page.evaluate("() => kg.network.physics.physicsEnabled") is False
    assert not errors, errors


@pytest.fixture(scope="module")
def detail_page(seeds_graph, tmp_path_factory):
    """The seeds' page with a network that holds at most 40 drawn nodes per view (kg.html.DETAIL is 400)."""
    path = tmp_path_factory.mktemp("detail") / "graph.html"
    path.write_text(render_page(seeds_graph, detail=40), encoding="utf-8")
    return path


def test_level_of_detail_draws_the_rest_as_dots_and_loads_them_in_view(browser, detail_page):
    page, requests, errors = _open_wide(browser, detail_page)
    state = page.evaluate("""() => ({loaded: kg.loadedIds(), dots: kg.dotIds(), visible: kg.visibleNodeIds(),
        labelled: kg.labelledIds(), held: kg.nodes.getIds(), rank: kg.data.nodes.map(n => n.rank)})""")
    visible, loaded = set(state["visible"]), set(state["loaded"])
    # The network holds the labelled nodes and the most important others up to 40; the other drawn nodes are dots.
    assert set(state["held"]) == loaded and len(loaded) <= 40 + len(state["labelled"]) and len(visible) > 2 * len(loaded)
    assert set(state["dots"]) == visible - loaded and 30 <= len(state["labelled"]) <= 60
    top = sorted(visible, key=lambda i: state["rank"][i])[:40]
    assert set(top) <= loaded
    # A dot is painted in its type's colour where its node will be.
    dot = max(state["dots"], key=lambda i: state["rank"][i])
    colour = page.evaluate("""id => { const n = kg.data.nodes[id], at = kg.network.canvasToDOM({x: n.x, y: n.y});
        const c = document.querySelector('#graph canvas'), r = window.devicePixelRatio;
        return {pixel: Array.from(c.getContext('2d').getImageData(Math.round(at.x * r), Math.round(at.y * r), 1, 1).data),
                style: kg.data.nodes[id].type}; }""", dot)
    assert colour["pixel"][3] > 0, colour
    opening = page.evaluate("() => ({position: kg.network.getViewPosition(), scale: kg.network.getScale()})")
    # Zooming in on the dot (a real wheel over the canvas) loads it and the nodes around it, with their links.
    box = page.locator("#graph").bounding_box()
    at = page.evaluate("id => kg.network.canvasToDOM({x: kg.data.nodes[id].x, y: kg.data.nodes[id].y})", dot)
    page.mouse.move(box["x"] + at["x"], box["y"] + at["y"])
    scale = page.evaluate("() => kg.network.getScale()")
    for _ in range(40):  # until 40 nodes or fewer are in view, about 5 times the opening zoom here
        page.mouse.wheel(0, -300)
        page.wait_for_timeout(50)
        if page.evaluate("id => kg.loadedIds().includes(id)", dot):
            break
    assert page.evaluate("() => kg.network.getScale()") > 2 * scale
    after = page.evaluate("""id => ({loaded: kg.loadedIds().length, held: kg.nodes.get(id) !== null,
        links: kg.edges.get().filter(e => e.from === id || e.to === id).length,
        drawnLinks: kg.visibleLinks().filter(l => l.includes(id) && kg.loadedIds().includes(l[0]) && kg.loadedIds().includes(l[1])).length})""", dot)
    assert after["held"] and after["loaded"] > len(loaded) and after["links"] == after["drawnLinks"] > 0, after
    # Back at the opening view, a click on a dot opens its node's panel, as a click on a node does.
    page.evaluate("v => kg.network.moveTo({position: v.position, scale: v.scale, animation: false})", opening)
    other = page.evaluate("() => kg.dotIds().sort((a, b) => kg.data.nodes[b].rank - kg.data.nodes[a].rank)[0]")
    at = page.evaluate("id => kg.network.canvasToDOM({x: kg.data.nodes[id].x, y: kg.data.nodes[id].y})", other)
    page.mouse.click(box["x"] + at["x"], box["y"] + at["y"])
    assert page.locator("#panel-title").inner_text() == page.evaluate("id => kg.data.nodes[id].label", other)
    assert not errors, errors
    assert requests == [detail_page.as_uri()]


@pytest.fixture(scope="module")
def patient_page(seeds_graph, tmp_path_factory):
    """The seeds' page (40 drawn nodes per view) that waits a minute without a request before loading a view's
    detail (kg.html.QUIET_MS is 300 ms), so what a view loads at once can be seen apart from what comes later."""
    path = tmp_path_factory.mktemp("patient") / "graph.html"
    path.write_text(render_page(seeds_graph, detail=40, quiet_ms=60000), encoding="utf-8")
    return path


def test_a_view_loads_what_it_shows_at_once_and_its_detail_when_quiet(browser, patient_page):
    """Rule lod.later: the opening holds the labelled and the new nodes only (the rest are dots), a search adds
    the node and its labelled neighbours (its links among them there, darkened; its other links painted under
    the network); the rest of the view's detail waits for a quiet moment."""
    page, _, errors = _open_wide(browser, patient_page, ready="rendered")
    opening = page.evaluate("""() => { const s = kg.state, last = kg.data.digests.length - 1;
        const fresh = kg.visibleNodeIds().filter(id => { const w = kg.data.nodes[id].w;
            return last > 0 && w.length && w[0] === s.hi && s.hi > s.lo; });
        return {loaded: kg.loadedIds(), labelled: Object.keys(s.labelled).map(Number), fresh: fresh, dots: kg.dotIds().length,
                held: kg.edges.getIds()}; }""")
    assert set(opening["loaded"]) == set(opening["labelled"]) | set(opening["fresh"]) and opening["dots"] > 40
    # Each node loaded for the search is drawn on the frame that follows it: vis-network's box for it is where
    # it is before any redraw has passed over it (a fresh node's box sits at the origin until then).
    hit, boxed = page.evaluate("""() => { const id = kg.search('GRPO');
        return [id, Object.keys(kg.state.highlight).map(Number).filter(k => k !== id).map(k => {
            const b = kg.network.body.nodes[k].shape.boundingBox, n = kg.data.nodes[k];
            return b.left <= n.x && n.x <= b.right && b.top <= n.y && n.y <= b.bottom; })]; }""")
    assert boxed and all(boxed)
    page.wait_for_selector("#panel:not([hidden])", timeout=15000)
    after = page.evaluate("""id => { const s = kg.state, links = [];
        (kg.data.edges).forEach((e, i) => { if (s.shownEdges[i] && (e.from === id || e.to === id)) links.push(["r" + i, e.from, e.to]); });
        kg.data.cooc.forEach((c, i) => { if (s.shownCooc[i] && (c[0] === id || c[1] === id)) links.push(["c" + i, c[0], c[1]]); });
        return {loaded: kg.loadedIds(), labelled: Object.keys(s.highlight).map(Number), held: kg.edges.getIds(), keys: links.map(l => l[0]),
                links: links.map(l => [l[1], l[2], (kg.edges.get(l[0]) || {color: {color: null}}).color.color])}; }""", hit)
    loaded = set(after["loaded"])
    held = [colour for *_, colour in after["links"] if colour is not None]
    assert held and set(held) <= {"#3e4c59", "#7b8794"}
    assert all((colour is None) == (not {a, b} <= loaded) for a, b, colour in after["links"])  # held iff both ends are
    assert loaded == set(opening["loaded"]) | set(after["labelled"]) | {hit}
    # The links among the neighbours wait too (painted as lines meanwhile): the network holds the node's links only.
    assert set(after["held"]) <= set(opening["held"]) | set(after["keys"])
    assert page.evaluate("() => document.body.getAttribute('data-complete')") is None
    # Asked for, the view's detail is there (the quiet moment loads exactly this, in chunks).
    page.evaluate("() => kg.loadView()")
    assert len(page.evaluate("() => kg.loadedIds()")) > len(after["loaded"])
    unheld = page.evaluate("""() => { const held = new Set(kg.edges.getIds()), loaded = new Set(kg.loadedIds()), s = kg.state;
        return kg.data.edges.filter((e, i) => s.shownEdges[i] && loaded.has(e.from) && loaded.has(e.to) && !held.has("r" + i)).length
             + kg.data.cooc.filter((c, i) => s.shownCooc[i] && loaded.has(c[0]) && loaded.has(c[1]) && !held.has("c" + i)).length; }""")
    assert unheld == 0
    assert not errors, errors
    page.context.close()


def test_drawing_a_page_does_not_import_what_its_libraries_only_might_use(tmp_path):
    """networkit's __init__ imports matplotlib, pandas and scikit-learn when they are installed, and pyvis imports
    IPython, which made most of a `kg build` start; the page uses networkit's PLM and pyvis's copy of vis-network
    alone. Run in a fresh interpreter, where nothing imported them."""
    import importlib.util
    import subprocess
    import sys

    from kg.html import NETWORKIT_EXTRAS

    unwanted = (*NETWORKIT_EXTRAS, "IPython")
    installed = [name for name in unwanted if importlib.util.find_spec(name.split(".")[0]) is not None]
    if not installed:
        pytest.skip("none of those modules is installed here")
    digest = write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (Mar 3 - 9)\n1. Zorblax-RL\nZorblax-RL extends GRPO and fine-tunes Qwen2.5-7B on AIME 2024.\n"
                                           "2. Quillon\nQuillon, a new agent from NVIDIA, is evaluated on AIME 2024 with GRPO.\n")
    script = ("import json, sys\nfrom pathlib import Path\nfrom kg.html import render_page\nfrom kg.pipeline import build\n"
              f"page = render_page(build([Path({str(digest)!r})]).graph)\nassert '<html' in page\n"
              f"print(json.dumps(sorted(m for m in {list(unwanted)!r} if m in sys.modules)))\n"
              "print('networkit' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    imported, networkit_used = done.stdout.splitlines()[-2:]
    assert json.loads(imported) == [] and networkit_used == "True"


def test_links_loaded_with_the_detail_after_a_search_are_undarkened_by_the_next_one(browser, patient_page):
    """lod.later: a searched node's links that the view's detail brings later are created darkened (nearKeys);
    highlighting another node (or none) must restore them as it restores the links held at the search."""
    page, _, errors = _open_wide(browser, patient_page, ready="rendered")
    hit = page.evaluate("() => kg.search('GRPO')")
    page.evaluate("() => { while (kg.loadView()) {} }")  # the quiet moment's waves, at once
    other = page.evaluate("""id => kg.visibleNodeIds().find(k => k !== id && !kg.visibleLinks().some(l => l.includes(k) && l.includes(id)))""", hit)
    page.evaluate("id => kg.select(id)", other)
    dark = page.evaluate("""([id, other]) => kg.edges.get().filter(e => (e.from === id || e.to === id) && e.from !== other && e.to !== other
        && ["#3e4c59", "#7b8794"].includes(e.color.color) && (e.id[0] === "c" || (e.font && e.font.size > 0))).map(e => e.id)""", [hit, other])
    assert dark == []
    assert not errors, errors
    page.context.close()
