"""Each scenario's criteria, in our own words, and which checks cover each, read from ``evals/criteria``.

The protocol's scenario files list what a conforming bot must do, must not do, and what evidence shows it.
``evals/criteria/<NN>.toml`` restates every one of those lines as a short paraphrase with a stable id
(``04.must.3``, ``04.must-not.1``, ``04.evidence.1``), the protocol line it paraphrases, the checks that
judge it, and how faithfully: ``checked`` (the checks decide it), ``weak`` (they judge part of it, or a
proxy) or ``not-checked`` (no check does: it shows as such, never as a pass). A criterion's result in a
cell follows from its checks' results there, so a report can list every criterion of every scenario.
A ``not-checked`` criterion a server-side bot gives no observable trace of (how it read the protocol, how
many agents it is made of) says why in ``reason``; it stays ``not-checked``, never a pass.
A scenario may also judge a rule of the protocol document itself that its file does not restate (the
recognition decision's "answer only", say): such a criterion is ``<NN>.protocol.<n>``, its line in the
protocol document.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from evals.harness.checks import Check, CheckStatus

CRITERIA_DIR = Path(__file__).resolve().parent.parent / "criteria"
ID = re.compile(r"^(?P<scenario>\d{2})\.(?P<kind>must|must-not|evidence|variant|protocol)\.\d+$")


class Coverage(StrEnum):
    CHECKED = "checked"
    WEAK = "weak"
    NOT_CHECKED = "not-checked"


@dataclass(frozen=True)
class Criterion:
    id: str
    says: str  # our paraphrase of the protocol line
    line: int  # where the line starts in the protocol's scenario file (a ``protocol`` kind: in the protocol)
    coverage: Coverage
    checks: tuple[str, ...]  # check names; ``{}`` stands for a part filled in at run time
    reason: str = ""  # a not-checked criterion only: why no check can observe it

    def result(self, checks: Sequence[Check]) -> str:
        """This criterion in one cell: ``not-checked``; the worst status of its checks that ran; ``pass``
        only when every one of them ran and passed; ``incomplete`` when some did not run, ``not-run`` when
        none did (the cell stopped early, or never runs)."""
        if self.coverage is Coverage.NOT_CHECKED:
            return Coverage.NOT_CHECKED.value
        ran = {name: [c.status for c in checks if _pattern(name).match(c.name)] for name in self.checks}
        statuses = {status for found in ran.values() for status in found}
        for status in (CheckStatus.FAIL, CheckStatus.NOT_YET, CheckStatus.NOT_APPLICABLE):
            if status in statuses:
                return status.value
        if all(ran.values()):
            return CheckStatus.PASS.value
        return "incomplete" if statuses else "not-run"

    def as_json(self, checks: Sequence[Check]) -> dict[str, object]:
        return {
            "id": self.id,
            "says": self.says,
            "protocol_line": self.line,
            "coverage": self.coverage.value,
            "checks": list(self.checks),
            "reason": self.reason,
            "result": self.result(checks),
        }


@cache
def _pattern(name: str) -> re.Pattern[str]:
    """A recorded check's name is ``[variant: ]*name`` with each ``{}`` filled in."""
    body = ".+?".join(re.escape(part) for part in name.split("{}"))
    return re.compile(rf"^(?:.+: )?{body}$")


def _criterion(scenario: str, raw: dict[str, object]) -> Criterion:
    ident = str(raw["id"])
    match = ID.match(ident)
    if match is None or match["scenario"] != scenario:
        kinds = "must|must-not|evidence|variant|protocol"
        raise ValueError(f"criterion id {ident!r} is not <{scenario}>.<{kinds}>.<n>")
    checks = raw.get("checks", [])
    assert isinstance(checks, list)
    coverage = Coverage(str(raw["coverage"]))
    if (coverage is Coverage.NOT_CHECKED) != (not checks):
        raise ValueError(f"{ident}: a criterion is not-checked exactly when no check covers it")
    reason = str(raw.get("reason", ""))
    if reason and coverage is not Coverage.NOT_CHECKED:
        raise ValueError(f"{ident}: only a not-checked criterion gives a reason; a check judges this one")
    line = raw["line"]
    assert isinstance(line, int)
    return Criterion(ident, str(raw["says"]), line, coverage, tuple(map(str, checks)), reason)


@cache
def criteria(scenario: str) -> tuple[Criterion, ...]:
    """The criteria of scenario ``scenario`` (``"04"``), in the protocol file's order."""
    path = CRITERIA_DIR / f"{scenario}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found = tuple(_criterion(scenario, raw) for raw in data["criterion"])
    ids = [c.id for c in found]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{path.name}: duplicate criterion ids")
    return found


def coverage_counts(scenario: str) -> dict[str, int]:
    """How many of the scenario's criteria are checked, weak and not checked."""
    found = criteria(scenario)
    return {c.value: sum(x.coverage is c for x in found) for c in Coverage}
