"""Train the rule agent's two models from the development message files, and cross-validate them.

The learning model (:mod:`bot.intake.learning_model`: is this a learning note?) and the field model
(:mod:`bot.intake.field_model`: which field is it about?) are trained only from the development sets
named in ``DEVELOPMENT`` — never from a sealed held-out file — and written to
``bot/intake/learning_model.json`` and ``bot/intake/field_model.json``. The field model also learns from
the subject word lists (:mod:`bot.intake.subject_words`), each term a one-line document of its field.

    .venv/bin/python -m bench.judgement.train_learning_model          # train on every dev file, write
    .venv/bin/python -m bench.judgement.train_learning_model --cv     # leave one dev file out, score it

``--cv`` trains both models on all development files but one and scores the rule agent with them on the
file left out, for each file in turn, printing storing precision, durable recall and routing per
language, by the rules alone and with the models: the honest estimate of how the combination does on text
the models did not see.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.judgement import corpus, recognition
from bench.judgement.corpus import Message
from bot.intake import field_model, learning_model
from bot.intake.cue_words import every_language
from bot.intake.field_model import FieldModel
from bot.intake.learning_model import LearningModel
from bot.intake.rule_agent import RuleAgent
from bot.intake.subject_routing import field_of
from bot.intake.subject_words import FIELD_OF, NAMES, TERMS

DEVELOPMENT = (
    "messages.jsonl",
    "messages_heldout.jsonl",
    "messages_dev3.jsonl",
    "messages_heldout2.jsonl",
    "messages_heldout3.jsonl",
    "messages_dev5.jsonl",
)
# Sealed held-out sets: never read, scored or trained on, whatever DEVELOPMENT lists.
SEALED = ("heldout4", "heldout5")


def sealed(name: str) -> bool:
    return any(mark in name for mark in SEALED)


def development_files() -> list[Path]:
    paths = [corpus.HERE / name for name in DEVELOPMENT if not sealed(name)]
    return [path for path in paths if path.exists()]


def learning_rows(messages: list[Message]) -> list[tuple[str, bool]]:
    return [(f"{m.title or ''}\n{m.text}", m.label == "durable") for m in messages]


def field_rows(messages: list[Message]) -> list[tuple[str, str]]:
    """The durable messages whose subject folder names a known field, as ``(text, field)``."""
    rows = []
    for m in messages:
        field = field_of(m.subject) if m.subject else None
        if field:
            rows.append((f"{m.title or ''}\n{m.text}", field))
    return rows


def lexicon_rows() -> list[tuple[str, str]]:
    """Every subject term and subject name of the word lists as a one-line document of its field."""
    terms = [(term, field) for field, lexicon in TERMS.items() for term in every_language(lexicon)]
    names = [(name, FIELD_OF.get(key, key)) for key, listed in NAMES.items() for name in listed]
    return [(text.replace("*", "").replace("~", " "), field) for text, field in (*terms, *names)]


def fit(paths: list[Path]) -> tuple[LearningModel, FieldModel]:
    messages = [m for path in paths for m in corpus.messages(path)]
    learning = learning_model.train(learning_rows(messages))
    fields = field_model.train([*field_rows(messages), *lexicon_rows()])
    return learning, fields


def figures(report: recognition.RecognitionReport) -> str:
    def cell(value: float | None) -> str:
        return "  – " if value is None else f"{value:.2f}"

    def scores(name: str, s: recognition.Scores) -> str:
        return f"{name} {cell(s.storing_precision)}/{cell(s.durable_recall)}/{cell(s.routing_accuracy)}"

    parts = [scores(lang, s) for lang, s in report.by_language.items()]
    parts.append(scores("all", report.overall))
    return "  ".join(parts)


def cross_validate(*, misses: bool = False) -> None:
    """Score each development file with models trained on the others, then all files pooled; with
    ``misses``, list what each file's agent stored wrongly or failed to store."""
    paths = development_files()
    print("store-precision/durable-recall/routing per language; models trained on the other dev files")
    pooled: dict[str, list[recognition.Decision]] = {"alone": [], "combined": []}
    for held in paths:
        learning, fields = fit([p for p in paths if p != held])
        messages = corpus.messages(held)
        alone = recognition.score(RuleAgent(use_model=False), messages)
        combined = recognition.score(RuleAgent(model=learning, field_model=fields), messages)
        pooled["alone"] += alone.decisions
        pooled["combined"] += combined.decisions
        print(f"{held.name}\n  rules alone   {figures(alone)}\n  rules+models  {figures(combined)}")
        if misses:
            for line in wrong(combined):
                print(f"    {line}")
    alone_all = recognition.RecognitionReport.from_decisions(pooled["alone"])
    combined_all = recognition.RecognitionReport.from_decisions(pooled["combined"])
    print(f"all files pooled\n  rules alone   {figures(alone_all)}\n  rules+models  {figures(combined_all)}")


def wrong(report: recognition.RecognitionReport) -> list[str]:
    """Each false store and each durable message not stored, one line each."""
    lines = []
    for d in report.decisions:
        label = d.message.label
        if (d.significance == recognition.STORE) != (label == recognition.STORE):
            lines.append(f"[{d.message.lang}] {label} → {d.significance}: {d.message.text[:90]!r}")
    return lines


def write(path: Path, weights: dict[str, object]) -> None:
    path.write_text(json.dumps(weights, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--cv", action="store_true", help="leave one development file out and score it")
    parser.add_argument("--misses", action="store_true", help="with --cv, list each file's wrong decisions")
    args = parser.parse_args(argv)
    if args.cv:
        cross_validate(misses=args.misses)
        return 0
    paths = development_files()
    learning, fields = fit(paths)
    write(Path(str(learning_model.WEIGHTS)), learning.as_json())
    write(Path(str(field_model.WEIGHTS)), fields.as_json())
    print(f"wrote {learning_model.WEIGHTS} ({len(learning.weights)} n-grams)")
    print(f"wrote {field_model.WEIGHTS} ({len(fields.counts)} n-grams)")
    print(f"from {', '.join(p.name for p in paths)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
