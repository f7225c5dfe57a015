"""Scenario 08, constrained-access SAT study, as far as it applies to a server-side bot.

Initial state: an English goal, one cleaned SAT practice mistake already recorded, and no scheduler
(``due-review`` is disabled in ``gitlearnos.yml``). The learner works from a shared phone through issues
only: no app, no download, no Git. Three small steps, one commit each:

1. the learner's statement (verbatim from the scenario) is recorded with its constraints;
2. the learner asks for one short question and gets exactly one, with the reason, key hidden;
3. the learner answers with support; the answer and support are kept, mastery stays below
   ``demonstrated``, and the next check is marked pending (on-handoff) because nothing is scheduled.

What the bot cannot do offline is ``not-yet`` with the reason: choosing the question unasked from
"help me improve" (the chat-model agent's part), and writing the narrow gap (the diagnose operation's).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.operations.due_review import record_questions
from bot.receipt import ReceiptField
from bot.record_edit import section, unfence
from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun, LearnerRepository
from evals.harness.learner_checks import (
    history_kept,
    new_records,
    no_mastery_claim,
    one_learning_commit,
    unrelated_files_untouched,
)
from evals.harness.receipt import parse_receipt
from evals.scenarios.learner_files import CONFIG, UNRELATED_FILE, learner_files
from evals.scenarios.review_loop import with_config

NUMBER = "08"
TITLE = "Constrained-access SAT study"
SUBJECT = "english"
GOAL = "Raise my SAT Reading and Writing score by choosing answers from the sentence's exact meaning"
MISTAKE_PATH = "subjects/english/events/sat-practice-mistake.md"
MISTAKE = """# SAT practice mistake: words in context

ID: `event-sat-practice-mistake`
Date: 2026-11-20
Subject: english
Channel: `platform`
Source locator: the learner's paper practice set (original question not kept: copyrighted, not authorized)

## Learner-provided event

> Picked the answer about the passage's topic, not the word's meaning in that sentence.
"""
STATEMENT = (
    "I chose by topic instead of the sentence's exact meaning. Help me improve, but\n"
    "give me one thing at a time and do not use more data unless needed."
)
ASK = "Give me one short question on this, please."
ANSWER = (
    "I would reread the sentence around the blank and pick the word that fits it, not the topic. "
    "I looked at my notes once."
)
SHORT = 600  # characters: one question a phone screen shows whole
UNPROMPTED_NOT_YET = (
    "choosing a question unasked from 'help me improve' needs the chat-model agent; the offline agent plans "
    "one when the learner asks for it, which step 2 does"
)
GAP_NOT_YET = "writing a narrow evidence-linked gap is the diagnose operation's (not built yet)"


def run(ctx: ForgeRun) -> Sequence[Check]:
    checks = ctx.checks
    files = learner_files(subject=SUBJECT, goal=GOAL, extra={MISTAKE_PATH: MISTAKE})
    files = with_config(files, **{"automation__jobs__due-review__recurrence": "disabled"})
    repo = ctx.create_repository("sat", files)
    start = repo.observe()
    with checks.section("statement"):
        number = repo.open_issue("SAT practice mistake", STATEMENT)
        reply = repo.wait_for_replies(number)[-1]
        after = repo.observe()
        one_learning_commit(checks, start, after)
        (event,) = new_records(start, after, "events") or ("",)
        record = after.files.get(event, "")
        checks.expect(
            "the statement and its access constraints are preserved",
            all(line in record for line in STATEMENT.splitlines()),
            f"{event or 'no event record'} quotes the learner's words",
        )
        checks.expect(
            "source status is stated and the missing original is not reconstructed",
            "Original or source availability:" in record and after.files.get(MISTAKE_PATH) == MISTAKE,
            "the mistake record is untouched; the new record names where the words came from",
        )
        rag = parse_receipt(reply).get(ReceiptField.RAG_SYNCHRONIZATION, "")
        checks.expect(
            "local evidence first: no network retrieval is used",
            rag.startswith("not attempted"),
            f"RAG synchronization: {rag!r}",
        )
        checks.not_yet("exactly one question is chosen from the plea itself", UNPROMPTED_NOT_YET)
        checks.not_yet("one narrow evidence-linked gap is created or updated", GAP_NOT_YET)
    before_question = after
    with checks.section("one question"):
        repo.comment(number, ASK)
        reply = repo.wait_for_replies(number, 2)[-1]
        after = repo.observe()
        one_learning_commit(checks, before_question, after)
        reviews = new_records(before_question, after, "reviews")
        questions = record_questions(after.files.get(reviews[0], "")) if len(reviews) == 1 else ()
        checks.expect(
            "exactly one short plain-text question, not a worksheet",
            len(questions) == 1 and len(questions[0]) <= SHORT,
            f"{len(reviews)} review record(s), {len(questions)} question(s), "
            f"{len(questions[0]) if questions else 0} characters",
        )
        checks.expect(
            "the question says why it was chosen and hides its success condition",
            "Why this task" in reply and "success condition is kept there, not here" in reply,
            reply.split("\n\n")[-1][:160],
        )
    _answer(checks, repo, number, reviews[0] if reviews else "")
    with checks.section("whole interaction"):
        final = repo.observe()
        history_kept(checks, start, final)
        unrelated_files_untouched(checks, start, final, [UNRELATED_FILE, CONFIG, MISTAKE_PATH])
        checks.expect(
            "three small steps, three reversible commits",
            len(final.commits_since(start)) == 3,
            f"{len(final.commits_since(start))} new commits",
        )
    return checks.results


def _answer(checks: CheckRecorder, repo: LearnerRepository, number: int, review_path: str) -> None:
    with checks.section("answer"):
        start = repo.observe()
        repo.comment(number, ANSWER)
        reply = repo.wait_for_replies(number, 3)[-1]
        after = repo.observe()
        one_learning_commit(checks, start, after)
        review = after.files.get(review_path, "")
        checks.expect(
            "the answer and support used are preserved",
            unfence(section(review, "Learner answer")) == ANSWER
            and "- Independent: `no`" in review
            and "looked at my notes" in review,
            next(
                (line for line in review.splitlines() if line.startswith("- Support used")), "no support line"
            ),
        )
        receipt = parse_receipt(reply)
        texts = {
            "reply": reply,
            **{p: after.files[p] for p in after.changed_paths(start) if p in after.files},
        }
        no_mastery_claim(checks, texts, receipt)
        next_check = next(
            (line for line in review.splitlines() if line.startswith("- Date or next handoff")), ""
        )
        checks.expect(
            "with no scheduler the next check is pending (on-handoff)",
            "pending (on-handoff)" in next_check and "- Actual background scheduling created: no" in review,
            next_check or "no next check line",
        )
        automation = receipt.get(ReceiptField.AUTOMATION_ACTUALLY_COMPLETED, "")
        checks.expect(
            "no background execution is claimed",
            automation.startswith("immediate"),
            f"Automation actually completed: {automation!r}",
        )
