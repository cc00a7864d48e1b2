"""Nothing lost: a digest's identity is its relative path, a store holds exactly what a build of the same
digests holds, and a failed or interrupted command leaves the old whole state (issue 10, items 1, 3, 4)."""

import gc
import os
import shutil
from pathlib import Path

import pyoxigraph as ox
import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.store import OxigraphStore

from conftest import CORPUS, ROOT, SEEDS, write_digest

runner = CliRunner()
# The shared corpus beside the repository, or beside the folder of worktrees a helper works in.
WEEKS = next((c for c in (CORPUS, ROOT.parent.parent / "shared" / "corpus" / "dair") if c.is_dir()), CORPUS)
KILLED_MANIFEST = "80c0d8a82d000181402466646336613361392d356264312d346536332d613462362d313466353933613461616532020003020400"

# Invented weeks that share entities with each other and with the seeds, spelled differently: an acronym
# defined in one week and used bare in another, a model written two ways. Linked one week at a time these
# gave other relations and two labels for one entity.
WEEK_1 = """Top AI Papers of the Week (Mar 3 - 9)
1. Frobnic Reward Optimization
Frobnic Reward Optimization (FRO) is a new method that extends GRPO; it fine-tunes Zarnak-2-70B and reports AIME 2024.
2. Vexil Bench
Vexil is a new benchmark for agents; Zarnak-2-70B and DeepSeek-R1 are evaluated on it.
"""
WEEK_2 = """Top AI Papers of the Week (Mar 10 - 16)
1. Blorp-PO
Blorp-PO is a new method that builds on FRO; it uses Zarnak2-70B as the base model and is evaluated on Vexil.
2. Quillon
Quillon is a framework from Google DeepMind that is compared with Zarnak2-70B on MATH500.
"""
WEEK_3 = """Top AI Papers of the Week (Mar 17 - 23)
1. Tarnwise
Tarnwise, a new reasoning model trained with FRO on Zarnak2-70B, beats Quillon on Vexil and AIME 2024.
2. Plain Title Here
Nothing here worth extracting.
"""


def default_graph_of_build(folder: Path) -> list[bytes]:
    quads = ox.parse(path=str(folder / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    return sorted(ox.serialize(quads, format=ox.RdfFormat.N_TRIPLES).splitlines())


def default_graph_of_store(path: Path) -> list[bytes]:
    store = OxigraphStore(path, read_only=True)
    return sorted(store.dump(dataset=False).splitlines())


def whole_store(path: Path) -> list[bytes]:
    return sorted(OxigraphStore(path, read_only=True).dump(dataset=True).splitlines())


def kg(*args: str):
    result = runner.invoke(app, [str(a) for a in args])
    return result


def make_unreadable(path: Path) -> None:
    """A digest file that exists but cannot be read (root reads any mode, so then a file that fails on read)."""
    if os.geteuid() == 0:
        path.unlink(missing_ok=True)
        path.symlink_to("/proc/self/mem")  # a regular file whose read fails with EIO
    else:
        path.chmod(0)


@pytest.fixture()
def mixed_folder(tmp_path) -> Path:
    """The seeds plus invented weeks, one in a sub-folder, sharing entities."""
    folder = tmp_path / "digests"
    shutil.copytree(SEEDS, folder)
    write_digest(folder, "week-1.txt", WEEK_1)
    (folder / "more").mkdir()
    write_digest(folder / "more", "week-2.txt", WEEK_2)
    write_digest(folder, "week-3.md", WEEK_3)
    return folder


# ---------------------------------------------------------------- item 1: identity


def test_same_file_name_in_two_folders_is_two_digests(tmp_path):
    d = tmp_path / "d"
    (d / "w1").mkdir(parents=True)
    (d / "w2").mkdir()
    write_digest(d / "w1", "digest.txt", WEEK_1)
    write_digest(d / "w2", "digest.txt", WEEK_3)
    assert kg("build", d, "--out", tmp_path / "build").exit_code == 0
    added = kg("add", d, "--store", tmp_path / "store")
    assert added.exit_code == 0, added.output
    assert "2 added" in added.output
    query = "SELECT ?f (COUNT(?p) AS ?n) WHERE { ?d kg:sourceFile ?f . ?p kg:describedIn ?d } GROUP BY ?f ORDER BY ?f"
    for args in ([tmp_path / "build"], ["--store", tmp_path / "store"]):
        result = kg("query", *args, query, "--format", "csv")
        assert result.output.splitlines() == ["f,n", "w1/digest.txt,2", "w2/digest.txt,2"], result.output
    assert default_graph_of_build(tmp_path / "build") == default_graph_of_store(tmp_path / "store")


def test_two_inputs_naming_two_files_alike_are_refused(tmp_path):
    for week, text in (("w1", WEEK_1), ("w2", WEEK_3)):
        (tmp_path / week).mkdir()
        write_digest(tmp_path / week, "digest.txt", text)
    result = kg("build", tmp_path / "w1", tmp_path / "w2", "--out", tmp_path / "build")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "digest.txt" in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "build").exists()


def test_seed_digest_iris_keep_their_names(seeds_graph):
    from kg.namespaces import KG

    files = {str(s).rsplit("/", 1)[-1]: str(o) for s, o in seeds_graph.subject_objects(KG.sourceFile)}
    assert files == {p.stem: p.name for p in SEEDS.glob("*.txt")}


def test_digest_iris_are_distinct_for_distinct_paths():
    from kg.graph import digest_iri

    names = ["a.txt", "a.md", "A.txt", "a.md.txt", "a-b.txt", "a/b.txt", "a b.txt", "a%20b.txt", "x/a.txt", "x/a.TXT"]
    assert len({digest_iri(n) for n in names}) == len(names)


# ---------------------------------------------------------------- item 3: a store holds what a build holds


def test_build_and_store_hold_the_same_triples(mixed_folder, tmp_path):
    assert kg("build", mixed_folder, "--out", tmp_path / "build").exit_code == 0
    expected = default_graph_of_build(tmp_path / "build")

    at_once = tmp_path / "at-once"
    assert kg("add", mixed_folder, "--store", at_once).exit_code == 0
    assert default_graph_of_store(at_once) == expected

    # Week by week, with a week first added in an older version and then replaced.
    stepwise = tmp_path / "stepwise"
    step = tmp_path / "step"
    shutil.copytree(SEEDS, step)
    assert kg("add", step, "--store", stepwise).exit_code == 0
    write_digest(step, "week-1.txt", WEEK_1.replace("Vexil", "Vexal").replace("(FRO)", ""))
    assert kg("add", step / "week-1.txt", "--store", stepwise).exit_code == 0
    (step / "more").mkdir()
    write_digest(step / "more", "week-2.txt", WEEK_2)
    write_digest(step, "week-3.md", WEEK_3)
    write_digest(step, "week-1.txt", WEEK_1)
    result = kg("add", step, "--store", stepwise)
    assert result.exit_code == 0, result.output
    assert "2 added, 1 replaced, 5 unchanged" in result.output
    assert default_graph_of_store(stepwise) == expected

    again = kg("add", step, "--store", stepwise)
    assert "0 added, 0 replaced, 8 unchanged" in again.output


def test_no_entity_has_two_labels_in_a_store(mixed_folder, tmp_path):
    store = tmp_path / "store"
    for path in sorted(mixed_folder.rglob("*.*")):
        assert kg("add", path, "--store", store).exit_code == 0
    result = kg("query", "--store", store, "SELECT ?e WHERE { ?e rdfs:label ?a , ?b FILTER(?a != ?b) }", "--format", "csv")
    assert result.output.splitlines() == ["e"], result.output
    without_support = "SELECT ?s WHERE { ?s a rdf:Statement FILTER NOT EXISTS { ?s kg:supportDigests ?d ; kg:supportSentences ?n } }"
    unsupported = kg("query", "--store", store, without_support, "--format", "csv")
    assert unsupported.output.splitlines() == ["s"], unsupported.output


@pytest.mark.skipif(not WEEKS.is_dir(), reason="the shared corpus is not here")
def test_build_and_store_agree_on_twenty_corpus_weeks(tmp_path):
    weeks = sorted(WEEKS.glob("*.txt"))[40:60]
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    for i, week in enumerate(weeks):
        shutil.copy(week, (first if i < 12 else second) / week.name)
    both = tmp_path / "both"
    shutil.copytree(first, both)
    shutil.copytree(second, both, dirs_exist_ok=True)
    assert kg("build", both, "--out", tmp_path / "build").exit_code == 0
    store = tmp_path / "store"
    assert kg("add", first, "--store", store).exit_code == 0
    assert kg("add", second, "--store", store).exit_code == 0
    assert default_graph_of_store(store) == default_graph_of_build(tmp_path / "build")


# ---------------------------------------------------------------- items 3 and 10: failures leave the old state


def test_unreadable_file_during_add_is_one_line_and_leaves_the_store(tmp_path):
    folder = tmp_path / "digests"
    folder.mkdir()
    write_digest(folder, "a.txt", WEEK_1)
    store = tmp_path / "store"
    assert kg("add", folder, "--store", store).exit_code == 0
    before = whole_store(store)
    write_digest(folder, "b.txt", WEEK_2)
    write_digest(folder, "c.txt", WEEK_3)
    make_unreadable(folder / "c.txt")
    result = kg("add", folder, "--store", store)
    assert result.exit_code == 1, result.output
    assert "c.txt" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert whole_store(store) == before
    # Once the file reads, the next add brings the store to what a build holds.
    (folder / "c.txt").unlink()
    write_digest(folder, "c.txt", WEEK_3)
    result = kg("add", folder, "--store", store)
    assert result.exit_code == 0, result.output
    assert kg("build", folder, "--out", tmp_path / "build").exit_code == 0
    assert default_graph_of_store(store) == default_graph_of_build(tmp_path / "build")


def test_a_failure_while_linking_leaves_the_store(tmp_path, monkeypatch):
    folder = tmp_path / "digests"
    folder.mkdir()
    write_digest(folder, "a.txt", WEEK_1)
    store = tmp_path / "store"
    assert kg("add", folder, "--store", store).exit_code == 0
    before = whole_store(store)
    # a.txt changes and b.txt is new; extraction fails once b.txt is in the corpus.
    write_digest(folder, "a.txt", WEEK_1.replace("Vexil", "Vexal"))
    write_digest(folder, "b.txt", WEEK_2)
    from kg import pipeline

    extract = pipeline.extract_relations

    def failing(corpus, *args, **kwargs):
        if any(d.source_file == "b.txt" for d in corpus.digests):
            raise MemoryError("simulated failure part-way")
        return extract(corpus, *args, **kwargs)

    monkeypatch.setattr(pipeline, "extract_relations", failing)
    result = kg("add", folder, "--store", store)
    assert isinstance(result.exception, MemoryError)
    del result  # its traceback holds the store open
    gc.collect()
    assert whole_store(store) == before
    monkeypatch.undo()
    assert kg("add", folder, "--store", store).exit_code == 0
    assert kg("build", folder, "--out", tmp_path / "build").exit_code == 0
    assert default_graph_of_store(store) == default_graph_of_build(tmp_path / "build")


def test_store_killed_while_created_is_one_line(tmp_path):
    # What a kill during Oxigraph's creation left (copied from a real kill): a RocksDB manifest without
    # Oxigraph's column families, which made 'kg query --store' crash with "Column family not found: id2str".
    broken = tmp_path / "store"
    broken.mkdir()
    (broken / "CURRENT").write_text("MANIFEST-000001\n")
    (broken / "MANIFEST-000001").write_bytes(bytes.fromhex(KILLED_MANIFEST))
    for command in (["query", "--store", broken, "SELECT * WHERE { ?s ?p ?o } LIMIT 1"], ["lineage", "GRPO", "--store", broken]):
        result = kg(*command)
        assert result.exit_code == 1, result.output
        assert not isinstance(result.exception, (RuntimeError, OSError)), result.exception
        assert len(result.output.strip().splitlines()) == 1 and "interrupted" in result.output
    # Adding to it is refused the same way and leaves it as it was.
    files = sorted((p.name, p.read_bytes()) for p in broken.iterdir())
    result = kg("add", SEEDS / "000_29414c920c700738.txt", "--store", broken)
    assert result.exit_code == 1 and "interrupted" in result.output
    assert sorted((p.name, p.read_bytes()) for p in broken.iterdir()) == files


def test_a_store_is_created_whole_or_not_at_all(tmp_path):
    store = tmp_path / "store"
    stale = tmp_path / ".store.kg-tmp-new-abc123"
    stale.mkdir()
    (stale / "junk").write_text("left by a killed run")
    assert kg("add", SEEDS / "000_29414c920c700738.txt", "--store", store).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store"]


# ---------------------------------------------------------------- item 4: kg build's pair of files


def _write_outputs_dying(step: int, result, out: Path) -> None:
    """write_outputs(result, out), exiting at once (as a SIGKILL would) before its `step`-th file-system change."""
    import shutil as shutil_module

    from kg import pipeline

    count = [0]

    def dying(original):
        def wrapper(*args, **kwargs):
            count[0] += 1
            if count[0] == step:
                os._exit(137)
            return original(*args, **kwargs)
        return wrapper

    for module, name in ((os, "replace"), (os, "rename"), (os, "fsync"), (os, "chmod"), (os, "unlink"),
                         (shutil_module, "rmtree"), (pipeline, "_exchange")):
        if hasattr(module, name):
            setattr(module, name, dying(getattr(module, name)))
    try:
        pipeline.write_outputs(result, out)
    finally:
        os._exit(0)


def _die_at_step(step: int, result, out: Path) -> int:
    """Run write_outputs in a child that dies before its `step`-th file-system change; the child's exit code:
    137 if it died there, 0 if it finished first. The child comes from a fork server, not a fork of this
    process: a build writes an Oxigraph store, and RocksDB hangs in a fork of a process that already used it."""
    import multiprocessing

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["kg.pipeline"])
    child = context.Process(target=_write_outputs_dying, args=(step, result, out))
    child.start()
    child.join()
    return child.exitcode


def test_build_dying_at_any_step_leaves_the_old_or_the_new_pair(tmp_path):
    from kg.pipeline import build, write_outputs

    # Two invented weeks, not the seeds: the file-system steps are the same, and each of the ~30 deaths writes
    # the whole output again (the seeds made this the slowest test of the suite).
    weeks = [write_digest(tmp_path, f"week-{i}.txt", text) for i, text in enumerate((WEEK_1, WEEK_2))]
    old_result, new_result = build(weeks[:1]), build(weeks)
    write_outputs(old_result, tmp_path / "old")
    write_outputs(new_result, tmp_path / "new")

    def pair(folder):
        return tuple((folder / n).read_bytes() for n in ("graph.ttl", "graph.html"))

    old, new = pair(tmp_path / "old"), pair(tmp_path / "new")
    step, states = 0, []
    while True:
        step += 1
        out = tmp_path / f"step-{step}"
        shutil.copytree(tmp_path / "old", out)
        code = _die_at_step(step, new_result, out)
        state = pair(out)
        assert state in (old, new), f"dying at step {step} left a graph.ttl and a graph.html of two builds"
        states.append(state == new)
        if code == 0:
            break
        assert step < 50
    assert states[-1] and not states[0] and step > 3
    # The next build removes whatever the deaths left behind.
    for folder in [p for p in tmp_path.iterdir() if p.name.startswith("step-")]:
        write_outputs(new_result, folder)
    leftovers = [p.name for p in tmp_path.rglob("*") if ".kg-tmp-" in p.name or p.name.startswith(".graph.")]
    assert leftovers == []


def test_an_output_folder_with_other_files_is_refused_not_emptied(tmp_path):
    from kg.pipeline import OutputError, write_folder_atomic

    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "thesis.tex").write_text("mine")
    with pytest.raises(OutputError, match=r"thesis\.tex"):
        write_folder_atomic(mine, {"graph.ttl": b"new", "graph.html": b"new"})
    assert [p.name for p in mine.iterdir()] == ["thesis.tex"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]


def test_single_file_writes_remove_what_a_killed_write_left(tmp_path):
    from kg.pipeline import write_atomic

    (tmp_path / ".export.nt.kg-tmp-x1y2").write_bytes(b"half")
    write_atomic(tmp_path / "export.nt", b"whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export.nt"]
