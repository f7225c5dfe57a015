"""Starting, stopping and restarting a sandbox: state, tokens and the connection file."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.sandbox import SandboxClient, SandboxClientError, start_sandbox
from evals.sandbox.connection import read_connection
from evals.sandbox.server import SandboxStartError


def test_restart_keeps_state_and_tokens(tmp_path: Path) -> None:
    with start_sandbox(tmp_path, learner="bea", teacher=None, other_users=["mallory"]) as first:
        tokens = dict(first.tokens)
        assert set(tokens) == {"bea", "gitlearnos-bot[bot]", "mallory"}
        info = read_connection(tmp_path)
        assert info is not None and info.url == first.url
        assert (tmp_path / "sandbox.json").stat().st_mode & 0o777 == 0o600
        with pytest.raises(SandboxStartError, match="already serves"):
            start_sandbox(tmp_path)
        with SandboxClient.for_root(tmp_path) as client:
            client.create_repository("bea/log")
            client.open_issue("bea/log", title="kept")

    stopped = read_connection(tmp_path)
    assert stopped is not None and stopped.url is None
    with pytest.raises(SandboxClientError, match="no sandbox is running"):
        SandboxClient.for_root(tmp_path)

    with start_sandbox(tmp_path, learner="bea", teacher=None) as second:
        assert second.tokens == tokens
        with second.client() as client:
            assert client.repository("bea/log")["open_issues_count"] == 1
