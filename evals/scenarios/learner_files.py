"""Initial learner repositories for the scenarios, built from the demo's learner files.

The demo's repository (config, a mathematics goal, one unrelated learner file) is exactly scenario 02's
initial state, so every scenario starts from it and changes only what its "Initial state" differs in:
the write mode, push authorization, the subject, or extra records.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from evals.demo import LEARNER_FILES

CONFIG = "gitlearnos.yml"
UNRELATED_FILE = "notes/shopping.txt"
MATHS_GOAL = "subjects/mathematics/goals/main-goal.md"


def goal_card(subject: str, goal: str) -> str:
    """An active main goal in the protocol's goal-card shape (as the demo's mathematics goal)."""
    header = f"# Learning Goal\n\nStatus: `active`\nSubject: {subject}\nTrack: `self-study`\n"
    return f"{header}\n## Goal\n\n- {goal}\n"


def learner_files(
    *,
    mode: str | None = None,
    push: bool | None = None,
    subject: str | None = None,
    goal: str | None = None,
    extra: Mapping[str, str] | None = None,
    external_model: str | None = None,
) -> dict[str, str]:
    """The demo's learner files with the given config changes; a new ``subject`` replaces the goal too."""
    files = dict(LEARNER_FILES)
    config: dict[str, Any] = yaml.safe_load(files[CONFIG])
    if mode is not None:
        config["mode"] = mode
    if push is not None:
        config["authorization"]["push"] = push
    if external_model is not None:
        config["authorization"]["external_model"] = external_model
    if subject is not None:
        answers = config["setup"]["answers"]
        answers["subject"] = subject
        answers["goal"] = goal or answers["goal"]
        del files[MATHS_GOAL]
        files[f"subjects/{subject}/goals/main-goal.md"] = goal_card(subject, answers["goal"])
    if (mode, push, subject, external_model) != (None, None, None, None):
        files[CONFIG] = yaml.safe_dump(config, sort_keys=False, allow_unicode=True)
    files.update(extra or {})
    return files
