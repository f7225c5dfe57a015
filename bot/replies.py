"""Fixed reply texts and the hidden markers that make replies idempotent."""

from __future__ import annotations

from bot.config import CONFIG_PATH

MARKER_PREFIX = "<!-- gitlearnos:"
REPLY_MARKER = MARKER_PREFIX + "reply event={key} -->"
# On a line of its own in every reply that shows a pending writeback an approval can apply: the
# approval finds that reply by this marker, so rewording the reply's prose never orphans an approval.
PENDING_MARKER = MARKER_PREFIX + "pending writeback -->"

INVALID_CONFIG = (
    "`" + CONFIG_PATH + "` has a problem: {error}. Until it is fixed I treat this repository as "
    "`mode: manual` with pushing off, so nothing is written; your note is still here in this issue."
)
PUBLIC_REPO = (
    "I did not store anything: this repository is public, and personal learning state never goes into a "
    "public repository. Make the repository private (and set `privacy.repository: private`) to use it as "
    "your learning record."
)
PUSH_NOT_AUTHORIZED = (
    "I did not push anything: `authorization.push` is `false` in `" + CONFIG_PATH + "`, and I only keep your "
    "record by pushing to this repository. Set it to `true` to let me write. The exact pending writeback:"
)
NOT_STORED = "Understood: nothing from this was stored ({override})."
ASK_SUBJECT = (
    "Which subject does this note belong to? Reply with \u201cthis belongs to <subject>\u201d{known}. "
    "Nothing is stored until you say."
)
APPROVE_HINT = " (reply `/gitlearnos approve` on this issue to apply it):"
PREVIEW_INTRO = "Preview only: nothing was committed. This is the exact pending writeback" + APPROVE_HINT
MANUAL_INTRO = "`mode: manual` is set, so I did not write. This is the exact pending writeback"
APPROVAL_STALE = (
    "I applied nothing: the comment this approval refers to was edited or deleted after I showed its "
    "pending writeback, so I cannot tell which version you approve. Post the version you want as a new "
    "comment, then approve its pending writeback."
)
NOTHING_TO_UNDO = "There is no learning update of mine left to undo, so nothing was changed."
UNDO_BLOCKED = (
    "I did not undo `{commit}`: `{path}` has changed since that update, and undoing it now would overwrite "
    "your later work. Revert it by hand (`git revert {commit}`) if you still want it gone."
)
UNDONE = "Undid my last learning update `{commit}` ({subject}) with a new commit; history is kept."
DUPLICATE = (
    "This note is already recorded as `{record_id}` in `{path}`, so I linked it and created no duplicate. "
    "What it shows: that you reported it. What it proves beyond that is `unknown`: its correctness "
    "needs verification, and I have no evidence yet that you can apply it on your own. "
    "The record says of the original source: {availability}."
)
RECORDED_EARLIER = (
    "This note was already recorded in commit `{commit}` (files: {files}); nothing new was written. "
    "`git revert {commit}` undoes that update."
)
RECORDED = "Recorded your note as `{record_id}` in `{path}` and refreshed `dashboard.md`."
CORRECTED = (
    "Recorded your correction as `{record_id}` in `{path}`. What changed: {changes}. The earlier note "
    "`{original_id}` is kept as you first wrote it and marked superseded by the correction, and "
    "`dashboard.md` now shows the corrected fact."
)
WORDING_ONLY = (
    "Your edit of {source} changes only the wording or formatting, not the fact, so `{record_id}` keeps the "
    "note as first recorded. The only change: its source versions now list this version (`{digest}`)."
)
CORRECTION_REPEATS = (
    "Your correction says what `{record_id}` in `{path}` already says, so there was nothing to correct "
    "and nothing was changed."
)
# Answer first, offline (bot/intake/model_use.py): one line ahead of everything else when a note asks a
# question and no chat model may read it, saying so and what was done instead.
CANNOT_ANSWER = "I can't answer questions without a chat model{consent}; {instead}."
CANNOT_ANSWER_CONSENT = (
    " (one is available, but `authorization.external_model` is `ask` in `" + CONFIG_PATH + "`, so nothing "
    "you wrote was sent to it; set it to `allowed` to let it answer)"
)
INSTEAD_FILED = "I filed your note{record} instead (receipt below)"
INSTEAD_PENDING = "I prepared the writeback below instead"
INSTEAD_ASKED = "I asked which subject it belongs to instead"
INSTEAD_DUPLICATE = "your note was already recorded, so I linked it instead"
INSTEAD_NOTHING = "I stored nothing"
# ... and when the question is about the learner's synchronized material, which the rag worker searches.
FROM_MATERIAL = (
    "Your question is about your own material, so I look it up there: the passages that bear on it follow "
    "in a separate reply (a read-only RAG lookup), quoted from your sources, not written by a chat model."
)


def reply_marker(event_key: str) -> str:
    """Hidden marker naming the event a reply belongs to (``--`` is not allowed inside a comment)."""
    safe = event_key.replace("--", "-").replace(">", "")
    return REPLY_MARKER.format(key=safe)


# Setup gate (bot/setup/operation.py). Each question carries SETUP_MARKER on a line of its own, so a
# later learner comment can be matched to the fact it answers.
SETUP_MARKER = MARKER_PREFIX + "setup asked={fact} -->"
SETUP_INTRO = (
    "This repository has no `" + CONFIG_PATH + "` yet, so it is not a learning record I may write to. "
    "Let's set it up: I ask one short question at a time and then create the few files you need in one "
    "commit. Nothing is stored before that."
)
SETUP_SO_FAR = "So far: {facts}."
SETUP_LOCAL_HINT = (
    "Local mode keeps no conversation: run the command again with everything so far plus this answer, "
    "one `Label: value` line each (for example `Subject: mathematics`)."
)
SETUP_DONE = "Your learning record is set up, in one commit:\n\n{files}"
SETUP_EXISTING = "Left as they were, because they already exist: {files}."
SETUP_TIME_ZONE = (
    "Time zone `{time_zone}`: I checked that it has the IANA form; the worker has not looked it up in the "
    "time-zone database."
)
SETUP_AUTOMATION = (
    "The daily jobs (due-review {due_review}, maintenance {maintenance}) are recorded as `requested`, not "
    "running: no scheduler has run them yet."
)
SETUP_STRICT_MODE = (
    "You asked for `{mode}` mode: from now on I {effect}. This setup commit is the one you asked for."
)
SETUP_NEXT = "Next: {action}."
