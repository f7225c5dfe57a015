"""plan_event: the protocol's gates and the organize operation, end to end in memory."""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.receipt import ReceiptField
from bot.snapshot import MemorySnapshot
from tests.support.learner import CONFIG, GOAL, NOTE, NOW, REPO, issue_event, learner_repo

AGENT = RuleAgent()


def plan(event=None, snapshot=None):  # type: ignore[no-untyped-def]
    return plan_event(event or issue_event(), snapshot or learner_repo(), now=NOW, agent=AGENT)


def test_learning_note_becomes_one_event_record_and_dashboard() -> None:
    result = plan()
    assert result.outcome is Outcome.COMMITTED
    record_path = "subjects/mathematics/events/2026-11-30-similar-triangles-fix-corresponding-vertices.md"
    assert result.changed_paths == (record_path, "dashboard.md", "dashboard-progress.svg")
    record = result.writes[0].content
    assert "ID: `event-2026-11-30-similar-triangles-fix-corresponding-vertices`" in record
    assert "Channel: `class`" in record
    assert "> In class I learned that corresponding vertices must be fixed" in record
    assert "[subjects/mathematics/goals/main-goal.md](../goals/main-goal.md)" in record
    dashboard = result.writes[1].content
    assert "event-2026-11-30-similar-triangles" in dashboard
    assert "Pass the geometry unit test on similar triangles." in dashboard


def test_commit_carries_event_and_operation_trailers() -> None:
    result = plan()
    assert result.commit is not None
    message = result.commit.message()
    assert "\nGitLearnOS-Event: github:github.com/alice/learning#7/issue@" in message
    assert "\nGitLearnOS-Operation: organize\n" in message
    assert message.splitlines()[0].startswith("Record study note: Similar triangles")


def test_receipt_has_all_fifteen_fields_in_protocol_order_and_is_truthful() -> None:
    result = plan()
    (reply,) = result.finished(commit_id="b" * 40, branch="main", remote="this repository").replies
    body = reply.body()
    positions = [body.index(f"**{field.value}:**") for field in ReceiptField]
    assert positions == sorted(positions)
    assert len(ReceiptField) == 15
    assert "committed `bbbbbbbbbbbb` on `main`" in body
    assert "git revert bbbbbbbbbbbb" in body
    assert "Mastery:** unchanged" in body
    assert "knowledge-ready not verified" in body
    assert "<!-- gitlearnos:reply event=github:github.com/alice/learning#7/issue@" in body


def test_receipt_before_push_claims_no_commit() -> None:
    result = plan()
    assert result.receipt is not None
    assert "not yet persisted" in result.receipt.git_persistence


def test_unrelated_learner_files_are_not_touched() -> None:
    assert all(not path.startswith("notes/") for path in plan().changed_paths)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (NOTE + "\n\nDo not store this.", Outcome.SKIPPED),
        (NOTE + "\n\nThis is not for my learning record.", Outcome.SKIPPED),
        (NOTE + "\n\nAnswer only, please.", Outcome.SKIPPED),
        (NOTE + "\n\nPreview first.", Outcome.PREVIEW),
    ],
)
def test_one_event_overrides_win(body: str, expected: Outcome) -> None:
    result = plan(issue_event(body))
    assert result.outcome is expected
    assert result.commit is None and result.writes == ()
    assert result.replies, "the learner is told what happened"


def test_preview_reply_shows_exact_pending_writeback() -> None:
    result = plan(issue_event(NOTE + "\nPreview first."))
    text = result.replies[0].text
    assert "nothing was committed" in text
    assert "subjects/mathematics/events/2026-11-30-similar-triangles" in text
    assert "Git persistence:** none" in text


def test_override_expires_with_the_event() -> None:
    plan(issue_event(NOTE + "\nDo not store this."))
    assert plan().outcome is Outcome.COMMITTED


def test_this_belongs_to_routes_the_subject() -> None:
    snapshot = learner_repo(**{"subjects/physics/goals/main-goal.md": "# Goal\n"})
    result = plan(issue_event(NOTE + "\nThis belongs to physics."), snapshot)
    assert result.outcome is Outcome.COMMITTED
    assert result.changed_paths[0].startswith("subjects/physics/events/")
    assert (
        result.receipt is not None and "this belongs to physics" in result.receipt.natural_language_override
    )


def test_ambiguous_subject_asks_one_question_and_writes_nothing() -> None:
    snapshot = learner_repo(**{"subjects/physics/goals/main-goal.md": "# Goal\n"})
    both = "In class I learned that velocity is the derivative of position with respect to time."
    result = plan(issue_event(both, title="Velocity"), snapshot)
    assert result.outcome is Outcome.SKIPPED
    assert result.writes == ()
    assert result.replies[0].text.count("?") == 1
    assert "mathematics, physics" in result.replies[0].text


def test_incidental_issue_is_not_stored_and_gets_no_repository_talk() -> None:
    result = plan(issue_event("Thanks!", title="thx"))
    assert result.outcome is Outcome.SKIPPED
    assert result.replies == ()


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        (issue_event(login="mallory"), "not a learner"),
        (issue_event(login="helper[bot]", is_bot=True), "bots"),
        (issue_event(kind=EventKind.ISSUE_LABELED), "no operation"),
        (issue_event(is_pull_request=True), "pull-request"),
    ],
)
def test_events_not_for_organize_are_skipped_silently(event, reason) -> None:  # type: ignore[no-untyped-def]
    result = plan(event)
    assert result.outcome is Outcome.SKIPPED
    assert result.replies == ()
    assert reason in result.reason


def test_configured_learners_replace_the_owner_default() -> None:
    config = CONFIG.replace("  push: true\n", "  push: true\n  learners: [bob]\n")
    snapshot = learner_repo(**{"gitlearnos.yml": config})
    assert plan(issue_event(login="alice"), snapshot).outcome is Outcome.SKIPPED
    assert plan(issue_event(login="bob"), snapshot).outcome is Outcome.COMMITTED


def test_missing_config_tells_the_owner_and_writes_nothing() -> None:
    result = plan(issue_event(), MemorySnapshot({"subjects/mathematics/goals/main-goal.md": GOAL}))
    assert result.outcome is Outcome.SKIPPED
    assert "no `gitlearnos.yml`" in result.replies[0].text


def test_invalid_config_names_the_key_and_accepted_values_and_acts_as_manual() -> None:
    snapshot = learner_repo(**{"gitlearnos.yml": CONFIG.replace("safe-auto", "yolo")})
    result = plan(issue_event(), snapshot)
    assert result.outcome is Outcome.REQUIRES_APPROVAL and result.commit is None
    text = result.replies[0].text
    assert "`mode: manual`" in text and "/gitlearnos approve" in text, "the exact pending writeback is shown"
    assert "`mode`" in text and "safe-auto" in text and "preview" in text and "manual" in text


def test_public_repository_is_refused() -> None:
    public = REPO.model_copy(update={"private": False})
    result = plan(issue_event(repo=public))
    assert result.outcome is Outcome.REFUSED
    assert "public" in result.replies[0].text


@pytest.mark.parametrize(
    ("replace", "outcome"),
    [
        (("mode: safe-auto", "mode: preview"), Outcome.PREVIEW),
        (("mode: safe-auto", "mode: manual"), Outcome.REQUIRES_APPROVAL),
        (("push: true", "push: false"), Outcome.REQUIRES_APPROVAL),
        (("commits: true", "commits: false"), Outcome.REQUIRES_APPROVAL),
    ],
)
def test_write_authority_comes_from_config(replace: tuple[str, str], outcome: Outcome) -> None:
    snapshot = learner_repo(**{"gitlearnos.yml": CONFIG.replace(*replace)})
    result = plan(issue_event(), snapshot)
    assert result.outcome is outcome
    assert result.commit is None


def test_same_note_again_is_recognized_as_duplicate() -> None:
    first = plan()
    files = {w.path: w.content for w in first.writes}
    again = plan(issue_event(number=8), learner_repo(**files))
    assert again.outcome is Outcome.UNCHANGED
    assert "already recorded" in again.replies[0].text


def test_two_notes_with_the_same_title_get_distinct_ids() -> None:
    first = plan()
    files = {w.path: w.content for w in first.writes}
    other = "My teacher showed that the angle bisector splits the opposite side in the ratio of the sides."
    second = plan(issue_event(other, number=9), learner_repo(**files))
    assert second.outcome is Outcome.COMMITTED
    assert second.changed_paths[0].endswith("-2.md")
    assert second.changed_paths[0] != first.changed_paths[0]


def test_comment_on_an_issue_is_organized_from_the_comment_text() -> None:
    event = issue_event(
        kind=EventKind.COMMENT_CREATED, comment="My teacher said the ratio test needs limits."
    )
    result = plan(event)
    assert result.outcome is Outcome.COMMITTED
    assert "comment 99" in result.writes[0].content
    assert "Channel: `teacher`" in result.writes[0].content


def test_image_only_material_is_marked_not_inspected() -> None:
    result = plan(issue_event(NOTE + "\n![worksheet](https://example.invalid/ws.png)"))
    assert "`needs-transcription`" in result.writes[0].content


def test_the_bots_own_reply_under_a_human_account_is_never_organized() -> None:
    """Regression: an operator using the learner's token must not make the bot answer itself."""
    own_reply = plan().replies[0].body()
    event = issue_event(kind=EventKind.COMMENT_CREATED, comment="Recorded your note in class.\n" + own_reply)
    result = plan(event)
    assert result.outcome is Outcome.SKIPPED
    assert result.replies == ()


def test_a_slightly_reworded_note_links_the_existing_record_without_a_commit() -> None:
    first = plan()
    files = {w.path: w.content for w in first.writes}
    reworded = (
        "I learned in class: fix the corresponding vertices before writing a triangle similarity statement."
    )
    again = plan(issue_event(reworded, number=8, title="similar triangles again"), learner_repo(**files))
    assert again.outcome is Outcome.UNCHANGED and again.commit is None
    assert first.changed_paths[0] in again.replies[0].text


def test_a_note_that_adds_real_content_is_recorded() -> None:
    first = plan()
    files = {w.path: w.content for w in first.writes}
    extended = (
        NOTE + " The ratio of areas is the square of the ratio of sides, which I keep forgetting in proofs."
    )
    again = plan(issue_event(extended, number=8, title="areas of similar triangles"), learner_repo(**files))
    assert again.outcome is Outcome.COMMITTED


def test_a_learner_quoting_a_bot_reply_is_still_heard() -> None:
    own_reply = plan().replies[0].body()
    quoted = "\n".join(f"> {line}" for line in own_reply.splitlines())
    event = issue_event(
        kind=EventKind.COMMENT_CREATED, comment=quoted + "\n\nMy teacher said the ratio test needs a limit."
    )
    assert plan(event).outcome is Outcome.COMMITTED
