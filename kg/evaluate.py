"""Score extraction against hand annotations (``../shared/gold/GUIDELINES.md``, DESIGN section 4).

Entities are scored per digest: a predicted entity matches a gold one when its
label or an alias equals the gold id or an alias after folding, with the same
type. Relations are (paper, relation, entity) triples, a paper described in
several digests counted once. ``extends`` and ``variantOf`` are scored as pairs.
All figures are micro-averaged.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .ingest import collect_paths
from .link import LinkedCorpus, paper_key
from .namespaces import EntityType, Predicate
from .pipeline import BuildResult, build
from .vocab import fold, load_vocabulary

GOLD_RELATIONS = {  # GUIDELINES field -> the relation it annotates
    "introduces": Predicate.INTRODUCES,
    "uses_method": Predicate.USES_METHOD,
    "base_model": Predicate.USES_BASE_MODEL,
    "evaluated_on": Predicate.EVALUATED_ON,
    "compared_with": Predicate.COMPARED_WITH,
    "organizations": Predicate.AFFILIATION,
}


class GoldError(ValueError):
    """The gold file cannot be read; one line for the user."""


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    misses: list[str] = field(default_factory=list)
    false_positives: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, predicted: set, gold: set, label: str = "") -> None:
        self.tp += len(predicted & gold)
        self.fp += len(predicted - gold)
        self.fn += len(gold - predicted)
        prefix = f"{label}: " if label else ""
        self.misses += [prefix + _show(x) for x in sorted(gold - predicted, key=str)]
        self.false_positives += [prefix + _show(x) for x in sorted(predicted - gold, key=str)]

    def as_dict(self, verbose: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"precision": round(self.precision, 4), "recall": round(self.recall, 4), "f1": round(self.f1, 4),
               "tp": self.tp, "fp": self.fp, "fn": self.fn}
        if verbose:
            out["misses"], out["false_positives"] = self.misses, self.false_positives
        return out


def _show(value) -> str:
    return " | ".join(value) if isinstance(value, tuple) else str(value)


@dataclass
class Report:
    entities: Score
    entities_by_digest: dict[str, Score]
    relations: Score
    relations_by_kind: dict[str, Score]
    extends: Score
    variant_of: Score

    def rows(self) -> list[tuple[str, str, Score]]:
        """(score, part, figures) in the order a table shows them: each total, then its parts (digests for
        entities, kinds for relations); a total's part is ''."""
        rows = [("entities", "", self.entities)] + [("entities", k, v) for k, v in sorted(self.entities_by_digest.items())]
        rows += [("relations", "", self.relations)] + [("relations", k, v) for k, v in sorted(self.relations_by_kind.items())]
        return [*rows, ("extends", "", self.extends), ("variantOf", "", self.variant_of)]

    def as_dict(self, verbose: bool = False) -> dict:
        return {
            "entities": self.entities.as_dict(verbose),
            "entities_by_digest": {k: v.as_dict() for k, v in sorted(self.entities_by_digest.items())},
            "relations": self.relations.as_dict(verbose),
            "relations_by_kind": {k: v.as_dict(verbose) for k, v in sorted(self.relations_by_kind.items())},
            "extends": self.extends.as_dict(verbose),
            "variantOf": self.variant_of.as_dict(verbose),
        }


def load_gold(path: Path) -> dict:
    if not path.is_file():
        raise GoldError(f"gold file not found: {path} (give one with --gold FILE; its format: gold/GUIDELINES.md)")
    try:
        gold = json.loads(path.read_text(encoding="utf-8"))
        gold["digests"][0]["entities"]
    except (OSError, ValueError, KeyError, IndexError, TypeError) as err:
        raise GoldError(f"{path}: not a gold file in the GUIDELINES format ({type(err).__name__})") from None
    return gold


def gold_entity_names(gold: dict) -> set[str]:
    return {n for d in gold["digests"] for e in d["entities"] for n in (e["id"], *e.get("aliases", ()))}


class _GoldIndex:
    """Maps a folded name to the gold ids (with type) it can stand for."""

    def __init__(self, gold: dict):
        self.names: dict[str, set[tuple[str, str]]] = defaultdict(set)
        self.targets: dict[str, str] = {}
        for digest in gold["digests"]:
            for e in digest["entities"]:
                for name in (e["id"], *e.get("aliases", ())):
                    self.names[fold(name)].add((e["id"], e["type"]))
                # Families and parents named only as a target still count as ids ('IOI' of 'IOI 2024'), also where
                # another entity of another type goes by the same name ('Zorbix' of Zorbix-7B, 'Zorbix' the lab).
                for target in [e.get("variant_of"), *e.get("extends", ())]:
                    if target:
                        self.targets.setdefault(fold(target), target)

    def ids(self, names: set[str], kind: str | None = None) -> set[str]:
        found = set()
        for name in names:
            for gid, gtype in self.names.get(fold(name), ()):
                if kind is None or gtype == kind:
                    found.add(gid)
        return found


def _gold_ids(corpus: LinkedCorpus, gold: dict) -> Callable[..., str]:
    """The gold id an entity is scored as (given the type it is scored under), or '?label' for none."""
    index = _GoldIndex(gold)
    names = {k: {e.label, *e.aliases} for k, e in corpus.entities.items()}

    def gold_id(key: str, kind: str | None = None) -> str:
        entity = corpus.entities[key]
        # A gold id of the entity's own type first, so that a lab called by its family's name ('Zorbix' for the
        # Zorbix Team) never stands in for the family; any type only where the gold types it otherwise.
        ids = sorted(index.ids(names[key], kind or entity.type))
        if not ids and fold(entity.label) in index.targets:
            return index.targets[fold(entity.label)]
        if not ids and kind is None:
            ids = sorted(index.ids(names[key]))
        return ids[0] if ids else f"?{entity.label}"

    return gold_id


def entity_gold_types(corpus: LinkedCorpus, gold: dict) -> dict[tuple[str, str], frozenset[EntityType]]:
    """For each entity and each annotated digest it is in, the types under which ``evaluate`` would count it a
    true positive there; empty when it is not an entity of that digest (the labels benchmarks/fit_weights.py fits)."""
    gold_id = _gold_ids(corpus, gold)
    gold_sets = {d["digest"]: {(e["id"], e["type"]) for e in d["entities"]} for d in gold["digests"]}
    return {
        (key, digest): frozenset(t for t in EntityType if (gold_id(key, t), t) in gold_sets[digest])
        for key, entity in sorted(corpus.entities.items()) for digest in sorted(entity.digests & gold_sets.keys())
    }


def evaluate(result: BuildResult, gold: dict) -> Report:
    corpus = result.corpus
    gold_id = _gold_ids(corpus, gold)

    digests_present = {d.source_file for d in corpus.digests}
    entities, by_digest = Score(), {}
    for digest in gold["digests"]:
        name = digest["digest"]
        if name not in digests_present:
            continue
        gold_set = {(e["id"], e["type"]) for e in digest["entities"]}
        predicted = {(gold_id(k, e.type), e.type) for k, e in corpus.entities.items() if name in e.digests}
        score = Score()
        score.add(predicted, gold_set, name)
        by_digest[name] = score
        entities.add(predicted, gold_set, name)

    relations, by_kind = Score(), defaultdict[str, Score](Score)
    gold_papers: dict[str, str] = {}
    gold_triples: dict[str, set] = defaultdict(set)
    for digest in gold["digests"]:
        if digest["digest"] not in digests_present:
            continue
        for paper in digest["papers"]:
            key = paper_key(paper["title"])
            for alias in paper.get("title_aliases", ()):
                gold_papers.setdefault(paper_key(alias), key)
            gold_papers[key] = key
            for field_name, relation_name in GOLD_RELATIONS.items():
                for entity_id in paper.get(field_name, ()):
                    gold_triples[relation_name].add((key, entity_id))
    predicted_triples: dict[str, set] = defaultdict(set)
    for relation in result.relations:
        if relation.predicate == Predicate.EXTENDS:
            continue
        paper = gold_papers.get(relation.subject, relation.subject)
        predicted_triples[relation.predicate].add((paper, gold_id(relation.object)))
    for predicate in sorted(set(gold_triples) | set(predicted_triples)):
        by_kind[predicate].add(predicted_triples[predicate], gold_triples[predicate], predicate)
        relations.add(predicted_triples[predicate], gold_triples[predicate], predicate)

    gold_extends = {(e["id"], p) for d in gold["digests"] if d["digest"] in digests_present for e in d["entities"] for p in e.get("extends", ())}
    gold_variants = {(e["id"], e["variant_of"]) for d in gold["digests"] if d["digest"] in digests_present
                     for e in d["entities"] if e.get("variant_of")}
    extends, variants = Score(), Score()
    extends.add({(gold_id(r.subject), gold_id(r.object)) for r in result.relations if r.predicate == Predicate.EXTENDS}, gold_extends)
    variants.add(
        {(gold_id(k), gold_id(e.variant_of)) for k, e in corpus.entities.items() if e.variant_of and e.digests & set(by_digest)},
        gold_variants,
    )
    return Report(entities, by_digest, relations, dict(by_kind), extends, variants)


def evaluate_inputs(inputs: list[Path], gold_path: Path, without_vocab: bool = False) -> Report:
    """Build the digests among ``inputs`` that the gold file annotates and score them against it.
    ``without_vocab`` removes the vocabulary's entries for every gold entity first."""
    gold = load_gold(gold_path)
    vocabulary = load_vocabulary()
    if without_vocab:
        vocabulary = vocabulary.without(gold_entity_names(gold))
    annotated = {d["digest"] for d in gold["digests"]}
    paths = [p for p in collect_paths(inputs) if p.name in annotated]
    if not paths:
        raise GoldError("none of the inputs is a digest the gold file annotates")
    return evaluate(build(paths, vocabulary=vocabulary), gold)


# ---------------------------------------------------------------- reported results (issue 13)


@dataclass
class ResultsReport:
    """Results match when paper, system, benchmark and value match; metric and unit are compared on the matches."""

    results: Score
    by_digest: dict[str, Score]
    metric_agree: int = 0
    unit_agree: int = 0

    def rows(self) -> list[tuple[str, str, Score]]:
        return [("results", "", self.results)] + [("results", k, v) for k, v in sorted(self.by_digest.items())]

    def as_dict(self, verbose: bool = False) -> dict:
        matched = self.results.tp
        return {
            "results": self.results.as_dict(verbose),
            "results_by_digest": {k: v.as_dict() for k, v in sorted(self.by_digest.items())},
            "metric_agreement": round(self.metric_agree / matched, 4) if matched else 0.0,
            "unit_agreement": round(self.unit_agree / matched, 4) if matched else 0.0,
            "matched": matched,
        }


def has_results(gold: dict) -> bool:
    return any("results" in d for d in gold.get("digests", ()))


def load_results_gold(path: Path) -> dict:
    try:
        gold = json.loads(path.read_text(encoding="utf-8"))
        for digest in gold["digests"]:
            for r in digest["results"]:
                r["paper"], r["system"], r["benchmark"], float(r["value"])
    except (OSError, ValueError, KeyError, IndexError, TypeError) as err:
        raise GoldError(f"{path}: not a results gold file in the GUIDELINES format ({type(err).__name__})") from None
    return gold


def evaluate_results(result: BuildResult, gold: dict) -> ResultsReport:
    entities = result.corpus.entities

    def names(key: str) -> set[str]:
        e = entities[key]
        return {fold(n) for n in (e.label, *e.aliases)}

    present = {d.source_file for d in result.corpus.digests}
    total, by_digest = Score(), {}
    metric_agree = unit_agree = 0
    for digest in gold["digests"]:
        name = digest["digest"]
        if name not in present:
            continue
        gold_rows = [
            (paper_key(g["paper"]), {fold(n) for n in (g["system"], *g.get("system_aliases", ()))},
             {fold(n) for n in (g["benchmark"], *g.get("benchmark_aliases", ()))}, float(g["value"]), g)
            for g in digest.get("results", ())
        ]
        predicted = [r for r in result.results if name in r.digests]
        matched: set[int] = set()
        score = Score()
        tp_labels, fp_labels = set(), set()
        for r in predicted:
            label = (name, r.paper, entities[r.system].label, entities[r.benchmark].label, str(r.value))
            hit = next((i for i, (paper, systems, benchmarks, value, _) in enumerate(gold_rows) if i not in matched
                        and paper == r.paper and abs(value - float(r.value)) < 1e-9
                        and names(r.system) & systems and names(r.benchmark) & benchmarks), None)
            if hit is None:
                fp_labels.add(label)
                continue
            matched.add(hit)
            tp_labels.add(label)
            g = gold_rows[hit][4]
            metric_agree += fold(g.get("metric") or "score") == fold(r.metric)
            unit_agree += (g.get("unit") or "") == r.unit
        misses = {(name, paper, g["system"], g["benchmark"], str(g["value"]))
                  for i, (paper, _, _, _, g) in enumerate(gold_rows) if i not in matched}
        # Score.add counts set sizes: matched pairs are one shared set, the rest each side's own.
        score.add(tp_labels | fp_labels, tp_labels | misses)
        by_digest[name] = score
        total.add(tp_labels | fp_labels, tp_labels | misses)
    return ResultsReport(total, by_digest, metric_agree, unit_agree)


def evaluate_results_inputs(inputs: list[Path], gold_path: Path, required: bool = True) -> ResultsReport | None:
    """Build the digests among ``inputs`` that a results gold file annotates and score their results.
    With ``required`` false, a gold file without results (an entities-only file) gives None."""
    if not required:
        try:
            if not has_results(json.loads(gold_path.read_text(encoding="utf-8"))):
                return None
        except (OSError, ValueError, AttributeError):
            return None  # evaluate_inputs reports an unreadable gold file
    gold = load_results_gold(gold_path)
    annotated = {d["digest"] for d in gold["digests"]}
    paths = [p for p in collect_paths(inputs) if p.name in annotated]
    if not paths:
        raise GoldError("none of the inputs is a digest the results gold file annotates")
    return evaluate_results(build(paths), gold)
