"""Due review: hand the learner the planned questions whose day has come, plus fresh ones.

Protocol "Automation" (``due-review``) and "Question"/"Review". What is due comes only from review
records already in the repository (``subjects/<s>/reviews/*.md``, ``Status: planned``, ``Due:`` on or
before the learner's local today), so a run with nothing due is ``skipped`` with no write, no commit
and no issue, never a filler question. Inside quiet hours the run is skipped too. At most
``automation.max_questions_per_due_run`` questions go out per run, oldest due first; the room the
stored questions leave is filled with fresh questions the agent generates from each record's linked
goal, gap and events (:mod:`bot.review.evidence`), written into the same record with their success
conditions, so re-sending a stored question is never the whole check (scenario 04).

Decisions, and why:

* The record keeps ``Status: planned``. The review template's states are ``planned`` / ``attempted``
  / ``complete`` / ``cancelled``, scenario 04 says delivered questions "remain planned", and the
  review stays planned "until attempted" (``sent`` is a handoff-pack state, not a review state).
  Delivery is recorded as a ``Delivered:`` header line instead; a record carrying it is never
  delivered again, which is what keeps one due item from being sent twice.
* ``Delivered:`` names the date and the occurrence key, not an issue number: the commit is pushed
  before the issue is opened (an issue must never announce questions the repository does not
  record as delivered), so the number does not exist yet. The issue carries the occurrence key in a
  hidden marker, so record and issue are linked both ways without a second commit.
* Only the ``## Questions`` section and the record's stated selection reason are delivered; the
  answer section (:data:`ANSWER_HEADING`) and everything after it stays in the repository. The
  issue text is checked for the heading before it is returned, as a last guard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, datetime

from bot.automation.schedule_rules import in_quiet_hours, job_schedule, parse_clock
from bot.config import LearnerConfig, Mode
from bot.intake.agent import Agent
from bot.intake.model_use import pick_agent
from bot.plan import CommitSpec, FileWrite, IssueSpec, Outcome, Plan
from bot.receipt import commit_receipt
from bot.records.codec import section
from bot.records.files import Record, records
from bot.replies import reply_marker
from bot.review.evidence import question_context, record_questions, with_generated
from bot.review.question import ANSWER_HEADING
from bot.review.question_gen import GeneratedQuestions, fresh_only
from bot.snapshot import RepoSnapshot
from bot.text import one_line
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_RECORD

OPERATION = "due-review"
DELIVERED = "Delivered"
WHY_HEADING = "## Why these questions now"
ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DUE_LINE = re.compile(r"^Due:.*$", re.M)
SELECTION_REASON = re.compile(r"^- Selection reason:\s*(?P<reason>\S.*?)\s*$", re.M)

NOTHING_DUE = "no planned review is due"
NONE_GENERATED = GeneratedQuestions()
QUIET_HOURS = "inside the learner's quiet hours"
NO_QUESTIONS_ALLOWED = "automation.max_questions_per_due_run is 0"
NOT_AUTHORIZED = "unattended delivery needs safe-auto mode with commit and push authorization"


class AnswerLeak(AssertionError):
    """The delivery text holds an answer section: a bug, never sent."""


@dataclass(frozen=True)
class DueItem:
    """One due review record and the part of it that may be delivered."""

    record_id: str
    path: str
    subject: str
    due: date
    questions: tuple[str, ...]  # the ones delivered in this run (capped by the run's maximum)
    total: int  # how many questions the record holds
    why: str
    generated: GeneratedQuestions = NONE_GENERATED  # fresh ones written at delivery, after these


@dataclass(frozen=True)
class DueReviewPlan:
    """The plan (one commit, or a skip) plus the issue that delivers the questions after the push.

    The issue text is completed by :meth:`issue_body` once the commit exists, so its receipt can
    only state Git facts that are true.
    """

    plan: Plan
    items: tuple[DueItem, ...] = ()
    issue_title: str = ""
    issue_text: str = ""

    @property
    def skipped(self) -> bool:
        return self.plan.outcome is Outcome.SKIPPED

    def issue_body(self, *, commit_id: str, branch: str, remote: str | None) -> str:
        """The issue body with the receipt's Git facts filled in and the occurrence's hidden marker."""
        issue = self.plan.finished(commit_id=commit_id, branch=branch, remote=remote).issue
        assert issue is not None, "only a delivery has an issue"
        body = issue.body()
        if ANSWER_HEADING in body:
            raise AnswerLeak("the delivery text holds an answer section")
        return body


def issue_marker(occurrence: str) -> str:
    """The hidden marker that ties a delivery issue to its occurrence key."""
    return reply_marker(occurrence)


def _section(text: str, heading: str) -> str:
    """The body of ``heading`` up to the next ``##`` heading; never past the answer section."""
    return section(text, heading.removeprefix("## ")).split(ANSWER_HEADING, 1)[0]


def _why(record: Record, due: date) -> str:
    match = SELECTION_REASON.search(_section(record.text, WHY_HEADING))
    stated = one_line(match.group("reason"), limit=400) if match else "the record states no selection reason"
    return f"{stated} (due {due.isoformat()})"


def _due(record: Record) -> date | None:
    value = record.header.get("Due", "")
    return date.fromisoformat(value) if ISO_DAY.match(value) else None


def select_due(snapshot: RepoSnapshot, today: date, max_questions: int) -> tuple[DueItem, ...]:
    """Planned, undelivered reviews due on or before ``today``, oldest first, within ``max_questions``.

    Records are taken whole while they fit, in order, so an older review is never passed over for a
    newer one; only when the oldest record alone holds more than the maximum are its first questions
    sent (the ``Delivered:`` line then says how many). A record without a question is not deliverable.
    """
    candidates = []
    for record in records(snapshot, "reviews"):
        due = _due(record)
        if record.header.get("Status") != "planned" or DELIVERED in record.header or due is None:
            continue
        questions = record_questions(record.text)
        if due <= today and questions:
            candidates.append((due, record.path, record, questions))
    candidates.sort(key=lambda item: (item[0], item[1]))
    picked: list[DueItem] = []
    room = max_questions
    for due, path, record, questions in candidates:
        if room <= 0 or (picked and len(questions) > room):
            break
        sent = questions[:room]
        picked.append(
            DueItem(record.label, path, record.subject, due, sent, len(questions), _why(record, due))
        )
        room -= len(sent)
    return tuple(picked)


def mark_delivered(text: str, item: DueItem, today: date, occurrence: str) -> str:
    """``text`` with a ``Delivered:`` line after its ``Due:`` line; nothing else changes."""
    part = "" if len(item.questions) == item.total else f"; questions 1–{len(item.questions)} of {item.total}"
    fresh = len(item.generated.questions)
    part += f"; {fresh} generated at delivery" if fresh else ""
    line = f"{DELIVERED}: {today.isoformat()} (scheduled due-review `{occurrence}`{part})"
    return DUE_LINE.sub(lambda due: f"{due.group(0)}\n{line}", text, count=1)


def _skip(occurrence: str, reason: str) -> DueReviewPlan:
    plan = Plan(outcome=Outcome.SKIPPED, event_key=occurrence, operation=OPERATION, reason=reason)
    return DueReviewPlan(plan=plan)


def _quiet(config: LearnerConfig, local_now: datetime) -> bool:
    """Inside quiet hours, unless the learner scheduled due-review inside them (as the dispatch rule does)."""
    quiet = config.automation.quiet_hours
    scheduled = parse_clock(job_schedule(config.automation, OPERATION).local_time)
    return in_quiet_hours(local_now.time(), quiet) and not in_quiet_hours(scheduled, quiet)


def _issue_text(items: tuple[DueItem, ...], occurrence: str, count: int) -> str:
    parts = [
        f"{count} due question{'s' if count != 1 else ''} from your planned reviews, delivered by the "
        f"scheduled `due-review` run `{occurrence}`. Answer in a comment on this issue without your "
        "notes, and say what help you used; the answers and success conditions stay in the review "
        "records and are not shown here.",
    ]
    number = 0
    for item in items:
        lines = [f"### `{item.record_id}` ({item.subject}, due {item.due.isoformat()})", ""]
        lines.append(f"**Why this is asked now:** {item.why}")
        lines.append("")
        for question in item.questions:
            number += 1
            lines.append(f"{number}. {question}")
        if item.generated.questions:
            lines += ["", f"**Fresh questions added now:** {item.generated.why}.", ""]
            for generated in item.generated.questions:
                number += 1
                lines.append(f"{number}. {generated.question}")
        lines += ["", f"Record: `{item.path}`"]
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def _generate(
    snapshot: RepoSnapshot, items: tuple[DueItem, ...], room: int, agents: tuple[Agent, Agent]
) -> tuple[DueItem, ...]:
    """Each item with fresh questions from its linked evidence, within the run's remaining ``room``.

    Only an item delivered whole gets any, so the record's numbering stays the issue's. ``agents`` is
    (the agent the learner's config allows, the rule agent): when everything the chosen agent wrote
    repeats an earlier item, the rule agent's built questions are used and the remark says so.
    """
    chosen, rules = agents
    done = []
    for item in items:
        if room <= 0 or len(item.questions) != item.total:
            done.append(item)
            continue
        record = next(r for r in records(snapshot, "reviews") if r.path == item.path)
        context = question_context(record, snapshot, max_questions=room)
        generated = fresh_only(chosen.generate_questions(context), context)
        if not generated.questions and chosen is not rules:
            remark = generated.remark or "the model wrote no fresh question"
            remark += "; used the offline rule agent's questions"
            generated = fresh_only(rules.generate_questions(context), context).model_copy(
                update={"remark": remark}
            )
        room -= len(generated.questions)
        done.append(replace(item, generated=generated))
    return tuple(done)


def _questions_field(items: tuple[DueItem, ...], stored: int, ids: str) -> str:
    """The receipt's Questions field: what was re-sent, what was generated, by whom, and any degradation."""
    fresh = [item.generated for item in items if item.generated.questions]
    made = sum(len(g.questions) for g in fresh)
    by = "; ".join(sorted({g.generated_by for g in fresh}))
    remarks = "; ".join(sorted({g.remark for g in (item.generated for item in items) if g.remark}))
    generated = f"{made} generated from the linked evidence by {by}" if made else "none generated"
    return f"{stored} delivered from existing review records ({ids}); {generated}" + (
        f" ({remarks})" if remarks else ""
    )


def plan_due_review(
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    local_now: datetime,
    *,
    occurrence: str,
    agent: Agent,
    model_agent: Agent | None = None,
) -> DueReviewPlan:
    """One delivery commit for the due questions, or a skip that writes and sends nothing.

    ``local_now`` is naive wall-clock time in the learner's time zone; ``occurrence`` is the run's
    idempotency key (``due-review/<repo>/<local date>``), written as the commit's event trailer.
    ``agent`` (the rule agent) and ``model_agent`` (the operator's chat model, used only when the
    learner's config allows it, as for notes) write fresh questions from each record's evidence.
    """
    automation = config.automation
    if _quiet(config, local_now):
        return _skip(occurrence, QUIET_HOURS)
    if automation.max_questions_per_due_run <= 0:
        return _skip(occurrence, NO_QUESTIONS_ALLOWED)
    today = local_now.date()
    items = select_due(snapshot, today, automation.max_questions_per_due_run)
    if not items:
        return _skip(occurrence, NOTHING_DUE)
    authorization = config.authorization
    if config.mode is not Mode.SAFE_AUTO or not (
        authorization.automatic_writes and authorization.commits and authorization.push
    ):
        return _skip(occurrence, NOT_AUTHORIZED)  # no learner is there to approve a pending writeback
    stored = sum(len(item.questions) for item in items)
    chosen = pick_agent(config, agent, model_agent)
    items = _generate(snapshot, items, automation.max_questions_per_due_run - stored, (chosen, agent))
    writes = tuple(
        FileWrite(
            path=item.path,
            content=with_generated(
                mark_delivered(snapshot.read_text(item.path) or "", item, today, occurrence),
                item.generated,
                first_number=item.total + 1,
                day=today,
            ),
        )
        for item in items
    )
    count = stored + sum(len(item.generated.questions) for item in items)
    ids = ", ".join(f"`{item.record_id}`" for item in items)
    receipt = commit_receipt(
        config,
        snapshot=snapshot,
        subject=", ".join(sorted({item.subject for item in items})),
        organized="nothing organized: this run delivers planned reviews and adds fresh questions to them",
        questions=_questions_field(items, stored, ids),
        changed_files=tuple(write.path for write in writes),
        evidence=(
            "the review records' `Due:` dates and questions, and the goal, gap and events they link; "
            "no answer is recorded yet"
        ),
        rag_synchronization="not attempted: delivery reads only the repository's own records",
        mastery="unchanged: delivering a question is not performance evidence",
        automation_actually_completed=(
            f"background: the scheduled `due-review` occurrence `{occurrence}` ran in the bot's "
            "scheduler; answers are not evaluated by this run"
        ),
        next_action="answer these questions in a comment on this issue, without your notes",
    )
    commit = CommitSpec(
        subject=f"Deliver {count} due review question{'s' if count != 1 else ''}",
        body=f"Marked delivered (still planned until attempted): {ids.replace('`', '')}.",
        trailers=(
            (TRAILER_EVENT, occurrence),
            (TRAILER_OPERATION, OPERATION),
            *((TRAILER_RECORD, item.record_id) for item in items),
        ),
    )
    text = _issue_text(items, occurrence, count)
    if ANSWER_HEADING in text:
        raise AnswerLeak("the delivery text holds an answer section")
    title = f"Due review {today.isoformat()}: {count} question{'s' if count != 1 else ''}"
    plan = Plan(
        outcome=Outcome.COMMITTED,
        event_key=occurrence,
        operation=OPERATION,
        writes=writes,
        commit=commit,
        receipt=receipt,
        reason=f"{count} due question(s) delivered",
        issue=IssueSpec(title=title, text=text, marker=issue_marker(occurrence)),
    )
    return DueReviewPlan(plan=plan, items=items, issue_title=title, issue_text=text)
