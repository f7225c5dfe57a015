"""Edits and corrections through plan_event: a correction record linked both ways, one commit, a reply.

Regressions (issue 19): an edited issue got "no operation handles issue.edited events yet" and the
record kept the wrong fact; "Correction to my note above: …" was stored as an unrelated note and the
original stayed an uncorrected fact.
"""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.conversation import ThreadMessage
from bot.intake.events import EventKind, InboundEvent
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.records.codec import read_header, section
from bot.setup.readiness import NOT_READ
from bot.snapshot import MemorySnapshot
from tests.support.learner import CONFIG, NOW, issue_event, learner_repo

NOTE = "In class I learned that the interior angles of a pentagon add up to 540 degrees."
WRONG = "In class I learned that the interior angles of a pentagon add up to 360 degrees."
TITLE = "Angles of a pentagon"
ORIGINAL = "subjects/mathematics/events/2026-11-30-angles-of-a-pentagon.md"
ORIGINAL_ID = "event-2026-11-30-angles-of-a-pentagon"


def planned(event: InboundEvent, files: dict[str, str]) -> Plan:
    return plan_event(event, learner_repo(**files), now=NOW, agent=RuleAgent())


def recorded(body: str = WRONG) -> dict[str, str]:
    """The learner's repository after the first, wrong note was organized."""
    first = planned(issue_event(body, title=TITLE), {})
    assert first.outcome is Outcome.COMMITTED
    return {write.path: write.content for write in first.writes}


def written(plan: Plan) -> dict[str, str]:
    return {write.path: write.content for write in plan.writes}


def correction_path(plan: Plan) -> str:
    headers = {path: read_header(text) for path, text in written(plan).items()}
    (path,) = [
        path for path, header in headers.items() if "Corrects" in header and "Superseded by" not in header
    ]
    return path


def assert_linked_correction(plan: Plan, before: dict[str, str], corrected: str) -> None:
    """One commit: the correction record, the original marked superseded (its note kept), the dashboard."""
    assert plan.outcome is Outcome.COMMITTED and plan.commit is not None
    files = written(plan)
    new_path = correction_path(plan)
    assert set(plan.changed_paths) == {new_path, ORIGINAL, "dashboard.md", "dashboard-progress.svg"}
    new_id = read_header(files[new_path])["ID"]
    assert read_header(files[new_path])["Corrects"] == ORIGINAL_ID
    assert f"> {corrected}" in files[new_path]
    original = files[ORIGINAL]
    assert read_header(original)["Superseded by"] == new_id
    assert "- Superseded: on 2026-11-30 the learner corrected this note (numbers 360 → 540)" in original
    kept = section(before[ORIGINAL], "Learner-provided event")
    assert section(original, "Learner-provided event") == kept, "the learner's note is never rewritten"
    message = plan.commit.message()
    assert message.splitlines()[0] == f"Record correction of {ORIGINAL_ID}"
    assert f"GitLearnOS-Record: {new_id}" in message.splitlines()
    assert "\nGitLearnOS-Operation: organize\n" in message
    dashboard = files["dashboard.md"]
    assert "Corrected (numbers 360 → 540): Angles of a pentagon" in dashboard
    assert f"| {ORIGINAL_ID} |" not in dashboard and f"[{ORIGINAL_ID}]" not in dashboard
    reply = plan.replies[0].text
    assert f"Recorded your correction as `{new_id}`" in reply
    assert "What changed: numbers 360 → 540." in reply
    assert f"The earlier note `{ORIGINAL_ID}` is kept as you first wrote it and marked superseded" in reply


def test_an_edited_issue_that_changes_the_fact_is_a_correction_record_linked_both_ways() -> None:
    before = recorded()
    edit = planned(issue_event(NOTE, title=TITLE, kind=EventKind.ISSUE_EDITED), before)
    assert_linked_correction(edit, before, NOTE)
    assert "GitLearnOS-Event: github:github.com/alice/learning#7/issue@" in edit.commit.message()  # type: ignore[union-attr]


CORRECTIONS = {
    "en": "Correction to my note above: the interior angles of a pentagon add up to 540 degrees.",
    "en-short": "Correction: the interior angles of a pentagon add up to 540 degrees.",
    "fr": "Correction : the interior angles of a pentagon add up to 540 degrees.",
    "es": "Corrección: the interior angles of a pentagon add up to 540 degrees.",
    "de": "Korrektur: the interior angles of a pentagon add up to 540 degrees.",
    "zh": "更正：the interior angles of a pentagon add up to 540 degrees.",
    "ja": "訂正：the interior angles of a pentagon add up to 540 degrees.",
    "ru": "Исправление: the interior angles of a pentagon add up to 540 degrees.",
    "pt": "Correção: the interior angles of a pentagon add up to 540 degrees.",
}


def test_an_edited_comment_caught_up_without_its_link_still_finds_its_record() -> None:
    """Maintenance replays a missed edit from the comment listing, which gives no URL."""
    first = planned(issue_event(kind=EventKind.COMMENT_CREATED, comment=WRONG, title=TITLE), {})
    before = {write.path: write.content for write in first.writes}
    listed = issue_event(kind=EventKind.COMMENT_EDITED, comment=NOTE, title=TITLE)
    assert listed.thread is not None
    edit = planned(listed.model_copy(update={"thread": listed.thread.model_copy(update={"url": ""})}), before)
    assert edit.outcome is Outcome.COMMITTED
    assert "What changed: numbers 360 → 540." in edit.replies[0].text


@pytest.mark.parametrize("language", sorted(CORRECTIONS))
def test_a_correcting_comment_in_any_language_corrects_the_note_above(language: str) -> None:
    before = recorded()
    comment = CORRECTIONS[language]
    plan = planned(issue_event(WRONG, title=TITLE, kind=EventKind.COMMENT_CREATED, comment=comment), before)
    assert_linked_correction(plan, before, comment)


def test_a_correction_in_the_notes_own_language_names_what_changed() -> None:
    before = recorded("Aprendí en clase que los ángulos interiores de un pentágono suman 360 grados.")
    comment = "Corrección: los ángulos interiores de un pentágono suman 540 grados."
    plan = planned(issue_event(title=TITLE, kind=EventKind.COMMENT_CREATED, comment=comment), before)
    assert plan.outcome is Outcome.COMMITTED
    assert "What changed: numbers 360 → 540." in plan.replies[0].text


def test_an_edit_that_fixes_a_typo_links_the_source_version_and_changes_nothing_else() -> None:
    before = recorded(NOTE.replace("interior", "intreior"))
    edit = planned(issue_event(NOTE, title=TITLE, kind=EventKind.ISSUE_EDITED), before)
    assert edit.outcome is Outcome.COMMITTED and edit.changed_paths == (ORIGINAL,)
    header = read_header(written(edit)[ORIGINAL])
    assert "Superseded by" not in header
    assert len(header["Source versions"].split(",")) == 2, "the first version and this one"
    assert "intreior" in written(edit)[ORIGINAL], "the note is kept as first recorded"
    reply = edit.replies[0].text
    assert "changes only the wording or formatting, not the fact" in reply
    assert f"`{ORIGINAL_ID}` keeps the note as first recorded" in reply
    assert edit.receipt is not None and "changes only wording or formatting" in edit.receipt.organized


def test_editing_a_corrected_issue_again_corrects_the_correction() -> None:
    before = recorded()
    first = planned(issue_event(NOTE, title=TITLE, kind=EventKind.ISSUE_EDITED), before)
    after = before | written(first)
    third = NOTE.replace("540", "541")
    again = planned(issue_event(third, title=TITLE, kind=EventKind.ISSUE_EDITED), after)
    assert again.outcome is Outcome.COMMITTED
    assert (
        read_header(written(again)[correction_path(again)])["Corrects"]
        == read_header(written(first)[correction_path(first)])["ID"]
    )


def test_a_correction_that_repeats_the_note_changes_nothing_and_says_so() -> None:
    before = recorded(NOTE)
    comment = "Correction: the interior angles of a pentagon add up to 540 degrees."
    plan = planned(issue_event(NOTE, title=TITLE, kind=EventKind.COMMENT_CREATED, comment=comment), before)
    assert plan.outcome is Outcome.UNCHANGED and plan.commit is None
    assert "already says, so there was nothing to correct" in plan.replies[0].text


def test_a_correction_with_nothing_recorded_on_its_issue_is_recorded_as_a_note() -> None:
    comment = "Correction: the interior angles of a pentagon add up to 540 degrees, as I learned in class."
    plan = planned(issue_event(kind=EventKind.COMMENT_CREATED, comment=comment, number=12), recorded())
    assert plan.outcome is Outcome.COMMITTED
    assert "Corrects" not in read_header(plan.writes[0].content)


def test_an_edit_of_text_no_record_holds_changes_nothing_and_says_nothing() -> None:
    plan = planned(issue_event("Thanks for the help!", kind=EventKind.ISSUE_EDITED, number=9), recorded())
    assert plan.outcome is Outcome.SKIPPED and plan.replies == () and "nothing to correct" in plan.reason


def test_an_edit_before_setup_changes_nothing() -> None:
    event = issue_event(NOTE, kind=EventKind.ISSUE_EDITED)
    plan = plan_event(event, MemorySnapshot({}), now=NOW, agent=RuleAgent())
    assert plan.outcome is Outcome.SKIPPED and plan.replies == () and "not set up" in plan.reason


def test_an_edit_approved_in_manual_mode_is_committed_as_the_correction() -> None:
    """The approval re-plans the issue as it is now, told as a new issue: a correction still, not a note."""
    files = recorded() | {"gitlearnos.yml": CONFIG.replace("mode: safe-auto", "mode: manual")}
    pending = planned(issue_event(NOTE, title=TITLE, kind=EventKind.ISSUE_EDITED), files)
    assert pending.outcome is Outcome.REQUIRES_APPROVAL
    shown = ThreadMessage(
        author="gitlearnos-bot", is_bot=True, body=pending.replies[0].body(), comment_id="11"
    )
    approval = issue_event(NOTE, title=TITLE, kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve")
    approved = plan_event(approval, learner_repo(**files), now=NOW, agent=RuleAgent(), history=(shown,))
    assert_linked_correction(approved, files, NOTE)


def test_an_edited_approval_approves_nothing() -> None:
    files = recorded() | {"gitlearnos.yml": CONFIG.replace("mode: safe-auto", "mode: manual")}
    event = issue_event(NOTE, title=TITLE, kind=EventKind.COMMENT_EDITED, comment="/gitlearnos approve")
    plan = planned(event, files)
    assert plan.outcome is Outcome.SKIPPED and plan.commit is None and "approves nothing" in plan.reason


def test_an_edit_by_someone_who_is_not_a_learner_changes_nothing() -> None:
    plan = planned(issue_event(NOTE, title=TITLE, kind=EventKind.ISSUE_EDITED, login="mallory"), recorded())
    assert plan.outcome is Outcome.SKIPPED and plan.commit is None


def test_a_manual_mode_correction_is_a_pending_writeback() -> None:
    files = recorded() | {"gitlearnos.yml": CONFIG.replace("mode: safe-auto", "mode: manual")}
    plan = planned(issue_event(NOTE, title=TITLE, kind=EventKind.ISSUE_EDITED), files)
    assert plan.outcome is Outcome.REQUIRES_APPROVAL and plan.commit is None


def test_every_correction_receipt_reads_readiness_from_the_repository() -> None:
    """Regression: the wording-only, repeat and correction receipts said RAG receipts were not read."""
    correction = planned(issue_event(NOTE, title=TITLE, kind=EventKind.ISSUE_EDITED), recorded())
    wording = planned(
        issue_event(NOTE, title=TITLE, kind=EventKind.ISSUE_EDITED),
        recorded(NOTE.replace("interior", "intreior")),
    )
    comment = "Correction: the interior angles of a pentagon add up to 540 degrees."
    repeat = planned(
        issue_event(NOTE, title=TITLE, kind=EventKind.COMMENT_CREATED, comment=comment), recorded(NOTE)
    )
    for plan in (correction, wording, repeat):
        assert plan.receipt is not None and NOT_READ not in plan.receipt.setup_status
