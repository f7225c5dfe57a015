"""``gitlearnos demo`` as CI logs it (``python3 run.py demo``): plain step lines, the story, a summary."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e


def test_the_demo_logs_its_steps_and_closes_with_a_summary_of_what_the_bot_did(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "gitlearnos", "demo", "--data-dir", str(tmp_path / "demo")],
        capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    lines = run.stdout.splitlines()
    for step in (
        "Starting the embedded Redis ...",
        "Starting the sandbox forge, the web service and the workers ...",
        "Creating Alice's private learner repository and filing her note ...",
        "Waiting for the bot (webhook, worker, commit, reply; up to 90 s) ...",
    ):
        assert step in lines
    start = next(i for i, line in enumerate(lines) if line.startswith("gitlearnos demo: "))
    assert re.fullmatch(r"gitlearnos demo: the bot committed and replied in \d+\.\d s", lines[start])
    rows = dict(line.strip().split(": ", 1) for line in lines[start + 1 :])
    assert rows["repository"].strip() == "alice/learning (private, sandbox forge)"
    assert rows["note"].strip() == "issue #1"
    assert re.fullmatch(r"[0-9a-f]{12} by GitLearnOS Bot", rows["commit"].strip())
    assert re.fullmatch(r"subjects/mathematics/events/\S+\.md", rows["record"].strip())
    assert rows["logs"].strip() == str(tmp_path / "demo" / "logs")
    assert "\x1b[" not in run.stdout
