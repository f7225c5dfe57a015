"""Which notes open a diagnosis, and which ask to be taught something new: cue lists in eight languages.

Scenario 18 draws the line: "I have not studied derivatives yet, teach me" is expected new learning, so it
starts teaching and opens no hypotheses at all; "I cannot do this quadratic" is a stuck attempt, a
signal worth diagnosing. The lists are data in the rule agent's cue syntax (:mod:`bot.intake.cue_match`:
``*`` a prefix, ``~`` up to five words, CJK as substrings), kept here because they decide diagnosis,
not recognition.
"""

from __future__ import annotations

from bot.intake.cue_match import Cues, fold, phrases

# Material the learner says they have not met yet.
NOT_STUDIED = Cues(
    phrases(
        "have not studied, haven't studied, have not learned, haven't learned, have not learnt, "
        "haven't learnt, never studied, never learned, never learnt, not studied ~ yet, not learned ~ yet, "
        "new to me, first time seeing, "
        "no he estudiado, nunca he estudiado, no he aprendido, nunca aprendi, "
        "je n'ai pas encore appris, je n'ai jamais appris, je n'ai pas etudie, jamais etudie, "
        "noch nicht gelernt, nie gelernt, noch nie gehabt, noch nicht gehabt, "
        "nao estudei, nunca estudei, nao aprendi, nunca aprendi, "
        "没学过, 没有学过, 还没学, 没学, 从来没学, 没接触过, "
        "習ったことがない, まだ習って, 勉強したことがない, "
        "не изучал*, не проходил*, никогда не учил*, ещё не учил*, еще не учил*"
    )
)
# A request to be taught.
TEACH_ME = Cues(
    phrases(
        "teach me, please teach, explain ~ to me, introduce me, walk me through, "
        "enseñame, explicame, me explicas, me explica, "
        "apprends-moi, apprends moi, enseigne-moi, explique-moi, "
        "bring mir ~ bei, erklar mir, erklare mir, mir ~ erklaren, "
        "me ensina, me ensine, ensina-me, me explica, "
        "教我, 你教我, 讲讲, 给我讲, 教教我, "
        "教えて, 説明して, "
        "научи меня, научите меня, объясни*"
    )
)
# The learner wants the solution now rather than questions.
SOLUTION_NOW = Cues(
    phrases(
        "give me the solution, show me the solution, just the solution, give me the answer, "
        "tell me the answer, just the answer, just tell me, solve it for me, "
        "dame la solucion, dime la respuesta, donne-moi la solution, dis-moi la reponse, "
        "sag mir die losung, gib mir die losung, me da a resposta, me diz a resposta, "
        "告诉我答案, 直接给答案, 给我答案, 答えを教えて, 解き方を教えて, скажи ответ, дай решение"
    )
)
# A one-off slip the learner names as such: the reasoning held, the execution did not.
SLIP = Cues(
    phrases(
        "slip, slips, slipped up, careless mistake, careless error, silly mistake, arithmetic mistake, "
        "arithmetic error, calculation mistake, calculation error, miscalculated, miscopied, "
        "error de calculo, despiste, erreur de calcul, erreur d'inattention, rechenfehler, "
        "fluchtigkeitsfehler, erro de calculo, erro de conta, 粗心, 算错, 计算错误, 计算失误, "
        "ケアレスミス, 計算ミス, ошибся в вычислениях, арифметическ* ошибк*, описк*"
    )
)
# A stuck or failed attempt: the learner tried, or is facing a task, and cannot get through.
STUCK = Cues(
    phrases(
        "cannot do, can't do, cannot solve, can't solve, cannot work out, "
        "can't work out, can't figure out, cannot figure out, do not know how to, don't know how to, "
        "i'm stuck, i am stuck, got stuck, stuck on, got it wrong, got ~ wrong, my answer was wrong, "
        "came out wrong, does not come out, doesn't come out, "
        "no puedo resolver, no se como, me atasque, estoy atascad*, "
        "je n'arrive pas, je ne sais pas comment, je bloque, "
        "ich kann ~ nicht losen, ich weiss nicht wie, ich komme nicht weiter, "
        "nao consigo, nao sei como, "
        "不会做, 做不出, 解不出, 不知道怎么, 卡住, 做错, "
        "解けない, わからなくて, 間違えた, "
        "не могу решить, не знаю как, не получается"
    )
)


def not_met_yet(note: str) -> bool:
    """The learner says they have not met the material (scenario 18's input)."""
    return NOT_STUDIED.found(fold(note))


def is_slip(note: str) -> bool:
    """The learner names a one-off slip in an otherwise sound attempt."""
    return SLIP.found(fold(note))


def reports_difficulty(note: str) -> bool:
    """A stuck or failed attempt, or a named slip: a signal for the diagnose operation."""
    return is_stuck(note) or is_slip(note)


def is_stuck(note: str) -> bool:
    """The note reports a stuck or failed attempt at a task."""
    return STUCK.found(fold(note))


def asks_to_be_taught(note: str) -> bool:
    """The learner asks to be taught now, or for the solution, which stops probing (and proves nothing)."""
    text = fold(note)
    return TEACH_ME.found(text) or SOLUTION_NOW.found(text)


def starts_teaching(note: str) -> bool:
    """The note asks to be taught rather than reporting a stuck attempt: new material, or a plain request."""
    return not_met_yet(note) or (asks_to_be_taught(note) and not is_stuck(note))
