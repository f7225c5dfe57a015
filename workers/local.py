"""``gitlearnos local``: the same core on a learner's own repository, with no forge and no remote.

The protocol's local-Git scenario: a message typed at the command line is
handled exactly like an issue, the update is committed to the current branch
of the learner's checkout, and the reply (with its receipt) goes to stdout.
The learner's uncommitted work is left alone; if a file the bot must write has
uncommitted changes, nothing is written and the reason is printed.

No rag worker runs here. A question about the learner's own material gets the ``rag-answer`` job it
gets on a forge; when the learner has built an index of this checkout (``gitlearnos rag ingest --repo
.``), it is answered from that index exactly as the rag worker answers it (:mod:`workers.index_answer`),
otherwise :func:`bot.rag.question_record.plan_without_index` answers it "not answered". Either way a
question alone commits its question record (``rag-question``) as the rag worker would.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from pathlib import Path

import git

from bot.handle import plan_event
from bot.intake.agent import Agent
from bot.intake.events import Actor, Forge, IssueOpened, RepoRef, Thread
from bot.plan import FollowUpJob, Outcome, Plan
from bot.rag.question_record import plan_without_index
from bot.rag.questions import RAG_ANSWER, valid_config
from bot.text import one_line, slugify
from runtime.settings import Settings
from workers.executor import commit_locally
from workers.git_checkout import GitCheckout, GitWorkspaceError
from workers.index_answer import answer_from_index
from workers.rag_index import EndpointRefused, has_index, index_spec, local_repo_key

LOCAL_LEARNER = "local-learner"
DIRTY = (
    "Nothing was written: {paths} {verb} uncommitted changes of yours, and the update would overwrite them. "
    "Commit or stash them, then run the command again."
)

ALREADY = (
    "Nothing was written: the repository already holds exactly this update (the same message, sent before)."
)


@dataclass(frozen=True)
class LocalResult:
    outcome: str
    text: str
    commit_id: str = ""


def local_event(repo: git.Repo, message: str) -> IssueOpened:
    folder = Path(repo.working_tree_dir or ".").resolve()
    branch = repo.active_branch.name if not repo.head.is_detached else "HEAD"
    title = one_line(message.strip().splitlines()[0] if message.strip() else "", limit=80)
    return IssueOpened(
        forge=Forge.LOCAL,
        delivery_id=str(uuid.uuid4()),
        repo=RepoRef(
            forge=Forge.LOCAL,
            host="localhost",
            full_name=f"local/{slugify(folder.name)}",
            default_branch=branch,
        ),
        actor=Actor(login=LOCAL_LEARNER),
        thread=Thread(number=1, title=title, body=message),
        occurred_at=datetime.now(UTC),
    )


def run_local(path: Path, message: str, *, agent: Agent, model_agent: Agent | None = None) -> LocalResult:
    """Plan and, when allowed, commit one local learning event; return the text for stdout."""
    try:
        repo = git.Repo(path, search_parent_directories=False)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError) as error:
        raise GitWorkspaceError(f"{path} is not a Git repository ({type(error).__name__})") from error
    if not repo.head.is_valid():
        raise GitWorkspaceError(f"{path} has no commits yet; commit gitlearnos.yml first")
    checkout = GitCheckout(repo)
    event = local_event(repo, message)
    now = datetime.now(UTC)
    plan = plan_event(event, checkout, now=now, agent=agent, model_agent=model_agent)
    answers = [
        _answer(job, checkout, path, day=now.date()) for job in plan.follow_ups if job.kind == RAG_ANSWER
    ]
    if plan.outcome is not Outcome.COMMITTED and answers:
        plan, answers = answers[0], answers[1:]  # a question only: its record is this run's commit
    result = _commit(checkout, event, plan)
    said = [result.text, *(reply.text for answer in answers for reply in answer.replies)]
    return replace(result, text="\n\n".join(said))


def _answer(job: FollowUpJob, checkout: GitCheckout, path: Path, *, day: date) -> Plan:
    """The rag worker's answer from the learner's own index of ``path``, or "not answered" without one."""
    settings, config, key = Settings(), valid_config(checkout), local_repo_key(path)
    try:
        indexed = config is not None and has_index(index_spec(settings, key, config))
    except EndpointRefused:
        indexed = True  # answered as failed, with the reason, by the same path as the worker's
    if not indexed or job.reply is None:
        return plan_without_index(job, checkout, day=day)
    text, found = answer_from_index(settings, key, checkout, job, day=day)
    reply = job.reply.model_copy(update={"text": text})
    return found.plan or Plan(outcome=Outcome.SKIPPED, replies=(reply,), reason=found.status)


def _commit(checkout: GitCheckout, event: IssueOpened, plan: Plan) -> LocalResult:
    """Commit ``plan`` to the current branch unless it would overwrite the learner's uncommitted work."""
    if plan.outcome is not Outcome.COMMITTED or plan.commit is None:
        return LocalResult(
            plan.outcome.value, "\n\n".join(r.text for r in plan.replies) or f"Nothing to do: {plan.reason}."
        )
    if not plan.deletes and all(checkout.read_text(w.path) == w.content for w in plan.writes):
        said = "\n\n".join(r.text for r in plan.replies)
        return LocalResult(Outcome.UNCHANGED.value, f"{ALREADY}\n\n{said}")
    dirty = sorted(set(checkout.uncommitted_paths()) & set(plan.changed_paths))
    if dirty:
        verb = "has" if len(dirty) == 1 else "have"
        return LocalResult(
            Outcome.REFUSED.value, DIRTY.format(paths=", ".join(f"`{p}`" for p in dirty), verb=verb)
        )
    branch = event.repo.default_branch if event.repo else "HEAD"
    commit_id, finished = commit_locally(checkout, plan, branch=branch)
    return LocalResult(Outcome.COMMITTED.value, "\n\n".join(r.text for r in finished.replies), commit_id)
