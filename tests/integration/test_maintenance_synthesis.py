"""A maintenance run synthesizes a repeated error nobody synthesized: one commit, then nothing (issue 17)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

from tests.support.due_review import add_to_remote
from tests.support.event_worker import runtime
from tests.support.git_remotes import bot_commits, git
from tests.support.repeated_gap import FILES, GAP_PATH, MODEL_PATH, REVIEW_PATH
from tests.support.scheduled_repo import Forge, served
from tests.support.scheduled_repo import forge as forge  # noqa: PLC0414 - the fixture
from tests.support.scheduled_repo import remote as remote  # noqa: PLC0414 - the fixture
from workers.scheduling.maintenance import run_maintenance

NOW = datetime(2026, 11, 30, 20, 31, tzinfo=UTC)


def test_a_gap_with_two_observations_and_no_model_is_synthesized_once(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    (path, content), *others = FILES.items()
    add_to_remote(tmp_path, remote, path, content, also=dict(others))
    worker = runtime(tmp_path, redis_url)

    first = run_maintenance(worker, served(remote), date(2026, 11, 30), now=NOW)
    second = run_maintenance(worker, served(remote), date(2026, 12, 1), now=NOW)

    (commit,) = bot_commits(remote)
    changed = git(remote, "show", "--name-only", "--format=", commit).split()
    assert {MODEL_PATH, REVIEW_PATH, GAP_PATH} <= set(changed)
    assert "GitLearnOS-Operation: maintenance" in git(remote, "log", "-1", "--format=%B", commit)
    assert "Purpose: `transfer`" in git(remote, "show", f"main:{REVIEW_PATH}")
    assert "Mastery: `unknown`" in git(remote, "show", f"main:{GAP_PATH}")
    assert not first.skipped and second.skipped, "a second run changes nothing"
    assert forge.comments.created == 0
