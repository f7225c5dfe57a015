"""One verified GitLab delivery, and the builders every translator shares. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.intake.events import Actor, EventKind, Forge, InboundEvent, Thread
from forge_adapters.gitlab.fields import actor, gitlab_time, label_names, mapping, optional_mapping, repo_ref
from forge_adapters.intake import Ignored
from forge_adapters.payload_fields import text, whole_number


@dataclass(frozen=True)
class Delivery:
    """The hook name (``X-Gitlab-Event``), the delivery id and the decoded body."""

    hook: str
    delivery_id: str
    data: Mapping[str, Any]
    instance: str = ""  # X-Gitlab-Instance: the host when the project has no web_url

    @property
    def confidential(self) -> bool:
        """``Confidential Issue Hook``/``Confidential Note Hook`` (``event_type: confidential_*``)."""
        event_type = str(self.data.get("event_type") or "")
        return self.hook.startswith("Confidential ") or event_type.startswith("confidential_")

    @property
    def user(self) -> Actor | None:
        return actor(optional_mapping(self.data, "user"))

    def event(self, kind: EventKind, **parts: Any) -> InboundEvent:
        repo = repo_ref(mapping(self.data, "project"), self.instance)
        return InboundEvent(forge=Forge.GITLAB, delivery_id=self.delivery_id, kind=kind, repo=repo, **parts)

    def ignore(self, reason: str) -> Ignored:
        return Ignored(reason, self.delivery_id)


def thread(attrs: Mapping[str, Any], *, labels: object, **facts: Any) -> Thread:
    """An issue or merge request from its attributes; the number is the ``iid``, never the global ``id``."""
    return Thread(
        number=whole_number(attrs["iid"], "iid"),
        title=text(attrs.get("title"), "title"),
        body=text(attrs.get("description"), "description"),
        labels=label_names(labels),
        url=text(attrs.get("url"), "url"),
        head_branch=text(attrs.get("source_branch"), "source_branch"),
        **facts,
    )


def updated_at(attrs: Mapping[str, Any]) -> datetime | None:
    return gitlab_time(attrs.get("updated_at") or attrs.get("created_at"))
