"""Progress as its reader sees it: live on a terminal, plain lines in a log, the same summary in both."""

from __future__ import annotations

import io
import re

from gitlearnos.console_progress import reporter

ESCAPE = re.compile(r"\x1b\[")


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as a person's shell does."""

    def isatty(self) -> bool:
        return True


def exercise(stream: io.StringIO) -> str:
    progress = reporter(stream)
    with progress.step("loading the model"):
        pass
    with progress.bar("scenarios", 2) as advance:
        advance("01 github: Bootstrap", "")
        advance("", "01 github pass  (1.0 s)")
        advance("02 github: Organize", "")
        advance("", "02 github fail  (2.0 s)")
    progress.summary("gitlearnos evals: 2 cells in 3.0 s", [("pass", "1"), ("failed", "02 github")])
    return stream.getvalue()


def test_a_log_gets_plain_lines_and_the_summary_without_escape_codes() -> None:
    output = exercise(io.StringIO())
    assert output.splitlines() == [
        "loading the model ...",
        "scenarios: 2 to do",
        "01 github pass  (1.0 s)",
        "02 github fail  (2.0 s)",
        "gitlearnos evals: 2 cells in 3.0 s",
        "  pass:   1",
        "  failed: 02 github",
    ]


def test_a_terminal_gets_a_live_display_that_leaves_the_finished_lines_and_the_summary() -> None:
    output = exercise(Terminal())
    assert ESCAPE.search(output), "a terminal gets the live display's control sequences"
    assert "━" in output and "2/2" in output, "a bar that counts the finished items"
    assert re.search(r"✓ loading the model \(\d+\.\d s\)", output)
    for kept in ("01 github pass  (1.0 s)", "02 github fail  (2.0 s)", "gitlearnos evals: 2 cells in 3.0 s"):
        assert kept in output
    assert "  failed: 02 github" in output
