"""``create_sandbox_app``: the sandbox forge as one Litestar app (GitHub REST subset, admin API, Git HTTP)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from litestar import Litestar
from litestar.datastructures import State
from litestar.di import Provide
from litestar.exceptions import HTTPException
from litestar.middleware import DefineMiddleware

from evals.sandbox.admin_api import SandboxAdminController
from evals.sandbox.auth import Authenticator
from evals.sandbox.connection import ensure_tokens
from evals.sandbox.errors import SandboxError
from evals.sandbox.git_http import git_smart_http
from evals.sandbox.http_support import (
    TokenAuthenticationMiddleware,
    github_error,
    internal_error,
    provide_renderer,
    sandbox_error,
)
from evals.sandbox.rest_api import GitHubRestController
from evals.sandbox.store import DEFAULT_LEARNER, DEFAULT_TEACHER, SandboxStore
from evals.sandbox.webhook_sender import WebhookSender


def create_sandbox_app(
    root: Path,
    *,
    learner: str = DEFAULT_LEARNER,
    teacher: str | None = DEFAULT_TEACHER,
    other_users: Sequence[str] = (),
) -> Litestar:
    """Build the app serving the sandbox under ``root`` (created if missing, reused if it exists).

    Accounts: the learner (type ``User``), the bot ``gitlearnos-bot[bot]`` (type ``Bot``), the teacher
    unless ``None``, and ``other_users`` (e.g. a stranger whose input the bot must ignore). Their tokens
    are in ``root/sandbox.json``.
    """
    root.mkdir(parents=True, exist_ok=True)
    store = SandboxStore.open(root, learner=learner, teacher=teacher, other_users=other_users)
    tokens = ensure_tokens(root, learner, [user.login for user in store.users()]).tokens
    sender = WebhookSender(store)
    return Litestar(
        route_handlers=[GitHubRestController, SandboxAdminController, git_smart_http],
        dependencies={
            "store": Provide(lambda: store, use_cache=True, sync_to_thread=False),
            "sender": Provide(lambda: sender, use_cache=True, sync_to_thread=False),
            "gh": Provide(provide_renderer, sync_to_thread=False),
        },
        middleware=[DefineMiddleware(TokenAuthenticationMiddleware)],
        exception_handlers={
            HTTPException: github_error,
            SandboxError: sandbox_error,
            Exception: internal_error,
        },
        state=State({"store": store, "authenticator": Authenticator(store, tokens)}),
        openapi_config=None,
        logging_config=None,
    )
