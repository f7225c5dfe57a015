"""Whether a chat model may read a learner's note, and how its answer leads the reply.

The protocol lets the learner decide whether their words leave for an external model
(``authorization.external_model`` in ``gitlearnos.yml``); the operator decides only whether a model
exists at all. So the choice is made here, in the core, from the learner's config — never by the
model client — and a configured-but-not-allowed model is mentioned only when the note asked something
the bot therefore leaves unanswered.

Scenario 09 asks the agent to "answer the immediate question before discussing repository work": the
model's answer is put first, ahead of whatever the operation says about the repository, labelled with
the model's name and with what it saw in an image kept apart from what it inferred. An incidental
message that still asked a question gets the answer alone, with no repository talk at all.
"""

from __future__ import annotations

from bot.config import ExternalModel, LearnerConfig
from bot.intake.agent import Agent, Recognition
from bot.intake.events import ThreadEvent
from bot.plan import Plan, Reply

MODEL_NOT_ALLOWED = (
    "(A chat model is available, but `authorization.external_model` is `ask` in `gitlearnos.yml`, so "
    "nothing you wrote was sent to it and your question is not answered here. Set it to `allowed` to let "
    "the model answer questions in your notes.)"
)
ANSWER_HEADING = "**Answer** (written by the chat model `{model}`; check it against your own material)"
SEEN_HEADING = "_What the model could see in your image:_"


def pick_agent(config: LearnerConfig, rule_agent: Agent, model_agent: Agent | None) -> Agent:
    """The model agent only when one is configured and the learner allowed sending notes to it."""
    if model_agent is not None and config.authorization.external_model is ExternalModel.ALLOWED:
        return model_agent
    return rule_agent


def not_allowed_remark(config: LearnerConfig, model_agent: Agent | None, text: str) -> str:
    """Say why a question went unanswered when a model exists but the learner has not decided yet."""
    if model_agent is None or config.authorization.external_model is not ExternalModel.ASK or "?" not in text:
        return ""
    return MODEL_NOT_ALLOWED


def answer_text(recognition: Recognition) -> str:
    """The answer block that leads the reply, or the model's remark, or nothing."""
    if not recognition.answer:
        return recognition.model_remark
    parts = [ANSWER_HEADING.format(model=recognition.answered_by or "unnamed"), recognition.answer.strip()]
    if recognition.seen_in_media:
        parts.append(f"{SEEN_HEADING} {recognition.seen_in_media.strip()}")
    return "\n\n".join(parts)


def answer_first(plan: Plan, lead: str, event: ThreadEvent, event_key: str) -> Plan:
    """Put ``lead`` (an answer or a remark) before the plan's first reply, or make it the only reply."""
    if not lead:
        return plan
    if not plan.replies:
        return plan.model_copy(update={"replies": (Reply.on(event, event_key, lead),)})
    first, *rest = plan.replies
    replies = (first.model_copy(update={"text": f"{lead}\n\n---\n\n{first.text}"}), *rest)
    return plan.model_copy(update={"replies": replies})
