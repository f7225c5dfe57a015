"""The ``rag`` queue's answer task: query the learner's index and reply on the issue with cited evidence.

The core queues a ``rag-answer`` follow-up when a learner asks about their own material
(:mod:`bot.rag.questions` holds the rule and the reply's wording). This task, under the repository's
writer lock (the rag queue's ingest holds the same lock, so a query never reads an index mid-write):

1. resets the mirror to the remote and re-reads ``gitlearnos.yml`` and the source records; the
   question is matched again on that head, so a source deleted or rolled back meanwhile is not cited;
2. runs the adapter's read-only ``query`` (``ok`` / ``no-hit`` / ``stale``; an unreachable endpoint
   is ``failed``, never ``no-hit``);
3. upserts one comment carrying the job's own hidden marker, so a redelivered job edits its answer
   instead of posting a second one;
4. when the job carries a ``record_key`` (a question-only input, no "answer only"), commits the
   question record through the one executor under that key (:mod:`bot.rag.question_record`), and the
   answer says where it was recorded; a redelivered job finds that commit and resends the same answer.

A query changes no learning state, and the protocol keeps retrieval out of mastery: the question
record is a question, never a note or evidence. A
failed query is answered as failed and not retried (the learner sees the failure and can ask again);
a busy lock or a forge rate limit is retried.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import structlog
from celery import Celery, Task

from bot.plan import FollowUpJob, Outcome, Plan
from workers.celery_app import ANSWER_QUESTION, RAG_QUEUE
from workers.executor import Job, execute
from workers.git_workspace import Mirror
from workers.index_answer import AnswerResult, answer_from_index
from workers.rag_index import repo_key
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.worker_task import repo_task

log = structlog.get_logger("gitlearnos.rag")


def answer_question(runtime: WorkerRuntime, target: RegisteredRepo, job: FollowUpJob) -> AnswerResult:
    """Query for ``job``'s question and upsert the reply; raises ``RetryLater`` when the repo is busy.

    A job with a ``record_key`` also commits the question record (through the one executor, under that
    event key, so a redelivered job finds the commit and only resends the same answer).
    """
    assert job.reply is not None, "a rag-answer job always names its reply"
    reply = job.reply
    client = runtime.client_for(target)
    if not job.record_key:  # "answer only": nothing is stored, so nothing is committed
        with runtime.synced_mirror(target, client) as mirror:
            text, result = _answer_locked(runtime, mirror, target, job)
        reply = reply.model_copy(update={"text": text})
        posted = client.upsert_comment(
            target.repo,
            reply.thread_number,
            reply.marker,
            reply.body(),
            is_pull_request=reply.is_pull_request,
        )
        result = AnswerResult(result.status, result.cited, posted.created)
    else:
        answered: list[AnswerResult] = []

        def planner(mirror: Mirror) -> Plan:
            text, found = _answer_locked(runtime, mirror, target, job)
            answered.append(found)
            return found.plan or Plan(
                outcome=Outcome.SKIPPED,
                replies=(reply.model_copy(update={"text": text}),),
                reason=found.status,
            )

        done = execute(runtime, Job(target=target, client=client, key=job.record_key), planner)
        last = answered[-1] if answered else AnswerResult(done.outcome)
        result = AnswerResult(last.status, last.cited, recorded=done.commit)
    log.info("rag.answered", repo=target.repo.slug, thread=reply.thread_number, status=result.status,
             cited=result.cited, recorded=result.recorded)  # fmt: skip
    return result


def _answer_locked(
    runtime: WorkerRuntime, mirror: Mirror, target: RegisteredRepo, job: FollowUpJob
) -> tuple[str, AnswerResult]:
    day = datetime.now(UTC).date()
    return answer_from_index(runtime.settings, repo_key(target.repo), mirror, job, day=day)


def register_answer_task(app: Celery, runtime: WorkerRuntime) -> Task:
    """Register ``workers.rag_answer.answer_question`` on ``app``, routed to the rag queue."""

    def answer(target: RegisteredRepo, job: dict[str, Any]) -> AnswerResult:
        return answer_question(runtime, target, FollowUpJob.model_validate(job))

    return repo_task(app, ANSWER_QUESTION, answer, queue=RAG_QUEUE)
