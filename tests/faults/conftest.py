"""The fault suite's stack: its own append-only Redis, the sandbox forge, ``gitlearnos serve`` and workers.

Each test starts the production topology (:func:`evals.local_stack.start_local_stack`) on a Redis
server of its own (:mod:`tests.faults.redis_server`), so a test may restart that Redis or SIGKILL the
worker without touching anything else. At the end of the session the table of every row is printed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from evals.local_stack import LocalStack, start_local_stack
from tests.faults.ledger import Ledger, Observation
from tests.faults.log_audit import audit_logs
from tests.faults.redis_server import RestartableRedis
from tests.faults.scale import FULL
from tests.faults.table import ROWS, record, render


@dataclass
class FaultRun:
    """One test's stack and the ledgers of its repositories."""

    stack: LocalStack
    redis: RestartableRedis
    ledgers: list[Ledger] = field(default_factory=list)

    def repository(self, name: str, seed: int = 0, forge: str = "github") -> Ledger:
        ledger = Ledger.for_new_repository(self.stack, name, seed, forge)
        self.ledgers.append(ledger)
        return ledger

    def conclude(self, fault: str, observed: Observation, note: str = "") -> None:
        """Put the row in the table, audit every log, then hold the row to 0 lost, duplicated, pending."""
        record(fault, observed, note)
        audit_logs(
            self.stack,
            [n for ledger in self.ledgers for n in ledger.notes],
            extra_logs=[self.redis.log_path],
        )
        assert (observed.lost, observed.duplicated, observed.pending) == (0, 0, 0), (
            f"{fault}: {observed} {note}"
        )


@pytest.fixture
def fault_run(tmp_path: Path) -> Iterator[Callable[..., FaultRun]]:
    """``fault_run(worker_concurrency=1)`` starts the stack; everything stops when the test ends."""
    with ExitStack() as cleanup:

        def start(*, worker_concurrency: int = 1) -> FaultRun:
            server = cleanup.enter_context(RestartableRedis(tmp_path / "redis"))
            stack = cleanup.enter_context(
                start_local_stack(
                    tmp_path / "stack",
                    redis_url=server.url,
                    worker_concurrency=worker_concurrency,
                    with_rag_worker=False,
                )
            )
            return FaultRun(stack, server)

        yield start


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if ROWS:
        slice_name = (
            "full run (GITLEARNOS_FAULTS=full)" if FULL else "CI slice (GITLEARNOS_FAULTS=full for all)"
        )
        terminalreporter.section(f"fault suite: {slice_name}")
        terminalreporter.write_line(render(ROWS))
