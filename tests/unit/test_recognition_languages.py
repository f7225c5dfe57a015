"""The rule agent's recognition in eight languages: clear learning, small talk and everyday questions,
and what is likely learning but unclear, judged by the decision and subject the learner's note gets.

A few messages per language and class, written for these tests; they check rules (cue words, content,
signals, routing), not sentences.
"""

from __future__ import annotations

import pytest

from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.intake.content_signals import Signal, content_signals
from bot.intake.cue_match import Cues, fold
from bot.intake.rule_agent import RuleAgent
from bot.intake.subject_routing import knowledge_points_in

SUBJECTS = ("biology", "history", "mathematics")

CLEAR = {
    "en": [
        ("Today I learned that the derivative of x^2 is 2x.", "mathematics"),
        ("My teacher explained that mitochondria release energy inside the cell.", "biology"),
        ("I got the date of the Treaty of Versailles wrong on the quiz: it was signed in 1919.", "history"),
    ],
    "es": [
        ("Hoy en clase aprendí que el área de un triángulo es base por altura entre dos.", "mathematics"),
        ("Me equivoqué en el examen: la fotosíntesis ocurre en los cloroplastos.", "biology"),
    ],
    "fr": [
        ("En cours, j'ai appris que la somme des angles d'un triangle vaut 180°.", "mathematics"),
        ("J'ai compris que la Révolution française commence en 1789.", "history"),
    ],
    "de": [
        ("Heute habe ich gelernt, dass die Ableitung von x^2 gleich 2x ist.", "mathematics"),
        ("Im Unterricht haben wir gelernt, dass Zellen sich durch Mitose teilen.", "biology"),
    ],
    "pt": [
        ("Hoje na aula aprendi que a fotossíntese acontece nos cloroplastos.", "biology"),
        ("Errei a questão 3 porque esqueci de inverter o sinal da desigualdade.", "mathematics"),
    ],
    "zh": [
        ("今天在课上学到了导数的定义。", "mathematics"),
        ("老师讲了光合作用发生在叶绿体里。", "biology"),
    ],
    "ja": [
        ("今日の授業で、三角形の内角の和は180度だと学んだ。", "mathematics"),
        ("先生が、第一次世界大戦は1914年に始まったと説明した。", "history"),
    ],
    "ru": [
        ("Сегодня на уроке я узнал, что производная от x^2 равна 2x.", "mathematics"),
        ("Я понял, что митоз даёт две одинаковые клетки.", "biology"),
    ],
}

INCIDENTAL = {
    "en": ["How are you doing today?", "How do I cook pasta?", "Thanks, see you tomorrow!"],
    "es": ["¡Hola! ¿Qué tal?", "¿Cómo cocino arroz para la cena?"],
    "fr": ["Bonjour, ça va ?", "Tu connais un bon restaurant près d'ici ?"],
    "de": ["Danke, bis bald!", "Wie wird das Wetter morgen?"],
    "pt": ["Oi, tudo bem?", "Como faço macarrão ao molho?"],
    "zh": ["你好，最近怎么样？", "明天天气怎么样？"],
    "ja": ["こんにちは、お元気ですか？", "おすすめの映画はありますか？"],
    "ru": ["Привет, как дела?", "Какая завтра погода?"],
}

AMBIGUOUS = {
    "en": ["We had a lesson today.", "I think I get it now."],
    "es": ["Capítulo 3: ecuaciones"],
    "fr": ["Chapitre 4 : les fractions"],
    "de": ["Kapitel 2: Gleichungen"],
    "pt": ["Capítulo 5: frações"],
    "zh": ["第三章 方程"],
    "ja": ["第二章 方程式"],
    "ru": ["Глава 3: уравнения"],
}
# A request to be taught names a gap (a learning intention): durable, so the pipeline records it and gives
# the teaching start (bot.organize.gaps) instead of asking about it.
TEACHING = {
    "en": ["Can you explain derivatives to me?", "I have not studied derivatives yet. Please teach me."],
    "es": ["¿Me explicas las ecuaciones?"],
    "fr": ["Explique-moi les fractions, s'il te plaît."],
    "de": ["Kannst du mir Gleichungen erklären?"],
    "pt": ["Me explica as frações?"],
    "zh": ["我没学过导数，你教我吧"],
    "ja": ["微分を教えてください。"],
    "ru": ["Объясни мне, пожалуйста, дроби."],
}


def recognize(
    body: str,
    subjects: tuple[str, ...] = SUBJECTS,
    *,
    labels: tuple[str, ...] = (),
    default_subject: str = "",
) -> Recognition:
    learner_input = LearnerInput(
        title="", body=body, labels=labels, known_subjects=subjects, default_subject=default_subject
    )
    return RuleAgent().recognize(learner_input)


@pytest.mark.parametrize(
    ("note", "subject"), [case for cases in CLEAR.values() for case in cases], ids=lambda v: str(v)[:30]
)
def test_clear_learning_is_durable_and_routed_by_content(note: str, subject: str) -> None:
    result = recognize(note)
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == subject


@pytest.mark.parametrize("note", [n for notes in INCIDENTAL.values() for n in notes], ids=lambda v: v[:30])
def test_small_talk_and_everyday_questions_are_incidental_even_with_one_subject(note: str) -> None:
    assert recognize(note, ("mathematics",)).significance is Significance.INCIDENTAL


@pytest.mark.parametrize("note", [n for notes in AMBIGUOUS.values() for n in notes], ids=lambda v: v[:30])
def test_likely_learning_that_is_unclear_is_ambiguous(note: str) -> None:
    assert recognize(note, ("mathematics",)).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize("note", [n for notes in TEACHING.values() for n in notes], ids=lambda v: v[:30])
def test_a_request_to_be_taught_is_a_learning_intention_filed_under_its_subject(note: str) -> None:
    result = recognize(note, ("mathematics",))
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == "mathematics"


def test_every_language_has_cases_of_every_class() -> None:
    languages = {"en", "es", "fr", "de", "pt", "zh", "ja", "ru"}
    assert set(CLEAR) == set(INCIDENTAL) == set(AMBIGUOUS) == set(TEACHING) == languages


def test_a_note_about_another_field_is_not_filed_under_the_only_subject() -> None:
    result = recognize("In class I learned that force equals mass times acceleration.", ("mathematics",))
    assert result.significance is Significance.AMBIGUOUS and result.subject is None
    assert "no folder" in result.reason


def test_a_clear_note_with_no_subject_content_goes_to_the_only_subject() -> None:
    result = recognize("In class I finally understood the method my teacher showed us.", ("mathematics",))
    assert result.significance is Significance.DURABLE and result.subject == "mathematics"


def test_with_two_subjects_and_no_content_the_subject_is_left_open() -> None:
    result = recognize("In class I finally understood the method my teacher showed us.")
    assert result.significance is Significance.AMBIGUOUS and result.subject is None


def test_a_repository_with_no_folder_yet_gets_the_one_subject_the_note_is_about() -> None:
    result = recognize("Today I learned that photosynthesis happens in chloroplasts.", ())
    assert result.subject == "biology"


def test_the_setup_subject_counts_as_the_only_subject_before_its_folder_exists() -> None:
    result = recognize("My teacher said the ratio test needs limits.", (), default_subject="Mathematics")
    assert result.significance is Significance.DURABLE and result.subject == "mathematics"


def test_a_subject_label_still_wins_over_content() -> None:
    result = recognize("I learned that mitosis makes two cells.", labels=("subject:Mathematics",))
    assert result.subject == "mathematics"


def test_language_free_signals_make_a_bare_formula_likely_learning() -> None:
    assert recognize("x^2 - 5x + 6 = (x - 2)(x - 3)", ("mathematics",)).significance is Significance.AMBIGUOUS
    result = recognize("The quadratic formula: $x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}$", ("mathematics",))
    assert result.significance is Significance.DURABLE


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        ("x^2 + 1", Signal.FORMULA),
        ("√2 is irrational", Signal.FORMULA),
        ("H2O boils at 100 °C", Signal.UNITS),
        ("$\\frac{1}{2}$", Signal.LATEX),
        ("```python\nprint(1)\n```", Signal.CODE),
        ("I used `range(len(xs) - 1)`", Signal.CODE),
        ("1. expand\n2. collect terms", Signal.STEPS),
        ("Paso 2: dividir", Signal.STEPS),
        ("第3步不对", Signal.STEPS),
        ("12 cm", Signal.UNITS),
        ("![ws](https://example.invalid/a.png)", Signal.IMAGE),
        ("Source: materials/book.md", Signal.SOURCE),
    ],
)
def test_content_signals(text: str, signal: Signal) -> None:
    assert signal in content_signals(text)


def test_plain_prose_and_links_carry_no_signal() -> None:
    assert (
        content_signals("See https://example.invalid/page?a=1&b=2 for the plan, and/or call me.")
        == frozenset()
    )


def test_folding_makes_accents_width_and_case_one_word() -> None:
    assert fold("APRENDÍ") == fold("aprendi") == "aprendi"
    assert fold("Straße") == "strasse"
    assert fold("ｘ＾２") == "x^2"
    assert fold("が") == "が", "Japanese voicing marks are kept"


def test_cues_match_whole_words_prefixes_gaps_and_cjk_substrings() -> None:
    cues = Cues(["class", "aprend*", "got ~ wrong", "导数"])
    assert cues.found(fold("In CLASS today"))
    assert not cues.found(fold("a classic film"))
    assert cues.found(fold("Aprendí mucho"))
    assert cues.found(fold("I got question 4 wrong"))
    assert cues.found(fold("我没学过导数"))


def test_knowledge_points_are_read_from_their_folder() -> None:
    paths = [
        "subjects/biology/knowledge/genetics/punnett-squares.md",
        "subjects/biology/events/2026-11-30-x.md",
        "subjects/mathematics/knowledge/general/fractions.md",
    ]
    assert knowledge_points_in(paths) == ("biology/genetics/punnett-squares", "mathematics/general/fractions")


def test_a_question_naming_a_file_is_still_only_a_question() -> None:
    """The dot of ``geometry-textbook.md`` ends no sentence, and its words are a name, not a cue."""
    note = "What does my textbook materials/geometry-textbook.md call the ratio of corresponding sides?"
    assert recognize(note, ("mathematics",)).significance is Significance.AMBIGUOUS


def test_a_question_about_a_concept_asks_and_a_question_about_own_material_is_recorded() -> None:
    assert recognize("What is a derivative?", ("mathematics",)).significance is Significance.AMBIGUOUS
    steps = "1. 3x + 6 = 12\n2. 3x = 6\n\nWhy does the second line follow?"
    assert recognize(steps, ("mathematics",)).significance is Significance.DURABLE


def test_plans_for_an_exam_are_not_a_learning_event() -> None:
    assert recognize("I have a math exam tomorrow, wish me luck!", ("mathematics",)).significance is (
        Significance.INCIDENTAL
    )
    tomorrow = recognize("Tomorrow's exam covers derivatives and integrals.", ("mathematics",))
    assert tomorrow.significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    "note",
    [
        "My cell phone battery ran out of energy.",
        "Thanks, understood!",
        "分かった、ありがとう！",
        "Спасибо, понял.",
    ],
)
def test_subject_or_learning_words_in_everyday_talk_are_never_stored(note: str) -> None:
    assert recognize(note, ("mathematics", "biology", "physics")).significance is not Significance.DURABLE


@pytest.mark.parametrize(
    ("note", "subject"),
    [
        ("The French Revolution began in 1789 with the storming of the Bastille.", "history"),
        ("Photosynthesis converts light energy into chemical energy.", "biology"),
        ("La photosynthèse transforme l'énergie lumineuse en énergie chimique.", "biology"),
        ("Первая мировая война началась в 1914 году.", "history"),
    ],
)
def test_a_terse_fact_without_cue_words_is_recorded_under_its_subject(note: str, subject: str) -> None:
    result = recognize(note, ("biology", "chemistry", "history", "physics"))
    assert (result.significance, result.subject) == (Significance.DURABLE, subject)


@pytest.mark.parametrize(
    "note",
    [
        "I'm at 40 percent battery.",
        "Os animais do zoológico são fofos.",
        "I realized I left my keys at home.",
    ],
)
def test_everyday_statements_with_a_subject_word_or_a_number_are_not_stored(note: str) -> None:
    assert recognize(note, ("mathematics", "biology")).significance is not Significance.DURABLE


def test_ligatures_fold_like_their_letters() -> None:
    result = recognize("Aujourd'hui j'ai appris que le cœur a quatre cavités.", ("biology", "mathematics"))
    assert (result.significance, result.subject) == (Significance.DURABLE, "biology")


@pytest.mark.parametrize(
    "note",
    [
        "In biology we learned that octopuses have three hearts.",
        "En clase aprendimos que los pulpos tienen tres corazones.",
        "На уроке биологии нам рассказали, что у осьминога три сердца.",
        "今天生物课上学到章鱼有三颗心脏。",
    ],
)
def test_a_learning_event_that_says_what_was_learned_needs_no_known_subject_word(note: str) -> None:
    result = recognize(note, ("biology",))
    assert (result.significance, result.subject) == (Significance.DURABLE, "biology")


def test_a_plain_learned_that_with_no_sign_of_school_is_asked_about() -> None:
    result = recognize("Today I learned that octopuses have three hearts.", ("biology",))
    assert result.significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    "note",
    [
        "I found out that my best friend is moving to Canada.",
        "J'ai appris que la boulangerie ferme à midi.",
        "Я узнал, что автобус теперь ходит реже.",
        "I learned that the new season of my favourite show starts soon.",
    ],
)
def test_news_of_the_learners_day_is_never_stored_however_it_is_learned(note: str) -> None:
    assert recognize(note, ("mathematics",)).significance is not Significance.DURABLE


def test_a_note_with_a_source_line_files_the_learners_own_material() -> None:
    """Regression: "Today I read about this in my handout…" with a Source: line lost its cue word."""
    note = "Today I read about this in my handout and want to keep it.\n\nSource: materials/triangles.md\n"
    result = recognize(note, ("mathematics",))
    assert (result.significance, result.source) == (Significance.DURABLE, "materials/triangles.md")


@pytest.mark.parametrize(
    "note",
    [
        "Class notes: Newton's first law, objects stay at rest unless a force acts.",
        "Practice problem: 2x + 3 = 11, so x = 4.",
        "My answer to Q2 was 15 but it should be 12 because I added instead of multiplied.",
        "Notes de cours : l'ADN est une double hélice.",
        "笔记：光合作用需要阳光、水和二氧化碳。",
        "Конспект: клетка — основная единица жизни.",
    ],
)
def test_notes_marked_as_notes_or_worked_in_class_are_recorded(note: str) -> None:
    assert recognize(note, ("mathematics",)).significance is Significance.DURABLE


@pytest.mark.parametrize(
    "note",
    [
        "Solving: 4y - 2 = 10, so 4y = 12, so y = 3.",
        "Lösung: 6a + 1 = 13 ⇒ 6a = 12 ⇒ a = 2",
        "解答：3y − 4 = 11 → 3y = 15 → y = 5",
        "Решаю: 9b = 27 → b = 27/9 → b = 3",
    ],
)
def test_a_chain_of_equations_is_a_worked_solution_and_recorded(note: str) -> None:
    assert Signal.STEPS in content_signals(note)
    result = recognize(note, ("mathematics",))
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == "mathematics"


def test_one_or_two_equations_are_not_yet_worked_steps() -> None:
    assert Signal.STEPS not in content_signals("y = 2x and x = 3")


@pytest.mark.parametrize(
    ("note", "subject"),
    [
        ("我了解到光合作用需要叶绿体。", "biology"),
        ("今天知道了导数的定义。", "mathematics"),
        ("本で読んだ：光合成は葉緑体で起こる。", "biology"),
        ("Прочитал, что митохондрии производят энергию в клетке.", "biology"),
        ("I now understand why the derivative of a constant is zero.", "mathematics"),
        ("I finally get the difference between meiosis and mitosis in cells.", "biology"),
        ("Ce que j'ai retenu : la Révolution française commence en 1789.", "history"),
        ("On a vu que les chromosomes portent les gènes.", "biology"),
        ("老师的反馈：我的历史作业里鸦片战争的年份写错了。", "history"),
    ],
)
def test_more_learning_cues_in_every_language_record_the_note(note: str, subject: str) -> None:
    result = recognize(note)
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == subject


@pytest.mark.parametrize(
    "note",
    [
        'La profesora de inglés me corrigió: se dice "I am twelve", no "I have twelve".',
        'Мой учитель английского сказал, что я путаю "say" и "tell".',
    ],
)
def test_a_correction_from_a_language_teacher_is_recorded_under_that_language(note: str) -> None:
    result = recognize(note, ("english", "mathematics"))
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == "english"


@pytest.mark.parametrize(
    ("note", "subject"),
    [
        ("明朝在1368年建立。", "lishi"),
        ("Полтавская битва — 1709 год, победа Петра над шведами.", "istoriya"),
    ],
)
def test_romanized_folder_names_find_their_subject(note: str, subject: str) -> None:
    result = recognize(note, (subject, "shuxue"))
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == subject


@pytest.mark.parametrize(
    "note",
    [
        "I love our biology class so much!",
        "数学の授業が好き！",
        "L'examen de maths est reporté à lundi.",
        "Наш учитель химии болеет, урока не будет.",
        "d'accord",
    ],
)
def test_fondness_postponements_and_agreement_are_not_stored_or_asked(note: str) -> None:
    assert recognize(note, ("mathematics", "chemistry")).significance is Significance.INCIDENTAL


@pytest.mark.parametrize(
    "note", ["and then the", "donc si", "weil die", "因为如果", "だから、もし", "Глава 9", "p. 12", "第二章"]
)
def test_a_thought_cut_off_or_a_bare_page_reference_is_asked_about_not_dropped(note: str) -> None:
    assert recognize(note).significance is Significance.AMBIGUOUS


def test_a_finished_remark_ending_in_an_emoji_is_not_a_thought_cut_off() -> None:
    assert recognize("Mon chat a renversé le vase 😹").significance is Significance.INCIDENTAL


@pytest.mark.parametrize(
    "note", ["What about that one?", "¿y la otra?", "et l'autre alors", "あれは？", "42"]
)
def test_a_short_pointer_at_something_unsaid_or_a_bare_number_is_asked_about(note: str) -> None:
    assert recognize(note).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    ("note", "subject"),
    [
        ("Le royaume de France sous Louis XIV. : la monarchie absolue à Versailles en 1682.", "history"),
        ("Ley de Ohm: V = R·I, con R = 4 Ω e I = 2 A se obtiene V = 8 V.", "physics"),
    ],
)
def test_a_regnal_number_or_a_symbol_i_is_not_the_learner_speaking(note: str, subject: str) -> None:
    result = recognize(note, (subject, "mathematics"))
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == subject


def test_words_inside_code_are_not_small_talk() -> None:
    note = "```python\nprint('hello')\n```\nA list comprehension builds the list in one expression."
    result = recognize(note, ("programming", "mathematics"))
    assert result.significance is Significance.DURABLE, result.reason


@pytest.mark.parametrize(
    "note",
    [
        "My bug was calling `len` on an int in a recursive function.",
        "J'ai écrit `range(1, n)` pour la boucle et ça ne marchait pas : la boucle s'arrête avant n.",
    ],
)
def test_a_bug_or_an_attempt_that_did_not_work_is_a_learning_event(note: str) -> None:
    result = recognize(note, ("programming", "mathematics"))
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == "programming"


def test_friction_words_do_not_swallow_training() -> None:
    result = recognize("Завтра у меня тренировка по плаванию.", ("physics",))
    assert result.significance is Significance.INCIDENTAL


@pytest.mark.parametrize(
    "note",
    [
        "今天课上了解到长城从太空用肉眼是看不到的。",
        "授業で分かった：万里の長城は宇宙から肉眼では見えない。",
        "На уроке узнала, что Великую китайскую стену не видно из космоса.",
        "In class I now understand that the Great Wall is not visible from space.",
    ],
)
def test_understood_and_found_out_in_class_say_what_was_learned_without_subject_words(note: str) -> None:
    result = recognize(note, ("geography",))
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == "geography"
