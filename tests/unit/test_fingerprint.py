"""The situation fingerprint: one key for one subject, topic and kind of slip, however it is worded."""

from __future__ import annotations

import pytest

from bot.diagnose.fingerprint import Fingerprint, fingerprint_of, parse_key


@pytest.mark.parametrize(
    ("report", "slip"),
    [
        ("I chose BC/AB instead of DE/AB for the scale factor.", "wrong-ratio"),
        ("Usé la razón equivocada entre los lados correspondientes.", "wrong-ratio"),
        ("J'ai oublié la condition du domaine de la racine.", "missed-condition"),
        ("Ich habe den Definitionsbereich nicht beachtet.", "missed-condition"),
        ("Esqueci a condição do logaritmo.", "missed-condition"),
        ("我忘了定义域的条件。", "missed-condition"),
        ("符号を間違えた。", "sign-flip"),
        ("Я забыл про знак минус.", "sign-flip"),
        ("I forgot the units in the answer.", "forgot-unit"),
        ("Un error de cálculo: 7 × 8 = 54.", "calculation-slip"),
    ],
)
def test_the_kind_of_slip_is_read_in_any_language(report: str, slip: str) -> None:
    found = fingerprint_of("mathematics", report)
    assert found is not None and found.slip == slip


def test_a_report_naming_no_kind_of_slip_has_no_fingerprint() -> None:
    assert fingerprint_of("mathematics", "I wrote 12 instead of 21.") is None


def test_two_problems_with_one_slip_are_one_situation_unless_their_topics_differ() -> None:
    ratio = fingerprint_of(
        "mathematics", "I used AC/DF instead of DF/AC as the ratio of the similar triangles."
    )
    scale = fingerprint_of("mathematics", "I chose BC/AB instead of DE/AB for the scale factor.")
    speed = fingerprint_of("mathematics", "I took the ratio of distance to speed the wrong way round.")
    bare = fingerprint_of("mathematics", "I used the wrong ratio again.")
    assert ratio is not None and scale is not None and speed is not None and bare is not None
    assert ratio.same_situation(scale) and ratio.same_situation(bare)
    assert not ratio.same_situation(speed), "another topic named: another situation"
    assert not ratio.same_situation(Fingerprint("physics", ratio.slip, ratio.topic))


def test_the_key_reads_back() -> None:
    found = fingerprint_of("mathematics", "I forgot the condition again.")
    assert found is not None and found.key == "mathematics/any-topic/missed-condition"
    assert parse_key(f"`{found.key}`") == found and parse_key("I forgot the condition") is None
