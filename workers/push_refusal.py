"""A push the forge refused (a token that may read but not write, a protected branch): the exact pending
writeback instead of a receipt.

Protocol decision 2 asks for the exact pending writeback whenever the agent cannot write, and a receipt
must never claim a commit or a push that did not land. The commit exists only in the worker's mirror,
which the next sync resets to the remote, so nothing reaches the learner's repository. The learner still
gets the plan's lead (the answer to what they asked, which :func:`bot.intake.model_use.answer_first` put
before the plan's own reply), then every file as it would have been written, and a receipt saying nothing
was committed or pushed. The pending marker lets ``/gitlearnos approve`` apply it once access is fixed.

A scheduled run (a due-review delivery) has no thread to reply on, so its refusal is told in an issue of
its own (:func:`pending_issue_after_refusal`). That issue carries no pending marker and no approve hint:
an approval replays a learner's note, and a delivery is no note. The review records stay undelivered in
the repository, so a later run, once the bot may push, delivers the same questions.
"""

from __future__ import annotations

from bot.plan import IssueSpec, Outcome, Plan
from bot.replies import APPROVE_HINT, reply_marker
from bot.write_authority import as_pending, pending_writeback

# Between the lead and the plan's own reply (bot.intake.model_use.answer_first); the plan's reply, which
# says what was recorded, is dropped, since nothing was.
LEAD_RULE = "\n\n---\n\n"
PUSH_REFUSED = (
    "I could not write anything: the forge refused my push to `{branch}` (my access to this repository is "
    "read-only, or the branch is protected), so nothing was committed or pushed. Once I may push, this is "
    "the exact pending writeback"
)
NOT_PERSISTED = "none: the forge refused the push; nothing was committed"
DELIVERY_REFUSED = (
    "I could not deliver this review: the forge refused my push to `{branch}` (my access to this repository "
    "is read-only, or the branch is protected), so nothing was committed or pushed and these questions are "
    "not recorded as delivered. Once I may push, a later `due-review` run delivers them; this is the exact "
    "pending writeback"
)
NOT_DELIVERED_NEXT = (
    "let me push to the branch (write access, or lift its protection for me); nothing to answer yet"
)
# Its own marker: the delivery's marker names an issue that announces delivered questions.
REFUSED_KEY = "{key}/push-refused"


def pending_after_refusal(plan: Plan, branch: str) -> Plan:
    """``plan`` as the exact pending writeback its refused push leaves, the lead of its reply kept."""
    lead = ""
    if plan.replies:
        before, rule, _ = plan.replies[0].text.rpartition(LEAD_RULE)
        lead = before + rule
    intro = PUSH_REFUSED.format(branch=branch) + APPROVE_HINT
    return as_pending(
        plan,
        intro,
        Outcome.REQUIRES_APPROVAL,
        persistence=NOT_PERSISTED,
        lead=lead,
        reason="push refused by the forge",
    )


def pending_issue_after_refusal(plan: Plan, branch: str) -> IssueSpec | None:
    """The issue that tells of a scheduled ``plan`` whose push was refused: what it would have written,
    and a receipt saying nothing landed; None when the plan had no issue to open."""
    if plan.issue is None:
        return None
    update = {"git_persistence": NOT_PERSISTED, "undo": "nothing to undo", "next_action": NOT_DELIVERED_NEXT}
    receipt = plan.receipt.model_copy(update=update) if plan.receipt else None
    parts = [
        DELIVERY_REFUSED.format(branch=branch) + ":",
        pending_writeback(plan),
        *([receipt.render()] if receipt is not None else []),
    ]
    return IssueSpec(
        title=f"Not delivered: {plan.issue.title}"[:200],
        text="\n\n".join(parts),
        marker=reply_marker(REFUSED_KEY.format(key=plan.event_key)),
    )
