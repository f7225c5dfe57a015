"""Scenario 09's small talk and "answer only" checks judge outcomes: a silent or merely polite bot passes;
a commit for either (or one naming no event), a file holding their words, or repository talk fails."""

from __future__ import annotations

from evals.harness.checks import CheckRecorder, CheckStatus
from evals.harness.repo_state import CommitInfo, RepoState
from evals.harness.wire import TRAILER_EVENT, TRAILER_OPERATION
from evals.scenarios import incidental_input as incidental

FULL_NAME = "alice/s09-safe-auto-github"
CHAT, ASK = 3, 4
START = CommitInfo("a" * 40, "alice", "Start", ("gitlearnos.yml",))
BEFORE = RepoState(head=START.id, files={"gitlearnos.yml": "mode: safe-auto\n"}, commits=(START,))
RECORD = "subjects/mathematics/events/event-x.md"
SMALL_TALK_CHECK = "small talk is not stored and gets no repository talk"
ANSWER_ONLY_CHECK = 'an "answer only" question is not stored'


def commit_for(number: int | None, record: str = RECORD) -> CommitInfo:
    """A learning commit for issue ``number`` (None: a commit naming no event)."""
    trailers: tuple[tuple[str, str], ...] = ((TRAILER_OPERATION, "organize"),)
    if number is not None:
        trailers += ((TRAILER_EVENT, f"github:127.0.0.1:9/{FULL_NAME}#{number}/issue@abc"),)
    return CommitInfo("b" * 40, "bot", "Organize a note", (record,), trailers)


def judged(
    files: dict[str, str] | None = None, commit: CommitInfo | None = None, replies: tuple[str, ...] = ()
) -> dict[str, CheckStatus]:
    commits = (commit, START) if commit else (START,)
    after = RepoState(head=commits[0].id, files={**BEFORE.files, **(files or {})}, commits=commits)
    checks = CheckRecorder()
    incidental.judge(checks, BEFORE, after, replies, full_name=FULL_NAME, chat=CHAT, ask=ASK)
    return {check.name: check.status for check in checks.results}


def test_a_silent_bot_or_a_friendly_word_without_the_repository_passes() -> None:
    assert set(judged().values()) == {CheckStatus.PASS}
    assert set(judged(replies=("Doing well, thanks! Good luck with the triangles.",)).values()) == {
        CheckStatus.PASS
    }


def test_stored_small_talk_fails_by_commit_by_file_or_by_reply() -> None:
    assert judged(commit=commit_for(CHAT))[SMALL_TALK_CHECK] is CheckStatus.FAIL
    kept = {RECORD: f"# Note\n\n> {incidental.SMALL_TALK}\n"}
    assert judged(files=kept)[SMALL_TALK_CHECK] is CheckStatus.FAIL, "its words in a file, whoever wrote it"
    receipt = "Recorded.\n\n**Changed files:** `subjects/mathematics/events/event-x.md`"
    assert judged(replies=(receipt,))[SMALL_TALK_CHECK] is CheckStatus.FAIL
    assert judged(replies=("Nothing changed in your repository.",))[SMALL_TALK_CHECK] is CheckStatus.FAIL


def test_a_stored_answer_only_question_fails_and_is_not_blamed_on_the_small_talk() -> None:
    result = judged(commit=commit_for(ASK))
    assert result[ANSWER_ONLY_CHECK] is CheckStatus.FAIL
    assert result[SMALL_TALK_CHECK] is CheckStatus.PASS, "the commit names the other issue"
    kept = {RECORD: f"Question: {incidental.ANSWER_ONLY_QUESTION}\n"}
    assert judged(files=kept)[ANSWER_ONLY_CHECK] is CheckStatus.FAIL


def test_a_commit_naming_no_event_counts_against_both() -> None:
    result = judged(commit=commit_for(None))
    assert result[SMALL_TALK_CHECK] is CheckStatus.FAIL and result[ANSWER_ONLY_CHECK] is CheckStatus.FAIL
