"""The event task: lock the repository, sync, plan, commit, push, reply — exactly once.

Exactly-once effects on an at-least-once queue come from two checks:

* the commit carries ``GitLearnOS-Event: <event key>``; before planning, the
  task looks for that trailer in the remote history and, if found, only makes
  sure the reply exists;
* every reply carries a hidden marker; posting looks for it first and edits
  instead of posting twice.

The final reply text is stashed in Redis before it is posted, so a retry after
a failed post sends the same receipt rather than a reconstruction.

The same two checks make shutdown safe. On SIGTERM a Celery worker stops
taking messages and lets the running task finish (warm shutdown); a worker
killed mid-task never acknowledged its message (``task_acks_late``), and
``task_reject_on_worker_lost`` puts it back on the queue for another worker,
which then finds the commit or the reply already there. See
``workers.celery_app`` and "Scaling and shutdown" in ``docs/operator/deploy.md``.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import redis
import structlog
from celery import Celery, Task
from celery.exceptions import Reject, Retry
from kombu.exceptions import OperationalError
from pydantic import ValidationError
from structlog.contextvars import bound_contextvars

from bot.config import CONFIG_PATH
from bot.handle import plan_event, recorded_reply, replies_after_push
from bot.intake.agent import Agent
from bot.intake.conversation import ThreadMessage
from bot.intake.events import InboundEvent, RepoRef, event_key
from bot.plan import Outcome, Reply
from bot.trailers import TRAILER_EVENT
from bot.write_authority import is_approval
from forge_adapters.base import ForgeClient, ForgeError, ForgeNotConfigured
from runtime import metrics
from runtime.log_setup import event_context
from runtime.metrics import TaskOutcome
from runtime.settings import Settings
from workers.celery_app import PROCESS_EVENT
from workers.follow_ups import enqueue_follow_ups
from workers.forge_clients import ForgeClients
from workers.git_checkout import GitWorkspaceError
from workers.git_workspace import Mirror
from workers.pull_requests import open_handoff, working_repo
from workers.repo_access import RepositoryRefused, VisibilityCache, open_checked_mirror, refusal_reply
from workers.repo_lock import Lease, RetryLater, repository_lock
from workers.repo_registry import RegisteredRepo, record_repo

log = structlog.get_logger("gitlearnos.worker")
REPLY_STASH = "gitlearnos:replies:{key}"
REPLY_STASH_TTL = 30 * 24 * 3600
# Retries back off exponentially with jitter: about 5 s, 10 s, 20 s ... capped at 5 minutes, so the
# twelve of them span roughly half an hour (a forge or network outage of that length loses nothing).
MAX_RETRIES = 12
BACKOFF_FIRST = 5.0
BACKOFF_CAP = 300.0
PENDING = "gitlearnos:pending"
# Parking retries a Redis blip a few times (seconds) before keeping the event in memory.
PARK_ATTEMPTS = (0.1, 0.5, 1.0, 2.0)
# Publishing a retry goes through Redis too: the waits (seconds) before giving up and parking.
RETRY_PUBLISH_WAITS = (0.5, 1.0, 2.0, 4.0, 8.0)
# A Redis restart mid-task (the stash, the registry, the lock): transient, so retried, never parked.
REDIS_BLIPS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
PUBLISH_BLIPS = (*REDIS_BLIPS, OperationalError, OSError)  # what kombu raises when the broker is away


@dataclass
class WorkerRuntime:
    """What the task needs from the outside world, built once per worker process."""

    settings: Settings
    redis: redis.Redis
    agent: Agent
    model_agent: Agent | None = None  # the operator's chat model, used only where a learner allows it
    celery: Celery | None = None  # sends plans' follow-up jobs (rag ingest); register_event_task sets it
    clients: ForgeClients = field(init=False)
    # Parked entries Redis could not take (it was down): written by the next park or task.
    unparked: dict[bytes, str] = field(init=False, default_factory=dict)
    visibility: VisibilityCache = field(default_factory=VisibilityCache)
    # Tests that serve a repository from a local folder name it here; the host, path and visibility
    # checks run all the same. None: the configured forge's Git URL, always in production.
    local_remote: Callable[[RepoRef], str] | None = None

    def __post_init__(self) -> None:
        self.clients = ForgeClients(self.settings)

    def mirror_of(self, repo: RepoRef, client: ForgeClient, *, checkout: RepoRef | None = None) -> Mirror:
        """The persistent mirror of ``repo``, with this job's credentials (every job mints its own),
        once the repository passed the host, path and visibility gate (:mod:`workers.repo_access`).

        ``checkout`` is the same repository seen on another branch (a handoff pull request's).
        """
        clone_url = self.local_remote(repo) if self.local_remote is not None else None
        return open_checked_mirror(
            self.settings, self.visibility, client, repo, checkout=checkout, clone_url=clone_url
        )


def _post_replies(client: ForgeClient, repo: RepoRef, replies: tuple[Reply, ...]) -> int:
    created = 0
    for reply in replies:
        posted = client.upsert_comment(
            repo, reply.thread_number, reply.marker, reply.body(), is_pull_request=reply.is_pull_request
        )
        created += posted.created
    return created


def _stash(runtime: WorkerRuntime, key: str, replies: tuple[Reply, ...]) -> None:
    """Keep the receipt for a retry whose post must resend it; best effort.

    The commit is pushed by now, so a Redis blip here must not hold the reply back: it is posted
    all the same, and should the post fail too, the retry rebuilds a short reply from the commit.
    """
    payload = json.dumps([r.model_dump(mode="json") for r in replies])
    try:
        runtime.redis.set(REPLY_STASH.format(key=key), payload, ex=REPLY_STASH_TTL)
    except REDIS_BLIPS:
        log.warning("reply.stash_failed", event_key=key)


def _stashed(runtime: WorkerRuntime, key: str) -> tuple[Reply, ...] | None:
    raw = runtime.redis.get(REPLY_STASH.format(key=key))
    if raw is None:
        return None
    return tuple(Reply.model_validate(item) for item in json.loads(raw))


def handle_event(runtime: WorkerRuntime, event: InboundEvent) -> str:
    """Run one event to completion; returns the outcome. Raises :class:`RetryLater`."""
    if event.repo is None:
        return Outcome.SKIPPED.value
    record_repo(runtime.redis, event)  # scheduled runs (maintenance) serve every repository seen here
    repo = event.repo
    key = event_key(event)
    with repository_lock(runtime.redis, repo, timeout=runtime.settings.lock_timeout_seconds) as lease:
        return _handle_locked(runtime, event, repo, key, lease)


def _handle_locked(runtime: WorkerRuntime, event: InboundEvent, repo: RepoRef, key: str, lease: Lease) -> str:
    settings = runtime.settings
    client = runtime.clients.for_event(event)
    # A handoff PR's feedback is planned and committed on its branch.
    try:
        mirror = runtime.mirror_of(repo, client, checkout=working_repo(event, repo))
    except RepositoryRefused as refusal:  # before any clone: foreign host, bad path, not private
        _post_replies(client, repo, refusal_reply(event, key, refusal))
        log.warning("event.repository_refused", repo=repo.slug, event_key=key, reason=str(refusal))
        return Outcome.REFUSED.value
    for attempt in range(1, settings.push_attempts + 1):
        mirror.sync()
        if _already_applied(runtime, client, mirror, event, key):
            return "already-applied"
        history = _thread_history(client, mirror, event)
        plan = plan_event(
            event,
            mirror,
            now=datetime.now(UTC),
            agent=runtime.agent,
            history=history,
            model_agent=runtime.model_agent,
        )
        # An approval plans the note it approves: that may have been applied by an earlier approval.
        if (
            plan.event_key != key
            and plan.event_key
            and _already_applied(runtime, client, mirror, event, plan.event_key)
        ):
            return "already-applied"
        if plan.outcome is not Outcome.COMMITTED or plan.commit is None:
            _post_replies(client, repo, plan.replies)
            # Read-only follow-ups (a rag answer to the learner's question) need no commit.
            target = RegisteredRepo(repo=repo, installation_id=event.installation_id)
            enqueue_follow_ups(runtime.celery, target, plan.follow_ups, committed=False)
            log.info(
                "event.planned", repo=repo.slug, event_key=key, outcome=plan.outcome.value, reason=plan.reason
            )
            return plan.outcome.value
        lease.ensure_held()  # fencing: push only while this job still holds the repository
        if plan.pull_request is not None:  # a handoff: its own branch and a pull request
            handed_off = open_handoff(client, mirror, repo, plan)
            if handed_off is not None:
                metrics.count_commit(plan.operation)
                _stash(runtime, plan.event_key or key, handed_off)
                _post_replies(client, repo, handed_off)
                return Outcome.COMMITTED.value
            continue
        commit_id = mirror.commit(plan.writes, plan.deletes, plan.commit.message())
        if mirror.push():
            metrics.count_commit(plan.operation)
            target = RegisteredRepo(repo=repo, installation_id=event.installation_id)
            enqueue_follow_ups(runtime.celery, target, plan.follow_ups)
            replies = replies_after_push(
                plan, commit_id=commit_id, branch=mirror.branch, remote="this repository"
            )
            _stash(runtime, plan.event_key or key, replies)
            _post_replies(client, repo, replies)
            log.info("event.committed", repo=repo.slug, event_key=key, commit=commit_id)
            return Outcome.COMMITTED.value
        log.info("push.rejected", repo=repo.slug, event_key=key, attempt=attempt)
    raise RetryLater("the remote kept moving; re-planning later", countdown=2)


def _already_applied(
    runtime: WorkerRuntime, client: ForgeClient, mirror: Mirror, event: InboundEvent, key: str
) -> bool:
    """If a commit for ``key`` is in the history, make sure its reply exists and say so."""
    recorded = mirror.find_trailer(TRAILER_EVENT, key)
    if recorded is None or event.repo is None:
        return False
    replies = _stashed(runtime, key)
    if replies is None and event.thread is not None:
        replies = (recorded_reply(event, recorded.id, recorded.paths),)
    _post_replies(client, event.repo, replies or ())
    log.info("event.already_applied", repo=event.repo.slug, event_key=key, commit=recorded.id)
    return True


def _thread_history(client: ForgeClient, mirror: Mirror, event: InboundEvent) -> tuple[ThreadMessage, ...]:
    """The thread's comments, fetched only when the core reads them: for the setup gate while the
    repository has no config, and for an approval (to find the pending writeback it approves)."""
    thread, repo = event.thread, event.repo
    if repo is None or thread is None or event.comment is None or thread.is_pull_request:
        return ()  # only a comment on an issue continues a conversation
    if mirror.read_text(CONFIG_PATH) is not None and not is_approval(event.comment.body):
        return ()
    return tuple(client.thread_messages(repo, thread.number, is_pull_request=False))


class InvalidPayload(ValueError):
    """A queued message that is not an event: a bug or schema drift, never the learner's fault.

    Raised instead of pydantic's error, whose message quotes the input (the
    learner's text) into Celery's failure log.
    """


def _validated(payload: dict[str, Any]) -> InboundEvent:
    try:
        return InboundEvent.model_validate(payload)
    except ValidationError as error:
        places = ", ".join(".".join(str(p) for p in e["loc"]) for e in error.errors(include_input=False))
        raise InvalidPayload(f"queued payload is not an InboundEvent (invalid: {places})") from None


def register_event_task(app: Celery, runtime: WorkerRuntime) -> Task:
    """Register ``workers.events.process_event`` on ``app``, bound to ``runtime``.

    The task binds the event's identifiers to every log line it writes, and
    records queue wait (first attempt only: a retry's wait is its countdown),
    duration by outcome, retries and parked events.
    """
    runtime.celery = runtime.celery or app

    @app.task(name=PROCESS_EVENT, shared=False, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def process_event(self: Task, payload: dict[str, Any], queued_at: float | None = None) -> str:
        event = _validated(payload)
        flush_unparked(runtime)
        if queued_at is not None and not self.request.retries:
            metrics.observe_queue_wait(queued_at)
        started = time.perf_counter()
        outcome: str = TaskOutcome.FAILED
        with bound_contextvars(**event_context(event.forge, event)):
            try:
                outcome = handle_event(runtime, event)
                clear_parked(runtime, event_key(event))  # an earlier delivery parked it: it is applied now
            except (RetryLater, ForgeError, GitWorkspaceError, *REDIS_BLIPS) as error:
                countdown = retry_delay(error, self.request.retries)
                if countdown is not None and self.request.retries < MAX_RETRIES:
                    retried = _publish_retry(self, countdown, error)
                    if retried is not None:
                        outcome = TaskOutcome.RETRY
                        metrics.count_retry(error)
                        raise retried from error
                _park(runtime, event, error)
                raise
            except Exception as error:
                _park(runtime, event, error)
                raise
            finally:
                metrics.observe_task(outcome, time.perf_counter() - started)
        return outcome

    return process_event


def _publish_retry(task: Task, countdown: float, error: Exception) -> Retry | None:
    """Queue the task's next attempt; None when Redis would not take it (the caller parks instead).

    ``Task.retry`` publishes through Redis; when that fails it raises ``Reject(requeue=False)``,
    which would drop the message with nothing parked. Right after a Redis restart the first publish
    often fails, so it is tried again a few times over about fifteen seconds.
    """
    for wait in (*RETRY_PUBLISH_WAITS, None):
        try:
            retried: Retry = task.retry(countdown=countdown, exc=error, throw=False)
            return retried
        except Reject as rejected:
            if wait is None or not isinstance(rejected.reason, PUBLISH_BLIPS):
                log.error("event.retry_unpublished", error=type(error).__name__)
                return None
            time.sleep(wait)
    return None


def _park(runtime: WorkerRuntime, event: InboundEvent, error: Exception) -> None:
    park_event(runtime, event, error)
    metrics.EVENTS_PARKED.inc()


def retry_countdown(error: Exception) -> float | None:
    """The least wait before retrying (the forge's own delay wins), or None when retrying cannot help."""
    if isinstance(error, RepositoryRefused):  # a public or foreign repository stays so: never retried
        return None
    if isinstance(error, RetryLater):
        return error.countdown
    if isinstance(error, REDIS_BLIPS):
        return 1.0  # Redis restarts in seconds; the backoff's jitter spreads the workers it failed
    if isinstance(error, ForgeNotConfigured):
        return None  # the operator must fix the configuration; waiting changes nothing
    if isinstance(error, ForgeError):
        if error.retry_after is not None:
            return max(error.retry_after, 1.0)
        return 10.0 if (error.status or 500) >= 500 else None
    return 15.0  # git over the network: transient more often than not


def retry_delay(error: Exception, retries: int, rng: random.Random | None = None) -> float | None:
    """Seconds before retry number ``retries + 1``: exponential with jitter, never below the least wait.

    The exponential part doubles from :data:`BACKOFF_FIRST` up to :data:`BACKOFF_CAP`; "equal
    jitter" (half fixed, half random) spreads the workers that one outage failed together, so they
    do not all come back in the same second.
    """
    least = retry_countdown(error)
    if least is None:
        return None
    ceiling = min(BACKOFF_CAP, BACKOFF_FIRST * 2.0 ** min(retries, 32))
    jittered = ceiling / 2 + (rng or random).uniform(0, ceiling / 2)
    return max(least, jittered)


def pending_field(event: InboundEvent) -> bytes:
    """The event's own entry in the pending hash: event key, kind and delivery, so none overwrites another.

    ``issue.opened``, ``edited`` and ``labeled`` on the same text share an event key; each delivery
    still parks on its own. A lone surrogate (U+D800 from a payload's JSON) is written escaped, so
    no content can make parking fail.
    """
    field_text = f"{event_key(event)}|{event.kind.value}|{event.delivery_id}"
    return field_text.encode("utf-8", "backslashreplace")


def park_event(runtime: WorkerRuntime, event: InboundEvent, error: Exception) -> None:
    """Keep an event that could not be applied, so nothing the learner wrote is lost.

    The pending hash holds the event (not the learner's text in logs) until a
    later run applies it; idempotency makes replaying it safe.
    """
    key = event_key(event)
    park_record(runtime, pending_field(event), {"event": event.model_dump(mode="json")}, error)
    log.error(
        "event.parked",
        event_key=key.encode("utf-8", "backslashreplace").decode("ascii", "replace"),
        error=type(error).__name__,
        delivery=event.delivery_id,
        in_memory=bool(runtime.unparked),
    )


def park_record(runtime: WorkerRuntime, name: bytes, record: dict[str, Any], error: Exception) -> None:
    """Write one pending entry; never raises.

    ``json.dumps`` escapes every non-ASCII character (lone surrogates too), so any content encodes.
    If Redis does not answer after a few quick retries the entry waits in ``runtime.unparked`` and
    is written by the next park or task of this process.
    """
    stamped = record | {"error": type(error).__name__, "parked_at": _now_iso()}
    runtime.unparked[name] = json.dumps(stamped)
    flush_unparked(runtime, attempts=PARK_ATTEMPTS)


def flush_unparked(runtime: WorkerRuntime, attempts: tuple[float, ...] = ()) -> None:
    """Write every parked record Redis has not taken yet; after ``attempts`` (waits) keep them in memory."""
    for wait in (*attempts, None):
        if not runtime.unparked:
            return
        try:
            runtime.redis.hset(PENDING, mapping=dict(runtime.unparked))  # type: ignore[arg-type]
        except redis.exceptions.RedisError:
            if wait is None:
                log.error("event.park_deferred", waiting=len(runtime.unparked))
                return
            time.sleep(wait)
            continue
        runtime.unparked.clear()
        return


def clear_parked(runtime: WorkerRuntime, key: str) -> int:
    """Remove the parked entries of ``key``: its commit exists, so every delivery of it is applied."""
    prefix = key.encode("utf-8", "backslashreplace")
    escaped = b"".join(b"\\" + bytes([c]) if c in b"*?[]\\" else bytes([c]) for c in prefix)
    try:
        fields = [name for name, _ in runtime.redis.hscan_iter(PENDING, match=escaped + b"|*")]
        return int(runtime.redis.hdel(PENDING, *fields)) if fields else 0
    except redis.exceptions.RedisError:
        log.warning("event.unpark_deferred")  # maintenance's replay finds it applied and clears it
        return 0


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()
