"""Scenario 11's mutants break what its checks look at: a claimed write in the reply's lead, a planned
transfer check turned into a review of the same task form."""

from __future__ import annotations

from bot.plan import CommitSpec, FileWrite, Outcome, Plan, Reply
from evals.mutants import BY_NAME

CHECK = "subjects/mathematics/reviews/review-scale-factor-check-2026-12-09.md"


def _answer_plan() -> Plan:
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key="github:o/r:issue:1",
        operation="answer",
        writes=(
            FileWrite(path=CHECK, content="# Delayed check\n\nStatus: `planned`\nPurpose: `transfer`\n"),
        ),
        replies=(Reply(thread_number=1, marker="<!-- gitlearnos:reply event=k -->", text="The answer."),),
        commit=CommitSpec(subject="Record an answer", trailers=(("GitLearnOS-Event", "github:o/r:issue:1"),)),
    )


def test_claim_write_opens_the_first_reply_with_a_commit_and_push() -> None:
    (reply,) = BY_NAME["claim-write"].patch(_answer_plan()).replies
    assert reply.text.startswith("I committed and pushed") and reply.text.endswith("The answer.")


def test_review_purpose_only_plans_no_transfer_task() -> None:
    (write,) = BY_NAME["review-purpose-only"].patch(_answer_plan()).writes
    assert "Purpose: `review`" in write.content and "transfer" not in write.content
