"""Correctly signed, mutated real payloads over HTTP to all three webhook routes: never a 5xx.

Hypothesis takes a real fixture (``tests/fixtures/webhooks``), replaces,
deletes or adds values at random paths — with ordinary JSON values and with
the ones that used to crash the intake (``1e400``, ``NaN``, a lone
``"\\ud800"``, ``true`` for an object, 10^5-deep arrays) — may corrupt the
bytes or send it as another event, and signs exactly what it sends. The
server is ``gitlearnos serve`` in its own process. For every request:
no 5xx, a JSON answer, and nothing queued or claimed unless the answer is
202 (one message and one claim when it is). At the end the server's
resident memory has not grown past a bound and its log holds no unhandled
exception. Bounded: a few hundred examples per route, about a minute in all.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.forge_requests import (
    FORGES,
    fixture_names,
    gitlab_headers,
    signed_headers,
    wire,
    with_raw,
)
from tests.support.payloads import load_fixture
from tests.support.redis_databases import fresh_database
from tests.support.served_intake import ServedIntake, served_intake
from workers.celery_app import EVENTS_QUEUE, SCHEDULE_QUEUE

EXAMPLES_PER_FORGE = 800
RSS_GROWTH_LIMIT_BYTES = 48 * 1024 * 1024
DEEP = "[" * 100_000 + "]" * 100_000
NASTY_RAW = [
    "Infinity", "-Infinity", "NaN", "1e400", "-1e400", "1.5", "true", "false", "null", '"7"', "0", "-1",
    str(2**63), str(2**64), "9" * 5000, '"\\ud800"', '"\\udfff"', '"a\\ud800b"', '"\\u0000"', "[]", "{}",
    "[null, null]", '"x"', '""', '"https://../x"', "[" * 40 + "]" * 40, DEEP,
]  # fmt: skip
OTHER_EVENTS = {
    "github": ["issues", "issue_comment", "pull_request", "pull_request_review", "push", "ping", "star"],
    "gitlab": ["Issue Hook", "Note Hook", "Merge Request Hook", "Push Hook", "Pipeline Hook", "Wiki Hook"],
    "gitea": ["issues", "issue_comment", "pull_request", "push", "delete", "create", "release"],
}
ODD_TIMESTAMPS = ["²", "9" * 5000, "-1", "1e9", "0", "١٢٣"]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)


def draw_path(draw: st.DrawFn, payload: Any) -> tuple[str | int, ...]:
    """A path to an existing value, going deeper at random."""
    path: list[str | int] = []
    node = payload
    while isinstance(node, dict | list) and node and (not path or draw(st.booleans())):
        step: str | int = (
            draw(st.sampled_from(sorted(node)))
            if isinstance(node, dict)
            else draw(st.integers(0, len(node) - 1))
        )
        path.append(step)
        node = node[step]
    return tuple(path)


def set_at(payload: Any, path: tuple[str | int, ...], value: Any, *, delete: bool = False) -> None:
    node = payload
    for step in path[:-1]:
        node = node[step]
    if delete and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value


@st.composite
def deliveries(draw: st.DrawFn, forge: str) -> tuple[str, bytes, dict[str, str]]:
    """(fixture stem, body, headers): a mutated real payload, correctly signed."""
    stem = draw(st.sampled_from(fixture_names(forge)))
    payload = load_fixture(forge, stem)
    for _ in range(draw(st.integers(0, 3))):
        path = draw_path(draw, payload)
        if path:
            set_at(payload, path, draw(json_values), delete=draw(st.booleans()))
    path = draw_path(draw, payload)
    raw = draw(st.sampled_from(NASTY_RAW)) if path and draw(st.booleans()) else None
    body = with_raw(payload, path, raw) if raw is not None else json.dumps(payload).encode()
    if draw(st.integers(0, 9)) == 0:  # corrupt the bytes themselves
        cut = draw(st.integers(0, len(body)))
        body = body[:cut] + draw(st.binary(max_size=4)) + body[cut + 1 :]
    headers = signed_headers(forge, stem, body, str(uuid.uuid4()))
    if draw(st.integers(0, 4)) == 0:  # read as another event than the one it was
        event = draw(st.sampled_from(OTHER_EVENTS[forge]))
        name = {"github": "X-GitHub-Event", "gitlab": "X-Gitlab-Event", "gitea": "X-Gitea-Event"}[forge]
        headers[name] = event
        if forge == "gitea":
            headers["X-Gitea-Event-Type"] = event
    if forge == "gitlab" and draw(st.integers(0, 9)) == 0:
        odd = draw(st.sampled_from(ODD_TIMESTAMPS))
        headers = gitlab_headers(headers["X-Gitlab-Event"], body, headers["webhook-id"], timestamp=odd)
    return stem, body, headers


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


class Observed:
    """What the intake wrote to Redis: queued messages and delivery claims."""

    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(url)

    def counts(self) -> tuple[int, int]:
        queued = int(self.client.llen(EVENTS_QUEUE)) + int(self.client.llen(SCHEDULE_QUEUE))
        queue_keys = int(self.client.exists(EVENTS_QUEUE, SCHEDULE_QUEUE))
        return queued, int(self.client.dbsize()) - queue_keys


@pytest.fixture(scope="module")
def module_redis_url(redis_server: str) -> str:
    return fresh_database(redis_server)


@pytest.fixture(scope="module")
def server(module_redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedIntake]:
    with served_intake(module_redis_url, tmp_path_factory.mktemp("fuzz")) as running:
        yield running


@pytest.fixture(scope="module")
def http(server: ServedIntake) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base_url, timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def baseline_rss(server: ServedIntake, http: httpx.Client) -> int:
    """The server's memory after a warm-up pass over every real fixture, once, unmutated."""
    for forge in FORGES:
        for stem in fixture_names(forge):
            body = json.dumps(load_fixture(forge, stem)).encode()
            headers = signed_headers(forge, stem, body, str(uuid.uuid4()))
            assert http.post(f"/webhooks/{forge}", content=body, headers=wire(headers)).status_code < 500
    return rss_bytes(server.pid)


def check_one(
    http: httpx.Client, observed: Observed, forge: str, body: bytes, headers: dict[str, str]
) -> None:
    before = observed.counts()
    response = http.post(f"/webhooks/{forge}", content=body, headers=wire(headers))
    assert response.status_code < 500, response.text
    answer = json.loads(response.content.decode("utf-8"))
    assert isinstance(answer.get("status"), str)
    queued, claimed = observed.counts()
    if response.status_code == 202:
        assert (queued, claimed) == (before[0] + 1, before[1] + 1)
    else:
        assert (queued, claimed) == before, f"{response.status_code} {answer} yet something was kept"


@pytest.mark.parametrize("forge", FORGES)
def test_signed_mutations_never_get_a_5xx(
    forge: str, http: httpx.Client, module_redis_url: str, baseline_rss: int
) -> None:
    observed = Observed(module_redis_url)

    @settings(
        max_examples=EXAMPLES_PER_FORGE,
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )
    @given(delivery=deliveries(forge))
    def run(delivery: tuple[str, bytes, dict[str, str]]) -> None:
        _, body, headers = delivery
        check_one(http, observed, forge, body, headers)

    run()


def test_the_server_stayed_small_and_logged_no_unhandled_exception(
    server: ServedIntake, baseline_rss: int
) -> None:
    """Runs after the three property runs (pytest keeps file order)."""
    grown = rss_bytes(server.pid) - baseline_rss
    assert grown < RSS_GROWTH_LIMIT_BYTES, f"RSS grew by {grown / 2**20:.1f} MiB"
    log = server.log.read_text(errors="replace")
    assert "http.unhandled_exception" not in log
    assert "Traceback" not in log
