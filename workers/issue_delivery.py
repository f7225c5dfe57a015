"""Opening a plan's issue (a due-review delivery) exactly once, after its commit is on the remote.

:class:`forge_adapters.base.ForgeClient` cannot list or search issues, so the issue's hidden marker
cannot be looked up on the forge. Redis records the delivery instead, keyed by the plan's event
key: ``opening`` is set with ``NX`` before the call and replaced by the issue's number and URL after
it. A forge error clears it (the retry opens the issue); a worker that died mid-call leaves
``opening``, which is reported and never re-sent: at most one issue, as "never deliver the same due
item twice" asks. The issue text is stashed before the push, so a retry that finds the commit
already on the remote opens the same issue instead of re-planning.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import structlog

from bot.intake.events import RepoRef
from bot.plan import IssueSpec
from forge_adapters.base import ForgeClient, ForgeError
from workers.runtime import WorkerRuntime
from workers.state_keys import DUE_REVIEW_DELIVERY, DUE_REVIEW_ISSUE_TEXT

log = structlog.get_logger("gitlearnos.issues")
DELIVERY_TTL = 90 * 24 * 3600  # far longer than any redelivery or catch-up of the same occurrence
OPENING = "opening"


@dataclass(frozen=True)
class Delivered:
    """The plan's issue: opened now, opened earlier, or perhaps opened by a worker that died."""

    number: int | None = None
    url: str = ""
    reason: str = ""


def stash_issue(runtime: WorkerRuntime, key: str, issue: IssueSpec | None) -> None:
    """Keep the finished issue text for the push that follows (and any retry of it)."""
    if issue is not None:
        payload = json.dumps([issue.title, issue.body()])
        runtime.redis.set(DUE_REVIEW_ISSUE_TEXT.format(key=key), payload, ex=DELIVERY_TTL)


def deliver_issue(runtime: WorkerRuntime, client: ForgeClient, repo: RepoRef, key: str) -> Delivered | None:
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
