"""Write authority: exact pending writebacks, and the learner's approval applying them."""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.conversation import ThreadMessage
from bot.intake.events import EventKind, event_key
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from tests.support.learner import CONFIG, NOTE, NOW, issue_event, learner_repo


def plan(event, config: str = CONFIG):  # type: ignore[no-untyped-def]
    return plan_event(event, learner_repo(**{"gitlearnos.yml": config}), now=NOW, agent=RuleAgent())


MANUAL = CONFIG.replace("safe-auto", "manual")


def test_manual_mode_shows_every_file_exactly_and_how_to_approve() -> None:
    pending = plan(issue_event(), MANUAL)
    assert pending.outcome is Outcome.REQUIRES_APPROVAL and pending.commit is None
    text = pending.replies[0].text
    committed = plan(issue_event())  # the same note under safe-auto, for comparison
    for write in committed.writes:
        assert f"<code>{write.path}</code>" in text
    record = committed.writes[0].content
    assert record.strip().splitlines()[2] in text, "file contents are shown, not just names"
    assert "/gitlearnos approve" in text


@pytest.mark.parametrize("words", ["/gitlearnos approve", "approve", "Approved.", "yes, apply it"])
def test_approval_on_the_issue_commits_the_pending_note(words: str) -> None:
    approval = issue_event(kind=EventKind.COMMENT_CREATED, comment=words)
    result = plan(approval, MANUAL)
    assert result.outcome is Outcome.COMMITTED
    assert result.event_key == event_key(issue_event()), "the commit is keyed by the note, not the approval"
    assert result.replies[0].marker == plan(issue_event(), MANUAL).replies[0].marker, (
        "the pending reply is updated"
    )


def test_approval_also_applies_a_preview() -> None:
    approval = issue_event(
        NOTE + "\nPreview first.", kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve"
    )
    assert plan(approval).outcome is Outcome.COMMITTED


def test_approval_cannot_grant_push_authority() -> None:
    no_push = MANUAL.replace("push: true", "push: false")
    approval = issue_event(kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve")
    result = plan(approval, no_push)
    assert result.outcome is Outcome.REQUIRES_APPROVAL and result.commit is None
    assert "authorization.push" in result.replies[0].text


def test_the_word_approve_inside_a_sentence_is_not_an_approval() -> None:
    comment = issue_event(
        kind=EventKind.COMMENT_CREATED, comment="My teacher did not approve of my proof method."
    )
    result = plan(comment, MANUAL)
    assert result.event_key == event_key(comment)


# --- approving a pending comment note (not the issue's own note) ------------------------------------

COMMENT_NOTE = "In class I learned that AA similarity needs two pairs of equal angles, not one."


def thread_with_pending_comment(note: str = COMMENT_NOTE) -> tuple:  # type: ignore[type-arg]
    """The issue's thread as the forge lists it: the learner's note, the bot's pending reply, the approval."""
    note_event = issue_event(kind=EventKind.COMMENT_CREATED, comment=COMMENT_NOTE)
    note_event = note_event.model_copy(update={"comment": note_event.comment.model_copy(update={"id": 55})})
    pending = plan(note_event, MANUAL)
    assert pending.outcome is Outcome.REQUIRES_APPROVAL
    approval = issue_event(kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve")
    approval = approval.model_copy(update={"comment": approval.comment.model_copy(update={"id": 56})})
    history = (
        ThreadMessage(author="alice", body=note, comment_id="55"),
        ThreadMessage(
            author="gitlearnos-bot[bot]", is_bot=True, body=pending.replies[0].body(), comment_id="60"
        ),
        ThreadMessage(author="alice", body="/gitlearnos approve", comment_id="56"),
    )
    return note_event, approval, history


def plan_with_history(event, history):  # type: ignore[no-untyped-def]
    snapshot = learner_repo(**{"gitlearnos.yml": MANUAL})
    return plan_event(event, snapshot, now=NOW, agent=RuleAgent(), history=history)


def test_approval_applies_the_pending_comment_it_follows_not_the_issue() -> None:
    note_event, approval, history = thread_with_pending_comment()
    result = plan_with_history(approval, history)
    assert result.outcome is Outcome.COMMITTED
    assert result.event_key == event_key(note_event), "the commit is keyed by the approved comment"
    assert any("two pairs of equal angles" in write.content for write in result.writes)
    assert not any("corresponding vertices" in write.content for write in result.writes), (
        "not the issue's note"
    )


def test_approval_of_a_comment_edited_since_its_pending_reply_applies_nothing() -> None:
    _, approval, history = thread_with_pending_comment(note=COMMENT_NOTE + " Actually, I am not sure.")
    result = plan_with_history(approval, history)
    assert result.commit is None and result.writes == ()
    assert "edited or deleted" in result.replies[0].text
