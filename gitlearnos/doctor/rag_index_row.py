"""The RAG index row: the embedded local index, or the shared PostgreSQL of ``GITLEARNOS_RAG_POSTGRES_DSN``.

With the DSN set, every RAG worker keeps its index there (``rag.storage``), and a server that does not
answer, or lacks pgvector, only shows up as failed receipts once learners sync material. So the row
connects as the workers will (the same parsed DSN, asyncpg), reads the server's version and whether the
``vector`` extension is installed; when it is only available, it runs ``CREATE EXTENSION vector`` in a
transaction it rolls back, which asks the server whether this role may create it without changing
anything. The password is never shown: the DSN appears with stars, and any error text is scrubbed.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from gitlearnos.doctor.redis_rows import shown_url
from gitlearnos.doctor.rows import Row, failed, passed
from rag.storage import (
    SETTING,
    PostgresTarget,
    StorageConfigError,
    StorageUnavailable,
    parse_dsn,
    require_client_packages,
)
from runtime.settings import Settings

CHECK = "rag index"
TIMEOUT_SECONDS = 5.0
DSN_SHAPE = "postgresql://user:password@host:5432/database"


@dataclass(frozen=True)
class ServerFacts:
    version: str
    installed: str | None  # the installed pgvector version
    available: bool
    refusal: str = ""  # why this role may not create the extension; empty when it may


def rag_index_row(settings: Settings) -> Row:
    dsn = settings.secret_value(settings.rag_postgres_dsn).strip()
    if not dsn:
        where = settings.rag_dir / "<repository>"
        return passed(CHECK, f"{SETTING} unset: the embedded local index under {where} (one RAG worker)")
    try:
        target = parse_dsn(dsn)
        require_client_packages()
    except (StorageConfigError, StorageUnavailable) as error:
        return failed(CHECK, str(error), f"set {SETTING} to {DSN_SHAPE} and install the postgres extra")
    shown = shown_url(dsn)
    try:
        facts = asyncio.run(_server_facts(target))
    except Exception as error:  # any failure to connect or read is this row's answer
        said = f"{type(error).__name__}: {error}"
        if target.password:
            said = said.replace(target.password, "***")
        fix = f"start the PostgreSQL server or correct {SETTING} ({DSN_SHAPE})"
        return failed(CHECK, f"{shown} unreachable: {said[:200]}", fix)
    return _verdict(shown, target.user, target.database, facts)


def _verdict(shown: str, user: str, database: str, facts: ServerFacts) -> Row:
    server = f"{shown} answers ({facts.version})"
    if facts.installed:
        return passed(CHECK, f"{server}, pgvector {facts.installed} installed")
    if not facts.available:
        fix = "install pgvector on the server (https://github.com/pgvector/pgvector) or use one that has it"
        return failed(CHECK, f"{server}, but it has no vector extension (pgvector)", fix)
    if facts.refusal:
        fix = f"run `CREATE EXTENSION vector;` once in {database} as an administrator"
        return failed(CHECK, f"{server}; {user} may not create the vector extension: {facts.refusal}", fix)
    return passed(CHECK, f"{server}, pgvector available; the first RAG worker creates it")


async def _server_facts(target: PostgresTarget) -> ServerFacts:
    import asyncpg  # noqa: PLC0415 - the postgres extra, checked by require_client_packages first

    connection = await asyncpg.connect(
        host=target.host, port=target.port, user=target.user, password=target.password or None,
        database=target.database, ssl=target.sslmode or None, timeout=TIMEOUT_SECONDS,
    )  # fmt: skip
    try:
        version = str(await connection.fetchval("SHOW server_version"))
        installed = await connection.fetchval("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        available = bool(
            await connection.fetchval("SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'")
        )
        refusal = ""
        if available and installed is None:
            transaction = connection.transaction()
            await transaction.start()
            try:
                await connection.execute("CREATE EXTENSION vector")
            except asyncpg.PostgresError as error:
                refusal = str(error)
            finally:
                await transaction.rollback()
        return ServerFacts(f"PostgreSQL {version}", installed, available, refusal)
    finally:
        await connection.close()
