"""Each forge's "list a repository's webhooks" call, as a deployment check reads it.

``GET /api/v3/repos/{owner}/{repo}/hooks`` (GitHub), ``GET /api/v4/projects/:id/hooks`` (GitLab) and
``GET /api/v1/repos/{owner}/{repo}/hooks`` (Gitea). A repository on a real forge holds only that forge's
hooks, so each list shows the hooks registered for its own flavour, rendered as the admin API answered
when they were made (events narrowed to the hook's topics, no secret shown). GitHub's hooks also say how
their last delivery went (``last_response``), and GitLab lists a hook's recent deliveries
(``GET /projects/:id/hooks/:hook_id/events``, GitLab 17.1+), both from the sandbox's delivery records.
"""

from __future__ import annotations

from typing import Any

from litestar import Controller, get

from evals.sandbox.api_flows import REPO_PATH, FullName
from evals.sandbox.errors import NotFoundError
from evals.sandbox.flavours import FLAVOURS
from evals.sandbox.gitea_objects import API_PREFIX as GITEA_API_PREFIX
from evals.sandbox.github_objects import API_PREFIX as GITHUB_API_PREFIX
from evals.sandbox.gitlab_api import project_of
from evals.sandbox.gitlab_objects import API_PREFIX as GITLAB_API_PREFIX
from evals.sandbox.http_support import PathInt, PathStr, Renderer
from evals.sandbox.models import Delivery, Forge, Hook
from evals.sandbox.rendering import JSON
from evals.sandbox.store import SandboxStore


def _hooks(gh: Renderer, forge: Forge, full_name: str) -> list[JSON]:
    gh.store.repository(full_name)  # 404 for an unknown repository, as the forges answer
    render = FLAVOURS[forge].render_hook
    return [render(gh.site_url, gh.store, hook) for hook in gh.store.hooks(full_name) if hook.forge is forge]


def _deliveries_of(store: SandboxStore, hook: Hook) -> list[Delivery]:
    """The hook's deliveries, newest first."""
    mine = [delivery for delivery in store.deliveries() if delivery.hook_id == hook.id]
    return sorted(mine, key=lambda delivery: delivery.delivered_at, reverse=True)


def gitlab_hook_event(delivery: Delivery) -> dict[str, Any]:
    """One entry of GitLab's hook event list; a delivery that got no answer is GitLab's ``internal error``."""
    status = "internal error" if delivery.status_code is None else str(delivery.status_code)
    return {
        "id": delivery.guid,
        "url": None,
        "trigger": f"{delivery.event}_hooks",
        "request_headers": {},
        "request_data": {},
        "response_headers": {},
        "response_body": delivery.error or "",
        "response_status": status,
        "execution_duration": delivery.duration_ms / 1000,
        "created_at": delivery.delivered_at.isoformat().replace("+00:00", "Z"),
    }


def github_last_response(store: SandboxStore, hook: Hook) -> dict[str, Any]:
    """GitHub's ``last_response``: ``unused`` before any delivery, the answer's code, or why none came."""
    mine = _deliveries_of(store, hook)
    if not mine:
        return {"code": None, "status": "unused", "message": None}
    last = mine[0]
    if last.status_code is None:
        return {"code": None, "status": "failed_connection", "message": last.error}
    ok = 200 <= last.status_code < 300
    message = "OK" if ok else f"Invalid HTTP Response: {last.status_code}"
    return {"code": last.status_code, "status": "active" if ok else "invalid", "message": message}


class GitHubHooksController(Controller):
    path = GITHUB_API_PREFIX

    @get(f"{REPO_PATH}/hooks", sync_to_thread=True)
    def hooks(self, full_name: FullName, gh: Renderer) -> list[JSON]:
        listed = _hooks(gh, Forge.GITHUB, full_name)
        return [
            hook | {"last_response": github_last_response(gh.store, gh.store.hook(hook["id"]))}
            for hook in listed
        ]


class GitLabHooksController(Controller):
    path = GITLAB_API_PREFIX

    @get("/projects/{project_id:str}/hooks", sync_to_thread=True)
    def hooks(self, project_id: PathStr, gh: Renderer) -> list[JSON]:
        return _hooks(gh, Forge.GITLAB, project_of(gh.store, project_id).full_name)

    @get("/projects/{project_id:str}/hooks/{hook_id:int}/events", sync_to_thread=True)
    def hook_events(self, project_id: PathStr, hook_id: PathInt, gh: Renderer) -> list[JSON]:
        project = project_of(gh.store, project_id)
        hook = gh.store.hook(hook_id)
        if hook.repo != project.full_name or hook.forge is not Forge.GITLAB:
            raise NotFoundError("404 Not found")
        return [gitlab_hook_event(delivery) for delivery in _deliveries_of(gh.store, hook)]


class GiteaHooksController(Controller):
    path = GITEA_API_PREFIX

    @get(f"{REPO_PATH}/hooks", sync_to_thread=True)
    def hooks(self, full_name: FullName, gh: Renderer) -> list[JSON]:
        return _hooks(gh, Forge.GITEA, full_name)


HOOK_CONTROLLERS = (GitHubHooksController, GitLabHooksController, GiteaHooksController)
