"""Scenario 13, route and verify required RAG: a learner's textbook excerpt goes through the rag queue.

Initial state: the demo's repository plus an authorized textbook excerpt the learner committed
(``materials/geometry-textbook.md``). The learner files a study note naming it as the source. The bot
must write the source record (``pending``) in the learning commit, ingest it on the ``rag`` queue
(the stack's own rag worker, RAG-Anything with the local offline embedding model), and commit a
``gitlearnos.external-receipt/v1`` receipt in a commit of its own; the operator's ``gitlearnos rag
query`` must then return the textbook's fact with its source id, document id, locator and version.

Continuity rows automated here: a query whose endpoint cannot be reached is reported ``failed``, never
``no-hit``; a source changed after ingest is rebuilt (old entry deleted, new one inserted and verified)
with a separate receipt while the old receipt stays in history. A learner's question naming their
textbook is answered on the issue (the rag queue's ``query``, a comment of its own) quoting the
textbook's passage with source id, document id, locator and version; a general question is answered
without RAG (no job, no receipt, no such answer), and a one-off worksheet exercise sends nothing to RAG.
The rows that stage an outage are in :mod:`evals.scenarios.rag_recovery`: a sync interrupted while the
rag worker was down is replayed by the next maintenance run for that document only; a question about "my
notes" cites both synchronized sources; a rebuild failing after deletion stays recoverable and its
inspected retry ends verified. First of all, the scenario's own request in a repository not yet set up
must get the setup questions before any commit or ingest (:mod:`evals.scenarios.rag_gate`). Not automated
here: the rest of the setup-gate conversation (scenario 01's), and teacher feedback contradicting a
diagnosis and misclassified topics (the diagnose operation's rows). Stale query results (a changed
source, a lost index, a rebuild that failed after deletion) are covered by
``tests/integration/test_rag_worker.py`` on real RAG-Anything, and the failed/no-hit wording of the
learner's answer by ``tests/integration/test_rag_answer.py``.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun, LearnerRepository, ScenarioError
from evals.harness.learner_checks import MASTERY_CLAIM, affirmative_sentences
from evals.harness.queue_watch import tasks_sent
from evals.harness.repo_state import CommitInfo, RepoState
from evals.harness.wire import RAG_QUEUE
from evals.sandbox.git_client import run_git
from evals.scenarios import rag_gate, rag_recovery
from evals.scenarios.learner_files import learner_files
from evals.scenarios.rag_flow import (
    ANSWER_INTRO,
    RECEIPT_TIMEOUT_S,
    push_learner_file,
    rag_commits,
    receipt_of,
    receipt_paths,
    record_path,
    wait_for_answer,
    wait_for_rag_commit,
)

NUMBER = "13"
TITLE = "Route and verify required RAG"
MATERIAL = "materials/geometry-textbook.md"
TEXTBOOK = """# Geometry textbook, chapter 4: similarity

Two triangles are similar when their corresponding angles are equal.
The ratio of corresponding side lengths is called the scale factor of the similarity.
Areas of similar figures scale with the square of the scale factor.
"""
EDITED = TEXTBOOK + "\nPerimeters of similar figures scale with the scale factor itself.\n"
NOTE = (
    "I read the similarity chapter and want it in my knowledge base: corresponding angles first, then the "
    f"scale factor.\n\nSource: {MATERIAL}\n"
)
FACT_QUESTION = "What is the ratio of corresponding side lengths called?"
FACT = "scale factor"
SCHEMA = "gitlearnos.external-receipt/v1"
DOCUMENT = "GitLearnOS-RAG-Document"  # the receipt commit's trailer naming the RAG document
GENERATED = ("vdb_", "kv_store_", "graph_chunk_entity_relation", ".npy", ".faiss")
EXERCISE_TITLE = "Worksheet exercise 4.2"
EXERCISE = "Triangles with sides 4 and 6 have scale factor 1.5. I got it right on the first try."
MASTERY_LINE = re.compile(r"^(?:- )?Mastery:[ \t]*(?P<value>.*)$", re.M)
SOURCE_QUESTION = f"What does my textbook {MATERIAL} call the ratio of corresponding side lengths?"


def run(ctx: ForgeRun) -> Sequence[Check]:
    checks = ctx.checks
    rag_gate.run(ctx, MATERIAL, TEXTBOOK)
    repo = ctx.create_repository("rag", learner_files(extra={MATERIAL: TEXTBOOK}))
    before = repo.observe()
    number = repo.open_issue("Similarity chapter notes", NOTE)
    reply = repo.wait_for_replies(number)[-1]
    after_learning = repo.observe()
    learning = after_learning.commits_since(before)
    receipt_commit, after = wait_for_rag_commit(repo, after_learning)
    judge_ingest(
        checks, before=before, after_learning=after_learning, learning=learning,
        receipt_commit=receipt_commit, after=after, reply=reply,
    )  # fmt: skip
    evidence = operator_query(ctx, repo.full_name, FACT_QUESTION)
    judge_query(checks, evidence, receipt_commit)
    judge_source_question(checks, repo, receipt_commit)
    judge_outage(checks, ctx)
    judge_general_question(checks, repo, after)
    judge_one_off_exercise(checks, repo)
    before_notes = repo.observe()
    replay = rag_recovery.judge_interrupted_sync(checks, ctx, repo)
    documents = [*receipt_commit.trailer(DOCUMENT), *replay.trailer(DOCUMENT)]
    rag_recovery.judge_two_sources(checks, repo, documents)
    rag_recovery.judge_only_affected(checks, repo, before_notes, replay, record_path(receipt_commit))
    judge_rebuild(checks, ctx, repo, receipt_commit)
    rag_recovery.judge_failed_rebuild(checks, ctx, MATERIAL, TEXTBOOK, EDITED)
    return checks.results


def judge_ingest(
    checks: CheckRecorder,
    *,
    before: RepoState,
    after_learning: RepoState,
    learning: tuple[CommitInfo, ...],
    receipt_commit: CommitInfo,
    after: RepoState,
    reply: str,
) -> None:
    record = record_path(receipt_commit)
    first_record = after_learning.files.get(record, "")
    checks.expect(
        "the learning commit writes the source record with RAG status pending",
        len(learning) == 1 and record in learning[0].paths and "RAG status: `pending`" in first_record,
        f"learning commits {[c.subject for c in learning]}; record {record or 'missing'}",
    )
    checks.expect(
        "the reply says synchronization is pending, not done",
        "pending" in reply and "waits for ingestion" in reply,
        "the receipt's RAG line " + ("says pending" if "waits for ingestion" in reply else "says otherwise"),
    )
    receipts = receipt_paths(receipt_commit)
    checks.expect(
        "the ingest receipt is committed on its own, after and apart from the learning commit",
        sorted(receipt_commit.paths) == sorted([record, *receipts]) and len(receipts) == 1
        and receipt_commit.id != learning[0].id and receipt_commit.author == "GitLearnOS Bot",
        f"receipt commit {receipt_commit.id[:12]} changes {list(receipt_commit.paths)}",
    )  # fmt: skip
    receipt = receipt_of(receipt_commit, after)
    verification = receipt.get("verification") or {}
    checks.expect(
        f"the receipt is {SCHEMA} with source id, doc id, locator, content hash and found evidence",
        receipt.get("schema") == SCHEMA and receipt.get("result") == "completed"
        and receipt.get("locator") == MATERIAL and bool(receipt.get("content_hash"))
        and receipt.get("doc_id", "").startswith(receipt.get("source_id", "?") + "@")
        and verification.get("found") is True and receipt.get("repo_revision") == learning[0].id,
        f"result {receipt.get('result')}, doc {receipt.get('doc_id')}, locator {receipt.get('locator')}, "
        f"verification found {verification.get('found')}",
    )  # fmt: skip
    linked = after.files.get(record, "")
    doc_id = receipt.get("doc_id", "?")
    checks.expect(
        "the source record now carries the RAG document id, status verified and the receipt path",
        f"`{doc_id}`" in linked and "RAG status: `verified`" in linked and receipts[0] in linked,
        f"record {record}: " + ("linked" if f"`{doc_id}`" in linked else "no document id"),
    )
    generated = [p for p in after.files if any(marker in p for marker in GENERATED)]
    checks.expect(
        "nothing generated (vectors, chunks, graph, caches) is committed",
        not generated,
        f"generated files in Git: {generated}" if generated else "only records and receipts",
    )
    unchanged = after.files.get(MATERIAL) == before.files.get(MATERIAL)
    checks.expect(
        "only the authorized material is indexed, and it is left as the learner wrote it",
        unchanged and receipt.get("locator") == MATERIAL,
        f"indexed locator {receipt.get('locator')}; material unchanged: {unchanged}",
    )


def _cli(ctx: ForgeRun, *args: str, env: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    # The stack's own settings: its data directory, and its loopback endpoints allowed.
    stack = {
        "GITLEARNOS_DATA_DIR": str(ctx.stack.data_dir / "bot"),
        "GITLEARNOS_RAG_ALLOWED_HOSTS": "127.0.0.1",
    }
    environment = os.environ | stack | (env or {})
    done = subprocess.run(
        [sys.executable, "-m", "gitlearnos", "rag", *args],
        capture_output=True, text=True, env=environment, timeout=120, check=False,
    )  # fmt: skip
    try:
        return done.returncode, json.loads(done.stdout)
    except json.JSONDecodeError:
        return done.returncode, {"status": "unreadable", "error": (done.stdout + done.stderr)[-500:]}


def served_spec(ctx: ForgeRun, full_name: str) -> str:
    """``forge:host/owner/name`` of a served repository, as the bot keyed its index."""
    root = ctx.stack.data_dir / "bot" / "rag"
    found = sorted(root.glob(f"*/*/{full_name}"))
    if not found:
        raise ScenarioError(f"no RAG index for {full_name} under {root}")
    forge, host = found[0].relative_to(root).parts[:2]
    return f"{forge}:{host}/{full_name}"


def operator_query(ctx: ForgeRun, full_name: str, question: str) -> dict[str, Any]:
    _, result = _cli(ctx, "query", "--repo", served_spec(ctx, full_name), "--question", question)
    return result


def judge_query(checks: CheckRecorder, result: dict[str, Any], receipt_commit: CommitInfo) -> None:
    evidence = [e for e in result.get("evidence") or [] if isinstance(e, dict)]
    best = evidence[0] if evidence else {}
    doc_id = receipt_commit.trailer("GitLearnOS-RAG-Document")
    checks.expect(
        "a real query returns the textbook's fact with source id, document id, locator and version",
        result.get("status") == "ok" and FACT in str(best.get("text", "")).lower()
        and [best.get("doc_id")] == doc_id and str(best.get("locator", "")).startswith(f"{MATERIAL}#L")
        and bool(best.get("source_id")) and bool(best.get("version")),
        f"status {result.get('status')}; best evidence {best.get('doc_id')} at {best.get('locator')}",
    )  # fmt: skip


def judge_source_question(checks: CheckRecorder, repo: LearnerRepository, receipt_commit: CommitInfo) -> None:
    before = repo.observe()
    number = repo.open_issue("A question about my textbook", SOURCE_QUESTION)
    moved = _answer_or_moved_mastery(repo, number, before)
    if moved is not None:  # judged at once: a bot that took the retrieval as mastery may never answer
        retrieval_moves_no_mastery(checks, before, moved, "")
        return
    answer = wait_for_answer(repo, number)
    retrieval_moves_no_mastery(checks, before, repo.observe(), answer)
    doc_id = next(iter(receipt_commit.trailer("GitLearnOS-RAG-Document")), "?@?")
    source_id, _, version = doc_id.rpartition("@")
    quoted = " ".join(line for line in answer.splitlines() if line.startswith(">")).lower()
    identity = f"Source `{source_id}`, document `{doc_id}`, locator `{MATERIAL}#L"
    checks.expect(
        "a learner's question about their own material is answered on the issue with cited, quoted evidence",
        "Status: `ok`" in answer and identity in answer and f"version `{version}`" in answer
        and FACT in quoted,
        f"answer cites {doc_id}: {identity in answer}; status ok: {'Status: `ok`' in answer}; "
        f"fact quoted: {FACT in quoted}",
    )  # fmt: skip


def _mastery(text: str) -> str:
    """A record's ``Mastery`` line (header or list style, as the templates write it), without code marks."""
    match = MASTERY_LINE.search(text)
    return match.group("value").strip().strip("`") if match else ""


def _answer_or_moved_mastery(repo: LearnerRepository, number: int, before: RepoState) -> RepoState | None:
    """Wait for the bot's RAG answer on ``number``; the repository's state if a record's mastery moves
    first (then no answer is awaited), None once the answer is there."""
    deadline = time.monotonic() + RECEIPT_TIMEOUT_S
    while time.monotonic() < deadline:
        if any(body.startswith(ANSWER_INTRO) for body in repo.bot_replies(number)):
            return None
        if mastery_moved(before, now := repo.observe()):
            return now
        time.sleep(0.5)
    return None  # wait_for_answer then reports the missing answer


def mastery_moved(before: RepoState, after: RepoState) -> list[str]:
    """Each record whose ``Mastery`` differs between the two states (a new record with one included)."""
    return [
        f"{path}: {_mastery(before.files.get(path, ''))!r} -> {value!r}"
        for path in after.changed_paths(before)
        if (value := _mastery(after.files.get(path, ""))) != _mastery(before.files.get(path, ""))
    ]


def retrieval_moves_no_mastery(
    checks: CheckRecorder, before: RepoState, after: RepoState, answer: str
) -> None:
    """Protocol: retrieval output is no mastery evidence. Answering from the textbook changes no record's
    ``Mastery`` (nor writes a new one), and the answer claims none."""
    moved = mastery_moved(before, after)
    claims = affirmative_sentences(answer, MASTERY_CLAIM)
    checks.expect(
        "a retrieval answer is no mastery evidence: no mastery moves and none is claimed",
        not moved and not claims,
        f"mastery moved: {moved}; claims: {claims}" if moved or claims else "no record's mastery changed",
    )


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def judge_outage(checks: CheckRecorder, ctx: ForgeRun) -> None:
    """Continuity row: the query endpoint is unreachable → a retrieval failure, never ``no-hit``."""
    with tempfile.TemporaryDirectory(dir=ctx.workdir) as folder:
        config = "\n".join(
            [
                "protocol: '2.0-draft'",
                "rag:",
                "  embedding:",
                f"    base_url: http://127.0.0.1:{_closed_port()}/v1",
                "    model: unreachable-embedder",
                "    api_key_env: GITLEARNOS_RAG_EMBEDDING_API_KEY",
                "    dimensions: 384",
                "",
            ]
        )
        (Path(folder) / "gitlearnos.yml").write_text(config)
        run_git(["init", "-q", folder])
        code, result = _cli(ctx, "query", "--repo", folder, "--question", FACT_QUESTION)
    checks.expect(
        "an unreachable retrieval endpoint is reported as a failure, not as no-hit",
        result.get("status") == "failed" and code != 0 and not result.get("evidence"),
        f"status {result.get('status')}, exit code {code}: {str(result.get('error'))[:120]}",
    )


def judge_general_question(checks: CheckRecorder, repo: LearnerRepository, before: RepoState) -> None:
    """Protocol: "a general question completes without a RAG call", watched on the broker itself."""
    with tasks_sent(repo.run.stack.redis_url, RAG_QUEUE) as rag_tasks:
        number = repo.open_issue("A general question", "What is the capital of France?")
        replies = repo.wait_for_replies(number)
        time.sleep(2.0)  # a queued rag job would be sent, commit or answer within this window
    after = repo.observe()
    judge_general(checks, replies, [c.subject for c in rag_commits(after, before)], list(rag_tasks))


def judge_general(
    checks: CheckRecorder, replies: Sequence[str], committed: list[str], rag_tasks: list[str]
) -> None:
    """The question got a reply, no task went to the rag queue, and nothing RAG was committed or answered."""
    answered = [body for body in replies if body.startswith(ANSWER_INTRO)]
    checks.expect(
        "a general question completes without a RAG call (a reply; no rag job sent, committed or answered)",
        bool(replies) and not rag_tasks and not committed and not answered,
        f"{len(replies)} reply(ies); rag jobs sent: {rag_tasks}; rag commits: {committed}; "
        f"rag answers: {len(answered)}",
    )


def judge_one_off_exercise(checks: CheckRecorder, repo: LearnerRepository) -> None:
    """Protocol: "handle the one-off exercise without immediate RAG ingestion": it may enter Git, but no
    job goes to the rag queue for it and nothing of it is indexed."""
    before = repo.observe()
    with tasks_sent(repo.run.stack.redis_url, RAG_QUEUE) as rag_tasks:
        number = repo.open_issue(EXERCISE_TITLE, EXERCISE)
        repo.wait_for_replies(number)
        time.sleep(2.0)  # as for the general question: a queued rag job would show within this window
    committed = [c.subject for c in rag_commits(repo.observe(), before)]
    checks.expect(
        "a one-off exercise is not sent to RAG (no rag job sent or committed)",
        not rag_tasks and not committed,
        f"rag jobs sent: {list(rag_tasks)}; rag commits: {committed}",
    )


def judge_rebuild(checks: CheckRecorder, ctx: ForgeRun, repo: LearnerRepository, first: CommitInfo) -> None:
    """Continuity row: the source changes after ingest → new version committed, rebuilt, separate receipt."""
    push_learner_file(ctx, repo, MATERIAL, EDITED, "Add the perimeter rule")
    edited = repo.observe()
    number = repo.open_issue(
        "Perimeters of similar figures", f"Perimeters scale with k.\n\nSource: {MATERIAL}\n"
    )
    repo.wait_for_replies(number)
    commit, after = wait_for_rag_commit(repo, edited)
    receipts = receipt_paths(commit)
    receipt = receipt_of(commit, after)
    old_doc = first.trailer("GitLearnOS-RAG-Document")
    old_receipts = receipt_paths(first)
    checks.expect(
        "a changed source is rebuilt (owned old entry replaced) with a separate receipt; history is kept",
        receipt.get("operation") == "rebuild" and [receipt.get("replaces_doc_id")] == old_doc
        and (receipt.get("verification") or {}).get("found") is True
        and all(p in after.files for p in old_receipts) and receipts != old_receipts,
        f"operation {receipt.get('operation')}, replaces {receipt.get('replaces_doc_id')}, "
        f"old receipt kept: {all(p in after.files for p in old_receipts)}",
    )  # fmt: skip
