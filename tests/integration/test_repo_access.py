"""Credentials go only where the operator pointed them, and only to private repositories.

Real intake app on a real Redis, the real worker, and throwaway HTTP servers standing for forge hosts
(:class:`tests.support.recording_forge.RecordingForge`): what a host nobody configured receives, and
whether git ever came for a public repository, is read at that HTTP boundary.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import redis
from pydantic import SecretStr

from bot.intake.events import Forge, RepoRef
from bot.intake.rule_agent import RuleAgent
from bot.plan import FollowUpJob, Reply
from forge_adapters.github.client import GitHubClient
from runtime import metrics
from runtime.settings import Settings
from tests.support.celery_queues import queued
from tests.support.github_intake import deliver, make_client
from tests.support.learner import REPO, issue_event
from tests.support.payloads import load_fixture
from tests.support.recording_forge import RecordingForge
from workers.events import handle_event
from workers.rag import sync_source
from workers.rag_answer import answer_question
from workers.repo_access import RepositoryRefused, VisibilityCache
from workers.repo_registry import RegisteredRepo, registered_repos
from workers.runtime import ForgeClients, WorkerRuntime
from workers.scheduling.due_review import run_due_review
from workers.scheduling.maintenance import run_maintenance
from workers.worker_task import retry_delay

TOKEN = "t0ken-for-the-configured-forge-only"


@pytest.fixture
def listener() -> Iterator[RecordingForge]:
    """A host nobody configured: it must never hear from the bot."""
    server = RecordingForge()
    yield server
    server.close()


@pytest.fixture
def forge() -> Iterator[RecordingForge]:
    """The configured forge (GitHub Enterprise-shaped): answers visibility, records git requests."""
    server = RecordingForge()
    yield server
    server.close()


def foreign_count() -> float:
    return metrics.FOREIGN_REPOSITORIES.labels(forge="github")._value.get()


def issues_opened_on(html_url: str, clone_url: str) -> dict[str, object]:
    payload = load_fixture("github", "issues__opened")
    payload["repository"] |= {"html_url": html_url, "clone_url": clone_url, "private": True}
    return payload


@pytest.mark.parametrize(
    "html_url",
    ["http://{listener}/alice/learning", "https://ghes.example/alice/learning", "https://../x"],
    ids=["another-port", "ghes-shaped", "dot-dot-host"],
)
def test_a_payload_naming_another_host_is_refused_and_nothing_is_queued(
    redis_url: str, listener: RecordingForge, html_url: str
) -> None:
    payload = issues_opened_on(
        html_url.format(listener=listener.host), f"http://{listener.host}/alice/learning.git"
    )
    before = foreign_count()
    with make_client(redis_url, github_token=SecretStr(TOKEN)) as client:
        response = deliver(client, "issues", payload)
    assert response.status_code == 403, response.text
    assert response.json()["reason"] == "refused: the repository is not on the github host this bot serves"
    assert queued(redis_url) == []
    assert redis.Redis.from_url(redis_url).keys("gitlearnos:delivery:*") == [], "no delivery id claimed"
    assert foreign_count() == before + 1
    assert listener.seen == []


def test_the_configured_host_is_still_accepted(redis_url: str) -> None:
    with make_client(redis_url) as client:
        response = deliver(client, "issues", load_fixture("github", "issues__opened"))
    assert response.status_code == 202, response.text
    assert len(queued(redis_url)) == 1


def runtime(tmp_path: Path, redis_url: str, forge: RecordingForge, **overrides: object) -> WorkerRuntime:
    settings = Settings(
        data_dir=tmp_path / "data",
        github_token=SecretStr(TOKEN),
        github_api_url=f"{forge.url}/api/v3",
        **overrides,  # type: ignore[arg-type]
    )
    return WorkerRuntime(
        settings=settings,
        redis=redis.Redis.from_url(redis_url),
        agent=RuleAgent(),
        clients=ForgeClients(settings),
    )


def on(host: str, **update: object) -> RepoRef:
    return REPO.model_copy(update={"host": host, **update})


def test_a_queued_event_on_another_host_reaches_no_host_at_all(
    tmp_path: Path, redis_url: str, forge: RecordingForge, listener: RecordingForge
) -> None:
    """A message queued before intake checked hosts: the worker refuses it before any request."""
    worker = runtime(tmp_path, redis_url, forge)
    event = issue_event(repo=on(listener.host, clone_url=f"{listener.url}/alice/learning.git"))
    assert handle_event(worker, event) == "refused"
    assert listener.seen == [] and forge.seen == []
    assert not (tmp_path / "data" / "mirrors").exists()
    assert registered_repos(worker.redis) == [], "a refused repository is not served by scheduled runs"


@pytest.mark.parametrize("visibility", ["public", "internal", None], ids=["public", "internal", "unknown"])
def test_a_repository_not_known_to_be_private_is_refused_before_any_clone(
    tmp_path: Path, redis_url: str, forge: RecordingForge, listener: RecordingForge, visibility: str | None
) -> None:
    forge.visibility = visibility
    worker = runtime(tmp_path, redis_url, forge)
    # Someone who is not the owner: no reply is owed, so the only request is the visibility lookup.
    event = issue_event(login="mallory", repo=on(forge.host, clone_url=f"{listener.url}/alice/learning.git"))
    assert handle_event(worker, event) == "refused"
    assert [(s.method, s.path) for s in forge.seen] == [("GET", "/api/v3/repos/alice/learning")]
    assert forge.git_requests() == [] and listener.seen == []
    assert not (tmp_path / "data" / "mirrors").exists(), "nothing was cloned"
    assert registered_repos(worker.redis) == [], "a refused repository is not served by scheduled runs"


def test_the_owner_is_told_why_nothing_was_stored_and_nothing_is_cloned(
    tmp_path: Path, redis_url: str, forge: RecordingForge
) -> None:
    forge.visibility = "public"
    worker = runtime(tmp_path, redis_url, forge)
    assert handle_event(worker, issue_event(login="alice", repo=on(forge.host))) == "refused"
    (posted,) = [s for s in forge.seen if s.method == "POST"]
    assert posted.path == "/api/v3/repos/alice/learning/issues/7/comments"
    assert "this repository is public" in json.loads(posted.body)["body"]
    assert forge.git_requests() == []


def test_an_unknown_gitlab_visibility_is_refused_before_any_clone(
    tmp_path: Path, redis_url: str, forge: RecordingForge
) -> None:
    forge.visibility = None  # GitLab's answer without a visibility
    worker = runtime(tmp_path, redis_url, forge, gitlab_url=forge.url, gitlab_token=SecretStr(TOKEN))
    repo = RepoRef(forge=Forge.GITLAB, host=forge.host, full_name="school/maths/alice", private=True)
    event = issue_event(login="mallory", repo=repo).model_copy(update={"forge": Forge.GITLAB})
    assert handle_event(worker, event) == "refused"
    assert [s.path for s in forge.seen] == ["/api/v4/projects/school%2Fmaths%2Falice"]
    assert forge.git_requests() == []


def test_scheduled_and_rag_jobs_ask_too_and_refuse_a_public_repository(
    tmp_path: Path, redis_url: str, forge: RecordingForge
) -> None:
    forge.visibility = "public"
    worker = runtime(tmp_path, redis_url, forge)
    target = RegisteredRepo(repo=on(forge.host))
    now = datetime(2026, 11, 30, 20, 31, tzinfo=UTC)
    question = FollowUpJob(
        kind="rag-answer",
        path="subjects/maths/events/note.md",
        question="what did I note?",
        reply=Reply(thread_number=7, marker="<!-- gitlearnos:reply event=x -->", text=""),
    )
    jobs = {
        "due-review": lambda: run_due_review(worker, target, now.date(), now=now),
        "maintenance": lambda: run_maintenance(worker, target, now.date(), now=now),
        "rag-sync": lambda: sync_source(worker, target, "subjects/maths/sources/book.md"),
        "rag-answer": lambda: answer_question(worker, target, question),
    }
    for name, job in jobs.items():
        asked = len(forge.seen)
        with pytest.raises(RepositoryRefused):
            job()
        assert [s.path for s in forge.seen[asked:]] == ["/api/v3/repos/alice/learning"], name
    assert forge.git_requests() == []
    assert not (tmp_path / "data" / "mirrors").exists()


def test_a_repository_made_public_is_refused_once_the_cached_answer_expires(forge: RecordingForge) -> None:
    """Visibility is cached briefly (one lookup for a burst of jobs), and a refusal is never cached."""

    now = [0.0]
    cache = VisibilityCache(ttl=30, clock=lambda: now[0])
    client = GitHubClient(TOKEN, api_url=f"{forge.url}/api/v3", timeout=5)
    repo = on(forge.host)
    cache.check(client, repo)
    forge.visibility = "public"
    now[0] = 29.0
    cache.check(client, repo)
    assert len(forge.seen) == 1, "served from the cache"
    now[0] = 31.0
    for _ in range(2):
        with pytest.raises(RepositoryRefused):
            cache.check(client, repo)
    assert len(forge.seen) == 3, "asked again each time once the repository was not private"


def test_a_refused_repository_is_never_retried() -> None:
    """Public stays public for a retry's lifetime: the task gives up at once instead of retrying."""

    assert retry_delay(RepositoryRefused("the forge says this repository is not private"), 0) is None
