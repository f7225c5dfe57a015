"""A recording fake of GitHub's issue-comment API at the HTTP boundary (respx).

The real githubkit client sends real HTTP requests; respx answers them from
an in-memory list of comments shaped like GitHub's (taken from a real webhook
fixture), so the adapter's pagination, marker search and edits are exercised
for real. One shared fake for every test that needs GitHub's API.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import httpx
import respx

from tests.conftest import load_fixture

API = "https://github.example/api/v3/"


class FakeGitHubComments:
    def __init__(self, router: respx.MockRouter, *, fail_posts: int = 0) -> None:
        self.comments: dict[int, list[dict[str, Any]]] = {}
        self.created = 0
        self.edited = 0
        self._fail_posts = fail_posts
        self._next_id = 1000
        self._template = load_fixture("github", "issue_comment__created_on_issue")["comment"]
        base = re.escape(API) + r"repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/issues/"
        router.get(url__regex=base + r"(?P<number>\d+)/comments").mock(side_effect=self._list)
        router.post(url__regex=base + r"(?P<number>\d+)/comments").mock(side_effect=self._create)
        router.patch(url__regex=base + r"comments/(?P<comment_id>\d+)").mock(side_effect=self._edit)

    def bodies(self, number: int) -> list[str]:
        return [c["body"] for c in self.comments.get(number, [])]

    def _list(self, request: httpx.Request, owner: str, repo: str, number: str) -> httpx.Response:
        return httpx.Response(200, json=self.comments.get(int(number), []))

    def _create(self, request: httpx.Request, owner: str, repo: str, number: str) -> httpx.Response:
        if self._fail_posts:
            self._fail_posts -= 1
            return httpx.Response(502, json={"message": "Server Error"})
        self._next_id += 1
        comment = copy.deepcopy(self._template)
        comment |= {
            "id": self._next_id,
            "body": json.loads(request.content)["body"],
            "html_url": f"https://github.example/{owner}/{repo}/issues/{number}#issuecomment-{self._next_id}",
            "url": f"{API}repos/{owner}/{repo}/issues/comments/{self._next_id}",
        }
        comment["user"] = {**comment["user"], "login": "gitlearnos-bot[bot]", "type": "Bot"}
        self.comments.setdefault(int(number), []).append(comment)
        self.created += 1
        return httpx.Response(201, json=comment)

    def _edit(self, request: httpx.Request, owner: str, repo: str, comment_id: str) -> httpx.Response:
        for thread in self.comments.values():
            for comment in thread:
                if comment["id"] == int(comment_id):
                    comment["body"] = json.loads(request.content)["body"]
                    self.edited += 1
                    return httpx.Response(200, json=comment)
        return httpx.Response(404, json={"message": "Not Found"})
