"""The dashboard's record-driven sections: rows only from records that exist, nothing invented."""

from __future__ import annotations

from bot.dashboard.page import render_dashboard
from bot.snapshot import MemorySnapshot
from tests.support.dashboard_records import SUBJECT, TODAY, event, gap, handoff, review
from tests.support.learner import GOAL

SECTIONS = (
    "Knowledge map",
    "Progress",
    "Subject overview",
    "Do now",
    "Inputs to organize",
    "Waiting for external feedback",
    "Due questions and reviews",
    "Active knowledge gaps",
    "Recent learning events",
)


POINT = """# similar triangles

Knowledge ID: `mathematics/geometry/similar-triangles`
Status: `active`
Subject: mathematics
Prerequisites: none recorded
"""


def render(files: dict[str, str], new_records: dict[str, str] | None = None) -> str:
    snapshot = MemorySnapshot({f"{SUBJECT}/goals/main-goal.md": GOAL, **files}, head="a" * 40)
    return render_dashboard(
        snapshot, today=TODAY, updated_by="bot", new_records=new_records or {}, next_action="try one"
    )


def section(dashboard: str, title: str) -> str:
    return dashboard.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def rows(dashboard: str, title: str) -> list[str]:
    return [
        line for line in section(dashboard, title).splitlines() if line.startswith("| ") and "---" not in line
    ][1:]


def test_every_section_is_present_in_order_and_empty_ones_say_none_recorded() -> None:
    dashboard = render_dashboard(
        MemorySnapshot({}), today=TODAY, updated_by="bot", new_records={}, next_action="set a goal"
    )
    positions = [dashboard.index(f"## {title}\n") for title in SECTIONS]
    assert positions == sorted(positions)
    for title in SECTIONS:
        if title != "Do now":
            assert section(dashboard, title).strip() == "None recorded.", title
    assert "| — |" not in dashboard, "no placeholder rows"


def test_inputs_list_only_events_marked_for_transcription_oldest_first() -> None:
    dashboard = render(
        {
            f"{SUBJECT}/events/b.md": event("b", "2026-11-29", media=True),
            f"{SUBJECT}/events/a.md": event("a", "2026-11-20", media=True),
            f"{SUBJECT}/events/plain.md": event("plain", "2026-11-28"),
            f"{SUBJECT}/events/quoted.md": event(
                "quoted", "2026-11-27", note="I typed `needs-transcription`"
            ),
        }
    )
    listed = rows(dashboard, "Inputs to organize")
    assert len(listed) == 2
    assert "[event-a](subjects/mathematics/events/a.md)" in listed[0]
    assert "[event-b](subjects/mathematics/events/b.md)" in listed[1]
    assert all("`needs-transcription`" in row and "| class |" in row for row in listed)
    assert "event-plain" in section(dashboard, "Recent learning events")


def test_a_header_status_needing_input_is_listed_too() -> None:
    record = event("hdr", "2026-11-29").replace("Channel: `class`", "Channel: `class`\nStatus: `needs-input`")
    listed = rows(render({f"{SUBJECT}/events/hdr.md": record}), "Inputs to organize")
    assert len(listed) == 1 and "`needs-input`" in listed[0]


def test_planned_writes_count_as_records() -> None:
    dashboard = render({}, {f"{SUBJECT}/events/new.md": event("new", "2026-11-30", media=True)})
    assert "[event-new](subjects/mathematics/events/new.md)" in section(dashboard, "Inputs to organize")


def test_waiting_lists_sent_and_awaiting_handoffs_only() -> None:
    dashboard = render(
        {
            f"{SUBJECT}/handoffs/late.md": handoff("awaiting-feedback", "2026-11-25"),
            f"{SUBJECT}/handoffs/early.md": handoff("sent", "2026-11-10", destination="nobody"),
            f"{SUBJECT}/handoffs/draft.md": handoff("draft", "2026-11-01"),
            f"{SUBJECT}/handoffs/done.md": handoff("reconciled", "2026-11-02"),
        }
    )
    listed = rows(dashboard, "Waiting for external feedback")
    assert len(listed) == 2
    assert "(subjects/mathematics/handoffs/early.md)" in listed[0] and "`sent`" in listed[0]
    assert "| not recorded |" in listed[0], "a destination outside the vocabulary is not echoed"
    assert "(subjects/mathematics/handoffs/late.md)" in listed[1] and "| teacher |" in listed[1]


def test_due_reviews_are_planned_ones_sorted_by_due_date_and_marked_when_due() -> None:
    dashboard = render(
        {
            f"{SUBJECT}/reviews/c.md": review("review-c", "planned", "2026-12-05"),
            f"{SUBJECT}/reviews/a.md": review("review-a", "planned", "2026-11-30"),
            f"{SUBJECT}/reviews/b.md": review("review-b", "planned", "2026-11-02"),
            f"{SUBJECT}/reviews/done.md": review("review-done", "complete", "2026-11-01"),
            f"{SUBJECT}/reviews/undated.md": review("review-undated", "planned", None, purpose="whatever"),
        }
    )
    listed = rows(dashboard, "Due questions and reviews")
    assert [row.split("[")[1].split("]")[0] for row in listed] == [
        "review-b",
        "review-a",
        "review-c",
        "review-undated",
    ]
    assert "**due**" in listed[0] and "**due**" in listed[1], "due on or before today"
    assert "upcoming" in listed[2] and "**due**" not in listed[2]
    assert listed[3].startswith("| not recorded | no due date |") and "| not recorded |" in listed[3]
    assert "review-done" not in dashboard


def test_gaps_show_stated_states_link_the_point_and_invent_nothing() -> None:
    dashboard = render(
        {
            f"{SUBJECT}/knowledge/geometry/similar-triangles.md": POINT,
            f"{SUBJECT}/knowledge-gaps/z.md": gap(
                "gap-z", mastery="learning", kid="mathematics/geometry/similar-triangles"
            ),
            f"{SUBJECT}/knowledge-gaps/bare.md": gap("gap-bare", resolution=None),
            f"{SUBJECT}/knowledge-gaps/done.md": gap(
                "gap-done", resolution="resolved", mastery="demonstrated"
            ),
            f"{SUBJECT}/knowledge-gaps/ghost.md": gap("gap-ghost", kid="mathematics/algebra/ghost"),
        }
    )
    listed = rows(dashboard, "Active knowledge gaps")
    labels = [row.rsplit("[", 1)[1].split("]")[0] for row in listed]
    assert labels == ["gap-ghost", "gap-z", "gap-bare", "gap-done"], "open, then unknown, then resolved"
    ghost, linked, bare, done = listed
    assert (
        "[`mathematics/geometry/similar-triangles`](subjects/mathematics/knowledge/geometry/similar-triangles.md)"
        in linked
    )
    assert "`open` | `learning`" in linked
    assert "`unknown` | `unknown` | not recorded |" in bare, "no stated resolution or mastery → unknown"
    assert (
        "`mathematics/algebra/ghost` (no record at its canonical path)" in ghost
        and "](subjects/mathematics/knowledge/algebra" not in ghost
    )
    assert "`resolved` | `demonstrated`" in done


def test_an_unfilled_template_mastery_value_reads_as_unknown() -> None:
    template = gap("gap-t").replace(
        "Resolution: `open`", "Resolution: `open`\nMastery: `unknown` / `learning`"
    )
    listed = rows(render({f"{SUBJECT}/knowledge-gaps/t.md": template}), "Active knowledge gaps")
    assert "`open` | `unknown`" in listed[0]


def test_a_single_point_is_drawn_under_its_subject() -> None:
    dashboard = render({f"{SUBJECT}/knowledge/geometry/similar-triangles.md": POINT})
    body = section(dashboard, "Knowledge map")
    assert 's0(["mathematics"]):::subject' in body
    assert 'k0["similar triangles<br/>mathematics/geometry/similar-triangles"]:::unknown' in body
    assert "s0 --- k0" in body


def test_the_map_colours_a_point_by_the_mastery_its_gap_states() -> None:
    angles = POINT.replace("similar-triangles", "angles").replace("# similar triangles", "# angles")
    dashboard = render(
        {
            f"{SUBJECT}/knowledge/geometry/similar-triangles.md": POINT,
            f"{SUBJECT}/knowledge/geometry/angles.md": angles,
            f"{SUBJECT}/knowledge-gaps/g.md": gap(
                "gap-g", mastery="learning", kid="mathematics/geometry/angles"
            ),
        }
    )
    body = section(dashboard, "Knowledge map")
    assert 'mathematics/geometry/angles"]:::learning' in body
    assert 'mathematics/geometry/similar-triangles"]:::unknown' in body


def test_rendering_is_deterministic_whatever_the_file_order() -> None:
    files = {
        f"{SUBJECT}/reviews/a.md": review("review-a", "planned", "2026-11-30"),
        f"{SUBJECT}/reviews/b.md": review("review-b", "planned", "2026-11-30"),
        f"{SUBJECT}/knowledge-gaps/x.md": gap("gap-x"),
        f"{SUBJECT}/knowledge-gaps/y.md": gap("gap-y"),
        f"{SUBJECT}/handoffs/h.md": handoff("sent", "2026-11-10"),
        f"{SUBJECT}/events/e.md": event("e", "2026-11-29", media=True),
    }
    assert render(files) == render(dict(reversed(list(files.items()))))
