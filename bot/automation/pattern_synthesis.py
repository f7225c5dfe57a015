"""Maintenance's share of synthesis: gaps whose repeated situation earned a model that nobody wrote yet.

Protocol "Automation": maintenance reconciles repeated evidence waiting for synthesis. A gap that already
holds two distinct observations of one recognised situation (see :mod:`bot.diagnose.fingerprint`) but
composes with no model — filled by hand, by an earlier bot, or by a note whose synthesis was skipped — gets
exactly what organize would have written (:func:`bot.diagnose.synthesis.synthesize`): the events linked,
the gap updated, one model and one planned transfer task. Pure: snapshot in, writes out. A gap that
already composes with a model is left alone, so running maintenance again changes nothing.
"""

from __future__ import annotations

from datetime import date

from bot.diagnose.fingerprint import recorded_situation
from bot.diagnose.synthesis import synthesize
from bot.records.files import goal_path, records
from bot.snapshot import OverlaySnapshot, RepoSnapshot

COMPOSES_WITH = "Composes with (model/review IDs)"


def synthesis_writes(snapshot: RepoSnapshot, today: date) -> dict[str, str]:
    """Every record the waiting syntheses write (events, gaps, models, transfer tasks); empty for none."""
    writes: dict[str, str] = {}
    for gap in records(snapshot, "knowledge-gaps"):
        situation = recorded_situation(gap.subject, gap.text)
        if situation is None or "model-" in gap.header.get(COMPOSES_WITH, ""):
            continue
        done = synthesize(
            OverlaySnapshot(snapshot, writes), situation=situation,
            gap_id=gap.header.get("ID", "").strip("`"), gap_path=gap.path,
            gap_content=writes.get(gap.path, gap.text), day=today,
            goal_linked=snapshot.read_text(goal_path(gap.subject)) is not None,
        )  # fmt: skip
        if done is not None:
            writes |= {**done.writes, gap.path: done.gap_content}
    return writes
