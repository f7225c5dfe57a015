"""The bot's outside interface as a client of it sees it: queue and task names, Redis keys, trailers.

These are names the bot publishes to the world (the commit trailers a learner's history carries, the
Celery queues and task names an operator's scheduler sends to, the keys it keeps in Redis), written down
here so no judge imports the bot to learn them. If the bot renames one, the harness fails loudly instead
of silently following along.
"""

from __future__ import annotations

from typing import Any

# Commit trailers: what makes a learning commit findable and undoable in the learner's history.
TRAILER_EVENT = "GitLearnOS-Event"
TRAILER_OPERATION = "GitLearnOS-Operation"


def names_thread(event: str, full_name: str, number: int) -> bool:
    """Whether a ``GitLearnOS-Event`` value is about issue or pull request ``number`` of ``full_name``.

    The value is ``<forge>:<host>/<owner>/<name>#<number>/<what happened>``: the thread it names sits
    between the host and the slash after the number.
    """
    return f"/{full_name}#{number}/" in event


# Celery queues and the tasks the scheduler sends on them.
SCHEDULE_QUEUE = "schedule"
RAG_QUEUE = "rag"
SYNC_SOURCE = "workers.rag.sync_source"
RUN_MAINTENANCE = "workers.maintenance.run_maintenance"
RUN_DUE_REVIEW = "workers.due_review.run_due_review"

# Redis keys.
REDBEAT_PREFIX = "gitlearnos:redbeat:"
REDBEAT_LOCK = REDBEAT_PREFIX + "lock"  # held by the live beat
SERVED_REPOS = "gitlearnos:repos"  # hash: slug -> the served repository as JSON
SCHEDULES = (
    "gitlearnos:schedules"  # hash: task ID -> one repository's registered job, which the dispatcher wakes
)
REDBEAT_SCHEDULE = REDBEAT_PREFIX + ":schedule"  # RedBeat's own sorted set of the entries it will run
OCCURRENCE = "gitlearnos:occurrence:{key}"  # one scheduled run's result


def served_repo(forge: str, host: str, full_name: str, clone_url: str) -> dict[str, Any]:
    """A scheduled task's repository argument, as the beat's dispatcher sends it (JSON)."""
    return {
        "repo": {
            "forge": forge,
            "host": host,
            "full_name": full_name,
            "default_branch": "main",
            "clone_url": clone_url,
            "private": True,
        },
    }
