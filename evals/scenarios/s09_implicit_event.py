"""Scenario 09, implicit learning event: a photographed worked example and "Why is step 3 valid?".

Initial state: the demo's repository plus one active model. The learner files an issue holding only a
photo and the question, never mentioning GitLearnOS, saving or review. It runs three times, under
``safe-auto``, ``preview`` and ``manual`` with the learner's default ``external_model: ask``: the bot
uses only its offline RuleAgent, which cannot see images or do mathematics, so the checks hold it to
honesty: it recognizes the event, marks the photo ``needs-transcription``, never describes it, claims no
mastery or gap, writes only under ``safe-auto``, and sends nothing to the chat model.

A fourth run allows the chat model (``external_model: allowed``). The sandbox's scripted OpenAI-compatible
endpoint plays the model (it cannot do mathematics either; the scenario scripts its reading), so what is
checked is the bot's part: the photo and question reach the model, its answer leads the reply before any
repository talk, what it saw is kept apart from its answer, and the record still stores no image and no
model transcription.

In the safe-auto repository the learner then makes small talk and asks a question "answer only"
(:mod:`evals.scenarios.incidental_input`): neither may be stored, and the small talk gets no repository talk.

The scenario's "learning-policy.md conflicts with gitlearnos.yml" variant is not run: the protocol makes
``gitlearnos.yml`` the only effective authority (``learning-policy.md`` is legacy input), and the protocol
wins over a scenario. Its "unclear" half is: a ``gitlearnos.yml`` whose ``mode`` is no mode the protocol
defines must leave the photo's update pending, as the strictest mode would.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import (
    ASKS_FOR_ROUTE,
    affirmative_sentences,
    history_kept,
    new_records,
    no_mastery_claim,
    no_new_commit,
    one_learning_commit,
    receipt_complete,
    receipt_lists_changed_paths,
    receipt_names_commit,
    receipt_skill_honest,
    unrelated_files_untouched,
)
from evals.harness.links import referenced_paths
from evals.harness.receipt import ReceiptField, listed_paths, parse_receipt
from evals.harness.repo_state import RepoState
from evals.scenarios import incidental_input
from evals.scenarios.learner_files import CONFIG, MATHS_GOAL, UNRELATED_FILE, learner_files

NUMBER = "09"
TITLE = "Implicit learning event"

MODEL_PATH = "subjects/mathematics/models/similarity-statement-order.md"
MODEL = """# Model: write similarity statements in corresponding order

ID: `model-similarity-statement-order`
Status: `active`
Subject: mathematics
Goal link: [main goal](../goals/main-goal.md)

## Model

- Match equal angles first, then list the vertices of both triangles in the same order.
"""
# Earlier state the event is not about: an old note on another topic. Only the goal and model are relevant.
OLD_NOTE_PATH = "subjects/mathematics/events/2026-09-14-fraction-homework.md"
OLD_NOTE = """# Fraction homework

ID: `event-2026-09-14-fraction-homework`
Date: 2026-09-14
Subject: mathematics
Channel: `paper`

## Learner-provided event

> Adding fractions needs a common denominator first.
"""
RELEVANT = (MATHS_GOAL, MODEL_PATH)
EARLIER = {MODEL_PATH: MODEL, OLD_NOTE_PATH: OLD_NOTE}
IMAGE = "https://attachments.sandbox.invalid/alice/worked-example-similar-triangles.jpg"
ISSUE_TITLE = "Why is step 3 valid?"
ISSUE_BODY = f"![photo of a worked example]({IMAGE})\n\nWhy is step 3 valid?"
STEP3_ANSWER = (
    "Step 3 divides both sides of 3x + 6 = 12 by 3; dividing both sides of an equation by the same "
    "non-zero number keeps it true, so x + 2 = 4 follows."
)
SEEN = "Four numbered lines solving 3x + 6 = 12; line 3 reads x + 2 = 4."
MODEL_READING = {
    "learning_event": "durable",
    "subject": "mathematics",
    "answer": STEP3_ANSWER,
    "seen_in_media": SEEN,
}
MARKER = "needs-transcription"
UNCLEAR_MODE = "auto-when-sure"  # no mode the protocol defines: the config does not say what is allowed
IMAGE_FILE = re.compile(r"\.(png|jpe?g|gif|webp|heic)$", re.I)
DESCRIBES_IMAGE = re.compile(
    r"\b(the (image|photo|picture|photograph) (shows|contains|depicts)|in the (image|photo|picture)"
    r"|I can see|step 3 (is|was) valid because)\b",
    re.I,
)
NOT_WRITTEN = re.compile(r"\b(none|nothing|not)\b", re.I)


def run(ctx: ForgeRun) -> Sequence[Check]:
    for mode in ("safe-auto", "preview", "manual"):
        repo = ctx.create_repository(mode, learner_files(mode=mode, extra=EARLIER))
        before, sent_before = repo.observe(), len(_model_requests(ctx))
        number = repo.open_issue(ISSUE_TITLE, ISSUE_BODY)
        reply = repo.wait_for_replies(number)[-1]
        judge(ctx.checks, mode, before, repo.observe(), reply, issue_number=number)
        unsent = len(_model_requests(ctx)) == sent_before
        ctx.checks.expect(
            f"{mode}: nothing is sent to the chat model without the learner's consent",
            unsent,
            "no request reached the model" if unsent else "the note was sent to the model",
        )
        if mode == "safe-auto":  # where the bot may write, small talk must still leave no trace
            incidental_input.run(repo, ctx.checks)
    _run_with_model(ctx)
    _run_unclear(ctx)
    return ctx.checks.results


def _run_unclear(ctx: ForgeRun) -> None:
    """The variant "when the config is unclear, the stricter authority wins": a ``mode`` the protocol
    does not know, so the photo's update may only be shown as pending, never written."""
    repo = ctx.create_repository("unclear", learner_files(mode=UNCLEAR_MODE, extra=EARLIER))
    before = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, ISSUE_BODY)
    reply = repo.wait_for_replies(number)[-1]
    judge_unclear(ctx.checks, before, repo.observe(), reply)


def judge_unclear(checks: CheckRecorder, before: RepoState, after: RepoState, reply: str) -> None:
    new = after.commits_since(before)
    pending = listed_paths(parse_receipt(reply).get(ReceiptField.CHANGED_FILES, ""))
    shown = any(path.startswith("subjects/mathematics/") for path in pending)
    checks.expect(
        "an unclear config means the stricter authority: nothing is written, the pending writeback is shown",
        not new and after.head == before.head and shown,
        f"new commits: {[c.subject for c in new]}; pending paths: {sorted(pending)}",
    )


def _model_requests(ctx: ForgeRun) -> list[dict[str, object]]:
    with ctx.stack.sandbox.client() as learner:
        return learner.model_requests()


def _run_with_model(ctx: ForgeRun) -> None:
    """safe-auto with the chat model allowed: the answer to step 3 comes first."""
    files = learner_files(mode="safe-auto", external_model="allowed", extra=EARLIER)
    repo = ctx.create_repository("model", files)
    with ctx.stack.sandbox.client() as learner:
        learner.script_model(ISSUE_TITLE, MODEL_READING)
    before = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, ISSUE_BODY)
    reply = repo.wait_for_replies(number)[-1]
    after = repo.observe()
    with ctx.checks.section("safe-auto, chat model allowed"):
        sent = json.dumps(_model_requests(ctx))
        ctx.checks.expect(
            "the photo and the question reach the model",
            IMAGE in sent and ISSUE_TITLE in sent,
            f"the model {'received' if IMAGE in sent else 'did not receive'} the photo's link",
        )
        answer_at, repo_talk_at = reply.find(STEP3_ANSWER), reply.find("subjects/mathematics/")
        ctx.checks.expect(
            "answers the mathematical question before repository work",
            0 <= answer_at < repo_talk_at,
            f"answer at {answer_at}, first repository path at {repo_talk_at}: {reply[:120]!r}",
        )
        seen_at = reply.find(SEEN)
        ctx.checks.expect(
            "what is visible in the image is kept apart from the answer",
            seen_at > answer_at >= 0 and "could see" in reply[answer_at:seen_at],
            f"visible part at {seen_at}, answer at {answer_at}",
        )
        changed = after.changed_paths(before)
        stored = [path for path in changed if STEP3_ANSWER in after.files.get(path, "")]
        ctx.checks.expect(
            "the model's answer is a reply, not a stored fact",
            not stored,
            f"files holding the answer: {stored}" if stored else "no file holds the model's answer",
        )
        no_mastery_claim(ctx.checks, {"reply": reply}, parse_receipt(reply))
        _judge_written(ctx.checks, before, after, reply, number)


def judge(
    checks: CheckRecorder, mode: str, before: RepoState, after: RepoState, reply: str, *, issue_number: int
) -> None:
    """The checks for one write mode; ``safe-auto`` must write the smallest update, the others nothing."""
    with checks.section(mode):
        receipt = parse_receipt(reply)
        changed = after.changed_paths(before)
        texts = {"reply": reply, **{path: after.files.get(path, "") for path in changed}}
        described = [s for text in texts.values() for s in affirmative_sentences(text, DESCRIBES_IMAGE)]
        checks.expect(
            "the photo is never described",
            not described,
            f"descriptions: {described}" if described else "nothing is said about what the photo shows",
        )
        no_mastery_claim(checks, texts, receipt)
        history_kept(checks, before, after)
        unrelated_files_untouched(checks, before, after, [MODEL_PATH, OLD_NOTE_PATH, UNRELATED_FILE, CONFIG])
        if mode == "safe-auto":
            _judge_written(checks, before, after, reply, issue_number)
        else:
            _judge_pending(checks, before, after, reply)


def _judge_pending(checks: CheckRecorder, before: RepoState, after: RepoState, reply: str) -> None:
    """Preview and manual: the exact pending writeback is shown, and nothing lands."""
    receipt = parse_receipt(reply)
    no_new_commit(checks, "nothing is written or committed", before, after)
    pending = listed_paths(receipt.get(ReceiptField.CHANGED_FILES, ""))
    persistence = receipt.get(ReceiptField.GIT_PERSISTENCE, "")
    checks.expect(
        "the reply shows the exact pending writeback",
        any(path.startswith("subjects/mathematics/") for path in pending)
        and bool(NOT_WRITTEN.search(persistence)),
        f"pending paths: {sorted(pending)}; Git persistence: {persistence!r}",
    )
    checks.expect(
        f"the reply says the photo was not read (`{MARKER}`)",
        MARKER in reply,
        f"the reply {'names' if MARKER in reply else 'does not name'} `{MARKER}`",
    )


def _judge_written(
    checks: CheckRecorder, before: RepoState, after: RepoState, reply: str, issue_number: int
) -> None:
    receipt = parse_receipt(reply)
    checks.expect(
        "recognized as a learning event without being asked to save it",
        bool(reply) and not ASKS_FOR_ROUTE.search(reply),
        f"reply starts {reply[:80]!r}",
    )
    commit = one_learning_commit(checks, before, after)
    events = new_records(before, after, "events")
    record = after.files.get(events[0], "") if events else ""
    checks.expect(
        f"the photo is marked `{MARKER}` in the record",
        MARKER in record,
        f"{events or 'no event record'} {'marks' if MARKER in record else 'does not mark'} the photo",
    )
    cites = f"#{issue_number}" in record or f"issues/{issue_number}" in record
    checks.expect(
        "the writeback links to the inspected evidence",
        cites,
        f"the record {'cites' if cites else 'does not cite'} issue #{issue_number}",
    )
    images = [path for path in after.changed_paths(before) if IMAGE_FILE.search(path)]
    checks.expect(
        "the original image is not stored",
        not images,
        f"image files: {images}" if images else "no image file committed",
    )
    extra = {kind: new_records(before, after, kind) for kind in ("knowledge-gaps", "models", "reviews")}
    oversized = len(events) != 1 or extra["knowledge-gaps"] or extra["models"] or len(extra["reviews"]) > 1
    checks.expect(
        "the smallest useful update, not a worksheet",
        not oversized,
        f"new events {events}, gaps {extra['knowledge-gaps']}, models {extra['models']}, "
        f"reviews {extra['reviews']}",
    )
    stray = stray_citations(before, after, receipt)
    checks.expect(
        "only the active goal, the linked model and this event's evidence are cited",
        not stray,
        f"also cited: {stray}" if stray else f"earlier files cited are at most {list(RELEVANT)}",
    )
    receipt_complete(checks, receipt)
    receipt_skill_honest(checks, receipt)
    if commit is not None:
        receipt_lists_changed_paths(checks, receipt, commit)
        receipt_names_commit(checks, receipt, commit.id)


def stray_citations(
    before: RepoState, after: RepoState, receipt: Mapping[ReceiptField, str]
) -> dict[str, list[str]]:
    """Earlier learner files beyond the goal and model that a changed learning record or the receipt's
    Organized and Evidence lines refer to: what the bot read beyond the directly relevant state, as far as
    a learner can see it. The dashboard, a view of every record, is not a learning record."""
    earlier = [p for p in before.files if p.startswith("subjects/") or p == UNRELATED_FILE]
    candidates = set(earlier) - set(RELEVANT)
    texts = {p: after.files.get(p, "") for p in after.changed_paths(before) if p.startswith("subjects/")}
    texts["receipt"] = f"{receipt.get(ReceiptField.ORGANIZED, '')}\n{receipt.get(ReceiptField.EVIDENCE, '')}"
    cited = {where: sorted(referenced_paths(where, text, candidates)) for where, text in texts.items()}
    return {where: paths for where, paths in cited.items() if paths}
