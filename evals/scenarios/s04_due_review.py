"""Scenario 04, due review: a geometry check is due; the scheduled ``due-review`` run delivers it.

Initial state (:mod:`evals.scenarios.review_loop`): an active goal, the teacher's feedback, an open gap,
an answered earlier check and a planned transfer check due yesterday. The run must deliver the planned
question once, in one issue, with its selection basis and without its answer, keep the record
``planned``, and say in its receipt that a real background run happened. A second dispatch of the same
occurrence must change nothing.

The run also generates fresh questions from the record's linked evidence, written into the same record
with their success conditions and delivered without them. They are judged by structure, never by the
rule agent's wording: new numbered questions that quote none of the learner's or teacher's earlier text.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from datetime import date

from evals.harness import records
from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import (
    history_kept,
    no_mastery_claim,
    one_learning_commit,
    receipt_complete,
    receipt_names_commit,
)
from evals.harness.receipt import ReceiptField, parse_receipt, visible_text
from evals.harness.repo_state import CommitInfo
from evals.harness.wire import TRAILER_EVENT
from evals.scenarios.review_loop import (
    DEMONSTRATION,
    EXPECTED,
    GAP_ID,
    GAP_PATH,
    QUESTION,
    RECENT_QUESTION,
    REVIEW_ID,
    REVIEW_PATH,
    due_files,
    issue_exists,
    run_due_review,
    today,
    wait_for_issue,
)

NUMBER = "04"
TITLE = "Due review"
GAP_OBSERVATION = "used BC/AB instead of DE/AB"  # the gap's recorded problem, in review_loop's fixture
SECOND_RUN_WAIT_S = 3.0  # the claim makes a repeated occurrence finish at once; this is ample


def run(ctx: ForgeRun) -> Sequence[Check]:
    checks = ctx.checks
    repo = ctx.create_repository("due", due_files())
    before = repo.observe()
    run_due_review(repo)
    issue = wait_for_issue(repo, 1)
    after = repo.observe()
    body = visible_text(str(issue.get("body") or ""))
    receipt = parse_receipt(body)

    commit = one_learning_commit(checks, before, after)
    checks.expect(
        "the planned question is delivered, answerable now",
        QUESTION in body,
        f"issue #1 {'holds' if QUESTION in body else 'lacks'} the planned question",
    )
    selection_explained(checks, before.files.get(REVIEW_PATH, ""), body)
    leaks = [text for text in (EXPECTED, "Expected answer", "Answer or success condition") if text in body]
    checks.expect("answers stay hidden until an attempt", not leaks, f"leaked: {leaks}" if leaks else "none")
    checks.expect(
        "the exact demonstration and recent question are not repeated",
        DEMONSTRATION not in body and RECENT_QUESTION not in body,
        "neither the teacher's worked example nor the earlier check is delivered",
    )
    record = after.files.get(REVIEW_PATH, "")
    judge_generated(checks, body, record, receipt)
    header = records.header(record)
    checks.expect(
        "the delivered question stays planned and links goal and evidence",
        header.get("Status") == "planned"
        and "Delivered" in header
        and "main-goal.md" in header.get("Goal link", "")
        and "event-teacher-feedback-scale-factor" in record,
        f"Status {header.get('Status')!r}, Delivered {header.get('Delivered', 'missing')!r}",
    )
    checks.expect(
        "nothing is marked completed or mastered before an answer",
        before.files.get(GAP_PATH) == after.files.get(GAP_PATH),
        "the gap record is byte-identical",
    )
    no_mastery_claim(checks, {"issue": body}, receipt)
    automation_named(checks, receipt, commit, today())
    receipt_complete(checks, receipt)
    if commit is not None:
        receipt_names_commit(checks, receipt, commit.id)
    history_kept(checks, before, after)

    run_due_review(repo)  # the same occurrence again: a duplicate dispatch
    time.sleep(SECOND_RUN_WAIT_S)
    again = repo.observe()
    checks.expect(
        "the same occurrence never delivers twice",
        again.head == after.head and not issue_exists(repo, 2),
        "no second commit and no second issue" if again.head == after.head else "the head moved",
    )
    return checks.results


def automation_named(
    checks: CheckRecorder, receipt: dict[ReceiptField, str], commit: CommitInfo | None, day: date
) -> None:
    """The receipt names the run that really happened: a background run of the very occurrence the harness
    queued (``day``'s), the one the commit's event trailer records, not a line that reads the same for any
    run or an on-handoff run."""
    automation = receipt.get(ReceiptField.AUTOMATION_ACTUALLY_COMPLETED, "")
    events = commit.trailer(TRAILER_EVENT) if commit is not None else []
    named = [key for key in events if key in automation and day.isoformat() in key and "due-review" in key]
    checks.expect(
        "the receipt says which automation mode actually ran: this background occurrence",
        automation.lower().startswith("background") and bool(named),
        f"Automation actually completed: {automation!r}; the commit's event trailer: {events}",
    )


def selection_reason(record: str) -> str:
    """The review template's ``- Selection reason:`` line under ``## Why these questions now``."""
    found = re.search(
        r"^- Selection reason:[ \t]*(.+?)[ \t]*$", records.section(record, "Why these questions now"), re.M
    )
    return found[1] if found else ""


def selection_explained(checks: CheckRecorder, record: str, body: str) -> None:
    """The issue carries the review record's own selection reason, whatever words surround it."""
    reason = selection_reason(record)
    shown = bool(reason) and _folded(reason) in _folded(body)
    checks.expect(
        "the selection basis is explained",
        shown,
        f"the record's selection reason {reason[:100]!r} {'is' if shown else 'is not'} in the issue",
    )


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def echoes(question: str, earlier: Sequence[str]) -> list[str]:
    """The earlier texts (the learner's words, the demonstration, questions already asked) ``question``
    contains: a fresh question is new work, not a quote of what the learner already saw or wrote."""
    asked = _folded(question)
    return [text for text in earlier if _folded(text) in asked]


def judge_generated(
    checks: CheckRecorder,
    body: str,
    record: str,
    receipt: dict[ReceiptField, str],
    earlier: Sequence[str] = (DEMONSTRATION, RECENT_QUESTION, QUESTION, GAP_OBSERVATION),
) -> None:
    """Fresh questions from the linked evidence, judged by where they are, not how they are worded: one or
    two new numbered questions in the review record, each delivered in the issue, none quoting an
    earlier text, their success conditions kept in the record only, the gap they come from named."""
    delivered = [q for q in records.questions(record) if q != QUESTION]
    quoted = {q[:60]: echoes(q, earlier) for q in delivered if echoes(q, earlier)}
    missing = [q[:60] for q in delivered if q not in body]
    questions_field = receipt.get(ReceiptField.QUESTIONS, "")
    checks.expect(
        f"fresh questions are generated from linked evidence for `{REVIEW_ID}`",
        0 < len(delivered) <= 2
        and len(set(map(_folded, delivered))) == len(delivered)
        and not missing
        and not quoted
        and REVIEW_ID in questions_field,
        f"{len(delivered)} generated question(s); not in the issue: {missing}; quoting earlier text: "
        f"{quoted}; Questions: {questions_field!r}",
    )
    keys = re.findall(r"^- Question \d+ success condition[^:]*: (.+)$", record, re.M)
    checks.expect(
        "generated questions keep their success conditions in the record, not the issue",
        len(keys) >= len(delivered) > 0 and not any(key in body for key in keys),
        f"{len(keys)} success condition(s) stored for {len(delivered)} generated question(s), none delivered",
    )
    linked = records.header(record).get("Gap link", "")
    checks.expect(
        "the basis of the generated questions is explained",
        GAP_ID in body and GAP_ID in linked,
        f"the gap named in the issue: {GAP_ID in body}; the record's Gap link: {linked!r}",
    )
