"""The checks that cover criteria no check judged before: each passes a conforming outcome and fails the
broken one its mutant produces. 02.must.4: derived understanding only with its basis; 09.must.3: only the
goal, the linked model and the event's own evidence are cited; 09.variant.3: an unclear config leaves the
update pending; 13.must.2 and 13.must-not.1: the setup questions before any commit or ingest;
13.must-not.7: a retrieval answer moves no mastery; 08.must-not.1: nothing asked beyond the thread."""

from __future__ import annotations

from evals.harness.checks import CheckRecorder, CheckStatus
from evals.harness.receipt import ReceiptField
from evals.harness.repo_state import CommitInfo, RepoState
from evals.scenarios import rag_gate
from evals.scenarios import s02_organize as s02
from evals.scenarios import s08_constrained_access as s08
from evals.scenarios import s09_implicit_event as s09
from evals.scenarios import s13_rag as s13
from evals.scenarios.learner_files import MATHS_GOAL

START = CommitInfo("a" * 40, "alice", "Start", (MATHS_GOAL,))
NOTE = "subjects/mathematics/events/2026-12-02-similar-triangles.md"
LINKED = f"Evidence: [note](../events/{NOTE.rsplit('/', 1)[1]})\n"
EVENT = "# Note\n\nGoal link: [goal](../goals/main-goal.md)\n"


def state(files: dict[str, str]) -> RepoState:
    return RepoState(head=START.id, files=files, commits=(START,))


def status(checks: CheckRecorder) -> CheckStatus:
    (check,) = checks.results
    return check.status


# --- 02.must.4 ----------------------------------------------------------------------------------------------

BEFORE_02 = state({MATHS_GOAL: "# Goal\n"})


def judge_02(derived: dict[str, str]) -> CheckStatus:
    after = state({**BEFORE_02.files, NOTE: EVENT, **derived})
    checks = CheckRecorder()
    s02.derived_with_basis(checks, BEFORE_02, after, NOTE)
    return status(checks)


def test_02_no_derived_record_or_one_linked_knowledge_point_passes() -> None:
    assert judge_02({}) is CheckStatus.PASS
    point = {"subjects/mathematics/knowledge/vertex-order.md": LINKED}
    assert judge_02(point) is CheckStatus.PASS


def test_02_a_gap_from_a_class_note_an_unlinked_or_a_second_model_fails() -> None:
    gap = {"subjects/mathematics/knowledge-gaps/x.md": LINKED}
    assert judge_02(gap) is CheckStatus.FAIL, "a note that reports no mistake shows no gap"
    assert judge_02({"subjects/mathematics/models/m.md": "# Model\n"}) is CheckStatus.FAIL, "no basis linked"
    two = {"subjects/mathematics/models/a.md": LINKED, "subjects/mathematics/models/b.md": LINKED}
    assert judge_02(two) is CheckStatus.FAIL


# --- 09.must.3 ----------------------------------------------------------------------------------------------

BEFORE_09 = state({MATHS_GOAL: "# Goal\n", **s09.EARLIER})
RECORD_09 = "subjects/mathematics/events/2026-12-02-why-is-step-3-valid.md"


def stray(record: str, evidence: str = "learner-reported note, issue #1") -> dict[str, list[str]]:
    after = state({**BEFORE_09.files, RECORD_09: record})
    return s09.stray_citations(BEFORE_09, after, {ReceiptField.EVIDENCE: evidence})


def test_09_citing_the_goal_and_the_linked_model_passes() -> None:
    record = f"{EVENT}Model: [order](../models/{s09.MODEL_PATH.rsplit('/', 1)[1]})\n"
    assert stray(record) == {}


def test_09_citing_an_unrelated_earlier_note_in_the_record_or_the_receipt_fails() -> None:
    old = s09.OLD_NOTE_PATH.rsplit("/", 1)[1]
    assert stray(f"{EVENT}## Read for this\n\n- [old]({old})\n") == {RECORD_09: [s09.OLD_NOTE_PATH]}
    assert stray(EVENT, evidence=f"also `{s09.OLD_NOTE_PATH}`") == {"receipt": [s09.OLD_NOTE_PATH]}


def unclear(*, committed: bool, receipt: str) -> CheckStatus:
    after = BEFORE_09
    if committed:
        written = CommitInfo("b" * 40, "bot", "Record study note", (RECORD_09,))
        after = RepoState(written.id, {**BEFORE_09.files, RECORD_09: EVENT}, (written, START))
    checks = CheckRecorder()
    s09.judge_unclear(checks, BEFORE_09, after, f"I did not write.\n\n- **Changed files:** {receipt}")
    return status(checks)


def test_09_an_unclear_config_that_leaves_the_update_pending_passes() -> None:
    assert unclear(committed=False, receipt=f"`{RECORD_09}`, `dashboard.md`") is CheckStatus.PASS


def test_09_an_unclear_config_read_as_permission_or_no_pending_writeback_fails() -> None:
    assert unclear(committed=True, receipt=f"`{RECORD_09}`") is CheckStatus.FAIL
    assert unclear(committed=False, receipt="none") is CheckStatus.FAIL


# --- 13.must.2, 13.must-not.1 ---------------------------------------------------------------------------

ASKED = "Let's set it up first.\n\nWhich subject do you want to start with?"


def gate(
    replies: tuple[str, ...], *, committed: bool = False, rag_tasks: tuple[str, ...] = ()
) -> CheckStatus:
    before = state({"materials/textbook.md": "# Textbook\n"})
    after = before
    if committed:
        setup = CommitInfo("b" * 40, "bot", "Set up", ("gitlearnos.yml",))
        after = RepoState(setup.id, {**before.files, "gitlearnos.yml": "mode: safe-auto\n"}, (setup, START))
    checks = CheckRecorder()
    rag_gate.judge(checks, before, after, replies, list(rag_tasks))
    return status(checks)


def test_13_a_question_and_nothing_done_passes() -> None:
    assert gate((ASKED,)) is CheckStatus.PASS


def test_13_setting_up_ingesting_or_not_asking_before_the_answer_fails() -> None:
    assert gate((ASKED,), committed=True) is CheckStatus.FAIL
    assert gate((ASKED,), rag_tasks=("workers.rag.sync_source",)) is CheckStatus.FAIL
    assert gate(("Done: RAG-Anything is set up and your materials are indexed.",)) is CheckStatus.FAIL


# --- 13.must-not.7 ------------------------------------------------------------------------------------------

POINT = "subjects/mathematics/knowledge/similarity/scale-factor.md"
ANSWER = "From your textbook:\n\n> The ratio of corresponding side lengths is called the scale factor."


def retrieval(files: dict[str, str], answer: str = ANSWER) -> CheckStatus:
    before = state({POINT: "# Scale factor\n\n- Mastery: `learning`\n"})
    checks = CheckRecorder()
    s13.retrieval_moves_no_mastery(checks, before, state({**before.files, **files}), answer)
    return status(checks)


def test_13_an_answer_from_the_textbook_that_leaves_mastery_alone_passes() -> None:
    assert retrieval({}) is CheckStatus.PASS
    assert retrieval({"dashboard.md": "Updated: today\n"}) is CheckStatus.PASS


def test_13_mastery_moved_written_or_claimed_from_retrieval_fails() -> None:
    assert retrieval({POINT: "# Scale factor\n\n- Mastery: `demonstrated`\n"}) is CheckStatus.FAIL
    assert retrieval({"subjects/mathematics/knowledge/x.md": "Mastery: `demonstrated`\n"}) is CheckStatus.FAIL
    assert retrieval({}, answer=f"{ANSWER}\n\nYou have mastered similarity.") is CheckStatus.FAIL


# --- 08.must-not.1 ------------------------------------------------------------------------------------------

RECEIPT = "- **Undo:** `git revert abc123` reverts exactly this update\n- **Next action:** {}"


def tooling(*replies: str) -> CheckStatus:
    checks = CheckRecorder()
    s08.asks_nothing_beyond_the_thread(checks, replies)
    return status(checks)


def test_08_a_question_answered_here_passes_though_the_receipt_tells_how_to_undo() -> None:
    question = "Which word fits the sentence's exact meaning, and why?\n\n" + RECEIPT.format(
        "reply here with your answer; `/gitlearnos approve` applies a pending change, `gitlearnos.yml` holds"
        " the settings"
    )
    assert tooling(question) is CheckStatus.PASS


def test_08_a_command_a_shell_block_or_a_download_asked_of_the_learner_fails() -> None:
    assert tooling(RECEIPT.format("run `git pull`, then answer in `answers.md`")) is CheckStatus.FAIL
    assert tooling("Set up first:\n\n```bash\npip install gitlearnos\n```") is CheckStatus.FAIL
    assert tooling("Get the app: https://example.invalid/gitlearnos.apk") is CheckStatus.FAIL
