"""Per-doc look-ups the rules share, computed once per doc and kept in ``doc.user_data``.
"""

from __future__ import annotations

from bisect import bisect_right

from spacy.tokens import Doc, Span, Token

RELEASE_BRANDS = "release_brands"  # doc.user_data key: the plain words an item numbers as model releases ('Zorbo' of 'Zorbo 3.5')
KNOWN_FOLDS = "known_folds"  # doc.user_data: starts of the names name.known-fold took for vocabulary entries


TEXT = "text"  # doc.user_data key: the doc's text (spaCy joins every token again on each doc.text)


SENTENCES = "sentences"  # doc.user_data key: the doc's sentences and their first tokens, once its boundaries are final


def sentence_of(where: Token | Span) -> Span:
    """The sentence a token (or a span's first token) is in: spaCy's `.sent` walks the doc's sentences from
    the first on every call, and the rules ask it tens of times per name (most of a build's time)."""
    doc = where.doc
    if SENTENCES not in doc.user_data:  # first asked by the name finder, after the sentencizer and line breaks
        sentences = list(doc.sents)
        doc.user_data[SENTENCES] = (sentences, [s.start for s in sentences])
    sentences, starts = doc.user_data[SENTENCES]
    return sentences[bisect_right(starts, where.i if isinstance(where, Token) else where.start) - 1]


def text_of(doc: Doc) -> str:
    """doc.text, joined once: spaCy joins every token's text again on each call, and the rules slice it per name."""
    if TEXT not in doc.user_data:
        doc.user_data[TEXT] = doc.text
    return doc.user_data[TEXT]
