"""The Gitea REST subset (``/api/v1``), exercised with plain httpx as a small Gitea client would call it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from evals.sandbox import BOT_LOGIN, SandboxServer
from tests.support.sandbox import client_fixture, gitea_client

learner = client_fixture("learner", gitea_client)
bot = client_fixture("bot", gitea_client, BOT_LOGIN)


def ok(response: httpx.Response, status: int = 200) -> httpx.Response:
    assert response.status_code == status, response.text
    return response


def test_authenticated_user(learner: httpx.Client, bot: httpx.Client) -> None:
    me, it = ok(learner.get("/user")).json(), ok(bot.get("/user")).json()
    assert (me["login"], me["username"]) == ("alice", "alice")
    assert it["login"] == "gitlearnos-bot"  # Gitea has no "[bot]" logins and no user type
    assert "type" not in it


def test_repository(sandbox: SandboxServer, learner: httpx.Client, bot: httpx.Client, repo: str) -> None:
    mine = ok(learner.get(f"/repos/{repo}")).json()
    assert (mine["full_name"], mine["clone_url"], mine["default_branch"]) == (
        repo,
        sandbox.git_url(repo),
        "main",
    )
    assert (mine["private"], mine["empty"], mine["owner"]["login"]) == (True, False, "alice")
    assert mine["permissions"] == {"admin": True, "push": True, "pull": True}
    assert ok(bot.get(f"/repos/{repo}")).json()["permissions"]["admin"] is False


def test_issue_create_get_and_list(learner: httpx.Client, repo: str) -> None:
    first = ok(
        learner.post(f"/repos/{repo}/issues", json={"title": "Fractions", "labels": ["study-note"]}), 201
    )
    label_id = first.json()["labels"][0]["id"]
    ok(
        learner.post(f"/repos/{repo}/issues", json={"title": "Second", "body": "b", "labels": [label_id]}),
        201,
    )
    fetched = ok(learner.get(f"/repos/{repo}/issues/1")).json()
    assert (fetched["number"], fetched["title"], fetched["body"], fetched["state"]) == (
        1,
        "Fractions",
        "",
        "open",
    )
    assert fetched["user"]["login"] == "alice" and fetched["html_url"].endswith(f"/{repo}/issues/1")

    page = ok(learner.get(f"/repos/{repo}/issues", params={"limit": 1, "type": "issues"}))
    assert [issue["number"] for issue in page.json()] == [2]  # newest first
    assert page.json()[0]["labels"][0]["name"] == "study-note"
    assert page.headers["x-total-count"] == "2"
    assert set(page.links) == {"next", "last"} and "limit=1" in page.links["next"]["url"]
    last = ok(learner.get(page.links["next"]["url"]))
    assert [issue["number"] for issue in last.json()] == [1] and set(last.links) == {"first", "prev"}
    assert ok(learner.get(f"/repos/{repo}/issues", params={"state": "closed"})).json() == []
    assert ok(learner.get(f"/repos/{repo}/issues", params={"type": "pulls"})).json() == []
    assert learner.post(f"/repos/{repo}/issues", json={"title": "x", "labels": [12345]}).status_code == 422


def test_comments_create_list_get_and_edit(learner: httpx.Client, bot: httpx.Client, repo: str) -> None:
    ok(learner.post(f"/repos/{repo}/issues", json={"title": "Question"}), 201)
    for text in ("first", "second"):
        ok(learner.post(f"/repos/{repo}/issues/1/comments", json={"body": text}), 201)
    reply = ok(bot.post(f"/repos/{repo}/issues/1/comments", json={"body": "<!-- r -->ok"}), 201).json()
    assert reply["user"]["login"] == "gitlearnos-bot"
    assert reply["html_url"].endswith(f"/issues/1#issuecomment-{reply['id']}")

    listed = ok(learner.get(f"/repos/{repo}/issues/1/comments"))
    assert [c["body"] for c in listed.json()] == ["first", "second", "<!-- r -->ok"]  # oldest first, unpaged
    assert listed.headers["x-total-count"] == "3"
    later = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    assert ok(learner.get(f"/repos/{repo}/issues/1/comments", params={"since": later})).json() == []

    edited = ok(bot.patch(f"/repos/{repo}/issues/comments/{reply['id']}", json={"body": "<!-- r -->done"}))
    assert edited.json()["body"] == "<!-- r -->done"
    assert ok(learner.get(f"/repos/{repo}/issues/comments/{reply['id']}")).json()["body"] == "<!-- r -->done"
    assert ok(learner.get(f"/repos/{repo}/issues/1")).json()["comments"] == 3


def test_only_author_or_owner_edits_a_comment(sandbox: SandboxServer, bot: httpx.Client, repo: str) -> None:
    with gitea_client(sandbox, "alice") as learner:
        ok(learner.post(f"/repos/{repo}/issues", json={"title": "Mine"}), 201)
        mine = ok(learner.post(f"/repos/{repo}/issues/1/comments", json={"body": "mine"}), 201).json()
    assert (
        bot.patch(f"/repos/{repo}/issues/comments/{mine['id']}", json={"body": "theirs"}).status_code == 403
    )


def test_commits(sandbox: SandboxServer, learner: httpx.Client, repo: str) -> None:
    with sandbox.client() as client:
        client.push_file(repo, "subjects/math/note.md", b"# Note\n", "Add note")
    commits = ok(learner.get(f"/repos/{repo}/commits", params={"sha": "main"}))
    assert [c["commit"]["message"].splitlines()[0] for c in commits.json()] == ["Add note", "Initial commit"]
    newest = commits.json()[0]
    assert newest["author"]["login"] == "alice" and newest["parents"][0]["sha"] == commits.json()[1]["sha"]
    one = ok(learner.get(f"/repos/{repo}/commits", params={"limit": 1}))
    assert len(one.json()) == 1 and one.headers["x-total-count"] == "2" and "next" in one.links

    with sandbox.client() as client:
        client.create_repository("alice/empty-on-gitea")
    empty = learner.get("/repos/alice/empty-on-gitea/commits")
    assert (empty.status_code, empty.json()["message"]) == (409, "Git Repository is empty.")


@pytest.mark.parametrize(
    ("headers", "auth", "status"),
    [
        ({"Authorization": "token {token}"}, None, 200),
        ({"Authorization": "Bearer {token}"}, None, 200),
        ({}, ("gitlearnos-bot", "{token}"), 200),  # Basic, as Git and some clients send it
        ({"PRIVATE-TOKEN": "{token}"}, None, 401),  # GitLab's header means nothing to Gitea
        ({}, None, 401),
    ],
)
def test_gitea_authentication(
    sandbox: SandboxServer, headers: dict[str, str], auth: tuple[str, str] | None, status: int
) -> None:
    token = sandbox.token(BOT_LOGIN)
    response = httpx.get(
        f"{sandbox.gitea_api_url}/user",
        headers={name: value.format(token=token) for name, value in headers.items()},
        auth=(auth[0], auth[1].format(token=token)) if auth else None,
    )
    assert response.status_code == status


def test_unknown_repository(learner: httpx.Client) -> None:
    response = learner.get("/repos/alice/no-such-repo")
    assert (response.status_code, response.json()) == (404, {"message": "Not Found"})
