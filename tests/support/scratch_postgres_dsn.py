"""The DSN of a PostgreSQL with pgvector that a test module starts itself (``rag.scratch_postgres``).

Use it as a fixture: ``postgres_dsn = pytest.fixture(scope="module")(scratch_postgres_dsn)``. It skips,
with the reason, only where no such server can be started (install the ``postgres-test`` extra).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rag import scratch_postgres


def scratch_postgres_dsn() -> Iterator[str]:
    try:
        server = scratch_postgres.start()
    except scratch_postgres.NoPostgres as why:
        pytest.skip(f"no PostgreSQL with pgvector can be started here: {why}")
    try:
        yield server.dsn
    finally:
        server.stop()
