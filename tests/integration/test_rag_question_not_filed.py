"""Through the event worker and the rag queue: a question about the learner's material gets its answer from
the material and no commit (issue 19: it was also filed as a study note, with a "filed your note" reply).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import respx

from tests.support.celery_queues import drain_rag_queue
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import git
from tests.support.learner import issue_event
from tests.support.rag_worker_setup import SIMILAR_PATH, file_note, target
from tests.support.rag_worker_setup import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.rag_worker_setup import worker as worker  # noqa: PLC0414 - the fixture
from workers.celery_app import ANSWER_QUESTION, SYNC_SOURCE
from workers.events import handle_event
from workers.runtime import WorkerRuntime

QUESTION = "What does my textbook say the ratio of corresponding side lengths is called?"


@pytest.fixture
def comments() -> Iterator[FakeGitHubComments]:
    with respx.mock(assert_all_called=False) as router:
        yield FakeGitHubComments(router)


def test_a_question_about_the_material_is_answered_and_not_committed(
    worker: WorkerRuntime, remote: Path, comments: FakeGitHubComments
) -> None:
    file_note(worker, remote, SIMILAR_PATH)
    assert [name for name, _ in drain_rag_queue(worker)] == [SYNC_SOURCE]
    head = git(remote, "rev-parse", "main").strip()

    event = issue_event(QUESTION, number=9, repo=target(remote).repo, title="A question about my textbook")
    handle_event(worker, event)

    assert git(remote, "rev-parse", "main").strip() == head, "no study-note commit for a question"
    assert [name for name, _ in drain_rag_queue(worker)] == [ANSWER_QUESTION]
    bodies = comments.bodies(9)
    assert not any("filed your note" in body or "Recorded your note" in body for body in bodies)
    (answer,) = [body for body in bodies if "<!-- gitlearnos:rag-answer" in body]
    assert "Status: `ok`" in answer and "scale factor" in answer
