"""Sandbox-only endpoints under ``/_sandbox`` (no forge has them): set repositories and hooks up, read
files, and inspect or redeliver webhook deliveries. They act for the learner, so they need the learner's
token. A hook is registered for one forge flavour (GitHub, GitLab or Gitea) and gets that forge's
payloads and headers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from litestar import Controller, Response, get, post
from litestar.params import FromQuery, JSONBody

from evals.sandbox.api_flows import REPO_PATH, FullName, respond_and_announce
from evals.sandbox.errors import InvalidInputError
from evals.sandbox.events import HookAdded
from evals.sandbox.fault_injection import INJECTABLE, FaultInjector, FaultPlan
from evals.sandbox.flavours import FLAVOURS
from evals.sandbox.hook_topics import check_topics
from evals.sandbox.http_support import (
    PathStr,
    Renderer,
    SandboxRequest,
    Sender,
    Store,
    learner_only,
)
from evals.sandbox.models import Forge
from evals.sandbox.rendering import JSON
from evals.sandbox.store import BOT_LOGIN

INITIAL_COMMIT_MESSAGE = "Initial commit"


@dataclass
class NewRepository:
    full_name: str
    private: bool = True
    default_branch: str = "main"
    files: dict[str, str] = field(default_factory=dict)


@dataclass
class FaultSwitch:
    rate: float
    statuses: list[int] = field(default_factory=lambda: list(INJECTABLE))
    retry_after: int = 1
    login: str = BOT_LOGIN
    seed: int = 0


def _fault_report(faults: FaultInjector) -> JSON:
    plan = faults.plan
    return {
        "rate": plan.rate,
        "statuses": list(plan.statuses),
        "retry_after": plan.retry_after,
        "login": plan.login,
        "seen": dict(faults.counts.seen),
        "injected": dict(faults.counts.injected),
    }


@dataclass
class NewHook:
    url: str
    secret: str
    content_type: Literal["json"] = "json"
    forge: Forge = Forge.GITHUB
    events: list[str] | None = None  # topics (evals.sandbox.hook_topics.TOPICS); None: every event


class SandboxAdminController(Controller):
    path = "/_sandbox"
    guards = (learner_only,)

    @post("/repos", sync_to_thread=True)
    def create_repository(
        self, *, request: SandboxRequest, data: JSONBody[NewRepository], gh: Renderer
    ) -> Response[JSON]:
        """Create a repository; ``files`` (path → text) become one initial commit by the learner."""
        owner, _, name = data.full_name.partition("/")
        if not owner or not name or "/" in name:
            raise InvalidInputError(f"full_name must look like OWNER/NAME, got {data.full_name!r}")
        repo = gh.store.create_repository(
            owner, name, private=data.private, default_branch=data.default_branch
        )
        if data.files:
            gh.store.bare_repository(repo.full_name).commit_files(
                repo.default_branch,
                data.files,
                name=request.user.login,
                email=request.user.email,
                message=INITIAL_COMMIT_MESSAGE,
            )
            gh.store.mark_pushed(repo.full_name)
        return Response(gh.repository(gh.store.repository(repo.full_name)), status_code=201)

    @post(f"{REPO_PATH}/hooks", sync_to_thread=True)
    def create_hook(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        data: JSONBody[NewHook],
        gh: Renderer,
        sender: Sender,
    ) -> Response[JSON]:
        """Register a JSON webhook for every event, answered in its forge's hook shape.

        GitHub pings a new hook at once, so the sandbox does for GitHub hooks; GitLab and Gitea do not.
        """
        try:
            events = check_topics(data.events)
        except ValueError as error:
            raise InvalidInputError(str(error)) from error
        hook = gh.store.add_hook(full_name, url=data.url, secret=data.secret, forge=data.forge, events=events)
        return respond_and_announce(
            FLAVOURS[hook.forge].render_hook(gh.site_url, gh.store, hook),
            status_code=201,
            sender=sender,
            hooks=[hook],
            site_url=gh.site_url,
            event=HookAdded(hook, request.user.login),
        )

    @get(f"{REPO_PATH}/raw/{{path:path}}", sync_to_thread=True)
    def raw_file(
        self, *, full_name: FullName, path: PathStr, store: Store, ref: FromQuery[str | None] = None
    ) -> Response[bytes]:
        """A file's bytes at ``ref`` (default: the default branch)."""
        repository = store.repository(full_name)
        bare = store.bare_repository(repository.full_name)
        return Response(
            bare.read_file(ref or repository.default_branch, path.lstrip("/")),
            media_type="application/octet-stream",
        )

    @post("/faults", status_code=200, sync_to_thread=False)
    def set_faults(self, request: SandboxRequest, data: JSONBody[FaultSwitch]) -> JSON:
        """Answer a share of one account's API and Git calls with 502/429 (:mod:`.fault_injection`)."""
        try:
            plan = FaultPlan(data.rate, tuple(data.statuses), data.retry_after, data.login, data.seed)
        except ValueError as error:
            raise InvalidInputError(str(error)) from error
        faults: FaultInjector = request.app.state.faults
        faults.configure(plan)
        return _fault_report(faults)

    @get("/faults", sync_to_thread=False)
    def faults(self, request: SandboxRequest) -> JSON:
        """The plan in force and how many calls of each kind were seen and hit since it was set."""
        return _fault_report(request.app.state.faults)

    @get("/deliveries", sync_to_thread=True)
    def deliveries(self, store: Store) -> list[dict[str, Any]]:
        return [delivery.model_dump(mode="json") for delivery in store.deliveries()]

    @post("/deliveries/{guid:str}/redeliver", status_code=200, sync_to_thread=True)
    def redeliver(self, guid: PathStr, sender: Sender) -> dict[str, Any]:
        """Deliver again now with the same body, and answer with the new attempt's record.

        GitHub and GitLab keep the delivery id; Gitea replays under a new one (the record's ``guid``).
        """
        return sender.redeliver(guid).model_dump(mode="json")
