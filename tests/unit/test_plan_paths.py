"""No planned write can escape the repository or touch Git internals."""

from __future__ import annotations

import posixpath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import UnsafePath
from bot.plan import FileWrite, check_repo_path


@pytest.mark.parametrize(
    "path",
    [
        "",
        "/etc/passwd",
        "../outside.md",
        "subjects/../../x",
        "a/./b",
        ".git/config",
        "a/.git/hooks/x",
        "a\\b",
        "a//b",
    ],
)
def test_unsafe_paths_are_refused(path: str) -> None:
    with pytest.raises(UnsafePath):
        FileWrite(path=path, content="x")


@given(st.lists(st.sampled_from(["a", "b", "..", ".", ".git", "subjects", "", "/"]), min_size=1, max_size=6))
def test_accepted_paths_always_stay_inside(parts: list[str]) -> None:
    path = "/".join(parts)
    try:
        accepted = check_repo_path(path)
    except UnsafePath:
        return
    normal = posixpath.normpath(accepted)
    assert not normal.startswith(("/", "..")) and ".git" not in normal.split("/")
