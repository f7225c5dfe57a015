"""The picture that opens the dashboard: a Mermaid knowledge map and an SVG chart committed beside it.

The map is checked by an independent flowchart checker (:mod:`tests.support.mermaid_flowchart`), the chart
by parsing it as XML and reading the figures each bar states; both against records built here.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.automation.maintenance_findings import refreshed_views
from bot.dashboard.chart import PROGRESS_CHART_PATH
from bot.dashboard.knowledge_map import MAX_GAPS, MAX_POINTS, MAX_SUBJECTS
from bot.dashboard.page import DASHBOARD_PATH, dashboard_files
from bot.dashboard.progress import WEEKS_SHOWN
from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.records.codec import read_header
from bot.snapshot import MemorySnapshot
from bot.text import one_line
from tests.support import handoff_pack as handoff
from tests.support.dashboard_records import SUBJECT, TODAY, event, gap
from tests.support.learner import GOAL, NOW, issue_event, learner_repo
from tests.support.mermaid_flowchart import MermaidError, mermaid_blocks, parse_flowchart

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = 'Ratios "quoted" [x] {y} (z) `code` | pipe <b>bold</b> #35; end; ```fence``` é'


def point(pid: str, title: str, prerequisites: str = "none recorded") -> str:
    subject = pid.split("/", maxsplit=1)[0]
    return (
        f"# {title}\n\nKnowledge ID: `{pid}`\nStatus: `active`\nSubject: {subject}\n"
        f"Prerequisites: {prerequisites}\n"
    )


def answered_review(review_id: str, attempted: str) -> str:
    return (
        f"# Review\n\nID: `{review_id}`\nStatus: `complete`\nAttempted: {attempted} (issue #4)\n"
        "Subject: mathematics\nDue: 2026-11-01\n\n## Questions\n\n1. Why?\n"
    )


def files_for(records: dict[str, str], today: date = TODAY) -> dict[str, str]:
    snapshot = MemorySnapshot({f"{SUBJECT}/goals/main-goal.md": GOAL, **records}, head="a" * 40)
    return dashboard_files(snapshot, today=today, updated_by="bot", new_records={}, next_action="try one")


def flowchart(dashboard: str):  # type: ignore[no-untyped-def]
    (block,) = mermaid_blocks(dashboard)
    return parse_flowchart(block)


def chart(svg: str) -> dict[str, list[str]]:
    """Every bar's stated figure (its ``<title>``), by the bar's class."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    bars: dict[str, list[str]] = {}
    for rect in root.iter(f"{SVG}rect"):
        title = rect.find(f"{SVG}title")
        if rect.get("class") and title is not None:
            bars.setdefault(rect.get("class", ""), []).append(title.text or "")
    return bars


HISTORY = {
    f"{SUBJECT}/events/a.md": event("a", "2026-11-03"),  # week of 11-02
    f"{SUBJECT}/events/b.md": event("b", "2026-11-17"),  # week of 11-16
    f"{SUBJECT}/events/c.md": event("c", "2026-11-19"),
    f"{SUBJECT}/events/d.md": event("d", "2026-11-22", note="my private diary line"),
    f"{SUBJECT}/reviews/r1.md": answered_review("review-1", "2026-11-18"),
    f"{SUBJECT}/reviews/r2.md": answered_review("review-2", "2026-11-30"),  # week of 11-30
    f"{SUBJECT}/reviews/planned.md": answered_review("review-3", "not yet"),
    f"{SUBJECT}/knowledge/geometry/angles.md": point("mathematics/geometry/angles", "angles"),
    f"{SUBJECT}/knowledge/geometry/similar.md": point(
        "mathematics/geometry/similar", HOSTILE, "`mathematics/geometry/angles`"
    ),
    f"{SUBJECT}/knowledge-gaps/g1.md": gap("gap-1", mastery="learning", kid="mathematics/geometry/angles"),
    f"{SUBJECT}/knowledge-gaps/g2.md": gap("gap-2", mastery="demonstrated", resolution="resolved"),
    f"{SUBJECT}/knowledge-gaps/g3.md": gap("gap-3"),
}


def test_the_dashboard_opens_with_the_map_and_the_chart_it_commits_beside_it() -> None:
    files = files_for(HISTORY)
    assert set(files) == {DASHBOARD_PATH, PROGRESS_CHART_PATH}
    dashboard = files[DASHBOARD_PATH]
    first_section = dashboard.index("\n## ")
    assert dashboard[first_section:].startswith("\n## Knowledge map\n\n```mermaid\nflowchart LR\n")
    progress = dashboard.split("## Progress\n", 1)[1].split("\n## ", 1)[0]
    assert f"]({PROGRESS_CHART_PATH})" in progress
    assert dashboard.index("## Progress") < dashboard.index("## Subject overview")


def test_the_map_is_a_valid_flowchart_of_subjects_points_and_gaps_with_mastery() -> None:
    chart_ = flowchart(files_for(HISTORY)[DASHBOARD_PATH])
    by_label = {label.split("\n")[0]: (node, cls) for node, (label, cls) in chart_.nodes.items()}
    assert by_label["mathematics"][1] == "subject"
    angles, _ = by_label["angles"]
    assert by_label["angles"][1] == "learning", "the point takes the mastery its gap states"
    similar, similar_class = by_label[one_line(HOSTILE, limit=48)]
    assert similar_class == "unknown"
    assert by_label["gap-2"][1] == "demonstrated" and by_label["gap-3"][1] == "unknown"
    subject = by_label["mathematics"][0]
    assert (subject, "---", angles) in chart_.edges and (subject, "---", similar) in chart_.edges
    assert (angles, "-->", similar) in chart_.edges, "the prerequisite points at the point needing it"
    assert (angles, "-.-", by_label["gap-1"][0]) in chart_.edges, "a gap hangs off the point it names"
    assert (subject, "-.-", by_label["gap-3"][0]) in chart_.edges, "a gap naming no point: off its subject"


def test_a_hostile_title_is_escaped_and_reads_back_unchanged() -> None:
    dashboard = files_for(HISTORY)[DASHBOARD_PATH]
    block = mermaid_blocks(dashboard)[0]
    assert "```" not in block and "<b>" not in block
    labels = flowchart(dashboard).labels()
    assert f"{one_line(HOSTILE, limit=48)}\nmathematics/geometry/similar" in labels


@settings(max_examples=60, deadline=None)
@given(title=st.text(min_size=1, max_size=80).filter(lambda t: t.strip() and "\n## " not in t))
def test_any_point_title_yields_a_valid_flowchart(title: str) -> None:
    title = " ".join(title.split()) or "x"
    records = {
        f"{SUBJECT}/knowledge/geometry/a.md": point("mathematics/geometry/a", title),
        f"{SUBJECT}/knowledge-gaps/g.md": gap(f"gap-{title}"[:60]),
    }
    dashboard = files_for(records)[DASHBOARD_PATH]
    parsed = flowchart(dashboard)
    assert len(parsed.nodes) == 3


def test_a_big_history_is_bounded_with_more_nodes_that_count_the_rest() -> None:
    records: dict[str, str] = {}
    for n in range(30):
        pid = f"mathematics/algebra/p{n:02d}"
        records[f"{SUBJECT}/knowledge/algebra/p{n:02d}.md"] = point(pid, f"point {n}")
    for n in range(10):
        records[f"{SUBJECT}/knowledge-gaps/g{n:02d}.md"] = gap(f"gap-{n:02d}")
    for n in range(MAX_SUBJECTS + 2):
        records[f"subjects/subject{n}/knowledge/t/p.md"] = point(f"subject{n}/t/p", "p")
    parsed = flowchart(files_for(records)[DASHBOARD_PATH])
    labels = parsed.labels()
    hidden = (30 - MAX_POINTS) + (10 - MAX_GAPS)
    assert f"+{hidden} more" in labels
    assert "+3 more subjects" in labels, "mathematics and 8 others: 9 subjects, 6 drawn"
    per_subject = 1 + MAX_POINTS + MAX_GAPS + 1
    assert len(parsed.nodes) <= MAX_SUBJECTS * per_subject + 1


@pytest.mark.parametrize(
    ("block", "why"),
    [
        ('flowchart LR\n  a["x"]\n  a["y"]', "reused"),
        ('flowchart LR\n  a["x"]\n  a --> b', "undeclared"),
        ('flowchart LR\n  a["x "y" z"]', "quoted"),
        ("flowchart LR\n  a[x]", "quoted"),
        ('flowchart LR\n  a["x"]]', "unbalanced"),
        ('flowchart LR\n  a["<b>x</b>"]', "markup"),
        ('flowchart LR\n  a["x #y"]', "entity"),
        ('flowchart LR\n  end["x"]', "reserved"),
        ('flowchart LR\n  a["x"]:::ghost', "undefined classes"),
        ('pie\n  a["x"]', "header"),
    ],
)
def test_the_checker_refuses_broken_flowcharts(block: str, why: str) -> None:
    with pytest.raises(MermaidError, match=why):
        parse_flowchart(block)


def test_no_point_and_no_gap_means_no_map_and_no_chart() -> None:
    files = files_for({})
    assert set(files) == {DASHBOARD_PATH}
    dashboard = files[DASHBOARD_PATH]
    assert "```mermaid" not in dashboard and PROGRESS_CHART_PATH not in dashboard
    for title in ("Knowledge map", "Progress"):
        assert dashboard.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0].strip() == "None recorded."


def test_the_chart_states_evidence_and_reviews_per_week_and_mastery_counts() -> None:
    svg = files_for(HISTORY)[PROGRESS_CHART_PATH]
    bars = chart(svg)
    assert bars["evidence"] == [
        "week of 2026-11-02: 1 evidence record(s)",
        "week of 2026-11-09: 0 evidence record(s)",
        "week of 2026-11-16: 3 evidence record(s)",
        "week of 2026-11-23: 0 evidence record(s)",
        "week of 2026-11-30: 0 evidence record(s)",
    ]
    assert [b.split(": ")[1] for b in bars["reviews"]] == [
        "0 answered review(s)",
        "0 answered review(s)",
        "1 answered review(s)",
        "0 answered review(s)",
        "1 answered review(s)",
    ]
    # points: angles learning, similar unknown; gaps naming no point: gap-2 demonstrated, gap-3 unknown
    assert bars["unknown"] == ["unknown: 2"]
    assert bars["learning"] == ["learning: 1"]
    assert bars["demonstrated"] == ["demonstrated: 1"]
    dashboard = files_for(HISTORY)[DASHBOARD_PATH]
    desc = ET.fromstring(svg).find(f"{SVG}desc")
    assert desc is not None and desc.text is not None and desc.text in dashboard, "one set of figures"


def test_the_chart_holds_no_learner_words_and_escapes_its_text() -> None:
    svg = files_for(HISTORY)[PROGRESS_CHART_PATH]
    assert "diary" not in svg and "Ratios" not in svg and "gap-1" not in svg and "Note" not in svg
    texts = [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]
    assert "Mastery states" in texts and "demonstrated" in texts


def test_the_chart_is_deterministic_and_ignores_the_day_it_is_drawn() -> None:
    reverse = dict(reversed(list(HISTORY.items())))
    first = files_for(HISTORY)[PROGRESS_CHART_PATH]
    assert first == files_for(reverse)[PROGRESS_CHART_PATH]
    assert first == files_for(HISTORY, today=TODAY + timedelta(days=40))[PROGRESS_CHART_PATH]


def test_the_week_window_is_bounded_and_ends_at_the_newest_record() -> None:
    start = date(2026, 1, 5)  # a Monday
    days = [(start + timedelta(weeks=n)).isoformat() for n in range(20)]
    records = {f"{SUBJECT}/events/e{n}.md": event(f"e{n}", day) for n, day in enumerate(days)}
    bars = chart(files_for(records)[PROGRESS_CHART_PATH])["evidence"]
    assert len(bars) == WEEKS_SHOWN
    assert bars[-1] == f"week of {(start + timedelta(weeks=19)).isoformat()}: 1 evidence record(s)"
    dashboard = files_for(records)[DASHBOARD_PATH]
    assert f"{WEEKS_SHOWN} evidence record(s) and 0 answered review(s)" in dashboard
    assert "(20 and 0 dated in all)" in dashboard


def test_a_note_plans_the_chart_in_the_same_commit_with_the_records_figures() -> None:
    repo = learner_repo(**{f"{SUBJECT}/events/old.md": event("old", "2026-11-24")})
    plan = plan_event(issue_event(), repo, now=NOW, agent=RuleAgent())
    written = {w.path: w.content for w in plan.writes}
    assert {DASHBOARD_PATH, PROGRESS_CHART_PATH} <= set(written)
    assert plan.receipt is not None and PROGRESS_CHART_PATH in plan.receipt.changed_files
    assert chart(written[PROGRESS_CHART_PATH])["evidence"] == [
        "week of 2026-11-23: 1 evidence record(s)",
        "week of 2026-11-30: 1 evidence record(s)",  # the note being recorded (NOW is 2026-11-30)
    ]


def test_maintenance_regenerates_a_missing_chart_together_with_the_dashboard() -> None:
    records = {f"{SUBJECT}/events/a.md": event("a", "2026-11-24")}
    current = files_for(records)
    repo = MemorySnapshot({f"{SUBJECT}/goals/main-goal.md": GOAL, **records, **current})
    assert refreshed_views(repo, TODAY + timedelta(days=3), updated_by="bot") == {}, "nothing stale"
    without_chart = MemorySnapshot(
        {f"{SUBJECT}/goals/main-goal.md": GOAL, **records, DASHBOARD_PATH: current[DASHBOARD_PATH]}
    )
    views = refreshed_views(without_chart, TODAY, updated_by="bot")
    assert views == current
    hand_written = MemorySnapshot({**records, DASHBOARD_PATH: "# my own notes\n"})
    assert refreshed_views(hand_written, TODAY, updated_by="bot") == {}


def test_undated_or_impossible_dates_are_not_counted_and_break_nothing() -> None:
    records = {
        f"{SUBJECT}/events/ok.md": event("ok", "2026-11-24"),
        f"{SUBJECT}/events/bad.md": event("bad", "2026-13-45"),
        f"{SUBJECT}/events/none.md": event("none", "not recorded"),
    }
    files = files_for(records)
    assert chart(files[PROGRESS_CHART_PATH])["evidence"] == ["week of 2026-11-23: 1 evidence record(s)"]
    assert "(1 and 0 dated in all)" in files[DASHBOARD_PATH]


def test_reconciling_a_handoff_rewrites_the_chart_beside_the_dashboard() -> None:
    snapshot = handoff.after(handoff.repo(), handoff.request())
    learner_note = handoff.pr_event("My teacher resolved it. Do not teach it again.", login="alice")
    snapshot = handoff.after(snapshot, handoff.plan(learner_note, snapshot))
    merged = handoff.plan(handoff.pr_event("", kind=EventKind.PR_MERGED, login="alice"), snapshot)
    written = {w.path: w.content for w in merged.writes}
    assert {DASHBOARD_PATH, PROGRESS_CHART_PATH} <= set(written)
    stated = read_header(snapshot.read_text(handoff.GAP_PATH) or "")["Mastery"]
    assert f"{stated}: 1" in chart(written[PROGRESS_CHART_PATH])[stated], "the gap's stated mastery"
