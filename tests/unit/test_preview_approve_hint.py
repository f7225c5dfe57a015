"""The preview an unsure note gets says how to apply it, as every other pending writeback does.

Through the pipeline (:func:`bot.handle.plan_event`): a note the bot is unsure about, with its subject
known, is shown as the exact pending writeback (protocol decision 2). The reply must tell the learner
that ``/gitlearnos approve`` applies it, and that approval must then commit the writeback shown.
"""

from __future__ import annotations

import re

from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from tests.support.learner import NOW, issue_event, learner_repo

AGENT = RuleAgent()
QUESTION = "Why is the derivative of a constant always zero?"


def test_an_unsure_notes_preview_says_how_to_approve_it_and_the_approval_commits_it() -> None:
    preview = plan_event(issue_event(QUESTION, title="Derivative"), learner_repo(), now=NOW, agent=AGENT)
    (reply,) = preview.replies
    assert preview.outcome is Outcome.PREVIEW
    assert "reply `/gitlearnos approve` on this issue to apply it" in reply.text
    shown = set(re.findall(r"<code>([^<]+)</code> \(write\)", reply.text))
    assert any(path.startswith("subjects/mathematics/events/") for path in shown)

    approval = issue_event(
        QUESTION, title="Derivative", kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve"
    )
    approved = plan_event(approval, learner_repo(), now=NOW, agent=AGENT)
    assert approved.outcome is Outcome.COMMITTED
    assert shown <= {w.path for w in approved.writes}, "the approval commits what the preview showed"
