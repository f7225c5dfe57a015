"""Scenario 13's continuity and recovery rows that need an outage: a lost sync job, a failed rebuild.

Kept apart from :mod:`evals.scenarios.s13_rag` because these steps stage outages the main flow never
has, with real processes and real endpoints, never a mock of the bot:

* **interrupted sync**: the rag worker process is down while a note names a second source, and the
  queued job is lost (as a broker restart without persistence loses it). The source record stays
  ``pending`` in Git. The next maintenance run (queued on the schedule queue as the beat's dispatcher
  queues it) must find it from Git alone and re-ingest that document only.
* **two sources**: a learner question about "my notes" with no document named must come back with
  evidence linked to each synchronized source (source id and document id).
* **rebuild fails after deletion**: a repository whose ``gitlearnos.yml`` names an embedding endpoint
  (served here by a small HTTP server with the local model's vectors) gets a changed source while that
  endpoint is down. The rebuild deletes the owned entry and then cannot insert: the failure receipt and
  the record must be committed, the record must not claim synchronization, and the replay once the
  endpoint is back must inspect the provider's state and end verified with a receipt of its own.
"""

from __future__ import annotations

import base64
import json
import time
from datetime import UTC, datetime
from typing import Any

import redis
import yaml
from celery import Celery

from evals.harness import records
from evals.harness.checks import CheckRecorder
from evals.harness.forge_run import ForgeRun, LearnerRepository, ScenarioError
from evals.harness.repo_state import CommitInfo, RepoState
from evals.harness.wire import RAG_QUEUE, RUN_MAINTENANCE, SCHEDULE_QUEUE, SERVED_REPOS, SYNC_SOURCE
from evals.sandbox.embedding_endpoint import EmbeddingEndpoint
from evals.scenarios.learner_files import CONFIG, learner_files
from evals.scenarios.rag_flow import (
    push_learner_file,
    rag_commits,
    receipt_of,
    receipt_paths,
    record_path,
    wait_for_answer,
    wait_for_rag_commit,
)

LINKAGE = "Git and RAG linkage"  # the source record section holding its doc id, receipt and status
QUEUE_TIMEOUT_S = 20.0
NOTES = "materials/my-similarity-notes.md"
NOTES_TEXT = """# My notes on similar triangles

In class we enlarged a triangle by a scale factor of 2: every side doubled and every angle stayed the same.
When two triangles are similar, the scale factor tells how much longer each side of one is than the other.
"""
NOTES_QUESTION = "What do my notes say about the scale factor of similar triangles?"


def source_note(material: str, remark: str) -> str:
    return f"{remark}\n\nSource: {material}\n"


def _queued_syncs(client: redis.Redis, record_hint: str) -> list[Any]:
    """Raw messages on the rag queue that sync a record whose path contains ``record_hint``."""
    found = []
    raw_messages: list[Any] = client.lrange(RAG_QUEUE, 0, -1)
    for raw in raw_messages:
        message = json.loads(raw)
        args = json.loads(base64.b64decode(message["body"]))[0]
        if message["headers"].get("task") == SYNC_SOURCE and record_hint in str(args[1]):
            found.append(raw)
    return found


def lose_queued_sync(ctx: ForgeRun, record_hint: str) -> None:
    """Drop the queued sync job of one record, as a broker losing its queue would; fail if none came."""
    client = redis.Redis.from_url(ctx.stack.redis_url)
    try:
        deadline = time.monotonic() + QUEUE_TIMEOUT_S
        while not (found := _queued_syncs(client, record_hint)):
            if time.monotonic() > deadline:
                raise ScenarioError(f"no rag job for a record like {record_hint} was queued")
            time.sleep(0.2)
        for raw in found:
            client.lrem(RAG_QUEUE, 0, raw)
    finally:
        client.close()


def queue_maintenance(ctx: ForgeRun, repo: LearnerRepository) -> None:
    """Queue today's maintenance of ``repo`` as the beat's dispatcher does (the bot's registry entry)."""
    client = redis.Redis.from_url(ctx.stack.redis_url)
    try:
        entries: dict[bytes, bytes] = client.hgetall(SERVED_REPOS)  # type: ignore[assignment]
        served = [
            entry
            for entry in (json.loads(raw) for raw in entries.values())
            if entry["repo"]["full_name"] == repo.full_name and entry["repo"]["forge"] == ctx.forge
        ]
    finally:
        client.close()
    if not served:
        raise ScenarioError(f"the bot has not registered {repo.full_name}")
    app = Celery("gitlearnos-evals", broker=ctx.stack.redis_url, set_as_current=False)
    try:
        today = datetime.now(UTC).date().isoformat()
        app.send_task(RUN_MAINTENANCE, args=[served[0], today], queue=SCHEDULE_QUEUE)
    finally:
        app.close()


def judge_interrupted_sync(checks: CheckRecorder, ctx: ForgeRun, repo: LearnerRepository) -> CommitInfo:
    """Row "next session after an interrupted sync": Git's pending state is replayed from Git alone."""
    push_learner_file(ctx, repo, NOTES, NOTES_TEXT, "Add my notes on similarity")
    ctx.stack.stop_rag_worker()
    try:
        remark = "My own notes on the similarity chapter."
        repo.wait_for_replies(repo.open_issue("My own notes", source_note(NOTES, remark)))
        lose_queued_sync(ctx, NOTES.replace("/", "-").replace(".", "-"))
    finally:
        ctx.stack.start_rag_worker()
    interrupted = repo.observe()
    queue_maintenance(ctx, repo)
    replay, after = wait_for_rag_commit(repo, interrupted)
    receipt = receipt_of(replay, after)
    notes_record = record_path(replay)
    pending = "RAG status: `pending`" in interrupted.files.get(notes_record, "")
    checks.expect(
        "a source left pending by an interrupted sync is re-ingested by the next maintenance run",
        pending and receipt.get("result") == "completed" and receipt.get("locator") == NOTES
        and (receipt.get("verification") or {}).get("found") is True
        and "RAG status: `verified`" in after.files.get(notes_record, ""),
        f"record {notes_record or 'missing'} pending before: {pending}; replay receipt "
        f"{receipt.get('result')} for {receipt.get('locator')}",
    )  # fmt: skip
    return replay


def judge_only_affected(
    checks: CheckRecorder, repo: LearnerRepository, before: RepoState, replay: CommitInfo, textbook: str
) -> None:
    """The replay touched the pending document only: the synchronized ``textbook`` record's linkage is
    unchanged (the question asked meanwhile may add a link to its question record, nothing else)."""
    after = repo.observe()
    touched = [(c.subject, list(c.paths)) for c in rag_commits(after, before)]
    expected = sorted([record_path(replay), *receipt_paths(replay)])
    linkage = [records.section(state.files.get(textbook, ""), LINKAGE) for state in (before, after)]
    kept = bool(linkage[0]) and linkage[0] == linkage[1]
    checks.expect(
        "only the affected document is re-ingested; the synchronized source keeps its doc id and receipt",
        len(touched) == 1 and sorted(replay.paths) == expected and kept,
        f"rag commits since the note: {touched}; textbook record's linkage unchanged: {kept}",
    )  # fmt: skip


def judge_two_sources(checks: CheckRecorder, repo: LearnerRepository, documents: list[str]) -> None:
    """Row "an ordinary question spans two authorized sources": evidence linked to each, no doc id asked."""
    number = repo.open_issue("A question about my notes", NOTES_QUESTION)
    answer = wait_for_answer(repo, number)
    linked = {doc: f"Source `{doc.rpartition('@')[0]}`, document `{doc}`" in answer for doc in documents}
    checks.expect(
        "a question about my notes returns evidence linked to each synchronized source",
        "Status: `ok`" in answer and len(documents) == 2 and all(linked.values()),
        f"cited: {linked}; status ok: {'Status: `ok`' in answer}",
    )


def with_embedding(config_text: str, url: str) -> str:
    """``gitlearnos.yml`` naming ``url`` as the learner's embedding endpoint (the local model's size)."""
    config: dict[str, Any] = yaml.safe_load(config_text)
    config["rag"] = {
        "embedding": {
            "base_url": url,
            "model": "all-minilm-over-http",
            "api_key_env": "GITLEARNOS_RAG_EMBEDDING_API_KEY",
            "dimensions": 384,
        }
    }
    return yaml.safe_dump(config, sort_keys=False, allow_unicode=True)


def judge_failed_rebuild(checks: CheckRecorder, ctx: ForgeRun, material: str, text: str, edited: str) -> None:
    """Row "rebuild fails after deletion": recoverable failure evidence, then an inspected replay."""
    endpoint = EmbeddingEndpoint()
    endpoint.start()
    try:
        files = learner_files(extra={material: text})
        files[CONFIG] = with_embedding(files[CONFIG], endpoint.url)
        repo = ctx.create_repository("rag-recovery", files)
        start = repo.observe()
        repo.wait_for_replies(repo.open_issue("Similarity chapter", source_note(material, "The chapter.")))
        first, synced = wait_for_rag_commit(repo, start)
        endpoint.stop()  # the learner's embedding provider goes down
        push_learner_file(ctx, repo, material, edited, "Add the perimeter rule")
        number = repo.open_issue("Perimeters", source_note(material, "Perimeters scale with k."))
        repo.wait_for_replies(number)
        failure, failed = wait_for_rag_commit(repo, synced)
        endpoint.start()  # back, on the same address
        queue_maintenance(ctx, repo)
        retry, after = wait_for_rag_commit(repo, failed)
    finally:
        endpoint.stop()
    judge_failure_evidence(checks, first, failure, failed)
    judge_inspected_retry(checks, failure, failed, retry, after)


def judge_failure_evidence(
    checks: CheckRecorder, first: CommitInfo, failure: CommitInfo, state: RepoState
) -> None:
    receipt = receipt_of(failure, state)
    record = state.files.get(record_path(failure), "")
    old_doc = first.trailer("GitLearnOS-RAG-Document")
    deleted = f"old entry {old_doc[0] if old_doc else '?'}: was processed, deleted before the insert"
    old_receipts_kept = all(p in state.files for p in receipt_paths(first))
    checks.expect(
        "a rebuild failing after deletion commits the record and a failure receipt, recoverably",
        receipt.get("operation") == "rebuild" and receipt.get("result") == "failed"
        and [receipt.get("replaces_doc_id")] == old_doc and deleted in str(receipt.get("provider_state"))
        and sorted(failure.paths) == sorted([record_path(failure), *receipt_paths(failure)])
        and f"Intended document ID: `{receipt.get('doc_id')}`" in record and old_receipts_kept,
        f"operation {receipt.get('operation')}, result {receipt.get('result')}; provider state "
        f"{receipt.get('provider_state')!r}; earlier receipt kept: {old_receipts_kept}",
    )  # fmt: skip
    checks.expect(
        "after a failed rebuild the source record does not claim the index synchronized",
        "RAG status: `pending`" in record and "Provider document ID: none" in record
        and "Last synchronized revision: `none`" in record,
        "record says " + next((line for line in record.splitlines() if "RAG status" in line), "nothing"),
    )  # fmt: skip


def judge_inspected_retry(
    checks: CheckRecorder, failure: CommitInfo, failed: RepoState, retry: CommitInfo, after: RepoState
) -> None:
    failed_receipt = receipt_of(failure, failed)
    receipt = receipt_of(retry, after)
    record = after.files.get(record_path(retry), "")
    inspected = str(receipt.get("provider_state", ""))
    checks.expect(
        "the retry once the provider is back inspects its state and re-synchronizes with a new receipt",
        receipt.get("result") == "completed" and (receipt.get("verification") or {}).get("found") is True
        and receipt.get("doc_id") == failed_receipt.get("doc_id")
        and inspected.startswith("earlier entry was")
        and receipt_paths(retry) != receipt_paths(failure)
        and all(p in after.files for p in receipt_paths(failure))
        and "RAG status: `verified`" in record
        and f"Provider document ID: `{receipt.get('doc_id')}`" in record,
        f"retry {receipt.get('result')} for {receipt.get('doc_id')}; provider state {inspected!r}; "
        f"record verified: {'RAG status: `verified`' in record}",
    )  # fmt: skip
