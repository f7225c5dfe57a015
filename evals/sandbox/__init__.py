"""The sandbox forge: a local, real stand-in for GitHub, GitLab and Gitea for the demo, end-to-end tests
and evals, so the bot can be run against all three forges without any of them.

One real HTTP server on 127.0.0.1 speaks a subset of each forge's REST API (GitHub under ``/api/v3`` as on
GitHub Enterprise Server, GitLab under ``/api/v4``, Gitea under ``/api/v1``), Git smart HTTP through
``git http-backend`` with token auth, and webhooks signed or tokened the way each forge does it. State is
forge-neutral and lives under one root directory; the ``github_*``, ``gitlab_*`` and ``gitea_*`` modules
render it in each forge's shapes, and :mod:`evals.sandbox.api_flows` holds the steps all three APIs share.
Every hook is registered for one :class:`Forge` flavour and receives every change in that forge's format,
whichever API the change came through.

Start it with :func:`start_sandbox` (a background thread, for tests and the demo) or ``gitlearnos
sandbox serve``; drive it as a user with :class:`SandboxClient`.
"""

from importlib import import_module
from typing import Any

# Names resolve on first use, so ``gitlearnos --help``, ``serve`` and ``worker`` (which only register the
# ``sandbox`` subcommands) never load the sandbox's web app.
_EXPORTS = {
    "BOT_LOGIN": "evals.sandbox.store",
    "Forge": "evals.sandbox.models",
    "SandboxClient": "evals.sandbox.client",
    "SandboxClientError": "evals.sandbox.client",
    "SandboxServer": "evals.sandbox.server",
    "create_sandbox_app": "evals.sandbox.app",
    "start_sandbox": "evals.sandbox.server",
}
__all__ = [
    "BOT_LOGIN",
    "Forge",
    "SandboxClient",
    "SandboxClientError",
    "SandboxServer",
    "create_sandbox_app",
    "start_sandbox",
]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'evals.sandbox' has no attribute {name!r}")
    return getattr(import_module(_EXPORTS[name]), name)
