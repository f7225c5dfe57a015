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


def test_github_sends_no_token_past_a_cross_host_redirect() -> None:
    """githubkit follows redirects (GitHub answers 301 for a renamed repository); httpx drops the
    ``Authorization`` header when the origin changes, so the token stays on the API host."""
    with respx.mock(assert_all_called=False) as api:
        api.get("https://api.github.com/repos/learner/notes").respond(301, headers={"Location": ELSEWHERE})
        api.get(ELSEWHERE).respond(200, json={})
        client = GitHubClient(TOKEN, api_url="https://api.github.com", timeout=5)
        repo = RepoRef(forge=Forge.GITHUB, host="github.com", full_name="learner/notes")
        with pytest.raises(ForgeError):
            client.repository_info(repo)
        sent = {str(call.request.url): call.request.headers.get("authorization") for call in api.calls}
    assert sent["https://api.github.com/repos/learner/notes"] == f"token {TOKEN}"
    assert sent.get(ELSEWHERE) is None


def test_gitea_does_not_follow_a_redirect() -> None:
    with respx.mock(assert_all_called=False) as api:
        api.get("https://gitea.example/api/v1/repos/learner/notes").respond(
            302, headers={"Location": ELSEWHERE}
        )
        stranger = api.get(ELSEWHERE).respond(200, json=PRIVATE_ANSWER)
        client = GiteaClient(TOKEN, url="https://gitea.example", timeout=5, transport=httpx.HTTPTransport())
        repo = RepoRef(forge=Forge.GITEA, host="gitea.example", full_name="learner/notes")
        with pytest.raises(ForgeError) as refused:
            client.repository_info(repo)
    assert not stranger.called
    assert refused.value.status == 302
