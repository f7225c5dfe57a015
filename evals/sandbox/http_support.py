"""What every sandbox route shares, whichever forge's API it belongs to: token authentication (with
GitLab's own header rules under ``/api/v4``), errors in the forges' common ``{"message"}`` form, and the
parameter kinds handlers declare.

GitHub (``/api/v3``), GitLab (``/api/v4``), Gitea (``/api/v1``), the admin API and Git over HTTP all run in
one app on one state, so these rules are kept in one place rather than once per forge.
"""

from __future__ import annotations

from typing import Any

import structlog
from litestar import Request, Response
from litestar.connection import ASGIConnection
from litestar.datastructures import State
from litestar.di import NamedDependency
from litestar.exceptions import HTTPException, NotAuthorizedException
from litestar.handlers import BaseRouteHandler
from litestar.middleware import AbstractAuthenticationMiddleware, AuthenticationResult
from litestar.params import FromPath

from evals.sandbox.auth import Authenticator
from evals.sandbox.errors import ForbiddenError, SandboxError
from evals.sandbox.gitea_objects import GiteaRenderer
from evals.sandbox.github_objects import GitHubRenderer
from evals.sandbox.gitlab_objects import API_PREFIX as GITLAB_API_PREFIX
from evals.sandbox.gitlab_objects import GitLabRenderer
from evals.sandbox.models import User
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
GitLabSite = NamedDependency[GitLabRenderer]
GiteaSite = NamedDependency[GiteaRenderer]
Sender = NamedDependency[WebhookSender]


def gitlab_authorization(private_token: str | None, authorization: str | None) -> str | None:
    """The ``Authorization`` value GitLab would honour, or ``None``: ``PRIVATE-TOKEN`` wins, then Bearer."""
    if private_token and private_token.strip():
        return f"Bearer {private_token.strip()}"
    scheme, _, _ = (authorization or "").strip().partition(" ")
    return authorization if scheme.lower() == "bearer" else None


class TokenAuthenticationMiddleware(AbstractAuthenticationMiddleware):
    """Every sandbox route needs a sandbox token; ``request.user`` is then the acting account.

    Most routes take it as GitHub does (``token``/``Bearer``/Basic). GitLab's API takes ``PRIVATE-TOKEN``
    (python-gitlab's ``private_token``) or ``Bearer`` and nothing else, so a client that authenticates to it
    the GitHub way fails here as it would on GitLab, with GitLab's own message.
    """

    async def authenticate_request(
        self, connection: ASGIConnection[Any, Any, Any, Any]
    ) -> AuthenticationResult:
        authenticator: Authenticator = connection.app.state.authenticator
        headers = connection.headers
        if connection.scope["path"].startswith(GITLAB_API_PREFIX + "/"):
            authorization = gitlab_authorization(headers.get("private-token"), headers.get("authorization"))
            if (user := authenticator.user_for(authorization)) is None:
                raise NotAuthorizedException("401 Unauthorized")
        elif (user := authenticator.user_for(headers.get("authorization"))) is None:
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
