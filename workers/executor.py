"""The one plan executor: lock, sync, already-applied check, plan, commit, push, then the plan's effects.

Every task that writes a learner's repository comes through :func:`execute` (local mode through
:func:`commit_locally`); no other module commits or pushes (``tests/unit/test_one_executor.py``).
Each step is safe to repeat on an at-least-once queue: a commit already carrying the plan's
``GitLearnOS-Event`` key is not made again (its stashed replies and issue are performed instead,
which finds them done); the push is never forced, and when the remote moved an interactive event
re-plans on the new head (bounded, then a retry later) while a scheduled run stops and reports the
conflict (:attr:`OnConflict.STOP`), as the protocol asks. Once the commit exists,
:meth:`bot.plan.Plan.finished` fills the receipt's Git facts in, and the follow-up jobs, the replies
(stashed, so a retry resends the same text) and the issue follow.

A plan's issue (a due-review delivery) opens exactly once. The forge client cannot search issues, so
Redis records the delivery under the plan's event key: ``opening`` is set with ``NX`` before the call
and replaced by the issue's number and URL after it. A forge error clears it (the retry opens the
issue); a worker that died mid-call leaves ``opening``, reported and never re-sent: at most one issue.
The issue text is stashed before the push, so a retry that finds the commit on the remote opens the
same issue instead of re-planning.

A follow-up job (``rag-ingest`` of a source record) never runs before the commit it depends on is
pushed, and is never lost silently: without a Celery app to send with, the record stays ``pending``
in Git and the log says why, so the next run that touches the source queues it again. The message
carries identifiers only; the rag worker re-reads everything from the pushed head. A ``rag-answer``
job also carries the question and the reply's thread and marker, which are not in the repository;
like ``verify-schedules`` (a learner asked to finish the deployment) it depends on no commit of the
plan, so it is queued whatever the plan's outcome (it may commit its own question record, through
:func:`execute` under the learner's event key).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

import structlog
from celery import Celery

from bot.automation.deployment_request import VERIFY_SCHEDULES as VERIFY_JOB
from bot.intake.events import RepoRef
from bot.plan import FollowUpJob, IssueSpec, Outcome, Plan, Reply
from bot.rag.links import RAG_INGEST
from bot.rag.questions import RAG_ANSWER
from bot.snapshot import CommitSummary
from bot.trailers import TRAILER_EVENT
from forge_adapters.base import ForgeClient, ForgeError
from runtime import metrics
from workers.celery_app import ANSWER_QUESTION, RAG_QUEUE, SCHEDULE_QUEUE, SYNC_SOURCE, VERIFY_SCHEDULES
from workers.git_checkout import GitCheckout
from workers.git_workspace import Mirror, PushRefused
from workers.pull_requests import REMOTE, request_review
from workers.push_refusal import pending_after_refusal
from workers.repo_lock import Lease, RetryLater, repository_lock
from workers.repo_registry import RegisteredRepo
from workers.runtime import REDIS_BLIPS, WorkerRuntime
from workers.state_keys import DUE_REVIEW_DELIVERY, DUE_REVIEW_ISSUE_TEXT, REPLY_STASH

log = structlog.get_logger("gitlearnos.executor")
REPLY_STASH_TTL = 30 * 24 * 3600
DELIVERY_TTL = 90 * 24 * 3600  # far longer than any redelivery or catch-up of the same occurrence
OPENING = "opening"
ALREADY_APPLIED = "already-applied"
ALREADY_REASON = "an earlier attempt of this run already committed"
CONFLICT = "conflict"
CONFLICT_REASON = "the remote moved since the run inspected it; stopped without rebase or force-push"

TASKS = {
    RAG_INGEST: (SYNC_SOURCE, RAG_QUEUE),
    RAG_ANSWER: (ANSWER_QUESTION, RAG_QUEUE),
    VERIFY_JOB: (VERIFY_SCHEDULES, SCHEDULE_QUEUE),
}
# Read-only jobs, queued even when the plan committed nothing.
NEEDS_NO_COMMIT = frozenset({RAG_ANSWER, VERIFY_JOB})

Planner = Callable[[Mirror], Plan]
# The reply for a commit found already made whose stashed replies are gone (None: no reply).
RecordedReply = Callable[[CommitSummary], Reply | None]


class OnConflict(StrEnum):
    """What a push refused because the remote moved leads to."""

    REPLAN = "replan"  # an interactive event: plan again on the new head
    STOP = "stop"  # a scheduled run: report the conflict, never rebase


@dataclass(frozen=True)
class Delivered:
    """The plan's issue: opened now, opened earlier, or perhaps opened by a worker that died."""

    number: int | None = None
    url: str = ""
    reason: str = ""


@dataclass(frozen=True)
class Executed:
    """What one execution did; ``plan`` is the finished plan once a commit exists."""

    outcome: str
    plan: Plan | None = None
    commit: str = ""
    reason: str = ""
    issue: Delivered | None = None


@dataclass(frozen=True)
class Job:
    """Where a plan goes: the repository, the job's forge client, and the event key it is applied under.

    ``key`` empty: the key is known only from the plan (a rag receipt's run). ``checkout`` is the
    branch the plan is made on when it is not the default one (a handoff pull request's).
    """

    target: RegisteredRepo
    client: ForgeClient
    key: str = ""
    checkout: RepoRef | None = None
    recorded_reply: RecordedReply | None = None


def execute(
    runtime: WorkerRuntime,
    job: Job,
    planner: Planner,
    *,
    on_conflict: OnConflict = OnConflict.REPLAN,
    before_push: Callable[[], None] | None = None,
    retry_countdown: float = 2.0,
) -> Executed:
    """Apply ``planner``'s plan to ``job``'s repository exactly once; raises :class:`RetryLater`.

    ``before_push`` runs between the commit and the push (tests play a learner pushing right then).
    Raises :class:`workers.repo_access.RepositoryRefused` before any clone of a refused repository.
    """
    repo = job.target.repo
    with repository_lock(runtime.redis, repo, timeout=runtime.settings.lock_timeout_seconds) as lease:
        mirror = runtime.mirror_of(repo, job.client, checkout=job.checkout)
        for attempt in range(1, runtime.settings.push_attempts + 1):
            mirror.sync()
            if job.key and (done := _already_applied(runtime, job, mirror, job.key)):
                return done
            plan = planner(mirror)
            approved = plan.event_key and plan.event_key != job.key  # an approval plans another key
            if approved and (done := _already_applied(runtime, job, mirror, plan.event_key)):
                return done
            if plan.outcome is not Outcome.COMMITTED or plan.commit is None:
                post_replies(job.client, repo, plan.replies)
                enqueue_follow_ups(runtime.celery, job.target, plan.follow_ups, committed=False)
                return Executed(plan.outcome.value, plan, reason=plan.reason)
            pushed = _commit_and_push(runtime, job, mirror, plan, lease=lease, before_push=before_push)
            if pushed is not None:
                return pushed
            log.info("push.rejected", repo=repo.slug, event_key=plan.event_key, attempt=attempt)
            if on_conflict is OnConflict.STOP:
                return Executed(CONFLICT, plan, reason=CONFLICT_REASON)
    raise RetryLater("the remote kept moving; re-planning later", countdown=retry_countdown)


def _commit_and_push(
    runtime: WorkerRuntime,
    job: Job,
    mirror: Mirror,
    plan: Plan,
    *,
    lease: Lease,
    before_push: Callable[[], None] | None,
) -> Executed | None:
    """Commit ``plan``, push it and perform its effects; None when the push found the remote moved."""
    repo, key = job.target.repo, plan.event_key or job.key
    if plan.pull_request is not None:  # a handoff: its own branch and a pull request
        lease.ensure_held()
        # The base is the default branch the forge names (the gate's cached answer), never the payload's.
        base = runtime.visibility.check(job.client, repo)
        handed_off = open_handoff(job.client, mirror, repo, plan, base=base)
        if handed_off is None:
            return None
        commit_id, finished = handed_off
    else:
        assert plan.commit is not None
        commit_id = mirror.commit(plan.writes, plan.deletes, plan.commit.message())
        finished = plan.finished(commit_id=commit_id, branch=mirror.branch, remote=REMOTE)
        # Stashed before the push: a retry that finds this commit on the remote opens the same issues.
        _stash_issue(runtime, key, finished.issue)
        if before_push is not None:
            before_push()
        lease.ensure_held()  # fencing: push only while this job still holds the repository
        try:
            if not mirror.push():
                return None
        except PushRefused:  # read-only access or a protected branch: the pending writeback, no receipt
            log.warning("push.refused", repo=repo.slug, event_key=key)
            pending = pending_after_refusal(plan, mirror.branch)
            post_replies(job.client, repo, pending.replies)
            enqueue_follow_ups(runtime.celery, job.target, plan.follow_ups, committed=False)
            return Executed(pending.outcome.value, pending, reason=pending.reason)
    metrics.count_commit(plan.operation)
    enqueue_follow_ups(runtime.celery, job.target, plan.follow_ups)
    _stash_replies(runtime, key, finished.replies)
    post_replies(job.client, repo, finished.replies)
    issue = _deliver_issue(runtime, job.client, repo, key) if finished.issue is not None else None
    return Executed(Outcome.COMMITTED.value, finished, commit_id, plan.reason, issue)


def open_handoff(
    client: ForgeClient, mirror: Mirror, repo: RepoRef, plan: Plan, *, base: str
) -> tuple[str, Plan] | None:
    """Commit a handoff plan on its own branch, push it (never forced), open its pull request into ``base``
    (the default branch the forge names: ``repo`` may be a payload's word).

    An earlier attempt's commit on that branch (found by its trailer) is used, not pushed again.
    The commit id and the finished plan; ``None`` when the branch exists with other commits: the
    caller re-plans.
    """
    spec, commit = plan.pull_request, plan.commit
    assert spec is not None and commit is not None
    earlier = mirror.find_trailer_on_branch(spec.branch, TRAILER_EVENT, plan.event_key)
    if earlier is None:
        commit_id = mirror.commit(plan.writes, plan.deletes, commit.message())
        if not mirror.push(spec.branch):
            return None
    else:
        commit_id = earlier.id
    told = request_review(client, repo, plan, base=base, pushed=earlier is None)
    return commit_id, told.finished(commit_id=commit_id, branch=spec.branch, remote=REMOTE)


def commit_locally(checkout: GitCheckout, plan: Plan, *, branch: str) -> tuple[str, Plan]:
    """Local mode: commit ``plan`` to the learner's checkout, nothing pushed; the id and finished plan."""
    assert plan.commit is not None
    commit_id = checkout.commit(plan.writes, plan.deletes, plan.commit.message())
    return commit_id, plan.finished(commit_id=commit_id, branch=branch, remote=None)


def _already_applied(runtime: WorkerRuntime, job: Job, mirror: Mirror, key: str) -> Executed | None:
    """If a commit for ``key`` is in the history, perform its stashed effects again and say so."""
    recorded = mirror.find_trailer(TRAILER_EVENT, key)
    if recorded is None:
        return None
    repo = job.target.repo
    replies = _stashed_replies(runtime, key)
    if replies is None and job.recorded_reply is not None:
        fallback = job.recorded_reply(recorded)
        replies = (fallback,) if fallback is not None else ()
    post_replies(job.client, repo, replies or ())
    issue = _deliver_issue(runtime, job.client, repo, key)
    log.info("plan.already_applied", repo=repo.slug, event_key=key, commit=recorded.id)
    return Executed(ALREADY_APPLIED, commit=recorded.id, reason=ALREADY_REASON, issue=issue)


def post_replies(client: ForgeClient, repo: RepoRef, replies: tuple[Reply, ...]) -> None:
    """Upsert each reply by its hidden marker: a retry edits the comment, never posts a second."""
    for reply in replies:
        client.upsert_comment(
            repo, reply.thread_number, reply.marker, reply.body(), is_pull_request=reply.is_pull_request
        )


def _stash_replies(runtime: WorkerRuntime, key: str, replies: tuple[Reply, ...]) -> None:
    """Keep the receipt for a retry whose post must resend it; best effort.

    The commit is pushed by now, so a Redis blip here must not hold the reply back: it is posted
    all the same, and should the post fail too, the retry rebuilds a short reply from the commit.
    """
    if not replies:
        return
    payload = json.dumps([r.model_dump(mode="json") for r in replies])
    try:
        runtime.redis.set(REPLY_STASH.format(key=key), payload, ex=REPLY_STASH_TTL)
    except REDIS_BLIPS:
        log.warning("reply.stash_failed", event_key=key)


def _stashed_replies(runtime: WorkerRuntime, key: str) -> tuple[Reply, ...] | None:
    raw = runtime.redis.get(REPLY_STASH.format(key=key))
    if raw is None:
        return None
    return tuple(Reply.model_validate(item) for item in json.loads(raw))


def _stash_issue(runtime: WorkerRuntime, key: str, issue: IssueSpec | None) -> None:
    """Keep the finished issue text for the push that follows (and any retry of it)."""
    if issue is not None:
        payload = json.dumps([issue.title, issue.body()])
        runtime.redis.set(DUE_REVIEW_ISSUE_TEXT.format(key=key), payload, ex=DELIVERY_TTL)


def open_issue_once(
    runtime: WorkerRuntime, client: ForgeClient, repo: RepoRef, key: str, issue: IssueSpec
) -> Delivered:
    """Open ``issue`` under ``key`` with the same exactly-once guard as a plan's issue (a retried task
    finds it opened, or perhaps opened, and sends nothing again); for an issue outside a plan."""
    _stash_issue(runtime, key, issue)
    delivered = _deliver_issue(runtime, client, repo, key)
    assert delivered is not None  # just stashed
    return delivered


def _deliver_issue(runtime: WorkerRuntime, client: ForgeClient, repo: RepoRef, key: str) -> Delivered | None:
    """Open the stashed issue of ``key`` unless Redis says it was opened (or may have been).

    None when no issue is stashed and none was delivered: the plan had none, or its text is lost.
    """
    record, stash = DUE_REVIEW_DELIVERY.format(key=key), DUE_REVIEW_ISSUE_TEXT.format(key=key)
    stashed: bytes | None = runtime.redis.get(stash)  # type: ignore[assignment]
    if stashed is None and not runtime.redis.exists(record):
        return None
    if not runtime.redis.set(record, OPENING, nx=True, ex=DELIVERY_TTL):
        raw: bytes | None = runtime.redis.get(record)  # type: ignore[assignment]
        if raw is None or raw.decode() == OPENING:
            log.error("issue.delivery_uncertain", repo=repo.slug, event_key=key)
            return Delivered(reason="an earlier attempt died while opening the issue; not sent again")
        opened = json.loads(raw)
        return Delivered(opened["number"], opened["url"], "already delivered")
    if stashed is None:
        runtime.redis.delete(record)
        return None
    title, body = json.loads(stashed)
    try:
        issue = client.open_issue(repo, title, body)
    except ForgeError:
        runtime.redis.delete(record)  # the forge answered with a failure: the retry may open it
        raise
    runtime.redis.set(record, json.dumps({"number": issue.number, "url": issue.url}), ex=DELIVERY_TTL)
    log.info("issue.delivered", repo=repo.slug, event_key=key, issue=issue.number)
    return Delivered(issue.number, issue.url, "delivered")


def enqueue_follow_ups(
    app: Celery | None, target: RegisteredRepo, jobs: tuple[FollowUpJob, ...], *, committed: bool = True
) -> int:
    """Send each job to its queue; returns how many were queued.

    ``committed`` is False for a plan whose commit did not happen: then only read-only jobs are sent,
    since any other job would work on a commit that is not on the remote.
    """
    queued = 0
    for job in jobs:
        if not committed and job.kind not in NEEDS_NO_COMMIT:
            log.warning("follow_up.needs_commit", repo=target.repo.slug, kind=job.kind, path=job.path)
            continue
        name, queue = TASKS[job.kind]
        if app is None:
            log.warning("follow_up.not_queued", repo=target.repo.slug, kind=job.kind, path=job.path)
            continue
        app.send_task(name, *_arguments(target, job), queue=queue)
        log.info("follow_up.queued", repo=target.repo.slug, kind=job.kind, path=job.path, queue=queue)
        queued += 1
    return queued


def _arguments(target: RegisteredRepo, job: FollowUpJob) -> tuple[list[object], dict[str, object]]:
    """The task's positional and keyword arguments: identifiers, never what the repository holds."""
    repo = target.model_dump(mode="json")
    if job.kind == RAG_INGEST:
        return [repo, job.path], {}
    if job.kind == VERIFY_JOB and job.reply is not None:
        return [repo], {"reply_to": job.reply.thread_number, "requested_by": job.requested_by}
    return [repo, job.model_dump(mode="json")], {}
