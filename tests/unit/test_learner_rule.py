"""Who counts as a learner: one pure rule in the core, which the core's gates and the worker both call."""

from __future__ import annotations

from bot.config import LearnerConfig, learner_logins


def test_configured_learners_are_the_learners_whoever_owns_the_repository() -> None:
    config = LearnerConfig.model_validate({"authorization": {"learners": ["Ada", "grace"]}})
    assert learner_logins(config, owner="school", actor="mallory", local=False) == {"ada", "grace"}


def test_without_configured_learners_the_owner_is_the_learner() -> None:
    assert learner_logins(LearnerConfig(), owner="Ada", actor="mallory", local=False) == {"ada"}


def test_in_local_mode_whoever_runs_the_command_is_the_learner() -> None:
    config = LearnerConfig.model_validate({"authorization": {"learners": ["grace"]}})
    assert learner_logins(config, owner="ada", actor="Linus", local=True) == {"linus"}
