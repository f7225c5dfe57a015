"""``gitlearnos doctor``: check a deployment from its settings before the first note is lost.

Every misconfiguration the bot cannot see from its own side — a wrong or missing secret, a token
without scopes, a public repository, a webhook missing, aimed elsewhere or deaf to an event, no beat, a
Redis that forgets — otherwise shows up only as silence. The doctor reads the settings, asks Redis and
each configured forge, and prints one row per check with the fix for each failing one.

The package root imports nothing: ``gitlearnos.cli`` registers the command on every start, and the
worker must choose its metrics storage before anything loads ``prometheus_client`` (a doctor import
chain once loaded it first and ``gitlearnos worker --metrics-port`` failed). The checks are in
:mod:`.run`.
"""
