"""Where LightRAG keeps an index: local files (the default) or a PostgreSQL shared by many RAG workers.

One operator setting decides, ``GITLEARNOS_RAG_POSTGRES_DSN`` (``Settings.rag_postgres_dsn``): empty
keeps LightRAG's embedded files under the data directory (JSON key-value and document-status stores,
NanoVectorDB vectors, a NetworkX graph), which allow one writer per folder, hence one RAG worker.
A DSN (``postgresql://user:password@host:5432/db?sslmode=require``) moves the chunks, the full
documents, the document status and every vector (chunks, entities, relations) into PostgreSQL with
pgvector (``PGKVStorage``, ``PGDocStatusStorage``, ``PGVectorStorage``), so RAG workers on several
machines read and write the same index; the rag queue's per-repository writer lock (in Redis) keeps
one writer per repository at a time, as before.

The graph stays NetworkX in the worker's local folder: LightRAG's ``PGGraphStorage`` needs the Apache
AGE extension, which managed PostgreSQL services rarely offer. Without a chat model (the default) no
entity is extracted, the graph is empty and retrieval is vector-only (``naive``), so nothing is lost.
With a learner's chat model, entity and relation *vectors* are shared but the graph's nodes and
edges are written on whichever worker ingested the document: graph modes would see only that
worker's part. docs/operator/shared-rag-index.md says so.

LightRAG reads its PostgreSQL connection from ``POSTGRES_*`` environment variables when a storage
opens, and keeps one pool per process, so :meth:`IndexStorage.export_environment` writes them from the
DSN just before an index opens. The password is never logged or put in a receipt (:meth:`describe`).
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

SETTING = "GITLEARNOS_RAG_POSTGRES_DSN"
LOCAL_STORAGES = {
    "kv_storage": "JsonKVStorage",
    "vector_storage": "NanoVectorDBStorage",
    "graph_storage": "NetworkXStorage",
    "doc_status_storage": "JsonDocStatusStorage",
}
POSTGRES_STORAGES = {
    "kv_storage": "PGKVStorage",
    "vector_storage": "PGVectorStorage",
    "graph_storage": "NetworkXStorage",  # PGGraphStorage needs Apache AGE; see the module docstring
    "doc_status_storage": "PGDocStatusStorage",
}
# A pool per worker process; a worker runs one index operation at a time, so a few connections do.
MAX_CONNECTIONS = "4"
# LightRAG retries an unreachable server 10 times with backoff by default: minutes before a receipt says
# "failed". Two quick retries make a down database a prompt, visible failure that the task retries later.
CONNECTION_RETRIES = "2"


class StorageUnavailable(RuntimeError):
    """The PostgreSQL client packages are missing (LightRAG would pip-install them at import time)."""


class StorageConfigError(ValueError):
    """The DSN is not a PostgreSQL URL the index can use; the message names the part that is wrong."""


@dataclass(frozen=True)
class PostgresTarget:
    host: str
    port: int
    user: str
    password: str
    database: str
    sslmode: str = ""


def parse_dsn(dsn: str) -> PostgresTarget:
    """``postgresql://user[:password]@host[:port]/database[?sslmode=...]``, checked."""
    url = urlsplit(dsn.strip())
    if url.scheme not in {"postgresql", "postgres"}:
        raise StorageConfigError(f"{SETTING} must be a postgresql:// URL")
    if not url.hostname:
        raise StorageConfigError(f"{SETTING} names no host")
    database = unquote(url.path.lstrip("/"))
    if not database:
        raise StorageConfigError(f"{SETTING} names no database (postgresql://user@host:5432/<database>)")
    try:
        port = url.port or 5432
    except ValueError as error:
        raise StorageConfigError(f"{SETTING} has an invalid port") from error
    sslmode = parse_qs(url.query).get("sslmode", [""])[0]
    return PostgresTarget(
        host=url.hostname,
        port=port,
        user=unquote(url.username or "postgres"),
        password=unquote(url.password or ""),
        database=database,
        sslmode=sslmode,
    )


def require_client_packages() -> None:
    """Raise :class:`StorageUnavailable` unless asyncpg and pgvector are installed (the postgres extra)."""
    missing = [name for name in ("asyncpg", "pgvector") if importlib.util.find_spec(name) is None]
    if missing:
        # lightrag.kg.postgres_impl would otherwise run `pip install` for them on import.
        raise StorageUnavailable(
            f"{SETTING} is set but {', '.join(missing)} is not installed: "
            "install GitLearnOS Bot with the postgres extra (`pip install .[postgres]`)"
        )


@dataclass(frozen=True)
class IndexStorage:
    """The storage choice for every index of this worker; empty ``postgres_dsn`` means local files."""

    postgres_dsn: str = ""

    def __post_init__(self) -> None:
        if self.postgres_dsn:
            parse_dsn(self.postgres_dsn)

    @property
    def shared(self) -> bool:
        return bool(self.postgres_dsn)

    @property
    def lightrag_kwargs(self) -> dict[str, Any]:
        return dict(POSTGRES_STORAGES if self.shared else LOCAL_STORAGES)

    def describe(self) -> str:
        """For receipts and status: which storage, never the password."""
        if not self.shared:
            return "local files (JSON, NanoVectorDB, NetworkX)"
        target = parse_dsn(self.postgres_dsn)
        return (
            f"postgresql {target.host}:{target.port}/{target.database} "
            "(KV, doc status, vectors; graph in local NetworkX files)"
        )

    def export_environment(self) -> None:
        """Point LightRAG's process-wide PostgreSQL client at the DSN (a no-op for local files)."""
        if not self.shared:
            return
        require_client_packages()
        target = parse_dsn(self.postgres_dsn)
        values = {
            "POSTGRES_HOST": target.host,
            "POSTGRES_PORT": str(target.port),
            "POSTGRES_USER": target.user,
            "POSTGRES_PASSWORD": target.password,
            "POSTGRES_DATABASE": target.database,
            "POSTGRES_MAX_CONNECTIONS": os.environ.get("POSTGRES_MAX_CONNECTIONS", MAX_CONNECTIONS),
            "POSTGRES_CONNECTION_RETRIES": os.environ.get("POSTGRES_CONNECTION_RETRIES", CONNECTION_RETRIES),
        }
        if target.sslmode:
            values["POSTGRES_SSL_MODE"] = target.sslmode
        os.environ.update(values)
        # Our workspace names each repository's index; a global override would merge them all.
        os.environ.pop("POSTGRES_WORKSPACE", None)
