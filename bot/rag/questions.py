"""A learner's question about their own material: when the bot asks RAG, and how it cites the answer.

Protocol, "Git and RAG-Anything decision rules": query RAG when the answer depends on the learner's
textbooks, notes or durable personal knowledge, never for an ordinary general-knowledge question; the
``query`` operation returns evidence with source id, document id, locator and version, and a status
``ok`` / ``no-hit`` / ``stale``; a connection error is a failure, never a no-hit. Pure: the core decides
and words the reply, the rag worker runs the query.

The rule is deliberately conservative. A missed question only means nothing was looked up (the learner
can name the source); a false match would send an unrelated question to the index and answer it with
excerpts that merely look relevant. An input asks about the learner's own material when all hold:

1. it asks something: at least one sentence ends in ``?`` (only those sentences are queried);
2. it refers to the learner's material, either **by name** (a synchronized source's material path such
   as ``materials/book.md``, its source ID or its record path appear in the text; only those sources
   are cited) or **by a possessive reference** ("my textbook", "my notes", "our handout", ...; every
   synchronized source is searched);
3. at least one referred source is synchronized: its record holds a provider document ID and RAG status
   ``verified`` or ``configured``. A ``pending`` source has nothing in the index to search, and the
   organize receipt already says its synchronization is pending.

Only plain learner input qualifies (organize or an unstored note): answers to review questions, undo,
handoff and setup conversations have their own operations. The answer is a separate comment with its
own hidden marker, so a retry edits it. The query writes nothing; a question that is only a question
(no note around it, no "answer only") is then recorded as a question in a commit of its own
(:mod:`bot.rag.question_record`).
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from bot.config import CONFIG_PATH, LearnerConfig, parse_config
from bot.errors import ConfigError
from bot.intake.events import Forge, ThreadEvent
from bot.intake.overrides import find_overrides
from bot.organize.operation import OPERATION as ORGANIZE
from bot.plan import FollowUpJob, Outcome, Plan, Reply
from bot.rag.source_link import RagStatus, SourceLink, source_links
from bot.records.questions import NOT_ANSWERED, CitedPassage
from bot.replies import MARKER_PREFIX
from bot.snapshot import RepoSnapshot
from bot.text import one_line

RAG_ANSWER = "rag-answer"
ANSWER_MARKER = MARKER_PREFIX + "rag-answer event={key} -->"
ANSWERABLE_OPERATIONS = frozenset({"", ORGANIZE})  # "" = a note not stored (incidental, needs a subject)
SYNCHRONIZED = frozenset({RagStatus.VERIFIED.value, RagStatus.CONFIGURED.value})
MAX_CITED = 3
EXCERPT_LIMIT = 600
QUESTION_LIMIT = 500
_PARAGRAPH = re.compile(r"\n\s*\n")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_CLOSING = "\"')]\u201d\u00bb "
_OWN_MATERIAL = re.compile(
    r"""\b(?:my|our)\s+(?:own\s+)?               # a possessive, as in "my own notes"
        (?:text\s?books?|books?|notes|handouts?|materials?|sources?|course\s+notes|lecture\s+notes
          |slides|readings?|summary|summaries)\b""",
    re.I | re.X,
)

LEAD_IN_WORDS = 5
QUESTION_ONLY = "a question about the learner's own material: answered from it, not filed as a note"
HEADER = "I looked this up in your own material with RAG `query` (a read-only lookup of your index)."
QUESTION_LINE = "Question: {question}"
STATUS_TEXT = {
    "ok": "Status: `ok`. The passages below were retrieved from your synchronized sources.",
    "stale": (
        "Status: `stale`. The index lags behind what is committed ({why}), so a passage below may come from "
        "an older version or a source may be missing; the rag worker replays changed sources."
    ),
    "no-hit": (
        "Status: `no-hit`. The synchronized sources I searched ({sources}) returned no passage for this "
        "question. That is what the index holds, not a judgement on the question."
    ),
    "failed": (
        "Status: `failed`. The retrieval did not work ({why}). That is a failure of the lookup, not a sign "
        "that your material lacks the answer; nothing was changed, and your question stays here. "
        "Ask again later, or tell me the page and I will work from that."
    ),
}
NOT_QUERIED = (
    "I did not look this up: on the current head no source you referred to is synchronized with the "
    "index any more (it was changed, rolled back or deleted since you asked), so there was nothing to "
    "search. Status: `not queried`; nothing was changed."
)
CITATION = "Source `{source_id}`, document `{doc_id}`, locator `{locator}`, version `{version}`{stale}:"
STALE_MARK = " (an older version than the one committed now)"
FOOTER = (
    "These are excerpts from your sources, not an answer I composed, and a retrieved passage is not "
    "evidence of mastery."
)


class RetrievalStatus(StrEnum):
    """The ``query`` operation's statuses, spelled as the protocol spells them."""

    OK = "ok"
    NO_HIT = "no-hit"
    STALE = "stale"
    FAILED = "failed"
    NOT_ANSWERED = NOT_ANSWERED  # never a query's: asked where no index is (local mode), nothing looked up


class SourceQuestion(BaseModel):
    """A question about the learner's material and the synchronized sources it refers to."""

    model_config = ConfigDict(frozen=True)

    question: str
    source_ids: tuple[str, ...]
    record_paths: tuple[str, ...]
    named: bool  # True: the text names these sources, so only they are cited


class Citation(CitedPassage):
    """One retrieved passage: its traceable identity (what a question record keeps) and its text (what
    the answer quotes). The identity is :class:`CitedPassage` itself, so a record and an answer can
    never disagree on which fields name a passage."""

    text: str


class RetrievalOutcome(BaseModel):
    model_config = ConfigDict(frozen=True)

    status: RetrievalStatus
    citations: tuple[Citation, ...] = ()
    error: str = ""


def question_sentences(text: str) -> str:
    """The sentences of ``text`` that end in a question mark, joined; empty when it asks nothing.

    Paragraphs end at blank lines, sentences at ``.``/``!``/``?`` followed by a space, so a wrapped
    question stays whole and a path such as ``materials/book.md`` does not end one.
    """
    found = []
    for paragraph in _PARAGRAPH.split(text):
        for sentence in _SENTENCE_END.split(" ".join(paragraph.split())):
            if sentence.rstrip(_CLOSING).endswith("?") and len(sentence) > 1:
                found.append(sentence)
    return one_line(" ".join(found), limit=QUESTION_LIMIT)


def _synchronized(link: SourceLink) -> bool:
    return bool(link.doc_id) and link.rag_status in SYNCHRONIZED


def _names(link: SourceLink, text: str) -> bool:
    lowered = text.lower()
    return any(name and name.lower() in lowered for name in (link.locator, link.source_id, link.record_path))


def find_source_question(text: str, links: list[SourceLink]) -> SourceQuestion | None:
    """The question ``text`` asks about the learner's synchronized material, or None (see the module rule)."""
    question = question_sentences(text)
    if not question:
        return None
    named = [link for link in links if _names(link, text)]
    if named:
        referred, by_name = named, True
    elif _OWN_MATERIAL.search(text):
        referred, by_name = links, False
    else:
        return None
    synced = [link for link in referred if _synchronized(link)]
    if not synced:
        return None
    return SourceQuestion(
        question=question,
        source_ids=tuple(link.source_id for link in synced),
        record_paths=tuple(link.record_path for link in synced),
        named=by_name,
    )


def answer_marker(event_key: str) -> str:
    safe = event_key.replace("--", "-").replace(">", "")
    return ANSWER_MARKER.format(key=safe)


def valid_config(snapshot: RepoSnapshot) -> LearnerConfig | None:
    """The parsed ``gitlearnos.yml``, or None when it is missing or invalid (then nothing is queried)."""
    try:
        return parse_config(snapshot.read_text(CONFIG_PATH) or "").config
    except ConfigError:
        return None


def only_asks(text: str) -> bool:
    """True when ``text`` is its questions and at most a short lead-in ("Hi!", "Source: ..."), not a note."""
    found = [sentence for paragraph in _PARAGRAPH.split(text) for sentence in _sentences(paragraph)]
    stated = [s for s in found if not s.rstrip(_CLOSING).endswith("?")]
    return len(" ".join(stated).split()) <= LEAD_IN_WORDS


def _sentences(paragraph: str) -> list[str]:
    return [sentence for sentence in _SENTENCE_END.split(" ".join(paragraph.split())) if sentence]


def _said(event: ThreadEvent) -> tuple[str, str]:
    """The input's body (a comment's or an issue's) and the text searched (an issue's title with its body).

    A local message has no title of its own (its first line stands in), so only its body is searched:
    with the title, its question would be asked twice.
    """
    body = event.comment.body if event.comment is not None else event.thread.body
    untitled = event.comment is not None or event.forge is Forge.LOCAL
    return body, (body if untitled else f"{event.thread.title}\n\n{body}")


def source_question(event: ThreadEvent, snapshot: RepoSnapshot) -> SourceQuestion | None:
    """What the learner's input asks about their synchronized material, or None (see the module rule)."""
    if valid_config(snapshot) is None:
        return None
    return find_source_question(_said(event)[1], source_links(snapshot))


def rag_will_answer(event: ThreadEvent, snapshot: RepoSnapshot) -> bool:
    """True when a rag worker will answer what this input asks about the learner's material (local: none)."""
    return event.forge is not Forge.LOCAL and source_question(event, snapshot) is not None


def with_source_question(plan: Plan, event: ThreadEvent, snapshot: RepoSnapshot, event_key: str) -> Plan:
    """``plan`` plus a ``rag-answer`` follow-up when the learner's input asks about their own material.

    An input that only asks (:func:`only_asks`) is a question, not a study note: instead of ``plan`` (a
    record, a pending writeback, or a request for the subject) it gets the answer from the material alone,
    and the rag worker records it as a question (the job's ``record_key``,
    :mod:`bot.rag.question_record`), unless an override such as "answer only" forbids storing, when
    nothing is stored. Local mode gets the same job; with no index there it records the question as
    not answered (:func:`bot.rag.question_record.plan_without_index`).
    """
    asked = source_question(event, snapshot) if plan.operation in ANSWERABLE_OPERATIONS else None
    if asked is None:
        return plan
    body, text = _said(event)
    answer = Reply(
        thread_number=event.thread.number,
        is_pull_request=event.thread.is_pull_request,
        marker=answer_marker(event_key),
        text="",
    )
    job = FollowUpJob(kind=RAG_ANSWER, path=asked.record_paths[0], question=text, reply=answer)
    if not only_asks(body):
        return plan.model_copy(update={"follow_ups": (*plan.follow_ups, job)})
    if not find_overrides(body).forbids_storing:  # "answer only" and the like: nothing is stored
        job = job.model_copy(update={"record_key": event_key})  # recorded as a question, not a note
    question = Plan(outcome=Outcome.SKIPPED, event_key=event_key, operation=RAG_ANSWER, reason=QUESTION_ONLY)
    return question.model_copy(update={"follow_ups": (job,)})


def _quote(text: str) -> str:
    excerpt = text.strip()
    if len(excerpt) > EXCERPT_LIMIT:
        excerpt = excerpt[:EXCERPT_LIMIT].rsplit(" ", 1)[0] + " …"
    excerpt = excerpt.replace("<!--", "&lt;!--")  # never a hidden marker inside a quote
    return "\n".join(f"> {line}" if line.strip() else ">" for line in excerpt.splitlines())


def _cite(citation: Citation) -> str:
    stale = STALE_MARK if citation.stale else ""
    head = CITATION.format(
        source_id=citation.source_id, doc_id=citation.doc_id, locator=citation.locator,
        version=citation.version, stale=stale,
    )  # fmt: skip
    return f"{head}\n\n{_quote(citation.text)}"


def cited(asked: SourceQuestion, outcome: RetrievalOutcome) -> tuple[RetrievalStatus, tuple[Citation, ...]]:
    """The status the reply states and the passages it cites.

    A question naming its sources cites only those; when none of the retrieved passages is from them, a
    clean result becomes ``no-hit`` (a lagging index stays ``stale``: the passage may be what is missing).
    """
    wanted = [c for c in outcome.citations if not asked.named or c.source_id in asked.source_ids]
    passages = tuple(wanted[:MAX_CITED])
    status = outcome.status
    if status is RetrievalStatus.OK and not passages:
        status = RetrievalStatus.NO_HIT
    if status is RetrievalStatus.OK and any(c.stale for c in passages):
        status = RetrievalStatus.STALE
    return status, passages


def render_source_answer(asked: SourceQuestion, outcome: RetrievalOutcome) -> str:
    """The reply: the question, the status stated honestly, and each passage quoted with its identity."""
    status, passages = cited(asked, outcome)
    sources = ", ".join(f"`{s}`" for s in asked.source_ids)
    why = one_line(outcome.error or "no detail given", limit=300)
    parts = [HEADER, QUESTION_LINE.format(question=asked.question)]
    parts.append(STATUS_TEXT[status.value].format(why=why, sources=sources))
    if status is not RetrievalStatus.FAILED:
        parts += [_cite(c) for c in passages]
    parts.append(FOOTER)
    return "\n\n".join(parts)
