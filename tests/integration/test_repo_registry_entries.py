"""The repository registry keeps where a repository lives and nothing about which App installation.

A GitHub App's token is minted for the installation GitHub names for the repository, so a delivery's
``installation`` never reaches the registry or a scheduled job; an entry an older version wrote with an
``installation_id`` still reads, so no served repository drops out of the schedule on upgrade.
"""

from __future__ import annotations

import json

import redis

from forge_adapters.github.translate import parse_delivery
from tests.support.forge_requests import signed_headers
from tests.support.payloads import load_fixture
from workers.repo_registry import record_repo, registered_repos
from workers.state_keys import REPOS


def test_a_delivery_naming_an_installation_is_registered_without_it(redis_url: str) -> None:
    payload = load_fixture("github", "issues__opened")
    payload["installation"] = {"id": 424242}
    body = json.dumps(payload).encode()
    event = parse_delivery(signed_headers("github", "issues__opened", body), body)
    client = redis.Redis.from_url(redis_url)

    record_repo(client, event)  # type: ignore[arg-type]

    (stored,) = client.hvals(REPOS)
    assert b"424242" not in stored and b"installation" not in stored
    (entry,) = registered_repos(client)
    assert entry.repo.full_name == payload["repository"]["full_name"]


def test_an_entry_written_with_an_installation_id_still_reads(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    repo = {"forge": "github", "host": "github.com", "full_name": "alice/learning"}
    client.hset(REPOS, "github:github.com/alice/learning", json.dumps({"repo": repo, "installation_id": 7}))

    (entry,) = registered_repos(client)
    assert entry.repo.slug == "github:github.com/alice/learning"
