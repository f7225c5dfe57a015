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

import ipaddress
from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import urlsplit

import structlog
from celery import Celery, Task

from bot.config import CONFIG_PATH, LearnerConfig, parse_config
from bot.errors import ConfigError
from bot.intake.events import RepoRef
from bot.rag.links import (
    RAG_INGEST,
    Readiness,
    SourceLink,
    SyncEvidence,
    ingest_decision,
    plan_sync_commit,
    read_source_link,
)
from bot.trailers import TRAILER_EVENT
from rag.provider import Endpoint, IndexSpec
from runtime import metrics
from runtime.settings import Settings
from workers.celery_app import RAG_QUEUE, SYNC_SOURCE
from workers.events import WorkerRuntime, retry_delay
from workers.repo_lock import Lease, RetryLater, repository_lock
from workers.repo_registry import RegisteredRepo

log = structlog.get_logger("gitlearnos.rag")
CREDENTIAL_PREFIX = "GITLEARNOS_RAG_"
MAX_RETRIES = 3
FAILED_RETRY_COUNTDOWN = 60.0
FAILED = "failed"


class EndpointRefused(ValueError):
    """A learner's rag endpoint names a credential variable the bot will not read."""


@dataclass(frozen=True)
class SyncResult:
    """What one run did; only ``committed`` and ``failed`` wrote anything to Git."""

    outcome: str
    reason: str = ""
    commit: str = ""
    receipt_path: str = ""
    status: str = ""
    doc_id: str = ""


def repo_key(repo: RepoRef) -> str:
    return f"{repo.forge.value}/{repo.host.replace(':', '_')}/{repo.full_name}"


def _refuse_private_address(base_url: str, name: str, allowed_hosts: frozenset[str]) -> None:
    """A learner's file may not aim the worker at the operator's own network (SSRF).

    With ``GITLEARNOS_RAG_ALLOWED_HOSTS`` set, only those hosts; otherwise an https URL whose host is not
    ``localhost`` or a literal loopback/private/link-local/reserved address. A public name that resolves
    inside the network is the operator's to prevent with the allow-list (or egress rules).
    """
    url = urlsplit(base_url)
    host = (url.hostname or "").lower()
    if not host or url.scheme not in {"http", "https"}:
        raise EndpointRefused(f"rag.{name}.base_url must be an http(s) URL, not {base_url!r}")
    if allowed_hosts:
        if host not in allowed_hosts:
            raise EndpointRefused(
                f"rag.{name}.base_url names {host!r}, which GITLEARNOS_RAG_ALLOWED_HOSTS does not list"
            )
        return
    try:
        private = not ipaddress.ip_address(host).is_global
    except ValueError:
        private = host == "localhost" or host.endswith(".localhost")
    if url.scheme != "https" or private:
        raise EndpointRefused(
            f"rag.{name}.base_url must be https on a public host; ask the operator to list {host!r} in "
            "GITLEARNOS_RAG_ALLOWED_HOSTS to use it"
        )


def _endpoint(block: Any, name: str, allowed_hosts: frozenset[str]) -> Endpoint:
    """A ``rag.chat`` / ``rag.embedding`` block; its credential variable must be a RAG one.

    The learner's file names the variable and the server holds its value, so without the prefix rule a
    learner could have the bot send, say, its forge token to an address of their choosing; and the
    address itself must not be one inside the operator's network.
    """
    endpoint = Endpoint(
        base_url=block.base_url, model=block.model, api_key_env=block.api_key_env, dimensions=block.dimensions
    )
    if endpoint.configured:
        _refuse_private_address(endpoint.base_url, name, allowed_hosts)
    if (
        endpoint.configured
        and endpoint.api_key_env
        and not endpoint.api_key_env.startswith(CREDENTIAL_PREFIX)
    ):
        raise EndpointRefused(
            f"rag.{name}.api_key_env must name a variable starting with {CREDENTIAL_PREFIX}, "
            f"not {endpoint.api_key_env!r}"
        )
    if name == "embedding" and endpoint.configured and endpoint.dimensions <= 0:
        raise EndpointRefused("rag.embedding.dimensions must be set to the model's verified dimension")
    return endpoint


def index_spec(settings: Settings, repo: str, config: LearnerConfig) -> IndexSpec:
    """The repository's index for the embedding its ``gitlearnos.yml`` selects (offline by default).

    ``rag.working_dir`` in the learner's file is not used by a server: indexes live under the bot's
    data directory, outside Git, one folder per repository.
    """
    return IndexSpec(
        root=settings.rag_dir / repo,
        repo_key=repo,
        embedding=_endpoint(config.rag.embedding, "embedding", settings.rag_hosts),
        chat=_endpoint(config.rag.chat, "chat", settings.rag_hosts),
        timeout=settings.rag_timeout_seconds,
    )


def sync_source(
    runtime: WorkerRuntime, target: RegisteredRepo, record_path: str, *, task_id: str = "direct"
) -> SyncResult:
    """Synchronize the source record at ``record_path``; raises :class:`RetryLater` when busy."""
    with repository_lock(runtime.redis, target.repo, timeout=runtime.settings.lock_timeout_seconds) as lease:
        result = _sync_locked(runtime, target, record_path, task_id, lease)
    log.info("rag.sync_finished", repo=target.repo.slug, record=record_path, **asdict(result))
    return result


def _sync_locked(
    runtime: WorkerRuntime, target: RegisteredRepo, record_path: str, task_id: str, lease: Lease
) -> SyncResult:
    from rag.operations import RunContext, document_state, ingest, run, synced_status
    from rag.provider import PROCESSED
    from rag.receipts import ExternalReceipt

    settings, repo = runtime.settings, target.repo
    client = runtime.clients.for_event(target.as_event(f"rag:{record_path}"))
    mirror = runtime.mirror_of(repo, client)
    receipt: ExternalReceipt | None = None
    for attempt in range(1, settings.push_attempts + 1):
        mirror.sync()
        text = mirror.read_text(record_path) or ""
        link = read_source_link(record_path, text)
        config = _config(mirror.read_text(CONFIG_PATH))
        if link is None or not link.source_id or config is None:
            return SyncResult(
                "skipped", f"no readable source record at {record_path} or no valid {CONFIG_PATH}"
            )
        decision = ingest_decision(link, mirror, config)
        if decision.readiness in (Readiness.NEEDS_SOURCE, Readiness.DISABLED):
            return SyncResult(decision.readiness.value, decision.reason, doc_id=decision.doc_id)
        try:
            spec = index_spec(settings, repo_key(repo), config)
        except EndpointRefused as error:
            return SyncResult("refused", str(error))
        if decision.readiness is Readiness.IDENTICAL:
            # Git says synchronized; only the provider can say whether *this* index holds it (a new
            # embedding opens a new index, and a lost index is empty): then it is replayed.
            if run(document_state(spec, decision.doc_id)) == PROCESSED:
                return SyncResult("refused", decision.reason, doc_id=decision.doc_id)
            decision = decision.model_copy(update={"readiness": Readiness.INGEST})
        if receipt is None or receipt.doc_id != decision.doc_id:
            material = mirror.read_text(decision.material_path) or ""
            context = RunContext(repository=repo.slug, repo_revision=mirror.head, task_id=task_id)
            receipt = run(ingest(spec, link, decision, material, context))
        plan = plan_sync_commit(
            link, text, _evidence(link, receipt, synced_status(receipt)), receipt.to_json(),
            run_key=f"rag:{receipt.run_id}",
        )  # fmt: skip
        assert plan.commit is not None
        if mirror.find_trailer(TRAILER_EVENT, plan.event_key) is not None:
            return SyncResult("already-applied", doc_id=receipt.doc_id)
        commit_id = mirror.commit(plan.writes, plan.deletes, plan.commit.message())
        lease.ensure_held()  # fencing: an ingest can outlast a dead renewer; push only while holding
        if mirror.push():
            metrics.count_commit(RAG_INGEST)
            status = synced_status(receipt).value
            outcome = "committed" if receipt.result.value == "completed" else FAILED
            return SyncResult(outcome, receipt.error, commit_id, receipt.path, status, receipt.doc_id)
        log.info("rag.push_rejected", repo=repo.slug, record=record_path, attempt=attempt)
    raise RetryLater("the remote kept moving; committing the receipt later", countdown=5)


def _config(text: str | None) -> LearnerConfig | None:
    if text is None:
        return None
    try:
        return parse_config(text).config
    except ConfigError:
        return None


def _evidence(link: SourceLink, receipt: Any, status: Any) -> SyncEvidence:
    from rag.operations import provider_version
    from rag.provider import PARSER, PROVIDER

    if receipt.result.value != "completed":
        note = (
            f"sync failed: {receipt.error or 'unknown error'}; retried only after inspecting provider state"
        )
    elif receipt.verification is not None and receipt.verification.found:
        note = f"{receipt.chunks} chunk(s); a sentence of the source was retrieved from this document"
    else:
        note = (
            f"{receipt.chunks} chunk(s); the retrieval check did not find the checked sentence: not verified"
        )
    return SyncEvidence(
        status=status,
        record_path=link.record_path,
        doc_id=receipt.doc_id,
        content_hash=receipt.content_hash,
        material_path=receipt.locator,
        receipt_path=receipt.path,
        revision=receipt.repo_revision,
        provider=PROVIDER,
        parser=f"`{PARSER}` text-only registration; {provider_version()}",
        note=note,
    )


def register_rag_tasks(app: Celery, runtime: WorkerRuntime) -> Task:
    """Register ``workers.rag.sync_source`` on ``app``, routed to the rag queue (and the answer task)."""
    from workers.rag_answer import register_answer_task  # it imports this module

    routes = dict(app.conf.task_routes or {})
    routes |= {SYNC_SOURCE: {"queue": RAG_QUEUE}}
    app.conf.task_routes = routes
    register_answer_task(app, runtime)  # learners' questions about their own material, on the same queue

    @app.task(name=SYNC_SOURCE, shared=False, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def sync_source_task(self: Task, payload: dict[str, Any], record_path: str) -> dict[str, Any]:
        target = RegisteredRepo.model_validate(payload)
        try:
            result = sync_source(runtime, target, record_path, task_id=str(self.request.id or "direct"))
        except Exception as error:
            countdown = retry_delay(error, self.request.retries)
            if countdown is not None and self.request.retries < MAX_RETRIES:
                raise self.retry(countdown=countdown, exc=error) from error
            raise
        if result.outcome == FAILED and self.request.retries < MAX_RETRIES:
            # The failure is committed as evidence; the retry inspects provider state before inserting.
            raise self.retry(countdown=FAILED_RETRY_COUNTDOWN)
        return asdict(result)

    return sync_source_task
