"""One fault test's run: its stack, its own Redis and the ledgers of its repositories, concluded as a row."""

from __future__ import annotations

from dataclasses import dataclass, field

from evals.local_stack import LocalStack
from tests.support.faults.ledger import Ledger, Observation
from tests.support.faults.table import record
from tests.support.log_audit import audit_logs
from tests.support.restartable_redis import RestartableRedis


@dataclass
class FaultRun:
    """One test's stack and the ledgers of its repositories."""

    stack: LocalStack
    redis: RestartableRedis
    ledgers: list[Ledger] = field(default_factory=list)

    def repository(self, name: str, seed: int = 0, forge: str = "github") -> Ledger:
        ledger = Ledger.for_new_repository(self.stack, name, seed, forge)
        self.ledgers.append(ledger)
        return ledger

    def conclude(self, fault: str, observed: Observation, note: str = "") -> None:
        """Put the row in the table, audit every log, then hold the row to 0 lost, duplicated, pending."""
        record(fault, observed, note)
        audit_logs(
            self.stack,
            [n for ledger in self.ledgers for n in ledger.notes],
            extra_logs=[self.redis.log_path],
        )
        assert (observed.lost, observed.duplicated, observed.pending) == (0, 0, 0), (
            f"{fault}: {observed} {note}"
        )
