"""The layout of each record kind the bot writes, as data for :func:`bot.records.codec.render`.

Each schema follows the protocol's template for its kind, in our own words: the header fields in
order (with the values every new record starts from), the sections in order (with the text that does
not depend on the record) and the tables that end a section. A writer supplies only what it observed.
"""

from __future__ import annotations

from bot.records.codec import Schema

EVENT = Schema(
    kind="events",
    fields=(
        ("ID", None), ("Version", "`1`"), ("Date", None), ("Subject", None), ("Channel", None),
        ("Goal link", None), ("Source locator", None), ("Content hash", None),
        ("Depends on (source IDs)", None),
    ),
    sections=(
        ("Learner-provided event", None),
        ("Connections", None),
        ("State change", "- What changed: the note was recorded as evidence.\n"
         "- State-machine transition: `none`\n"
         "- What remains unknown: whether the learner can apply this independently; "
         "no performance evidence yet."),
        ("Next action", "- Try one fresh problem that uses this idea without looking at the note, "
         "and file the attempt as an issue."),
    ),
)  # fmt: skip

REVIEW = Schema(
    kind="reviews",
    fields=(
        ("ID", None), ("Canonical path", None), ("Version", "`1`"), ("Origin", "`planned`"),
        ("Depends on (goal/gap/model/event IDs)", None), ("Composes with (review IDs)", None),
        ("Status", "`planned`"), ("Subject", None), ("Purpose", None), ("Due", None), ("Goal link", None),
        ("Gap link", None), ("Grounded in", None), ("Generated", None),
    ),
    sections=(
        ("Why these questions now", None),
        ("Questions", None),
        ("Answer or success condition", None),
        ("Learner answer", "- Not attempted yet."),
        ("Feedback and evidence", "- Result: `not-assessed`\n- Independent: not yet known"),
        ("Writeback", None),
        ("Next check", None),
    ),
)  # fmt: skip

KNOWLEDGE_POINT = Schema(
    kind="knowledge",
    fields=(
        ("Knowledge ID", None), ("Status", "`active`"), ("Subject", None), ("Prerequisites", None),
        ("Created", None), ("Last updated", None),
    ),
    sections=(
        ("Definition", "- Not written yet: the learner's own words are in the linked evidence."),
        ("Learner evidence", None),
    ),
    tables=(("Learner evidence", ("Event or review", "Result", "What it shows")),),
)  # fmt: skip

SOURCE = Schema(
    kind="sources",
    fields=(
        ("Status", "`active`"), ("Subject", None), ("Source ID", None), ("Knowledge IDs", None),
        ("Channel", None), ("Availability", "`local-only`"), ("Evidence type", "`reported`"), ("Added", None),
        ("Updated", None),
    ),
    sections=(
        ("Reference and privacy", None),
        ("Git and RAG linkage", None),
        ("Missing or uncertain",
         "- The bot has not inspected this source; everything here is the learner's report."),
        ("Learner notes citing this source", None),
    ),
    tables=(("Learner notes citing this source", ("Date", "Event", "Evidence")),),
)  # fmt: skip

GAP = Schema(
    kind="knowledge-gaps",
    fields=(
        ("ID", None), ("Canonical path", None), ("Version", "`1`"), ("Depends on (event IDs)", None),
        ("Resolution", "`open`"), ("Mastery", "`unknown`"), ("Subject", None), ("Goal link", None),
        ("Created", None), ("Updated", None),
    ),
    sections=(
        ("Situation pattern", None),
        ("Observable problem", None),
        ("Evidence", None),
        ("Current interpretation", None),
        ("Next action", "- Action: one fresh question on a new item, attempted without notes\n"
         "- Next-check reason: `new-gap`"),
    ),
    tables=(
        ("Evidence", ("Date", "Channel", "Observation or learner report", "Independence or support", "Link")),
    ),
)  # fmt: skip

MODEL = Schema(
    kind="models",
    fields=(
        ("ID", None), ("Canonical path", None), ("Version", "`1`"), ("Status", "`active`"),
        ("Subject", None), ("Goal link", None), ("Linked knowledge gap", None), ("Created", None),
        ("Last refined", None), ("Depends on (canonical IDs)", None),
    ),
    sections=(
        ("Promotion basis", None),
        ("Model in one sentence", None),
        ("Recognition cues", None),
        ("Answer structure", None),
        ("Derived conclusions", None),
        ("Limits and non-examples", None),
        ("Common traps", None),
        ("Next-time reaction", None),
        ("Transfer check", None),
        ("RAG synchronization", "- Status: `not-applicable` until retrieval is enabled and authorized"),
        ("Learner evidence", "A complete model is not mastery; only later independent attempts are."),
    ),
    tables=(
        ("Derived conclusions", ("Conclusion", "Conditions or limits", "Evidence")),
        ("Learner evidence", ("Date", "Result", "Evidence link", "Note")),
    ),
)  # fmt: skip

HANDOFF = Schema(
    kind="handoffs",
    fields=(
        ("ID", None), ("Status", None), ("Subject", None), ("Destination", "`teacher`"), ("Goal link", None),
        ("Gap link", None), ("Attempt link", None), ("Branch", None), ("Prepared", None),
        ("Planned or sent", None),
    ),
    sections=(
        ("Material locator", None),
        ("What I already tried", None),
        ("Exact blocker", None),
        ("Questions for the teacher", None),
        ("What to check", None),
        ("Returned feedback", "- none yet"),
        ("Automated reconciliation", "- Happens when this pull request is merged; nothing in the learning "
         "plan changes before that."),
        ("Status history", None),
    ),
    tables=(("Status history", ("Date", "Status", "Why")),),
)  # fmt: skip

FEEDBACK = Schema(
    kind="feedback",
    fields=(
        ("ID", None), ("Subject", None), ("Channel", "`teacher`"), ("Kind", None), ("Reported by", None),
        ("Evidence type", "`reported`"), ("Handoff link", None), ("Gap link", None), ("Source locator", None),
        ("Added", None),
    ),
    sections=(
        ("Feedback as written", None),
        ("What changed", None),
        ("Next action", "- An independent, later attempt at a fresh problem is what can show mastery; "
         "this feedback cannot."),
    ),
)  # fmt: skip

AUTOMATION = Schema(
    kind="automation",
    fields=(
        ("Deployment automation", None), ("Learner time zone", None), ("Quiet hours", None),
        ("Unattended private-remote push", None),
    ),
)  # fmt: skip
