"""The routing table: which events an operation takes, and what each route reads besides the repository."""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.conversation import ThreadMessage, approval_target
from bot.intake.events import EventKind, InboundEvent, Push, PushDetails, ReviewState, as_kind, content_hash
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.replies import PENDING_MARKER, reply_marker
from bot.routing import needs_thread_history, not_used_reason, route_of
from bot.snapshot import MemorySnapshot
from tests.support.handoff_pack import pr_event
from tests.support.learner import NOW, issue_event, learner_repo

PUSH = as_kind(issue_event(), Push, thread=None, push=PushDetails(ref="refs/heads/main"))


def on_pull_request(kind: EventKind) -> InboundEvent:
    """A pull-request event on a branch that is not the bot's handoff."""
    return issue_event(kind=kind, is_pull_request=True)


@pytest.mark.parametrize(
    "event",
    [
        PUSH,
        issue_event(kind=EventKind.ISSUE_LABELED, labels=("handoff",)),
        issue_event(kind=EventKind.ISSUE_EDITED, login="helper[bot]", is_bot=True),
        on_pull_request(EventKind.COMMENT_EDITED),
        on_pull_request(EventKind.PR_OPENED),
        on_pull_request(EventKind.PR_MERGED),
        on_pull_request(EventKind.COMMENT_CREATED),
        issue_event(kind=EventKind.INSTALL),
    ],
    ids=["push", "labeled", "bot-edit", "pr-comment-edited", "pr-opened", "pr-merged", "pr-comment", "app"],
)
def test_events_no_operation_uses_have_no_route(event: InboundEvent) -> None:
    assert route_of(event) is None
    assert not_used_reason(event)


@pytest.mark.parametrize(
    ("event", "route"),
    [
        (issue_event(), "learner note"),
        (issue_event(kind=EventKind.COMMENT_CREATED, comment="an answer"), "learner note"),
        (issue_event(kind=EventKind.COMMENT_CREATED, comment="Correction: it is 540"), "learner note"),
        (issue_event(kind=EventKind.ISSUE_EDITED), "learner edit"),
        (issue_event(kind=EventKind.COMMENT_EDITED, comment="edited"), "learner edit"),
        (pr_event("great work"), "handoff pull request"),
        (pr_event("", kind=EventKind.PR_MERGED), "handoff pull request"),
        (pr_event("", kind=EventKind.REVIEW_SUBMITTED, review=ReviewState.APPROVED), "handoff pull request"),
        (issue_event(kind=EventKind.SCHEDULE), "schedule trigger"),
    ],
)
def test_events_an_operation_uses_are_routed(event: InboundEvent, route: str) -> None:
    found = route_of(event)
    assert found is not None and found.name == route


def test_a_route_says_when_it_reads_the_thread_history() -> None:
    configured, unconfigured = learner_repo(), MemorySnapshot({})
    comment = issue_event(kind=EventKind.COMMENT_CREATED, comment="I think 4")
    approval = issue_event(kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve")
    assert needs_thread_history(comment, unconfigured)  # the setup gate reads the conversation
    assert not needs_thread_history(comment, configured)
    assert needs_thread_history(approval, configured)  # an approval looks for the reply it approves
    assert not needs_thread_history(issue_event(), unconfigured)  # an issue body starts its thread
    assert not needs_thread_history(pr_event("/gitlearnos approve"), configured)
    assert not needs_thread_history(PUSH, unconfigured)
    edited = issue_event(kind=EventKind.COMMENT_EDITED, comment="/gitlearnos approve")
    assert not needs_thread_history(edited, unconfigured)  # an edit corrects a record; it asks nothing


def test_the_core_plans_nothing_for_an_unrouted_event() -> None:
    result = plan_event(PUSH, learner_repo(), now=NOW, agent=RuleAgent())
    assert result.outcome is Outcome.SKIPPED and result.replies == () and "push" in result.reason


def test_an_approval_finds_its_pending_writeback_by_the_marker_whatever_the_prose() -> None:
    note = ThreadMessage(author="alice", body="Similar triangles share angles", comment_id="10")
    key = f"github:github.com/alice/learning#7/comment/10@{content_hash(note.body)}"
    reworded = ThreadMessage(
        author="gitlearnos-bot",
        is_bot=True,
        body=f"Entirely new wording of the pending reply.\n\n{PENDING_MARKER}\n{reply_marker(key)}",
        comment_id="11",
    )
    approval = issue_event(kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve")
    target = approval_target(approval, (note, reworded))
    assert target.comment == note and not target.stale
    # Without the marker (and without the old prose) the same reply shows nothing to approve.
    plain = reworded.model_copy(update={"body": reworded.body.replace(PENDING_MARKER, "")})
    assert approval_target(approval, (note, plain)).comment is None
