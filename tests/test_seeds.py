"""The acceptance checks of issue 2, asked of the seed graph in SPARQL as a user would."""


from conftest import labels

GRPO_DIGESTS = """
SELECT (COUNT(DISTINCT ?d) AS ?n) WHERE { ?m a kg:Method ; rdfs:label "GRPO" ; kg:mentionedIn ?d . }"""
LINEAGE = """
SELECT DISTINCT ?label WHERE { ?root rdfs:label "GRPO" . ?m kg:extends+ ?root ; rdfs:label ?label . }"""
QWEN_PAPERS = """
SELECT DISTINCT ?paper ?d WHERE {
  ?family rdfs:label "Qwen2.5" . ?model kg:variantOf* ?family .
  ?paper kg:usesBaseModel ?model ; kg:describedIn ?d . }"""
AIME_PAPERS = """
SELECT DISTINCT ?paper WHERE { ?aime rdfs:label "AIME" . ?e kg:variantOf* ?aime . ?paper kg:evaluatedOn ?e . }"""
PAPERS_TITLED = """SELECT ?paper (COUNT(DISTINCT ?d) AS ?n) WHERE { ?paper a kg:Paper ; dcterms:title ?t ; kg:describedIn ?d . FILTER(?t = ?title) } GROUP BY ?paper"""


def test_grpo_is_one_method_in_at_least_three_digests(seeds_store):
    assert len(labels(seeds_store, 'SELECT ?m WHERE { ?m rdfs:label "GRPO" }')) == 1
    assert int(seeds_store.select(GRPO_DIGESTS).rows[0][0]) >= 3


def test_grpo_lineage_finds_its_variants(seeds_store):
    descendants = labels(seeds_store, LINEAGE)
    assert {"GRPO-RoC", "GRPO-GR", "ARPO"} <= set(descendants)
    assert "PPO" not in descendants and "GRPO" not in descendants


def test_qwen25_family_base_models(seeds_store):
    rows = seeds_store.select(QWEN_PAPERS).rows
    assert len({paper for paper, _ in rows}) >= 5
    assert len({digest for _, digest in rows}) >= 3


def test_qwen3_is_not_in_the_qwen25_family(seeds_store):
    members = labels(seeds_store, 'SELECT ?l WHERE { ?f rdfs:label "Qwen2.5" . ?m kg:variantOf+ ?f ; rdfs:label ?l }')
    assert "Qwen2.5-Math-7B" in members and "Qwen2.5-32B" in members
    assert not any(m.startswith("Qwen3") for m in members)


def test_aime_editions(seeds_store):
    assert len(labels(seeds_store, AIME_PAPERS)) >= 6
    editions = labels(seeds_store, 'SELECT ?l WHERE { ?a rdfs:label "AIME" . ?e kg:variantOf ?a ; rdfs:label ?l }')
    assert editions == ["AIME 2024", "AIME 2025"]
    aliases = labels(seeds_store, 'SELECT ?a WHERE { ?e rdfs:label "AIME 2025" ; skos:altLabel ?a }')
    assert "AIME25" in aliases


def test_papers_in_several_digests_are_one_node(seeds_store):
    from rdflib import Literal

    for title in ["The Value of RL in Fine-Tuning", "BitNet b1.58 2B4T", "Test-Time Reinforcement Learning",
                  "Reward Modeling as Reasoning", "The Leaderboard Illusion"]:
        rows = seeds_store.select(PAPERS_TITLED, {"title": Literal(title)}).rows
        assert len(rows) == 1, title
        assert int(rows[0][1]) == 2, title


def test_relations_carry_evidence_sentences(seeds_store):
    rows = list(seeds_store.select("""
        SELECT ?sentence ?file WHERE {
          ?paper dcterms:title "K2-Think" . ?model rdfs:label "Qwen2.5" .
          ?s rdf:subject ?paper ; rdf:predicate kg:usesBaseModel ; rdf:object ?model ; kg:evidence ?e .
          ?e kg:sentence ?sentence ; prov:wasDerivedFrom ?d . ?d kg:sourceFile ?file }""").rows)
    assert rows == [("A 32B-parameter system built on Qwen2.5 that rivals or beats far larger models on hard math by combining "
                      "long CoT SFT, RL with verifiable rewards, lightweight test-time scaffolding, and inference optimization.",
                      "003_f747a0457690f853.txt")]


def test_affiliations_and_comparisons(seeds_store):
    orgs = labels(seeds_store, 'SELECT ?l WHERE { ?p dcterms:title "The Leaderboard Illusion" ; kg:affiliation ?o . ?o rdfs:label ?l }')
    assert {"Cohere", "Princeton University", "University of Waterloo"} <= set(orgs)
    baselines = labels(seeds_store, 'SELECT ?l WHERE { ?p dcterms:title "Llama-Nemotron" ; kg:comparedWith ?m . ?m rdfs:label ?l }')
    assert "DeepSeek-R1" in baselines
    introduced = labels(seeds_store, 'SELECT ?l WHERE { ?p dcterms:title "Llama-Nemotron" ; kg:introduces ?m . ?m rdfs:label ?l }')
    assert {"Llama-Nemotron", "LN-Ultra"} <= set(introduced)
