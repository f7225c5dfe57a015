"""Scenario 03, teacher feedback: a gap waits for feedback through a handoff pack; the learner reports it.

Initial state, built the way the bot builds it: an open geometry gap linking the learner's attempt, and a
handoff pack for it out as a pull request (the gap's next action links the pack, status
``awaiting-feedback``). The learner then comments on that pull request with the scenario's words ("My
teacher resolved it: … Do not teach it again."), and merges it. The checks read the handoff branch after
the comment and the default branch after the merge.
"""

from __future__ import annotations

from collections.abc import Sequence

from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import header_value, history_kept, new_records, no_mastery_claim, plain
from evals.harness.receipt import ReceiptField, parse_receipt
from evals.harness.repo_state import RepoState
from evals.scenarios.handoff_files import ATTEMPT, ATTEMPT_PATH, GAP_PATH, LEARNER_REPORT, TEACHER
from evals.scenarios.handoff_flow import HandoffRun, request_handoff

NUMBER = "03"
TITLE = "Teacher feedback"
LEARNER = "alice"


def run(ctx: ForgeRun) -> Sequence[Check]:
    handoff = request_handoff(ctx, "feedback")
    initial = handoff.branch_state()
    _initial_state(ctx.checks, handoff, initial)
    handoff.act(LEARNER, "comment", LEARNER_REPORT)
    reply = handoff.replies(1)[-1]
    after = handoff.branch_state()
    _feedback(ctx.checks, handoff, initial, after, reply)
    handoff.act(LEARNER, "merge")
    merged_reply = handoff.replies(2)[-1]
    _merged(ctx.checks, initial, handoff.repo.observe(), merged_reply)
    return ctx.checks.results


def _initial_state(checks: CheckRecorder, handoff: HandoffRun, state: RepoState) -> None:
    gap = state.files.get(GAP_PATH, "")
    packs = new_records(handoff.before, state, "handoffs")
    linked = bool(packs) and packs[0].rsplit("/", 1)[-1] in gap
    checks.expect(
        "initial state: the gap waits for external feedback and links the handoff pack",
        linked and "awaiting-feedback" in gap,
        f"packs: {packs}; the gap's next action links the pack: {linked}",
    )


def _feedback(
    checks: CheckRecorder, handoff: HandoffRun, before: RepoState, after: RepoState, reply: str
) -> None:
    records = new_records(before, after, "feedback")
    record = after.files.get(records[0], "") if records else ""
    packs = new_records(handoff.before, after, "handoffs")
    gap = after.files.get(GAP_PATH, "")
    checks.expect(
        "a teacher-feedback record is kept, linking the existing handoff and gap",
        len(records) == 1
        and bool(packs)
        and packs[0].rsplit("/", 1)[-1] in record
        and GAP_PATH.rsplit("/", 1)[-1] in record
        and "identify equal angles" in plain(record),
        f"new feedback records: {records}",
    )
    checks.expect(
        "the question is marked operationally resolved",
        header_value(gap, "Resolution") == "resolved",
        f"gap Resolution: {header_value(gap, 'Resolution')!r}",
    )
    retired_teaching(checks, before, after, records[0] if records else "")
    mastery = header_value(gap, "Mastery")
    receipt = parse_receipt(reply)
    checks.expect(
        "mastery stays unknown or learning until an independent later answer",
        mastery in ("unknown", "learning") and "demonstrated" not in header_value(record, "Mastery"),
        f"gap Mastery: {mastery!r}; receipt Mastery: {receipt.get(ReceiptField.MASTERY, '')!r}",
    )
    no_mastery_claim(checks, {"reply": reply, "feedback record": record}, receipt)
    checks.expect(
        "the learner's earlier attempt is not overwritten",
        after.files.get(ATTEMPT_PATH) == ATTEMPT,
        "byte-identical on the handoff branch" if after.files.get(ATTEMPT_PATH) == ATTEMPT else "changed",
    )
    identity = [path for path in after.changed_paths(before) if TEACHER in after.files.get(path, "")]
    checks.expect(
        "no unnecessary teacher identity is kept",
        not identity,
        f"files naming the teacher: {identity}" if identity else "the teacher is recorded by role only",
    )
    name = records[0].rsplit("/", 1)[-1] if records else "(no record)"
    linked = name in gap and bool(packs) and name in after.files.get(packs[0], "")
    checks.expect(
        "every derived change points back to the feedback",
        linked,
        "the gap and the pack both link the feedback record" if linked else "a derived change lacks the link",
    )
    history_kept(checks, before, after)


def next_action(gap: str) -> str:
    """The gap's ``- Action:`` line (the knowledge-gap template's next action), empty when there is none."""
    return next((line for line in gap.splitlines() if line.startswith("- Action:")), "")


def teaching_added(before: RepoState, after: RepoState) -> list[str]:
    """New review or handoff records since ``before``: a lesson, quiz or another handoff the bot planned."""
    return [p for folder in ("reviews", "handoffs") for p in new_records(before, after, folder)]


def retired_teaching(checks: CheckRecorder, before: RepoState, after: RepoState, feedback: str) -> None:
    """The learner asked not to be taught again: the gap's earlier AI-teaching action is gone, its new next
    action is derived from the feedback record (links it), and nothing new that teaches is planned.
    Judged by the record's fields and files, whatever the next action's words."""
    old, new = next_action(before.files.get(GAP_PATH, "")), next_action(after.files.get(GAP_PATH, ""))
    name = feedback.rsplit("/", 1)[-1]
    added = teaching_added(before, after)
    checks.expect(
        "obsolete AI re-teaching is removed as the next action, as the learner asked",
        bool(old) and old not in after.files.get(GAP_PATH, "") and bool(name) and name in new and not added,
        f"next action {old!r} -> {new!r}; new teaching records: {added}",
    )


def handoff_line(gap: str) -> str:
    """The gap's ``- Date or next handoff:`` line: the handoff it waits on, with that handoff's status."""
    return next((line for line in gap.splitlines() if line.startswith("- Date or next handoff:")), "")


def gap_reconciled(checks: CheckRecorder, main: RepoState) -> None:
    """After the merge the gap on the default branch says its handoff is ``reconciled``, as the pack does:
    a gap still "awaiting feedback" there would send the learner back to a review that is over."""
    line = handoff_line(main.files.get(GAP_PATH, ""))
    checks.expect(
        "after the merge the gap's handoff status on the default branch reads reconciled",
        "(`reconciled`)" in line and "/handoffs/" in line,
        f"the gap's handoff line: {line!r}",
    )


def _merged(checks: CheckRecorder, before: RepoState, main: RepoState, reply: str) -> None:
    packs = [p for p in main.files if "/handoffs/" in p]
    pack = main.files.get(packs[0], "") if packs else ""
    old = next_action(before.files.get(GAP_PATH, "")).removeprefix("- Action:").strip()
    planned = [p for p in ("dashboard.md", GAP_PATH) if old and old in main.files.get(p, "")]
    added = teaching_added(before, main)
    checks.expect(
        "merging reconciles the feedback into the plan; no AI re-teaching is planned",
        header_value(pack, "Status") == "reconciled" and not planned and not added,
        f"pack Status: {header_value(pack, 'Status')!r}; old action still planned in {planned}; new "
        f"teaching records: {added}; reply: {reply[:120]!r}",
    )
    gap_reconciled(checks, main)
    checks.expect(
        "after the merge the attempt is still byte-identical",
        main.files.get(ATTEMPT_PATH) == ATTEMPT,
        "unchanged on the default branch" if main.files.get(ATTEMPT_PATH) == ATTEMPT else "changed",
    )
