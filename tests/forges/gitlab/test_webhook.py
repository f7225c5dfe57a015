"""The composed spec: delivery identity, malformed input, and nothing but WebhookErrors escaping."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.intake.events import Forge, InboundEvent
from forge_adapters.gitlab.translate import delivery_key
from forge_adapters.gitlab.verify import gitlab_webhooks
from forge_adapters.intake import MalformedPayload, WebhookError
from tests.support.gitlab_hooks import ALL, SECRET, gitlab_headers, hook_name
from tests.support.payloads import FIXTURES, load_fixture

BODY = (FIXTURES / "gitlab" / "note_hook__issue.json").read_bytes()
SPEC = gitlab_webhooks(SECRET)


def test_spec_is_for_gitlab() -> None:
    assert SPEC.forge is Forge.GITLAB


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"Idempotency-Key": "idem-1", "X-Gitlab-Event-UUID": "uuid-1"}, "idem-1"),
        ({"X-Gitlab-Event-UUID": "uuid-1", "X-Gitlab-Webhook-UUID": "per-attempt"}, "uuid-1"),
        ({"Idempotency-Key": "  ", "X-Gitlab-Event-UUID": "uuid-1"}, "uuid-1"),
    ],
)
def test_delivery_key_prefers_the_retry_stable_ids(extra: dict[str, str], expected: str) -> None:
    headers = gitlab_headers("Note Hook") | extra
    event = SPEC.receive(headers, BODY)
    assert isinstance(event, InboundEvent)
    assert event.delivery_id == expected == SPEC.dedup_key(headers, BODY, event)


def test_without_ids_the_body_hash_names_the_delivery() -> None:
    headers = gitlab_headers("Note Hook", **{"X-Gitlab-Webhook-UUID": "attempt-1"})
    first = SPEC.receive(headers, BODY)
    retry = SPEC.receive(headers | {"X-Gitlab-Webhook-UUID": "attempt-2"}, BODY)
    assert isinstance(first, InboundEvent) and isinstance(retry, InboundEvent)
    assert first.delivery_id == retry.delivery_id == delivery_key({}, BODY)
    assert first.delivery_id.startswith("body-sha256:")
    assert delivery_key({}, BODY + b"\n") != first.delivery_id


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"{not json", "not a JSON webhook payload"),
        (b"[1, 2]", "not a JSON object"),
        (b"\xff\xfe", "not a JSON webhook payload"),
        (b'{"object_kind": "note"}', "lacks the field 'object_attributes'"),
        (b'{"object_kind": "note", "object_attributes": []}', "object_attributes is not an object"),
    ],
)
def test_malformed_bodies_are_400(body: bytes, reason: str) -> None:
    with pytest.raises(MalformedPayload, match=reason) as refused:
        SPEC.receive(gitlab_headers("Note Hook"), body)
    assert refused.value.status == 400


def test_missing_event_header_is_400() -> None:
    headers = gitlab_headers("Note Hook")
    del headers["X-Gitlab-Event"]
    with pytest.raises(MalformedPayload, match="X-Gitlab-Event"):
        SPEC.receive(headers, BODY)


def test_invalid_values_are_named_without_quoting_them() -> None:
    payload = json.loads(BODY)
    payload["project"]["path_with_namespace"] = "learner secret diary/../x"
    with pytest.raises(MalformedPayload) as refused:
        SPEC.receive(gitlab_headers("Note Hook"), json.dumps(payload).encode())
    assert "secret diary" not in str(refused.value)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every key path into the JSON objects of a payload (lists are left whole)."""
    if not isinstance(value, dict):
        return []
    found = []
    for key, inner in value.items():
        found.append((*prefix, key))
        found += _paths(inner, (*prefix, key))
    return found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_damage_to_a_real_payload_is_a_webhook_error_at_worst(data: st.DataObject) -> None:
    stem = data.draw(st.sampled_from(ALL))
    payload = load_fixture("gitlab", stem)
    hook = hook_name(stem, payload)
    path = data.draw(st.sampled_from(_paths(payload)))
    target = payload
    for key in path[:-1]:
        target = target[key]
    if data.draw(st.booleans()):
        del target[path[-1]]
    else:
        target[path[-1]] = data.draw(JSON_VALUES)
    with contextlib.suppress(WebhookError):
        SPEC.receive(gitlab_headers(hook), json.dumps(payload).encode())
