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

from evals.sandbox.app import create_sandbox_app
from evals.sandbox.client import SandboxClient, SandboxClientError
from evals.sandbox.models import Forge
from evals.sandbox.server import SandboxServer, start_sandbox
from evals.sandbox.store import BOT_LOGIN

__all__ = [
    "BOT_LOGIN",
    "Forge",
    "SandboxClient",
    "SandboxClientError",
    "SandboxServer",
    "create_sandbox_app",
    "start_sandbox",
]
