"""A GitHub App acts for a repository with the installation GitHub names for it, never the payload's.

A delivery's ``installation.id`` is data even when signed: an App installed on several accounts gets
all their deliveries, and the id a payload names must not pick whose token is minted. The worker's
client looks the installation up (``GET /repos/{owner}/{repo}/installation`` with the App's JWT, signed
here with a throwaway RSA key) and keeps it per repository, in a bounded table, across jobs. GitHub is
faked at HTTP with respx.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import jwt
import pytest
import respx
from cryptography.hazmat.primitives.asymmetric import rsa
from pydantic import SecretStr

from bot.intake.events import Forge, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.github.client import GitHubClient
from forge_adapters.github.installations import InstallationCache
from forge_adapters.github.translate import parse_delivery
from runtime.settings import Settings
from tests.support.fake_github import API, rest_installation, rest_repository
from tests.support.learner import issue_event
from tests.support.payloads import FIXTURES
from workers.runtime import ForgeClients

APP_ID = 4242
OURS, FOREIGN = 7, 666
REPO = RepoRef(forge=Forge.GITHUB, host="github.example", full_name="alice/learning")


def mint(router: respx.MockRouter, installation: int) -> respx.Route:
    """Mints ``ghs_<installation>`` for that installation."""
    expires = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    body = {"token": f"ghs_{installation}", "expires_at": expires}
    return router.post(f"{API}app/installations/{installation}/access_tokens").respond(201, json=body)


def lookup(router: respx.MockRouter, full_name: str, installation: int) -> respx.Route:
    answer = rest_installation(installation)
    return router.get(f"{API}repos/{full_name}/installation").respond(200, json=answer)


def app_clients(private_key_pem: str) -> ForgeClients:
    settings = Settings(
        github_app_id=str(APP_ID), github_app_private_key=SecretStr(private_key_pem), github_api_url=API
    )
    return ForgeClients(settings)


def test_a_payloads_installation_id_does_not_pick_the_token(
    router: respx.MockRouter, rsa_key: rsa.RSAPrivateKey, private_key_pem: str
) -> None:
    """The delivery names another installation; the token is minted for the one GitHub names."""
    found = lookup(router, "alice/learning", OURS)
    ours, foreign = mint(router, OURS), mint(router, FOREIGN)
    repository = router.get(f"{API}repos/alice/learning").respond(200, json=rest_repository("alice/learning"))
    payload = json.loads((FIXTURES / "github" / "issue_comment__created_with_installation.json").read_bytes())
    payload["installation"]["id"] = FOREIGN
    headers = {"X-GitHub-Event": "issue_comment", "X-GitHub-Delivery": "d"}
    event = parse_delivery(headers, json.dumps(payload).encode()).model_copy(update={"repo": REPO})

    client = app_clients(private_key_pem).for_event(event)
    client.repository_info(REPO)
    password = client.git_credentials(REPO).password

    assert not foreign.called, "the payload's installation is never asked for a token"
    assert ours.call_count == 2 and password == f"ghs_{OURS}"
    assert repository.calls.last.request.headers["Authorization"] == f"token ghs_{OURS}"
    scheme, token = found.calls.last.request.headers["Authorization"].split(" ", 1)
    claims = jwt.decode(token, rsa_key.public_key(), algorithms=["RS256"])
    assert scheme == "Bearer" and claims["iss"] == str(APP_ID), "the lookup is signed with the App's JWT"


def test_the_installation_is_looked_up_once_per_repository_across_jobs(
    router: respx.MockRouter, private_key_pem: str
) -> None:
    found = lookup(router, "alice/learning", OURS)
    mint(router, OURS)
    clients = app_clients(private_key_pem)
    event = issue_event().model_copy(update={"repo": REPO})
    for _ in range(3):  # three jobs, each with a client of its own
        clients.for_event(event).git_credentials(REPO)
    assert found.call_count == 1


def test_the_remembered_installations_are_bounded_and_expire(
    router: respx.MockRouter, private_key_pem: str
) -> None:
    now = [0.0]
    cache = InstallationCache(ttl=60, max_repositories=2, clock=lambda: now[0])
    names = ("alice/one", "alice/two", "alice/three")
    routes = {name: lookup(router, name, OURS) for name in names}
    mint(router, OURS)

    def credentials(name: str) -> None:
        client = GitHubClient.for_app(APP_ID, private_key_pem, api_url=API, timeout=5, installations=cache)
        client.git_credentials(REPO.model_copy(update={"full_name": name}))

    for name in (*names, "alice/three", "alice/one"):
        credentials(name)
    assert [routes[name].call_count for name in names] == [2, 1, 1], "the oldest was forgotten"
    now[0] = 61.0
    credentials("alice/three")
    assert routes["alice/three"].call_count == 2, "an expired answer is asked again"


def test_an_installation_that_cannot_mint_is_looked_up_again(
    router: respx.MockRouter, private_key_pem: str
) -> None:
    """The App was uninstalled and installed again: the remembered id mints nothing, the retry asks anew."""
    found = lookup(router, "alice/learning", OURS)
    router.post(f"{API}app/installations/{OURS}/access_tokens").respond(404, json={"message": "Not Found"})
    cache = InstallationCache()
    client = GitHubClient.for_app(APP_ID, private_key_pem, api_url=API, timeout=5, installations=cache)
    with pytest.raises(ForgeError, match="404"):
        client.git_credentials(REPO)
    found.respond(200, json=rest_installation(8))
    mint(router, 8)
    again = GitHubClient.for_app(APP_ID, private_key_pem, api_url=API, timeout=5, installations=cache)
    assert again.git_credentials(REPO).password == "ghs_8"
    assert found.call_count == 2


def test_the_lookup_is_not_a_token_request(router: respx.MockRouter, private_key_pem: str) -> None:
    """A repository the App is not installed on is a forge error, and no token is minted at all."""
    router.get(f"{API}repos/alice/learning/installation").respond(404, json={"message": "Not Found"})
    minted = router.post(url__regex=rf"{API}app/installations/\d+/access_tokens")
    client = GitHubClient.for_app(APP_ID, private_key_pem, api_url=API, timeout=5)
    with pytest.raises(ForgeError, match="404"):
        client.git_credentials(REPO)
    assert not minted.called
