"""GitLab delivery → :class:`InboundEvent`, or :class:`Ignored` with the reason. Pure.

Dispatch is on ``X-Gitlab-Event`` (``Note Hook``, ``Merge Request Hook``, …),
cross-checked against the body's ``object_kind``. Conversations (issues,
notes, merge requests) are in :mod:`.conversations`; pushes and schedules here.

A delivery that is valid but not useful is :class:`Ignored` (HTTP 200), never
an error: GitLab disables hooks that keep failing, a 4xx ones for good.

Schedules: a Pipeline Hook fires on every status change of a pipeline, so only
a ``schedule`` pipeline turning ``pending`` (its start) is a trigger. Its
actor is left out on purpose: the schedule's owner may be the bot's own token
user, and a trigger must not be dropped as bot-authored.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.intake.events import EventKind, Push
from forge_adapters.common_push import changed_paths, is_null_sha
from forge_adapters.gitlab.conversations import issue_event, merge_request_event, note_event
from forge_adapters.gitlab.delivery import Delivery
from forge_adapters.gitlab.fields import actor, gitlab_time, mapping
from forge_adapters.intake import ParseResult, echo
from forge_adapters.payload_fields import PayloadShapeError, text

IGNORED_HOOKS = {
    "Tag Push Hook": "tag pushes are not used; the learning record lives on branches",
    "System Hook": "system hooks (instance administration) are not used; add a project or group hook instead",
}


def translate(delivery: Delivery) -> ParseResult:
    """The event a delivery stands for; ``KeyError``/``ValueError``/``TypeError`` when malformed."""
    if delivery.hook in IGNORED_HOOKS:
        return delivery.ignore(IGNORED_HOOKS[delivery.hook])
    route = ROUTES.get(delivery.hook)
    if route is None:
        return delivery.ignore(f"{echo(delivery.hook, words=True)} events are not used")
    object_kinds, translate_hook = route
    object_kind = delivery.data.get("object_kind")
    if object_kind is not None and object_kind not in object_kinds:
        raise PayloadShapeError(f"X-Gitlab-Event {delivery.hook!r} does not match its object_kind")
    return translate_hook(delivery)


def push_event(delivery: Delivery) -> ParseResult:
    data = delivery.data
    before, after = text(data.get("before"), "before"), text(data.get("after"), "after")
    commits = data.get("commits")
    total = data.get("total_commits_count")
    listed = len(commits) if isinstance(commits, list) else 0
    push = Push(
        ref=text(data["ref"], "ref"),
        before=before,
        after=after,
        created=is_null_sha(before),
        deleted=is_null_sha(after),
        forced=None,  # GitLab does not say
        changed_paths=changed_paths(commits),
        commits_truncated=isinstance(total, int) and total > listed,  # GitLab lists at most 20 commits
    )
    pusher = actor({"username": data.get("user_username"), "id": data.get("user_id")})
    return delivery.event(EventKind.PUSH, actor=pusher, push=push)


def pipeline_event(delivery: Delivery) -> ParseResult:
    attrs = mapping(delivery.data, "object_attributes")
    source, status = attrs.get("source"), attrs.get("status")
    if source != "schedule":
        return delivery.ignore(f"pipelines from {echo(source)!r} are not used, only scheduled")
    if status != "pending":
        return delivery.ignore(
            f"scheduled pipeline is {echo(status)!r}; only its start ('pending') triggers a run"
        )
    return delivery.event(EventKind.SCHEDULE, occurred_at=gitlab_time(attrs.get("created_at")))


Translator = Callable[[Delivery], ParseResult]
ROUTES: dict[str, tuple[frozenset[str], Translator]] = {
    "Issue Hook": (frozenset({"issue", "work_item"}), issue_event),
    "Confidential Issue Hook": (frozenset({"issue", "work_item"}), issue_event),
    "Note Hook": (frozenset({"note"}), note_event),
    "Confidential Note Hook": (frozenset({"note"}), note_event),
    "Merge Request Hook": (frozenset({"merge_request"}), merge_request_event),
    "Push Hook": (frozenset({"push"}), push_event),
    "Pipeline Hook": (frozenset({"pipeline"}), pipeline_event),
}
