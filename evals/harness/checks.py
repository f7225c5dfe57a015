"""Check results, and how one scenario run turns into a pass / fail / not-yet verdict.

A scenario is a list of named checks, each tied to one "must", "must not" or "evidence" line of the
protocol scenario. A check the bot cannot pass yet for lack of a capability is recorded as ``not-yet`` with
the reason, rather than left out: the table then shows exactly which promises are unproven, and a
scenario only ``pass``es when every line it covers passed. ``not-applicable`` is its own status, for a
protocol requirement a server-side bot cannot have, always with the reason: it is neither a pass nor a
promise left for later.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum


class CheckStatus(StrEnum):
    PASS = "pass"  # noqa: S105 - a verdict, not a password
    FAIL = "fail"
    NOT_YET = "not-yet"
    NOT_APPLICABLE = "not-applicable"


@dataclass(frozen=True)
class Check:
    name: str
    status: CheckStatus
    detail: str

    def as_json(self) -> dict[str, str]:
        return {"name": self.name, "status": self.status.value, "detail": self.detail}


@dataclass
class CheckRecorder:
    """Collects one scenario's checks in the order they ran.

    Scenario code records into it as it goes, so when a later step breaks (the bot never replied, say)
    the checks that already ran are still reported beside the failure.
    """

    results: list[Check] = field(default_factory=list)
    _prefix: str = ""

    @contextmanager
    def section(self, label: str) -> Iterator[None]:
        """Prefix the names of the checks recorded inside with ``label`` (one variant of a scenario)."""
        outer = self._prefix
        self._prefix = f"{outer}{label}: "
        try:
            yield
        finally:
            self._prefix = outer

    def expect(self, name: str, ok: bool, detail: str) -> bool:
        """Record ``name`` as passed or failed; ``detail`` says what was observed, either way."""
        self.results.append(Check(self._prefix + name, CheckStatus.PASS if ok else CheckStatus.FAIL, detail))
        return ok

    def not_yet(self, name: str, reason: str) -> None:
        self.results.append(Check(self._prefix + name, CheckStatus.NOT_YET, reason))

    def fail(self, name: str, detail: str) -> None:
        self.results.append(Check(self._prefix + name, CheckStatus.FAIL, detail))


@dataclass(frozen=True)
class ScenarioResult:
    """One cell of the table: a scenario on one forge (or ``local``, or ``none`` when no forge applies)."""

    scenario: str
    title: str
    forge: str
    status: CheckStatus
    reason: str
    checks: tuple[Check, ...] = ()
    seconds: float = 0.0

    def as_json(self) -> dict[str, object]:
        return {
            "scenario": self.scenario,
            "title": self.title,
            "forge": self.forge,
            "status": self.status.value,
            "reason": self.reason,
            "seconds": round(self.seconds, 2),
            "checks": [check.as_json() for check in self.checks],
        }


def verdict(checks: Sequence[Check]) -> tuple[CheckStatus, str]:
    """The cell's status and a one-line reason: the first failure wins, then what is not yet checkable."""
    failed = [c for c in checks if c.status is CheckStatus.FAIL]
    waiting = [c for c in checks if c.status is CheckStatus.NOT_YET]
    inapplicable = [c for c in checks if c.status is CheckStatus.NOT_APPLICABLE]
    passed = len(checks) - len(failed) - len(waiting) - len(inapplicable)
    if failed:
        first = failed[0]
        more = f" (+{len(failed) - 1} more failed)" if len(failed) > 1 else ""
        return CheckStatus.FAIL, f"{first.name}: {first.detail}{more}"
    if waiting:
        reasons = list(dict.fromkeys(c.detail for c in waiting))
        return CheckStatus.NOT_YET, f"{passed} checks pass; not yet: " + "; ".join(reasons)
    if not checks:
        return CheckStatus.NOT_YET, "no checks ran"
    if not passed:
        return CheckStatus.NOT_APPLICABLE, "; ".join(dict.fromkeys(c.detail for c in inapplicable))
    return CheckStatus.PASS, f"all {passed} checks pass"
