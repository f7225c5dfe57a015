"""The learner repository's ``gitlearnos.yml``: parsed, validated, explained.

This file is the only durable policy (protocol, "Minimal learner repository").
Known keys are validated strictly and a bad value produces a
:class:`~bot.errors.ConfigError` naming the dotted key and the accepted values;
unknown keys are kept and reported, because a newer protocol may add keys and
we must not destroy what we do not understand.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import lru_cache
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bot.errors import ConfigError

CONFIG_PATH = "gitlearnos.yml"
CONFIG_CACHE = 64  # distinct configuration texts kept parsed (one per learner repository seen lately)

_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
_QUIET = re.compile(r"^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$")


class Mode(StrEnum):
    SAFE_AUTO = "safe-auto"
    PREVIEW = "preview"
    MANUAL = "manual"


class ExternalModel(StrEnum):
    ASK = "ask"
    ALLOWED = "allowed"
    DENIED = "denied"


RagStatus = Literal["pending", "configured", "verified", "unavailable", "failed"]
Recurrence = Literal["daily", "weekly", "weekdays", "disabled"]


class _Section(BaseModel):
    # Unknown keys are allowed (and reported), known keys are strict.
    model_config = ConfigDict(extra="allow", frozen=True, use_enum_values=False)


class Identity(_Section):
    repo_id: str = ""
    role: Literal["learner"] = "learner"
    kind: Literal["learner-repository"] = "learner-repository"
    template: bool = False


class Authorization(_Section):
    automatic_writes: bool = True
    commits: bool = True
    push: bool = False
    external_publish: Literal["ask", "allowed", "denied"] = "ask"
    destructive_changes: Literal["ask", "allowed", "denied"] = "ask"
    learners: tuple[str, ...] = ()
    teachers: tuple[str, ...] = ()
    external_model: ExternalModel = ExternalModel.ASK


class Privacy(_Section):
    repository: Literal["private", "public"] = "private"
    store_conversations: bool = False
    store_originals: str = "authorized-only"
    store_sensitive_identity: str = "necessary-and-authorized"


class Endpoint(_Section):
    base_url: str = ""
    model: str = ""
    api_key_env: str = ""
    dimensions: int = Field(default=0, ge=0)


class Rag(_Section):
    required_for_complete: bool = True
    provider: str = "rag-anything"
    status: RagStatus = "pending"
    working_dir: str = ""
    parser_output_dir: str = ""
    chat: Endpoint = Endpoint(api_key_env="GITLEARNOS_RAG_CHAT_API_KEY")
    embedding: Endpoint = Endpoint(api_key_env="GITLEARNOS_RAG_EMBEDDING_API_KEY")


class SetupAnswers(_Section):
    goal: str = ""
    subject: str = ""
    material: str = ""
    rag_provider: str = ""
    rag_storage: str = ""


class Setup(_Section):
    answers: SetupAnswers = SetupAnswers()
    completed_at: str = ""


class Job(_Section):
    recurrence: Recurrence = "daily"
    local_time: str = "07:00"

    @field_validator("local_time")
    @classmethod
    def _hh_mm(cls, value: str) -> str:
        if not _TIME.match(value):
            raise ValueError("must be a 24-hour time HH:MM")
        return value


class Automation(_Section):
    time_zone: str = "UTC"
    quiet_hours: str = "22:00-07:00"
    max_questions_per_due_run: int = Field(default=3, ge=0, le=20)
    delivery_channel: str = "current-authorized-channel"
    jobs: dict[str, Job] = Field(
        default_factory=lambda: {
            "maintenance": Job(local_time="21:30"),
            "due-review": Job(local_time="07:00"),
        }
    )

    @field_validator("quiet_hours")
    @classmethod
    def _range(cls, value: str) -> str:
        if value and not _QUIET.match(value):
            raise ValueError("must be a range HH:MM-HH:MM")
        return value


class LearnerConfig(_Section):
    protocol: str = "2.0-draft"
    language: str = "en"
    mode: Mode = Mode.SAFE_AUTO
    identity: Identity = Identity()
    authorization: Authorization = Authorization()
    privacy: Privacy = Privacy()
    sources: dict[str, Any] = Field(default_factory=dict)
    rag: Rag = Rag()
    setup: Setup = Setup()
    automation: Automation = Automation()


def learner_logins(config: LearnerConfig, *, owner: str, actor: str, local: bool) -> set[str]:
    """Logins whose input is learning input: configured learners, else the repository owner.

    ``local`` is local mode (``gitlearnos local``): whoever runs the command in the learner's own
    checkout is the learner. The one rule, for the core's gates and the worker's alike.
    """
    if local:
        return {actor.lower()}
    configured = {login.lower() for login in config.authorization.learners}
    return configured or {owner.lower()}


class ParsedConfig(BaseModel):
    """A valid configuration plus the dotted paths of keys we did not recognize."""

    model_config = ConfigDict(frozen=True)

    config: LearnerConfig
    unknown_keys: tuple[str, ...] = ()


@lru_cache(maxsize=CONFIG_CACHE)
def parse_config(text: str) -> ParsedConfig:
    """Parse ``gitlearnos.yml`` text; raise :class:`ConfigError` naming the first bad key.

    Memoized on the text: one note asks for the configuration several times, and a worker sees the
    same few files over and over. The result depends on the text alone and is a frozen model, so a
    cached parse is the parse; an invalid text raises afresh each time (exceptions are not cached).
    """
    try:
        raw = yaml.safe_load(text) if text.strip() else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise ConfigError("(file)", f"is not valid YAML{where}") from exc
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError("(file)", "must be a mapping of keys to values")
    try:
        config = LearnerConfig.model_validate(raw)
    except ValidationError as exc:
        raise _first_config_error(exc) from exc
    return ParsedConfig(config=config, unknown_keys=tuple(_unknown_keys(config)))


def _first_config_error(exc: ValidationError) -> ConfigError:
    error = exc.errors()[0]
    key = ".".join(str(part) for part in error["loc"])
    accepted = _accepted_values(error)
    problem = f"has an invalid value {error.get('input')!r}: {error['msg']}"
    return ConfigError(key, problem, accepted)


def _accepted_values(error: Any) -> str:
    ctx = error.get("ctx") or {}
    expected = ctx.get("expected")
    if expected:
        return str(expected).replace("'", "")
    kind = error.get("type", "")
    if kind.startswith("bool"):
        return "true or false"
    if kind.startswith("int"):
        return "a whole number"
    if kind == "greater_than_equal":
        return f"a number of at least {ctx.get('ge')}"
    if kind == "less_than_equal":
        return f"a number of at most {ctx.get('le')}"
    return ""


def _unknown_keys(model: BaseModel, prefix: str = "") -> list[str]:
    found = [f"{prefix}{key}" for key in (model.model_extra or {})]
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, BaseModel):
            found.extend(_unknown_keys(value, f"{prefix}{name}."))
        elif isinstance(value, dict):
            for sub_key, sub in value.items():
                if isinstance(sub, BaseModel):
                    found.extend(_unknown_keys(sub, f"{prefix}{name}.{sub_key}."))
    return found


__all__ = [
    "CONFIG_PATH",
    "ExternalModel",
    "LearnerConfig",
    "Mode",
    "ParsedConfig",
    "parse_config",
]
