"""What a teacher's feedback names, and what it does to the linked gap: the protocol's reconcile step.

**Reading the words.** The offline rules read sentences, not meaning. A sentence counts only when its own
wording names a *cause* ("she does not yet see …", "the real problem is …", "… because …"), a
*correction* ("it should be …", "the correct statement is …") or a *teaching request* ("please teach …",
"she needs more practice with …"). Such a sentence is kept exactly as written and quoted; nothing is
paraphrased, classified or filled in, so the bot never gives the teacher's verdict a structure the
teacher did not. Feedback that names none of the three ("Looks right now.") leaves the interpretation
alone. Words that say the earlier reading is wrong ("this is not a slip", "the actual cause …") mark it
contradicted. The cue words are per-language data (:mod:`bot.handoff.verdict_words`, en, es, fr, de,
pt, zh, ja, ru), folded like the intake cues; feedback in other words is still recorded, just not read.

**What the gap gets** (only from a listed teacher's own words; a learner's report of them is recorded but
not taken as the teacher's reading):

- ``## Current interpretation`` becomes the teacher's: ``Diagnosis status: teacher-supported``, the cause
  quoted as the likely blocker, the correction quoted, the feedback record linked, the teacher by role.
  Its lifecycle moves by :data:`bot.diagnose.lifecycle.Event.TEACHER_VERDICT` (to ``revised``, never to
  ``supported``: that takes the gates).
- The earlier interpretation is not lost: one row in ``## Interpretation history`` keeps what it said,
  marked ``falsified`` when it named a cause the teacher contradicts, else ``superseded``.
- ``## Next action`` follows the teacher: their request, else their correction, else the cause they
  name, replaces the earlier action (which followed the earlier reading), and a later independent check
  is planned. Mastery is not touched: a teacher's verdict is not the learner's independent performance.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from bot.diagnose.lifecycle import Event, State, move, parse_state
from bot.handoff import verdict_words as words
from bot.intake.cue_match import Cues, fold
from bot.records.codec import (
    add_table_row,
    read_header,
    replace_section,
    section,
    section_fields,
    set_header,
    set_section_field,
    table_lines,
)
from bot.text import one_line

INTERPRETATION = "Current interpretation"
HISTORY = "Interpretation history"
HISTORY_COLUMNS = ("Date", "Interpretation", "Diagnosis status", "Lifecycle", "Result", "Replaced by")
NEXT_ACTION = "Next action"
TEACHER_SUPPORTED = "teacher-supported"
NEXT_CHECK_REASON = "teacher-feedback"
NO_CAUSE = ("", "unknown", "none yet")
FRESH_CHECK = (
    "a new item on this gap, with other numbers, attempted without notes, some days after the step above"
)

SENTENCE = re.compile(r"[^.!?\n。！？]+[.!?。！？]?")


class Wording:
    """One table of :mod:`bot.handoff.verdict_words`, every language at once, matched on the folded text
    (:func:`bot.intake.cue_match.fold`), so the teacher's accents, case and full-width forms do not matter."""

    def __init__(self, lexicon: words.Lexicon) -> None:
        self._cues = Cues(cue for listed in lexicon.values() for cue in listed)

    def search(self, text: str) -> str | None:
        """Words of ``text`` the table holds (the alphabetically first, so the answer is stable), or None."""
        hits = self._cues.hits(fold(text))
        return min(hits) if hits else None

    def opens(self, text: str) -> bool:
        """Whether ``text`` starts with one of the table's words: blanking the cues out leaves a space at
        the start only then."""
        folded = fold(text).lstrip()
        return bool(folded) and self._cues.without(folded).startswith(" ")


CAUSE = Wording(words.CAUSE)
BECAUSE = Wording(words.BECAUSE)
APPROVAL = Wording(words.APPROVAL)
CORRECTION = Wording(words.CORRECTION)
REQUEST = Wording(words.REQUEST)
OPENING = Wording(words.OPENING)
DO_NOT_RETEACH = Wording(words.DO_NOT_RETEACH)
CONTRADICTS = Wording(words.CONTRADICTS)
BACKTICKED = re.compile(r"`([a-z-]+)`")
# The learner's own words stay beside the teacher's reading: they are evidence, not the bot's reading.
LEARNER_JUDGMENT = "Learner's reported judgment"
LEARNER_LINE = re.compile(rf"^- {LEARNER_JUDGMENT}: (?P<value>.+)$", re.M)


def _quoted(sentences: tuple[str, ...]) -> str:
    return f"“{one_line(' '.join(sentences), limit=400)}”"


@dataclass(frozen=True)
class Verdict:
    """The sentences of one piece of feedback that name a cause, a correction or a teaching request."""

    cause: tuple[str, ...] = ()
    correction: tuple[str, ...] = ()
    request: tuple[str, ...] = ()
    contradicts: bool = False  # the words say the earlier reading is wrong

    @property
    def names_anything(self) -> bool:
        return bool(self.cause or self.correction or self.request)

    def next_action(self, link: str) -> str:
        """The action the teacher's words call for, quoting them and linking the feedback record."""
        if self.request:
            return f"as the teacher asks ({link}): {_quoted(self.request)}"
        if self.correction:
            return f"go over the teacher's correction ({link}): {_quoted(self.correction)}"
        return f"work on the cause the teacher names ({link}): {_quoted(self.cause)}"


def _names_cause(sentence: str) -> bool:
    """A cause cue, or "because" in a sentence that is no approval ("Approved because it is right now")."""
    return bool(CAUSE.search(sentence) or (BECAUSE.search(sentence) and not APPROVAL.search(sentence)))


def _asks_teaching(sentence: str) -> bool:
    """A request, or an imperative to teach at the start; a refusal to re-teach is no request."""
    asked = REQUEST.search(sentence) is not None or OPENING.opens(sentence)
    return asked and DO_NOT_RETEACH.search(sentence) is None


def read_verdict(body: str) -> Verdict:
    """The sentences of ``body`` each cue names, as written, in any of the supported languages."""
    sentences = [s.strip() for s in SENTENCE.findall(body) if s.strip()]
    return Verdict(
        cause=tuple(s for s in sentences if _names_cause(s)),
        correction=tuple(s for s in sentences if CORRECTION.search(s)),
        request=tuple(s for s in sentences if _asks_teaching(s)),
        contradicts=CONTRADICTS.search(body) is not None,
    )


def _lifecycle(value: str) -> State:
    """The recorded lifecycle state; a value the table does not know (``falsified``) reads as ``anomaly``:
    nothing the bot concluded stands for it."""
    found = BACKTICKED.search(value)
    return parse_state(found.group(1) if found else value) or State.ANOMALY


def _fate(earlier: dict[str, str], verdict: Verdict) -> str:
    """``falsified`` when the earlier reading named a cause and the teacher's words contradict it."""
    status = earlier.get("Diagnosis status", "").strip("` ")
    blocker = earlier.get("Likely blocker", "").strip("` ")
    named_cause = status not in NO_CAUSE and blocker not in NO_CAUSE
    return "falsified" if verdict.contradicts and verdict.cause and named_cause else "superseded"


def _history(text: str, row: str) -> str:
    if section(text, HISTORY):
        return add_table_row(text, HISTORY, row)
    return replace_section(text, HISTORY, "\n".join(table_lines(HISTORY_COLUMNS, (row,))), before=NEXT_ACTION)


def revise_gap(
    text: str, verdict: Verdict, *, link: str, kind: str, day: date, mastery: str
) -> tuple[str, str]:
    """The gap with the teacher's reading as its interpretation, the earlier one in its history, and a
    next action that follows the teacher; and what became of the earlier reading (its fate)."""
    earlier_text = section(text, INTERPRETATION)
    earlier = section_fields(earlier_text)
    fate = _fate(earlier, verdict)
    state = move(_lifecycle(earlier.get("Interpretation lifecycle", "")), Event.TEACHER_VERDICT)
    cells = (
        day.isoformat(),
        earlier.get("Likely blocker", "none recorded"),
        earlier.get("Diagnosis status", "not stated"),
        earlier.get("Interpretation lifecycle", "not stated"),
        f"`{fate}`",
        f"the teacher's reading ({link})",
    )
    row = "| " + " | ".join(one_line(cell, limit=400) for cell in cells) + " |"
    fields = {
        LEARNER_JUDGMENT: kept.group("value") if (kept := LEARNER_LINE.search(earlier_text)) else "",
        "Diagnosis status": f"`{TEACHER_SUPPORTED}`",
        "Interpretation lifecycle": f"`{state}`",
        "Likely blocker": f"the teacher says: {_quoted(verdict.cause)}"
        if verdict.cause
        else "`unknown`: the teacher named no cause",
        "Teacher correction": _quoted(verdict.correction) if verdict.correction else "",
        "Supported by": f"the teacher's {kind}, {link} (role only; no identity is stored)",
        "Earlier interpretation": f"`{fate}`, kept in the interpretation history below",
        "Missing evidence": "a later, independent attempt at a fresh item, without notes",
        "This interpretation may be revised when": "a later independent attempt or further teacher feedback "
        "shows otherwise",
    }
    body = "\n".join(f"- {key}: {value}" for key, value in fields.items() if value)
    text = _history(replace_section(text, INTERPRETATION, body, before=NEXT_ACTION), row)
    if "Updated" in read_header(text):
        text = set_header(text, "Updated", day.isoformat())
    text = set_section_field(text, NEXT_ACTION, "Action", verdict.next_action(link))
    text = set_section_field(text, NEXT_ACTION, "Fresh transfer check", FRESH_CHECK)
    reason = f"`{NEXT_CHECK_REASON}`; mastery stays `{mastery}` until that later independent attempt"
    return set_section_field(text, NEXT_ACTION, "Next-check reason", reason), fate
