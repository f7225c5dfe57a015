"""A throwaway HTTP server on 127.0.0.1 that records every request it gets.

It stands for a forge host in the tests of what the bot may send where: as a
host nobody configured it must receive nothing at all; as the configured forge
it answers the repository lookup (GitHub's ``GET /api/v3/repos/{owner}/{repo}``,
GitLab's ``GET /api/v4/projects/{id}``) with the visibility a test sets, GitHub's
issue comments (an empty list, and a posted comment echoed back), and 404 to
everything else, so a test sees at this HTTP boundary whether the bot
asked for visibility, and whether git ever came for the repository.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.support.fake_github import rest_repository
from tests.support.payloads import load_fixture

GITHUB_REPO = re.compile(r"^/api/v3/repos/(?P<owner>[^/]+)/(?P<name>[^/?]+)$")
GITHUB_COMMENTS = re.compile(r"^/api/v3/repos/[^/]+/[^/]+/issues/\d+/comments(?:\?.*)?$")
GITLAB_PROJECT = re.compile(r"^/api/v4/projects/(?P<id>[^/?]+)$")


@dataclass(frozen=True)
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes = b""


@dataclass
class RecordingForge:
    """``visibility`` is what the lookup answers: ``private``, ``public``, or None (the field left out)."""

    visibility: str | None = "private"
    seen: list[Seen] = field(default_factory=list)

    def __post_init__(self) -> None:
        forge = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                sent = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k.lower(): v for k, v in self.headers.items()}
                forge.seen.append(Seen(self.command, self.path, headers, sent))
                found = forge.answer(self.command, self.path, sent)
                body = json.dumps(found if found is not None else {"message": "Not Found"}).encode()
                self.send_response(200 if found is not None else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_PUT = do_PATCH = _answer

            def log_message(self, format: str, *args: object) -> None:
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.host = f"127.0.0.1:{self._server.server_address[1]}"
        self.url = f"http://{self.host}"
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05})
        self._thread.daemon = True
        self._thread.start()

    def answer(self, method: str, path: str, sent: bytes) -> dict[str, Any] | list[Any] | None:
        if GITHUB_COMMENTS.match(path):
            if method == "GET":
                return []
            comment: dict[str, Any] = load_fixture("github", "issue_comment__created_on_issue")["comment"]
            return comment | {"id": 1, "body": json.loads(sent)["body"]}
        if match := GITHUB_REPO.match(path):
            repo = rest_repository(f"{match['owner']}/{match['name']}", private=self.visibility == "private")
            if self.visibility is None:
                repo.pop("visibility", None)
            return repo
        if match := GITLAB_PROJECT.match(path):
            project: dict[str, Any] = {"id": 1, "path_with_namespace": match["id"], "default_branch": "main"}
            return project | ({"visibility": self.visibility} if self.visibility else {})
        return None

    def git_requests(self) -> list[Seen]:
        """Requests git makes (smart HTTP discovery and packs): a clone or push reached this host."""
        return [s for s in self.seen if ".git/" in s.path or "git-upload-pack" in s.path]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
