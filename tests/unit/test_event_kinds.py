"""One event class per kind: build_event picks it, each requires its parts, the wire format round-trips."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.intake.events import (
    CommentCreated,
    EventKind,
    IssueOpened,
    Push,
    PushDetails,
    as_kind,
    build_event,
)
from tests.support.learner import issue_event

PARTS = {
    "thread": {"number": 7},
    "comment": {"id": 1, "body": "note"},
    "review": {"state": "approved"},
    "push": {"ref": "refs/heads/main"},
}


@pytest.mark.parametrize("kind", list(EventKind))
def test_every_kind_has_its_class_and_survives_the_queue(kind: EventKind) -> None:
    event = build_event({"forge": "github", "delivery_id": "d-1", "kind": kind.value, **PARTS})
    assert event.kind is kind
    again = build_event(event.model_dump(mode="json"))
    assert type(again) is type(event) and again == event


@pytest.mark.parametrize(
    ("kind", "missing"),
    [
        ("issue.opened", "thread"),
        ("comment.created", "comment"),
        ("review.submitted", "review"),
        ("push", "push"),
    ],
)
def test_a_kind_without_its_part_is_rejected(kind: str, missing: str) -> None:
    parts = {name: value for name, value in PARTS.items() if name != missing}
    with pytest.raises(ValidationError, match=missing):
        build_event({"forge": "github", "delivery_id": "d-1", "kind": kind, **parts})


def test_as_kind_builds_the_other_class_and_validates_it() -> None:
    comment = issue_event(kind=EventKind.COMMENT_CREATED, comment="yes")
    assert isinstance(comment, CommentCreated)
    issue = as_kind(comment, IssueOpened, comment=None)
    assert type(issue) is IssueOpened and issue.thread == comment.thread and issue.comment is None
    push = as_kind(issue, Push, thread=None, push=PushDetails(ref="refs/heads/main"))
    assert push.kind is EventKind.PUSH and push.push.branch == "main"
    with pytest.raises(ValidationError):
        as_kind(issue, Push)  # a push needs its details
