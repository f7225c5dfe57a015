"""The situation fingerprint of a reported mistake: subject, topic and the kind of slip, in any language.

Protocol "Diagnose and synthesize": repeated situations are linked by subject, target concept and error
mechanism, never by copying whole questions. Two notes about different problems ("I chose BC/AB instead
of DE/AB for the scale factor", "I used AC/DF as the ratio of the similar triangles") share no sentence,
yet they are one pattern: the same subject, the same topic and the same kind of slip. The fingerprint is
that triple, read from the learner's words with cue lists in eight languages (the syntax of
:mod:`bot.intake.cue_match`), so the gap a pattern opens is found again however the next problem is worded.

The topic is compared only when both notes name one: the point of a repeated slip such as a missed
condition is that it recurs across problems, so an unnamed topic never splits a pattern. A note whose
slip matches no kind has no fingerprint; its gap is then found by the learner's exact words only.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.diagnose.signal_words import is_slip
from bot.intake.cue_match import Cues, fold, phrases
from bot.records.codec import section, section_fields

CALCULATION_SLIP = "calculation-slip"

# The kinds of slip, most specific first: the first kind whose cues a note holds is its kind.
SLIP_KINDS: dict[str, Cues] = {
    "missed-condition": Cues(
        phrases(
            "condition, conditions, hidden condition, domain, restriction*, did not check, didn't check, "
            "forgot to check, extraneous, "
            "condicion*, dominio, restriccion*, no comprobe, "
            "condition*, domaine, ensemble de definition, pas verifie, "
            "bedingung*, definitionsbereich, definitionsmenge, nicht gepruft, "
            "condicao, condicoes, restricao, nao verifiquei, "
            "条件, 定义域, 限制, 没检验, 没有检验, 定義域, 検算しなかった, "
            "услови*, область определения, ограничени*, не проверил*"
        )
    ),
    "wrong-ratio": Cues(
        phrases(
            "ratio*, scale factor, proportion*, corresponding sides, wrong sides, "
            "razon, proporcion*, factor de escala, lados correspondientes, "
            "rapport, proportion*, facteur d'echelle, cotes correspondants, "
            "verhaltnis*, streckfaktor, massstab, entsprechende seiten, "
            "razao, proporcao, fator de escala, lados correspondentes, "
            "比例, 比值, 相似比, 对应边, 比を, 相似比を, 対応する辺, "
            "отношени*, пропорци*, коэффициент подобия, соответствующ* сторон*"
        )
    ),
    "sign-flip": Cues(
        phrases(
            "sign, signs, minus, negative, flipped, "
            "signo, signos, menos, negativo, "
            "signe, signes, moins, negatif, "
            "vorzeichen, minus, negativ, "
            "sinal, sinais, menos, negativo, "
            "符号, 负号, 正负, 負号, マイナス, "
            "знак, знаки, минус, отрицательн*"
        )
    ),
    "forgot-unit": Cues(
        phrases(
            "unit, units, in metres, in meters, in seconds, "
            "unidad, unidades, unite, unites, einheit, einheiten, unidade, unidades, "
            "单位, 単位, единиц*, размерност*"
        )
    ),
}
# Topics a pattern recurs within, named in the learner's words.
TOPICS: dict[str, Cues] = {
    "similar-triangles": Cues(
        phrases(
            "similar triangle*, scale factor, triangulos semejantes, triangles semblables, "
            "ahnliche dreiecke, "
            "triangulos semelhantes, 相似三角形, 相似, 相似な三角形, подобн* треугольник*"
        )
    ),
    "equations": Cues(
        phrases("equation*, ecuacion*, gleichung*, equacao, equacoes, 方程, 方程式, уравнени*")
    ),
    "inequalities": Cues(
        phrases(
            "inequalit*, inecuacion*, desigualdad*, inequation*, inegalite*, ungleichung*, inequacao, "
            "inequacoes, 不等式, неравенств*"
        )
    ),
    "rates-and-units": Cues(
        phrases(
            "speed, velocity, rate, density, velocidad, vitesse, geschwindigkeit, velocidade, 速度, 速さ, "
            "скорост*"
        )
    ),
}
ANY_TOPIC = "any-topic"


@dataclass(frozen=True)
class Fingerprint:
    """One situation: the subject, the kind of slip, and the topic (empty when the learner named none)."""

    subject: str
    slip: str
    topic: str = ""

    @property
    def key(self) -> str:
        """The stable text a gap records and a reader compares: ``subject/topic/slip``."""
        return f"{self.subject}/{self.topic or ANY_TOPIC}/{self.slip}"

    def same_situation(self, other: Fingerprint) -> bool:
        """Same subject and slip; the topics agree or one of them is not named."""
        topics_agree = not self.topic or not other.topic or self.topic == other.topic
        return self.subject == other.subject and self.slip == other.slip and topics_agree


def _first(table: dict[str, Cues], folded: str) -> str:
    return next((name for name, cues in table.items() if cues.found(folded)), "")


def fingerprint_of(subject: str, report: str) -> Fingerprint | None:
    """The situation a mistake report describes; None when its slip matches no kind."""
    folded = fold(report)
    slip = _first(SLIP_KINDS, folded) or (CALCULATION_SLIP if is_slip(report) else "")
    if not slip:
        return None
    return Fingerprint(subject=subject, slip=slip, topic=_first(TOPICS, folded))


def parse_key(key: str) -> Fingerprint | None:
    """The fingerprint a record's ``subject/topic/slip`` text names; None for any other text."""
    parts = key.strip("` ").split("/")
    if len(parts) != 3 or not all(parts):
        return None
    subject, topic, slip = parts
    return Fingerprint(subject=subject, slip=slip, topic="" if topic == ANY_TOPIC else topic)


def recorded_situation(subject: str, gap_text: str) -> Fingerprint | None:
    """The situation a gap records: its ``Situation fingerprint``, else the one its learner's words show."""
    pattern = section_fields(section(gap_text, "Situation pattern"))
    return parse_key(pattern.get("Situation fingerprint", "")) or fingerprint_of(
        subject, pattern.get("Stable fingerprint", "")
    )
