"""The headers each forge sends with a webhook delivery, signed with the deployment's secret as that forge
signs (GitHub's ``X-Hub-Signature-256``, GitLab's shared token, Gitea's bare hex HMAC).
"""

from __future__ import annotations

import hashlib
import hmac

from forge_adapters.github.verify import sign


def signed_headers(forge: str, body: bytes, secret: str, delivery: str) -> dict[str, str]:
    """The headers each forge would send with ``body`` under a fresh delivery id."""
    common = {"Content-Type": "application/json"}
    if forge == "github":
        return common | {
            "X-GitHub-Event": "issues",
            "X-GitHub-Delivery": delivery,
            "X-Hub-Signature-256": sign(body, secret),
        }
    if forge == "gitlab":
        return common | {
            "X-Gitlab-Event": "Issue Hook",
            "X-Gitlab-Token": secret,
            "Idempotency-Key": delivery,
        }
    digest = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return common | {"X-Gitea-Event": "issues", "X-Gitea-Delivery": delivery, "X-Gitea-Signature": digest}
