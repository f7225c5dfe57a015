"""Scenario 11's judges fail when they should: each check against a reply or repository crafted to break it,
beside one that passes. Nothing here comes from the bot: replies and states are built by hand.
"""

from __future__ import annotations

from evals.harness.checks import CheckRecorder, CheckStatus
from evals.harness.receipt import ReceiptField
from evals.harness.repo_state import CommitInfo, RepoState
from evals.scenarios import s11_no_skill_continuity as s11
from evals.scenarios.review_loop import GAP_PATH, REVIEW_PATH

START = CommitInfo("a" * 40, "alice", "Start", ("gitlearnos.yml",))
LATER = CommitInfo("b" * 40, "gitlearnos-bot[bot]", "Record the note", (GAP_PATH,))
EVENT = "subjects/mathematics/events/2026-12-02-completing-the-square.md"
LOCATOR = "Source locator: [issue #3](https://forge.invalid/alice/x/issues/3)"
RECORD = f"# Completing the square\n\n{LOCATOR}\n\n> {s11.QUESTION}\n"
PERSISTENCE = "none: the forge refused the push; nothing was committed"


def state(files: dict[str, str] | None = None, *commits: CommitInfo) -> RepoState:
    history = commits or (START,)
    return RepoState(head=history[0].id, files=files or {}, commits=history)


def receipt(**values: str) -> str:
    fields = {field: "stated" for field in ReceiptField} | {
        ReceiptField.CHANGED_FILES: f"`{EVENT}`",
        ReceiptField.GIT_PERSISTENCE: PERSISTENCE,
        ReceiptField.SKILL_INSTALLATION: "unavailable: no agent Skill on this surface",
    }
    fields |= {ReceiptField[name.upper()]: value for name, value in values.items()}
    return "\n".join(f"- **{field.value}:** {value}" for field, value in fields.items())


def reply(*, lead: str = s11.ANSWER, record: str = RECORD, shown: bool = True, **fields: str) -> str:
    block = (
        f"<details><summary><code>{EVENT}</code> (write)</summary>\n\n```markdown\n{record}```\n\n</details>"
    )
    pending = block if shown else f"- `{EVENT}` (write)"
    intro = "My push was refused. The exact pending writeback:"
    return f"{lead}\n\n---\n\n{intro}\n\n{pending}\n\n{receipt(**fields)}"


def read_only(text: str, after: RepoState | None = None) -> dict[str, CheckStatus]:
    checks = CheckRecorder()
    s11.judge_read_only(checks, state(), after or state(), text, issue_number=3)
    return {check.name: check.status for check in checks.results}


ANSWERED = "the question is answered before any repository talk"
PENDING = "the exact pending writeback is returned: every pending record in full"
KEPT = "the pending record keeps the learner's words and the page's locator"
LANDED = "nothing lands in the repository"
CLAIMED = "no write, commit or push is claimed"


def test_an_answer_and_the_exact_pending_writeback_with_nothing_pushed_pass() -> None:
    assert set(read_only(reply()).values()) == {CheckStatus.PASS}


def test_repository_talk_before_the_answer_fails() -> None:
    assert read_only(reply(lead=f"Filed under {EVENT}.\n\n{s11.ANSWER}"))[ANSWERED] is CheckStatus.FAIL
    assert read_only(reply(lead="I cannot answer that."))[ANSWERED] is CheckStatus.FAIL


def test_a_pending_writeback_that_only_names_its_files_fails() -> None:
    assert read_only(reply(shown=False))[PENDING] is CheckStatus.FAIL
    assert read_only(reply(changed_files="none"))[PENDING] is CheckStatus.FAIL


def test_a_pending_record_without_the_learners_words_or_locator_fails() -> None:
    assert read_only(reply(record="# Completing the square\n\n> a summary\n"))[KEPT] is CheckStatus.FAIL


def test_a_commit_that_lands_fails() -> None:
    landed = state({GAP_PATH: "x"}, LATER, START)
    assert read_only(reply(), landed)[LANDED] is CheckStatus.FAIL


def test_a_claimed_write_or_commit_fails() -> None:
    claims = reply(lead=f"{s11.ANSWER}\n\nI committed your note to the repository.")
    assert read_only(claims)[CLAIMED] is CheckStatus.FAIL
    assert read_only(reply(git_persistence=f"committed as {'c' * 12}, pushed"))[CLAIMED] is CheckStatus.FAIL


def gap(mastery: str) -> str:
    return f"# Knowledge Gap: scale factor\n\nID: `gap-scale-factor`\nMastery: `{mastery}`\n"


def review(result: str, purpose: str = "review", status: str = "complete") -> str:
    return (
        f"# Check\n\nStatus: `{status}`\nPurpose: `{purpose}`\n\n## Questions\n\n1. How long is YZ?\n\n"
        f"## Result\n\n- Result: `{result}`\n"
    )


NEXT = "subjects/mathematics/reviews/review-scale-factor-check-2026-12-09.md"
SAME_FORM = "a delayed independent right answer to the same task form is not `demonstrated`"
TRANSFER_NEXT = "the next check planned is a transfer task with its question"
TRANSFER_DONE = "a delayed independent right answer to a transfer task is `demonstrated`"


def same_form(mastery: str, next_purpose: str | None) -> dict[str, CheckStatus]:
    files = {REVIEW_PATH: review("correct"), GAP_PATH: gap(mastery)}
    if next_purpose is not None:
        files[NEXT] = review("not attempted", next_purpose, status="planned")
    checks = CheckRecorder()
    s11.judge_same_form(checks, state(), state(files, LATER, START))
    return {check.name: check.status for check in checks.results}


def test_the_same_task_form_at_learning_with_a_transfer_check_next_passes() -> None:
    assert set(same_form("learning", "transfer").values()) == {CheckStatus.PASS}


def test_the_same_task_form_demonstrated_fails() -> None:
    assert same_form("demonstrated", "transfer")[SAME_FORM] is CheckStatus.FAIL


def test_a_review_or_no_next_check_under_a_transfer_goal_fails() -> None:
    assert same_form("learning", "review")[TRANSFER_NEXT] is CheckStatus.FAIL
    assert same_form("learning", None)[TRANSFER_NEXT] is CheckStatus.FAIL


def test_a_transfer_task_left_at_learning_fails() -> None:
    def judged(mastery: str) -> CheckStatus:
        files = {REVIEW_PATH: review("correct", "transfer"), GAP_PATH: gap(mastery)}
        checks = CheckRecorder()
        s11.judge_transfer_task(checks, state(), state(files, LATER, START))
        return {check.name: check.status for check in checks.results}[TRANSFER_DONE]

    assert judged("demonstrated") is CheckStatus.PASS
    assert judged("learning") is CheckStatus.FAIL
