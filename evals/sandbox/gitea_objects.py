"""Render the sandbox's state as Gitea API objects (``/api/v1``): user, repository, issue, comment, commit,
hook.

Gitea uses one set of structs (``modules/structs``) for its REST answers and its webhook payloads, so this
one renderer serves both, as on the real forge. Shapes follow ``fixtures/webhooks/gitea/issues__opened.json``
and ``issue_comment__created_on_issue.json``. Gitea differs from GitHub where a bot can trip: users have
no ``type`` (no bot marker), an issue's missing body is ``""`` not ``null``, and comment URLs are web pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from evals.sandbox.git_repos import CommitInfo, Signature
from evals.sandbox.models import Comment, Hook, Issue, Repository, User
from evals.sandbox.rendering import JSON, SiteRenderer, label_id, rfc3339

API_PREFIX = "/api/v1"
NEVER = "0001-01-01T00:00:00Z"  # Go's zero time, what Gitea shows for "never logged in"
HOOK_EVENTS = ["issues", "issue_comment", "push", "pull_request", "pull_request_review"]


@dataclass(frozen=True)
class GiteaRenderer(SiteRenderer):
    """Gitea-shaped objects for clients that reached the sandbox at ``site_url``."""

    api_prefix = API_PREFIX

    def repo_api_url(self, full_name: str) -> str:
        return f"{self.api_url}/repos/{full_name}"

    def issue_web_url(self, full_name: str, number: int) -> str:
        return f"{self.web_url(full_name)}/issues/{number}"

    def user(self, login: str) -> JSON:
        user = self.store.user(login)
        username = self.username(login)
        return {
            "id": user.id,
            "login": username,
            "login_name": "",
            "source_id": 0,
            "full_name": "",
            "email": user.email,
            "avatar_url": self.avatar_url(user),
            "html_url": self.web_url(username),
            "language": "",
            "is_admin": False,
            "last_login": NEVER,
            "created": rfc3339(user.created_at),
            "restricted": False,
            "active": True,
            "prohibit_login": False,
            "location": "",
            "website": "",
            "description": "",
            "visibility": "public",
            "followers_count": 0,
            "following_count": 0,
            "starred_repos_count": 0,
            "username": username,
        }

    def repository(self, repo: Repository, viewer: str | None = None) -> JSON:
        """The repository as ``viewer`` sees it; ``None`` is the owner's view, which webhooks carry.

        Every sandbox account may push, so only ``admin`` depends on who is looking.
        """
        html = self.web_url(repo.full_name)
        return {
            "id": repo.id,
            "owner": self.user(repo.owner),
            "name": repo.name,
            "full_name": repo.full_name,
            "description": "",
            "empty": self.is_empty(repo),
            "private": repo.private,
            "fork": False,
            "template": False,
            "parent": None,
            "mirror": False,
            "size": 0,
            "html_url": html,
            "ssh_url": self.ssh_url(repo.full_name),
            "clone_url": self.clone_url(repo.full_name),
            "original_url": "",
            "website": "",
            "stars_count": 0,
            "forks_count": 0,
            "watchers_count": 1,
            "open_issues_count": self.store.open_issue_count(repo.full_name),
            "open_pr_counter": 0,
            "release_counter": 0,
            "default_branch": repo.default_branch,
            "archived": False,
            "created_at": rfc3339(repo.created_at),
            "updated_at": rfc3339(repo.pushed_at),
            "permissions": {"admin": viewer in (None, repo.owner), "push": True, "pull": True},
            "has_issues": True,
            "internal_tracker": {
                "enable_time_tracker": False,
                "allow_only_contributors_to_track_time": True,
                "enable_issue_dependencies": False,
            },
            "has_wiki": False,
            "has_pull_requests": True,
            "has_projects": False,
            "ignore_whitespace_conflicts": False,
            "allow_merge_commits": True,
            "allow_rebase": True,
            "allow_rebase_explicit": True,
            "allow_squash_merge": True,
            "default_merge_style": "merge",
            "avatar_url": "",
            "internal": False,
            "mirror_interval": "",
            "mirror_updated": NEVER,
            "repo_transfer": None,
        }

    def label(self, full_name: str, name: str) -> JSON:
        return {
            "id": label_id(full_name, name),
            "name": name,
            "exclusive": False,
            "is_archived": False,
            "color": "ededed",
            "description": "",
            "url": f"{self.repo_api_url(full_name)}/labels/{label_id(full_name, name)}",
        }

    def issue(self, issue: Issue) -> JSON:
        repo = self.store.repository(issue.repo)
        return {
            "id": issue.id,
            "url": f"{self.repo_api_url(issue.repo)}/issues/{issue.number}",
            "html_url": self._thread_url(issue),
            "number": issue.number,
            "user": self.user(issue.author),
            "original_author": "",
            "original_author_id": 0,
            "title": issue.title,
            "body": issue.body or "",
            "ref": "",
            "labels": [self.label(issue.repo, name) for name in issue.labels],
            "milestone": None,
            "assignee": None,
            "assignees": None,
            "state": issue.state,
            "is_locked": False,
            "comments": len(self.store.comments(issue.repo, issue.number)),
            "created_at": rfc3339(issue.created_at),
            "updated_at": rfc3339(issue.updated_at),
            "closed_at": None,
            "due_date": None,
            "pull_request": (
                {
                    "merged": issue.pull.merged,
                    "merged_at": rfc3339(issue.pull.merged_at) if issue.pull.merged_at else None,
                }
                if issue.pull is not None
                else None
            ),
            "repository": {
                "id": repo.id,
                "name": repo.name,
                "owner": repo.owner,
                "full_name": repo.full_name,
            },
        }

    def _thread_url(self, issue: Issue) -> str:
        kind = "pulls" if issue.pull is not None else "issues"
        return f"{self.web_url(issue.repo)}/{kind}/{issue.number}"

    def pull(self, issue: Issue) -> JSON:
        """A pull request, as the API and ``pull_request`` webhooks show it."""
        assert issue.pull is not None
        repo = self.store.repository(issue.repo)
        bare = self.store.bare_repository(issue.repo)
        info = issue.pull

        def branch(name: str) -> JSON:
            sha = bare.resolve(f"refs/heads/{name}") or ""
            return {"label": name, "ref": name, "sha": sha, "repo_id": repo.id, "repo": self.repository(repo)}

        return {
            "id": issue.id,
            "url": self._thread_url(issue),
            "number": issue.number,
            "user": self.user(issue.author),
            "title": issue.title,
            "body": issue.body or "",
            "labels": [],
            "milestone": None,
            "assignee": None,
            "assignees": None,
            "requested_reviewers": [self.user(login) for login in info.reviewers],
            "state": issue.state,
            "is_locked": False,
            "comments": len(self.store.comments(issue.repo, issue.number)),
            "html_url": self._thread_url(issue),
            "diff_url": f"{self._thread_url(issue)}.diff",
            "patch_url": f"{self._thread_url(issue)}.patch",
            "mergeable": not info.merged,
            "merged": info.merged,
            "merged_at": rfc3339(info.merged_at) if info.merged_at else None,
            "merge_commit_sha": info.merge_commit,
            "merged_by": self.user(info.merged_by) if info.merged_by else None,
            "base": branch(info.base),
            "head": branch(info.head),
            "merge_base": "",
            "due_date": None,
            "created_at": rfc3339(issue.created_at),
            "updated_at": rfc3339(issue.updated_at),
            "closed_at": rfc3339(issue.updated_at) if issue.state == "closed" else None,
        }

    def comment(self, comment: Comment) -> JSON:
        issue = self.store.issue(comment.repo, comment.issue_number)
        issue_html = self._thread_url(issue)
        return {
            "id": comment.id,
            "html_url": f"{issue_html}#issuecomment-{comment.id}",
            "pull_request_url": issue_html if issue.pull is not None else "",
            "issue_url": "" if issue.pull is not None else issue_html,
            "user": self.user(comment.author),
            "original_author": "",
            "original_author_id": 0,
            "body": comment.body,
            "assets": [],
            "created_at": rfc3339(comment.created_at),
            "updated_at": rfc3339(comment.updated_at),
        }

    def commit(self, full_name: str, info: CommitInfo) -> JSON:
        api = self.repo_api_url(full_name)
        html = f"{self.web_url(full_name)}/commit"
        author, committer = self.commit_accounts(info)
        return {
            "url": f"{api}/git/commits/{info.sha}",
            "sha": info.sha,
            "created": info.committer.date,
            "html_url": f"{html}/{info.sha}",
            "commit": {
                "url": f"{api}/git/commits/{info.sha}",
                "author": _person(info.author),
                "committer": _person(info.committer),
                "message": info.message,
                "tree": {
                    "url": f"{api}/git/trees/{info.tree}",
                    "sha": info.tree,
                    "created": info.committer.date,
                },
                "verification": {
                    "verified": False,
                    "reason": "gpg.error.not_signed_commit",
                    "signature": "",
                    "signer": None,
                    "payload": "",
                },
            },
            "author": self._linked(author),
            "committer": self._linked(committer),
            "parents": [
                {"url": f"{api}/git/commits/{parent}", "sha": parent, "created": info.committer.date}
                for parent in info.parents
            ],
            "files": None,
            "stats": None,
        }

    def _linked(self, user: User | None) -> JSON | None:
        return self.user(user.login) if user else None

    def hook(self, hook: Hook) -> JSON:
        """A repository hook as Gitea lists it (type ``gitea``, JSON, the events the sandbox sends)."""
        return {
            "id": hook.id,
            "type": "gitea",
            "branch_filter": "*",
            "config": {"content_type": hook.content_type, "url": hook.url, "http_method": "post"},
            "events": HOOK_EVENTS,
            "authorization_header": "",
            "active": True,
            "updated_at": rfc3339(hook.created_at),
            "created_at": rfc3339(hook.created_at),
        }


def _person(signature: Signature) -> JSON:
    return {"name": signature.name, "email": signature.email, "date": signature.date}
