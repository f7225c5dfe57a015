"""The bot's handoff branches and the marker that names one: which pull requests are teacher channels.

Kept apart from the handoff operation so that the routing table, which intake consults before anything
is queued, tells a handoff pull request without loading the operations.
"""

from __future__ import annotations

import re

from bot.intake.events import InboundEvent

BRANCH_PREFIX = "gitlearnos/handoff-"
HANDOFF_MARKER = "<!-- gitlearnos:handoff id={handoff_id} branch={branch} -->"
HANDOFF_MARKER_LINE = re.compile(
    r"^<!-- gitlearnos:handoff id=(?P<id>handoff-[a-z0-9-]+) branch=(?P<branch>\S+) -->$", re.M
)


def handoff_branch(event: InboundEvent) -> str:
    """The bot's handoff branch a pull-request event belongs to, or "" when it is not one of ours.

    GitLab, and GitHub/Gitea PR events, name the head branch; a GitHub or Gitea
    conversation comment does not, so the pack's hidden marker in the PR
    description says it. Only ``gitlearnos/handoff-…`` branches count: the
    bot never checks out or writes any other branch.
    """
    thread = event.thread
    if thread is None or not thread.is_pull_request:
        return ""
    branch = thread.head_branch
    if not branch:
        match = HANDOFF_MARKER_LINE.search(thread.body)
        branch = match.group("branch") if match else ""
    return branch if branch.startswith(BRANCH_PREFIX) else ""
