"""Scenario 08, constrained-access SAT study, as far as it applies to a server-side bot.

Initial state: an English goal, one cleaned SAT practice mistake already recorded, and no scheduler
(``due-review`` is disabled in ``gitlearnos.yml``). The learner works from a shared phone through issues
only: no app, no download, no Git. Two small steps, one commit each:

1. the learner's statement (verbatim from the scenario) is recorded with its constraints; its "I chose
   X instead of Y" opens one narrow gap in the learner's words (mastery and cause ``unknown``), and its
   "help me improve" gets exactly one short question chosen from the statement, with the reason and
   the key hidden;
2. the learner answers with support; the answer and support are kept, mastery stays below
   ``demonstrated``, and the next check is marked pending (on-handoff) because nothing is scheduled.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evals.harness import records
from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun, LearnerRepository
from evals.harness.learner_checks import (
    history_kept,
    new_records,
    no_mastery_claim,
    one_learning_commit,
    unrelated_files_untouched,
)
from evals.harness.receipt import ReceiptField, parse_receipt
from evals.harness.repo_state import RepoState
from evals.scenarios.learner_files import CONFIG, UNRELATED_FILE, learner_files
from evals.scenarios.review_loop import with_config

# Tooling a learner on a shared phone must not be asked for: a command, a shell session, a download.
LEARNER_TOOLING = re.compile(
    r"`(?:git|pip|npm|npx|curl|wget|docker|brew|apt(?:-get)?|python3?|gitlearnos)(?:\s[^`]*)?`|^```(?:sh|bash|console|shell)\b"
    r"|^\$ \S|https?://\S+\.(?:zip|apk|exe|dmg|msi|tar\.gz)\b",
    re.I | re.M,
)
RECEIPT_FIELD_LINE = re.compile(r"^\s*[-*]\s+\*\*[^*:]+:\*\*")
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
ANSWER = (
    "I would reread the sentence around the blank and pick the word that fits it, not the topic. "
    "I looked at my notes once."
)
SHORT = 600  # characters: one question a phone screen shows whole


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
        gap = _gap(checks, start, after, event)
        reviews = new_records(start, after, "reviews")
        review = after.files.get(reviews[0], "") if len(reviews) == 1 else ""
        judge_question(checks, review, reply, record)
        checks.expect(
            "the question links the gap",
            bool(gap) and gap in records.header(review).get("Gap link", ""),
            f"Gap link: {records.header(review).get('Gap link', 'missing')!r}",
        )
    _answer(checks, repo, number, reviews[0] if reviews else "")
    with checks.section("whole interaction"):
        final = repo.observe()
        history_kept(checks, start, final)
        unrelated_files_untouched(checks, start, final, [UNRELATED_FILE, CONFIG, MISTAKE_PATH])
        checks.expect(
            "two small steps, two reversible commits",
            len(final.commits_since(start)) == 2,
            f"{len(final.commits_since(start))} new commits",
        )
        asks_nothing_beyond_the_thread(checks, repo.bot_replies(number))
    return checks.results


def asks_nothing_beyond_the_thread(checks: CheckRecorder, replies: Sequence[str]) -> None:
    """Protocol: no web app, server, database, large download or Git knowledge required of the learner.
    What a reply asks the learner to do (its receipt's next action, and anything outside the receipt) names
    no command to run, no shell block and no file to download; the receipt's Undo and Git persistence lines
    tell what happened and are not asked of them."""
    asked = [
        found.group(0)
        for reply in replies
        for text in (parse_receipt(reply).get(ReceiptField.NEXT_ACTION, ""), _outside_receipt(reply))
        if (found := LEARNER_TOOLING.search(text))
    ]
    checks.expect(
        "the learner is asked for nothing beyond this thread: no command, shell or download",
        not asked,
        f"asked for: {asked}" if asked else f"{len(replies)} repl(ies) ask only for an answer here",
    )


def _outside_receipt(reply: str) -> str:
    return "\n".join(line for line in reply.splitlines() if not RECEIPT_FIELD_LINE.match(line))


def selection_reason(review: str) -> str:
    """The review template's ``- Selection reason:`` line under ``## Why these questions now``."""
    block = records.section(review, "Why these questions now")
    found = re.search(r"^- Selection reason:[ \t]*(\S.*?)[ \t]*$", block, re.M)
    return found[1] if found else ""


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def judge_question(checks: CheckRecorder, review: str, reply: str, event_record: str) -> None:
    """One short question, chosen from the plea and delivered without its key, judged by the record and
    the reply's contents, not their wording: the review record depends on the statement's event, holds
    one short question that quotes none of the learner's sentences, the reply delivers that very question
    and the record's selection reason, and none of the record's success conditions."""
    questions = records.questions(review)
    question = questions[0] if len(questions) == 1 else ""
    event_id = records.header(event_record).get("ID", "")
    depends = records.header(review).get("Depends on (goal/gap/model/event IDs)", "")
    sentences = [_folded(s).rstrip(".") for s in re.split(r"(?<=[.!?])\s+", STATEMENT) if s.strip()]
    quoted = [s for s in sentences if question and s in _folded(question)]
    checks.expect(
        "exactly one question is chosen from the plea itself",
        bool(question) and len(question) <= SHORT and bool(event_id) and event_id in depends and not quoted,
        f"{len(questions)} question(s), {len(question)} characters; depends on {depends!r}; quotes the "
        f"learner's sentences: {quoted}",
    )
    reason = selection_reason(review)
    delivered = _folded(reply)
    leaked = [key for key in _keys(review) if _folded(key) in delivered]
    checks.expect(
        "the question says why it was chosen and hides its success condition",
        bool(question) and _folded(question) in delivered and bool(reason) and _folded(reason) in delivered
        and bool(_keys(review)) and not leaked,
        f"question delivered: {bool(question) and _folded(question) in delivered}; selection reason "
        f"{reason[:100]!r} delivered: {bool(reason) and _folded(reason) in delivered}; leaked keys: {leaked}",
    )  # fmt: skip


def _keys(review: str) -> list[str]:
    """The success conditions a review record keeps (each ``- …`` line of its answer section)."""
    lines = records.section(review, "Answer or success condition").splitlines()
    return [line.removeprefix("- ") for line in lines if line.startswith("- ")]


def _gap(checks: CheckRecorder, start: RepoState, after: RepoState, event: str) -> str:
    """One narrow gap in the learner's words, linked to the event and goal, on the dashboard; its ID."""
    gaps = new_records(start, after, "knowledge-gaps")
    text = after.files.get(gaps[0], "") if len(gaps) == 1 else ""
    header = records.header(text)
    event_id = records.header(after.files.get(event, "")).get("ID", "?").strip("`")
    checks.expect(
        "one narrow evidence-linked gap is created or updated",
        len(gaps) == 1
        and event_id in header.get("Depends on (event IDs)", "")
        and "main-goal.md" in header.get("Goal link", "")
        and "chose by topic instead of the sentence's exact meaning" in text,
        f"{gaps or 'no gap'}; depends on {header.get('Depends on (event IDs)', 'nothing')!r}",
    )
    checks.expect(
        "the gap diagnoses nothing: mastery and cause stay unknown",
        header.get("Mastery", "").strip("`") == "unknown" and "- Diagnosis status: `unknown`" in text,
        f"Mastery {header.get('Mastery')!r}",
    )
    checks.expect(
        "the dashboard shows the gap",
        bool(gaps) and gaps[0] in after.files.get("dashboard.md", ""),
        "listed under active knowledge gaps" if gaps else "no gap",
    )
    return header.get("ID", "").strip("`")


def _answer(checks: CheckRecorder, repo: LearnerRepository, number: int, review_path: str) -> None:
    with checks.section("answer"):
        start = repo.observe()
        repo.comment(number, ANSWER)
        reply = repo.wait_for_replies(number, 2)[-1]
        after = repo.observe()
        one_learning_commit(checks, start, after)
        review = after.files.get(review_path, "")
        checks.expect(
            "the answer and support used are preserved",
            records.fenced(records.section(review, "Learner answer")) == ANSWER
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
