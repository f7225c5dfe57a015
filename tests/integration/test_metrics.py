"""Metrics as Prometheus scrapes them: the real app's ``/metrics``, the task's histograms, a worker's port.

Counters are process-wide, so each test compares a scrape before and after.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import redis
import respx
from prometheus_client.parser import text_string_to_metric_families

from runtime.metrics import exposition
from tests.support.event_worker import github as github  # noqa: PLC0414 - the fixture
from tests.support.event_worker import note_event, runtime
from tests.support.event_worker import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.fake_github import API, FakeGitHubComments
from tests.support.github_intake import deliver, make_client
from tests.support.learner import issue_event
from tests.support.payloads import load_fixture
from workers.celery_app import EVENTS_QUEUE, PROCESS_EVENT, create_celery
from workers.events import register_event_task
from workers.queueing import task_envelope

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def parse(text: str) -> Samples:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def grew(before: Samples, after: Samples, name: str, **labels: str) -> float:
    return value(after, name, **labels) - value(before, name, **labels)


def test_metrics_endpoint_counts_queued_duplicate_and_refused_deliveries(redis_url: str) -> None:
    payload = load_fixture("github", "issues__opened")
    with make_client(redis_url) as client:
        before = parse(client.get("/metrics").text)
        assert deliver(client, "issues", payload, delivery="m-1").status_code == 202
        assert deliver(client, "issues", payload, delivery="m-1").json()["status"] == "duplicate"
        assert deliver(client, "issues", payload, signature="sha256=" + "0" * 64).status_code == 401
        assert client.post("/webhooks/bitbucket", content=b"{}").status_code == 404
        scrape = client.get("/metrics")
    assert scrape.headers["content-type"].startswith("text/plain; version=")
    after = parse(scrape.text)
    delta = {
        outcome: value(after, "gitlearnos_deliveries_total", forge=forge, outcome=outcome)
        - value(before, "gitlearnos_deliveries_total", forge=forge, outcome=outcome)
        for forge, outcome in [("github", "queued"), ("github", "duplicate"), ("github", "refused")]
    }
    assert delta == {"queued": 1, "duplicate": 1, "refused": 1}
    unknown = ("unknown", "refused")
    assert value(after, "gitlearnos_deliveries_total", forge=unknown[0], outcome=unknown[1]) >= 1
    assert "bitbucket" not in scrape.text, "an unknown path segment never becomes a label"
    intake = value(after, "gitlearnos_intake_seconds_count") - value(
        before, "gitlearnos_intake_seconds_count"
    )
    assert intake == 4


def test_task_records_queue_wait_and_duration_by_outcome(
    tmp_path: Path,
    redis_url: str,
    remote: Path,
    github: FakeGitHubComments,
) -> None:
    worker = runtime(tmp_path, redis_url)
    task = register_event_task(create_celery(worker.settings, redis_url), worker)
    before = parse(exposition().decode())
    payload = note_event(remote).model_dump(mode="json")
    assert task.apply(args=[payload], kwargs={"queued_at": time.time() - 2}).get() == "committed"
    middle = parse(exposition().decode())
    assert value(middle, "gitlearnos_task_seconds_count", outcome="committed") == (
        value(before, "gitlearnos_task_seconds_count", outcome="committed") + 1
    )
    waits = value(middle, "gitlearnos_queue_wait_seconds_count") - value(
        before, "gitlearnos_queue_wait_seconds_count"
    )
    waited = value(middle, "gitlearnos_queue_wait_seconds_sum") - value(
        before, "gitlearnos_queue_wait_seconds_sum"
    )
    assert waits == 1 and waited >= 2
    assert value(middle, "gitlearnos_commits_total", operation="organize") == (
        value(before, "gitlearnos_commits_total", operation="organize") + 1
    )


def test_a_parked_event_is_counted_as_failed(tmp_path: Path, redis_url: str, remote: Path) -> None:
    worker = runtime(tmp_path, redis_url)
    task = register_event_task(create_celery(worker.settings, redis_url), worker)
    middle = parse(exposition().decode())
    event = note_event(remote)
    with respx.mock(assert_all_called=False) as router:
        router.get(url__startswith=API).respond(200, json=[])
        router.post(url__startswith=API).respond(403, json={"message": "Resource not accessible"})
        assert task.apply(args=[event.model_dump(mode="json")]).failed()
    after = parse(exposition().decode())
    assert (
        value(after, "gitlearnos_events_parked_total") == value(middle, "gitlearnos_events_parked_total") + 1
    )
    assert value(after, "gitlearnos_task_seconds_count", outcome="failed") == (
        value(middle, "gitlearnos_task_seconds_count", outcome="failed") + 1
    )
    assert value(after, "gitlearnos_queue_wait_seconds_count") == value(
        middle, "gitlearnos_queue_wait_seconds_count"
    ), "a message without queued_at (an older intake) is accepted and not measured"


def test_a_retry_is_counted_by_error_kind(
    tmp_path: Path,
    redis_url: str,
    remote: Path,
) -> None:
    worker = runtime(tmp_path, redis_url)
    task = register_event_task(create_celery(worker.settings, redis_url), worker)
    before = parse(exposition().decode())
    with respx.mock(assert_all_called=False) as router:
        FakeGitHubComments(router, fail_posts=1)  # one 5xx: retried (eagerly, in place), then applied
        task.apply(args=[note_event(remote).model_dump(mode="json")])
    after = parse(exposition().decode())
    retries = value(after, "gitlearnos_task_retries_total", reason="ForgeError")
    assert retries == value(before, "gitlearnos_task_retries_total", reason="ForgeError") + 1
    assert value(after, "gitlearnos_task_seconds_count", outcome="retry") == (
        value(before, "gitlearnos_task_seconds_count", outcome="retry") + 1
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def scrape(port: int) -> Samples:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        return parse(response.read().decode())


def test_worker_serves_the_metrics_of_its_prefork_children(tmp_path: Path, redis_url: str) -> None:
    """A real ``gitlearnos worker --metrics-port``: the child runs the task, the parent reports it."""
    port = free_port()
    env = {**os.environ, "REDIS_URL": redis_url, "GITLEARNOS_DATA_DIR": str(tmp_path / "data")}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    stale = tmp_path / "data" / "metrics" / f"worker-{port}"
    stale.mkdir(parents=True)
    (stale / "counter_1.db").write_bytes(b"stale")
    no_repo = issue_event().model_copy(update={"repo": None}).model_dump(mode="json")
    app = create_celery(runtime(tmp_path, redis_url).settings, redis_url)
    message = task_envelope(app, PROCESS_EVENT, [no_repo], EVENTS_QUEUE, {"queued_at": time.time()})
    redis.Redis.from_url(redis_url).lpush(EVENTS_QUEUE, message)
    command = [sys.executable, "-m", "gitlearnos", "worker", "--concurrency", "1"]
    command += ["--hostname", f"metrics-{port}@%h", "--metrics-port", str(port)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        samples: Samples = {}
        while time.monotonic() < deadline:
            try:
                samples = scrape(port)
            except OSError:
                samples = {}
            if value(samples, "gitlearnos_task_seconds_count", outcome="skipped"):
                break
            time.sleep(0.2)
        assert value(samples, "gitlearnos_task_seconds_count", outcome="skipped") == 1, samples
        assert value(samples, "gitlearnos_queue_wait_seconds_count") == 1
        assert not (stale / "counter_1.db").exists(), "the worker empties its metrics directory at start"
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output.decode()
    queued = redis.Redis.from_url(redis_url).lrange(EVENTS_QUEUE, 0, -1)
    assert queued == [], [json.loads(base64.b64decode(json.loads(m)["body"])) for m in queued]
