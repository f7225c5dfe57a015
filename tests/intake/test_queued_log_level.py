"""``delivery.queued`` is a DEBUG line: at INFO the intake writes nothing for a queued delivery.

A queued delivery is the one the intake answers by the thousand, and rendering its JSON line cost more
than the rest of the answer but the Redis call; the metric counts it at every level. At DEBUG the line
is there, with the delivery's identifiers and none of the learner's text; every other outcome (here a
duplicate) stays at INFO.
"""

from __future__ import annotations

import io
import json

from runtime.log_setup import configure_logging
from tests.support.github_intake import deliver, make_client
from tests.support.payloads import load_fixture

NOTE = "my private note on the ratio of similar triangles"


def events_written(redis_url: str, level: str) -> list[dict[str, object]]:
    buffer = io.StringIO()
    configure_logging(level, stream=buffer)
    try:
        payload = load_fixture("github", "issues__opened")
        payload["issue"]["body"] = NOTE
        with make_client(redis_url) as client:
            first = deliver(client, "issues", payload, delivery=f"log-{level}")
            again = deliver(client, "issues", payload, delivery=f"log-{level}")
        assert (first.status_code, again.status_code) == (202, 200), (first.text, again.text)
        assert again.json()["status"] == "duplicate"
    finally:
        configure_logging("WARNING")
    text = buffer.getvalue()
    assert NOTE not in text
    return [json.loads(line) for line in text.splitlines()]


def test_at_info_a_queued_delivery_writes_no_line_and_a_duplicate_does(redis_url: str) -> None:
    events = [line["event"] for line in events_written(redis_url, "INFO")]
    assert "delivery.queued" not in events
    assert "delivery.duplicate" in events


def test_at_debug_the_queued_line_names_the_delivery(redis_url: str) -> None:
    (queued,) = [line for line in events_written(redis_url, "DEBUG") if line["event"] == "delivery.queued"]
    assert queued["delivery"] == "log-DEBUG"
    assert queued["forge"] == "github"
    assert queued["level"] == "debug"
    assert str(queued["event_key"]).startswith("github:github.com/")
