"""The GitHub App manifest asks for exactly what the bot uses today, and nothing broader.

``deploy/github-app-manifest.json`` is what an operator posts to GitHub to
register the App (see deploy/README.md). Every permission is a grant on every
learner repository the App is installed on, so the set is pinned here; the
events are cross-checked with the GitHub intake's translators so that a new
translator forces a decision on whether the App subscribes to it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from forge_adapters.github.translate import TRANSLATORS
from runtime.settings import Settings
from webhooks.app import create_app
from webhooks.forges import webhook_specs
from workers.celery_app import create_celery

MANIFEST = Path(__file__).resolve().parents[2] / "deploy" / "github-app-manifest.json"

PERMISSIONS = {"contents": "write", "issues": "write", "metadata": "read", "pull_requests": "write"}
EVENTS = {
    "issues",
    "issue_comment",
    "pull_request",
    "pull_request_review",
    "pull_request_review_comment",
    "push",
}
# Events the intake can translate but the App does not subscribe to, and why.
NOT_SUBSCRIBED = {
    "ping": "sent once when the webhook is created; no subscription exists for it",
    "installation": "delivered to every GitHub App whether or not it subscribes",
    "repository_dispatch": "scheduled runs: the bot does not act on schedule events yet",
    "workflow_dispatch": "scheduled runs: the bot does not act on schedule events yet",
}
# GitHub delivers an event to an App only with one of these permissions (GitHub's webhook docs).
EVENT_NEEDS = {
    "issues": {"issues"},
    "issue_comment": {"issues", "pull_requests"},
    "pull_request": {"pull_requests"},
    "pull_request_review": {"pull_requests"},
    "pull_request_review_comment": {"pull_requests"},
    "push": {"contents"},
}
# The keys GitHub's manifest format defines.
MANIFEST_KEYS = {
    "name",
    "url",
    "hook_attributes",
    "redirect_url",
    "callback_urls",
    "setup_url",
    "description",
    "public",
    "default_events",
    "default_permissions",
    "request_oauth_on_install",
    "setup_on_update",
}
PLACEHOLDER_HOST = "YOUR-HOST"


@pytest.fixture(scope="module")
def manifest() -> dict[str, Any]:
    data = json.loads(MANIFEST.read_text())
    assert isinstance(data, dict), "the manifest must be a JSON object"
    return data


def test_manifest_uses_only_keys_github_defines(manifest: dict[str, Any]) -> None:
    unknown = set(manifest) - MANIFEST_KEYS
    assert not unknown, f"GitHub's manifest format has no {sorted(unknown)}"
    assert manifest["url"], "url (the App's homepage) is required"
    name = manifest["name"]
    assert isinstance(name, str) and 0 < len(name) <= 34, "GitHub App names are 1-34 characters"


def test_manifest_is_private_and_asks_for_no_user_authorization(manifest: dict[str, Any]) -> None:
    assert manifest["public"] is False
    assert not manifest.get("request_oauth_on_install")
    assert not manifest.get("callback_urls"), "the bot never acts on behalf of a user"


def test_permissions_are_exactly_what_the_bot_uses(manifest: dict[str, Any]) -> None:
    permissions = manifest["default_permissions"]
    assert isinstance(permissions, dict), "no read-all/write-all shorthand"
    assert permissions == PERMISSIONS


def test_events_are_exactly_what_the_bot_uses(manifest: dict[str, Any]) -> None:
    events = manifest["default_events"]
    assert len(events) == len(set(events)), "an event is listed twice"
    assert set(events) == EVENTS


def test_every_event_is_covered_by_a_granted_permission(manifest: dict[str, Any]) -> None:
    granted = set(manifest["default_permissions"])
    for event in manifest["default_events"]:
        assert EVENT_NEEDS[event] & granted, f"{event} needs one of {sorted(EVENT_NEEDS[event])}"


def test_events_match_the_github_intake() -> None:
    translated = set(TRANSLATORS)
    assert translated >= EVENTS, f"subscribed but never translated: {sorted(EVENTS - translated)}"
    undecided = translated - EVENTS - set(NOT_SUBSCRIBED)
    assert not undecided, (
        f"the intake now translates {sorted(undecided)}: subscribe the App to it or say here why not"
    )


def test_webhook_url_is_a_placeholder_for_the_github_intake(manifest: dict[str, Any]) -> None:
    hook = manifest["hook_attributes"]
    assert hook.get("active", True) is True
    url = urlsplit(hook["url"])
    assert url.scheme == "https", "GitHub should deliver over TLS"
    assert url.hostname == PLACEHOLDER_HOST.lower(), "keep a placeholder host in the repository"
    forge = url.path.removeprefix("/webhooks/")
    assert url.path == f"/webhooks/{forge}"
    assert forge in {spec.forge.value for spec in webhook_specs(Settings(_env_file=None))}
    app = create_app(
        Settings(_env_file=None),
        redis_url="redis://127.0.0.1:1/0",
        tasks=create_celery(Settings(_env_file=None), "redis://127.0.0.1:1/0"),
        messages=_never_enqueue,
    )
    routes = {route.path_format: route.methods for route in app.routes}
    assert "POST" in routes["/webhooks/{forge_name}"]


def _never_enqueue(_event: object, _key: str) -> tuple[str, bytes]:
    raise AssertionError("nothing is enqueued here")


def test_manifest_carries_no_secret_and_redirects_only_to_the_operators_machine(
    manifest: dict[str, Any],
) -> None:
    # GitHub generates the webhook secret and the private key; neither belongs in this file.
    def keys(value: object) -> set[str]:
        if isinstance(value, dict):
            return set(value) | {key for item in value.values() for key in keys(item)}
        if isinstance(value, list):
            return {key for item in value for key in keys(item)}
        return set()

    for key in keys(manifest):
        assert not any(word in key for word in ("secret", "pem", "key", "token", "password")), key
    assert "-----BEGIN" not in MANIFEST.read_text()
    redirect = manifest.get("redirect_url")
    if redirect:
        # The one-time code lands in the operator's own browser, never at a third party.
        assert urlsplit(redirect).hostname in {"localhost", "127.0.0.1"}, redirect
