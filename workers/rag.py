"""The ``rag`` queue's task: synchronize one source record with the index and commit its own receipt.

An organize commit that writes a source record with RAG status ``pending`` queues
``workers.rag.sync_source`` (after its push landed). This task, per repository under the same writer
lock every committing task takes (which also makes it the single writer of that repository's index):

1. resets the mirror to the remote and re-reads the record and ``gitlearnos.yml`` (never trusts the
   message beyond its identifiers);
2. asks the core whether and what to ingest (:func:`bot.rag.links.ingest_decision`): an identical
   synchronized version is refused, material that is not in the repository is left ``pending`` and
   nothing is sent anywhere, and none of these commit anything;
3. runs the adapter's ``ingest`` (which inspects the provider's state of that document first);
4. commits the receipt under ``.gitlearnos/receipts/`` and the updated record in one commit of its
   own (``GitLearnOS-Operation: rag-ingest``), pushed without force. A failure is committed too, as
   evidence, with the record still ``pending``; the task then retries later, and the retry again
   inspects the provider before inserting anything.

The ingest happens once per run; when the push is refused because the remote moved, the run re-syncs
and re-commits the same receipt (the provider now reports the document processed). Holding the
repository lock during ingestion delays that repository's events by the ingest time (they retry on a
busy lock); text ingestion takes seconds. The heavy RAG stack is imported only inside this task, so
registering it costs the event worker nothing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import structlog
from celery import Celery, Task

from bot.config import CONFIG_PATH
from bot.plan import Outcome, Plan
from bot.rag.links import (
    Readiness,
    ingest_decision,
    plan_sync_commit,
    read_source_link,
)
from rag.operations import RunContext, document_state, ingest, run, sync_evidence, synced_status
from rag.provider import PROCESSED
from rag.receipts import ExternalReceipt
from workers.celery_app import RAG_QUEUE, SYNC_SOURCE
from workers.executor import ALREADY_APPLIED, Executed, Job, execute
from workers.git_workspace import Mirror
from workers.rag_answer import register_answer_task
from workers.rag_index import EndpointRefused, index_spec, repo_key
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.worker_task import WorkerTask, routed

log = structlog.get_logger("gitlearnos.rag")
MAX_RETRIES = 3
FAILED_RETRY_COUNTDOWN = 60.0
FAILED = "failed"


@dataclass(frozen=True)
class SyncResult:
    """What one run did; only ``committed`` and ``failed`` wrote anything to Git."""

    outcome: str
    reason: str = ""
    commit: str = ""
    receipt_path: str = ""
    status: str = ""
    doc_id: str = ""


def sync_source(
    runtime: WorkerRuntime, target: RegisteredRepo, record_path: str, *, task_id: str = "direct"
) -> SyncResult:
    """Synchronize the source record at ``record_path``; raises :class:`RetryLater` when busy."""
    settings, repo = runtime.settings, target.repo
    receipt: ExternalReceipt | None = None  # ingested once per run, re-committed after a moved remote
    early: SyncResult | None = None

    def planner(mirror: Mirror) -> Plan:
        nonlocal receipt
        text = mirror.read_text(record_path) or ""
        link = read_source_link(record_path, text)
        config = mirror.learner_config()
        if link is None or not link.source_id or config is None:
            reason = f"no readable source record at {record_path} or no valid {CONFIG_PATH}"
            return _stop(SyncResult("skipped", reason))
        decision = ingest_decision(link, mirror, config)
        if decision.readiness in (Readiness.NEEDS_SOURCE, Readiness.DISABLED):
            return _stop(SyncResult(decision.readiness.value, decision.reason, doc_id=decision.doc_id))
        try:
            spec = index_spec(settings, repo_key(repo), config)
        except EndpointRefused as error:
            return _stop(SyncResult("refused", str(error)))
        if decision.readiness is Readiness.IDENTICAL:
            # Git says synchronized; only the provider can say whether *this* index holds it (a new
            # embedding opens a new index, and a lost index is empty): then it is replayed.
            if run(document_state(spec, decision.doc_id)) == PROCESSED:
                return _stop(SyncResult("refused", decision.reason, doc_id=decision.doc_id))
            decision = decision.model_copy(update={"readiness": Readiness.INGEST})
        if receipt is None or receipt.doc_id != decision.doc_id:
            material = mirror.read_text(decision.material_path) or ""
            context = RunContext(repository=repo.slug, repo_revision=mirror.head, task_id=task_id)
            receipt = run(ingest(spec, link, decision, material, context))
        return plan_sync_commit(
            link, text, sync_evidence(link, receipt), receipt.to_json(),
            snapshot=mirror, run_key=f"rag:{receipt.run_id}",
        )  # fmt: skip

    def _stop(result: SyncResult) -> Plan:
        nonlocal early
        early = result
        return Plan(outcome=Outcome.SKIPPED, reason=result.reason)

    done = execute(runtime, Job(target=target, client=runtime.client_for(target)), planner, retry_countdown=5)
    result = early or _result(done, receipt)
    log.info("rag.sync_finished", repo=target.repo.slug, record=record_path, **asdict(result))
    return result


def _result(done: Executed, receipt: Any) -> SyncResult:
    if done.outcome == ALREADY_APPLIED:
        return SyncResult(ALREADY_APPLIED, doc_id=receipt.doc_id)
    status = synced_status(receipt).value
    outcome = "committed" if receipt.result.value == "completed" else FAILED
    return SyncResult(outcome, receipt.error, done.commit, receipt.path, status, receipt.doc_id)


def register_rag_tasks(app: Celery, runtime: WorkerRuntime) -> Task:
    """Register ``workers.rag.sync_source`` on ``app``, routed to the rag queue (and the answer task)."""
    routed(app, SYNC_SOURCE, RAG_QUEUE)
    register_answer_task(app, runtime)  # learners' questions about their own material, on the same queue

    @app.task(name=SYNC_SOURCE, base=WorkerTask, shared=False, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def sync_source_task(self: WorkerTask, payload: dict[str, Any], record_path: str) -> dict[str, Any]:
        target = RegisteredRepo.model_validate(payload)
        task_id = str(self.request.id or "direct")
        result = self.attempt(lambda: sync_source(runtime, target, record_path, task_id=task_id))
        if result.outcome == FAILED and self.request.retries < MAX_RETRIES:
            # The failure is committed as evidence; the retry inspects provider state before inserting.
            raise self.retry(countdown=FAILED_RETRY_COUNTDOWN)
        return asdict(result)

    return sync_source_task
