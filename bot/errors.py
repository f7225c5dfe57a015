"""One error hierarchy for the core.

``InvalidInput`` means the outside world sent something we must tell the user
about (a bad config value, an unsafe path); ``InvariantBroken`` means our own
code is wrong. The edges map the first to a user-facing message and let the
second crash loudly.
"""

from __future__ import annotations


class GitLearnOSError(Exception):
    """Base class of every error raised by the core."""


class InvalidInput(GitLearnOSError):
    """Input from a learner, a forge or a repository that the core refuses."""


class ConfigError(InvalidInput):
    """A ``gitlearnos.yml`` value is missing, malformed or not one we accept.

    ``key`` is the dotted path of the offending key and ``accepted`` describes
    what would have been valid, so the reply can tell the learner exactly what
    to change.
    """

    def __init__(self, key: str, problem: str, accepted: str = "") -> None:
        self.key = key
        self.problem = problem
        self.accepted = accepted
        text = f"gitlearnos.yml: `{key}` {problem}"
        if accepted:
            text += f" (accepted: {accepted})"
        super().__init__(text)


class UnsafePath(InvalidInput):
    """A planned write would leave the repository or touch Git internals."""


class InvariantBroken(GitLearnOSError):
    """A bug: the core produced something it promised never to produce."""
