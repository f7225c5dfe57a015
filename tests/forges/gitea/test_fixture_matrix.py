"""Every real Gitea payload in tests/fixtures/webhooks through ``receive``, signed as Gitea signs.

Each fixture is delivered with the headers Gitea (or Forgejo, or an old Gitea
without ``X-Gitea-Event-Type``) would send for it, and must come out as the
expected kind for the expected repository, number and actor, carrying the
payload's text, or as ``Ignored`` with the expected reason. Nothing raises.

``EXPECTED`` and :func:`gitea_headers` are reused by the HTTP-route tests of
``/webhooks/gitea``: ``number`` 0 means the event has no thread (pushes).
"""

from __future__ import annotations

import hashlib
import hmac
import uuid
from typing import Any

import pytest

from bot.intake.events import InboundEvent
from forge_adapters.gitea.webhook import gitea_webhooks
from forge_adapters.intake import Ignored
from tests.conftest import FIXTURES, load_fixture

SECRET = "gitea-webhook-secret"

EXPECTED: dict[str, tuple[str, str, int, str] | str] = {
    # fixture: (kind, repository, number, actor) — or a substring of the ignore reason
    "delete__branch": ("push", "gogits/hello-world", 0, "unknwon"),
    "issue_comment__created_on_issue": ("comment.created", "example/example", 1, "example"),
    "issue_comment__created_on_issue_2": ("comment.created", "gogits/hello-world", 1, "unknwon"),
    "issue_comment__created_on_pull_request": ("comment.created", "example/example", 2, "example"),
    "issue_comment__created_on_pull_request_2": ("comment.created", "gogits/hello-world", 2, "unknwon"),
    "issue_comment__edited_on_pull_request": ("comment.edited", "gogits/hello-world", 2, "unknwon"),
    "issues__opened": ("issue.opened", "example/example", 1, "example"),
    "issues__opened_2": ("issue.opened", "gogits/hello-world", 1, "unknwon"),
    "pull_request__closed_merged": ("pull_request.merged", "anbraten/test-repo", 1, "anbraten"),
    "pull_request__closed_merged_2": ("pull_request.merged", "jcitizen/my-repo", 1, "jcitizen"),
    "pull_request__closed_not_merged": ("pull_request.closed", "anbraten/test-repo", 1, "anbraten"),
    "pull_request__opened": ("pull_request.opened", "gordon/hello-world", 1, "gordon"),
    "pull_request__opened_2": ("pull_request.opened", "example/example", 2, "example2"),
    "pull_request__synchronized": "synchronized",
    "pull_request_review__approved": ("review.submitted", "a_nice_user/hello_world_ci", 7, "a_nice_user"),
    "pull_request_review__comment": ("review.submitted", "a_nice_user/hello_world_ci", 7, "a_nice_user"),
    "pull_request_review__rejected": ("review.submitted", "a_nice_user/hello_world_ci", 7, "a_nice_user"),
    "push__docs_example": ("push", "gitea/webhooks", 0, "gitea"),
    "push__new_branch": ("push", "meisam/woodpecktester", 0, "6543"),
    "push__normal": ("push", "Test-CI/multi-line-secrets", 0, "test-user"),
    "push__normal_2": ("push", "example/example", 0, "example"),
}

ALL = sorted(path.stem for path in (FIXTURES / "gitea").glob("*.json"))


def gitea_events(name: str) -> tuple[str, str]:
    """(``X-Gitea-Event``, ``X-Gitea-Event-Type``) Gitea sends for fixture ``name`` (webhooks-spec §3.1)."""
    prefix, _, variant = name.partition("__")
    if prefix == "pull_request_review":
        verdict = variant.split("_", 1)[0]  # approved | rejected | comment
        return f"pull_request_{verdict}", f"pull_request_review_{verdict}"
    if prefix == "issue_comment" and "on_pull_request" in variant:
        return "issue_comment", "pull_request_comment"
    if prefix == "pull_request" and variant.startswith("synchronized"):
        return "pull_request", "pull_request_sync"
    return prefix, prefix


def gitea_headers(name: str, body: bytes, secret: str) -> dict[str, str]:
    """The headers Gitea's ``deliver.go`` sets for fixture ``name``, JSON ``body`` signed by ``secret``."""
    event, event_type = gitea_events(name)
    delivery = str(uuid.uuid4())
    sha256 = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    sha1 = hmac.new(secret.encode(), body, hashlib.sha1).hexdigest()
    headers = {"Content-Type": "application/json"}
    for family in ("Gitea", "Gogs", "GitHub"):
        headers |= {
            f"X-{family}-Delivery": delivery,
            f"X-{family}-Event": event,
            f"X-{family}-Event-Type": event_type,
        }
    return headers | {
        "X-Gitea-Signature": sha256,
        "X-Gogs-Signature": sha256,
        "X-Hub-Signature": f"sha1={sha1}",
        "X-Hub-Signature-256": f"sha256={sha256}",
    }


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
