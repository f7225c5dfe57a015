"""Where a repository's RAG index lives and which endpoints it may call: the learner's config, checked.

Shared by the ingest task (:mod:`workers.rag`), the answer task (:mod:`workers.rag_answer`) and
the ``gitlearnos rag`` command; it holds no Celery task, so none of them imports another.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bot.config import LearnerConfig
from bot.intake.events import RepoRef
from rag.provider import Endpoint, IndexSpec
from rag.storage import IndexStorage
from runtime.settings import Settings

CREDENTIAL_PREFIX = "GITLEARNOS_RAG_"


class EndpointRefused(ValueError):
    """A learner's rag endpoint names a credential variable the bot will not read."""


def repo_key(repo: RepoRef) -> str:
    return f"{repo.forge.value}/{repo.host.replace(':', '_')}/{repo.full_name}"


def local_repo_key(checkout: Path) -> str:
    """The index key of a learner's checkout: ``gitlearnos rag`` builds it, ``gitlearnos local`` reads it."""
    return f"local/{checkout.resolve().as_posix().strip('/')}"


def has_index(spec: IndexSpec) -> bool:
    """Whether an ingest has written ``spec``'s index (a shared PostgreSQL index is always there to ask)."""
    return bool(spec.storage.postgres_dsn) or (spec.root.is_dir() and any(spec.root.iterdir()))


def _refuse_private_address(base_url: str, name: str, allowed_hosts: frozenset[str]) -> None:
    """A learner's file may not aim the worker at the operator's own network (SSRF).

    With ``GITLEARNOS_RAG_ALLOWED_HOSTS`` set, only those hosts; otherwise an https URL whose host is not
    ``localhost`` or a literal loopback/private/link-local/reserved address. A public name that resolves
    inside the network is the operator's to prevent with the allow-list (or egress rules).
    """
    url = urlsplit(base_url)
    host = (url.hostname or "").lower()
    if not host or url.scheme not in {"http", "https"}:
        raise EndpointRefused(f"rag.{name}.base_url must be an http(s) URL, not {base_url!r}")
    if allowed_hosts:
        if host not in allowed_hosts:
            raise EndpointRefused(
                f"rag.{name}.base_url names {host!r}, which GITLEARNOS_RAG_ALLOWED_HOSTS does not list"
            )
        return
    try:
        private = not ipaddress.ip_address(host).is_global
    except ValueError:
        private = host == "localhost" or host.endswith(".localhost")
    if url.scheme != "https" or private:
        raise EndpointRefused(
            f"rag.{name}.base_url must be https on a public host; ask the operator to list {host!r} in "
            "GITLEARNOS_RAG_ALLOWED_HOSTS to use it"
        )


def _endpoint(block: Any, name: str, allowed_hosts: frozenset[str]) -> Endpoint:
    """A ``rag.chat`` / ``rag.embedding`` block; its credential variable must be a RAG one.

    The learner's file names the variable and the server holds its value, so without the prefix rule a
    learner could have the bot send, say, its forge token to an address of their choosing; and the
    address itself must not be one inside the operator's network.
    """
    endpoint = Endpoint(
        base_url=block.base_url, model=block.model, api_key_env=block.api_key_env, dimensions=block.dimensions
    )
    if endpoint.configured:
        _refuse_private_address(endpoint.base_url, name, allowed_hosts)
    if (
        endpoint.configured
        and endpoint.api_key_env
        and not endpoint.api_key_env.startswith(CREDENTIAL_PREFIX)
    ):
        raise EndpointRefused(
            f"rag.{name}.api_key_env must name a variable starting with {CREDENTIAL_PREFIX}, "
            f"not {endpoint.api_key_env!r}"
        )
    if name == "embedding" and endpoint.configured and endpoint.dimensions <= 0:
        raise EndpointRefused("rag.embedding.dimensions must be set to the model's verified dimension")
    return endpoint


def index_spec(settings: Settings, repo: str, config: LearnerConfig) -> IndexSpec:
    """The repository's index for the embedding its ``gitlearnos.yml`` selects (offline by default).

    ``rag.working_dir`` in the learner's file is not used by a server: indexes live under the bot's
    data directory, outside Git, one folder per repository.
    """
    return IndexSpec(
        root=settings.rag_dir / repo,
        repo_key=repo,
        embedding=_endpoint(config.rag.embedding, "embedding", settings.rag_hosts),
        chat=_endpoint(config.rag.chat, "chat", settings.rag_hosts),
        timeout=settings.rag_timeout_seconds,
        storage=index_storage(settings),
    )


def index_storage(settings: Settings) -> IndexStorage:
    """Local files unless the operator sets ``GITLEARNOS_RAG_POSTGRES_DSN``: then one index in PostgreSQL.

    One setting for every RAG worker (docs/operator/shared-rag-index.md).
    """
    dsn = settings.rag_postgres_dsn.get_secret_value() if settings.rag_postgres_dsn else ""
    return IndexStorage(postgres_dsn=dsn)
