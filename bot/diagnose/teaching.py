"""A teaching start for material the learner has not met: a plan and one scope question, no diagnosis.

Scenario 18: "I have not studied derivatives yet, please teach me" is expected new learning. Nothing has
failed, so there is nothing to tell apart — opening hypothesis classes or spending probes before teaching
would only delay it. The note is kept as a learning intention at ``anomaly`` (no gap, no class, nothing
``supported`` from a self-report), and the reply starts teaching. Offline the bot cannot write a lesson,
so it says so and gives an honest plan, with the one question that sets where the introduction starts:
tutoring setup, not a probe.
"""

from __future__ import annotations

from bot.records.codec import bullets

INTENTION = "Learning intention"
SCOPE_QUESTION = (
    "To start at the right place, one question: what is the nearest idea to this that you have already "
    "learned (a topic, a chapter, or a kind of exercise)?"
)
PLAN = (
    "You have not met this yet, so there is nothing to diagnose: we start teaching. I have no chat model "
    "here to write the introduction myself, so the honest plan is:\n\n"
    "1. you answer the one question below, so the start fits what you already know;\n"
    "2. a short introduction of the idea from your course material or a source you name;\n"
    "3. one small worked example, then one fresh question for you to try on your own.\n\n"
    "No mastery is claimed from this request: only a later attempt of yours can show that."
)
NEXT_ACTION = "answer the scope question on this issue, then start with a short introduction"


def intention_section() -> str:
    """The event record's section saying what this note is and, as important, what it is not."""
    return bullets(
        {
            "Reading": "expected new learning, stated by the learner; not a failed attempt",
            "Interpretation lifecycle": "`anomaly` (a learning intention, not a diagnosis)",
            "Competing hypotheses": "none opened: nothing has failed, so there is nothing to tell apart",
            "Knowledge gap": "none: a self-report of new material is never a supported gap",
            "Teaching start": "an introduction after one scope question",
            "Scope question": SCOPE_QUESTION,
        }
    )


def teaching_reply() -> str:
    return f"{PLAN}\n\n{SCOPE_QUESTION}"
