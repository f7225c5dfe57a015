"""Field-level facts of the translation, on the real fixtures and small edits of them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from bot.intake.events import EventKind, Forge, InboundEvent, ReviewState
from forge_adapters.common_push import NULL_SHA
from forge_adapters.gitea.verify import gitea_webhooks
from forge_adapters.intake import Ignored, ParseResult
from tests.support.gitea_hooks import SECRET, gitea_headers
from tests.support.payloads import load_fixture


def deliver(
    name: str, edit: Callable[[dict[str, Any]], None] | None = None, **header_changes: str
) -> ParseResult:
    payload = load_fixture("gitea", name)
    if edit is not None:
        edit(payload)
    body = json.dumps(payload).encode()
    headers = gitea_headers(name, body, SECRET)
    for key, value in header_changes.items():
        for family in ("Gitea", "Gogs", "GitHub"):
            headers[f"X-{family}-{key.replace('_', '-')}"] = value
    return gitea_webhooks(SECRET).receive(headers, body)


def event_of(
    name: str, edit: Callable[[dict[str, Any]], None] | None = None, **header_changes: str
) -> InboundEvent:
    result = deliver(name, edit, **header_changes)
    assert isinstance(result, InboundEvent), result
    return result


def test_repository_reference_comes_from_the_payload() -> None:
    repo = event_of("issues__opened").repo
    assert repo is not None
    assert (repo.forge, repo.host, repo.full_name, repo.default_branch) == (
        Forge.GITEA,
        "localhost:3000",
        "example/example",
        "master",
    )
    assert (repo.clone_url, repo.private) == ("http://localhost:3000/example/example.git", False)
    assert repo.slug == "gitea:localhost:3000/example/example"


def test_missing_private_flag_stays_unknown() -> None:
    repo = event_of("pull_request_review__approved").repo
    assert repo is not None and repo.private is None


@pytest.mark.parametrize(
    ("name", "is_pull"),
    [
        ("issue_comment__created_on_issue", False),
        ("issue_comment__created_on_issue_2", False),
        ("issue_comment__created_on_pull_request", True),
        ("issue_comment__created_on_pull_request_2", True),
        ("issue_comment__edited_on_pull_request", True),
    ],
)
def test_pr_conversation_comments_are_marked(name: str, is_pull: bool) -> None:
    event = event_of(name)
    assert event.thread is not None and event.thread.is_pull_request is is_pull
    assert event.comment is not None and event.comment.id == load_fixture("gitea", name)["comment"]["id"]


def test_the_fine_event_type_alone_marks_a_pr_comment() -> None:
    def strip_pr_markers(payload: dict[str, Any]) -> None:
        payload.pop("is_pull", None)
        payload["issue"]["pull_request"] = None

    event = event_of("issue_comment__created_on_pull_request", strip_pr_markers)
    assert event.thread is not None and event.thread.is_pull_request is True
    plain = event_of("issue_comment__created_on_pull_request", strip_pr_markers, Event_Type="issue_comment")
    assert plain.thread is not None and plain.thread.is_pull_request is False


def test_go_zero_time_means_unknown() -> None:
    comment = event_of("issue_comment__created_on_pull_request_2").comment
    assert comment is not None and comment.created_at is None and comment.updated_at is None


def test_the_actor_is_the_sender_even_when_someone_else_wrote_the_comment() -> None:
    def edited_by_teacher(payload: dict[str, Any]) -> None:
        payload["sender"] = {"id": 9, "login": "mr-smith"}

    event = event_of("issue_comment__edited_on_pull_request", edited_by_teacher)
    assert event.actor is not None and event.actor.login == "mr-smith"


@pytest.mark.parametrize(
    ("name", "kind", "merged"),
    [
        ("pull_request__closed_merged", EventKind.PR_MERGED, True),
        ("pull_request__closed_merged_2", EventKind.PR_MERGED, True),
        ("pull_request__closed_not_merged", EventKind.PR_CLOSED, False),
        ("pull_request__opened", EventKind.PR_OPENED, None),
    ],
)
def test_pull_request_merge_state(name: str, kind: EventKind, merged: bool | None) -> None:
    event = event_of(name)
    assert event.kind is kind and event.thread is not None
    assert event.thread.merged is merged and event.thread.is_pull_request


def test_pr_number_comes_from_the_top_level_and_head_branch_from_head_ref() -> None:
    thread = event_of("pull_request__opened").thread  # this payload has no pull_request.number
    assert thread is not None
    assert (thread.number, thread.head_branch, thread.author) == (1, "feature/changes", "gordon")


@pytest.mark.parametrize(
    ("name", "state"),
    [
        ("pull_request_review__approved", ReviewState.APPROVED),
        ("pull_request_review__rejected", ReviewState.CHANGES_REQUESTED),
        ("pull_request_review__comment", ReviewState.COMMENTED),
    ],
)
def test_review_states(name: str, state: ReviewState) -> None:
    event = event_of(name)
    assert event.review is not None and event.review.state is state
    assert event.review.body == load_fixture("gitea", name)["review"]["content"]
    assert event.thread is not None and event.thread.is_pull_request and event.thread.merged is None


def test_review_type_in_the_signed_body_wins_over_the_headers() -> None:
    event = event_of(
        "pull_request_review__approved",
        Event="pull_request_rejected",
        Event_Type="pull_request_review_rejected",
    )
    assert event.review is not None and event.review.state is ReviewState.APPROVED

    def untyped(payload: dict[str, Any]) -> None:
        del payload["review"]["type"]

    event = event_of("pull_request_review__rejected", untyped)
    assert event.review is not None and event.review.state is ReviewState.CHANGES_REQUESTED


def test_push_facts() -> None:
    push = event_of("push__normal").push
    assert push is not None
    assert push.ref == "refs/heads/main" and push.branch == "main"
    assert (push.before, push.after) == (
        "6efcf5b7c98f3e7a491675164b7a2e7acac27941",
        "29be01c073851cf0db0c6a466e396b725a670453",
    )
    assert (push.created, push.deleted, push.forced, push.commits_truncated) == (False, False, None, False)
    assert push.changed_paths == ("aa", "aaa")


@pytest.mark.parametrize("name", ["push__new_branch", "push__normal_2"])
def test_first_push_of_a_branch_is_created(name: str) -> None:
    push = event_of(name).push
    assert push is not None and push.created and not push.deleted


def test_null_path_lists_mean_no_paths() -> None:
    push = event_of("push__docs_example").push
    assert push is not None and push.changed_paths == ()


def test_forced_is_read_when_a_payload_says_so() -> None:
    push = event_of("push__normal", lambda p: p.update(forced=True)).push
    assert push is not None and push.forced is True


def test_truncated_commit_lists_are_flagged() -> None:
    push = event_of("push__normal", lambda p: p.update(total_commits=9)).push
    assert push is not None and push.commits_truncated

    def five_without_total(payload: dict[str, Any]) -> None:
        payload["commits"] = payload["commits"] * 2
        del payload["total_commits"]

    push = event_of("push__normal", five_without_total).push
    assert push is not None and push.commits_truncated


def test_a_push_deleting_the_branch_is_deleted() -> None:
    push = event_of("push__normal", lambda p: p.update(after=NULL_SHA, commits=[])).push
    assert push is not None and push.deleted and not push.created


def test_delete_event_becomes_a_deleting_push() -> None:
    event = event_of("delete__branch")
    assert event.kind is EventKind.PUSH and event.push is not None
    assert (event.push.ref, event.push.deleted, event.push.after) == ("refs/heads/feature", True, NULL_SHA)
    assert event.push.before == "" and event.push.changed_paths == ()


@pytest.mark.parametrize(
    ("ref", "ref_type", "full"),
    [("v1.0", "tag", "refs/tags/v1.0"), ("refs/heads/feature", "branch", "refs/heads/feature")],
)
def test_delete_event_refs(ref: str, ref_type: str, full: str) -> None:
    push = event_of("delete__branch", lambda p: p.update(ref=ref, ref_type=ref_type)).push
    assert push is not None and push.ref == full


def test_delete_of_an_unknown_ref_type_is_ignored() -> None:
    result = deliver("delete__branch", lambda p: p.update(ref_type="note"))
    assert isinstance(result, Ignored) and "note" in result.reason


def test_create_is_ignored() -> None:
    result = deliver("delete__branch", Event="create", Event_Type="create")
    assert isinstance(result, Ignored) and "create" in result.reason


@pytest.mark.parametrize(
    ("action", "kind"),
    [("label_updated", EventKind.ISSUE_LABELED), ("edited", EventKind.ISSUE_EDITED)],
)
def test_issue_actions(action: str, kind: EventKind) -> None:
    def labeled(payload: dict[str, Any]) -> None:
        payload["action"] = action
        payload["issue"]["labels"] = [{"id": 3, "name": "gitlearnos:note"}, {"id": 4}]

    event = event_of("issues__opened", labeled, Event_Type="issue_label")
    assert event.kind is kind and event.thread is not None
    assert event.thread.labels == ("gitlearnos:note",)


@pytest.mark.parametrize(
    ("name", "action"),
    [
        ("issues__opened", "label_cleared"),
        ("issues__opened", "closed"),
        ("issue_comment__created_on_issue", "deleted"),
        ("pull_request__opened", "reopened"),
        ("pull_request__opened", "review_requested"),
    ],
)
def test_unused_actions_are_ignored_with_a_reason(name: str, action: str) -> None:
    result = deliver(name, lambda p: p.update(action=action))
    assert isinstance(result, Ignored) and action in result.reason and result.delivery_id


@pytest.mark.parametrize(
    ("sender", "is_bot"),
    [
        ({"id": 5, "login": "renovate[bot]"}, True),
        ({"id": -2, "login": "gitea-actions"}, True),
        ({"id": -2, "login": "forgejo-actions"}, True),
        ({"id": 5, "login": "alice"}, False),
    ],
)
def test_bot_senders(sender: dict[str, Any], is_bot: bool) -> None:
    event = event_of("issues__opened", lambda p: p.update(sender=sender))
    assert event.actor is not None and event.actor.is_bot is is_bot
