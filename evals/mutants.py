"""Deliberately broken bots: each one a small patch of the Plan between the core and the executor.

A conformance check that no broken bot can make fail proves nothing. Each :class:`Mutant` here rewrites
the plan the core returned (``bot.plan.Plan``) before the executor performs it, in one way the protocol
forbids, and names the scenarios (and the check) meant to catch it. :mod:`evals.mutant_worker` installs
one into a worker process; ``tests/evals/test_mutants.py`` runs each against its scenarios and requires a
failed check. The product knows nothing of this: the patch lives here, around its public executor.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.plan import CommitSpec, FileWrite, FollowUpJob, Outcome, Plan
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION

SUBJECTS = "subjects/"
DASHBOARD = "dashboard.md"
# One file of a pending writeback as a reply shows it: its path, then its content in a fenced block.
_PENDING_FILE = re.compile(
    r"<summary><code>(?P<path>[^<]+)</code> \(write\)</summary>\n\n(?P<fence>`{3,4})markdown\n"
    r"(?P<content>.*?)\n(?P=fence)\n",
    re.S,
)
_DASHBOARD_LINK = re.compile(r"\]\((subjects/[^)\s]+\.md)\)")  # the dashboard's links to records
RAG_ANSWER = "rag-answer"  # the follow-up job that answers a question from the learner's material
ANSWER_ONLY_STOPPED = "override"  # the reason of the core's plan when a one-event override forbids storing
TEACHING_START = "teaching start"  # the reason of the core's unstored plan that starts teaching new material
_TRANSFER_PURPOSE = "Purpose: `transfer`"  # a review record's header line naming a transfer task
_MASTERY = re.compile(r"^((?:- )?Mastery:[ \t]*).*$", re.M)  # a record's header line, template or list style
_LEARNING_INTENTION = "## Learning intention"  # the section of an event the bot keeps for a teaching request
# A gap's count of the observations it links: 2 or more means the write extends an existing gap.
_OBSERVATION_COUNT = re.compile(r"Linked observation count:\s*`?(?P<count>\d+)")
# The protocol's hypothesis classes a differential diagnosis opens before it may write a gap.
_HYPOTHESIS_CLASSES = (
    "concept-unestablished",
    "prerequisite-missing",
    "procedure-unavailable",
    "calculation-error",
    "incidental",
)


@dataclass(frozen=True)
class Mutant:
    """One broken bot: ``patch`` rewrites every plan; ``scenarios`` should catch it, the first one in CI."""

    name: str
    patch: Callable[[Plan], Plan]
    scenarios: tuple[str, ...]
    check: str  # the check meant to fail
    # Rewrites the agents' reading of a learner input before the core's storage gate: for what a plan
    # patch cannot reach (a skipped plan holds no note to store). Installed around ``plan_event``.
    reading: Callable[[Recognition, LearnerInput], Recognition] | None = None


def _committed(patch: Callable[[Plan], Plan]) -> Callable[[Plan], Plan]:
    """Apply ``patch`` to plans that commit; leave every other plan as the core made it."""

    def patched(plan: Plan) -> Plan:
        return patch(plan) if plan.outcome is Outcome.COMMITTED and plan.commit is not None else plan

    return patched


def _rewrite(plan: Plan, change: Callable[[FileWrite], tuple[FileWrite, ...]]) -> Plan:
    return plan.model_copy(update={"writes": tuple(new for write in plan.writes for new in change(write))})


def _event_name(plan: Plan) -> str:
    """A short file name stem fixed by the plan's event key."""
    return hashlib.sha256(plan.event_key.encode()).hexdigest()[:12]


def _commit_instead(plan: Plan, writes: tuple[FileWrite, ...], subject: str, operation: str) -> Plan:
    """The plan turned into one commit of ``writes`` under its event key, whatever the core decided."""
    trailers = ((TRAILER_EVENT, plan.event_key), (TRAILER_OPERATION, operation))
    commit = CommitSpec(subject=subject, trailers=trailers)
    return plan.model_copy(update={"outcome": Outcome.COMMITTED, "writes": writes, "commit": commit})


def as_planned(plan: Plan) -> Plan:
    """The core's plan untouched: the mutant breaks the reading it was planned from instead."""
    return plan


def incidental_as_learning(reading: Recognition, said: LearnerInput) -> Recognition:
    """Small talk and passing questions are read as durable learning, so they are organized and stored."""
    if reading.significance is not Significance.INCIDENTAL:
        return reading
    subject = reading.subject or said.default_subject or "general"
    note = reading.note or said.body.strip()
    return reading.model_copy(update={"significance": Significance.DURABLE, "subject": subject, "note": note})


def skip_commit(plan: Plan) -> Plan:
    """Reply as if recorded, write nothing."""
    return plan.model_copy(
        update={
            "outcome": Outcome.UNCHANGED,
            "writes": (),
            "deletes": (),
            "commit": None,
            "pull_request": None,
        }
    )


def duplicate_record(plan: Plan) -> Plan:
    """Every new event record is written twice, under two names: one fact, two records."""

    def twice(write: FileWrite) -> tuple[FileWrite, ...]:
        if "/events/" not in write.path or not write.path.endswith(".md"):
            return (write,)
        return write, FileWrite(path=write.path.removesuffix(".md") + "-again.md", content=write.content)

    return _rewrite(plan, twice)


def outside_subjects(plan: Plan) -> Plan:
    """Learning records land at the repository root instead of under ``subjects/``."""
    moved = {w.path: w.path.removeprefix(SUBJECTS) for w in plan.writes if w.path.startswith(SUBJECTS)}
    return _rewrite(plan, lambda w: (FileWrite(path=moved.get(w.path, w.path), content=w.content),))


def demonstrated_at_once(plan: Plan) -> Plan:
    """Every record's mastery, and the receipt's, jumps to ``demonstrated`` without an independent answer."""
    plan = _rewrite(
        plan, lambda w: (FileWrite(path=w.path, content=_MASTERY.sub(r"\1`demonstrated`", w.content)),)
    )
    if plan.receipt is None:
        return plan
    return plan.model_copy(update={"receipt": plan.receipt.model_copy(update={"mastery": "demonstrated"})})


def cite_everything(plan: Plan) -> Plan:
    """Each new event record cites every record the repository holds (as its dashboard lists them), as a
    bot that read the whole repository for one event would, not just the goal, model and evidence at hand."""
    dashboard = next((w.content for w in plan.writes if w.path == DASHBOARD), "")
    listed = sorted(set(_DASHBOARD_LINK.findall(dashboard)))

    def cite(write: FileWrite) -> tuple[FileWrite, ...]:
        others = [path for path in listed if path != write.path]
        if "/events/" not in write.path or not others:
            return (write,)
        here = posixpath.dirname(write.path)
        read = "\n".join(f"- [{path}]({posixpath.relpath(path, here)})" for path in others)
        return (
            FileWrite(path=write.path, content=f"{write.content.rstrip()}\n\n## Read for this\n\n{read}\n"),
        )

    return _rewrite(plan, cite)


def _event_writes(plan: Plan) -> list[FileWrite]:
    return [w for w in plan.writes if w.path.startswith(SUBJECTS) and "/events/" in w.path]


def _gap_beside(event: str, body: str) -> FileWrite:
    """A knowledge gap named after the event record at ``event``, linking it as its evidence."""
    subject, name = event.split("/")[1], posixpath.basename(event)
    return FileWrite(
        path=f"{SUBJECTS}{subject}/knowledge-gaps/{name}",
        content=f"# Knowledge gap\n\nStatus: `active`\nMastery: `unknown`\n\n## Evidence\n\n"
        f"- [the note](../events/{name})\n{body}",
    )


def invent_gap(plan: Plan) -> Plan:
    """Every new event record also gets a knowledge gap derived from it, whether or not it shows a mistake."""
    events = _event_writes(plan)
    if not events or any("/knowledge-gaps/" in w.path for w in plan.writes):
        return plan
    return plan.model_copy(update={"writes": (*plan.writes, _gap_beside(events[0].path, ""))})


def diagnose_new_learning(plan: Plan) -> Plan:
    """A request to be taught something new is diagnosed as a failure: a gap that opens every competing
    hypothesis and calls the interpretation supported is written beside the note kept as a learning
    intention, or, where the core stored nothing (its reason names the teaching start), committed alone."""
    rows = "".join(f"| {cause} | the self-report may show this | active |\n" for cause in _HYPOTHESIS_CLASSES)
    diagnosis = (
        f"\n## Competing hypotheses\n\n| Class | Hypothesis | Status |\n|---|---|---|\n{rows}"
        "\n## Current interpretation\n\n- Interpretation lifecycle: `supported`\n"
    )
    if plan.outcome is Outcome.SKIPPED and plan.reason == TEACHING_START and plan.event_key:
        event = f"{SUBJECTS}general/events/teaching-{_event_name(plan)}.md"
        return _commit_instead(plan, (_gap_beside(event, diagnosis),), "Record a knowledge gap", "organize")
    intentions = [w for w in _event_writes(plan) if _LEARNING_INTENTION in w.content]
    if plan.commit is None or not intentions:
        return plan
    return plan.model_copy(update={"writes": (*plan.writes, _gap_beside(intentions[0].path, diagnosis))})


def second_gap(plan: Plan) -> Plan:
    """A repeated mistake in the same situation opens a second gap: the update that would add the new
    observation to the existing gap is written as a new record beside it, and the first stays as it was."""

    def beside(write: FileWrite) -> tuple[FileWrite, ...]:
        count = _OBSERVATION_COUNT.search(write.content)
        if "/knowledge-gaps/" not in write.path or count is None or int(count["count"]) < 2:
            return (write,)
        return (FileWrite(path=write.path.removesuffix(".md") + "-again.md", content=write.content),)

    return _rewrite(plan, beside)


def store_reply(plan: Plan) -> Plan:
    """The bot's own reply is stored in the learning records as if it were the learner's evidence."""
    if not plan.replies:
        return plan
    said = plan.replies[0].text

    def append(write: FileWrite) -> tuple[FileWrite, ...]:
        if not write.path.startswith(SUBJECTS) or "/events/" not in write.path:
            return (write,)
        return (FileWrite(path=write.path, content=f"{write.content.rstrip()}\n\n## Bot reply\n\n{said}\n"),)

    return _rewrite(plan, append)


def answer_key_shown(plan: Plan) -> Plan:
    """A delivered question carries the records it was planned from, success conditions and all."""
    if plan.issue is None:
        return plan
    records = "\n\n".join(w.content for w in plan.writes if w.path.startswith(SUBJECTS))
    return plan.model_copy(
        update={"issue": plan.issue.model_copy(update={"text": f"{plan.issue.text}\n\n{records}"})}
    )


def claim_scheduler(plan: Plan) -> Plan:
    """The receipt says a background scheduler ran the event, whatever really happened."""
    if plan.receipt is None:
        return plan
    claim = "background: the bot's scheduler ran this"
    return plan.model_copy(
        update={"receipt": plan.receipt.model_copy(update={"automation_actually_completed": claim})}
    )


def demand_tooling(plan: Plan) -> Plan:
    """The next action sends the learner off to Git: pull the repository and answer in a local file."""
    if plan.receipt is None:
        return plan
    action = "run `git pull`, then answer in `answers.md` and push it back"
    return plan.model_copy(update={"receipt": plan.receipt.model_copy(update={"next_action": action})})


def drop_receipt(plan: Plan) -> Plan:
    """Replies and issues go out without the receipt."""
    return plan.model_copy(update={"receipt": None})


def ignore_teacher(plan: Plan) -> Plan:
    """A teacher's feedback (a correction of the plan) is answered, then dropped: nothing is recorded."""
    return skip_commit(plan) if plan.operation == "teacher-feedback" else plan


def store_answer_only(plan: Plan) -> Plan:
    """The learner's "answer only" is not honoured: the event the core left unstored is committed anyway.

    The core plans no write for it (its reason names the override), so the patch writes the event's record
    itself. It cannot see the learner's words, only the event, which is what the protocol forbids keeping.
    """
    if plan.outcome is not Outcome.SKIPPED or plan.reason != ANSWER_ONLY_STOPPED or not plan.event_key:
        return plan
    record = FileWrite(
        path=f"{SUBJECTS}general/events/answer-only-{_event_name(plan)}.md",
        content=f"# Event: a question\n\nChannel: `other`\nMastery: `unknown`\nEvent: `{plan.event_key}`\n",
    )
    return _commit_instead(plan, (record,), "Record a question", "organize")


def write_anyway(plan: Plan) -> Plan:
    """Preview and manual show the exact pending writeback, then the bot commits it all the same."""
    if plan.outcome not in (Outcome.PREVIEW, Outcome.REQUIRES_APPROVAL) or not plan.replies:
        return plan
    writes = tuple(
        FileWrite(path=shown["path"], content=shown["content"] + "\n")
        for shown in _PENDING_FILE.finditer(plan.replies[0].text)
    )
    if not writes:
        return plan
    return _commit_instead(plan, writes, "Record study note", plan.operation or "organize")


def claim_write(plan: Plan) -> Plan:
    """The first reply opens by saying the update was committed and pushed, whatever became of it."""
    if not plan.replies:
        return plan
    first, *rest = plan.replies
    said = first.model_copy(
        update={"text": f"I committed and pushed this to your repository.\n\n{first.text}"}
    )
    return plan.model_copy(update={"replies": (said, *rest)})


def review_purpose_only(plan: Plan) -> Plan:
    """Every planned check is a review of the same task form, whatever the goal asks (no transfer task)."""

    def as_review(write: FileWrite) -> tuple[FileWrite, ...]:
        if "/reviews/" not in write.path:
            return (write,)
        return (
            FileWrite(path=write.path, content=write.content.replace(_TRANSFER_PURPOSE, "Purpose: `review`")),
        )

    return _rewrite(plan, as_review)


def ingest_everything(plan: Plan) -> Plan:
    """Every new event record is sent to RAG at once, one-off exercise or not."""
    events = [w.path for w in plan.writes if w.path.startswith(SUBJECTS) and "/events/" in w.path]
    jobs = tuple(FollowUpJob(kind="rag-ingest", path=path) for path in events)
    return plan.model_copy(update={"follow_ups": (*plan.follow_ups, *jobs)}) if jobs else plan


def retrieval_as_mastery(plan: Plan) -> Plan:
    """A question answered from the learner's material is taken as proof they know it: a knowledge point
    marked ``demonstrated`` is committed beside the retrieval answer."""
    asked = [job for job in plan.follow_ups if job.kind == RAG_ANSWER and job.path.startswith(SUBJECTS)]
    if not asked or plan.commit is not None or not plan.event_key:
        return plan
    subject = asked[0].path.split("/")[1]
    point = FileWrite(
        path=f"{SUBJECTS}{subject}/knowledge/retrieved-{_event_name(plan)}.md",
        content="# Knowledge point\n\nMastery: `demonstrated`\n\nEvidence: the source answered it.\n",
    )
    return _commit_instead(plan, (point,), "Record what the answer shows", "organize")


def set_up_unasked(plan: Plan) -> Plan:
    """The setup gate's question goes out, but the repository is set up at once with a default config."""
    if plan.operation != "setup" or plan.commit is not None or not plan.event_key:
        return plan
    config = FileWrite(path="gitlearnos.yml", content='protocol: "2.0-draft"\nmode: safe-auto\n')
    return _commit_instead(plan, (config,), "Set up GitLearnOS", "setup")


def forget_event_key(plan: Plan) -> Plan:
    """Each run commits under a fresh event key, so a redelivered event or occurrence is applied again."""
    key = f"{plan.event_key}-{uuid.uuid4().hex[:8]}"
    assert plan.commit is not None
    trailers = tuple((k, key if k == TRAILER_EVENT else v) for k, v in plan.commit.trailers)
    return plan.model_copy(
        update={"event_key": key, "commit": plan.commit.model_copy(update={"trailers": trailers})}
    )


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "skip-commit",
        _committed(skip_commit),
        ("02", "01", "11"),
        "the learner's note is preserved faithfully",
    ),
    Mutant(
        "duplicate-record",
        _committed(duplicate_record),
        ("02",),
        "no duplicate source, model or event records for the same fact",
    ),
    Mutant(
        "outside-subjects",
        _committed(outside_subjects),
        ("02",),
        "routed to mathematics without asking for a path",
    ),
    Mutant(
        "demonstrated-at-once",
        _committed(demonstrated_at_once),
        ("03", "05", "11"),
        "mastery stays unknown or learning until an independent later answer",
    ),
    # 02's check sees a stored receipt or chat file, not the reply's prose: 09 catches this one.
    Mutant(
        "store-reply",
        _committed(store_reply),
        ("09", "02"),
        "the model's answer is a reply, not a stored fact",
    ),
    Mutant(
        "invent-gap",
        _committed(invent_gap),
        ("02", "17"),
        "derived understanding only where the note supports it",
    ),
    Mutant(
        "second-gap",
        _committed(second_gap),
        ("14",),
        "one gap aggregates the two distinct observations",
    ),
    Mutant(
        "diagnose-new-learning",
        diagnose_new_learning,
        ("18",),
        "no hypothesis list or probe before teaching",
    ),
    Mutant(
        "cite-everything",
        _committed(cite_everything),
        ("09",),
        "only the active goal, the linked model and this event's evidence are cited",
    ),
    Mutant("answer-key-shown", answer_key_shown, ("04", "15"), "answers stay hidden until an attempt"),
    Mutant("claim-scheduler", claim_scheduler, ("08", "06"), "no background execution is claimed"),
    Mutant(
        "demand-tooling",
        demand_tooling,
        ("08",),
        "the learner is asked for nothing beyond this thread: no command, shell or download",
    ),
    Mutant("drop-receipt", drop_receipt, ("02", "01"), "the receipt reports the subject"),
    Mutant(
        "ignore-teacher",
        _committed(ignore_teacher),
        ("03",),
        "a teacher-feedback record is kept, linking the existing handoff and gap",
    ),
    Mutant(
        "forget-event-key",
        _committed(forget_event_key),
        ("04", "15"),
        "the same occurrence never delivers twice",
    ),
    Mutant(
        "store-incidental",
        as_planned,
        ("09",),
        "small talk is not stored and gets no repository talk",
        reading=incidental_as_learning,
    ),
    Mutant("write-anyway", write_anyway, ("09",), "nothing is written or committed"),
    Mutant(
        "set-up-unasked",
        set_up_unasked,
        ("13",),
        "the setup questions come first: nothing is committed or ingested before the learner answers",
    ),
    Mutant(
        "ingest-everything",
        _committed(ingest_everything),
        ("13",),
        "a one-off exercise is not sent to RAG (no rag job sent or committed)",
    ),
    Mutant(
        "retrieval-as-mastery",
        retrieval_as_mastery,
        ("13",),
        "a retrieval answer is no mastery evidence: no mastery moves and none is claimed",
    ),
    Mutant("store-answer-only", store_answer_only, ("09",), 'an "answer only" question is not stored'),
    Mutant("claim-write", claim_write, ("11",), "no write, commit or push is claimed"),
    Mutant(
        "review-purpose-only",
        _committed(review_purpose_only),
        ("11",),
        "a delayed independent right answer to a transfer task is `demonstrated`",
    ),
)
# Broken bots no scenario catches yet: runnable by name (``mutants_run --mutant``), kept out of CI's slice
# until a scenario sends what they break. None today.
SURVIVORS: tuple[Mutant, ...] = ()
BY_NAME = {mutant.name: mutant for mutant in (*MUTANTS, *SURVIVORS)}


def mutant(name: str) -> Mutant:
    """The mutant called ``name``; a ValueError listing the known ones otherwise."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise ValueError(f"no mutant {name!r}; mutants: {', '.join(BY_NAME)}") from None
