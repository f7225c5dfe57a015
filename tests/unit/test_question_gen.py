"""Question generation from linked evidence: the rule templates, and the core's no-repeat guard."""

from __future__ import annotations

from bot.review.question_gen import (
    GeneratedQuestion,
    GeneratedQuestions,
    QuestionContext,
    fresh_only,
    rule_questions,
)

DEMONSTRATION = "The teacher showed: AB = 3 cm, DE = 6 cm, BC = 5 cm, so EF = 10 cm."
OBSERVATION = "used BC/AB instead of DE/AB"
RECENT = "Which sides of ABC and DEF correspond when the angles at A and D are equal?"


def context(**changes: object) -> QuestionContext:
    base = QuestionContext(
        subject="mathematics",
        review_id="review-scale-factor-transfer",
        gap_id="gap-scale-factor",
        gap_observations=(OBSERVATION,),
        evidence=(f"{DEMONSTRATION} I had used BC/AB instead of DE/AB.",),
        recent_questions=(RECENT,),
        planned_questions=("Triangle PQR ~ XYZ with PQ = 4 cm, XY = 8 cm and QR = 6 cm. How long is YZ?",),
    )
    return base.model_copy(update=changes)


def test_rule_templates_quote_the_gaps_observed_problem_and_say_why() -> None:
    generated = rule_questions(context())
    assert len(generated.questions) == 2
    explain, apply = (q.question for q in generated.questions)
    assert f"“{OBSERVATION}”" in explain and "own words" in explain
    assert f"“{OBSERVATION}”" in apply and "new case" in apply
    assert "gap-scale-factor" in generated.why and "template" in generated.generated_by
    assert all("not assessed by the bot" in q.success for q in generated.questions)


def test_rule_templates_never_quote_the_demonstration() -> None:
    only_event = rule_questions(context(gap_id="", gap_observations=()))
    assert only_event.questions, "the learner's own sentence in the event is quotable"
    assert all("10 cm" not in q.question and "showed" not in q.question for q in only_event.questions)
    assert "the linked event" in only_event.why


def test_no_quotable_evidence_means_no_questions() -> None:
    assert rule_questions(context(gap_observations=(), evidence=(DEMONSTRATION,))).questions == ()


def test_the_room_left_caps_the_templates() -> None:
    assert len(rule_questions(context(max_questions=1)).questions) == 1
    assert rule_questions(context(max_questions=0)).questions == ()


def test_a_record_whose_own_question_already_quotes_the_evidence_gets_no_second_template() -> None:
    own = f"Your note says: “{OBSERVATION}”. Explain the idea in your own words."
    assert rule_questions(context(planned_questions=(own,))).questions == ()


def test_the_guard_drops_questions_repeating_a_recent_question_or_the_demonstration() -> None:
    written = GeneratedQuestions(
        questions=(
            GeneratedQuestion(question=f"Again: {RECENT}", success="AB with DE"),
            GeneratedQuestion(question="Check: AB = 3 cm, DE = 6 cm, BC = 5 cm, so EF = 10 cm?", success="x"),
            GeneratedQuestion(question="A new triangle: KL = 5, MN = 15, LM = 4. Find NO.", success="12"),
        ),
        why="w",
    )
    kept = fresh_only(written, context())
    assert [q.success for q in kept.questions] == ["12"]


def test_a_later_check_gets_the_template_forms_not_yet_asked() -> None:
    first = rule_questions(context())
    asked = tuple(q.question for q in first.questions)
    later = rule_questions(context(recent_questions=(RECENT, *asked), planned_questions=()))
    assert len(later.questions) == 2 and not set(asked) & {q.question for q in later.questions}
    assert "worked example" in later.why and "look-alike" in later.why
    everything = (*asked, *(q.question for q in later.questions))
    assert rule_questions(context(recent_questions=everything, planned_questions=())).questions == ()
