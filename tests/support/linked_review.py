"""A learner repository holding an event, the knowledge gap it showed and a review that checks the gap, all
linked; the due-review issue that delivers the review, and the learner's answer on it.
"""

from __future__ import annotations

from datetime import UTC, datetime

from bot.config import parse_config
from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.review.due_review import (
    plan_due_review,
)
from bot.snapshot import MemorySnapshot
from tests.support.learner import CONFIG, issue_event, learner_repo

EVENT_PATH = "subjects/mathematics/events/2026-11-26-scale-factor.md"
GAP_PATH = "subjects/mathematics/knowledge-gaps/scale-factor.md"
REVIEW_PATH = "subjects/mathematics/reviews/review-scale-factor.md"
FOLLOW_UP_PATH = "subjects/mathematics/reviews/review-scale-factor-check-2026-12-02.md"
OCCURRENCE = "due-review/github:github.com/alice/learning/2026-11-28"
EVENT = """# Scale factor in class

ID: `event-2026-11-26-scale-factor`
Date: 2026-11-26
Subject: mathematics
Source locator: class notes

## Learner-provided event

> In class we had AB = 3 cm, DE = 6 cm, BC = 5 cm, so EF = 10 cm. I had used BC/AB instead of DE/AB.
"""


GAP = """# Knowledge Gap: scale factors of similar triangles

ID: `gap-scale-factor`
Resolution: `open`
Mastery: `{mastery}`
Subject: mathematics
Knowledge ID: mathematics/similarity/scale-factor
Updated: 2026-11-26

## Evidence

| Date | Channel | Observation or learner report | Independence or support | Link |
|---|---|---|---|---|
| 2026-11-26 | class | used the wrong ratio | with teacher | [event](../events/2026-11-26-scale-factor.md) |

## Next action

- Action: a delayed check
"""


REVIEW = """# Check: scale factor

ID: `review-scale-factor`
Origin: `planned`
Depends on (goal/gap/model/event IDs): `event-2026-11-26-scale-factor`, `gap-scale-factor`
Status: `planned`
Subject: mathematics
Purpose: `{purpose}`
Due: 2026-11-28
Gap link: [gap-scale-factor](../knowledge-gaps/scale-factor.md)

## Why these questions now

- Selection reason: the scale-factor gap is due for a delayed check.

## Questions

1. Triangle ABC ~ DEF with AB = 4 cm and DE = 8 cm. BC = 6 cm. How long is EF?

## Answer or success condition

- Expected answer: 12 cm

## Learner answer

- Not attempted yet.
"""


ANSWER_DAY = datetime(2026, 11, 30, 9, 15, tzinfo=UTC)
NOTES = "Answer: 12 cm\nThe ratio DE/AB is 2, so EF = 2 × BC. I did it without my notes."


def files_after(snapshot: MemorySnapshot, plan: Plan) -> dict[str, str]:
    """Every file of ``snapshot`` with ``plan``'s writes applied (the repository after its commit)."""
    paths = [*snapshot.list_files("subjects"), *snapshot.list_files("notes"), "gitlearnos.yml"]
    return {p: snapshot.read_text(p) or "" for p in paths} | {w.path: w.content for w in plan.writes}


def delivered(mastery: str = "learning", purpose: str = "transfer") -> tuple[MemorySnapshot, str]:
    """A repository whose review went out in a due-review issue, and that issue's body."""
    base = learner_repo(
        **{
            EVENT_PATH: EVENT,
            GAP_PATH: GAP.format(mastery=mastery),
            REVIEW_PATH: REVIEW.format(purpose=purpose),
        }
    )
    config = parse_config(CONFIG).config
    due = plan_due_review(
        base, config, datetime(2026, 11, 28, 12, 0), occurrence=OCCURRENCE, agent=RuleAgent()
    )
    body = due.issue_body(commit_id="c" * 40, branch="main", remote=None)
    return MemorySnapshot(files_after(base, due.plan), head="b" * 40), body


def answer(snapshot: MemorySnapshot, issue_body: str, words: str = NOTES, now: datetime = ANSWER_DAY) -> Plan:
    event = issue_event(
        issue_body, title="Due review", kind=EventKind.COMMENT_CREATED, comment=words, number=12
    )
    return plan_event(event, snapshot, now=now, agent=RuleAgent())


def written(plan: Plan, path: str) -> str:
    return next(w.content for w in plan.writes if w.path == path)


def gap_linked_repo() -> MemorySnapshot:
    """A due review that links an event and a gap whose evidence states the learner's problem."""
    return learner_repo(
        **{
            EVENT_PATH: EVENT,
            GAP_PATH: GAP.format(mastery="learning"),
            REVIEW_PATH: REVIEW.format(purpose="transfer").replace("2026-11-28", "2026-11-30"),
        }
    )
