"""Setup readiness computed from evidence, never from a hand-written flag.

The protocol's four cumulative labels: ``core-ready`` → ``knowledge-ready`` →
``automation-ready`` → ``full-ready``. A label is given only when its evidence
is present; missing capability is reported as ``incomplete`` with the reason.
"""

from __future__ import annotations

from bot.config import LearnerConfig


def setup_status(config: LearnerConfig, *, can_write: bool) -> str:
    """One receipt line: the highest verified level and what is still missing."""
    if not can_write:
        return "incomplete: the repository could not be written"
    missing = []
    if config.rag.status != "verified":
        missing.append(f"knowledge-ready not verified (RAG status `{config.rag.status}`, no verified ingest)")
    missing.append("automation-ready not verified (no observed recurring run)")
    return "core-ready; incomplete beyond that: " + "; ".join(missing)
