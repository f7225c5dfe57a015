"""What a note's mistake or difficulty opens: a narrow gap, a diagnosis, a teaching start, or nothing.

Protocol "Diagnose" and scenarios 08, 17 and 18. A note is read in this order:

* the learner states the decision they took ("I chose X instead of Y", "my mistake was …"): their own
  judgment is the discriminating evidence, so one narrow gap quotes it as its observed problem, links the
  event and the goal, and keeps mastery and cause ``unknown`` (the cause is ``learner-reported`` only
  when the learner says *because*). The same words again (the stable fingerprint) update that gap;
* the learner has not met the material ("I have not studied derivatives, teach me"): a teaching start
  (:mod:`bot.diagnose.teaching`), no hypotheses, no gap;
* a stuck or failed attempt without a stated decision ("I cannot do this quadratic", the mistake form
  with failure words): a *signal*, never a gap title. It opens the competing hypotheses and asks one
  discriminating probe (:mod:`bot.diagnose`); a gap is written only later, at the blocker's grain, when
  the learner's answer passes the supported-write gate;
* a plain request to be taught: a teaching start; anything else opens nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date

from bot.dashboard.sections import mastery_from_gaps
from bot.diagnose.fingerprint import fingerprint_of, recorded_situation
from bot.diagnose.opening import open_diagnosis
from bot.diagnose.record import write_diagnosis
from bot.diagnose.reply import MASTERY_KEPT, first_turn_step, first_turn_text, sentence
from bot.diagnose.signal_words import asks_to_be_taught, not_met_yet, reports_difficulty
from bot.diagnose.synthesis import synthesize
from bot.diagnose.teaching import INTENTION, Teacher, TeachingStart, start_teaching
from bot.intake.cue_match import fold
from bot.organize.attempt_words import says_attempt_failed, stated_cause
from bot.organize.mistake_words import mistake_at, reports_failure
from bot.records.codec import (
    add_table_row,
    bullets,
    read_header,
    render,
    replace_section,
    section,
    section_fields,
    set_header,
    set_section_field,
)
from bot.records.files import records
from bot.records.schemas import GAP
from bot.snapshot import RepoSnapshot
from bot.text import one_line, slugify

SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
MISTAKE_LABEL = "mistake"
ATTEMPT_LABEL = "attempt"  # the mistake-or-attempt issue form's label: an attempt may also have gone right
FINGERPRINT = "- Stable fingerprint:"
PATTERN = "Situation pattern"


def mistake_report(note: str) -> str | None:
    """The learner's sentence that states the decision behind a mistake, or None when none does."""
    sentences: list[str] = [s.strip() for s in SENTENCE.findall(note) if s.strip()]
    for candidate in sentences:
        stated = mistake_at(candidate)  # in any of the supported languages; a negated choice is none
        if stated is not None:
            return candidate[stated:]  # from the report on: "Again: I chose…" is the same mistake
    return None


def failed_attempt(note: str, labels: tuple[str, ...]) -> bool:
    """A failure the note reports without its decision: the mistake form, or failure wording in any
    supported language (:data:`bot.organize.mistake_words.FAILURE`); on the ``attempt`` form, which an
    attempt that went right also uses, the words of :data:`bot.organize.attempt_words.ATTEMPT_FAILURE`."""
    lowered = {label.lower() for label in labels}
    return bool(
        reports_failure(note)
        or MISTAKE_LABEL in lowered
        or (ATTEMPT_LABEL in lowered and says_attempt_failed(note))
    )


@dataclass(frozen=True)
class GapWrite:
    """The gap record to write, and whether it is new."""

    gap_id: str
    path: str
    content: str
    created: bool

    def link(self) -> str:
        """The gap as a review record's ``Gap link`` (relative to ``reviews/``)."""
        return f"[{self.gap_id}](../knowledge-gaps/{self.path.rsplit('/', 1)[-1]})"

    def summary(self) -> str:
        verb = "opened" if self.created else "updated"
        return f"gap `{self.gap_id}` {verb} from the learner's words (mastery and cause `unknown`)"


def _fingerprint(report: str) -> str:
    return one_line(report, limit=160).rstrip(".!?")


def _existing(snapshot: RepoSnapshot, subject: str, gap_id: str, fingerprint: str) -> tuple[str, str] | None:
    """The gap with this ID, the same words, or the same situation (:mod:`bot.diagnose.fingerprint`)."""
    situation = fingerprint_of(subject, fingerprint)
    for gap in records(snapshot, "knowledge-gaps"):
        same_words = f"{FINGERPRINT} {fingerprint}".casefold() in gap.text.casefold()
        recorded = recorded_situation(subject, gap.text) if situation else None
        same_situation = situation is not None and recorded is not None and situation.same_situation(recorded)
        if gap.subject == subject and (
            gap.header.get("ID", "").strip("`") == gap_id or same_words or same_situation
        ):
            return gap.path, gap.text
    return None


def _row(day: date, channel: str, report: str, event_id: str, event_path: str) -> str:
    link = f"[{event_id}](../events/{event_path.rsplit('/', 1)[-1]})"
    return f"| {day.isoformat()} | {channel} | {one_line(report, limit=160)} | not stated | {link} |"


def extend_gap(text: str, *, day: date, row: str, event_id: str) -> str:
    """An existing gap with one more observation: its evidence row, the event it depends on, the count."""
    # read_header strips the line's outer backticks, so each ID is quoted again, not the new one only.
    ids = [i.strip("` ") for i in read_header(text).get("Depends on (event IDs)", "").split(",")]
    depends = ", ".join(f"`{i}`" for i in dict.fromkeys([*ids, event_id]) if i)
    text = set_header(text, "Depends on (event IDs)", depends)
    text = set_header(text, "Updated", day.isoformat())
    pattern = section_fields(section(text, PATTERN))
    count = re.match(r"\d+", pattern.get("Linked observation count", ""))
    if count:
        text = set_section_field(text, PATTERN, "Linked observation count", str(int(count.group(0)) + 1))
    if "Last observed" in pattern:
        text = set_section_field(text, PATTERN, "Last observed", day.isoformat())
    return add_table_row(text, "Evidence", row)


def plan_gap(
    snapshot: RepoSnapshot,
    *,
    subject: str,
    note: str,
    channel: str,
    day: date,
    event_id: str,
    event_path: str,
    goal_linked: bool,
) -> GapWrite | None:
    """The one gap this note's reported decision creates or extends; None when it reports none."""
    report = mistake_report(note)
    if report is None:
        return None
    fingerprint = _fingerprint(report)
    gap_id = f"gap-{slugify(fingerprint, max_length=40, fallback='mistake')}"
    row = _row(day, channel, report, event_id, event_path)
    found = _existing(snapshot, subject, gap_id, fingerprint)
    if found is not None:
        path, text = found
        existing_id = read_header(text).get("ID", gap_id).strip("`")
        return GapWrite(existing_id, path, extend_gap(text, day=day, row=row, event_id=event_id), False)
    path = f"subjects/{subject}/knowledge-gaps/{gap_id.removeprefix('gap-')}.md"
    facts = {"subject": subject, "fingerprint": fingerprint, "note": note, "row": row}
    return GapWrite(gap_id, path, _render(gap_id, path, facts, day=day, goal_linked=goal_linked), True)


def _render(gap_id: str, path: str, facts: dict[str, str], *, day: date, goal_linked: bool) -> str:
    subject, fingerprint, note, row = facts["subject"], facts["fingerprint"], facts["note"], facts["row"]
    goal = f"[subjects/{subject}/goals/main-goal.md](../goals/main-goal.md)" if goal_linked else "none yet"
    event_id = re.search(r"\[(event-[^\]]+)\]", row)
    cause = stated_cause(note)  # "because …" in any supported language (bot.organize.attempt_words)
    status = "learner-reported" if cause else "unknown"
    blocker = f"the learner says: “{one_line(cause, limit=160)}”" if cause else "`unknown`"
    fields = {
        "ID": f"`{gap_id}`", "Canonical path": f"`{path}`",
        "Depends on (event IDs)": f"`{event_id.group(1) if event_id else ''}`", "Subject": subject,
        "Goal link": goal, "Created": day.isoformat(), "Updated": day.isoformat(),
    }  # fmt: skip
    pattern = {
        "Stable fingerprint": fingerprint, "Recognition cues": "not stated yet",
        "Target concept or decision": "`unknown`", "First observed": day.isoformat(),
        "Last observed": day.isoformat(), "Linked observation count": "1", "Model status": "`none`",
        "State-machine position": "`gap`",
    }  # fmt: skip
    interpretation = {
        "Learner's reported judgment": f"“{fingerprint}”", "Diagnosis status": f"`{status}`",
        "Interpretation lifecycle": "`anomaly`", "Write class": "`surface-signal`", "Likely blocker": blocker,
        "Missing evidence": "a fresh attempt at a new item, without notes",
        "This interpretation may be revised when": "a fresh attempt or a teacher's feedback shows more",
    }  # fmt: skip
    bodies = {
        PATTERN: bullets(pattern),
        "Observable problem": f"The learner reports: “{fingerprint}”. Nothing beyond these words is "
        "inferred.",
        "Current interpretation": bullets(interpretation),
    }
    title = f"Knowledge Gap: {one_line(fingerprint, limit=80)}"
    return render(GAP, title, fields, bodies, {"Evidence": (row,)})


def _unchanged(text: str) -> str:
    return text


@dataclass(frozen=True)
class SignalPlan:
    """What a note's mistake or difficulty adds to organize's one commit.

    ``edit`` turns the rendered event record into the one to write (its diagnosis or learning-intention
    sections); ``reply`` follows the "recorded" line; ``next_action`` replaces organize's default;
    ``asks_question`` is False when a probe or a scope question is this turn's one question, which
    ``questions`` names for the receipt.
    """

    gap: GapWrite | None = None
    edit: Callable[[str], str] = _unchanged
    reply: str = ""
    next_action: str = ""
    summary: str = ""
    asks_question: bool = True
    questions: str = ""
    writes: Mapping[str, str] = field(default_factory=dict)  # other records this turn changes (a model, …)


def _repeated(
    snapshot: RepoSnapshot, gap: GapWrite, *, subject: str, day: date, goal_linked: bool
) -> SignalPlan | None:
    """Another distinct observation of the gap's situation: events linked, one model, one transfer task."""
    situation = None if gap.created else recorded_situation(subject, gap.content)
    synthesis = situation and synthesize(
        snapshot, situation=situation, gap_id=gap.gap_id, gap_path=gap.path, gap_content=gap.content, day=day,
        goal_linked=goal_linked,
    )  # fmt: skip
    if not synthesis:
        return None
    return SignalPlan(
        gap=replace(gap, content=synthesis.gap_content), edit=synthesis.edit, reply=synthesis.reply,
        next_action=synthesis.next_action, summary=f"{gap.summary()}; {synthesis.summary}",
        asks_question=False, questions=synthesis.questions, writes=synthesis.writes,
    )  # fmt: skip


def _with_next_action(text: str, action: str) -> str:
    return replace_section(text, "Next action", f"- {sentence(action)}")


def _teaching_start(start: TeachingStart) -> SignalPlan:
    def edit(text: str) -> str:
        return _with_next_action(replace_section(text, INTENTION, start.section), start.next_action)

    summary = "a learning intention (new material): a teaching start, no hypotheses and no gap"
    questions = "at most one scope question (setting up the teaching, not a probe); no review questions"
    return SignalPlan(
        edit=edit, reply=start.reply, next_action=start.next_action, summary=summary, asks_question=False,
        questions=questions,
    )  # fmt: skip


def clashing_mastery(snapshot: RepoSnapshot, subject: str, note: str) -> str:
    """A knowledge point of ``subject`` recorded `demonstrated` that a failure note names, else ""."""
    words = fold(note)
    for knowledge_id, state in mastery_from_gaps(snapshot).items():
        point = knowledge_id.rsplit("/", 1)[-1].replace("-", " ")
        if state == "demonstrated" and knowledge_id.startswith(f"{subject}/") and fold(point) in words:
            return knowledge_id
    return ""


def _diagnosis_start(note: str, *, failed: bool, prior: str) -> SignalPlan:
    diagnosis = open_diagnosis(note, failed_attempt=failed, prior=prior)
    asked = f"one probe asked (`{diagnosis.open_probe}`)" if diagnosis.open_probe else "no probe"
    action = first_turn_step(diagnosis, note)

    def edit(text: str) -> str:
        return _with_next_action(write_diagnosis(text, diagnosis), action)

    count = len(diagnosis.reading.hypotheses)
    summary = f"a signal, not a gap: {count} competing hypotheses opened, {asked}; no gap written"
    questions = f"{asked} ({diagnosis.gates.reason}); no review questions before the diagnosis"
    questions = f"{asked}, recorded in the event; no review questions" if diagnosis.open_probe else questions
    return SignalPlan(
        edit=edit, reply=(MASTERY_KEPT.format(prior=prior) + "\n\n" if prior else "")
        + first_turn_text(diagnosis, note), next_action=action, summary=summary,
        asks_question=False, questions=questions,
    )  # fmt: skip


def plan_signal(
    snapshot: RepoSnapshot,
    *,
    subject: str,
    note: str,
    labels: tuple[str, ...],
    channel: str,
    day: date,
    event_id: str,
    event_path: str,
    goal_linked: bool,
    teacher: Teacher | None = None,
) -> SignalPlan:
    """Read the note's difficulty in the module's order; an empty plan when it reports none (``teacher``:
    the chat model that may write a teaching start's introduction)."""
    gap = plan_gap(
        snapshot, subject=subject, note=note, channel=channel, day=day, event_id=event_id,
        event_path=event_path, goal_linked=goal_linked,
    )  # fmt: skip
    if gap is not None:
        repeated = _repeated(snapshot, gap, subject=subject, day=day, goal_linked=goal_linked)
        return repeated or SignalPlan(gap=gap, summary=gap.summary())
    if not_met_yet(note):
        return _teaching_start(start_teaching(snapshot, subject=subject, note=note, by=teacher))
    failed = failed_attempt(note, labels)
    if failed or reports_difficulty(note):
        return _diagnosis_start(note, failed=failed, prior=clashing_mastery(snapshot, subject, note))
    if asks_to_be_taught(note):
        return _teaching_start(start_teaching(snapshot, subject=subject, note=note, by=teacher))
    return SignalPlan()
