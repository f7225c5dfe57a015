"""A task the bot sets on a learner's slip, answered back through the core: the shared steps of the
mastery and transfer-goal tests (the slip with its worked example, the key read from the record the bot
wrote, the answer in another unit, the comment that carries it)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.intake.events import EventKind, InboundEvent
from bot.plan import Plan
from bot.snapshot import MemorySnapshot
from tests.support.learner import issue_event
from tests.support.linked_review import files_after

SLIP = (
    "I got question 4 wrong: I used BC/AB instead of DE/AB. In class we had AB = 3 cm, DE = 6 cm, "
    "BC = 5 cm, so EF = 10 cm. Give me one fresh task."
)
ASKED = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
KEY = re.compile(r"^- Question 1 expected answer(?: \(generated [\d-]+\))?: (?P<value>\d+) cm$", re.M)


def after(snapshot: MemorySnapshot, plan: Plan, head: str) -> MemorySnapshot:
    """The repository once ``plan`` is committed, its head named by one repeated character."""
    return MemorySnapshot(files_after(snapshot, plan), head=head * 40)


def only(plan: Plan, part: str) -> tuple[str, str]:
    """The one file ``plan`` writes whose path contains ``part``: its path and content."""
    (write,) = [w for w in plan.writes if part in w.path]
    return write.path, write.content


def answer_in_mm(record: str) -> str:
    """The record's key (``N cm``) as the learner might write it: in millimetres, without notes."""
    key = KEY.search(record)
    assert key is not None, "every task the bot sets carries its key in the record"
    return f"Answer: {int(key.group('value')) * 10} mm\nI did it without my notes."


def comment(opened: InboundEvent, words: str, *, number: int) -> InboundEvent:
    """The learner's comment ``words`` on the issue ``opened``."""
    assert opened.thread is not None
    return issue_event(opened.thread.body, kind=EventKind.COMMENT_CREATED, comment=words, number=number)
