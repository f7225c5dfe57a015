"""Worker tests that serve a learner repository from a local bare folder instead of a forge's Git.

The worker builds clone URLs from the configured forge (never from a payload); these tests have no
Git server, so they tell the runtime where each repository's folder is (the ``clone_url`` their
events carry). The host, path and visibility checks run all the same.
"""

from __future__ import annotations

from bot.intake.events import RepoRef


def local_folder(repo: RepoRef) -> str:
    return repo.clone_url
