"""Input that broke the build or lost data (issue 10): user text in regular expressions, titles in any
script, very long items, deep lineage, inputs that are not digests."""

import string

import pyoxigraph as ox
from conftest import write_digest
from rdflib import URIRef
from rdflib.namespace import DCTERMS, RDF

from kg.link import paper_key
from kg.namespaces import KG
from kg.pipeline import build, to_turtle

HEADER = "Top AI Papers of the Week (Jan 1 - 7)\n"


def _papers(graph) -> dict[str, URIRef]:
    return {str(graph.value(p, DCTERMS.title)): p for p in graph.subjects(RDF.type, KG.Paper)}


def test_every_ascii_punctuation_in_titles_names_and_acronyms_builds(tmp_path):
    # "System 2 Attention (S2A)" made a regular expression of the title's initials ('S2A(') and
    # stopped the whole build; every punctuation character goes into a title's initials, an
    # acronym, a model name, a method name and an organization here.
    items = []
    for n, c in enumerate(string.punctuation, start=1):
        items.append(
            f"{n}. Alpha {c}Beta{n} Gamma (AB{c}G{n})\n"
            f"Proposes Zorb{c}PO{n}, a method by Quill{c}Labs that fine-tunes Nova{c}{n}-7B and reports "
            f"Bench{c}QA{n}; Delta Echo Foxtrot (DE{c}F) beats GPT-4o.\n"
        )
    write_digest(tmp_path, "punct.txt", HEADER + "".join(items))
    result = build([tmp_path])
    assert len(result.corpus.digests[0].items) == len(string.punctuation)
    assert len(result.graph) > 0
    titles = set(_papers(result.graph))
    assert "Alpha (Beta8 Gamma (AB(G8)" in titles  # '(' is the 8th ASCII punctuation character


def test_titles_in_any_script_are_distinct_stable_papers(tmp_path):
    names = ["深度推理模型", "强化学习的新方法", "Ωμέγα", "🚀🚀", "✨✨"]
    body = "This work proposes a new approach to reasoning and reports strong results on several tasks."
    text = HEADER + "".join(f"{n}. {name}\n{body}\n" for n, name in enumerate(names, start=1))
    write_digest(tmp_path, "scripts.txt", text)
    first = _papers(build([tmp_path]).graph)
    assert sorted(first) == sorted(names)
    assert len(set(first.values())) == len(names)  # five papers, five IRIs
    assert first["深度推理模型"].endswith("/paper/深度推理模型")
    assert first["Ωμέγα"].endswith("/paper/ωμέγα")
    assert all(iri.rsplit("/", 1)[-1] for iri in first.values())
    assert _papers(build([tmp_path]).graph) == first  # stable from build to build
    # Every IRI is one Oxigraph accepts, and the Turtle reads back.
    for iri in first.values():
        ox.NamedNode(str(iri))
    assert len(list(ox.parse(to_turtle(build([tmp_path]).graph), format=ox.RdfFormat.TURTLE))) > 0


def test_ascii_titles_keep_their_keys():
    assert paper_key("DAPO: An Open-Source LLM Reinforcement Learning System at Scale") == (
        "dapo-an-open-source-llm-reinforcement-learning-system-at-scale")
    assert paper_key("Teaching MLLMs to Think with Images") == "teaching-mllms-to-think-with-images"
    assert paper_key("It’s RL!") == "it-s-rl"
    assert paper_key("δ-mem") != paper_key("mem")  # a letter outside ASCII is not dropped
