"""The page's reading of the graph (kg/facts.py), its communities, and the build's stage clock."""

from collections import defaultdict

from kg.facts import GraphFacts
from kg.graph import to_turtle
from kg.html import _communities, graph_data, render_page
from kg.namespaces import KG, RES
from kg.pipeline import StageClock, build

from conftest import SEEDS


def test_the_page_from_turtle_is_the_page_from_the_graph(seeds_graph):
    """A build renders its page from the Turtle it wrote (Oxigraph); `kg viz` from an rdflib graph: same bytes."""
    facts = GraphFacts.from_turtle(to_turtle(seeds_graph))
    assert facts.pairs.keys() == GraphFacts.from_graph(seeds_graph).pairs.keys()
    assert render_page(facts) == render_page(seeds_graph)
    grpo = str(RES["method/grpo"])
    assert render_page(facts, focus=grpo, types={"Method", "Model"}) == render_page(seeds_graph, focus=grpo, types={"Method", "Model"})


def test_facts_hold_what_the_graph_says(seeds_graph):
    facts = GraphFacts.from_turtle(to_turtle(seeds_graph))
    digests = facts.subjects_of_type(KG.Digest)
    assert len(digests) == len(set(seeds_graph.subjects(predicate=None, object=KG.Digest)))
    assert facts.first(KG.sourceFile)[digests[0]].endswith(".txt")
    assert "GRPO" in facts.first("http://www.w3.org/2000/01/rdf-schema#label").values()
    assert not facts.subject_objects(KG.supportDigests)  # not read: the page does not show it


def test_every_member_of_a_community_is_linked_inside_it(seeds_graph):
    """The communities are Louvain's: groups of linked entities, each named after its most important member."""
    data = graph_data(seeds_graph)
    communities = _communities(data)
    assert communities and all(c["size"] > 1 for c in communities)
    members = defaultdict(set)
    for node in data["nodes"]:
        if "c" in node:
            members[node["c"]].add(node["id"])
    assert [len(members[i]) for i in range(len(communities))] == [c["size"] for c in communities]
    links = defaultdict(set)
    for a, b, _, _ in data["cooc"]:
        links[a].add(b)
        links[b].add(a)
    for e in data["edges"]:
        links[e["from"]].add(e["to"])
        links[e["to"]].add(e["from"])
    for number, group in members.items():
        assert all(links[i] & group for i in group), communities[number]["name"]
        lead = communities[number]["lead"]
        assert data["nodes"][lead]["rank"] == min(data["nodes"][i]["rank"] for i in group)
    assert _communities(graph_data(seeds_graph)) == communities  # seeded: the same map gives the same groups


def test_the_stage_clock_times_every_stage_and_changes_nothing(seeds_graph):
    clock = StageClock()
    result = build([SEEDS], clock=clock)
    assert set(clock.seconds) == set(clock.cpu_seconds) == {"ingest", "nlp", "link", "relations", "graph"}
    assert all(s >= 0 for s in clock.seconds.values()) and clock.cpu_seconds["nlp"] > 0
    assert to_turtle(result.graph) == to_turtle(seeds_graph)
