"""Which of the repository's subjects a note is about, read from its content — or that it cannot be told.

Each subject folder is scored by what the note says: the words of its field
(:data:`bot.intake.subject_words.TERMS`), its names in eight languages, and the repository's own knowledge
points under it (``subjects/<s>/knowledge/<topic>/<point>.md``). A subject is *plausible* when its score
is more than two thirds of the best, counting the subjects the repository lacks. Exactly one plausible
folder routes the note; two or more leave the choice to the learner (asked once). "The repository's only
subject" is the fallback when no folder is plausible, and it is refused when the note is about another
field (it uses :data:`STRONG_ELSEWHERE` of that field's terms).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from bot.intake.cue_match import Cues, fold
from bot.intake.cue_words import every_language
from bot.intake.field_model import FieldModel
from bot.intake.language_subjects import LANGUAGE_NAMES, quoted_language
from bot.intake.subject_words import FIELD_OF, FOLDER_ALIASES, NAMES, TERMS

TERM_WEIGHT = 2
NAME_WEIGHT = 2
POINT_WEIGHT = 3  # a knowledge point the repository already has, named in full
POINT_WORD_WEIGHT = 1  # one distinctive word of such a point
FORMULA_WEIGHT = 1  # a formula leans towards mathematics, less than any word does
# A note is about a field the repository has no folder for when it uses this many of its terms: a word or
# two in passing never takes a note away from the learner's only subject.
STRONG_ELSEWHERE = 3
# Words of knowledge-point slugs that say nothing about their content.
_VAGUE = frozenset(
    {"general", "point", "points", "basic", "basics", "intro", "introduction", "notes", "other"}
)
_MIN_STEM = 4
# The field model routes a note only when its field holds this share of what the repository's fields hold
# together: chosen by cross-validation over the development files (bench/judgement/train_learning_model.py).
FIELD_SHARE = 0.8
# ... and chooses among, or against, the folders the word lists found only at this share, of the
# repository's fields and of all fields alike.
SURE_SHARE = 0.97
MATHEMATICS = "mathematics"
LANGUAGES = "languages"


@dataclass(frozen=True)
class Routing:
    """The subject a note routes to, the subjects it could belong to, and how much subject content it has."""

    subject: str | None
    plausible: tuple[str, ...]
    content: int  # distinct subject terms and knowledge-point words the note uses (names excluded)
    elsewhere: bool  # no folder is plausible and the note is about another field (STRONG_ELSEWHERE terms)
    proposed: str | None = None  # the one plausible school subject, for a repository with no folder yet
    named: bool = False  # the note names a school subject or one of the repository's folders


@cache
def _terms(field: str) -> Cues:
    return Cues(every_language(TERMS.get(field, {})))


@cache
def _names(key: str) -> Cues:
    return Cues(NAMES.get(key, ()))


@cache
def _every_term() -> Cues:
    return Cues(term for lexicon in TERMS.values() for term in every_language(lexicon))


def without_subject_terms(folded: str) -> str:
    """A :func:`~bot.intake.cue_match.fold`-ed text with every field's terms blanked out, so a word that is
    content in some subject ("prices" in economics, "battery" in physics) is not read as everyday talk."""
    return _every_term().without(folded)


def subject_key(subject: str) -> str | None:
    """The entry of :data:`NAMES` a repository's subject folder is (``maths`` → ``mathematics``)."""
    words = fold(subject.replace("-", " ").replace("_", " "))
    if subject in NAMES:
        return subject
    if words in FOLDER_ALIASES:
        return FOLDER_ALIASES[words]
    return next((key for key in NAMES if _names(key).found(words)), None)


def knowledge_points_in(paths: Iterable[str]) -> tuple[str, ...]:
    """Knowledge-point IDs (``<subject>/<topic>/<point>``) from repository paths, sorted and each once."""
    found = set()
    for path in paths:
        parts = path.removesuffix(".md").split("/")
        if len(parts) == 5 and parts[0] == "subjects" and parts[2] == "knowledge" and path.endswith(".md"):
            found.add(f"{parts[1]}/{parts[3]}/{parts[4]}")
    return tuple(sorted(found))


def _stem(word: str) -> str:
    return word if len(word) <= _MIN_STEM else word[: max(_MIN_STEM, len(word) - 2)] + "*"


def _point_phrases(knowledge_id: str) -> tuple[str, tuple[str, ...]]:
    """A point's whole name as a cue phrase, and its distinctive words as prefix cues."""
    _, topic, point = knowledge_id.split("/", 2)
    words = [w for w in point.split("-") if w and not w.isdigit()]
    distinctive = [w for w in (*words, *topic.split("-")) if len(w) >= _MIN_STEM and w not in _VAGUE]
    return " ".join(_stem(w) for w in words), tuple(dict.fromkeys(_stem(w) for w in distinctive))


def _point_score(text: str, points: Iterable[str]) -> tuple[int, frozenset[str]]:
    """The score of the repository's knowledge points a note names, and the distinct point words it uses."""
    score, words = 0, frozenset[str]()
    for knowledge_id in points:
        phrase, distinctive = _point_phrases(knowledge_id)
        if phrase and Cues([phrase]).found(text):
            score += POINT_WEIGHT
        words |= Cues(distinctive).hits(text)
    return score + POINT_WORD_WEIGHT * len(words), words


def field_of(subject: str) -> str | None:
    """The field whose terms a subject folder's notes use (``englisch`` → ``languages``), if it is known."""
    key = subject_key(subject)
    return FIELD_OF.get(key, key) if key else None


def route(
    text: str,
    subjects: Iterable[str],
    knowledge_points: Iterable[str] = (),
    *,
    formula: bool = False,
    field_model: FieldModel | None = None,
) -> Routing:
    """Score every subject folder, and every subject the repository lacks, against one note's text;
    ``formula`` says the note holds a formula, which leans towards a mathematics folder. With two or more
    folders, ``field_model`` chooses among them when the word lists leave it open (see :func:`by_field`)."""
    folded = fold(text)
    known = tuple(subjects)
    term_hits = {field: _terms(field).hits(folded) for field in TERMS}
    scores = {s: _folder_score(s, folded, term_hits, knowledge_points) for s in known}
    if formula:
        scores = {
            s: (score + FORMULA_WEIGHT * (field_of(s) == MATHEMATICS), w) for s, (score, w) in scores.items()
        }
    repo_keys = {subject_key(s) for s in known}
    foreign = {key: _foreign_score(key, folded, term_hits) for key in NAMES if key not in repo_keys}
    best = max([*(score for score, _ in scores.values()), *foreign.values(), 0])
    plausible = tuple(s for s, (score, _) in scores.items() if _plausible(score, best))
    candidates = [key for key, score in foreign.items() if _plausible(score, best)]
    points = frozenset[str]().union(*(words for _, words in scores.values()))
    strong = max((len(hits) for field, hits in term_hits.items() if field not in _fields(known)), default=0)
    if field_model is not None and len(known) > 1:
        # No folder's words: the field model may choose. Words of two folders ("velocity is the derivative
        # of position"), or of one: only a surer reading settles or overrules them (a formula or a shared
        # term is weak evidence against a note's whole wording).
        share = FIELD_SHARE if not plausible else SURE_SHARE
        chosen = by_field(
            field_model.probabilities(text), known, share=share, floor=share if plausible else 0
        )
        plausible = (chosen,) if chosen else plausible
    if len(plausible) != 1 and about_languages(plausible, known, text, field_model):
        chosen = quoted_language(text, {s: subject_key(s) or "" for s in known if field_of(s) == LANGUAGES})
        plausible = (chosen,) if chosen else plausible
    return Routing(
        subject=plausible[0] if len(plausible) == 1 else None,
        plausible=plausible,
        content=len(frozenset[str]().union(*term_hits.values()) | points),
        elsewhere=not plausible and strong >= STRONG_ELSEWHERE,
        proposed=candidates[0] if not plausible and len(candidates) == 1 else None,
        named=any(_names(key).found(folded) for key in NAMES) or any(_own_name(s, folded) for s in known),
    )


def by_field(
    probabilities: Mapping[str, float], subjects: tuple[str, ...], *, share: float = 0.0, floor: float = 0.0
) -> str | None:
    """The one folder whose field the field model reads the note as, when it is sure: every folder's field
    is known and differs from the others', the chosen field is the likeliest of all fields (not only of
    the repository's: a note about a field it lacks stays unrouted), and it holds at least ``share`` of
    the probability the repository's fields share, and at least ``floor`` of all."""
    fields = {subject: field_of(subject) for subject in subjects}
    distinct = set(fields.values())
    if len(subjects) < 2 or None in distinct or len(distinct) < len(subjects) or not probabilities:
        return None
    subject, field = max(fields.items(), key=lambda item: probabilities.get(item[1] or "", 0.0))
    held = probabilities.get(field or "", 0.0)
    shared = sum(probabilities.get(f or "", 0.0) for f in distinct) or 1.0
    sure = held / shared >= share and held >= floor
    return subject if sure and held >= max(probabilities.values()) else None


def about_languages(
    plausible: tuple[str, ...], subjects: tuple[str, ...], text: str, field_model: FieldModel | None
) -> bool:
    """Whether a note left open is a language note among two or more language folders, each a language
    (not ``literature``): the folders its words fit are all language folders, or, when none fit, the field
    model reads it as about languages."""
    folders = [s for s in subjects if field_of(s) == LANGUAGES]
    if len(folders) < 2 or any(subject_key(s) not in LANGUAGE_NAMES for s in folders):
        return False
    if plausible:
        return all(field_of(s) == LANGUAGES for s in plausible)
    probabilities = field_model.probabilities(text) if field_model is not None else {}
    return bool(probabilities) and max(probabilities, key=probabilities.__getitem__) == LANGUAGES


def _own_name(subject: str, folded: str) -> bool:
    """Whether the note names a subject folder as it is spelled (``organic-chemistry``)."""
    return Cues([subject.replace("-", " ")]).found(folded)


def _plausible(score: int, best: int) -> bool:
    """A score within a third of the best: close enough that the note could be about either."""
    return score > 0 and 3 * score > 2 * best


def _fields(subjects: Iterable[str]) -> set[str | None]:
    return {field_of(s) for s in subjects}


def _folder_score(
    subject: str, folded: str, term_hits: dict[str, frozenset[str]], knowledge_points: Iterable[str]
) -> tuple[int, frozenset[str]]:
    """A subject folder's score (its field's terms, its names, its knowledge points) and its point words."""
    key, field = subject_key(subject), field_of(subject)
    named = _own_name(subject, folded) or bool(key and _names(key).found(folded))
    own_points = (p for p in knowledge_points if p.startswith(f"{subject}/"))
    point_score, words = _point_score(folded, own_points)
    terms = len(term_hits[field]) if field in term_hits else 0
    return TERM_WEIGHT * terms + NAME_WEIGHT * named + point_score, words


def _foreign_score(key: str, folded: str, term_hits: dict[str, frozenset[str]]) -> int:
    """The score of a school subject the repository has no folder for."""
    terms = len(term_hits.get(FIELD_OF.get(key, key), ()))
    return TERM_WEIGHT * terms + NAME_WEIGHT * _names(key).found(folded)
