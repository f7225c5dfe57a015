"""The core's check of an agent's recognition: the same bounds for the offline rules and a chat model.

An agent proposes; the core decides. Whatever wrote a :class:`~bot.intake.agent.Recognition`, its
subject becomes a path segment (``subjects/<subject>/…``), its knowledge point a record name, its
summary a line in the record and its answer a reply, so each is checked here before anything is
planned. A recognition carries no mode, path, authorization or mastery at all: those come from
``gitlearnos.yml`` and the core's gates, so no agent (and no learner text an agent obeyed) can set them.

A subject is a plain name in any script (``similar triangles``, ``数学``, ``история``, ``गणित``): letters
with their combining marks, digits, spaces, hyphens, underscores. Its folder is
:func:`bot.text.subject_folder`'s, the same a Latin name always had. A subject that is not a plain name
(``../../etc``, ``a/b``, one hiding a zero-width joiner or a bidi override), or has no letter a folder
name can keep, is refused, never repaired into some other folder: the note then asks for its subject, as any
unroutable note does, and the reply says why. Text an agent wrote for the learner to read never
carries a hidden marker, so it cannot forge the bot's own markers (a pending writeback an approval
would apply). A summary says what the note records; one that speaks of mastery is left out, since
only the review gates decide mastery.
"""

from __future__ import annotations

import re
import unicodedata

from bot.intake.agent import Recognition, Significance
from bot.text import one_line, subject_folder

MAX_SUBJECT = 48
MAX_POINT = 80
MAX_SUMMARY = 160
MASTERY_TALK = re.compile(r"\bmaster(y|ed|s)?\b", re.I)  # a summary records the note, not the learner
SUMMARY_REFUSED = (
    "(The {judge}'s summary spoke of mastery, which only the bot's review gates decide, so it was left out "
    "of the record.)"
)
SUBJECT_REFUSED = (
    "(The {judge} proposed a subject that cannot be a folder name under `subjects/`, so I did not use it; "
    "nothing was stored under it.)"
)


def _unmarked(text: str) -> str:
    """``text`` with any HTML comment opener made visible, so it can never hide a marker."""
    return text.replace("<!--", "&lt;!--")


def _plain_name(name: str) -> bool:
    """Letters (any script, with their combining marks), digits, spaces (an ideographic one too), hyphens
    and underscores, starting with a letter, digit or underscore: nothing a path, a pathspec or a hidden
    change of direction reads."""
    kinds = [ch if ch in "-_" else unicodedata.category(ch).replace("Zs", " ")[0] for ch in name]
    return kinds[0] in ("L", "N", "_") and all(kind in ("L", "M", "N", " ", "-", "_") for kind in kinds)


def _existing(folder: str, folders: tuple[str, ...]) -> str:
    """The repository's own folder for ``folder``: itself when it exists, else the one plain-named folder
    that is the same name spelled otherwise (``История``, or NFD as macOS wrote it), else ``folder``."""
    if folder in folders:
        return folder
    same = [f for f in folders if " " not in f and _plain_name(f) and subject_folder(f) == folder]
    return same[0] if len(same) == 1 else folder


def _subject(proposed: str | None, folders: tuple[str, ...] = ()) -> tuple[str | None, bool]:
    """(the subject's folder name, whether the proposal was acceptable): a plain name, within bounds."""
    if proposed is None:
        return None, True
    name = unicodedata.normalize("NFC", proposed.strip())
    if not name or len(name) > MAX_SUBJECT or not _plain_name(name):
        return None, False
    folder = subject_folder(name, max_length=MAX_SUBJECT)
    return (folder and _existing(folder, folders)), folder is not None


def learner_folder(named: str, folders: tuple[str, ...] = ()) -> str | None:
    """The folder of a subject the learner named themselves ("this belongs to история", the answer to
    "which subject?"), by the same rules as an agent's proposal; None when it cannot be a folder name."""
    return _subject(named, folders)[0]


def vetted(recognition: Recognition, *, folders: tuple[str, ...] = ()) -> Recognition:
    """``recognition`` within the core's bounds; each refused proposal is named in a remark.

    ``folders`` are the repository's subject folders: a subject that names one of them in another case or
    normalisation (a hand-made ``subjects/История/``) is stored in it rather than in a new sibling."""
    subject, acceptable = _subject(recognition.subject, folders)
    summary = one_line(_unmarked(recognition.summary), limit=MAX_SUMMARY)
    refused = [] if acceptable else [SUBJECT_REFUSED]
    if MASTERY_TALK.search(summary):
        refused.append(SUMMARY_REFUSED)
        summary = ""
    update: dict[str, object] = {
        "subject": subject,
        "knowledge_point": one_line(_unmarked(recognition.knowledge_point), limit=MAX_POINT),
        "summary": summary,
        "answer": _unmarked(recognition.answer),
        "seen_in_media": _unmarked(recognition.seen_in_media),
    }
    if refused:
        remarks = (recognition.model_remark, *(r.format(judge=recognition.judged_by) for r in refused))
        update["model_remark"] = " ".join(filter(None, remarks))
    if not acceptable and recognition.significance is Significance.DURABLE:
        update["significance"] = Significance.AMBIGUOUS
    return recognition.model_copy(update=update)
