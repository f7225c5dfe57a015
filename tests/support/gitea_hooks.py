"""Gitea's webhook deliveries as tests send them: the shared secret, the headers Gitea's ``deliver.go`` sets,
signed as Gitea signs, and what the receiver must make of every real payload in tests/fixtures/webhooks/gitea.

``EXPECTED``: fixture → ``(kind, repository, number, actor)`` (number 0: no thread, e.g. pushes), or a
substring of the ignore reason.
"""

from __future__ import annotations

import hashlib
import hmac
import uuid
from urllib.parse import urlencode

from tests.support.payloads import FIXTURES

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


def form_body(payload: bytes) -> bytes:
    """What Gitea sends for a form hook: Go's ``url.Values{"payload": …}.Encode()``."""
    return urlencode({"payload": payload.decode()}).encode()
