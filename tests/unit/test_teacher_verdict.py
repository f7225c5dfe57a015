"""What a teacher's words do to the handoff's gap, planned by the pure core: read conservatively, quoted,
the earlier reading kept, the next action following the teacher, mastery untouched."""

from __future__ import annotations

import pytest

from bot.intake.events import EventKind, ReviewState
from bot.plan import Plan
from bot.records.codec import read_header, section, section_fields, table_rows
from bot.snapshot import OverlaySnapshot
from tests.support.handoff_pack import GAP, GAP_PATH, after, plan, pr_event, repo, request

DIAGNOSED = GAP.replace(
    "## Next action",
    "## Current interpretation\n\n"
    "- Diagnosis status: `agent-hypothesis`\n"
    "- Interpretation lifecycle: `supported`\n"
    "- Likely blocker: matching corresponding vertices by letter order\n\n"
    "## Next action",
)


def gap_after(result: Plan) -> str:
    return next(w.content for w in result.writes if w.path == GAP_PATH)


def interpretation(gap: str) -> dict[str, str]:
    return section_fields(section(gap, "Current interpretation"))


def action(gap: str) -> str:
    return section_fields(section(gap, "Next action"))["Action"]


def feedback(body: str, snapshot: OverlaySnapshot, *, login: str = "mr-smith", comment_id: int = 501) -> Plan:
    return plan(pr_event(body, login=login, comment_id=comment_id), snapshot)


def test_feedback_that_names_no_cause_correction_or_request_leaves_the_reading_alone() -> None:
    snapshot = after(repo(), request())
    approval = plan(
        pr_event("Correct method now.", kind=EventKind.REVIEW_SUBMITTED, review=ReviewState.APPROVED),
        snapshot,
    )
    for result in (approval, feedback("Match the equal angles first: A↔E, B↔D.", snapshot)):
        gap = gap_after(result)
        assert "teacher-supported" not in gap and "## Interpretation history" not in gap
        assert action(gap) == "AI re-teaches how to match corresponding vertices"
        assert "(`feedback-received`)" in section_fields(section(gap, "Next action"))["Date or next handoff"]


def test_a_learners_report_of_a_cause_is_recorded_but_is_not_the_teachers_reading() -> None:
    words = "My teacher said the problem is that I do not see which angles are equal."
    gap = gap_after(feedback(words, after(repo(), request()), login="alice"))
    assert (
        "teacher-supported" not in gap and action(gap) == "AI re-teaches how to match corresponding vertices"
    )


def test_a_correction_alone_is_quoted_and_no_cause_is_made_up() -> None:
    result = feedback("Good try. The correct statement is ABC ~ EDF.", after(repo(), request()))
    fields = interpretation(gap_after(result))
    assert fields["Diagnosis status"] == "`teacher-supported`"
    assert fields["Likely blocker"] == "`unknown`: the teacher named no cause"
    assert fields["Teacher correction"] == "“The correct statement is ABC ~ EDF.”"
    assert action(gap_after(result)).startswith("go over the teacher's correction ([feedback-")
    assert "the earlier one is kept in its history as `superseded`" in result.replies[0].text


def test_a_contradicted_ai_cause_is_kept_as_falsified_and_mastery_stays() -> None:
    diagnosed = repo(**{GAP_PATH: DIAGNOSED})
    snapshot = after(diagnosed, request(diagnosed))
    words = "That is not the problem: she confuses the angle at B with the angle at D."
    gap = gap_after(feedback(words, snapshot))
    assert interpretation(gap)["Interpretation lifecycle"] == "`revised`", "never `supported` from feedback"
    (row,) = table_rows(gap, "Interpretation history")
    assert row[1:5] == [
        "matching corresponding vertices by letter order",
        "`agent-hypothesis`",
        "`supported`",
        "`falsified`",
    ]
    assert read_header(gap)["Mastery"] == "learning" and read_header(gap)["Resolution"] == "open"
    record = next(w.content for w in feedback(words, snapshot).writes if "/feedback/" in w.path)
    assert "kept in the gap's history as `falsified`" in record


def test_a_later_verdict_supersedes_the_teachers_earlier_one_and_both_stay_in_the_history() -> None:
    snapshot = after(repo(), request())
    first = feedback("She does not see which angles are equal.", snapshot)
    snapshot = after(snapshot, first)
    second = feedback(
        "Actually the real problem is that she mixes up the order | the letters.", snapshot, comment_id=502
    )
    gap = gap_after(second)
    rows = table_rows(gap, "Interpretation history")
    assert [row[4] for row in rows] == ["`superseded`", "`falsified`"]
    assert rows[1][1] == "the teacher says: “She does not see which angles are equal.”"
    assert all(len(row) == 6 for row in rows), "a bar in the teacher's words never breaks the table"


def test_a_teachers_do_not_teach_it_again_retires_the_re_teaching_through_the_merge() -> None:
    snapshot = after(repo(), request())
    snapshot = after(snapshot, feedback("She has it now. Don't teach it again.", snapshot))
    gap = snapshot.read_text(GAP_PATH) or ""
    assert "AI re-teaches" not in gap and "the teacher said not to teach this again ([feedback-" in action(
        gap
    )
    merged = plan(pr_event("", kind=EventKind.PR_MERGED, login="alice"), snapshot)
    dashboard = next(w.content for w in merged.writes if w.path == "dashboard.md")
    assert "no AI re-teaching for `gap-similarity-order`, as your teacher said" in dashboard
    assert "(`reconciled`)" in gap_after(merged)


def test_closing_unmerged_marks_the_gaps_handoff_cancelled_on_the_branch() -> None:
    closed = plan(pr_event("", kind=EventKind.PR_CLOSED, login="alice"), after(repo(), request()))
    assert (
        "(`cancelled`)" in section_fields(section(gap_after(closed), "Next action"))["Date or next handoff"]
    )


# One teacher sentence of each kind per language, written for these tests (not taken from the word lists):
# (cause, correction, teaching request, "don't teach it again", contradiction of the earlier cause, approval)
TEACHER_SAYS = {
    "en": (
        "She still does not see which angles are equal.",
        "The ratio should be DE/AB.",
        "Please go over corresponding vertices with her once more.",
        "She has it now, do not teach this again.",
        "That was not a slip: she mixes up the vertex order.",
        "Approved because the order is right now.",
    ),
    "es": (
        "Todavía no ve qué ángulos son iguales.",
        "La razón debería ser DE/AB.",
        "Por favor, repasa con ella los vértices correspondientes.",
        "Ya lo domina, no se lo vuelvas a enseñar.",
        "No es un despiste: confunde el orden de los vértices.",
        "Aprobado, gracias.",
    ),
    "fr": (
        "Elle ne voit pas encore quels angles sont égaux.",
        "Le rapport devrait être DE/AB.",
        "Merci de lui réexpliquer les sommets correspondants.",
        "Elle a compris, ne le lui réexpliquez pas.",
        "Ce n'est pas une étourderie : elle confond l'ordre des sommets.",
        "Approuvé, merci !",
    ),
    "de": (
        "Sie sieht noch nicht, welche Winkel gleich sind.",
        "Das Verhältnis sollte DE/AB sein.",
        "Bitte erklären Sie ihr die entsprechenden Ecken noch einmal.",
        "Sie kann es jetzt, bitte nicht noch einmal erklären.",
        "Das ist kein Flüchtigkeitsfehler: sie verwechselt die Reihenfolge der Ecken.",
        "Genehmigt, danke.",
    ),
    "pt": (
        "Ela ainda não percebe quais ângulos são iguais.",
        "A razão deveria ser DE/AB.",
        "Por favor, revise com ela os vértices correspondentes.",
        "Ela já sabe, não precisa ensinar isso de novo.",
        "Não é um descuido: ela confunde a ordem dos vértices.",
        "Aprovado, obrigado.",
    ),
    "zh": (
        "她还没看出哪些角相等。",
        "比例应该是DE/AB。",
        "请再讲一下对应顶点。",
        "她已经会了，不用再教了。",
        "这不是粗心：她把顶点的顺序搞混了。",
        "批准，谢谢。",
    ),
    "ja": (
        "彼女はどの角が等しいかまだ分かっていない。",
        "比は正しくはDE/ABです。",
        "対応する頂点をもう一度説明してください。",
        "もう分かっているので、もう教えなくていいです。",
        "うっかりミスではない：頂点の順番を混同している。",
        "承認します。ありがとうございます。",
    ),
    "ru": (
        "Она пока не видит, какие углы равны.",
        "Отношение должно быть DE/AB.",
        "Пожалуйста, ещё раз объясните ей соответственные вершины.",
        "Она уже умеет, больше не объясняйте это.",
        "Это не описка: она путает порядок вершин.",
        "Одобрено, спасибо.",
    ),
}
LANGUAGES = sorted(TEACHER_SAYS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_teachers_cause_in_each_language_becomes_the_gaps_reading(language: str) -> None:
    cause = TEACHER_SAYS[language][0]
    gap = gap_after(feedback(cause, after(repo(), request())))
    assert interpretation(gap)["Likely blocker"] == f"the teacher says: “{cause}”"
    assert action(gap).startswith("work on the cause the teacher names ([feedback-")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_teachers_correction_in_each_language_is_quoted_and_no_cause_is_made_up(language: str) -> None:
    correction = TEACHER_SAYS[language][1]
    fields = interpretation(gap_after(feedback(correction, after(repo(), request()))))
    assert fields["Teacher correction"] == f"“{correction}”"
    assert fields["Likely blocker"] == "`unknown`: the teacher named no cause"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_teachers_request_in_each_language_sets_the_next_action(language: str) -> None:
    asked = TEACHER_SAYS[language][2]
    gap = gap_after(feedback(asked, after(repo(), request())))
    assert action(gap).startswith("as the teacher asks ([feedback-") and action(gap).endswith(f"“{asked}”")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_teachers_dont_teach_it_again_in_each_language_retires_the_re_teaching(language: str) -> None:
    gap = gap_after(feedback(TEACHER_SAYS[language][3], after(repo(), request())))
    assert "AI re-teaches" not in gap
    assert "the teacher said not to teach this again ([feedback-" in action(gap)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_teachers_contradiction_in_each_language_falsifies_the_earlier_cause(language: str) -> None:
    diagnosed = repo(**{GAP_PATH: DIAGNOSED})
    gap = gap_after(feedback(TEACHER_SAYS[language][4], after(diagnosed, request(diagnosed))))
    (row,) = table_rows(gap, "Interpretation history")
    assert row[4] == "`falsified`"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plain_approval_or_thanks_in_each_language_leaves_the_reading_alone(language: str) -> None:
    gap = gap_after(feedback(TEACHER_SAYS[language][5], after(repo(), request())))
    assert "teacher-supported" not in gap and "## Interpretation history" not in gap
    assert action(gap) == "AI re-teaches how to match corresponding vertices"


@pytest.mark.parametrize(
    "words", ["Review the steps once more and merge.", "Give it a final look; it is fine as it is."]
)
def test_a_sentence_opening_with_review_or_give_is_no_teaching_request(words: str) -> None:
    gap = gap_after(feedback(words, after(repo(), request())))
    assert (
        "teacher-supported" not in gap and action(gap) == "AI re-teaches how to match corresponding vertices"
    )
