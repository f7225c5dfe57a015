"""The web process reads the routing table, not the operations: it never loads the judgement stack.

Intake answers "not used" from :mod:`bot.routing` before anything is queued; the operations, the question
builders and their maths libraries (sympy, pint) belong to the workers. Loading them in every web process
cost about 50 MB of resident memory and half a second of start-up, for nothing the web process does.
"""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = (
    "sympy",
    "pint",
    "numpy",
    "bot.learner_note",
    "bot.review.question",
    "bot.organize.operation",
    "bot.handle",
)


def test_the_webhook_app_loads_no_operation_and_no_maths_library() -> None:
    probe = f"import json, sys, webhooks.app; print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(loaded.stdout) == []
