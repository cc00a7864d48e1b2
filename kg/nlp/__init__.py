"""Stage 2: find mentions of methods, models, benchmarks and organizations.

One spaCy ``Language`` (``build_nlp``) does the token work: a tokenizer that
keeps names such as ``Qwen2.5-Math-7B`` whole, sentences that also end at line
breaks, an ``entity_ruler`` loaded from the vocabulary, and ``name_finder``, a
component that proposes names the vocabulary does not know from their shape
and context. ``annotate`` turns each paper item into plain ``Mention`` records
carrying type votes; choosing one type per entity is the linker's job, since
it sees every mention of a name across all digests.

The modules, in the order a doc meets them:

- ``records``: the plain records this stage hands on (``Mention``, ``AcronymDefinition``, ``AnnotatedItem``).
- ``shapes``: what a name alone says (its strength as a name, the type its shape suggests, shapes that are
  never names).
- ``language``: the spaCy pipeline (tokenizer rules, line breaks, the vocabulary's rulers, the name finder).
- ``docs``: per-doc look-ups the rules share (a token's sentence, the doc's text).
- ``finder``: ``NameFinder``, which proposes and widens names the vocabulary does not know.
- ``context``: what the words around a name say of its type (the named context rules).
- ``annotate``: from a doc to ``Mention`` records, with the filters that drop what is no entity, helped by
  ``releases`` (editions and versions written elliptically), ``acronyms`` (definitions and expansions) and
  ``titles`` (the paper's own system named by its title).
"""

from .acronyms import type_from_expansion
from .annotate import annotate, pipeline_lexicon
from .context import DEFINING_RULES, SUPPORTING_RULES, context_votes
from .docs import sentence_of, text_of
from .language import build_nlp
from .records import ENTITY_LABELS, AcronymDefinition, AnnotatedItem, Mention
from .shapes import SHAPE_RULES, SIZE_TOKEN, VERSION_TOKEN, name_strength, not_a_name, shape_votes

__all__ = [
    "DEFINING_RULES",
    "ENTITY_LABELS",
    "SHAPE_RULES",
    "SIZE_TOKEN",
    "SUPPORTING_RULES",
    "VERSION_TOKEN",
    "AcronymDefinition",
    "AnnotatedItem",
    "Mention",
    "annotate",
    "build_nlp",
    "context_votes",
    "name_strength",
    "not_a_name",
    "pipeline_lexicon",
    "sentence_of",
    "shape_votes",
    "text_of",
    "type_from_expansion",
]
