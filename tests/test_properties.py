"""Property-based tests (hypothesis): whatever text comes in, ingest and build either give a result or
raise the one-line IngestError, never another exception.

Examples are bounded and derandomized, so the suite stays deterministic and this file runs in seconds.
"""

from __future__ import annotations

import string
import tempfile
from pathlib import Path

import pyoxigraph as ox
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.graph import to_turtle
from kg.html import render_page
from kg.ingest import IngestError, read_digest, split_digest
from kg.pipeline import build

FAST = settings(max_examples=150, deadline=None, derandomize=True, database=None)
SHAPED = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(max_examples=20, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Any character a file can hold (no lone surrogates: they cannot be encoded).
ANY_CHAR = st.characters(codec="utf-8")
# Name-like tokens with the punctuation, digits and capitals that drive the name finder and the linker.
NAME = st.builds(
    lambda head, sep, tail: f"{head}{sep}{tail}",
    st.text(alphabet=string.ascii_letters + "ΩμδΣ深度", min_size=1, max_size=8),
    st.sampled_from([*list(string.punctuation), "", " ", "-", "2.5-", "-7B"]),
    st.text(alphabet=string.ascii_uppercase + string.digits + string.punctuation, max_size=6),
)
PLAIN = st.sampled_from(["the", "a", "model", "uses", "GRPO", "on", "AIME", "Qwen2.5-7B", "introduces", "with",
                         "outperforms", "based", "extends", "reasoning", "benchmark", "new", "method", "agents"])
PRINTABLE = st.text(alphabet=st.characters(codec="utf-8", categories=["L", "M", "N", "P", "S"]), min_size=1, max_size=10)
RANDOM = st.text(alphabet=ANY_CHAR, min_size=1, max_size=10)  # control characters, line breaks, anything
# Mostly prose, so that many documents pass as digests and go on through the whole pipeline.
WORD = st.one_of(PLAIN, PLAIN, PLAIN, PLAIN, PLAIN, NAME, PRINTABLE, PRINTABLE, RANDOM)
SENTENCE = st.lists(WORD, min_size=3, max_size=25).map(" ".join)
# Short titles of capitalised words, the kind the name finder reads as a system's name and abbreviates.
CAPITALISED = st.sampled_from(["System", "2", "Attention", "(S2A)", "Zorb+", "[X]", "Net*", "Alpha", "Beta?", "C++", "{Q}"])
TITLE = st.one_of(
    st.lists(CAPITALISED, min_size=2, max_size=4).map(" ".join),
    st.builds(lambda first, rest: " ".join([first, *rest]),
              st.sampled_from(["Zorblax", "Learning", "DAPO:", "Ωμέγα", "深度推理模型", "System", "rStar2-Agent", "(S2A)"]),
              st.lists(st.one_of(PLAIN, NAME), max_size=6)),
    st.text(alphabet=ANY_CHAR, min_size=1, max_size=40),
)


@st.composite
def digest_shaped(draw) -> str:
    """A document laid out like a digest: maybe a header, then numbered or headline items with prose."""
    numbered = draw(st.booleans())
    parts = [draw(st.sampled_from(["Top AI Papers of the Week (Jan 1 - 7)", "AI Papers of the Week", ""]))]
    for n in range(1, draw(st.integers(min_value=2, max_value=6)) + 1):
        title = draw(TITLE)
        parts.append(f"{n}. {title}" if numbered else title)
        parts.append(" ".join(draw(st.lists(SENTENCE, min_size=1, max_size=3))) + draw(st.sampled_from([".", "", ":"])))
    return draw(st.sampled_from(["\n", "\r\n", "\n\n"])).join(parts) + "\n"


@FAST
@given(st.text(alphabet=ANY_CHAR, max_size=400))
def test_any_text_is_split_or_refused(text):
    try:
        digest = split_digest("any.txt", text)
    except IngestError as err:
        assert "\n" not in str(err)
        return
    assert digest.items and all(item.title and len(item.title) <= 200 for item in digest.items)


@FAST
@given(st.binary(max_size=400))
def test_any_bytes_are_read_or_refused(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.txt"
        path.write_bytes(data)
        try:
            read_digest(path)
        except IngestError as err:
            assert "\n" not in str(err)


@SHAPED
@given(digest_shaped())
def test_digest_shaped_text_is_split_or_refused(text):
    try:
        split_digest("shaped.txt", text)
    except IngestError as err:
        assert "\n" not in str(err)


@SLOW
@given(st.one_of(digest_shaped(), st.text(alphabet=ANY_CHAR, max_size=300)))
def test_build_gives_a_graph_or_a_one_line_error(text):
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "week.txt").write_text(text, encoding="utf-8")
        try:
            result = build([Path(folder)])
        except IngestError as err:
            assert "\n" not in str(err)
            return
    turtle = to_turtle(result.graph)
    assert len(list(ox.parse(turtle, format=ox.RdfFormat.TURTLE))) == len(result.graph)  # every IRI and literal valid
    assert "<html" in render_page(result.graph, title="papers-kg")


# The whole-name reading of relations.whole-name as the regex it was written as before it became two character
# tests (issue 15: a pattern per distinct name overflowed re's cache); the fast reading must find the same places.
def _name_spots_by_regex(sentence: str, surface: str) -> list[int]:
    import re

    whole = [m.start() for m in re.finditer(r"(?<![\w-])" + re.escape(surface) + r"(?![^\W_]|-[A-Z0-9])", sentence)]
    return whole or [i for i in range(len(sentence)) if sentence.startswith(surface, i)]


NAME_CHARS = st.sampled_from(list("Zb7-_ .é9A"))


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(st.data())
def test_name_spots_are_the_whole_name_regex_places(data):
    from kg.relations.sentences import name_spots

    surface = data.draw(st.text(alphabet=NAME_CHARS, min_size=1, max_size=3))
    # the name itself among the pieces, so that it is written, and written next to what may or may not end it
    sentence = "".join(data.draw(st.lists(st.one_of(st.just(surface), NAME_CHARS), max_size=10)))
    assert name_spots(sentence, surface) == _name_spots_by_regex(sentence, surface)
