"""``gitlearnos sandbox ...``: run the sandbox forge and act in it as the learner (or another account).

Commands find the running sandbox through ``--root`` (default ``$GITLEARNOS_DATA_DIR/sandbox``) and its
``sandbox.json``, which holds the URL and the tokens, so no secret ever appears on a command line. Heavy
imports happen inside the commands: building the ``gitlearnos`` parser stays fast.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from evals.sandbox.client import SandboxClient

Handler = Callable[[argparse.Namespace], int]
FORGES = ("github", "gitlab", "gitea")  # evals.sandbox.models.Forge, without importing it here


class SandboxCommandError(Exception):
    """A problem with the command's own input (a missing file or environment variable)."""


def _root(args: argparse.Namespace) -> Path:
    if args.root is not None:
        return Path(args.root)
    from runtime.settings import Settings

    return Settings().data_dir / "sandbox"


def _client(args: argparse.Namespace) -> SandboxClient:
    from evals.sandbox.client import SandboxClient

    return SandboxClient.for_root(_root(args), getattr(args, "login", None))


def _read_text(value: str | None, file_name: str | None) -> str:
    """Text given inline or in a file (``-`` reads standard input)."""
    if value is not None:
        return value
    if file_name == "-":
        return sys.stdin.read()
    try:
        return Path(str(file_name)).read_text(encoding="utf-8")
    except OSError as exc:
        raise SandboxCommandError(f"cannot read {file_name}: {exc.strerror}") from exc


def _serve(args: argparse.Namespace) -> int:
    from evals.sandbox.server import bind_sandbox

    teacher = None if args.no_teacher else args.teacher
    server = bind_sandbox(
        _root(args), args.host, args.port, learner=args.learner, teacher=teacher, other_users=args.user
    )
    print(f"sandbox forge serving {server.root}")
    print(f"  web and git: {server.url}")
    print(
        f"  REST APIs: GitHub {server.api_url}  GitLab {server.gitlab_api_url}  Gitea {server.gitea_api_url}"
    )
    print(
        f"  accounts: {', '.join(sorted(server.tokens))} (tokens in {server.root / 'sandbox.json'})",
        flush=True,
    )
    # uvicorn shuts down gracefully, then re-raises the signal: as KeyboardInterrupt it ends the command
    # cleanly (serve_forever clears the URL) instead of killing the process before that cleanup.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    print("sandbox forge stopped")
    return 0


def _create_repo(args: argparse.Namespace) -> int:
    files = {}
    for spec in args.file:
        path, sep, local = spec.partition("=")
        if not sep or not path or not local:
            raise SandboxCommandError(f"--file wants PATH=LOCALFILE, got {spec!r}")
        files[path] = _read_text(None, local)
    with _client(args) as client:
        repo = client.create_repository(args.repo, private=not args.public, files=files)
    print(repo["clone_url"])
    return 0


def _hook(args: argparse.Namespace) -> int:
    secret = os.environ.get(args.secret_env, "")
    if not secret:
        raise SandboxCommandError(f"environment variable {args.secret_env} is not set or empty")
    with _client(args) as client:
        hook = client.add_hook(args.repo, url=args.url, secret=secret, forge=args.forge)
    ping = " (a ping is on its way)" if args.forge == "github" else ""
    print(f"hook {hook['id']} delivers {args.repo} events to {args.url} as {args.forge} does{ping}")
    return 0


def _open_issue(args: argparse.Namespace) -> int:
    body = _read_text(args.body, args.body_file)
    with _client(args) as client:
        issue = client.open_issue(args.repo, title=args.title, body=body, labels=args.label)
    print(f"#{issue['number']} {issue['html_url']}")
    return 0


def _comment(args: argparse.Namespace) -> int:
    body = _read_text(args.body, args.body_file)
    with _client(args) as client:
        comment = client.comment(args.repo, args.number, body)
    print(f"comment {comment['id']} {comment['html_url']}")
    return 0


def _push_file(args: argparse.Namespace) -> int:
    if args.content is not None:
        content = args.content.encode()
    else:
        try:
            content = Path(args.from_file).read_bytes()
        except OSError as exc:
            raise SandboxCommandError(f"cannot read {args.from_file}: {exc.strerror}") from exc
    with _client(args) as client:
        sha = client.push_file(args.repo, args.path, content, args.message or f"Update {args.path}")
    print(sha)
    return 0


def _comments(args: argparse.Namespace) -> int:
    with _client(args) as client:
        comments = client.comments(args.repo, args.number)
    for comment in comments:
        print(f"--- comment {comment['id']} by {comment['user']['login']} at {comment['created_at']}")
        print(comment["body"])
    return 0


def _commits(args: argparse.Namespace) -> int:
    from evals.sandbox.git_client import commit_trailers

    with _client(args) as client:
        commits = client.commits(args.repo, args.n)
    for commit in commits:
        details = commit["commit"]
        print(f"{commit['sha'][:12]} {details['message'].splitlines()[0]}")
        author = details["author"]
        print(f"    author: {author['name']} <{author['email']}> {author['date']}")
        for key, value in commit_trailers(details["message"]):
            print(f"    {key}: {value}")
    return 0


def _show(args: argparse.Namespace) -> int:
    with _client(args) as client:
        content = client.file(args.repo, args.path)
    sys.stdout.buffer.write(content)
    sys.stdout.flush()
    return 0


def _deliveries(args: argparse.Namespace) -> int:
    with _client(args) as client:
        deliveries = client.deliveries()
    for item in deliveries:
        event = f"{item['event']}.{item['action']}" if item["action"] else item["event"]
        outcome = item["status_code"] if item["status_code"] is not None else item["error"]
        repeated = item.get("redelivery_of")
        again = " (redelivery)" if item["redelivery"] else ""
        if repeated and repeated != item["guid"]:  # Gitea replays under a new id
            again = f" (redelivery of {repeated})"
        print(
            f"{item['guid']}  {item.get('forge', 'github'):<6}  {event:<24} {outcome}  "
            f"{item['duration_ms']} ms  {item['delivered_at']}{again}"
        )
    return 0


def _redeliver(args: argparse.Namespace) -> int:
    with _client(args) as client:
        record = client.redeliver(args.delivery_id)
    outcome = record["status_code"] or record["error"]
    print(f"redelivered {args.delivery_id} as {record['guid']} ({record['event']}): {outcome}")
    return 0


def _reporting(handler: Handler) -> Handler:
    """Turn expected failures into one line on stderr and exit status 1, instead of a traceback."""

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        from evals.sandbox.client import SandboxClientError
        from evals.sandbox.server import SandboxStartError

        try:
            return handler(args)
        except (SandboxClientError, SandboxStartError, SandboxCommandError) as exc:
            print(f"gitlearnos sandbox: error: {exc}", file=sys.stderr)
            return 1

    return run


@dataclass(frozen=True)
class _Registry:
    """The ``sandbox`` subparsers and the option groups commands share."""

    commands: argparse._SubParsersAction[argparse.ArgumentParser]
    where: argparse.ArgumentParser  # --root
    acting: argparse.ArgumentParser  # --root, --as
    text: argparse.ArgumentParser  # --body | --body-file

    def add(
        self, name: str, summary: str, handler: Handler, *parents: argparse.ArgumentParser
    ) -> argparse.ArgumentParser:
        parser = self.commands.add_parser(
            name, help=summary, description=summary + ".", parents=list(parents)
        )
        parser.set_defaults(func=_reporting(handler))
        return parser


def add_sandbox_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``sandbox`` and its subcommands; each sets ``func(args) -> int`` on the namespace."""
    sandbox = subparsers.add_parser(
        "sandbox",
        help="run the local sandbox forge (a GitHub, GitLab and Gitea stand-in) and act in it",
        description=(
            "The sandbox forge is a local stand-in for GitHub, GitLab and Gitea: their REST API subsets, "
            "Git over HTTP with tokens, webhooks in each forge's format. Commands find it through --root "
            "and its sandbox.json."
        ),
    )
    where = argparse.ArgumentParser(add_help=False)
    where.add_argument(
        "--root", default=None, help="sandbox state directory (default: $GITLEARNOS_DATA_DIR/sandbox)"
    )
    acting = argparse.ArgumentParser(add_help=False, parents=[where])
    acting.add_argument(
        "--as", dest="login", default=None, help="act as this sandbox user (default: the learner)"
    )
    text = argparse.ArgumentParser(add_help=False)
    body = text.add_mutually_exclusive_group(required=True)
    body.add_argument("--body", help="the text")
    body.add_argument("--body-file", help="read the text from this file ('-' for standard input)")
    registry = _Registry(
        sandbox.add_subparsers(dest="sandbox_command", metavar="COMMAND", required=True), where, acting, text
    )
    _add_setup_commands(registry)
    _add_learner_commands(registry)
    _add_inspection_commands(registry)


def _add_setup_commands(registry: _Registry) -> None:
    serve = registry.add(
        "serve", "run the sandbox forge in the foreground until Ctrl-C", _serve, registry.where
    )
    serve.add_argument("--host", default="127.0.0.1", help="interface to bind (default: 127.0.0.1)")
    serve.add_argument("--port", type=int, default=0, help="port to bind (default: 0, any free port)")
    serve.add_argument("--learner", default="alice", help="the learner's login (default: alice)")
    serve.add_argument("--teacher", default="mr-smith", help="the teacher's login (default: mr-smith)")
    serve.add_argument("--no-teacher", action="store_true", help="create no teacher account")
    serve.add_argument("--user", action="append", default=[], help="add another plain account (repeatable)")

    summary = "create a repository, optionally with files in an initial commit"
    create = registry.add("create-repo", summary, _create_repo, registry.where)
    create.add_argument("repo", metavar="OWNER/NAME")
    create.add_argument("--public", action="store_true", help="make it public (default: private)")
    create.add_argument(
        "--file", action="append", default=[], metavar="PATH=LOCALFILE", help="add a file (repeatable)"
    )

    summary = "register a webhook (JSON, all events) in a forge's format; GitHub hooks get a ping"
    hook = registry.add("hook", summary, _hook, registry.where)
    hook.add_argument("repo", metavar="OWNER/NAME")
    hook.add_argument("--url", required=True, help="where to deliver")
    hook.add_argument(
        "--secret-env", required=True, metavar="VAR", help="environment variable holding the secret"
    )
    hook.add_argument(
        "--forge",
        choices=FORGES,
        default="github",
        help="send this forge's payloads and headers (default: github)",
    )


def _add_learner_commands(registry: _Registry) -> None:
    summary = "open an issue (delivers an `issues` webhook)"
    issue = registry.add("open-issue", summary, _open_issue, registry.acting, registry.text)
    issue.add_argument("repo", metavar="OWNER/NAME")
    issue.add_argument("--title", required=True, help="the issue title")
    issue.add_argument("--label", action="append", default=[], help="add a label (repeatable)")

    summary = "comment on an issue (delivers an `issue_comment` webhook)"
    comment = registry.add("comment", summary, _comment, registry.acting, registry.text)
    comment.add_argument("repo", metavar="OWNER/NAME")
    comment.add_argument("number", type=int, metavar="NUMBER")

    summary = "commit one file as the learner through a real clone and push"
    push = registry.add("push-file", summary, _push_file, registry.where)
    push.add_argument("repo", metavar="OWNER/NAME")
    push.add_argument("path", metavar="PATH", help="path inside the repository")
    content = push.add_mutually_exclusive_group(required=True)
    content.add_argument("--content", help="the file's new text")
    content.add_argument(
        "--from", dest="from_file", metavar="FILE", help="take the content from this local file"
    )
    push.add_argument("--message", "-m", default=None, help="commit message (default: 'Update PATH')")


def _add_inspection_commands(registry: _Registry) -> None:
    comments = registry.add("comments", "print an issue's comments", _comments, registry.where)
    comments.add_argument("repo", metavar="OWNER/NAME")
    comments.add_argument("number", type=int, metavar="NUMBER")

    commits = registry.add(
        "commits", "print the newest commits: subject, author, trailers", _commits, registry.where
    )
    commits.add_argument("repo", metavar="OWNER/NAME")
    commits.add_argument("-n", type=int, default=10, help="how many (default: 10, at most 100)")

    show = registry.add("show", "print a file at the default branch", _show, registry.where)
    show.add_argument("repo", metavar="OWNER/NAME")
    show.add_argument("path", metavar="PATH")

    registry.add(
        "deliveries", "list webhook deliveries: id, event, status, duration", _deliveries, registry.where
    )

    summary = "send a past delivery again with the same body (Gitea: under a new delivery id)"
    redeliver = registry.add("redeliver", summary, _redeliver, registry.where)
    redeliver.add_argument(
        "delivery_id",
        metavar="DELIVERY_ID",
        help="X-GitHub-Delivery, GitLab Idempotency-Key or X-Gitea-Delivery (see `deliveries`)",
    )
