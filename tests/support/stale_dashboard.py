"""One learning event and the dashboard generated from a repository's records on a fixed day: what
maintenance compares a repository's dashboard against.
"""

from __future__ import annotations

from datetime import date

from bot.dashboard.page import render_dashboard
from tests.support.learner import learner_repo

EVENT = """\
# Learning Event

ID: `event-2026-11-27-angle-order`
Date: 2026-11-27
Subject: mathematics
Title: angle order
Channel: issue

## What happened

- Similar triangles keep the angle order.
"""


EVENT_PATH = "subjects/mathematics/events/2026-11-27-angle-order.md"
DAY = date(2026, 11, 27)


def dashboard_for(**files: str) -> str:
    return render_dashboard(
        learner_repo(**files), today=DAY, updated_by="GitLearnOS Bot", new_records={}, next_action="answer it"
    )
