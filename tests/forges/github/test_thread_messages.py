"""GitHubClient.thread_messages against GitHub's API faked at HTTP (respx): what the setup gate reads."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import respx

from bot.intake.conversation import ThreadMessage
from bot.intake.events import Forge, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.github.client import GitHubClient
from tests.support.fake_github import API, FakeGitHubComments, rest_user

REPO = RepoRef(forge=Forge.GITHUB, host="github.example", full_name="alice/learning")
ISSUE_COMMENTS = f"{API}repos/alice/learning/issues/7/comments"
MACHINE_USER = "learnbot"  # the token's own account: a plain user, not a GitHub App


@pytest.fixture
def router() -> Iterator[respx.MockRouter]:
    with respx.mock(assert_all_called=False) as mock:
        mock.get(f"{API}user").respond(200, json=rest_user(MACHINE_USER, user_id=99))
        yield mock


@pytest.fixture
def client() -> GitHubClient:
    return GitHubClient("t0ken", api_url=API, timeout=5)


def test_comments_come_oldest_first_with_author_and_bot_flag(
    router: respx.MockRouter, client: GitHubClient
) -> None:
    github = FakeGitHubComments(router)
    first = github.seed("alice", "learning", 7, "Mathematics")
    app = github.seed("alice", "learning", 7, "Which goal?", login="helper[bot]")
    own = github.seed("alice", "learning", 7, "Which time zone?", login=MACHINE_USER)
    assert client.thread_messages(REPO, 7) == [
        ThreadMessage(author="alice", is_bot=False, body="Mathematics", comment_id=str(first)),
        ThreadMessage(author="helper[bot]", is_bot=True, body="Which goal?", comment_id=str(app)),
        ThreadMessage(author=MACHINE_USER, is_bot=True, body="Which time zone?", comment_id=str(own)),
    ]


def test_every_page_is_read(router: respx.MockRouter, client: GitHubClient) -> None:
    github = FakeGitHubComments(router)
    for n in range(130):
        github.seed("alice", "learning", 7, f"comment {n}")
    messages = client.thread_messages(REPO, 7, is_pull_request=True)  # PRs share the issue comment API
    assert [m.body for m in messages] == [f"comment {n}" for n in range(130)]
    listed = [str(call.request.url) for call in router.calls if "/comments" in str(call.request.url)]
    assert listed == [f"{ISSUE_COMMENTS}?per_page=100", f"{ISSUE_COMMENTS}?per_page=100&page=2"]


def test_an_empty_thread_is_an_empty_list(router: respx.MockRouter, client: GitHubClient) -> None:
    FakeGitHubComments(router)
    assert client.thread_messages(REPO, 7) == []


def test_a_refusal_is_a_forge_error(router: respx.MockRouter, client: GitHubClient) -> None:
    router.get(ISSUE_COMMENTS).respond(404, json={"message": "Not Found"})
    with pytest.raises(ForgeError) as caught:
        client.thread_messages(REPO, 7)
    assert caught.value.status == 404
