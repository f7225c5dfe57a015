"""GitLab-flavoured hooks: ``Issue Hook``/``Note Hook`` payloads, the plain ``X-Gitlab-Token``, GitLab's
delivery ids and resend semantics, and the learner scenario end to end on GitLab's API and webhooks.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import gitlab
import pytest

from evals.sandbox import BOT_LOGIN, SandboxServer
from tests.support.payloads import load_fixture
from tests.support.sandbox import (
    ReceivedDelivery,
    WebhookReceiver,
    client_fixture,
    gitlab_client,
    push_as_bot,
    run_cli,
    wait_for_records,
)

SECRET = "gitlab-shared-secret"


def next_gitlab(receiver: WebhookReceiver, event: str) -> ReceivedDelivery:
    """The next delivery whose ``X-Gitlab-Event`` is ``event`` (GitLab sends no ``X-GitHub-Event``)."""
    return receiver.next(event, header="x-gitlab-event")


def stable_keys(*fixtures: dict[str, Any]) -> set[str]:
    """Keys every given GitLab payload has: old and new GitLab versions agree on these."""
    return set.intersection(*(set(fixture) for fixture in fixtures))


@pytest.fixture
def gitlab_repo(sandbox: SandboxServer, repo: str, receiver: WebhookReceiver) -> str:
    with sandbox.client() as client:
        client.add_hook(repo, url=receiver.url, secret=SECRET, forge="gitlab")
    return repo


learner_gl = client_fixture("learner_gl", gitlab_client)


def assert_gitlab_headers(sandbox: SandboxServer, delivery: ReceivedDelivery, event: str) -> None:
    headers = delivery.headers
    assert headers["x-gitlab-event"] == event
    assert headers["x-gitlab-token"] == SECRET  # the shared secret itself, not an HMAC
    assert headers["user-agent"].startswith("GitLab/")
    assert headers["content-type"] == "application/json"
    assert headers["x-gitlab-instance"] == sandbox.url
    for name in ("idempotency-key", "x-gitlab-webhook-uuid", "x-gitlab-event-uuid"):
        uuid.UUID(headers[name])
    assert not {"x-github-event", "x-hub-signature-256", "x-gitea-event"} & set(headers)


def test_issue_opened_delivers_an_issue_hook(
    sandbox: SandboxServer, gitlab_repo: str, receiver: WebhookReceiver, learner_gl: gitlab.Gitlab
) -> None:
    project = learner_gl.projects.get(gitlab_repo)
    project.issues.create({"title": "Fractions", "description": "½ + ⅓ = ⅚", "labels": "study-note"})

    delivery = receiver.received.get(timeout=5)  # the first: GitLab does not ping a new hook
    assert_gitlab_headers(sandbox, delivery, "Issue Hook")
    payload = json.loads(delivery.body)
    assert (payload["object_kind"], payload["event_type"]) == ("issue", "issue")
    attributes = payload["object_attributes"]
    assert (attributes["iid"], attributes["title"], attributes["description"]) == (
        1,
        "Fractions",
        "½ + ⅓ = ⅚",
    )
    assert (attributes["action"], attributes["state"], attributes["project_id"]) == (
        "open",
        "opened",
        project.id,
    )
    assert [label["title"] for label in payload["labels"]] == ["study-note"]
    assert payload["user"]["username"] == "alice"
    info = payload["project"]
    assert (info["id"], info["path_with_namespace"], info["default_branch"]) == (
        project.id,
        gitlab_repo,
        "main",
    )
    assert (info["git_http_url"], info["visibility_level"]) == (sandbox.git_url(gitlab_repo), 0)
    assert info["web_url"] == f"{sandbox.url}/{gitlab_repo}"

    old, new = load_fixture("gitlab", "issue_hook__open"), load_fixture("gitlab", "issue_hook__open_2")
    assert stable_keys(old, new) <= set(payload)
    for name in ("user", "project", "object_attributes", "repository"):
        assert stable_keys(old[name], new[name]) <= set(payload[name]), name


def test_comment_and_edit_deliver_note_hooks(
    sandbox: SandboxServer, gitlab_repo: str, receiver: WebhookReceiver, learner_gl: gitlab.Gitlab
) -> None:
    issue = learner_gl.projects.get(gitlab_repo).issues.create({"title": "Question"})
    with gitlab_client(sandbox, BOT_LOGIN) as bot:
        note = (
            bot.projects.get(gitlab_repo, lazy=True)
            .issues.get(issue.iid, lazy=True)
            .notes.create({"body": "receipt"})
        )
        note.body = "receipt, edited"
        note.save()

    # Each answer's deliveries run after it, so two quick changes may arrive in either order (as on GitLab).
    received = [next_gitlab(receiver, "Note Hook") for _ in "12"]
    by_action = {json.loads(d.body)["object_attributes"]["action"]: d for d in received}
    created = by_action["create"]
    assert_gitlab_headers(sandbox, created, "Note Hook")
    payload = json.loads(created.body)
    attributes = payload["object_attributes"]
    assert (attributes["noteable_type"], attributes["note"], attributes["id"]) == (
        "Issue",
        "receipt",
        note.id,
    )
    assert (attributes["action"], attributes["author_id"]) == ("create", payload["user"]["id"])
    assert (payload["issue"]["iid"], payload["user"]["username"]) == (issue.iid, "gitlearnos-bot")
    assert payload["project"]["path_with_namespace"] == gitlab_repo

    old, new = load_fixture("gitlab", "note_hook__issue"), load_fixture("gitlab", "note_hook__issue_2")
    assert stable_keys(old, new) <= set(payload)
    for name in ("user", "project", "object_attributes", "issue", "repository"):
        assert stable_keys(old[name], new[name]) <= set(payload[name]), name

    edited = json.loads(by_action["update"].body)["object_attributes"]
    assert (edited["action"], edited["note"], edited["updated_by_id"]) == (
        "update",
        "receipt, edited",
        payload["user"]["id"],
    )


def test_every_hook_gets_its_own_flavour(
    sandbox: SandboxServer, repo: str, receiver: WebhookReceiver
) -> None:
    """An issue opened through the GitHub API reaches a GitLab hook as an Issue Hook, and vice versa."""
    github_receiver = WebhookReceiver()
    try:
        with sandbox.client() as client:
            client.add_hook(repo, url=receiver.url, secret=SECRET, forge="gitlab")
            client.add_hook(repo, url=github_receiver.url, secret=SECRET)
            client.open_issue(repo, title="Through the GitHub API")
        with gitlab_client(sandbox, "alice") as gl:
            gl.projects.get(repo).issues.create({"title": "Through the GitLab API"})

        titles = {
            json.loads(next_gitlab(receiver, "Issue Hook").body)["object_attributes"]["title"] for _ in "12"
        }
        assert titles == {"Through the GitHub API", "Through the GitLab API"}
        assert {json.loads(github_receiver.next("issues").body)["issue"]["title"] for _ in "12"} == titles
    finally:
        github_receiver.close()


def test_resend_keeps_the_idempotency_key(
    sandbox: SandboxServer, gitlab_repo: str, receiver: WebhookReceiver
) -> None:
    with sandbox.client() as client:
        client.open_issue(gitlab_repo, title="Once")
        original = next_gitlab(receiver, "Issue Hook")
        key = original.headers["idempotency-key"]
        assert wait_for_records(client, key, 1)[0]["forge"] == "gitlab"

        record = client.redeliver(key)
        again = next_gitlab(receiver, "Issue Hook")
        records = wait_for_records(client, key, 2)

    assert (again.headers["idempotency-key"], again.body) == (key, original.body)
    assert again.headers["x-gitlab-webhook-uuid"] != original.headers["x-gitlab-webhook-uuid"]
    assert again.headers["x-gitlab-token"] == SECRET
    assert (record["guid"], record["redelivery"], record["redelivery_of"]) == (key, True, key)
    assert [r["redelivery"] for r in records] == [False, True]


def test_cli_registers_a_gitlab_hook(
    sandbox: SandboxServer,
    repo: str,
    receiver: WebhookReceiver,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = str(sandbox.root)
    monkeypatch.setenv("SANDBOX_GITLAB_SECRET", SECRET)
    argv = ["hook", repo, "--url", receiver.url, "--secret-env", "SANDBOX_GITLAB_SECRET", "--forge", "gitlab"]
    assert run_cli(*argv, "--root", root) == 0
    assert "as gitlab does" in capsys.readouterr().out
    assert run_cli("open-issue", repo, "--title", "From the CLI", "--body", "x", "--root", root) == 0
    key = next_gitlab(receiver, "Issue Hook").headers["idempotency-key"]
    assert run_cli("deliveries", "--root", root) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith(key))
    assert "gitlab" in line and "Issue Hook.open" in line


def test_learner_scenario_on_gitlab(
    sandbox: SandboxServer, gitlab_repo: str, receiver: WebhookReceiver
) -> None:
    """Learner opens an issue → Issue Hook → the bot clones/pushes with ``oauth2:<token>``, lists notes,
    answers and edits its answer, all through python-gitlab and GitLab's payloads."""
    with gitlab_client(sandbox, "alice") as learner:
        learner.projects.get(gitlab_repo).issues.create(
            {"title": "Study note: limits", "description": "lim x→0 sin(x)/x = 1", "labels": "study-note"}
        )

    event = json.loads(next_gitlab(receiver, "Issue Hook").body)
    project_path, iid = event["project"]["path_with_namespace"], event["object_attributes"]["iid"]
    token = sandbox.token(BOT_LOGIN)
    clone_url = event["project"]["git_http_url"].replace("://", f"://oauth2:{token}@", 1)
    note = event["object_attributes"]["description"] + "\n"
    push_as_bot(clone_url, {"subjects/limits.md": note}, f"Add note from {project_path}#{iid}")

    with gitlab_client(sandbox, BOT_LOGIN) as bot:
        issue = bot.projects.get(project_path, lazy=True).issues.get(iid, lazy=True)
        assert issue.notes.list(get_all=True) == []
        receipt = issue.notes.create({"body": "<!-- gitlearnos:receipt -->Saved to subjects/limits.md"})
        assert [note.id for note in issue.notes.list(get_all=True)] == [receipt.id]
        receipt.body = "<!-- gitlearnos:receipt -->Saved and organised"
        receipt.save()

    actions = {
        json.loads(next_gitlab(receiver, "Note Hook").body)["object_attributes"]["action"] for _ in "12"
    }
    assert actions == {"create", "update"}
    with sandbox.client() as client:
        assert client.file(gitlab_repo, "subjects/limits.md") == "lim x→0 sin(x)/x = 1\n".encode()
