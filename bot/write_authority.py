"""Write authority: what ``gitlearnos.yml`` (and the learner, for one event) lets a plan do.

``safe-auto`` commits. ``preview`` and ``manual`` (or missing commit/push
authorization) turn the plan into an exact pending writeback: the reply shows
every file as it would be written, so the learner sees precisely what would
change. Under ``manual`` the learner approves with a comment on the same
issue, and the same update is then committed.
"""

from __future__ import annotations

from bot.config import LearnerConfig, Mode
from bot.plan import Outcome, Plan
from bot.replies import APPROVE_HINT, MANUAL_INTRO, PENDING_MARKER, PREVIEW_INTRO, PUSH_NOT_AUTHORIZED
from bot.review.question import ANSWER_HEADING

LONGEST_SHOWN = 4000  # characters of one file shown inline; longer files are cut with a note


def apply_write_authority(
    plan: Plan, config: LearnerConfig, *, preview: bool, approved: bool = False, remote: bool = True
) -> Plan:
    """The plan itself when it may be committed, else the same plan as an exact pending writeback.

    ``authorization.push`` matters only where the update must be pushed: in local mode (``remote`` false)
    a missing remote is not missing setup, and the commit stays in the learner's checkout.
    """
    if plan.outcome is not Outcome.COMMITTED:
        return plan
    may_commit = config.authorization.automatic_writes and config.authorization.commits
    if (preview or config.mode is Mode.PREVIEW) and not approved:
        intro, outcome = PREVIEW_INTRO, Outcome.PREVIEW
    elif (config.mode is Mode.MANUAL or not may_commit) and not approved:
        intro, outcome = MANUAL_INTRO + APPROVE_HINT, Outcome.REQUIRES_APPROVAL
    elif remote and not config.authorization.push:
        intro, outcome = PUSH_NOT_AUTHORIZED, Outcome.REQUIRES_APPROVAL
    else:
        return plan
    return as_pending(plan, intro, outcome)


def as_pending(
    plan: Plan,
    intro: str,
    outcome: Outcome,
    *,
    persistence: str = "none: nothing was committed or pushed",
    lead: str = "",
    reason: str = "",
) -> Plan:
    """``plan`` as its exact pending writeback, in one reply: ``lead`` (what answered the learner first),
    ``intro``, every file as it would be written, the receipt saying nothing landed (``persistence``), and
    the marker ``/gitlearnos approve`` finds it by. The plan's own reply, which told of the write, is gone."""
    receipt = plan.receipt.model_copy(update={"git_persistence": persistence, "undo": "nothing to undo"}) if (
        plan.receipt
    ) else None  # fmt: skip
    parts = [
        intro,
        pending_writeback(plan),
        *([receipt.render()] if receipt is not None else []),
        PENDING_MARKER,
    ]
    text = lead + "\n\n".join(parts)
    return Plan(
        outcome=outcome,
        event_key=plan.event_key,
        operation=plan.operation,
        replies=(plan.replies[0].model_copy(update={"text": text}),) if plan.replies else (),
        receipt=receipt,
        reason=reason or outcome.value,
    )


def without_answer_keys(content: str) -> str:
    """A file as it may be shown before the learner has answered: answer keys folded away."""
    if ANSWER_HEADING not in content:
        return content
    head, _, rest = content.partition(ANSWER_HEADING)
    _, separator, tail = rest.partition("\n## ")
    hidden = f"{ANSWER_HEADING}\n\n- (kept in the record; not shown before you answer)\n\n"
    return head + hidden + (separator.lstrip("\n") + tail if separator else "")


def pending_writeback(plan: Plan) -> str:
    """Every planned file in full (folded), every deletion, and the commit message."""
    parts = []
    for write in plan.writes:
        shown = without_answer_keys(write.content)
        if len(shown) > LONGEST_SHOWN:
            shown = shown[:LONGEST_SHOWN] + f"\n… ({len(write.content) - LONGEST_SHOWN} more characters)"
        fence = "````" if "```" in shown else "```"
        parts.append(
            f"<details><summary><code>{write.path}</code> (write)</summary>\n\n"
            f"{fence}markdown\n{shown.rstrip()}\n{fence}\n\n</details>"
        )
    parts += [f"- `{path}` (delete)" for path in plan.deletes]
    if plan.commit is not None:
        parts.append(f"Commit message: `{plan.commit.subject}`")
    return "\n\n".join(parts)
