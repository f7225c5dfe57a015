"""Forge-side schedulers: ``POST /triggers/{job}`` and GitLab scheduled pipelines, end to end.

The real app on a real Redis answers the HTTP request (status and reason are asserted) and publishes
a Celery message; that message's task then runs on a real bare Git remote with GitHub's API faked at
HTTP, and what the learner sees (commits, issues) is asserted. Clocks are passed in.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient
from pydantic import SecretStr

from runtime.settings import Settings
from tests.support.celery_queues import scheduled_messages
from tests.support.due_review import MONDAY_0705_BERLIN, add_to_remote, planned_review
from tests.support.due_review import forge as forge  # noqa: PLC0414 - the fixture
from tests.support.event_worker import runtime
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import bot_commits
from tests.support.gitlab_hooks import gitlab_headers
from tests.support.intake_app import intake_app
from tests.support.payloads import load_fixture
from tests.support.scheduled_repo import register_with_mirror, seed_remote
from webhooks.triggers import SIGNATURE_HEADER, sign
from workers.celery_app import RUN_TRIGGERED, create_celery
from workers.repo_registry import RegisteredRepo
from workers.scheduling.runs import run_triggered
from workers.scheduling.tasks import register_trigger_task

TRIGGER_SECRET = "a-trigger-secret"
GITLAB_SECRET = "a-gitlab-token"
BODY = json.dumps({"forge": "github", "repository": "alice/learning"}).encode()


def make_client(redis_url: str, **overrides: Any) -> TestClient:  # type: ignore[type-arg]
    settings = Settings(gitlab_webhook_secret=SecretStr(GITLAB_SECRET), **overrides)
    return TestClient(intake_app(settings, redis_url))


@pytest.fixture
def client(redis_url: str) -> Iterator[TestClient]:  # type: ignore[type-arg]
    # The GitLab instance the pipeline fixture comes from: intake serves only the configured host.
    with make_client(
        redis_url, trigger_secret=SecretStr(TRIGGER_SECRET), gitlab_url="http://192.168.64.1:3005"
    ) as test_client:
        yield test_client


def trigger(client: TestClient, job: str, body: bytes = BODY, signature: str | None = None) -> Any:  # type: ignore[type-arg]
    headers = {SIGNATURE_HEADER: sign(TRIGGER_SECRET, body) if signature is None else signature}
    return client.post(f"/triggers/{job}", content=body, headers=headers)


def test_without_a_secret_every_trigger_is_refused_with_503(redis_url: str) -> None:
    with make_client(redis_url) as unconfigured:
        response = trigger(unconfigured, "due-review")
    assert response.status_code == 503 and "GITLEARNOS_TRIGGER_SECRET" in response.json()["reason"]
    assert scheduled_messages(redis_url) == []


@pytest.mark.parametrize(
    "signature",
    ["", "sha256=" + "0" * 64, sign("another-secret", BODY)],
    ids=["missing", "zeros", "wrong-secret"],
)
def test_a_bad_signature_is_refused_with_401(client: TestClient, redis_url: str, signature: str) -> None:  # type: ignore[type-arg]
    response = trigger(client, "maintenance", signature=signature)
    assert response.status_code == 401
    assert scheduled_messages(redis_url) == []


def test_an_unknown_job_or_repository_is_404_and_a_bad_body_400(
    client: TestClient,  # type: ignore[type-arg]
    tmp_path: Path,
    redis_url: str,
) -> None:
    assert trigger(client, "cleanup").status_code == 404
    unknown = trigger(client, "maintenance")
    assert unknown.status_code == 404 and "not served" in unknown.json()["reason"]
    assert trigger(client, "maintenance", body=b"not json").status_code == 400
    assert scheduled_messages(redis_url) == []


def test_a_signed_trigger_queues_the_job_for_the_served_repository(
    client: TestClient,  # type: ignore[type-arg]
    tmp_path: Path,
    redis_url: str,
) -> None:
    worker = runtime(tmp_path, redis_url)
    repo = register_with_mirror(worker, seed_remote(tmp_path, "remote"), "alice/learning")

    response = trigger(client, "due-review")

    assert response.status_code == 202, response.text
    assert response.json() == {"status": "queued", "job": "due-review", "repository": repo.slug}
    ((task, (payload, jobs)),) = scheduled_messages(redis_url)
    assert (task, RegisteredRepo.model_validate(payload).repo, jobs) == (RUN_TRIGGERED, repo, ["due-review"])


def test_a_gitlab_scheduled_pipeline_wakes_every_job(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    payload = load_fixture("gitlab", "pipeline_hook__pipeline")
    payload["object_attributes"] |= {"source": "schedule", "status": "pending"}
    headers = gitlab_headers("Pipeline Hook", token=GITLAB_SECRET, delivery="pipeline-1")

    response = client.post("/webhooks/gitlab", content=json.dumps(payload).encode(), headers=headers)

    assert response.status_code == 202, response.text
    ((task, (target, jobs)),) = scheduled_messages(redis_url)
    assert task == RUN_TRIGGERED and jobs == [], "no job named: the learner's schedule decides"
    assert RegisteredRepo.model_validate(target).repo.full_name == payload["project"]["path_with_namespace"]


def test_triggers_run_the_due_occurrence_once_and_nothing_when_not_due(
    tmp_path: Path,
    redis_url: str,
    forge: FakeGitHubComments,
) -> None:
    """The beat's rules decide: at 07:05 due-review is due (delivered once); a second trigger finds it ran."""
    worker = runtime(tmp_path, redis_url)
    remote = seed_remote(tmp_path, "remote")
    path, content, question = planned_review(date(2026, 11, 27))
    add_to_remote(tmp_path, remote, path, content)
    repo = register_with_mirror(worker, remote, "alice/learning")
    target = RegisteredRepo(repo=repo)
    worker.redis.set(f"gitlearnos:occurrence:due-review/{repo.slug}/2026-11-29", "{}")  # Sunday's ran

    first = run_triggered(worker, target, ("due-review",), now=MONDAY_0705_BERLIN)
    again = run_triggered(worker, target, ("due-review",), now=MONDAY_0705_BERLIN)

    assert first.results["due-review"]["outcome"] == "committed"
    assert again.results["due-review"]["outcome"] == "not-due"
    assert len(bot_commits(remote)) == 1
    (issue,) = forge.issues
    assert question in issue["body"]


def test_the_trigger_task_consumes_what_the_endpoint_queued(
    client: TestClient,  # type: ignore[type-arg]
    tmp_path: Path,
    redis_url: str,
    forge: FakeGitHubComments,
) -> None:
    worker = runtime(tmp_path, redis_url)
    register_with_mirror(worker, seed_remote(tmp_path, "remote"), "alice/learning")
    task = register_trigger_task(create_celery(worker.settings, redis_url), worker)
    assert trigger(client, "due-review").status_code == 202
    ((_, args),) = scheduled_messages(redis_url)

    results = task.apply(args=args).get()

    assert set(results) == {"due-review"}, "only the job the trigger named"
    assert results["due-review"]["outcome"] in {"skipped", "not-due"}, "nothing is planned, whatever the hour"
    assert forge.issues == [] and forge.comments == {}
