"""Scenario 18, no over-diagnosis of expected new learning.

Initial state: the demo's repository (a mathematics goal; nothing on derivatives, no failed attempt).
The learner sends the scenario's message, once in English and once in Chinese, each as a new issue.
Judged by outcome: the reply starts teaching (a plan, at most one scoping question) instead of probing;
no hypothesis list is written anywhere, no knowledge gap is written (a learning intention, if recorded,
stays at ``anomaly`` or ``suspected``), and at most one commit records the note.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import new_records
from evals.harness.repo_state import RepoState
from evals.scenarios.diagnosis_records import (
    REQUIRED_CLASSES,
    asked_part,
    field,
    hypothesis_statuses,
    question_count,
)
from evals.scenarios.learner_files import learner_files

NUMBER = "18"
TITLE = "No over-diagnosis of new learning"
MESSAGES = (
    ("english", "Derivatives", "I have not studied derivatives yet. Please teach me."),
    ("chinese", "导数", "我没学过导数，你教我吧。"),
)
PLAN = re.compile(r"^\s*(?:\d+[.)]|[-*])\s+\S", re.M)
PROBE_TALK = re.compile(r"stop-probe gate|supported-write gate|hypothes[ie]s", re.I)
AT_MOST = ("", "anomaly", "suspected")


def run(ctx: ForgeRun) -> Sequence[Check]:
    checks = ctx.checks
    repo = ctx.create_repository("teach", learner_files())
    for language, title, message in MESSAGES:
        with checks.section(language):
            before = repo.observe()
            number = repo.open_issue(title, message)
            reply = repo.wait_for_replies(number)[-1]
            judge(checks, before, repo.observe(), reply)
    return checks.results


def _first_word(value: str) -> str:
    """The state a field names first (``anomaly`` of "`anomaly` (a learning intention)")."""
    return value.split(" ", 1)[0].strip("`") if value else ""


def judge(checks: CheckRecorder, before: RepoState, after: RepoState, reply: str) -> None:
    asked = asked_part(reply)
    checks.expect(
        "a teaching start: a plan and at most one scoping question",
        bool(PLAN.search(asked)) and question_count(asked) <= 1,
        f"plan steps: {len(PLAN.findall(asked))}; {question_count(asked)} question(s)",
    )
    changed = {p: after.files[p] for p in after.changed_paths(before) if p in after.files}
    listed = {p: sorted(set(hypothesis_statuses(t)) & set(REQUIRED_CLASSES)) for p, t in changed.items()}
    listed = {p: classes for p, classes in listed.items() if classes}
    checks.expect(
        "no hypothesis list or probe before teaching",
        not listed and not PROBE_TALK.search(asked),
        f"hypothesis tables: {listed or 'none'}; probe talk: {bool(PROBE_TALK.search(asked))}",
    )
    gaps = new_records(before, after, "knowledge-gaps")
    interpretations = {p: _first_word(field(t, "Interpretation lifecycle")) for p, t in changed.items()}
    beyond = {p: v for p, v in interpretations.items() if v not in AT_MOST}
    checks.expect(
        "no supported gap from the self-report",
        not gaps and not beyond,
        f"new gaps: {gaps or 'none'}; interpretations beyond suspected: {beyond or 'none'}",
    )
    commits = after.commits_since(before)
    checks.expect("at most one commit", len(commits) <= 1, f"{len(commits)} new commit(s)")
