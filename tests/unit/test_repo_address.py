"""Where the configured forge is, which repository paths are valid there, and where mirrors go."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.intake.events import Forge, RepoRef
from forge_adapters.base import GitCredentials
from forge_adapters.repo_address import (
    ForeignRepository,
    address_of,
    configured_location,
    contained_path,
    foreign_reason,
    path_parts,
)
from runtime.settings import Settings
from workers.git_workspace import credential_env, mirror_path


@pytest.mark.parametrize(
    ("api_url", "base"),
    [
        ("https://api.github.com", "https://github.com"),
        ("https://ghes.example/api/v3", "https://ghes.example"),
        ("https://corp.example/github/api/v3/", "https://corp.example/github"),
        ("http://127.0.0.1:8080/api/v3/", "http://127.0.0.1:8080"),
    ],
)
def test_the_github_location_comes_from_its_api_url(api_url: str, base: str) -> None:
    location = configured_location(Settings(github_api_url=api_url), Forge.GITHUB)
    assert location is not None and location.base_url == base


def test_clone_urls_come_from_settings_never_from_the_payload() -> None:
    repo = RepoRef(
        forge=Forge.GITLAB,
        host="GitLab.Example:443",
        full_name="school/maths/alice",
        clone_url="http://attacker.example/x.git",
    )
    address = address_of(Settings(gitlab_url="https://gitlab.example/"), repo)
    assert address.clone_url == "https://gitlab.example/school/maths/alice.git"


@pytest.mark.parametrize(
    ("forge", "host", "reason"),
    [
        (Forge.GITHUB, "ghes.example", "not on the github host"),  # the github.com token stays home
        (Forge.GITHUB, "github.com:8443", "not on the github host"),
        (Forge.GITHUB, "user@github.com", "not on the github host"),
        (Forge.GITEA, "gitea.example", "no gitea URL is configured"),
    ],
)
def test_a_repository_elsewhere_is_foreign(forge: Forge, host: str, reason: str) -> None:
    repo = RepoRef(forge=forge, host=host, full_name="alice/learning")
    assert reason in (foreign_reason(Settings(), repo) or "")


@pytest.mark.parametrize(
    ("forge", "full_name"),
    [
        (Forge.GITHUB, "alice/learning/extra"),  # GitHub has no nested owners
        (Forge.GITHUB, "-alice/learning"),
        (Forge.GITLAB, "group/project.git"),
        (Forge.GITLAB, "group/-project"),
        (Forge.GITEA, "a/b/c"),
        (Forge.GITEA, "alice/.."),
    ],
)
def test_paths_follow_each_forges_naming_rules(forge: Forge, full_name: str) -> None:
    with pytest.raises(ForeignRepository):
        path_parts(forge, full_name)


def test_gitlab_allows_nested_groups() -> None:
    assert path_parts(Forge.GITLAB, "school/year-1/maths/alice_notes") == (
        "school",
        "year-1",
        "maths",
        "alice_notes",
    )


@pytest.mark.parametrize("host", ["..", ".", "a/../..", "", "host/x"])
def test_a_mirror_never_leaves_the_mirrors_directory(tmp_path: Path, host: str) -> None:
    with pytest.raises(ForeignRepository):
        contained_path(tmp_path / "mirrors", Forge.GITHUB, host, ("alice", "learning"))


def test_a_mirror_path_is_built_from_validated_parts(tmp_path: Path) -> None:
    repo = RepoRef(forge=Forge.GITHUB, host="127.0.0.1:3000", full_name="alice/learning")
    assert mirror_path(tmp_path, repo) == tmp_path / "github" / "127.0.0.1_3000" / "alice" / "learning"


def test_the_token_header_is_scoped_to_the_clone_urls_origin_and_redirects_are_off() -> None:
    env = credential_env(
        GitCredentials("x-access-token", "secret"), "https://ghes.example/alice/learning.git"
    )
    assert env["GIT_CONFIG_KEY_0"] == "http.https://ghes.example/.extraHeader"
    assert (env["GIT_CONFIG_KEY_1"], env["GIT_CONFIG_VALUE_1"]) == ("http.followRedirects", "false")
