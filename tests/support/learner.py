"""Builders for core tests: events and learner repositories in memory."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.intake.events import Actor, Comment, EventKind, Forge, InboundEvent, RepoRef, Thread, build_event
from bot.snapshot import MemorySnapshot

COMMENT_KINDS = frozenset({EventKind.COMMENT_CREATED, EventKind.COMMENT_EDITED, EventKind.REVIEW_COMMENT})

NOW = datetime(2026, 11, 30, 9, 15, tzinfo=UTC)
REPO = RepoRef(
    forge=Forge.GITHUB,
    host="github.com",
    full_name="alice/learning",
    default_branch="main",
    clone_url="https://github.com/alice/learning.git",
    private=True,
)

CONFIG = """\
protocol: "2.0-draft"
mode: safe-auto
authorization:
  automatic_writes: true
  commits: true
  push: true
privacy:
  repository: private
setup:
  answers:
    subject: mathematics
"""

GOAL = """\
# Learning Goal

Status: `active`
Subject: mathematics

## Goal

- Pass the geometry unit test on similar triangles.
"""

NOTE = (
    "In class I learned that corresponding vertices must be fixed before writing a "
    "triangle-similarity statement. Save this and connect it to my geometry work."
)


def learner_repo(**extra: str) -> MemorySnapshot:
    files = {
        "gitlearnos.yml": CONFIG,
        "subjects/mathematics/goals/main-goal.md": GOAL,
        "notes/private-todo.txt": "buy graph paper\n",
    }
    files.update(extra)
    return MemorySnapshot(files, head="a" * 40)


def issue_event(
    body: str = NOTE,
    *,
    title: str = "Similar triangles: fix corresponding vertices first",
    login: str = "alice",
    is_bot: bool = False,
    kind: EventKind = EventKind.ISSUE_OPENED,
    labels: tuple[str, ...] = (),
    number: int = 7,
    repo: RepoRef = REPO,
    comment: str | None = None,
    is_pull_request: bool = False,
) -> InboundEvent:
    return build_event(
        dict(
            forge=Forge.GITHUB,
            delivery_id="d-1",
            kind=kind,
            repo=repo,
            actor=Actor(login=login, id=1, is_bot=is_bot),
            thread=Thread(
                number=number,
                title=title,
                body=body,
                labels=labels,
                url=f"https://github.com/alice/learning/issues/{number}",
                is_pull_request=is_pull_request,
            ),
            comment=Comment(id=99, body=comment or "")
            if comment is not None or kind in COMMENT_KINDS
            else None,
            occurred_at=NOW,
        )
    )
