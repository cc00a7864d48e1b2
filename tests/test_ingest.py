
import pytest

from kg.ingest import IngestError, collect_paths, read_digest, split_digest

from conftest import CORPUS, SEEDS


def titles(digest):
    return [item.title for item in digest.items]


def test_numbered_layout_drops_editorial_block():
    digest = read_digest(SEEDS / "000_29414c920c700738.txt")
    assert digest.layout == "numbered"
    assert digest.date_range == "May 5 - 11"
    assert titles(digest)[:3] == ["The Leaderboard Illusion", "Llama-Nemotron", "Absolute Zero"]
    assert len(digest.items) == 10
    nemotron = digest.items[1].body
    assert "AGENTS30" not in nemotron and "live course" not in nemotron
    assert nemotron.rstrip().endswith("open research in reasoning models.")


def test_headline_layout_skips_header_and_tagline():
    digest = read_digest(SEEDS / "001_9b9fd36e91e09e38.txt")
    assert digest.layout == "headlines"
    assert titles(digest)[0] == "Spurios Rewards"
    assert "Every paper worth reading" not in " ".join(titles(digest))
    assert "DAPO: An Open-Source LLM Reinforcement Learning System at Scale" in titles(digest)
    assert len(digest.items) == 24


def test_blog_layout_reads_affiliations_and_skips_industry_news():
    digest = read_digest(SEEDS / "004_738e6675cf2aef29.txt")
    assert digest.layout == "blog"
    assert titles(digest) == [
        "The Leaderboard Illusion",
        "Phi-4-reasoning Technical Report",
        "Softpick: No Attention Sink, No Massive Activations with Rectified Softmax",
    ]
    assert digest.items[0].affiliations[:2] == ("Cohere", "Princeton University")
    assert digest.items[1].affiliations == ("Microsoft",)
    assert all("OLMo 2 1B" not in item.body for item in digest.items)  # industry one-liner, not a paper


def test_numbered_lists_inside_an_item_are_not_items():
    text = "Top AI Papers of the Week (Jan 1 - 7)\n1. Alpha Net\nIt does:\n1. first thing is long enough.\n2. Beta Model\nbody\n"
    digest = split_digest("x.txt", text)
    assert titles(digest) == ["Alpha Net", "Beta Model"]


def test_run_on_titles_are_split_from_their_descriptions():
    # As in the source of one real week: two numbered titles run straight into their descriptions.
    text = ("Top AI Papers of the Week (Jan 1 - 7)\n1. Plain First Paper\nIt studies things.\n"
            "2. Zeta Memory Systems for Tiny Agents in Robots Introduces a small scheduler for agents, built on queues\n"
            "and more on the next line.\n"
            "3. Quiet Graph Planners with Sparse Rewards This paper presents a planner that works on graphs.\nMore text.\n"
            "4. Last Paper\nIts body.\n")
    digest = split_digest("x.txt", text)
    assert titles(digest) == ["Plain First Paper", "Zeta Memory Systems for Tiny Agents in Robots",
                              "Quiet Graph Planners with Sparse Rewards", "Last Paper"]
    assert digest.items[1].body == "Introduces a small scheduler for agents, built on queues\nand more on the next line."
    assert digest.items[2].body.startswith("This paper presents a planner")


def test_a_subtitle_is_not_a_description():
    text = ("Top AI Papers of the Week (Jan 1 - 7)\n1. Gamma: Towards better reasoning with small language models at scale\n"
            "It does things.\n2. Delta-Net: a simple and strong baseline for dense retrieval\nMore.\n")
    assert titles(split_digest("x.txt", text)) == ["Gamma: Towards better reasoning with small language models at scale",
                                                   "Delta-Net: a simple and strong baseline for dense retrieval"]


def test_a_very_long_title_keeps_its_item_and_is_cut_at_a_word():
    words = " ".join(f"word{n}" for n in range(800))  # about 5,000 characters, no visible end of title
    text = f"Top AI Papers of the Week (Jan 1 - 7)\n1. {words}\nIts description.\n2. Plain Second Paper\nAnother one.\n"
    digest = split_digest("x.txt", text)
    assert len(words) > 5000
    assert titles(digest)[1] == "Plain Second Paper"
    first = digest.items[0]
    assert len(first.title) <= 200 and first.title.startswith("word0 word1 ") and not first.title.endswith(" ")
    assert (first.title + " " + first.body).startswith(words)  # nothing lost: the rest of the title opens the body
    assert first.body.endswith("Its description.")


def test_numbered_sentences_inside_an_item_do_not_take_the_items_place():
    text = ("Top AI Papers of the Week (Jan 1 - 7)\n1. Alpha Net\nIt does:\n1. first thing.\n"
            "2. second thing is described here at some length.\n3. third.\n2. Beta Model\nbody text here.\n"
            "3. Gamma Model\nmore text.\n")
    digest = split_digest("x.txt", text)
    assert titles(digest) == ["Alpha Net", "Beta Model", "Gamma Model"]
    assert "2. second thing" in digest.items[0].body


def test_title_small_words_are_data():
    from kg.ingest import title_small_words

    assert {"for", "in", "of", "with", "a", "the"} <= title_small_words()


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared corpus not present")
def test_corpus_digests_all_have_ten_items():
    for path in sorted(CORPUS.glob("*.txt")):
        digest = read_digest(path)
        assert len(digest.items) == 10, path.name
        assert digest.date == path.stem.replace("dair-", "")


def test_bad_inputs_give_one_line_errors(tmp_path):
    with pytest.raises(IngestError, match="no such file"):
        collect_paths([tmp_path / "missing.txt"])
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    with pytest.raises(IngestError, match="not a digest"):
        collect_paths([tmp_path / "image.png"])
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x80\x81\x00bad")  # not UTF-8, and no byte-order mark of UTF-16
    with pytest.raises(IngestError, match="UTF-8"):
        read_digest(bad)
    empty = tmp_path / "empty.md"
    empty.write_text("")
    with pytest.raises(IngestError, match="no numbered or headlined paper items with a description"):
        read_digest(empty)


def test_html_and_markdown_leftovers_are_cleaned():
    text = ("<html><body><h1>Top AI Papers of the Week (Jan 1 - 7)</h1>\n1. **Zorblax-7B**\n"
            "A new [model](http://example.org/x) &amp; <b>framework</b> built on Qwen2.5.\n2. Second One\nText here.\n</body></html>")
    digest = split_digest("h.md", text)
    assert titles(digest) == ["Zorblax-7B", "Second One"]
    assert digest.items[0].body == "A new model & framework built on Qwen2.5."


DATED = ("Top AI Papers of the Week\nWeek of May 5, 2025\n1. Some Paper Title\n"
         "SomeNet is a new method that beats GPT-4o on MMLU and on two other benchmarks.\n"
         "2. Another Paper Title\nOtherNet is a small model trained with GRPO on competition math problems.\n")


def test_digest_week_from_file_name_then_header_then_given_date():
    assert split_digest("dair-2024-01-07.txt", DATED, "2020-01-01").date == "2024-01-07"  # the file name first
    assert split_digest("week.txt", DATED, "2020-01-01").date == "2025-05-05"  # then a dated header line
    undated = DATED.replace("Week of May 5, 2025\n", "")
    assert split_digest("week.txt", undated, "2020-01-01").date == "2020-01-01"  # then the date given
    assert split_digest("week.txt", undated).date is None
    assert split_digest("week.txt", DATED.replace("May 5, 2025", "May 35, 2025")).date is None  # no such day


def test_kg_add_date_reaches_the_graph_and_bad_dates_are_refused(tmp_path):
    from rdflib.namespace import DCTERMS
    from typer.testing import CliRunner

    from kg.cli import app
    from kg.pipeline import build

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "week.txt").write_text(DATED.replace("Week of May 5, 2025\n", ""), encoding="utf-8")
    graph = build([tmp_path / "in"], default_date="2025-03-02").graph
    assert [str(d) for d in graph.objects(None, DCTERMS.date)] == ["2025-03-02"]
    result = CliRunner().invoke(app, ["add", str(tmp_path / "in"), "--store", str(tmp_path / "store"), "--date", "2025-13-01"])
    assert result.exit_code == 1 and "not a date" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "store").exists()


def test_a_date_given_to_kg_add_survives_later_adds(tmp_path):
    """A store re-reads every stored digest on each add; a date given by --date lives only in its graph."""
    from typer.testing import CliRunner

    from kg.cli import app
    from kg.store import open_store

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "week.txt").write_text(DATED.replace("Week of May 5, 2025\n", ""), encoding="utf-8")
    (tmp_path / "b" / "other.txt").write_text(DATED.replace("Week of May 5, 2025\n", "").replace("SomeNet", "QuennetNet").replace("Some Paper", "Third Paper"),
                                             encoding="utf-8")
    store_dir = str(tmp_path / "store")
    first = CliRunner().invoke(app, ["add", str(tmp_path / "a"), "--store", store_dir, "--date", "2025-03-02"])
    assert first.exit_code == 0, first.output
    second = CliRunner().invoke(app, ["add", str(tmp_path / "b"), "--store", store_dir])
    assert second.exit_code == 0, second.output
    store = open_store(store=tmp_path / "store")
    rows = store.select("SELECT ?f ?date WHERE { ?d kg:sourceFile ?f OPTIONAL { ?d dcterms:date ?date } } ORDER BY ?f").rows
    assert [tuple(r) for r in rows] == [("other.txt", ""), ("week.txt", "2025-03-02")]
