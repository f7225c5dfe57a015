"""A push the forge refused (a token that may read but not write, a protected branch): the exact pending
writeback instead of a receipt.

Protocol decision 2 asks for the exact pending writeback whenever the agent cannot write, and a receipt
must never claim a commit or a push that did not land. The commit exists only in the worker's mirror,
which the next sync resets to the remote, so nothing reaches the learner's repository. The learner still
gets the plan's lead (the answer to what they asked, which :func:`bot.intake.model_use.answer_first` put
before the plan's own reply), then every file as it would have been written, and a receipt saying nothing
was committed or pushed. The pending marker lets ``/gitlearnos approve`` apply it once access is fixed.
"""

from __future__ import annotations

from bot.plan import Outcome, Plan
from bot.replies import APPROVE_HINT
from bot.write_authority import as_pending

# Between the lead and the plan's own reply (bot.intake.model_use.answer_first); the plan's reply, which
# says what was recorded, is dropped, since nothing was.
LEAD_RULE = "\n\n---\n\n"
PUSH_REFUSED = (
    "I could not write anything: the forge refused my push to `{branch}` (my access to this repository is "
    "read-only, or the branch is protected), so nothing was committed or pushed. Once I may push, this is "
    "the exact pending writeback"
)
NOT_PERSISTED = "none: the forge refused the push; nothing was committed"


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
