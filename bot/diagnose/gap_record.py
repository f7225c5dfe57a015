"""The knowledge gap a diagnosis writes once the supported-write gate passes, at the blocker's grain.

The gap is named after the best-supported blocker ("the link between the leading coefficient and the
opening direction"), never after the complaint ("cannot find the maximum"), and carries the competing
hypotheses and the gates as they stood. Its next action plans a check that changes the numbers and the
form, because repeating the original task would not be independent evidence. Mastery stays ``unknown``:
a diagnosis is not performance. When later evidence falsifies the class the gap was written for, the
gap is kept, marked ``falsified`` and no longer open, with the contradicting answer in its log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from bot.diagnose.probes import LEADING_LINK, VERTEX_METHOD_BLOCKER, Quadratic
from bot.diagnose.record import (
    FALSIFICATION_COLUMNS,
    FALSIFICATION_LOG,
    HYPOTHESES,
    Diagnosis,
    falsification_row,
    hypotheses_table,
)
from bot.records.codec import (
    add_table_row,
    bullets,
    render,
    replace_section,
    set_header,
    set_section_field,
    table_lines,
)
from bot.records.schemas import GAP
from bot.text import one_line, slugify

GAP_SLUG = {LEADING_LINK: "leading-coefficient-opening-direction", VERTEX_METHOD_BLOCKER: "vertex-method"}
INTERPRETATION = "Current interpretation"


@dataclass(frozen=True)
class DiagnosedGap:
    gap_id: str
    path: str
    content: str

    def link(self) -> str:
        """The gap as a record one folder below the subject (an event, a review) links it."""
        return f"[{self.gap_id}](../knowledge-gaps/{self.path.rsplit('/', 1)[-1]})"


def _term(coefficient: Fraction, power: str) -> str:
    sign = "-" if coefficient < 0 else "+"
    size = abs(coefficient)
    return f"{sign} {'' if size == 1 and power else size}{power}"


def fresh_check(quadratic: Quadratic | None, blocker: str) -> str:
    """A check for the blocker with other numbers and another written form than the learner's task."""
    if quadratic is None:
        return "a new item on the same idea, with other numbers and another form, attempted without notes"
    a = -(quadratic.a / abs(quadratic.a)) * (abs(quadratic.a) + 1)  # the other sign, another size
    constant = quadratic.c + 4
    written = f"y = {constant} {_term(a, 'x^2')}"  # the constant first: another form than ax² + bx + c
    if blocker == LEADING_LINK:
        return f"does `{written}` open upward or downward, and has it a highest or a lowest point?"
    return (
        f"find the vertex of `y = x^2 {_term(2 * a, 'x')} {_term(constant, '')}` (a new item, without notes)"
    )


def _hypotheses_and_gates(diagnosis: Diagnosis) -> str:
    gates = diagnosis.gates
    return (
        f"{hypotheses_table(diagnosis.reading)}\n\nStop-probe gate: `{gates.stop_probe}`  \n"
        f"Supported-write gate: `{gates.supported_write}`  \nBarrier reason: {gates.reason}"
    )


def gap_for(
    diagnosis: Diagnosis,
    *,
    subject: str,
    day: date,
    event_link: str,
    event_id: str,
    answer_row: str,
    quadratic: Quadratic | None,
    goal_linked: bool,
) -> DiagnosedGap:
    """The gap record for a diagnosis whose supported-write gate passed."""
    slug = GAP_SLUG.get(diagnosis.blocker) or slugify(diagnosis.blocker, max_length=48, fallback="blocker")
    gap_id, path = f"gap-{slug}", f"subjects/{subject}/knowledge-gaps/{slug}.md"
    supported = diagnosis.gates.supported
    evidence = supported.evidence[-1] if supported else diagnosis.blocker
    goal = f"[subjects/{subject}/goals/main-goal.md](../goals/main-goal.md)" if goal_linked else "none yet"
    fields = {
        "ID": f"`{gap_id}`", "Canonical path": f"`{path}`", "Depends on (event IDs)": f"`{event_id}`",
        "Subject": subject, "Goal link": goal, "Created": day.isoformat(), "Updated": day.isoformat(),
    }  # fmt: skip
    pattern = {
        "Stable fingerprint": diagnosis.blocker,
        "Recognition cues": "tasks that turn on " + diagnosis.blocker,
        "Target concept or decision": diagnosis.blocker, "First observed": day.isoformat(),
        "Last observed": day.isoformat(), "Linked observation count": "1", "Model status": "`none`",
        "State-machine position": "`gap`",
    }  # fmt: skip
    interpretation = {
        "Diagnosis status": "`agent-hypothesis`", "Interpretation lifecycle": "`supported`",
        "Write class": "`supported-diagnosis`", "Likely blocker": diagnosis.blocker,
        "Signal it came from": f"{diagnosis.signal} ({event_link})",
        "This interpretation may be revised when": "a fresh item or the learner's correction says otherwise",
    }  # fmt: skip
    check = fresh_check(quadratic, diagnosis.blocker)
    bodies = {
        "Situation pattern": bullets(pattern),
        "Observable problem": f"Asked one discriminating probe, the learner {one_line(evidence, limit=300)}.",
        INTERPRETATION: bullets(interpretation),
        "Next action": bullets(
            {
                "Action": supported.intervention if supported else "teach the blocker",
                "Fresh transfer check": check,
                "Next-check reason": "`new-gap`; mastery stays `unknown` until a later independent attempt",
            }
        ),
        HYPOTHESES: _hypotheses_and_gates(diagnosis),
        FALSIFICATION_LOG: "\n".join(table_lines(FALSIFICATION_COLUMNS, ())),
    }
    title = f"Knowledge Gap: {one_line(diagnosis.blocker, limit=80)}"
    content = render(GAP, title, fields, bodies, {"Evidence": (answer_row,)})
    return DiagnosedGap(gap_id, path, content)


def falsify_gap(
    text: str, diagnosis: Diagnosis, *, day: date, answer: str, falsified: tuple[str, ...]
) -> str:
    """The gap once later evidence falsified the class it was written for: kept, logged, no longer open."""
    text = set_header(text, "Resolution", "`resolved`")
    text = set_header(text, "Updated", day.isoformat())
    text = set_section_field(text, INTERPRETATION, "Interpretation lifecycle", "`falsified`")
    text = set_section_field(
        text, INTERPRETATION, "Resolution note", "falsified by later evidence, not learned"
    )
    text = replace_section(text, HYPOTHESES, _hypotheses_and_gates(diagnosis))
    for cls in falsified:
        text = add_table_row(text, FALSIFICATION_LOG, falsification_row(day, cls, answer))
    return text
