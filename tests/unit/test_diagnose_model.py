"""The chat model's part in a diagnosis: it reads a free-prose probe answer the rules cannot, through the
schema, under the learner's consent, and the core's gates still decide what is written."""

from __future__ import annotations

from datetime import timedelta

from bot.diagnose.hypotheses import HypothesisClass
from bot.diagnose.proposal import ProbeAnswerToRead, ProposedMove, ProposedReading
from bot.handle import plan_event
from bot.intake.agent import LearnerInput, Recognition
from bot.intake.events import Comment, EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.records.codec import section, section_fields, table_rows
from bot.review.question_gen import GeneratedQuestions, QuestionContext
from tests.support.learner import CONFIG, NOW, issue_event, learner_repo

SLIP = "Exercise 5 on the chain rule: my answer was wrong."
PROSE = "I know what a derivative is, but I never know which function is the inside one."
ALLOWED = CONFIG.replace("  push: true\n", "  push: true\n  external_model: allowed\n")


class ScriptedDiagnostician:
    """A stand-in chat model: the rules' recognition, and a scripted reading of probe answers."""

    def __init__(self, reading: ProposedReading) -> None:
        self.reading, self.asked = reading, list[ProbeAnswerToRead]()

    def recognize(self, learner_input: LearnerInput) -> Recognition:
        return RuleAgent().recognize(learner_input)

    def generate_questions(self, context: QuestionContext) -> GeneratedQuestions:
        return RuleAgent().generate_questions(context)

    def read_probe_answer(self, item: ProbeAnswerToRead) -> ProposedReading:
        self.asked.append(item)
        return self.reading


def _answered(model: ScriptedDiagnostician, *, config: str = ALLOWED) -> tuple[Plan, str]:
    files = {"gitlearnos.yml": config}
    opened = plan_event(issue_event(SLIP, title="Chain rule", labels=("mistake",)), learner_repo(**files),
                        now=NOW, agent=RuleAgent())  # fmt: skip
    files |= {w.path: w.content for w in opened.writes}
    comment = issue_event(SLIP, title="Chain rule", labels=("mistake",), kind=EventKind.COMMENT_CREATED)
    comment = comment.model_copy(update={"comment": Comment(id=200, body=PROSE)})
    plan = plan_event(comment, learner_repo(**files), now=NOW + timedelta(minutes=3), agent=RuleAgent(),
                      model_agent=model)  # fmt: skip
    (event,) = [w.content for w in plan.writes if "/events/" in w.path]
    return plan, event


def _move(cls: HypothesisClass, status: str, quote: str) -> ProposedMove:
    return ProposedMove.model_validate(
        {"hypothesis": cls, "status": status, "quote": quote, "why": "it says so"}
    )


def statuses(event: str) -> dict[str, str]:
    return {r[0].strip("`"): r[2].strip("`") for r in table_rows(event, "Competing hypotheses")}


def test_a_quoted_model_reading_moves_the_classes_and_the_gates_still_decide() -> None:
    _C = HypothesisClass
    reading = ProposedReading(
        moves=(
            _move(_C.PROCEDURE_UNAVAILABLE, "supported", "which function is the inside one"),
            _move(_C.CONCEPT_UNESTABLISHED, "weakened", "I know what a derivative is"),
            _move(_C.PREREQUISITE_MISSING, "weakened", "I know what a derivative is"),
            _move(_C.CALCULATION_ERROR, "ruled_out", "I never know which function"),
            _move(_C.LANGUAGE_MISREAD, "weakened", "I never know which function"),
            _move(_C.INCIDENTAL, "weakened", "I never know which function"),
        ),
        split="the idea is there; choosing the inner function is not",
        blocker="choosing the inner function of a composition",
        judged_by="scripted-model",
    )
    model = ScriptedDiagnostician(reading)
    plan, event = _answered(model)
    assert model.asked and model.asked[0].answer == PROSE
    assert statuses(event)["procedure-unavailable"] == "supported"
    gaps = [w.path for w in plan.writes if "/knowledge-gaps/" in w.path]
    assert gaps == ["subjects/mathematics/knowledge-gaps/choosing-the-inner-function-of-a-composition.md"]
    assert "scripted-model read" in event, "the record names who read the answer"


def test_a_model_move_without_a_quote_from_the_answer_is_dropped() -> None:
    invented = ProposedReading(
        moves=(_move(HypothesisClass.PROCEDURE_UNAVAILABLE, "supported", "I forgot the rule"),),
        split="invented", judged_by="scripted-model",
    )  # fmt: skip
    plan, event = _answered(ScriptedDiagnostician(invented))
    assert "supported" not in statuses(event).values()
    assert not any("/knowledge-gaps/" in w.path for w in plan.writes)


def test_supported_alone_does_not_pass_the_gate_while_rivals_stand() -> None:
    inside = "which function is the inside one"
    lone = ProposedReading(
        moves=(_move(HypothesisClass.PROCEDURE_UNAVAILABLE, "supported", inside),),
        split="one class", judged_by="scripted-model",
    )  # fmt: skip
    plan, event = _answered(ScriptedDiagnostician(lone))
    fields = section_fields(section(event, "Diagnosis"))
    assert fields["Supported-write gate"] == "`held`" and not any(
        "/knowledge-gaps/" in w.path for w in plan.writes
    )


def test_without_the_learners_consent_the_model_reads_nothing() -> None:
    model = ScriptedDiagnostician(ProposedReading(split="x", judged_by="scripted-model"))
    _answered(model, config=CONFIG)
    assert model.asked == []
