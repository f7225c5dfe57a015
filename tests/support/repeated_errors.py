"""Two same-pattern mistakes planned one after the other through :func:`bot.handle.plan_event` (scenario 14).

Shared by the synthesis, model-evidence and gap-dependency tests: the first note opens a gap; the second,
another problem in other words with the same situation, is planned two days later on the committed first.
"""

from __future__ import annotations

from datetime import timedelta

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.snapshot import MemorySnapshot
from tests.support.learner import NOW, issue_event, learner_repo

SUBJECT = "subjects/mathematics"
FIRST = "In class I chose BC/AB instead of DE/AB for the scale factor."
SECOND = "Homework 4: I used AC/DF instead of DF/AC as the ratio of the similar triangles."
LATER = NOW + timedelta(days=2)


def files(result: Plan, folder: str) -> dict[str, str]:
    return {w.path: w.content for w in result.writes if w.path.startswith(f"{SUBJECT}/{folder}/")}


def commit_first() -> tuple[MemorySnapshot, Plan]:
    first = plan_event(issue_event(FIRST, title="Scale factor"), learner_repo(), now=NOW, agent=RuleAgent())
    return learner_repo(**{w.path: w.content for w in first.writes}), first


def second_plan(snapshot: MemorySnapshot, body: str = SECOND) -> Plan:
    event = issue_event(body, title="Similar triangles homework", number=8)
    return plan_event(event, snapshot, now=LATER, agent=RuleAgent())
