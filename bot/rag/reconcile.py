"""Maintenance's RAG reconciliation: which sources need a replay because Git moved and the index did not.

Protocol, "Setup and adapter contract": "Git rollback alone does not roll back the index: reconcile source
hashes and replay affected documents", and "retry only pending documents after inspecting actual
provider state". A source record is due for a replay when its material is committed and ingestible and

* it was synchronized (``verified`` / ``configured``) from a version whose content hash is not the one
  committed now (the learner edited or rolled back the material without telling the bot), or
* it is still ``pending`` (an ingest never ran, was interrupted, or failed and is waiting).

Records marked ``deleted``, ``unavailable`` or ``failed`` are left alone: a deletion was deliberate and
the others need a person. The replay itself is the rag worker's sync job, which inspects the provider
before inserting and refuses an identical active ingestion, so queueing it twice is harmless.

A synchronized record whose material changed also *says* so before any replay runs: maintenance
commits :func:`stale_source_marks` (the record's fact sentences from
:func:`bot.rag.source_facts.source_facts`, the one place they are computed), so a source nobody cites
again stops reading ``verified`` while the index holds an older version; the replay's sync commit
then rewrites it from the new ingest.

What Git alone cannot show: a record and its material rolled back *together* to a version the index no
longer holds (a later rebuild deleted it). The hashes then agree, so only the provider can tell; the sync
job does that check when it runs for the record, and ``gitlearnos rag status`` shows it to an operator.
"""

from __future__ import annotations

from bot.plan import FollowUpJob
from bot.rag.links import RAG_INGEST, Readiness, ingest_decision
from bot.rag.questions import valid_config
from bot.rag.source_facts import record_with_facts, source_facts
from bot.rag.source_link import RagStatus, source_links
from bot.snapshot import RepoSnapshot

SYNCHRONIZED = frozenset({RagStatus.VERIFIED.value, RagStatus.CONFIGURED.value})


def replays_due(snapshot: RepoSnapshot) -> tuple[FollowUpJob, ...]:
    """One ``rag-ingest`` job per source record whose index entry lags behind the committed material.

    None when ``gitlearnos.yml`` is missing or invalid: a broken policy authorizes no ingestion.
    """
    config = valid_config(snapshot)
    if config is None:
        return ()
    jobs = []
    for link in source_links(snapshot):
        decision = ingest_decision(link, snapshot, config)
        if decision.readiness is not Readiness.INGEST:
            continue
        drifted = link.rag_status in SYNCHRONIZED and bool(decision.replaces_doc_id)
        if drifted or link.rag_status == RagStatus.PENDING.value:
            jobs.append(FollowUpJob(kind=RAG_INGEST, path=link.record_path))
    return tuple(jobs)


def stale_source_marks(snapshot: RepoSnapshot) -> dict[str, str]:
    """Each synchronized source record whose committed material changed since its ingest, rewritten.

    The new text says the ingest is stale and the source needs a re-ingest (its RAG status, location,
    content hash and "what the bot has inspected" from the repository's facts); a record that already
    says so is not in the result, so a second run commits nothing. None without a valid config, as
    for :func:`replays_due`.
    """
    config = valid_config(snapshot)
    if config is None:
        return {}
    marks = {}
    for link in source_links(snapshot):
        facts = source_facts(link, snapshot, config.rag.provider)
        text = snapshot.read_text(link.record_path) or ""
        if facts.stale and (marked := record_with_facts(text, facts)) != text:
            marks[link.record_path] = marked
    return marks
