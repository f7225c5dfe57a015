"""Signed webhook deliveries, GitHub-style, and GitHub's redelivery semantics."""

from __future__ import annotations

import hashlib
import hmac
import json
import time

import pytest
from githubkit import webhooks

from evals.sandbox import BOT_LOGIN, SandboxServer
from tests.support.payloads import load_fixture
from tests.support.sandbox import ReceivedDelivery, WebhookReceiver, assert_has_keys, wait_for_records

SECRET = "It's a Secret to Everybody"


@pytest.fixture
def hooked_repo(sandbox: SandboxServer, repo: str, receiver: WebhookReceiver) -> str:
    with sandbox.client() as client:
        client.add_hook(repo, url=receiver.url, secret=SECRET)
    return repo


def assert_signed(delivery: ReceivedDelivery) -> None:
    expected = "sha256=" + hmac.new(SECRET.encode(), delivery.body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(delivery.headers["x-hub-signature-256"], expected)


def test_new_hook_is_pinged(sandbox: SandboxServer, hooked_repo: str, receiver: WebhookReceiver) -> None:
    ping = receiver.next("ping")
    assert_signed(ping)
    payload = json.loads(ping.body)
    assert payload["repository"]["full_name"] == hooked_repo
    assert payload["hook"]["config"]["url"] == receiver.url
    assert SECRET not in ping.body.decode()
    webhooks.parse("ping", ping.body)


def test_issue_opened_delivers_a_signed_issues_event(
    sandbox: SandboxServer, hooked_repo: str, receiver: WebhookReceiver
) -> None:
    with sandbox.client() as client:
        issue = client.open_issue(hooked_repo, title="Fractions", body="½ + ⅓ = ⅚", labels=["study-note"])

    delivery = receiver.next("issues")
    assert_signed(delivery)
    assert delivery.headers["user-agent"] == "GitHub-Hookshot/sandbox"
    assert delivery.headers["content-type"] == "application/json"
    assert delivery.headers["x-github-hook-id"].isdigit()
    payload = json.loads(delivery.body)
    assert payload["action"] == "opened"
    assert (payload["issue"]["number"], payload["issue"]["body"]) == (issue["number"], "½ + ⅓ = ⅚")
    assert [label["name"] for label in payload["issue"]["labels"]] == ["study-note"]
    repository = payload["repository"]
    assert (repository["private"], repository["default_branch"]) == (True, "main")
    assert repository["clone_url"] == sandbox.git_url(hooked_repo)
    assert payload["sender"]["login"] == "alice"
    assert_has_keys(payload, load_fixture("github", "issues__opened"), "issue", "repository", "sender")
    webhooks.parse("issues", delivery.body)


def test_comment_created_delivers_an_issue_comment_event(
    sandbox: SandboxServer, hooked_repo: str, receiver: WebhookReceiver
) -> None:
    with sandbox.client() as learner, sandbox.client(BOT_LOGIN) as bot:
        number = learner.open_issue(hooked_repo, title="Question")["number"]
        comment = bot.comment(hooked_repo, number, "receipt")

    delivery = receiver.next("issue_comment")
    assert_signed(delivery)
    payload = json.loads(delivery.body)
    assert payload["action"] == "created"
    assert (payload["comment"]["id"], payload["comment"]["body"]) == (comment["id"], "receipt")
    assert (payload["sender"]["login"], payload["sender"]["type"]) == (BOT_LOGIN, "Bot")
    assert payload["issue"]["number"] == number
    fixture = load_fixture("github", "issue_comment__created_on_issue")
    assert_has_keys(payload, fixture, "issue", "comment", "repository", "sender")
    webhooks.parse("issue_comment", delivery.body)


def test_redelivery_repeats_id_and_body(
    sandbox: SandboxServer, hooked_repo: str, receiver: WebhookReceiver
) -> None:
    with sandbox.client() as client:
        client.open_issue(hooked_repo, title="Once")
        original = receiver.next("issues")
        guid = original.headers["x-github-delivery"]
        assert wait_for_records(client, guid, 1)[0]["status_code"] == 202

        record = client.redeliver(guid)
        again = receiver.next("issues")
        records = wait_for_records(client, guid, 2)

    assert again.headers["x-github-delivery"] == guid
    assert again.body == original.body
    assert_signed(again)
    assert (record["guid"], record["redelivery"], record["status_code"]) == (guid, True, 202)
    assert [r["redelivery"] for r in records] == [False, True]
    assert all(r["duration_ms"] >= 0 for r in records)


def test_failed_delivery_is_recorded_not_retried(sandbox: SandboxServer, repo: str) -> None:
    with sandbox.client() as client:
        client.add_hook(repo, url="http://127.0.0.1:9/nobody-listens", secret=SECRET)
        deadline = time.monotonic() + 5
        while (
            not (pings := [r for r in client.deliveries() if r["repo"] == repo])
            and time.monotonic() < deadline
        ):
            time.sleep(0.05)
    assert len(pings) == 1
    assert pings[0]["status_code"] is None and "ConnectError" in pings[0]["error"]
