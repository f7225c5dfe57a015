"""``gitlearnos sandbox ...`` commands, run through their argparse registration against a live sandbox."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from evals.sandbox import SandboxServer
from evals.sandbox.cli import add_sandbox_commands
from tests.support.sandbox import WebhookReceiver
from tests.support.sandbox import run_cli as run


def sandbox_subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers()
    add_sandbox_commands(commands)
    sandbox = commands.choices["sandbox"]
    action = next(a for a in sandbox._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_subcommand_explains_itself() -> None:
    subcommands = sandbox_subcommands()
    assert set(subcommands) == {
        "serve", "create-repo", "hook", "open-issue", "comment", "push-file",
        "comments", "commits", "show", "deliveries", "redeliver",
    }  # fmt: skip
    assert all(parser.description for parser in subcommands.values())


def test_open_issue_comment_and_read_back(
    sandbox: SandboxServer, repo: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = str(sandbox.root)
    assert run("open-issue", repo, "--title", "Derivatives", "--body", "d/dx x² = 2x", "--root", root) == 0
    assert capsys.readouterr().out.startswith("#1 http://127.0.0.1:")

    answer = tmp_path / "answer.md"
    answer.write_text("It is 2x.\n")
    assert run("comment", repo, "1", "--body-file", str(answer), "--as", "mr-smith", "--root", root) == 0
    assert run("comments", repo, "1", "--root", root) == 0
    out = capsys.readouterr().out
    assert "by mr-smith" in out and "It is 2x." in out


def test_push_file_show_and_commits(
    sandbox: SandboxServer, repo: str, capsys: pytest.CaptureFixture[str]
) -> None:
    root = str(sandbox.root)
    message = "Organize note\n\nGitLearnOS-Operation: organize\nGitLearnOS-Event: github:x#1"
    assert (
        run(
            "push-file",
            repo,
            "subjects/math/limits.md",
            "--content",
            "# Limits\n",
            "-m",
            message,
            "--root",
            root,
        )
        == 0
    )
    assert run("show", repo, "subjects/math/limits.md", "--root", root) == 0
    assert run("commits", repo, "-n", "1", "--root", root) == 0
    out = capsys.readouterr().out
    assert "# Limits\n" in out
    assert "Organize note" in out and "author: alice <" in out
    assert "GitLearnOS-Operation: organize" in out and "GitLearnOS-Event: github:x#1" in out


def test_hook_deliveries_and_redeliver(
    sandbox: SandboxServer,
    repo: str,
    receiver: WebhookReceiver,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = str(sandbox.root)
    monkeypatch.setenv("SANDBOX_TEST_SECRET", "s3cret")
    assert (
        run("hook", repo, "--url", receiver.url, "--secret-env", "SANDBOX_TEST_SECRET", "--root", root) == 0
    )
    guid = receiver.next("ping").headers["x-github-delivery"]
    assert run("redeliver", guid, "--root", root) == 0
    assert receiver.next("ping").headers["x-github-delivery"] == guid
    assert run("deliveries", "--root", root) == 0
    assert guid in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["comments", "alice/x", "1"], "no sandbox is running under"),
        (["hook", "alice/x", "--url", "http://127.0.0.1:1/", "--secret-env", "SANDBOX_UNSET_VAR"], "not set"),
    ],
)
def test_errors_are_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    monkeypatch.delenv("SANDBOX_UNSET_VAR", raising=False)
    assert run(*argv, "--root", str(tmp_path)) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_unknown_issue_is_a_clear_error(
    sandbox: SandboxServer, repo: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("comment", repo, "99", "--body", "hi", "--root", str(sandbox.root)) == 1
    assert "404 Not Found" in capsys.readouterr().err
