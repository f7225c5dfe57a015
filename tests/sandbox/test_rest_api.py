"""The GitHub REST subset, exercised through the real githubkit client the bot uses.

Reading ``.parsed_data`` validates each answer against githubkit's models of GitHub's schema, so these
tests fail when a sandbox object drifts from GitHub's shape.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest
from githubkit import GitHub, TokenAuthStrategy
from githubkit.exception import RequestFailed
from githubkit_schemas.latest.models import IssueComment, SimpleUser

from evals.sandbox import BOT_LOGIN, SandboxServer
from tests.support.sandbox import client_fixture, github_client

learner_gh = client_fixture("learner_gh", github_client)
bot_gh = client_fixture("bot_gh", github_client, BOT_LOGIN)


def test_authenticated_user(learner_gh: GitHub[TokenAuthStrategy], bot_gh: GitHub[TokenAuthStrategy]) -> None:
    learner = learner_gh.rest.users.get_authenticated().parsed_data
    bot = bot_gh.rest.users.get_authenticated().parsed_data
    assert (learner.login, learner.type) == ("alice", "User")
    assert (bot.login, bot.type) == (BOT_LOGIN, "Bot")


def test_repository(sandbox: SandboxServer, learner_gh: GitHub[TokenAuthStrategy], repo: str) -> None:
    owner, name = repo.split("/")
    data = learner_gh.rest.repos.get(owner, name).parsed_data
    assert data.full_name == repo
    assert data.private is True
    assert data.default_branch == "main"
    assert data.clone_url == sandbox.git_url(repo)
    assert data.owner.login == "alice"


def test_issue_create_and_get(learner_gh: GitHub[TokenAuthStrategy], repo: str) -> None:
    owner, name = repo.split("/")
    created = learner_gh.rest.issues.create(
        owner, name, title="Fractions", body="1/2 + 1/3 = 5/6", labels=["study-note"]
    ).parsed_data
    fetched = learner_gh.rest.issues.get(owner, name, created.number).parsed_data
    assert created.number == 1
    assert (fetched.title, fetched.body, fetched.user and fetched.user.login) == (
        "Fractions",
        "1/2 + 1/3 = 5/6",
        "alice",
    )
    assert [label.name for label in fetched.labels if not isinstance(label, str)] == ["study-note"]
    assert fetched.author_association == "OWNER"


def test_comments_create_list_paginate_and_edit(
    learner_gh: GitHub[TokenAuthStrategy], bot_gh: GitHub[TokenAuthStrategy], repo: str
) -> None:
    owner, name = repo.split("/")
    number = learner_gh.rest.issues.create(owner, name, title="Question").parsed_data.number
    for text in ("first", "second", "third"):
        learner_gh.rest.issues.create_comment(owner, name, number, body=text)
    reply = bot_gh.rest.issues.create_comment(
        owner, name, number, body="<!-- gitlearnos:receipt -->ok"
    ).parsed_data
    assert reply.user and reply.user.type == "Bot"

    first_page = learner_gh.rest.issues.list_comments(owner, name, number, per_page=2, page=1)
    page_one: list[IssueComment] = first_page.parsed_data
    assert [c.body for c in page_one] == ["first", "second"]
    assert 'rel="next"' in first_page.headers["link"]
    every: list[IssueComment] = list(
        learner_gh.rest.paginate(
            learner_gh.rest.issues.list_comments, owner=owner, repo=name, issue_number=number, per_page=2
        )
    )
    assert [c.body for c in every] == ["first", "second", "third", "<!-- gitlearnos:receipt -->ok"]
    later = datetime.now(UTC) + timedelta(hours=1)
    assert learner_gh.rest.issues.list_comments(owner, name, number, since=later).parsed_data == []

    edited = bot_gh.rest.issues.update_comment(owner, name, reply.id, body="<!-- gitlearnos:receipt -->done")
    assert edited.parsed_data.body == "<!-- gitlearnos:receipt -->done"
    assert learner_gh.rest.issues.get(owner, name, number).parsed_data.comments == 4


def test_only_author_or_owner_edits_a_comment(
    sandbox: SandboxServer, learner_gh: GitHub[TokenAuthStrategy], repo: str
) -> None:
    owner, name = repo.split("/")
    number = learner_gh.rest.issues.create(owner, name, title="Mine").parsed_data.number
    comment = learner_gh.rest.issues.create_comment(owner, name, number, body="mine").parsed_data
    with (
        github_client(sandbox, "mr-smith") as teacher,
        pytest.raises(RequestFailed) as refused,
    ):
        teacher.rest.issues.update_comment(owner, name, comment.id, body="theirs")
    assert refused.value.response.status_code == 403


def test_commits(sandbox: SandboxServer, learner_gh: GitHub[TokenAuthStrategy], repo: str) -> None:
    owner, name = repo.split("/")
    with sandbox.client() as client:
        client.push_file(
            repo, "subjects/math/note.md", b"# Note\n", "Add note\n\nGitLearnOS-Operation: organize"
        )
    commits = learner_gh.rest.repos.list_commits(owner, name, sha="main", per_page=10).parsed_data
    assert [c.commit.message.splitlines()[0] for c in commits] == ["Add note", "Initial commit"]
    assert isinstance(commits[0].author, SimpleUser) and commits[0].author.login == "alice"
    assert commits[0].parents[0].sha == commits[1].sha
    only_one = learner_gh.rest.repos.list_commits(owner, name, per_page=1)
    assert len(only_one.parsed_data) == 1 and 'rel="next"' in only_one.headers["link"]


@pytest.mark.parametrize(
    ("path", "authorization", "status", "message"),
    [
        ("/api/v3/user", None, 401, "Bad credentials"),
        ("/api/v3/user", "token gsb_wrong", 401, "Bad credentials"),
        ("/api/v3/repos/alice/does-not-exist", "learner", 404, "Not Found"),
        ("/api/v3/no/such/route", "learner", 404, "Not Found"),
    ],
)
def test_errors_look_like_github(
    sandbox: SandboxServer, path: str, authorization: str | None, status: int, message: str
) -> None:
    headers = {}
    if authorization == "learner":
        headers["Authorization"] = f"Bearer {sandbox.token('alice')}"
    elif authorization:
        headers["Authorization"] = authorization
    response = httpx.get(sandbox.url + path, headers=headers)
    assert response.status_code == status
    assert response.json() == {"message": message}


def test_empty_repository_has_no_commits(
    sandbox: SandboxServer, learner_gh: GitHub[TokenAuthStrategy]
) -> None:
    with sandbox.client() as client:
        client.create_repository("alice/empty-one")
    with pytest.raises(RequestFailed) as empty:
        learner_gh.rest.repos.list_commits("alice", "empty-one")
    assert empty.value.response.status_code == 409
