"""One answer from a learner's knowledge index: the rag worker's and local mode's, in the same words.

A ``rag-answer`` job names the learner's question; this module matches it again on the snapshot it is
given (a source deleted or rolled back since the note is never cited), runs the adapter's read-only
``query`` against the index ``repo_key`` names, and turns what came back into the reply's text and,
for a job that records its question, the question record's plan. The rag worker calls it under the
repository's writer lock on its synced mirror; ``gitlearnos local`` calls it on the learner's checkout
when the learner has built an index there with ``gitlearnos rag ingest --repo .``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.plan import FollowUpJob, Plan
from bot.rag.links import current_doc_ids, source_links
from bot.rag.question_record import RECORDABLE, plan_question_record
from bot.rag.questions import (
    NOT_QUERIED,
    Citation,
    RetrievalOutcome,
    RetrievalStatus,
    cited,
    find_source_question,
    render_source_answer,
    valid_config,
)
from bot.snapshot import RepoSnapshot
from rag.operations import query, run
from runtime.settings import Settings
from workers.rag_index import EndpointRefused, index_spec


@dataclass(frozen=True)
class AnswerResult:
    """What one run replied: the status it stated, the documents it cited, the question's commit if any."""

    status: str
    cited: tuple[str, ...] = ()
    comment_created: bool = False
    recorded: str = ""  # the commit that recorded the question ("" when nothing was stored)
    plan: Plan | None = None  # the question record's plan, while it is being executed


def answer_from_index(
    settings: Settings, repo_key: str, snapshot: RepoSnapshot, job: FollowUpJob, *, day: date
) -> tuple[str, AnswerResult]:
    """The reply's text for ``job`` and what it stated; ``plan`` is set when the question is recorded."""
    config = valid_config(snapshot)
    links = source_links(snapshot)
    asked = find_source_question(job.question, links)
    if config is None or asked is None:
        return NOT_QUERIED, AnswerResult("not-queried")
    try:
        spec = index_spec(settings, repo_key, config)
    except EndpointRefused as error:
        outcome = RetrievalOutcome(status=RetrievalStatus.FAILED, error=str(error))
    else:
        current = current_doc_ids(links, snapshot, config)
        found = run(query(spec, asked.question, links, snapshot.read_text, current_doc_ids=current))
        outcome = RetrievalOutcome(
            status=RetrievalStatus(found.status),
            citations=tuple(Citation.model_validate(e.as_dict()) for e in found.evidence),
            error=found.error,
        )
    status, passages = cited(asked, outcome)
    answer = render_source_answer(asked, outcome)
    plan = None
    if job.record_key and job.reply is not None and status in RECORDABLE:
        plan = plan_question_record(
            asked, status, passages, words=job.question, answer=answer, reply=job.reply,
            event_key=job.record_key, day=day, snapshot=snapshot, provider=config.rag.provider,
        )  # fmt: skip
    return answer, AnswerResult(status.value, tuple(c.doc_id for c in passages), plan=plan)
