"""Run one recurring job for one repository under a given run key: the one entry every trigger shares.

The beat's dispatcher, a forge-side trigger (``POST /triggers/{job}``, a GitLab scheduled pipeline)
and schedule verification all end here, so they share the occurrence claim, the writer lock and the
base-revision check of :mod:`workers.maintenance` and :mod:`workers.due_review`: whichever wakes a
job first runs the occurrence, the others find it claimed.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import datetime
from typing import Any

from workers.due_review import deliver_once
from workers.events import WorkerRuntime
from workers.maintenance import maintain_once
from workers.occurrences import label_claim_key
from workers.repo_registry import RegisteredRepo
from workers.schedule_dispatch import DUE_REVIEW_JOB

ALREADY_RAN = "this occurrence already ran"


def run_job(
    runtime: WorkerRuntime, target: RegisteredRepo, job: str, label: str, *, now: datetime | None = None
) -> dict[str, Any]:
    """The run's result (``outcome``, ``skipped``, ``reason``, ...) as recorded for the occurrence."""
    if job == DUE_REVIEW_JOB:
        return asdict(deliver_once(runtime, target, label, now=now))
    return asdict(maintain_once(runtime, target, label, now=now))


def recorded_run(runtime: WorkerRuntime, label: str) -> dict[str, Any] | None:
    """The finished result Redis keeps for the run ``label``; None while it runs or if it never ran."""
    raw: bytes | None = runtime.redis.get(label_claim_key(label))  # type: ignore[assignment]
    if raw is None:
        return None
    try:
        found = json.loads(raw)
    except ValueError:
        return None  # "running since ...": a lease, not a result
    return found if isinstance(found, dict) else None
