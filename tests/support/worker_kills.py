"""Killing the stack's worker the way a machine does (SIGKILL to every process of it) and bringing it back.

A Celery worker is a main process and its pool's child processes. The OOM killer or a lost node takes
all of them at once, with no warm shutdown and no chance to release a lock or requeue a message, so
the children are killed too (read from ``/proc``), not only the main process.
"""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

from evals.local_stack import LocalStack

PROCESS_WAIT = 15.0


def descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid``, children first."""
    found: list[int] = []
    pending = [pid]
    while pending:
        parent = pending.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = [int(child) for child in (task / "children").read_text().split()]
            except OSError:
                continue  # the task ended while we looked
            found += children
            pending += children
    return found


def kill_worker(stack: LocalStack) -> None:
    """SIGKILL the worker's main process and all its pool processes, and reap the main one."""
    main = stack.worker.pid
    for pid in [*descendants(main), main]:
        with contextlib.suppress(ProcessLookupError):  # it ended on its own meanwhile
            os.kill(pid, signal.SIGKILL)
    stack.worker.wait(timeout=PROCESS_WAIT)


def worker_exit(stack: LocalStack) -> int | None:
    """The worker's exit code, or None while it runs."""
    return stack.worker.poll()


def restart_worker(stack: LocalStack) -> None:
    """What a supervisor does after a crash: start the same worker again."""
    stack.start_worker()
