"""Setup readiness computed from evidence, never from a hand-written flag.

The protocol's four cumulative labels: ``core-ready`` → ``knowledge-ready`` →
``automation-ready`` → ``full-ready``. A label is given only when its evidence
is present; missing capability is reported as ``incomplete`` with the reason.

The evidence is in the repository: a verified RAG ingest receipt for the knowledge level
(:func:`bot.rag.source_facts.verified_ingests`, from the same facts every source record the bot
writes states) and ``automation.md``'s observed runs for the automation level
(:mod:`bot.automation.record`). ``rag.status`` in ``gitlearnos.yml`` is the learner's statement and
is never read here, so a hand edit of it cannot promote the repository.
"""

from __future__ import annotations

from bot.automation.record import AUTOMATION_PATH, automation_ready
from bot.config import LearnerConfig
from bot.rag.source_facts import verified_ingests
from bot.snapshot import RepoSnapshot

NO_INGEST = "knowledge-ready not verified (no source has a verified RAG ingest receipt for its current text)"
NOT_READ = "knowledge-ready not verified (the repository's RAG receipts were not read for this reply)"
NO_RUN = "automation-ready not verified (no observed recurring run)"
CUMULATIVE = "both recurring jobs are verified in automation.md, but the levels are cumulative"


def knowledge_evidence(config: LearnerConfig, snapshot: RepoSnapshot | None) -> str | None:
    """What shows the repository knowledge-ready, or None when nothing does.

    The verified ingests must be with the configured provider: switching providers starts over.
    """
    ingests = verified_ingests(snapshot, config.rag.provider) if snapshot is not None else ()
    if not ingests:
        return None
    first = ingests[0]
    more = f" and {len(ingests) - 1} more source(s)" if len(ingests) > 1 else ""
    return f"`{first.source_id}` ingested and verified (receipt `{first.receipt_path}`){more}"


def setup_status(
    config: LearnerConfig,
    *,
    can_write: bool,
    snapshot: RepoSnapshot | None = None,
) -> str:
    """One receipt line: the highest verified level and what is still missing.

    ``snapshot`` is the repository the reply is about: its verified ingest receipts and its
    ``automation.md`` are the evidence. Without a snapshot nothing beyond core is claimed.
    """
    if not can_write:
        return "incomplete: the repository could not be written"
    automation = snapshot.read_text(AUTOMATION_PATH) if snapshot is not None else None
    knowledge = knowledge_evidence(config, snapshot)
    automated = automation_ready(automation)
    if knowledge is not None and automated:
        return f"full-ready: core, knowledge ({knowledge}) and automation are verified"
    if knowledge is not None:
        return f"knowledge-ready: {knowledge}; incomplete beyond that: {NO_RUN}"
    missing = [NO_INGEST if snapshot is not None else NOT_READ, CUMULATIVE if automated else NO_RUN]
    return "core-ready; incomplete beyond that: " + "; ".join(missing)
