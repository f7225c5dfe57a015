"""GitHubClient as a GitHub App, against GitHub's API faked at HTTP (respx).

What is pinned: App routes carry ``Bearer <JWT>`` signed with the App's key;
everything else carries an installation token minted through
``POST /app/installations/{id}/access_tokens``; git gets a freshly minted,
repository-scoped token every time; no token outlives its client or its
``expires_at``. A throwaway RSA key is generated per test session.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import httpx
import jwt
import pytest
import respx
from cryptography.hazmat.primitives.asymmetric import rsa

from bot.intake.events import Actor, Forge, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.github.client import GitHubClient
from tests.support.fake_github import API, rest_app, rest_installation, rest_repository

APP_ID = 4242
INSTALLATION = 99
REPO = RepoRef(forge=Forge.GITHUB, host="github.example", full_name="alice/learning")
REPO_API = f"{API}repos/alice/learning"


def app_client(pem: str, installation_id: int | None = INSTALLATION) -> GitHubClient:
    return GitHubClient.for_app(APP_ID, pem, installation_id=installation_id, api_url=API, timeout=5)


def mint_route(
    router: respx.MockRouter, installation_id: int = INSTALLATION, *, lifetime: timedelta = timedelta(hours=1)
) -> respx.Route:
    """Answers each mint with a new token: ghs_1, ghs_2, …"""
    counter = iter(range(1, 1000))
    expires = (datetime.now(UTC) + lifetime).strftime("%Y-%m-%dT%H:%M:%SZ")

    def mint(request: httpx.Request) -> httpx.Response:
        return httpx.Response(201, json={"token": f"ghs_{next(counter)}", "expires_at": expires})

    return router.post(f"{API}app/installations/{installation_id}/access_tokens").mock(side_effect=mint)


def assert_app_jwt(request: httpx.Request, key: rsa.RSAPrivateKey) -> None:
    scheme, token = request.headers["Authorization"].split(" ", 1)
    assert scheme == "Bearer"
    claims = jwt.decode(token, key.public_key(), algorithms=["RS256"])
    assert claims["iss"] == str(APP_ID)
    assert claims["exp"] - claims["iat"] <= 600  # GitHub refuses App JWTs living over 10 minutes


def test_api_calls_mint_an_installation_token_with_the_app_jwt_then_use_it(
    router: respx.MockRouter, rsa_key: rsa.RSAPrivateKey, private_key_pem: str
) -> None:
    minted = mint_route(router)
    repo = router.get(REPO_API).respond(200, json=rest_repository("alice/learning"))
    client = app_client(private_key_pem)
    client.repository_info(REPO)
    client.repository_info(REPO)
    assert minted.call_count == 1, "one client reuses its unexpired installation token"
    assert_app_jwt(minted.calls.last.request, rsa_key)
    assert json.loads(minted.calls.last.request.content or b"{}") == {}
    assert [call.request.headers["Authorization"] for call in repo.calls] == ["token ghs_1", "token ghs_1"]


def test_a_new_client_mints_its_own_token(router: respx.MockRouter, private_key_pem: str) -> None:
    """Each client owns its token cache, not githubkit's process-wide one: one client, one token per job."""
    minted = mint_route(router)
    repo = router.get(REPO_API).respond(200, json=rest_repository("alice/learning"))
    app_client(private_key_pem).repository_info(REPO)
    app_client(private_key_pem).repository_info(REPO)
    assert minted.call_count == 2
    assert repo.calls.last.request.headers["Authorization"] == "token ghs_2"


def test_a_token_about_to_expire_is_not_reused(router: respx.MockRouter, private_key_pem: str) -> None:
    minted = mint_route(router, lifetime=timedelta(seconds=30))
    router.get(REPO_API).respond(200, json=rest_repository("alice/learning"))
    client = app_client(private_key_pem)
    client.repository_info(REPO)
    client.repository_info(REPO)
    assert minted.call_count == 2


def test_git_credentials_are_a_fresh_token_scoped_to_the_repository(
    router: respx.MockRouter, rsa_key: rsa.RSAPrivateKey, private_key_pem: str
) -> None:
    minted = mint_route(router)
    client = app_client(private_key_pem)
    first, second = client.git_credentials(REPO), client.git_credentials(REPO)
    assert (first.username, first.password, second.password) == ("x-access-token", "ghs_1", "ghs_2")
    assert minted.call_count == 2
    for call in minted.calls:
        assert_app_jwt(call.request, rsa_key)
        assert json.loads(call.request.content) == {"repositories": ["learning"]}
    assert "ghs_" not in repr(first) and "PRIVATE KEY" not in repr(client)


def test_without_an_installation_id_it_is_looked_up_once_per_repository(
    router: respx.MockRouter, rsa_key: rsa.RSAPrivateKey, private_key_pem: str
) -> None:
    lookup = router.get(f"{REPO_API}/installation").respond(200, json=rest_installation(7))
    minted = mint_route(router, installation_id=7)
    router.get(REPO_API).respond(200, json=rest_repository("alice/learning"))
    client = app_client(private_key_pem, installation_id=None)
    client.repository_info(REPO)
    client.git_credentials(REPO)
    assert lookup.call_count == 1
    assert_app_jwt(lookup.calls.last.request, rsa_key)
    assert minted.call_count == 2


def test_bot_identity_is_the_apps_bot_account(
    router: respx.MockRouter, rsa_key: rsa.RSAPrivateKey, private_key_pem: str
) -> None:
    route = router.get(f"{API}app").respond(200, json=rest_app("gitlearnos-bot", app_id=APP_ID))
    assert app_client(private_key_pem).bot_identity() == Actor(login="gitlearnos-bot[bot]", is_bot=True)
    assert_app_jwt(route.calls.last.request, rsa_key)


def test_a_rate_limited_mint_becomes_retry_after(router: respx.MockRouter, private_key_pem: str) -> None:
    """Minting happens inside githubkit's auth flow; its failure must still map like any other."""
    router.post(f"{API}app/installations/{INSTALLATION}/access_tokens").respond(
        429, headers={"Retry-After": "30"}, json={"message": "slow down"}
    )
    repo = router.get(REPO_API)
    with pytest.raises(ForgeError) as caught:
        app_client(private_key_pem).repository_info(REPO)
    assert (caught.value.status, caught.value.retry_after) == (429, 30)
    assert repo.call_count == 0


def test_a_revoked_installation_is_a_forge_error(router: respx.MockRouter, private_key_pem: str) -> None:
    router.post(f"{API}app/installations/{INSTALLATION}/access_tokens").respond(
        404, json={"message": "Not Found"}
    )
    with pytest.raises(ForgeError, match="404") as caught:
        app_client(private_key_pem).git_credentials(REPO)
    assert caught.value.status == 404


def test_no_private_key_is_refused_before_any_call() -> None:
    with pytest.raises(ForgeError, match="private key"):
        GitHubClient.for_app(APP_ID, "", installation_id=INSTALLATION, api_url=API, timeout=5)
