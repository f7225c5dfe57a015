"""The rows for each configured forge: webhook secret, token scopes, the bot's identity, and for every
registered repository (``workers.repo_registry``: each repository an event was processed for) whether
it is private and whether its webhook is there, points at this service and hears the events the bot uses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import redis

from bot.intake.events import Forge, RepoRef
from forge_adapters.base import ForgeError
from gitlearnos.doctor.gitea_probe import GiteaProbe
from gitlearnos.doctor.github_probe import GitHubProbe
from gitlearnos.doctor.gitlab_probe import GitLabProbe
from gitlearnos.doctor.probes import ForgeProbe, HookView
from gitlearnos.doctor.rows import Row, failed, passed
from runtime.settings import Settings
from workers.repo_registry import RegisteredRepo, registered_repos
from workers.runtime import ForgeClients

PROBES: dict[Forge, Callable[[Settings], ForgeProbe]] = {
    Forge.GITHUB: GitHubProbe,
    Forge.GITLAB: GitLabProbe,
    Forge.GITEA: GiteaProbe,
}
WAITING = "; identity and repository checks wait for a working token"
ENV = {Forge.GITHUB: "GITHUB", Forge.GITLAB: "GITLAB", Forge.GITEA: "GITEA"}


def configured_forges(settings: Settings, registered: Sequence[RegisteredRepo]) -> list[Forge]:
    """Forges with a token, a secret or a served repository: each is expected to work end to end."""
    s = settings
    named = {
        Forge.GITHUB: bool(s.github_token or s.github_app_id or s.github_webhook_secret),
        Forge.GITLAB: bool(s.gitlab_token or s.gitlab_webhook_secret or s.gitlab_signing_token),
        Forge.GITEA: bool(s.gitea_token or s.gitea_url or s.gitea_webhook_secret),
    }
    served = {entry.repo.forge for entry in registered}
    return [forge for forge in PROBES if named[forge] or forge in served]


def forge_rows(settings: Settings, client: redis.Redis | None) -> list[Row]:
    registered = registered_repos(client) if client is not None else []
    forges = configured_forges(settings, registered)
    if not forges:
        fix = "set the token and webhook secret of the forge the learners use (GITLEARNOS_GITHUB_TOKEN, ...)"
        return [failed("forges", "no forge configured: no token, secret or served repository", fix)]
    rows: list[Row] = []
    for forge in forges:
        repos = [entry for entry in registered if entry.repo.forge is forge]
        rows += _one_forge(settings, forge, repos)
    return rows


def secret_row(settings: Settings, forge: Forge) -> Row:
    name = f"{forge.value} secret"
    secrets = {
        Forge.GITHUB: (settings.github_webhook_secret,),
        Forge.GITLAB: (settings.gitlab_webhook_secret, settings.gitlab_signing_token),
        Forge.GITEA: (settings.gitea_webhook_secret,),
    }[forge]
    if any(settings.secret_value(secret) for secret in secrets):
        return passed(name, "webhook secret set")
    env = f"GITLEARNOS_{ENV[forge]}_WEBHOOK_SECRET"
    return failed(name, f"{env} is not set: every delivery is refused", f"set {env} to the webhook's secret")


def _one_forge(settings: Settings, forge: Forge, registered: Sequence[RegisteredRepo]) -> list[Row]:
    """Secret, token, identity, then each registered repository; a failing token stops the walk."""
    rows = [secret_row(settings, forge)]
    if forge is Forge.GITHUB and settings.github_app_id:
        fix = (
            "check the App's permissions (issues, contents, pull requests: write) and webhook in its settings"
        )
        return [
            *rows,
            failed("github token", "GitHub App deployments are not checked by the doctor yet", fix),
        ]
    env_token = f"GITLEARNOS_{ENV[forge]}_TOKEN"
    # The checks after the token's run on it: with a broken token they would only repeat its failure.
    try:
        probe = PROBES[forge](settings)
        scopes = probe.scopes([entry.repo for entry in registered])
    except ForgeError as error:
        fix = f"set {env_token} to a valid token of the bot's account (and the forge's URL setting)"
        return [*rows, failed(f"{forge.value} token", f"{error}{WAITING}", fix)]
    if scopes.missing:
        fix = f"give the token {', '.join(scopes.missing)} (or create one with them and set {env_token})"
        return [*rows, failed(f"{forge.value} token", scopes.detail + WAITING, fix)]
    rows.append(passed(f"{forge.value} token", scopes.detail))
    try:
        me = probe.identity()
    except ForgeError as error:
        return [*rows, failed(f"{forge.value} identity", str(error), f"check {env_token}")]
    rows.append(_identity_row(settings, forge, me.login))
    clients = ForgeClients(settings)
    for entry in registered:
        rows += _repository_rows(settings, probe, clients, entry)
    return rows


def _identity_row(settings: Settings, forge: Forge, login: str) -> Row:
    name = f"{forge.value} identity"
    if login.lower() in settings.bot_logins:
        return passed(name, f"acts as {login}, listed in GITLEARNOS_BOT_LOGIN")
    listed = settings.bot_login or "(unset)"
    fix = f"add {login} to GITLEARNOS_BOT_LOGIN (comma-separated, one login per forge)"
    return failed(name, f"acts as {login}, but GITLEARNOS_BOT_LOGIN is {listed}: its own replies loop", fix)


def _repository_rows(
    settings: Settings, probe: ForgeProbe, clients: ForgeClients, entry: RegisteredRepo
) -> list[Row]:
    repo = entry.repo
    prefix = f"{repo.forge.value} {repo.full_name}"
    try:
        info = clients.for_event(entry.as_event("gitlearnos-doctor")).repository_info(repo)
        hooks = probe.hooks(repo)
    except ForgeError as error:
        return [failed(f"{prefix} reachable", str(error), "give the bot's account access to the repository")]
    if info.private:
        private = passed(f"{prefix} private", "private")
    else:
        fix = "make the repository private (the bot refuses to write learning state into a public one)"
        private = failed(f"{prefix} private", "public: anyone can read the learner's notes", fix)
    return [private, webhook_row(settings, probe, repo, hooks)]


def webhook_row(settings: Settings, probe: ForgeProbe, repo: RepoRef, hooks: Sequence[HookView]) -> Row:
    name = f"{repo.forge.value} {repo.full_name} webhook"
    needed = ", ".join(probe.needed_events)
    public = settings.public_url.rstrip("/")
    expected = f"{public}/webhooks/{repo.forge.value}" if public else ""
    add = f"add a JSON webhook to {expected or '<GITLEARNOS_PUBLIC_URL>/webhooks/' + repo.forge.value}"
    add += f" with the secret and the events {needed}"
    if not hooks:
        return failed(name, "no webhook: nothing reaches the bot", add)
    ours = [hook for hook in hooks if not expected or hook.url.rstrip("/") == expected]
    if not ours:
        elsewhere = ", ".join(sorted({hook.url for hook in hooks}))
        return failed(name, f"points at {elsewhere}, not {expected}", f"set the webhook's URL to {expected}")
    hook = ours[0]
    missing = [event for event in probe.needed_events if event not in hook.events]
    if missing:
        fix = f"tick {', '.join(missing)} in the webhook's events"
        return failed(name, f"{hook.url} misses events: {', '.join(missing)}", fix)
    if not hook.active:
        return failed(name, f"{hook.url} is inactive", "activate the webhook")
    if hook.last_problem:
        env = f"GITLEARNOS_{ENV[repo.forge]}_WEBHOOK_SECRET"
        fix = (
            f"set the webhook's secret to the value of {env}, then redeliver"
            if hook.secret_refused
            else f"make {hook.url} reach this service, configured for this forge, then redeliver"
        )
        return failed(name, f"{hook.url}: {hook.last_problem}", fix)
    if hook.has_secret is False:
        return failed(name, f"{hook.url} has no secret", "set the webhook's secret to the configured one")
    where = hook.url if expected else f"{hook.url} (not compared: GITLEARNOS_PUBLIC_URL unset)"
    return passed(name, f"{where}, events {needed}")
