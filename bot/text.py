"""Small pure text helpers shared by the record writers.

Two kinds of names come out of here. :func:`slugify` makes the ASCII slugs of IDs, record file names and
branch names: stable, portable, readable in any tool. :func:`subject_folder` makes the one name a learner
chooses in their own script, the subject folder (``subjects/数学/``, ``subjects/история/``): a Latin name
gets exactly the slug it always got, so no existing folder moves; a name in another script keeps its
letters, NFC-normalised (git stores the bytes it is given, and macOS would otherwise hand it NFD) and
lower-cased where the script has case.
"""

from __future__ import annotations

import re
import unicodedata

_NON_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str, *, max_length: int = 48, fallback: str = "note") -> str:
    """A stable ASCII slug for IDs and file names (``Similar Triangles!`` → ``similar-triangles``)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = _NON_SLUG.sub("-", ascii_text.lower()).strip("-")
    if len(slug) > max_length:
        cut = slug[: max_length + 1]
        # Prefer ending on a whole word; fall back to a hard cut for one long word.
        slug = cut.rsplit("-", 1)[0] if "-" in cut else slug[:max_length]
    return slug.rstrip("-") or fallback


MAX_SUBJECT_FOLDER = 48
# Characters a subject folder may never hold, whatever the script: path separators, and what Windows,
# git pathspecs (globs) or a shell would read as syntax. Refused, not replaced: "a/b" is not a name.
_NOT_IN_FOLDER = frozenset('/\\:*?"<>|[]')
_FOLDER_SEPARATOR = re.compile(r"-{2,}")


def _refused_character(ch: str) -> bool:
    """Control, format (zero-width joiners, bidi overrides), surrogate, private or unassigned characters,
    line and paragraph separators, and the path syntax of :data:`_NOT_IN_FOLDER`."""
    category = unicodedata.category(ch)
    return ch in _NOT_IN_FOLDER or category[0] == "C" or category in ("Zl", "Zp")


def _latin_only(text: str) -> bool:
    """Whether every letter of ``text`` is a Latin one (``Química``, ``Łacina``): :func:`slugify`'s domain."""
    return all(
        ch.isascii() or unicodedata.name(ch, "").startswith("LATIN ")
        for ch in unicodedata.normalize("NFKD", text)
        if unicodedata.category(ch)[0] == "L"
    )


def _folder_character(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LMN" or ch == "_"


def _cut(name: str, max_length: int) -> str:
    """``name`` within ``max_length`` characters: on a hyphen when one is near, never inside a letter and
    its combining marks (a vowel sign, an accent)."""
    if len(name) <= max_length:
        return name
    cut = name[: max_length + 1]
    if "-" in cut:
        return cut.rsplit("-", 1)[0]
    end = max_length
    while end > 0 and unicodedata.category(name[end])[0] == "M":
        end -= 1
    return name[:end]


def subject_folder(name: str, *, max_length: int = MAX_SUBJECT_FOLDER) -> str | None:
    """The folder under ``subjects/`` a subject name is stored in, or None when it cannot be one.

    The same name always gives the same folder, and a folder's own name gives itself back. A Latin name
    gets its :func:`slugify` slug, byte for byte what it always got (``Similar Triangles!`` →
    ``similar-triangles``, ``Química`` → ``quimica``). A name with letters of another script keeps them:
    NFC, lower-cased (a no-op for a script without case), spaces and punctuation become one hyphen
    (``Ancient History`` → ``ancient-history``, ``数学`` → ``数学``, ``История России`` →
    ``история-россии``). A name holding a path separator, ``..``, a leading dot, a control or format
    character (a zero-width joiner, a bidi override) is refused: it is not repaired into another folder.
    """
    text = unicodedata.normalize("NFC", name.strip())
    if not text or text.startswith(".") or ".." in text or any(_refused_character(ch) for ch in text):
        return None
    if _latin_only(text):
        slug = slugify(text, max_length=max_length, fallback="")
        if slug:
            return slug
    lowered = unicodedata.normalize("NFC", text.lower())
    joined = "".join(ch if _folder_character(ch) else "-" for ch in lowered)
    folder = _FOLDER_SEPARATOR.sub("-", joined).strip("-")
    # A folder starts with a letter, digit or underscore, never a combining mark left without its letter.
    while folder and unicodedata.category(folder[0])[0] == "M":
        folder = folder[1:].lstrip("-")
    folder = _cut(folder, max_length).rstrip("-")
    if folder and _latin_only(folder):  # the cut left only Latin letters: the slug that name gets
        folder = slugify(folder, max_length=max_length, fallback="") or folder
    return folder or None


def folder_or_slug(name: str, *, fallback: str) -> str:
    """A name's :func:`subject_folder`, or where it cannot be one as written (``Math: Algebra``) the ASCII
    slug it always got: for names a learner typed (a label, a form field, a knowledge point)."""
    return subject_folder(name) or slugify(name, fallback=fallback)


def one_line(text: str, *, limit: int = 100) -> str:
    """Collapse whitespace and cut to ``limit`` characters for table cells and titles."""
    flat = " ".join(text.split()).replace("|", "/")
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
