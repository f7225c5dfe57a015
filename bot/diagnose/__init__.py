"""Differential diagnosis: a complaint or a failed attempt is a signal, read through competing hypotheses.

Protocol "Diagnose and synthesize repeated problem-solving evidence", scenarios 17 and 18. Pure: the
modules here decide what a signal opens (:mod:`.hypotheses`), which one question splits the live
classes (:mod:`.probes`), when to stop asking and what may be written (:mod:`.gates`, :mod:`.lifecycle`),
and how the reading lives in the learner's repository (:mod:`.record`); :mod:`.probe_answer` plans the
commit a learner's answer to a probe makes, and :mod:`.teaching` the start of teaching for material the
learner has not met (no diagnosis at all). docs/diagnosis.md tells the whole story.
"""
