"""A learner's "Finish deployment" becomes a verification follow-up of the event's own plan."""

from __future__ import annotations

import pytest

from bot.automation.deployment_request import VERIFY_SCHEDULES, answer_marker, with_deployment_request
from bot.intake.events import InboundEvent
from bot.plan import Outcome, Plan
from tests.support.learner import issue_event

REQUEST = "Finish deployment. Use my local time zone and the default automatic times."
SKIPPED = Plan(outcome=Outcome.SKIPPED, reason="incidental")


def test_a_person_asking_for_the_deployment_gets_a_verification_answered_on_the_issue() -> None:
    event = issue_event(REQUEST, title="Finish deployment", login="alice", number=7)
    (job,) = with_deployment_request(event, SKIPPED).follow_ups
    assert job.kind == VERIFY_SCHEDULES and job.requested_by == "alice"
    assert job.reply is not None and job.reply.thread_number == 7
    assert event.repo is not None and job.reply.marker == answer_marker(event.repo.slug, 7)


@pytest.mark.parametrize(
    "event",
    [
        issue_event(REQUEST, title="Finish deployment", is_bot=True),
        issue_event(REQUEST, title="Finish deployment", is_pull_request=True),
        issue_event("Similar triangles keep their angles.", title="A note"),
    ],
    ids=["the-bot", "a-pull-request", "a-note"],
)
def test_nothing_else_asks_for_a_verification(event: InboundEvent) -> None:
    assert with_deployment_request(event, SKIPPED) == SKIPPED
