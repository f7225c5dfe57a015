"""Whether a comment approves the pending writeback: the one phrase both the router and the gates read.

Kept apart from :mod:`bot.write_authority` so that the routing table, which intake consults before
anything is queued, reads it without loading the operations.
"""

from __future__ import annotations

import re

APPROVAL = re.compile(
    r"""^\s*(?:/gitlearnos\s+approve   # the explicit command
         |approve(?:d)?                 # or a plain word on its own line
         |yes,?\s+apply\s+it)\s*[.!]?\s*$""",
    re.I | re.M | re.X,
)


def is_approval(text: str) -> bool:
    """The comment approves: ``/gitlearnos approve``, or ``approve`` / ``yes, apply it`` on a line alone."""
    return bool(APPROVAL.search(text))
