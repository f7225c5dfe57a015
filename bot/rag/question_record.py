"""The commit that records a learner's question about their own material (issue 19, item 4).

The rag worker answers the question (:mod:`bot.rag.questions`) and, when the core asked it to record
it (the job's ``record_key``: a question-only input without an "answer only" override), commits in one
commit under the learner's own event key: the question record (:mod:`bot.records.questions`) and each
cited source record with a link back to it (its fact sentences rewritten from
:func:`bot.rag.source_facts.source_facts`, as every source record the bot writes). The answer comment
says it was recorded and where. The event key makes it exactly once: a redelivered job finds the commit
and resends the stashed answer, which edits the same comment.

Local mode (``gitlearnos local``) has no rag worker and no index: it hands the same job to
:func:`plan_without_index`, which records the question the same way with the status ``not-answered``
and says so, rather than store nothing or answer from an index that is not there.

A ``failed`` lookup or one that found nothing to search records nothing: the learner sees the failure
and can ask again, and that later question is recorded.
"""

from __future__ import annotations

from datetime import date

from bot.plan import CommitSpec, FileWrite, FollowUpJob, Outcome, Plan, Reply
from bot.rag.questions import (
    NOT_QUERIED,
    Citation,
    RetrievalStatus,
    SourceQuestion,
    find_source_question,
    valid_config,
)
from bot.rag.source_link import source_links
from bot.records.questions import link_from_source, question_ref, render_question
from bot.records.sources import with_facts
from bot.snapshot import RepoSnapshot
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_RECORD

RAG_QUESTION = "rag-question"
RECORDABLE = frozenset({RetrievalStatus.OK, RetrievalStatus.NO_HIT, RetrievalStatus.STALE})
NO_INDEX = (
    'Not answered: there is no knowledge index here, so I did not look up "{question}" in {sources}. '
    "Build one on this machine with `gitlearnos rag ingest --repo . --source <source record>`, commit the "
    "receipt and the source record it updates, and ask again: local mode then answers from that index "
    "with cited passages, as the rag worker does on your forge."
)
RECORDED = (
    "I recorded this as a question (not a study note) at `{path}`: your words, the evidence cited and "
    "the status `{status}`; the cited source record(s) {sources} link to it."
)


def _subject(record_path: str) -> str:
    return record_path.split("/")[1]


def plan_question_record(
    asked: SourceQuestion,
    status: RetrievalStatus,
    passages: tuple[Citation, ...],
    *,
    words: str,
    answer: str,
    reply: Reply,
    event_key: str,
    day: date,
    snapshot: RepoSnapshot,
    provider: str,
) -> Plan:
    """The one commit recording ``asked`` with its status and cited passages, and the reply naming it."""
    paths = dict(zip(asked.source_ids, asked.record_paths, strict=True))
    cited_ids = (
        [p.source_id for p in passages if p.source_id in paths] if passages else list(asked.source_ids)
    )
    sources = [(source_id, paths[source_id]) for source_id in dict.fromkeys(cited_ids)]
    ref = question_ref(
        _subject(sources[0][1] if sources else asked.record_paths[0]), day, asked.question, event_key
    )
    record = render_question(
        ref, words=words, asked=asked.question, event_key=event_key, day=day, status=status.value,
        passages=passages,
        sources=sources,
    )  # fmt: skip
    writes = [FileWrite(path=ref.path, content=record)]
    for _, path in sources:
        linked = link_from_source(snapshot.read_text(path) or "", ref, day=day, status=status.value)
        writes.append(FileWrite(path=path, content=with_facts(path, linked, snapshot, provider)))
    named = ", ".join(f"`{path}`" for _, path in sources) or "none"
    text = f"{answer}\n\n{RECORDED.format(path=ref.path, status=status.value, sources=named)}"
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=event_key,
        operation=RAG_QUESTION,
        writes=tuple(writes),
        replies=(reply.model_copy(update={"text": text}),),
        commit=CommitSpec(
            subject=f"Record a question about {', '.join(s for s, _ in sources) or 'own material'}"[:120],
            body=f"Answer status: {status.value}; {len(passages)} passage(s) cited. Not a study note.",
            trailers=(
                (TRAILER_EVENT, event_key),
                (TRAILER_OPERATION, RAG_QUESTION),
                (TRAILER_RECORD, ref.question_id),
            ),
        ),
        reason="a question about the learner's own material, recorded as a question",
    )


def plan_without_index(job: FollowUpJob, snapshot: RepoSnapshot, *, day: date) -> Plan:
    """What becomes of a ``rag-answer`` job where no index is (local mode): the answer says so and, when
    the job records its question, the same question record as the rag worker's, status ``not-answered``.

    The question is matched again on ``snapshot``, as the rag worker does on its head.
    """
    assert job.reply is not None, "a rag-answer job always names its reply"
    config, asked = valid_config(snapshot), find_source_question(job.question, source_links(snapshot))
    if config is None or asked is None:
        return Plan(outcome=Outcome.SKIPPED, replies=(job.reply.model_copy(update={"text": NOT_QUERIED}),))
    sources = ", ".join(f"`{source_id}`" for source_id in asked.source_ids)
    answer = NO_INDEX.format(question=asked.question.replace('"', "'"), sources=sources)
    if not job.record_key:  # "answer only", or a note that also asks: the question is not stored
        return Plan(outcome=Outcome.SKIPPED, replies=(job.reply.model_copy(update={"text": answer}),))
    return plan_question_record(
        asked, RetrievalStatus.NOT_ANSWERED, (), words=job.question, answer=answer, reply=job.reply,
        event_key=job.record_key, day=day, snapshot=snapshot, provider=config.rag.provider,
    )  # fmt: skip
