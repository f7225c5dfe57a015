"""The learner repository scenarios 03 and 10 (and the handoff end-to-end test) start from.

The demo's repository plus what a teacher handoff needs: a teacher named in ``gitlearnos.yml``, the
learner's original attempt as an event record, and an open geometry gap that links the attempt and plans
an AI re-teaching as its next action (the action the learner later asks to drop).
"""

from __future__ import annotations

from typing import Any

import yaml

from evals.scenarios.learner_files import CONFIG, learner_files

TEACHER = "mr-smith"
ATTEMPT_PATH = "subjects/mathematics/events/2026-11-20-similar-triangles-attempt.md"
ATTEMPT = """\
# Similar triangles: my attempt at worksheet 4, problem 2

ID: `event-2026-11-20-similar-triangles-attempt`
Version: `1`
Date: 2026-11-20
Subject: mathematics
Channel: `paper`
Source locator: worksheet 4, problem 2 (the paper sheet stays with the learner)

## Learner-provided event

The learner's note, preserved as written:

> Triangles ABC and DEF: angle A = angle E and angle B = angle D.
> I wrote ABC ~ DEF because the letters are in order, and then got the side ratio wrong.
"""
ATTEMPT_LINK = "../events/" + ATTEMPT_PATH.rsplit("/", 1)[-1]
GAP_ID = "gap-similarity-statement-order"
GAP_PATH = "subjects/mathematics/knowledge-gaps/similarity-statement-order.md"
GAP = f"""\
# Knowledge Gap

ID: `{GAP_ID}`
Resolution: `open`
Mastery: `learning`
Subject: mathematics
Goal link: [main goal](../goals/main-goal.md)

## Observable problem

Writes the similarity statement in letter order before matching the equal angles to fix corresponding
vertices.

## Evidence

| Date | Channel | Observation or learner report | Independence or support | Link |
|---|---|---|---|---|
| 2026-11-20 | paper | wrong vertex order | independent | [attempt]({ATTEMPT_LINK}) |

## External resolution, optional

- Feedback source:
- Resolution summary:
- Original attempt preserved at:

## Next action

- Action: AI re-teaches how to match equal angles to corresponding vertices
- Date or next handoff:
"""
REQUEST_TITLE = "Prepare this for my teacher"
REQUEST_BODY = """\
Prepare this for my teacher, and bring their feedback back into my learning plan.

Assignment: https://course.sandbox.invalid/geometry/assignment-4
Rubric: https://course.sandbox.invalid/geometry/assignment-4/rubric
Question: How do I know which vertices correspond before I write the statement?
Check: method
"""
LEARNER_REPORT = (
    "My teacher resolved it: identify equal angles, fix the corresponding vertices, then write the "
    "similarity statement. These are my notes. Do not teach it again."
)


def handoff_repo_files(*, teachers: tuple[str, ...] = (TEACHER,)) -> dict[str, str]:
    """The demo's files, ``authorization.teachers`` set, plus the attempt and the open gap."""
    files = learner_files(extra={ATTEMPT_PATH: ATTEMPT, GAP_PATH: GAP})
    config: dict[str, Any] = yaml.safe_load(files[CONFIG])
    config["authorization"]["teachers"] = list(teachers)
    files[CONFIG] = yaml.safe_dump(config, sort_keys=False, allow_unicode=True)
    return files
