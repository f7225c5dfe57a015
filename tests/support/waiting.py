"""Polling for what a running stack does in its own time: wait for a condition, or let a wrongly queued task
show itself.
"""

from __future__ import annotations

import time
from typing import Any

from evals.local_stack import LocalStack

WAIT = 60.0


def wait_for(condition: Any, what: str, timeout: float = WAIT) -> None:
    """Returns once ``condition()`` holds; fails naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def settle(stack: LocalStack, seconds: float = 2.0) -> None:
    """Give a wrongly queued task time to show itself (the worker picks tasks up in milliseconds)."""
    time.sleep(seconds)
