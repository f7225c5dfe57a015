"""GiteaClient.thread_messages against Gitea's API faked at HTTP (respx): what the setup gate reads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import respx

from bot.intake.conversation import ThreadMessage
from bot.intake.events import Forge, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.gitea.client import GiteaClient
from forge_adapters.gitea.http import PAGE_SIZE

API = "https://gitea.example/api/v1"
REPO = RepoRef(forge=Forge.GITEA, host="gitea.example", full_name="alice/notes")
COMMENTS = "/repos/alice/notes/issues/3/comments"
BOT = {"id": 77, "login": "gitlearnos-bot"}


def comment(comment_id: int, body: str, user: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "id": comment_id,
        "body": body,
        "user": user,
        "html_url": f"https://gitea.example/alice/notes/issues/3#issuecomment-{comment_id}",
        "issue_url": "https://gitea.example/alice/notes/issues/3",
        "created_at": "2024-05-01T10:00:00+02:00",
        "updated_at": "2024-05-01T10:00:00+02:00",
    }


@pytest.fixture
def api() -> Iterator[respx.MockRouter]:
    with respx.mock(base_url=API, assert_all_called=False, assert_all_mocked=True) as router:
        router.get("/user").respond(200, json=BOT)
        yield router


@pytest.fixture
def client() -> Iterator[GiteaClient]:
    with GiteaClient("t0ken", url="https://gitea.example/", timeout=3.0) as gitea:
        yield gitea


def test_comments_come_in_order_with_author_and_bot_flag(api: respx.MockRouter, client: GiteaClient) -> None:
    listed = api.get(COMMENTS, params={"page": "1", "limit": str(PAGE_SIZE)}).respond(
        200,
        json=[
            comment(1, "Use GitLearnOS", {"id": 5, "login": "alice"}),
            comment(2, "Which subject?", BOT),
            comment(3, "automated", {"id": -2, "login": "gitea-actions"}),
            comment(4, "from a deleted account", None),
        ],
    )
    assert client.thread_messages(REPO, 3) == [
        ThreadMessage(author="alice", is_bot=False, body="Use GitLearnOS", comment_id="1"),
        ThreadMessage(author="gitlearnos-bot", is_bot=True, body="Which subject?", comment_id="2"),
        ThreadMessage(author="gitea-actions", is_bot=True, body="automated", comment_id="3"),
        ThreadMessage(author="", is_bot=False, body="from a deleted account", comment_id="4"),
    ]
    assert listed.call_count == 1
    assert listed.calls.last.request.headers["Authorization"] == "token t0ken"


def test_pull_request_comments_use_the_same_endpoint(api: respx.MockRouter, client: GiteaClient) -> None:
    listed = api.get(COMMENTS).respond(200, json=[comment(9, "ok", {"id": 5, "login": "alice"})])
    assert [m.body for m in client.thread_messages(REPO, 3, is_pull_request=True)] == ["ok"]
    assert listed.call_count == 1


def test_every_page_is_read(api: respx.MockRouter, client: GiteaClient) -> None:
    everything = [comment(n, f"c{n}", {"id": 5, "login": "alice"}) for n in range(1, PAGE_SIZE + 6)]
    api.get(COMMENTS, params={"page": "1"}).respond(
        200, json=everything[:PAGE_SIZE], headers={"X-Total-Count": str(len(everything))}
    )
    api.get(COMMENTS, params={"page": "2"}).respond(
        200, json=everything[PAGE_SIZE:], headers={"X-Total-Count": str(len(everything))}
    )
    assert [m.comment_id for m in client.thread_messages(REPO, 3)] == [str(c["id"]) for c in everything]


def test_an_answer_without_ids_is_a_forge_error(api: respx.MockRouter, client: GiteaClient) -> None:
    api.get(COMMENTS).respond(200, json=[{"body": "no id", "user": {"login": "alice"}}])
    with pytest.raises(ForgeError, match="lacks expected fields"):
        client.thread_messages(REPO, 3)


def test_a_missing_issue_is_a_forge_error(api: respx.MockRouter, client: GiteaClient) -> None:
    api.get(COMMENTS).respond(404, json={"message": "issue does not exist"})
    with pytest.raises(ForgeError) as caught:
        client.thread_messages(REPO, 3)
    assert caught.value.status == 404
