"""``gitlearnos doctor`` as an operator reads it: its exit code, each check's status, the whole table."""

from __future__ import annotations

import pytest

from gitlearnos.cli import main


def run_doctor(capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, str], str]:
    """Exit code, status by check name, and the whole table, as a user sees it."""
    code = main(["doctor"])
    out = capsys.readouterr().out
    header, *lines = out.splitlines()
    start, detail = header.index("CHECK"), header.index("DETAIL")
    statuses = {
        line[start:detail].strip(): line[:start].strip()
        for line in lines
        if line[:start].strip() in ("pass", "fail")
    }
    return code, statuses, out


def failing(statuses: dict[str, str]) -> set[str]:
    return {check for check, status in statuses.items() if status == "fail"}


def expect_only(capsys: pytest.CaptureFixture[str], check: str, *phrases: str) -> str:
    code, statuses, out = run_doctor(capsys)
    assert failing(statuses) == {check}, out
    assert code == 1
    for phrase in phrases:
        assert phrase in out, out
    return out
