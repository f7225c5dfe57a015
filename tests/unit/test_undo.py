"""Undo reverts the bot's last learning commit with a new commit, and never overwrites later work."""

from __future__ import annotations

from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.snapshot import CommitSummary, MemorySnapshot
from bot.trailers import TRAILER_OPERATION, TRAILER_REVERTS
from tests.support.learner import NOW, issue_event, learner_repo

RECORD = "subjects/mathematics/events/2026-11-30-note.md"
OLD_DASHBOARD = "# Learning Dashboard\nold\n"
NEW_DASHBOARD = "# Learning Dashboard\nnew\n"
ORGANIZE = CommitSummary(
    id="c" * 40,
    parent="b" * 40,
    subject="Record study note: similar triangles",
    author="GitLearnOS Bot",
    trailers=((TRAILER_OPERATION, "organize"),),
    paths=("dashboard.md", RECORD),
)
LEARNER = CommitSummary(
    id="b" * 40, parent="a" * 40, subject="My notes", author="Alice", paths=("notes/x.md",)
)


def repo_after_organize(
    commits: tuple[CommitSummary, ...] = (ORGANIZE, LEARNER), mode: str = "safe-auto", **changes: str
) -> MemorySnapshot:
    base = learner_repo()
    files = {
        p: base.read_text(p) or "" for p in ("gitlearnos.yml", "subjects/mathematics/goals/main-goal.md")
    }
    files["gitlearnos.yml"] = files["gitlearnos.yml"].replace("safe-auto", mode)
    files |= {"dashboard.md": NEW_DASHBOARD, RECORD: "# note\n"} | changes
    versions = {
        (ORGANIZE.id, "dashboard.md"): NEW_DASHBOARD,
        (ORGANIZE.id, RECORD): "# note\n",
        (LEARNER.id, "dashboard.md"): OLD_DASHBOARD,
    }
    return MemorySnapshot(files, head=commits[0].id, commits=commits, versions=versions)


def undo(text: str = "Please undo the last update.", snapshot: MemorySnapshot | None = None):  # type: ignore[no-untyped-def]
    event = issue_event(kind=EventKind.COMMENT_CREATED, comment=text)
    return plan_event(event, snapshot or repo_after_organize(), now=NOW, agent=RuleAgent())


def test_undo_restores_every_file_of_the_last_learning_commit() -> None:
    plan = undo()
    assert plan.outcome is Outcome.COMMITTED
    assert {w.path: w.content for w in plan.writes} == {"dashboard.md": OLD_DASHBOARD}
    assert plan.deletes == (RECORD,)
    assert plan.commit is not None
    assert (TRAILER_REVERTS, ORGANIZE.id) in plan.commit.trailers
    assert (TRAILER_OPERATION, "undo") in plan.commit.trailers
    assert plan.receipt is not None and set(plan.receipt.changed_files) == {"dashboard.md", RECORD}


def test_slash_command_works_too() -> None:
    assert undo("/gitlearnos undo").outcome is Outcome.COMMITTED


def test_nothing_to_undo_changes_nothing() -> None:
    plan = undo(snapshot=repo_after_organize(commits=(LEARNER,)))
    assert plan.outcome is Outcome.UNCHANGED and plan.commit is None
    assert "no learning update of mine left to undo" in plan.replies[0].text


def test_a_file_changed_since_blocks_the_undo_and_names_it() -> None:
    plan = undo(snapshot=repo_after_organize(**{RECORD: "# note\nmy own addition\n"}))
    assert plan.outcome is Outcome.REQUIRES_APPROVAL and plan.commit is None
    assert RECORD in plan.replies[0].text


def test_an_undone_commit_is_not_undone_twice() -> None:
    reverted = CommitSummary(id="d" * 40, parent=ORGANIZE.id, trailers=((TRAILER_REVERTS, ORGANIZE.id),))
    assert (
        undo(snapshot=repo_after_organize(commits=(reverted, ORGANIZE, LEARNER))).outcome is Outcome.UNCHANGED
    )


def test_undo_respects_preview_mode() -> None:
    plan = undo(snapshot=repo_after_organize(mode="preview"))
    assert plan.outcome is Outcome.PREVIEW and plan.commit is None
