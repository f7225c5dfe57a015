"""Each forge's "list a repository's webhooks" call, as a deployment check reads it.

``GET /api/v3/repos/{owner}/{repo}/hooks`` (GitHub), ``GET /api/v4/projects/:id/hooks`` (GitLab) and
``GET /api/v1/repos/{owner}/{repo}/hooks`` (Gitea). A repository on a real forge holds only that forge's
hooks, so each list shows the hooks registered for its own flavour, rendered as the admin API answered
when they were made (events narrowed to the hook's topics, no secret shown).
"""

from __future__ import annotations

from litestar import Controller, get

from evals.sandbox.api_flows import REPO_PATH, FullName
from evals.sandbox.flavours import FLAVOURS
from evals.sandbox.gitea_objects import API_PREFIX as GITEA_API_PREFIX
from evals.sandbox.github_objects import API_PREFIX as GITHUB_API_PREFIX
from evals.sandbox.gitlab_api import project_of
from evals.sandbox.gitlab_objects import API_PREFIX as GITLAB_API_PREFIX
from evals.sandbox.http_support import PathStr, Renderer
from evals.sandbox.models import Forge
from evals.sandbox.rendering import JSON


def _hooks(gh: Renderer, forge: Forge, full_name: str) -> list[JSON]:
    gh.store.repository(full_name)  # 404 for an unknown repository, as the forges answer
    render = FLAVOURS[forge].render_hook
    return [render(gh.site_url, gh.store, hook) for hook in gh.store.hooks(full_name) if hook.forge is forge]


class GitHubHooksController(Controller):
    path = GITHUB_API_PREFIX

    @get(f"{REPO_PATH}/hooks", sync_to_thread=True)
    def hooks(self, full_name: FullName, gh: Renderer) -> list[JSON]:
        return _hooks(gh, Forge.GITHUB, full_name)


class GitLabHooksController(Controller):
    path = GITLAB_API_PREFIX

    @get("/projects/{project_id:str}/hooks", sync_to_thread=True)
    def hooks(self, project_id: PathStr, gh: Renderer) -> list[JSON]:
        return _hooks(gh, Forge.GITLAB, project_of(gh.store, project_id).full_name)


class GiteaHooksController(Controller):
    path = GITEA_API_PREFIX

    @get(f"{REPO_PATH}/hooks", sync_to_thread=True)
    def hooks(self, full_name: FullName, gh: Renderer) -> list[JSON]:
        return _hooks(gh, Forge.GITEA, full_name)


HOOK_CONTROLLERS = (GitHubHooksController, GitLabHooksController, GiteaHooksController)
