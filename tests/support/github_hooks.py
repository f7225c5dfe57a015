"""What intake must make of every real GitHub payload in tests/fixtures/webhooks/github (reused by the
HTTP run of all forges' matrices): the queued event's kind, repository, number and actor, or the reason it
is ignored.
"""

from __future__ import annotations

Queued = tuple[str, str, int, str]  # (kind, repository full name or "", number or 0, actor login or "")


REPO = "Codertocat/Hello-World"
EXPECTED: dict[str, Queued | str] = {
    # ``str``: the delivery is ignored and the reason contains this text.
    "installation__created": ("install", "", 0, "Codertocat"),
    "issue_comment__created_on_issue": ("comment.created", REPO, 1, "Codertocat"),
    "issue_comment__created_on_pull_request": ("comment.created", "abc/def-ci-webhook-test", 2, "lts-def"),
    "issue_comment__created_on_pull_request_2": (
        "comment.created",
        "chhsia0/knative-route-demo",
        3,
        "chhsia0",
    ),
    "issue_comment__created_with_installation": ("comment.created", REPO, 1, "Codertocat"),
    "issue_comment__edited": ("comment.edited", REPO, 1, "Codertocat"),
    "issues__edited": ("issue.edited", REPO, 1, "Codertocat"),
    "issues__labeled": ("issue.labeled", REPO, 1, "Codertocat"),
    "issues__opened": ("issue.opened", REPO, 1, "Codertocat"),
    "ping__app": ("ping", "Octocoders/Hello-World", 0, "Codertocat"),
    "ping__hook": ("ping", "Octocoders/Hello-World", 0, "Codertocat"),
    "pull_request__closed_merged": ("pull_request.merged", "ailisp/gcbapp-buildconfig-example", 3, "ailisp"),
    "pull_request__closed_merged_2": (
        "pull_request.merged",
        "anbraten/test-ready-release-go",
        62,
        "anbraten",
    ),
    "pull_request__closed_not_merged": ("pull_request.closed", REPO, 2, "Codertocat"),
    "pull_request__closed_not_merged_2": (
        "pull_request.closed",
        "bradrydzewski/drone-test-go",
        1,
        "bradrydzewski",
    ),
    "pull_request__opened": ("pull_request.opened", REPO, 2, "Codertocat"),
    "pull_request__opened_2": ("pull_request.opened", "baxterthehacker/public-repo", 1, "octocat"),
    "pull_request__synchronize": "pull_request.synchronize is not used",
    "pull_request_review__submitted": ("review.submitted", REPO, 2, "Codertocat"),
    "pull_request_review_comment__created": ("review.comment", REPO, 2, "Codertocat"),
    "push__branch_deleted": ("push", "bradrydzewski/drone-test-go", 0, "bradrydzewski"),
    "push__forced": ("push", "6543/oxiduct", 0, "6543"),
    "push__new_branch": ("push", REPO, 0, "Codertocat"),
    "push__normal": ("push", REPO, 0, "Codertocat"),
    "push__normal_2": ("push", "binkkatal/sample_app", 0, "binkkatal"),
    "push__tag_deleted": "tag push",
    # Dispatches carry no actor: see forge_adapters.github.translate.dispatch.
    "repository_dispatch__custom": ("schedule", "octo-org/octo-repo", 0, ""),
    "workflow_dispatch__manual": ("schedule", "octo-org/octo-repo", 0, ""),
}
