"""Sandbox-only endpoints under ``/_sandbox`` (GitHub has no equivalent): set repositories and hooks up,
read files, and inspect or redeliver webhook deliveries. They act for the learner, so they need the
learner's token.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from litestar import Controller, Response, get, post
from litestar.params import FromQuery, JSONBody

from evals.sandbox import github_payloads
from evals.sandbox.errors import InvalidInputError
from evals.sandbox.github_objects import JSON
from evals.sandbox.http_support import (
    PathStr,
    Renderer,
    SandboxRequest,
    Sender,
    Store,
    learner_only,
    respond_then_deliver,
)

INITIAL_COMMIT_MESSAGE = "Initial commit"


@dataclass
class NewRepository:
    full_name: str
    private: bool = True
    default_branch: str = "main"
    files: dict[str, str] = field(default_factory=dict)


@dataclass
class NewHook:
    url: str
    secret: str
    content_type: Literal["json"] = "json"


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

    @post("/repos/{owner:str}/{repo:str}/hooks", sync_to_thread=True)
    def create_hook(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        data: JSONBody[NewHook],
        gh: Renderer,
        sender: Sender,
    ) -> Response[JSON]:
        """Register a JSON webhook for every event; GitHub pings a new hook at once, so do we."""
        hook = gh.store.add_hook(f"{owner}/{repo}", url=data.url, secret=data.secret)
        return respond_then_deliver(
            gh.hook(hook),
            status_code=201,
            sender=sender,
            hooks=[hook],
            event=github_payloads.ping(gh, hook, request.user.login),
        )

    @get("/repos/{owner:str}/{repo:str}/raw/{path:path}", sync_to_thread=True)
    def raw_file(
        self, *, owner: PathStr, repo: PathStr, path: PathStr, store: Store, ref: FromQuery[str | None] = None
    ) -> Response[bytes]:
        """A file's bytes at ``ref`` (default: the default branch)."""
        repository = store.repository(f"{owner}/{repo}")
        bare = store.bare_repository(repository.full_name)
        return Response(
            bare.read_file(ref or repository.default_branch, path.lstrip("/")),
            media_type="application/octet-stream",
        )

    @get("/deliveries", sync_to_thread=True)
    def deliveries(self, store: Store) -> list[dict[str, Any]]:
        return [delivery.model_dump(mode="json") for delivery in store.deliveries()]

    @post("/deliveries/{guid:str}/redeliver", status_code=200, sync_to_thread=True)
    def redeliver(self, guid: PathStr, sender: Sender) -> dict[str, Any]:
        """Deliver again now, same id and body, and answer with the new attempt's record."""
        return sender.redeliver(guid).model_dump(mode="json")
