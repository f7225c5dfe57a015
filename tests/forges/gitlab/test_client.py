"""Contract tests of GitLabClient: the exact HTTP requests python-gitlab sends, answered by ``responses``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import requests
import responses
from responses import matchers

from bot.intake.events import Actor, Forge, RepoRef
from forge_adapters.base import ForgeClient, ForgeError, OpenedThread, RepoInfo, UpdatedComment
from forge_adapters.gitlab.client import GitLabClient
from tests.support.fake_gitlab import API, BOT, URL, FakeGitLabNotes, requests_made

TOKEN = "glpat-never-shown-0123456789"
PROJECT = "/api/v4/projects/learner%2Fnotes"
MARKER = "<!-- gitlearnos:reply event-1 -->"
REPO = RepoRef(forge=Forge.GITLAB, host="gitlab.example", full_name="learner/notes")


@pytest.fixture
def rsps() -> Iterator[responses.RequestsMock]:
    # Unfired routes are fine (the notes fake registers all of its own); each test asserts
    # the exact list of requests instead, which is stricter.
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        yield mock


@pytest.fixture
def client() -> GitLabClient:
    return GitLabClient(TOKEN, url=URL, timeout=5)


def reply(text: str) -> str:
    return f"{text}\n\n{MARKER}\n"


def test_it_is_a_forge_client(client: GitLabClient) -> None:
    implementation: ForgeClient = client  # mypy checks the protocol, keyword extension included
    assert implementation is client


def test_a_missing_token_is_refused_up_front() -> None:
    with pytest.raises(ForgeError, match="GITLEARNOS_GITLAB_TOKEN"):
        GitLabClient("", url=URL, timeout=5)


def test_upsert_posts_once_then_edits_the_marked_note(
    rsps: responses.RequestsMock, client: GitLabClient
) -> None:
    rsps.get(API + "user", json=BOT)  # the token's user, the one the fake writes new notes as
    fake = FakeGitLabNotes(rsps, issues=(3,))
    fake.add_note(False, 3, "a learner's comment", author={"id": 5, "username": "alice"})

    first = client.upsert_comment(REPO, 3, MARKER, reply("Filed."), is_pull_request=False)
    second = client.upsert_comment(REPO, 3, MARKER, reply("Filed, now with a link."), is_pull_request=False)
    third = client.upsert_comment(REPO, 3, MARKER, reply("Filed, now with a link."), is_pull_request=False)

    assert (first.created, second.created, third.created) == (True, False, False)
    assert first.id == second.id == third.id
    assert first.url == f"{URL}/learner/notes/-/issues/3#note_{first.id}"
    assert fake.bodies(False, 3) == ["a learner's comment", reply("Filed, now with a link.")]
    notes = f"{PROJECT}/issues/3/notes"
    assert requests_made(rsps.calls) == [
        ("GET", f"{notes}?per_page=100", None),
        ("POST", notes, {"body": reply("Filed.")}),
        ("GET", f"{notes}?per_page=100", None),
        ("GET", "/api/v4/user", None),  # who wrote the marked note: asked once per client
        ("PUT", f"{notes}/{first.id}", {"body": reply("Filed, now with a link.")}),
        ("GET", f"{notes}?per_page=100", None),  # unchanged: nothing written
    ]


def test_upsert_on_a_merge_request_uses_its_notes(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    fake = FakeGitLabNotes(rsps, issues=(3,), merge_requests=(3,))
    posted = client.upsert_comment(REPO, 3, MARKER, reply("Thanks, recorded."), is_pull_request=True)
    assert posted.url == f"{URL}/learner/notes/-/merge_requests/3#note_{posted.id}"
    assert fake.bodies(True, 3) == [reply("Thanks, recorded.")] and fake.bodies(False, 3) == []
    assert [call[:2] for call in requests_made(rsps.calls)] == [
        ("GET", f"{PROJECT}/merge_requests/3/notes?per_page=100"),
        ("POST", f"{PROJECT}/merge_requests/3/notes"),
    ]


def test_upsert_without_the_flag_falls_back_to_the_merge_request_only_when_no_issue_exists(
    rsps: responses.RequestsMock, client: GitLabClient
) -> None:
    fake = FakeGitLabNotes(rsps, issues=(3,), merge_requests=(3, 4))
    client.upsert_comment(REPO, 4, MARKER, reply("on !4"))
    client.upsert_comment(REPO, 3, MARKER, reply("on #3"))  # both exist: the issue wins
    assert fake.bodies(True, 4) == [reply("on !4")]
    assert (fake.bodies(False, 3), fake.bodies(True, 3)) == ([reply("on #3")], [])
    assert [call[:2] for call in requests_made(rsps.calls)] == [
        ("GET", f"{PROJECT}/issues/4/notes?per_page=100"),
        ("GET", f"{PROJECT}/merge_requests/4/notes?per_page=100"),
        ("POST", f"{PROJECT}/merge_requests/4/notes"),
        ("GET", f"{PROJECT}/issues/3/notes?per_page=100"),
        ("POST", f"{PROJECT}/issues/3/notes"),
    ]


def test_upsert_on_nothing_is_a_404_forge_error(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    FakeGitLabNotes(rsps)
    with pytest.raises(ForgeError) as failed:
        client.upsert_comment(REPO, 9, MARKER, reply("lost?"))
    assert failed.value.status == 404 and failed.value.retry_after is None


def test_requests_carry_the_token_as_private_token(
    rsps: responses.RequestsMock, client: GitLabClient
) -> None:
    rsps.get(API + "user", json={"id": 99, "username": "gitlearnos"})
    client.bot_identity()
    assert rsps.calls[0].request.headers["PRIVATE-TOKEN"] == TOKEN


def test_git_credentials_use_oauth2_and_hide_the_token(client: GitLabClient) -> None:
    credentials = client.git_credentials(REPO)
    assert (credentials.username, credentials.password) == ("oauth2", TOKEN)
    assert TOKEN not in repr(credentials) and TOKEN not in repr(client)


@pytest.mark.parametrize(
    ("visibility", "private"), [("private", True), ("internal", False), ("public", False)]
)
def test_repository_info(
    rsps: responses.RequestsMock, client: GitLabClient, visibility: str, private: bool
) -> None:
    rsps.get(
        API + "projects/learner%2Fnotes",
        json={
            "id": 7,
            "path_with_namespace": "learner/notes",
            "visibility": visibility,
            "default_branch": "trunk",
            "http_url_to_repo": f"{URL}/learner/notes.git",
        },
    )
    info = client.repository_info(REPO)
    assert info == RepoInfo(private=private, default_branch="trunk", clone_url=f"{URL}/learner/notes.git")
    assert requests_made(rsps.calls) == [("GET", PROJECT, None)]


def test_bot_identity(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    rsps.get(API + "user", json=BOT)
    assert client.bot_identity() == Actor(login="project_7_bot_3f2a1c", id=99, is_bot=True)
    assert requests_made(rsps.calls) == [("GET", "/api/v4/user", None)]


def test_open_issue(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    created = {"id": 901, "iid": 12, "web_url": f"{URL}/learner/notes/-/issues/12"}
    rsps.post(API + "projects/learner%2Fnotes/issues", json=created, status=201)
    rsps.post(API + "projects/learner%2Fnotes/issues", json=created | {"iid": 13}, status=201)
    opened = client.open_issue(REPO, "Due review", "Three questions.", ("due-review", "gitlearnos"))
    client.open_issue(REPO, "Plain", "No labels.")
    assert opened == OpenedThread(number=12, url=f"{URL}/learner/notes/-/issues/12")
    assert requests_made(rsps.calls) == [
        (
            "POST",
            f"{PROJECT}/issues",
            {"title": "Due review", "description": "Three questions.", "labels": "due-review,gitlearnos"},
        ),
        ("POST", f"{PROJECT}/issues", {"title": "Plain", "description": "No labels."}),
    ]


def test_open_pull_request_opens_a_merge_request(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    created = {"id": 77, "iid": 5, "web_url": f"{URL}/learner/notes/-/merge_requests/5"}
    rsps.post(API + "projects/learner%2Fnotes/merge_requests", json=created, status=201)
    opened = client.open_pull_request(
        REPO, head="gitlearnos/handoff-1", base="main", title="Handoff pack", body="For Mr Smith."
    )
    assert opened == OpenedThread(number=5, url=f"{URL}/learner/notes/-/merge_requests/5")
    assert requests_made(rsps.calls) == [
        (
            "POST",
            f"{PROJECT}/merge_requests",
            {
                "source_branch": "gitlearnos/handoff-1",
                "target_branch": "main",
                "title": "Handoff pack",
                "description": "For Mr Smith.",
            },
        )
    ]


def test_a_second_merge_request_from_the_same_branch_returns_the_open_one(
    rsps: responses.RequestsMock, client: GitLabClient
) -> None:
    """A retried handoff whose first answer was lost: GitLab's 409 names the open MR, which is ours."""
    message = {"message": ["Another open merge request already exists for this source branch: !5"]}
    rsps.post(API + "projects/learner%2Fnotes/merge_requests", json=message, status=409)
    existing = {"id": 77, "iid": 5, "web_url": f"{URL}/learner/notes/-/merge_requests/5"}
    rsps.get(API + "projects/learner%2Fnotes/merge_requests", json=[existing], status=200)
    opened = client.open_pull_request(REPO, head="gitlearnos/handoff-1", base="main", title="t", body="b")
    assert opened == OpenedThread(number=5, url=f"{URL}/learner/notes/-/merge_requests/5")


def test_a_409_with_no_open_merge_request_is_raised(
    rsps: responses.RequestsMock, client: GitLabClient
) -> None:
    rsps.post(API + "projects/learner%2Fnotes/merge_requests", json={"message": "conflict"}, status=409)
    rsps.get(API + "projects/learner%2Fnotes/merge_requests", json=[], status=200)
    with pytest.raises(ForgeError) as failed:
        client.open_pull_request(REPO, head="x", base="main", title="t", body="b")
    assert failed.value.status == 409


def note(note_id: int, updated_at: str, *, system: bool = False, login: str = "alice") -> dict[str, object]:
    return {
        "id": note_id,
        "body": f"note {note_id}",
        "author": {"id": 5, "username": login},
        "created_at": "2026-03-01T08:00:00.000Z",
        "updated_at": updated_at,
        "system": system,
    }


def test_comments_updated_since(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    since_query = {"per_page": "100", "updated_after": "2026-03-01T09:00:00Z"}
    notes_query = {"per_page": "100", "order_by": "updated_at", "sort": "desc"}
    rsps.get(
        API + "projects/learner%2Fnotes/issues",
        json=[{"iid": 3}],
        match=[matchers.query_param_matcher(since_query)],
    )
    rsps.get(
        API + "projects/learner%2Fnotes/merge_requests",
        json=[{"iid": 3}],
        match=[matchers.query_param_matcher(since_query)],
    )
    rsps.get(
        API + "projects/learner%2Fnotes/issues/3/notes",
        json=[
            note(31, "2026-03-01T11:00:00.000Z"),
            note(30, "2026-03-01T10:00:00.000Z", system=True),
            note(29, "2026-03-01T09:30:00.000Z", login="project_7_bot_3f2a1c"),
            note(28, "2026-03-01T09:00:00.000Z"),  # not after `since`: reading stops here
            note(27, "2026-03-01T12:00:00.000Z"),  # (never reached)
        ],
        match=[matchers.query_param_matcher(notes_query)],
    )
    rsps.get(
        API + "projects/learner%2Fnotes/merge_requests/3/notes",
        json=[note(40, "2026-03-01T10:30:00.000Z", login="mr-smith")],
        match=[matchers.query_param_matcher(notes_query)],
    )

    found = client.comments_updated_since(REPO, datetime(2026, 3, 1, 9, 0, tzinfo=UTC))

    assert [(c.thread_number, c.is_pull_request, c.comment_id, c.author.login) for c in found] == [
        (3, False, 29, "project_7_bot_3f2a1c"),
        (3, True, 40, "mr-smith"),
        (3, False, 31, "alice"),
    ]
    assert found[0].author.is_bot and not found[2].author.is_bot
    assert found[1] == UpdatedComment(
        thread_number=3,
        is_pull_request=True,
        comment_id=40,
        author=Actor(login="mr-smith", id=5),
        body="note 40",
        updated_at=datetime(2026, 3, 1, 10, 30, tzinfo=UTC),
        created_at=datetime(2026, 3, 1, 8, 0, tzinfo=UTC),
    )
    assert [call[:2] for call in requests_made(rsps.calls)] == [
        ("GET", f"{PROJECT}/issues?per_page=100&updated_after=2026-03-01T09:00:00Z"),
        ("GET", f"{PROJECT}/issues/3/notes?per_page=100&order_by=updated_at&sort=desc"),
        ("GET", f"{PROJECT}/merge_requests?per_page=100&updated_after=2026-03-01T09:00:00Z"),
        ("GET", f"{PROJECT}/merge_requests/3/notes?per_page=100&order_by=updated_at&sort=desc"),
    ]


def test_naive_since_is_utc(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    rsps.get(API + "projects/learner%2Fnotes/issues", json=[])
    rsps.get(API + "projects/learner%2Fnotes/merge_requests", json=[])
    assert client.comments_updated_since(REPO, datetime(2026, 3, 1, 9, 0)) == []
    assert "updated_after=2026-03-01T09:00:00Z" in requests_made(rsps.calls)[0][1]


def test_429_becomes_a_forge_error_with_retry_after_and_no_sleep(
    rsps: responses.RequestsMock, client: GitLabClient
) -> None:
    rsps.get(
        API + "user", status=429, headers={"Retry-After": "37"}, json={"message": "429 Too Many Requests"}
    )
    started = time.monotonic()
    with pytest.raises(ForgeError) as limited:
        client.bot_identity()
    assert (limited.value.status, limited.value.retry_after) == (429, 37.0)
    assert len(rsps.calls) == 1 and time.monotonic() - started < 1


def test_429_with_ratelimit_reset_only(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    reset = int(time.time()) + 120
    rsps.post(API + "projects/learner%2Fnotes/issues", status=429, headers={"RateLimit-Reset": str(reset)})
    with pytest.raises(ForgeError) as limited:
        client.open_issue(REPO, "t", "b")
    assert limited.value.retry_after is not None and 110 < limited.value.retry_after <= 120


def test_429_while_posting_a_comment(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    rsps.get(API + "projects/learner%2Fnotes/issues/3/notes", status=429, headers={"Retry-After": "5"})
    with pytest.raises(ForgeError) as limited:
        client.upsert_comment(REPO, 3, MARKER, reply("x"))
    assert limited.value.retry_after == 5.0 and len(rsps.calls) == 1


def test_server_errors_are_not_retried_here(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    rsps.post(API + "projects/learner%2Fnotes/merge_requests", status=502, json={"message": "Bad Gateway"})
    with pytest.raises(ForgeError) as failed:
        client.open_pull_request(REPO, head="h", base="main", title="t", body="b")
    assert (failed.value.status, failed.value.retry_after) == (502, None)
    assert len(rsps.calls) == 1
    assert TOKEN not in str(failed.value)


def test_unreachable_gitlab_is_a_forge_error(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    rsps.get(API + "projects/learner%2Fnotes", body=requests.ConnectionError("connection refused"))
    with pytest.raises(ForgeError, match="unreachable") as failed:
        client.repository_info(REPO)
    assert failed.value.status is None


def test_authentication_failure_is_a_forge_error(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    rsps.get(API + "user", status=401, json={"message": "401 Unauthorized"})
    with pytest.raises(ForgeError, match="401") as failed:
        client.bot_identity()
    assert TOKEN not in str(failed.value)
