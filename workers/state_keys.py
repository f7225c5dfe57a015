"""Every Redis key family the bot keeps (``gitlearnos:*``), named in one place.

Redis is the bot's only shared memory besides Git: webhook intake, the event worker, the scheduled
jobs and the beat all read keys another process wrote. Naming every family here keeps two writers
from choosing the same name for different things, and lets an operator see at a glance what the bot
stores. A family with ``{placeholders}`` is filled with ``str.format``; the comment says what one key
holds and who writes it.
"""

from __future__ import annotations

PREFIX = "gitlearnos:"

# Intake: one key per accepted delivery, so a redelivered webhook is queued once (webhooks.dedup).
DELIVERY = PREFIX + "delivery:{forge}:{delivery}"
# The writer lock of one repository (workers.repo_lock).
LOCK = PREFIX + "lock:{repo}"
# Replies planned for an applied event, kept until posted (workers.executor).
REPLY_STASH = PREFIX + "replies:{key}"
# Events and triggers whose retries ran out, waiting for maintenance to replay them (workers.parked_events).
PENDING = PREFIX + "pending"
# Every repository the bot served an event for: slug -> RegisteredRepo (workers.repo_registry).
REPOS = PREFIX + "repos"

# Scheduling: the claim (then the result) of one run, by occurrence key (workers.scheduling.claims).
OCCURRENCE = PREFIX + "occurrence:{key}"
# An occurrence queued by the dispatcher and not yet started (workers.scheduling.dispatch).
DISPATCHED = PREFIX + "dispatched:{key}"
# RedBeat's own keys (the beat schedule and the one-beat lock) live under this prefix.
REDBEAT_PREFIX = PREFIX + "redbeat:"
REDBEAT_LOCK = REDBEAT_PREFIX + "lock"
# The scheduler's listing: task id -> the registered job (workers.scheduling.listing).
SCHEDULES = PREFIX + "schedules"
# The schedule fingerprint last verified and recorded in automation.md, per repository.
AUTOMATION_RECORDED = PREFIX + "automation:recorded:{repo}"
# A verification already queued for this fingerprint (so each tick does not queue another).
AUTOMATION_REQUESTED = PREFIX + "automation:requested:{repo}:{fingerprint}"
# Where maintenance's next catch-up listing of comments / issues starts (workers.scheduling.missed).
COMMENTS_SINCE = PREFIX + "maintenance:since:{repo}"
ISSUES_SINCE = PREFIX + "maintenance:issues-since:{repo}"
# Due review: the issue text chosen for an occurrence and its delivery evidence (workers.executor).
DUE_REVIEW_ISSUE_TEXT = PREFIX + "due-review:issue-text:{key}"
DUE_REVIEW_DELIVERY = PREFIX + "due-review:delivery:{key}"
