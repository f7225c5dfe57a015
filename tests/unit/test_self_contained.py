"""A clone of the project is all anyone has: no tracked file may reach outside the checkout.

The project once read its webhook fixtures and the protocol text from a ``shared/`` folder beside the
checkout, so a fresh clone could not run its own tests. This test reads every tracked text file and fails
on anything that points outside the repository: a relative climb to a sibling ``shared`` folder, a path
built from ``parents[...]`` and ``"shared"``, or an absolute path into the machine this was written on.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Spelled in pieces so this file does not match itself.
SIBLING = "sha" + "red"
OUTSIDE = re.compile(
    "|".join(
        [
            r"\.\./+" + SIBLING + r"\b",
            r"parents\[\d+\]\s*/\s*[\"']" + SIBLING,
            r"[\"']" + SIBLING + r"[\"']\s*/\s*[\"']fixtures",
            r"/wo" + r"rk/(?:main|" + SIBLING + r")\b",
        ]
    )
)


def tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
    ).stdout
    return [ROOT / name for name in listed.split("\0") if name]


def test_no_tracked_file_reaches_outside_the_checkout() -> None:
    offenders = []
    for path in tracked_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    assert not offenders, "tracked files point outside the repository:\n" + "\n".join(offenders)


def test_the_detector_catches_each_shape() -> None:
    for line in (
        "see [protocol](../" + SIBLING + "/spec/P.md)",
        "FIXTURES = Path(__file__).parents[2] / '" + SIBLING + "' / 'fixtures'",
        "open('/wo" + "rk/" + SIBLING + "/x')",
    ):
        assert OUTSIDE.search(line), line
    assert not OUTSIDE.search("tests/fixtures/webhooks/SOURCES.md")


def test_every_fixture_named_in_the_provenance_table_is_present() -> None:
    fixtures = ROOT / "tests" / "fixtures" / "webhooks"
    table = (fixtures / "SOURCES.md").read_text()
    named = set(re.findall(r"^\| (github|gitlab|gitea) \| ([^|]+?\.json) \|", table, flags=re.MULTILINE))
    present = {(p.parent.name, p.name) for p in fixtures.glob("*/*.json")}
    assert len(present) == 79
    assert named == present
