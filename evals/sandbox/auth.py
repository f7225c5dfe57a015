"""Who is calling: a sandbox token in ``Authorization``, spelled any way GitHub accepts it.

REST clients send ``token <t>`` or ``Bearer <t>``; Git sends HTTP Basic, where GitHub takes the token as
the password (any username, e.g. ``x-access-token``) or as the username. Tokens are compared in constant
time and never logged.
"""

from __future__ import annotations

import base64
import binascii
import hmac
from collections.abc import Mapping

from evals.sandbox.models import User
from evals.sandbox.store import SandboxStore


def candidate_tokens(authorization: str | None) -> list[str]:
    """The strings in an ``Authorization`` header that could be a token (none if it is malformed)."""
    scheme, _, value = (authorization or "").strip().partition(" ")
    value = value.strip()
    if scheme.lower() in ("token", "bearer"):
        return [value] if value else []
    if scheme.lower() == "basic":
        try:
            username, _, password = base64.b64decode(value, validate=True).decode().partition(":")
        except (binascii.Error, UnicodeDecodeError):
            return []
        return [candidate for candidate in (password, username) if candidate]
    return []


class Authenticator:
    """Maps tokens (login → token, from the connection file) to sandbox users."""

    def __init__(self, store: SandboxStore, tokens: Mapping[str, str]) -> None:
        self._store = store
        self._tokens = dict(tokens)

    def user_for(self, authorization: str | None) -> User | None:
        for candidate in candidate_tokens(authorization):
            for login, token in self._tokens.items():
                if hmac.compare_digest(candidate.encode(), token.encode()):
                    return self._store.user(login)
        return None
