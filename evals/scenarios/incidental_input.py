"""Small talk and an "answer only" question: stored nowhere, and no repository talk in reply to small talk.

The protocol's recognition decision: incidental, temporary or unrelated input is not stored, and the
conversation is not interrupted with repository administration; an explicit "answer only" always wins.
Scenario 09's learner, in its safe-auto repository, opens an issue of small talk and then one question
marked "answer only". The second always gets a reply (at least that nothing was stored), and the
scenarios' stack runs one worker, which takes a repository's events in the order they came, so once that
reply is there the small talk was handled too. Both are judged by outcome: no commit made for either (nor
one naming no event), no file holding their words, and no reply to the small talk about the repository.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evals.harness.checks import CheckRecorder
from evals.harness.forge_run import LearnerRepository
from evals.harness.repo_state import CommitInfo, RepoState
from evals.harness.wire import TRAILER_EVENT, names_thread

SMALL_TALK_TITLE = "Hello"
SMALL_TALK = "How are you doing today?"
ANSWER_ONLY_TITLE = "Congruent or similar?"
ANSWER_ONLY_QUESTION = "What is the difference between congruent and similar triangles?"
ANSWER_ONLY = f"{ANSWER_ONLY_QUESTION} Answer only, please."
# Talk about the repository: a path the bot keeps, or what it did to the learner's files (a receipt has both).
REPOSITORY_TALK = re.compile(
    r"subjects/|dashboard\.md|gitlearnos\.yml|\b(commit(ted|s)?|repositor(y|ies)|records?|recorded|stored|"
    r"saved|undo)\b",
    re.I,
)


def run(repo: LearnerRepository, checks: CheckRecorder) -> None:
    """File the small talk, then the answer-only question; judge once the question's reply is there."""
    before = repo.observe()
    chat = repo.open_issue_delivered(SMALL_TALK_TITLE, SMALL_TALK)  # queued before the question
    ask = repo.open_issue(ANSWER_ONLY_TITLE, ANSWER_ONLY)
    repo.wait_for_replies(ask)
    after, chat_replies = repo.observe(), repo.bot_replies(chat)
    judge(checks, before, after, chat_replies, full_name=repo.full_name, chat=chat, ask=ask)


def made_for(commits: Sequence[CommitInfo], full_name: str, number: int) -> list[CommitInfo]:
    """The commits made for thread ``number``, and those naming no event (which could be anyone's)."""
    return [
        commit
        for commit in commits
        if not (events := commit.trailer(TRAILER_EVENT))
        or any(names_thread(event, full_name, number) for event in events)
    ]


def _kept(before: RepoState, after: RepoState, words: str) -> list[str]:
    """The changed files that hold ``words`` (case aside)."""
    return [p for p in after.changed_paths(before) if words.lower() in after.files.get(p, "").lower()]


def judge(
    checks: CheckRecorder,
    before: RepoState,
    after: RepoState,
    chat_replies: Sequence[str],
    *,
    full_name: str,
    chat: int,
    ask: int,
) -> None:
    """The small talk (issue ``chat``) and the answer-only question (issue ``ask``), before and after."""
    new = after.commits_since(before)
    stored = made_for(new, full_name, chat)
    kept = _kept(before, after, SMALL_TALK)
    talk = [match.group(0) for reply in chat_replies if (match := REPOSITORY_TALK.search(reply))]
    checks.expect(
        "small talk is not stored and gets no repository talk",
        not stored and not kept and not talk,
        f"commits for it: {[c.subject for c in stored]}; files holding it: {kept}; "
        f"repository talk in {len(chat_replies)} repl(ies): {talk}",
    )
    recorded = made_for(new, full_name, ask)
    kept = _kept(before, after, ANSWER_ONLY_QUESTION)
    checks.expect(
        'an "answer only" question is not stored',
        not recorded and not kept,
        f"commits for it: {[c.subject for c in recorded]}; files holding it: {kept}",
    )
