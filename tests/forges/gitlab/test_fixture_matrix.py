"""Every real GitLab payload in tests/fixtures/webhooks goes through the pure ``receive``, as GitLab sends it.

Each one is an :class:`InboundEvent` of the expected kind (repository,
number, actor, text) or :class:`Ignored` with a stated reason; the one
broken capture is refused as malformed. Nothing else may escape.

The expectations, the headers and the hook names are in :mod:`tests.support.gitlab_hooks`, which the
HTTP run of the same matrix reuses.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.intake.events import InboundEvent
from forge_adapters.gitlab.verify import gitlab_webhooks
from forge_adapters.intake import Ignored, WebhookError
from tests.support.gitlab_hooks import (
    ALL,
    EXPECTED,
    REFUSED,
    SECRET,
    gitlab_headers,
    hook_name,
)
from tests.support.payloads import FIXTURES


def test_the_corpus_is_all_here() -> None:
    assert len(ALL) == 30
    assert set(EXPECTED) | set(REFUSED) == set(ALL)
    assert not set(EXPECTED) & set(REFUSED)


@pytest.mark.parametrize("stem", ALL)
def test_fixture_is_understood(stem: str) -> None:
    raw = (FIXTURES / "gitlab" / f"{stem}.json").read_bytes()
    payload = json.loads(raw)
    headers = gitlab_headers(hook_name(stem, payload), delivery=f"delivery-{stem}")
    receive = gitlab_webhooks(SECRET).receive

    if stem in REFUSED:
        status, reason = REFUSED[stem]
        with pytest.raises(WebhookError) as refused:
            receive(headers, raw)
        assert (refused.value.status, reason in str(refused.value)) == (status, True)
        return

    result = receive(headers, raw)
    expected = EXPECTED[stem]
    if isinstance(expected, str):
        assert isinstance(result, Ignored), result
        assert expected in result.reason
        assert result.delivery_id == f"delivery-{stem}"
        return
    assert isinstance(result, InboundEvent), result
    assert result.repo is not None and result.actor is not None
    number = result.thread.number if result.thread else 0
    assert (result.kind.value, result.repo.full_name, number, result.actor.login) == expected
    assert (result.forge.value, result.delivery_id) == ("gitlab", f"delivery-{stem}")
    assert result.repo.host and result.repo.clone_url.endswith(".git")
    _assert_text_survives(result, payload)


def _assert_text_survives(event: InboundEvent, payload: dict[str, Any]) -> None:
    """What the person wrote reaches the event unchanged."""
    attributes = payload.get("object_attributes", {})
    if event.comment is not None:
        assert event.comment.body == attributes["note"]
    elif event.thread is not None:
        assert event.thread.body == (attributes.get("description") or "")
        assert event.thread.title == attributes["title"]
    else:
        assert event.push is not None and event.push.ref == payload["ref"]
