"""Every real Gitea payload in tests/fixtures/webhooks through ``receive``, signed as Gitea signs.

Each fixture is delivered with the headers Gitea (or Forgejo, or an old Gitea
without ``X-Gitea-Event-Type``) would send for it, and must come out as the
expected kind for the expected repository, number and actor, carrying the
payload's text, or as ``Ignored`` with the expected reason. Nothing raises.

``EXPECTED`` and the headers are in :mod:`tests.support.gitea_hooks`, shared with the HTTP-route tests of
``/webhooks/gitea``.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.intake.events import InboundEvent
from forge_adapters.gitea.verify import gitea_webhooks
from forge_adapters.intake import Ignored
from tests.support.gitea_hooks import ALL, EXPECTED, SECRET, gitea_headers
from tests.support.payloads import FIXTURES, load_fixture


def styled_headers(name: str, body: bytes, style: str) -> dict[str, str]:
    headers = gitea_headers(name, body, SECRET)
    if style == "forgejo-only":  # prove the Forgejo names alone suffice
        return {"Content-Type": "application/json"} | {
            key.replace("Gitea", "Forgejo"): value for key, value in headers.items() if "-Gitea-" in key
        }
    if style == "no-event-type":  # Gitea before X-Gitea-Event-Type existed
        return {key: value for key, value in headers.items() if not key.endswith("-Event-Type")}
    return headers


def expected_text(payload: dict[str, Any]) -> str:
    """The learner- or teacher-written text the event must carry."""
    if payload.get("comment"):
        return str(payload["comment"].get("body") or "")
    if payload.get("review"):
        return str(payload["review"].get("content") or "")
    thread = payload.get("issue") or payload.get("pull_request") or {}
    return str(thread.get("body") or "")


def test_the_corpus_is_all_here() -> None:
    assert len(ALL) == 21
    assert set(ALL) == set(EXPECTED)


@pytest.mark.parametrize("style", ["gitea", "forgejo-only", "no-event-type"])
@pytest.mark.parametrize("name", ALL)
def test_fixture_is_understood(name: str, style: str) -> None:
    body = (FIXTURES / "gitea" / f"{name}.json").read_bytes()
    result = gitea_webhooks(SECRET).receive(styled_headers(name, body, style), body)
    expected = EXPECTED[name]
    if isinstance(expected, str):
        assert isinstance(result, Ignored)
        assert expected in result.reason
        return
    assert isinstance(result, InboundEvent), result
    assert result.repo is not None and result.actor is not None
    found_number = result.thread.number if result.thread is not None else 0
    assert (result.kind.value, result.repo.full_name, found_number, result.actor.login) == expected
    assert result.delivery_id
    payload = load_fixture("gitea", name)
    if result.thread is not None:
        carried = result.comment or result.review or result.thread
        assert carried.body == expected_text(payload)
    else:
        assert result.push is not None and result.push.ref.startswith("refs/")
