"""The sandbox's forge-neutral state: ``<root>/state.json``, plus bare repositories under ``<root>/git``.

One server process owns a root. A re-entrant lock serialises changes between the server's worker threads,
and every change is saved atomically (temp file + ``os.replace``), so a crash never leaves half a file.
Delivery bodies are kept as separate files so a redelivery sends the very same bytes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

from evals.sandbox.atomic_file import write_atomically
from evals.sandbox.errors import ConflictError, ForbiddenError, InvalidInputError, NotFoundError
from evals.sandbox.git_repos import BareRepository
from evals.sandbox.models import (
    NAME_PATTERN,
    Comment,
    Delivery,
    Forge,
    ForgeState,
    Hook,
    Issue,
    PullInfo,
    Repository,
    Review,
    ReviewVerdict,
    User,
    UserKind,
    utc_now,
)

STATE_FILE = "state.json"
BOT_LOGIN = "gitlearnos-bot[bot]"
DEFAULT_LEARNER = "alice"
DEFAULT_TEACHER = "mr-smith"
# First path segments the app routes itself; an owner with one of these names would shadow them.
RESERVED_OWNERS = frozenset({"api", "_sandbox"})

_T = TypeVar("_T")


class SandboxStore:
    """Users, repositories, issues, comments, hooks and delivery records of one sandbox root."""

    def __init__(self, root: Path, state: ForgeState) -> None:
        self.root = root
        self._state = state
        self._lock = threading.RLock()

    @classmethod
    def open(
        cls,
        root: Path,
        *,
        learner: str = DEFAULT_LEARNER,
        teacher: str | None = DEFAULT_TEACHER,
        other_users: Sequence[str] = (),
    ) -> SandboxStore:
        """Load the state under ``root`` (or start it) and make sure the named accounts exist."""
        path = root / STATE_FILE
        state = (
            ForgeState.model_validate_json(path.read_bytes())
            if path.is_file()
            else ForgeState(learner=learner)
        )
        state.learner = learner
        store = cls(root, state)
        accounts = [(learner, UserKind.USER), (BOT_LOGIN, UserKind.BOT)]
        accounts += [(login, UserKind.USER) for login in [*([teacher] if teacher else []), *other_users]]
        store._ensure_users(accounts)
        return store

    @property
    def learner(self) -> str:
        return self._state.learner

    @property
    def git_root(self) -> Path:
        return self.root / "git"

    def _save(self) -> None:
        write_atomically(self.root / STATE_FILE, self._state.model_dump_json(indent=1).encode())

    def _next_id(self) -> int:
        self._state.next_id += 1
        return self._state.next_id

    def _ensure_users(self, accounts: Iterable[tuple[str, UserKind]]) -> None:
        with self._lock:
            known = {user.login for user in self._state.users}
            for login, kind in accounts:
                if login not in known:
                    self._state.users.append(
                        User(id=self._next_id(), login=login, kind=kind, created_at=utc_now())
                    )
                    known.add(login)
            self._save()

    # Users

    def users(self) -> list[User]:
        with self._lock:
            return list(self._state.users)

    def user(self, login: str) -> User:
        return self._one(self._state.users, lambda user: user.login == login, f"no sandbox user {login!r}")

    def user_by_email(self, email: str) -> User | None:
        """The account a commit email belongs to, as GitHub links commits to users."""
        return next((user for user in self.users() if user.email == email), None)

    # Repositories

    def create_repository(self, owner: str, name: str, *, private: bool, default_branch: str) -> Repository:
        """Register the repository and create its empty bare Git repository."""
        for part in (owner, name):
            if not NAME_PATTERN.match(part) or part.endswith(".git"):
                raise InvalidInputError(
                    f"invalid repository name part {part!r}: use letters, digits, '.', '-', '_'"
                )
        if owner in RESERVED_OWNERS:
            raise InvalidInputError(f"{owner!r} is reserved by the sandbox and cannot own repositories")
        self.user(owner)
        with self._lock:
            if any(repo.full_name == f"{owner}/{name}" for repo in self._state.repos):
                raise InvalidInputError(f"name already exists on this account: {owner}/{name}")
            now = utc_now()
            repo = Repository(
                id=self._next_id(),
                owner=owner,
                name=name,
                private=private,
                default_branch=default_branch,
                created_at=now,
                pushed_at=now,
            )
            self.bare_repository(repo.full_name).init(default_branch)
            self._state.repos.append(repo)
            self._save()
            return repo

    def repository(self, full_name: str) -> Repository:
        return self._one(self._state.repos, lambda repo: repo.full_name == full_name)

    def repository_by_id(self, repo_id: int) -> Repository:
        """GitLab addresses projects by numeric id as well as by path."""
        return self._one(self._state.repos, lambda repo: repo.id == repo_id)

    def bare_repository(self, full_name: str) -> BareRepository:
        return BareRepository(self.git_root / f"{full_name}.git", home=self.root)

    def mark_pushed(self, full_name: str) -> None:
        with self._lock:
            repo = self.repository(full_name)
            self._replace(self._state.repos, repo, repo.model_copy(update={"pushed_at": utc_now()}))
            self._save()

    # Issues and comments

    def create_issue(
        self, repo: str, *, author: str, title: str, body: str | None, labels: Sequence[str]
    ) -> Issue:
        if not title.strip():
            raise InvalidInputError("an issue needs a non-empty title")
        with self._lock:
            self.repository(repo)
            number = 1 + sum(1 for issue in self._state.issues if issue.repo == repo)
            now = utc_now()
            issue = Issue(
                id=self._next_id(),
                repo=repo,
                number=number,
                title=title,
                body=body,
                labels=tuple(dict.fromkeys(labels)),
                author=author,
                created_at=now,
                updated_at=now,
            )
            self._state.issues.append(issue)
            self._save()
            return issue

    def issue(self, repo: str, number: int) -> Issue:
        return self._one(self._state.issues, lambda issue: issue.repo == repo and issue.number == number)

    def issues(self, repo: str) -> list[Issue]:
        """The repository's issues; pull requests share their numbers but are listed by :meth:`pulls`."""
        with self._lock:
            self.repository(repo)
            return [issue for issue in self._state.issues if issue.repo == repo and issue.pull is None]

    def open_issue_count(self, repo: str) -> int:
        with self._lock:
            return sum(
                1
                for issue in self._state.issues
                if issue.repo == repo and issue.state == "open" and issue.pull is None
            )

    def add_comment(
        self,
        repo: str,
        number: int,
        *,
        author: str,
        body: str,
        path: str | None = None,
        line: int | None = None,
    ) -> Comment:
        """A conversation comment, or with ``path`` (and ``line``) a line comment on a pull request."""
        if not body.strip():
            raise InvalidInputError("a comment needs a non-empty body")
        with self._lock:
            issue = self.issue(repo, number)
            if path is not None and issue.pull is None:
                raise NotFoundError("line comments exist only on pull requests")
            now = utc_now()
            comment = Comment(
                id=self._next_id(),
                repo=repo,
                issue_number=number,
                author=author,
                body=body,
                created_at=now,
                updated_at=now,
                path=path,
                line=line,
            )
            self._state.comments.append(comment)
            self._replace(self._state.issues, issue, issue.model_copy(update={"updated_at": now}))
            self._save()
            return comment

    def comments(self, repo: str, number: int) -> list[Comment]:
        with self._lock:
            self.issue(repo, number)
            return [c for c in self._state.comments if c.repo == repo and c.issue_number == number]

    def comment(self, repo: str, comment_id: int) -> Comment:
        return self._one(
            self._state.comments, lambda comment: comment.repo == repo and comment.id == comment_id
        )

    def edit_comment(self, repo: str, comment_id: int, *, editor: str, body: str) -> tuple[Comment, Comment]:
        """Replace a comment's body, returning (before, after); only its author or the repo owner may."""
        with self._lock:
            comment = self.comment(repo, comment_id)
            if editor not in (comment.author, self.repository(repo).owner):
                raise ForbiddenError("Must have admin rights to Repository.")
            edited = comment.model_copy(update={"body": body, "updated_at": utc_now()})
            self._replace(self._state.comments, comment, edited)
            self._save()
            return comment, edited

    # Pull requests (GitLab: merge requests), reviews and access

    def add_collaborator(self, repo: str, login: str) -> Repository:
        """Give ``login`` access, as the learner does in the forge's settings (the bot never does)."""
        self.user(login)
        with self._lock:
            found = self.repository(repo)
            if login != found.owner and login not in found.collaborators:
                updated = found.model_copy(update={"collaborators": (*found.collaborators, login)})
                self._replace(self._state.repos, found, updated)
                self._save()
            return self.repository(repo)

    def has_access(self, repo: str, login: str) -> bool:
        found = self.repository(repo)
        return login == found.owner or login in found.collaborators

    def create_pull(
        self, repo: str, *, author: str, head: str, base: str, title: str, body: str | None
    ) -> Issue:
        """Open a pull request from ``head`` into ``base``; a second open one for the pair is a conflict."""
        if not title.strip():
            raise InvalidInputError("a pull request needs a non-empty title")
        bare = self.bare_repository(repo)
        for branch in (head, base):
            if bare.resolve(f"refs/heads/{branch}") is None:
                raise InvalidInputError(f"no branch {branch!r} in {repo}")
        with self._lock:
            if self.open_pull(repo, head=head, base=base) is not None:
                raise ConflictError(f"A pull request already exists for {head} into {base}.")
            pull = self.create_issue(repo, author=author, title=title, body=body, labels=())
            opened = pull.model_copy(update={"pull": PullInfo(head=head, base=base)})
            self._replace(self._state.issues, pull, opened)
            self._save()
            return opened

    def pulls(self, repo: str) -> list[Issue]:
        with self._lock:
            self.repository(repo)
            return [issue for issue in self._state.issues if issue.repo == repo and issue.pull is not None]

    def open_pull(self, repo: str, *, head: str, base: str) -> Issue | None:
        return next(
            (
                pull
                for pull in self.pulls(repo)
                if pull.state == "open"
                and pull.pull is not None
                and (pull.pull.head, pull.pull.base) == (head, base)
            ),
            None,
        )

    def pull(self, repo: str, number: int) -> Issue:
        found = self.issue(repo, number)
        if found.pull is None:
            raise NotFoundError("Not Found")
        return found

    def _update_pull(self, pull: Issue, info: PullInfo, **fields: object) -> Issue:
        updated = pull.model_copy(update={"pull": info, "updated_at": utc_now(), **fields})
        self._replace(self._state.issues, pull, updated)
        self._save()
        return updated

    def request_reviewers(self, repo: str, number: int, logins: Sequence[str]) -> Issue:
        """Ask ``logins`` to review; as on the forges, only accounts with access can be asked."""
        with self._lock:
            pull = self.pull(repo, number)
            assert pull.pull is not None
            for login in logins:
                if not self.has_access(repo, login):
                    raise InvalidInputError(f"Reviews may only be requested from collaborators: {login}")
            reviewers = tuple(dict.fromkeys((*pull.pull.reviewers, *logins)))
            return self._update_pull(pull, pull.pull.model_copy(update={"reviewers": reviewers}))

    def submit_review(
        self, repo: str, number: int, *, author: str, state: ReviewVerdict, body: str
    ) -> Review:
        with self._lock:
            self.pull(repo, number)
            review = Review(
                id=self._next_id(),
                repo=repo,
                number=number,
                author=author,
                state=state,
                body=body,
                submitted_at=utc_now(),
            )
            self._state.reviews.append(review)
            self._save()
            return review

    def merge_pull(self, repo: str, number: int, *, by: str) -> Issue:
        """Merge with a merge commit by ``by`` and close the pull request."""
        with self._lock:
            pull = self.pull(repo, number)
            assert pull.pull is not None
            if pull.state != "open":
                raise ConflictError("Pull Request is not mergeable")
            user = self.user(by)
            sha = self.bare_repository(repo).merge(
                pull.pull.base,
                pull.pull.head,
                name=user.login,
                email=user.email,
                message=f"Merge pull request #{number} from {pull.pull.head}\n\n{pull.title}",
            )
            info = pull.pull.model_copy(
                update={"merged": True, "merged_at": utc_now(), "merge_commit": sha, "merged_by": by}
            )
            merged = self._update_pull(pull, info, state="closed")
        self.mark_pushed(repo)
        return merged

    def close_pull(self, repo: str, number: int) -> Issue:
        with self._lock:
            pull = self.pull(repo, number)
            assert pull.pull is not None
            return self._update_pull(pull, pull.pull, state="closed")

    # Hooks and deliveries

    def add_hook(
        self,
        repo: str,
        *,
        url: str,
        secret: str,
        forge: Forge = Forge.GITHUB,
        events: tuple[str, ...] | None = None,
    ) -> Hook:
        if not url.startswith(("http://", "https://")):
            raise InvalidInputError(f"hook url must be http(s), got {url!r}")
        with self._lock:
            self.repository(repo)
            hook = Hook(
                id=self._next_id(),
                repo=repo,
                url=url,
                secret=secret,
                forge=forge,
                created_at=utc_now(),
                events=events,
            )
            self._state.hooks.append(hook)
            self._save()
            return hook

    def hooks(self, repo: str) -> list[Hook]:
        with self._lock:
            return [hook for hook in self._state.hooks if hook.repo == repo]

    def hook(self, hook_id: int) -> Hook:
        return self._one(self._state.hooks, lambda hook: hook.id == hook_id, f"no hook {hook_id}")

    def save_delivery_body(self, guid: str, body: bytes) -> None:
        write_atomically(self._delivery_body_path(guid), body)

    def delivery_body(self, guid: str) -> bytes:
        path = self._delivery_body_path(guid)
        if not path.is_file():
            raise NotFoundError(f"no delivery {guid}")
        return path.read_bytes()

    def record_delivery(self, delivery: Delivery) -> None:
        with self._lock:
            self._state.deliveries.append(delivery)
            self._save()

    def deliveries(self) -> list[Delivery]:
        with self._lock:
            return list(self._state.deliveries)

    def first_delivery(self, guid: str) -> Delivery:
        """The original attempt of a delivery (redeliveries share its guid)."""
        return self._one(
            self._state.deliveries, lambda delivery: delivery.guid == guid, f"no delivery {guid}"
        )

    def _delivery_body_path(self, guid: str) -> Path:
        if not all(ch in "0123456789abcdef-" for ch in guid):
            raise NotFoundError(f"no delivery {guid}")
        return self.root / "deliveries" / f"{guid}.json"

    def _one(self, items: list[_T], matches: Callable[[_T], bool], missing: str = "Not Found") -> _T:
        """The first of ``items`` that ``matches``, or a 404 saying ``missing`` (the forges' own words by
        default): every lookup by key in the state is this one scan."""
        with self._lock:
            found = next((item for item in items if matches(item)), None)
        if found is None:
            raise NotFoundError(missing)
        return found

    @staticmethod
    def _replace(items: list[_T], old: _T, new: _T) -> None:
        items[items.index(old)] = new
