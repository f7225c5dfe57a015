"""The fault suite's one table: a row per fault, the counts the issue asks for, printed after the run."""

from __future__ import annotations

from dataclasses import astuple, dataclass, fields

from tests.support.faults.ledger import Observation

COLUMNS = ("sent", "accepted", "committed", "replied", "lost", "duplicated", "pending")


@dataclass(frozen=True)
class Row:
    fault: str
    observed: Observation
    note: str = ""  # what else the row measured (kill latencies, worker exit codes, ...)


ROWS: list[Row] = []


def record(fault: str, observed: Observation, note: str = "") -> Observation:
    """Add a row to the table (printed at the end of the session) and hand the observation back."""
    ROWS.append(Row(fault, observed, note))
    return observed


def render(rows: list[Row]) -> str:
    names = [f.name for f in fields(Observation)]
    assert tuple(names) == COLUMNS
    width = max([len("fault"), *(len(row.fault) for row in rows)])
    lines = [f"{'fault':<{width}}  " + "  ".join(f"{name:>10}" for name in COLUMNS)]
    for row in rows:
        counts = "  ".join(f"{value:>10}" for value in astuple(row.observed))
        lines.append(f"{row.fault:<{width}}  {counts}" + (f"  {row.note}" if row.note else ""))
    return "\n".join(lines)
