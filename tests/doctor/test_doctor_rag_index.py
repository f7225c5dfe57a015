"""``gitlearnos doctor``'s ``rag index`` row: the embedded local index when no DSN is set, and with
``GITLEARNOS_RAG_POSTGRES_DSN`` a real PostgreSQL with pgvector that this module starts itself, a role
that may not create the extension, and a closed port. The password never reaches the table.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

import pytest

from tests.support.doctor_deployment import Deployment
from tests.support.doctor_table import expect_only, run_doctor
from tests.support.scratch_postgres_dsn import scratch_postgres_dsn

asyncpg = pytest.importorskip("asyncpg", reason="the postgres extra (asyncpg, pgvector) is not installed")
pytestmark = [pytest.mark.timeout(180), pytest.mark.parametrize("deployment", ["github"], indirect=True)]
postgres_dsn = pytest.fixture(scope="module")(scratch_postgres_dsn)
DSN = "GITLEARNOS_RAG_POSTGRES_DSN"


def _as_superuser(dsn: str, *statements: str) -> None:
    async def run() -> None:
        connection = await asyncpg.connect(dsn)
        try:
            for statement in statements:
                await connection.execute(statement)
        finally:
            await connection.close()

    asyncio.run(run())


def test_unset_names_the_embedded_local_index(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    deployment.unset(DSN)
    code, statuses, out = run_doctor(capsys)
    assert code == 0, out
    assert statuses["rag index"] == "pass", out
    assert f"{DSN} unset: the embedded local index under" in out


def test_a_server_with_pgvector_passes_and_changes_nothing(
    deployment: Deployment, capsys: pytest.CaptureFixture[str], postgres_dsn: str
) -> None:
    deployment.set(DSN, postgres_dsn)
    code, statuses, out = run_doctor(capsys)
    assert code == 0, out
    assert statuses["rag index"] == "pass", out
    assert f"{postgres_dsn} answers (PostgreSQL 16" in out
    assert "pgvector available; the first RAG worker creates it" in out  # the probe was rolled back

    _as_superuser(postgres_dsn, "CREATE EXTENSION IF NOT EXISTS vector")
    try:
        _, statuses, out = run_doctor(capsys)
        assert statuses["rag index"] == "pass", out
        assert "pgvector 0." in out and "installed" in out
    finally:
        _as_superuser(postgres_dsn, "DROP EXTENSION vector")


def test_a_role_that_may_not_create_the_extension_fails_with_its_fix(
    deployment: Deployment, capsys: pytest.CaptureFixture[str], postgres_dsn: str
) -> None:
    _as_superuser(postgres_dsn, "CREATE ROLE learner_index LOGIN PASSWORD 'index-secret-not-shown'")
    try:
        parts = urlsplit(postgres_dsn)
        dsn = f"postgresql://learner_index:index-secret-not-shown@{parts.hostname}:{parts.port}/postgres"
        deployment.set(DSN, dsn)
        out = expect_only(
            capsys,
            "rag index",
            "learner_index may not create the vector extension: permission denied",
            "fix: run `CREATE EXTENSION vector;` once in postgres as an administrator",
        )
        assert "index-secret-not-shown" not in out
        assert f"postgresql://learner_index:***@{parts.hostname}:{parts.port}/postgres answers" in out
    finally:
        _as_superuser(postgres_dsn, "DROP ROLE learner_index")


def test_a_closed_port_fails_without_showing_the_password(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    deployment.set(DSN, "postgresql://gitlearnos:pg-hunter2-not-shown@127.0.0.1:9/gitlearnos")  # discard port
    out = expect_only(
        capsys,
        "rag index",
        "postgresql://gitlearnos:***@127.0.0.1:9/gitlearnos unreachable",
        f"fix: start the PostgreSQL server or correct {DSN}",
    )
    assert "pg-hunter2-not-shown" not in out


def test_a_dsn_that_is_not_postgresql_fails_with_its_shape(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    deployment.set(DSN, "mysql://gitlearnos@db.internal/gitlearnos")
    expect_only(capsys, "rag index", f"{DSN} must be a postgresql:// URL", "postgresql://user:password@host")
