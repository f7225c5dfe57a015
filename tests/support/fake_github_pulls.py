"""GitHub's pull-request API faked at HTTP (respx), for a worker that opens a handoff's pull request.

Beside :class:`tests.support.fake_github.FakeGitHubComments` (comments on the pull request go through the
issue-comment API, as on GitHub): listing open pull requests, opening one, checking a collaborator and
requesting reviewers. What was opened is kept in ``opened`` so a test can send the pull request's later
events (a review, the merge) with the body and branch the bot gave it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import respx

from tests.support.fake_github import API, rest_pull

FIRST_NUMBER = 8


class FakeGitHubPulls:
    def __init__(self, router: respx.MockRouter, *, collaborators: tuple[str, ...]) -> None:
        self.opened: list[dict[str, Any]] = []
        self.reviewers: list[str] = []
        self._collaborators = collaborators
        repo = re.escape(API) + r"repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/"
        router.get(url__regex=repo + r"pulls(?:\?.*)?$").mock(side_effect=self._list)
        router.post(url__regex=repo + r"pulls$").mock(side_effect=self._open)
        router.get(url__regex=repo + r"collaborators/(?P<login>[^/?]+)$").mock(side_effect=self._collaborator)
        router.post(url__regex=repo + r"pulls/(?P<number>\d+)/requested_reviewers$").mock(
            side_effect=self._request
        )

    def _list(self, request: httpx.Request, owner: str, repo: str) -> httpx.Response:
        return httpx.Response(200, json=self.opened)

    def _open(self, request: httpx.Request, owner: str, repo: str) -> httpx.Response:
        sent = json.loads(request.content)
        pull = rest_pull(f"{owner}/{repo}", FIRST_NUMBER + len(self.opened))
        pull |= {"title": sent["title"], "body": sent["body"], "head": pull["head"] | {"ref": sent["head"]}}
        self.opened.append(pull)
        return httpx.Response(201, json=pull)

    def _collaborator(self, request: httpx.Request, owner: str, repo: str, login: str) -> httpx.Response:
        return httpx.Response(204 if login in self._collaborators else 404)

    def _request(self, request: httpx.Request, owner: str, repo: str, number: str) -> httpx.Response:
        self.reviewers.extend(json.loads(request.content)["reviewers"])
        pull = next(p for p in self.opened if p["number"] == int(number))
        return httpx.Response(201, json=pull)
