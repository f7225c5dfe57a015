"""One writer per repository: a second operation on a locked repository retries instead of writing."""

from __future__ import annotations

import pytest
import redis

from tests.support.learner import REPO
from workers.repo_lock import RetryLater, repository_lock


def test_a_held_repository_makes_the_next_writer_retry_and_is_free_afterwards(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    with repository_lock(client, REPO, timeout=60):
        with pytest.raises(RetryLater) as busy, repository_lock(client, REPO, timeout=60, wait=0.1):
            pass
        assert busy.value.countdown > 0
    with repository_lock(client, REPO, timeout=60, wait=0.1):
        pass  # released: the next writer gets it at once


def test_other_repositories_are_not_blocked(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    other = REPO.model_copy(update={"full_name": "bob/learning"})
    with repository_lock(client, REPO, timeout=60), repository_lock(client, other, timeout=60, wait=0.1):
        pass
