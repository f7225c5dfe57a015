"""``gitlearnos rag <operation>``: the adapter operations for operators, on one learner repository.

``--repo`` is either a path to a checkout (a learner's local repository) or ``FORGE:HOST/OWNER/NAME``
for a repository this bot serves (its mirror clone under the data directory is read, never written).
Both resolve to the same index the rag worker uses. Output is JSON on standard output; ``ingest`` and
``rebuild`` report what they are doing on standard error (a live status on a terminal, plain lines
otherwise) and end there with a short summary.

The adapter never commits on the learner's behalf (protocol, "Setup and adapter contract"): ``ingest``,
``rebuild``, ``delete`` and ``verify`` write their receipt into a local checkout's
``.gitlearnos/receipts/`` for the learner to commit, or only print it for a served repository (the rag
worker commits its own receipts there). Operations that write to the index must not run while that
repository's rag worker runs: the index has one writer.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from runtime.settings import Settings

_SPEC_HELP = "a checkout path, or FORGE:HOST/OWNER/NAME of a served repository (e.g. github:github.com/a/b)"


@dataclass
class Target:
    checkout: Any  # workers.git_checkout.GitCheckout
    repo_key: str
    writable: bool


def _target(spec: str, settings: Settings) -> Target:
    import git

    from bot.intake.events import Forge
    from workers.git_checkout import GitCheckout
    from workers.rag_index import local_repo_key

    forge, sep, rest = spec.partition(":")
    if sep and forge in {f.value for f in Forge} and rest.count("/") >= 2:
        host, _, full_name = rest.partition("/")
        path = settings.mirrors_dir / forge / host.replace(":", "_") / full_name
        key = f"{forge}/{host.replace(':', '_')}/{full_name}"
        return Target(GitCheckout(git.Repo(path)), key, writable=False)
    path = Path(spec).resolve()
    return Target(GitCheckout(git.Repo(path)), local_repo_key(path), writable=True)


def _spec_and_links(target: Target, settings: Settings) -> tuple[Any, list[Any]]:
    from bot.config import CONFIG_PATH, parse_config
    from bot.rag.links import source_links
    from workers.rag_index import EndpointRefused, index_spec

    config = parse_config(target.checkout.read_text(CONFIG_PATH) or "").config
    try:
        return index_spec(settings, target.repo_key, config), source_links(target.checkout)
    except EndpointRefused as refused:
        raise SystemExit(f"gitlearnos rag: {refused}") from None


def _link(links: list[Any], record: str) -> Any:
    found = next((link for link in links if record in (link.record_path, link.source_id)), None)
    if found is None:
        raise SystemExit(
            f"gitlearnos rag: no source record {record!r}; known: {[x.record_path for x in links]}"
        )
    return found


def _emit_receipt(target: Target, receipt: Any) -> int:
    document = receipt.to_dict()
    if target.writable:
        destination = Path(target.checkout.path) / receipt.path
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_text(receipt.to_json(), encoding="utf-8")
        document["written_to"] = receipt.path + " (not committed: commit it with the source record)"
    print(json.dumps(document, indent=2))
    return 0 if receipt.result.value in ("completed", "refused") else 1


def _context(target: Target) -> Any:
    from rag.operations import RunContext

    return RunContext(repository=target.repo_key, repo_revision=target.checkout.head)


def _quiet_provider_logs() -> None:
    """LightRAG narrates every storage it opens at INFO on stderr; an operator needs only its warnings."""
    import logging

    import lightrag.utils  # noqa: F401 - it installs the "lightrag" logger's own handler and level

    for name in ("lightrag", "nano-vectordb"):
        logging.getLogger(name).setLevel(logging.WARNING)


def _ingest(args: argparse.Namespace, *, rebuild: bool) -> int:
    from bot.config import CONFIG_PATH, parse_config
    from bot.rag.links import Readiness, ingest_decision
    from gitlearnos.console_progress import reporter
    from rag.operations import ingest, run

    progress = reporter()
    operation = "rebuild" if rebuild else "ingest"
    settings = Settings()
    with progress.step(f"reading the source record {args.source}"):
        target = _target(args.repo, settings)
        spec, links = _spec_and_links(target, settings)
        link = _link(links, args.source)
        config = parse_config(target.checkout.read_text(CONFIG_PATH) or "").config
        decision = ingest_decision(link, target.checkout, config)
    if decision.readiness is Readiness.IDENTICAL and rebuild:
        decision = decision.model_copy(update={"readiness": Readiness.INGEST, "replaces_doc_id": link.doc_id})
    if decision.readiness is not Readiness.INGEST:
        print(
            json.dumps(
                {"result": "refused", "readiness": decision.readiness.value, "reason": decision.reason}
            )
        )
        progress.summary(f"gitlearnos rag {operation}: refused ({decision.readiness.value})",
                         [("source", link.record_path), ("reason", decision.reason)])  # fmt: skip
        return 1
    material = target.checkout.read_text(decision.material_path) or ""
    doing = "rebuilding" if rebuild else "ingesting"
    with progress.step(f"{doing} {decision.material_path} ({len(material)} characters)"):
        _quiet_provider_logs()
        receipt = run(ingest(spec, link, decision, material, _context(target)))
    code = _emit_receipt(target, receipt)
    if target.writable:
        _write_linkage(target, link, receipt)
    progress.summary(
        f"gitlearnos rag {operation}: {receipt.result.value} in {progress.elapsed():.1f} s",
        _ingest_summary(target, receipt),
    )
    return code


def _write_linkage(target: Target, link: Any, receipt: Any) -> None:
    """Rewrite the source record's RAG linkage in the learner's checkout from ``receipt``, as the rag
    worker's receipt commit does on a forge, for the learner to commit with the receipt: only then does
    the repository show the source as ingested (its questions are answered from the index, and
    readiness counts it)."""
    from bot.rag.links import update_linkage
    from rag.operations import sync_evidence

    record = Path(target.checkout.path) / link.record_path
    text = record.read_text(encoding="utf-8")
    updated = update_linkage(text, sync_evidence(link, receipt), target.checkout, receipt.to_json())
    record.write_text(updated, encoding="utf-8")


def _ingest_summary(target: Target, receipt: Any) -> list[tuple[str, str]]:
    """The receipt as a person checks it: what went in, whether it is retrievable, where the receipt is."""
    found = receipt.verification.found if receipt.verification is not None else None
    rows = [
        ("source", receipt.source_record or receipt.source_id),
        ("material", receipt.locator),
        ("document", receipt.doc_id),
        ("replaces", receipt.replaces_doc_id),
        ("chunks", str(receipt.chunks)),
        ("retrieval", {True: "verified", False: "NOT verified", None: "not checked"}[found]),
        ("error", receipt.error),
        (
            "receipt",
            f"{receipt.path} (written, not committed)"
            if target.writable
            else f"{receipt.path} (printed only; the rag worker commits receipts of served repositories)",
        ),
        ("record", f"{receipt.source_record} (linkage updated, not committed)" if target.writable else ""),
    ]
    return [(label, value) for label, value in rows if value]


def _delete(args: argparse.Namespace) -> int:
    from rag.operations import delete, run

    settings = Settings()
    target = _target(args.repo, settings)
    spec, links = _spec_and_links(target, settings)
    link = _link(links, args.source)
    if not link.doc_id:
        print(json.dumps({"result": "refused", "reason": "the record names no ingested document"}))
        return 1
    return _emit_receipt(target, run(delete(spec, link, link.doc_id, _context(target))))


def _verify(args: argparse.Namespace) -> int:
    from rag.operations import run, verify

    settings = Settings()
    target = _target(args.repo, settings)
    spec, _ = _spec_and_links(target, settings)
    receipt = run(
        verify(
            spec,
            _context(target),
            source_id=args.source_id,
            doc_id=args.doc_id,
            question=args.question,
            expect=args.expect,
        )
    )
    return _emit_receipt(target, receipt)


def _query(args: argparse.Namespace) -> int:
    from rag.operations import QueryStatus, query, run

    settings = Settings()
    target = _target(args.repo, settings)
    spec, links = _spec_and_links(target, settings)
    from bot.config import CONFIG_PATH, parse_config
    from bot.rag.links import current_doc_ids

    config = parse_config(target.checkout.read_text(CONFIG_PATH) or "").config
    result = run(
        query(
            spec,
            args.question,
            links,
            target.checkout.read_text,
            knowledge_id=args.knowledge_id,
            current_doc_ids=current_doc_ids(links, target.checkout, config),
        )
    )
    print(json.dumps(result.as_dict(), indent=2))
    return 2 if result.status == QueryStatus.FAILED else 0


def _status(args: argparse.Namespace) -> int:
    from rag.operations import run, status

    settings = Settings()
    target = _target(args.repo, settings)
    spec, links = _spec_and_links(target, settings)
    print(json.dumps(run(status(spec, links)), indent=2))
    return 0


def add_rag_commands(commands: Any) -> None:
    """The ``rag`` command and its operations, on the top-level parser's subcommands."""
    rag = commands.add_parser(
        "rag",
        help="RAG adapter operations on one repository: status, ingest, verify, query, rebuild, delete",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ops = rag.add_subparsers(dest="rag_operation", metavar="OPERATION", required=True)

    def op(name: str, text: str, func: Any, *, source: bool = False) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = ops.add_parser(name, help=text, description=text)
        parser.add_argument("--repo", required=True, help=_SPEC_HELP)
        if source:
            parser.add_argument("--source", required=True, help="source record path or source id")
        parser.set_defaults(func=func)
        return parser

    op("status", "recorded RAG evidence beside the provider's document states", _status)
    op("ingest", "synchronize a committed source version (identical active ingestion is refused)",
       lambda a: _ingest(a, rebuild=False), source=True)  # fmt: skip
    op("rebuild", "delete the owned entry, re-insert the current version, verify",
       lambda a: _ingest(a, rebuild=True), source=True)  # fmt: skip
    op("delete", "remove the receipt-owned document (the receipt lists what stays)", _delete, source=True)
    verify = op("verify", "acceptance: is EXPECT in the retrieved evidence of DOC_ID?", _verify)
    verify.add_argument("--source-id", required=True)
    verify.add_argument("--doc-id", required=True)
    verify.add_argument("--question", required=True)
    verify.add_argument("--expect", required=True)
    query = op("query", "read-only retrieval with traceable evidence (ok / no-hit / stale / failed)", _query)
    query.add_argument("--question", required=True)
    query.add_argument("--knowledge-id", default="", help="only evidence linked to this knowledge point")
