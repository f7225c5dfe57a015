"""The protocol's required receipt, built truthfully.

The receipt reports what actually happened, field by field, in the order the
protocol lists them. The core fills every field it knows when planning; the
two facts only the Git layer knows (the commit id and whether the push
landed) are filled by :func:`record_persistence` after the worker acted, so a
receipt can never claim a commit or a push that did not happen.

Operations build receipts with :func:`commit_receipt` or :func:`unchanged_receipt`,
which fill what every receipt of that outcome says the same way (the setup
status and mode from the learner's config, the Git facts and the undo line).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.config import LearnerConfig
from bot.setup.readiness import setup_status
from bot.snapshot import RepoSnapshot


class ReceiptField(StrEnum):
    """The 15 receipt fields, spelled and ordered exactly as the protocol does."""

    SETUP_STATUS = "Setup status"
    MODE = "Mode"
    SUBJECT = "Subject"
    ORGANIZED = "Organized"
    QUESTIONS = "Questions"
    CHANGED_FILES = "Changed files"
    EVIDENCE = "Evidence"
    GIT_PERSISTENCE = "Git persistence"
    RAG_SYNCHRONIZATION = "RAG synchronization"
    MASTERY = "Mastery"
    NATURAL_LANGUAGE_OVERRIDE = "Natural-language override"
    AUTOMATION_ACTUALLY_COMPLETED = "Automation actually completed"
    SKILL_INSTALLATION = "Skill installation"
    NEXT_ACTION = "Next action"
    UNDO = "Undo"


PENDING_PERSISTENCE = "not yet persisted: the commit has not been pushed"
PENDING_UNDO = "not available until the commit exists"
NOTHING_COMMITTED = "nothing committed: no durable state changed"
NOTHING_TO_UNDO = "nothing to undo"
SKILL_NOT_USED = (
    "unavailable: this bot runs the protocol server-side; no agent Skill is installed in the repository"
)


class Receipt(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    setup_status: str
    mode: str
    subject: str
    organized: str
    questions: str
    changed_files: tuple[str, ...]
    evidence: str
    git_persistence: str = PENDING_PERSISTENCE
    rag_synchronization: str
    mastery: str
    natural_language_override: str = "none"
    automation_actually_completed: str
    skill_installation: str = SKILL_NOT_USED
    next_action: str
    undo: str
    # Who read the learner's words (the offline rules or a named chat model); not one of the protocol's
    # fields, so it follows them, and receipts of operations that judge nothing leave it out.
    judged_by: str = ""

    def lines(self) -> list[tuple[ReceiptField, str]]:
        files = ", ".join(f"`{path}`" for path in self.changed_files) or "none"
        values = [
            self.setup_status,
            self.mode,
            self.subject,
            self.organized,
            self.questions,
            files,
            self.evidence,
            self.git_persistence,
            self.rag_synchronization,
            self.mastery,
            self.natural_language_override,
            self.automation_actually_completed,
            self.skill_installation,
            self.next_action,
            self.undo,
        ]
        return list(zip(ReceiptField, values, strict=True))

    def render(self) -> str:
        """Markdown: one ``Field: value`` line per receipt field, in protocol order."""
        rendered = [f"- **{field.value}:** {value}" for field, value in self.lines()]
        return "\n".join(rendered + ([f"- **Judged by:** {self.judged_by}"] if self.judged_by else []))


def record_persistence(receipt: Receipt, *, commit_id: str, branch: str, remote: str | None) -> Receipt:
    """Fill the Git facts after the worker committed ``commit_id`` and, with a ``remote``, pushed it."""
    short = commit_id[:12]
    committed = f"committed `{short}` on `{branch}`"
    pushed = (
        f" and pushed to {remote} (no force-push)" if remote else "; not pushed (local mode has no remote)"
    )
    return receipt.model_copy(
        update={
            "git_persistence": committed + pushed,
            "undo": f"`git revert {short}` reverts exactly this update; nothing else is touched",
        }
    )


def commit_receipt(config: LearnerConfig, *, snapshot: RepoSnapshot | None = None, **fields: Any) -> Receipt:
    """The receipt of a plan that commits: its Git facts pending until :func:`record_persistence`.

    ``fields`` are the operation's own. The setup status is read from ``snapshot``'s evidence (verified
    ingest receipts, ``automation.md``); without it the receipt claims nothing beyond core-ready.
    """
    readiness = setup_status(config, can_write=True, snapshot=snapshot)
    defaults = {"setup_status": readiness, "mode": config.mode.value}
    return Receipt(**(defaults | {"undo": PENDING_UNDO} | fields))


def unchanged_receipt(config: LearnerConfig, **fields: Any) -> Receipt:
    """The receipt of a plan that changes nothing durable: nothing committed, nothing to undo."""
    return commit_receipt(config, git_persistence=NOTHING_COMMITTED, undo=NOTHING_TO_UNDO, **fields)
