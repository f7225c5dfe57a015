"""A learner who asked for a handoff to a teacher: the repository with the attempt and the gap it names, the
request's plan, and the teacher's comments and reviews on the pull request that carries the pack.
"""

from __future__ import annotations

from bot.handle import plan_event
from bot.intake.events import (
    Actor,
    Comment,
    EventKind,
    InboundEvent,
    Review,
    ReviewState,
    Thread,
    build_event,
)
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.snapshot import MemorySnapshot, OverlaySnapshot
from tests.support.learner import COMMENT_KINDS, CONFIG, NOW, REPO, issue_event, learner_repo

TEACHER_CONFIG = CONFIG.replace("  push: true\n", "  push: true\n  teachers: [mr-smith]\n")
ATTEMPT_PATH = "subjects/mathematics/events/2026-11-20-similar-triangles-attempt.md"
ATTEMPT = """\
# Similar triangles attempt

ID: `event-2026-11-20-similar-triangles-attempt`
Source locator: worksheet 4, problem 2

## Learner-provided event

The learner's note, preserved as written:

> I wrote triangle ABC ~ triangle EDF because the sides looked proportional.
"""


GAP_PATH = "subjects/mathematics/knowledge-gaps/similarity-order.md"
GAP = """\
# Knowledge Gap

ID: `gap-similarity-order`
Resolution: `open`
Mastery: `learning`
Subject: mathematics

## Observable problem

Writes the similarity statement before fixing corresponding vertices.

## Evidence

| Date | Channel | Observation | Support | Link |
|---|---|---|---|---|
| 2026-11-20 | note | wrong order | none | [attempt](../events/2026-11-20-similar-triangles-attempt.md) |

## External resolution, optional

- Feedback source:
- Resolution summary:
- Original attempt preserved at:

## Next action

- Action: AI re-teaches how to match corresponding vertices
- Date or next handoff:
"""


def repo(**extra: str) -> MemorySnapshot:
    files = {"gitlearnos.yml": TEACHER_CONFIG, ATTEMPT_PATH: ATTEMPT, GAP_PATH: GAP} | extra
    return learner_repo(**files)


def plan(event: InboundEvent, snapshot: MemorySnapshot | OverlaySnapshot) -> Plan:
    return plan_event(event, snapshot, now=NOW, agent=RuleAgent())


def request(snapshot: MemorySnapshot | None = None) -> Plan:
    """The learner's handoff request, on ``snapshot`` (the default repository when none is given)."""
    return plan(
        issue_event("Prepare this for my teacher. Question: why must the vertices match?"), snapshot or repo()
    )


def after(snapshot: MemorySnapshot | OverlaySnapshot, result: Plan) -> OverlaySnapshot:
    return OverlaySnapshot(snapshot, {w.path: w.content for w in result.writes})


def pr_event(
    body: str,
    *,
    login: str = "mr-smith",
    kind: EventKind = EventKind.COMMENT_CREATED,
    review: ReviewState | None = None,
    comment_id: int = 501,
) -> InboundEvent:
    pull = request().pull_request
    assert pull is not None
    return build_event(
        dict(
            forge=REPO.forge,
            delivery_id=f"d-{comment_id}",
            kind=kind,
            repo=REPO,
            actor=Actor(login=login, id=5),
            thread=Thread(
                number=8, title=pull.title, body=pull.body, is_pull_request=True, url="https://x/pull/8"
            ),
            comment=Comment(id=comment_id, body=body) if review is None and kind in COMMENT_KINDS else None,
            review=Review(id=comment_id, state=review, body=body) if review is not None else None,
            occurred_at=NOW,
        )
    )
