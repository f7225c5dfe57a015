"""A recording fake of the Gitea/Forgejo REST API at the HTTP boundary (respx).

The real :class:`GiteaClient` sends real HTTP requests; respx answers them
from in-memory repositories, threads (issues and PRs share numbers, as in
Gitea), comments, labels and pull requests, shaped like Gitea's (the comment
template is a real webhook fixture's ``comment`` object). It behaves like
Gitea where the client depends on it:

- an issue's comment list ignores ``page``/``limit`` and returns everything,
  with ``X-Total-Count`` (``routers/api/v1/repo/issue_comment.go``);
- other lists page, clamp ``limit`` to ``max_items`` (``MAX_RESPONSE_ITEMS``)
  and send ``X-Total-Count`` and, if ``link_header``, a ``Link`` header;
- comment objects carry ``issue_url`` or ``pull_request_url``, never both;
- ``POST /pulls`` answers 409 when an open PR joins the same branches.

One shared fake for every test that needs Gitea's API; every request is kept
in ``requests`` as ``(method, path?query)`` for assertions.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

import httpx
import respx

from tests.support.payloads import load_fixture

HOST = "https://gitea.example"
API = f"{HOST}/api/v1"
BOT_LOGIN = "gitlearnos-bot"
REPO = r"/repos/(?P<owner>[^/]+)/(?P<name>[^/?]+)"


class FakeGitea:
    def __init__(
        self,
        router: respx.MockRouter,
        *,
        bot_login: str = BOT_LOGIN,
        max_items: int = 50,
        link_header: bool = True,
    ) -> None:
        self.bot_login = bot_login
        self.bot: dict[str, Any] = {"id": 77, "login": bot_login, "username": bot_login}
        self.max_items = max_items
        self.link_header = link_header
        self.repos: dict[str, dict[str, Any]] = {}
        self.pull_numbers: set[tuple[str, int]] = set()
        self.comments: list[dict[str, Any]] = []
        self.labels: dict[str, list[dict[str, Any]]] = {}
        self.pulls: list[dict[str, Any]] = []
        self.created = 0
        self.edited = 0
        self._router = router
        self._next_id = 1000
        self._template = load_fixture("gitea", "issue_comment__created_on_issue")["comment"]
        routes: list[tuple[str, str, Callable[..., httpx.Response]]] = [
            ("GET", r"/user$", self._user),
            ("GET", REPO + r"$", self._repo),
            ("GET", REPO + r"/issues/comments$", self._repo_comments),
            ("PATCH", REPO + r"/issues/comments/(?P<comment_id>\d+)$", self._edit),
            ("GET", REPO + r"/issues/(?P<number>\d+)/comments$", self._issue_comments),
            ("POST", REPO + r"/issues/(?P<number>\d+)/comments$", self._comment),
            ("GET", REPO + r"/labels$", self._labels),
            ("POST", REPO + r"/issues$", self._open_issue),
            ("GET", REPO + r"/pulls$", self._list_pulls),
            ("POST", REPO + r"/pulls$", self._open_pull),
        ]
        for method, pattern, handler in routes:
            url = re.escape(API) + pattern.removesuffix("$") + r"(?:\?.*)?$"  # any query string
            router.route(method=method, url__regex=url).mock(side_effect=handler)

    # --- arranging state ---------------------------------------------------------------------

    def add_repo(self, full_name: str, *, private: bool = True, default_branch: str = "main") -> None:
        self.repos[full_name] = {
            "full_name": full_name,
            "private": private,
            "default_branch": default_branch,
            "html_url": f"{HOST}/{full_name}",
            "clone_url": f"{HOST}/{full_name}.git",
        }

    def add_comment(
        self, full_name: str, number: int, body: str, *, login: str, updated_at: str = "2024-05-01T10:00:00Z"
    ) -> dict[str, Any]:
        self._next_id += 1
        is_pull = (full_name, number) in self.pull_numbers
        kind = "pulls" if is_pull else "issues"
        comment: dict[str, Any] = copy.deepcopy(self._template) | {
            "id": self._next_id,
            "body": body,
            "html_url": f"{HOST}/{full_name}/{kind}/{number}#issuecomment-{self._next_id}",
            "issue_url": "" if is_pull else f"{HOST}/{full_name}/issues/{number}",
            "pull_request_url": f"{HOST}/{full_name}/pulls/{number}" if is_pull else "",
            "created_at": updated_at,
            "updated_at": updated_at,
        }
        comment["user"] = {**comment["user"], "login": login, "username": login, "id": sum(map(ord, login))}
        comment["_repo"], comment["_number"] = full_name, number
        self.comments.append(comment)
        return comment

    def add_label(self, full_name: str, name: str) -> int:
        labels = self.labels.setdefault(full_name, [])
        labels.append({"id": 10 + len(labels), "name": name, "color": "ee0701"})
        return int(labels[-1]["id"])

    def add_pull(self, full_name: str, number: int, *, head: str, base: str = "main") -> None:
        self.pull_numbers.add((full_name, number))
        self.pulls.append(
            {
                "number": number,
                "state": "open",
                "html_url": f"{HOST}/{full_name}/pulls/{number}",
                "head": {"ref": head},
                "base": {"ref": base},
                "_repo": full_name,
            }
        )

    def bodies(self, full_name: str, number: int) -> list[str]:
        return [c["body"] for c in self.comments if (c["_repo"], c["_number"]) == (full_name, number)]

    @property
    def requests(self) -> list[tuple[str, str]]:
        return [
            (call.request.method, call.request.url.raw_path.decode().removeprefix("/api/v1"))
            for call in self._router.calls
        ]

    # --- answering ---------------------------------------------------------------------------

    @staticmethod
    def _public(item: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in item.items() if not key.startswith("_")}

    def _page(self, request: httpx.Request, items: list[dict[str, Any]]) -> httpx.Response:
        page = max(1, int(request.url.params.get("page", "1")))
        limit = min(self.max_items, max(1, int(request.url.params.get("limit", "30"))))
        chunk = items[(page - 1) * limit : page * limit]
        headers = {"X-Total-Count": str(len(items))}
        last = max(1, -(-len(items) // limit))
        if self.link_header and last > 1:
            params = dict(request.url.params)
            links = [(page + 1, "next")] if page < last else []
            links += [(last, "last"), (1, "first")]
            headers["Link"] = ", ".join(
                f'<{request.url.copy_with(query=urlencode(params | {"page": str(n)}).encode())}>; rel="{rel}"'
                for n, rel in links
            )
        return httpx.Response(200, json=[self._public(item) for item in chunk], headers=headers)

    def _user(self, request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=self.bot)

    def _repo(self, request: httpx.Request, owner: str, name: str) -> httpx.Response:
        repo = self.repos.get(f"{owner}/{name}")
        return httpx.Response(200, json=repo) if repo else httpx.Response(404, json={"message": "Not Found"})

    def _thread_comments(self, owner: str, name: str, number: str) -> list[dict[str, Any]]:
        return [c for c in self.comments if (c["_repo"], c["_number"]) == (f"{owner}/{name}", int(number))]

    def _issue_comments(self, request: httpx.Request, owner: str, name: str, number: str) -> httpx.Response:
        found = [self._public(c) for c in self._thread_comments(owner, name, number)]
        return httpx.Response(200, json=found, headers={"X-Total-Count": str(len(found))})

    def _repo_comments(self, request: httpx.Request, owner: str, name: str) -> httpx.Response:
        since = datetime.fromisoformat(request.url.params.get("since", "1970-01-01T00:00:00Z"))
        found = [
            c
            for c in self.comments
            if c["_repo"] == f"{owner}/{name}" and datetime.fromisoformat(c["updated_at"]) >= since
        ]
        return self._page(request, found)

    def _comment(self, request: httpx.Request, owner: str, name: str, number: str) -> httpx.Response:
        body = json.loads(request.content)["body"]
        self.created += 1
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        comment = self.add_comment(f"{owner}/{name}", int(number), body, login=self.bot_login, updated_at=now)
        return httpx.Response(201, json=self._public(comment))

    def _edit(self, request: httpx.Request, owner: str, name: str, comment_id: str) -> httpx.Response:
        for comment in self.comments:
            if comment["id"] == int(comment_id) and comment["_repo"] == f"{owner}/{name}":
                comment["body"] = json.loads(request.content)["body"]
                self.edited += 1
                return httpx.Response(200, json=self._public(comment))
        return httpx.Response(404, json={"message": "comment not found"})

    def _labels(self, request: httpx.Request, owner: str, name: str) -> httpx.Response:
        return self._page(request, self.labels.get(f"{owner}/{name}", []))

    def _next_number(self, full_name: str) -> int:
        numbers = [n for repo, n in self.pull_numbers if repo == full_name]
        numbers += [c["_number"] for c in self.comments if c["_repo"] == full_name]
        return max(numbers, default=0) + 1

    def _open_issue(self, request: httpx.Request, owner: str, name: str) -> httpx.Response:
        sent = json.loads(request.content)
        number = self._next_number(f"{owner}/{name}")
        issue = {
            "number": number,
            "title": sent["title"],
            "html_url": f"{HOST}/{owner}/{name}/issues/{number}",
        }
        known = {label["id"]: label for label in self.labels.get(f"{owner}/{name}", [])}
        issue["labels"] = [known[i] for i in sent.get("labels", []) if i in known]
        return httpx.Response(201, json=issue)

    def _list_pulls(self, request: httpx.Request, owner: str, name: str) -> httpx.Response:
        return self._page(request, [p for p in self.pulls if p["_repo"] == f"{owner}/{name}"])

    def _open_pull(self, request: httpx.Request, owner: str, name: str) -> httpx.Response:
        sent = json.loads(request.content)
        full_name = f"{owner}/{name}"
        for pull in self.pulls:
            if (pull["_repo"], pull["head"]["ref"], pull["base"]["ref"]) == (
                full_name,
                sent["head"],
                sent["base"],
            ):
                return httpx.Response(409, json={"message": "pull request already exists for these targets"})
        number = self._next_number(full_name)
        self.add_pull(full_name, number, head=sent["head"], base=sent["base"])
        return httpx.Response(201, json=self._public(self.pulls[-1]))
