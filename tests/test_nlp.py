"""The spaCy pipeline: tokens, sentences and proposed names, asserted on spans (no model download)."""

import pytest

from kg.ingest import PaperItem
from kg.lexicon import load_lexicon
from kg.nlp import annotate, build_nlp, name_strength, sentence_of, text_of
from kg.vocab import load_vocabulary


@pytest.fixture(scope="module")
def vocabulary():
    return load_vocabulary()


@pytest.fixture(scope="module")
def nlp(vocabulary):
    return build_nlp(vocabulary)


def test_pipeline_is_built_from_named_components(nlp):
    assert nlp.pipe_names == ["sentencizer", "line_breaks", "entity_ruler", "entity_ruler_any_case", "name_finder"]


def test_the_vocabulary_reaches_the_finder_outside_the_pipeline_config(nlp, vocabulary):
    """Thousands of names through spaCy's config were type-checked one by one each time a pipeline was made; the
    finder is given them once it exists, and knows every folded vocabulary name with its type and id."""
    from kg.vocab import fold

    assert set(nlp.config["components"]["name_finder"]) == {"factory", "lexicon"}
    finder = nlp.get_pipe("name_finder")
    entry = next(e for e in vocabulary.entries if e.id == "GRPO")
    assert fold("GRPO") in finder.known_names and finder.known_entries[fold("GRPO")] == [entry.type.value, "GRPO"]
    assert finder.not_entities == frozenset(vocabulary.not_entities) and finder.not_entities


def test_the_rulers_patterns_are_read_as_tokens_only(nlp):
    """Patterns go through the tokenizer alone (the components before a ruler are switched off while it reads
    them), and every component is on again afterwards."""
    assert nlp.disabled == []
    for name in ("entity_ruler", "entity_ruler_any_case"):
        ruler = nlp.get_pipe(name)
        longer = [doc for docs in ruler.phrase_patterns.values() for doc in docs if len(doc) > 1]
        assert longer and not any(doc.has_annotation("SENT_START") for doc in longer)  # the sentencizer never read them


def test_a_vocabulary_without_any_case_names_annotates_without_warnings(tmp_path):
    """The any-case ruler is left out when no known name needs it: an empty spaCy ruler warns on every text."""
    import json
    import warnings

    (tmp_path / "vocabulary.jsonl").write_text(json.dumps({"id": "Zorblax", "type": "Model", "aliases": [],
                                                           "variant_of": None}) + "\n")
    (tmp_path / "not-entities.txt").write_text("")
    small = load_vocabulary(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        [ann] = annotate(build_nlp(small), [PaperItem("t.txt", 1, "A title", "Zorblax beats the rest.")], small)
    assert "Zorblax" in {m.text for m in ann.mentions}


def test_the_sentence_and_text_lookups_agree_with_spacy(nlp):
    """sentence_of and text_of stand in for spaCy's token.sent and doc.text (which rescan the doc on every call):
    the same sentence for every token and span, the same text, after the line-break rule has moved boundaries."""
    doc = nlp("Zorvath tops QuxoBench.\nIt beats Blorf-7B; see Table 2. Then\n- a bullet with Zorb v2\nand more words")
    assert len(list(doc.sents)) >= 4
    for token in doc:
        assert (sentence_of(token).start, sentence_of(token).end) == (token.sent.start, token.sent.end)
    span = doc[3:6]
    assert (sentence_of(span).start, sentence_of(span).end) == (span.sent.start, span.sent.end)
    assert text_of(doc) == doc.text


@pytest.mark.parametrize("name", ["Qwen2.5-Math-7B", "GPT-4o", "o3-mini", "AIME25", "Llama-3.1-405B", "GRPO-RoC",
                                  "Reinforce++", "Qwen2.5-7B-Instruct-1M"])
def test_tokenizer_keeps_names_whole(nlp, name):
    assert [t.text for t in nlp.make_doc(f"We fine-tune {name}, then stop.")][2] == name


def test_tokenizer_splits_suffixes_and_lists(nlp):
    assert [t.text for t in nlp.make_doc("PPO-style training on GPTQ/AWQ")][:5] == ["PPO", "-style", "training", "on", "GPTQ"]
    assert [t.text for t in nlp.make_doc("DeepSeek’s R1.")] == ["DeepSeek", "’s", "R1", "."]


def test_an_abbreviations_period_ends_no_sentence(nlp):
    """tokenizer.abbreviation-period: the suffix rule that cuts a name's closing period ('R1.') cut 'U.S.' too, and
    the sentencizer then ended the sentence there: 'reconstructs U.S. SEC filings into Zorbdown' became two, the
    second opening with 'SEC' as if it were the item's subject."""
    doc = nlp("This release reconstructs U.S. SEC filings into Zorbdown. It also ships Zorb-OCR.")
    assert [s.text for s in doc.sents] == ["This release reconstructs U.S. SEC filings into Zorbdown.", "It also ships Zorb-OCR."]
    assert [t.text for t in nlp.make_doc("built by the U.K. AISI and E.U. labs")][3:8] == ["U.K.", "AISI", "and", "E.U.", "labs"]
    assert [t.text for t in nlp.make_doc("It beats Zorb-4 and GPT-4.")][-2:] == ["GPT-4", "."]


def test_an_abbreviation_that_ends_a_sentence_still_ends_it(nlp):
    """sentences.abbreviation-end: a period the tokenizer leaves on its word ('U.S.', 'Inc.') ends no sentence by
    itself, but a word that only ever opens one after it does ('sold in the U.S. It also ships' is two sentences);
    'U.S. SEC filings' and 'Zorb Inc. and Quxa Labs' stay one, as does 'e.g. the'."""
    doc = nlp("Zorbdown is sold in the U.S. It also ships Zorb-OCR.")
    assert [s.text for s in doc.sents] == ["Zorbdown is sold in the U.S.", "It also ships Zorb-OCR."]
    doc = nlp("It was built by Zorb Inc. The model beats Quxa-70B.")
    assert [s.text for s in doc.sents] == ["It was built by Zorb Inc.", "The model beats Quxa-70B."]
    for one in ("It reconstructs U.S. SEC filings into Zorbdown.", "It was built by Zorb Inc. and Quxa Labs.",
                "Agents, e.g. the ones tuned with FlorpRL, stall."):
        assert [s.text for s in nlp(one).sents] == [one]


def test_line_breaks_end_sentences(nlp):
    doc = nlp("Key highlights:\n● Fast RL – it works\nNext line here.")
    assert [s.text.strip() for s in doc.sents] == ["Key highlights:", "● Fast RL – it works", "Next line here."]


@pytest.mark.parametrize("text,strength", [("WebThinker", 2), ("GRPO", 2), ("Qwen2.5", 2), ("text-embedding-3-small", 2),
                                           ("Llama-Nemotron", 1), ("Softpick", 1), ("LLMs", 0), ("10-attempt", 0),
                                           ("384x384", 0), ("pass@1", 0), ("8B", 0), ("reasoning", 0)])
def test_name_strength(vocabulary, text, strength):
    assert name_strength(text, vocabulary.not_entities, load_lexicon()) == strength


def test_names_found_with_types_from_context(nlp, vocabulary):
    item = PaperItem("t.txt", 1, "Glorp", "We introduce Flimsy, a new optimizer, and report results on the Wubble benchmark. "
                     "It builds on Hierarchical Blorp Decoding (HBD) and outperforms Zonk-13B.")
    ann = next(annotate(nlp, [item], vocabulary))
    votes = {m.text: {v.type for v in m.votes} for m in ann.mentions}
    assert votes["Flimsy"] == {"Method"} and votes["Wubble"] == {"Benchmark"} and "Model" in votes["Zonk-13B"]
    assert [(a.short, a.long) for a in ann.acronyms] == [("HBD", "Hierarchical Blorp Decoding")]
    assert ann.system_names == ()  # a plain word the text never repeats or defines is not a system name


def test_acronym_defined_inside_one_pair_of_parentheses(nlp, vocabulary):
    item = PaperItem("t.txt", 1, "Plain Title Words", "Ensembling models (Mixture-of-Blorps, MoB) is popular. MoB helps.")
    ann = next(annotate(nlp, [item], vocabulary))
    assert [(a.short, a.long) for a in ann.acronyms] == [("MoB", "Mixture-of-Blorps")]
