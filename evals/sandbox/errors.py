"""One error hierarchy for the sandbox forge.

Store and git operations raise these with a message meant for the caller; the app turns each into an
HTTP answer in one place (:func:`evals.sandbox.http_support.sandbox_error`), in the ``{"message": ...}``
body GitHub, GitLab and Gitea all answer errors with.
"""

from __future__ import annotations


class SandboxError(Exception):
    """Base class; ``status_code`` is the HTTP status the API answers with."""

    status_code = 500


class NotFoundError(SandboxError):
    status_code = 404


class ForbiddenError(SandboxError):
    status_code = 403


class ConflictError(SandboxError):
    status_code = 409


class InvalidInputError(SandboxError):
    status_code = 422
