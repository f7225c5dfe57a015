"""The fault suite's stack: its own append-only Redis, the sandbox forge, ``gitlearnos serve`` and workers.

Each test starts the production topology (:func:`evals.local_stack.start_local_stack`) on a Redis
server of its own (:mod:`tests.support.restartable_redis`), so a test may restart that Redis or SIGKILL the
worker without touching anything else. At the end of the session the table of every row is printed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from evals.local_stack import start_local_stack
from tests.support.faults.run import FaultRun
from tests.support.faults.scale import FULL
from tests.support.faults.table import ROWS, render
from tests.support.restartable_redis import RestartableRedis


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
