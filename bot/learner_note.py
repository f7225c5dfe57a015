"""The learner-note operation: a new issue or issue comment, through the protocol's gates. Pure.

The gates sit in the order the protocol implies: who is speaking, is the
repository configured and private, did the learner override this event, what
does the note mean, and what does write authority allow. The routing table
(:mod:`bot.routing`) sends an event here only when it is a note on an issue;
the operations below it only organize.
"""

from __future__ import annotations

from datetime import datetime

from bot.automation.record import asks_for_deployment
from bot.config import CONFIG_PATH, LearnerConfig, Mode, learner_logins, parse_config
from bot.diagnose.probe_answer import plan_probe_answer
from bot.diagnose.proposal import diagnostician
from bot.diagnose.signal_words import reports_difficulty, starts_teaching
from bot.diagnose.teaching import start_teaching, teacher
from bot.errors import ConfigError
from bot.handoff.operation import plan_handoff, wants_handoff
from bot.intake.agent import Agent, LearnerInput, Recognition, Significance
from bot.intake.approval import is_approval
from bot.intake.conversation import ApprovalTarget, ThreadMessage, approval_target
from bot.intake.events import Comment, CommentEvent, Forge, IssueOpened, ThreadEvent, as_kind, event_key
from bot.intake.model_use import NEEDS_SUBJECT, answer_first, answer_judge, pick_agent, reply_lead
from bot.intake.overrides import Override, find_overrides
from bot.intake.subject_answer import answered_subject, subject_question_target
from bot.intake.subject_routing import knowledge_points_in
from bot.intake.vetting import learner_folder, vetted
from bot.operation_context import Context
from bot.organize.correction import plan_revision
from bot.organize.operation import plan_organize
from bot.organize.undo import plan_undo
from bot.plan import Outcome, Plan, Reply
from bot.rag.questions import rag_will_answer, with_source_question
from bot.replies import APPROVAL_STALE, ASK_SUBJECT, INVALID_CONFIG, MARKER_PREFIX, NOT_STORED, PUBLIC_REPO
from bot.review.answer import plan_answer
from bot.setup.operation import plan_setup
from bot.snapshot import RepoSnapshot
from bot.write_authority import apply_write_authority


def _skip(reason: str, key: str = "") -> Plan:
    return Plan(outcome=Outcome.SKIPPED, event_key=key, reason=reason)


def _answer(outcome: Outcome, event: ThreadEvent, key: str, text: str, reason: str) -> Plan:
    return Plan(outcome=outcome, event_key=key, replies=(Reply.on(event, key, text),), reason=reason)


def learners_of(config: LearnerConfig, event: ThreadEvent) -> set[str]:
    """Logins whose input is learning input: configured learners, else the repository owner."""
    assert event.repo is not None and event.actor is not None
    local = event.forge is Forge.LOCAL
    return learner_logins(config, owner=event.repo.owner, actor=event.actor.login, local=local)


def known_subjects(snapshot: RepoSnapshot) -> tuple[str, ...]:
    return tuple(sorted({p.split("/")[1] for p in snapshot.list_files("subjects") if p.count("/") >= 2}))


def _is_bot_reply(body: str) -> bool:
    """True for a comment carrying the bot's marker on a line of its own (a quote of one starts with '>')."""
    return any(line.strip().startswith(MARKER_PREFIX) for line in body.splitlines())


def _not_learning_input(event: ThreadEvent) -> Plan | None:
    """A note the gates drop whatever the repository holds: a bot's, or the bot's own reply."""
    assert event.actor is not None
    if event.actor.is_bot:
        return _skip("events by bots are never learning input")
    if event.comment is not None and _is_bot_reply(event.comment.body):
        # Our own reply seen under a human account (e.g. a bot run with the learner's token): never loop.
        return _skip("the comment is one of the bot's own replies")
    return None


def _load_policy(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    key: str,
    *,
    history: tuple[ThreadMessage, ...],
    now: datetime,
) -> LearnerConfig | Plan:
    """The repository's config, or the plan that explains why nothing may be written."""
    assert event.repo is not None and event.actor is not None
    config_text = snapshot.read_text(CONFIG_PATH)
    if config_text is None:
        # No policy yet: the setup gate (owner only) asks its next question or bootstraps the repository.
        return plan_setup(event, snapshot, history, now=now, event_key=key)
    try:
        config = parse_config(config_text).config
    except ConfigError:
        # A broken policy grants nothing: the strictest mode, and the reply names the broken key.
        config = LearnerConfig(mode=Mode.MANUAL)
    if event.actor.login.lower() not in learners_of(config, event):
        return _skip("the author is not a learner of this repository", key)
    if config.privacy.repository == "public" or event.repo.private is False:
        return _answer(Outcome.REFUSED, event, key, PUBLIC_REPO, "public repository")
    return config


def plan_note(event: ThreadEvent, snapshot: RepoSnapshot, context: Context) -> Plan:
    """Decide what one learner note should change; performs nothing.

    The context's ``history`` serves the setup gate of a repository without ``gitlearnos.yml`` and an
    approval, which finds there the comment it approves. Its ``model_agent`` reads the note only when the
    learner's config allows it (:mod:`bot.intake.model_use`).
    """
    now, history, agents = context.now, context.history, (context.agent, context.model_agent)
    if event.repo is None or event.actor is None:
        return _skip("the event names no repository or author")
    refusal = _not_learning_input(event)
    if refusal is not None:
        return refusal
    key = event_key(event)
    config = _load_policy(event, snapshot, key, history=history, now=now)
    if isinstance(config, Plan):
        return config

    if event.comment is not None and not event.thread.is_pull_request and is_approval(event.comment.body):
        # Approval of a pending writeback: plan the note it showed again (the comment the latest pending
        # reply names, else the issue itself), now with the learner's yes.
        approved_note = _approved_note(event, history)
        if approved_note is None:
            return _answer(Outcome.SKIPPED, event, key, APPROVAL_STALE, "approved note changed")
        plan = _plan_note(approved_note, snapshot, config, agents, now=now, approved=True)
    elif (answered := _subject_answer(event, snapshot, history)) is not None:
        # "this belongs to mathematics" after "Which subject …?": the note asked about, with that subject.
        asked_note, subject = answered
        plan = _plan_note(asked_note, snapshot, config, agents, now=now, subject=subject)
    else:
        plan = _plan_note(event, snapshot, config, agents, now=now)
        plan = with_source_question(plan, event, snapshot, key)  # a question about own material: RAG
    return _with_config_problem(plan, snapshot, event, key)


def _approved_note(event: ThreadEvent, history: tuple[ThreadMessage, ...]) -> ThreadEvent | None:
    """The event whose pending writeback an approval comment answers; None when that note changed."""
    return _note_of(event, approval_target(event, history))


def _subject_answer(
    event: ThreadEvent, snapshot: RepoSnapshot, history: tuple[ThreadMessage, ...]
) -> tuple[ThreadEvent, str] | None:
    """The note the bot's subject question was about and the subject a lone comment answers it with."""
    if event.comment is None or event.thread.is_pull_request:
        return None
    subject = answered_subject(event.comment.body, known_subjects(snapshot))
    target = subject_question_target(event, history) if subject else None
    note = _note_of(event, target) if target is not None else None
    return (note, subject) if note is not None and subject else None


def _note_of(event: ThreadEvent, target: ApprovalTarget) -> ThreadEvent | None:
    """The event of the note a reply was about (a comment as the forge lists it now, or the issue)."""
    if target.stale:
        return None
    if target.comment is None:
        return as_kind(event, IssueOpened, comment=None)
    comment = Comment(id=target.comment.comment_id, body=target.comment.body)
    return event.model_copy(update={"comment": comment})


def _with_config_problem(plan: Plan, snapshot: RepoSnapshot, event: ThreadEvent, key: str) -> Plan:
    """Lead the reply with what is wrong in ``gitlearnos.yml``, when something is."""
    try:
        parse_config(snapshot.read_text(CONFIG_PATH) or "")
    except ConfigError as error:
        problem = INVALID_CONFIG.format(error=error)
        if not plan.replies:
            return _answer(plan.outcome, event, key, problem, "invalid config")
        first, *rest = plan.replies
        replies = (first.model_copy(update={"text": f"{problem}\n\n{first.text}"}), *rest)
        return plan.model_copy(update={"replies": replies, "reason": "invalid config"})
    return plan


def _stuck_is_durable(recognition: Recognition, text: str) -> Recognition:
    """A note in a known subject reporting a stuck attempt or a slip is a diagnosis signal: recorded."""
    unsure = recognition.significance is Significance.AMBIGUOUS and recognition.subject is not None
    if unsure and reports_difficulty(text) and not starts_teaching(text):
        return recognition.model_copy(update={"significance": Significance.DURABLE})
    return recognition


def _thread_answer(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    agents: tuple[Agent, Agent | None],
    *,
    now: datetime,
    key: str,
) -> Plan | None:
    """A comment answering what this thread asked: its review questions (judged by meaning, by the chat
    model too where the learner allowed it and the rules cannot tell), else its diagnosis probe (read by
    that model too where the rules cannot)."""
    if not isinstance(event, CommentEvent):
        return None
    agent, judge = pick_agent(config, *agents), answer_judge(config, agents[1])
    review = plan_answer(event, snapshot, config, now=now, event_key=key, agent=agent, judge=judge)
    reader = diagnostician(config, agents[1])
    return review or plan_probe_answer(event, snapshot, config, now=now, event_key=key, reader=reader)


def _plan_note(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    agents: tuple[Agent, Agent | None],
    *,
    now: datetime,
    approved: bool = False,
    subject: str | None = None,
) -> Plan:
    """Overrides, recognition and organize for one learner input, under the config's write authority.

    ``agents`` is the offline rule agent and the optional chat model; a model answer leads every reply.
    ``subject`` is the learner's answer to the subject question about this note, as "this belongs to".
    """
    key = event_key(event)
    has_remote = event.forge is not Forge.LOCAL
    text = event.comment.body if event.comment is not None else event.thread.body
    overrides = find_overrides(text)
    preview = Override.PREVIEW_FIRST in overrides.found

    def authorized(plan: Plan, *, preview: bool = preview) -> Plan:
        return apply_write_authority(plan, config, preview=preview, approved=approved, remote=has_remote)

    # An edit, or a comment correcting a note, never replays what its text once asked (an undo, an answer).
    revision = plan_revision(event, snapshot, config, overrides, now=now, event_key=key, approved=approved)
    if revision is not None:
        return authorized(revision)
    if Override.UNDO_LAST in overrides.found:
        return authorized(plan_undo(event, snapshot, config, event_key=key), preview=False)
    if wants_handoff(text, event.thread.labels):
        return authorized(plan_handoff(event, snapshot, config, now=now, event_key=key))
    answer = _thread_answer(event, snapshot, config, agents, now=now, key=key)
    if answer is not None and not overrides.forbids_storing:
        return authorized(answer)

    subjects = known_subjects(snapshot)
    learner_input = LearnerInput(
        title=event.thread.title if event.comment is None else "",
        body=text,
        labels=event.thread.labels,
        known_subjects=subjects,
        knowledge_points=knowledge_points_in(snapshot.list_files("subjects")),
        default_subject=config.setup.answers.subject,
    )
    rule_agent, model_agent = agents
    recognition = _stuck_is_durable(
        vetted(pick_agent(config, rule_agent, model_agent).recognize(learner_input), folders=subjects), text
    )
    from_material = rag_will_answer(event, snapshot)
    lead = reply_lead(config, recognition, model_agent, text, from_material=from_material, approved=approved)
    if overrides.forbids_storing:
        not_stored = NOT_STORED.format(override=overrides.describe())
        return answer_first(_answer(Outcome.SKIPPED, event, key, not_stored, "override"), lead, event, key)
    declared = learner_folder(overrides.subject or subject or "", subjects)
    if declared:
        recognition = recognition.model_copy(update={"subject": declared})
        if recognition.significance is Significance.AMBIGUOUS:
            recognition = recognition.model_copy(update={"significance": Significance.DURABLE})
    logistics = recognition.significance is Significance.AMBIGUOUS and asks_for_deployment(text)
    if recognition.significance is Significance.INCIDENTAL or logistics:
        # Incidental: at most the answer itself, never a word about the repository. An unsure note that
        # asks to finish the deployment is logistics, answered by the verification it queues
        # (bot.automation); a clear learning note that happens to use those words is still recorded.
        return answer_first(_skip(f"incidental: {recognition.reason}", key), lead.alone(), event, key)
    if recognition.significance is Significance.AMBIGUOUS and recognition.subject and starts_teaching(text):
        # A request to be taught something new (a learning intention): the teaching start, nothing stored.
        by = teacher(config, model_agent)
        taught = start_teaching(snapshot, subject=recognition.subject, note=text, by=by).reply
        start = _answer(Outcome.SKIPPED, event, key, taught, "teaching start")
        return answer_first(start, lead, event, key)
    if recognition.subject is None:
        known = f" (subjects so far: {', '.join(subjects)})" if subjects else ""
        ask = _answer(Outcome.SKIPPED, event, key, ASK_SUBJECT.format(known=known), NEEDS_SUBJECT)
        return answer_first(ask, lead, event, key)

    plan = plan_organize(
        event, snapshot, config, recognition, overrides, now=now, event_key=key,
        teacher=teacher(config, model_agent),
    )  # fmt: skip
    # Unsure whether it is a learning event, but sure of the subject: the exact pending writeback, which
    # the learner approves or ignores (protocol decision 2), never a question the note already answers.
    unsure = recognition.significance is Significance.AMBIGUOUS
    return answer_first(authorized(plan, preview=preview or unsure), lead, event, key)
