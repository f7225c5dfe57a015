"""Replies to a note the bot is unsure about (protocol decision 2): the exact pending writeback when the
subject is known, one question when it is not, and the learner's answer naming the subject re-plans the
note it was asked about."""

from __future__ import annotations

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from tests.support.learner import NOW, issue_event, learner_repo

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
    note = "Teach me logarithms from the start, please."
    result = plan_event(issue_event(note, title="Logarithms"), learner_repo(), now=NOW, agent=AGENT)
    (reply,) = result.replies
    assert result.commit is None
    assert "exact pending writeback" not in reply.text
    assert "Which subject" not in reply.text
