"""Checks that used to pass whatever the bot did now fail on a wrong receipt or repository state.

Scenario 04's "which automation mode ran" passed on a receipt line that reads the same for every run;
scenario 15 compared automation.md with the bot's own listing written by the same call; scenario 13's
"general question without RAG" passed on a bot that ignores the question. Each check is fed
a deliberately wrong input here and must fail, beside the honest input that must pass.
"""

from __future__ import annotations

from datetime import date, datetime

from evals.harness.checks import CheckRecorder, CheckStatus
from evals.harness.queue_watch import pushed_tasks
from evals.harness.receipt import ReceiptField
from evals.harness.repo_state import CommitInfo
from evals.scenarios.s04_due_review import automation_named
from evals.scenarios.s13_rag import judge_general
from evals.scenarios.s15_recurring_automation import expected_next_runs, judge_listing

DAY = date(2026, 3, 2)
OCCURRENCE = f"due-review/gitea:127.0.0.1:4000/alice/s04-due-gitea/{DAY.isoformat()}"
DELIVERY = CommitInfo("c" * 40, "GitLearnOS Bot", "Deliver 1 due review question", ("r.md",),
                      (("GitLearnOS-Event", OCCURRENCE), ("GitLearnOS-Operation", "due-review")))  # fmt: skip


def verdict_04(automation: str, commit: CommitInfo | None = DELIVERY, day: date = DAY) -> CheckStatus:
    checks = CheckRecorder()
    automation_named(checks, {ReceiptField.AUTOMATION_ACTUALLY_COMPLETED: automation}, commit, day)
    (check,) = checks.results
    return check.status


def test_04_passes_a_line_naming_this_background_occurrence() -> None:
    assert verdict_04(f"background: the `due-review` occurrence `{OCCURRENCE}` ran") is CheckStatus.PASS


def test_04_fails_a_constant_line_an_on_handoff_claim_or_another_occurrence() -> None:
    assert verdict_04("background: `due-review` ran in the bot's scheduler") is CheckStatus.FAIL
    assert (
        verdict_04(f"on-handoff: `{OCCURRENCE}` checked when you opened the repository") is CheckStatus.FAIL
    )
    yesterday = OCCURRENCE.replace(DAY.isoformat(), "2026-03-01")
    assert verdict_04(f"background: occurrence `{yesterday}` ran") is CheckStatus.FAIL
    assert verdict_04(f"background: occurrence `{OCCURRENCE}` ran", commit=None) is CheckStatus.FAIL


def automation_md(maintenance_next: str, due_next: str, ids: tuple[str, str] = ("t-m", "t-d")) -> str:
    jobs = zip(("maintenance", "due-review"), (maintenance_next, due_next), ids, strict=True)
    return "\n".join(
        f"## `{job}` — recurring\n\n- State: `verified`\n- Provider: celery-redbeat\n"
        f"- Provider task ID: `{task_id}`\n- Next run: {next_run}\n"
        for job, next_run, task_id in jobs
    )


NOW = datetime(2026, 3, 2, 12, 0)
ALLOWED = expected_next_runs(NOW, since=NOW)
REGISTERED = {"maintenance": "t-m", "due-review": "t-d"}
TRUE = automation_md("2026-03-02 21:30 Europe/Berlin", "2026-03-03 07:00 Europe/Berlin")


def verdict_15(text: str, *, live: bool = True, registered: dict[str, str] = REGISTERED) -> CheckStatus:
    checks = CheckRecorder()
    judge_listing(checks, text, live, registered, ALLOWED)
    (check,) = checks.results
    return check.status


def test_15_passes_the_true_listing() -> None:
    assert verdict_15(TRUE) is CheckStatus.PASS


def test_15_fails_a_wrong_next_run_a_dead_scheduler_or_unregistered_ids() -> None:
    utc_by_mistake = automation_md("2026-03-02 20:30 Europe/Berlin", "2026-03-03 06:00 Europe/Berlin")
    assert verdict_15(utc_by_mistake) is CheckStatus.FAIL
    assert verdict_15(automation_md("2026-03-02 21:30 Europe/Berlin", "2026-03-02 07:00 Europe/Berlin")) \
        is CheckStatus.FAIL  # fmt: skip
    assert verdict_15(TRUE, live=False) is CheckStatus.FAIL, "no beat holds RedBeat's lock"
    assert verdict_15(TRUE, registered={"maintenance": "t-m"}) is CheckStatus.FAIL


def verdict_13(replies: list[str], rag_tasks: list[str], committed: tuple[str, ...] = ()) -> CheckStatus:
    checks = CheckRecorder()
    judge_general(checks, replies, list(committed), rag_tasks)
    (check,) = checks.results
    return check.status


def test_13_passes_a_reply_with_no_rag_call() -> None:
    assert (
        verdict_13(["I cannot answer general questions offline; nothing was recorded."], [])
        is CheckStatus.PASS
    )


def test_13_fails_a_rag_job_sent_even_when_the_reply_looks_plain() -> None:
    assert verdict_13(["Noted."], ["workers.rag_answer.answer_question"]) is CheckStatus.FAIL
    assert verdict_13(["Noted."], [], committed=("Record RAG receipt",)) is CheckStatus.FAIL
    assert verdict_13([], []) is CheckStatus.FAIL, "a question nobody answered did not complete"


def test_the_broker_watch_reads_kombu_pushes_on_the_queue_only() -> None:
    message = r"{\"body\": \"W10=\", \"headers\": {\"task\": \"workers.rag_answer.answer_question\"}}"
    assert pushed_tasks(f'LPUSH "rag" "{message}"', "rag") == ["workers.rag_answer.answer_question"]
    assert pushed_tasks(f'LPUSH "schedule" "{message}"', "rag") == []
    assert pushed_tasks('BRPOP "rag" "1"', "rag") == []
