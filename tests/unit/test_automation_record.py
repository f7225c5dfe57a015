"""automation.md rules: ``verified`` only from an observed run, no rewrite for moved timestamps, readiness."""

from __future__ import annotations

import re

import pytest

from bot.automation import record
from bot.automation.record import (
    AUTOMATION_PATH,
    JOBS,
    TRANSITIONS,
    JobRecord,
    JobState,
    Observation,
    asks_for_deployment,
    automation_ready,
    job_state,
    recorded_state,
    records_state,
    render_automation_record,
)
from bot.config import LearnerConfig
from bot.setup.readiness import setup_status
from bot.snapshot import MemorySnapshot


def observed(job: str, **changes: object) -> Observation:
    base: dict[str, object] = {
        "job": job,
        "recurrence": "daily",
        "local_time": "07:00" if job == "due-review" else "21:30",
        "scheduler_listed": True,
        "time_zone": "Europe/Berlin",
        "task_id": f"{job}-0123456789abcdef",
        "next_run": "2026-12-01 07:00 Europe/Berlin",
        "run_result": "skipped",
        "run_at": "2026-11-30 16:10 Europe/Berlin",
        "evidence": f"{job}/repo/verify-abc",
    }
    return Observation(**(base | changes))  # type: ignore[arg-type]


def render(*records: JobRecord) -> str:
    return render_automation_record(
        records, time_zone="Europe/Berlin", quiet_hours="22:00-07:00", push_authorized=True
    )


@pytest.mark.parametrize(
    ("changes", "state"),
    [
        ({}, JobState.VERIFIED),
        ({"run_result": "committed"}, JobState.VERIFIED),
        ({"run_result": ""}, JobState.CONFIGURED),  # listed, never run: a scheduler entry is not proof
        ({"run_result": "conflict"}, JobState.CONFIGURED),
        ({"run_result": "failed"}, JobState.CONFIGURED),
        ({"scheduler_listed": False, "run_result": ""}, JobState.UNAVAILABLE),
        (
            {"scheduler_listed": False},
            JobState.UNAVAILABLE,
        ),  # a run without a scheduler proves nothing recurring
        ({"recurrence": "disabled"}, JobState.DISABLED),
    ],
)
def test_verified_needs_a_listed_job_and_an_observed_safe_run(
    changes: dict[str, object], state: JobState
) -> None:
    assert job_state(observed("maintenance", **changes)) is state


def test_a_verified_record_names_provider_task_next_run_and_the_run() -> None:
    text = render(*(JobRecord.observed(observed(job)) for job in JOBS))
    assert "Deployment automation: `verified`" in text
    assert text.count("- State: `verified`") == 2
    assert "- Provider: celery-redbeat" in text and "`due-review-0123456789abcdef`" in text
    assert "- Next run: 2026-12-01 07:00 Europe/Berlin" in text
    assert "- Last verified run: 2026-11-30 16:10 Europe/Berlin" in text
    assert automation_ready(text)


def test_without_a_scheduler_the_requested_schedules_are_kept_and_nothing_is_claimed() -> None:
    text = render(*(JobRecord.observed(observed(job, scheduler_listed=False, run_result="")) for job in JOBS))
    assert "Deployment automation: `incomplete`" in text and text.count("- State: `unavailable`") == 2
    assert "- Local time: 21:30" in text and "- Local time: 07:00" in text
    assert "- Provider task ID: none" in text and "- Last verified run: none" in text
    assert not automation_ready(text)


def test_recorded_state_ignores_moved_timestamps_and_sees_state_changes() -> None:
    first = [JobRecord.observed(observed(job)) for job in JOBS]
    later = [
        JobRecord.observed(observed(job, next_run="2026-12-02 07:00", run_at="2026-12-01 09:00"))
        for job in JOBS
    ]
    changed = [JobRecord.observed(observed(job, run_result="conflict")) for job in JOBS]
    written = render(*first)
    assert recorded_state(written) == records_state(first) == records_state(later)
    assert recorded_state(written) != records_state(changed)


def test_one_job_short_of_verified_keeps_deployment_incomplete() -> None:
    text = render(
        JobRecord.observed(observed("maintenance")), JobRecord.observed(observed("due-review", run_result=""))
    )
    assert "Deployment automation: `incomplete`" in text and not automation_ready(text)


def test_readiness_reflects_automation_md() -> None:
    config = LearnerConfig.model_validate({"rag": {"status": "verified"}})
    verified = render(*(JobRecord.observed(observed(job)) for job in JOBS))
    requested = render(*(JobRecord.requested(job, "daily", "07:00") for job in JOBS))

    # Both jobs verified, but a hand-set rag.status is no ingest evidence: the levels are cumulative.
    def status(automation: str) -> str:
        return setup_status(config, can_write=True, snapshot=MemorySnapshot({AUTOMATION_PATH: automation}))

    assert "both recurring jobs are verified" in status(verified)
    assert "automation-ready not verified" in status(requested)
    assert "automation-ready not verified" in setup_status(config, can_write=True)


def test_the_diagram_in_the_docstring_is_the_transition_table() -> None:
    drawn = {
        (JobState(a), JobState(b))
        for a, b in re.findall(r"^\s+([a-z]+) --> ([a-z]+):", record.__doc__ or "", re.M)
    }
    assert drawn == TRANSITIONS


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("Finish deployment. Use my local time zone and the default automatic times.", True),
        ("Please verify the automation", True),
        ("Set up the recurring jobs", True),
        ("In class I learned that similar triangles keep angle order.", False),
        ("I finished the deployment chapter of my DevOps book", False),
    ],
)
def test_a_deployment_request_is_recognized(text: str, asks: bool) -> None:
    assert asks_for_deployment(text) is asks
