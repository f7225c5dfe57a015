"""Over random histories, a reply's setup status and the source records of the same repository agree.

Issue 19, "Records and receipts derived from the same facts": a history is any sequence of a learner
committing, editing or deleting course material, filing notes that cite it (the real core, the rule
agent) and sync runs that verify, fail to verify or fail (the sync commit the rag worker makes, with a
real ``gitlearnos.external-receipt/v1`` receipt). After every step, whatever the bot wrote must agree
with what the next receipt says: a record claims a verified ingest exactly when the setup status counts
that source as ingested and verified, says the material is in the repository exactly when it is, and
says the bot has not inspected the source only when there is nothing committed it could have read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.config import parse_config
from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.rag.links import RagStatus, SyncEvidence, doc_id_for, plan_sync_commit, read_source_link, sha256
from bot.rag.source_facts import verified_ingests
from bot.rag.source_link import source_links
from bot.snapshot import MemorySnapshot
from rag.operations import synced_status
from rag.provider import PROVIDER
from rag.receipts import ExternalReceipt, RagOperation, RunResult, Verification
from tests.support.learner import CONFIG, GOAL, NOW, issue_event

MATERIALS = ("materials/similar-triangles.md", "materials/circle-theorems.md")
CHECKED = "Corresponding sides of similar triangles are in the same ratio."
VERSIONS = (
    f"# Handout\n\n{CHECKED}\n",
    f"# Handout\n\n{CHECKED}\nAreas scale by the square of the scale factor.\n",
)
VERIFIED_CLAIM = "where a sentence of it was retrieved again (verified)"
NOT_INSPECTED = "has not inspected this source"
AGENT = RuleAgent()
PROVIDER_OF_CONFIG = parse_config(CONFIG).config.rag.provider

material = st.integers(0, len(MATERIALS) - 1)
steps = st.one_of(
    st.tuples(st.just("commit"), material, st.integers(0, len(VERSIONS) - 1)),
    st.tuples(st.just("remove"), material),
    st.tuples(st.just("note"), material),
    st.tuples(st.just("sync"), material, st.sampled_from(("verified", "not-found", "failed"))),
)


@dataclass
class History:
    files: dict[str, str] = field(
        default_factory=lambda: {"gitlearnos.yml": CONFIG, "subjects/mathematics/goals/main-goal.md": GOAL}
    )
    count: int = 0

    @property
    def snapshot(self) -> MemorySnapshot:
        return MemorySnapshot(self.files, head="a" * 40)

    def apply(self, plan: Plan) -> None:
        self.files.update({write.path: write.content for write in plan.writes})

    def note(self, path: str) -> Plan:
        self.count += 1
        body = (
            f"In worked example {self.count} the scale factor was {self.count + 1}, so every side of the "
            f"image is {self.count + 1} times the original side.\n\nSource: {path}\n"
        )
        event = issue_event(body, number=100 + self.count, title=f"Scale factor example {self.count}")
        plan = plan_event(event, self.snapshot, now=NOW, agent=AGENT)
        self.apply(plan)
        return plan

    def sync(self, path: str, outcome: str) -> None:
        """The rag worker's receipt commit for the source citing ``path``, when it has material to read."""
        record = next((link for link in source_links(self.snapshot) if link.locator == path), None)
        text = self.files.get(path)
        if record is None or text is None:
            return  # the worker stops: no record, or nothing committed to send (needs-source)
        self.count += 1
        digest = sha256(text)
        receipt = ExternalReceipt(
            operation=RagOperation.INGEST, provider=PROVIDER, provider_version="test", task_id="direct",
            result=RunResult.FAILED if outcome == "failed" else RunResult.COMPLETED,
            run_id=f"{self.count:08d}-run", repository="alice/learning", repo_revision="a" * 40,
            source_id=record.source_id, source_record=record.record_path, locator=path, content_hash=digest,
            doc_id=doc_id_for(record.source_id, digest), chunks=1,
            verification=Verification(question=CHECKED, expect=CHECKED, found=outcome == "verified"),
        )  # fmt: skip
        evidence = SyncEvidence(
            status=synced_status(receipt), record_path=record.record_path, doc_id=receipt.doc_id,
            content_hash=digest, material_path=path, receipt_path=receipt.path, revision="a" * 40,
            provider=PROVIDER, parser="text", note="checked",
        )  # fmt: skip
        record_text = self.files[record.record_path]
        self.apply(
            plan_sync_commit(
                record,
                record_text,
                evidence,
                receipt.to_json(),
                snapshot=self.snapshot,
                run_key=receipt.run_id,
            )
        )


def assert_records_agree(history: History, written: tuple[str, ...], status: str | None) -> None:
    """Each source record the bot just wrote says what the facts say, and so does the reply's status."""
    verified = {ingest.source_id for ingest in verified_ingests(history.snapshot, PROVIDER_OF_CONFIG)}
    if status is not None:
        assert status.startswith("knowledge-ready") == bool(verified), status
        assert all(f"`{source}`" in status for source in sorted(verified)[:1]), status
    for path in written:
        text = history.files[path]
        link = read_source_link(path, text)
        if link is None:
            continue
        committed = link.locator in history.files
        assert (VERIFIED_CLAIM in text) == (link.source_id in verified), text
        assert ("Availability: `full`" in text) == committed, text
        assert (f"in this repository at `{link.locator}`" in text) == committed, text
        current = sha256(history.files[link.locator]) if committed else ""
        synced = link.rag_status in (RagStatus.VERIFIED, RagStatus.CONFIGURED) and link.content_hash
        stale = bool(synced) and link.content_hash != current
        assert (NOT_INSPECTED in text) == (not committed and not stale), text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(steps, min_size=1, max_size=8))
def test_replies_and_the_records_they_point_to_agree_over_any_history(history_steps: list[tuple]) -> None:  # type: ignore[type-arg]
    history = History()
    for step in history_steps:
        kind, path = step[0], MATERIALS[step[1]]
        if kind == "commit":
            history.files[path] = VERSIONS[step[2]]
        elif kind == "remove":
            history.files.pop(path, None)
        elif kind == "note":
            plan = history.note(path)
            status = plan.receipt.setup_status if plan.receipt is not None else None
            assert_records_agree(history, plan.changed_paths, status)
        else:
            before = set(history.files.items())
            history.sync(path, step[2])
            written = tuple(p for p, text in history.files.items() if (p, text) not in before)
            assert_records_agree(history, written, None)
