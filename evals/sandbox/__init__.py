"""The sandbox forge: a local, real stand-in for GitHub for the demo, end-to-end tests and evals.

A real HTTP server on 127.0.0.1 speaking a subset of GitHub's REST API (``/api/v3``), Git smart HTTP
through ``git http-backend`` with token auth, and HMAC-signed webhooks. State (forge-neutral) lives under
one root directory; ``github_*`` modules render it in GitHub's shapes, so GitLab or Gitea shapes can be
added beside them.

Start it with :func:`start_sandbox` (a background thread, for tests and the demo) or ``gitlearnos
sandbox serve``; drive it as a user with :class:`SandboxClient`.
"""

from evals.sandbox.app import create_sandbox_app
from evals.sandbox.client import SandboxClient, SandboxClientError
from evals.sandbox.server import SandboxServer, start_sandbox
from evals.sandbox.store import BOT_LOGIN

__all__ = [
    "BOT_LOGIN",
    "SandboxClient",
    "SandboxClientError",
    "SandboxServer",
    "create_sandbox_app",
    "start_sandbox",
]
