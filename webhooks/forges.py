"""Which forges the intake serves, built from settings in one place.

Every forge is always routed: a forge whose secret is not configured answers
every delivery with a refusal (fail closed) instead of a 404, so an operator
sees at once that the hook reaches the bot but the secret is missing.
"""

from __future__ import annotations

from forge_adapters.gitea.webhook import gitea_webhooks
from forge_adapters.github.webhook import github_webhooks
from forge_adapters.gitlab.webhook import gitlab_webhooks
from forge_adapters.intake import WebhookSpec
from gitlearnos.settings import Settings


def webhook_specs(settings: Settings) -> list[WebhookSpec]:
    secret = settings.secret_value
    return [
        github_webhooks(secret(settings.github_webhook_secret)),
        gitlab_webhooks(secret(settings.gitlab_webhook_secret), secret(settings.gitlab_signing_token)),
        gitea_webhooks(secret(settings.gitea_webhook_secret)),
    ]
