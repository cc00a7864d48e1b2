"""Paper-relation cues (introduces, usesBaseModel, usesMethod, comparedWith) on invented text.

Each test names the cue it checks and fails without it; the names (Zorvath, Quxa-70B, FlorpRL, ...) are invented."""

from kg.pipeline import build

from conftest import write_digest


def _rules_of(tmp_path, body: str) -> dict[tuple[str, str, str], set[str]]:
    """Each relation of the week with the rules that stated it."""
    write_digest(tmp_path, "week.txt", "Top AI Papers of the Week (June 2 - 8)\n" + body
                 + "2. Plinkett\nPlinkett is a benchmark of 500 tasks for agents that plan.\n")
    return {(r.subject, str(r.predicate), r.object): {h.rule for h in r.rules} for r in build([tmp_path]).relations}


def test_a_title_that_ends_with_survey_is_a_review(tmp_path):
    """relations.review-paper: 'Planning Agents Survey' is a survey as much as 'A Survey of Planning Agents': the
    paradigms it lists (ZQ1, ZQ2) and the methods it traces are other work."""
    rules = _rules_of(tmp_path, "1. Planning Agents Survey\nResearchers from Quillmont present a taxonomy of planning "
                      "agents.\n● Two paradigms: ZQ1 (agents tuned with FlorpRL) and ZQ2 (agents that plan with "
                      "Quxa-70B).\n")
    paper = "planning-agents-survey"
    assert not {k for k in rules if k[0] == paper and k[1] in ("introduces", "usesMethod", "usesBaseModel", "comparedWith")}
