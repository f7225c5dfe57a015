"""The dashboard's record-driven sections: inputs, waiting feedback, due reviews, gaps.

Each section lists only records that exist in the repository and shows only what
their header states; a value a record does not state (or states outside the
protocol's vocabulary) is shown as ``unknown`` or ``not recorded``, never guessed.
Every row links the record by its repository-relative canonical path, which is
also relative to ``dashboard.md`` at the repository root.
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

from bot.records.codec import PARSE_CACHE, read_header, table_lines
from bot.records.files import Record, records
from bot.records.knowledge import MASTERY_STATES
from bot.snapshot import RepoSnapshot
from bot.text import one_line

NONE_RECORDED = "None recorded."
NOT_RECORDED = "not recorded"

INPUT_MARKERS = ("needs-input", "needs-transcription", "not-yet-read")
WAITING_STATES = ("sent", "awaiting-feedback")
DESTINATIONS = ("teacher", "tutor", "peer", "other-agent", "other")
PURPOSES = ("diagnostic", "practice", "variation", "transfer", "review", "exam")
RESOLUTIONS = ("open", "needs-check", "resolved")
GAP_ORDER = ("open", "needs-check", "unknown", "resolved")  # unresolved work first
ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def link(text: str, path: str) -> str:
    target = f"<{path}>" if " " in path else path
    return f"[{text}]({target})"


def _known(value: str, allowed: tuple[str, ...], default: str) -> str:
    return value if value in allowed else default


def _stated(value: str) -> str:
    return one_line(value, limit=40) if value else NOT_RECORDED


def table(columns: list[str], rows: list[str]) -> list[str]:
    return table_lines(columns, rows) if rows else [NONE_RECORDED]


def section(title: str, body: list[str]) -> list[str]:
    return [f"## {title}", "", *body, ""]


@lru_cache(maxsize=PARSE_CACHE)
def _input_marker(text: str) -> str | None:
    """The need-input marker an event states: its header ``Status`` or a marker line outside the quote.

    Memoized on the record's text (pure, immutable input): every dashboard rebuild reads every event.
    """
    status = read_header(text).get("Status", "")
    if status in INPUT_MARKERS:
        return status
    body = text.split("\n## ", 1)[-1]
    for line in body.splitlines():
        if line.startswith(">"):
            continue  # the learner's own words: quoting a marker does not set one
        for marker in INPUT_MARKERS:
            if f"`{marker}`" in line:
                return marker
    return None


def inputs_section(snapshot: RepoSnapshot) -> list[str]:
    flagged = [(r, m) for r in records(snapshot, "events") if (m := _input_marker(r.text)) is not None]
    flagged.sort(key=lambda item: (item[0].header.get("Date", ""), item[0].path))
    rows = [
        f"| {_stated(r.header.get('Date', ''))} | {one_line(r.header.get('Title', ''), limit=60) or r.label} "
        f"| {_stated(r.header.get('Channel', ''))} | `{marker}` | {link(r.label, r.path)} |"
        for r, marker in flagged
    ]
    return section("Inputs to organize", table(["Date", "Input", "Channel", "Status", "Link"], rows))


def waiting_section(snapshot: RepoSnapshot) -> list[str]:
    waiting = [r for r in records(snapshot, "handoffs") if r.header.get("Status", "") in WAITING_STATES]
    waiting.sort(key=lambda r: (r.header.get("Planned or sent", ""), r.path))
    rows = [
        f"| {one_line(r.header.get('Title', ''), limit=60) or r.label} "
        f"| {_known(r.header.get('Destination', ''), DESTINATIONS, NOT_RECORDED)} "
        f"| {_stated(r.header.get('Planned or sent', ''))} | `{r.header['Status']}` "
        f"| {link(r.label, r.path)} |"
        for r in waiting
    ]
    columns = ["Question", "Destination", "Sent", "State", "Handoff pack"]
    return section("Waiting for external feedback", table(columns, rows))


def due_day(record: Record) -> date | None:
    """The ``Due`` day a review states; None when it states none, or a date-shaped non-day (2026-02-30)."""
    value = record.header.get("Due", "")
    try:
        return date.fromisoformat(value) if ISO_DAY.match(value) else None
    except ValueError:
        return None


def reviews_section(snapshot: RepoSnapshot, today: date) -> list[str]:
    """Planned reviews by due date (stated dates first, then undated ones); due ones marked."""
    planned = [(r, due_day(r)) for r in records(snapshot, "reviews") if r.header.get("Status") == "planned"]
    planned.sort(key=lambda item: (item[1] is None, item[1] or date.min, item[0].path))
    rows = []
    for record, due in planned:
        state = "no due date" if due is None else ("**due**" if due <= today else "upcoming")
        purpose = _known(record.header.get("Purpose", ""), PURPOSES, NOT_RECORDED)
        rows.append(
            f"| {due.isoformat() if due else NOT_RECORDED} | {state} | {record.subject} | {purpose} "
            f"| {link(record.label, record.path)} |"
        )
    columns = ["Due", "State", "Subject", "Purpose", "Link"]
    return section("Due questions and reviews", table(columns, rows))


def _stated_mastery(record: Record) -> str | None:
    """The gap's mastery as stated (``Mastery state`` or the template's ``Mastery``), if in vocabulary."""
    stated = record.header.get("Mastery state") or record.header.get("Mastery", "")
    return stated if stated in MASTERY_STATES else None


def gap_mastery(record: Record) -> str:
    return _stated_mastery(record) or "unknown"


def mastery_from_gaps(snapshot: RepoSnapshot) -> dict[str, str]:
    """Mastery per knowledge ID as gap records state it (the only place mastery lives; later paths win)."""
    found: dict[str, str] = {}
    for record in records(snapshot, "knowledge-gaps"):
        knowledge_id, state = record.header.get("Knowledge ID", ""), _stated_mastery(record)
        if knowledge_id and state is not None:
            found[knowledge_id] = state
    return found


def point_path(knowledge_id: str) -> str | None:
    parts = knowledge_id.split("/")
    return f"subjects/{parts[0]}/knowledge/{parts[1]}/{parts[2]}.md" if len(parts) == 3 else None


def _knowledge_cell(snapshot: RepoSnapshot, knowledge_id: str) -> str:
    if not knowledge_id:
        return NOT_RECORDED
    path = point_path(knowledge_id)
    if path is not None and snapshot.read_text(path) is not None:
        return link(f"`{knowledge_id}`", path)
    return f"`{one_line(knowledge_id, limit=80)}` (no record at its canonical path)"


def gaps_section(snapshot: RepoSnapshot) -> list[str]:
    order = {state: rank for rank, state in enumerate(GAP_ORDER)}
    gaps = [
        (r, _known(r.header.get("Resolution", ""), RESOLUTIONS, "unknown"))
        for r in records(snapshot, "knowledge-gaps")
    ]
    gaps.sort(key=lambda item: (order[item[1]], item[0].subject, item[0].label, item[0].path))
    rows = [
        f"| {record.subject} | `{resolution}` | `{gap_mastery(record)}` "
        f"| {_knowledge_cell(snapshot, record.header.get('Knowledge ID', ''))} "
        f"| {link(record.label, record.path)} |"
        for record, resolution in gaps
    ]
    columns = ["Subject", "Resolution", "Mastery", "Knowledge point", "Link"]
    return section("Active knowledge gaps", table(columns, rows))
