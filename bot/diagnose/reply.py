"""What the learner reads on a diagnosis turn: the one probe or the next step, and both gates as they stand.

Every diagnosis reply ends with the same four lines (the two gates, the hypotheses still standing, the
next probe or intervention), so the learner and a reviewer see what was concluded and what was not.
"""

from __future__ import annotations

from bot.diagnose.gates import Gate, standing_classes
from bot.diagnose.hypotheses import Status
from bot.diagnose.probes import Quadratic, find_quadratic
from bot.diagnose.record import Diagnosis
from bot.diagnose.signal_words import asks_to_be_taught

FIRST_TURN = (
    "Before any solution, one question to see where it gets stuck:\n\n**{probe}**\n\n"
    "Why this question: getting stuck here fits several different causes, and your answer tells them "
    "apart, so that what comes next is the help you need. Nothing is concluded from the complaint "
    "itself, and no knowledge gap is written from it."
)
TEACH_FIRST = (
    "You asked for help now rather than questions, so I will not quiz you first. I have no chat model "
    "here to write a full explanation: the next step is a short worked explanation from your course "
    "material. The diagnosis is not complete: the possible causes stay open (none is concluded) until a "
    "later attempt shows more."
)
ONE_OFF = (
    "That reads as a one-off slip in an otherwise sound attempt, so there is nothing to probe and no "
    "knowledge gap is written; the event keeps what you reported."
)
MASTERY_KEPT = (
    "Your record shows `{prior}` as demonstrated, and this failure does not simply lower that: it could be "
    "forgetting, a new kind of item, an earlier check that was too narrow, or a one-off. The record keeps "
    "`demonstrated` until one question tells them apart."
)
AFTER_ANSWER = "Thanks. Your answer “{answer}”: {split}."


def sentence(step: str) -> str:
    """``step`` as a sentence of a record's next-action line: capitalized, ending in one stop."""
    text = step[:1].upper() + step[1:]
    return text if text.endswith((".", "?", "!")) else f"{text}."


def status_lines(diagnosis: Diagnosis, next_step: str) -> str:
    """The gates, the hypotheses still standing, and the next probe or intervention."""
    standing = standing_classes(diagnosis.reading)
    falsified = [h for h in diagnosis.reading.hypotheses if h.status is Status.FALSIFIED]
    names = ", ".join(f"`{h.cls}` ({h.status})" for h in standing) or "none standing"
    lines = [
        f"- Stop-probe gate: `{diagnosis.gates.stop_probe}` ({diagnosis.gates.reason})",
        f"- Supported-write gate: `{diagnosis.gates.supported_write}`",
        f"- Remaining hypotheses: {names}",
    ]
    if falsified:
        lines.append("- Falsified (kept in the record): " + ", ".join(f"`{h.cls}`" for h in falsified))
    if diagnosis.blocker:
        lines.append(f"- Best-supported blocker: {diagnosis.blocker}")
    lines.append(f"- Next: {next_step}")
    return "\n".join(lines)


def next_step(diagnosis: Diagnosis, fresh_check: str = "") -> str:
    """The next probe, or the intervention the gates allow, in one line."""
    if diagnosis.open_probe:
        return "answer the question above on this issue"
    supported = diagnosis.gates.supported
    if diagnosis.gates.supported_write is Gate.PASSED and supported is not None:
        check = (
            f"; afterwards a fresh check with other numbers and another form: {fresh_check}"
            if fresh_check
            else ""
        )
        return f"{supported.intervention}{check}"
    return "no further questions; a fresh item with a self-check, and a later attempt will show more"


def minimum_explanation(quadratic: Quadratic) -> str:
    """The least a learner who asked for the solution needs: opening, vertex, value — no derivation."""
    x = -quadratic.b / (2 * quadratic.a)
    y = quadratic.a * x * x + quadratic.b * x + quadratic.c
    extreme = "highest" if quadratic.a < 0 else "lowest"
    return (
        f"The minimum you need: in `{quadratic.written}` the number in front of x² is {quadratic.a}, so the "
        f"parabola opens {quadratic.opens} and its {extreme} point is the vertex, at x = -b/(2a) = {x}, "
        f"where y = {y}."
    )


def first_turn_step(diagnosis: Diagnosis, note: str) -> str:
    """The next step after a signal's first turn: the probe, the teaching asked for, or a fresh item."""
    if diagnosis.open_probe:
        return f"answer the question on this issue: {diagnosis.open_probe_text}"
    if asks_to_be_taught(note):
        return "a short worked explanation of the idea, then a fresh item with other numbers"
    return "a fresh item with other numbers, worked with a self-check"


def first_turn_text(diagnosis: Diagnosis, note: str) -> str:
    """The reply to a signal: its one probe; or, when the learner asked to be taught or for the solution,
    the least explanation the rules can give, the causes left open; or, for a named slip, no questions."""
    if diagnosis.open_probe:
        lead = FIRST_TURN.format(probe=diagnosis.open_probe_text)
    elif asks_to_be_taught(note):
        quadratic = find_quadratic(note)
        lead = f"{minimum_explanation(quadratic)}\n\n{TEACH_FIRST}" if quadratic else TEACH_FIRST
    else:
        lead = ONE_OFF
    step = (
        "answer the question above on this issue"
        if diagnosis.open_probe
        else first_turn_step(diagnosis, note)
    )
    return f"{lead}\n\n{status_lines(diagnosis, step)}"
