"""The chat model's part in a diagnosis: it may read a probe answer the rules cannot, through a schema.

The offline rules read the answers to their own probes (a direction, a named method, a letter) and split
nothing when the learner answers in free prose. A chat model that implements :class:`Diagnostician`
may then propose how the answer moves each class. What it proposes is vetted here, and the gates
(:mod:`bot.diagnose.gates`) still decide what is written:

* every move must rest on a quote that really is in the learner's answer; a move without one is
  dropped, so a model cannot invent evidence;
* a model may weaken, rule out or support a class, never falsify one (falsifying takes the learner's own
  correction) and never touch a class already ruled out or falsified;
* ``supported`` from a model is positive evidence only: it passes the supported-write gate only when
  every class that would change the teaching is weakened too, exactly as for the rules' own reading.

The model is used under the same consent as for reading notes (``authorization.external_model``).
"""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from bot.config import LearnerConfig
from bot.diagnose.hypotheses import HypothesisClass, Reading, Status
from bot.diagnose.probes import AnswerReading, Moves
from bot.intake.agent import Agent
from bot.intake.model_use import model_allowed
from bot.text import one_line


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ProbeAnswerToRead(_Frozen):
    """What the model is shown: the signal, the probe asked, the answer, and each class's status now."""

    signal: str
    probe: str
    answer: str
    hypotheses: tuple[tuple[HypothesisClass, Status], ...]


class ProposedMove(_Frozen):
    hypothesis: HypothesisClass
    status: Literal["weakened", "ruled_out", "supported"]
    quote: str = Field(min_length=1, max_length=300)  # the learner's own words the move rests on
    why: str = Field(min_length=1, max_length=300)


class ProposedReading(_Frozen):
    """The model's reading of one probe answer: moves, what the answer split, and the blocker if any."""

    moves: tuple[ProposedMove, ...] = ()
    split: str = Field(min_length=1, max_length=200)
    blocker: str = Field(default="", max_length=120)
    judged_by: str = Field(min_length=1)
    remark: str = Field(default="", max_length=200)  # why the model split nothing (it failed, refused)


@runtime_checkable
class Diagnostician(Protocol):
    """An agent that reads probe answers by meaning (a chat model; the offline rules do not)."""

    def read_probe_answer(self, item: ProbeAnswerToRead) -> ProposedReading: ...


def diagnostician(config: LearnerConfig, model_agent: Agent | None) -> Diagnostician | None:
    """The model that may read probe answers, under the learner's consent; None otherwise."""
    if model_allowed(config, model_agent) and isinstance(model_agent, Diagnostician):
        return model_agent
    return None


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


# Words about the record rather than about the task: a quote naming a class by its label, or a status, is
# someone telling the record what to say (an injection the model obeyed), never evidence for a move. Labels
# a learner also says of their own work ("a calculation error", "I had forgotten it") stay evidence.
SPOKEN_LABELS = frozenset(
    {HypothesisClass.CALCULATION_ERROR, HypothesisClass.INCIDENTAL, HypothesisClass.FORGOTTEN}
)
RECORD_WORDS = tuple(
    word.replace("-", " ").replace("_", " ")
    for word in (
        *(c.value for c in HypothesisClass if c not in SPOKEN_LABELS),
        *(s.value for s in Status if s is not Status.ACTIVE),
    )
)


def _evidence_quote(quote: str, said: str) -> bool:
    """``quote`` is in the learner's answer and speaks of the task, not of the record."""
    folded = _folded(quote)
    spoken = folded.replace("-", " ").replace("_", " ")
    return bool(folded) and folded in said and not any(word in spoken for word in RECORD_WORDS)


def vetted(proposal: ProposedReading, *, answer: str, reading: Reading) -> AnswerReading:
    """The moves of ``proposal`` that quote the learner's answer about the task and touch a class still in
    play (a class the signal never opened is no move at all)."""
    said = _folded(answer)
    opened = {h.cls for h in reading.hypotheses}
    moves: Moves = {}
    for move in proposal.moves:
        if move.hypothesis not in opened or not _evidence_quote(move.quote, said):
            continue
        if not reading.get(move.hypothesis).live:
            continue
        evidence = (
            f"{proposal.judged_by} read “{one_line(move.quote, limit=120)}”: {one_line(move.why, limit=200)}"
        )
        moves[move.hypothesis] = (Status(move.status), evidence)
    supported = [c for c, (status, _) in moves.items() if status is Status.SUPPORTED]
    blocker = one_line(proposal.blocker, limit=120) if len(supported) == 1 else ""
    remark = f" ({one_line(proposal.remark, limit=200)})" if proposal.remark else ""
    split = (
        f"{proposal.judged_by}: {one_line(proposal.split, limit=200)}"
        if moves
        else f"it split nothing{remark}"
    )
    return AnswerReading(moves, split, blocker=blocker)
