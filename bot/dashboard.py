"""The generated dashboard: a current view, never a second source of truth.

It is rebuilt from canonical records on every change, so editing it by hand
has no lasting effect and it can never disagree with the records it lists.
"""

from __future__ import annotations

from datetime import date

from bot import dashboard_sections as sections
from bot.knowledge import all_points, knowledge_map
from bot.records import read_header
from bot.snapshot import OverlaySnapshot, RepoSnapshot
from bot.text import one_line

DASHBOARD_PATH = "dashboard.md"
RECENT_EVENTS = 10


def _event_rows(snapshot: RepoSnapshot) -> list[dict[str, str]]:
    paths = {p for p in snapshot.list_files("subjects") if "/events/" in p and p.endswith(".md")}
    rows = []
    for path in paths:
        text = snapshot.read_text(path) or ""
        header = read_header(text)
        header["Path"] = path
        rows.append(header)
    rows.sort(key=lambda row: (row.get("Date", ""), row.get("ID", "")), reverse=True)
    return rows


def _subjects(snapshot: RepoSnapshot) -> list[str]:
    return sorted({p.split("/")[1] for p in snapshot.list_files("subjects") if p.count("/") >= 2})


def _goal_line(snapshot: RepoSnapshot, subject: str) -> str:
    text = snapshot.read_text(f"subjects/{subject}/goals/main-goal.md")
    if not text:
        return "no goal recorded yet"
    body = text.split("## Goal", 1)[-1] if "## Goal" in text else text
    for line in body.splitlines():
        stripped = line.strip().lstrip("-").strip()
        if stripped and not stripped.startswith("#"):
            return one_line(stripped, limit=80)
    return "goal file exists but states no goal"


def render_dashboard(
    snapshot: RepoSnapshot,
    *,
    today: date,
    updated_by: str,
    new_records: dict[str, str],
    next_action: str,
) -> str:
    """Rebuild ``dashboard.md`` from the records in ``snapshot`` plus ``new_records`` (planned writes)."""
    snapshot = OverlaySnapshot(snapshot, new_records)
    rows = _event_rows(snapshot)
    subjects = _subjects(snapshot)
    points = all_points(snapshot)
    # The map and the gap table read mastery from the same gap records, so they cannot disagree.
    graph = knowledge_map(points, sections.mastery_from_gaps(snapshot))
    counts = {s: sum(1 for r in rows if r.get("Subject") == s) for s in subjects}
    subject_lines = [f"| {s} | {_goal_line(snapshot, s)} | {counts[s]} | `subjects/{s}/` |" for s in subjects]
    event_lines = [
        f"| {row.get('Date', '')} | {row.get('Channel', '')} | {one_line(row.get('Title', ''), limit=60)} "
        f"| reported | {sections.link(row.get('ID', '') or row['Path'], row['Path'])} |"
        for row in rows[:RECENT_EVENTS]
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
            *sections.knowledge_section(snapshot, points, graph),
            "## Recent learning events",
            "",
            *sections.table(["Date", "Channel", "What happened", "Evidence type", "Link"], event_lines),
            "",
        ]
    )
