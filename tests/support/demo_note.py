"""The demo note's sentences, each a learner text no log line may contain (the e2e log audits)."""

from __future__ import annotations

from evals.demo import NOTE_BODY, NOTE_TITLE

DEMO_NOTE_SENTENCES = {"the demo note's title": NOTE_TITLE} | {
    f"sentence {n} of the demo note": sentence for n, sentence in enumerate(NOTE_BODY.split(". "), start=1)
}
