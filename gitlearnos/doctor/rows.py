"""One row of ``gitlearnos doctor``: what was checked, pass or fail, what was found, how to fix it.

The table is what an operator reads, so a failing row always carries its fix, and the exit code is
non-zero when any row fails (a deploy pipeline can gate on it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PASS, FAIL = "pass", "fail"


@dataclass(frozen=True)
class Row:
    check: str
    ok: bool
    detail: str
    fix: str = ""

    @property
    def status(self) -> str:
        return PASS if self.ok else FAIL


def passed(check: str, detail: str) -> Row:
    return Row(check, True, detail)


def failed(check: str, detail: str, fix: str) -> Row:
    return Row(check, False, detail, fix)


def format_table(rows: Sequence[Row]) -> str:
    """``STATUS  CHECK  DETAIL`` aligned, with ``fix:`` under every failing row, and a one-line summary."""
    width = max((len(row.check) for row in rows), default=5)
    lines = [f"{'STATUS':<6}  {'CHECK':<{width}}  DETAIL"]
    for row in rows:
        lines.append(f"{row.status:<6}  {row.check:<{width}}  {row.detail}")
        if not row.ok:
            lines.append(f"{'':<6}  {'':<{width}}  fix: {row.fix}")
    failures = sum(not row.ok for row in rows)
    lines.append(f"{len(rows) - failures} passed, {failures} failed")
    return "\n".join(lines)


def exit_code(rows: Sequence[Row]) -> int:
    return 1 if any(not row.ok for row in rows) else 0
