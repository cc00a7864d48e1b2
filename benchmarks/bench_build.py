"""How much does the whole pipeline cost over reading the text? kg build vs the bare spaCy tokenizer.

Baseline: spacy.blank("en") tokenizing every paper item of the corpus. Measured: the full build
(ingest, nlp, link, relations, RDF graph, Turtle). Prints the ratio and words per second.
"""

import spacy

from _common import best_of, corpus
from kg.graph import to_turtle
from kg.ingest import collect_paths, read_digest
from kg.pipeline import build


def main() -> None:
    paths = collect_paths([corpus()])
    texts = [f"{i.title}\n{i.body}" for p in paths for i in read_digest(p).items]
    words = sum(len(t.split()) for t in texts)
    blank = spacy.blank("en")
    tokenize = best_of(lambda: [blank(t) for t in texts], 3)
    full = best_of(lambda: to_turtle(build([corpus()]).graph), 3)
    print(f"{len(paths)} digests, {len(texts)} items, {words} words")
    print(f"full build / bare tokenizer = {full / tokenize:.1f}x   ({words / full:,.0f} words/s end to end)")


if __name__ == "__main__":
    main()
