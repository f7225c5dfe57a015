"""A setup conversation held in memory: the learner's issue thread, the bot's replies and its questions."""

from __future__ import annotations

import re

from bot.handle import plan_event
from bot.intake.conversation import ThreadMessage
from bot.intake.events import Comment, EventKind, InboundEvent
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.snapshot import MemorySnapshot
from tests.support.learner import NOW, issue_event

SCENARIO = "Use GitLearnOS. My first subject is mathematics. I want to improve geometry."
ASKED = re.compile(r"^<!-- gitlearnos:setup asked=(?P<fact>\w+) -->$", re.M)
AGENT = RuleAgent()


def asked(plan: Plan) -> str | None:
    """The setup fact the bot's first reply asks for (its hidden marker), if any."""
    match = ASKED.search(plan.replies[0].text) if plan.replies else None
    return match.group("fact") if match else None


class Thread:
    """An issue thread in memory: the learner opens it, the bot's replies and the learner's answers follow."""

    def __init__(self, opening: str, snapshot: MemorySnapshot | None = None) -> None:
        self.opening = opening
        self.snapshot = snapshot or MemorySnapshot({"README.md": "# My notes\n"})
        self.history: list[ThreadMessage] = []
        self.plans = [self._plan(issue_event(opening, title="GitLearnOS"))]
        self._record_reply()

    def _plan(self, event: InboundEvent) -> Plan:
        return plan_event(event, self.snapshot, now=NOW, agent=AGENT, history=tuple(self.history))

    def _record_reply(self) -> None:
        for reply in self.plans[-1].replies:
            self.history.append(ThreadMessage(author="gitlearnos-bot[bot]", is_bot=True, body=reply.body()))

    def say(self, text: str, *, login: str = "alice") -> Plan:
        comment_id = 500 + len(self.history)
        event = issue_event(self.opening, title="GitLearnOS", kind=EventKind.COMMENT_CREATED, login=login)
        event = event.model_copy(update={"comment": Comment(id=comment_id, body=text)})
        self.history.append(ThreadMessage(author=login, body=text, comment_id=str(comment_id)))
        self.plans.append(self._plan(event))
        self._record_reply()
        return self.plans[-1]

    @property
    def questions(self) -> list[str | None]:
        return [asked(plan) for plan in self.plans]
