"""Contract tests: the exact HTTP requests each GiteaClient method sends, and how it reads the answers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
import respx

from bot.intake.events import Actor, Forge, RepoRef
from forge_adapters.base import ForgeClient, ForgeError, GitCredentials, OpenedThread, PostedComment, RepoInfo
from forge_adapters.gitea.client import GIT_USERNAME, GiteaClient
from forge_adapters.gitea.http import PAGE_SIZE

API = "https://gitea.example/api/v1"
TOKEN = "t0ken-that-must-not-leak"
REPO = RepoRef(forge=Forge.GITEA, host="gitea.example", full_name="alice/notes")
BOT = {"id": 77, "login": "gitlearnos-bot"}
MARKER = "<!-- gitlearnos:reply event=gitea:x#3 -->"
PAGE = {"page": "1", "limit": str(PAGE_SIZE)}


@pytest.fixture
def api() -> Iterator[respx.MockRouter]:
    with respx.mock(base_url=API, assert_all_called=False, assert_all_mocked=True) as router:
        yield router


@pytest.fixture
def client() -> Iterator[GiteaClient]:
    with GiteaClient(TOKEN, url="https://gitea.example/", timeout=3.0) as gitea:
        yield gitea


def sent_json(route: respx.Route) -> Any:
    request = route.calls.last.request
    assert request.headers["Authorization"] == f"token {TOKEN}"
    assert request.headers["Content-Type"] == "application/json"
    return json.loads(request.content)


def comment(comment_id: int, body: str, login: str, *, pull: bool = False, number: int = 3) -> dict[str, Any]:
    kind = "pulls" if pull else "issues"
    return {
        "id": comment_id,
        "body": body,
        "user": {"id": 1, "login": login},
        "html_url": f"https://gitea.example/alice/notes/{kind}/{number}#issuecomment-{comment_id}",
        "issue_url": "" if pull else f"https://gitea.example/alice/notes/issues/{number}",
        "pull_request_url": f"https://gitea.example/alice/notes/pulls/{number}" if pull else "",
        "created_at": "2024-05-01T10:00:00+02:00",
        "updated_at": "2024-05-01T11:00:00+02:00",
    }


def test_it_is_a_forge_client(client: GiteaClient) -> None:
    forge_client: ForgeClient = client
    assert forge_client is client


def test_bot_identity_asks_once(api: respx.MockRouter, client: GiteaClient) -> None:
    route = api.get("/user").respond(200, json=BOT | {"email": "bot@x"})
    assert client.bot_identity() == Actor(login="gitlearnos-bot", id=77, is_bot=True)
    assert client.bot_identity().login == "gitlearnos-bot"
    assert route.call_count == 1


def test_upsert_posts_when_no_marked_comment_exists(api: respx.MockRouter, client: GiteaClient) -> None:
    api.get("/user").respond(200, json=BOT)
    listed = api.get("/repos/alice/notes/issues/3/comments", params=PAGE).respond(200, json=[])
    posted = api.post("/repos/alice/notes/issues/3/comments").respond(
        201, json=comment(9, "x", "gitlearnos-bot")
    )
    result = client.upsert_comment(REPO, 3, MARKER, f"{MARKER}\nreceipt")
    assert result == PostedComment(
        id=9, url="https://gitea.example/alice/notes/issues/3#issuecomment-9", created=True
    )
    assert listed.called and sent_json(posted) == {"body": f"{MARKER}\nreceipt"}


def test_upsert_edits_the_bots_marked_comment_instead_of_posting(
    api: respx.MockRouter, client: GiteaClient
) -> None:
    api.get("/user").respond(200, json=BOT)
    api.get("/repos/alice/notes/issues/3/comments", params=PAGE).respond(
        200, json=[comment(5, "hello", "alice"), comment(6, f"{MARKER}\nold", "gitlearnos-bot")]
    )
    edited = api.patch("/repos/alice/notes/issues/comments/6").respond(
        200, json=comment(6, "new", "gitlearnos-bot")
    )
    posted = api.post("/repos/alice/notes/issues/3/comments").respond(201, json={})
    result = client.upsert_comment(REPO, 3, MARKER, f"{MARKER}\nnew")
    assert result.created is False and result.id == 6
    assert sent_json(edited) == {"body": f"{MARKER}\nnew"}
    assert not posted.called


def test_upsert_leaves_an_identical_comment_alone(api: respx.MockRouter, client: GiteaClient) -> None:
    api.get("/user").respond(200, json=BOT)
    api.get("/repos/alice/notes/issues/3/comments", params=PAGE).respond(
        200, json=[comment(6, f"{MARKER}\nsame", "GitLearnOS-Bot")]
    )
    edited = api.patch("/repos/alice/notes/issues/comments/6").respond(200, json={})
    assert client.upsert_comment(REPO, 3, MARKER, f"{MARKER}\nsame").created is False
    assert not edited.called


def test_upsert_never_edits_a_learner_comment_that_quotes_the_marker(
    api: respx.MockRouter, client: GiteaClient
) -> None:
    api.get("/user").respond(200, json=BOT)
    api.get("/repos/alice/notes/issues/3/comments", params=PAGE).respond(
        200, json=[comment(5, f"> {MARKER}\n> receipt\nthanks!", "alice")]
    )
    edited = api.patch("/repos/alice/notes/issues/comments/5").respond(200, json={})
    posted = api.post("/repos/alice/notes/issues/3/comments").respond(
        201, json=comment(9, "x", "gitlearnos-bot")
    )
    assert client.upsert_comment(REPO, 3, MARKER, f"{MARKER}\nreceipt").created is True
    assert posted.called and not edited.called


def test_git_credentials_put_the_token_in_the_password(client: GiteaClient) -> None:
    credentials = client.git_credentials(REPO)
    assert credentials == GitCredentials(username=GIT_USERNAME, password=TOKEN)
    assert TOKEN not in repr(credentials) and TOKEN not in repr(client)


def test_repository_info(api: respx.MockRouter, client: GiteaClient) -> None:
    api.get("/repos/alice/notes").respond(
        200,
        json={
            "private": True,
            "default_branch": "trunk",
            "clone_url": "https://gitea.example/alice/notes.git",
        },
    )
    assert client.repository_info(REPO) == RepoInfo(
        private=True, default_branch="trunk", clone_url="https://gitea.example/alice/notes.git"
    )


def test_an_answer_without_the_fields_read_is_a_forge_error(
    api: respx.MockRouter, client: GiteaClient
) -> None:
    api.get("/repos/alice/notes").respond(200, json={"private": True})
    with pytest.raises(ForgeError, match="lacks expected fields"):
        client.repository_info(REPO)


def test_open_issue_sends_label_ids_not_names(api: respx.MockRouter, client: GiteaClient) -> None:
    labels = api.get("/repos/alice/notes/labels", params=PAGE).respond(
        200, json=[{"id": 3, "name": "gitlearnos:due-review"}, {"id": 4, "name": "other"}]
    )
    created = api.post("/repos/alice/notes/issues").respond(
        201, json={"number": 12, "html_url": "https://gitea.example/alice/notes/issues/12"}
    )
    opened = client.open_issue(REPO, "Due review", "Q1 …", ("gitlearnos:due-review", "not-there"))
    assert opened == OpenedThread(number=12, url="https://gitea.example/alice/notes/issues/12")
    assert labels.called
    assert sent_json(created) == {"title": "Due review", "body": "Q1 …", "labels": [3]}


def test_open_issue_without_labels_skips_the_label_lookup(api: respx.MockRouter, client: GiteaClient) -> None:
    created = api.post("/repos/alice/notes/issues").respond(201, json={"number": 1, "html_url": ""})
    assert client.open_issue(REPO, "t", "b").number == 1
    assert sent_json(created) == {"title": "t", "body": "b"}


def test_open_pull_request(api: respx.MockRouter, client: GiteaClient) -> None:
    created = api.post("/repos/alice/notes/pulls").respond(
        201, json={"number": 4, "html_url": "https://gitea.example/alice/notes/pulls/4"}
    )
    opened = client.open_pull_request(
        REPO, head="gitlearnos/handoff-1", base="main", title="Review", body="pack"
    )
    assert opened == OpenedThread(number=4, url="https://gitea.example/alice/notes/pulls/4")
    assert sent_json(created) == {
        "head": "gitlearnos/handoff-1",
        "base": "main",
        "title": "Review",
        "body": "pack",
    }


def test_open_pull_request_returns_the_existing_one_on_conflict(
    api: respx.MockRouter, client: GiteaClient
) -> None:
    api.post("/repos/alice/notes/pulls").respond(409, json={"message": "pull request already exists"})
    listed = api.get("/repos/alice/notes/pulls", params={"state": "open"} | PAGE).respond(
        200,
        json=[
            {"number": 2, "html_url": "u2", "head": {"ref": "other"}, "base": {"ref": "main"}},
            {"number": 4, "html_url": "u4", "head": {"ref": "gitlearnos/handoff-1"}, "base": {"ref": "main"}},
        ],
    )
    opened = client.open_pull_request(REPO, head="gitlearnos/handoff-1", base="main", title="t", body="b")
    assert opened == OpenedThread(number=4, url="u4") and listed.called


def test_a_conflict_without_a_matching_pr_is_raised(api: respx.MockRouter, client: GiteaClient) -> None:
    api.post("/repos/alice/notes/pulls").respond(409, json={"message": "conflict"})
    api.get("/repos/alice/notes/pulls").respond(200, json=[])
    with pytest.raises(ForgeError) as failed:
        client.open_pull_request(REPO, head="x", base="main", title="t", body="b")
    assert failed.value.status == 409


def test_comments_updated_since_marks_pull_request_comments(
    api: respx.MockRouter, client: GiteaClient
) -> None:
    since = datetime(2024, 5, 1, 10, 0, 0, 900000, tzinfo=timezone(timedelta(hours=2)))
    route = api.get(
        "/repos/alice/notes/issues/comments", params={"since": "2024-05-01T08:00:00Z"} | PAGE
    ).respond(
        200,
        json=[comment(5, "on an issue", "alice"), comment(6, "on a PR", "mr-smith", pull=True, number=4)],
        headers={"X-Total-Count": "2"},
    )
    found = client.comments_updated_since(REPO, since)
    assert route.call_count == 1
    assert [(c.thread_number, c.is_pull_request, c.comment_id, c.author.login, c.body) for c in found] == [
        (3, False, 5, "alice", "on an issue"),
        (4, True, 6, "mr-smith", "on a PR"),
    ]
    assert found[0].updated_at == datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def test_comments_updated_since_treats_naive_times_as_utc(api: respx.MockRouter, client: GiteaClient) -> None:
    route = api.get("/repos/alice/notes/issues/comments", params={"since": "2024-05-01T10:00:00Z"} | PAGE)
    route.respond(200, json=[])
    assert client.comments_updated_since(REPO, datetime(2024, 5, 1, 10, 0)) == []


def test_comments_without_a_thread_are_skipped(api: respx.MockRouter, client: GiteaClient) -> None:
    odd = comment(7, "?", "alice") | {"issue_url": "", "html_url": ""}
    api.get("/repos/alice/notes/issues/comments").respond(200, json=[odd, comment(8, "ok", "alice")])
    assert [c.comment_id for c in client.comments_updated_since(REPO, datetime(2024, 1, 1, tzinfo=UTC))] == [
        8
    ]


@pytest.mark.parametrize(
    ("headers", "retry_after"),
    [({"Retry-After": "7"}, 7.0), ({"Retry-After": "Wed, 01 May 2099 10:00:00 GMT"}, None)],
)
def test_rate_limits_reach_the_caller_with_retry_after(
    api: respx.MockRouter, client: GiteaClient, headers: dict[str, str], retry_after: float | None
) -> None:
    api.get("/user").respond(200, json=BOT)
    api.get("/repos/alice/notes/issues/3/comments").respond(
        429, headers=headers, json={"message": "rate limited"}
    )
    with pytest.raises(ForgeError) as failed:
        client.upsert_comment(REPO, 3, MARKER, "body")
    assert failed.value.status == 429
    if retry_after is None:
        assert failed.value.retry_after is not None and failed.value.retry_after > 3600
    else:
        assert failed.value.retry_after == retry_after
    assert TOKEN not in str(failed.value)


def test_owner_and_name_are_path_segments(api: respx.MockRouter, client: GiteaClient) -> None:
    route = api.get("/repos/a.b/c_d-e.git").respond(
        200, json={"private": False, "default_branch": "main", "clone_url": ""}
    )
    client.repository_info(RepoRef(forge=Forge.GITEA, host="h", full_name="a.b/c_d-e.git"))
    assert route.called
