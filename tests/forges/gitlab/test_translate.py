"""What the normalized events say, beyond kind and number: the translation decisions, one by one."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.intake.events import EventKind, InboundEvent, ReviewState
from forge_adapters.gitlab.translate import is_bot_user
from forge_adapters.gitlab.verify import gitlab_webhooks
from forge_adapters.intake import Ignored, MalformedPayload, ParseResult
from tests.support.gitlab_hooks import SECRET, gitlab_headers, hook_name
from tests.support.payloads import load_fixture

Mutation = Callable[[dict[str, Any]], object]


def receive(stem: str, mutate: Mutation | None = None, *, hook: str = "", **headers: str) -> ParseResult:
    payload = load_fixture("gitlab", stem)
    if mutate is not None:
        mutate(payload)
    hook = hook or hook_name(stem, payload)
    return gitlab_webhooks(SECRET).receive(gitlab_headers(hook, **headers), json.dumps(payload).encode())


def event(stem: str, mutate: Mutation | None = None, **options: str) -> InboundEvent:
    result = receive(stem, mutate, **options)
    assert isinstance(result, InboundEvent), result
    return result


def ignored(stem: str, mutate: Mutation | None = None, **options: str) -> str:
    result = receive(stem, mutate, **options)
    assert isinstance(result, Ignored), result
    return result.reason


def test_issue_opened_carries_the_issue() -> None:
    opened = event("issue_hook__open_2")
    assert opened.thread is not None and opened.repo is not None and opened.actor is not None
    assert opened.thread.labels == ("API",)
    assert opened.thread.author == "root" and not opened.thread.is_pull_request
    assert opened.thread.url == "http://example.com/diaspora/issues/23"
    assert (opened.actor.login, opened.actor.id, opened.actor.is_bot) == ("root", 1, False)
    assert opened.repo.default_branch == "master"
    assert opened.repo.clone_url == "http://example.com/gitlabhq/gitlab-test.git"
    assert opened.occurred_at == datetime(2013, 12, 3, 17, 15, 43, tzinfo=UTC)


@pytest.mark.parametrize(
    ("stem", "private"),
    [("issue_hook__open", True), ("note_hook__issue_2", False), ("issue_hook__open_2", False)],
    ids=["level-0-private", "level-10-internal", "level-20-public"],
)
def test_only_visibility_private_counts_as_private(stem: str, private: bool) -> None:
    repo = event(stem).repo
    assert repo is not None and repo.private is private


def test_visibility_spelled_out_and_unknown() -> None:
    def spelled(payload: dict[str, Any]) -> None:
        del payload["project"]["visibility_level"]
        payload["project"]["visibility"] = "private"

    def unknown(payload: dict[str, Any]) -> None:
        del payload["project"]["visibility_level"]

    assert (event("issue_hook__open", spelled).repo or pytest.fail()).private is True
    assert (event("issue_hook__open", unknown).repo or pytest.fail()).private is None


def test_host_keeps_the_port_of_a_self_managed_instance() -> None:
    repo = event("push_hook__normal_3").repo
    assert repo is not None and (repo.host, repo.slug) == (
        "10.40.8.5:3200",
        "gitlab:10.40.8.5:3200/test/woodpecker",
    )


def test_host_falls_back_to_x_gitlab_instance_then_refuses() -> None:
    def no_web_url(payload: dict[str, Any]) -> None:
        del payload["project"]["web_url"]

    repo = event("note_hook__issue", no_web_url, **{"X-Gitlab-Instance": "gitlab.school.example"}).repo
    assert repo is not None and repo.host == "gitlab.school.example"
    with pytest.raises(MalformedPayload, match="host"):
        receive("note_hook__issue", no_web_url)


def test_issue_update_content_edit_wins_over_labels() -> None:
    def both(payload: dict[str, Any]) -> None:
        payload["changes"]["title"] = {"previous": "a", "current": "b"}
        payload["changes"]["labels"] = {"previous": [], "current": []}

    assert event("issue_hook__update_edited", both).kind is EventKind.ISSUE_EDITED
    labeled = event("issue_hook__update_labeled")
    assert labeled.thread is not None and labeled.thread.labels == ("critical",)


def test_issue_update_without_content_or_label_change_is_ignored() -> None:
    def timestamps_only(payload: dict[str, Any]) -> None:
        payload["changes"] = {"updated_at": {"previous": "x", "current": "y"}}

    assert "neither title, description nor labels" in ignored("issue_hook__update_edited", timestamps_only)


@pytest.mark.parametrize("action", ["close", "reopen", None])
def test_other_issue_actions_are_ignored(action: str | None) -> None:
    def set_action(payload: dict[str, Any]) -> None:
        payload["object_attributes"]["action"] = action

    assert "is not used" in ignored("issue_hook__open", set_action)


def test_work_items_that_are_not_issues_are_ignored() -> None:
    def work_item(payload: dict[str, Any]) -> None:
        payload["object_kind"] = "work_item"

    assert "work items" in ignored("issue_hook__open", work_item)


def test_confidential_issue_is_kept_and_flagged() -> None:
    def confidential(payload: dict[str, Any]) -> None:
        payload["object_attributes"]["confidential"] = True

    flagged = event("issue_hook__open", confidential, hook="Confidential Issue Hook")
    assert flagged.thread is not None and flagged.thread.confidential
    plain = event("issue_hook__open")
    assert plain.thread is not None and not plain.thread.confidential


def test_note_on_a_confidential_issue_flags_thread_and_comment() -> None:
    note = event("note_hook__confidential_issue")
    assert note.thread is not None and note.comment is not None
    assert (note.thread.confidential, note.comment.confidential) == (True, True)
    assert note.thread.labels == ("Afterpod", "Element")


def test_internal_note_on_an_open_issue_flags_only_the_comment() -> None:
    def internal(payload: dict[str, Any]) -> None:
        payload["object_attributes"]["internal"] = True

    note = event("note_hook__issue_2", internal, hook="Confidential Note Hook")
    assert note.thread is not None and note.comment is not None
    assert (note.thread.confidential, note.comment.confidential) == (False, True)


def test_note_on_an_issue() -> None:
    note = event("note_hook__issue_2")
    assert note.comment is not None and note.thread is not None
    assert (note.comment.id, note.comment.body) == (1241, "Hello world")
    assert note.comment.url == "http://example.com/gitlab-org/gitlab-test/issues/17#note_1241"
    assert note.comment.created_at == datetime(2015, 5, 17, 17, 6, 40, tzinfo=UTC)
    assert (note.thread.number, note.thread.title, note.thread.is_pull_request) == (17, "test_issue", False)
    assert note.comment.path == "" and note.comment.line is None


def test_note_on_a_merge_request_is_a_pull_request_comment() -> None:
    note = event("note_hook__merge_request_2")
    assert note.thread is not None and note.thread.is_pull_request
    assert note.thread.head_branch == "master" and note.thread.merged is None


def test_line_comment_on_a_diff_keeps_file_and_line() -> None:
    note = event("note_hook__merge_request_diffnote")
    assert note.kind is EventKind.COMMENT_CREATED
    assert note.comment is not None and (note.comment.path, note.comment.line) == ("README.md", 1)


def test_line_comment_on_a_removed_line_uses_the_old_side() -> None:
    def removed(payload: dict[str, Any]) -> None:
        payload["object_attributes"]["position"] |= {"new_line": None, "old_line": 7, "new_path": None}

    note = event("note_hook__merge_request_diffnote", removed)
    assert note.comment is not None and (note.comment.path, note.comment.line) == ("README.md", 7)


def test_edited_note_is_a_comment_edit() -> None:
    def edited(payload: dict[str, Any]) -> None:
        payload["object_attributes"]["action"] = "update"

    assert event("note_hook__issue_2", edited).kind is EventKind.COMMENT_EDITED


def test_system_notes_are_ignored() -> None:
    def system(payload: dict[str, Any]) -> None:
        payload["object_attributes"] |= {"system": True, "note": "added ~1 label"}

    assert "system note" in ignored("note_hook__issue", system)


def test_snippet_notes_are_ignored() -> None:
    def snippet(payload: dict[str, Any]) -> None:
        payload["object_attributes"]["noteable_type"] = "Snippet"

    assert "Snippet" in ignored("note_hook__issue", snippet)


def test_merge_request_opened_merged_closed() -> None:
    opened = event("merge_request_hook__open")
    assert opened.thread is not None
    assert (opened.thread.is_pull_request, opened.thread.merged, opened.thread.head_branch) == (
        True,
        None,
        "feature",
    )
    assert opened.thread.author == "sytses"
    merged, closed = event("merge_request_hook__merge"), event("merge_request_hook__close")
    assert merged.thread is not None and merged.thread.merged is True
    assert closed.thread is not None and closed.thread.merged is False


@pytest.mark.parametrize("action", ["approved", "approval"])
def test_approvals_are_approved_reviews_with_one_identity(action: str) -> None:
    def set_action(payload: dict[str, Any]) -> None:
        payload["object_attributes"]["action"] = action

    approved = event("merge_request_hook__approved", set_action)
    assert approved.kind is EventKind.REVIEW_SUBMITTED and approved.review is not None
    assert (approved.review.state, approved.review.id) == (ReviewState.APPROVED, "approval/anbraten")
    assert approved.thread is not None and approved.thread.is_pull_request


@pytest.mark.parametrize("action", ["unapproved", "unapproval", "reopen", "update"])
def test_other_merge_request_actions_are_ignored(action: str) -> None:
    def set_action(payload: dict[str, Any]) -> None:
        payload["object_attributes"]["action"] = action

    assert f"{action!r} is not used" in ignored("merge_request_hook__approved", set_action)


def test_push_facts() -> None:
    push = event("push_hook__normal_2")
    assert push.push is not None and push.actor is not None and push.thread is None
    assert (push.actor.login, push.actor.id) == ("jsmith", 4)
    assert push.push.branch == "master" and push.push.forced is None
    assert push.push.changed_paths == ("CHANGELOG", "app/controller/application.rb")
    assert push.push.commits_truncated  # total_commits_count 4, two listed


def test_branch_created_and_deleted() -> None:
    created, deleted = event("push_hook__branch_created").push, event("push_hook__branch_deleted").push
    assert created is not None and (created.created, created.deleted) == (True, False)
    assert deleted is not None and (deleted.created, deleted.deleted, deleted.changed_paths) == (
        False,
        True,
        (),
    )


def test_removed_paths_count_as_changed() -> None:
    def removal(payload: dict[str, Any]) -> None:
        payload["commits"][0]["removed"] = ["old.md"]

    push = event("push_hook__normal", removal).push
    assert push is not None and push.changed_paths == ("README.md", "old.md")  # sorted, as on every forge


def scheduled(status: str) -> Mutation:
    def mutate(payload: dict[str, Any]) -> None:
        payload["object_attributes"] |= {"source": "schedule", "status": status}

    return mutate


def test_scheduled_pipeline_start_is_a_schedule_trigger_without_actor() -> None:
    trigger = event("pipeline_hook__pipeline", scheduled("pending"))
    assert trigger.kind is EventKind.SCHEDULE and trigger.actor is None
    assert trigger.repo is not None and trigger.repo.full_name == "gitlab-org/gitlab-test"


@pytest.mark.parametrize("status", ["running", "success", "failed"])
def test_later_statuses_of_a_scheduled_pipeline_are_ignored(status: str) -> None:
    assert "only its start" in ignored("pipeline_hook__pipeline", scheduled(status))


def test_unused_hooks_are_ignored_with_their_name() -> None:
    assert ignored("note_hook__issue", hook="Wiki Page Hook") == "Wiki Page Hook events are not used"


def test_hook_header_must_agree_with_object_kind() -> None:
    with pytest.raises(MalformedPayload, match="object_kind"):
        receive("note_hook__issue", hook="Issue Hook")


@pytest.mark.parametrize(
    ("username", "bot"),
    [
        ("project_7_bot_3f2a1c9e", True),
        ("group_12_bot_ab12", True),
        ("project_7_bot", True),
        ("project_7_bot2", True),
        ("project_bot", False),
        ("my_project_7_bot_x", False),
        ("project_7_botanist", False),
        ("alice", False),
    ],
)
def test_token_bot_users_are_known_by_name(username: str, bot: bool) -> None:
    assert is_bot_user({"username": username}) is bot


def test_an_explicit_bot_flag_is_honoured() -> None:
    assert is_bot_user({"username": "gitlearnos", "bot": True})


def test_bot_comments_are_marked_for_intake_to_drop() -> None:
    def by_bot(payload: dict[str, Any]) -> None:
        payload["user"]["username"] = "project_4861503_bot_9c1e"

    note = event("note_hook__issue", by_bot)
    assert note.actor is not None and note.actor.is_bot
