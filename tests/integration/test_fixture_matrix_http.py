"""All 79 real payloads through the real HTTP intake, each signed the way its forge signs.

The GitHub table lives in ``test_github_fixture_matrix``; this file runs the
GitLab and Gitea tables (owned by their adapter tests) through
``POST /webhooks/gitlab`` and ``POST /webhooks/gitea`` with a real Redis and
the real publisher: each payload is queued as its expected kind, or answered
200 with a stated reason, or refused with its stated status. None gets a 5xx.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from litestar.testing import TestClient
from pydantic import SecretStr

from runtime.settings import Settings
from tests.support import gitea_hooks as gitea
from tests.support import github_hooks as github
from tests.support import gitlab_hooks as gitlab
from tests.support.celery_queues import queued
from tests.support.fake_forge_hosts import fixture_instance
from tests.support.intake_app import intake_app
from tests.support.payloads import FIXTURES, load_fixture


@contextmanager
def intake(redis_url: str, **overrides: str) -> Iterator[TestClient]:  # type: ignore[type-arg]
    settings = Settings(
        gitlab_webhook_secret=SecretStr(gitlab.SECRET),
        gitea_webhook_secret=SecretStr(gitea.SECRET),
        bot_login="gitlearnos-bot",
        **({"gitea_url": "http://localhost:3000"} | overrides),
    )
    with TestClient(intake_app(settings, redis_url)) as test_client:
        yield test_client


@pytest.fixture
def client(redis_url: str) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with intake(redis_url) as test_client:
        yield test_client


# Translated as their table says (tests/forges/*/test_fixture_matrix.py), but taken by no route of
# bot.routing: answered 200 "not used" at intake, never claimed or queued.
GITLAB_NOT_USED = frozenset(
    {
        "issue_hook__update_labeled",
        "merge_request_hook__approved",
        "merge_request_hook__close",
        "merge_request_hook__merge",
        "merge_request_hook__merge_2",
        "merge_request_hook__open",
        "merge_request_hook__open_2",
        "merge_request_hook__open_3",
        "note_hook__merge_request",
        "note_hook__merge_request_2",
        "note_hook__merge_request_diffnote",
        "push_hook__branch_created",
        "push_hook__branch_deleted",
        "push_hook__normal",
        "push_hook__normal_2",
        "push_hook__normal_3",
    }
)
GITEA_NOT_USED = frozenset(
    {
        "delete__branch",
        "issue_comment__created_on_pull_request",
        "issue_comment__created_on_pull_request_2",
        "issue_comment__edited_on_pull_request",
        "pull_request__closed_merged",
        "pull_request__closed_merged_2",
        "pull_request__closed_not_merged",
        "pull_request__opened",
        "pull_request__opened_2",
        "pull_request_review__approved",
        "pull_request_review__comment",
        "pull_request_review__rejected",
        "push__docs_example",
        "push__new_branch",
        "push__normal",
        "push__normal_2",
    }
)


def check(
    response: Any, redis_url: str, expected: tuple[str, str, int, str] | str, *, not_used: bool = False
) -> None:
    assert response.status_code < 500, response.text
    if isinstance(expected, str):
        assert response.status_code == 200, response.text
        assert response.json()["status"] == "ignored"
        assert expected in response.json()["reason"]
        assert queued(redis_url) == []
        return
    if not_used:
        assert response.status_code == 200, response.text
        assert response.json()["status"] == "not used" and response.json()["kind"] == expected[0]
        assert queued(redis_url) == []
        return
    assert response.status_code == 202, response.text
    (event,) = queued(redis_url)
    kind, full_name, number, actor = expected
    assert event["kind"] == kind
    assert event["repo"]["full_name"] == full_name
    assert (event["thread"] or {}).get("number", 0) == number
    assert (event["actor"] or {}).get("login") == actor


def test_the_tables_cover_all_79_payloads() -> None:
    counts = {forge: len(list((FIXTURES / forge).glob("*.json"))) for forge in ("github", "gitlab", "gitea")}
    assert counts == {"github": 28, "gitlab": 30, "gitea": 21}
    assert len(github.EXPECTED) + len(gitlab.EXPECTED) + len(gitlab.REFUSED) + len(gitea.EXPECTED) == 79


@pytest.mark.parametrize("stem", sorted(gitlab.EXPECTED) + sorted(gitlab.REFUSED))
def test_gitlab_payload_through_http(redis_url: str, stem: str) -> None:
    payload = load_fixture("gitlab", stem)
    body = (FIXTURES / "gitlab" / f"{stem}.json").read_bytes()
    headers = gitlab.gitlab_headers(gitlab.hook_name(stem, payload), delivery=f"idem-{stem}")
    with intake(redis_url, **fixture_instance("gitlab", payload)) as client:
        response = client.post("/webhooks/gitlab", content=body, headers=headers)
    if stem in gitlab.REFUSED:
        status, reason = gitlab.REFUSED[stem]
        assert response.status_code == status and reason in response.json()["reason"]
        return
    check(response, redis_url, gitlab.EXPECTED[stem], not_used=stem in GITLAB_NOT_USED)


@pytest.mark.parametrize("stem", sorted(gitea.EXPECTED))
def test_gitea_payload_through_http(redis_url: str, stem: str) -> None:
    body = (FIXTURES / "gitea" / f"{stem}.json").read_bytes()
    with intake(redis_url, **fixture_instance("gitea", load_fixture("gitea", stem))) as client:
        response = client.post(
            "/webhooks/gitea", content=body, headers=gitea.gitea_headers(stem, body, gitea.SECRET)
        )
    check(response, redis_url, gitea.EXPECTED[stem], not_used=stem in GITEA_NOT_USED)


def test_wrong_gitlab_token_is_401(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    body = (FIXTURES / "gitlab" / "issue_hook__open.json").read_bytes()
    response = client.post(
        "/webhooks/gitlab", content=body, headers=gitlab.gitlab_headers("Issue Hook", token="nope")
    )
    assert response.status_code == 401 and queued(redis_url) == []


def test_wrong_gitea_signature_is_401(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    body = (FIXTURES / "gitea" / "issues__opened.json").read_bytes()
    response = client.post(
        "/webhooks/gitea", content=body, headers=gitea.gitea_headers("issues__opened", body, "nope")
    )
    assert response.status_code == 401 and queued(redis_url) == []


def test_a_gitea_replay_with_a_new_delivery_id_is_a_duplicate(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    body = (FIXTURES / "gitea" / "issues__opened.json").read_bytes()
    first = client.post(
        "/webhooks/gitea", content=body, headers=gitea.gitea_headers("issues__opened", body, gitea.SECRET)
    )
    again = client.post(
        "/webhooks/gitea", content=body, headers=gitea.gitea_headers("issues__opened", body, gitea.SECRET)
    )
    assert (first.status_code, again.status_code) == (202, 200)
    assert again.json()["status"] == "duplicate"
    assert len(queued(redis_url)) == 1


def test_a_gitlab_retry_with_the_same_idempotency_key_is_a_duplicate(
    client: TestClient, redis_url: str
) -> None:  # type: ignore[type-arg]
    body = (FIXTURES / "gitlab" / "note_hook__issue.json").read_bytes()
    headers = gitlab.gitlab_headers("Note Hook", delivery="retry-me")
    assert client.post("/webhooks/gitlab", content=body, headers=headers).status_code == 202
    assert client.post("/webhooks/gitlab", content=body, headers=headers).json()["status"] == "duplicate"
    assert len(queued(redis_url)) == 1
