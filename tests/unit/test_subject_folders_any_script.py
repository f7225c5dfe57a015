"""A subject folder may be named in the learner's own script (``subjects/数学/``, ``subjects/история/``).

The rules a subject name meets before it becomes ``subjects/<name>/``: one path segment of letters (any
script, with their combining marks), digits, hyphens and underscores, NFC, lower-cased where the script
has case; a Latin name keeps the ASCII slug it always had, so no learner's folder moves. What a path, a
pathspec or a hidden change of direction would read is refused, never repaired into another folder.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.intake.agent import Recognition, Significance
from bot.intake.vetting import SUBJECT_REFUSED, vetted
from bot.text import slugify, subject_folder


def _vetted_subject(proposed: str) -> Recognition:
    return vetted(Recognition(significance=Significance.DURABLE, subject=proposed, note="n"))


@pytest.mark.parametrize(
    ("name", "folder"),
    [
        ("数学", "数学"),
        ("история", "история"),
        ("История", "история"),  # Cyrillic has case: the same folder as the lower-case name
        ("История России", "история-россии"),
        ("ΙΣΤΟΡΊΑ", "ιστορία"),
        ("العربية", "العربية"),
        ("गणित", "गणित"),  # a Devanagari vowel sign is a combining mark, kept with its letter
        ("עִבְרִית", "עִבְרִית"),
        ("数学 2", "数学-2"),
        ("日本史_基礎", "日本史_基礎"),
        ("日本\u3000史", "日本-史"),  # an ideographic space is a space
    ],
)
def test_a_subject_named_in_its_own_script_keeps_its_letters(name: str, folder: str) -> None:
    assert subject_folder(name) == folder
    recognition = _vetted_subject(name)
    assert recognition.subject == folder
    assert recognition.significance is Significance.DURABLE
    assert SUBJECT_REFUSED.format(judge="rules") not in recognition.model_remark


@pytest.mark.parametrize(
    ("name", "folder"),
    [
        ("Similar Triangles!", "similar-triangles"),
        ("Química", "quimica"),
        ("Mathematics", "mathematics"),
        ("Ancient History", "ancient-history"),
        ("Français", "francais"),
        ("Straße", "strae"),  # what slugify always gave: an existing `strae` folder keeps its notes
    ],
)
def test_a_latin_name_keeps_the_folder_it_always_had(name: str, folder: str) -> None:
    assert subject_folder(name) == folder == slugify(name, fallback="")


def test_nfc_and_nfd_spellings_are_one_folder() -> None:
    """macOS hands out NFD names; git stores whichever bytes it is given."""
    for name in ("Química", "한국어", "ιστορία", "Йога"):
        nfd = unicodedata.normalize("NFD", name)
        assert nfd != name or name == "Química"
        assert subject_folder(nfd) == subject_folder(name)
        assert _vetted_subject(nfd).subject == subject_folder(name)
    assert subject_folder(unicodedata.normalize("NFD", "한국어")) == "한국어"  # composed, as typed


@pytest.mark.parametrize(
    "name",
    [
        "../x",
        "..",
        "a/b",
        "a\\b",
        ".git",
        "数学/../../etc",
        "\u202eпо-русски",  # a right-to-left override hiding what the name reads as
        "ист\u200dория",  # a zero-width joiner: looks like `история`, is another folder
        "数\u200b学",  # a zero-width space
        "math\u2066s",  # a bidi isolate
        "\ufeffmath",  # a byte-order mark
        "math\x00",
        "line\u2028break",
        "*",
        "数学[1]",
        "",
        "   ",
        "!!!",
    ],
)
def test_a_name_that_is_no_plain_folder_is_refused(name: str) -> None:
    assert subject_folder(name) is None
    recognition = _vetted_subject(name)
    assert recognition.subject is None
    assert SUBJECT_REFUSED.format(judge="rules") in recognition.model_remark
    assert recognition.significance is Significance.AMBIGUOUS  # the note asks for its subject


def test_a_long_name_is_cut_within_bounds_and_never_inside_a_letter() -> None:
    assert subject_folder("数" * 60) == "数" * 48
    assert subject_folder("वि" * 30) == "वि" * 24  # never a vowel sign without its consonant
    assert len(subject_folder("история " * 10) or "") <= 48
    assert _vetted_subject("数" * 49).subject is None  # a proposal over the bound is refused, as before


@pytest.mark.parametrize("name", ["a" * 47 + " 数学", "é" * 50 + "数", "x_" * 30 + "数", "a_b 数学", "ß"])
def test_a_folder_name_gives_itself_back_even_after_a_cut(name: str) -> None:
    folder = subject_folder(name)
    assert folder is not None and subject_folder(folder) == folder


NFD_KOREAN = unicodedata.normalize("NFD", "한국어")
FOLDERS = ("История", NFD_KOREAN, "数学", "math", "Math", "My Maths")


@pytest.mark.parametrize(
    ("proposed", "folder"),
    [
        ("история", "История"),  # a hand-made capitalised folder
        ("한국어", NFD_KOREAN),  # a folder macOS wrote in NFD
        ("数学", "数学"),
        ("Math", "math"),  # the exact folder wins over another spelling of it
        ("my maths", "my-maths"),  # a folder with a space is never reused for a name
    ],
)
def test_a_folder_the_learner_made_is_found_in_another_case_or_normalisation(
    proposed: str, folder: str
) -> None:
    """Given the repository's folders, the same name spelled otherwise finds the folder that exists."""
    recognition = Recognition(significance=Significance.DURABLE, subject=proposed)
    assert vetted(recognition, folders=FOLDERS).subject == folder


def test_without_the_folders_a_name_gets_its_own_folder() -> None:
    assert _vetted_subject("История").subject == "история"


_NAME = st.text(
    st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S", "Z", "C")), min_size=1, max_size=60
)


@given(_NAME)
def test_every_folder_is_one_safe_segment_and_its_own_folder(name: str) -> None:
    folder = subject_folder(name)
    if folder is None:
        return
    assert folder == unicodedata.normalize("NFC", folder)
    assert 0 < len(folder) <= 48 and len(folder.encode()) < 255
    assert not folder.startswith((".", "-")) and ".." not in folder
    assert all(unicodedata.category(ch)[0] in "LMN" or ch in "-_" for ch in folder)
    assert unicodedata.category(folder[0])[0] != "M"
    assert subject_folder(folder) == folder  # an existing folder's name finds that folder
