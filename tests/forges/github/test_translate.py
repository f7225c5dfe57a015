"""GitHub payload → InboundEvent, field by field, on the real fixtures. Pure: no HTTP, no Redis.

The fixture matrix (tests/integration) proves every payload survives intake;
this table pins what the bot later relies on: merged flags, head branches,
review verdicts, line-comment positions, push paths, and the reasons for
ignoring what it ignores.
"""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bot.intake.events import EventKind, InboundEvent, PushDetails, Review, ReviewState
from forge_adapters.github import translate as translate_module
from forge_adapters.github import verify as verify_module
from forge_adapters.github.translate import parse_delivery
from forge_adapters.intake import Ignored, MalformedPayload
from tests.support.payloads import load_fixture


def parse(event: str, data: dict[str, Any]) -> InboundEvent | Ignored:
    headers = {"X-GitHub-Event": event, "X-GitHub-Delivery": "d-1"}
    return parse_delivery(headers, json.dumps(data).encode())


def parse_fixture(name: str, **changes: Any) -> InboundEvent | Ignored:
    data = load_fixture("github", name) | changes
    return parse(name.split("__", maxsplit=1)[0], data)


def event_of(name: str, **changes: Any) -> InboundEvent:
    result = parse_fixture(name, **changes)
    assert isinstance(result, InboundEvent), result
    return result


# --- pull requests ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kind", "merged", "head", "author", "actor"),
    [
        ("pull_request__opened", EventKind.PR_OPENED, None, "changes", "Codertocat", "Codertocat"),
        ("pull_request__opened_2", EventKind.PR_OPENED, None, "changes", "baxterthehacker", "octocat"),
        (
            "pull_request__closed_merged",
            EventKind.PR_MERGED,
            True,
            "byao1276-patch-1",
            "byao1276",
            "ailisp",
        ),
        (
            "pull_request__closed_merged_2",
            EventKind.PR_MERGED,
            True,
            "anbraten-patch-3",
            "anbraten",
            "anbraten",
        ),
        (
            "pull_request__closed_not_merged",
            EventKind.PR_CLOSED,
            False,
            "changes",
            "Codertocat",
            "Codertocat",
        ),
        (
            "pull_request__closed_not_merged_2",
            EventKind.PR_CLOSED,
            False,
            "master",
            "bradrydzewski",
            "bradrydzewski",
        ),
    ],
)
def test_pull_request_events(
    name: str, kind: EventKind, merged: bool | None, head: str, author: str, actor: str
) -> None:
    event = event_of(name)
    assert event.kind is kind
    assert event.thread is not None and event.actor is not None
    assert event.thread.is_pull_request is True
    assert (event.thread.merged, event.thread.head_branch, event.thread.author) == (merged, head, author)
    assert event.actor.login == actor  # who opened, merged or closed it; the author may differ


@pytest.mark.parametrize("action", ["synchronize", "edited", "reopened", "labeled"])
def test_other_pull_request_actions_are_ignored_with_a_reason(action: str) -> None:
    result = parse_fixture("pull_request__synchronize", action=action)
    assert isinstance(result, Ignored)
    assert result.reason == f"pull_request.{action} is not used"


# --- reviews ---------------------------------------------------------------------------------------------


def test_a_submitted_review_with_a_null_body() -> None:
    event = event_of("pull_request_review__submitted")
    assert event.kind is EventKind.REVIEW_SUBMITTED
    assert event.review == Review(id=237895671, state=ReviewState.COMMENTED, body="")
    assert event.thread is not None and event.thread.number == 2 and event.thread.is_pull_request


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        ("approved", ReviewState.APPROVED),
        ("changes_requested", ReviewState.CHANGES_REQUESTED),
        ("commented", ReviewState.COMMENTED),
        ("APPROVED", ReviewState.APPROVED),  # the REST API spells states in capitals
    ],
)
def test_review_states(state: str, expected: ReviewState) -> None:
    data = load_fixture("github", "pull_request_review__submitted")
    data["review"] |= {"state": state, "body": "Looks right."}
    event = parse("pull_request_review", data)
    assert isinstance(event, InboundEvent) and event.review is not None
    assert (event.review.state, event.review.body) == (expected, "Looks right.")


def test_a_dismissed_review_and_other_review_actions_are_ignored() -> None:
    data = load_fixture("github", "pull_request_review__submitted")
    data["review"]["state"] = "dismissed"
    dismissed = parse("pull_request_review", data)
    assert isinstance(dismissed, Ignored) and "dismissed" in dismissed.reason
    edited = parse_fixture("pull_request_review__submitted", action="edited")
    assert isinstance(edited, Ignored) and edited.reason == "pull_request_review.edited is not used"


def test_a_line_comment_keeps_its_path_and_line() -> None:
    event = event_of("pull_request_review_comment__created")
    assert event.kind is EventKind.REVIEW_COMMENT
    assert event.comment is not None and event.thread is not None
    assert (event.comment.path, event.comment.line, event.thread.number) == ("README.md", 265, 2)
    assert (
        event.comment.body
        == load_fixture("github", "pull_request_review_comment__created")["comment"]["body"]
    )


def test_an_outdated_line_comment_falls_back_to_its_original_line() -> None:
    data = load_fixture("github", "pull_request_review_comment__created")
    data["comment"] |= {"line": None, "original_line": 12}
    event = parse("pull_request_review_comment", data)
    assert isinstance(event, InboundEvent) and event.comment is not None
    assert event.comment.line == 12


def test_edited_line_comments_are_ignored() -> None:
    result = parse_fixture("pull_request_review_comment__created", action="edited")
    assert isinstance(result, Ignored) and result.reason == "pull_request_review_comment.edited is not used"


# --- pushes ----------------------------------------------------------------------------------------------

ZERO = "0" * 40


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "push__normal",
            PushDetails(
                ref="refs/heads/master",
                before="a10867b14bb761a232cd80139fbd4c0d33264240",
                after="199eddf46df50de8d02e99bf1c5fdb4101338224",
                forced=False,
                changed_paths=("README.md",),
            ),
        ),
        (
            "push__normal_2",
            PushDetails(
                ref="refs/heads/master",
                before="737d38c599c1b2991664dfc6155d6bf516fcce36",
                after="fd489864e7642b48eaad6e3f155c10e46810ec72",
                forced=False,
                changed_paths=(".razorops.yaml", "app/controllers/application_controller.rb"),
            ),
        ),
        (
            "push__new_branch",
            PushDetails(
                ref="refs/heads/master",
                before=ZERO,
                after="6113728f27ae82c7b1a177c8d03f9e96e0adf246",
                created=True,
                forced=False,
                changed_paths=("README.md",),
            ),
        ),
        (
            "push__branch_deleted",
            PushDetails(
                ref="refs/heads/feature-branch",
                before="d2b75aa7797ec26b088fa2dd527e9d2c052fcedd",
                after=ZERO,
                deleted=True,
                forced=False,
            ),
        ),
    ],
)
def test_branch_pushes(name: str, expected: PushDetails) -> None:
    event = event_of(name)
    assert event.kind is EventKind.PUSH and event.thread is None
    assert event.push == expected


def test_a_forced_push_says_so_and_lists_the_new_commits_paths() -> None:
    push = event_of("push__forced").push
    assert push is not None and push.forced is True
    assert "src/main.rs" in push.changed_paths and len(push.changed_paths) == 17


def test_changed_paths_are_the_union_of_added_modified_and_removed() -> None:
    commits = [
        {"added": ["a.md"], "modified": ["b.md"], "removed": []},
        {"added": [], "modified": ["a.md"], "removed": ["c.md"]},
    ]
    push = event_of("push__normal", commits=commits).push
    assert push is not None
    assert (push.changed_paths, push.commits_truncated) == (("a.md", "b.md", "c.md"), False)


def test_a_push_of_githubs_commit_limit_is_marked_truncated() -> None:
    commits = [{"added": [], "modified": ["README.md"], "removed": []}] * translate_module.MAX_PUSH_COMMITS
    push = event_of("push__normal", commits=commits).push
    assert push is not None and push.commits_truncated is True


def test_a_push_without_forced_leaves_it_unknown() -> None:
    data = load_fixture("github", "push__normal")
    del data["forced"]
    event = parse("push", data)
    assert isinstance(event, InboundEvent) and event.push is not None and event.push.forced is None


@pytest.mark.parametrize(
    ("ref", "word"), [("refs/tags/simple-tag", "tag push"), ("refs/notes/commits", "non-branch push")]
)
def test_tag_and_other_ref_pushes_are_ignored(ref: str, word: str) -> None:
    result = parse_fixture("push__tag_deleted", ref=ref)
    assert isinstance(result, Ignored) and word in result.reason and ref in result.reason


# --- installation, dispatch, the rest --------------------------------------------------------------------


def test_an_installation_names_no_single_repository() -> None:
    event = event_of("installation__created")
    assert (event.kind, event.repo, event.actor and event.actor.login) == (
        EventKind.INSTALL,
        None,
        "Codertocat",
    )
    deleted = parse_fixture("installation__created", action="deleted")
    assert isinstance(deleted, Ignored) and deleted.reason == "installation.deleted is not used"


@pytest.mark.parametrize("name", ["repository_dispatch__custom", "workflow_dispatch__manual"])
def test_dispatches_are_schedule_triggers_without_an_actor(name: str) -> None:
    event = event_of(name)
    assert event.kind is EventKind.SCHEDULE
    assert event.repo is not None and event.repo.full_name == "octo-org/octo-repo"
    assert (event.actor, event.thread) == (None, None)


def test_ping_keeps_its_sender() -> None:
    event = event_of("ping__hook")
    assert event.kind is EventKind.PING and event.actor is not None and event.actor.login == "Codertocat"


def test_an_event_the_bot_has_no_use_for_is_ignored_by_name() -> None:
    result = parse("star", {"action": "created"})
    assert isinstance(result, Ignored) and result.reason == "star events are not used"


@pytest.mark.parametrize(
    ("event", "name", "breaks"),
    [
        ("pull_request", "pull_request__opened", ("pull_request", "number")),
        ("pull_request_review", "pull_request_review__submitted", (None, "review")),
        ("push", "push__normal", (None, "ref")),
        ("issue_comment", "issue_comment__created_on_issue", ("comment", "id")),
    ],
)
def test_missing_required_fields_are_malformed_not_crashes(
    event: str, name: str, breaks: tuple[str | None, str]
) -> None:
    data = copy.deepcopy(load_fixture("github", name))
    parent, key = breaks
    del (data[parent] if parent else data)[key]
    with pytest.raises(MalformedPayload, match=event):
        parse(event, data)


def test_the_translation_modules_do_no_io() -> None:
    """DESIGN §2/§8: the pure part of the adapter imports no HTTP, client or I/O library."""
    forbidden = {"httpx", "githubkit", "requests", "redis", "socket", "os", "subprocess", "pathlib"}
    for module in (translate_module, verify_module):
        source = Path(str(module.__file__)).read_text()
        roots = {
            (alias.name if isinstance(node, ast.Import) else node.module or "").split(".")[0]
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in node.names
        }
        assert not roots & forbidden, (module.__name__, roots & forbidden)
