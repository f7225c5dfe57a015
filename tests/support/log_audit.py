"""Grep every log a stack wrote for what must never be there: a token, a secret, the learner's words.

The bot promises never to log tokens or learner text. The audit reads every file under the stack's log
folder (web, worker, beat) and any other log named (the fault suite's Redis log), byte for byte, and
reports each forbidden string it finds with the file and line number (the string itself is not
repeated in the report, only which kind it is). Redis's data files are not logs: they hold the queued
messages, learner text included, by design.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from evals.local_stack import LocalStack
from evals.sandbox.store import BOT_LOGIN
from tests.support.faults.ledger import Note

MIN_SECRET = 8  # shorter strings would match by chance


def stack_secrets(stack: LocalStack) -> dict[str, str]:
    """The stack's credentials by name: every sandbox account's token and the webhook secret."""
    found = {f"token of {login}": token for login, token in stack.sandbox.tokens.items()}
    found["webhook secret"] = stack.webhook_secret
    assert BOT_LOGIN in stack.sandbox.tokens
    return found


def learner_words(notes: Iterable[Note]) -> dict[str, str]:
    """What only the learner wrote: each note's marker word and its title."""
    found: dict[str, str] = {}
    for note in notes:
        found[f"marker word of note #{note.number}"] = note.marker
        found[f"title of note #{note.number}"] = note.title
    return found


def log_files(folders: Iterable[Path]) -> list[Path]:
    return sorted(
        path for folder in folders if folder.exists() for path in folder.rglob("*") if path.is_file()
    )


def leaks(files: Iterable[Path], forbidden: Mapping[str, str]) -> list[str]:
    """``file:line: <kind>`` for every forbidden string found; empty when the logs are clean."""
    needles = {kind: text.encode() for kind, text in forbidden.items() if len(text) >= MIN_SECRET}
    assert needles, "nothing to look for: the audit would pass vacuously"
    found: list[str] = []
    for path in files:
        for number, line in enumerate(path.read_bytes().splitlines(), start=1):
            found += [f"{path.name}:{number}: {kind}" for kind, needle in needles.items() if needle in line]
    return found


def audit_logs(
    stack: LocalStack,
    notes: Iterable[Note],
    *,
    extra_logs: Iterable[Path] = (),
    learner_texts: Mapping[str, str] | None = None,
) -> list[Path]:
    """Fail when a log of ``stack`` holds a token, the webhook secret or the learner's words.

    The learner's words are each note's marker and title, plus ``learner_texts`` (name → sentence) for
    stacks whose input is not a :class:`Note` (the end-to-end tests file the demo's note). Returns the
    files read.
    """
    files = log_files([stack.logs_dir]) + [path for path in extra_logs if path.is_file()]
    assert files, f"no log files under {stack.logs_dir}: the audit would pass vacuously"
    found = leaks(files, stack_secrets(stack) | learner_words(notes) | dict(learner_texts or {}))
    assert not found, "logs hold secrets or learner text:\n" + "\n".join(found[:50])
    return files
