"""The ``gitlearnos`` command line: serve, worker, beat, local, rag, schedule, doctor, and installed extras.

Each subcommand builds its settings from the environment once and passes
them down; nothing is read at import time.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence
from importlib.metadata import entry_points

from gitlearnos.doctor.command import add_doctor_command
from gitlearnos.rag_cli import add_rag_commands
from gitlearnos.schedule_cli import add_schedule_commands
from runtime.settings import Settings

DESCRIPTION = """GitLearnOS Bot keeps a learner's private Git repository (GitHub, GitLab, Gitea) as durable
learning state: webhooks in, organized commits and honest receipts out.

Settings come from the environment (REDIS_URL, GITLEARNOS_DATA_DIR, GITLEARNOS_GITHUB_WEBHOOK_SECRET,
GITLEARNOS_GITHUB_TOKEN, GITLEARNOS_GITHUB_API_URL, ...); see the README."""
# Other distributions add commands here: each entry point is a function taking the subcommands and
# registering its own (the evals distribution's demo, evals and sandbox). The bot never imports them.
COMMAND_GROUP = "gitlearnos.commands"


def _serve(args: argparse.Namespace) -> int:
    """Run the intake under uvicorn: one process, so ``/metrics`` is the whole picture.

    Shutdown: on SIGTERM uvicorn stops accepting, lets in-flight requests end
    (at most 20 s, inside Kubernetes' 30 s grace after the 5 s ``preStop``),
    then the lifespan closes Redis. uvicorn's own log records go through the
    root logger (``log_config=None``), so they are JSON like ours.
    """
    import uvicorn

    from runtime.embedded_redis import resolve_redis_url
    from runtime.log_setup import configure_logging
    from webhooks.app import create_app
    from workers.celery_app import create_celery
    from workers.queueing import intake_messages

    settings = Settings()
    configure_logging(settings.log_level)
    redis_url = resolve_redis_url(settings.redis_url, settings.data_dir)
    tasks = create_celery(settings, redis_url)
    app = create_app(settings, redis_url=redis_url, tasks=tasks, messages=intake_messages(tasks))
    # Everything built so far lives as long as the process: moved out of the collector's sight, so the
    # collections that a request's garbage triggers do not walk the whole framework every time.
    gc.collect()
    gc.freeze()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=20,
    )
    return 0


def _worker(args: argparse.Namespace) -> int:
    """Run a Celery worker; with ``--metrics-port``, serve its metrics from the main process.

    Metrics: the prefork children write prometheus-client's multiprocess files
    under ``<data dir>/metrics/worker-<port>``, emptied here at start. The
    variable must be set before anything imports ``prometheus_client`` (it
    chooses its storage once, at import), hence before the imports below.

    Shutdown: SIGTERM is Celery's warm shutdown (the running task finishes,
    prefetched messages go back to the queue); a task whose process dies is
    requeued (``acks_late`` + ``reject_on_worker_lost``); see ``workers.events``.
    """
    import os
    import shutil

    settings = Settings()
    if args.metrics_port:
        metrics_dir = settings.data_dir / "metrics" / f"worker-{args.metrics_port}"
        shutil.rmtree(metrics_dir, ignore_errors=True)
        metrics_dir.mkdir(parents=True)
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(metrics_dir)

    import redis
    from celery import signals

    from bot.intake.rule_agent import RuleAgent
    from runtime.embedded_redis import resolve_redis_url
    from runtime.log_setup import configure_logging
    from runtime.metrics import MetricsServer
    from workers.celery_app import create_celery, run_worker
    from workers.chat_agent import model_agent_from
    from workers.events import register_event_task
    from workers.rag import register_rag_tasks
    from workers.runtime import ForgeClients, WorkerRuntime
    from workers.scheduling.due_review import register_due_review_tasks
    from workers.scheduling.tasks import register_schedule_tasks

    configure_logging(settings.log_level)
    redis_url = resolve_redis_url(settings.redis_url, settings.data_dir)
    app = create_celery(settings, redis_url)
    runtime = WorkerRuntime(
        settings=settings,
        redis=redis.Redis.from_url(redis_url),
        agent=RuleAgent(),
        clients=ForgeClients(settings),
        model_agent=model_agent_from(settings),
    )
    register_event_task(app, runtime)
    register_schedule_tasks(app, runtime)
    register_due_review_tasks(app, runtime)
    register_rag_tasks(app, runtime)  # imports no RAG stack until a rag task runs
    if args.metrics_port:
        # Bound now, so a taken port fails the start; served once the pool has forked.
        server = MetricsServer(args.metrics_host, args.metrics_port)
        signals.worker_ready.connect(lambda **_: server.start(), weak=False)
        signals.worker_shutdown.connect(lambda **_: server.stop(), weak=False)
    argv = ["worker", "--queues", args.queues, "--concurrency", str(args.concurrency)]
    argv += ["--loglevel", settings.log_level, "--without-gossip", "--without-mingle", "--without-heartbeat"]
    if args.hostname:
        argv += ["--hostname", args.hostname]
    return run_worker(app, argv)  # non-zero on an unrecoverable error, so a supervisor restarts it


def _beat(_args: argparse.Namespace) -> int:
    from runtime.embedded_redis import resolve_redis_url
    from runtime.log_setup import configure_logging
    from workers.celery_app import create_celery
    from workers.scheduling.dispatch import configure_beat

    settings = Settings()
    configure_logging(settings.log_level)
    redis_url = resolve_redis_url(settings.redis_url, settings.data_dir)
    app = create_celery(settings, redis_url)
    configure_beat(app, redis_url)
    app.start(["beat", "--loglevel", settings.log_level])
    return 0


def _local(args: argparse.Namespace) -> int:
    from pathlib import Path

    from bot.intake.rule_agent import RuleAgent
    from workers.chat_agent import model_agent_from
    from workers.git_checkout import GitWorkspaceError
    from workers.local import run_local

    message = sys.stdin.read() if args.message == "-" else args.message
    try:
        result = run_local(
            Path(args.path), message, agent=RuleAgent(), model_agent=model_agent_from(Settings())
        )
    except GitWorkspaceError as error:
        print(f"gitlearnos local: {error}", file=sys.stderr)
        return 2
    print(result.text)
    return 1 if result.outcome == "refused" else 0


def add_installed_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the commands of every installed distribution that declares one in :data:`COMMAND_GROUP`."""
    for entry in sorted(entry_points(group=COMMAND_GROUP), key=lambda entry: entry.name):
        entry.load()(commands)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gitlearnos", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    serve = commands.add_parser(
        "serve",
        help="run the webhook web service (Litestar under uvicorn)",
        description="Run the webhook intake: verifies, normalizes, deduplicates and queues forge deliveries.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="interface to bind (default: 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8080, help="port to bind (default: 8080)")
    serve.set_defaults(func=_serve)

    worker = commands.add_parser(
        "worker",
        help="run a Celery worker that performs queued operations",
        description="Run a Celery worker: locks the learner repository, commits, pushes and replies.",
    )
    worker.add_argument(
        "--queues",
        default="events,schedule",
        help="comma-separated queues to consume (default: events,schedule)",
    )
    worker.add_argument("--concurrency", type=int, default=2, help="worker processes (default: 2)")
    worker.add_argument("--hostname", default="", help="Celery node name (default: Celery's own)")
    worker.add_argument(
        "--metrics-port",
        type=int,
        default=0,
        help="serve Prometheus metrics of this worker and its processes on this port (default: off)",
    )
    worker.add_argument(
        "--metrics-host",
        default="127.0.0.1",
        help="interface for --metrics-port (default: 127.0.0.1; use 0.0.0.0 in a container)",
    )
    worker.set_defaults(func=_worker)

    beat = commands.add_parser(
        "beat",
        help="run the scheduler that starts recurring jobs (maintenance) for every learner repository",
        description=(
            "Run Celery beat with its schedule kept in Redis (RedBeat). Every minute it queues one dispatch "
            "on the 'schedule' queue, which enqueues each repository's maintenance at the learner's local "
            "time from its gitlearnos.yml. Run exactly one; run workers with --queues events,schedule."
        ),
    )
    beat.set_defaults(func=_beat)

    local = commands.add_parser(
        "local",
        help="organize one message into a local learner repository (no forge, no remote)",
        description=(
            "Handle MESSAGE as a learner's note for the Git repository at PATH, exactly as an issue would be "
            "handled, commit the update to the current branch, and print the reply with its receipt. "
            "Uncommitted work in the repository is left alone."
        ),
    )
    local.add_argument("path", help="the learner repository (a Git working tree with gitlearnos.yml)")
    local.add_argument("message", help="the learner's message; '-' reads it from standard input")
    local.set_defaults(func=_local)

    add_installed_commands(commands)
    add_rag_commands(commands)
    add_schedule_commands(commands)
    add_doctor_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
