"""What every sandbox route shares: token authentication, GitHub-style errors, the per-request renderer,
and answers that trigger webhooks once they are sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import structlog
from litestar import Request, Response
from litestar.background_tasks import BackgroundTask
from litestar.connection import ASGIConnection
from litestar.datastructures import State
from litestar.di import NamedDependency
from litestar.exceptions import HTTPException, NotAuthorizedException
from litestar.handlers import BaseRouteHandler
from litestar.middleware import AbstractAuthenticationMiddleware, AuthenticationResult
from litestar.params import FromPath

from evals.sandbox.auth import Authenticator
from evals.sandbox.errors import ForbiddenError, SandboxError
from evals.sandbox.github_objects import GitHubRenderer
from evals.sandbox.models import Hook, User
from evals.sandbox.store import SandboxStore
from evals.sandbox.webhook_sender import WebhookSender

# Git only sends credentials after a challenge; REST clients ignore it.
BASIC_CHALLENGE = {"WWW-Authenticate": 'Basic realm="sandbox"'}

log = structlog.get_logger(__name__)

SandboxRequest = Request[User, None, State]
# Explicit parameter kinds for handler signatures: Litestar 3 stops inferring path params and dependencies.
PathStr = FromPath[str]
PathInt = FromPath[int]
Store = NamedDependency[SandboxStore]
Renderer = NamedDependency[GitHubRenderer]
Sender = NamedDependency[WebhookSender]


class TokenAuthenticationMiddleware(AbstractAuthenticationMiddleware):
    """Every sandbox route needs a sandbox token; ``request.user`` is then the acting account."""

    async def authenticate_request(
        self, connection: ASGIConnection[Any, Any, Any, Any]
    ) -> AuthenticationResult:
        authenticator: Authenticator = connection.app.state.authenticator
        user = authenticator.user_for(connection.headers.get("authorization"))
        if user is None:
            raise NotAuthorizedException("Bad credentials", headers=BASIC_CHALLENGE)
        return AuthenticationResult(user=user, auth=None)


def learner_only(connection: ASGIConnection[Any, User, Any, Any], _: BaseRouteHandler) -> None:
    """Guard for the admin API: it acts for the learner, so only the learner's token may call it."""
    store: SandboxStore = connection.app.state.store
    if connection.user.login != store.learner:
        raise ForbiddenError(f"the sandbox admin API needs the learner's ({store.learner}) token")


def github_error(_: Request[Any, Any, Any], exc: HTTPException) -> Response[dict[str, Any]]:
    """Framework errors (unknown route, bad credentials, invalid body) in GitHub's ``{"message"}`` form."""
    content: dict[str, Any] = {"message": exc.detail}
    if exc.extra:
        content["errors"] = exc.extra
    return Response(content, status_code=exc.status_code, headers=exc.headers)


def sandbox_error(_: Request[Any, Any, Any], exc: SandboxError) -> Response[dict[str, Any]]:
    return Response({"message": str(exc)}, status_code=exc.status_code)


def internal_error(request: Request[Any, Any, Any], exc: Exception) -> Response[dict[str, Any]]:
    """A sandbox bug: log the traceback (a 500 alone would hide it) and answer as GitHub would."""
    log.error("sandbox_internal_error", method=request.method, path=request.url.path, exc_info=exc)
    return Response({"message": "Internal Server Error"}, status_code=500)


def provide_renderer(request: Request[Any, Any, Any], store: Store) -> GitHubRenderer:
    """Render URLs with the address the client used, so they work from wherever it called."""
    return GitHubRenderer(str(request.base_url).rstrip("/"), store)


def respond_then_deliver(
    content: Any,
    *,
    status_code: int,
    sender: WebhookSender,
    hooks: Sequence[Hook],
    event: tuple[str, Mapping[str, Any]],
) -> Response[Any]:
    """Answer the API call, then deliver the event to ``hooks`` in the background, as GitHub does."""
    deliveries = sender.prepare(hooks, *event)
    return Response(
        content, status_code=status_code, background=BackgroundTask(sender.deliver_all, deliveries)
    )
