"""Render the sandbox's forge-neutral state as GitHub's JSON objects.

Shapes follow GitHub's own (the ``issue``, ``comment``, ``repository`` and ``sender`` objects of real
webhook payloads, plus the extra fields GitHub's REST answers carry) closely enough that githubkit's models
validate them; every URL points back at the sandbox. Both the REST API and the webhook payloads use this
one renderer, so an object looks the same wherever the bot meets it.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import quote, urlsplit

from evals.sandbox.git_repos import CommitInfo, Signature
from evals.sandbox.models import Comment, Hook, Issue, Repository, Review, User, UserKind
from evals.sandbox.rendering import JSON, SiteRenderer, label_id, plain_username, rfc3339

API_PREFIX = "/api/v3"
# Repository URL templates GitHub lists on every repository object: (field, path after the repo's API URL).
_REPO_URL_FIELDS = [
    ("forks_url", "/forks"),
    ("keys_url", "/keys{/key_id}"),
    ("collaborators_url", "/collaborators{/collaborator}"),
    ("teams_url", "/teams"),
    ("hooks_url", "/hooks"),
    ("issue_events_url", "/issues/events{/number}"),
    ("events_url", "/events"),
    ("assignees_url", "/assignees{/user}"),
    ("branches_url", "/branches{/branch}"),
    ("tags_url", "/tags"),
    ("blobs_url", "/git/blobs{/sha}"),
    ("git_tags_url", "/git/tags{/sha}"),
    ("git_refs_url", "/git/refs{/sha}"),
    ("trees_url", "/git/trees{/sha}"),
    ("statuses_url", "/statuses/{sha}"),
    ("languages_url", "/languages"),
    ("stargazers_url", "/stargazers"),
    ("contributors_url", "/contributors"),
    ("subscribers_url", "/subscribers"),
    ("subscription_url", "/subscription"),
    ("commits_url", "/commits{/sha}"),
    ("git_commits_url", "/git/commits{/sha}"),
    ("comments_url", "/comments{/number}"),
    ("issue_comment_url", "/issues/comments{/number}"),
    ("contents_url", "/contents/{+path}"),
    ("compare_url", "/compare/{base}...{head}"),
    ("merges_url", "/merges"),
    ("archive_url", "/{archive_format}{/ref}"),
    ("downloads_url", "/downloads"),
    ("issues_url", "/issues{/number}"),
    ("pulls_url", "/pulls{/number}"),
    ("milestones_url", "/milestones{/number}"),
    ("notifications_url", "/notifications{?since,all,participating}"),
    ("labels_url", "/labels{/name}"),
    ("releases_url", "/releases{/id}"),
    ("deployments_url", "/deployments"),
]
_NO_REACTIONS = {
    "total_count": 0,
    "+1": 0,
    "-1": 0,
    "laugh": 0,
    "hooray": 0,
    "confused": 0,
    "heart": 0,
    "rocket": 0,
    "eyes": 0,
}


def _git_time(signature: Signature) -> str:
    return rfc3339(datetime.fromisoformat(signature.date))


def node_id(type_name: str, object_id: int) -> str:
    """A legacy-format GraphQL node id, e.g. ``MDQ6VXNlcjE=`` for ``04:User1``."""
    return base64.b64encode(f"0{len(type_name)}:{type_name}{object_id}".encode()).decode()


@dataclass(frozen=True)
class GitHubRenderer(SiteRenderer):
    """Renders state for clients that reached the sandbox at ``site_url`` (scheme, host, port)."""

    api_prefix = API_PREFIX

    def username(self, login: str) -> str:
        return login  # GitHub keeps an App account's ``[bot]`` suffix

    def repo_api_url(self, full_name: str) -> str:
        return f"{self.api_url}/repos/{full_name}"

    def user(self, login: str) -> JSON:
        return self._user(self.store.user(login))

    def _user(self, user: User) -> JSON:
        api = f"{self.api_url}/users/{quote(user.login)}"
        is_bot = user.kind is UserKind.BOT
        html = self.web_url(f"apps/{plain_username(user.login)}" if is_bot else user.login)
        return {
            "login": user.login,
            "id": user.id,
            "node_id": node_id("User", user.id),
            "avatar_url": self.avatar_url(user),
            "gravatar_id": "",
            "url": api,
            "html_url": html,
            "followers_url": f"{api}/followers",
            "following_url": f"{api}/following{{/other_user}}",
            "gists_url": f"{api}/gists{{/gist_id}}",
            "starred_url": f"{api}/starred{{/owner}}{{/repo}}",
            "subscriptions_url": f"{api}/subscriptions",
            "organizations_url": f"{api}/orgs",
            "repos_url": f"{api}/repos",
            "events_url": f"{api}/events{{/privacy}}",
            "received_events_url": f"{api}/received_events",
            "type": user.kind.value,
            "user_view_type": "public",
            "site_admin": False,
        }

    def authenticated_user(self, login: str) -> JSON:
        """``GET /user``: the account plus the profile and plan fields GitHub adds for its owner."""
        user = self.store.user(login)
        profile = {
            "name": user.login,
            "company": None,
            "blog": "",
            "location": None,
            "email": user.email,
            "hireable": None,
            "bio": None,
            "twitter_username": None,
            "public_repos": 0,
            "public_gists": 0,
            "followers": 0,
            "following": 0,
            "created_at": rfc3339(user.created_at),
            "updated_at": rfc3339(user.created_at),
            "private_gists": 0,
            "total_private_repos": 0,
            "owned_private_repos": 0,
            "disk_usage": 0,
            "collaborators": 0,
            "two_factor_authentication": False,
        }
        return self._user(user) | profile

    def repository(self, repo: Repository) -> JSON:
        api = self.repo_api_url(repo.full_name)
        html = self.web_url(repo.full_name)
        open_issues = self.store.open_issue_count(repo.full_name)
        return {
            "id": repo.id,
            "node_id": node_id("Repository", repo.id),
            "name": repo.name,
            "full_name": repo.full_name,
            "private": repo.private,
            "owner": self.user(repo.owner),
            "html_url": html,
            "description": None,
            "fork": False,
            "url": api,
            **{field: api + suffix for field, suffix in _REPO_URL_FIELDS},
            "created_at": rfc3339(repo.created_at),
            "updated_at": rfc3339(repo.pushed_at),
            "pushed_at": rfc3339(repo.pushed_at),
            "git_url": f"git://{urlsplit(self.site_url).netloc}/{repo.full_name}.git",
            "ssh_url": self.ssh_url(repo.full_name),
            "clone_url": self.clone_url(repo.full_name),
            "svn_url": html,
            "mirror_url": None,
            "homepage": None,
            "language": None,
            "size": 0,
            "forks_count": 0,
            "forks": 0,
            "stargazers_count": 0,
            "watchers_count": 0,
            "watchers": 0,
            "subscribers_count": 1,
            "network_count": 0,
            "open_issues_count": open_issues,
            "open_issues": open_issues,
            "default_branch": repo.default_branch,
            "has_issues": True,
            "has_projects": False,
            "has_wiki": False,
            "has_pages": False,
            "has_downloads": False,
            "has_discussions": False,
            "archived": False,
            "disabled": False,
            "is_template": False,
            "license": None,
            "topics": [],
            "visibility": "private" if repo.private else "public",
            "web_commit_signoff_required": False,
            "allow_forking": False,
            "custom_properties": {},
        }

    def label(self, full_name: str, name: str) -> JSON:
        number = label_id(full_name, name)
        return {
            "id": number,
            "node_id": node_id("Label", number),
            "url": f"{self.repo_api_url(full_name)}/labels/{quote(name)}",
            "name": name,
            "color": "ededed",
            "default": False,
            "description": None,
        }

    def _author_association(self, full_name: str, login: str) -> str:
        if login == self.store.repository(full_name).owner:
            return "OWNER"
        return "NONE" if self.store.user(login).kind is UserKind.BOT else "COLLABORATOR"

    def issue_html_url(self, issue: Issue) -> str:
        kind = "pull" if issue.pull is not None else "issues"
        return f"{self.web_url(issue.repo)}/{kind}/{issue.number}"

    def issue(self, issue: Issue) -> JSON:
        api = f"{self.repo_api_url(issue.repo)}/issues/{issue.number}"
        pull_links = {}
        if issue.pull is not None:  # GitHub marks a PR seen through the issues API by this object
            html = self.issue_html_url(issue)
            pull_links = {
                "pull_request": {
                    "url": f"{self.repo_api_url(issue.repo)}/pulls/{issue.number}",
                    "html_url": html,
                    "diff_url": f"{html}.diff",
                    "patch_url": f"{html}.patch",
                    "merged_at": rfc3339(issue.pull.merged_at) if issue.pull.merged_at else None,
                }
            }
        return pull_links | {
            "url": api,
            "repository_url": self.repo_api_url(issue.repo),
            "labels_url": f"{api}/labels{{/name}}",
            "comments_url": f"{api}/comments",
            "events_url": f"{api}/events",
            "html_url": self.issue_html_url(issue),
            "id": issue.id,
            "node_id": node_id("Issue", issue.id),
            "number": issue.number,
            "title": issue.title,
            "user": self.user(issue.author),
            "labels": [self.label(issue.repo, name) for name in issue.labels],
            "state": issue.state,
            "locked": False,
            "assignee": None,
            "assignees": [],
            "milestone": None,
            "comments": len(self.store.comments(issue.repo, issue.number)),
            "created_at": rfc3339(issue.created_at),
            "updated_at": rfc3339(issue.updated_at),
            "closed_at": None,
            "author_association": self._author_association(issue.repo, issue.author),
            "active_lock_reason": None,
            "body": issue.body,
            "reactions": {"url": f"{api}/reactions", **_NO_REACTIONS},
            "timeline_url": f"{api}/timeline",
            "performed_via_github_app": None,
            "state_reason": None,
            "draft": False,
        }

    def comment(self, comment: Comment) -> JSON:
        api = f"{self.repo_api_url(comment.repo)}/issues/comments/{comment.id}"
        issue_html = self.issue_html_url(self.store.issue(comment.repo, comment.issue_number))
        return {
            "url": api,
            "html_url": f"{issue_html}#issuecomment-{comment.id}",
            "issue_url": f"{self.repo_api_url(comment.repo)}/issues/{comment.issue_number}",
            "id": comment.id,
            "node_id": node_id("IssueComment", comment.id),
            "user": self.user(comment.author),
            "created_at": rfc3339(comment.created_at),
            "updated_at": rfc3339(comment.updated_at),
            "author_association": self._author_association(comment.repo, comment.author),
            "body": comment.body,
            "reactions": {"url": f"{api}/reactions", **_NO_REACTIONS},
            "performed_via_github_app": None,
        }

    def _branch(self, repo: Repository, branch: str) -> JSON:
        sha = self.store.bare_repository(repo.full_name).resolve(f"refs/heads/{branch}") or ""
        return {
            "label": f"{repo.owner}:{branch}",
            "ref": branch,
            "sha": sha,
            "user": self.user(repo.owner),
            "repo": self.repository(repo),
        }

    def pull(self, issue: Issue) -> JSON:
        """A pull request as ``GET /pulls/{n}`` shows it (and webhooks carry it)."""
        assert issue.pull is not None
        repo = self.store.repository(issue.repo)
        api = f"{self.repo_api_url(issue.repo)}/pulls/{issue.number}"
        issue_api = f"{self.repo_api_url(issue.repo)}/issues/{issue.number}"
        html = self.issue_html_url(issue)
        info = issue.pull
        links = {
            "self": api,
            "html": html,
            "issue": issue_api,
            "comments": f"{issue_api}/comments",
            "review_comments": f"{api}/comments",
            "review_comment": f"{self.repo_api_url(issue.repo)}/pulls/comments{{/number}}",
            "commits": f"{api}/commits",
            "statuses": f"{self.repo_api_url(issue.repo)}/statuses/{self._branch(repo, info.head)['sha']}",
        }
        return {
            "url": api,
            "id": issue.id,
            "node_id": node_id("PullRequest", issue.id),
            "html_url": html,
            "diff_url": f"{html}.diff",
            "patch_url": f"{html}.patch",
            "issue_url": issue_api,
            "commits_url": links["commits"],
            "review_comments_url": links["review_comments"],
            "review_comment_url": links["review_comment"],
            "comments_url": links["comments"],
            "statuses_url": links["statuses"],
            "number": issue.number,
            "state": issue.state,
            "locked": False,
            "title": issue.title,
            "user": self.user(issue.author),
            "body": issue.body,
            "labels": [],
            "milestone": None,
            "active_lock_reason": None,
            "created_at": rfc3339(issue.created_at),
            "updated_at": rfc3339(issue.updated_at),
            "closed_at": rfc3339(issue.updated_at) if issue.state == "closed" else None,
            "merged_at": rfc3339(info.merged_at) if info.merged_at else None,
            "merge_commit_sha": info.merge_commit,
            "assignee": None,
            "assignees": [],
            "requested_reviewers": [self.user(login) for login in info.reviewers],
            "requested_teams": [],
            "head": self._branch(repo, info.head),
            "base": self._branch(repo, info.base),
            "_links": {name: {"href": href} for name, href in links.items()},
            "author_association": self._author_association(issue.repo, issue.author),
            "auto_merge": None,
            "draft": False,
            "merged": info.merged,
            "mergeable": None if info.merged else True,
            "rebaseable": None,
            "mergeable_state": "clean",
            "merged_by": self.user(info.merged_by) if info.merged_by else None,
            "comments": len(self.store.comments(issue.repo, issue.number)),
            "review_comments": 0,
            "maintainer_can_modify": False,
            "commits": 1,
            "additions": 0,
            "deletions": 0,
            "changed_files": 0,
        }

    def review_comment(self, comment: Comment) -> JSON:
        """A line comment (``pull_request_review_comment``): its file, line and pull request."""
        html = self.issue_html_url(self.store.issue(comment.repo, comment.issue_number))
        return {
            "id": comment.id,
            "node_id": node_id("PullRequestReviewComment", comment.id),
            "url": f"{self.repo_api_url(comment.repo)}/pulls/comments/{comment.id}",
            "html_url": f"{html}#discussion_r{comment.id}",
            "pull_request_url": f"{self.repo_api_url(comment.repo)}/pulls/{comment.issue_number}",
            "path": comment.path,
            "line": comment.line,
            "original_line": comment.line,
            "side": "RIGHT",
            "diff_hunk": "",
            "body": comment.body,
            "user": self.user(comment.author),
            "created_at": rfc3339(comment.created_at),
            "updated_at": rfc3339(comment.updated_at),
            "author_association": self._author_association(comment.repo, comment.author),
            "in_reply_to_id": None,
            "pull_request_review_id": None,
        }

    def review(self, review: Review) -> JSON:
        html = self.issue_html_url(self.store.issue(review.repo, review.number))
        return {
            "id": review.id,
            "node_id": node_id("PullRequestReview", review.id),
            "user": self.user(review.author),
            "body": review.body or None,
            "state": review.state,
            "html_url": f"{html}#pullrequestreview-{review.id}",
            "pull_request_url": f"{self.repo_api_url(review.repo)}/pulls/{review.number}",
            "submitted_at": rfc3339(review.submitted_at),
            "author_association": self._author_association(review.repo, review.author),
            "commit_id": None,
        }

    def commit(self, full_name: str, info: CommitInfo) -> JSON:
        api = self.repo_api_url(full_name)
        html = f"{self.web_url(full_name)}/commit"
        author, committer = self.commit_accounts(info)
        return {
            "sha": info.sha,
            "node_id": node_id("Commit", int(info.sha[:12], 16)),
            "commit": {
                "author": {
                    "name": info.author.name,
                    "email": info.author.email,
                    "date": _git_time(info.author),
                },
                "committer": {
                    "name": info.committer.name,
                    "email": info.committer.email,
                    "date": _git_time(info.committer),
                },
                "message": info.message,
                "tree": {"sha": info.tree, "url": f"{api}/git/trees/{info.tree}"},
                "url": f"{api}/git/commits/{info.sha}",
                "comment_count": 0,
                "verification": {"verified": False, "reason": "unsigned", "signature": None, "payload": None},
            },
            "url": f"{api}/commits/{info.sha}",
            "html_url": f"{html}/{info.sha}",
            "comments_url": f"{api}/commits/{info.sha}/comments",
            "author": self._user(author) if author else None,
            "committer": self._user(committer) if committer else None,
            "parents": [
                {"sha": parent, "url": f"{api}/commits/{parent}", "html_url": f"{html}/{parent}"}
                for parent in info.parents
            ],
        }

    def hook(self, hook: Hook) -> JSON:
        api = f"{self.repo_api_url(hook.repo)}/hooks/{hook.id}"
        return {
            "type": "Repository",
            "id": hook.id,
            "name": "web",
            "active": True,
            "events": ["*"],
            "config": {
                "content_type": hook.content_type,
                "url": hook.url,
                "insecure_ssl": "0",
                "secret": "********",
            },
            "updated_at": rfc3339(hook.created_at),
            "created_at": rfc3339(hook.created_at),
            "url": api,
            "test_url": f"{api}/test",
            "ping_url": f"{api}/pings",
            "deliveries_url": f"{api}/deliveries",
            "last_response": {"code": None, "status": "unused", "message": None},
        }
