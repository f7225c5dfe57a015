"""The GitLab REST subset (``/api/v4``), exercised through python-gitlab, the client a GitLab bot uses.

python-gitlab builds every path from fields of the objects it got (a project's ``id``, an issue's ``iid``
and ``project_id``), so these round trips fail when a sandbox object lacks what the real one has.
"""

from __future__ import annotations

import base64

import gitlab
import httpx
import pytest
from gitlab.v4.objects import Project

from evals.sandbox import BOT_LOGIN, SandboxServer
from tests.support.sandbox import client_fixture, gitlab_client

learner_gl = client_fixture("learner_gl", gitlab_client)
bot_gl = client_fixture("bot_gl", gitlab_client, BOT_LOGIN)


@pytest.fixture
def project(learner_gl: gitlab.Gitlab, repo: str) -> Project:
    return learner_gl.projects.get(repo)


def test_authenticated_user(learner_gl: gitlab.Gitlab, bot_gl: gitlab.Gitlab) -> None:
    learner_gl.auth()
    bot_gl.auth()
    assert learner_gl.user is not None and bot_gl.user is not None
    assert (learner_gl.user.username, learner_gl.user.bot) == ("alice", False)
    # GitLab usernames cannot hold GitHub's "[bot]" suffix: the bot must know itself by its identity.
    assert (bot_gl.user.username, bot_gl.user.bot) == ("gitlearnos-bot", True)


def test_project_by_path_and_by_id(sandbox: SandboxServer, learner_gl: gitlab.Gitlab, repo: str) -> None:
    by_path = learner_gl.projects.get(repo)
    by_id = learner_gl.projects.get(by_path.id)
    assert by_id.path_with_namespace == by_path.path_with_namespace == repo
    assert by_path.http_url_to_repo == sandbox.git_url(repo)
    assert (by_path.default_branch, by_path.visibility, by_path.empty_repo) == ("main", "private", False)
    assert by_path.namespace["full_path"] == "alice"
    with pytest.raises(gitlab.GitlabGetError) as missing:
        learner_gl.projects.get("alice/no-such-project")
    assert missing.value.response_code == 404


def test_issue_create_get_and_list(learner_gl: gitlab.Gitlab, project: Project, repo: str) -> None:
    created = project.issues.create(
        {"title": "Fractions", "description": "1/2 + 1/3 = 5/6", "labels": ["study-note", "math"]}
    )
    project.issues.create({"title": "Second"})
    lazy = learner_gl.projects.get(repo, lazy=True)  # a path, URL-encoded into every request
    fetched = lazy.issues.get(created.iid)
    assert (created.iid, fetched.project_id) == (1, project.id)
    assert (fetched.title, fetched.description, fetched.state) == ("Fractions", "1/2 + 1/3 = 5/6", "opened")
    assert fetched.author["username"] == "alice"
    assert fetched.labels == ["study-note", "math"]
    assert fetched.web_url.endswith(f"/{repo}/-/issues/1")
    assert [issue.iid for issue in project.issues.list(get_all=True)] == [2, 1]  # newest first
    assert [issue.iid for issue in project.issues.list(labels="study-note", get_all=True)] == [1]
    assert project.issues.list(state="closed", get_all=True) == []


def test_notes_create_list_paginate_and_update(
    sandbox: SandboxServer, learner_gl: gitlab.Gitlab, bot_gl: gitlab.Gitlab, project: Project
) -> None:
    issue = project.issues.create({"title": "Question"})
    for text in ("first", "second", "third"):
        issue.notes.create({"body": text})
    reply = (
        bot_gl.projects.get(project.id, lazy=True)
        .issues.get(issue.iid, lazy=True)
        .notes.create({"body": "<!-- gitlearnos:receipt -->ok"})
    )
    assert reply.author["username"] == "gitlearnos-bot" and reply.noteable_iid == issue.iid

    newest_first = [note.body for note in issue.notes.list(per_page=2, get_all=True)]
    assert newest_first == ["<!-- gitlearnos:receipt -->ok", "third", "second", "first"]
    oldest_first = [note.body for note in issue.notes.list(sort="asc", per_page=2, get_all=True)]
    assert oldest_first == ["first", "second", "third", "<!-- gitlearnos:receipt -->ok"]
    pages = issue.notes.list(per_page=3, iterator=True)
    assert (pages.total, pages.total_pages, pages.next_page) == (4, 2, 2)

    reply.body = "<!-- gitlearnos:receipt -->done"
    reply.save()
    assert issue.notes.get(reply.id).body == "<!-- gitlearnos:receipt -->done"
    assert project.issues.get(issue.iid).user_notes_count == 4


def test_pagination_headers(sandbox: SandboxServer, project: Project) -> None:
    issue = project.issues.create({"title": "Paged"})
    for n in range(5):
        issue.notes.create({"body": f"note {n}"})
    response = httpx.get(
        f"{sandbox.gitlab_api_url}/projects/{project.path_with_namespace.replace('/', '%2F')}"
        f"/issues/{issue.iid}/notes",
        params={"per_page": 2, "page": 2, "sort": "asc"},
        headers={"PRIVATE-TOKEN": sandbox.token("alice")},
    )
    assert [note["body"] for note in response.json()] == ["note 2", "note 3"]
    headers = response.headers
    assert (headers["x-page"], headers["x-per-page"], headers["x-total"], headers["x-total-pages"]) == (
        "2",
        "2",
        "5",
        "3",
    )
    assert (headers["x-next-page"], headers["x-prev-page"]) == ("3", "1")
    links = response.links
    assert set(links) == {"first", "prev", "next", "last"}
    assert "%2F" in links["next"]["url"] and "sort=asc" in links["next"]["url"]
    assert "page=3" in links["last"]["url"]


def test_note_ids_are_scoped_to_their_issue(project: Project) -> None:
    first = project.issues.create({"title": "One"})
    second = project.issues.create({"title": "Two"})
    note = first.notes.create({"body": "on one"})
    with pytest.raises(gitlab.GitlabGetError) as wrong_issue:
        second.notes.get(note.id)
    assert wrong_issue.value.response_code == 404


def test_only_author_or_owner_updates_a_note(sandbox: SandboxServer, project: Project) -> None:
    note = project.issues.create({"title": "Mine"}).notes.create({"body": "mine"})
    with gitlab_client(sandbox, "mr-smith") as teacher:
        theirs = teacher.projects.get(project.id, lazy=True).issues.get(1, lazy=True).notes.get(note.id)
        theirs.body = "theirs"
        with pytest.raises(gitlab.GitlabUpdateError) as refused:
            theirs.save()
    assert refused.value.response_code == 403


def test_commits(sandbox: SandboxServer, learner_gl: gitlab.Gitlab, project: Project, repo: str) -> None:
    with sandbox.client() as client:
        client.push_file(
            repo, "subjects/math/note.md", b"# Note\n", "Add note\n\nGitLearnOS-Operation: organize"
        )
    commits = project.commits.list(ref_name="main", get_all=True)
    assert [commit.title for commit in commits] == ["Add note", "Initial commit"]
    assert commits[0].author_name == "alice" and commits[0].parent_ids == [commits[1].id]
    assert commits[0].trailers == {"GitLearnOS-Operation": "organize"}
    assert len(project.commits.list(per_page=1, page=1)) == 1

    with sandbox.client() as client:
        client.create_repository("alice/empty-on-gitlab")
    assert learner_gl.projects.get("alice/empty-on-gitlab").commits.list(get_all=True) == []


@pytest.mark.parametrize(
    ("header", "value", "status"),
    [
        ("PRIVATE-TOKEN", "{token}", 200),
        ("Authorization", "Bearer {token}", 200),
        ("Authorization", "token {token}", 401),  # GitHub's and Gitea's form, not GitLab's
        ("Authorization", "Basic {basic}", 401),
        ("PRIVATE-TOKEN", "gsb_wrong", 401),
        (None, None, 401),
    ],
)
def test_gitlab_authentication(
    sandbox: SandboxServer, header: str | None, value: str | None, status: int
) -> None:
    token = sandbox.token("alice")
    basic = base64.b64encode(f"oauth2:{token}".encode()).decode()
    headers = {header: value.format(token=token, basic=basic)} if header and value else {}
    response = httpx.get(f"{sandbox.gitlab_api_url}/user", headers=headers)
    assert response.status_code == status
    if status == 401:
        assert response.json() == {"message": "401 Unauthorized"}


def test_oauth_token_client(sandbox: SandboxServer) -> None:
    with gitlab.Gitlab(sandbox.gitlab_url, oauth_token=sandbox.token(BOT_LOGIN)) as gl:
        gl.auth()
        assert gl.user is not None and gl.user.username == "gitlearnos-bot"
