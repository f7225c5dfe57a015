"""Every setting the service reads, from the environment, in one place.

Settings are built once by each entry point and passed down (never read at
import time), so tests construct them directly. Secrets are ``SecretStr`` so
they never appear in a repr, a log line or a traceback.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_data_dir() -> Path:
    return Path.home() / ".local" / "share" / "gitlearnos"


class Settings(BaseSettings):
    """Configuration of the web, worker and demo processes.

    ``REDIS_URL`` empty means: start (or reuse) the embedded Redis under the
    data directory, so nothing needs installing.
    """

    model_config = SettingsConfigDict(env_prefix="GITLEARNOS_", extra="ignore", populate_by_name=True)

    redis_url: str = Field(default="", validation_alias=AliasChoices("REDIS_URL", "GITLEARNOS_REDIS_URL"))
    data_dir: Path = Field(default_factory=default_data_dir)

    github_webhook_secret: SecretStr | None = None
    github_webhook_secret_previous: SecretStr | None = None
    github_token: SecretStr | None = None
    github_api_url: str = "https://api.github.com"
    github_app_id: str = ""
    github_app_private_key: SecretStr | None = None
    github_app_private_key_file: Path | None = None

    gitlab_webhook_secret: SecretStr | None = None
    gitlab_webhook_secret_previous: SecretStr | None = None
    gitlab_signing_token: SecretStr | None = None
    gitlab_token: SecretStr | None = None
    gitlab_url: str = "https://gitlab.com"

    gitea_webhook_secret: SecretStr | None = None
    gitea_webhook_secret_previous: SecretStr | None = None
    gitea_token: SecretStr | None = None
    gitea_url: str = ""

    public_url: str = Field(
        default="",
        description=(
            "Where forges reach this service (e.g. https://bot.example.org); webhooks point at "
            "<public_url>/webhooks/<forge>. `gitlearnos doctor` checks each repository's hook against it."
        ),
    )

    bot_login: str = Field(
        default="",
        description="The bot's own account(s), comma-separated (one per forge); their events are dropped.",
    )

    # An OpenAI-compatible chat model (DESIGN §4); unset means the offline rule agent only. Learners still
    # decide per repository (`authorization.external_model: allowed`) whether their notes go to it.
    model_base_url: str = ""
    model_name: str = ""
    model_api_key: SecretStr | None = None
    model_timeout_seconds: float = 60.0

    trigger_secret: SecretStr | None = Field(
        default=None,
        description="HMAC secret of POST /triggers/{job} (forge-side schedulers); unset refuses all.",
    )
    dispatch_interval_seconds: float = Field(
        default=60.0, gt=0, description="How often beat's dispatcher looks for due recurring jobs."
    )

    max_body_bytes: int = 25 * 1024 * 1024
    delivery_ttl_seconds: int = 7 * 24 * 3600
    lock_timeout_seconds: int = 600
    push_attempts: int = 3
    git_timeout_seconds: int = 120
    http_timeout_seconds: float = 15.0
    rag_allowed_hosts: str = Field(
        default="",
        description="Hosts rag.chat/rag.embedding may name (comma-separated); empty: public https.",
    )
    rag_timeout_seconds: float = Field(
        default=60.0, gt=0, description="Time limit for one request to a learner's RAG endpoint."
    )
    log_level: str = "INFO"

    @field_validator("github_app_private_key_file", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        # `NAME=` in an env file means "not set", not "the current directory".
        return None if value == "" else value

    @property
    def bot_logins(self) -> frozenset[str]:
        return frozenset(login.strip().lower() for login in self.bot_login.split(",") if login.strip())

    @property
    def rag_hosts(self) -> frozenset[str]:
        return frozenset(host.strip().lower() for host in self.rag_allowed_hosts.split(",") if host.strip())

    @property
    def mirrors_dir(self) -> Path:
        return self.data_dir / "mirrors"

    @property
    def rag_dir(self) -> Path:
        """RAG indexes (one folder per learner repository), outside every Git working tree."""
        return self.data_dir / "rag"

    def secret_value(self, secret: SecretStr | None) -> str:
        return secret.get_secret_value() if secret is not None else ""
