"""Answer writeback: a learner's comment on a question thread becomes one reviewed-attempt commit.

Protocol "Review" and scenario 05. A comment is an answer when it sits on a thread that delivered
review questions: the due-review issue (its body carries the occurrence's hidden marker, and the review
records name that occurrence on their ``Delivered:`` line) or the issue where the learner asked for a
task (the review depends on the event recorded from that issue). One commit then:

* keeps the learner's words verbatim in each answered review record, with independence and support as
  they stated them (:mod:`bot.review.attempt`), and moves it ``planned`` → ``attempted`` (``complete`` once
  evaluated);
* evaluates each answered question against its own key by meaning (:mod:`bot.review.answer_check`),
  says how each was judged, leaves "cannot tell" and keyless questions not assessed, keeps the learner's
  judgment, and names a failure class only from their explicit words;
* adds one "Learner evidence" row to the model a transfer task was planned from (its ``Grounded in``),
  linking the answer; the model holds no mastery, so the row states the gap's, gates and all;
* updates the linked gap's mastery by :mod:`bot.review.mastery` (no gap linked: no mastery changes) and sets
  the next check by :mod:`bot.review.spacing` only when the attempt was evaluated, resuming the gap's FSRS
  memory so intervals grow with repeated success;
* plans that next check as one planned review holding a fresh question (:mod:`bot.review.next_check`), so
  the scheduled due-review delivers it on its day; when no fresh question can be written offline, the
  date is recorded and the reply says no question was prepared;
* regenerates the dashboard.

The reply acknowledges without showing the answer key and claims only the mastery it recorded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime

from bot.automation.schedule_rules import job_schedule
from bot.config import LearnerConfig
from bot.dashboard.page import dashboard_files
from bot.intake.agent import JUDGED_BY_RULES, Agent
from bot.intake.events import CommentEvent, ThreadEvent
from bot.intake.judgements import AnswerJudge, AnswerToJudge, Verdict
from bot.organize.operation import BOT_NAME
from bot.plan import CommitSpec, FileWrite, Outcome, Plan, Reply
from bot.provenance import automation_done, source_locator, source_name
from bot.receipt import commit_receipt
from bot.records.codec import read_header, section
from bot.records.files import Record, goal_path, records
from bot.review.answer_keys import answer_keys, success_conditions
from bot.review.answer_record import Assessment, write_gap, write_model, write_review
from bot.review.attempt import (
    NOT_EVALUATED,
    VERDICT_RESULT,
    Evaluation,
    Independence,
    Result,
    final_answer,
    judged,
    read_support,
)
from bot.review.evidence import linked_gap, linked_model, record_questions
from bot.review.mastery import AttemptEvidence, Mastery, decide_mastery
from bot.review.next_check import FollowUp, plan_next_check, questions_field
from bot.review.question import ANSWER_HEADING, asks_for_question
from bot.review.spacing import next_check, read_memory
from bot.snapshot import RepoSnapshot
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_RECORD

OPERATION = "answer"
DUE_MARKER = re.compile(r"<!-- gitlearnos:reply event=(?P<key>due-review/\S+) -->")
ITEM_HEADING = re.compile(r"^### `(?P<id>review-[^`]+)`", re.M)
NUMBERED = re.compile(r"^(?P<n>\d+)\.\s", re.M)
ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
EVENT_ID = re.compile(r"event-[\w.-]+")
ANSWER_SECTION = ANSWER_HEADING.removeprefix("## ")
TRANSFER_REQUIRED = re.compile(r"^(?:-\s*)?Transfer required:\s*`?yes`?\s*$", re.I | re.M)


@dataclass(frozen=True)
class Target:
    """One review record this comment answers, and the thread's numbers for its questions."""

    record: Record
    numbers: tuple[int, ...] = ()


def _delivered_numbers(issue_body: str) -> dict[str, tuple[int, ...]]:
    """Question numbers per review ID, as the due-review issue numbered them."""
    found: dict[str, tuple[int, ...]] = {}
    headings = list(ITEM_HEADING.finditer(issue_body))
    for index, heading in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(issue_body)
        found[heading.group("id")] = tuple(
            int(m.group("n")) for m in NUMBERED.finditer(issue_body[heading.end() : end])
        )
    return found


def _asked_on_thread(event: ThreadEvent, snapshot: RepoSnapshot) -> set[str]:
    """IDs of the event records taken from this issue (its body or one of its comments)."""
    assert event.repo is not None
    where = re.compile(
        rf"^\[?{event.forge.value} (?:comment \S+ on )?issue #{event.thread.number} "
        rf"in {re.escape(event.repo.full_name)}\b"
    )
    return {
        record.label
        for record in records(snapshot, "events")
        if where.match(record.header.get("Source locator", ""))
    }


def answer_targets(event: ThreadEvent, snapshot: RepoSnapshot) -> tuple[Target, ...]:
    """The planned review records a comment on this thread answers; empty when it answers none."""
    if event.comment is None or event.repo is None or event.thread.is_pull_request:
        return ()
    planned = [r for r in records(snapshot, "reviews") if r.header.get("Status") == "planned"]
    delivery = DUE_MARKER.search(event.thread.body)
    if delivery is not None:
        numbers = _delivered_numbers(event.thread.body)
        key = f"`{delivery.group('key')}`"
        return tuple(
            Target(r, numbers.get(r.label, ())) for r in planned if key in r.header.get("Delivered", "")
        )
    if asks_for_question(event.comment.body):
        return ()  # a request for another task is a new note, not an answer
    asked = _asked_on_thread(event, snapshot)
    depends = "Depends on (goal/gap/model/event IDs)"
    return tuple(Target(r) for r in planned if asked & set(EVENT_ID.findall(r.header.get(depends, ""))))


def _learned_on(record: Record, snapshot: RepoSnapshot) -> date | None:
    """The learning event's day: an explicit ``Learned:`` header, else the latest event it depends on.

    A delayed check the bot planned depends on the gap, not on events (see :mod:`bot.review.next_check`),
    so the events the linked gap depends on count too: without them no follow-up could ever show the
    delay ``demonstrated`` needs.
    """
    stated = ISO_DAY.search(record.header.get("Learned", ""))
    if stated:
        return date.fromisoformat(stated.group(0))
    gap = linked_gap(record, snapshot)
    depends = record.header.get("Depends on (goal/gap/model/event IDs)", "")
    wanted = set(EVENT_ID.findall(depends + (gap.header.get("Depends on (event IDs)", "") if gap else "")))
    days = [
        date.fromisoformat(m.group(0))
        for event in records(snapshot, "events")
        if event.label in wanted and (m := ISO_DAY.search(event.header.get("Date", "")))
    ]
    return max(days, default=None)


def _asked(target: Target) -> tuple[tuple[int, int | None], ...]:
    """(the record's question number, its number in the reply) for each question this reply answers.

    A due-review issue numbers the questions it delivered; a reply on the thread that asked for a task
    answers the record's questions as the record numbers them (its only one: no number needed).
    """
    if target.numbers:
        return tuple((i, n) for i, n in enumerate(target.numbers, 1))
    count = len(record_questions(target.record.text))
    return ((1, None),) if count <= 1 else tuple((i, i) for i in range(1, count + 1))


def _by_model(judge: AnswerJudge, item: AnswerToJudge, rules: Evaluation, whose: str) -> Evaluation:
    """The chat model's rubric verdict where the rules could not tell; its "cannot tell" keeps theirs.

    The reply names the model but not its reasons, which may quote the key; the record keeps them.
    """
    verdict = judge.judge_answer(item)
    against = f"{whose} expected answer `{item.key}`" if item.key else f"{whose} success condition"
    if verdict.verdict is Verdict.CANNOT_TELL:
        remark = f" ({verdict.remark})" if verdict.remark else ""
        return replace(rules, basis=f"{rules.basis}; {verdict.judged_by} could not tell either{remark}")
    return Evaluation(
        VERDICT_RESULT[verdict.verdict],
        f"judged by {verdict.judged_by} against {against} (a rubric verdict; the rules could not tell): "
        f"{verdict.reason}",
        None,
        f"judged by {verdict.judged_by} (its reasons are kept in the record)",
        verdict.judged_by,
    )


def _evaluate(target: Target, answer: str, judge: AnswerJudge | None = None) -> Evaluation:
    """Each answered question against its own key; the record's result from those the bot could judge.

    The rules judge first. Where they cannot tell, or a question has only a success condition, the chat
    model judges when the learner allowed it (``judge``); its verdict is one attempt's reading, which
    the mastery gates still bound. A question nobody judged adds nothing either way. Of the judged ones:
    all correct is ``correct``, all wrong ``incorrect``, a mix ``partial``; none judged is
    ``not-assessed``. Only the delivery's first question may be answered by an un-numbered ``Answer: …``.
    """
    answers = section(target.record.text, ANSWER_SECTION)
    keys, conditions = answer_keys(answers), success_conditions(answers)
    questions = record_questions(target.record.text)
    asked = _asked(target)
    first = min(n or 1 for _, n in asked) if target.numbers else 1
    evaluations = []
    for question, number in asked:
        given = final_answer(
            answer, number=None if target.numbers in ((), (1,)) else number,
            unnumbered=(number or 1) == first,
        )  # fmt: skip
        whose = f"question {number or question}'s" if len(asked) > 1 else "the record's"
        key = keys.get(question)
        evaluation = judged(given, key, whose=whose)
        judgeable = key is not None or (judge is not None and question in conditions)
        if judge is not None and judgeable and evaluation.result is Result.NOT_ASSESSED:
            item = AnswerToJudge(
                question=questions[question - 1] if question <= len(questions) else "",
                answer=given or answer,
                key=key.text if key else "",
                success_condition=conditions.get(question, ""),
            )
            evaluation = _by_model(judge, item, evaluation, whose)
        evaluations.append((number or question, judgeable, evaluation))
    if len(evaluations) == 1:
        return evaluations[0][2]
    return _combined(evaluations)


def _combined(evaluations: list[tuple[int, bool, Evaluation]]) -> Evaluation:
    """One record's evaluation from its questions' (questions nothing here could judge named once, last).

    Each entry is (the question's number, whether anything here could judge it, its evaluation).
    """
    keyed = [(n, e) for n, judgeable, e in evaluations if judgeable]
    unkeyed = [str(n) for n, judgeable, _ in evaluations if not judgeable]
    results = {e.result for _, e in keyed} - {Result.NOT_ASSESSED}
    if not results:
        result = Result.NOT_ASSESSED
    elif results in ({Result.CORRECT}, {Result.INCORRECT}):
        (result,) = results
    else:
        result = Result.PARTIAL
    rest = (
        [f"questions {', '.join(unkeyed)} are judged by their success conditions on attempt, not by the bot"]
        if len(unkeyed) > 1
        else [f"question {unkeyed[0]} is judged by its success condition on attempt, not by the bot"]
        if unkeyed
        else []
    )

    def joined(text_of: Callable[[Evaluation], str], lead: str = "") -> str:
        parts = [f"question {n}: {text_of(e).removeprefix(f'{NOT_EVALUATED}: ')}" for n, e in keyed]
        return lead + "; ".join(parts + rest)

    methods = {e.method for _, e in keyed if e.method is not None}
    return Evaluation(
        result,
        joined(lambda e: e.basis, f"{NOT_EVALUATED}: " if result is Result.NOT_ASSESSED else ""),
        methods.pop() if len(methods) == 1 else None,
        joined(lambda e: e.reply_basis),
        _judges(e for _, e in keyed),
    )


def _judges(evaluations: Iterable[Evaluation]) -> str:
    """Who judged, each named once: "rules", a model, or both."""
    return "; ".join(dict.fromkeys(e.judged_by for e in evaluations)) or JUDGED_BY_RULES


def _assess(
    target: Target,
    answer: str,
    *,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    now: datetime,
    gap_texts: dict[str, str],
    judge: AnswerJudge | None,
) -> Assessment:
    """Evaluate, read support and decide mastery for one answered record (``gap_texts``: edits so far)."""
    record = target.record
    evaluation = _evaluate(target, answer, judge)
    support = read_support(answer)
    learned = _learned_on(record, snapshot)
    gap = linked_gap(record, snapshot)
    gap_text = gap_texts.get(gap.path, gap.text) if gap else ""
    goal = snapshot.read_text(goal_path(record.subject)) or ""
    transfer_required = bool(TRANSFER_REQUIRED.search(gap_text) or TRANSFER_REQUIRED.search(goal))
    delay = (now.date() - learned).days if learned else None
    previous = Mastery.parse(_stated_mastery(gap_text)) if gap else None
    evidence = AttemptEvidence(
        result=evaluation.result,
        independence=support.independence,
        delay_days=delay,
        transfer_required=transfer_required,
        is_transfer=record.header.get("Purpose") == "transfer",
    )
    return Assessment(
        review_id=record.label,
        review_path=record.path,
        evaluation=evaluation,
        support=support,
        learned=learned,
        delay_days=delay,
        transfer_required=transfer_required,
        gap_id=gap.label if gap else None,
        previous=previous,
        decision=decide_mastery(evidence, previous) if previous is not None else None,
        spacing=next_check(evaluation.result, support.independence, now, read_memory(gap_text, before=now)),
        no_scheduler=job_schedule(config.automation, "due-review").recurrence == "disabled",
    )


def _stated_mastery(gap_text: str) -> str:
    header = read_header(gap_text)
    return header.get("Mastery state") or header.get("Mastery", "")


def _reply_text(assessments: list[Assessment]) -> str:
    lines = []
    for a in assessments:
        result = a.evaluation.result
        verdict = f"`{result.value}`: {a.evaluation.reply_basis}" + (
            " (the key or success condition stays in the record, not here)"
            if result is Result.NOT_ASSESSED
            else ""
        )
        independence = (
            "not stated, so `unknown`"
            if a.support.independence is Independence.UNKNOWN
            else f"`{a.support.independence.value}`; support: {a.support.describe()}"
        )
        lines += [
            f"Recorded your answer to `{a.review_id}` word for word in `{a.review_path}`.",
            "",
            f"- Result: {verdict}",
            f"- Independence: {independence}",
            f"- Mastery: {a.mastery_line()}",
            f"- Next check: {a.next_check()}",
            "",
        ]
    return "\n".join(lines).rstrip()


def plan_answer(
    event: CommentEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    *,
    now: datetime,
    event_key: str,
    agent: Agent | None = None,
    judge: AnswerJudge | None = None,
) -> Plan | None:
    """One commit writing this comment back as an answer, or None when it answers no planned review.

    ``judge``: the chat model the learner allowed to read their words
    (:func:`bot.intake.model_use.answer_judge`), asked only where the rules cannot tell, and asked to
    choose the next check's form; ``agent`` (the allowed one) writes the next check's question.
    """
    targets = answer_targets(event, snapshot)
    if not targets:
        return None
    answer = event.comment.body
    day = now.date()
    where, locator = source_name(event), source_locator(event)
    writes: dict[str, str] = {}
    assessments = []
    follow_ups: dict[str, FollowUp] = {}
    for target in targets:
        assessment = _assess(
            target, answer, snapshot=snapshot, config=config, now=now, gap_texts=writes, judge=judge
        )
        assessment = plan_next_check(
            target.record, assessment, snapshot=snapshot, writes=writes, planned=follow_ups, day=day,
            agent=agent, judge=judge,
        )  # fmt: skip
        numbers = ", ".join(map(str, target.numbers)) if len(target.numbers) else ""
        writes[target.record.path] = write_review(
            target.record.text, assessment, answer=answer, day=day, where=where, locator=locator,
            numbers=numbers,
        )  # fmt: skip
        if assessment.gap_id is not None and assessment.decision is not None:
            gap = linked_gap(target.record, snapshot)
            assert gap is not None
            writes[gap.path] = write_gap(
                writes.get(gap.path, gap.text), assessment, day=day, subject=gap.subject
            )
        if (model := linked_model(target.record, snapshot)) is not None:
            writes[model.path] = write_model(
                writes.get(model.path, model.text), assessment, day=day, subject=model.subject
            )
        assessments.append(assessment)
    next_action = f"next check of `{assessments[0].review_id}`: {assessments[0].next_check()}"
    writes |= dashboard_files(
        snapshot, today=day, updated_by=BOT_NAME, new_records=dict(writes), next_action=next_action
    )
    ids = ", ".join(f"`{a.review_id}`" for a in assessments)
    results = "; ".join(f"`{a.review_id}` {a.evaluation.result.value}" for a in assessments)
    receipt = commit_receipt(
        config,
        snapshot=snapshot,
        subject=", ".join(sorted({t.record.subject for t in targets})),
        organized=f"answer from {where} preserved verbatim in {ids} (status planned → "
        + ", ".join(a.status for a in assessments)
        + ")",
        questions=questions_field(assessments, follow_ups),
        changed_files=tuple(writes),
        evidence=f"learner answer, {locator}; {results}",
        rag_synchronization="not attempted: an answer is learner evidence kept in Git, not sent to RAG",
        mastery="; ".join(a.mastery_line() for a in assessments),
        automation_actually_completed=automation_done(event, OPERATION),
        next_action=next_action,
        judged_by=_judges(a.evaluation for a in assessments),
    )
    commit = CommitSpec(
        subject=f"Record answer to {assessments[0].review_id}"[:120],
        body=f"Answer from {where}, kept verbatim. Result: {results.replace('`', '')}.",
        trailers=(
            (TRAILER_EVENT, event_key),
            (TRAILER_OPERATION, OPERATION),
            *((TRAILER_RECORD, a.review_id) for a in assessments),
            *((TRAILER_RECORD, f.record_id) for f in follow_ups.values() if f.content is not None),
        ),
    )
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=event_key,
        operation=OPERATION,
        writes=tuple(FileWrite(path=p, content=t) for p, t in writes.items()),
        commit=commit,
        replies=(Reply.on(event, event_key, _reply_text(assessments)),),
        receipt=receipt,
        reason=f"answer to {len(assessments)} review(s)",
    )
