"""The HTTP headers each forge puts on a webhook request, and how each authenticates it.

- GitHub: ``X-GitHub-Event`` / ``X-GitHub-Delivery``, HMAC-SHA256 of the body as ``X-Hub-Signature-256``.
- GitLab: ``X-Gitlab-Event`` (``Issue Hook``, ``Note Hook``), the secret itself in ``X-Gitlab-Token`` (no
  HMAC), ``Idempotency-Key`` (stable across retries and resends), ``X-Gitlab-Webhook-UUID`` (new per
  request) and ``X-Gitlab-Event-UUID`` (one per trigger, shared by the hooks it reaches).
- Gitea: ``X-Gitea-Event``/``-Type``/``-Delivery``, repeated as ``X-Gogs-*`` and ``X-GitHub-*``, and the
  bare hex HMAC-SHA256 as ``X-Gitea-Signature`` (plus GitHub's ``X-Hub-Signature(-256)``). Without a
  secret Gitea still sends the signature headers, empty (``sha1=``), and so do we.

Sources: each forge's webhook documentation (GitHub "Validating webhook deliveries", GitLab "Webhooks",
Gitea "Webhooks"); docs/operator/forges.md sums them up.
"""

from __future__ import annotations

import hmac
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from evals.sandbox.models import Forge, Hook

GITHUB_USER_AGENT = "GitHub-Hookshot/sandbox"
# GitLab names its version; 17.4 is the first to send Idempotency-Key, which the sandbox sends.
GITLAB_USER_AGENT = "GitLab/17.4.0-sandbox"
GITEA_USER_AGENT = "Go-http-client/1.1"  # Gitea sets none of its own: Go's default goes out


@dataclass(frozen=True)
class OutgoingDelivery:
    """One request to one hook: what was rendered for it and the ids its headers carry."""

    guid: str  # the id receivers deduplicate on (GitHub delivery, GitLab Idempotency-Key, Gitea delivery)
    hook_id: int
    event: str
    action: str | None
    body: bytes
    forge: Forge = Forge.GITHUB
    trigger_id: str = ""  # GitLab's X-Gitlab-Event-UUID: one per trigger, shared by every hook it reaches
    site_url: str = ""  # GitLab's X-Gitlab-Instance
    event_type: str = ""  # Gitea's fine event type, when it differs from the coarse event


def hex_hmac(secret: str, body: bytes, algorithm: str = "sha256") -> str:
    return hmac.new(secret.encode(), body, algorithm).hexdigest()


def sign(secret: str, body: bytes, algorithm: str = "sha256") -> str:
    """``X-Hub-Signature(-256)`` value: ``<algorithm>=`` + hex HMAC of the exact body bytes."""
    return f"{algorithm}=" + hex_hmac(secret, body, algorithm)


def github_headers(delivery: OutgoingDelivery, hook: Hook, repo_id: int) -> dict[str, str]:
    headers = {
        "Content-Type": "application/json",
        "User-Agent": GITHUB_USER_AGENT,
        "X-GitHub-Event": delivery.event,
        "X-GitHub-Delivery": delivery.guid,
        "X-GitHub-Hook-ID": str(hook.id),
        "X-GitHub-Hook-Installation-Target-Type": "repository",
        "X-GitHub-Hook-Installation-Target-ID": str(repo_id),
    }
    if hook.secret:  # GitHub sends the legacy SHA-1 header too; receivers must ignore it
        headers["X-Hub-Signature"] = sign(hook.secret, delivery.body, "sha1")
        headers["X-Hub-Signature-256"] = sign(hook.secret, delivery.body)
    return headers


def gitlab_headers(delivery: OutgoingDelivery, hook: Hook, _repo_id: int) -> dict[str, str]:
    headers = {
        "Content-Type": "application/json",
        "User-Agent": GITLAB_USER_AGENT,
        "X-Gitlab-Event": delivery.event,
        "X-Gitlab-Webhook-UUID": str(uuid.uuid4()),
        "X-Gitlab-Event-UUID": delivery.trigger_id,
        "Idempotency-Key": delivery.guid,
    }
    if delivery.site_url:
        headers["X-Gitlab-Instance"] = urlsplit(delivery.site_url)._replace(path="").geturl()
    if hook.secret:
        headers["X-Gitlab-Token"] = hook.secret
    return headers


def gitea_headers(delivery: OutgoingDelivery, hook: Hook, _repo_id: int) -> dict[str, str]:
    sha256 = hex_hmac(hook.secret, delivery.body) if hook.secret else ""
    sha1 = hex_hmac(hook.secret, delivery.body, "sha1") if hook.secret else ""
    headers = {"Content-Type": "application/json", "User-Agent": GITEA_USER_AGENT}
    for prefix in ("X-Gitea", "X-Gogs", "X-GitHub"):
        headers[f"{prefix}-Delivery"] = delivery.guid
        headers[f"{prefix}-Event"] = delivery.event
        # The fine type equals the coarse event except for pull-request reviews.
        headers[f"{prefix}-Event-Type"] = delivery.event_type or delivery.event
    headers |= {
        "X-Gitea-Signature": sha256,
        "X-Gogs-Signature": sha256,
        "X-Hub-Signature": f"sha1={sha1}",
        "X-Hub-Signature-256": f"sha256={sha256}",
    }
    return headers


HEADERS: dict[Forge, Callable[[OutgoingDelivery, Hook, int], dict[str, str]]] = {
    Forge.GITHUB: github_headers,
    Forge.GITLAB: gitlab_headers,
    Forge.GITEA: gitea_headers,
}
