"""Setup readiness computed from evidence, never from a hand-written flag.

The protocol's four cumulative labels: ``core-ready`` → ``knowledge-ready`` →
``automation-ready`` → ``full-ready``. A label is given only when its evidence
is present; missing capability is reported as ``incomplete`` with the reason.
"""

from __future__ import annotations

from bot.automation.record import automation_ready
from bot.config import LearnerConfig


def setup_status(config: LearnerConfig, *, can_write: bool, automation: str | None = None) -> str:
    """One receipt line: the highest verified level and what is still missing.

    ``automation`` is the text of ``automation.md``; both jobs recorded ``verified`` there (written
    only from observed runs, see :mod:`bot.automation.record`) is the evidence for automation-ready.
    """
    if not can_write:
        return "incomplete: the repository could not be written"
    missing = []
    if config.rag.status != "verified":
        missing.append(f"knowledge-ready not verified (RAG status `{config.rag.status}`, no verified ingest)")
    if not automation_ready(automation):
        missing.append("automation-ready not verified (no observed recurring run)")
    elif missing:
        missing.append("both recurring jobs are verified in automation.md, but the levels are cumulative")
    if not missing:
        return "full-ready: core, knowledge and automation are verified"
    return "core-ready; incomplete beyond that: " + "; ".join(missing)
