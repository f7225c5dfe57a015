"""Which forges the intake serves, built from settings in one place.

Every forge is always routed: a forge whose secret is not configured answers
every delivery with a refusal (fail closed) instead of a 404, so an operator
sees at once that the hook reaches the bot but the secret is missing. Each
forge also accepts a ``*_WEBHOOK_SECRET_PREVIOUS`` while a secret is rotated, and refuses a
repository on any host but the configured one (:mod:`webhooks.served_hosts`).
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import SecretStr

from forge_adapters.gitea.verify import gitea_webhooks
from forge_adapters.github.verify import github_webhooks
from forge_adapters.gitlab.verify import gitlab_webhooks
from forge_adapters.intake import WebhookSpec, during_rotation
from runtime.settings import Settings
from webhooks.served_hosts import served_only


def webhook_specs(settings: Settings) -> list[WebhookSpec]:
    secret = settings.secret_value

    def previous(value: SecretStr | None, build: Callable[[str], WebhookSpec]) -> WebhookSpec | None:
        return build(secret(value)) if secret(value) else None

    def gitlab(token: str) -> WebhookSpec:
        return gitlab_webhooks(token, secret(settings.gitlab_signing_token))

    def github(webhook_secret: str) -> WebhookSpec:  # the App id: its own posts are dropped
        return github_webhooks(webhook_secret, settings.github_app_id)

    specs = [
        during_rotation(
            github(secret(settings.github_webhook_secret)),
            previous(settings.github_webhook_secret_previous, github),
        ),
        during_rotation(
            gitlab(secret(settings.gitlab_webhook_secret)),
            previous(settings.gitlab_webhook_secret_previous, gitlab),
        ),
        during_rotation(
            gitea_webhooks(secret(settings.gitea_webhook_secret)),
            previous(settings.gitea_webhook_secret_previous, gitea_webhooks),
        ),
    ]
    # Only repositories on the configured forge hosts: a token is never minted for any other.
    return [served_only(spec, settings) for spec in specs]
