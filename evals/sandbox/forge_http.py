"""HTTP plumbing the GitLab and Gitea APIs add to the shared one (:mod:`evals.sandbox.http_support`).

- Authentication per forge: GitLab's API takes ``PRIVATE-TOKEN: <t>`` (python-gitlab's ``private_token``)
  or ``Authorization: Bearer <t>``, and nothing else, so a client that authenticates to it the GitHub way
  fails here as it would on GitLab. Every other route keeps the shared rules (``token``/``Bearer``/Basic).
- Answers that announce a change: the answer goes out first, then each of the repository's hooks gets the
  forge-neutral event in its own flavour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from litestar import Response
from litestar.background_tasks import BackgroundTask
from litestar.connection import ASGIConnection
from litestar.exceptions import NotAuthorizedException
from litestar.middleware import AuthenticationResult

from evals.sandbox.auth import Authenticator
from evals.sandbox.events import ForgeEvent
from evals.sandbox.gitlab_objects import API_PREFIX as GITLAB_API_PREFIX
from evals.sandbox.http_support import TokenAuthenticationMiddleware
from evals.sandbox.models import Hook
from evals.sandbox.webhook_sender import WebhookSender


def gitlab_authorization(private_token: str | None, authorization: str | None) -> str | None:
    """The ``Authorization`` value GitLab would honour, or ``None``: ``PRIVATE-TOKEN`` wins, then Bearer."""
    if private_token and private_token.strip():
        return f"Bearer {private_token.strip()}"
    scheme, _, _ = (authorization or "").strip().partition(" ")
    return authorization if scheme.lower() == "bearer" else None


class ForgeTokenAuthenticationMiddleware(TokenAuthenticationMiddleware):
    """The shared token check, with GitLab's own header rules under ``/api/v4``."""

    async def authenticate_request(
        self, connection: ASGIConnection[Any, Any, Any, Any]
    ) -> AuthenticationResult:
        if not connection.scope["path"].startswith(GITLAB_API_PREFIX + "/"):
            return await super().authenticate_request(connection)
        authenticator: Authenticator = connection.app.state.authenticator
        headers = connection.headers
        user = authenticator.user_for(
            gitlab_authorization(headers.get("private-token"), headers.get("authorization"))
        )
        if user is None:
            raise NotAuthorizedException("401 Unauthorized")  # GitLab's exact message
        return AuthenticationResult(user=user, auth=None)


def respond_and_announce(
    content: Any,
    *,
    status_code: int,
    sender: WebhookSender,
    hooks: Sequence[Hook],
    site_url: str,
    event: ForgeEvent,
) -> Response[Any]:
    """Answer the API call, then deliver ``event`` to ``hooks``, each in its own flavour."""
    deliveries = sender.prepare_event(hooks, site_url, event)
    return Response(
        content, status_code=status_code, background=BackgroundTask(sender.deliver_all, deliveries)
    )
