import subprocess
import sys

from rdflib import RDF, Graph
from rdflib.namespace import OWL

from kg.graph import to_turtle
from kg.namespaces import KG
from kg.vocab import ontology_dir

from conftest import ROOT


def test_same_input_same_bytes_across_processes(tmp_path):
    outputs = []
    for seed in ("1", "4242"):
        out = tmp_path / seed
        subprocess.run([sys.executable, "-m", "kg", "build", str(ROOT / "seeds"), "--out", str(out)],
                       check=True, capture_output=True, env={"PYTHONHASHSEED": seed, "PATH": ""}, cwd=ROOT)
        outputs.append(((out / "graph.ttl").read_bytes(), (out / "graph.html").read_bytes()))
    assert outputs[0] == outputs[1]


def test_graph_uses_only_ontology_terms(seeds_graph):
    ontology = Graph().parse(ontology_dir() / "papers-kg.ttl")
    declared = set(ontology.subjects(RDF.type, OWL.Class)) | set(ontology.subjects(RDF.type, OWL.ObjectProperty)) \
        | set(ontology.subjects(RDF.type, OWL.DatatypeProperty))
    used = {p for p in seeds_graph.predicates() if str(p).startswith(str(KG))}
    used |= {o for o in seeds_graph.objects(None, RDF.type) if str(o).startswith(str(KG))}
    assert used and used <= declared, used - declared


def test_graph_conforms_to_shapes(seeds_graph):
    import pyshacl

    shapes = Graph().parse(ontology_dir() / "shapes.ttl")
    ontology = Graph().parse(ontology_dir() / "papers-kg.ttl")
    conforms, _, text = pyshacl.validate(seeds_graph, shacl_graph=shapes, ont_graph=ontology, inference="none")
    assert conforms, text


def test_turtle_round_trips(seeds_graph):
    again = Graph().parse(data=to_turtle(seeds_graph), format="turtle")
    assert len(again) == len(seeds_graph)
