"""Routing by header, the dedup key, and refusals: nothing but a WebhookError ever leaves ``receive``."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from bot.intake.events import EventKind, InboundEvent
from forge_adapters.gitea.verify import gitea_webhooks
from forge_adapters.intake import Ignored, MalformedPayload, ParseResult, WebhookError
from tests.support.gitea_hooks import ALL, SECRET, form_body, gitea_headers
from tests.support.payloads import FIXTURES, load_fixture

SPEC = gitea_webhooks(SECRET)
FORM = "application/x-www-form-urlencoded"


def raw(name: str) -> bytes:
    return (FIXTURES / "gitea" / f"{name}.json").read_bytes()


def with_events(headers: dict[str, str], event: str, event_type: str | None) -> dict[str, str]:
    changed = {key: value for key, value in headers.items() if not key.endswith("-Event-Type")}
    changed |= {f"X-{family}-Event": event for family in ("Gitea", "Gogs", "GitHub")}
    if event_type is not None:
        changed |= {f"X-{family}-Event-Type": event_type for family in ("Gitea", "Gogs", "GitHub")}
    return changed


def test_gitea_event_header_wins_over_the_github_copy() -> None:
    body = raw("issues__opened")
    headers = gitea_headers("issues__opened", body, SECRET) | {
        "X-GitHub-Event": "ping",
        "X-GitHub-Event-Type": "ping",
    }
    event = SPEC.receive(headers, body)
    assert isinstance(event, InboundEvent) and event.kind is EventKind.ISSUE_OPENED


def test_forgejo_headers_win_over_gitea_ones() -> None:
    body = raw("issues__opened")
    headers = gitea_headers("issues__opened", body, SECRET) | {
        "X-Forgejo-Event": "issues",
        "X-Forgejo-Event-Type": "issues",
        "X-Forgejo-Delivery": "forgejo-delivery",
        "X-Gitea-Delivery": "gitea-delivery",
    }
    event = SPEC.receive(headers, body)
    assert isinstance(event, InboundEvent) and event.delivery_id == "forgejo-delivery"


@pytest.mark.parametrize(
    ("name", "event", "event_type", "kind"),
    [
        # fine "pull_request_comment" is a conversation comment ...
        (
            "issue_comment__created_on_pull_request",
            "issue_comment",
            "pull_request_comment",
            EventKind.COMMENT_CREATED,
        ),
        # ... coarse "pull_request_comment" is a review comment
        ("pull_request_review__comment", "pull_request_comment", None, EventKind.REVIEW_SUBMITTED),
        (
            "pull_request_review__comment",
            "pull_request_comment",
            "pull_request_review_comment",
            EventKind.REVIEW_SUBMITTED,
        ),
    ],
)
def test_fine_and_coarse_names_are_never_mixed(
    name: str, event: str, event_type: str | None, kind: EventKind
) -> None:
    body = raw(name)
    result = SPEC.receive(with_events(gitea_headers(name, body, SECRET), event, event_type), body)
    assert isinstance(result, InboundEvent) and result.kind is kind


@pytest.mark.parametrize(
    ("event", "event_type"),
    [
        ("fork", "fork"),
        ("release", "release"),
        ("repository", "repository"),
        ("issues", "issue_assign"),
        ("pull_request", "pull_request_label_x"),
    ],
)
def test_unused_events_are_ignored_with_a_reason(event: str, event_type: str) -> None:
    body = raw("issues__opened")
    result = SPEC.receive(with_events(gitea_headers("issues__opened", body, SECRET), event, event_type), body)
    assert isinstance(result, Ignored) and event_type in result.reason and result.delivery_id


@pytest.mark.parametrize("missing", ["Event", "Delivery"])
def test_missing_event_or_delivery_header_is_malformed(missing: str) -> None:
    body = raw("issues__opened")
    headers = {
        k: v
        for k, v in gitea_headers("issues__opened", body, SECRET).items()
        if not k.endswith(f"-{missing}")
    }
    with pytest.raises(MalformedPayload):
        SPEC.receive(headers, body)


@pytest.mark.parametrize("body", [b"{not json", b"[1, 2]", b"\xff\xfe", b""])
def test_bodies_that_are_not_a_json_object_are_malformed(body: bytes) -> None:
    with pytest.raises(MalformedPayload):
        SPEC.receive(gitea_headers("issues__opened", body, SECRET), body)


def test_dedup_key_is_the_same_for_a_replay_under_a_new_delivery_id() -> None:
    body = raw("issue_comment__created_on_issue")
    first = gitea_headers("issue_comment__created_on_issue", body, SECRET)
    replay = gitea_headers("issue_comment__created_on_issue", body, SECRET)
    assert first["X-Gitea-Delivery"] != replay["X-Gitea-Delivery"]
    events = [SPEC.receive(h, body) for h in (first, replay)]
    assert all(isinstance(e, InboundEvent) for e in events)
    keys = {SPEC.dedup_key(h, body, e) for h, e in zip((first, replay), events, strict=True)}  # type: ignore[arg-type]
    assert len(keys) == 1
    assert first["X-Gitea-Delivery"] not in keys.pop()


def test_dedup_key_is_the_same_for_form_and_json_hooks_of_one_payload() -> None:
    body = raw("issues__opened")
    headers = gitea_headers("issues__opened", body, SECRET)
    event = SPEC.receive(headers, body)
    assert isinstance(event, InboundEvent)
    form_headers = headers | {"Content-Type": FORM}
    assert SPEC.dedup_key(form_headers, form_body(body), event) == SPEC.dedup_key(headers, body, event)


def test_dedup_keys_differ_for_different_payloads() -> None:
    keys = set()
    for name in ALL:
        body = raw(name)
        headers = gitea_headers(name, body, SECRET)
        result = SPEC.receive(headers, body)
        if isinstance(result, InboundEvent):
            keys.add(SPEC.dedup_key(headers, body, result))
    assert len(keys) == sum(1 for name in ALL if name != "pull_request__synchronized")


BAD_VALUES: list[Any] = [None, [], {}, "x", 0, -1, True, [{"x": 1}]]
# Second-level fields the translation reads; the others (dozens on ``repository``) cannot matter.
READ_FIELDS = {
    *("number", "title", "body", "labels", "user", "html_url", "pull_request", "id", "login"),
    *("created_at", "updated_at", "closed_at", "merged", "merged_at", "head", "type", "content"),
    *("full_name", "default_branch", "clone_url", "private"),
}


def mutations(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The payload with each top-level and second-level field replaced by each bad value, or removed."""
    variants = []
    for key, value in payload.items():
        inner_keys = [inner for inner in value if inner in READ_FIELDS] if isinstance(value, dict) else []
        paths = [(key,)] + [(key, inner) for inner in inner_keys]
        for path in paths:
            for bad in [*BAD_VALUES, KeyError]:
                changed = copy.deepcopy(payload)
                target = changed if len(path) == 1 else changed[path[0]]
                if bad is KeyError:
                    del target[path[-1]]
                else:
                    target[path[-1]] = bad
                variants.append(changed)
    return variants


@pytest.mark.parametrize("name", ALL)
def test_broken_payloads_only_ever_raise_webhook_errors(name: str) -> None:
    outcomes: set[str] = set()
    for payload in mutations(load_fixture("gitea", name)):
        body = json.dumps(payload).encode()
        try:
            result: ParseResult = SPEC.receive(gitea_headers(name, body, SECRET), body)
        except WebhookError as error:
            assert isinstance(error, MalformedPayload), error
            outcomes.add("malformed")
        else:
            assert isinstance(result, InboundEvent | Ignored)
            outcomes.add(type(result).__name__)
    assert "malformed" in outcomes or name.startswith(("pull_request__synchronized",))
