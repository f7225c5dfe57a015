"""Which failures a task retries, and after how long: the forge's own delay wins."""

from __future__ import annotations

from random import Random

import pytest

from forge_adapters.base import ForgeError, ForgeNotConfigured
from workers.git_checkout import GitWorkspaceError
from workers.repo_lock import RetryLater
from workers.worker_task import MAX_RETRIES, retry_countdown, retry_delay


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


def test_retries_back_off_exponentially_with_jitter_for_tens_of_minutes() -> None:
    error = ForgeError("bad gateway", status=502)
    schedules = [[retry_delay(error, n, Random(seed)) for n in range(MAX_RETRIES)] for seed in (1, 2)]
    for delays in schedules:
        assert all(d is not None for d in delays)
        total = sum(d for d in delays if d is not None)
        assert 15 * 60 <= total <= 60 * 60, total
        assert (delays[0] or 0) <= 10.0 and (delays[-1] or 0) >= 150.0
    assert schedules[0] != schedules[1], "two workers failed together do not come back together"
    limited = ForgeError("rate limited", status=429, retry_after=120.0)
    assert (retry_delay(limited, 0) or 0) >= 120.0


def test_a_configuration_error_is_not_retried() -> None:
    assert retry_delay(ForgeNotConfigured("no Gitea URL configured (set GITLEARNOS_GITEA_URL)"), 0) is None
