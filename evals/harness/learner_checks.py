"""Checks several scenarios share, each a function of learner-visible values.

Every function records one named check and returns what later checks need (the new commit, say), so a
scenario reads as the list of protocol lines it verifies. The text heuristics (mastery claims, image
descriptions) are deliberately narrow: they look for affirmative sentences, skipping sentences that negate
or qualify, so an honest "mastery unchanged" never trips them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from evals.harness.checks import CheckRecorder
from evals.harness.receipt import ReceiptField, listed_paths
from evals.harness.repo_state import CommitInfo, RepoState
from evals.harness.wire import TRAILER_EVENT, TRAILER_OPERATION

SENTENCE = re.compile(r"[^.!?\n]+")
NEGATION = re.compile(
    r"\b(not|no|never|none|unchanged|unknown|until|whether|without|cannot|can't|needs? verification)\b", re.I
)
# A state claim, not the word: a dashboard legend listing `unknown / learning / demonstrated` is no claim.
MASTERY_CLAIM = re.compile(
    r"\b(mastered|demonstrated mastery|mastery(\s+state)?\s*:\s*`?demonstrated)\b", re.I
)
GAP_CLAIM = re.compile(
    r"\b(you have a (knowledge )?gap|gap (confirmed|identified)|diagnosis: supported)\b", re.I
)
ASKS_FOR_ROUTE = re.compile(r"\b(which|what) (subject|folder|path|file)\b", re.I)


def short(commit_id: str) -> str:
    return commit_id[:12]


def affirmative_sentences(text: str, pattern: re.Pattern[str]) -> list[str]:
    """Sentences of ``text`` matching ``pattern`` that carry no negation or qualification."""
    return [
        sentence.strip()
        for sentence in SENTENCE.findall(text)
        if pattern.search(sentence) and not NEGATION.search(sentence)
    ]


def records_in(state: RepoState, folder: str) -> list[str]:
    """Paths of record files in ``subjects/<subject>/<folder>/``."""
    return sorted(
        path
        for path in state.files
        if path.startswith("subjects/") and path.split("/")[2:3] == [folder] and path.endswith(".md")
    )


def new_records(before: RepoState, after: RepoState, folder: str) -> list[str]:
    return sorted(set(records_in(after, folder)) - set(records_in(before, folder)))


# --- commits and history -------------------------------------------------------------------------------


def one_learning_commit(checks: CheckRecorder, before: RepoState, after: RepoState) -> CommitInfo | None:
    """Exactly one new commit, with the event and operation trailers that make it findable and undoable."""
    new = after.commits_since(before)
    if not checks.expect(
        "exactly one new commit",
        len(new) == 1,
        f"{len(new)} new commit(s): " + ", ".join(f"{short(c.id)} {c.subject!r}" for c in new),
    ):
        return None
    commit = new[0]
    missing = [name for name in (TRAILER_EVENT, TRAILER_OPERATION) if not commit.trailer(name)]
    checks.expect(
        "the commit carries its event and operation trailers",
        not missing,
        f"missing {', '.join(missing)}" if missing else f"trailers: {dict(commit.trailers)}",
    )
    return commit


def no_new_commit(checks: CheckRecorder, name: str, before: RepoState, after: RepoState) -> bool:
    new = after.commits_since(before)
    return checks.expect(
        name,
        not new and after.head == before.head,
        "remote head unchanged" if not new else f"new commits: {', '.join(short(c.id) for c in new)}",
    )


def history_kept(checks: CheckRecorder, before: RepoState, after: RepoState) -> bool:
    """No force-push: everything the learner had is still in the remote's history."""
    lost = [commit.id for commit in before.commits if not after.contains(commit.id)]
    return checks.expect(
        "no force-push: earlier history is kept",
        not lost,
        f"lost commits: {', '.join(map(short, lost))}"
        if lost
        else f"{len(before.commits)} earlier commit(s) kept",
    )


def unrelated_files_untouched(
    checks: CheckRecorder, before: RepoState, after: RepoState, paths: Iterable[str]
) -> bool:
    changed = [path for path in paths if before.files.get(path) != after.files.get(path)]
    return checks.expect(
        "unrelated learner files are untouched",
        not changed,
        f"changed: {', '.join(changed)}" if changed else "byte-identical: " + ", ".join(paths),
    )


# --- the receipt ---------------------------------------------------------------------------------------


def receipt_complete(checks: CheckRecorder, receipt: Mapping[ReceiptField, str]) -> bool:
    missing = [field.value for field in ReceiptField if field not in receipt]
    return checks.expect(
        "the receipt shows all 15 protocol fields",
        not missing,
        f"missing: {', '.join(missing)}" if missing else "all fields present",
    )


def receipt_lists_changed_paths(
    checks: CheckRecorder, receipt: Mapping[ReceiptField, str], commit: CommitInfo
) -> bool:
    listed = listed_paths(receipt.get(ReceiptField.CHANGED_FILES, ""))
    committed = set(commit.paths)
    return checks.expect(
        "the receipt lists exactly the changed paths",
        listed == committed,
        f"receipt {sorted(listed)} vs commit {sorted(committed)}",
    )


def receipt_names_commit(checks: CheckRecorder, receipt: Mapping[ReceiptField, str], commit_id: str) -> bool:
    """The commit boundary: persistence and undo both name the commit that actually landed."""
    persistence = receipt.get(ReceiptField.GIT_PERSISTENCE, "")
    undo = receipt.get(ReceiptField.UNDO, "")
    return checks.expect(
        "the receipt names the actual commit and how to undo it",
        short(commit_id) in persistence and short(commit_id) in undo,
        f"commit {short(commit_id)}; Git persistence: {persistence!r}; Undo: {undo!r}",
    )


def receipt_skill_honest(checks: CheckRecorder, receipt: Mapping[ReceiptField, str]) -> bool:
    """A server-side bot installs no agent Skill, so the receipt must not say ``installed``."""
    value = receipt.get(ReceiptField.SKILL_INSTALLATION, "")
    return checks.expect(
        "the receipt reports Skill installation truthfully",
        value.startswith(("unavailable", "unknown", "source-only")),
        f"Skill installation: {value!r}",
    )


def no_mastery_claim(
    checks: CheckRecorder, texts: Mapping[str, str], receipt: Mapping[ReceiptField, str]
) -> bool:
    """No reply, receipt or changed file says the learner mastered anything or has a diagnosed gap."""
    claims = [
        f"{where}: {sentence!r}"
        for where, text in {**texts, "receipt Mastery": receipt.get(ReceiptField.MASTERY, "")}.items()
        for pattern in (MASTERY_CLAIM, GAP_CLAIM)
        for sentence in affirmative_sentences(text, pattern)
    ]
    return checks.expect(
        "no mastery or gap is claimed without performance evidence",
        not claims,
        "; ".join(claims) if claims else f"receipt Mastery: {receipt.get(ReceiptField.MASTERY, '')!r}",
    )


# --- record text ---------------------------------------------------------------------------------------

QUOTE_MARK = re.compile(r"^\s*>\s?", re.M)


def plain(text: str) -> str:
    """Text without Markdown quote marks, whitespace collapsed, lower-cased: for "is the note preserved"."""
    return " ".join(QUOTE_MARK.sub("", text).split()).lower()


def header_value(text: str, key: str) -> str:
    """The value of a template header line such as ``Channel: `class```, without code marks ("" if absent)."""
    match = re.search(rf"^{re.escape(key)}:[ \t]*(?P<value>.*)$", text, re.M | re.I)
    return match.group("value").strip().strip("`").strip() if match else ""
