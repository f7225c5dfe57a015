"""The dispatcher reads each repository's automation section at the mirror's synced head, and once per head.

The beat sweeps every registered repository every minute, so the section is kept per synced commit;
a learner's change to it must still take effect with the sync that brings it, never before.
"""

from __future__ import annotations

from pathlib import Path

from runtime.settings import Settings
from tests.support.git_remotes import push_learner_commit, seeded_remote
from tests.support.learner import CONFIG, REPO
from workers.git_workspace import Mirror, mirror_path
from workers.scheduling.dispatch import learner_automation


def with_time_zone(zone: str) -> str:
    return CONFIG + f"automation:\n  time_zone: {zone}\n"


def test_a_changed_time_zone_takes_effect_with_the_sync_that_brings_it(tmp_path: Path) -> None:
    remote = seeded_remote(tmp_path, "remote", {"gitlearnos.yml": with_time_zone("Europe/Berlin")})
    settings = Settings(data_dir=tmp_path / "data")
    mirror = Mirror(mirror_path(settings.mirrors_dir, REPO), REPO, None, 30, clone_url=str(remote))
    mirror.sync()
    first = learner_automation(settings, REPO)
    assert first is not None and first.time_zone == "Europe/Berlin"

    push_learner_commit(remote, tmp_path / "learner", "gitlearnos.yml", with_time_zone("Asia/Tokyo"), "Move")
    unsynced = learner_automation(settings, REPO)
    assert unsynced is not None and unsynced.time_zone == "Europe/Berlin", "read before the mirror synced"

    mirror.sync()
    synced = learner_automation(settings, REPO)
    assert synced is not None and synced.time_zone == "Asia/Tokyo"


def test_a_repository_whose_mirror_never_synced_has_no_schedule(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    assert learner_automation(settings, REPO) is None
