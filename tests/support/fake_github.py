"""A recording fake of GitHub's issue-comment API at the HTTP boundary (respx).

The real githubkit client sends real HTTP requests; respx answers them from
an in-memory list of comments shaped like GitHub's (taken from a real webhook
fixture), so the adapter's pagination, marker search and edits are exercised
for real. Lists are paged as GitHub pages them (``per_page``, ``page`` and a
``Link: <…>; rel="next"`` header). One shared fake for every test that needs
GitHub's API.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any
from urllib.parse import urlencode

import httpx
import respx

from tests.support.payloads import load_fixture

API = "https://api.github.com/"  # github.com, so the worker serves the tests' github.com repositories
GITHUB_DEFAULT_PAGE_SIZE = 30
BOT = "gitlearnos-bot[bot]"


class FakeGitHubComments:
    def __init__(self, router: respx.MockRouter, *, fail_posts: int = 0) -> None:
        self.comments: dict[int, list[dict[str, Any]]] = {}
        self.created = 0
        self.edited = 0
        self._fail_posts = fail_posts
        self._next_id = 1000
        self._template: dict[str, Any] = load_fixture("github", "issue_comment__created_on_issue")["comment"]
        base = re.escape(API) + r"repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/issues/"
        router.get(url__regex=base + r"(?P<number>\d+)/comments").mock(side_effect=self._list)
        router.post(url__regex=base + r"(?P<number>\d+)/comments").mock(side_effect=self._create)
        router.patch(url__regex=base + r"comments/(?P<comment_id>\d+)").mock(side_effect=self._edit)
        # Opening an issue (POST /repos/{owner}/{repo}/issues): recorded in ``issues``, numbered from 100.
        self.issues: list[dict[str, Any]] = []
        issues = re.escape(API) + r"repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/issues$"
        router.post(url__regex=issues).mock(side_effect=self._open_issue)
        # GET /repos/{owner}/{repo}: the visibility every job asks before it clones (private).
        repository = re.escape(API) + r"repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)$"
        router.get(url__regex=repository).mock(side_effect=self._repository)
        # GET /user: the token's account, the one this fake writes the bot's comments as, so an upsert
        # can tell its own marked comment from a learner's. A test's own /user route, added first, wins.
        router.get(url__regex=re.escape(API) + r"user$").respond(200, json=rest_user(BOT, user_type="Bot"))

    def _repository(self, request: httpx.Request, owner: str, repo: str) -> httpx.Response:
        return httpx.Response(200, json=rest_repository(f"{owner}/{repo}"))

    def bodies(self, number: int) -> list[str]:
        return [c["body"] for c in self.comments.get(number, [])]

    def seed(self, owner: str, repo: str, number: int, body: str, *, login: str = "alice") -> int:
        """Put a comment on thread ``number`` as if ``login`` had written it; returns its id."""
        comment = self._new_comment(owner, repo, number, body, login=login, user_type="User")
        return int(comment["id"])

    def _new_comment(
        self, owner: str, repo: str, number: int, body: str, *, login: str, user_type: str
    ) -> dict[str, Any]:
        self._next_id += 1
        comment: dict[str, Any] = copy.deepcopy(self._template)
        comment |= {
            "id": self._next_id,
            "body": body,
            "html_url": f"https://github.example/{owner}/{repo}/issues/{number}#issuecomment-{self._next_id}",
            "url": f"{API}repos/{owner}/{repo}/issues/comments/{self._next_id}",
            "issue_url": f"{API}repos/{owner}/{repo}/issues/{number}",
        }
        comment["user"] = {**comment["user"], "login": login, "type": user_type}
        self.comments.setdefault(number, []).append(comment)
        return comment

    def _list(self, request: httpx.Request, owner: str, repo: str, number: str) -> httpx.Response:
        params = request.url.params
        size = int(params.get("per_page", GITHUB_DEFAULT_PAGE_SIZE))
        page = int(params.get("page", 1))
        everything = self.comments.get(int(number), [])
        headers = {}
        if page * size < len(everything):
            following = urlencode({**params, "page": page + 1})
            headers["Link"] = f'<{request.url.copy_with(query=following.encode())}>; rel="next"'
        return httpx.Response(200, json=everything[(page - 1) * size : page * size], headers=headers)

    def _create(self, request: httpx.Request, owner: str, repo: str, number: str) -> httpx.Response:
        if self._fail_posts:
            self._fail_posts -= 1
            return httpx.Response(502, json={"message": "Server Error"})
        body = json.loads(request.content)["body"]
        comment = self._new_comment(owner, repo, int(number), body, login=BOT, user_type="Bot")
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

    def _open_issue(self, request: httpx.Request, owner: str, repo: str) -> httpx.Response:
        sent = json.loads(request.content)
        issue = rest_issue(f"{owner}/{repo}", 100 + len(self.issues)) | {
            "title": sent["title"],
            "body": sent.get("body"),
        }
        self.issues.append(issue)
        return httpx.Response(201, json=issue)


# GitHub's REST answers, built from the real webhook objects plus the fields REST adds, so githubkit's
# response models validate them as they validate GitHub's own.


def rest_user(login: str, *, user_id: int = 1, user_type: str = "User") -> dict[str, Any]:
    sender: dict[str, Any] = load_fixture("github", "issues__opened")["sender"]
    profile = dict.fromkeys(("name", "company", "blog", "location", "email", "hireable", "bio"))
    counts = dict.fromkeys(("public_repos", "public_gists", "followers", "following"), 0)
    stamps = dict.fromkeys(("created_at", "updated_at"), "2026-01-01T00:00:00Z")
    return sender | profile | counts | stamps | {"login": login, "id": user_id, "type": user_type}


def rest_repository(full_name: str, *, private: bool = True, default_branch: str = "main") -> dict[str, Any]:
    repo: dict[str, Any] = load_fixture("github", "issues__opened")["repository"]
    owner, name = full_name.split("/")
    return repo | {
        "name": name,
        "full_name": full_name,
        "owner": repo["owner"] | {"login": owner},
        "private": private,
        "visibility": "private" if private else "public",
        "default_branch": default_branch,
        "clone_url": f"https://github.example/{full_name}.git",
        "html_url": f"https://github.example/{full_name}",
        "has_discussions": False,
        "subscribers_count": 0,
        "network_count": 0,
    }


def rest_issue(full_name: str, number: int) -> dict[str, Any]:
    issue: dict[str, Any] = load_fixture("github", "issues__opened")["issue"]
    return issue | {"number": number, "html_url": f"https://github.example/{full_name}/issues/{number}"}


def rest_pull(full_name: str, number: int) -> dict[str, Any]:
    pull: dict[str, Any] = load_fixture("github", "pull_request__opened")["pull_request"]
    return pull | {
        "number": number,
        "html_url": f"https://github.example/{full_name}/pull/{number}",
        "labels": [],
    }


def rest_comment(
    full_name: str, number: int, comment_id: int, *, on_pull: bool, login: str
) -> dict[str, Any]:
    comment: dict[str, Any] = load_fixture("github", "issue_comment__created_on_issue")["comment"]
    kind = "pull" if on_pull else "issues"
    return comment | {
        "id": comment_id,
        "html_url": f"https://github.example/{full_name}/{kind}/{number}#issuecomment-{comment_id}",
        "issue_url": f"{API}repos/{full_name}/issues/{number}",
        "user": comment["user"] | {"login": login},
    }


def rest_installation(installation_id: int) -> dict[str, Any]:
    installation: dict[str, Any] = load_fixture("github", "installation__created")["installation"]
    return installation | {"id": installation_id, "app_slug": "gitlearnos-bot"}


def rest_app(slug: str, *, app_id: int) -> dict[str, Any]:
    return {
        "id": app_id,
        "slug": slug,
        "node_id": "A_kwDOApp",
        "owner": rest_user("gitlearnos-org", user_type="Organization"),
        "name": "GitLearnOS Bot",
        "description": None,
        "external_url": "https://gitlearnos.example",
        "html_url": f"https://github.example/apps/{slug}",
        "created_at": "2026-01-01T00:00:00Z",
        "updated_at": "2026-01-01T00:00:00Z",
        "permissions": {"issues": "write", "contents": "write", "pull_requests": "write"},
        "events": ["issues", "issue_comment", "push"],
    }
