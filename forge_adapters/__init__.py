"""Forge adapters: the only code that knows how GitHub, GitLab or Gitea spell things.

Each forge has a pure translation part (signature checks, payload →
:class:`bot.intake.events.InboundEvent`) and a thin call part (API calls through the
forge's client). Nothing forge-specific leaks past this package.
"""
