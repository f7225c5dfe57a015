"""One table of what differs per forge flavour when the sandbox talks to a hook: payloads and hook objects.

The webhook sender and the admin API look flavours up here and nowhere else, so adding a forge means
adding one entry (plus its headers in :mod:`evals.sandbox.webhook_headers`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from evals.sandbox import gitea_payloads, github_payloads, gitlab_payloads
from evals.sandbox.events import (
    CommentCreated,
    CommentEdited,
    ForgeEvent,
    HookAdded,
    IssueOpened,
    LineCommentCreated,
    PullClosed,
    PullOpened,
    RenderedEvent,
    ReviewSubmitted,
)
from evals.sandbox.gitea_objects import GiteaRenderer
from evals.sandbox.github_objects import GitHubRenderer
from evals.sandbox.gitlab_objects import GitLabRenderer
from evals.sandbox.hook_topics import with_topics
from evals.sandbox.models import Forge, Hook
from evals.sandbox.rendering import JSON
from evals.sandbox.store import SandboxStore


def _github_event(gh: GitHubRenderer, event: ForgeEvent) -> RenderedEvent | None:
    match event:
        case IssueOpened(issue):
            name, payload = github_payloads.issue_opened(gh, issue)
        case CommentCreated(comment):
            name, payload = github_payloads.comment_created(gh, comment)
        case CommentEdited(before, after, editor):
            name, payload = github_payloads.comment_edited(gh, before, after, editor)
        case HookAdded(hook, sender):
            name, payload = github_payloads.ping(gh, hook, sender)
        case PullOpened(pull, sender) | PullClosed(pull, sender):
            name, payload = github_payloads.pull_request(gh, pull, sender)
        case ReviewSubmitted(review):
            name, payload = github_payloads.review_submitted(gh, review)
        case LineCommentCreated(comment):
            name, payload = github_payloads.review_comment_created(gh, comment)
    return RenderedEvent(name, payload.get("action"), payload)


@dataclass(frozen=True)
class Flavour:
    render_event: Callable[[str, SandboxStore, ForgeEvent], RenderedEvent | None]
    render_hook: Callable[[str, SandboxStore, Hook], JSON]


FLAVOURS: dict[Forge, Flavour] = {
    Forge.GITHUB: Flavour(
        lambda site, store, event: _github_event(GitHubRenderer(site, store), event),
        lambda site, store, hook: with_topics(Forge.GITHUB, GitHubRenderer(site, store).hook(hook), hook),
    ),
    Forge.GITLAB: Flavour(
        lambda site, store, event: gitlab_payloads.render(GitLabRenderer(site, store), event),
        lambda site, store, hook: with_topics(Forge.GITLAB, GitLabRenderer(site, store).hook(hook), hook),
    ),
    Forge.GITEA: Flavour(
        lambda site, store, event: gitea_payloads.render(GiteaRenderer(site, store), event),
        lambda site, store, hook: with_topics(Forge.GITEA, GiteaRenderer(site, store).hook(hook), hook),
    ),
}
