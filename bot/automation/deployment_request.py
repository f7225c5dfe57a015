"""A learner asking to finish (or check) the deployment: the plan also queues a schedule verification.

Scenario 15's "Finish deployment. Use my local time zone and the default automatic times." is no
learning input (the core skips it as incidental), but it is a request the bot can honour: the
schedules are verified whether or not a scheduler runs, and the answer goes on the learner's issue.
That is a read-only follow-up of whatever the event's own plan is, so it is queued whatever the
plan's outcome; the verification job itself checks that the requester is a learner.
"""

from __future__ import annotations

from bot.automation.record import AUTOMATION_PATH, asks_for_deployment
from bot.intake.events import InboundEvent
from bot.plan import FollowUpJob, Plan, Reply
from bot.replies import reply_marker

VERIFY_SCHEDULES = "verify-schedules"


def answer_marker(repo_slug: str, number: int) -> str:
    """The hidden marker of the verification's answer on issue ``number``."""
    return reply_marker(f"automation/{repo_slug}#{number}")


def with_deployment_request(event: InboundEvent, plan: Plan) -> Plan:
    """``plan``, plus the verification follow-up when ``event`` is a person asking for the deployment."""
    thread, actor = event.thread, event.actor
    if event.repo is None or thread is None or thread.is_pull_request or actor is None or actor.is_bot:
        return plan
    text = event.comment.body if event.comment is not None else f"{thread.title}\n{thread.body}"
    if not asks_for_deployment(text):
        return plan
    answer = Reply(thread_number=thread.number, marker=answer_marker(event.repo.slug, thread.number), text="")
    job = FollowUpJob(kind=VERIFY_SCHEDULES, path=AUTOMATION_PATH, reply=answer, requested_by=actor.login)
    return plan.model_copy(update={"follow_ups": (*plan.follow_ups, job)})
