"""Stage 4: relations between papers and entities, and method lineage.

Each relation is decided from the sentence that carries it: a cue word near
the mention says whether a model is the base of the paper's system ("built
upon", "trained from a X base", "applied to") or a baseline ("outperforms"),
whether a method is used ("using", "with") or extended ("a variant of",
"X-style", a name such as GRPO-RoC). Every relation keeps each sentence that
states it, so the graph can say how many digests and sentences support it.

The modules, from the ground up:

- ``records``: what the stage hands on (``Relation``, its ``Evidence`` and ``RuleHit``) and what the rules read
  (``MentionContext``).
- ``sentences``: the text around a mention as the rules read it (where a name is written whole, what stands
  before and after it).
- ``models``: a paper's relation to a model it names (base model, compared model, or neither).
- ``kinds``: the other relation rules (benchmarks reported on, methods used, organisations behind the work) and
  ``RELATION_RULES``, one per entity type.
- ``introductions``: what the paper itself introduces, and by which named rule.
- ``lineage``: extends, stated by the text and read from names.
- ``extract``: ``extract_relations``, which runs them item by item over a linked corpus.
"""

from .extract import extract_relations
from .kinds import RELATION_RULES
from .records import BY_NAME_RULE, Evidence, MentionContext, Relation, RuleHit, RuleResult, Triple

__all__ = ["BY_NAME_RULE", "RELATION_RULES", "Evidence", "MentionContext", "Relation", "RuleHit", "RuleResult", "Triple",
           "extract_relations"]
