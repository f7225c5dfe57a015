"""A forge token goes only to the host it was configured for, even when that host answers a redirect.

Each client is driven through its real HTTP library, answered at the network boundary
(``responses`` for python-gitlab, respx for githubkit and httpx), with the configured host
redirecting to a host nobody configured. The redirect target must never see the token, and an
answer it gives must never be read as the configured forge's (a "private" from a stranger is no
visibility answer).
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
import responses
import respx

from bot.intake.events import Forge, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.gitea.client import GiteaClient
from forge_adapters.github.client import GitHubClient
from forge_adapters.gitlab.client import GitLabClient
from tests.support.fake_github import rest_repository

TOKEN = "tok-never-leaves-its-host-0123456789"
ELSEWHERE = "https://elsewhere.example/collect"
PRIVATE_ANSWER = {"visibility": "private", "private": True, "default_branch": "main", "clone_url": ""}


@pytest.fixture
def rsps() -> Iterator[responses.RequestsMock]:
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        yield mock


@pytest.mark.parametrize("status", [301, 302, 307, 308])
def test_gitlab_does_not_follow_a_redirect_with_its_token(rsps: responses.RequestsMock, status: int) -> None:
    rsps.get(
        "https://gitlab.example/api/v4/projects/learner%2Fnotes",
        status=status,
        headers={"Location": ELSEWHERE},
    )
    rsps.get(ELSEWHERE, json=PRIVATE_ANSWER)
    client = GitLabClient(TOKEN, url="https://gitlab.example", timeout=5)
    repo = RepoRef(forge=Forge.GITLAB, host="gitlab.example", full_name="learner/notes")

    with pytest.raises(ForgeError, match="redirect") as refused:
        client.repository_info(repo)

    assert [call.request.url for call in rsps.calls] == [
        "https://gitlab.example/api/v4/projects/learner%2Fnotes"
    ]
    assert refused.value.status == status
    assert TOKEN not in str(refused.value)
    assert "elsewhere" not in str(refused.value)


GITHUB_REPO = "https://api.github.com/repos/learner/notes"


@pytest.mark.parametrize("status", [301, 302, 307, 308])
def test_github_does_not_follow_a_redirect_to_another_host(status: int) -> None:
    """githubkit has httpx follow redirects; httpx drops the token on the way, but the stranger's
    answer was read as GitHub's visibility answer (a "private" from anyone passed the gate)."""
    with respx.mock(assert_all_called=False) as api:
        api.get(GITHUB_REPO).respond(status, headers={"Location": ELSEWHERE})
        stranger = api.get(ELSEWHERE).respond(200, json=rest_repository("learner/notes"))
        client = GitHubClient(TOKEN, api_url="https://api.github.com", timeout=5)
        repo = RepoRef(forge=Forge.GITHUB, host="github.com", full_name="learner/notes")
        with pytest.raises(ForgeError, match="redirect") as refused:
            client.repository_info(repo)
        sent = [(str(call.request.url), call.request.headers.get("authorization")) for call in api.calls]
    assert not stranger.called
    assert sent == [(GITHUB_REPO, f"token {TOKEN}")]
    assert refused.value.status == status
    assert TOKEN not in str(refused.value) and "elsewhere" not in str(refused.value)


@pytest.mark.parametrize("location", ["http://api.github.com/x", "https://api.github.com:8443/x"])
def test_github_refuses_a_redirect_to_another_scheme_or_port(location: str) -> None:
    with respx.mock(assert_all_called=False) as api:
        api.get(GITHUB_REPO).respond(301, headers={"Location": location})
        stranger = api.get(location).respond(200, json=rest_repository("learner/notes"))
        client = GitHubClient(TOKEN, api_url="https://api.github.com", timeout=5)
        repo = RepoRef(forge=Forge.GITHUB, host="github.com", full_name="learner/notes")
        with pytest.raises(ForgeError, match="redirect"):
            client.repository_info(repo)
    assert not stranger.called


def test_github_still_follows_its_own_renamed_repository_redirect() -> None:
    """GitHub answers a renamed repository with a 301 to ``/repositories/{id}`` on the API host itself."""
    moved = "https://api.github.com/repositories/1296269"
    with respx.mock(assert_all_called=False) as api:
        api.get(GITHUB_REPO).respond(301, headers={"Location": moved})
        api.get(moved).respond(200, json=rest_repository("learner/notes", default_branch="trunk"))
        client = GitHubClient(TOKEN, api_url="https://api.github.com", timeout=5)
        repo = RepoRef(forge=Forge.GITHUB, host="github.com", full_name="learner/notes")
        info = client.repository_info(repo)
        sent = {str(call.request.url): call.request.headers.get("authorization") for call in api.calls}
    assert (info.private, info.default_branch) == (True, "trunk")
    assert sent[moved] == f"token {TOKEN}"


@pytest.mark.parametrize("status", [301, 302, 307, 308])
def test_gitea_does_not_follow_a_redirect(status: int) -> None:
    with respx.mock(assert_all_called=False) as api:
        api.get("https://gitea.example/api/v1/repos/learner/notes").respond(
            status, headers={"Location": ELSEWHERE}
        )
        stranger = api.get(ELSEWHERE).respond(200, json=PRIVATE_ANSWER)
        client = GiteaClient(TOKEN, url="https://gitea.example", timeout=5, transport=httpx.HTTPTransport())
        repo = RepoRef(forge=Forge.GITEA, host="gitea.example", full_name="learner/notes")
        with pytest.raises(ForgeError) as refused:
            client.repository_info(repo)
    assert not stranger.called
    assert refused.value.status == status
    assert TOKEN not in str(refused.value)
