"""Scenario 11, continue without Skills: the two variants a server-side bot has, judged by outcome.

The primary variant and the memory variants test a chat surface's Skills, project instructions and
native memory, which a bot whose only state is the repository does not have; they are reported as not
applicable with the registry's reasons. Two variants apply:

- **No repository write access**: the learner's default branch is protected against the bot (the sandbox
  refuses its push as each forge does), the chat model is allowed (the sandbox's scripted endpoint plays
  it), and the learner sends the scenario's photographed algebra page with its question. The reply must
  answer first, then return the exact pending writeback (every file in full, the learner's words and the
  page's locator kept), claim no write, commit or push, and nothing may land in the repository.
- **Transfer-based goal**: the goal says ``Transfer required: yes``. A due check of the same task form
  (``Purpose: review``) answered correctly, independently and days after the learning event must leave
  the gap at ``learning``, and the next check the bot plans must be a transfer task with its question
  (it is not yet: the offline builders vary the same task form, so that check fails, owned by #16). A due
  transfer task answered the same way under the same goal reaches ``demonstrated``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evals.harness import records
from evals.harness.checks import Check, CheckRecorder, CheckStatus
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import (
    affirmative_sentences,
    new_records,
    no_new_commit,
    receipt_complete,
    receipt_skill_honest,
)
from evals.harness.receipt import ReceiptField, listed_paths, parse_receipt
from evals.harness.repo_state import RepoState
from evals.sandbox.client import SandboxClient
from evals.sandbox.store import BOT_LOGIN
from evals.scenarios.learner_files import MATHS_GOAL, learner_files
from evals.scenarios.review_loop import (
    GAP_PATH,
    REVIEW_PATH,
    due_files,
    run_due_review,
    wait_for_issue,
)
from evals.scenarios.s05_answer_writeback import INDEPENDENT

NUMBER = "11"
TITLE = "Continue without Skills"

IMAGE = "https://attachments.sandbox.invalid/alice/algebra-page-completing-the-square.jpg"
QUESTION = "Why does completing the square work here? I keep changing the constant incorrectly."
ISSUE_TITLE = "Why does completing the square work here?"
ISSUE_BODY = f"![photo of my algebra page]({IMAGE})\n\n{QUESTION}"
ANSWER = (
    "Completing the square adds and subtracts the same number, (b/2)^2, so the expression's value never "
    "changes: x^2 + 6x becomes (x + 3)^2 - 9. The constant you subtract is the square you added."
)
SEEN = "A worked solution of x^2 + 6x + 5 = 0; one line reads (x + 3)^2 - 4 = 0."
MODEL_READING = {
    "learning_event": "durable",
    "subject": "mathematics",
    "answer": ANSWER,
    "seen_in_media": SEEN,
}
NOT_WRITTEN = re.compile(r"\b(none|nothing|not)\b", re.I)
# A sentence saying the update was written: judged outside the pending files, whose own text may say so.
WRITE_CLAIM = re.compile(
    r"\b(committed|pushed|recorded your|saved (?:it|this|your)|I (?:wrote|stored))\b", re.I
)
COMMIT_ID = re.compile(r"\b[0-9a-f]{12,40}\b")
TRANSFER_LINE = "- Transfer required: yes"


def run(ctx: ForgeRun, not_applicable: Sequence[tuple[str, str]] = ()) -> Sequence[Check]:
    """The two applicable variants; ``not_applicable`` (name, protocol reason) are reported as such."""
    ctx.checks.results.extend(Check(name, CheckStatus.NOT_APPLICABLE, why) for name, why in not_applicable)
    with ctx.checks.section("no repository write access"):
        _run_read_only(ctx)
    with ctx.checks.section("transfer-based goal"):
        _run_transfer_goal(ctx)
    return ctx.checks.results


# --- no repository write access ------------------------------------------------------------------------


def _run_read_only(ctx: ForgeRun) -> None:
    def protect(learner: SandboxClient, full_name: str) -> None:
        """The bot may read the repository and talk on its issues, but its pushes to main are refused."""
        learner.protect_branch(full_name, "main", login=BOT_LOGIN, forge=ctx.forge)

    files = learner_files(mode="safe-auto", external_model="allowed")
    repo = ctx.create_repository("read-only", files, before_hook=protect)
    with ctx.stack.sandbox.client() as learner:
        learner.script_model(ISSUE_TITLE, MODEL_READING)
    before = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, ISSUE_BODY)
    reply = repo.wait_for_replies(number)[-1]
    judge_read_only(ctx.checks, before, repo.observe(), reply, issue_number=number)


def shown_files(reply: str, paths: set[str]) -> dict[str, str]:
    """Each of ``paths`` the reply shows in full: the path, then the first fenced block after it."""
    shown = {}
    for path in sorted(paths):
        at = reply.find(path)
        fence = records.FENCE.search(reply, at) if at >= 0 else None
        if fence is not None:
            shown[path] = fence.group("words")
    return shown


def judge_read_only(
    checks: CheckRecorder, before: RepoState, after: RepoState, reply: str, *, issue_number: int
) -> None:
    receipt = parse_receipt(reply)
    answer_at, repo_talk_at = reply.find(ANSWER), reply.find("subjects/mathematics/")
    checks.expect(
        "the question is answered before any repository talk",
        0 <= answer_at < repo_talk_at or (answer_at >= 0 and repo_talk_at < 0),
        f"answer at {answer_at}, first repository path at {repo_talk_at}: {reply[:120]!r}",
    )
    pending = {p for p in listed_paths(receipt.get(ReceiptField.CHANGED_FILES, "")) if p.endswith(".md")}
    shown = shown_files(reply, pending)
    events = [p for p in pending if p.startswith("subjects/mathematics/events/")]
    checks.expect(
        "the exact pending writeback is returned: every pending record in full",
        bool(events) and set(shown) == pending,
        f"pending: {sorted(pending)}; shown in full: {sorted(shown)}",
    )
    event = shown.get(events[0], "") if events else ""
    kept = QUESTION in event and (f"issues/{issue_number}" in event or f"#{issue_number}" in event)
    checks.expect(
        "the pending record keeps the learner's words and the page's locator",
        kept,
        "the learner's question and issue link are in the pending event record"
        if kept
        else f"pending event record: {event[:200]!r}",
    )
    no_new_commit(checks, "nothing lands in the repository", before, after)
    outside = records.FENCE.sub("", reply)
    claims = affirmative_sentences(outside, WRITE_CLAIM)
    persistence = receipt.get(ReceiptField.GIT_PERSISTENCE, "")
    named = [c.id[:12] for c in after.commits if c.id[:12] in outside]
    named += [
        m for m in COMMIT_ID.findall(persistence) if not any(c.id.startswith(m) for c in before.commits)
    ]
    checks.expect(
        "no write, commit or push is claimed",
        not claims and not named and bool(NOT_WRITTEN.search(persistence)),
        f"claims: {claims}; commit ids named: {named}; Git persistence: {persistence!r}",
    )
    receipt_complete(checks, receipt)
    receipt_skill_honest(checks, receipt)


# --- transfer-based goal -------------------------------------------------------------------------------


def transfer_goal_files(purpose: str) -> dict[str, str]:
    """Scenario 04's due check under a goal that requires transfer; ``purpose`` says which task form it is."""
    files = due_files()
    goal = files[MATHS_GOAL].rstrip() + f"\n\n## Evidence required\n\n{TRANSFER_LINE}\n"
    review = files[REVIEW_PATH].replace("Purpose: `transfer`", f"Purpose: `{purpose}`")
    return files | {MATHS_GOAL: goal, REVIEW_PATH: review}


def _run_transfer_goal(ctx: ForgeRun) -> None:
    """The due check answered right, alone, days after the event: as the same task form, then as a
    transfer task (seeded: the bot's own next check falls due days later, past any eval's wait)."""
    for purpose in ("review", "transfer"):
        repo = ctx.create_repository(f"transfer-goal-{purpose}", transfer_goal_files(purpose))
        run_due_review(repo)
        wait_for_issue(repo, 1)
        before = repo.observe()
        repo.comment(1, INDEPENDENT)
        repo.wait_for_replies(1)
        if purpose == "review":
            judge_same_form(ctx.checks, before, repo.observe())
        else:
            judge_transfer_task(ctx.checks, before, repo.observe())


def _result(review: str) -> str:
    return next((line for line in review.splitlines() if line.startswith("- Result")), "no result line")


def judge_same_form(checks: CheckRecorder, before: RepoState, after: RepoState) -> None:
    """The same task form answered right, delayed and alone: still ``learning``; a transfer check is next."""
    result = _result(after.files.get(REVIEW_PATH, ""))
    mastery = records.header(after.files.get(GAP_PATH, "")).get("Mastery", "")
    checks.expect(
        "a delayed independent right answer to the same task form is not `demonstrated`",
        "`correct`" in result and mastery == "learning",
        f"{result}; gap Mastery {mastery!r}",
    )
    planned = [
        p
        for p in new_records(before, after, "reviews")
        if records.header(after.files[p]).get("Status") == "planned"
    ]
    purposes = {p: records.header(after.files[p]).get("Purpose", "") for p in planned}
    transfer = [
        p for p, purpose in purposes.items() if purpose == "transfer" and records.questions(after.files[p])
    ]
    checks.expect(
        "the next check planned is a transfer task with its question",
        len(transfer) == 1,
        f"planned checks and their purposes: {purposes}",
    )


def judge_transfer_task(checks: CheckRecorder, before: RepoState, after: RepoState) -> None:
    """A transfer task answered right, delayed and alone, under the same goal: ``demonstrated``."""
    result = _result(after.files.get(REVIEW_PATH, ""))
    mastery = records.header(after.files.get(GAP_PATH, "")).get("Mastery", "")
    checks.expect(
        "a delayed independent right answer to a transfer task is `demonstrated`",
        "`correct`" in result and mastery == "demonstrated" and after.head != before.head,
        f"{result}; gap Mastery {mastery!r}",
    )
