"""Synthesis of a repeated error: the second same-situation observation links, updates and promotes.

Protocol "Diagnose and synthesize" and scenario 14. When a reported mistake has the situation fingerprint
(:mod:`bot.diagnose.fingerprint`) of a gap that already holds another, *distinct* observation, the
promotion basis holds — two linked observations support the repeated structure — so one commit:

* links the new event and every earlier one of the gap to each other (``Same situation as``);
* updates that one gap (its fingerprint, cues, model status and the transfer check it now plans);
* writes one model record (:data:`bot.records.schemas.MODEL`) from the pattern's content
  (:mod:`bot.diagnose.pattern_models`), with the promotion basis and each conclusion linked to the
  events — never a copy of either solution;
* plans one fresh transfer task (a review with Purpose ``transfer``), due after a delay, key stored.

Mastery is not touched: a model, however complete, is not performance; only a later independent
transfer attempt can show ``demonstrated``. Copies of one observation (the same words again) are not two
observations, so they update the gap and promote nothing; a model already written is linked, not
written twice, and its transfer task is not planned again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from bot.diagnose.fingerprint import Fingerprint
from bot.diagnose.pattern_models import MODELS, PatternModel
from bot.records.codec import (
    bullets,
    read_header,
    render,
    set_header,
    set_section_field,
    table_rows,
)
from bot.records.schemas import MODEL
from bot.review.built_question import folded
from bot.review.question import ReviewDraft, goal_link, planned_review
from bot.snapshot import RepoSnapshot
from bot.text import slugify

TRANSFER = "transfer"
TRANSFER_DELAY = timedelta(days=3)  # delayed: an attempt the same day would test short-term memory
EVENT_LINK = re.compile(r"\[(?P<id>event-[^\]]+)\]\(\.\./events/(?P<file>[^)]+)\)")
PATTERN = "Situation pattern"
CONNECTIONS = "Connections"
SAME_SITUATION = "Same situation as"


@dataclass(frozen=True)
class Observation:
    """One event a gap's evidence table links, with the learner's report as the row records it."""

    event_id: str
    file: str
    report: str

    def link(self) -> str:
        """The event as a record one folder below the subject links it."""
        return f"[{self.event_id}](../events/{self.file})"


@dataclass(frozen=True)
class Synthesis:
    """What one repeated observation adds to organize's commit."""

    gap_content: str
    writes: dict[str, str]
    edit: Callable[[str], str]  # the new event record with its links to the earlier ones
    reply: str
    summary: str
    next_action: str
    questions: str


def observations(gap_text: str) -> tuple[Observation, ...]:
    """The events a gap's evidence table links, oldest first."""
    found = []
    for row in table_rows(gap_text, "Evidence"):
        link = EVENT_LINK.search(row[-1]) if row else None
        if link is not None and len(row) >= 3:
            found.append(Observation(link.group("id"), link.group("file"), row[2]))
    return tuple(found)


def distinct(found: tuple[Observation, ...]) -> tuple[Observation, ...]:
    """One observation per distinct report: the same words again are a copy, not a second situation."""
    seen: dict[str, Observation] = {}
    for observation in found:
        seen.setdefault(folded(observation.report), observation)
    return tuple(seen.values())


def _linked(text: str, others: tuple[Observation, ...]) -> str:
    links = ", ".join(o.link() for o in others)
    return set_section_field(text, CONNECTIONS, SAME_SITUATION, links) if links else text


def _model_text(
    pattern: PatternModel, situation: Fingerprint, ids: tuple[str, str], path: str, facts: dict[str, str]
) -> str:
    model_id, gap_id = ids
    evidence, day = facts["evidence"], facts["day"]
    fields = {
        "ID": f"`{model_id}`", "Canonical path": f"`{path}`", "Subject": situation.subject,
        "Goal link": facts["goal"],
        "Linked knowledge gap": f"[{gap_id}](../knowledge-gaps/{facts['gap_file']})",
        "Created": day, "Last refined": day, "Depends on (canonical IDs)": facts["depends"],
    }  # fmt: skip
    basis = {
        "Status reason": "the same situation was observed in two distinct notes",
        "Evidence links": evidence,
        "Promotion evidence (distinct event IDs)": facts["depends"],
        "Promotion reason": f"repeated situation `{situation.key}`",
        "Conflicting or missing evidence": "the learner's own reason for each decision is not recorded yet",
        "Synthesis source": "`agent-hypothesis`",
    }
    numbered = "\n".join(f"{n}. {step}" for n, step in enumerate(pattern.answer_structure, start=1))
    review_id, due = facts["review_id"], facts["due"]
    transfer = {
        "Review ID": f"`{review_id}`", "Status": "`planned`", "Fresh task": f"in `{facts['review_path']}`",
        "What success would demonstrate": "recognising the pattern in a new context, independently, later",
        "Planned date": due, "Next-check reason": "`transfer`",
    }  # fmt: skip
    bodies = {
        "Promotion basis": bullets(basis),
        "Model in one sentence": f"- {pattern.one_sentence}",
        "Recognition cues": "\n".join(f"- {cue}" for cue in pattern.cues),
        "Answer structure": numbered,
        "Derived conclusions": "Each conclusion holds only under its conditions.",
        "Limits and non-examples": "\n".join(f"- {limit}" for limit in pattern.limits),
        "Common traps": "\n".join(f"- {trap}" for trap in pattern.traps),
        "Next-time reaction": f"```text\n{pattern.reaction}\n```",
        "Transfer check": bullets(transfer),
    }
    rows = tuple(f"| {c} | {limit} | {evidence} |" for c, limit in pattern.conclusions)
    return render(MODEL, f"Model: {pattern.title}", fields, bodies, {"Derived conclusions": rows})


def _transfer_review(
    pattern: PatternModel, situation: Fingerprint, ids: tuple[str, str, str], path: str, facts: dict[str, str]
) -> str:
    review_id, model_id, gap_id = ids
    task = pattern.transfer
    due = date.fromisoformat(facts["due"])
    return planned_review(
        ReviewDraft(
            title=f"Transfer check: {pattern.title}",
            record_id=review_id,
            path=path,
            subject=situation.subject,
            purpose=TRANSFER,
            due=due,
            depends_on=f"`{model_id}`, `{gap_id}`, {facts['depends']}",
            goal_link=goal_link(situation.subject, linked=facts["goal_linked"] == "yes"),
            gap_link=f"[{gap_id}](../knowledge-gaps/{facts['gap_file']})",
            grounded_in=f"[{model_id}](../models/{facts['model_file']})",
            generated=f"{facts['day']} by the offline rule agent (the model's transfer task; key stored)",
            why=f"the same situation (`{situation.key}`) came up twice; a later attempt without notes "
            "shows whether the pattern transfers",
            difference=task.changes,
            questions=(task.question,),
            successes=(task.success,),
            keys=(task.key,),
            evidence_link=facts["evidence"],
            next_check=f"{facts['due']} (delayed on purpose; nothing runs in the background for it)",
            composes_with="",
        )
    )


def _gap_update(
    text: str, situation: Fingerprint, pattern: PatternModel, ids: tuple[str, str], due: str
) -> str:
    model_id, review_id = ids
    text = set_header(text, "Composes with (model/review IDs)", f"`{model_id}`, `{review_id}`")
    for key, value in (
        ("Situation fingerprint", situation.key),
        ("Recognition cues", "; ".join(pattern.cues)),
        ("Target concept or decision", pattern.title.lower()),
        ("Model status", "`active`"),
        ("State-machine position", "`planned`"),
    ):
        text = set_section_field(text, PATTERN, key, value)
    text = set_section_field(text, "Next action", "Fresh transfer check", f"`{review_id}`, due {due}")
    return set_section_field(text, "Next action", "Next-check reason", "`transfer`")


def _reply(pattern: PatternModel, situation: Fingerprint, names: dict[str, str], earlier: str) -> str:
    return (
        f"**The same situation again** (`{situation.key}`, as in {earlier}): {pattern.one_sentence}\n\n"
        f"Next time: {pattern.reaction}\n\n"
        f"The notes are linked to each other, the one gap `{names['gap']}` now holds {names['count']} "
        f"distinct observations, and the model "
        f"`{names['model']}` (`{names['model_path']}`) describes the pattern, not either solution. A fresh "
        f"transfer task `{names['review']}` is planned for {names['due']}: try it then, without notes; its "
        "key stays in the record. Mastery is unchanged until that later attempt succeeds on its own.\n\n"
        "If you remember why you took that decision each time, add it in a comment: your own reason is "
        "evidence the model cannot supply."
    )


def synthesize(
    snapshot: RepoSnapshot,
    *,
    situation: Fingerprint,
    gap_id: str,
    gap_path: str,
    gap_content: str,
    day: date,
    goal_linked: bool,
) -> Synthesis | None:
    """The links, model and transfer task a repeated situation earns; None while the basis does not hold."""
    pattern = MODELS.get(situation.slip)
    found = observations(gap_content)
    if pattern is None or len(distinct(found)) < 2:
        return None
    earlier = found[:-1]  # the newest observation is the one that repeats them
    slug = slugify(situation.key, max_length=60, fallback="pattern")
    model_id, model_path = f"model-{slug}", f"subjects/{situation.subject}/models/{slug}.md"
    review_id = f"review-transfer-{slug}"
    review_path = f"subjects/{situation.subject}/reviews/{review_id}.md"
    due = (day + TRANSFER_DELAY).isoformat()
    writes = {  # every stored observation links the others (organize's new one is linked by ``edit``)
        path: _linked(text, (*found[:i], *found[i + 1 :]))
        for i, o in enumerate(found)
        if (text := snapshot.read_text(path := f"subjects/{situation.subject}/events/{o.file}")) is not None
    }
    depends = ", ".join(f"`{o.event_id}`" for o in distinct(found))
    facts = {
        "evidence": ", ".join(o.link() for o in distinct(found)), "day": day.isoformat(), "due": due,
        "depends": depends, "goal": goal_link(situation.subject, linked=goal_linked),
        "gap_file": gap_path.rsplit("/", 1)[-1], "model_file": model_path.rsplit("/", 1)[-1],
        "review_id": review_id, "review_path": review_path, "goal_linked": "yes" if goal_linked else "no",
    }  # fmt: skip
    existing_model = snapshot.read_text(model_path)
    if existing_model is None:
        writes[model_path] = _model_text(pattern, situation, (model_id, gap_id), model_path, facts)
    else:  # a further observation refines the one model; it never gets a second
        refined = set_header(existing_model, "Depends on (canonical IDs)", depends)
        writes[model_path] = set_header(refined, "Last refined", day.isoformat())
    existing_review = snapshot.read_text(review_path)
    if existing_review is None:
        writes[review_path] = _transfer_review(
            pattern, situation, (review_id, model_id, gap_id), review_path, facts
        )
    else:  # the planned task stands, with its own date
        due = read_header(existing_review).get("Due", due)
    names = {
        "gap": gap_id, "model": model_id, "model_path": model_path, "review": review_id, "due": due,
        "count": str(len(distinct(found))),
    }  # fmt: skip
    earlier_ids = ", ".join(f"`{o.event_id}`" for o in earlier)
    planned = review_path in writes
    return Synthesis(
        gap_content=_gap_update(gap_content, situation, pattern, (model_id, review_id), due),
        writes=writes,
        edit=lambda text: _linked(text, earlier),
        reply=_reply(pattern, situation, names, earlier_ids),
        summary=f"same situation as {earlier_ids} (`{situation.key}`): gap `{gap_id}` updated, model "
        f"`{model_id}` {'refined' if existing_model else 'written'}"
        + (f", transfer task `{review_id}` planned for {due}" if planned else ""),
        next_action=f"on {due}, attempt the transfer task in `{review_path}` without notes",
        questions=f"one transfer task planned (`{review_id}`, due {due}); its key stays in the record"
        if planned
        else "none: the transfer task is already planned",
    )
