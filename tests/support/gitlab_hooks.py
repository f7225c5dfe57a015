"""GitLab's webhook deliveries as tests send them: the shared secret, the headers GitLab sets, and what the
pure receiver must make of every real payload in tests/fixtures/webhooks/gitlab (reused by the HTTP run).

- ``EXPECTED``: fixture stem → ``(kind, full_name, number, actor)`` (number 0: the event has no issue or merge
  request, e.g. a push), or an ignore-reason substring (HTTP 200, ``status: ignored``);
- ``REFUSED``: fixture stem → ``(HTTP status, reason substring)``.
"""

from __future__ import annotations

from typing import Any

from tests.support.payloads import FIXTURES

SECRET = "gitlab-shared-secret"
HOOK_OF_OBJECT_KIND = {
    "issue": "Issue Hook",
    "work_item": "Issue Hook",
    "note": "Note Hook",
    "merge_request": "Merge Request Hook",
    "push": "Push Hook",
    "tag_push": "Tag Push Hook",
    "pipeline": "Pipeline Hook",
}


EXPECTED: dict[str, tuple[str, str, int, str] | str] = {
    "issue_hook__open": ("issue.opened", "gitlab-org/hello-world", 1, "sytses"),
    "issue_hook__open_2": ("issue.opened", "gitlabhq/gitlab-test", 23, "root"),
    "issue_hook__update_edited": ("issue.edited", "gitlab-org/hello-world", 1, "sytses"),
    "issue_hook__update_labeled": ("issue.labeled", "gitlab-org/hello-world", 1, "sytses"),
    "merge_request_hook__approved": ("review.submitted", "anbraten/woodpecker", 3, "anbraten"),
    "merge_request_hook__close": ("pull_request.closed", "gitlab-org/hello-world", 1, "sytses"),
    "merge_request_hook__merge": ("pull_request.merged", "gitlab-org/hello-world", 1, "sytses"),
    "merge_request_hook__merge_2": ("pull_request.merged", "anbraten/woodpecker-test", 4, "anbraten"),
    "merge_request_hook__open": ("pull_request.opened", "gitlab-org/hello-world", 1, "sytses"),
    "merge_request_hook__open_2": ("pull_request.opened", "gitlabhq/gitlab-test", 1, "user1"),
    "merge_request_hook__open_3": (
        "pull_request.opened",
        "demoaccount2-commits-group/test_ci_tmp",
        3,
        "real6543",
    ),
    "merge_request_hook__update": "merge request action 'update' is not used",
    "merge_request_hook__update_without_changes": "merge request action 'update' is not used",
    "note_hook__commit": "comments on Commit are not used",
    "note_hook__confidential_issue": ("comment.created", "gitlab-org/gitlab-test", 17, "root"),
    "note_hook__issue": ("comment.created", "gitlab-org/hello-world", 1, "sytses"),
    "note_hook__issue_2": ("comment.created", "gitlab-org/gitlab-test", 17, "user1"),
    "note_hook__merge_request": ("comment.created", "gitlab-org/hello-world", 1, "sytses"),
    "note_hook__merge_request_2": ("comment.created", "gitlab-org/gitlab-test", 1, "root"),
    "note_hook__merge_request_diffnote": ("comment.created", "gitlab-org/hello-world", 1, "sytses"),
    "pipeline_hook__pipeline": "pipelines from 'merge_request_event' are not used",
    "push_hook__branch_created": ("push", "gitlab-org/hello-world", 0, "sytses"),
    "push_hook__branch_deleted": ("push", "gitlab-org/hello-world", 0, "sytses"),
    "push_hook__normal": ("push", "gitlab-org/hello-world", 0, "sytses"),
    "push_hook__normal_2": ("push", "mike/diaspora", 0, "jsmith"),
    "push_hook__normal_3": ("push", "test/woodpecker", 0, "test"),
    "system_hook__merge_request": "system hooks (instance administration) are not used",
    "system_hook__push": "system hooks (instance administration) are not used",
    "tag_push_hook__create": "tag pushes are not used",
}


# go-gitlab's group-hook sample has keys with trailing spaces ("iid ", "state "): no iid to act on.
REFUSED: dict[str, tuple[int, str]] = {
    "merge_request_hook__merge_group": (400, "lacks the field 'iid'"),
}


ALL = sorted(path.stem for path in (FIXTURES / "gitlab").glob("*.json"))


def hook_name(stem: str, payload: dict[str, Any]) -> str:
    """The ``X-Gitlab-Event`` GitLab sent with this payload.

    Project and group hooks: from ``object_kind``, ``Confidential …`` when
    ``event_type`` says so. A system hook's body can look exactly like a
    project hook's (compare the two merge request samples): which hook
    delivered it is a fact of the capture, recorded in the file name.
    """
    if stem.startswith("system_hook__"):
        return "System Hook"
    hook = HOOK_OF_OBJECT_KIND[payload["object_kind"]]
    confidential = str(payload.get("event_type") or "").startswith("confidential_")
    return f"Confidential {hook}" if confidential else hook


def gitlab_headers(hook: str, *, token: str = SECRET, delivery: str = "", **extra: str) -> dict[str, str]:
    headers = {"Content-Type": "application/json", "X-Gitlab-Event": hook, "X-Gitlab-Token": token}
    if delivery:
        headers["Idempotency-Key"] = delivery
    return headers | extra
