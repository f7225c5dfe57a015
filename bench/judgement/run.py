"""Judgement benchmark: recognition per language and class, answer evaluation, question checks.

Runs the offline rule agent and the chat-model agent (against a scripted endpoint that answers from
the corpus with a few per cent of labels turned) over the labelled messages, the product's answer
evaluator and the chat-model agent's verdicts over the answer/key pairs, and the question check over
the generated questions, and prints
the figures with issue 16's acceptance targets beside them. Figures only: the exit code is 0 whatever
they are. ``--json`` prints the same figures as one JSON object; ``--misses`` lists every disagreement;
``--messages FILE`` scores recognition on another labelled file, such as the held-out set.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.judgement import corpus, evaluation, questions, recognition, scripted_model
from bench.judgement.corpus import LABELS, AnswerPair, Message, QuestionCase
from bench.judgement.evaluation import EvaluationReport
from bench.judgement.questions import Flag
from bench.judgement.recognition import RecognitionReport, Scores
from bot.intake.rule_agent import RuleAgent

STORING_PRECISION = 0.97
DURABLE_RECALL_EN = 0.85
DURABLE_RECALL_OTHERS = 0.70
EVALUATION_ACCURACY = 0.95
DEFAULT_NOISE_PERCENT = 5
HELD_OUT = corpus.HERE / "messages_heldout.jsonl"  # written without reading the rules; never tuned on
RULE_AGENT = "bot.intake.rule_agent.RuleAgent"
MODEL_AGENT = "workers.chat_agent.ChatModelAgent"
TARGETS = {
    "storing_precision": f"≥ {STORING_PRECISION} in every language",
    "durable_recall": f"≥ {DURABLE_RECALL_EN} in English, ≥ {DURABLE_RECALL_OTHERS} in every other language",
    "evaluation_accuracy": f"≥ {EVALUATION_ACCURACY}",
    "false_correct": "0",
}


def recall_target(lang: str) -> float:
    return DURABLE_RECALL_EN if lang == "en" else DURABLE_RECALL_OTHERS


def figure(value: float | None, target: float | None = None) -> str:
    if value is None:
        return "–"
    mark = "" if target is None else (" ✓" if value >= target else " ✗")
    return f"{value:.2f}{mark}"


def scores_row(name: str, scores: Scores, recall_goal: float | None) -> str:
    classes = "  ".join(
        f"{figure(scores.precision(label)):>4}/{figure(scores.recall(label)):<4}   " for label in LABELS
    )
    return (
        f"{name:<4} {sum(scores.confusion.values()):>4} {scores.decided('durable'):>6}  "
        f"{figure(scores.storing_precision, STORING_PRECISION):>10}  "
        f"{figure(scores.durable_recall, recall_goal):>10}  {figure(scores.routing_accuracy):>7}  "
        f"{classes}  {scores.errors:>6}"
    )


def recognition_table(title: str, report: RecognitionReport) -> list[str]:
    header = (
        f"{'lang':<4} {'n':>4} {'stored':>6}  {'store-prec':>10}  {'dur-recall':>10}  {'routing':>7}  "
        + "  ".join(f"{label + ' P/R':<12}" for label in LABELS)
        + f"  {'errors':>6}"
    )
    lines = [title, header]
    lines += [scores_row(lang, s, recall_target(lang)) for lang, s in report.by_language.items()]
    lines.append(scores_row("all", report.overall, None))
    decided = (*LABELS, recognition.ERROR)
    lines.append("confusion, all languages (rows: label; columns: decided " + " / ".join(decided) + "):")
    for label in LABELS:
        counts = " ".join(f"{report.overall.confusion[label, d]:>5}" for d in decided)
        lines.append(f"  {label:<10} {counts}")
    return lines


def recognition_misses(report: RecognitionReport) -> list[str]:
    lines = ["misses (label → decided, subject expected → decided):"]
    for d in report.decisions:
        wrong_route = d.significance == "durable" == d.message.label and d.subject != d.message.subject
        if d.significance != d.message.label or wrong_route:
            lines.append(
                f"  [{d.message.lang}] {d.message.label} → {d.significance}, "
                f"{d.message.subject} → {d.subject or d.error or None}: {d.message.text[:90]!r}"
            )
    return lines


def evaluation_table(title: str, report: EvaluationReport) -> list[str]:
    header = "  ".join(f"{v:>11}" for v in (*corpus.VERDICTS, evaluation.ERROR))
    lines = [
        f"Answer evaluation — {title}, {len(report.judged)} pairs",
        f"accuracy {figure(report.accuracy, EVALUATION_ACCURACY)}   false correct: "
        f"{len(report.false_correct)}{' ✓' if not report.false_correct else ' ✗'}",
        "by kind: " + ", ".join(f"{kind} {acc:.2f}" for kind, acc in report.accuracy_by_kind().items()),
        f"confusion (rows: label; columns: judged): {'':<2}{header}",
    ]
    for label in corpus.VERDICTS:
        counts = "  ".join(
            f"{report.confusion[label, judged]:>11}" for judged in (*corpus.VERDICTS, evaluation.ERROR)
        )
        lines.append(f"  {label:<41}{counts}")
    return lines


def evaluation_misses(report: EvaluationReport) -> list[str]:
    lines = ["misjudged (label → judged: key | answer):"]
    for j in report.judged:
        if j.verdict != j.pair.verdict:
            mark = " FALSE CORRECT" if j.false_correct else ""
            lines.append(f"  {j.pair.verdict} → {j.verdict}{mark}: {j.pair.key!r} | {j.pair.answer!r}")
    return lines


def question_lines(flags: dict[str, Flag], total: int) -> list[str]:
    lines = [f"Question checks — {questions.check_question.__module__}.check_question, {total} questions"]
    for name, f in flags.items():
        lines.append(
            f"  {name:<13} caught {f.caught}, missed {f.missed}, false alarms {f.false_alarms}, "
            f"accuracy {figure(f.accuracy)}"
        )
    return lines


@dataclass(frozen=True)
class Figures:
    """Every figure the benchmark prints, kept as reports so the text and ``--json`` read the same data."""

    rules: RecognitionReport
    model: RecognitionReport
    evaluation: EvaluationReport
    model_evaluation: EvaluationReport
    model_calls: dict[str, int]
    noise_percent: int
    questions: dict[str, Flag]
    question_count: int

    def as_dict(self) -> dict[str, object]:
        return {
            "targets": TARGETS,
            "scripted_model": {"noise_percent": self.noise_percent, "calls": self.model_calls},
            "recognition": {"rule_agent": self.rules.as_dict(), "scripted_model": self.model.as_dict()},
            "evaluation": {
                "product": self.evaluation.as_dict(),
                "scripted_model": self.model_evaluation.as_dict(),
            },
            "questions": {name: f.as_dict() for name, f in self.questions.items()},
        }

    def as_text(self, *, misses: bool) -> str:
        scripted = f"on a scripted endpoint, {self.noise_percent} % of labels turned"
        rules, model = self.rules, self.model
        sections = [
            (recognition_table(f"Recognition — rule agent ({RULE_AGENT})", rules), recognition_misses(rules)),
            (
                recognition_table(f"Recognition — chat-model agent ({MODEL_AGENT}) {scripted}", model),
                recognition_misses(model),
            ),
            (
                evaluation_table(f"{evaluation.EVALUATOR} (through judge_answer)", self.evaluation),
                evaluation_misses(self.evaluation),
            ),
            (
                evaluation_table(f"chat-model agent's judge_answer {scripted}", self.model_evaluation),
                evaluation_misses(self.model_evaluation),
            ),
        ]
        lines: list[str] = []
        for table, missed in sections:
            lines += [*table, *(missed if misses else []), ""]
        lines += [f"scripted endpoint calls by schema: {self.model_calls}", ""]
        lines += [*question_lines(self.questions, self.question_count), ""]
        lines.append("targets (issue 16): " + "; ".join(f"{k} {v}" for k, v in TARGETS.items()))
        return "\n".join(lines)


def measure(
    messages: list[Message], answers: list[AnswerPair], cases: list[QuestionCase], noise_percent: int
) -> Figures:
    endpoint = scripted_model.ScriptedEndpoint(noise_percent)
    return Figures(
        rules=recognition.score(RuleAgent(), messages),
        model=scripted_model.recognize(endpoint, messages),
        evaluation=evaluation.score(answers),
        model_evaluation=scripted_model.evaluate(endpoint, answers),
        model_calls=dict(endpoint.calls),
        noise_percent=noise_percent,
        questions=questions.score(cases),
        question_count=len(cases),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--misses", action="store_true", help="list every row the bot judged otherwise")
    parser.add_argument(
        "--noise",
        type=int,
        default=DEFAULT_NOISE_PERCENT,
        help=f"per cent of labels the scripted model turns (default {DEFAULT_NOISE_PERCENT})",
    )
    parser.add_argument(
        "--per-language", type=int, metavar="N", help="only the first N messages of each language"
    )
    parser.add_argument(
        "--messages",
        type=Path,
        default=corpus.MESSAGES,
        metavar="FILE",
        help=f"the labelled messages to score recognition on (default {corpus.MESSAGES.name}; "
        f"{HELD_OUT.name} is the held-out set)",
    )
    args = parser.parse_args(argv)
    messages = corpus.messages(args.messages)
    if args.per_language is not None:
        messages = corpus.per_language(messages, args.per_language)
    figures = measure(messages, corpus.answers(), corpus.questions(), args.noise)
    if args.json:
        print(json.dumps(figures.as_dict(), ensure_ascii=False, indent=2))
    else:
        print(figures.as_text(misses=args.misses))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
