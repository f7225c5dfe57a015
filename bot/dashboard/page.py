"""The generated dashboard: a current view, never a second source of truth.

It is rebuilt from canonical records on every change, so editing it by hand
has no lasting effect and it can never disagree with the records it lists.
It opens with a picture: the knowledge map (Mermaid, :mod:`bot.dashboard.knowledge_map`)
and the progress chart committed beside it (SVG, :mod:`bot.dashboard.chart`).
Every plan that regenerates the dashboard writes both through
:func:`dashboard_files`, so the chart is in the same commit as the records it counts.
"""

from __future__ import annotations

import heapq
from collections import Counter
from datetime import date

from bot.dashboard import sections
from bot.dashboard.chart import PROGRESS_CHART_PATH, render_chart
from bot.dashboard.knowledge_map import LEGEND, knowledge_map
from bot.dashboard.progress import Progress, progress
from bot.records.files import Record, goal_path, goal_statement, records
from bot.records.versions import is_superseded
from bot.snapshot import OverlaySnapshot, RepoSnapshot
from bot.text import one_line

DASHBOARD_PATH = "dashboard.md"
RECENT_EVENTS = 10


def _recent_events(current: list[Record]) -> list[dict[str, str]]:
    """The newest :data:`RECENT_EVENTS` current event records (by date, then ID) as rows; ties keep path
    order. Only those few become rows: the dashboard shows them, not the whole history."""
    newest = heapq.nlargest(RECENT_EVENTS, current, key=_newest_first)
    return [{**event.header, "Path": event.path} for event in newest]


def _newest_first(event: Record) -> tuple[str, str]:
    return event.header.get("Date", ""), event.header.get("ID", "")


def _subjects(snapshot: RepoSnapshot) -> list[str]:
    return sorted({p.split("/")[1] for p in snapshot.list_files("subjects") if p.count("/") >= 2})


def _goal_line(snapshot: RepoSnapshot, subject: str) -> str:
    text = snapshot.read_text(goal_path(subject))
    if not text:
        return "no goal recorded yet"
    return one_line(goal_statement(text), limit=80) or "goal file exists but states no goal"


def _picture(snapshot: RepoSnapshot, figures: Progress) -> list[str]:
    """The opening picture: the knowledge map, then the chart with its figures in words."""
    graph = knowledge_map(snapshot)
    chart = (
        [
            f"![Evidence and reviews per week, and mastery states]({PROGRESS_CHART_PATH})",
            "",
            f"In figures: {figures.summary()}.",
        ]
        if not figures.empty
        else [sections.NONE_RECORDED]
    )
    return [
        *sections.section("Knowledge map", [*graph, "", LEGEND] if graph else [sections.NONE_RECORDED]),
        *sections.section("Progress", chart),
    ]


def dashboard_files(
    snapshot: RepoSnapshot,
    *,
    today: date,
    updated_by: str,
    new_records: dict[str, str],
    next_action: str,
) -> dict[str, str]:
    """``dashboard.md`` and, once there is a record to chart, the chart it shows: one plan's writes.

    Both are computed from the same records (``snapshot`` plus the planned ``new_records``), so the
    figures in the chart, in the dashboard's sentence and in the records agree in the one commit.
    """
    records = OverlaySnapshot(snapshot, new_records)
    figures = progress(records)
    text = _render(records, figures, today=today, updated_by=updated_by, next_action=next_action)
    chart = {} if figures.empty else {PROGRESS_CHART_PATH: render_chart(figures)}
    return {DASHBOARD_PATH: text, **chart}


def render_dashboard(
    snapshot: RepoSnapshot,
    *,
    today: date,
    updated_by: str,
    new_records: dict[str, str],
    next_action: str,
) -> str:
    """Rebuild ``dashboard.md`` from the records in ``snapshot`` plus ``new_records`` (planned writes)."""
    records = OverlaySnapshot(snapshot, new_records)
    return _render(records, progress(records), today=today, updated_by=updated_by, next_action=next_action)


def _render(
    snapshot: RepoSnapshot, figures: Progress, *, today: date, updated_by: str, next_action: str
) -> str:
    current = [event for event in records(snapshot, "events") if not is_superseded(event.header)]
    subjects = _subjects(snapshot)
    recorded = Counter(event.header.get("Subject") for event in current)
    subject_lines = [
        f"| {s} | {_goal_line(snapshot, s)} | {recorded[s]} | `subjects/{s}/` |" for s in subjects
    ]
    event_lines = [
        f"| {row.get('Date', '')} | {row.get('Channel', '')} | {one_line(row.get('Title', ''), limit=60)} "
        f"| reported | {sections.link(row.get('ID', '') or row['Path'], row['Path'])} |"
        for row in _recent_events(current)
    ]
    return "\n".join(
        [
            "# Learning Dashboard",
            "",
            "> Generated from the records below by GitLearnOS Bot; edit the records, not this file.",
            "> A section with no matching record says so instead of showing placeholder rows.",
            "",
            f"Updated: {today.isoformat()}",
            f"Updated by: {updated_by}",
            "Repository state: `active`",
            "Configuration: `gitlearnos.yml`",
            "",
            *_picture(snapshot, figures),
            "## Subject overview",
            "",
            *sections.table(["Subject", "Active goal", "Recorded events", "Subject path"], subject_lines),
            "",
            "## Do now",
            "",
            f"- One next action: {next_action}",
            "",
            *sections.inputs_section(snapshot),
            *sections.waiting_section(snapshot),
            *sections.reviews_section(snapshot, today),
            *sections.gaps_section(snapshot),
            "## Recent learning events",
            "",
            *sections.table(["Date", "Channel", "What happened", "Evidence type", "Link"], event_lines),
            "",
        ]
    )
