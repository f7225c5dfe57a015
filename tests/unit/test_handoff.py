"""The handoff pack and teacher feedback, planned by the pure core: what each event would write and say."""

from __future__ import annotations

import re

import pytest

from bot.config import parse_config
from bot.errors import ConfigError
from bot.handoff import status as handoff_status
from bot.handoff.status import TRANSITIONS, HandoffStatus
from bot.intake.events import EventKind, ReviewState, event_key
from bot.plan import Outcome
from bot.records.codec import read_header
from tests.support.handoff_pack import (
    ATTEMPT_PATH,
    GAP,
    GAP_PATH,
    TEACHER_CONFIG,
    after,
    plan,
    pr_event,
    repo,
    request,
)
from tests.support.learner import CONFIG, issue_event


def test_request_plans_the_smallest_pack_on_its_own_branch_with_a_pull_request() -> None:
    result = request()
    assert result.outcome is Outcome.COMMITTED and result.pull_request is not None
    pack_path = next(w.path for w in result.writes if "/handoffs/" in w.path)
    pack = next(w.content for w in result.writes if w.path == pack_path)
    header = read_header(pack)
    assert header["Status"] == "awaiting-feedback" and header["Branch"] == result.pull_request.branch
    assert result.pull_request.branch.startswith("gitlearnos/handoff-")
    assert "sides looked proportional" in pack, "the attempt is quoted"
    assert "before fixing corresponding vertices" in pack, "the exact blocker comes from the gap"
    assert "why must the vertices match?" in pack
    assert result.pull_request.reviewers == ("mr-smith",)
    assert result.pull_request.body.startswith(pack), "the PR description is the pack"
    assert ATTEMPT_PATH not in result.changed_paths, "the attempt is never rewritten"
    assert "dashboard.md" not in result.changed_paths and "learner-profile.md" not in result.changed_paths
    for status in ("draft", "ready", "sent", "awaiting-feedback"):
        assert f"| `{status}` |" in pack


def test_the_same_request_plans_the_same_branch_so_a_retry_finds_its_commit() -> None:
    first, second = request(), request()
    assert first.pull_request is not None and second.pull_request is not None
    assert first.pull_request.branch == second.pull_request.branch


def test_a_handoff_label_and_the_command_also_ask() -> None:
    labelled = plan(issue_event("My attempt is in the gap.", labels=("handoff",)), repo())
    command = plan(issue_event("x", comment="/gitlearnos handoff gap-similarity-order"), repo())
    assert labelled.pull_request is not None and command.pull_request is not None


def test_several_open_gaps_and_none_named_asks_which_and_writes_nothing() -> None:
    other = GAP.replace("gap-similarity-order", "gap-other")
    result = plan(
        issue_event("Prepare this for my teacher"),
        repo(**{"subjects/mathematics/knowledge-gaps/other.md": other}),
    )
    assert result.outcome is Outcome.SKIPPED and not result.writes
    assert "gap-other" in result.replies[0].text and "gap-similarity-order" in result.replies[0].text


def test_teacher_approval_records_feedback_resolves_the_gap_and_never_claims_mastery() -> None:
    snapshot = after(repo(), request())
    result = plan(pr_event("", kind=EventKind.REVIEW_SUBMITTED, review=ReviewState.APPROVED), snapshot)
    assert result.outcome is Outcome.COMMITTED
    record = next(w for w in result.writes if "/feedback/" in w.path)
    assert "`review: approved`" in record.content and "mr-smith" not in record.content
    gap = next(w.content for w in result.writes if w.path == GAP_PATH)
    assert read_header(gap)["Resolution"] == "resolved"
    assert read_header(gap)["Mastery"] == "learning", "mastery never moves from teacher feedback"
    assert "demonstrated" not in (result.receipt.mastery if result.receipt else "")
    pack = next(w.content for w in result.writes if "/handoffs/" in w.path)
    assert read_header(pack)["Status"] == "feedback-received"
    assert ATTEMPT_PATH not in result.changed_paths
    assert result.replies[0].is_pull_request


@pytest.mark.parametrize(
    ("kind", "review", "expected"),
    [
        (EventKind.COMMENT_CREATED, None, "`comment`"),
        (EventKind.REVIEW_SUBMITTED, ReviewState.CHANGES_REQUESTED, "`review: changes requested`"),
        (EventKind.REVIEW_SUBMITTED, ReviewState.COMMENTED, "`review: comment`"),
    ],
)
def test_teacher_comments_and_reviews_become_feedback_without_resolving(
    kind: EventKind, review: ReviewState | None, expected: str
) -> None:
    snapshot = after(repo(), request())
    result = plan(pr_event("Fix the vertices first.", kind=kind, review=review), snapshot)
    record = next(w.content for w in result.writes if "/feedback/" in w.path)
    assert expected in record and "> Fix the vertices first." in record
    gap = next(w.content for w in result.writes if w.path == GAP_PATH)
    assert read_header(gap)["Resolution"] == "open"


def test_a_line_comment_names_its_file_and_line() -> None:
    event = pr_event("This step is wrong.", kind=EventKind.COMMENT_CREATED)
    assert event.comment is not None
    line_comment = event.model_copy(
        update={
            "kind": EventKind.REVIEW_COMMENT,
            "comment": event.comment.model_copy(update={"path": "subjects/x.md", "line": 12}),
        }
    )
    result = plan(line_comment, after(repo(), request()))
    record = next(w.content for w in result.writes if "/feedback/" in w.path)
    assert "`line comment` on `subjects/x.md` line 12" in record


def test_a_stranger_and_a_plain_learner_comment_change_nothing() -> None:
    snapshot = after(repo(), request())
    stranger = plan(pr_event("Approve!", login="someone-else"), snapshot)
    chatter = plan(pr_event("Thanks, will look later.", login="alice"), snapshot)
    for result in (stranger, chatter):
        assert result.outcome is Outcome.SKIPPED and not result.writes and not result.replies


def test_learner_report_and_do_not_teach_again_retire_the_reteaching_action() -> None:
    snapshot = after(repo(), request())
    words = (
        "My teacher resolved it: identify equal angles, fix the corresponding vertices, then write the "
        "similarity statement. These are my notes. Do not teach it again."
    )
    result = plan(pr_event(words, login="alice"), snapshot)
    gap = next(w.content for w in result.writes if w.path == GAP_PATH)
    assert "AI re-teaches" not in gap and "asked not to be taught this again" in gap
    assert read_header(gap)["Resolution"] == "resolved" and read_header(gap)["Mastery"] == "learning"
    record = next(w.content for w in result.writes if "/feedback/" in w.path)
    assert "`learner`" in record and "fix the corresponding vertices" in record


def test_merging_reconciles_into_the_plan_and_closing_cancels() -> None:
    snapshot = after(repo(), request())
    learner_note = pr_event("My teacher resolved it. Do not teach it again.", login="alice")
    snapshot = after(snapshot, plan(learner_note, snapshot))
    merged = plan(pr_event("", kind=EventKind.PR_MERGED, login="alice"), snapshot)
    pack = next(w.content for w in merged.writes if "/handoffs/" in w.path)
    assert read_header(pack)["Status"] == "reconciled"
    dashboard = next(w.content for w in merged.writes if w.path == "dashboard.md")
    assert "no AI re-teaching" in dashboard
    assert (
        merged.commit is not None and ("GitLearnOS-Operation", "handoff-reconcile") in merged.commit.trailers
    )
    closed = plan(pr_event("", kind=EventKind.PR_CLOSED, login="alice"), after(repo(), request()))
    assert read_header(next(w.content for w in closed.writes))["Status"] == "cancelled"
    again = plan(pr_event("Late words", login="mr-smith"), after(snapshot, merged))
    assert again.outcome is Outcome.SKIPPED, "no feedback is recorded after reconciling"


def test_reviews_on_one_pull_request_have_distinct_event_keys() -> None:
    approve = pr_event("", kind=EventKind.REVIEW_SUBMITTED, review=ReviewState.APPROVED, comment_id=1)
    change = pr_event(
        "no", kind=EventKind.REVIEW_SUBMITTED, review=ReviewState.CHANGES_REQUESTED, comment_id=2
    )
    merged = pr_event("", kind=EventKind.PR_MERGED)
    assert len({event_key(approve), event_key(change), event_key(merged)}) == 3


def test_the_lifecycle_diagram_matches_the_transition_table() -> None:
    doc = handoff_status.__doc__ or ""
    edges = {tuple(m) for m in re.findall(r"^\s+([a-z-]+) --> ([a-z-]+)$", doc, re.M)}
    table = {(a.value, b.value) for a, targets in TRANSITIONS.items() for b in targets}
    assert edges == table
    assert not TRANSITIONS[HandoffStatus.RECONCILED] and not TRANSITIONS[HandoffStatus.CANCELLED]


def test_config_lists_teachers_and_refuses_a_non_list() -> None:
    assert parse_config(TEACHER_CONFIG).config.authorization.teachers == ("mr-smith",)
    assert parse_config(CONFIG).config.authorization.teachers == (), "no teacher unless configured"
    with pytest.raises(ConfigError, match=r"authorization\.teachers"):
        parse_config(CONFIG.replace("  push: true\n", "  push: true\n  teachers: 7\n"))
