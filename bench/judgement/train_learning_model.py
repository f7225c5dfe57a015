"""Train the rule agent's learning model from the development message files, and cross-validate it.

The model (:mod:`bot.intake.learning_model`) is trained only from the development sets named in
``DEVELOPMENT`` — never from a sealed held-out file — and written to ``bot/intake/learning_model.json``.

    .venv/bin/python -m bench.judgement.train_learning_model          # train on every dev file, write
    .venv/bin/python -m bench.judgement.train_learning_model --cv     # leave one dev file out, score it

``--cv`` trains on all development files but one and scores the rule agent with that model on the file
left out, for each file in turn, printing storing precision and durable recall per language: the honest
estimate of how the combination does on text neither the model nor (for the newest file) the rules saw.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.judgement import corpus, recognition
from bench.judgement.corpus import Message
from bot.intake import rule_agent
from bot.intake.learning_model import WEIGHTS, LearningModel, train
from bot.intake.rule_agent import RuleAgent

DEVELOPMENT = ("messages.jsonl", "messages_heldout.jsonl", "messages_dev3.jsonl")


def development_files() -> list[Path]:
    return [corpus.HERE / name for name in DEVELOPMENT if (corpus.HERE / name).exists()]


def rows(messages: list[Message]) -> list[tuple[str, bool]]:
    return [(f"{m.title or ''}\n{m.text}", m.label == "durable") for m in messages]


def fit(paths: list[Path]) -> LearningModel:
    return train(row for path in paths for row in rows(corpus.messages(path)))


def figures(report: recognition.RecognitionReport) -> str:
    def cell(value: float | None) -> str:
        return "  – " if value is None else f"{value:.2f}"

    languages = report.by_language.items()
    parts = [f"{lang} {cell(s.storing_precision)}/{cell(s.durable_recall)}" for lang, s in languages]
    overall = report.overall
    parts.append(f"all {cell(overall.storing_precision)}/{cell(overall.durable_recall)}")
    return "  ".join(parts)


def cross_validate(threshold: float | None) -> None:
    paths = development_files()
    if threshold is not None:
        rule_agent.CONFIDENT = threshold
    print("store-precision/durable-recall per language; model trained on the other dev files")
    for held in paths:
        model = fit([p for p in paths if p != held])
        messages = corpus.messages(held)
        alone = recognition.score(RuleAgent(use_model=False), messages)
        combined = recognition.score(RuleAgent(model=model), messages)
        print(f"{held.name}\n  rules alone   {figures(alone)}\n  rules+model   {figures(combined)}")


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--cv", action="store_true", help="leave one development file out and score it")
    parser.add_argument("--threshold", type=float, help="with --cv: the model's confidence to try")
    args = parser.parse_args(argv)
    if args.cv:
        cross_validate(args.threshold)
        return 0
    paths = development_files()
    model = fit(paths)
    WEIGHTS.write_text(json.dumps(model.as_json(), ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"wrote {WEIGHTS} ({len(model.weights)} n-grams, from {', '.join(p.name for p in paths)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
