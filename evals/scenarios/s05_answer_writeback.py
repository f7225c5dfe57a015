"""Scenario 05, answer writeback: the learner answers a delivered delayed check in a comment.

Initial state as scenario 04's, delivered by the real due-review task. Two learners answer on the
delivery issue: one independently and correctly, explaining the method; one wrongly, saying why in
their own words. The answer must land verbatim in the review record with independence and feedback,
be evaluated against the saved expected answer, move the linked gap's mastery only as the evidence
allows (``demonstrated`` needs delayed, independent transfer success), keep the learner's judgment on a
failure, invent no cause, and commit once, undoably, without touching earlier evidence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evals.harness import records
from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import (
    history_kept,
    new_records,
    one_learning_commit,
    receipt_complete,
    receipt_names_commit,
)
from evals.harness.receipt import ReceiptField, parse_receipt
from evals.harness.repo_state import RepoState
from evals.scenarios.review_loop import (
    EVENT_PATH,
    GAP_ID,
    GAP_PATH,
    RECENT_PATH,
    REVIEW_ID,
    REVIEW_PATH,
    due_files,
    run_due_review,
    wait_for_issue,
)

NUMBER = "05"
TITLE = "Answer writeback"
INDEPENDENT = (
    "Answer: 12 cm\nMethod: XY/PQ = 8/4 = 2, so YZ = 2 × QR = 2 × 6. I matched the sides by the "
    "equal angles first. I did it without my notes."
)
WRONG = (
    "Answer: 3 cm\nI divided QR by the scale factor. I think I mixed up which triangle is the bigger one. "
    "No notes, no help."
)
SCORE = re.compile(r"\b[0-3]\s*/\s*3\b|\bscore\b", re.I)


def run(ctx: ForgeRun) -> Sequence[Check]:
    for variant, words in (("independent", INDEPENDENT), ("failed", WRONG)):
        with ctx.checks.section(variant):
            repo = ctx.create_repository(variant, due_files())
            run_due_review(repo)
            wait_for_issue(repo, 1)
            before = repo.observe()
            repo.comment(1, words)
            reply = repo.wait_for_replies(1)[-1]
            after = repo.observe()
            _judge(ctx.checks, before, after, reply, words, success=variant == "independent")
    return ctx.checks.results


def _judge(
    checks: CheckRecorder,
    before: RepoState,
    after: RepoState,
    reply: str,
    words: str,
    *,
    success: bool,
) -> None:
    commit = one_learning_commit(checks, before, after)
    review = after.files.get(REVIEW_PATH, "")
    kept = records.fenced(records.section(review, "Learner answer"))
    checks.expect(
        "the answer is preserved verbatim, never replaced by a solution",
        kept == words,
        "byte-identical in the review record" if kept == words else f"record holds {kept!r}",
    )
    checks.expect(
        "independence and support are recorded from the learner's words",
        "- Independent: `yes`" in review and "- Support used:" in review,
        next((line for line in review.splitlines() if line.startswith("- Independent")), "no line"),
    )
    result = "correct" if success else "incorrect"
    checks.expect(
        "evaluated against the saved expected answer",
        f"- Result: `{result}`" in review
        and "expected answer" in review.split("## Feedback and evidence")[-1],
        next((line for line in review.splitlines() if line.startswith("- Result")), "no result line"),
    )
    status = records.header(review).get("Status")
    checks.expect("the review record is complete", status == "complete", f"Status: {status!r}")
    gap = after.files.get(GAP_PATH, "")
    mastery = records.header(gap).get("Mastery")
    expected = "demonstrated" if success else "learning"
    checks.expect(
        f"the linked gap moves to `{expected}` from observable evidence",
        mastery == expected and f"[{REVIEW_ID}]" in gap,
        f"{GAP_ID} Mastery {mastery!r}; links the review: {f'[{REVIEW_ID}]' in gap}",
    )
    if not success:
        _judge_failure(checks, review)
    receipt = parse_receipt(reply)
    stated = receipt.get(ReceiptField.MASTERY, "")
    checks.expect(
        "the mastery change links to the attempted review",
        REVIEW_ID in reply and f"`{expected}`" in stated,
        f"Mastery: {stated!r}",
    )
    next_check = next((line for line in review.splitlines() if line.startswith("- Date or next handoff")), "")
    checks.expect(
        "one sensible next action is set",
        bool(re.search(r"\d{4}-\d{2}-\d{2}", next_check)) and "fresh question" in next_check,
        next_check or "no next check",
    )
    checks.expect(
        "no forced 0–3 score",
        not SCORE.search(records.section(review, "Feedback and evidence")),
        "the result uses the template's words only",
    )
    models = new_records(before, after, "models")
    checks.expect("no model is promoted from one observation", not models, f"new models: {models}")
    untouched = [p for p in (EVENT_PATH, RECENT_PATH) if before.files.get(p) != after.files.get(p)]
    checks.expect(
        "earlier evidence is untouched, so undoing the commit removes only this result",
        not untouched and "| teacher | used BC/AB instead of DE/AB |" in gap,
        f"changed: {untouched}" if untouched else "event, earlier check and earlier gap rows kept",
    )
    history_kept(checks, before, after)
    receipt_complete(checks, receipt)
    if commit is not None:
        receipt_names_commit(checks, receipt, commit.id)


def _judge_failure(checks: CheckRecorder, review: str) -> None:
    diagnosis = records.section(review, "Feedback diagnosis, when useful")
    checks.expect(
        "the learner's judgment is kept and the class comes from their words",
        "I think I mixed up which triangle is the bigger one." in diagnosis
        and "- Confused distinction: “" in diagnosis
        and "- Diagnosis status: `learner-reported`" in diagnosis,
        diagnosis.strip().splitlines()[0] if diagnosis.strip() else "no diagnosis section",
    )
    invented = [
        line
        for line in diagnosis.splitlines()
        if line.startswith(("- Missing information", "- First broken", "- Execution error"))
        and not line.endswith("not stated")
    ]
    checks.expect("no cause is invented", not invented, f"invented: {invented}" if invented else "none")
