"""Gitea-flavoured hooks: ``issues``/``issue_comment`` payloads, the bare-hex ``X-Gitea-Signature``, the
GitHub/Gogs header copies Gitea sends, replay under a new delivery id, and the learner scenario on Gitea.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid

import pytest

from evals.sandbox import BOT_LOGIN, SandboxServer
from tests.support.payloads import load_fixture
from tests.support.sandbox import (
    ReceivedDelivery,
    WebhookReceiver,
    assert_has_keys,
    gitea_client,
    push_as_bot,
    wait_for_records,
)

SECRET = "gitea-hmac-secret"


@pytest.fixture
def gitea_repo(sandbox: SandboxServer, repo: str, receiver: WebhookReceiver) -> str:
    with sandbox.client() as client:
        client.add_hook(repo, url=receiver.url, secret=SECRET, forge="gitea")
    return repo


def assert_gitea_headers(delivery: ReceivedDelivery, event: str) -> None:
    headers = delivery.headers
    digest = hmac.new(SECRET.encode(), delivery.body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(headers["x-gitea-signature"], digest)  # bare hex, no "sha256="
    assert headers["x-gogs-signature"] == digest and headers["x-hub-signature-256"] == f"sha256={digest}"
    guid = headers["x-gitea-delivery"]
    uuid.UUID(guid)
    for prefix in ("x-gitea", "x-gogs", "x-github"):
        assert (headers[f"{prefix}-event"], headers[f"{prefix}-event-type"]) == (event, event)
        assert headers[f"{prefix}-delivery"] == guid
    assert "x-gitlab-event" not in headers


def test_issue_opened_delivers_a_signed_issues_event(
    sandbox: SandboxServer, gitea_repo: str, receiver: WebhookReceiver
) -> None:
    with gitea_client(sandbox, "alice") as api:
        api.post(f"/repos/{gitea_repo}/issues", json={"title": "Fractions", "body": "½ + ⅓ = ⅚"})

    delivery = receiver.received.get(timeout=5)  # the first: Gitea does not ping a new hook
    assert_gitea_headers(delivery, "issues")
    payload = json.loads(delivery.body)
    assert (payload["action"], payload["number"], payload["issue"]["body"]) == ("opened", 1, "½ + ⅓ = ⅚")
    assert (payload["sender"]["login"], payload["repository"]["full_name"]) == ("alice", gitea_repo)
    assert payload["repository"]["clone_url"] == sandbox.git_url(gitea_repo)
    fixture = load_fixture("gitea", "issues__opened")
    assert_has_keys(payload, fixture, "issue", "repository", "sender")
    assert set(fixture["issue"]["user"]) <= set(payload["issue"]["user"])


def test_comment_created_and_edited(
    sandbox: SandboxServer, gitea_repo: str, receiver: WebhookReceiver
) -> None:
    with gitea_client(sandbox, "alice") as learner, gitea_client(sandbox, BOT_LOGIN) as bot:
        learner.post(f"/repos/{gitea_repo}/issues", json={"title": "Question"})
        comment = bot.post(f"/repos/{gitea_repo}/issues/1/comments", json={"body": "receipt"}).json()
        bot.patch(f"/repos/{gitea_repo}/issues/comments/{comment['id']}", json={"body": "receipt, edited"})

    # Each answer's deliveries run after it, so two quick changes may arrive in either order (as on Gitea).
    received = [receiver.next("issue_comment") for _ in "12"]
    by_action = {json.loads(d.body)["action"]: d for d in received}
    assert_gitea_headers(by_action["created"], "issue_comment")
    created = json.loads(by_action["created"].body)
    assert (created["comment"]["id"], created["comment"]["body"], created["is_pull"]) == (
        comment["id"],
        "receipt",
        False,
    )
    assert (created["sender"]["login"], created["issue"]["number"]) == ("gitlearnos-bot", 1)
    fixture = load_fixture("gitea", "issue_comment__created_on_issue")
    assert_has_keys(created, fixture, "issue", "comment", "repository", "sender")

    edited = json.loads(by_action["edited"].body)
    assert (edited["comment"]["body"], edited["changes"]) == (
        "receipt, edited",
        {"body": {"from": "receipt"}},
    )


def test_replay_is_a_new_delivery(sandbox: SandboxServer, gitea_repo: str, receiver: WebhookReceiver) -> None:
    with sandbox.client() as client:
        client.open_issue(
            gitea_repo, title="Once"
        )  # through the GitHub API: the Gitea hook still gets Gitea's
        original = receiver.next("issues")
        guid = original.headers["x-gitea-delivery"]
        assert wait_for_records(client, guid, 1)  # recorded once the hook has answered
        record = client.redeliver(guid)
        again = receiver.next("issues")

    assert again.body == original.body
    assert again.headers["x-gitea-delivery"] == record["guid"] != guid
    assert (record["redelivery"], record["redelivery_of"], record["forge"]) == (True, guid, "gitea")
    assert_gitea_headers(again, "issues")
    assert json.loads(again.body)["issue"]["title"] == "Once"


def test_hook_without_secret_gets_empty_signatures(
    sandbox: SandboxServer, repo: str, receiver: WebhookReceiver
) -> None:
    with sandbox.client() as client:
        client.add_hook(repo, url=receiver.url, secret="", forge="gitea")
        client.open_issue(repo, title="Unsigned")
    headers = receiver.next("issues").headers
    assert (headers["x-gitea-signature"], headers["x-hub-signature"], headers["x-hub-signature-256"]) == (
        "",
        "sha1=",
        "sha256=",
    )


def test_learner_scenario_on_gitea(
    sandbox: SandboxServer, gitea_repo: str, receiver: WebhookReceiver
) -> None:
    """Learner opens an issue → signed ``issues`` hook → the bot clones/pushes with its token, lists the
    comments, answers and edits its answer, all through Gitea's API and payloads."""
    with gitea_client(sandbox, "alice") as learner:
        learner.post(
            f"/repos/{gitea_repo}/issues",
            json={"title": "Study note: limits", "body": "lim x→0 sin(x)/x = 1"},
        )

    delivery = receiver.next("issues")
    assert_gitea_headers(delivery, "issues")
    event = json.loads(delivery.body)
    full_name, number = event["repository"]["full_name"], event["number"]
    token = sandbox.token(BOT_LOGIN)
    clone_url = event["repository"]["clone_url"].replace("://", f"://gitlearnos-bot:{token}@", 1)
    push_as_bot(
        clone_url, {"limits.md": event["issue"]["body"] + "\n"}, f"Add note from {full_name}#{number}"
    )

    with gitea_client(sandbox, BOT_LOGIN) as bot:
        comments = f"/repos/{full_name}/issues/{number}/comments"
        assert bot.get(comments).json() == []
        receipt = bot.post(comments, json={"body": "<!-- gitlearnos:receipt -->Saved"}).json()
        assert [c["id"] for c in bot.get(comments).json()] == [receipt["id"]]
        bot.patch(f"/repos/{full_name}/issues/comments/{receipt['id']}", json={"body": "<!-- r -->Organised"})

    assert {json.loads(receiver.next("issue_comment").body)["action"] for _ in "12"} == {"created", "edited"}
    with sandbox.client() as client:
        assert client.file(gitea_repo, "limits.md") == "lim x→0 sin(x)/x = 1\n".encode()
