"""GitHubClient with a token, against GitHub's API faked at HTTP (respx): the exact requests it sends.

Each test pins method, URL, JSON body and auth header, and what the client
makes of GitHub's answer. Errors: every method turns a rate limit into
``ForgeError.retry_after`` and other failures into a ``ForgeError`` with status.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import httpx
import pytest
import respx

from bot.intake.events import Actor, Forge, RepoRef
from forge_adapters.base import ForgeError, GitCredentials, OpenedThread, RepoInfo
from forge_adapters.github.client import GitHubClient
from tests.support.fake_github import (
    API,
    FakeGitHubComments,
    rest_comment,
    rest_issue,
    rest_pull,
    rest_repository,
    rest_user,
)

TOKEN = "t0ken"
AUTH = f"token {TOKEN}"
REPO = RepoRef(forge=Forge.GITHUB, host="github.example", full_name="alice/learning")
REPO_API = f"{API}repos/alice/learning"
MARKER = "<!-- gitlearnos:reply:7 -->"


@pytest.fixture
def client() -> GitHubClient:
    return GitHubClient(TOKEN, api_url=API, timeout=5)


def sent(route: respx.Route) -> httpx.Request:
    assert route.call_count == 1, route.calls
    request: httpx.Request = route.calls.last.request
    assert request.headers["Authorization"] == AUTH
    return request


def json_of(request: httpx.Request) -> Any:
    return json.loads(request.content)


def methods_and_urls(router: respx.MockRouter) -> list[tuple[str, str]]:
    return [(call.request.method, str(call.request.url)) for call in router.calls]


# --- upsert_comment -------------------------------------------------------------------------------------


def test_upsert_posts_when_no_comment_holds_the_marker(
    router: respx.MockRouter, client: GitHubClient
) -> None:
    github = FakeGitHubComments(router)
    posted = client.upsert_comment(REPO, 7, MARKER, f"{MARKER}\nreceipt")
    assert methods_and_urls(router) == [
        ("GET", f"{REPO_API}/issues/7/comments?per_page=100"),
        ("POST", f"{REPO_API}/issues/7/comments"),
    ]
    assert all(call.request.headers["Authorization"] == AUTH for call in router.calls)
    assert json_of(router.calls.last.request) == {"body": f"{MARKER}\nreceipt"}
    assert posted.created is True
    assert posted.url.endswith(f"#issuecomment-{posted.id}")
    assert github.bodies(7) == [f"{MARKER}\nreceipt"]


def test_a_second_upsert_edits_the_marked_comment_instead_of_posting(
    router: respx.MockRouter, client: GitHubClient
) -> None:
    github = FakeGitHubComments(router)
    first = client.upsert_comment(REPO, 7, MARKER, f"{MARKER}\nv1")
    second = client.upsert_comment(REPO, 7, MARKER, f"{MARKER}\nv2")
    assert (second.id, second.created) == (first.id, False)
    patch = router.calls.last.request
    assert (patch.method, str(patch.url)) == ("PATCH", f"{REPO_API}/issues/comments/{first.id}")
    assert json_of(patch) == {"body": f"{MARKER}\nv2"}
    assert (github.created, github.edited, github.bodies(7)) == (1, 1, [f"{MARKER}\nv2"])


def test_an_unchanged_reply_is_neither_posted_nor_edited(
    router: respx.MockRouter, client: GitHubClient
) -> None:
    github = FakeGitHubComments(router)
    client.upsert_comment(REPO, 7, MARKER, f"{MARKER}\nsame")
    again = client.upsert_comment(REPO, 7, MARKER, f"{MARKER}\nsame")
    assert again.created is False
    assert (github.created, github.edited) == (1, 0)
    assert router.calls.last.request.method == "GET"


def test_upsert_follows_pages_to_find_the_marker(router: respx.MockRouter, client: GitHubClient) -> None:
    github = FakeGitHubComments(router)
    for n in range(120):
        github.seed("alice", "learning", 7, f"learner comment {n}")
    marked = github.seed("alice", "learning", 7, f"{MARKER}\nold", login="gitlearnos-bot[bot]")
    posted = client.upsert_comment(REPO, 7, MARKER, f"{MARKER}\nnew")
    assert methods_and_urls(router) == [
        ("GET", f"{REPO_API}/issues/7/comments?per_page=100"),
        ("GET", f"{REPO_API}/issues/7/comments?per_page=100&page=2"),
        ("GET", f"{API}user"),  # who wrote the marked comment
        ("PATCH", f"{REPO_API}/issues/comments/{marked}"),
    ]
    assert (posted.id, posted.created, github.created) == (marked, False, 0)


# --- the other ForgeClient methods ----------------------------------------------------------------------


def test_git_credentials_are_the_token_and_make_no_call(
    router: respx.MockRouter, client: GitHubClient
) -> None:
    credentials = client.git_credentials(REPO)
    assert credentials == GitCredentials(username="x-access-token", password=TOKEN)
    assert TOKEN not in repr(credentials) and TOKEN not in repr(client)
    assert router.calls.call_count == 0


def test_repository_info(router: respx.MockRouter, client: GitHubClient) -> None:
    route = router.get(REPO_API).respond(200, json=rest_repository("alice/learning", default_branch="trunk"))
    info = client.repository_info(REPO)
    assert sent(route).method == "GET"
    assert info == RepoInfo(
        private=True, default_branch="trunk", clone_url="https://github.example/alice/learning.git"
    )


@pytest.mark.parametrize(("user_type", "is_bot"), [("User", False), ("Bot", True)])
def test_bot_identity_is_the_tokens_account(
    router: respx.MockRouter, client: GitHubClient, user_type: str, is_bot: bool
) -> None:
    route = router.get(f"{API}user").respond(200, json=rest_user("learnbot", user_id=99, user_type=user_type))
    assert client.bot_identity() == Actor(login="learnbot", id=99, is_bot=is_bot)
    assert sent(route).method == "GET"


@pytest.mark.parametrize(
    ("labels", "body"),
    [
        (("due-review",), {"title": "Due review", "body": "questions", "labels": ["due-review"]}),
        ((), {"title": "Due review", "body": "questions"}),
    ],
)
def test_open_issue(
    router: respx.MockRouter, client: GitHubClient, labels: tuple[str, ...], body: dict[str, Any]
) -> None:
    route = router.post(f"{REPO_API}/issues").respond(201, json=rest_issue("alice/learning", 12))
    opened = client.open_issue(REPO, "Due review", "questions", labels)
    assert json_of(sent(route)) == body
    assert opened == OpenedThread(number=12, url="https://github.example/alice/learning/issues/12")


def test_open_pull_request(router: respx.MockRouter, client: GitHubClient) -> None:
    route = router.post(f"{REPO_API}/pulls").respond(201, json=rest_pull("alice/learning", 5))
    opened = client.open_pull_request(REPO, head="gitlearnos/handoff", base="main", title="Handoff", body="b")
    assert json_of(sent(route)) == {
        "title": "Handoff",
        "head": "gitlearnos/handoff",
        "base": "main",
        "body": "b",
    }
    assert opened == OpenedThread(number=5, url="https://github.example/alice/learning/pull/5")


def test_open_pull_request_again_returns_the_one_already_open(
    router: respx.MockRouter, client: GitHubClient
) -> None:
    """A retry after a lost response gets 422 from GitHub; the open PR from that head is the answer."""
    router.post(f"{REPO_API}/pulls").respond(422, json={"message": "A pull request already exists"})
    listed = router.get(f"{REPO_API}/pulls").respond(200, json=[rest_pull("alice/learning", 5)])
    opened = client.open_pull_request(REPO, head="gitlearnos/handoff", base="main", title="Handoff", body="b")
    assert str(sent(listed).url) == (
        f"{REPO_API}/pulls?state=open&head=alice%3Agitlearnos%2Fhandoff&base=main"
    )
    assert opened.number == 5


def test_open_pull_request_422_with_no_open_pr_is_an_error(
    router: respx.MockRouter, client: GitHubClient
) -> None:
    router.post(f"{REPO_API}/pulls").respond(422, json={"message": "No commits between main and x"})
    router.get(f"{REPO_API}/pulls").respond(200, json=[])
    with pytest.raises(ForgeError, match="No commits between") as caught:
        client.open_pull_request(REPO, head="x", base="main", title="t", body="b")
    assert (caught.value.status, caught.value.retry_after) == (422, None)


def test_comments_updated_since_lists_issue_and_pr_comments_with_githubs_timestamp_form(
    router: respx.MockRouter, client: GitHubClient
) -> None:
    route = router.get(f"{REPO_API}/issues/comments").respond(
        200,
        json=[
            rest_comment("alice/learning", 7, 501, on_pull=False, login="alice"),
            rest_comment("alice/learning", 9, 502, on_pull=True, login="mr-smith"),
        ],
    )
    since = datetime(2026, 3, 1, 12, 30, 5, 999, tzinfo=timezone(timedelta(hours=2)))
    comments = client.comments_updated_since(REPO, since)
    assert str(sent(route).url) == (
        f"{REPO_API}/issues/comments?sort=updated&direction=asc&since=2026-03-01T10%3A30%3A05Z&per_page=100"
    )
    assert [(c.thread_number, c.is_pull_request, c.comment_id, c.author.login) for c in comments] == [
        (7, False, 501, "alice"),
        (9, True, 502, "mr-smith"),
    ]
    assert comments[0].updated_at == datetime(2019, 5, 15, 15, 20, 21, tzinfo=UTC)


# --- errors ---------------------------------------------------------------------------------------------

CALLS: dict[str, Callable[[GitHubClient], object]] = {
    "upsert_comment": lambda c: c.upsert_comment(REPO, 7, MARKER, "b"),
    "repository_info": lambda c: c.repository_info(REPO),
    "bot_identity": lambda c: c.bot_identity(),
    "open_issue": lambda c: c.open_issue(REPO, "t", "b"),
    "open_pull_request": lambda c: c.open_pull_request(REPO, head="h", base="main", title="t", body="b"),
    "comments_updated_since": lambda c: c.comments_updated_since(REPO, datetime(2026, 1, 1, tzinfo=UTC)),
}


@pytest.mark.parametrize("method", sorted(CALLS))
def test_every_call_turns_429_retry_after_into_forge_error_retry_after(
    router: respx.MockRouter, client: GitHubClient, method: str
) -> None:
    router.route().respond(429, headers={"Retry-After": "17"}, json={"message": "slow down"})
    with pytest.raises(ForgeError) as caught:
        CALLS[method](client)
    assert (caught.value.status, caught.value.retry_after) == (429, 17)


def reset_in(seconds: int) -> Callable[[], dict[str, str]]:
    """Rate-limit headers whose reset lies ``seconds`` after the moment the test runs (not collection)."""
    return lambda: {"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(int(time.time()) + seconds)}


def fixed(headers: dict[str, str]) -> Callable[[], dict[str, str]]:
    return lambda: headers


@pytest.mark.parametrize(
    ("status", "headers", "retry_after"),
    [
        pytest.param(403, fixed({"Retry-After": "30"}), (30, 30), id="secondary-limit"),
        pytest.param(403, reset_in(120), (100, 121), id="primary-limit-waits-for-reset"),
        pytest.param(429, fixed({}), (60, 60), id="bare-429-waits-a-minute"),
        pytest.param(403, fixed({"x-ratelimit-remaining": "4999"}), None, id="forbidden-is-not-a-rate-limit"),
        pytest.param(404, fixed({}), None, id="not-found"),
        pytest.param(502, fixed({}), None, id="server-error"),
    ],
)
def test_failures_become_forge_errors(
    router: respx.MockRouter,
    client: GitHubClient,
    status: int,
    headers: Callable[[], dict[str, str]],
    retry_after: tuple[int, int] | None,
) -> None:
    router.get(REPO_API).respond(status, headers=headers(), json={"message": "GitHub says no"})
    with pytest.raises(ForgeError, match=f"GitHub answered {status}|rate limit") as caught:
        client.repository_info(REPO)
    assert caught.value.status == status
    if retry_after is None:
        assert caught.value.retry_after is None
        assert "GitHub says no" in str(caught.value)
    else:
        assert caught.value.retry_after is not None
        assert retry_after[0] <= caught.value.retry_after <= retry_after[1]


def test_a_timeout_is_a_forge_error_without_status(router: respx.MockRouter, client: GitHubClient) -> None:
    router.get(REPO_API).mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(ForgeError, match="in time") as caught:
        client.repository_info(REPO)
    assert caught.value.status is None


def test_an_answer_of_the_wrong_shape_is_a_forge_error(
    router: respx.MockRouter, client: GitHubClient
) -> None:
    router.get(REPO_API).respond(200, json={"unexpected": True})
    with pytest.raises(ForgeError, match="unexpected shape"):
        client.repository_info(REPO)


def test_no_token_is_refused_before_any_call() -> None:
    with pytest.raises(ForgeError, match="no GitHub token"):
        GitHubClient("", api_url=API, timeout=5)
