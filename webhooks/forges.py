"""Which forges the intake serves, built from settings in one place."""

from __future__ import annotations

from forge_adapters.github.webhook import github_webhooks
from forge_adapters.intake import WebhookSpec
from gitlearnos.settings import Settings


def webhook_specs(settings: Settings) -> list[WebhookSpec]:
    return [
        github_webhooks(settings.secret_value(settings.github_webhook_secret)),
    ]
