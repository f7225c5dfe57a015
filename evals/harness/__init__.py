"""The conformance harness behind ``gitlearnos evals``.

The protocol's scenarios (its ``evals/`` folder upstream; see docs/protocol.md) are judged by what a
learner can see: the files and commits at the remote (cloned over Git, as the learner would), the commit
trailers, and the bot's comments with their receipts. Nothing here reads the bot's internals, so a check
passes only when the learner-visible result is right, however the bot got there.

Modules: :mod:`.checks` (recording and verdicts), :mod:`.repo_state` and :mod:`.links` (what a repository
holds), :mod:`.receipt` (the receipt in a comment), :mod:`.learner_checks` (checks shared by scenarios),
:mod:`.forge_run` and :mod:`.local_run` (scenario contexts), :mod:`.stack` (the bot under test, and which
forges it can be run on), :mod:`.runner` and :mod:`.report` (the run and its table/JSON).
"""
