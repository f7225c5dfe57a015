"""``create_sandbox_app``: the sandbox forge as one Litestar app: the GitHub (``/api/v3``), GitLab
(``/api/v4``) and Gitea (``/api/v1``) REST subsets, the admin API and Git over HTTP, all on one state.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from litestar import Litestar
from litestar.datastructures import State
from litestar.di import Provide
from litestar.exceptions import HTTPException
from litestar.middleware import DefineMiddleware
from litestar.types import Receive, Scope, Send

from evals.sandbox.admin_api import SandboxAdminController
from evals.sandbox.api_flows import gitea_call, github_call, gitlab_call, repo_full_name
from evals.sandbox.auth import Authenticator
from evals.sandbox.branch_protection import BranchProtectionController
from evals.sandbox.connection import ensure_tokens
from evals.sandbox.errors import SandboxError
from evals.sandbox.fault_injection import FaultInjector
from evals.sandbox.git_http import git_smart_http
from evals.sandbox.gitea_api import GiteaRestController
from evals.sandbox.gitea_objects import GiteaRenderer
from evals.sandbox.github_objects import GitHubRenderer
from evals.sandbox.gitlab_api import GitLabRestController, keep_project_ids_encoded
from evals.sandbox.gitlab_objects import GitLabRenderer
from evals.sandbox.hooks_api import HOOK_CONTROLLERS
from evals.sandbox.http_support import (
    TokenAuthenticationMiddleware,
    github_error,
    internal_error,
    sandbox_error,
)
from evals.sandbox.model_api import ScriptedModel, ScriptedModelController, chat_completions, list_models
from evals.sandbox.pulls_api import PULL_CONTROLLERS
from evals.sandbox.rest_api import GitHubRestController
from evals.sandbox.store import DEFAULT_LEARNER, DEFAULT_TEACHER, SandboxStore
from evals.sandbox.token_scopes import TokenScopes, TokenScopesController, TokenScopesMiddleware
from evals.sandbox.webhook_sender import WebhookSender


class SandboxApp(Litestar):
    """The Litestar app, plus one fix-up before routing that middleware (run after routing) cannot do."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:  # type: ignore[override]
        faults: FaultInjector = self.state.faults
        if (status := faults.status_for(scope)) is not None:
            await faults.answer(status, send, receive)  # before routing, as a proxy in front would
            return
        keep_project_ids_encoded(scope)
        await super().__call__(scope, receive, send)


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
    authenticator = Authenticator(store, tokens)
    return SandboxApp(
        route_handlers=[
            GitHubRestController,
            GitLabRestController,
            GiteaRestController,
            SandboxAdminController,
            *PULL_CONTROLLERS,
            *HOOK_CONTROLLERS,
            TokenScopesController,
            BranchProtectionController,
            ScriptedModelController,
            chat_completions,
            list_models,
            git_smart_http,
        ],
        dependencies={
            "store": Provide(lambda: store, use_cache=True, sync_to_thread=False),
            "sender": Provide(lambda: sender, use_cache=True, sync_to_thread=False),
            "gh": Provide(GitHubRenderer.for_request, sync_to_thread=False),
            "gitlab": Provide(GitLabRenderer.for_request, sync_to_thread=False),
            "gitea": Provide(GiteaRenderer.for_request, sync_to_thread=False),
            "full_name": Provide(repo_full_name, sync_to_thread=False),
            "gh_call": Provide(github_call, sync_to_thread=False),
            "gitlab_call": Provide(gitlab_call, sync_to_thread=False),
            "gitea_call": Provide(gitea_call, sync_to_thread=False),
        },
        middleware=[DefineMiddleware(TokenAuthenticationMiddleware), DefineMiddleware(TokenScopesMiddleware)],
        exception_handlers={
            HTTPException: github_error,
            SandboxError: sandbox_error,
            Exception: internal_error,
        },
        state=State(
            {
                "store": store,
                "authenticator": authenticator,
                "model": ScriptedModel(),
                "faults": FaultInjector(authenticator),
                "token_scopes": TokenScopes(root),
            }
        ),
        openapi_config=None,
        logging_config=None,
    )
