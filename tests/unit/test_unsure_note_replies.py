"""Replies to a note the bot is unsure about (protocol decision 2): the exact pending writeback when the
subject is known, one question when it is not, and the learner's answer naming the subject re-plans the
note it was asked about."""

from __future__ import annotations

import pytest

from bot.automation.record import asks_for_deployment
from bot.handle import plan_event
from bot.intake.conversation import ThreadMessage
from bot.intake.events import Comment, EventKind, InboundEvent
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.routing import needs_thread_history
from bot.snapshot import MemorySnapshot
from tests.support.learner import GOAL, NOW, issue_event, learner_repo

AGENT = RuleAgent()
QUESTION = "Why is the derivative of a constant always zero?"


def test_an_unsure_note_with_a_known_subject_shows_the_exact_pending_writeback() -> None:
    result = plan_event(issue_event(QUESTION, title="Derivative"), learner_repo(), now=NOW, agent=AGENT)
    (reply,) = result.replies
    assert result.outcome is Outcome.PREVIEW
    assert result.commit is None
    assert "exact pending writeback" in reply.text
    assert "subjects/mathematics/events/" in reply.text
    assert "Which subject" not in reply.text


def test_a_request_to_be_taught_keeps_the_teaching_start() -> None:
    """A learning intention: recorded once (issue 16: never dropped), and the reply starts teaching."""
    note = "Teach me logarithms from the start, please."
    result = plan_event(issue_event(note, title="Logarithms"), learner_repo(), now=NOW, agent=AGENT)
    (reply,) = result.replies
    assert result.outcome is Outcome.COMMITTED
    (record,) = [w.content for w in result.writes if "/events/" in w.path]
    assert "## Learning intention" in record
    assert "we start teaching" in reply.text
    assert "exact pending writeback" not in reply.text
    assert "Which subject" not in reply.text


TWO_SUBJECTS = {"subjects/biology/goals/main-goal.md": GOAL.replace("mathematics", "biology")}
UNROUTED = "In class today I learned that you should always check both answers before moving on."


def _asked(event: InboundEvent, snapshot: MemorySnapshot) -> ThreadMessage:
    """The bot's subject question about ``event``, as the thread lists it afterwards."""
    (reply,) = plan_event(event, snapshot, now=NOW, agent=AGENT).replies
    assert "Which subject does this note belong to?" in reply.text
    return ThreadMessage(author="gitlearnos-bot", is_bot=True, body=reply.body(), comment_id="11")


@pytest.mark.parametrize(
    "answer",
    [
        "this belongs to biology",
        "biology",
        "Biología",
        "生物",
        "it's bio",
        "I think this belongs to biology, sorry",
    ],
)
def test_a_lone_subject_answer_files_the_issue_it_was_asked_about(answer: str) -> None:
    snapshot = learner_repo(**TWO_SUBJECTS)
    asked = _asked(issue_event(UNROUTED, title="Checking answers"), snapshot)
    reply_event = issue_event(
        UNROUTED, title="Checking answers", kind=EventKind.COMMENT_CREATED, comment=answer
    )
    result = plan_event(reply_event, snapshot, now=NOW, agent=AGENT, history=(asked,))
    assert result.outcome is Outcome.COMMITTED, result.reason
    record = next(w for w in result.writes if w.path.startswith("subjects/biology/events/"))
    assert "check both answers before moving on" in record.content
    assert f"> {answer}" not in record.content
    assert result.commit is not None and "Subject: biology" in result.commit.body


def test_a_subject_answer_files_the_comment_the_question_was_about() -> None:
    snapshot = learner_repo(**TWO_SUBJECTS)
    note_event = issue_event(kind=EventKind.COMMENT_CREATED, comment=UNROUTED)
    note = ThreadMessage(author="alice", body=UNROUTED, comment_id="99")
    asked = _asked(note_event, snapshot)
    answer = issue_event(kind=EventKind.COMMENT_CREATED, comment="mathematics")
    answer = answer.model_copy(update={"comment": Comment(id=12, body="mathematics")})
    result = plan_event(answer, snapshot, now=NOW, agent=AGENT, history=(note, asked))
    assert result.outcome is Outcome.COMMITTED, result.reason
    assert any(
        w.path.startswith("subjects/mathematics/events/") and "check both answers" in w.content
        for w in result.writes
    )


def test_a_subject_word_without_a_pending_question_is_not_an_answer() -> None:
    snapshot = learner_repo(**TWO_SUBJECTS)
    comment = issue_event(kind=EventKind.COMMENT_CREATED, comment="biology")
    result = plan_event(comment, snapshot, now=NOW, agent=AGENT, history=())
    assert result.commit is None
    assert not any(w.path.startswith("subjects/biology/events/") for w in result.writes)


def test_the_subject_answer_makes_the_thread_history_fetched() -> None:
    comment = issue_event(kind=EventKind.COMMENT_CREATED, comment="this belongs to biology")
    assert needs_thread_history(comment, learner_repo())
    assert not needs_thread_history(
        issue_event(kind=EventKind.COMMENT_CREATED, comment="nice"), learner_repo()
    )


def test_a_new_note_after_the_question_is_recognized_as_itself() -> None:
    snapshot = learner_repo(**TWO_SUBJECTS)
    asked = _asked(issue_event(UNROUTED, title="Checking answers"), snapshot)
    note = "In biology class I learned that mitochondria release energy from glucose inside the cell."
    comment = issue_event(UNROUTED, title="Checking answers", kind=EventKind.COMMENT_CREATED, comment=note)
    result = plan_event(comment, snapshot, now=NOW, agent=AGENT, history=(asked,))
    assert result.outcome is Outcome.COMMITTED, result.reason
    record = next(w for w in result.writes if w.path.startswith("subjects/biology/events/"))
    assert "mitochondria release energy" in record.content
    assert "check both answers" not in record.content


def test_approving_the_pending_writeback_of_an_unsure_note_commits_it() -> None:
    snapshot = learner_repo()
    (shown,) = plan_event(issue_event(QUESTION, title="Derivative"), snapshot, now=NOW, agent=AGENT).replies
    pending = ThreadMessage(author="gitlearnos-bot", is_bot=True, body=shown.body(), comment_id="11")
    approval = issue_event(
        QUESTION, title="Derivative", kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve"
    )
    result = plan_event(approval, snapshot, now=NOW, agent=AGENT, history=(pending,))
    assert result.outcome is Outcome.COMMITTED, result.reason
    assert "subjects/mathematics/events/2026-11-30-derivative.md" in result.changed_paths


def test_a_learning_note_that_mentions_checking_schedules_is_still_recorded() -> None:
    """The deployment-request skip is for unsure input only: a clear note is never dropped for its words."""
    text = (
        "Today I learned in maths class how to check a repayment schedule: the derivative of x^2 is 2x, "
        "and 3 payments of 40 cm each make 3 × 40 = 120 cm."
    )
    assert asks_for_deployment(text)
    plan = plan_event(issue_event(text, title="Rate law"), learner_repo(), now=NOW, agent=RuleAgent())
    assert plan.outcome is Outcome.COMMITTED
