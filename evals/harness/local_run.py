"""Context of a scenario that runs without any forge: the learner's own checkout (scenario 07)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from evals.harness.checks import CheckRecorder


@dataclass
class LocalRun:
    scenario: str
    workdir: Path
    checks: CheckRecorder = field(default_factory=CheckRecorder)
