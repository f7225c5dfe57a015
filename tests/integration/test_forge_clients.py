"""Which client a job gets: long-lived token clients, a fresh GitHub App client per job."""

from __future__ import annotations

import json

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from pydantic import SecretStr

from bot.intake.events import Forge
from forge_adapters.base import ForgeError
from forge_adapters.github.translate import parse_delivery
from runtime.settings import Settings
from tests.support.learner import issue_event
from tests.support.payloads import FIXTURES
from workers.runtime import ForgeClients


def pem() -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


def test_token_clients_are_reused_per_forge() -> None:
    clients = ForgeClients(Settings(github_token=SecretStr("t")))
    assert clients.for_event(issue_event()) is clients.for_event(issue_event(number=9))


def test_a_github_app_gets_a_fresh_client_per_job() -> None:
    clients = ForgeClients(Settings(github_app_id="123", github_app_private_key=SecretStr(pem())))
    assert clients.for_event(issue_event()) is not clients.for_event(issue_event())


def test_an_app_without_a_key_is_a_clear_error() -> None:
    with pytest.raises(ForgeError, match="no private key"):
        ForgeClients(Settings(github_app_id="123")).for_event(issue_event())


def test_gitea_needs_its_url() -> None:
    event = issue_event().model_copy(update={"forge": Forge.GITEA})
    with pytest.raises(ForgeError, match="GITLEARNOS_GITEA_URL"):
        ForgeClients(Settings()).for_event(event)


def test_an_app_deliverys_installation_id_is_not_queued() -> None:
    """The worker asks GitHub which installation serves the repository, so the payload's id is not kept."""
    body = (FIXTURES / "github" / "issue_comment__created_with_installation.json").read_bytes()
    installation = json.loads(body)["installation"]["node_id"]
    event = parse_delivery({"X-GitHub-Event": "issue_comment", "X-GitHub-Delivery": "d"}, body)
    queued = event.model_dump_json()
    assert [key for key in json.loads(queued) if "installation" in key] == [] and installation not in queued
