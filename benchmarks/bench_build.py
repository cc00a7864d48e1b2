"""How much does the whole pipeline cost over reading the text, and does it stay linear as the weeks pile up?

Sizes: the corpus itself (1x) and the corpus plus copies of it in which every capitalised name carries a
per-copy tag (2x, ...), generated in a temporary folder, so that methods and models multiply as they would
over years instead of repeating. At each size: the full build, stage by stage (ingest, nlp, link,
relations, RDF graph, Turtle, page), against the bare spaCy tokenizer (spacy.blank("en")) over the same text,
and how much each costs when the corpus doubles. Then lineage by name on the same linked corpus: the all-pairs rule the build used
before (kept below as the reference) against the index in kg.name_index, checking they give the same edges.

Refuses to run without the real corpus: a fallback to seeds/ would measure something else.
Writes benchmarks/results/build.json.
"""

from __future__ import annotations

import argparse
import json
import re
import string
import sys
import tempfile
import time
from collections import defaultdict
from itertools import pairwise
from pathlib import Path

import spacy
from _common import CORPUS, ROOT, best_of
from spacy.lang.en.stop_words import STOP_WORDS

from kg.ingest import collect_paths, read_digest
from kg.lexicon import load_lexicon
from kg.link import LinkedCorpus
from kg.pipeline import StageClock, build, render_outputs
from kg.relations import Evidence
from kg.relations.lineage import first_mentions, lineage_from_names

RESULTS = ROOT / "benchmarks" / "results" / "build.json"
# A run of letters opening with a capital, not glued to digits ('GRPO', 'LoRA', 'DeepSeek' in 'DeepSeek-R1',
# 'Proximal'). The tag is lowercase so acronyms keep their capitals ('Group Relative Policy Optimizationzqb
# (GRPOzqb)' is still a definition); stop words, plural acronyms ('LLMs', a class, not a name) and ordinary
# words opening a sentence ('Introduces') stay as they are, so sentences read the same.
_CAPITALISED = re.compile(r"(?<![A-Za-z0-9])[A-Z][A-Za-z]*[A-Za-z](?![A-Za-z0-9])")
_PLURAL_ACRONYM = re.compile(r"[A-Z]{2,}s")
_SENTENCE_OPENING = re.compile(r"(^|[.!?:\n●•\u2013]|\d\.)\s*$")


def tagged_copy(text: str, tag: str, lowercase_words: set[str]) -> str:
    """The digest with every capitalised name tagged; the first line (the digest's own title) kept."""
    head, _, rest = text.partition("\n")

    def tagged(m: re.Match[str]) -> str:
        word = m.group()
        if word.lower() in STOP_WORDS or _PLURAL_ACRONYM.fullmatch(word):
            return word
        if word.lower() in lowercase_words and _SENTENCE_OPENING.search(rest[max(0, m.start() - 4) : m.start()]):
            return word
        return word + tag

    return f"{head}\n{_CAPITALISED.sub(tagged, rest)}"


def write_copies(corpus: Path, copies: int, folder: Path) -> list[Path]:
    """Folders 1..copies-1 under ``folder``, each a tagged copy of the corpus under other file names."""
    paths = collect_paths([corpus])
    lowercase_words = {w for p in paths for w in re.findall(r"\b[a-z]+\b", p.read_text(encoding="utf-8"))}
    out = []
    for k in range(1, copies):
        copy_dir = folder / f"copy{k}"
        copy_dir.mkdir()
        tag = "zq" + string.ascii_lowercase[k]
        for path in paths:
            text = path.read_text(encoding="utf-8")
            (copy_dir / f"{path.stem}-copy{k}{path.suffix}").write_text(tagged_copy(text, tag, lowercase_words), encoding="utf-8")
        out.append(copy_dir)
    return out


def all_pairs_lineage(corpus: LinkedCorpus, found) -> None:
    """The reference: relations.lineage.lineage_from_names before the index, comparing every pair of methods."""
    methods = {k: e for k, e in corpus.entities.items() if e.type == "Method"}
    labels = sorted(((e.label, k) for k, e in methods.items()), key=lambda x: -len(x[0]))
    first_sentence = first_mentions(corpus)
    long_names = {k: {a for a in (e.label, *e.aliases, *e.known_names) if len(a.split()) >= 2} for k, e in methods.items()}
    not_child, not_parent = load_lexicon().not_lineage_child, load_lexicon().not_lineage_parent
    for child_key, child in sorted(methods.items()):
        if not_child.search(child.label):
            continue
        for parent_key, parent_names in sorted(long_names.items()):
            if parent_key != child_key and any(
                re.search(rf"\S\s+{re.escape(p)}$", c) for p in parent_names for c in long_names[child_key]
            ):
                found[(child_key, "extends", parent_key)].add(first_sentence.get(child_key, Evidence("", child.label)))
        for parent_label, parent_key in labels:
            if parent_key == child_key or len(parent_label) < 3 or not re.search(r"[A-Z]{2}", parent_label):
                continue
            pattern = rf"(^{re.escape(parent_label)}[-\u2010](?=[A-Za-z])|[a-z\-]{re.escape(parent_label)}$|^[A-Z][a-z]+{re.escape(parent_label)}$)"
            if re.search(pattern, child.label):
                found[(child_key, "extends", parent_key)].add(first_sentence.get(child_key, Evidence("", child.label)))
                break
        for parent_label, parent_key in labels:  # compounds: 'AU-Net' from 'U-Net'
            if (parent_key != child_key and len(parent_label) >= 4 and parent_label[0].isupper() and re.search(r"[a-z]", parent_label)
                    and re.search(rf"^[A-Z](?:[a-z]+)?{re.escape(parent_label)}\Z", child.label)):
                found[(child_key, "extends", parent_key)].add(first_sentence.get(child_key, Evidence("", child.label)))
        for parent_label, parent_key in labels:  # next versions: 'Reinforce++' from 'Reinforce'
            if parent_key != child_key and len(parent_label) >= 2 and re.search(rf"^{re.escape(parent_label)}[-\u2010]?\+\+\Z", child.label):
                found[(child_key, "extends", parent_key)].add(first_sentence.get(child_key, Evidence("", child.label)))
    for triple in [t for t in found if not_parent.search(methods[t[2]].label)]:
        del found[triple]  # as the index: a generic parent ('Agents') is no lineage


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def write_report(args: argparse.Namespace, rows: list[dict], lineage: list[dict]) -> dict:
    """Write the figures so far to args.out; returns each doubling's CPU-time ratios, overall and per stage."""
    doubling = {}
    for a, b in pairwise(rows):
        if b["size"] == 2 * a["size"]:
            # CPU time: wall time on a shared machine moves with the other jobs' load.
            doubling[f"{a['size']}x->{b['size']}x"] = {
                "build": round(b["build_cpu_s"] / a["build_cpu_s"], 2),
                "tokenizer": round(b["tokenizer_cpu_s"] / a["tokenizer_cpu_s"], 2),
                **{stage: round(b["stages_cpu_s"][stage] / max(a["stages_cpu_s"][stage], 1e-6), 2) for stage in a["stages_cpu_s"]}}
    report = {"command": "python benchmarks/bench_build.py " + " ".join(sys.argv[1:]), "corpus": str(args.corpus),
              "sizes": rows, "doubling": doubling, "lineage_by_name": lineage}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return doubling


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the 122-week corpus (default ../shared/corpus/dair)")
    parser.add_argument("--sizes", default="1,2", help="corpus multiples to build, comma-separated (default 1,2)")
    parser.add_argument("--all-pairs-at", default="", help="multiples at which to also time the all-pairs lineage "
                        "(default none: about 17 minutes at 1x)")
    parser.add_argument("--tokenizer-runs", type=int, default=3, help="the tokenizer floor is the best of this many runs")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--turtle-dir", type=Path, help="also write each size's graph as SIZEx.ttl here, to compare runs")
    args = parser.parse_args()
    if not args.corpus.is_dir() or not any(args.corpus.glob("*.txt")):
        print(f"bench_build: no corpus at {args.corpus}; this benchmark needs the real digests (--corpus DIR)", file=sys.stderr)
        return 1
    sizes = sorted({int(s) for s in args.sizes.split(",")})
    all_pairs_at = {int(s) for s in args.all_pairs_at.split(",") if s}
    blank = spacy.blank("en")
    rows: list[dict] = []
    lineage: list[dict] = []
    doubling: dict = {}
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        copies = write_copies(args.corpus, max(sizes), Path(tmp))
        for n in sizes:
            inputs = [args.corpus, *copies[: n - 1]]
            paths = collect_paths(inputs)
            texts = [f"{i.title}\n{i.body}" for p in paths for i in read_digest(p).items]
            tokenizer_cpu = best_of(lambda texts=texts: [blank(t) for t in texts], args.tokenizer_runs, clock=time.process_time)
            tokenizer = best_of(lambda texts=texts: [blank(t) for t in texts], 1)
            clock = StageClock()
            result = build(inputs, clock=clock)
            turtle, _ = render_outputs(result, clock)  # as kg.pipeline.write_outputs makes them
            if args.turtle_dir:
                args.turtle_dir.mkdir(parents=True, exist_ok=True)
                (args.turtle_dir / f"{n}x.ttl").write_bytes(turtle)
            corpus = result.corpus
            methods = sum(1 for e in corpus.entities.values() if e.type == "Method")
            whole, whole_cpu = sum(clock.seconds.values()), sum(clock.cpu_seconds.values())
            row = {"size": n, "digests": len(paths), "items": len(texts), "words": sum(len(t.split()) for t in texts),
                   "methods": methods, "entities": len(corpus.entities), "triples": len(result.graph),
                   "tokenizer_s": round(tokenizer, 3), "tokenizer_cpu_s": round(tokenizer_cpu, 3),
                   "stages_s": {name: round(s, 3) for name, s in clock.seconds.items()},
                   "stages_cpu_s": {name: round(s, 3) for name, s in clock.cpu_seconds.items()},
                   "build_s": round(whole, 3), "build_cpu_s": round(whole_cpu, 3),
                   "build_over_tokenizer_cpu": round(whole_cpu / tokenizer_cpu, 1),
                   "build_without_page_over_tokenizer_cpu": round((whole_cpu - clock.cpu_seconds["page"]) / tokenizer_cpu, 1)}
            rows.append(row)
            print(json.dumps(row), flush=True)
            index_found: dict = defaultdict(set)
            index_s, _ = timed(lambda corpus=corpus, found=index_found: lineage_from_names(corpus, found, load_lexicon()))
            entry: dict = {"size": n, "methods": methods, "index_s": round(index_s, 4), "extends": len(index_found)}
            if n in all_pairs_at:
                reference: dict = defaultdict(set)
                entry["all_pairs_s"], _ = timed(lambda corpus=corpus, found=reference: all_pairs_lineage(corpus, found))
                entry["all_pairs_s"] = round(entry["all_pairs_s"], 3)
                entry["all_pairs_over_index"] = round(entry["all_pairs_s"] / index_s, 1)
                entry["same_edges"] = reference == index_found
            lineage.append(entry)
            print(json.dumps(entry), flush=True)
            doubling = write_report(args, rows, lineage)  # after every size: a long run stopped early keeps what it measured
    print(json.dumps(doubling))
    if any(entry.get("same_edges") is False for entry in lineage):
        print("bench_build: the index and the all-pairs rule disagree", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
