"""Properties of receipts: what they list is exactly what the commit changes, and nothing is claimed early."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.receipt import PENDING_PERSISTENCE
from tests.support.learner import NOW, issue_event, learner_repo

WORDS = st.sampled_from(
    "learned class teacher triangle vertices ratio proof mistake chapter why how the note "
    "do not store this preview first record only undo the last update this belongs to physics".split()
)
TEXT = st.lists(WORDS, min_size=1, max_size=30).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(title=TEXT, body=TEXT, comment=st.booleans())
def test_receipt_files_equal_the_commit_diff_and_persistence_waits_for_the_push(
    title: str, body: str, comment: bool
) -> None:
    event = (
        issue_event(body, title=title)
        if not comment
        else issue_event(kind=EventKind.COMMENT_CREATED, comment=body)
    )
    plan = plan_event(event, learner_repo(), now=NOW, agent=RuleAgent())
    if plan.outcome is not Outcome.COMMITTED:
        assert plan.commit is None and plan.writes == () and plan.deletes == ()
        if plan.receipt is not None:
            assert "committed `" not in plan.receipt.git_persistence
        return
    assert plan.receipt is not None and plan.commit is not None
    assert set(plan.receipt.changed_files) == set(plan.changed_paths)
    assert plan.receipt.git_persistence == PENDING_PERSISTENCE
    assert "unchanged" in plan.receipt.mastery
    (reply, *_) = plan.finished(commit_id="f" * 40, branch="main", remote="this repository").replies
    for path in plan.changed_paths:
        assert f"`{path}`" in reply.text
