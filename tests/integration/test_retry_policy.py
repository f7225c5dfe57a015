"""Which failures a task retries, and after how long: the forge's own delay wins."""

from __future__ import annotations

import pytest

from forge_adapters.base import ForgeError
from workers.events import retry_countdown
from workers.git_checkout import GitWorkspaceError
from workers.repo_lock import RetryLater


@pytest.mark.parametrize(
    ("error", "countdown"),
    [
        (ForgeError("rate limited", status=429, retry_after=37.0), 37.0),
        (ForgeError("secondary limit", status=403, retry_after=0.2), 1.0),
        (ForgeError("bad gateway", status=502), 10.0),
        (ForgeError("not allowed", status=403), None),
        (ForgeError("gone", status=404), None),
        (RetryLater("lock busy", countdown=5), 5),
        (GitWorkspaceError("fetch failed"), 15.0),
    ],
)
def test_retry_countdown(error: Exception, countdown: float | None) -> None:
    assert retry_countdown(error) == countdown
