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

    model_config = SettingsConfigDict(
        env_prefix="GITLEARNOS_", extra="ignore", populate_by_name=True, use_attribute_docstrings=True
    )

    redis_url: str = Field(default="", validation_alias=AliasChoices("REDIS_URL", "GITLEARNOS_REDIS_URL"))
    """Redis for queues, locks, dedup keys, parked events; empty starts an embedded one in the data dir."""
    data_dir: Path = Field(default_factory=default_data_dir)
    """Mirror clones, RAG indexes, worker metrics files and the embedded Redis's files."""

    github_webhook_secret: SecretStr | None = None
    """Verifies GitHub's X-Hub-Signature-256; unset refuses every GitHub delivery (503)."""
    github_webhook_secret_previous: SecretStr | None = None
    """The previous GitHub webhook secret, also accepted while a rotation is under way."""
    github_token: SecretStr | None = None
    """Token for the GitHub API and git over HTTPS (not used once an App id is set)."""
    github_api_url: str = "https://api.github.com"
    """GitHub's REST API base (https://HOST/api/v3 for GHES); events from other hosts are refused."""
    github_app_id: str = ""
    """Act as this GitHub App: an installation token is minted per job. Empty: use the token."""
    github_app_private_key: SecretStr | None = None
    """The GitHub App's private key (PEM)."""
    github_app_private_key_file: Path | None = None
    """A file holding the GitHub App's private key, re-read for each job (so a rotated key is picked up)."""

    gitlab_webhook_secret: SecretStr | None = None
    """Compared with GitLab's X-Gitlab-Token; unset refuses every GitLab delivery (503)."""
    gitlab_webhook_secret_previous: SecretStr | None = None
    """The previous GitLab webhook secret, also accepted while a rotation is under way."""
    gitlab_signing_token: SecretStr | None = None
    """Optional whsec_ signing token: also require GitLab's webhook-signature, at most five minutes old."""
    gitlab_token: SecretStr | None = None
    """GitLab project, group or personal access token (scopes api and write_repository)."""
    gitlab_url: str = "https://gitlab.com"
    """The GitLab instance's URL; events naming a repository on another host are refused (403)."""

    gitea_webhook_secret: SecretStr | None = None
    """Verifies X-Gitea-Signature / X-Forgejo-Signature; unset refuses every Gitea delivery (503)."""
    gitea_webhook_secret_previous: SecretStr | None = None
    """The previous Gitea/Forgejo webhook secret, also accepted while a rotation is under way."""
    gitea_token: SecretStr | None = None
    """Gitea/Forgejo access token (write:repository, write:issue, read:user)."""
    gitea_url: str = ""
    """The Gitea/Forgejo instance's URL (https://gitea.example.org); unset refuses every Gitea event."""

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
    """An OpenAI-compatible chat model's base URL (up to /v1); empty means offline rules only."""
    model_name: str = ""
    """The chat model's name, as the endpoint knows it; shown beside its answers."""
    model_api_key: SecretStr | None = None
    """The chat model's API key (workers only); unset calls the endpoint without authentication."""
    model_timeout_seconds: float = 60.0
    """Time limit for one chat-model request; a timeout never blocks the note."""

    trigger_secret: SecretStr | None = Field(
        default=None,
        description="HMAC secret of POST /triggers/{job} (forge-side schedulers); unset refuses all.",
    )
    dispatch_interval_seconds: float = Field(
        default=60.0, gt=0, description="How often beat's dispatcher looks for due recurring jobs."
    )

    max_body_bytes: int = 25 * 1024 * 1024
    """Largest webhook body accepted; larger ones are answered 413."""
    delivery_ttl_seconds: int = 7 * 24 * 3600
    """How long a delivery id is remembered, so a redelivery is dropped."""
    lock_timeout_seconds: int = 600
    """Expiry of the per-repository lock; task time limits derive from it, so keep it well above 60."""
    push_attempts: int = 3
    """How often a job re-reads the remote and plans again when the learner pushed meanwhile."""
    git_timeout_seconds: int = 120
    """Time limit for one git command (clone, fetch, push)."""
    http_timeout_seconds: float = 15.0
    """Time limit for one forge API request."""
    rag_allowed_hosts: str = Field(
        default="",
        description="Hosts rag.chat/rag.embedding may name (comma-separated); empty: public https.",
    )
    rag_timeout_seconds: float = Field(
        default=60.0, gt=0, description="Time limit for one request to a learner's RAG endpoint."
    )
    rag_postgres_dsn: SecretStr | None = Field(
        default=None,
        description="PostgreSQL (pgvector) DSN shared by RAG workers on many machines; empty: local files.",
    )
    log_level: str = "INFO"
    """Level of the JSON logs: DEBUG, INFO, WARNING or ERROR."""

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
