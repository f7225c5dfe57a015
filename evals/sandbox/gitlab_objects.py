"""Render the sandbox's state as GitLab REST objects (API v4): user, project, issue, note, commit, hook.

Fields follow GitLab's API entities closely enough that python-gitlab's objects work on them: above all
the ids it builds paths from (a project's ``id``, an issue's ``iid`` and ``project_id``, a note's ``id``).
GitLab's differences from GitHub are kept on purpose, because a bot must get them right: issues are
addressed by the project-scoped ``iid``, the text is ``description``/``body``, state is ``opened``, people
are ``author`` with a ``username``, and nothing marks a bot account.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal
from urllib.parse import quote

from evals.sandbox.git_client import commit_trailers
from evals.sandbox.git_repos import CommitInfo
from evals.sandbox.models import Comment, Hook, Issue, Repository, UserKind
from evals.sandbox.rendering import JSON, SiteRenderer

API_PREFIX = "/api/v4"
VISIBILITY_LEVEL = {True: 0, False: 20}  # private → 0, public → 20 (GitLab's Gitlab::VisibilityLevel)
IssueState = Literal["opened", "closed"]


def api_time(moment: datetime) -> str:
    """GitLab's REST timestamp form: UTC with milliseconds, e.g. ``2016-01-04T15:31:46.000Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def git_time(iso: str) -> str:
    """A commit date as GitLab shows it: the committer's offset kept, milliseconds added."""
    return datetime.fromisoformat(iso).isoformat(timespec="milliseconds")


def issue_state(issue: Issue) -> IssueState:
    return "opened" if issue.state == "open" else "closed"


@dataclass(frozen=True)
class GitLabRenderer(SiteRenderer):
    """GitLab-shaped objects for clients that reached the sandbox at ``site_url``."""

    api_prefix = API_PREFIX

    def project_api_url(self, project_id: int) -> str:
        return f"{self.api_url}/projects/{project_id}"

    def issue_web_url(self, full_name: str, iid: int) -> str:
        return f"{self.web_url(full_name)}/-/issues/{iid}"

    def note_web_url(self, comment: Comment) -> str:
        on_pull = self.store.issue(comment.repo, comment.issue_number).pull is not None
        url = self.merge_request_web_url if on_pull else self.issue_web_url
        return f"{url(comment.repo, comment.issue_number)}#note_{comment.id}"

    def user(self, login: str) -> JSON:
        """The ``UserBasic`` entity every author, owner and assignee is shown as."""
        user = self.store.user(login)
        username = self.username(login)
        return {
            "id": user.id,
            "username": username,
            "name": username,
            "state": "active",
            "locked": False,
            "avatar_url": self.avatar_url(user),
            "web_url": f"{self.site_url}/{quote(username)}",
        }

    def authenticated_user(self, login: str) -> JSON:
        """``GET /user``: the account plus the profile fields GitLab shows its owner; ``bot`` only here."""
        user = self.store.user(login)
        created = api_time(user.created_at)
        return self.user(login) | {
            "created_at": created,
            "bio": "",
            "location": "",
            "public_email": None,
            "website_url": "",
            "organization": "",
            "job_title": "",
            "bot": user.kind is UserKind.BOT,
            "last_sign_in_at": created,
            "confirmed_at": created,
            "last_activity_on": user.created_at.date().isoformat(),
            "email": user.email,
            "commit_email": user.email,
            "projects_limit": 100000,
            "current_sign_in_at": created,
            "identities": [],
            "can_create_group": True,
            "can_create_project": True,
            "two_factor_enabled": False,
            "external": False,
            "private_profile": False,
        }

    def project(self, repo: Repository) -> JSON:
        api = self.project_api_url(repo.id)
        owner = self.store.user(repo.owner)
        return {
            "id": repo.id,
            "description": None,
            "name": repo.name,
            "name_with_namespace": f"{self.username(repo.owner)} / {repo.name}",
            "path": repo.name,
            "path_with_namespace": repo.full_name,
            "created_at": api_time(repo.created_at),
            "default_branch": repo.default_branch,
            "tag_list": [],
            "topics": [],
            "ssh_url_to_repo": self.ssh_url(repo.full_name),
            "http_url_to_repo": self.clone_url(repo.full_name),
            "web_url": self.web_url(repo.full_name),
            "readme_url": None,
            "forks_count": 0,
            "avatar_url": None,
            "star_count": 0,
            "last_activity_at": api_time(repo.pushed_at),
            "namespace": {
                "id": owner.id,
                "name": self.username(repo.owner),
                "path": repo.owner,
                "kind": "user",
                "full_path": repo.owner,
                "parent_id": None,
                "avatar_url": self.avatar_url(owner),
                "web_url": self.web_url(repo.owner),
            },
            "_links": {
                "self": api,
                "issues": f"{api}/issues",
                "merge_requests": f"{api}/merge_requests",
                "repo_branches": f"{api}/repository/branches",
                "labels": f"{api}/labels",
                "events": f"{api}/events",
                "members": f"{api}/members",
            },
            "empty_repo": self.is_empty(repo),
            "archived": False,
            "visibility": "private" if repo.private else "public",
            "owner": self.user(repo.owner),
            "issues_enabled": True,
            "open_issues_count": self.store.open_issue_count(repo.full_name),
            "merge_requests_enabled": True,
            "creator_id": owner.id,
            "import_status": "none",
        }

    def issue(self, issue: Issue) -> JSON:
        project = self.store.repository(issue.repo)
        api = f"{self.project_api_url(project.id)}/issues/{issue.number}"
        return {
            "id": issue.id,
            "iid": issue.number,
            "project_id": project.id,
            "title": issue.title,
            "description": issue.body,
            "state": issue_state(issue),
            "created_at": api_time(issue.created_at),
            "updated_at": api_time(issue.updated_at),
            "closed_at": None,
            "closed_by": None,
            "labels": list(issue.labels),
            "milestone": None,
            "assignees": [],
            "author": self.user(issue.author),
            "type": "ISSUE",
            "assignee": None,
            "user_notes_count": len(self.store.comments(issue.repo, issue.number)),
            "merge_requests_count": 0,
            "upvotes": 0,
            "downvotes": 0,
            "due_date": None,
            "confidential": False,
            "discussion_locked": None,
            "issue_type": "issue",
            "web_url": self.issue_web_url(issue.repo, issue.number),
            "time_stats": {
                "time_estimate": 0,
                "total_time_spent": 0,
                "human_time_estimate": None,
                "human_total_time_spent": None,
            },
            "task_completion_status": {"count": 0, "completed_count": 0},
            "has_tasks": False,
            "_links": {
                "self": api,
                "notes": f"{api}/notes",
                "award_emoji": f"{api}/award_emoji",
                "project": self.project_api_url(project.id),
                "closed_as_duplicate_of": None,
            },
            "references": {
                "short": f"#{issue.number}",
                "relative": f"#{issue.number}",
                "full": f"{issue.repo}#{issue.number}",
            },
            "severity": "UNKNOWN",
            "moved_to_id": None,
            "service_desk_reply_to": None,
        }

    def note(self, comment: Comment) -> JSON:
        issue = self.store.issue(comment.repo, comment.issue_number)
        return {
            "id": comment.id,
            "type": None,
            "body": comment.body,
            "attachment": None,
            "author": self.user(comment.author),
            "created_at": api_time(comment.created_at),
            "updated_at": api_time(comment.updated_at),
            "system": False,
            "noteable_id": issue.id,
            "noteable_type": "Issue" if issue.pull is None else "MergeRequest",
            "project_id": self.store.repository(comment.repo).id,
            "resolvable": False,
            "confidential": False,
            "internal": False,
            "imported": False,
            "imported_from": "none",
            "noteable_iid": issue.number,
            "commands_changes": {},
        }

    def merge_request_web_url(self, full_name: str, iid: int) -> str:
        return f"{self.web_url(full_name)}/-/merge_requests/{iid}"

    def merge_request(self, issue: Issue) -> JSON:
        """A merge request as the REST API shows it (python-gitlab reads ``iid`` and ``web_url``)."""
        assert issue.pull is not None
        project = self.store.repository(issue.repo)
        info = issue.pull
        state = "merged" if info.merged else ("opened" if issue.state == "open" else "closed")
        sha = self.store.bare_repository(issue.repo).resolve(f"refs/heads/{info.head}")
        return {
            "id": issue.id,
            "iid": issue.number,
            "project_id": project.id,
            "title": issue.title,
            "description": issue.body,
            "state": state,
            "created_at": api_time(issue.created_at),
            "updated_at": api_time(issue.updated_at),
            "merged_at": api_time(info.merged_at) if info.merged_at else None,
            "merged_by": self.user(info.merged_by) if info.merged_by else None,
            "source_branch": info.head,
            "target_branch": info.base,
            "source_project_id": project.id,
            "target_project_id": project.id,
            "author": self.user(issue.author),
            "reviewers": [self.user(login) for login in info.reviewers],
            "assignees": [],
            "labels": [],
            "draft": False,
            "sha": sha,
            "merge_commit_sha": info.merge_commit,
            "web_url": self.merge_request_web_url(issue.repo, issue.number),
            "references": {"short": f"!{issue.number}", "full": f"{issue.repo}!{issue.number}"},
        }

    def comment(self, comment: Comment) -> JSON:
        """A comment is a note on GitLab: the name the flows every forge shares render it by."""
        return self.note(comment)

    def commit(self, full_name: str, info: CommitInfo) -> JSON:
        trailers = commit_trailers(info.message)
        extended: dict[str, list[str]] = {}
        for key, value in trailers:
            extended.setdefault(key, []).append(value)
        return {
            "id": info.sha,
            "short_id": info.sha[:8],
            "created_at": git_time(info.committer.date),
            "parent_ids": list(info.parents),
            "title": info.message.split("\n", 1)[0],
            "message": info.message,
            "author_name": info.author.name,
            "author_email": info.author.email,
            "authored_date": git_time(info.author.date),
            "committer_name": info.committer.name,
            "committer_email": info.committer.email,
            "committed_date": git_time(info.committer.date),
            "trailers": dict(trailers),
            "extended_trailers": extended,
            "web_url": f"{self.web_url(full_name)}/-/commit/{info.sha}",
        }

    def hook(self, hook: Hook) -> JSON:
        """A project hook as GitLab lists it: every event the sandbox sends is switched on; no token shown."""
        return {
            "id": hook.id,
            "url": hook.url,
            "name": "",
            "description": "",
            "project_id": self.store.repository(hook.repo).id,
            "push_events": True,
            "issues_events": True,
            "confidential_issues_events": True,
            "merge_requests_events": True,
            "tag_push_events": True,
            "note_events": True,
            "confidential_note_events": True,
            "job_events": False,
            "pipeline_events": False,
            "wiki_page_events": False,
            "deployment_events": False,
            "releases_events": False,
            "push_events_branch_filter": "",
            "enable_ssl_verification": True,
            "created_at": api_time(hook.created_at),
            "alert_status": "executable",
            "disabled_until": None,
            "url_variables": [],
            "custom_headers": [],
        }
