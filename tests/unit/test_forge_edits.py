"""GitLab's real edited-issue and edited-note payloads, translated as intake translates them, correct the
record the opened issue or new note made: the core sees a forge's edit as the same learner act.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.handle import plan_event
from bot.intake.events import EventKind, InboundEvent
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.records.codec import read_header
from forge_adapters.gitlab.verify import gitlab_webhooks
from tests.support.gitlab_hooks import SECRET, gitlab_headers, hook_name
from tests.support.learner import CONFIG, NOW, learner_repo
from tests.support.payloads import load_fixture

WRONG = "In class I learned that the interior angles of a pentagon add up to 360 degrees."
RIGHT = "In class I learned that the interior angles of a pentagon add up to 540 degrees."
LEARNER_CONFIG = CONFIG.replace("  push: true\n", "  push: true\n  learners: [sytses]\n")


def translated(stem: str, mutate: Callable[[dict[str, Any]], None]) -> InboundEvent:
    payload = load_fixture("gitlab", stem)
    mutate(payload)
    headers = gitlab_headers(hook_name(stem, payload))
    event = gitlab_webhooks(SECRET).receive(headers, json.dumps(payload).encode())
    assert isinstance(event, InboundEvent), event
    return event


def planned_after(first: InboundEvent, edit: InboundEvent) -> dict[str, str]:
    """The files the edit writes, after ``first`` was organized; asserts both commit."""
    snapshot = learner_repo(**{"gitlearnos.yml": LEARNER_CONFIG})
    opened = plan_event(first, snapshot, now=NOW, agent=RuleAgent())
    assert opened.outcome is Outcome.COMMITTED, opened.reason
    files = {write.path: write.content for write in opened.writes}
    corrected = plan_event(
        edit, learner_repo(**files, **{"gitlearnos.yml": LEARNER_CONFIG}), now=NOW, agent=RuleAgent()
    )
    assert corrected.outcome is Outcome.COMMITTED, corrected.reason
    assert "What changed: numbers 360 → 540." in corrected.replies[0].text
    return {write.path: write.content for write in corrected.writes}


def describe(text: str) -> Callable[[dict[str, Any]], None]:
    def mutate(payload: dict[str, Any]) -> None:
        payload["object_attributes"]["description"] = text
        payload["object_attributes"]["title"] = "Angles of a pentagon"

    return mutate


def note(text: str, action: str) -> Callable[[dict[str, Any]], None]:
    def mutate(payload: dict[str, Any]) -> None:
        payload["object_attributes"] |= {"note": text, "action": action}

    return mutate


def test_a_gitlab_issue_edit_supersedes_the_record_of_the_opened_issue() -> None:
    edit = translated("issue_hook__update_edited", describe(RIGHT))
    assert edit.kind is EventKind.ISSUE_EDITED
    files = planned_after(translated("issue_hook__open", describe(WRONG)), edit)
    headers = [read_header(text) for path, text in files.items() if "/events/" in path]
    assert {"Corrects", "Superseded by"} <= {key for header in headers for key in header}


def test_a_gitlab_note_edit_supersedes_the_record_of_the_note() -> None:
    edit = translated("note_hook__issue", note(RIGHT, "update"))
    assert edit.kind is EventKind.COMMENT_EDITED
    files = planned_after(translated("note_hook__issue", note(WRONG, "create")), edit)
    assert sum("/events/" in path for path in files) == 2
