"""What a ``maintenance`` run reconciles in the repository itself. Pure: snapshot in, findings out.

Protocol "Automation": maintenance reconciles unprocessed input, waiting feedback, stale views,
contradictory state and repeated evidence waiting for synthesis. Only one of these is safe to fix
without a learner or a model: the dashboard is generated, never a second truth, so a dashboard that
differs from what the records imply is regenerated (one commit). The others are *reported* in the
run's evidence, because resolving them needs judgment the offline bot does not have:

* waiting feedback: handoff packs still ``sent`` / ``awaiting-feedback``;
* contradictory state: two records claiming the same ``ID``;
* repeated evidence waiting for synthesis: a knowledge point with three or more evidence rows and
  no model record citing it (synthesis is the diagnose operation's work, not maintenance's).

Unprocessed input (parked events, comments whose webhooks were lost) lives outside the repository
and is handled by the worker.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import date

from bot.dashboard.page import DASHBOARD_PATH, dashboard_files, render_dashboard
from bot.dashboard.sections import WAITING_STATES
from bot.records.codec import table_rows
from bot.records.files import records
from bot.records.knowledge import EVIDENCE
from bot.snapshot import RepoSnapshot

SYNTHESIS_THRESHOLD = 3
UPDATED = re.compile(r"^Updated: (?P<day>\d{4}-\d{2}-\d{2})$", re.M)
UPDATED_BY = re.compile(r"^Updated by: (?P<who>.+)$", re.M)
NEXT_ACTION = re.compile(r"^- One next action: (?P<action>.+)$", re.M)
RECORD_KINDS = ("events", "knowledge-gaps", "models", "reviews", "handoffs", "sources")


@dataclass(frozen=True)
class Findings:
    """What needs a person (or a later operation): reported in the run's evidence, never auto-fixed."""

    waiting_feedback: tuple[str, ...] = ()
    contradictions: tuple[str, ...] = ()
    awaiting_synthesis: tuple[str, ...] = ()


def _stamp(current: str) -> tuple[str, str, str] | None:
    """The date, author and next action of a dashboard this bot generated; None for none or another file."""
    day, who, action = UPDATED.search(current), UPDATED_BY.search(current), NEXT_ACTION.search(current)
    if day is None or who is None or action is None:
        return None  # leave a learner's own file alone
    return day["day"], who["who"], action["action"]


def refreshed_dashboard(snapshot: RepoSnapshot, today: date, *, updated_by: str) -> str | None:
    """A regenerated ``dashboard.md`` when the current one differs from what the records imply; else None.

    The comparison renders with the current file's own date, author and next action, so a dashboard
    is stale only when its *content* is, never because a day passed (no timestamp churn). A
    repository without a dashboard is not maintenance's to create: setup writes it.
    """
    current = snapshot.read_text(DASHBOARD_PATH) or ""
    stamp = _stamp(current)
    if stamp is None:
        return None
    day, who, action = stamp
    as_recorded = render_dashboard(
        snapshot, today=date.fromisoformat(day), updated_by=who, new_records={}, next_action=action
    )
    if as_recorded.strip() == current.strip():
        return None
    return render_dashboard(snapshot, today=today, updated_by=updated_by, new_records={}, next_action=action)


def refreshed_views(snapshot: RepoSnapshot, today: date, *, updated_by: str) -> dict[str, str]:
    """``dashboard.md`` and its progress chart, regenerated together when either is stale; else empty.

    The chart is stale when it is missing or differs from what the records imply (it carries no date,
    so only a record changes it). Both views are written in the one commit, so they never disagree.
    """
    stamp = _stamp(snapshot.read_text(DASHBOARD_PATH) or "")
    if stamp is None:
        return {}
    views = dashboard_files(
        snapshot, today=today, updated_by=updated_by, new_records={}, next_action=stamp[2]
    )
    charts = {path: text for path, text in views.items() if path != DASHBOARD_PATH}
    stale_chart = any(snapshot.read_text(path) != text for path, text in charts.items())
    stale_text = refreshed_dashboard(snapshot, today, updated_by=updated_by) is not None
    return views if stale_text or stale_chart else {}


def findings(snapshot: RepoSnapshot) -> Findings:
    waiting = tuple(
        r.path
        for r in records(snapshot, "handoffs")
        if r.header.get("Status", "").strip("`") in WAITING_STATES
    )
    ids = Counter(
        r.header["ID"].strip("`")
        for kind in RECORD_KINDS
        for r in records(snapshot, kind)
        if r.header.get("ID")
    )
    contradictions = tuple(
        f"ID `{record_id}` is claimed by {n} records" for record_id, n in ids.items() if n > 1
    )
    models = " ".join(r.text for r in records(snapshot, "models"))
    repeated = tuple(
        r.path
        for r in records(snapshot, "knowledge")
        if len(table_rows(r.text, EVIDENCE)) >= SYNTHESIS_THRESHOLD
        and (point_id := r.header.get("Knowledge ID", "").strip("`"))
        and point_id not in models
    )
    return Findings(
        waiting_feedback=waiting, contradictions=tuple(sorted(contradictions)), awaiting_synthesis=repeated
    )
