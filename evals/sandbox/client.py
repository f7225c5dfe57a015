"""A small HTTP client for driving the sandbox as one of its users: the CLI, the demo and tests use it.

It speaks the sandbox's own endpoints (GitHub REST subset and ``/_sandbox``) with httpx; the bot itself
talks to the sandbox through its forge clients (githubkit, python-gitlab, a Gitea client), as it would to
the real forge. What the learner does here reaches every hook in the hook's own flavour. Every failure
becomes a :class:`SandboxClientError` with a one-line message a person can act on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast
from urllib.parse import quote

import httpx

from evals.sandbox.connection import read_connection
from evals.sandbox.errors import SandboxError
from evals.sandbox.git_client import GitCommandError, push_file
from evals.sandbox.models import Forge

START_HINT = "start it with `gitlearnos sandbox serve`"


class SandboxClientError(Exception):
    """A request to the sandbox failed; ``str()`` is a one-line explanation."""


class SandboxClient:
    def __init__(self, url: str, token: str, *, timeout_s: float = 30.0) -> None:
        self.url = url.rstrip("/")
        self._token = token
        self._http = httpx.Client(
            base_url=self.url,
            headers={"Authorization": f"token {token}", "Accept": "application/vnd.github+json"},
            timeout=timeout_s,
            trust_env=False,  # the sandbox is on loopback; proxies from the environment must not intercept
        )

    @classmethod
    def for_root(cls, root: Path, login: str | None = None) -> SandboxClient:
        """A client for the sandbox serving ``root``, acting as ``login`` (default: the learner)."""
        info = read_connection(root)
        if info is None or not info.url:
            raise SandboxClientError(f"no sandbox is running under {root}: {START_HINT}")
        login = login or info.learner or ""
        if login not in info.tokens:
            raise SandboxClientError(f"no sandbox user {login!r}; known: {', '.join(sorted(info.tokens))}")
        return cls(info.url, info.tokens[login])

    def _request(
        self, method: str, path: str, *, json: Any = None, params: Mapping[str, Any] | None = None
    ) -> httpx.Response:
        try:
            response = self._http.request(method, path, json=json, params=params)
        except httpx.HTTPError as exc:
            raise SandboxClientError(
                f"the sandbox at {self.url} does not answer ({exc}): {START_HINT}"
            ) from exc
        if response.is_error:
            try:
                message = response.json().get("message", response.text)
            except ValueError:
                message = response.text.strip()
            raise SandboxClientError(f"{method} {path} failed: {response.status_code} {message}")
        return response

    def _object(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        return cast(dict[str, Any], self._request(method, path, **kwargs).json())

    def _list(self, method: str, path: str, **kwargs: Any) -> list[dict[str, Any]]:
        return cast(list[dict[str, Any]], self._request(method, path, **kwargs).json())

    def user(self) -> dict[str, Any]:
        return self._object("GET", "/api/v3/user")

    def repository(self, full_name: str) -> dict[str, Any]:
        return self._object("GET", f"/api/v3/repos/{full_name}")

    def create_repository(
        self, full_name: str, *, private: bool = True, files: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        body = {"full_name": full_name, "private": private, "files": dict(files or {})}
        return self._object("POST", "/_sandbox/repos", json=body)

    def add_hook(
        self,
        full_name: str,
        *,
        url: str,
        secret: str,
        forge: Forge | str = Forge.GITHUB,
        events: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """Register a hook that gets ``forge``'s payloads and headers (only GitHub hooks are pinged).

        ``events``: the topics it hears (``evals.sandbox.hook_topics.TOPICS``); default every one.
        """
        body: dict[str, Any] = {
            "url": url,
            "secret": secret,
            "content_type": "json",
            "forge": Forge(forge).value,
        }
        if events is not None:
            body["events"] = list(events)
        return self._object("POST", f"/_sandbox/repos/{full_name}/hooks", json=body)

    def set_token_scopes(self, login: str, forge: Forge | str, scopes: Sequence[str]) -> dict[str, Any]:
        """Give ``login``'s token exactly ``scopes`` on ``forge`` (see ``evals.sandbox.token_scopes``)."""
        body = {"forge": Forge(forge).value, "scopes": list(scopes)}
        return self._object("PUT", f"/_sandbox/users/{login}/scopes", json=body)

    def protect_branch(
        self, full_name: str, branch: str, *, login: str, forge: Forge | str
    ) -> dict[str, Any]:
        """Refuse ``login``'s pushes to ``branch`` (see ``evals.sandbox.branch_protection``)."""
        body = {"login": login, "forge": Forge(forge).value}
        return self._object("PUT", f"/_sandbox/repos/{full_name}/protected-branches/{branch}", json=body)

    def open_issue(
        self, full_name: str, *, title: str, body: str | None = None, labels: Sequence[str] = ()
    ) -> dict[str, Any]:
        data = {"title": title, "body": body, "labels": list(labels)}
        return self._object("POST", f"/api/v3/repos/{full_name}/issues", json=data)

    def issue(self, full_name: str, number: int) -> dict[str, Any]:
        return self._object("GET", f"/api/v3/repos/{full_name}/issues/{number}")

    def comment(self, full_name: str, number: int, body: str) -> dict[str, Any]:
        path = f"/api/v3/repos/{full_name}/issues/{number}/comments"
        return self._object("POST", path, json={"body": body})

    def comments(self, full_name: str, number: int) -> list[dict[str, Any]]:
        """All comments on an issue, following the ``Link`` header across pages."""
        collected: list[dict[str, Any]] = []
        next_url: str | None = f"/api/v3/repos/{full_name}/issues/{number}/comments?per_page=100"
        while next_url:
            response = self._request("GET", next_url)
            collected.extend(response.json())
            next_url = response.links.get("next", {}).get("url")
        return collected

    def commits(self, full_name: str, limit: int = 10) -> list[dict[str, Any]]:
        """The newest ``limit`` commits on the default branch (at most 100)."""
        return self._list("GET", f"/api/v3/repos/{full_name}/commits", params={"per_page": limit})

    def file(self, full_name: str, path: str, ref: str | None = None) -> bytes:
        params = {"ref": ref} if ref else None
        return self._request("GET", f"/_sandbox/repos/{full_name}/raw/{quote(path)}", params=params).content

    def deliveries(self) -> list[dict[str, Any]]:
        return self._list("GET", "/_sandbox/deliveries")

    def script_model(self, phrase: str, reading: dict[str, Any], schema: str = "") -> None:
        """Make the sandbox's chat endpoint return ``reading`` for requests mentioning ``phrase`` (and, when
        ``schema`` is given, asking for the JSON schema of that name)."""
        body = {"phrase": phrase, "reading": reading, "schema": schema}
        self._object("POST", "/_sandbox/model/script", json=body)

    def model_requests(self) -> list[dict[str, Any]]:
        """Every request body the sandbox's chat endpoint received, oldest first."""
        return self._list("GET", "/_sandbox/model/requests")

    def inject_faults(self, rate: float, **plan: Any) -> dict[str, Any]:
        """Answer ``rate`` of the bot's API and Git calls with 502/429 (``rate=0`` switches it off)."""
        return self._object("POST", "/_sandbox/faults", json={"rate": rate, **plan})

    def faults(self) -> dict[str, Any]:
        """The injection plan in force and the calls seen and hit since it was set."""
        return self._object("GET", "/_sandbox/faults")

    def redeliver(self, guid: str) -> dict[str, Any]:
        return self._object("POST", f"/_sandbox/deliveries/{quote(guid)}/redeliver")

    def push_file(self, full_name: str, path: str, content: bytes, message: str) -> str:
        """Commit one file as this client's user through a real clone and push; returns the commit id."""
        repo = self.repository(full_name)
        me = self.user()
        try:
            return push_file(
                repo["clone_url"],
                self._token,
                branch=repo["default_branch"],
                path=path,
                content=content,
                message=message,
                author_name=me["login"],
                author_email=me["email"],
            )
        except (GitCommandError, SandboxError) as exc:
            raise SandboxClientError(str(exc)) from exc

    # Pull requests, as a teacher or the learner acts on them (GitHub's shapes; every hook hears its own)

    def add_collaborator(self, full_name: str, login: str) -> dict[str, Any]:
        """Give ``login`` access to the repository (sandbox-only; the learner's own step on a real forge)."""
        return self._object("POST", f"/_sandbox/repos/{full_name}/collaborators", json={"login": login})

    def pulls(self, full_name: str, state: str = "all") -> list[dict[str, Any]]:
        return self._list("GET", f"/api/v3/repos/{full_name}/pulls", params={"state": state})

    def review(self, full_name: str, number: int, event: str, body: str = "") -> dict[str, Any]:
        """Submit a review: ``event`` is ``APPROVE``, ``REQUEST_CHANGES`` or ``COMMENT``."""
        path = f"/api/v3/repos/{full_name}/pulls/{number}/reviews"
        return self._object("POST", path, json={"event": event, "body": body})

    def line_comment(self, full_name: str, number: int, body: str, *, path: str, line: int) -> dict[str, Any]:
        data = {"body": body, "path": path, "line": line}
        return self._object("POST", f"/api/v3/repos/{full_name}/pulls/{number}/comments", json=data)

    def merge(self, full_name: str, number: int) -> dict[str, Any]:
        return self._object("PUT", f"/api/v3/repos/{full_name}/pulls/{number}/merge")

    def close_pull(self, full_name: str, number: int) -> dict[str, Any]:
        return self._object("PATCH", f"/api/v3/repos/{full_name}/pulls/{number}", json={"state": "closed"})

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> SandboxClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
